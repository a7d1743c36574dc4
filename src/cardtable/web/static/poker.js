// The poker table: the seats round an oval, each with its stack, bet, up cards and last word;
// the board, the pot and side pots and the showdown in the middle; the bet controls below.
// Everything drawn comes from the seat's view and events; every move sent is a legal text.
import { cardBack, cardElement, heldOrder } from "./cards.js";
import { el } from "./dom.js";
import { hintNow } from "./help.js";
import { moveLabel, settings, t } from "./i18n.js";
import { eventSentence, handWords } from "./phrases.js";
import { botKind, variantTitle, wildTitle } from "./names.js";

const AMOUNT = /^(bet|raise to) (\d+)$/;
// A slider of more stops than this keeps the server's few, and the amount box takes the rest.
const MOST_STOPS = 500;
const CHOOSE = /^choose (\S+)(?: wild (\S+))?$/;
const MENU = {
  en: { label: "Dealer's choice: the game of your deal", deal: "Deal this game",
    wild: "Wild cards", asIs: "as the game has them", own: "Your own variant",
    ownNote: "The variant as the JSON of a [rules.variant] table (docs/rules/poker-variants.md).",
    ownDeal: "Deal my variant" },
  ru: { label: "Выбор сдающего: игра вашей сдачи", deal: "Сдать эту игру",
    wild: "Козыри", asIs: "как в этой игре", own: "Свой вариант",
    ownNote: "Вариант в виде JSON таблицы [rules.variant] (docs/rules/poker-variants.md).",
    ownDeal: "Сдать мой вариант" },
};
// The seed's common wild cards (Козырные карты), as the server offers them by name.
const DECLARE = /^declare /;

/** Where seat number ``step`` (counted clockwise from the player) sits on the oval, in %. */
function placeOnOval(step, count) {
  // The player sits at the bottom; clockwise on the screen runs on to his left.
  const angle = Math.PI / 2 + (2 * Math.PI * step) / count;
  return { left: 50 + 47 * Math.cos(angle), top: 50 + 45 * Math.sin(angle) };
}

/** The newest event sentence of each seat about its chips or hand, without the seat's name. */
function lastWords(events) {
  const said = new Map();
  for (const event of events) {
    if (event.seat === null || event.seat === undefined) continue;
    if (!["bet", "blind", "ante", "draw", "declare", "bring-in", "discard"].includes(event.kind)) continue;
    // The sentence with the seat's name left out: the seat's badge names it.
    said.set(event.seat, eventSentence("poker", event, () => "").replace(/^[:\s]+/, ""));
  }
  return said;
}

/** The showdown as the events tell it: each hand shown, named, and who won which pot. */
function showdownLines(events, nameOf) {
  return events.filter((event) => event.kind === "show" || event.kind === "win")
    .map((event) => ({ kind: event.kind, seat: event.seat, text: eventSentence("poker", event, nameOf) }));
}

export class PokerTable {
  constructor(page) {
    this.page = page;
    this.amount = null;
    this.game = null;
  }

  get view() {
    return this.page.state.view || {};
  }

  isWild(card) {
    return (this.view.wild || []).includes(card);
  }

  card(text, sorted) {
    const element = this.page.cardFor(text, sorted, { wild: this.isWild(text) });
    return element;
  }

  felt(sorted) {
    const { state } = this.page;
    const view = this.view;
    const ring = view.seating && view.seating.length ? view.seating
      : state.seats.map((seat) => seat.seat);
    const me = state.seat ?? ring[0] ?? 0;
    const start = Math.max(ring.indexOf(me), 0);
    const words = lastWords(state.events);
    const oval = el("div", { class: "oval" });
    for (let step = 1; step < ring.length; step += 1) {
      const seat = ring[(start + step) % ring.length];
      const badge = this.seatBadge(seat, words, sorted);
      const spot = placeOnOval(step, ring.length);
      badge.style.left = `${spot.left}%`;
      badge.style.top = `${spot.top}%`;
      // Shifted by as much of its own width as it stands across the oval: a seat at the
      // side lies inside the felt, one at the top is centred on its spot.
      badge.style.setProperty("--across", String(spot.left));
      oval.append(badge);
    }
    oval.append(this.centre(sorted));
    const felt = el("section", { class: "felt poker-felt", "aria-label": t("table") }, oval);
    felt.append(this.mine(me, words, sorted));
    return felt;
  }

