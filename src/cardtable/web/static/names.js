// The names the page shows for the server's internal names: games and kinds of bot, in the
// page's language. The server's name stays what is sent; only what is read is translated.
import { settings } from "./i18n.js";

const GAMES = {
  en: { preferans: "Preferans", piquet: "Piquet", poker: "Poker" },
  ru: { preferans: "Преферанс", piquet: "Пикет", poker: "Покер" },
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
