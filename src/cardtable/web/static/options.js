// The create form's rule options: a preset's options as the server lists them
// (GET /api/games/{game}/presets/{preset}/rules), each a field with its meaning and clause (the
// sentence of the rules' help that states it, else its doc; in Russian options.json's words). The
// options the player changes are sent as the table's `rules` overrides, nested by the dotted
// name's parts; the server checks them and refuses a bad one by its name.
import { el } from "./dom.js";
import { settings } from "./i18n.js";
import { handKindTitle, isHandKind } from "./names.js";
import CHOICES from "./choices.json" with { type: "json" };
import MEANINGS from "./options.json" with { type: "json" };

const LABELS = {
  en: { options: "Rule options", notJson: "{0}: not a JSON value", add: "Add to", remove: "Remove from" },
  ru: { options: "Настройки правил", notJson: "{0}: не значение JSON", add: "Добавить в",
    remove: "Убрать из" },
};

function label(key, ...args) {
  const text = (LABELS[settings.lang] ?? LABELS.en)[key];
  return text.replace(/\{(\d)\}/g, (_, n) => String(args[Number(n)]));
}

/** What the form says an option means: in Russian our own words (options.json), since the
 * help's sentences quote the moves to type and English names; in English the sentence of the
 * help that states it, else the option's doc. */
function meaning(game, option, sentence) {
  const own = MEANINGS[settings.lang]?.[game]?.[option.name];
  return own ?? (sentence ? sentence.text : option.doc);
}

/** The option's range ("1 to 5; at most 4 long") in the page's language; on a Russian page
 * without the English list of values a list may hold, which its boxes show. */
function rangeWords(range) {
  if (settings.lang !== "ru") return range;
  const said = range.split("; ").filter((part) => !part.startsWith("one of ")).map((part) => part
    .replace(/,/g, "\u00a0")
    .replace(/^(.+) to (.+)$/, "от $1 до $2")
    .replace(/^at most (.+) long$/, "не длиннее $1"));
  return said.join("; ");
}

function shown(value) {
  return typeof value === "string" ? value : JSON.stringify(value);
}

// A list of whole numbers in a short span (the levels 6 to 10) is a box for each number.
const MOST_BOXES = 12;

/** The span of whole numbers a list's range allows ("6 to 10; at most 5 long"), if short. */
function shortSpan(option) {
  const found = /^(\d+) to (\d+)(;|$)/.exec(option.range ?? "");
  if (!found) return null;
  const [least, most] = [Number(found[1]), Number(found[2])];
  return most - least < MOST_BOXES ? Array.from({ length: most - least + 1 }, (_, n) => least + n) : null;
}

/** How a list option is chosen: boxes for a set of named or few values, a field for each item
 * of a list of numbers or words, the JSON of a list of tables or lists (a variant's steps). */
function listForm(option) {
  if (option.choices.length) return { form: "boxes", values: option.choices };
  const span = shortSpan(option);
  if (span) return { form: "boxes", values: span };
  const items = option.value;
  if (items.some((item) => typeof item === "object")) return { form: "json" };
  const numbers = /^\d/.test(option.range ?? "") || items.some((item) => typeof item === "number");
  return { form: "items", numbers };
}

/** How a box or menu names one of an option's values in the page's language: a kind of hand
 * (the bonus hands, the kitty's hand) as names.js says it, another as choices.json does, else as
 * the server names it (the English page). The value sent is always the server's. */
function valueTitle(game, option, value) {
  if (option.choices.length && option.choices.every(isHandKind)) return handKindTitle(value);
  return CHOICES[settings.lang]?.[game]?.[option.name]?.[value] ?? String(value);
}

function box(game, option, value) {
  const id = `rule-${option.name}-${value}`;
  const tick = el("input", { type: "checkbox", id, value: String(value) });
  tick.checked = option.value.includes(value);
  return el("label", { class: "list-choice", for: id }, tick, ` ${valueTitle(game, option, value)}`);
}

function itemField(option, numbers, value) {
  const field = el("input", { type: numbers ? "number" : "text", class: "list-item",
    "aria-label": option.name, value: value === undefined ? "" : String(value) });
  const remove = el("button", { type: "button", class: "list-remove", text: "×",
    "aria-label": `${label("remove")} ${option.name}` });
  const item = el("span", { class: "list-entry" }, field, remove);
  remove.addEventListener("click", () => item.remove());
  return item;
}

