// Piquet as its players know it: the declarations as the exchange of phrases of the seed's
// rules 20–23 («пять карт» — «годятся», «равны», «покажите»), each answered by a button that
// says the phrase and sends the server's move; the running counts of the deal and the partie;
// the korolik sheet as the server draws it (GET /api/tables/{id}/sheet.svg). The phrases are
// the server's moves and event sentences put in players' words; the page holds no rule.
import { cardElement } from "./cards.js";
import { el } from "./dom.js";
import { moveLabel, settings } from "./i18n.js";
import { eventSentence, sheetLine } from "./phrases.js";
import { pictureNode } from "./sheets.js";

const SAID = new Set(["call", "sink", "answer", "trust", "show", "capot", "carte blanche",
  "carte rouge", "refuse"]);
const TOLD = new Set(["good", "equal"]);
const WORD_MOVES = /^(declare .+|sink|good|not good|equal|demand|trust|capot|look|no look|refuse talon)$/;

const RANKS = {
  en: { A: ["ace", "aces"], K: ["king", "kings"], Q: ["queen", "queens"], J: ["jack", "jacks"],
    10: ["ten", "tens"] },
  ru: { A: ["туза", "тузов"], K: ["короля", "королей"], Q: ["дамы", "дам"],
    J: ["валета", "валетов"], 10: ["десятки", "десяток"] },
};
const PLURAL_EN = { aces: "A", kings: "K", queens: "Q", jacks: "J", tens: "10", nines: "9",
  eights: "8", sevens: "7" };
const SEQUENCES = {
  en: { 3: "a tierce", 4: "a quart", 5: "a quint", 6: "a sixième", 7: "a septième", 8: "a huitième" },
  ru: { 3: "терц", 4: "кварта", 5: "квинта", 6: "шесть подряд", 7: "семь подряд", 8: "восемь подряд" },
};
const SEQUENCE_WORDS = { tierce: 3, quart: 4, quint: 5, "sixième": 6, "septième": 7, "huitième": 8 };
const RU_COUNTS = ["", "одна карта", "две карты", "три карты", "четыре карты", "пять карт",
  "шесть карт", "семь карт", "восемь карт", "девять карт", "десять карт", "одиннадцать карт",
  "двенадцать карт"];
const PHRASES = {
  en: { good: "Good.", "not good": "Not good.", equal: "Equal.", demand: "Show me.",
    trust: "I trust you.", sink: "Nothing.", capot: "Capot!", look: "I look at the talon.",
    "no look": "I do not look.", "refuse talon": "I refuse the talon.",
    "carte blanche": "Carte blanche!", "carte rouge": "Carte rouge!", cannot: "(cannot show it)",
    shows: "Here:" },
  ru: { good: "Годятся.", "not good": "Не годятся.", equal: "Равны.", demand: "Покажите.",
    trust: "Верю.", sink: "Ничего.", capot: "Капот!", look: "Смотрю прикуп.",
    "no look": "Не смотрю.", "refuse talon": "Отказываюсь от прикупа.",
    "carte blanche": "Карт бланш!", "carte rouge": "Карт руж!", cannot: "(показать нечего)",
    shows: "Вот:" },
};
const CATEGORIES = {
  en: { point: "the point", sequence: "the sequence", sets: "the sets" },
  ru: { point: "карты", sequence: "терцы и кварты", sets: "четырнадцать и три" },
};

const LABELS = {
  en: { declarations: "Declarations", counts: "The count", yourWord: "Your word",
    korolikSheet: "The korolik sheet", scoreSheet: "Score sheet",
    sheetBefore: "The sheet before this deal", sheetWritten: "Written after this deal",
    declaringNow: "Declaring {0}: {1}", nothingCalled: "nothing called yet",
    mayDemand: "{0} counted {1}: ask to see it, or trust it" },
  ru: { declarations: "Объявления", counts: "Счёт", yourWord: "Ваше слово",
    korolikSheet: "Запись партии (королики)", scoreSheet: "Запись партии",
    sheetBefore: "Запись до этой сдачи", sheetWritten: "Записано после сдачи",
    declaringNow: "Объявляют {0}: {1}", nothingCalled: "пока ничего",
    mayDemand: "{0} считает {1}: потребовать показать или поверить" },
};

