// The lobby: create a room, join an open seat, watch a game, replay a finished one.
import { h, t, tr, lang, langSwitch, optionName, optionValue, botName } from "/static/i18n.js";
import { api, saveSeat, saveInvites, myName, saveName, mySeat } from "/static/api.js";

let catalogue = { games: [], bots: [] };
const $ = (id) => document.getElementById(id);
const DECK_MAX = 32 * 1024; // the server refuses bigger decks too
// each list's pages seen so far, by the server's cursor (keyset paging: as fast at any depth, and a
// room made meanwhile never shifts the page); the last is the page shown, null the newest
const cursors = { open: [null], running: [null], finished: [null] };
const depth = (kind) => cursors[kind].length - 1;
// texts of this page only (the shared ones are in i18n.js)
const L = {
  openSeat: { en: "Anyone (open seat)", es: "Cualquiera (asiento libre)" },
  inviteOnly: { en: "invitation", es: "invitación" },
  deckFile: { en: "deck file (JSON); none: the packaged deck", es: "archivo de mazo (JSON); ninguno: el mazo incluido" },
  deckTooBig: { en: "the deck file is larger than 32 KiB", es: "el archivo de mazo pasa de 32 KiB" },
  deckNotJson: { en: "the deck file is not valid JSON", es: "el archivo de mazo no es JSON válido" },
  newer: { en: "Newer", es: "Más recientes" }, older: { en: "Older", es: "Más antiguas" },
  pageOf: { en: "rooms {a}–{b} of {n}", es: "salas {a}–{b} de {n}" },
  stopped: { en: "stopped at the move limit, no winner", es: "detenida al llegar al límite de jugadas, sin ganador" },
};

function optionField(option) {
  const label = tr(option.help);
  const id = `opt-${option.name}`;
  let input;
  if (option.kind === "bool") {
    input = h("input", { type: "checkbox", id, "data-option": option.name, checked: option.default === true });
  } else if (option.kind === "choice") {
    input = h("select", { id, "data-option": option.name },
      option.choices.map((c) => h("option", { value: String(c), selected: c === option.default }, optionValue(c))));
  } else if (option.kind === "deck") {
    // a custom deck is sent as its content, never as a file name (the server opens no file)
    input = h("input", { type: "file", id, "data-option": option.name, "data-kind": "deck", accept: ".json,application/json" });
    return h("label", { class: "option", for: id }, h("span", {}, `${optionName(option.name)}: ${tr(L.deckFile)}`), " ", input);
  } else if (option.kind === "int") {
    input = h("input", { type: "number", id, "data-option": option.name, value: option.default, min: option.minimum, max: option.maximum });
  } else {
    input = h("input", { type: "text", id, "data-option": option.name, value: option.default ?? "", maxlength: 100 });
  }
  return h("label", { class: "option", for: id }, input, " ", h("span", {}, `${optionName(option.name)}: ${label}`));
}

function seatRow(i, defaultKind) {
  const select = h("select", { "data-seat": i, id: `seat-${i}`, "aria-label": `${t("seat")} ${i + 1}` },
    i === 0 ? h("option", { value: "me" }, t("you")) : null,
    h("option", { value: "human" }, t("person")),
    h("option", { value: "open" }, tr(L.openSeat)),
    catalogue.bots.map((b) => h("option", { value: `bot:${b}`, selected: defaultKind === `bot:${b}` }, `${t("bot")}: ${botName(b)}`)));
  return h("div", { class: "seatrow" }, h("span", { class: "seatno" }, `${t("seat")} ${i + 1}`), select);
}

