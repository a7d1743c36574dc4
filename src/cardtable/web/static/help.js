// The table's help panel: the rules in force, as the server writes them from the table's rules
// (GET /api/tables/{id}/help). The page holds no rule of its own: it lays the sentences out,
// each with the clause it comes from, the section of the phase on the table first.
import { el } from "./dom.js";
import { settings } from "./i18n.js";

const LABELS = { en: "Rules of this table", ru: "Правила этого стола" };
const loaded = new Map();
let open = false;

async function load(tableId, redraw) {
  const key = `${tableId}/${settings.lang}`;
  const answer = await fetch(`/api/tables/${tableId}/help?language=${settings.lang}`);
  if (answer.ok) {
    loaded.set(key, await answer.json());
    redraw();
  }
}

function sectionElement(section, current) {
  return el("section", { class: section.phase === current ? "help-section now" : "help-section",
    "data-phase": section.phase },
  el("h3", { text: section.heading }),
  el("ul", {}, ...section.sentences.map((sentence) => el("li", {},
    el("span", { text: sentence.text }), " ",
    el("cite", { text: sentence.cited })))));
}

/** The help panel for ``tableId``, its ``phase`` section first; ``redraw`` once it is fetched. */
export function helpPanel(tableId, phase, redraw) {
  const key = `${tableId}/${settings.lang}`;
  const panel = el("details", { class: "help-panel" },
    el("summary", { text: LABELS[settings.lang] ?? LABELS.en }));
  panel.open = open;
  panel.addEventListener("toggle", () => {
    open = panel.open;
    if (open && !loaded.has(key)) load(tableId, redraw);
  });
  const help = loaded.get(key);
  if (open && help) {
    const sections = [...help.sections].sort((a, b) =>
      Number(b.phase === phase) - Number(a.phase === phase));
    panel.append(...sections.map((section) => sectionElement(section, phase)));
  }
  return panel;
}
