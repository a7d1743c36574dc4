// The table's downloads as links: the record (of the match and of each deal) and the game's own
// forms (PHH for poker, the pulka as SVG for preferans), each as soon as the server gives it
// out: a form naming only what everyone saw at any time, the rest once the table has finished
// (docs/server.md, "Downloads").
import { invited } from "./address.js";
import { el } from "./dom.js";
import { settings } from "./i18n.js";

const LABELS = {
  en: { downloads: "Downloads", match: "The match", deal: "Deal {0}", record: "record (JSON)",
    phh: "hands (PHH)", pulka: "pulka (SVG)", later: "The record comes when the table has finished." },
  ru: { downloads: "Скачать", match: "Вся партия", deal: "Сдача {0}", record: "запись (JSON)",
    phh: "раздачи (PHH)", pulka: "пулька (SVG)", later: "Запись можно скачать, когда игра за столом окончена." },
};

function label(key, ...args) {
  const text = (LABELS[settings.lang] ?? LABELS.en)[key] ?? key;
  return text.replace(/\{(\d)\}/g, (_, n) => String(args[Number(n)]));
}

const forms = new Map();
const refusals = new Map();
let open = false;

/** The game's download forms from ``GET /api/games``, fetched once: ``[{name, public}]``. */
function formsOf(game, redraw) {
  if (!forms.has(game)) {
    forms.set(game, []);
    fetch("/api/games").then((answer) => answer.json()).then((games) => {
      for (const g of games) {
        const open = new Set(g.public_downloads || []);
        forms.set(g.name, g.downloads.map((name) => ({ name, public: open.has(name) })));
      }
      redraw();
    });
  }
  return forms.get(game);
}

function link(href, text, file) {
  return el("a", { class: "download", href, download: file, text });
}

function group(title, links) {
  return links.length ? el("li", {}, el("span", { text: `${title}: ` }),
    ...links.flatMap((a, n) => (n ? [" · ", a] : [a]))) : null;
}

/**
 * Whether the finished table's form ``name`` can be written: some cannot (PHH has no notation
 * for every variant), and the server says why in one line, shown instead of the links.
 */
function refusal(table, name, redraw) {
  const key = `${table.id}/${name}`;
  if (!refusals.has(key)) {
    refusals.set(key, null);
    fetch(invited(`/api/tables/${table.id}/export/${name}`, table.invite)).then(async (answer) => {
      if (answer.ok) return;
      refusals.set(key, (await answer.json()).detail);
      redraw();
    });
  }
  return refusals.get(key);
}

/**
 * The links a table gives out now. ``table`` is {id, invite, game, ended, deals}: ``deals`` the
 * deals finished, ``invite`` the code the page was opened with; ``redraw`` once the game's forms are known.
 */
export function downloadsPanel(table, redraw) {
  const at = (path) => invited(`/api/tables/${table.id}${path}`, table.invite);
  const offered = formsOf(table.game, redraw).filter((form) => form.public || table.ended);
  const refused = offered.filter((form) => !form.public && refusal(table, form.name, redraw));
  const given = offered.filter((form) => !refused.includes(form));
  const items = [];
  const matchLinks = given.map((form) => link(at(`/export/${form.name}`), label(form.name)));
  if (table.ended) matchLinks.unshift(link(at("/record"), label("record"), `${table.id}.json`));
  items.push(group(label("match"), matchLinks));
  for (let deal = 1; deal <= table.deals; deal += 1) {
    const links = given.map((form) => link(at(`/deals/${deal}/export/${form.name}`),
      label(form.name)));
    if (table.ended) {
      links.unshift(link(at(`/deals/${deal}/record`), label("record"),
        `${table.id}-deal-${deal}.json`));
    }
    items.push(group(label("deal", deal), links));
  }
  const shown = items.filter(Boolean);
  const details = el("details", { class: "downloads" }, el("summary", { text: label("downloads") }),
    shown.length ? el("ul", {}, ...shown) : null,
    table.ended ? null : el("p", { class: "downloads-later", text: label("later") }),
    ...refused.map((form) => el("p", { class: "downloads-refused",
      text: `${label(form.name)}: ${refusal(table, form.name, redraw)}` })));
  details.open = open;
  details.addEventListener("toggle", () => { open = details.open; });
  return details;
}
