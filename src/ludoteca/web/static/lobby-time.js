// The room's pace of play, under the lobby form's "More options" (issue 46): live (as always) or
// turn-based with a time per move of days; a live game may have clocks (minutes + seconds per move);
// and what happens to someone whose time runs out. Each choice says what it does in one sentence.
import { h, tr, lang } from "/static/i18n.js";

// time left in words: a clock's m:ss (h:mm:ss past an hour), a turn-based deadline's days and hours
export function leftWords(seconds, clock = false) {
  const s = Math.max(0, seconds);
  if (clock) {
    const whole = Math.ceil(s), hh = Math.floor(whole / 3600), mm = Math.floor((whole % 3600) / 60), ss = whole % 60;
    return hh ? `${hh}:${String(mm).padStart(2, "0")}:${String(ss).padStart(2, "0")}` : `${mm}:${String(ss).padStart(2, "0")}`;
  }
  const m = Math.ceil(s / 60), d = Math.floor(m / 1440), hr = Math.floor((m % 1440) / 60), mn = m % 60;  // whole minutes, rounded up
  const es = lang() === "es";
  if (d) return `${d} ${es ? (d === 1 ? "día" : "días") : (d === 1 ? "day" : "days")} ${hr} h`;
  if (hr) return `${hr} h ${mn} min`;
  return `${mn} min`;
}

const L = {
  mode: { en: "Pace of play", es: "Forma de jugar" },
  live: { en: "Live: everyone at the table now", es: "En directo: todos en la mesa ahora" },
  days: { en: "Turn-based: {n} per move", es: "Por turnos: {n} por jugada" },
  day1: { en: "1 day", es: "1 día" }, day3: { en: "3 days", es: "3 días" }, day7: { en: "7 days", es: "7 días" },
  modeHelp: { en: "Turn-based games wait for each player, who is told when it is their turn.",
    es: "Las partidas por turnos esperan a cada jugador, al que se avisa cuando le toca." },
  clock: { en: "Clocks", es: "Relojes" }, noClock: { en: "No clocks", es: "Sin relojes" },
  clockOf: { en: "{m} min + {s} s per move", es: "{m} min + {s} s por jugada" },
  clockHelp: { en: "Each player has a time bank; each move adds the seconds.", es: "Cada jugador tiene un tiempo; cada jugada le suma los segundos." },
  timeout: { en: "When time runs out", es: "Si se acaba el tiempo" },
  bot: { en: "A bot plays for the player", es: "Un bot juega por el jugador" },
  lose: { en: "The player loses (resigns)", es: "El jugador pierde (abandona)" },
  timeoutHelp: { en: "The server keeps the time; nobody's own clock counts.", es: "El servidor lleva el tiempo; no cuenta el reloj de nadie." },
};
const CLOCKS = ["1+1", "3+2", "5+3", "10+5"];

export function timeFields() {
  const mode = h("select", { id: "time-mode", "aria-describedby": "time-mode-help" },
    h("option", { value: "live", selected: true }, tr(L.live)),
    ...[1, 3, 7].map((n) => h("option", { value: String(n) }, tr(L.days).replace("{n}", tr(L[`day${n}`])))));
  const clock = h("select", { id: "time-clock", "aria-describedby": "time-clock-help" },
    h("option", { value: "", selected: true }, tr(L.noClock)),
    ...CLOCKS.map((c) => h("option", { value: c }, tr(L.clockOf).replace("{m}", c.split("+")[0]).replace("{s}", c.split("+")[1]))));
  const rule = h("select", { id: "time-rule", "aria-describedby": "time-rule-help" },
    h("option", { value: "bot", selected: true }, tr(L.bot)), h("option", { value: "lose" }, tr(L.lose)));
  const row = (label, select, help, id) => h("div", { class: "formrow", id: `${id}-row` },
    h("label", { for: select.id }, tr(label)), select, h("span", { class: "option-help", id: `${select.id}-help` }, tr(help)));
  const clockRow = row(L.clock, clock, L.clockHelp, "time-clock"), ruleRow = row(L.timeout, rule, L.timeoutHelp, "time-rule");
  const show = () => {
    clockRow.classList.toggle("hidden", mode.value !== "live");
    ruleRow.classList.toggle("hidden", mode.value === "live" && !clock.value);
  };
  mode.addEventListener("change", show);
  clock.addEventListener("change", show);
  show();
  const box = h("div", { id: "time-options" }, row(L.mode, mode, L.modeHelp, "time-mode"), clockRow, ruleRow);
  // what the server is sent with the room's options (it checks each value again)
  const read = () => {
    if (mode.value !== "live") return { turns: Number(mode.value), timeout: rule.value };
    return clock.value ? { clock: clock.value, timeout: rule.value } : {};
  };
  return { box, read };
}
