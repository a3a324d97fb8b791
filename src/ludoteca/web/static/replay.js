// A finished game, step by step, as a spectator saw it.
import { h, t, tr, lang, langSwitch } from "/static/i18n.js";
import * as generic from "/static/games/generic.js";

const roomId = decodeURIComponent(location.pathname.split("/").pop());
const $ = (id) => document.getElementById(id);
let drawer = generic, total = 0, step = 0, loaded = null;

async function load(target) {
  const response = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/replay?step=${target}&lang=${lang()}`);
  const data = await response.json();
  if (!response.ok) { $("board").textContent = tr(data?.error?.message); return; }
  if (!loaded) {
    try { drawer = await import(`/static/games/${data.room.game}.js`); } catch { drawer = generic; }
  }
  loaded = data; total = data.total; step = data.step;
  render();
}

function render() {
  const data = loaded, room = data.room;
  $("title").textContent = tr(room.title);
  $("status").textContent = `${t("replay")} — ${t("step")} ${step}/${total}`;
  $("h-log").textContent = t("log");
  $("players").replaceChildren(...room.seats.map((s) => h("li", { class: `player seat${s.seat}${room.result?.winners.includes(s.seat) ? " turn" : ""}` },
    h("span", { class: "swatch" }), h("span", {}, s.name), room.result?.winners.includes(s.seat) ? " ★" : "")));
  const ctx = { legal: [], act: () => {}, lang: lang(), seat: null, names: room.seats.map((s) => s.name), t, tr, h };
  let drawn;
  try { drawn = drawer.draw(data.view, ctx); } catch { drawn = generic.draw(data.view, ctx); }
  $("board").replaceChildren(drawn);
  $("log").replaceChildren(...data.log.map((e) => h("li", { class: e.player === "chance" ? "chance" : `seat${e.player}` }, e.text)));
  $("log").scrollTop = $("log").scrollHeight;
  const slider = h("input", { type: "range", min: 0, max: total, value: step, id: "step" });
  slider.addEventListener("change", () => load(Number(slider.value)));
  $("bar").replaceChildren(
    h("button", { type: "button", id: "first", onclick: () => load(0) }, t("first")),
    h("button", { type: "button", id: "prev", onclick: () => load(Math.max(0, step - 1)) }, t("prev")),
    slider,
    h("button", { type: "button", id: "next", onclick: () => load(Math.min(total, step + 1)) }, t("next")),
    h("button", { type: "button", id: "last", onclick: () => load(total) }, t("last")),
    h("a", { class: "button", href: `/api/rooms/${encodeURIComponent(roomId)}/record`, download: `${roomId}.json` }, t("record")));
}

function relang() { $("lang").replaceChildren(langSwitch(relang)); load(step); }
document.documentElement.lang = lang();
$("lang").replaceChildren(langSwitch(relang));
document.addEventListener("keydown", (e) => {
  if (e.key === "ArrowRight") load(Math.min(total, step + 1));
  if (e.key === "ArrowLeft") load(Math.max(0, step - 1));
});
load(0);
