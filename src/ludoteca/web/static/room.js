// A room: live play over a WebSocket. The server sends this seat's view only, with the events
// of each new move told for this seat; we draw it with the game's own module
// (static/games/<game>.js, through board.js) or the generic one, and send moves in the game's
// notation together with the version they were chosen in. Chat and the rules live here too.
import { h, t, tr, lang, langSwitch, botName } from "/static/i18n.js";
import { api, mySeat, saveSeat, myInvites, myName, saveName } from "/static/api.js";
import { Board, drawerFor, rulesNodes } from "/static/board.js";
import * as generic from "/static/games/generic.js";

const roomId = decodeURIComponent(location.pathname.split("/").pop());
const $ = (id) => document.getElementById(id);
let socket = null, last = null, log = [], chat = [], drawer = generic, retry = 0, toastTimer = null, lastEvents = null;
const board = new Board($("board"));

function toast(text) {
  const box = $("toast");
  box.textContent = text;
  box.classList.remove("hidden");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => box.classList.add("hidden"), 4000);
}

function send(msg) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg));
}

function act(notation) {
  if (!last) return;
  send({ type: "act", version: last.version, action: notation });
  for (const b of document.querySelectorAll("[data-action]")) b.setAttribute("disabled", "");
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(roomId)}`);
  socket.addEventListener("open", () => {
    retry = 0;
    const mine = mySeat(roomId);
    send({ type: "hello", seat: mine ? mine.seat : null, token: mine ? mine.token : null, lang: lang() });
  });
  socket.addEventListener("message", (event) => {
    const msg = JSON.parse(event.data);
    if (msg.type === "state") receive(msg);
    else if (msg.type === "chat") receiveChat(msg);
    else if (msg.type === "rules") $("rules").replaceChildren(...rulesNodes(msg.text));
    else if (msg.type === "error") {
      toast(tr(msg.message));
      if (msg.code === "forbidden" && /token|clave/.test(tr(msg.message))) localStorage.removeItem(`ludoteca:seat:${roomId}`);
    }
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4404) { $("status").textContent = "—"; toast(t("none")); return; }
    $("status").textContent = t("reconnecting");
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 300 * 2 ** retry);
  });
}

async function receive(msg) {
  const update = msg.log_from > 0 && msg.log.length > 0;  // new moves since our last state
  if (msg.log_from === 0) log = [];
  log.length = Math.min(log.length, msg.log_from);
  log.push(...msg.log);
  last = msg;
  if (msg.events?.length) lastEvents = msg.events;
  const module = await drawerFor(msg.room.game);
  if (last !== msg) return;  // a newer state came while the game's module loaded: it is drawn instead
  drawer = module;
  render(update);
}

function seatName(i) {
  const s = last?.room.seats[i];
  if (!s) return `P${i + 1}`;
  return s.kind === "bot" ? botName(s.name) : s.name;
}

function render(moved = false) {
  const msg = last;
  if (!msg) return;
  const room = msg.room;
  document.title = `${tr(room.title)} — ludoteca`;
  $("title").textContent = tr(room.title);
  $("status").textContent = t(`st_${room.status}`);
  $("h-players").textContent = t("playersScores");
  $("h-moves").textContent = msg.seat === null ? t("spectating") : `${t("youAre")}: ${seatName(msg.seat)}`;
  $("h-log").textContent = t("log");
  $("h-chat").textContent = t("chat");
  $("h-rules").textContent = t("rulesSummary");
  $("log").setAttribute("aria-label", t("log"));
  $("chat").setAttribute("aria-label", t("chat"));
  board.zoomControls($("zoom-out"), $("zoom-reset"), $("zoom-in"));
  renderPlayers(msg);
  renderBoard(msg, moved);
  renderActions(msg);
  renderLog();
  renderChat();
  renderJoin(room, msg);
  renderInvites(room);
  renderResult(msg);
}

function scoresOf(msg) {
  return msg.scores || (Array.isArray(msg.view.view?.scores) ? msg.view.view.scores : null);
}

function renderPlayers(msg) {
  const doc = msg.view, room = msg.room, scores = scoresOf(msg);
  const current = doc.current_player;
  $("players").replaceChildren(...room.seats.map((s) => {
    const turn = String(s.seat) === current;
    const score = scores ? h("span", { class: "score" }, String(scores[s.seat])) : null;
    const tags = [];
    if (turn && !doc.is_terminal) tags.push(t("onTurn"));
    if (s.seat === msg.seat) tags.push(t("you"));
    if (s.kind === "bot") tags.push(`${t("bot")}: ${botName(s.bot)}`);
    if (s.taken_over) tags.push(t("botPlays"));
    else if (s.kind === "human" && s.claimed && !s.connected) tags.push(t("away"));
    if (!s.claimed) tags.push(t("open"));
    return h("li", { class: `player seat${s.seat}${turn ? " turn" : ""}`, "data-seat": s.seat },
      h("span", { class: "marker", "aria-hidden": "true" }, turn && !doc.is_terminal ? "▶" : ""),
      h("span", { class: `dot ${s.connected ? "on" : "off"}`, title: s.connected ? "online" : "offline" }), h("span", { class: "swatch", "aria-hidden": "true" }, String(s.seat + 1)),
      h("span", { class: "pname" }, s.kind === "bot" ? botName(s.name) : s.name), h("span", { class: "muted tags" }, tags.length ? ` (${tags.join(", ")})` : ""), score);
  }));
}

function renderBoard(msg, moved) {
  const ctx = {
    legal: msg.legal, act, lang: lang(), seat: msg.seat, names: msg.room.seats.map((s, i) => seatName(i)), t, tr, h,
    last: lastEvents, narrow: $("board").clientWidth < 640,
    hint: (text) => { $("hint").textContent = text || (msg.legal.length ? t("tapBoard") : ""); },
    redraw: () => renderBoard(msg, false),  // for moves that take two taps (a card, then its place)
  };
  ctx.hint("");
  board.draw(drawer, msg.view, ctx, moved);
  if (drawer.seatColours) {  // a game whose pieces have their own colours: match the player list
    const colours = drawer.seatColours(msg.view);
    document.querySelectorAll(".player").forEach((li) => {
      const c = colours[Number(li.dataset.seat)];
      if (c) li.querySelector(".swatch").style.background = c;
    });
  }
}

function renderActions(msg) {
  const box = $("actions");
  const current = msg.view.current_player;
  let turn;
  if (msg.view.is_terminal) turn = t("gameOver");
  else if (msg.room.status === "open") turn = t("waiting");
  else if (msg.legal.length) turn = t("yourTurn");
  else if (current === "chance") turn = t("chance");
  else turn = `${t("turnOf")} ${seatName(Number(current))}`;
  $("turn").textContent = turn;
  $("turn").className = msg.legal.length ? "turn mine" : "turn";
  box.replaceChildren(...msg.legal.map((a) => h("button", {
    type: "button", class: "move", "data-action": a.action, title: a.action, onclick: () => act(a.action),
  }, a.text)));
  if (!msg.legal.length) box.replaceChildren(h("p", { class: "muted" }, msg.view.is_terminal ? t("gameOver") : t("noMoves")));
  const undo = $("undo");
  undo.textContent = t("undo");
  undo.classList.toggle("hidden", !msg.can_undo);
  undo.onclick = () => send({ type: "undo", version: msg.version });
}

function renderLog() {
  const box = $("log");
  box.replaceChildren(...log.map((e) => h("li", { class: e.player === "chance" ? "chance" : `seat${e.player}` },
    h("span", { class: "n" }, `${e.i + 1}.`), " ", e.text)));
  box.scrollTop = box.scrollHeight;
}

function receiveChat(msg) {
  if (msg.full) chat = [];
  chat.push(...msg.messages);
  renderChat();
}

function renderChat() {
  const box = $("chat");
  const items = chat.map((m) => h("li", { class: m.seat === null ? "spectator" : `seat${m.seat}`, "data-chat": m.i },
    h("strong", { class: "who" }, m.seat === null ? `${m.name || t("spectator")} (${t("spectator")})` : m.name), ": ",
    h("span", { class: "said" }, m.text)));
  box.replaceChildren(...(items.length ? items : [h("li", { class: "muted" }, t("noChat"))]));
  box.scrollTop = box.scrollHeight;
  $("chat-label").textContent = t("chatLabel");
  $("chat-text").setAttribute("placeholder", t("chatLabel"));
  $("chat-send").textContent = t("say");
}

$("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = $("chat-text"), text = input.value.trim();
  if (!text) return;
  send({ type: "chat", text, name: myName() || null });
  input.value = "";
});

function renderJoin(room, msg) {
  const box = $("join");
  const mine = mySeat(roomId);
  const params = new URLSearchParams(location.hash.slice(1));
  const invited = params.has("invite") ? Number(params.get("seat")) : null;
  const free = room.seats.filter((s) => s.kind === "human" && !s.claimed && (!room.private || s.seat === invited));
  if (mine || room.status !== "open" || !free.length) { box.classList.add("hidden"); return; }
  const name = h("input", { id: "join-name", maxlength: 40, value: myName(), placeholder: t("yourName") });
  box.replaceChildren(h("h2", {}, t("takeSeat")), h("label", {}, t("yourName"), " ", name), " ",
    ...free.filter((s) => invited === null || s.seat === invited).map((s) => h("button", {
      type: "button", class: "primary", "data-claim": s.seat, onclick: async () => {
        saveName(name.value.trim());
        try {
          const got = await api(`/api/rooms/${encodeURIComponent(roomId)}/claim`, {
            seat: s.seat, name: name.value.trim(), invite: params.get("invite") || null,
          });
          saveSeat(roomId, got.seat, got.token);
          history.replaceState(null, "", location.pathname);  // the invitation is used up
          box.classList.add("hidden");
          send({ type: "hello", seat: got.seat, token: got.token, lang: lang() });
        } catch (err) { toast(err.message); }
      },
    }, `${t("join")} — ${t("seat")} ${s.seat + 1}`)));
  box.classList.remove("hidden");
}

function renderInvites(room) {
  const box = $("invites");
  const invites = myInvites(roomId);
  const open = room.seats.filter((s) => s.kind === "human" && !s.claimed && invites[s.seat]);
  if (room.status !== "open" || !open.length) { box.classList.add("hidden"); return; }
  box.replaceChildren(h("h2", {}, t("invites")), ...open.map((s) => {
    const link = `${location.origin}/room/${encodeURIComponent(roomId)}#seat=${s.seat}&invite=${encodeURIComponent(invites[s.seat])}`;
    const input = h("input", { readonly: true, value: link, class: "invite", "data-invite": s.seat, "aria-label": `${t("seat")} ${s.seat + 1}` });
    return h("div", { class: "inviterow" }, h("span", {}, `${t("seat")} ${s.seat + 1} `), input,
      h("button", { type: "button", onclick: () => { input.select(); navigator.clipboard?.writeText(link); toast(t("copied")); } }, t("copy")));
  }));
  box.classList.remove("hidden");
}

