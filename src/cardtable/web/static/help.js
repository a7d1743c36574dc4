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
// The few words of an English hint: how many cards, which amounts, a span of bids, a move quoted.
const HINT = { or: "; or ", either: "{0} or {1}", span: "{0} to {1}", between: "between {0} and {1}",
  auction: "a bid from {0} to {1}", contract: "a contract from {0} to {1}" };
// A Russian hint is said as a player is told a move: an infinitive and what it takes («снести
// 2 карты», «поставить от 1 до 40», «сказать «пас»»), the words a move is named by in i18n.js.
const RU_CARDS = { play: "сыграть", discard: "снести", expose: "открыть", wild: "назвать козырем" };
const RU_POKER_CARDS = { discard: "сбросить на обмен" };
const RU_AMOUNTS = { bet: "поставить", "raise to": "повысить ставку до" };
const RU_SPANS = { auction: "заявить игру от {0} до {1}", contract: "заказать игру от {0} до {1}" };
// A bid after «от» and «до» is in the genitive: «до мизера»; the others do not change.
const RU_GENITIVE = { "мизер": "мизера" };
const AMOUNT = /^(bet|raise to) (\d+)$/;
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

function filled(template, ...args) {
  return template.replace(/\{(\d)\}/g, (_, n) => String(args[Number(n)]));
}

function amountWords(part) {
  const amounts = part.amounts;
  if (part.listed) return filled(HINT.either, amounts.slice(0, -1).join(", "), amounts.at(-1));
  return filled(part.verb.endsWith(" to") ? HINT.between : HINT.span, amounts[0], amounts.at(-1));
}

/** One kind of move of an English hint as the page's buttons say it (piquet's as its phrase). */
function partWords(game, part) {
  const verb = moveLabel(part.verb);
  if (part.span) return filled(HINT[part.span], ...part.moves.map(moveLabel));
  if (part.cards) {
    const [least, most] = part.cards;
    const count = least !== most ? `${filled(HINT.span, least, most)} cards`
      : least === 1 ? "a card" : `${least} cards`;
    return `${verb} ${count}`;
  }
  if (part.amounts.length) return `${verb} ${amountWords(part)}`;
  return game === "piquet" ? `“${movePhrase(part.moves[0])}”` : moveLabel(part.moves[0]);
}

/** «N карт» after a verb: the accusative, «карту», «2 карты», «5 карт». */
function cardsRu(count) {
  const last = count % 10;
  const teen = count % 100 >= 11 && count % 100 <= 14;
  if (count === 1) return "карту";
  if (!teen && last >= 2 && last <= 4) return `${count} карты`;
  return `${count} карт`;
}

function joinedRu(items) {
  if (items.length < 2) return items.join("");
  const glue = items.some((item) => item.includes(" или ")) ? ", или " : " или ";
  return `${items.slice(0, -1).join(", ")}${glue}${items.at(-1)}`;
}

function bidRu(move) {
  const said = moveLabel(move);
  return RU_GENITIVE[said] ?? said;
}

/** A move said aloud, in quotes: a piquet phrase without its closing full stop. */
function quotedRu(game, move) {
  const said = game === "piquet" ? movePhrase(move).replace(/\.$/, "") : moveLabel(move);
  return `«${said}»`;
}

/** One kind of move of a Russian hint as an infinitive phrase, or null for a move said aloud. */
function phraseRu(game, part) {
  if (part.span) return filled(RU_SPANS[part.span], ...part.moves.map(bidRu));
  const amount = !part.verb && AMOUNT.exec(part.moves[0]);
  if (amount) return `${RU_AMOUNTS[amount[1]]} ${amount[2]}`;
  if (part.cards) {
    const [least, most] = part.cards;
    const verb = (game === "poker" && RU_POKER_CARDS[part.verb]) || RU_CARDS[part.verb];
    const count = least === most ? cardsRu(least) : `от ${least} до ${most} карт`;
    return verb ? `${verb} ${count}` : `${moveLabel(part.verb)}: ${count}`;
  }
  if (part.amounts.length) {
    const amounts = part.amounts;
    const told = part.listed ? joinedRu(amounts.map(String)) : `от ${amounts[0]} до ${amounts.at(-1)}`;
    const verb = RU_AMOUNTS[part.verb];
    const sum = part.verb === "raise to" && !part.listed ? `суммы ${told}` : told;
    return verb ? `${verb} ${sum}` : `${moveLabel(part.verb)}: ${told}`;
  }
  return null;
}

/** The Russian hint: the moves said aloud together («сказать «пас» или «вист»»), the others
 * each as its phrase, in the hint's order; the dealer's games as one choice. */
function hintRu(game, parts) {
  const phrases = [];
  let aloud = null;
  for (const part of parts) {
    if (game === "poker" && /^choose /.test(part.moves[0] ?? "")) {
      if (!phrases.includes("выбрать игру своей сдачи")) phrases.push("выбрать игру своей сдачи");
      aloud = null;
      continue;
    }
    const phrase = phraseRu(game, part);
    if (phrase) {
      phrases.push(phrase);
      aloud = null;
    } else if (aloud) {
      aloud.push(quotedRu(game, part.moves[0]));
    } else {
      aloud = [quotedRu(game, part.moves[0])];
      phrases.push(aloud);
    }
  }
  return joinedRu(phrases.map((item) => (Array.isArray(item) ? `сказать ${joinedRu(item)}` : item)));
}

/** The server's hint for ``table`` ({id, seq}) at its seq, once fetched; null before. */
export function hintNow(table) {
  return hints.get(`${table.id}/${table.seq}/${settings.lang}`) ?? null;
}

/** The server's hint in the page's words; an older server's, without parts, as it wrote it. */
export function hintWords(game, answer) {
  if (!answer.parts || !answer.parts.length) return answer.hint;
  if (settings.lang === "ru") return hintRu(game, answer.parts);
  return answer.parts.map((part) => partWords(game, part)).join(HINT.or);
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
