// Events said in the page's language: each event's key and values (the game's phrase book,
// docs/web.md "Events in the page's language") filled into the page's template for that key.
// A key the page does not know is said by the server's English sentence, seats named.
import PHRASES from "./phrases.json" with { type: "json" };
import { moveLabel, settings, withNames } from "./i18n.js";
import { choiceTitle } from "./names.js";
import { combinationWords } from "./piquet.js";

const RANKS_RU = { deuce: "двойка", three: "тройка", four: "четвёрка", five: "пятёрка",
  six: "шестёрка", seven: "семёрка", eight: "восьмёрка", nine: "девятка", ten: "десятка",
  jack: "валет", queen: "дама", king: "король", ace: "туз", joker: "джокер",
  deuces: "двойки", threes: "тройки", fours: "четвёрки", fives: "пятёрки", sixes: "шестёрки",
  sevens: "семёрки", eights: "восьмёрки", nines: "девятки", tens: "десятки", jacks: "валеты",
  queens: "дамы", kings: "короли", aces: "тузы", jokers: "джокеры" };

// Hands as players say them in Russian; the English words of cardtable.poker.hands.words.
const HANDS_RU = [
  [/^royal flush/, "роял-флеш"],
  [/^straight flush, (\w+) high/, "стрит-флеш до: $1"],
  [/^five of a kind, (\w+)/, "покер: $1"],
  [/^four of a kind, (\w+)/, "каре: $1"],
  [/^full house, (\w+) over (\w+)/, "фулл-хаус: $1 и $2"],
  [/^double-ace flush, /, "флеш с двумя тузами: "],
  [/^flush, (\w+) high/, "флеш, старшая: $1"],
  [/^straight, (\w+) high/, "стрит до: $1"],
  [/^three of a kind, (\w+)/, "тройка: $1"],
  [/^two pair, (\w+) and (\w+)/, "две пары: $1 и $2"],
  [/^four flush, (\w+) high/, "четыре до флеша, старшая: $1"],
  [/^pair of (\w+)/, "пара: $1"],
  [/^(\w+) high/, "старшая карта: $1"],
  [/^blaze/, "блейз"],
  [/ low\b/g, " в младшую"],
  [/\bno low\b/g, "младшей нет"],
  [/ and /g, " и "],
  [/ as /g, " за "],
];

const TERMS_RU = {
  // preferans: how a deal ended, the misdeals, the columns of the sheet
  played: "сыграна", claimed: "по заявке", "no play": "без игры",
  "void: the cards are dealt again": "недействительна: карты сдаются заново",
  "claimed the rest": "остальные взятки по заявке",
  "a card was exposed in the deal": "при сдаче открыта карта",
  "a hand has the wrong number of cards": "у игрока не то число карт",
  "the cards were dealt out of turn": "сдача не в свою очередь",
  mountain: "гора", pool: "пуля", whists: "висты",
  // piquet: the categories, what a count is for, the bonuses, the answers
  point: "карты", sequence: "терцы и кварты", sets: "четырнадцать и три",
  "the lead": "за ход", "the trick": "за взятку", "the last trick": "за последнюю взятку",
  "the lesa": "за большинство взяток (леса)", "the capot": "за капот",
  "the open capot": "за объявленный капот", "carte blanche": "за карт бланш",
  "carte rouge": "за карт руж", repique: "репик", pique: "пик",
  good: "годятся", "not good": "не годятся", equal: "равны",
  // poker: sides and pots
  high: "старшая", low: "младшая", both: "обе", "main pot": "основной банк",
};
const COUNT_FOR_RU = { point: "за карты", sequence: "за терцы и кварты",
  sets: "за четырнадцать и три" };
// What made a talon good for the dealer of four (rule 47), as the reason names it.
const TALON_RU = { ace: "туз", marriage: "марьяж", two_aces: "два туза" };

