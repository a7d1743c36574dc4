// The server's legal moves sorted for pointing: moves without cards become buttons, moves of
// one card are played by clicking that card, moves of several cards are built by clicking
// cards one by one. Nothing is composed here: every move sent is one of the server's texts.
import { cardsOf } from "./cards.js";

const BID = /^(6|7|8|9|10)(♠|♣|♦|♥|NT)$/;

function verbOf(text) {
  return text.split(/\s+/).filter((word) => cardsOf(word).length === 0).join(" ");
}

/** The legal list taken apart: buttons, bids for the grid, card moves by card, chosen groups. */
export function sortMoves(legal) {
  const plain = [];
  const bids = [];
  const single = new Map();
  const groups = new Map();
  const verbs = new Map();
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
    const verb = verbOf(text);
    if (!verbs.has(verb)) verbs.set(verb, []);
    verbs.get(verb).push({ text, cards });
  }
  for (const [verb, moves] of verbs) {
    if (moves.every((move) => move.cards.length === 1)) {
      for (const move of moves) {
        const card = move.cards[0];
        if (!single.has(card)) single.set(card, []);
        single.get(card).push(move.text);
      }
    } else {
      groups.set(verb, moves);
    }
  }
  return { plain, bids, single, groups };
}

/** The moves of a group that the chosen cards are part of. */
function candidates(moves, chosen) {
  return moves.filter((move) => [...chosen].every((card) => move.cards.includes(card)));
}

/** Whether ``card`` may be chosen next (or unchosen) in some group. */
export function choosable(sorted, chosen, card) {
  if (chosen.has(card)) return true;
  for (const moves of sorted.groups.values()) {
    if (candidates(moves, chosen).some((move) => move.cards.includes(card))) return true;
  }
  return false;
}

/** For each group: the legal move whose cards are exactly those chosen, or null. */
export function completed(sorted, chosen) {
  const found = [];
  for (const [verb, moves] of sorted.groups) {
    const exact = moves.find(
      (move) => move.cards.length === chosen.size && candidates([move], chosen).length === 1,
    );
    found.push({ verb, move: exact ? exact.text : null });
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
