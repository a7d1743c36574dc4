// Offers by consent: take back one's last move, claim the rest of the tricks, end the table,
// play again. The page offers and answers; the server says whether an offer may be made now,
// asks the other people, and tells every page how it stands (docs/server.md, "Offers").
import { el } from "./dom.js";
import { settings } from "./i18n.js";
import { tokenKey } from "./table.js";

const LABELS = {
  en: {
    offers: "Offers", undo: "Take back my move", claim: "Claim the rest", abort: "End the table",
    rematch: "Play again", accept: "Agree", decline: "Decline",
    "kind.undo": "to take back the last move", "kind.claim": "to take the rest of the tricks",
    "kind.abort": "to end the table here", "kind.rematch": "to play again",
    pending: "{0} offers {1}.", waiting: "Waiting for {0}.", accepted: "{0} offered {1}: agreed.",
    declined: "{0} offered {1}: declined{2}.", declinedBy: " by {0}", refused: "Your offer {0} is refused: {1}",
    lapsed: "{0} offered {1}: the table moved on.", toRematch: "To the new table",
  },
  ru: {
    offers: "Предложения", undo: "Вернуть мой ход", claim: "Остальные мои", abort: "Закончить игру",
    rematch: "Сыграть ещё", accept: "Принять", decline: "Отклонить",
    "kind.undo": "вернуть последний ход", "kind.claim": "забрать остальные взятки",
    "kind.abort": "закончить игру за столом", "kind.rematch": "сыграть ещё раз",
    // Russian verbs of the past have a sex, and a player's is not known: the name is a label and
    // the offer is what was accepted, declined or lapsed.
    pending: "{0}: предлагает {1}.", waiting: "Ждём ответа: {0}.",
    accepted: "{0}: предложение {1} принято.", declined: "{0}: предложение {1} отклонено{2}.",
    declinedBy: " ({0}: против)",
    refused: "Нельзя {0}: {1}", lapsed: "{0}: предложение {1} отпало, игра ушла дальше.",
    toRematch: "За новый стол",
  },
};
// Games whose deals have claims of the remaining tricks (docs/server.md, "Offers": preferans
// and piquet); the server still says whether one may be made now.
const CLAIMS = new Set(["preferans", "piquet"]);

function label(key, ...args) {
  const text = (LABELS[settings.lang] ?? LABELS.en)[key] ?? LABELS.en[key];
  return text.replace(/\{(\d)\}/g, (_, n) => String(args[Number(n)]));
}

export class Offers {
  /** ``page`` is the table page: its state, its seat names and its socket. */
  constructor(page) {
    this.page = page;
    this.current = null;
  }

  receive(frame) {
    // A welcome names the offer still pending: none after a restart withdrew it.
    if (frame.type === "welcome") this.current = frame.offer ?? null;
    if (frame.type !== "offer") return;
    const asked = this.current && this.current.state === "pending" && this.current.id === frame.id;
    this.current = frame;
    if (frame.kind === "rematch" && frame.state === "accepted" && frame.table && frame.token) {
      localStorage.setItem(tokenKey(frame.table), frame.token);
      // Everyone at the table agreed to it just now: each person goes on at his seat of the new
      // table. Opening the old table later only shows the link, so it can still be read.
      if (asked) location.assign(`/tables/${frame.table}`);
    }
  }

  send(frame) {
    this.page.socket.send(JSON.stringify(frame));
  }

  offerButton(kind) {
    const pending = this.current && this.current.state === "pending";
    const button = el("button", { type: "button", class: `offer offer-${kind}`, "data-offer": kind,
      text: label(kind), onclick: () => this.send({ type: "offer", kind }) });
    button.disabled = Boolean(pending);
    return button;
  }

  /** The sentence telling how the newest offer stands, with the answer buttons where asked. */
  status() {
    const offer = this.current;
    if (!offer) return [];
    const page = this.page;
    const by = page.seatName(offer.by);
    const what = label(`kind.${offer.kind}`);
    const parts = [];
    if (offer.state === "pending") {
      parts.push(el("p", { class: "offer-state pending", role: "status" }, label("pending", by, what),
        " ", label("waiting", offer.waiting.map((seat) => page.seatName(seat)).join(", "))));
      if (offer.waiting.includes(page.state.seat)) {
        parts.push(el("div", { class: "offer-answer", role: "group" },
          el("button", { type: "button", class: "offer-accept", text: label("accept"),
            onclick: () => this.send({ type: "reply", id: offer.id, accept: true }) }),
          el("button", { type: "button", class: "offer-decline", text: label("decline"),
            onclick: () => this.send({ type: "reply", id: offer.id, accept: false }) })));
      }
    } else if (offer.state === "refused") {
      parts.push(el("p", { class: "offer-state refused", role: "alert",
        text: label("refused", what, offer.msg) }));
    } else {
      // Who declined, from the frame's seat, in the page's words.
      const said = offer.declined_by === null || offer.declined_by === undefined ? ""
        : label("declinedBy", page.seatName(offer.declined_by));
      parts.push(el("p", { class: `offer-state ${offer.state}`, role: "status",
        text: label(offer.state, by, what, said) }));
      if (offer.kind === "rematch" && offer.state === "accepted" && offer.table) {
        parts.push(el("a", { class: "rematch-link", href: `/tables/${offer.table}${offer.token
          ? "" : "?watch=1"}`, text: label("toRematch") }));
      }
    }
    return parts;
  }

  /** The offers this seat may make now, and the newest offer's state. */
  panel() {
    const { state } = this.page;
    const status = this.status();
    if (state.seat === null && !status.length) return null;
    const buttons = [];
    if (state.seat !== null) {
      if (state.ended) buttons.push(this.offerButton("rematch"));
      else {
        buttons.push(this.offerButton("undo"));
        if (CLAIMS.has(state.game)) buttons.push(this.offerButton("claim"));
        buttons.push(this.offerButton("abort"));
      }
    }
    return el("section", { class: "offers", "aria-label": label("offers") },
      el("div", { class: "offer-buttons" }, ...buttons), ...status);
  }
}
