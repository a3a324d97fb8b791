// A room: live play over a WebSocket. The server sends this seat's view only, with the events
// of each new move told for this seat; we draw it with the game's own module
// (the module its plug-in declares, through board.js) or the generic one, and send moves in the game's
// notation together with the version they were chosen in. Chat and the rules live here too.
import { h, t, tr, lang, langSwitch, learnGame } from "/static/i18n.js";
import { api, mySeat, saveSeat, myInvites, myName, saveName, tell } from "/static/api.js";
import { Board, drawerFor, rulesNodes, ARM_MS } from "/static/board.js";
import * as generic from "/static/games/generic.js";
import { Captions, CAPTION_MS, learnSpecial, yourTurnAlert, soundOn, setSound, notifyOn, askNotify, stopNotify } from "/static/follow.js";

const roomId = decodeURIComponent(location.pathname.split("/").pop());
const $ = (id) => document.getElementById(id);
// the log lines held: from line `logStart` on (a first state carries the last page; earlier pages
// are asked for as the player scrolls back: `askEarlier`)
let logStart = 0, logAsked = null;
let socket = null, last = null, log = [], chat = [], drawer = generic, retry = 0, toastTimer = null, lastEvents = null, retryTimer = null;
const board = new Board($("board"));
const captions = new Captions($("caption"));
// following the table: a move in flight (its version; a second tap waits for it), offline, the
// others' actions since this seat's last decision (to replay: the view after each, with its events)
let inFlight = null, offline = true, since = [], own = [], baseView = null, replaying = null, wasMyTurn = false;
let listArmedAt = 0, listVersion = null, takenOver = null;  // the move list's arming; the seats a bot plays for
window.ludotecaSent = [];  // the moves this page sent, for the tests
window.ludotecaState = () => last;  // the last state received, for the tests
window.ludotecaSocket = () => socket;  // the connection, for the tests (they cut it)

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
  // one move at a time: a second tap while one is in flight (or offline, or during a replay) does nothing
  if (!last || inFlight !== null || offline || replaying) return;
  inFlight = last.version;
  window.ludotecaSent.push(notation);
  send({ type: "act", version: last.version, action: notation });
  disableTargets(true);
}

function disableTargets(off) {
  $("board").classList.toggle("busy", off);
  for (const b of document.querySelectorAll("#board [data-action], #board [data-select], #actions [data-action]")) {
    const arming = b.closest("#actions") && performance.now() < listArmedAt;
    if (off || arming) b.setAttribute("aria-disabled", "true"); else b.removeAttribute("aria-disabled");
    if (b instanceof HTMLButtonElement) b.disabled = off || arming;
  }
  if (!off) board.arm();  // a target new to this position still waits its ARM_MS
}

