// Labels of the page in English and Russian, and the spoken names of cards.
const LABELS = {
  en: {
    lobby: "Lobby", newTable: "New table", game: "Game", preset: "Preset",
    seats: "Seats", seat: "Seat", you: "you", bot: "bot", open: "open (a friend)", create: "Deal",
    name: "Your name", guest: "Guest", join: "Take a seat", watch: "Watch", noTables:
      "No tables are open. Make one below.", moreTables: "More tables", waiting: "waiting for players",
    playing: "playing", finished: "finished", invite: "Invite a friend with this link:",
    copy: "Copy", copied: "Copied", yourTurn: "Your move", turnOf: "To move: {0}",
    hand: "Your hand", talon: "Talon", trick: "Trick", lastTrick: "Last trick",
    showLast: "Show the last trick", hideLast: "Hide the last trick", log: "What happened",
    contract: "Contract", declarer: "declarer", dealer: "dealer", tricks: "tricks",
    score: "Score", refused: "Refused: {0}", connecting: "Connecting…", reconnecting:
      "Connection lost; reconnecting…", spectator: "You are watching.", fourColours:
      "Four-colour suits", indices: "Card indices", language: "Language", moves: "Moves",
    chosen: "Chosen: {0}", confirm: "{0} these cards", clear: "Clear", ended: "The table has finished.",
    record: "Download the record", faceDown: "a card face down",
    bids: "Bids", otherMoves: "Other moves", openHand: "Open cards of {0}", board: "Board",
    pot: "Pot {0}", stack: "stack {0}", bet: "bet {0}", botSeat: "bot {0}",
    seatTaken: "You play as {0}.",
    back: "Back to the lobby",
    deals: "Deals (empty: to the end of the match)",
    joker: "joker", jokerIndex: "JOKER", wildCard: "wild",
    table: "The table", folded: "folded", allIn: "all-in", shownBy: "Shown by {0}",
    cardsOf: "Cards of {0}", pots: "Pots", mainPot: "main pot {0}",
    sidePot: "side pot {0}: {1}", wildNow: "Wild: {0}", showdown: "Showdown",
    downCards: "Your down cards", upCards: "Your up cards", declareSide: "Declare",
    betAmount: "Amount", betAmounts: "Amounts", betOther: "Another amount", betOtherSend: "Bet it", kitty: "Kitty {0}", house: "House {0}",
    kittyAccount: "the kitty", houseAccount: "the house", potAccount: "the pot carried over",
    pulka: "The pulka", stake: "A whist is worth", settlement: "Settlement",
    settlementNow: "Settlement if the pulka ended now", player: "Player", whists: "Whists",
    money: "Money",
    pulkaFull: "The pulka full size",
  },
  ru: {
    lobby: "Столы", newTable: "Новый стол", game: "Игра", preset: "Правила",
    seats: "Места", seat: "Место", you: "я", bot: "бот", open: "свободно (для друга)",
    create: "Сдать", name: "Ваше имя", guest: "Гость", join: "Сесть за стол", watch: "Смотреть",
    noTables: "Открытых столов нет. Создайте новый ниже.", moreTables: "Ещё столы",
    waiting: "ждёт игроков", playing: "идёт игра", finished: "закончен",
    invite: "Пригласите друга по этой ссылке:", copy: "Копировать", copied: "Скопировано",
    yourTurn: "Ваш ход", turnOf: "Ходит: {0}", hand: "Ваши карты", talon: "Прикуп",
    trick: "Взятка", lastTrick: "Последняя взятка", showLast: "Показать последнюю взятку",
    hideLast: "Скрыть последнюю взятку", log: "Ход игры", contract: "Игра",
    declarer: "играющий", dealer: "сдающий", tricks: "взяток", score: "Счёт",
    refused: "Отказано: {0}", connecting: "Соединение…",
    reconnecting: "Связь потеряна; восстанавливаю…", spectator: "Вы зритель.",
    fourColours: "Четыре цвета мастей", indices: "Обозначения карт", language: "Язык",
    moves: "Ходы", chosen: "Выбрано: {0}", confirm: "{0}: эти карты", clear: "Сбросить выбор",
    ended: "Игра за столом окончена.", record: "Скачать запись", faceDown: "карта рубашкой вверх",
    bids: "Заявки", otherMoves: "Другие ходы", openHand: "Открытые карты: {0}",
    board: "Общие карты", pot: "Банк {0}", stack: "фишек {0}", bet: "ставка {0}",
    botSeat: "бот {0}", seatTaken: "Вы играете: {0}.",
    back: "К списку столов", deals: "Сдач (пусто: до конца партии)",
    joker: "джокер", jokerIndex: "ДЖОКЕР", wildCard: "козырь",
    table: "Стол", folded: "пас", allIn: "ва-банк", shownBy: "Открыто: {0}",
    cardsOf: "Карты: {0}", pots: "Банки", mainPot: "основной банк {0}",
    sidePot: "дополнительный банк {0}: {1}", wildNow: "Козыри: {0}", showdown: "Вскрытие",
    downCards: "Ваши закрытые карты", upCards: "Ваши открытые карты", declareSide: "Объявить",
    betAmount: "Сумма", betAmounts: "Суммы", betOther: "Другая сумма", betOtherSend: "Поставить", kitty: "Фонд «банк» {0}", house: "Сбор клуба {0}",
    kittyAccount: "фонд «банк»", houseAccount: "сбор клуба", potAccount: "банк на следующую сдачу",
    pulka: "Пулька", stake: "Цена виста", settlement: "Расчёт",
    settlementNow: "Расчёт, если закончить сейчас", player: "Игрок", whists: "Висты",
    money: "Деньги",
    pulkaFull: "Пулька во весь размер",
  },
};