function words() {
  return settings.lang === "ru" ? "ru" : "en";
}

function t(key, ...args) {
  return LABELS[words()][key].replace(/\{(\d)\}/g, (_, n) => String(args[Number(n)]));
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A call in players' words: "five cards", "a quart", "fourteen aces", «три короля». */
function callWords(kind, count, rank) {
  const lang = words();
  if (kind === "point") return lang === "ru" ? RU_COUNTS[count] ?? `${count} карт` : `${count} cards`;
  if (kind === "sequence") return SEQUENCES[lang][count] ?? String(count);
  const names = RANKS[lang][rank] ?? [rank, rank];
  if (lang === "ru") return kind === "fourteen" ? `четырнадцать ${names[1]}` : `три ${names[0]}`;
  return kind === "fourteen" ? `fourteen ${names[1]}` : `three ${names[1]}`;
}

/** The server's name of a combination ("a point of 5", "a quart", "trio of kings") in words. */
export function combinationWords(name) {
  let found = /^a point of (\d+)/.exec(name);
  if (found) return callWords("point", Number(found[1]));
  found = /^a (\S+)/.exec(name);
  if (found && SEQUENCE_WORDS[found[1]]) return callWords("sequence", SEQUENCE_WORDS[found[1]]);
  found = /^(fourteen|trio of) (\S+)/.exec(name);
  if (found) return callWords(found[1] === "fourteen" ? "fourteen" : "trio", 0, PLURAL_EN[found[2]]);
  return name;
}

/** What a move says aloud: the phrase of its button. */
export function movePhrase(move) {
  const lang = words();
  const found = /^declare (point|sequence|fourteen|trio) (\S+)$/.exec(move);
  if (found) {
    const [, kind, value] = found;
    return `${capital(callWords(kind, Number(value), value))}.`;
  }
  return PHRASES[lang][move] ?? moveLabel(move);
}

/** One event of the declarations as a line of the exchange: who speaks and what he says. */
function spoken(event) {
  const phrases = PHRASES[words()];
  const text = event.text;
  if (event.kind === "call") return capital(combinationWords(text.replace(/^seat \d+ calls /, ""))) + ".";
  if (event.kind === "sink") return phrases.sink;
  if (event.kind === "answer") {
    const found = /^seat \d+: (not good|good|equal)(?:[,:] (.*?))?(?: against .*)?$/.exec(text);
    if (!found) return text;
    const [, word, held] = found;
    return held ? `${phrases[word]} ${capital(combinationWords(held))}.` : phrases[word];
  }
  if (event.kind === "trust") return phrases.trust;
  if (event.kind === "capot") return phrases.capot;
  if (event.kind === "refuse") return phrases["refuse talon"];
  return phrases[event.kind] ?? text;
}

function speakerOf(event) {
  const found = /^seat (\d+)/.exec(event.text);
  return found ? Number(found[1]) : event.seat;
}

export class PiquetTable {
  constructor(page) {
    this.page = page;
  }

  get view() {
    return this.page.state.view || {};
  }

  /** Each line of the exchange: the seat's phrase, its cards when shown; the count told. */
  lines() {
    const { page } = this;
    const nameOf = (seat) => page.seatName(seat);
    const items = [];
    for (const event of page.state.events) {
      if (event.kind === "show") {
        // "seat 1 demands the point: seat 0 shows": the demand, then the cards laid down.
        const asker = speakerOf(event);
        items.push(this.said(asker, PHRASES[words()].demand, []));
        const shown = event.cards.length ? PHRASES[words()].shows : PHRASES[words()].cannot;
        items.push(this.said(event.seat, shown, event.cards));
      } else if (SAID.has(event.kind)) {
        items.push(this.said(speakerOf(event), spoken(event), event.cards));
      } else if (TOLD.has(event.kind)) {
        items.push(el("li", { class: "told", text: eventSentence("piquet", event, nameOf) }));
      }
    }
    return items;
  }

  said(seat, phrase, cards) {
    const mine = seat === this.page.state.seat;
    const item = el("li", { class: `said${mine ? " mine" : ""}`, "data-seat": String(seat) },
      el("strong", { text: `${this.page.seatName(seat)}: ` }), el("q", { text: phrase }));
    if (cards.length) {
      item.append(el("span", { class: "cards shown-cards" }, ...cards.map((card) => cardElement(card))));
    }
    return item;
  }

  dialogue(extra = "") {
    const lines = this.lines();
    if (!lines.length) return null;
    return el("ol", { class: `dialogue declarations-said ${extra}`.trim(),
      "aria-label": t("declarations") }, ...lines);
  }

  /** What is being declared now: the category and the call standing, or the showing asked. */
  prompt() {
    const view = this.view;
    if (view.phase !== "declare") return null;
    const lang = words();
    if (view.offer) {
      const found = /^seat (\d+)'s (.*)$/.exec(view.offer);
      const whose = found ? this.page.seatName(Number(found[1])) : view.offer;
      const what = found ? CATEGORIES[lang][found[2]] ?? found[2] : "";
      return el("p", { class: "declaring", text: t("mayDemand", whose, what) });
    }
    const category = CATEGORIES[lang][view.category] ?? view.category;
    const standing = view.standing ? capital(combinationWords(view.standing)) : t("nothingCalled");
    return el("p", { class: "declaring", text: t("declaringNow", category, standing) });
  }

  /** The running counts of the deal, each player's, as the view states them. */
  counts() {
    const counts = this.view.counts || {};
    const seats = Object.keys(counts);
    if (!seats.length) return null;
    return el("p", { class: "running-counts", role: "status" }, `${t("counts")}: `,
      ...seats.flatMap((seat, n) => [n ? " · " : "", el("span", { "data-seat": seat,
        text: `${this.page.seatName(Number(seat))} ${counts[seat]}` })]));
  }

  talking() {
    return ["exchange", "look", "declare"].includes(this.view.phase);
  }

  /** The felt's middle: the counts, and while the hands are declared, the exchange. */
  centre(centre) {
    const talking = this.talking();
    centre.append(...[this.counts(), talking ? this.prompt() : null,
      talking ? this.dialogue("at-table") : null].filter(Boolean));
  }

  /** The words among the moves: calls and answers as buttons that say their phrase. */
  controls(box, sorted) {
    const spoken = sorted.plain.filter((move) => WORD_MOVES.test(move));
    if (!spoken.length) return;
    sorted.plain = sorted.plain.filter((move) => !WORD_MOVES.test(move));
    box.append(el("div", { class: "plain piquet-words", role: "group", "aria-label": t("yourWord") },
      ...spoken.map((move) => this.page.moveButton(move, movePhrase(move)))));
  }

  /** The side panel: the exchange as it was said, the sheet's lines and the korolik sheet. */
  side() {
    const { page } = this;
    const nameOf = (seat) => page.seatName(seat);
    const parts = [];
    const view = this.view;
    // While the hands are declared the exchange is on the felt; after, it stays here.
    const said = this.talking() ? null : this.dialogue();
    if (said) parts.push(el("h2", { text: t("declarations") }), said);
    // The view's sheet is the one the deal began with; the deal's "score" events are what the
    // players wrote on it after the deal.
    if (Array.isArray(view.sheet) && view.sheet.length) {
      parts.push(el("h2", { text: t("scoreSheet") }), el("h3", { text: t("sheetBefore") }),
        el("ul", { class: "score-sheet" }, ...view.sheet.map((line) => el("li", {
          text: sheetLine(line, nameOf) }))));
    }
    const written = page.state.events.filter((event) => event.kind === "score");
    if (written.length) {
      parts.push(el("h3", { text: t("sheetWritten") }), el("ul", { class: "score-sheet written" },
        ...written.map((event) => el("li", { text: eventSentence("piquet", event, nameOf) }))));
    }
    if (page.sheetSvg) {
      const details = el("details", { class: "korolik-sheet" },
        el("summary", { text: t("korolikSheet") }), pictureNode(page.sheetSvg, t("korolikSheet")));
      details.open = !this.sheetClosed;
      details.addEventListener("toggle", () => { this.sheetClosed = !details.open; });
      parts.push(details);
    }
    return parts;
  }
}
