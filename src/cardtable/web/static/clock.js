// The table's clocks, from the server's clock frames: the move time of the seat to move, then
// its bank, counting down between frames on this page's own clock. The server decides when a
// time is spent; the page only shows what is left.
import { el } from "./dom.js";
import { settings } from "./i18n.js";

const LABELS = {
  en: { clocks: "Clocks", move: "move", bank: "bank", perMove: "{0} s a move, a bank of {1} s",
    clock: "Clock (empty: none)", moveSeconds: "Seconds a move", bankSeconds: "Bank, seconds" },
  ru: { clocks: "Часы", move: "ход", bank: "запас", perMove: "{0} с на ход, запас {1} с",
    clock: "Часы (пусто: без часов)", moveSeconds: "Секунд на ход", bankSeconds: "Запас, секунд" },
};

function label(key, ...args) {
  const text = (LABELS[settings.lang] ?? LABELS.en)[key];
  return text.replace(/\{(\d)\}/g, (_, n) => String(args[Number(n)]));
}

/** Milliseconds as players read a clock: 1:05, 0:09. */
export function clockText(ms) {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

export class TableClock {
  constructor() {
    this.limits = null;
    this.frame = null;
    this.at = 0;
    this.timer = null;
  }

  receive(frame) {
    if (frame.type === "welcome") this.limits = frame.clock;
    if (frame.type !== "clock") return;
    this.frame = frame;
    this.at = performance.now();
    if (this.timer === null) this.timer = setInterval(() => this.tick(), 250);
  }

  /** What ``seat`` has left now: its move time (while its clock runs) and its bank, in ms. */
  left(seat) {
    const frame = this.frame;
    if (!frame) return { move: null, bank: null };
    const bank = frame.bank_ms[seat] ?? 0;
    if (frame.seat !== seat) return { move: null, bank };
    const spent = performance.now() - this.at;
    return { move: Math.max(0, frame.move_ms - spent),
      bank: Math.max(0, bank - Math.max(0, spent - frame.move_ms)) };
  }

  /** Each seat's time, the running one marked; ``null`` at a table without a clock. */
  panel(seats, nameOf) {
    if (!this.limits) return null;
    const items = seats.map(({ seat }) => el("li", { class: "clock", "data-seat": String(seat) },
      el("strong", { text: nameOf(seat) }), " ",
      el("span", { class: "clock-move", "data-clock": "move" }), " ",
      el("span", { class: "clock-bank", "data-clock": "bank" })));
    const box = el("section", { class: "clocks", "aria-label": label("clocks") },
      el("h2", { text: label("clocks") }),
      el("p", { class: "clock-terms", text: label("perMove", this.limits.move, this.limits.bank) }),
      el("ul", {}, ...items));
    this.fill(box);
    return box;
  }

  tick() {
    const box = document.querySelector(".clocks");
    if (box) this.fill(box);
  }

  fill(box) {
    for (const item of box.querySelectorAll(".clock")) {
      const { move, bank } = this.left(Number(item.dataset.seat));
      item.classList.toggle("running", move !== null);
      item.querySelector(".clock-move").textContent = move === null ? ""
        : `${label("move")} ${clockText(move)}`;
      item.querySelector(".clock-bank").textContent = bank === null ? ""
        : `${label("bank")} ${clockText(bank)}`;
    }
  }

  close() {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }
}

/** The new-table form's clock: seconds a move and a bank; ``value()`` is the body's ``clock``. */
export function clockFields() {
  const move = el("input", { id: "clock-move", type: "number", min: "1", max: "3600",
    placeholder: "—" });
  const bank = el("input", { id: "clock-bank", type: "number", min: "0", max: "86400",
    placeholder: "0" });
  const element = el("fieldset", { class: "clock-choice" }, el("legend", { text: label("clock") }),
    el("label", {}, `${label("moveSeconds")} `, move), el("label", {}, `${label("bankSeconds")} `, bank));
  const value = () => (move.value
    ? { move: Number(move.value), bank: Number(bank.value || 0) } : undefined);
  return { element, value };
}