// Move words of the server's canonical texts, shown in Russian; the text sent stays the server's.
const MOVE_WORDS_RU = {
  pass: "пас", mine: "мои", whist: "вист", "half-whist": "полвиста", open: "в открытую",
  closed: "в закрытую", claim: "без игры", agree: "согласен", refuse: "играем",
  "misère": "мизер", "without talon": "без прикупа", play: "ход", discard: "снос",
  fold: "пас", check: "чек", call: "уравнять", bet: "ставка", raise: "повысить до",
  "raise to": "повысить до", draw: "прикупить", "stand pat": "остаюсь при своих",
  "refuse talon": "без прикупа", sink: "не объявлять", good: "годится", "not good": "не годится",
  equal: "равны", demand: "покажите", trust: "верю", capot: "капот", declare: "объявляю",
  point: "пуант", sequence: "терц", NT: "БК", misdeal: "пересдача",
  // The high-low declaration as the seed words it: «идет» ли он на высший, на низший или на оба.
  "declare high": "иду на высший", "declare low": "иду на низший", "declare both": "иду на оба",
  straddle: "стрэддл", "no straddle": "без стрэддла", expose: "открыть", wild: "козырь",
};

const RANK_WORDS = {
  en: { A: "ace", K: "king", Q: "queen", J: "jack", 10: "ten", 9: "nine", 8: "eight",
    7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two" },
  ru: { A: "туз", K: "король", Q: "дама", J: "валет", 10: "десятка", 9: "девятка",
    8: "восьмёрка", 7: "семёрка", 6: "шестёрка", 5: "пятёрка", 4: "четвёрка", 3: "тройка",
    2: "двойка" },
};
const SUIT_WORDS = {
  en: { "♠": "spades", "♣": "clubs", "♦": "diamonds", "♥": "hearts" },
  ru: { "♠": "пик", "♣": "треф", "♦": "бубен", "♥": "червей" },
};
const RU_INDEX = { A: "Т", K: "К", Q: "Д", J: "В" };

export const settings = {
  lang: localStorage.getItem("ct.lang") || (navigator.language.startsWith("ru") ? "ru" : "en"),
  indices: localStorage.getItem("ct.indices") || "",
  fourColours: localStorage.getItem("ct.fourColours") === "1",
};

export function save(key, value) {
  settings[key] = value;
  localStorage.setItem(`ct.${key}`, value === true ? "1" : value === false ? "0" : value);
}

export function t(key, ...args) {
  const text = LABELS[settings.lang][key] ?? LABELS.en[key] ?? key;
  return text.replace(/\{(\d)\}/g, (_, n) => String(args[Number(n)]));
}

/** The card indices in use: the one chosen, or the page language's own. */
export function indexStyle() {
  return settings.indices || settings.lang;
}

/** The index printed on a card: A K Q J, or Т К Д В. */
export function rankIndex(rank) {
  return indexStyle() === "ru" ? RU_INDEX[rank] ?? rank : rank;
}

/** A score as players write it: whole numbers as they are, fractions (the server's exact
 * "-10/3") to two decimals, minus as a real minus sign. */
export function scoreText(value) {
  const text = String(value);
  const found = /^(-?\d+)\/(\d+)$/.exec(text);
  const number = found ? Number(found[1]) / Number(found[2]) : Number(text);
  if (!Number.isFinite(number)) return text;
  const shown = Number.isInteger(number) ? String(number)
    : number.toFixed(2).replace(/0$/, "");
  return shown.replace(/^-/, "\u2212");
}

/** An event sentence with each "seat N" (piquet's sheet: "player N") written as that seat's name. */
export function withNames(text, nameOf) {
  return text.replace(/\b(?:seat|player) (\d+)\b/g, (_, seat) => nameOf(Number(seat)));
}

/** A card's spoken name, "king of hearts" / "король червей". */
export function cardName(rank, suit) {
  const words = RANK_WORDS[settings.lang][rank] ?? rank;
  const suitWords = SUIT_WORDS[settings.lang][suit] ?? suit;
  return settings.lang === "ru" ? `${words} ${suitWords}` : `${words} of ${suitWords}`;
}

/** A move's label: the server's text, its words in the page's language, cards in its indices. */
export function moveLabel(text) {
  let label = text.replace(/(10|[2-9AKQJ])([♠♣♦♥])/g, (_, r, s) => rankIndex(r) + s);
  if (settings.lang !== "ru") return label;
  const words = Object.keys(MOVE_WORDS_RU).sort((a, b) => b.length - a.length);
  for (const word of words) {
    label = label.replace(new RegExp(`(^|\\s|\\d)${word.replace(/[-]/g, "\\-")}(?=$|\\s)`, "g"),
      (_, before) => before + MOVE_WORDS_RU[word]);
  }
  return label;
}
