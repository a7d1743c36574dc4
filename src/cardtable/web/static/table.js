// The table page: one WebSocket with the server's protocol, the seat's view drawn, its legal
// moves offered for pointing and keys. The page shows only what the server sent this seat.
import { invited } from "./address.js";
import { AnalysisView } from "./analysis.js";
import { cardBack, cardElement, heldOrder } from "./cards.js";
import { el } from "./dom.js";
import { helpPanel } from "./help.js";
import { moveLabel, scoreText, settings, t } from "./i18n.js";
import { eventSentence } from "./phrases.js";
import { Live } from "./live.js";
import { bidGrid, choosable, completed, sortMoves } from "./moves.js";
import { botKind, gameTitle } from "./names.js";
import { PiquetTable } from "./piquet.js";
import { PokerTable } from "./poker.js";
import { ReplayView } from "./replay.js";
import { sheetParts } from "./sheets.js";

function clientId() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// The poker ledger's accounts besides the players' (the kitty, the house, a pot carried over).
const POKER_ACCOUNTS = ["kitty", "house", "pot"];

/** A score line's name: a player's as it is, a poker ledger account's in the page's words. */
function accountName(game, name) {
  return game === "poker" && POKER_ACCOUNTS.includes(name) ? t(`${name}Account`) : name;
}

export function tokenKey(table) {
  return `ct.token.${table}`;
}

export class TablePage {
  /** ``invite``: the code the page was opened with, sent on each request (none: null). */
  constructor(root, tableId, token, invite) {
    this.root = root;
    this.tableId = tableId;
    this.token = token;
    this.invite = invite;
    this.state = { seq: 0, view: null, legal: null, choices: null, toMove: null, events: [],
      seats: [], seat: null, game: "", status: "", score: {}, ended: false, rules: {} };
    this.chosen = new Set();
    this.message = "";
    this.banner = t("connecting");
    this.showLast = false;
    this.closed = false;
    this.poker = new PokerTable(this);
    this.piquet = new PiquetTable(this);
    this.replay = new ReplayView(this);
    this.analysis = new AnalysisView(this);
    this.sheetSvg = null;
    this.sheetOpen = false;
    this.noSheet = false;
    this.live = new Live(this);
    this.connect();
    this.render();
  }