function renderResult(msg) {
  const box = $("result");
  if (!msg.view.is_terminal) { box.classList.add("hidden"); return; }
  if (box.dataset.shown === roomId + msg.version) return;
  box.dataset.shown = roomId + msg.version;
  const winners = msg.view.winners.map(seatName), scores = scoresOf(msg);
  const mine = msg.seat !== null && msg.view.winners.includes(msg.seat);
  const rows = msg.room.seats.map((s) => h("tr", { class: msg.view.winners.includes(s.seat) ? "won" : "" },
    h("td", {}, seatName(s.seat)), h("td", {}, scores ? String(scores[s.seat]) : ""),
    h("td", {}, msg.view.winners.includes(s.seat) ? `★ ${t("winner")}` : "")));
  box.replaceChildren(h("div", { class: "card dialog", id: "result-card" },
    h("h2", { id: "result-title" }, mine ? "★ " + t("gameOver") : t("gameOver")),
    h("p", { id: "winner-line" }, `${winners.length > 1 ? t("winners") : t("winner")}: ${winners.join(", ")}`),
    h("table", { class: "scores" }, h("tbody", {}, rows)),
    h("p", {}, h("a", { class: "button", href: `/replay/${encodeURIComponent(roomId)}` }, t("replay")), " ",
      h("a", { class: "button primary", href: "/" }, t("newGame")), " ",
      h("button", { type: "button", id: "result-close", onclick: () => box.classList.add("hidden") }, t("close")))));
  box.classList.remove("hidden");
  box.querySelector("#result-close").focus();
}

function relang(code) {
  $("lang").replaceChildren(langSwitch(relang));
  send({ type: "lang", lang: code });
}
document.addEventListener("keydown", (e) => { if (e.key === "Escape") $("result").classList.add("hidden"); });
document.documentElement.lang = lang();
$("lang").replaceChildren(langSwitch(relang));
$("status").textContent = t("connecting");
connect();
