// The server's legal moves sorted for pointing: moves without cards become buttons, moves of
// one card are played by clicking that card, and the server's card choices (a discard, an
// exchange, a draw) are built by clicking cards one by one. A built move is the choice's verb
// and the chosen cards in the choice's order, which the server validates whole.
import { cardsOf } from "./cards.js";

const BID = /^(6|7|8|9|10)(♠|♣|♦|♥|NT)$/;

function verbOf(text) {
  return text.split(/\s+/).filter((word) => cardsOf(word).length === 0).join(" ");
}

/** The legal list taken apart (buttons, bids for the grid, card moves by card) and the
 * choices by verb. */
export function sortMoves(legal, choices = []) {
  const plain = [];
  const bids = [];
  const single = new Map();
  const groups = new Map();
  for (const text of legal) {
    if (BID.test(text)) {
      bids.push(text);
      continue;
    }
    const cards = cardsOf(text);
    if (cards.length === 0) {
      plain.push(text);
      continue;
    }
    const card = cards[0];
    if (!single.has(card)) single.set(card, []);
    single.get(card).push(text);
  }
  for (const choice of choices) groups.set(choice.verb, choice);
  return { plain, bids, single, groups };
}

/** Whether the chosen cards could still be part of a move of ``choice``. */
function fits(choice, chosen) {
  return [...chosen].every((card) => choice.cards.includes(card))
    && chosen.size <= Math.max(...choice.counts);
}

/** Whether ``card`` may be chosen next (or unchosen) in some choice. */
export function choosable(sorted, chosen, card) {
  if (chosen.has(card)) return true;
  const more = new Set([...chosen, card]);
  return [...sorted.groups.values()].some((choice) => fits(choice, more));
}

/** For each choice: the move of exactly the cards chosen, or null, and the rule in words. */
export function completed(sorted, chosen) {
  const found = [];
  for (const [verb, choice] of sorted.groups) {
    const whole = fits(choice, chosen) && choice.counts.includes(chosen.size);
    const cards = choice.cards.filter((card) => chosen.has(card));
    found.push({ verb, move: whole ? [verb, ...cards].join(" ") : null, note: choice.note });
  }
  return found;
}

/** Bids laid out by level and strain, for the auction's grid. */
export function bidGrid(bids) {
  const strains = ["♠", "♣", "♦", "♥", "NT"];
  const levels = [...new Set(bids.map((bid) => BID.exec(bid)[1]))];
  return { strains, rows: levels.map((level) => ({ level, bids: strains.map((s) =>
    bids.includes(level + s) ? level + s : null) })) };
}
