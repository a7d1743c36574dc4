// Cards drawn as SVG by this page: large rank and suit, two or four suit colours, a plain back.
import { cardName, rankIndex, settings, t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const CARD = /^(?:(10|[2-9AKQJ])([♠♣♦♥])|Jo([12]?))$/;
const TWO_COLOURS = { "♠": "#111", "♣": "#111", "♦": "#c8102e", "♥": "#c8102e" };
const FOUR_COLOURS = { "♠": "#111", "♣": "#1b7f2a", "♦": "#1f5fbf", "♥": "#c8102e" };

/** The rank and suit of a card's text ("10♥" -> ["10", "♥"]; a joker "Jo1" -> ["Jo", ""]). */
export function parseCard(text) {
  const found = CARD.exec(text);
  if (!found) return null;
  return found[1] ? [found[1], found[2]] : ["Jo", ""];
}

const RANK_ORDER = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"];

/** The suits of a hand in the order they are held: black and red by turns, as far as the
 * suits present allow (the colour with more suits starts, so ♠ ♦ ♣ or ♥ ♠ ♦). */
function heldSuits(suits) {
  const blacks = ["♠", "♣"].filter((suit) => suits.has(suit));
  const reds = ["♥", "♦"].filter((suit) => suits.has(suit));
  const [first, second] = blacks.length >= reds.length ? [blacks, reds] : [reds, blacks];
  return first.flatMap((suit, n) => (n < second.length ? [suit, second[n]] : [suit]));
}

/** A hand in the order its players hold it: poker by rank (pairs together), others by suit.
 *
 * Trick games (preferans, piquet) are held suit by suit, the suits alternating red and black,
 * ace to seven within a suit; a poker hand is read by rank, highest first (an ace-to-five low
 * hand puts the ace last), jokers first as the wildest cards. */
export function heldOrder(cards, game, win) {
  const aceLow = win === "low";
  const parsed = cards.map((text) => [text, ...(parseCard(text) ?? ["", ""])]);
  const suits = heldSuits(new Set(parsed.map(([, , suit]) => suit)));
  const rankAt = (rank) => (rank === "Jo" ? -1 : aceLow && rank === "A" ? 13 : RANK_ORDER.indexOf(rank));
  const key = ([, rank, suit]) => (game === "poker" ? [rankAt(rank), suits.indexOf(suit)]
    : [suits.indexOf(suit), rankAt(rank)]);
  return parsed.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return x[0] - y[0] || x[1] - y[1];
  }).map(([text]) => text);
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

function jokerFace(wild) {
  const svg = node("svg", { viewBox: "0 0 60 84", class: `card-face${wild ? " wild" : ""}`,
    role: "img", "aria-label": wild ? `${t("joker")}, ${t("wildCard")}` : t("joker") });
  svg.append(node("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: "#fff",
    stroke: wild ? "#d48a00" : "#555", "stroke-width": wild ? 4 : 1.5 }));
  svg.append(node("text", { x: 30, y: 36, "font-size": 15, "font-weight": 700, fill: "#6a1b9a",
    "text-anchor": "middle", "font-family": "sans-serif" }, t("jokerIndex")));
  svg.append(node("text", { x: 30, y: 66, "font-size": 26, fill: "#6a1b9a",
    "text-anchor": "middle", "font-family": "sans-serif" }, "★"));
  return svg;
}

/** An SVG card face; its label names the card in words (and says so when it is wild). */
export function cardFace(text, { wild = false } = {}) {
  const [rank, suit] = parseCard(text);
  if (rank === "Jo") return jokerFace(wild);
  const colour = (settings.fourColours ? FOUR_COLOURS : TWO_COLOURS)[suit];
  const name = cardName(rank, suit);
  const svg = node("svg", { viewBox: "0 0 60 84", class: `card-face${wild ? " wild" : ""}`,
    role: "img", "aria-label": wild ? `${name}, ${t("wildCard")}` : name });
  svg.append(node("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: wild ? "#fff6dc" : "#fff",
    stroke: wild ? "#d48a00" : "#555", "stroke-width": wild ? 4 : 1.5 }));
  const index = rankIndex(rank);
  const size = index.length > 1 ? 20 : 24;
  svg.append(node("text", { x: 5, y: 24, "font-size": size, "font-weight": 700, fill: colour,
    "font-family": "sans-serif" }, index));
  svg.append(node("text", { x: 5, y: 46, "font-size": 22, fill: colour,
    "font-family": "sans-serif" }, suit));
  svg.append(node("text", { x: 40, y: 72, "font-size": 34, fill: colour, "text-anchor": "middle",
    "font-family": "sans-serif" }, suit));
  if (wild) {
    svg.append(node("text", { x: 54, y: 16, "font-size": 13, fill: "#d48a00", "text-anchor": "end",
      "font-family": "sans-serif" }, "★"));
  }
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
export function cardElement(text, { onClick, pressed, disabled, label, wild } = {}) {
  const face = cardFace(text, { wild });
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