  notes(seat) {
    const view = this.view;
    const notes = [];
    if (Array.isArray(view.stacks)) notes.push(t("stack", view.stacks[seat]));
    if (Array.isArray(view.in_hand) && view.phase !== "over" && !view.in_hand.includes(seat)) {
      notes.push(t("folded"));
    } else if (Array.isArray(view.stacks) && view.stacks[seat] === 0 && view.phase !== "over") {
      notes.push(t("allIn"));
    }
    return notes;
  }

  seatHead(seat, words) {
    const { page } = this;
    const view = this.view;
    const data = page.state.seats.find((s) => s.seat === seat) || {};
    const head = el("div", { class: `seat-label${page.state.toMove === seat ? " to-move-seat" : ""}` },
      el("strong", { text: page.seatName(seat) }));
    if (view.dealer === seat) head.append(el("span", { class: "button-chip", title: t("dealer"),
      "aria-label": t("dealer"), text: "D" }));
    if (data.bot) head.append(el("span", { class: "notes", text: t("botSeat", botKind(data.bot)) }));
    head.append(el("span", { class: "notes", text: this.notes(seat).join(" · ") }));
    // The view keeps a round's bets after it ends (at a draw, the showdown); by then they are in the pot.
    const bet = view.phase === "bet" && Array.isArray(view.bets) ? view.bets[seat] : 0;
    if (bet) head.append(el("span", { class: "bet-chip", text: t("bet", bet) }));
    if (words.has(seat)) head.append(el("span", { class: "call", text: moveLabel(words.get(seat)) }));
    return head;
  }

  seatBadge(seat, words, sorted) {
    const view = this.view;
    const out = Array.isArray(view.in_hand) && view.phase !== "over" && !view.in_hand.includes(seat);
    const badge = el("div", { class: `seat poker-seat${out ? " out" : ""}`, "data-seat": String(seat) },
      this.seatHead(seat, words));
    const shown = Array.isArray(view.shown) ? view.shown[seat] || [] : [];
    const up = Array.isArray(view.up) ? view.up[seat] || [] : [];
    if (shown.length) {
      badge.append(this.row(heldOrder(shown, "poker", view.win), sorted, t("shownBy", this.page.seatName(seat))));
    } else if (!out) {
      const down = Array.isArray(view.down_counts) ? view.down_counts[seat] || 0 : 0;
      const row = this.row(up, sorted, t("cardsOf", this.page.seatName(seat)));
      row.prepend(...Array.from({ length: down }, () => el("span", { class: "card" }, cardBack())));
      if (down || up.length) badge.append(row);
    }
    const named = this.named(seat);
    if (named) badge.append(el("p", { class: "hand-named", text: named }));
    return badge;
  }

  /** The hand a seat showed, as the server's event names it. */
  named(seat) {
    const shown = this.page.state.events.filter((event) => event.kind === "show" && event.seat === seat);
    if (!shown.length) return "";
    const last = shown.at(-1);
    return last.values?.hand === undefined ? last.text.replace(/^seat \d+ shows /, "") : handWords(last.values.hand);
  }

  row(cards, sorted, label) {
    return el("div", { class: "cards", role: "group", "aria-label": label },
      ...cards.map((card) => this.card(card, sorted)));
  }

  centre(sorted) {
    const view = this.view;
    const centre = el("div", { class: "centre poker-centre" });
    if (view.variant) centre.append(el("p", { class: "variant", text: variantTitle(view.variant) }));
    const board = Array.isArray(view.board) ? view.board : [];
    if (board.length || view.board_down) {
      const cards = el("div", { class: "cards board", role: "group", "aria-label": t("board") },
        ...board.map((card) => this.card(card, sorted)));
      for (let n = 0; n < (view.board_down || 0); n += 1) cards.append(cardBack());
      centre.append(cards);
    }
    if (view.pot !== undefined) centre.append(el("p", { class: "pot", text: t("pot", view.pot) }));
    centre.append(...this.houseLines());
    const pots = Array.isArray(view.pots) ? view.pots : [];
    if (pots.length > 1) {
      centre.append(el("ul", { class: "pots", "aria-label": t("pots") },
        ...pots.map((amount, n) => el("li", { text: n === 0 ? t("mainPot", amount)
          : t("sidePot", n, amount) }))));
    }
    if ((view.wild || []).length) {
      centre.append(el("p", { class: "wild-note", text: t("wildNow", (view.wild || []).map(moveLabel).join(" ")) }));
    }
    const lines = showdownLines(this.page.state.events, (seat) => this.page.seatName(seat));
    if (lines.length) {
      centre.append(el("ol", { class: "showdown", "aria-label": t("showdown") },
        ...lines.map((line) => el("li", { class: line.kind, text: moveLabel(line.text) }))));
    }
    return centre;
  }

