// The score as each game's players keep it: the preferans pulka drawn as on paper (the server
// draws it: GET /api/tables/{id}/sheet.svg) with its settlement in whists and money, and the
// piquet declarations as they were announced with the match's score sheet.
import { el } from "./dom.js";
import { moveLabel, scoreText, t, withNames } from "./i18n.js";

const DIALOGUE = new Set(["capot", "carte blanche", "sink", "call", "answer", "equal", "good",
  "trust", "show"]);
const STAKE_KEY = "ct.stake";

/** The server's SVG text as a node of this page (parsed, never run as HTML). */
export function pictureNode(svgText) {
  const parsed = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const svg = document.importNode(parsed.documentElement, true);
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("class", "pulka-picture");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("pulka"));
  return svg;
}

function exact(value) {
  const found = /^(-?\d+)\/(\d+)$/.exec(String(value));
  return found ? Number(found[1]) / Number(found[2]) : Number(value);
}

/** Each player's whists and, at the stake the players agreed per whist, his money. */
function settlement(page) {
  const scores = Object.entries(page.state.score || {});
  const stake = el("input", { type: "number", id: "stake", min: "0", step: "any",
    value: localStorage.getItem(STAKE_KEY) || "1", "aria-label": t("stake") });
  const body = el("tbody");
  const fill = () => {
    const price = Number(stake.value) || 0;
    body.replaceChildren(...scores.map(([name, whists]) => el("tr", {},
      el("th", { scope: "row", text: name }), el("td", { text: scoreText(whists) }),
      el("td", { text: scoreText(String(Math.round(exact(whists) * price * 100) / 100)) }))));
  };
  stake.addEventListener("input", () => { localStorage.setItem(STAKE_KEY, stake.value); fill(); });
  fill();
  return el("div", { class: "settlement" },
    el("h3", { text: page.state.ended ? t("settlement") : t("settlementNow") }),
    el("label", {}, `${t("stake")} `, stake),
    el("table", {}, el("thead", {}, el("tr", {}, el("th", { text: t("player") }),
      el("th", { text: t("whists") }), el("th", { text: t("money") }))), body));
}

function pulka(page) {
  const details = el("details", { class: "pulka" },
    el("summary", { text: t("pulka") }));
  if (page.sheetOpen || page.state.ended) details.setAttribute("open", "");
  details.addEventListener("toggle", () => { page.sheetOpen = details.open; });
  if (page.sheetSvg) {
    details.append(pictureNode(page.sheetSvg), el("a", { class: "pulka-full", target: "_blank",
      href: `/api/tables/${page.tableId}/sheet.svg`, text: t("pulkaFull") }));
  }
  details.append(settlement(page));
  return details;
}

function piquet(page) {
  const view = page.state.view || {};
  const nameOf = (seat) => page.seatName(seat);
  const parts = [];
  const said = page.state.events.filter((event) => DIALOGUE.has(event.kind));
  if (said.length) {
    parts.push(el("h2", { text: t("declarations") }), el("ol", { class: "declarations-said" },
      ...said.map((event) => el("li", { text: [withNames(event.text, nameOf),
        ...event.cards.map(moveLabel)].join(" ") }))));
  }
  // The view's sheet is the one the deal began with; the deal's "score" events are what the
  // players wrote on it after the deal.
  const written = page.state.events.filter((event) => event.kind === "score");
  if (Array.isArray(view.sheet) && view.sheet.length) {
    parts.push(el("h2", { text: t("scoreSheet") }), el("h3", { text: t("sheetBefore") }),
      el("ul", { class: "score-sheet" }, ...view.sheet.map((line) => el("li", { text: line }))));
  }
  if (written.length) {
    parts.push(el("h3", { text: t("sheetWritten") }), el("ul", { class: "score-sheet written" },
      ...written.map((event) => el("li", { text: withNames(event.text, nameOf) }))));
  }
  return parts;
}

/** The score-keeping part of the side panel for the table's game (empty for others). */
export function sheetParts(page) {
  if (page.sheetSvg) return [pulka(page)];
  if (page.state.game === "piquet") return piquet(page);
  return [];
}
