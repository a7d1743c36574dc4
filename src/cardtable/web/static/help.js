// The table's help: the rules in force and how to make the move now, both as the server makes
// them from the table's rules (GET /api/tables/{id}/help and /hint). The page holds no rule of
// its own: it lays the sentences out, each with its clause, the phase on the table first, and
// says the hint's kinds of move in the words its buttons say them (moveLabel, piquet's phrases).
import { invited } from "./address.js";
import { el } from "./dom.js";
import { moveLabel, settings } from "./i18n.js";
import { movePhrase } from "./piquet.js";

const LABELS = {
  en: { rules: "Rules of this table", how: "How to move: " },
  ru: { rules: "Правила этого стола", how: "Как ходить: " },
};
// The few words of a hint: how many cards, which amounts, a span of bids; a move quoted as said.
const HINT = {
  en: { or: "; or ", either: "{0} or {1}", span: "{0} to {1}", between: "between {0} and {1}",
    amounts: "{0} {1}", cards: "{0} {1}", quoted: "“{0}”",
    auction: "a bid from {0} to {1}", contract: "a contract from {0} to {1}" },
  ru: { or: "; или ", either: "{0} или {1}", span: "от {0} до {1}", between: "от {0} до {1}",
    amounts: "{0}: {1}", cards: "{0}: {1}", quoted: "«{0}»",
    auction: "заявка от {0} до {1}", contract: "игра от {0} до {1}" },
};
const helps = new Map();
const hints = new Map();
let open = false;

function label(key) {
  return (LABELS[settings.lang] ?? LABELS.en)[key];
}

async function fetched(url, headers) {
  const answer = await fetch(url, { headers });
  return answer.ok ? answer.json() : null;
}

function sectionElement(section, current) {
  const items = section.sentences.map((sentence) => el("li", {},
    el("span", { text: sentence.text }), " ", el("cite", { text: sentence.cited })));
  return el("section", { class: section.phase === current ? "help-section now" : "help-section",
    "data-phase": section.phase }, el("h3", { text: section.heading }), el("ul", {}, ...items));
}

function hintWord(key, ...args) {
  const words = HINT[settings.lang] ?? HINT.en;
  return words[key].replace(/\{(\d)\}/g, (_, n) => String(args[Number(n)]));
}

function countWords(least, most) {
  if (settings.lang !== "ru") {
    if (least === most) return least === 1 ? "a card" : `${least} cards`;
    return `${hintWord("span", least, most)} cards`;
  }
  if (least === most) return least === 1 ? "одна карта" : `${least} ${least < 5 ? "карты" : "карт"}`;
  return `${hintWord("span", least, most)} карт`;
}

function amountWords(part) {
  const amounts = part.amounts;
  if (part.listed) return hintWord("either", amounts.slice(0, -1).join(", "), amounts.at(-1));
  return hintWord(part.verb.endsWith(" to") ? "between" : "span", amounts[0], amounts.at(-1));
}

/** One kind of move of the hint as the page's buttons say it (a piquet move as its phrase). */
function partWords(game, part) {
  const verb = moveLabel(part.verb);
  if (part.span) return hintWord(part.span, ...part.moves.map(moveLabel));
  if (part.cards) return hintWord("cards", verb, countWords(...part.cards));
  if (part.amounts.length) return hintWord("amounts", verb, amountWords(part));
  return game === "piquet" ? hintWord("quoted", movePhrase(part.moves[0])) : moveLabel(part.moves[0]);
}

/** The server's hint in the page's words; an older server's, without parts, as it wrote it. */
function hintWords(game, answer) {
  if (!answer.parts || !answer.parts.length) return answer.hint;
  return answer.parts.map((part) => partWords(game, part)).join(hintWord("or"));
}

function hintLine(table, redraw) {
  const key = `${table.id}/${table.seq}/${settings.lang}`;
  if (!table.myTurn || !table.token || !table.game) return null; // not before the welcome
  if (!hints.has(key)) {
    hints.set(key, null);
    fetched(invited(`/api/tables/${table.id}/hint?language=${settings.lang}`, table.invite),
      { "seat-token": table.token })
      .then((answer) => { if (answer && answer.hint) { hints.set(key, answer); redraw(); } });
  }
  const answer = hints.get(key);
  return answer ? el("p", { class: "move-hint", role: "note" }, label("how"),
    hintWords(table.game, answer)) : null;
}

/**
 * The help of ``table`` ({id, game, token, invite, seq, phase, myTurn}): the move hint on the seat's turn and
 * the rules panel, its phase's section first; ``redraw`` once something is fetched.
 */
export function helpPanel(table, redraw) {
  const key = `${table.id}/${settings.lang}`;
  const load = () => {
    if (helps.has(key)) return;
    helps.set(key, null);
    fetched(invited(`/api/tables/${table.id}/help?language=${settings.lang}`, table.invite), {})
      .then((help) => { if (help) { helps.set(key, help); redraw(); } });
  };
  const panel = el("details", { class: "help-panel" }, el("summary", { text: label("rules") }));
  panel.open = open;
  panel.addEventListener("toggle", () => {
    if (panel.open === open) return; // the page setting it, not the player
    open = panel.open;
    if (open) load();
    redraw();
  });
  if (open) load();
  const help = helps.get(key);
  if (open && help) {
    const now = (section) => Number(section.phase === table.phase);
    const sections = [...help.sections].sort((a, b) => now(b) - now(a));
    panel.append(...sections.map((section) => sectionElement(section, table.phase)));
  }
  return el("div", { class: "help" }, hintLine(table, redraw), panel);
}
