// The table's chat. The server keeps seats' lines and spectators' lines apart: a seat's line
// reaches everyone, a spectator's only the spectators. A seat's page shows the table's lines;
// a spectator's shows them and, in a list of its own, the spectators' lines.
import { el } from "./dom.js";
import { settings } from "./i18n.js";

const LABELS = {
  en: { chat: "Chat", say: "Say", table: "At the table", spectators: "Among the spectators",
    toTable: "A line to the table", toSpectators: "A line to the other spectators",
    spectator: "a spectator", quiet: "Nothing said yet." },
  ru: { chat: "Чат", say: "Сказать", table: "За столом", spectators: "Среди зрителей",
    toTable: "Сказать за столом", toSpectators: "Сказать другим зрителям",
    spectator: "зритель", quiet: "В чате пока пусто." },
};

function label(key) {
  return (LABELS[settings.lang] ?? LABELS.en)[key];
}

function clock(ts) {
  return new Date(ts).toLocaleTimeString(settings.lang, { hour: "2-digit", minute: "2-digit" });
}

export class ChatBox {
  /** ``send(frame)`` sends a client frame; ``spectator()`` says whether this page only watches. */
  constructor(send, spectator) {
    this.send = send;
    this.spectator = spectator;
    this.lines = [];
    // One input for the page's life, so that a redraw keeps what is being typed.
    this.input = el("input", { type: "text", class: "chat-input", maxlength: "500",
      autocomplete: "off" });
  }

  /** Keep the lines a snapshot carries (the tail the seat may see) and each new one. */
  receive(frame) {
    if (frame.type === "snapshot") this.lines = [...(frame.chat || [])];
    else if (frame.type === "chat") this.lines.push(frame);
  }

  list(scope) {
    const lines = this.lines.filter((line) => line.scope === scope);
    if (!lines.length) return el("p", { class: "chat-quiet", text: label("quiet") });
    return el("ol", { class: `chat-lines chat-${scope}`, "aria-live": "polite" },
      ...lines.map((line) => el("li", {},
        el("time", { text: clock(line.ts) }), " ",
        el("strong", { text: line.seat === null ? label("spectator") : line.name }), ": ",
        el("span", { class: "chat-text", text: line.text }))));
  }

  panel() {
    const watching = this.spectator();
    const typing = document.activeElement === this.input;
    const where = [this.input.selectionStart, this.input.selectionEnd];
    this.input.setAttribute("aria-label", label(watching ? "toSpectators" : "toTable"));
    const form = el("form", { class: "chat-form" }, this.input,
      el("button", { type: "submit", class: "chat-send", text: label("say") }));
    form.addEventListener("submit", (submitted) => {
      submitted.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      this.send({ type: "chat", text });
      this.input.value = "";
    });
    const parts = [el("h2", { text: label("chat") })];
    if (watching) parts.push(el("h3", { text: label("table") }));
    parts.push(this.list("table"));
    if (watching) parts.push(el("h3", { text: label("spectators") }), this.list("spectators"));
    parts.push(form);
    if (typing) {
      // A redraw moves the input into the new page; give it back its focus and caret.
      queueMicrotask(() => { this.input.focus(); this.input.setSelectionRange(...where); });
    }
    return el("section", { class: "chat", "aria-label": label("chat") }, ...parts);
  }
}