  /** The address of the table's endpoint ``path`` ("" its status), with the page's invite. */
  address(path) {
    return invited(`/api/tables/${this.tableId}${path}`, this.invite);
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const path = invited(`/ws/tables/${this.tableId}`, this.invite);
    const socket = new WebSocket(`${scheme}://${location.host}${path}`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify({ type: "hello", token: this.token, since: null }));
    });
    socket.addEventListener("message", (message) => this.receive(JSON.parse(message.data)));
    socket.addEventListener("close", (closing) => this.lost(closing.code, closing.reason));
  }

  lost(code, reason) {
    if (this.closed) return;
    if (code === 4003 || code === 4004) {
      // Refused for good (private without its invite, no such table): asking again is useless.
      this.banner = "";
      this.message = reason;
      this.render();
      return;
    }
    if (code === 4001) {
      localStorage.removeItem(tokenKey(this.tableId));
      this.token = null;
    }
    if (code === 4009) {
      this.banner = t("reconnecting");
      this.render();
      return;
    }
    this.banner = t("reconnecting");
    this.render();
    setTimeout(() => this.connect(), 1000);
  }

  receive(frame) {
    const state = this.state;
    if (frame.type === "welcome") {
      Object.assign(state, { seats: frame.seats, seat: frame.seat, game: frame.game,
        rules: frame.rules || {} });
      this.banner = "";
    } else if (frame.type === "snapshot") {
      Object.assign(state, { seq: frame.seq, view: frame.view, legal: frame.legal,
        choices: frame.choices, toMove: frame.to_move, events: frame.events, status: frame.status,
        score: frame.score, deal: frame.deal });
      this.chosen.clear();
      this.refreshSheet();
    } else if (frame.type === "ev") {
      state.events = frame.kind === "deal" ? frame.d : state.events.concat(frame.d);
      Object.assign(state, { seq: frame.seq, legal: frame.legal, choices: frame.choices,
        toMove: frame.to_move });
      if (frame.view !== null) state.view = frame.view;
      if (frame.kind === "deal") Object.assign(state, { status: "playing", deal: (state.deal || 0) + 1 });
      this.chosen.clear();
      // A deal's end is written on the sheet (preferans and piquet say "score" or "end"); a
      // poker deal's, in the ledger, is known once its view is over or the next is dealt.
      if (frame.kind === "deal" || frame.view?.phase === "over"
        || frame.d.some((event) => event.kind === "score" || event.kind === "end")) {
        this.refreshScore();
      }
    } else if (frame.type === "ack") {
      this.message = frame.ok ? "" : t("refused", frame.msg);
    } else if (frame.type === "end") {
      Object.assign(state, { ended: true, score: frame.result, status: "finished",
        record: frame.record });
      this.refreshSheet();
    } else if (frame.type === "error") {
      this.message = frame.msg;
    }
    this.live.receive(frame);
    this.render();
  }

  async refreshScore() {
    const answer = await fetch(this.address(""));
    if (answer.ok) {
      this.state.score = (await answer.json()).score;
      this.render();
    }
    this.refreshSheet();
  }

  /** The drawn score sheet as it stands now, for games whose server draws one. */
  async refreshSheet() {
    if (this.noSheet) return;
    const answer = await fetch(this.address(`/sheet.svg?lang=${settings.lang}`));
    this.noSheet = answer.status === 404;
    if (!answer.ok) return;
    this.sheetSvg = await answer.text();
    this.render();
  }

  /** A button that sends one of the server's move texts (the one it holds when pressed). */
  moveButton(move, text) {
    const button = el("button", { type: "button", class: "move", "data-move": move,
      text: text ?? moveLabel(move) });
    button.addEventListener("click", () => this.send(button.dataset.move));
    return button;
  }

  send(text) {
    this.message = "";
    this.socket.send(JSON.stringify({ type: "act", id: clientId(), seq: this.state.seq, a: text }));
  }

  seatName(seat) {
    const found = this.state.seats.find((s) => s.seat === seat);
    return found && found.name ? found.name : `${t("seat")} ${seat}`;
  }

  // --- drawing ---------------------------------------------------------------------------

  render() {
    const { state } = this;
    const myTurn = Boolean(state.legal?.length || state.choices?.length);
    const sorted = myTurn ? sortMoves(state.legal || [], state.choices || []) : sortMoves([]);
    const root = el("div", { class: `table game-${state.game}`, "data-seq": String(state.seq),
      "data-seat": state.seat === null ? "spectator" : String(state.seat) });
    root.append(this.header());
    if (this.banner) root.append(el("p", { class: "banner", role: "status", text: this.banner }));
    root.append(state.game === "poker" ? this.poker.felt(sorted) : this.felt(sorted));
    root.append(this.controls(sorted, myTurn));
    root.append(this.sidebar());
    root.append(...[this.replay.panel(), this.analysis.panel()].filter(Boolean));
    this.root.replaceChildren(root);
    for (const log of root.querySelectorAll(".log, .dialogue")) log.scrollTop = log.scrollHeight;
  }

  header() {
    const { state } = this;
    const who = state.toMove === null ? "" : state.toMove === state.seat ? t("yourTurn")
      : t("turnOf", this.seatName(state.toMove));
    const mine = state.seat === null ? t("spectator") : t("seatTaken", this.seatName(state.seat));
    const parts = [el("h1", { text: `${gameTitle(state.game)} · ${this.tableId}` }),
      el("p", { class: "who" }, el("span", { text: mine }), " ",
        el("strong", { class: "to-move", role: "status", text: who }))];
    if (state.ended) {
      parts.push(el("p", { class: "ended" }, t("ended"), " ",
        el("a", { href: invited(state.record, this.invite), download: `${this.tableId}.json`, text: t("record") })));
    }
    parts.push(...this.live.head());
    parts.push(helpPanel({ id: this.tableId, game: state.game, token: this.token, invite: this.invite, seq: state.seq,
      phase: (state.view || {}).phase, myTurn: state.toMove === state.seat }, () => this.render()));
    return el("header", { class: "table-head" }, ...parts);
  }

  cardFor(text, sorted, { wild } = {}) {
    const { chosen } = this;
    const single = sorted.single.get(text);
    if (single && single.length === 1 && sorted.groups.size === 0) {
      const card = cardElement(text, { onClick: () => this.send(single[0]),
        label: moveLabel(single[0]), wild });
      card.dataset.move = single[0];
      return card;
    }
    if (sorted.groups.size > 0 && this.inHand(text)) {
      const may = choosable(sorted, chosen, text);
      return cardElement(text, { pressed: chosen.has(text), disabled: !may, wild, onClick: may
        ? () => { chosen.has(text) ? chosen.delete(text) : chosen.add(text); this.render(); }
        : undefined });
    }
    return cardElement(text, { wild });
  }

  inHand(card) {
    const view = this.state.view || {};
    return [...(view.hand || []), ...(view.down || [])].includes(card);
  }

  row(cards, sorted, label) {
    return el("div", { class: "cards", role: "group", "aria-label": label },
      ...cards.map((card) => this.cardFor(card, sorted)));
  }

  felt(sorted) {
    const { state } = this;
    const view = state.view || {};
    const count = state.seats.length || 1;
    const me = state.seat ?? 0;
    const felt = el("section", { class: `felt seats-${count <= 4 ? count : "many"}`,
      "aria-label": t("trick") });
    const others = count <= 4 ? felt : el("div", { class: "others" });
    for (let step = 1; step < count; step += 1) {
      const seat = (me + step) % count;
      others.append(this.seatPanel(seat, `pos-${count}-${step}`, sorted));
    }
    if (others !== felt) felt.append(others);
    felt.append(this.centre(view, sorted));
    if (state.seat === null) {
      // A spectator sees the seat at the bottom as any other: its hand only if laid open.
      felt.append(this.seatPanel(me, "me pos-me", sorted));
      return felt;
    }
    const hand = heldOrder(view.hand ?? view.down ?? [], state.game, view.win);
    const up = Array.isArray(view.up) ? view.up[state.seat] ?? [] : [];
    felt.append(el("div", { class: "seat me pos-me" }, this.seatLabel(me),
      this.row([...hand, ...up], sorted, t("hand"))));
    return felt;
  }

  seatLabel(seat) {
    const { state } = this;
    const view = state.view || {};
    const data = state.seats.find((s) => s.seat === seat) || {};
    const notes = [];
    if (data.bot) notes.push(t("botSeat", botKind(data.bot)));
    const away = this.live.seatNote(seat);
    if (away) notes.push(away);
    if (view.dealer === seat) notes.push(t("dealer"));
    if (view.declarer === seat) notes.push(t("declarer"));
    const tricks = Array.isArray(view.tricks) ? view.tricks[seat]
      : view.tricks && typeof view.tricks === "object" ? view.tricks[String(seat)] : undefined;
    if (tricks !== undefined) notes.push(`${t("tricks")} ${tricks}`);
    if (Array.isArray(view.stacks)) notes.push(t("stack", view.stacks[seat]));
    if (Array.isArray(view.bets) && view.bets[seat]) notes.push(t("bet", view.bets[seat]));
    const said = (view.calls || []).filter(([s]) => s === seat).map(([, call]) => call);
    const whist = (view.whist || []).filter(([s]) => s === seat).map(([, call]) => call);
    const last = [...said, ...whist].at(-1);
    return el("div", { class: `seat-label${state.toMove === seat ? " to-move-seat" : ""}` },
      el("strong", { text: this.seatName(seat) }),
      el("span", { class: "notes", text: notes.join(" · ") }),
      last ? el("span", { class: "call", text: moveLabel(last) }) : null);
  }

  seatPanel(seat, position, sorted) {
    const view = this.state.view || {};
    const panel = el("div", { class: `seat ${position}`, "data-seat": String(seat) },
      this.seatLabel(seat));
    const open = (view.open_hands || []).find(([s]) => s === seat);
    if (open && open[1].length) {
      panel.append(this.row(heldOrder(open[1], this.state.game), sorted,
        t("openHand", this.seatName(seat))));
    }
    const up = Array.isArray(view.up) ? view.up[seat] : null;
    if (up && up.length) panel.append(this.row(up, sorted, t("openHand", this.seatName(seat))));
    const shown = Array.isArray(view.shown) && Array.isArray(view.shown[seat]) ? view.shown[seat] : [];
    if (shown.length) panel.append(this.row(shown, sorted, t("openHand", this.seatName(seat))));
    return panel;
  }

  centre(view, sorted) {
    const centre = el("div", { class: "centre" });
    if (view.contract) {
      centre.append(el("p", { class: "contract", text:
        `${t("contract")}: ${moveLabel(view.contract)} (${this.seatName(view.declarer)})` }));
    }
    const trick = (this.showLast ? view.last_trick : view.trick) || [];
    const played = trick.map((item) => (Array.isArray(item) ? item : [undefined, item]));
    // The talon's card leads the trick being played, not the last one shown instead of it.
    if (view.talon_lead && !this.showLast) played.unshift([null, view.talon_lead]);
    const spot = el("div", { class: "trick", role: "group",
      "aria-label": this.showLast ? t("lastTrick") : t("trick") });
    for (const [seat, card] of played) {
      spot.append(el("figure", {}, cardElement(card),
        el("figcaption", { text: seat === null ? t("talon")
          : seat === undefined ? "" : this.seatName(seat) })));
    }
    centre.append(spot);
    if (view.last_trick && view.last_trick.length) {
      centre.append(el("button", { type: "button", class: "last", onclick: () => {
        this.showLast = !this.showLast; this.render(); },
        text: this.showLast ? t("hideLast") : t("showLast") }));
    }
    if (this.talonOnTable(view)) {
      centre.append(el("div", { class: "talon" }, el("span", { text: t("talon") }),
        this.row(view.talon, sorted, t("talon"))));
    }
    if (Array.isArray(view.board) && (view.board.length || view.board_down)) {
      const board = el("div", { class: "cards board", role: "group", "aria-label": t("board") },
        ...view.board.map((card) => (card ? cardElement(card) : cardBack())));
      for (let n = 0; n < (view.board_down || 0); n += 1) board.append(cardBack());
      centre.append(board);
    }
    if (view.pot !== undefined) centre.append(el("p", { class: "pot", text: t("pot", view.pot) }));
    if (this.state.game === "piquet") this.piquet.centre(centre);
    return centre;
  }

  /** The talon lies on the table while it is shown and not yet taken: in the discard phase,
   * until the seat's own hand holds it (the declarer's, once he has picked it up). */
  talonOnTable(view) {
    const talon = view.talon || [];
    if (!talon.length || view.phase !== "discard") return false;
    return !talon.every((card) => (view.hand || []).includes(card));
  }

  controls(sorted, myTurn) {
    const box = el("section", { class: "controls", "aria-label": t("moves") });
    if (this.message) box.append(el("p", { class: "refusal", role: "alert", text: this.message }));
    if (!myTurn) return box;
    if (this.state.game === "poker") this.poker.controls(box, sorted);
    if (this.state.game === "piquet") this.piquet.controls(box, sorted);
    if (sorted.bids.length) {
      const grid = bidGrid(sorted.bids);
      const table = el("table", { class: "bids", "aria-label": t("bids") });
      for (const row of grid.rows) {
        table.append(el("tr", {}, ...row.bids.map((bid) => el("td", {}, bid
          ? el("button", { type: "button", class: "move", "data-move": bid,
            onclick: () => this.send(bid), text: moveLabel(bid) }) : null))));
      }
      box.append(table);
    }
    if (sorted.plain.length) {
      box.append(el("div", { class: "plain", role: "group", "aria-label": t("otherMoves") },
        ...sorted.plain.map((move) => this.moveButton(move))));
    }
    for (const moves of sorted.single.values()) {
      if (moves.length > 1 || sorted.groups.size > 0) {
        for (const move of moves) {
          box.append(el("button", { type: "button", class: "move", "data-move": move,
            onclick: () => this.send(move), text: moveLabel(move) }));
        }
      }
    }
    if (sorted.groups.size) {
      const chosen = [...this.chosen];
      box.append(el("p", { class: "chosen", text: t("chosen", chosen.map(moveLabel).join(" ")) }));
      for (const { verb, move, note } of completed(sorted, this.chosen)) {
        box.append(el("p", { class: "choice-note", text: note }));
        const button = el("button", { type: "button", class: "move confirm",
          text: t("confirm", moveLabel(verb)) });
        if (move) {
          button.dataset.move = move;
          button.addEventListener("click", () => this.send(move));
        } else {
          button.disabled = true;
        }
        box.append(button);
      }
      box.append(el("button", { type: "button", class: "clear", text: t("clear"),
        onclick: () => { this.chosen.clear(); this.render(); } }));
    }
    return box;
  }

  sidebar() {
    const { state } = this;
    const scores = Object.entries(state.score || {}).filter(([name, value]) =>
      !(state.game === "poker" && POKER_ACCOUNTS.includes(name) && Number(value) === 0));
    const nameOf = (seat) => this.seatName(seat);
    const log = el("ol", { class: "log", "aria-label": t("log") },
      ...state.events.map((event) => el("li", { text: [eventSentence(state.game, event, nameOf),
        ...event.cards.map(moveLabel)].join(" ") })));
    const aside = el("aside", { class: "side" });
    if (scores.length) {
      aside.append(el("h2", { text: t("score") }), el("dl", { class: "score" },
        ...scores.flatMap(([name, value]) => [el("dt", { text: accountName(state.game, name) }),
          el("dd", { text: scoreText(value) })])));
    }
    aside.append(...(state.game === "piquet" ? this.piquet.side() : sheetParts(this)));
    aside.append(...[this.replay.opener(), this.analysis.opener()].filter(Boolean),
      el("h2", { text: t("log") }), log);
    aside.append(...this.live.side());
    const invite = localStorage.getItem(`ct.invite.${this.tableId}`);
    if (invite && state.seats.some((seat) => !seat.bot && !seat.connected)) {
      aside.append(inviteBox(invite));
    }
    return aside;
  }

  close() {
    this.closed = true;
    this.live.close();
    this.socket.close();
  }
}

/** The invite link with a button that copies it. */
export function inviteBox(url) {
  const input = el("input", { type: "text", readonly: "", value: url, class: "invite-url",
    "aria-label": t("invite") });
  const copy = el("button", { type: "button", text: t("copy"), onclick: async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      document.execCommand("copy");
    }
    copy.textContent = t("copied");
  } });
  return el("div", { class: "invite" }, el("label", { text: t("invite") }), input, copy);
}

