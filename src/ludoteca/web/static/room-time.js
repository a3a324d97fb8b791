// A timed room's time on the table (issue 46), beside room.js: one line per seat with its time left,
// the seat on turn's counting down (a clock in seconds, a turn-based deadline in days and hours, with
// its date), who ran out of time, and what the room does then. The server alone judges time: this
// page only shows the seconds it was told, counted down from when it was told them.
import { h, tr, lang } from "/static/i18n.js";
import { mySeat, listen } from "/static/api.js";
import { leftWords as span } from "/static/lobby-time.js";

const L = {
  title: { en: "Time", es: "Tiempo" },
  turnBased: { en: "Turn-based: {n} per move.", es: "Por turnos: {n} por jugada." },
  day: { en: "1 day", es: "1 día" }, days: { en: "{n} days", es: "{n} días" },
  clock: { en: "Clocks: {m} min + {s} s per move.", es: "Relojes: {m} min + {s} s por jugada." },
  ruleBot: { en: "When time runs out, a bot plays for the player.", es: "Si se acaba el tiempo, un bot juega por el jugador." },
  ruleLose: { en: "When time runs out, the player loses.", es: "Si se acaba el tiempo, el jugador pierde." },
  left: { en: "{t} left", es: "quedan {t}" }, until: { en: "until {d}", es: "hasta el {d}" },
  running: { en: "on turn", es: "le toca" }, waiting: { en: "waiting", es: "esperando" },
  out: { en: "out of time", es: "sin tiempo" }, low: { en: "little time left", es: "queda poco tiempo" },
  ranOut: { en: "{name} ran out of time.", es: "A {name} se le acabó el tiempo." },
  missed: { en: "{name} let the time per move pass: a bot played for them.", es: "{name} dejó pasar el tiempo por jugada: un bot jugó por su asiento." },
  you: { en: "you", es: "tú" },
};
const roomId = decodeURIComponent(location.pathname.split("/").pop());
const card = h("section", { id: "time-card", class: "card time-card", "aria-labelledby": "h-time" });
let room = null, told = 0, ticking = null;

const nameOf = (s) => tr(s.shown);  // the seat as the server names it, in each language

function render() {
  const timing = room?.timing;
  card.hidden = !timing;
  if (!timing) return;
  const clock = timing.mode === "clock", mine = mySeat(roomId);
  const passed = (performance.now() - told) / 1000;
  const about = clock ? tr(L.clock).replace("{m}", timing.clock.split("+")[0]).replace("{s}", timing.clock.split("+")[1])
    : tr(L.turnBased).replace("{n}", timing.days === 1 ? tr(L.day) : tr(L.days).replace("{n}", timing.days));
  const rows = room.seats.map((s) => {
    const on = timing.running === s.seat && room.status === "running";
    const out = timing.out.includes(s.seat);
    let left = timing.left[s.seat];
    if (on && left !== null) left = Math.max(0, left - passed);
    const words = [];
    if (out) words.push(tr(L.out));
    else if (left !== null && left !== undefined && (clock || on)) {
      words.push(tr(L.left).replace("{t}", span(left, clock)));
      if (!clock && on) {
        const when = new Date(Date.now() + left * 1000);
        words.push(tr(L.until).replace("{d}", when.toLocaleString(lang() === "es" ? "es-ES" : "en-GB", { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" })));
      }
      if (on && clock && left < 10) words.push(tr(L.low));
    } else if (!clock && s.kind === "human") words.push(tr(L.waiting));
    if (on) words.unshift(tr(L.running));
    const who = nameOf(s) + (mine && mine.seat === s.seat ? ` (${tr(L.you)})` : "");
    return h("li", { class: `seat${s.seat}${on ? " turn" : ""}${out ? " out" : ""}`, "data-time-seat": s.seat },
      h("span", { class: "marker", "aria-hidden": "true" }, on ? "⏱" : ""), h("strong", {}, who), ": ", words.join(", "));
  });
  const lines = [...new Set(timing.out)].map((seat) => h("p", { class: "time-out" }, tr(L.ranOut).replace("{name}", nameOf(room.seats[seat]))));
  for (const seat of new Set(timing.missed)) lines.push(h("p", { class: "time-out" }, tr(L.missed).replace("{name}", nameOf(room.seats[seat]))));
  card.replaceChildren(h("h2", { id: "h-time" }, tr(L.title)),
    h("p", { class: "muted" }, about, " ", tr(timing.timeout === "lose" ? L.ruleLose : L.ruleBot)),
    // the countdown is not a live region (it would speak every second); what happened is
    h("ul", { class: "time-list", id: "time-list" }, ...rows),
    h("div", { role: "status", "aria-live": "polite", id: "time-news" }, ...lines));
}

function follow(shown) {
  room = shown;
  told = performance.now();
  render();
  clearInterval(ticking);
  if (room.timing && room.timing.running !== null && room.status === "running") ticking = setInterval(render, room.timing.mode === "clock" ? 250 : 30000);
}

card.hidden = true;
const place = () => {
  const bar = document.querySelector(".turnbar");
  if (bar) bar.after(card); else document.body.append(card);
};
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", place); else place();
listen("ludoteca:state", follow);
document.addEventListener("click", (e) => { if (e.target.closest?.("[data-lang]")) setTimeout(render, 0); });