  /** The kitty and the house's takings so far, where the table's rules have them: the kitty
   * where pots pay into it («Банк»), the house where it takes a rake or an hourly charge
   * («Покер» в клубах и казино). The amounts are the ledger's (the table's score). */
  houseLines() {
    const house = this.page.state.rules.house || {};
    const score = this.page.state.score || {};
    const lines = [];
    if ((house.kitty && house.kitty !== "none") || Number(score.kitty)) {
      lines.push(el("p", { class: "kitty", text: t("kitty", score.kitty ?? 0) }));
    }
    if (house.rake_percent || house.hourly_charge || Number(score.house)) {
      lines.push(el("p", { class: "house", text: t("house", score.house ?? 0) }));
    }
    return lines;
  }

  mine(me, words, sorted) {
    const { state } = this.page;
    const view = this.view;
    const box = el("div", { class: "seat me pos-me" }, this.seatHead(me, words));
    if (state.seat === null) return box;
    const down = heldOrder(view.down || [], "poker", view.win);
    const up = Array.isArray(view.up) ? view.up[state.seat] || [] : [];
    const hand = el("div", { class: "hand-parts" }, this.row(down, sorted, t("downCards")));
    if (up.length) hand.append(this.row(up, sorted, t("upCards")));
    box.append(hand);
    const named = this.named(me);
    if (named) box.append(el("p", { class: "hand-named", text: named }));
    return box;
  }

  /** The betting moves: fold, check, call, all-in as buttons; the amounts on a slider. */
  controls(box, sorted) {
    const games = sorted.plain.filter((move) => CHOOSE.test(move));
    if (games.length) {
      sorted.plain = sorted.plain.filter((move) => !CHOOSE.test(move));
      box.append(this.menu(games));
    }
    const amounts = sorted.plain.filter((move) => AMOUNT.test(move))
      .sort((a, b) => Number(AMOUNT.exec(a)[2]) - Number(AMOUNT.exec(b)[2]));
    const declarations = sorted.plain.filter((move) => DECLARE.test(move));
    const others = sorted.plain.filter((move) => !AMOUNT.test(move) && !DECLARE.test(move));
    sorted.plain = [];
    if (others.length) {
      box.append(el("div", { class: "plain", role: "group", "aria-label": t("otherMoves") },
        ...others.map((move) => this.page.moveButton(move))));
    }
    if (declarations.length) {
      box.append(el("div", { class: "plain declarations", role: "group",
        "aria-label": t("declareSide") }, ...declarations.map((move) => this.page.moveButton(move))));
    }
    if (amounts.length) box.append(this.slider(amounts));
  }

  /** The dealer's choice between deals: the games offered as a menu, the table's first, the
   * wild cards offered with the game chosen, and a variant of his own. */
  menu(games) {
    const words = MENU[settings.lang] ?? MENU.en;
    const parts = games.map((move) => ({ move, game: CHOOSE.exec(move)[1], wild: CHOOSE.exec(move)[2] }));
    const names = [...new Set(parts.map((part) => part.game))];
    if (!games.includes(this.game)) this.game = games[0];
    const picked = parts.find((part) => part.move === this.game);
    const select = el("select", { id: "dealer-choice", "aria-label": words.label },
      ...names.map((name) => el("option", { value: name, text: variantTitle(name) })));
    select.value = picked.game;
    const wilds = parts.filter((part) => part.game === picked.game);
    const wild = el("select", { id: "dealer-wild", "aria-label": words.wild },
      ...wilds.map((part) => el("option", { value: part.move,
        text: part.wild ? wildTitle(part.wild) : words.asIs })));
    wild.value = this.game;
    const deal = this.page.moveButton(this.game, words.deal);
    deal.id = "deal-chosen";
    select.addEventListener("change", () => {
      this.game = parts.find((part) => part.game === select.value && !part.wild)?.move
        ?? parts.find((part) => part.game === select.value).move;
      this.page.render();
    });
    wild.addEventListener("change", () => { this.game = wild.value; deal.dataset.move = this.game; });
    return el("div", { class: "dealer-choice", role: "group", "aria-label": words.label },
      el("label", {}, `${words.label} `, select), el("label", {}, `${words.wild} `, wild), deal,
      this.ownVariant(words));
  }

