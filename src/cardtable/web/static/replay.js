// The finished deal replayed step by step (GET /api/tables/{id}/deals/{n}/replay): the table
// drawn from the viewer's view and events at each step, with first / back / forward / last
// buttons and keys (Home, ←, →, End; Escape closes). The server sends only what the viewer saw:
// its own views while the table plays, any seat's once the table has finished.
import { el } from "./dom.js";
import { moveLabel, settings } from "./i18n.js";
import { eventSentence } from "./phrases.js";
import { sortMoves } from "./moves.js";

const LABELS = {
  en: { replay: "Replay a finished deal", deal: "Deal", open: "Replay", first: "First",
    back: "Back", forward: "Forward", last: "Last", close: "Close the replay",
    step: "Step {0} of {1}", title: "Replay of deal {0}", as: "Seen by", everyone: "the table",
    dealt: "The deal as dealt" },
  ru: { replay: "Повтор сыгранной сдачи", deal: "Сдача", open: "Повтор", first: "В начало",
    back: "Назад", forward: "Вперёд", last: "В конец", close: "Закрыть повтор",
    step: "Шаг {0} из {1}", title: "Повтор сдачи {0}", as: "Глазами", everyone: "зрителя",
    dealt: "Сдача как сдана" },
};
const KEYS = { Home: "first", ArrowLeft: "back", ArrowRight: "forward", End: "last" };

function t(key, ...args) {
  const text = (LABELS[settings.lang] ?? LABELS.en)[key];
  return text.replace(/\{(\d)\}/g, (_, n) => String(args[Number(n)]));
}

export class ReplayView {
  constructor(page) {
    this.page = page;
    this.steps = null;
    this.at = 0;
    this.number = null;
    this.viewer = null;
    this.message = "";
    this.openerOpen = false;
    this.onKey = (event) => this.key(event);
  }

  /** The side panel's entry: which deal to replay, and (once the table ended) whose eyes. */
  opener() {
    const { state } = this.page;
    const deals = Math.max(state.deal || 0, 1);
    const number = el("select", { id: "replay-deal", "aria-label": t("deal") },
      ...Array.from({ length: deals }, (_, n) => el("option", { value: String(n + 1),
        text: `${t("deal")} ${n + 1}` })));
    number.value = String(this.number ?? deals);
    const parts = [el("label", {}, number)];
    let whose = null;
    if (state.ended) {
      whose = el("select", { id: "replay-seat", "aria-label": t("as") },
        el("option", { value: "", text: t("everyone") }),
        ...state.seats.map((seat) => el("option", { value: String(seat.seat),
          text: this.page.seatName(seat.seat) })));
      whose.value = this.viewer ?? (state.seat === null ? "" : String(state.seat));
      parts.push(el("label", {}, `${t("as")} `, whose));
    }
    const open = el("button", { type: "button", id: "replay-open", text: t("open"),
      onclick: () => this.load(Number(number.value), whose ? whose.value : null) });
    // Remembered at the click, before the toggle's event: a redraw between the two keeps it.
    const summary = el("summary", { text: t("replay"),
      onclick: () => { this.openerOpen = !details.open; } });
    const details = el("details", { class: "replay-opener" }, summary,
      ...parts, open, this.message ? el("p", { class: "refusal", role: "alert",
        text: this.message }) : null);
    details.open = this.openerOpen;
    return details;
  }

  async load(number, viewer) {
    // No viewer chosen: the seat's own eyes (its token); "" the table's, a spectator's.
    const query = viewer === null || viewer === "" ? "" : `?seat=${viewer}`;
    const headers = this.page.token && viewer !== "" ? { "seat-token": this.page.token } : {};
    const answer = await fetch(this.page.address(`/deals/${number}/replay${query}`),
      { headers });
    const data = await answer.json();
    if (!answer.ok) {
      this.message = typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail);
      this.page.render();
      return;
    }
    Object.assign(this, { steps: data.steps, at: 0, number, viewer: viewer ?? "", message: "",
      seat: data.seat });
    document.addEventListener("keydown", this.onKey);
    this.page.render();
    document.querySelector(".replay [data-go=forward]")?.focus();
  }

  close() {
    this.steps = null;
    document.removeEventListener("keydown", this.onKey);
    this.page.render();
  }

  go(where) {
    const last = this.steps.length - 1;
    const to = { first: 0, back: this.at - 1, forward: this.at + 1, last }[where];
    this.at = Math.min(Math.max(to, 0), last);
    this.page.render();
    document.querySelector(`.replay [data-go=${where}]`)?.focus();
  }

  key(event) {
    if (!this.steps) return;
    if (event.key === "Escape") {
      this.close();
    } else if (KEYS[event.key]) {
      event.preventDefault();
      this.go(KEYS[event.key]);
    }
  }

  /** A drawing of the table at the step: the page's own drawing, with the step's state. */
  table() {
    const { page } = this;
    const step = this.steps[this.at];
    const events = this.steps.slice(0, this.at + 1).flatMap((s) => s.events);
    const drawn = Object.create(Object.getPrototypeOf(page));
    Object.assign(drawn, page, { chosen: new Set(), showLast: false, state: { ...page.state,
      view: step.view, events, legal: null, choices: null, toMove: step.view?.to_move ?? null,
      seat: this.seat } });
    drawn.poker = Object.assign(Object.create(Object.getPrototypeOf(page.poker)), page.poker,
      { page: drawn });
    drawn.piquet = Object.assign(Object.create(Object.getPrototypeOf(page.piquet)), page.piquet,
      { page: drawn });
    const sorted = sortMoves([]);
    return drawn.state.game === "poker" ? drawn.poker.felt(sorted) : drawn.felt(sorted);
  }

  /** The replay over the table, or null when none is open. */
  panel() {
    if (!this.steps) return null;
    const step = this.steps[this.at];
    const said = this.at === 0 ? t("dealt")
      : step.events.map((event) => [eventSentence(this.page.state.game, event, (s) => this.page.seatName(s)),
        ...event.cards.map(moveLabel)].join(" ")).join("; ");
    const button = (where) => el("button", { type: "button", class: "replay-go", "data-go": where,
      text: t(where), onclick: () => this.go(where) });
    const controls = el("div", { class: "replay-controls", role: "group", "aria-label": t("title", this.number) },
      button("first"), button("back"),
      el("span", { class: "replay-step", role: "status", text: t("step", this.at + 1, this.steps.length) }),
      button("forward"), button("last"),
      el("button", { type: "button", class: "replay-close", text: t("close"), onclick: () => this.close() }));
    return el("section", { class: "replay", "aria-label": t("title", this.number),
      "data-step": String(this.at), "data-deal": String(this.number) },
    el("h2", { text: t("title", this.number) }), controls,
    el("p", { class: "replay-said", text: said }), this.table());
  }
}
