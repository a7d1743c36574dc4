// The page's entry: the lobby and the new-table form at "/", a table at "/tables/{id}".
import { invited } from "./address.js";
import { clockFields } from "./clock.js";
import { el } from "./dom.js";
import { indexStyle, save, settings, t } from "./i18n.js";
import { botKind, gameTitle, presetTitle } from "./names.js";
import { ruleFields } from "./options.js";
import { presetAbout } from "./presets.js";
import { TablePage, tokenKey } from "./table.js";

const main = document.querySelector("main");
let page = null;

async function api(method, path, body) {
  const answer = await fetch(path, { method, headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await answer.json();
  if (!answer.ok) {
    const detail = typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail);
    throw new Error(detail);
  }
  return data;
}

function playerName() {
  return localStorage.getItem("ct.name") || t("guest");
}

function settingsBar() {
  const language = el("select", { "aria-label": t("language"), id: "language" },
    el("option", { value: "en", text: "English" }), el("option", { value: "ru", text: "Русский" }));
  language.value = settings.lang;
  language.addEventListener("change", () => { save("lang", language.value); route(); });
  // No blank choice: until one is picked the indices follow the language, and say which.
  const indices = el("select", { "aria-label": t("indices"), id: "indices" },
    el("option", { value: "en", text: "A K Q J" }), el("option", { value: "ru", text: "Т К Д В" }));
  indices.value = indexStyle();
  indices.addEventListener("change", () => { save("indices", indices.value); redraw(); });
  const four = el("input", { type: "checkbox", id: "four-colours" });
  four.checked = settings.fourColours;
  four.addEventListener("change", () => { save("fourColours", four.checked); redraw(); });
  const bar = document.querySelector("#settings");
  bar.replaceChildren(
    el("a", { href: "/", text: t("lobby") }),
    el("label", {}, `${t("language")} `, language),
    el("label", {}, `${t("indices")} `, indices),
    el("label", {}, four, ` ${t("fourColours")}`));
  document.documentElement.lang = settings.lang;
}

function redraw() {
  if (page) page.render();
}

// One page of the lobby and the address of the next (the answer's Link header), if any.
async function lobbyPage(path) {
  const answer = await fetch(path);
  const next = /<([^>]+)>;\s*rel="next"/.exec(answer.headers.get("link") ?? "");
  return { tables: await answer.json(), next: next ? next[1] : null };
}

async function lobby() {
  const [first, games] = await Promise.all([lobbyPage("/api/tables"), api("GET", "/api/games")]);
  const list = el("ul", { class: "lobby" });
  const more = el("button", { type: "button", id: "more-tables", text: t("moreTables") });
  const show = ({ tables, next }) => {
    for (const table of tables) {
      const seats = table.seats.map((seat) => (seat.open ? t("open") : seat.name)).join(", ");
      const open = table.seats.some((seat) => seat.open);
      const preset = table.preset ? presetTitle(table.game, table.preset) : "—";
      list.append(el("li", {}, el("span", { text:
        `${gameTitle(table.game)} (${preset}) · ${seats} · ${t(table.status)}` }),
        open ? el("a", { class: "button", href: `/tables/${table.id}`, text: t("join") }) : null,
        el("a", { class: "button", href: `/tables/${table.id}?watch=1`, text: t("watch") })));
    }
    more.hidden = next === null;
    more.onclick = async () => show(await lobbyPage(next));
  };
  show(first);
  main.replaceChildren(el("h1", { text: t("lobby") }),
    first.tables.length ? list : el("p", { text: t("noTables") }), more, newTableForm(games));
}

function newTableForm(games) {
  const form = el("form", { class: "new-table", "aria-label": t("newTable") });
  const game = el("select", { id: "game", name: "game" },
    ...games.map((g) => el("option", { value: g.name, text: gameTitle(g.name) })));
  const preset = el("select", { id: "preset", name: "preset" });
  const about = el("p", { class: "preset-about", id: "preset-about" });
  const seats = el("fieldset", { class: "seat-choices" });
  const name = el("input", { id: "name", name: "name", value: playerName(), maxlength: "40" });
  const deals = el("input", { id: "deals", name: "deals", type: "number", min: "1", max: "100000",
    placeholder: "∞" });
  const error = el("p", { class: "refusal", role: "alert" });
  const clock = clockFields();
  const options = ruleFields();
  const chosen = () => games.find((g) => g.name === game.value);
  const fillPresets = () => {
    const g = chosen();
    preset.replaceChildren(...g.presets.map((p) => el("option", { value: p, text: presetTitle(g.name, p) })));
    preset.value = g.default_preset;
    describe();
    fillSeats(g.players[0]);
  };
  const describe = () => {
    const g = chosen();
    about.textContent = presetAbout(g.name, preset.value, g.preset_descriptions[preset.value] ?? "");
    options.load(g.name, preset.value);
  };
  const fillSeats = (count) => {
    const g = chosen();
    const number = el("select", { id: "seat-count", "aria-label": t("seats") },
      ...g.players.map((n) => el("option", { value: String(n), text: String(n) })));
    number.value = String(count);
    number.addEventListener("change", () => fillSeats(Number(number.value)));
    const rows = [];
    for (let seat = 0; seat < count; seat += 1) {
      const choice = el("select", { id: `seat-${seat}`, "aria-label": `${t("seat")} ${seat}` },
        el("option", { value: "you", text: t("you") }),
        ...g.bots.map((bot) => el("option", { value: `bot ${bot}`, text: `${t("bot")} ${botKind(bot)}` })),
        el("option", { value: "open", text: t("open") }));
      choice.value = seat === 0 ? "you" : `bot ${g.bots.includes("default") ? "default" : g.bots[0]}`;
      rows.push(el("label", {}, `${t("seat")} ${seat} `, choice));
    }
    seats.replaceChildren(el("legend", { text: t("seats") }), number, ...rows);
  };
  if (games.some((g) => g.name === "preferans")) game.value = "preferans";
  game.addEventListener("change", fillPresets);
  preset.addEventListener("change", describe);
  form.append(el("h2", { text: t("newTable") }),
    el("label", {}, `${t("game")} `, game), el("label", {}, `${t("preset")} `, preset), about,
    options.element, seats, el("label", {}, `${t("deals")} `, deals), clock.element,
    el("label", {}, `${t("name")} `, name),
    el("button", { type: "submit", id: "create", text: t("create") }), error);
  form.addEventListener("submit", async (submitted) => {
    submitted.preventDefault();
    const choices = [...seats.querySelectorAll("select[id^=seat-]")]
      .filter((s) => s.id !== "seat-count").map((s) => s.value);
    localStorage.setItem("ct.name", name.value.trim() || t("guest"));
    try {
      const table = await api("POST", "/api/tables", { game: game.value, preset: preset.value,
        seats: choices.map((c) => (c === "you" ? "open" : c)), deals: deals.value ? Number(deals.value) : undefined,
        clock: clock.value(), rules: options.value() });
      localStorage.setItem(`ct.invite.${table.id}`, location.origin + table.invite_url);
      const mine = choices.indexOf("you");
      if (mine >= 0) {
        const seat = await api("POST", `/api/tables/${table.id}/join`,
          { seat: mine, invite: table.invite, name: playerName() });
        localStorage.setItem(tokenKey(table.id), seat.token);
      }
      history.pushState({}, "", `/tables/${table.id}`);
      route();
    } catch (failure) {
      error.textContent = failure.message;
    }
  });
  fillPresets();
  return form;
}

async function tablePage(tableId) {
  const query = new URLSearchParams(location.search);
  let token = localStorage.getItem(tokenKey(tableId));
  if (!token && !query.has("watch")) {
    const table = await api("GET", invited(`/api/tables/${tableId}`, query.get("invite")));
    if (table.seats.some((seat) => seat.open)) {
      token = await joinForm(tableId, query.get("invite"));
    }
  }
  page = new TablePage(main, tableId, token, query.get("invite"));
  const invite = localStorage.getItem(`ct.invite.${tableId}`);
  if (invite) main.dataset.invite = invite;
}

function joinForm(tableId, invite) {
  return new Promise((resolve) => {
    const name = el("input", { id: "name", value: playerName(), maxlength: "40" });
    const error = el("p", { class: "refusal", role: "alert" });
    const join = el("button", { type: "submit", id: "join", text: t("join") });
    const watch = el("button", { type: "button", id: "watch", text: t("watch"),
      onclick: () => resolve(null) });
    const form = el("form", { class: "join" }, el("label", {}, `${t("name")} `, name), join,
      watch, error);
    form.addEventListener("submit", async (submitted) => {
      submitted.preventDefault();
      localStorage.setItem("ct.name", name.value.trim() || t("guest"));
      try {
        const seat = await api("POST", `/api/tables/${tableId}/join`,
          { invite, name: playerName() });
        localStorage.setItem(tokenKey(tableId), seat.token);
        resolve(seat.token);
      } catch (failure) {
        error.textContent = failure.message;
      }
    });
    main.replaceChildren(el("h1", { text: t("join") }), form);
    name.focus();
  });
}

async function route() {
  if (page) page.close();
  page = null;
  settingsBar();
  const found = /^\/tables\/([\w-]+)$/.exec(location.pathname);
  try {
    await (found ? tablePage(found[1]) : lobby());
  } catch (failure) {
    main.replaceChildren(el("p", { class: "refusal", role: "alert", text: failure.message }),
      el("a", { href: "/", text: t("back") }));
  }
}

window.addEventListener("popstate", route);
route();

