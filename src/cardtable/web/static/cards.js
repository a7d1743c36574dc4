// Cards drawn as SVG by this page: large rank and suit, two or four suit colours, a plain back.
import { cardName, rankIndex, settings, t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const CARD = /^(10|[2-9AKQJ])([♠♣♦♥])$/;
const TWO_COLOURS = { "♠": "#111", "♣": "#111", "♦": "#c8102e", "♥": "#c8102e" };
const FOUR_COLOURS = { "♠": "#111", "♣": "#1b7f2a", "♦": "#1f5fbf", "♥": "#c8102e" };

/** The rank and suit of a card's text ("10♥" -> ["10", "♥"]), or null for no card. */
export function parseCard(text) {
  const found = CARD.exec(text);
  return found ? [found[1], found[2]] : null;
}

/** Every card named in a move text ("discard 8♣ 7♥" -> ["8♣", "7♥"]). */
export function cardsOf(text) {
  return text.split(/\s+/).filter((word) => CARD.test(word));
}

function node(name, attributes, text) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (text !== undefined) element.textContent = text;
  return element;
}

/** An SVG card face; its label names the card in words. */
export function cardFace(text) {
  const [rank, suit] = parseCard(text);
  const colour = (settings.fourColours ? FOUR_COLOURS : TWO_COLOURS)[suit];
  const svg = node("svg", { viewBox: "0 0 60 84", class: "card-face", role: "img",
    "aria-label": cardName(rank, suit) });
  svg.append(node("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: "#fff",
    stroke: "#555", "stroke-width": 1.5 }));
  const index = rankIndex(rank);
  const size = index.length > 1 ? 20 : 24;
  svg.append(node("text", { x: 5, y: 24, "font-size": size, "font-weight": 700, fill: colour,
    "font-family": "sans-serif" }, index));
  svg.append(node("text", { x: 5, y: 46, "font-size": 22, fill: colour,
    "font-family": "sans-serif" }, suit));
  svg.append(node("text", { x: 40, y: 72, "font-size": 34, fill: colour, "text-anchor": "middle",
    "font-family": "sans-serif" }, suit));
  return svg;
}

/** The back of a card: it names no card. */
export function cardBack() {
  const svg = node("svg", { viewBox: "0 0 60 84", class: "card-face back", role: "img",
    "aria-label": t("faceDown") });
  svg.append(node("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: "#2b4c7e",
    stroke: "#555", "stroke-width": 1.5 }));
  svg.append(node("rect", { x: 7, y: 7, width: 46, height: 70, rx: 4, fill: "none",
    stroke: "#dfe6f2", "stroke-width": 2 }));
  return svg;
}

/** A card as a button when it can be clicked, or as a plain figure. */
export function cardElement(text, { onClick, pressed, disabled, label } = {}) {
  const face = cardFace(text);
  if (!onClick && !disabled) {
    const figure = document.createElement("span");
    figure.className = "card";
    figure.dataset.card = text;
    figure.append(face);
    return figure;
  }
  const button = document.createElement("button");
  button.type = "button";
  button.className = "card";
  button.dataset.card = text;
  button.setAttribute("aria-label", label ?? face.getAttribute("aria-label"));
  if (pressed !== undefined) button.setAttribute("aria-pressed", String(pressed));
  button.disabled = Boolean(disabled);
  if (onClick) button.addEventListener("click", onClick);
  button.append(face);
  return button;
}
