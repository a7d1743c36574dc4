// The score as each game's players keep it: the preferans pulka drawn as on paper (the server
// draws it: GET /api/tables/{id}/sheet.svg) with its settlement in whists and money. (Piquet's
// declarations and korolik sheet are piquet.js's.)
import { el } from "./dom.js";
import { scoreText, t } from "./i18n.js";

const STAKE_KEY = "ct.stake";

/** The server's SVG text as a node of this page (parsed, never run as HTML). */
export function pictureNode(svgText, label = t("pulka")) {
  const parsed = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const svg = document.importNode(parsed.documentElement, true);
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("class", "pulka-picture");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
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
      href: page.address("/sheet.svg"), text: t("pulkaFull") }));
  }
  details.append(settlement(page));
  return details;
}

/** The score-keeping part of the side panel for the table's game (empty for others). */
export function sheetParts(page) {
  return page.sheetSvg ? [pulka(page)] : [];
}