  /** The dealer's own variant ("любой новый и легко объяснимый вариант"), which no list of
   * moves can hold: its text is sent as the server's move ``choose-own JSON``, which the
   * server checks whole and refuses with the reason. */
  ownVariant(words) {
    const text = el("textarea", { id: "own-variant", rows: "4", "aria-label": words.own });
    text.value = this.ownText ?? "";
    text.addEventListener("input", () => { this.ownText = text.value; });
    const send = el("button", { type: "button", id: "deal-own", class: "move", text: words.ownDeal,
      // A move is one line: the lines of a JSON typed over several are joined.
      onclick: () => this.page.send(`choose-own ${text.value.replace(/\s*[\r\n\t]+\s*/g, " ").trim()}`) });
    const box = el("details", { class: "own-variant" }, el("summary", { text: words.own }),
      el("p", { class: "choice-note", text: words.ownNote }), text, send);
    if (this.ownText) box.setAttribute("open", "");
    return box;
  }

  /** The amounts of the server's hint when they are a range (not the limit's listed ones):
   * {verb, least, most}, most the highest the server names; null before the hint comes. */
  amountRange() {
    const answer = hintNow({ id: this.page.tableId, seq: this.page.state.seq });
    const part = (answer?.parts ?? []).find((p) => p.verb && !p.listed && (p.amounts ?? []).length === 2
      && AMOUNT.test(`${p.verb} ${p.amounts[0]}`));
    return part ? { verb: part.verb, least: part.amounts[0], most: part.amounts[1] } : null;
  }

  /** Every amount of the range as a move text, or the server's own ``amounts`` without one. */
  stops(amounts, range) {
    if (!range || range.most - range.least >= MOST_STOPS) return amounts;
    const all = [];
    for (let n = range.least; n <= range.most; n += 1) all.push(`${range.verb} ${n}`);
    return all;
  }

  slider(listed) {
    // The slider's stops are the server's amounts, or every amount of the range its hint
    // gives: each is legal. The amount box sends any other, which the server may refuse.
    const range = this.amountRange();
    const amounts = this.stops(listed, range);
    if (!amounts.includes(this.amount)) this.amount = amounts[0];
    const index = amounts.indexOf(this.amount);
    const slider = el("input", { type: "range", class: "bet-slider", min: "0",
      max: String(amounts.length - 1), step: "1", value: String(index),
      "aria-label": t("betAmount"), "aria-valuetext": moveLabel(this.amount) });
    const send = this.page.moveButton(this.amount);
    send.classList.add("bet-send");
    slider.addEventListener("input", () => {
      this.amount = amounts[Number(slider.value)];
      send.dataset.move = this.amount;
      send.textContent = moveLabel(this.amount);
      slider.setAttribute("aria-valuetext", moveLabel(this.amount));
    });
    const quick = el("div", { class: "amounts", role: "group", "aria-label": t("betAmounts") },
      ...listed.map((move) => this.page.moveButton(move, AMOUNT.exec(move)[2])));
    return el("div", { class: "betting" }, slider, send, quick, ...(range ? [this.amountBox(range)] : []));
  }

  /** A box for any amount of the range's kind (``bet N``, ``raise to N``), sent as typed. */
  amountBox(range) {
    const box = el("input", { type: "number", id: "bet-other", min: String(range.least), step: "1",
      value: String(range.least), inputmode: "numeric", "aria-label": t("betOther") });
    const send = el("button", { type: "button", class: "move bet-other-send", text: t("betOtherSend"),
      onclick: () => this.page.send(`${range.verb} ${Math.trunc(Number(box.value))}`) });
    return el("div", { class: "bet-other" }, el("label", {}, `${t("betOther")} `, box), send);
  }
}