function setOffline(value) {
  offline = value;
  document.body.classList.toggle("offline", value);
  $("offline").textContent = t("offline");
  $("offline").classList.toggle("hidden", !value);
  if (value) disableTargets(true);
  else if (last) render(false);
}
window.addEventListener("offline", () => setOffline(true));
// the network is back, or the page is seen again: reconnect at once rather than at the next retry
function reconnectNow() {
  if (socket && (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING)) {
    if (socket.readyState === WebSocket.OPEN && navigator.onLine !== false) setOffline(false);
    return;
  }
  clearTimeout(retryTimer);
  retry = 0;
  connect();
}
window.addEventListener("online", reconnectNow);
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") reconnectNow(); });

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(roomId)}`);
  socket.addEventListener("open", () => {
    retry = 0;
    if (navigator.onLine !== false) setOffline(false);
    const mine = mySeat(roomId);
    send({ type: "hello", seat: mine ? mine.seat : null, token: mine ? mine.token : null, lang: lang() });
  });
  socket.addEventListener("message", (event) => {
    const msg = JSON.parse(event.data);
    if (msg.type === "state") receive(msg);
    else if (msg.type === "log_page") receivePage(msg);
    else if (msg.type === "chat") receiveChat(msg);
    else if (msg.type === "rules") {
      learnGame(msg.game);  // the words of the game's options, then the rules that name them
      learnSpecial(msg.game);
      $("rules").replaceChildren(...rulesNodes(msg.text));
      tell("ludoteca:game", msg.game);  // room-extra.js: learn
    }
    else if (msg.type === "error") {
      inFlight = null;
      toast(tr(msg.message));
      if (msg.code === "forbidden" && /token|clave/.test(tr(msg.message))) localStorage.removeItem(`ludoteca:seat:${roomId}`);
    }
  });
  socket.addEventListener("close", (event) => {
    if (ws !== socket) return;  // an older socket, replaced by a reconnection
    if (event.code === 4404) { $("status").textContent = "—"; toast(t("none")); return; }
    $("status").textContent = t("reconnecting");
    inFlight = null;
    setOffline(true);
    // back off 0.4, 0.8, 1.6 s, then every 2.5 s (a few seconds at most after the server is back)
    retry = Math.min(retry + 1, 4);
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, Math.min(2500, 200 * 2 ** retry));
  });
}

async function receive(msg) {
  const fresh = msg.log_reset ?? msg.log_from === 0;  // the log starts anew (a hello, a language)
  const update = !fresh && msg.log.length > 0;  // new moves since our last state
  if (fresh || msg.log_from < logStart) { log = []; logStart = msg.log_from; logAsked = null; }
  log.length = Math.min(log.length, msg.log_from - logStart);
  log.push(...msg.log);
  const prev = last;
  last = msg;
  if (inFlight !== null && msg.version !== inFlight) inFlight = null;  // the move was answered
  if (msg.events?.length) lastEvents = msg.events;
  follow(msg, update);
  tell("ludoteca:state", msg.room);  // room-extra.js: resign, play again; room-time.js: clocks
  const module = await drawerFor(msg.room.game);
  if (last !== msg) return;  // a newer state came while the game's module loaded: it is drawn instead
  drawer = module;
  render(update);
  if (update && msg.events?.length) { captions.moved(); captions.tell(msg.events, shortOf); }
  tellTakeOver(msg);
  const mine = msg.legal.length > 0;
  if (mine && !wasMyTurn && prev) yourTurnAlert(tr(msg.room.title));
  wasMyTurn = mine;
  tellReturn(msg);
}

// log lines and captions come told in the page's language, every seat named as the page names it
// (a bot in its words, a person who typed no name "Player 2" / "Jugador 2"): shown as sent
const lineOf = (i) => { const e = log.find((x) => x.i === i); return e ? String(e.text ?? "") : ""; };
// a caption: the server's few words for one event of an action (the log keeps the whole line)
const shortOf = (item, k) => item.short?.[k] || "";

// a bot takes over a seat: everyone is told at once, in a toast (and on the seat in the list)
function tellTakeOver(msg) {
  const now = new Set(msg.room.seats.filter((s) => s.taken_over).map((s) => s.seat));
  if (takenOver) for (const seat of now) if (!takenOver.has(seat)) {
    toast(seat === msg.seat ? t("botPlaysForYou") : t("botTakesOver").replace("{name}", seatName(seat)));
  }
  takenOver = now;
}

// The others' actions since this seat last decided, each with the view after it (to replay them).
function follow(msg, update) {
  if (msg.seat === null || !update || !msg.events?.length) {
    if (msg.log_reset ?? msg.log_from === 0) { since = []; own = []; baseView = null; }
    return;
  }
  const items = msg.events, mineAt = items.map((x) => x.player).lastIndexOf(msg.seat);
  if (mineAt >= 0) {
    since = [];
    own = [items[mineAt]];
    baseView = mineAt === items.length - 1 ? msg.view : null;
    if (mineAt < items.length - 1) since.push({ view: msg.view, items: items.slice(mineAt + 1) });
  } else {
    since.push({ view: msg.view, items });
    if (since.length > 60) { since.shift(); baseView = null; }
  }
}

// what the highlight lights: the others' actions (and chance's) since this seat's last decision —
// never its own move, which it saw made; a spectator (or a first state): the last actions received
const recentItems = () => (last?.seat !== null && last?.seat !== undefined && (own.length || since.length)
  ? since.flatMap((x) => x.items) : lastEvents);

const pause = (ms) => new Promise((done) => setTimeout(done, ms));
async function replayOthers() {
  if (replaying) { replaying.stop = true; return; }
  const steps = since.slice(), run = { stop: false };
  if (!steps.length) return;
  replaying = run;
  captions.clear();
  renderReplayButton();
  disableTargets(true);
  const ctx = (items) => boardCtx(last, { legal: [], last: items });
  if (baseView) board.draw(drawer, baseView, ctx([]), false);
  for (const [k, step] of steps.entries()) {
    if (run.stop) break;
    $("hint").textContent = `${t("replaying")} ${k + 1}/${steps.length}`;
    board.draw(drawer, step.view, ctx(step.items), true);
    captions.tell(step.items, shortOf, true);
    await pause(CAPTION_MS + 150);
  }
  replaying = null;
  captions.clear();
  render(false);
}

function renderReplayButton() {
  const b = $("replay-others");
  b.classList.toggle("hidden", !replaying && !since.length);
  b.textContent = replaying ? t("stopReplay") : `${t("replayOthers")} (${since.reduce((n, x) => n + x.items.length, 0)})`;
  b.onclick = replayOthers;
}

// back after a take-over: what the bot played for you, once
function tellReturn(msg) {
  if (msg.seat === null || msg.room.seats[msg.seat]?.taken_over) return;
  const played = log.filter((e) => e.by_bot && e.player === msg.seat);  // those among the lines held
  const total = msg.bot_moves?.[msg.seat] ?? played.length;  // the whole game's
  const key = `ludoteca:told:${roomId}`, told = Number(localStorage.getItem(key) || 0);
  if (total <= told) return;
  localStorage.setItem(key, String(total));
  const box = $("welcome-back");
  box.replaceChildren(h("h2", {}, t(total - told === 1 ? "whileAwayOne" : "whileAway").replace("{n}", total - told)),
    h("ol", { class: "log" }, played.slice(-(total - told)).map((e) => h("li", {}, h("span", { class: "n" }, `${e.i + 1}.`), " ", String(e.text ?? "")))),
    h("button", { type: "button", id: "welcome-close", onclick: () => box.classList.add("hidden") }, t("close")));
  box.classList.remove("hidden");
}

// a seat's name as the server names it in the page's language (the message's `names`, else the seat's `shown`)
function seatName(i) {
  return last?.names?.[i] ?? tr(last?.room.seats[i]?.shown);
}

function renderAlerts() {
  const sound = $("alert-sound"), notify = $("alert-notify");
  sound.textContent = `${t("turnSound")}: ${soundOn() ? t("on") : t("off")}`;
  sound.setAttribute("aria-pressed", String(soundOn()));
  sound.onclick = () => { setSound(!soundOn()); renderAlerts(); };
  notify.classList.toggle("hidden", !("Notification" in window));
  notify.textContent = `${t("turnNotify")}: ${notifyOn() ? t("on") : t("off")}`;
  notify.setAttribute("aria-pressed", String(notifyOn()));
  notify.onclick = async () => { if (notifyOn()) stopNotify(); else await askNotify(); renderAlerts(); };
}

function render(moved = false) {
  const msg = last;
  if (!msg) return;
  const room = msg.room;
  document.title = `${msg.legal.length ? `● ${t("yourTurn")} — ` : ""}${tr(room.title)} — ludoteca`;
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
  $("board").setAttribute("aria-label", t("boardRegion"));
  renderPlayers(msg);
  renderAlerts();
  if (!replaying) renderBoard(msg, moved);
  renderActions(msg);
  renderReplayButton();
  disableTargets(inFlight !== null || offline || !!replaying);
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
    if (s.kind === "bot") tags.push(`${t("bot")}: ${tr(s.level)}`);
    if (s.taken_over) tags.push(t("botPlaysFor").replace("{name}", seatName(s.seat)));
    else if (s.kind === "human" && s.claimed && !s.connected) tags.push(t("away"));
    if (!s.claimed) tags.push(t("open"));
    return h("li", { class: `player seat${s.seat}${turn ? " turn" : ""}`, "data-seat": s.seat },
      h("span", { class: "marker", "aria-hidden": "true" }, turn && !doc.is_terminal ? "▶" : ""),
      h("span", { class: `dot ${s.connected ? "on" : "off"}`, title: s.connected ? "online" : "offline" }), h("span", { class: "swatch", "aria-hidden": "true" }, String(s.seat + 1)),
      h("span", { class: "pname" }, seatName(s.seat)), h("span", { class: "muted tags" }, tags.length ? ` (${tags.join(", ")})` : ""), score);
  }));
}

function boardCtx(msg, { legal = msg.legal, last: items = recentItems() } = {}) {
  return {
    legal, act, lang: lang(), seat: msg.seat, names: msg.room.seats.map((s, i) => seatName(i)), t, tr, h,
    last: items, moving: msg.events, narrow: $("board").clientWidth < 640, decision: msg.version,
    hint: (text) => { if (!replaying) $("hint").textContent = text || (legal.length ? t("tapBoard") : ""); },
    redraw: () => { if (!replaying) renderBoard(last, false); },  // for moves that take two taps (a card, then its place)
  };
}

function renderBoard(msg, moved) {
  const ctx = boardCtx(msg);
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
  if (listVersion !== msg.version) { listVersion = msg.version; listArmedAt = performance.now() + ARM_MS; setTimeout(() => disableTargets(inFlight !== null || offline || !!replaying), ARM_MS + 10); }
  box.replaceChildren(...msg.legal.map((a) => h("button", {
    type: "button", class: "move", "data-action": a.action, onclick: () => { if (performance.now() >= listArmedAt) act(a.action); },
  }, a.text)));
  if (!msg.legal.length) box.replaceChildren(h("p", { class: "muted" }, msg.view.is_terminal ? t("gameOver") : t("noMoves")));
  const undo = $("undo");
  undo.textContent = t("undo");
  undo.classList.toggle("hidden", !msg.can_undo);
  undo.onclick = () => send({ type: "undo", version: msg.version });
}

function logItem(e) {
  return h("li", { class: e.player === "chance" ? "chance" : `seat${e.player}`, "data-by-bot": e.by_bot ? "" : null },
    h("span", { class: "n" }, `${e.i + 1}.`), " ", String(e.text ?? ""),
    e.by_bot ? h("em", { class: "by-bot" }, ` (${t("botFor").replace("{name}", e.player === "chance" ? "" : seatName(Number(e.player)))})`) : null);
}

// the lines before the first one held: a button at the top of the list (also asked for by scrolling there)
function earlierItem() {
  return logStart > 0 ? h("li", { class: "earlier" }, h("button", { type: "button", id: "log-earlier", onclick: askEarlier }, t("earlierMoves"))) : null;
}

function renderLog() {
  const box = $("log");
  box.replaceChildren(...[earlierItem(), ...log.map(logItem)].filter(Boolean));
  box.scrollTop = box.scrollHeight;
}

function askEarlier() {
  if (logStart > 0 && logAsked !== logStart) { logAsked = logStart; send({ type: "log", before: logStart }); }
}
$("log").addEventListener("scroll", () => { if ($("log").scrollTop < 40) askEarlier(); });

// an earlier page of the log: put before the lines held, the list kept where the player was reading
function receivePage(msg) {
  if (msg.lang !== lang() || msg.log_from + msg.log.length !== logStart || !msg.log.length) return;
  const box = $("log"), fromBottom = box.scrollHeight - box.scrollTop;
  log = [...msg.log, ...log];
  logStart = msg.log_from;
  logAsked = null;
  box.replaceChildren(...[earlierItem(), ...log.map(logItem)].filter(Boolean));
  box.scrollTop = box.scrollHeight - fromBottom;
}

function receiveChat(msg) {
  if (msg.full) chat = [];
  chat.push(...msg.messages);
  renderChat();
}

function renderChat() {
  const box = $("chat");
  const items = chat.map((m) => h("li", { class: m.seat === null ? "spectator" : `seat${m.seat}`, "data-chat": m.i },
    h("strong", { class: "who" }, m.seat === null ? (m.name ? `${m.name} (${t("spectator")})` : t("aSpectator")) : (m.name ?? seatName(m.seat))), ": ",
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
  const byBot = msg.room.seats.map((s) => [s, msg.bot_moves?.[s.seat] ?? log.filter((e) => e.by_bot && e.player === s.seat).length]).filter(([, n]) => n > 0);
  // each seat's place (by the game's returns: ties share it), its score where the game keeps one
  const returns = msg.room.result?.returns || msg.room.seats.map((s) => (msg.view.winners.includes(s.seat) ? 1 : 0));
  const placeOf = (seat) => 1 + returns.filter((r) => r > returns[seat]).length;
  const order = msg.room.seats.map((s) => s.seat).sort((a, b) => placeOf(a) - placeOf(b));
  const rows = order.map((seat) => h("tr", { class: msg.view.winners.includes(seat) ? "won" : "" },
    h("td", {}, `${msg.view.winners.includes(seat) ? "★ " : ""}${t("placeN").replace("{n}", placeOf(seat))}`),
    h("th", { scope: "row" }, seatName(seat)), scores ? h("td", { class: "num" }, String(scores[seat])) : null));
  const head = h("tr", {}, h("th", { scope: "col" }, t("place")), h("th", { scope: "col" }, t("players")),
    scores ? h("th", { scope: "col" }, t("score")) : null);
  box.replaceChildren(h("div", { class: "card dialog", id: "result-card" },
    h("h2", { id: "result-title" }, mine ? "★ " + t("gameOver") : t("gameOver")),
    h("p", { id: "winner-line" }, `${winners.length > 1 ? t("winners") : t("winner")}: ${winners.join(", ")}`),
    h("table", { class: "scores" }, h("thead", {}, head), h("tbody", {}, rows)),
    ...byBot.map(([s, n]) => h("p", { class: "muted by-bot" }, t(n === 1 ? "botPlayedOne" : "botPlayedMany").replace("{n}", n).replace("{name}", seatName(s.seat)))),
    h("p", { class: "dialog-actions" }, h("a", { class: "button", href: `/replay/${encodeURIComponent(roomId)}` }, t("replay")),
      h("a", { class: "button primary", href: "/" }, t("newGame")),
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
