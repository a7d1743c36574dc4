// The table's help: the rules in force and how to type the move now, both as the server writes
// them from the table's rules (GET /api/tables/{id}/help and /hint). The page holds no rule of
// its own: it lays the sentences out, each with its clause, the phase on the table first.
import { invited } from "./address.js";
import { el } from "./dom.js";
import { settings } from "./i18n.js";

const LABELS = {
  en: { rules: "Rules of this table", how: "How to move: " },
  ru: { rules: "Правила этого стола", how: "Как ходить: " },
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

function hintLine(table, redraw) {
  const key = `${table.id}/${table.seq}/${settings.lang}`;
  if (!table.myTurn || !table.token) return null;
  if (!hints.has(key)) {
    hints.set(key, null);
    fetched(invited(`/api/tables/${table.id}/hint?language=${settings.lang}`, table.invite),
      { "seat-token": table.token })
      .then((answer) => { if (answer && answer.hint) { hints.set(key, answer.hint); redraw(); } });
  }
  const hint = hints.get(key);
  return hint ? el("p", { class: "move-hint", role: "note" }, label("how"), hint) : null;
}

/**
 * The help of ``table`` ({id, token, invite, seq, phase, myTurn}): the move hint on the seat's turn and
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