function renderCreate() {
  const box = $("create");
  box.replaceChildren();
  if (!catalogue.games.length) return;
  const gameSelect = h("select", { id: "game" }, catalogue.games.map((g) => h("option", { value: g.name }, tr(g.title))));
  const countSelect = h("select", { id: "players" });
  const optionsBox = h("div", { class: "options" });
  const seatsBox = h("div", { class: "seats" });
  const nameInput = h("input", { id: "name", maxlength: 40, value: myName(), placeholder: t("yourName") });
  const privateBox = h("input", { type: "checkbox", id: "private" });
  // the room's pace: how long the bots wait so the people can follow (stored with the room)
  const paceSelect = h("select", { id: "pace" }, ["slow", "normal", "fast"].map((p) => h("option", { value: p, selected: p === "normal" }, t(`pace_${p}`))));
  const message = h("p", { class: "error", id: "create-error", role: "alert" });
  const bestBot = catalogue.bots.includes("medium") ? "bot:medium" : `bot:${catalogue.bots[0]}`;

  const fillSeats = () => {
    const n = Number(countSelect.value);
    seatsBox.replaceChildren(...Array.from({ length: n }, (_, i) => seatRow(i, i === 0 ? "me" : bestBot)));
  };
  const fillGame = () => {
    const game = catalogue.games.find((g) => g.name === gameSelect.value);
    countSelect.replaceChildren();
    for (let n = game.players[0]; n <= game.players[1]; n++) {
      countSelect.append(h("option", { value: n, selected: n === game.default_players }, String(n)));
    }
    optionsBox.replaceChildren(...game.options.map(optionField));
    fillSeats();
  };
  gameSelect.addEventListener("change", fillGame);
  countSelect.addEventListener("change", fillSeats);

  const create = async (event) => {
    event.preventDefault();
    message.textContent = "";
    const options = {};
    for (const input of optionsBox.querySelectorAll("[data-option]")) {
      const name = input.dataset.option;
      if (input.dataset.kind === "deck") {
        const file = input.files && input.files[0];
        if (!file) continue; // the default deck
        if (file.size > DECK_MAX) { message.textContent = tr(L.deckTooBig); return; }
        try { options[name] = JSON.parse(await file.text()); } catch { message.textContent = tr(L.deckNotJson); return; }
        continue;
      }
      options[name] = input.type === "checkbox" ? input.checked : input.type === "number" ? Number(input.value) : input.value;
    }
    options.pace = paceSelect.value;
    let creatorSeat = null;
    const seats = [...seatsBox.querySelectorAll("select")].map((select, i) => {
      if (select.value === "me") { creatorSeat = i; return { kind: "human" }; }
      if (select.value === "human") return { kind: "human", invite: true }; // only its invitation opens it
      if (select.value === "open") return { kind: "human" };
      return { kind: "bot", bot: select.value.slice(4) };
    });
    const name = nameInput.value.trim();
    saveName(name);
    try {
      const made = await api("/api/rooms", {
        game: gameSelect.value, options, seats, private: privateBox.checked, name, seat: creatorSeat,
      });
      if (made.token) saveSeat(made.room.id, made.seat, made.token);
      saveInvites(made.room.id, made.invites);
      location.href = `/room/${encodeURIComponent(made.room.id)}`;
    } catch (err) {
      message.textContent = err.message;
    }
  };

  box.append(h("h2", {}, t("newRoom")), h("form", { id: "create-form", onsubmit: create },
    h("label", {}, t("game"), " ", gameSelect), " ",
    h("label", {}, t("players"), " ", countSelect),
    h("fieldset", {}, h("legend", {}, t("options")), optionsBox),
    h("fieldset", {}, h("legend", {}, t("seats")), seatsBox),
    h("label", {}, t("pace"), " ", paceSelect), " ",
    h("label", {}, t("yourName"), " ", nameInput),
    h("label", { class: "option" }, privateBox, " ", t("private")),
    h("div", {}, h("button", { type: "submit", class: "primary", id: "create-button" }, t("create"))),
    message));
  fillGame();
}

function seatLabel(s) {
  if (s.kind === "bot") return `${botName(s.name)} (${t("bot")})`;
  if (!s.claimed && s.invite) return `· ${tr(L.inviteOnly)}`;
  if (!s.claimed) return `· ${t("open")}`;
  return s.name;
}

