// The lobby's "With friends" form: a game, how many play, who sits where (you, a person you invite,
// anyone, or a bot this game can seat), the pace, and the rules options folded under "More options",
// each explained in one short sentence (the game's own help).
import { h, t, tr, lang, optionName, optionValue } from "/static/i18n.js";
import { api, saveSeat, saveInvites, myName, saveName } from "/static/api.js";
import { DEFAULT_LEVEL } from "/static/cards.js";
import { timeFields } from "/static/lobby-time.js";

const DECK_MAX = 32 * 1024; // the server refuses bigger decks too
const L = {
  openSeat: { en: "Anyone (open seat)", es: "Cualquiera (asiento libre)" },
  deckTooBig: { en: "the deck file is larger than 32 KiB", es: "el archivo de mazo pasa de 32 KiB" },
  deckNotJson: { en: "the deck file could not be read as a deck", es: "el archivo de mazo no se pudo leer como mazo" },
  friendsTitle: { en: "Play with friends", es: "Jugar con amigos" },
  friendsHelp: { en: "Choose who sits where; each friend gets an invitation link.", es: "Elige quién se sienta dónde; cada amigo recibe un enlace de invitación." },
  moreOptions: { en: "More options", es: "Más opciones" }, moreBots: { en: "More bots", es: "Más bots" },
  rated: { en: "Rated game", es: "Partida puntuable" },
  ratedHelp: { en: "Its result changes the ratings. Everyone signs in; bots play a level with a rating (shown beside it).",
    es: "Su resultado cambia las puntuaciones. Todos entran en su cuenta; los bots juegan en un nivel con puntuación (se ve a su lado)." },
};
// a rated level's fixed rating as the player's language writes numbers ("1,840", "1.840": grouped always)
const rating = (n) => new Intl.NumberFormat(lang() === "es" ? "es-ES" : "en-US", { useGrouping: "always" }).format(n);
const botCache = {};  // game|players|options -> the bots the server says it can seat

function optionField(option) {
  const id = `opt-${option.name}`;
  const help = h("span", { class: "option-help", id: `${id}-help` }, tr(option.help));
  const title = h("span", { class: "option-name" }, optionName(option.name));
  if (option.kind === "deck") {
    // a custom deck is sent as its content, never as a file name (the server opens no file)
    const input = h("input", { type: "file", id, "data-option": option.name, "data-kind": "deck", accept: ".json,application/json", "aria-describedby": `${id}-help` });
    return h("div", { class: "option" }, h("label", { for: id }, title), " ", input, help);
  }
  let input;
  if (option.kind === "bool") {
    input = h("input", { type: "checkbox", id, "data-option": option.name, checked: option.default === true, "aria-describedby": `${id}-help` });
    return h("div", { class: "option" }, h("label", { for: id }, input, " ", title), help);
  }
  if (option.kind === "choice") {
    input = h("select", { id, "data-option": option.name, "aria-describedby": `${id}-help` },
      option.choices.map((c) => h("option", { value: String(c), selected: c === option.default }, optionValue(c, option.name))));
  } else if (option.kind === "int") {
    input = h("input", { type: "number", id, "data-option": option.name, value: option.default, min: option.minimum, max: option.maximum, "aria-describedby": `${id}-help` });
  } else {
    input = h("input", { type: "text", id, "data-option": option.name, value: option.default ?? "", maxlength: 100, "aria-describedby": `${id}-help` });
  }
  return h("div", { class: "option" }, h("label", { for: id }, title), " ", input, help);
}

function botOptions(bots, chosen, ratings = {}) {
  const one = (b) => h("option", { value: `bot:${b.name}`, selected: chosen === `bot:${b.name}` },
    `${t("bot")}: ${tr(b.label)}` + (ratings[b.name] ? ` ≈ ${rating(ratings[b.name])}` : ""));
  return [...bots.levels.map(one), bots.more.length ? h("optgroup", { label: tr(L.moreBots) }, bots.more.map(one)) : null];
}

function seatRow(i, chosen, bots, ratings) {
  const select = h("select", { "data-seat": i, id: `seat-${i}`, "aria-label": `${t("seat")} ${i + 1}` },
    i === 0 ? h("option", { value: "me", selected: chosen === "me" }, t("you")) : null,
    h("option", { value: "human", selected: chosen === "human" }, t("person")),
    h("option", { value: "open", selected: chosen === "open" }, tr(L.openSeat)),
    botOptions(bots, chosen, ratings));
  return h("div", { class: "seatrow" }, h("label", { class: "seatno", for: `seat-${i}` }, `${t("seat")} ${i + 1}`), select);
}

