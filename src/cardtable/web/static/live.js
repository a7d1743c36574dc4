// What goes on around the deal: the chat, the clocks, who is here, the offers and the
// downloads. The table page hands every frame to ``receive`` and draws the parts returned by
// ``head`` and ``side``; each part is its own module.
import { ChatBox } from "./chat.js";
import { TableClock } from "./clock.js";
import { el } from "./dom.js";
import { downloadsPanel } from "./downloads.js";
import { Offers } from "./offers.js";
import { Presence } from "./presence.js";

export class Live {
  /** ``page`` is the table page (its state, socket, seat names and ``render``). */
  constructor(page) {
    this.page = page;
    this.deal = 0;
    // How many events of the deal the page held after each seq, so that an undo can go back.
    this.heldAt = new Map();
    this.chat = new ChatBox((frame) => page.socket.send(JSON.stringify(frame)),
      () => page.state.seat === null);
    this.clock = new TableClock();
    this.presence = new Presence();
    this.offers = new Offers(page);
  }

  /** Take a frame after the table page has drawn its deal from it. */
  receive(frame) {
    for (const part of [this.chat, this.clock, this.presence, this.offers]) part.receive(frame);
    const { state } = this.page;
    if (frame.type === "presence" && this.seatTaken(frame)) this.refreshSeats();
    if (frame.type === "snapshot") {
      this.deal = frame.deal;
      this.heldAt = new Map([[frame.seq, state.events.length]]);
    } else if (frame.type === "ev") {
      if (frame.kind === "deal") {
        this.deal += 1;
        this.heldAt.clear();
      }
      if (frame.kind === "undo") this.undone(frame.back_to);
      this.heldAt.set(frame.seq, state.events.length);
    }
  }

  /** Whether a seat the page holds as open has been taken since (its name is not known yet). */
  seatTaken(frame) {
    const { seats } = this.page.state;
    return frame.seats.some(({ seat, state }) => state !== "open"
      && seats.some((known) => known.seat === seat && !known.name && !known.bot));
  }

  /** The seats' names as the table has them now (a friend took a seat). */
  async refreshSeats() {
    const answer = await fetch(this.page.address(""));
    if (!answer.ok) return;
    const table = await answer.json();
    this.page.state.seats = table.seats.map((seat) => ({ ...seat, connected: !seat.open }));
    this.page.state.score = table.score; // its names too
    this.page.render();
  }

  /** The table went back to seq ``back``: what it showed after that is taken back. */
  undone(back) {
    const { state } = this.page;
    if (this.heldAt.has(back)) {
      state.events = state.events.slice(0, this.heldAt.get(back));
      return;
    }
    // This page joined after that seq: ask for the deal as the seat sees it now.
    const headers = this.page.token ? { "seat-token": this.page.token } : {};
    fetch(this.page.address(`/deals/${this.deal}/seen`), { headers })
      .then((answer) => (answer.ok ? answer.json() : null))
      .then((seen) => { if (seen) { state.events = seen.events; this.page.render(); } });
  }

  /** A seat's note beside its name: away, played by a bot, open (nothing for a bot's seat). */
  seatNote(seat) {
    return seat === this.page.state.seat ? null : this.presence.note(seat);
  }

  head() {
    const { state } = this.page;
    const nameOf = (seat) => this.page.seatName(seat);
    const people = state.seats.filter((seat) => !seat.bot);
    // The others' seats: a page need not tell its own person that he is here.
    const others = people.filter(({ seat }) => seat !== state.seat);
    const parts = others.map(({ seat }) => el("span", { class: "present",
      "data-seat": String(seat), "data-state": this.presence.state(seat) ?? "" },
    el("strong", { text: nameOf(seat) }), ` ${this.presence.note(seat) ?? ""}`));
    if (this.presence.watching()) parts.push(this.presence.watching());
    const here = el("p", { class: "presence", role: "status" },
      ...parts.flatMap((part, n) => (n ? [" · ", part] : [part])));
    return [parts.length ? here : null, this.clock.panel(people, nameOf), this.offers.panel()]
      .filter(Boolean);
  }

  side() {
    const { state } = this.page;
    const finished = state.ended ? this.deal : Math.max(0, this.deal - 1);
    return [this.chat.panel(), downloadsPanel({ id: this.page.tableId, invite: this.page.invite,
      game: state.game, ended: state.ended, deals: finished }, () => this.page.render())];
  }

  close() {
    this.clock.close();
  }
}