function roomItem(room, kind) {
  const title = h("strong", {}, tr(room.title));
  const who = h("span", { class: "muted" }, room.seats.map(seatLabel).join(" · "));
  const actions = h("span", { class: "actions" });
  const mine = mySeat(room.id);
  if (kind === "open") {
    if (mine) actions.append(h("a", { class: "button primary", href: `/room/${encodeURIComponent(room.id)}` }, t("play")));
    for (const s of room.seats) {
      if (s.kind !== "human" || s.claimed || s.invite || mine) continue; // an invitation seat opens from its link only
      actions.append(h("button", {
        class: "primary", type: "button", "data-join": `${room.id}:${s.seat}`,
        onclick: async () => {
          const name = (document.getElementById("name")?.value || myName()).trim();
          saveName(name);
          try {
            const got = await api(`/api/rooms/${encodeURIComponent(room.id)}/claim`, { seat: s.seat, name });
            saveSeat(room.id, got.seat, got.token);
            location.href = `/room/${encodeURIComponent(room.id)}`;
          } catch (err) { alert(err.message); }
        },
      }, `${t("join")} (${t("seat")} ${s.seat + 1})`));
    }
  } else if (kind === "running") {
    actions.append(h("a", { class: "button", href: `/room/${encodeURIComponent(room.id)}` }, mine ? t("play") : t("watch")));
  } else {
    if (room.stopped) who.append(` — ${tr(L.stopped)}`);
    else {
      const winners = room.result ? room.result.winners.map((w) => (room.seats[w].kind === "bot" ? botName(room.seats[w].name) : room.seats[w].name)).join(", ") : "";
      who.append(` — ${t("winner")}: ${winners}`);
    }
    actions.append(h("a", { class: "button", href: `/replay/${encodeURIComponent(room.id)}` }, t("replay")));
  }
  const moves = kind === "open" ? "" : ` · ${room.moves} ${t("moves")}`;
  return h("li", { "data-room": room.id }, title, h("span", { class: "muted" }, moves), h("br"), who, actions);
}

function pager(kind, page) {
  const total = page.total[kind];
  let box = $(`pager-${kind}`);
  if (!box) { box = h("div", { class: "pager", id: `pager-${kind}` }); $(kind).after(box); }
  const next = (page.next || {})[kind];
  if (!next && depth(kind) === 0) { box.replaceChildren(); return; }
  const skipped = depth(kind) * page.limit;
  const from = Math.min(skipped + 1, total), to = Math.min(skipped + page[kind].length, total);
  const newer = () => { if (depth(kind) > 0) { cursors[kind].pop(); refreshLists(); } };
  const older = () => { if (next) { cursors[kind].push(next); refreshLists(); } };
  box.replaceChildren(
    h("button", { type: "button", disabled: depth(kind) === 0, "data-page": `${kind}:newer`, onclick: newer }, tr(L.newer)),
    h("span", { class: "muted", "aria-live": "polite" }, tr(L.pageOf).replace("{a}", from).replace("{b}", to).replace("{n}", total)),
    h("button", { type: "button", disabled: !next, "data-page": `${kind}:older`, onclick: older }, tr(L.older)));
}

async function refreshLists() {
  try {
    // one request while every list shows its first page; one per list that is paged on
    const kinds = ["open", "running", "finished"];
    const pages = {};
    if (kinds.every((k) => depth(k) === 0)) {
      const page = await api("/api/rooms");
      for (const k of kinds) pages[k] = page;
    } else {
      await Promise.all(kinds.map(async (k) => {
        const at = cursors[k][depth(k)];
        pages[k] = await api(`/api/rooms?status=${k}` + (at ? `&before=${encodeURIComponent(at)}` : ""));
      }));
    }
    for (const kind of kinds) {
      const page = pages[kind];
      if (depth(kind) > 0 && !page[kind].length && page.total[kind] > 0) { // the list shrank under this page
        cursors[kind].pop();
        return refreshLists();
      }
      const items = page[kind].map((room) => roomItem(room, kind));
      $(kind).replaceChildren(...(items.length ? items : [h("li", { class: "muted" }, t("none"))]));
      pager(kind, page);
    }
  } catch { /* the next refresh tries again */ }
}

function renderStatic() {
  document.documentElement.lang = lang();
  $("tagline").textContent = t("tagline");
  $("h-open").textContent = t("openRooms");
  $("h-running").textContent = t("runningRooms");
  $("h-finished").textContent = t("finishedRooms");
  $("lang").replaceChildren(langSwitch(() => { renderStatic(); renderCreate(); refreshLists(); }));
}

async function start() {
  renderStatic();
  catalogue = await api("/api/games");
  renderCreate();
  refreshLists();
  setInterval(refreshLists, 3000);
}
start();
