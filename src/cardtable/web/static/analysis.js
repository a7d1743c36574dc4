// After a preferans deal, the "analyse" view (GET /api/tables/{id}/deals/{n}/analysis): every
// card played, trick by trick, marked with what the declarer takes under best play after it
// and, where it cost its side a trick, by how much and which cards were best. The server's
// solver does the valuing; the page lays it out.
import { cardElement } from "./cards.js";
import { el } from "./dom.js";
import { moveLabel, settings } from "./i18n.js";

const LABELS = {
  en: { analyse: "Analyse a finished deal", deal: "Deal", open: "Analyse", working: "Solving…",
    trick: "Trick {0}", value: "declarer takes {0}", own: "he takes {0}", cost: "cost {0}",
    best: "best: {0}", close: "Close the analysis", none: "No card of this deal was played.",
    title: "Deal {0} double dummy", costly: "{0} of {1} cards cost a trick" },
  ru: { analyse: "Разбор сыгранной сдачи", deal: "Сдача", open: "Разобрать", working: "Решаю…",
    trick: "Взятка {0}", value: "играющий берёт {0}", own: "сам берёт {0}", cost: "потеря {0}",
    best: "лучше: {0}", close: "Закрыть разбор", none: "В этой сдаче карты не разыгрывались.",
    title: "Сдача {0} в открытую", costly: "{0} из {1} карт стоили взятки" },
};

function t(key, ...args) {
  const text = (LABELS[settings.lang] ?? LABELS.en)[key];
  return text.replace(/\{(\d)\}/g, (_, n) => String(args[Number(n)]));
}

export class AnalysisView {
  constructor(page) {
    this.page = page;
    this.cards = null;
    this.number = null;
    this.message = "";
    this.openerOpen = false;
  }

  /** The side panel's entry, for preferans: which deal to analyse. */
  opener() {
    if (this.page.state.game !== "preferans") return null;
    const deals = Math.max(this.page.state.deal || 0, 1);
    const number = el("select", { id: "analysis-deal", "aria-label": t("deal") },
      ...Array.from({ length: deals }, (_, n) => el("option", { value: String(n + 1),
        text: `${t("deal")} ${n + 1}` })));
    number.value = String(this.number ?? deals);
    const open = el("button", { type: "button", id: "analysis-open", text: t("open"),
      onclick: () => this.load(Number(number.value)) });
    const summary = el("summary", { text: t("analyse"),
      onclick: () => { this.openerOpen = !details.open; } });
    const details = el("details", { class: "analysis-opener" }, summary,
      el("label", {}, number), open,
      this.message ? el("p", { class: "refusal", role: "alert", text: this.message }) : null);
    details.open = this.openerOpen;
    return details;
  }

  async load(number) {
    this.message = t("working");
    this.page.render();
    const headers = this.page.token ? { "seat-token": this.page.token } : {};
    const answer = await fetch(this.page.address(`/deals/${number}/analysis`),
      { headers });
    const data = await answer.json();
    if (!answer.ok) {
      this.message = typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail);
    } else {
      Object.assign(this, { cards: data.cards, number, message: "" });
    }
    this.page.render();
  }

  close() {
    this.cards = null;
    this.page.render();
  }

  /** One card played with its marks: the declarer's tricks after it, its cost, the best. */
  card(judged) {
    const value = judged.paranoid ? t("own", judged.declarer_tricks)
      : t("value", judged.declarer_tricks);
    const marks = [el("span", { class: "value", text: value })];
    if (judged.cost) {
      marks.push(el("span", { class: "cost", text: t("cost", judged.cost) }));
      if (judged.best.length) {
        marks.push(el("span", { class: "best", text: t("best", judged.best.map(moveLabel).join(" ")) }));
      }
    }
    return el("figure", { class: `judged${judged.cost ? " costly" : ""}`, "data-played": judged.card,
      "data-cost": String(judged.cost) }, cardElement(judged.card),
    el("figcaption", {}, el("strong", { text: this.page.seatName(judged.seat) }), ...marks));
  }

  /** The analysis over the table, trick by trick, or null when none is open. */
  panel() {
    if (!this.cards) return null;
    const tricks = new Map();
    for (const judged of this.cards) {
      if (!tricks.has(judged.trick)) tricks.set(judged.trick, []);
      tricks.get(judged.trick).push(judged);
    }
    const costly = this.cards.filter((judged) => judged.cost).length;
    const rows = [...tricks].map(([trick, cards]) => el("li", { class: "analysed-trick" },
      el("h3", { text: t("trick", trick) }), el("div", { class: "judged-cards" },
        ...cards.map((judged) => this.card(judged)))));
    return el("section", { class: "analysis", "aria-label": t("title", this.number),
      "data-deal": String(this.number) },
    el("h2", { text: t("title", this.number) }),
    el("button", { type: "button", class: "analysis-close", text: t("close"),
      onclick: () => this.close() }),
    el("p", { text: this.cards.length ? t("costly", costly, this.cards.length) : t("none") }),
    el("ol", { class: "analysed" }, ...rows));
  }
}