function listInput(game, option, id) {
  const how = listForm(option);
  if (how.form === "json") {
    return el("input", { id, "data-option": option.name, "data-form": "json", type: "text",
      value: shown(option.value) });
  }
  const list = el("span", { id, class: "list-option", role: "group", "aria-label": option.name,
    "data-option": option.name, "data-form": how.form });
  if (how.form === "boxes") {
    list.append(...how.values.map((value) => box(game, option, value)));
    return list;
  }
  list.dataset.numbers = how.numbers ? "1" : "";
  const entries = el("span", { class: "list-entries" },
    ...option.value.map((value) => itemField(option, how.numbers, value)));
  const add = el("button", { type: "button", class: "list-add", text: "+",
    "aria-label": `${label("add")} ${option.name}` });
  add.addEventListener("click", () => {
    entries.append(itemField(option, how.numbers, undefined));
    entries.lastChild.firstChild.focus();
  });
  list.append(entries, add);
  return list;
}

function input(game, option) {
  const id = `rule-${option.name}`;
  if (option.kind === "bool") {
    const tick = el("input", { type: "checkbox", id, "data-option": option.name });
    tick.checked = option.value === true;
    return tick;
  }
  if (option.kind === "choice") {
    const menu = el("select", { id, "data-option": option.name },
      ...option.choices.map((choice) => el("option", { value: choice,
        text: valueTitle(game, option, choice) })));
    menu.value = String(option.value);
    return menu;
  }
  if (option.kind === "list") return listInput(game, option, id);
  const number = option.kind === "int" || option.kind === "number";
  return el("input", { id, "data-option": option.name, type: number ? "number" : "text",
    value: shown(option.value) });
}

function readList(option, field) {
  if (field.dataset.form === "boxes") {
    const ticked = [...field.querySelectorAll("input:checked")].map((tick) => tick.value);
    return option.choices.length ? ticked : ticked.map(Number);
  }
  const items = [...field.querySelectorAll(".list-item")].map((item) => item.value.trim())
    .filter((value) => value !== "");
  return field.dataset.numbers ? items.map(Number) : items;
}

/** The field's value as the option's kind holds it. */
function read(option, field) {
  if (option.kind === "bool") return field.checked;
  if (option.kind === "int" || option.kind === "number") return Number(field.value);
  if (option.kind === "choice" || option.kind === "text") return field.value;
  if (option.kind === "list" && field.dataset.form !== "json") return readList(option, field);
  try {
    return JSON.parse(field.value);
  } catch {
    throw new Error(label("notJson", option.name));
  }
}

/** Whether the field holds the option's value: a set chosen by boxes in any order. */
function unchanged(option, field) {
  const value = read(option, field);
  if (field.dataset?.form === "boxes") {
    const sorted = (items) => JSON.stringify([...items].map(String).sort());
    return sorted(value) === sorted(option.value);
  }
  return shown(value) === shown(option.value);
}

function nested(changed) {
  const rules = {};
  for (const [name, value] of changed) {
    const parts = name.split(".");
    let at = rules;
    for (const part of parts.slice(0, -1)) at = at[part] ??= {};
    at[parts.at(-1)] = value;
  }
  return rules;
}

/** The first sentence of the rules' help stating each option, by the option's name: what the
 * form says of it, in the page's language, with its clause as a player looks it up. */
function toldBy(sections) {
  const told = new Map();
  for (const sentence of sections.flatMap((section) => section.sentences)) {
    for (const setting of sentence.settings) if (!told.has(setting.name)) told.set(setting.name, sentence);
  }
  return told;
}

/** The fields of a preset's options: ``element`` to lay out, ``load`` a preset's, ``value()`` the
 * changed ones as rule overrides (undefined when none). */
export function ruleFields() {
  const box = el("details", { class: "rule-options" }, el("summary", { text: label("options") }));
  let fields = [];
  let asked = "";
  const load = async (game, preset) => {
    const key = `${game}/${preset}/${settings.lang}`;
    asked = key;
    fields = []; // never another preset's options while this one's are asked for
    box.replaceChildren(box.firstChild);
    const answer = await fetch(`/api/games/${game}/presets/${preset}/rules?language=${settings.lang}`);
    if (!answer.ok || asked !== key) return;
    const { options, sections } = await answer.json();
    const told = toldBy(sections);
    fields = options.map((option) => ({ option, field: input(game, option) }));
    box.replaceChildren(box.firstChild, ...fields.map(({ option, field }) => {
      const sentence = told.get(option.name);
      const about = meaning(game, option, sentence);
      const range = option.range ? ` (${rangeWords(option.range)})` : "";
      // A list of boxes or fields is a group with its own labels, not one field's label.
      const row = field.classList.contains("list-option") ? "div" : "label";
      return el(row, { class: "rule-option" },
        el("span", { class: "option-name", text: `${option.name} ` }), field,
        el("small", { class: "option-about", text: ` ${about}${range}` }), " ",
        el("cite", { text: sentence ? sentence.cited : option.source }));
    }));
  };
  const value = () => {
    const changed = fields.filter(({ option, field }) => !unchanged(option, field));
    if (!changed.length) return undefined;
    return nested(changed.map(({ option, field }) => [option.name, read(option, field)]));
  };
  return { element: box, load, value };
}