// Words of the sentences made of parts in Russian: the pulka reasons, bets and sheet lines of
// older records (said whole: no "why", keys "bet", "sheet").
const WORDS_RU = [
  [/^folds$/, "пас"], [/^checks$/, "чек"], [/^calls (\d+) all-in$/, "уравнивает $1, ва-банк"],
  [/^calls (\d+)$/, "уравнивает $1"], [/^bets (\d+)$/, "ставит $1"],
  [/^raises to (\d+)$/, "повышает до $1"], [/^goes all-in for (\d+)$/, "ва-банк: $1"],
  [/^does not straddle$/, "без стрэддла"], [/^straddles (\d+) blind$/, "стрэддл втёмную: $1"],
  [/^freezes the raising at (\d+)$/, "закрывает повышения на $1"],
  [/\bside pot (\d+)/g, "дополнительный банк $1"],
  [/\bgentleman's whist\b/g, "джентльменский вист"], [/\bhalf-whist\b/g, "полвиста"],
  [/\bpreliminary\b/g, "предварительные"], [/\ball-pass\b/g, "распасы"],
  [/\bconsolation\b/g, "консоляция"], [/\bmisère\b/g, "мизер"], [/\bwhist\b/g, "вист"],
  [/\bfewest tricks\b/g, "меньше всех взяток"], [/\btricks shared\b/g, "взяток на двоих"],
  [/\btricks\b/g, "взят."], [/\btook\b/g, "взято"], [/\bchecked\b/g, "проверка"],
  [/\bboth passed\b/g, "оба паса"], [/\bdown (\d+)/g, "без $1"], [/(\d+) down\b/g, "без $1"],
  [/\bshort\b/g, "недобор"], [/\brobber\b/g, "разбойник"], [/(\d|\b)NT\b/g, "$1БК"],
  [/\bthe declarer's missing tricks\b/g, "недобранных взяток играющего"],
  [/\bafter the declarer's renonce\b/g, "после ренонса играющего"], [/\brule\b/g, "правило"],
  [/\bof\b/g, "из"],
  // the piquet sheet
  [/^the totals: /, "итого: "], [/ to /g, " : "],
  [/ writes (\d+)/g, " пишет $1"], [/^korolik (\d+): /, "королик $1: "],
  [/^a clean sheet: /, "чистая партия: "], [/\(doubled\)/g, "(вдвойне)"], [/^refet at (\d+): a zero is written$/, "рефет при $1: пишется ноль"],
  [/^the partie: (.+) wins (\d+)$/, "партия: $1 выигрывает $2"],
  [/^(.+) reaches (\d+) and leaves$/, "$1 набирает $2 и выходит"],
  [/^(.+) is last and pays both$/, "$1: меньше всех очков, платит обоим"],
];

// The lines of the piquet view's sheet (cardtable.piquet.phrases.VIEW_SHEET): each line read
// back into its key and values by the key's English template, then said by the page's own.
const VIEW_SHEET = Object.entries(PHRASES.en.piquet.sheetView).map(([key, template]) => [key,
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{(\w+)\}/g, "(?<$1>.+?)")}$`)]);
// A column of figures with none written yet.
const NO_FIGURES = { en: "none", ru: "нет" };

function russianWords(text) {
  return WORDS_RU.reduce((said, [pattern, words]) => said.replace(pattern, words), text);
}

function russianHand(text) {
  const said = HANDS_RU.reduce((hand, [pattern, words]) => hand.replace(pattern, words), text);
  return said.replace(/\b[a-z]+\b/g, (word) => RANKS_RU[word] ?? word);
}

/** A poker hand as players say it, in the page's language. */
export function handWords(text) {
  return settings.lang === "ru" ? russianHand(moveLabel(text)) : moveLabel(text);
}

/**
 * A line of the piquet view's sheet in the page's language, each player by name: by its key and
 * values. A line of no key the page knows is shown as the server wrote it.
 */
export function sheetLine(line, nameOf) {
  const named = withNames(line, nameOf);
  for (const [key, pattern] of VIEW_SHEET) {
    const found = pattern.exec(named);
    if (found === null) continue;
    return PHRASES[settings.lang].piquet.sheetView[key].replace(/\{(\w+)\}/g, (_, name) =>
      (found.groups[name] === "none" ? NO_FIGURES[settings.lang] : found.groups[name]));
  }
  return named;
}

/** One value in the page's language: by what it is (a hand, a combination, a move, a word). */
function valueWords(game, name, value, nameOf) {
  const text = String(value);
  if (settings.lang !== "ru") {
    if (["counts", "sides", "line", "names"].includes(name)) return withNames(text, nameOf);
    return name === "hand" || ["call", "bid", "contract", "card"].includes(name) ? moveLabel(text) : text;
  }
  if (name === "hand") return russianHand(moveLabel(text));
  if (name === "variant") return choiceTitle(text);
  if (name === "combination" || name === "called") return combinationWords(text);
  if (name === "why" && game === "piquet") return COUNT_FOR_RU[text] ?? TERMS_RU[text] ?? text;
  if (["call", "bid", "contract", "card"].includes(name)) return moveLabel(text);
  if (TERMS_RU[text]) return TERMS_RU[text];
  if (["counts", "line", "names", "sides"].includes(name)) {
    return russianWords(withNames(text, nameOf)).replace(/\b(high|low|both)\b/g, (side) => TERMS_RU[side]);
  }
  return russianWords(text);
}

/**
 * Why a figure is written on the pulka, from the reason's key (the value ``why``) and its values;
 * an older record's reason, without a key, word by word.
 */
function reasonWords(values, nameOf) {
  const template = PHRASES[settings.lang]?.preferans?.reasons?.[values.why];
  if (template === undefined) return valueWords("preferans", "reason", values.reason, nameOf);
  return template.replace(/\{(\w+)\}/g, (_, name) => {
    const value = values[name];
    if (value === undefined) return "";
    if (name === "contract") return moveLabel(String(value));
    return settings.lang === "ru" && name === "talon" ? TALON_RU[value] ?? String(value) : String(value);
  });
}

/**
 * The event's sentence in the page's language, each seat by its name. Without a template for
 * its key (an older server's event, a key this page does not know): the English text, seats named.
 */
export function eventSentence(game, event, nameOf) {
  const template = event.key ? PHRASES[settings.lang]?.[game]?.[event.key] : undefined;
  if (template === undefined) return withNames(event.text, nameOf);
  return template.replace(/\{(@?)(\w+)\}/g, (_, seat, name) => {
    const value = event.values?.[name];
    if (value === undefined) return "";
    if (game === "preferans" && name === "reason") return reasonWords(event.values, nameOf);
    return seat ? nameOf(Number(value)) : valueWords(game, name, value, nameOf);
  });
}