// Build the form into `box`; returns `choose(game, invite)` to show a game's form ("With friends").
export function renderCreate(box, catalogue) {
  box.replaceChildren();
  if (!catalogue.games.length) return () => {};
  const gameSelect = h("select", { id: "game" }, catalogue.games.map((g) => h("option", { value: g.name }, tr(g.title))));
  const countSelect = h("select", { id: "players" });
  const optionsBox = h("div", { class: "options" });
  const seatsBox = h("div", { class: "seats" });
  const nameInput = h("input", { id: "name", maxlength: 40, value: myName(), autocomplete: "nickname" });
  const privateBox = h("input", { type: "checkbox", id: "private" });
  // a rated game: offered to an account only (the server refuses it otherwise, and says why)
  const ratedBox = h("input", { type: "checkbox", id: "rated", "aria-describedby": "rated-help" });
  const ratedRow = h("div", { class: "formrow hidden", id: "rated-row" }, h("label", { for: "rated" }, ratedBox, " ", tr(L.rated)),
    h("span", { class: "option-help", id: "rated-help" }, tr(L.ratedHelp)));
  fetch("/api/account").then((r) => r.json()).then((d) => ratedRow.classList.toggle("hidden", !d.account)).catch(() => {});
  // the room's pace: how long the bots wait so the people can follow (stored with the room)
  const paceSelect = h("select", { id: "pace" }, ["slow", "normal", "fast"].map((p) => h("option", { value: p, selected: p === "normal" }, t(`pace_${p}`))));
  const message = h("p", { class: "error", id: "create-error", role: "alert" });
  const time = timeFields();  // live or turn-based, clocks, the timeout rule (lobby-time.js)
  const more = h("details", { id: "more-options", class: "more-options" }, h("summary", {}, tr(L.moreOptions)), time.box, optionsBox);
  let inviting = false;

  const readOptions = () => {
    const options = {};
    for (const input of optionsBox.querySelectorAll("[data-option]")) {
      if (input.dataset.kind === "deck") continue;
      options[input.dataset.option] = input.type === "checkbox" ? input.checked : input.type === "number" ? Number(input.value) : input.value;
    }
    return options;
  };
  const botKey = () => `${gameSelect.value}|${countSelect.value}|${JSON.stringify(readOptions())}`;
  const fallback = { levels: ["easy", "medium", "hard"].map((name) => ({ name, label: { en: name, es: name } })), more: [] };
  const ratings = () => (catalogue.games.find((g) => g.name === gameSelect.value) || {}).bot_ratings || {};
  const currentBots = () => botCache[botKey()] || botCache[`${gameSelect.value}|default`] || fallback;
  // the server says which bots this game, these options and this many players can seat; a choice
  // the table can no longer seat falls back to the default level
  const refreshBots = async () => {
    const key = botKey();
    if (!botCache[key]) {
      try {
        botCache[key] = await api("/api/bots", { game: gameSelect.value, players: Number(countSelect.value), options: readOptions() });
      } catch { return; }  // options the game refuses: it says why when the room is made
    }
    if (key !== botKey()) return;
    for (const select of seatsBox.querySelectorAll("select")) {
      const value = select.value, keep = [...select.options].filter((o) => !o.value.startsWith("bot:"));
      select.replaceChildren(...keep, ...botOptions(botCache[key], value, ratings()));
      const offered = [...select.options].some((o) => o.value === value);
      select.value = offered ? value : `bot:${DEFAULT_LEVEL}`;
    }
  };
  const fillSeats = () => {
    const n = Number(countSelect.value), before = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    const other = inviting ? "human" : `bot:${DEFAULT_LEVEL}`;
    seatsBox.replaceChildren(...Array.from({ length: n }, (_, i) => seatRow(i, before[i] ?? (i === 0 ? "me" : other), currentBots(), ratings())));
    refreshBots();
  };
  const fillGame = () => {
    const game = catalogue.games.find((g) => g.name === gameSelect.value);
    countSelect.replaceChildren();
    for (let n = game.players[0]; n <= game.players[1]; n++) {
      countSelect.append(h("option", { value: n, selected: n === game.default_players }, String(n)));
    }
    optionsBox.replaceChildren(...game.options.map(optionField));
    optionsBox.classList.toggle("hidden", !game.options.length);  // the pace of play is always there
    seatsBox.replaceChildren();
    fillSeats();
  };
  gameSelect.addEventListener("change", fillGame);
  countSelect.addEventListener("change", fillSeats);
  optionsBox.addEventListener("change", refreshBots);

  const create = async (event) => {
    event.preventDefault();
    message.textContent = "";
    const options = readOptions();
    const deck = optionsBox.querySelector("[data-kind=deck]");
    const file = deck && deck.files && deck.files[0];
    if (file) {
      if (file.size > DECK_MAX) { message.textContent = tr(L.deckTooBig); return; }
      try { options[deck.dataset.option] = JSON.parse(await file.text()); } catch { message.textContent = tr(L.deckNotJson); return; }
    }
    options.pace = paceSelect.value;
    Object.assign(options, time.read());
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
        ...(ratedRow.classList.contains("hidden") ? {} : { rated: ratedBox.checked }),
      });
      if (made.token) saveSeat(made.room.id, made.seat, made.token);
      saveInvites(made.room.id, made.invites);
      location.href = `/room/${encodeURIComponent(made.room.id)}`;
    } catch (err) {
      message.textContent = err.message;
    }
  };

  box.append(h("h2", { id: "h-create" }, tr(L.friendsTitle)), h("p", { class: "muted" }, tr(L.friendsHelp)),
    h("form", { id: "create-form", onsubmit: create },
      h("div", { class: "formrow" }, h("label", { for: "game" }, t("game")), gameSelect, h("label", { for: "players" }, t("players")), countSelect),
      h("fieldset", {}, h("legend", {}, t("seats")), seatsBox),
      h("div", { class: "formrow" }, h("label", { for: "name" }, t("yourName")), nameInput),
      h("div", { class: "formrow" }, h("label", { for: "pace" }, t("pace")), paceSelect),
      h("div", { class: "formrow" }, h("label", { for: "private" }, privateBox, " ", t("private"))),
      ratedRow,
      more,
      h("div", {}, h("button", { type: "submit", class: "primary", id: "create-button" }, t("create"))),
      message));
  fillGame();
  // each game's bots at its usual size, asked once: the seats are right before any option changes
  for (const g of catalogue.games) {
    api("/api/bots", { game: g.name, players: g.default_players, options: {} })
      .then((bots) => { botCache[`${g.name}|default`] = bots; if (g.name === gameSelect.value) refreshBots(); }).catch(() => {});
  }
  return (game, invite) => {
    inviting = invite;
    gameSelect.value = game;
    fillGame();
    box.scrollIntoView({ behavior: "smooth", block: "start" });
    gameSelect.focus({ preventScroll: true });
  };
}
