// The names the page shows for the server's internal names: games, poker's variants and kinds of
// bot, in the page's language. The server's name stays what is sent; only what is read is translated.
import { settings } from "./i18n.js";

const GAMES = {
  en: { preferans: "Preferans", piquet: "Piquet", poker: "Poker" },
  ru: { preferans: "Преферанс", piquet: "Пикет", poker: "Покер" },
};

// Poker's variants in Russian: the seed's own names where it has the game (002_053e85955f9a4108.txt,
// each preset's ``source``: «гвоздь» is its stud, «забивная» its hole card, «Больше-меньше» its
// high-low), the names Russian players use for the games outside it (hold'em, Omaha, razz).
// An English page shows the server's name; a variant of the dealer's own, its name as typed.
const VARIANTS_RU = {
  "blind-opening": "Покер с досдачей, начало втёмную",
  cincinnati: "Цинциннати",
  crisscross: "Перекрестье",
  "crisscross-lines": "Перекрестье, линии из трёх карт",
  "deuce-to-seven-triple-draw": "Лоуболл 2–7, три обмена",
  "double-barrel-shotgun": "Дробовик с двойным барабаном",
  draw: "Покер с досдачей",
  "draw-high-low": "Покер с досдачей «Больше-меньше»",
  "five-card-stud": "Пятикарточный гвоздь",
  "five-card-stud-down-on-request": "Пятикарточный гвоздь, последняя карта втёмную по просьбе",
  "five-card-stud-last-down": "Пятикарточный гвоздь, последняя карта втёмную",
  holdem: "Техасский холдем",
  "jacks-or-better": "Валеты и выше",
  "jacks-or-bobtail": "Валет или бобтейл",
  "jacks-or-lowball": "Валеты и выше, лоуболл, если никто не открыл",
  "jacks-progressive": "Валеты и выше, прогрессивное открытие",
  "lame-brain-pete": "Пит-простак",
  lowball: "Лоуболл",
  "mexican-stud": "Мексиканский гвоздь",
  "mexican-stud-hole-wild": "Мексиканский гвоздь, козырь — «забивная» карта",
  "no-limit-holdem": "Техасский холдем без лимита",
  omaha: "Омаха",
  "omaha-hi-lo": "Омаха «Больше-меньше», младшая до восьмёрки",
  "pass-and-out": "Пас и аут",
  "pig-in-a-poke": "Свинья в мешке",
  "pot-limit-holdem": "Техасский холдем, лимит банка",
  "pot-limit-omaha": "Омаха, лимит банка",
  razz: "Разз",
  "seven-card-stud": "Семикарточный гвоздь",
  "seven-card-stud-chosen-hole-wild": "Семикарточный гвоздь, козырь — «забивная» карта на выбор",
  "seven-card-stud-high-low": "Семикарточный гвоздь «Больше-меньше»",
  "seven-card-stud-last-down": "Семикарточный гвоздь, последняя карта втёмную",
  "seven-card-stud-low-hole-wild": "Семикарточный гвоздь, козырь — младшая «забивная» карта",
  shotgun: "Дробовик",
  "six-card-stud": "Шестикарточный гвоздь",
  "spit-in-the-ocean": "Плюнь в океан",
  "stormy-weather": "Штормовая погода",
  "straight-poker": "Покер с прямым вскрытием",
  "stud-lowball": "Гвоздь-мизер",
  "three-card": "Трёхкарточный покер",
  "two-card": "Двухкарточный покер",
};

// The wild cards the dealer may name with a chosen game (``choose NAME wild WILD``).
const WILD_NAMES = {
  en: { jokers: "jokers", "deuce-of-spades": "the deuce of spades", deuces: "deuces",
    "deuces-treys": "deuces and treys", "red-tens": "red tens" },
  ru: { jokers: "джокеры", "deuce-of-spades": "пиковая двойка", deuces: "двойки",
    "deuces-treys": "двойки и тройки", "red-tens": "красные десятки" },
};

// The kinds of hand the rule options name (the bonus hands, the kitty's hand, the blaze's place)
// in Russian: the poker help's words (cardtable.poker.help.words.HANDS_RU; a test keeps them equal),
// by each name an option gives them, a name in underscores («two_pair») read with spaces.
const HANDS_RU = {
  "high card": "старшая карта",
  pair: "пара",
  "one pair": "пара",
  "four flush": "четыре до флеша",
  "two pairs": "две пары",
  "two pair": "две пары",
  "three of a kind": "тройка",
  straight: "стрит",
  flush: "флеш",
  "double-ace flush": "флеш с двумя тузами",
  "full house": "фулл-хаус",
  "four of a kind": "каре",
  "straight flush": "стрит-флеш",
  "royal flush": "роял-флеш",
  "five of a kind": "покер",
  blaze: "блейз",
};

const BOTS = {
  en: { default: "best", random: "random", rules: "by the book", sampling: "sampling",
    "check-down": "check and call", equity: "by the odds", strength: "by hand strength" },
  ru: { default: "лучший", random: "случайный", rules: "по правилам", sampling: "перебор раскладов",
    "check-down": "только чек и колл", equity: "по шансам", strength: "по силе руки" },
};

function named(table, name) {
  return (table[settings.lang] ?? table.en)[name] ?? table.en[name] ?? name;
}

/** The game's name as players say it in the page's language ("Преферанс", not "preferans"). */
export function gameTitle(game) {
  return named(GAMES, game);
}

/** A kind of bot as the page's reader says it ("лучший", not "default"). */
export function botKind(kind) {
  return named(BOTS, kind);
}

/** A poker variant by its server name, as the page's reader says it ("Омаха", not "omaha"). */
export function variantTitle(name) {
  return settings.lang === "ru" ? VARIANTS_RU[name] ?? name : name;
}

// The presets of preferans and piquet as Russian players call them: the conventions by their
// cities («сочинка»), the seed's own by its book (001_776ed664a35a376f.txt, the 1992 encyclopedia).
const PRESETS_RU = {
  preferans: { sochi: "Сочинка", leningrad: "Ленинградка", rostov: "Ростовка",
    "classic-1992": "Классика 1992 года" },
  piquet: { seed: "Энциклопедия 1992 года", cavendish: "Кавендиш" },
};

/** A table's preset as the page's reader says it: poker's are its variants, named. */
export function presetTitle(game, preset) {
  if (game === "poker") return variantTitle(preset);
  return settings.lang === "ru" ? PRESETS_RU[game]?.[preset] ?? preset : preset;
}

/** Wild cards the dealer may name, as the page's reader says them ("двойки", not "deuces"). */
export function wildTitle(wild) {
  return named(WILD_NAMES, wild);
}

/** The dealer's choice, ``NAME`` or ``NAME wild WILD``, as the page's reader says it. */
export function choiceTitle(choice) {
  const [variant, wild] = choice.split(" wild ");
  if (wild === undefined) return variantTitle(variant);
  return `${variantTitle(variant)}, ${settings.lang === "ru" ? "козыри" : "wild"}: ${wildTitle(wild)}`;
}

/** Whether an option's value is a kind of poker hand ("full house", "two_pair"). */
export function isHandKind(value) {
  return Object.hasOwn(HANDS_RU, String(value).replace(/_/g, " "));
}

/** A kind of poker hand an option names, as the page's reader says it ("каре", not "four of a kind"). */
export function handKindTitle(kind) {
  return settings.lang === "ru" ? HANDS_RU[String(kind).replace(/_/g, " ")] ?? kind : kind;
}
