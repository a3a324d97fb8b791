// The lobby: the games you are in and the open rooms first, then each game as a card (its board
// drawn by its own module, a one-line pitch, players, length, "Play now", "With friends", its rules),
// the "With friends" form (lobby-form.js), and the games being played and finished.
import { h, t, tr, lang, langSwitch, learnGame } from "/static/i18n.js";
import { api, saveSeat, myName, saveName, mySeat } from "/static/api.js";
import { boardPicture, facts, playNow, say } from "/static/cards.js";
import { renderCreate } from "/static/lobby-form.js";

let catalogue = { games: [], bots: [] }, choose = () => {};
const $ = (id) => document.getElementById(id);
// each list's pages seen so far, by the server's cursor (keyset paging: as fast at any depth, and a
// room made meanwhile never shifts the page); the last is the page shown, null the newest
const cursors = { open: [null], running: [null], finished: [null] };
const depth = (kind) => cursors[kind].length - 1;
// texts of this page only (the shared ones are in i18n.js)
const L = {
  inviteOnly: { en: "invitation", es: "invitación" },
  newer: { en: "Newer", es: "Más recientes" }, older: { en: "Older", es: "Más antiguas" },
  pageOf: { en: "rooms {a}–{b} of {n}", es: "salas {a}–{b} de {n}" },
  stopped: { en: "stopped at the move limit, no winner", es: "detenida al llegar al límite de jugadas, sin ganador" },
  tagline: { en: "Tabletop games for the family, on any screen", es: "Juegos de mesa para la familia, en cualquier pantalla" },
  games: { en: "Choose a game", es: "Elige un juego" }, mine: { en: "Your games", es: "Tus partidas" },
  rulesOf: { en: "Rules of {game}", es: "Reglas de {game}" },
  playNowOf: { en: "Play {game} now against bots", es: "Jugar ya a {game} contra bots" },
  friendsOf: { en: "Play {game} with friends", es: "Jugar a {game} con amigos" },
  learnOf: { en: "Learn to play {game}", es: "Aprende a jugar a {game}" },
  yourTurn: { en: "your turn", es: "tu turno" },
};
const fill = (text, vars) => Object.entries(vars).reduce((s, [k, v]) => s.replaceAll(`{${k}}`, v), text);

function gameCard(card) {
  const title = tr(card.title), picture = h("div", { class: "picture" });
  boardPicture(card).then((svg) => { if (svg) picture.replaceChildren(svg); else picture.classList.add("no-picture"); })
    .catch(() => picture.classList.add("no-picture"));
  const play = h("button", { type: "button", class: "primary", "data-play-now": card.name, "aria-label": fill(tr(L.playNowOf), { game: title }) }, say("playNow"));
  play.addEventListener("click", () => playNow(card, play).catch((err) => alert(err.message)));
  return h("article", { class: "gamecard", "data-game": card.name, "aria-labelledby": `title-${card.name}` },
    picture,
    h("h3", { id: `title-${card.name}` }, title),
    card.pitch ? h("p", { class: "pitch" }, tr(card.pitch)) : null,
    h("p", { class: "facts muted" }, facts(card)),
    h("div", { class: "cardactions" }, play,
      h("button", { type: "button", "data-friends": card.name, "aria-label": fill(tr(L.friendsOf), { game: title }), onclick: () => choose(card.name, true) }, say("friends")),
      h("a", { class: "button", href: `/rules/${encodeURIComponent(card.name)}`, "data-rules": card.name, "aria-label": fill(tr(L.rulesOf), { game: title }) }, say("rules")),
      card.learn ? h("a", { class: "button", href: `/learn/${encodeURIComponent(card.name)}`, "data-learn": card.name, "aria-label": fill(tr(L.learnOf), { game: title }) }, say("learn")) : null));
}

function renderCards() {
  $("cards").replaceChildren(...catalogue.games.map(gameCard));
}

// "Your games": the rooms not over where this browser holds a seat (its tokens live in localStorage)
// or the account signed in sits, each once, the ones waiting on you first (the server's order).
function deviceSeats() {
  const seats = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key || !key.startsWith("ludoteca:seat:")) continue;
    const held = mySeat(key.slice("ludoteca:seat:".length));
    if (held && Number.isInteger(held.seat) && typeof held.token === "string") seats.push({ room: key.slice("ludoteca:seat:".length), seat: held.seat, token: held.token });
  }
  return seats.slice(-200);
}

async function refreshMine() {
  let listed;
  try { listed = (await api("/api/my-games", { seats: deviceSeats() })).rooms; } catch { return; }
  const turn = {}, ids = [];
  for (const r of listed) {
    if (!(r.room in turn)) ids.push(r.room);
    turn[r.room] = turn[r.room] || r.your_turn;
  }
  const rooms = (await Promise.all(ids.map((id) => api(`/api/rooms/${encodeURIComponent(id)}`).catch(() => null))))
    .filter((room) => room && room.status !== "finished");
  $("mine").replaceChildren(...rooms.map((room) => {
    const item = roomItem(room, room.status === "open" ? "open" : "running", true);
    if (turn[room.id]) item.querySelector("strong").after(" ", h("span", { class: "badge your-turn" }, tr(L.yourTurn)));
    return item;
  }));
  $("mine-card").classList.toggle("hidden", !rooms.length);
}

function seatLabel(s) {
  if (s.kind === "bot") return `${tr(s.shown)} (${t("bot")})`;
  if (!s.claimed && s.invite) return `· ${tr(L.inviteOnly)}`;
  if (!s.claimed) return `· ${t("open")}`;
  return tr(s.shown);  // as the server names the seat ("Player 2" / "Jugador 2" for one who typed none)
}

function roomItem(room, kind, yours = false) {
  const title = h("strong", {}, tr(room.title));
  const who = h("span", { class: "muted" }, room.seats.map(seatLabel).join(" · "));
  const actions = h("span", { class: "actions" });
  const mine = mySeat(room.id);
  // an account's seat whose token another device holds: this one can follow it, not play it
  if (yours && !mine) {
    actions.append(h("a", { class: "button", href: `/room/${encodeURIComponent(room.id)}` }, t("watch")));
    return h("li", { "data-room": room.id }, title, h("br"), who, actions);
  }
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
      const winners = room.result ? room.result.winners.map((w) => tr(room.seats[w].shown)).join(", ") : "";
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
  $("tagline").textContent = tr(L.tagline);
  $("h-mine").textContent = tr(L.mine);
  $("h-open").textContent = t("openRooms");
  $("h-games").textContent = tr(L.games);
  $("h-running").textContent = t("runningRooms");
  $("h-finished").textContent = t("finishedRooms");
  $("lang").replaceChildren(langSwitch(() => { renderStatic(); renderAll(); refreshLists(); refreshMine(); }));
}

function renderAll() {
  renderCards();
  choose = renderCreate($("create"), catalogue);
}

async function start() {
  renderStatic();
  catalogue = await api("/api/games");
  catalogue.games.forEach(learnGame);  // each game's words for its options and choices
  renderAll();
  refreshLists();
  refreshMine();
  setInterval(refreshLists, 3000);
}
start();
