// Learn to play (/learn/<game>): one scripted position per rule on the real table, drawn by the
// game's own module with the room's Board; each step says what to tap and waits for it, a wrong tap
// is explained and changes nothing (the server checks every tap: web/learn.py and the game's
// tutorial.py), and the last lesson ends in a real game against easy bots.
import { h, t, tr, lang, langSwitch, learnGame } from "/static/i18n.js";
import { api } from "/static/api.js";
import { Board, drawerFor } from "/static/board.js";
import { playNow } from "/static/cards.js";

const $ = (id) => document.getElementById(id);
const game = decodeURIComponent(location.pathname.split("/").pop());
const L = {
  title: { en: "Learn to play {game}", es: "Aprende a jugar a {game}" },
  progress: { en: "Lesson {k} of {n}: {title}", es: "Lección {k} de {n}: {title}" },
  next: { en: "Next lesson", es: "Siguiente lección" }, again: { en: "Start the lesson again", es: "Empezar la lección de nuevo" },
  real: { en: "Play a real game against easy bots", es: "Jugar una partida de verdad contra bots fáciles" },
  rules: { en: "Rules", es: "Reglas" },
};
const fill = (text, vars) => Object.entries(vars).reduce((s, [k, v]) => s.replaceAll(`{${k}}`, v), text);
const board = new Board($("board"));
let lesson = Number(new URLSearchParams(location.search).get("lesson") || 0) || 0, taken = [], last = null, card = null, busy = false;
let shown = null;  // the lesson as drawn (the tests read it)
window.ludotecaLesson = () => shown;

async function ask(moves) {
  busy = true;
  try { return await api(`/api/learn/${encodeURIComponent(game)}`, { lesson, taken: moves, lang: lang() }); } finally { busy = false; }
}

async function act(notation) {
  if (busy || !last || last.done) return;
  const got = await ask([...taken, notation]);
  taken = got.taken;
  show(got, !got.wrong);
}

async function show(got, moved) {
  last = got;
  const drawer = await drawerFor(game);
  const names = got.names;  // every seat of the lesson, as the server names it (you, then the rival(s))
  const ctx = { legal: got.legal, act, lang: lang(), seat: 0, names, t, tr, h, last: got.events,
    narrow: $("board").clientWidth < 640, hint: (text) => { $("hint").textContent = text || ""; },
    redraw: () => board.draw(drawer, got.view, ctx, false) };
  board.draw(drawer, got.view, ctx, moved);
  $("learn-progress").textContent = fill(tr(L.progress), { k: got.lesson + 1, n: got.lessons, title: tr(got.title) });
  $("learn-say").textContent = tr(got.say);
  $("learn-wrong").textContent = got.wrong ? tr(got.wrong) : "";
  $("learn-wrong").classList.toggle("hidden", !got.wrong);
  const next = $("learn-next"), lastLesson = got.lesson + 1 >= got.lessons;
  next.classList.toggle("hidden", !got.done);
  next.textContent = tr(lastLesson ? L.real : L.next);
  next.onclick = () => (lastLesson ? playNow(card, next, "easy").catch((err) => alert(err.message)) : start(got.lesson + 1));
  if (got.done) next.focus({ preventScroll: true });
  shown = got;
}

async function start(k) {
  lesson = k;
  taken = [];
  history.replaceState(null, "", `${location.pathname}${k ? `?lesson=${k}` : ""}`);
  const got = await ask([]);
  board.open();  // a lesson opens on the whole table, as a room does; its later targets zoom in as a room's
  show(got, false);
}

async function render() {
  document.documentElement.lang = lang();
  $("lang").replaceChildren(langSwitch(() => { render(); }));
  card = (await api("/api/games")).games.find((g) => g.name === game);
  learnGame(card);
  document.title = `${fill(tr(L.title), { game: tr(card.title) })} — ludoteca`;
  $("learn-title").textContent = fill(tr(L.title), { game: tr(card.title) });
  $("learn-again").textContent = tr(L.again);
  $("learn-again").onclick = () => start(lesson);
  $("learn-rules").textContent = tr(L.rules);
  $("learn-rules").href = `/rules/${encodeURIComponent(game)}`;
  show(await ask(taken), false);  // the page's first picture fits the screen (the Board's own rule)
}
render();
