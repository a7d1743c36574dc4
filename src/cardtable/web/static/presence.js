// Who is at the table now, from the server's presence frames: each seat connected, away (gone,
// within the grace period), played by a bot until its person returns, a bot's or open; and how
// many watch.
import { settings } from "./i18n.js";

const LABELS = {
  en: { away: "away", "bot-played": "played by a bot", open: "open seat", connected: "here",
    watching: "{0} watching" },
  ru: { away: "отошёл", "bot-played": "за него играет бот", open: "место свободно",
    connected: "за столом", watching: "зрителей: {0}" },
};

function label(key, ...args) {
  const text = (LABELS[settings.lang] ?? LABELS.en)[key];
  return text.replace(/\{(\d)\}/g, (_, n) => String(args[Number(n)]));
}

export class Presence {
  constructor() {
    this.states = new Map();
    this.spectators = 0;
  }

  receive(frame) {
    if (frame.type === "welcome") {
      // Until the first presence frame, the welcome's seats say who is connected.
      this.states = new Map(frame.seats.map((seat) => [seat.seat,
        seat.bot ? "bot" : seat.connected ? "connected" : seat.name ? "away" : "open"]));
    } else if (frame.type === "presence") {
      this.states = new Map(frame.seats.map((seat) => [seat.seat, seat.state]));
      this.spectators = frame.spectators;
    }
  }

  /** The seat's state, as the server last told it. */
  state(seat) {
    return this.states.get(seat);
  }

  /** The note a seat's label carries: nothing for a bot's seat, else where its person is. */
  note(seat) {
    const state = this.state(seat);
    return state && state !== "bot" ? label(state) : null;
  }

  /** How many watch, or ``null`` when nobody does. */
  watching() {
    return this.spectators ? label("watching", this.spectators) : null;
  }
}
