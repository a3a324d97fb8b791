// A finished game, step by step, as a spectator saw it.
import { h, t, tr, lang, langSwitch, learnGame } from "/static/i18n.js";
import { api } from "/static/api.js";
import { Board, drawerFor } from "/static/board.js";
import { Captions, learnSpecial } from "/static/follow.js";
import { svg } from "/static/games/generic.js";

const roomId = decodeURIComponent(location.pathname.split("/").pop());
const $ = (id) => document.getElementById(id);
let drawer = null, total = 0, step = 0, loaded = null;
// the log lines held, by index, in the page's language: a step's answer brings the page before it,
// "earlier moves" the pages before that (`/replay/log`); `wantFrom`: the first line the viewer asked to see
let held = new Map(), heldLang = null, wantFrom = Infinity, shownFrom = 0;
const board = new Board($("board"));
const captions = new Captions($("caption"));

async function load(target) {
  const response = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/replay?step=${target}&lang=${lang()}`);
  const data = await response.json();
  if (!response.ok) { $("board").textContent = tr(data?.error?.message); return; }
  if (!drawer) {  // the game's declared words and special events, once
    const card = (await api("/api/games").catch(() => ({ games: [] }))).games.find((g) => g.name === data.room.game);
    learnGame(card);
    learnSpecial(card);
  }
  drawer = await drawerFor(data.room.game);
  if (heldLang !== lang()) { held = new Map(); heldLang = lang(); }
  for (const e of data.log) held.set(e.i, e);
  const moved = loaded !== null && data.step === step + 1;
  loaded = data; total = data.total; step = data.step;
  render(moved);
  // a step forward says what happened in a caption (the server's few words, in the page's language),
  // as the live room does
  if (moved && data.events) { captions.clear(); captions.tell([data.events], (item, k) => item.short?.[k] || "", true); }
}

// the bar's buttons draw their own icons (fonts may lack ⏮ and ⏭)
const PATHS = { first: "M6 5v14M19 5l-9 7 9 7z", prev: "M16 5l-9 7 9 7z", next: "M8 5l9 7-9 7z", last: "M18 5v14M5 5l9 7-9 7z" };
function iconButton(id, onclick) {
  const icon = svg("svg", { viewBox: "0 0 24 24", width: 22, height: 22, "aria-hidden": "true" });
  icon.append(svg("path", { d: PATHS[id], fill: "currentColor", stroke: "currentColor", "stroke-width": 2, "stroke-linejoin": "round" }));
  return h("button", { type: "button", id, class: "icon", "aria-label": t(id), title: t(id), onclick }, icon);
}

function render(moved) {
  const data = loaded, room = data.room;
  $("title").textContent = tr(room.title);
  $("status").textContent = `${t("replay")} — ${t("step")} ${step}/${total}`;
  $("counter").textContent = t("stepOf").replace("{n}", step).replace("{total}", total);
  $("board").setAttribute("aria-label", t("boardRegion"));
  $("h-replay").textContent = `${t("replay")}: ${tr(room.title)}`;
  $("h-log").textContent = t("log");
  $("h-players").textContent = t("playersScores");
  const scores = room.result?.scores;
  $("players").replaceChildren(...room.seats.map((s) => h("li", { class: `player seat${s.seat}${room.result?.winners.includes(s.seat) ? " turn" : ""}`, "data-seat": s.seat },
    h("span", { class: "swatch", "aria-hidden": "true" }, String(s.seat + 1)), h("span", { class: "pname" }, data.names?.[s.seat] ?? tr(s.shown)),
    room.result?.winners.includes(s.seat) ? ` ★ ${t("winner")}` : "", scores ? h("span", { class: "score" }, String(scores[s.seat])) : null)));
  const ctx = { legal: [], act: () => {}, lang: lang(), seat: null, names: room.seats.map((s) => data.names?.[s.seat] ?? tr(s.shown)), t, tr, h, hint: () => {}, redraw: () => render(false),
    last: data.events ? [data.events] : null, narrow: $("board").clientWidth < 640 };
  board.zoomControls($("zoom-out"), $("zoom-reset"), $("zoom-in"));
  board.draw(drawer, data.view, ctx, moved);
  if (drawer.seatColours) {
    const colours = drawer.seatColours(data.view);
    document.querySelectorAll(".player").forEach((li) => { const c = colours[Number(li.dataset.seat)]; if (c) li.querySelector(".swatch").style.background = c; });
  }
  renderLog();
  $("log").scrollTop = $("log").scrollHeight;
  const slider = h("input", { type: "range", min: 0, max: total, value: step, id: "step", "aria-label": t("step") });
  slider.addEventListener("change", () => load(Number(slider.value)));
  const focused = document.activeElement?.id;
  $("bar").replaceChildren(
    iconButton("first", () => load(0)), iconButton("prev", () => load(Math.max(0, step - 1))), slider,
    iconButton("next", () => load(Math.min(total, step + 1))), iconButton("last", () => load(total)),
    h("a", { class: "button", href: `/api/rooms/${encodeURIComponent(roomId)}/record`, download: `${roomId}.json` }, t("record")));
  if (focused && $(focused)) $(focused).focus();
}

// the log from the first line held in a row before the step's page (as far back as the viewer asked), with a
// button above it while earlier lines exist
function renderLog() {
  let from = loaded.log_from;
  while (from > 0 && from > wantFrom && held.has(from - 1)) from--;
  shownFrom = from;
  const lines = [];
  for (let i = from; i < step; i++) if (held.has(i)) lines.push(held.get(i));
  const earlier = from > 0 ? h("li", { class: "earlier" }, h("button", { type: "button", id: "log-earlier", onclick: showEarlier }, t("earlierMoves"))) : null;
  $("log").replaceChildren(...[earlier, ...lines.map((e) => h("li", { class: e.player === "chance" ? "chance" : `seat${e.player}` },
    h("span", { class: "n" }, `${e.i + 1}.`), " ", String(e.text ?? "")))].filter(Boolean));
}

// the page of lines before the first one shown, put above them; the list stays where the viewer was reading
async function showEarlier() {
  const before = shownFrom, asked = lang();
  const response = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/replay/log?before=${before}&lang=${asked}`);
  const data = await response.json().catch(() => null);
  if (!response.ok || !data) { $("counter").textContent = tr(data?.error?.message) || t("stepOf").replace("{n}", step).replace("{total}", total); return; }
  if (asked !== heldLang || before !== shownFrom) return;  // the language or the step changed meanwhile
  for (const e of data.log) held.set(e.i, e);
  wantFrom = data.log_from;
  const box = $("log"), fromBottom = box.scrollHeight - box.scrollTop;
  renderLog();
  box.scrollTop = box.scrollHeight - fromBottom;
  // keyboard: the focus stays on the button while there is more, else on the list
  ($("log-earlier") || box).focus();
}

function relang() { $("lang").replaceChildren(langSwitch(relang)); load(step); }
document.documentElement.lang = lang();
$("lang").replaceChildren(langSwitch(relang));
document.addEventListener("keydown", (e) => {
  if (e.target instanceof HTMLInputElement) return;
  if (e.key === "ArrowRight") load(Math.min(total, step + 1));
  if (e.key === "ArrowLeft") load(Math.max(0, step - 1));
});
load(0);
