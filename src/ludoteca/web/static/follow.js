// Following the others at the table: captions of the special events on the board, the replay of
// the actions since your last decision, and telling you that it is your turn (the tab's title, an
// optional sound, a vibration and a notification while the page is hidden). Everything here
// renders the events and log lines the server sent; nothing is re-derived.
import { t } from "/static/i18n.js";
import { reducedMotion } from "/static/board.js";

// the events worth a caption, what changes the game beyond an ordinary move: each game declares its
// own (its package's PLUGIN `special_events`), sent with its card and the room's rules message
export const SPECIAL = new Set();
export function learnSpecial(card) {
  for (const type of card?.special_events || []) SPECIAL.add(type);
}
export const CAPTION_MS = 2500;  // long enough to read a few words (about 2.5 s)
window.ludotecaCaptions = [];  // every caption shown, for the tests: {text, types}

// Captions over the board: one at a time, each for CAPTION_MS; at most a few wait (a fast table
// never lags far behind). A caption is the server's few words for the event (`short`, at most about
// ten); the log keeps the whole sentence. It sits at the top or the bottom of the board, whichever
// hides neither the pieces it talks about nor the board's cues. With reduced motion nothing
// fades, and the last caption stays until new moves arrive.
export class Captions {
  constructor(box) {
    this.box = box;
    this.queue = [];
    this.timer = null;
  }

  // items: [{i, player, events, short}]; shortOf(item, k): the words of its event k; all: caption
  // every action (a replay), by its special event or else its first
  tell(items, shortOf, all = false) {
    for (const item of items) {
      const events = item.events || [], types = events.map((e) => e.type).filter((type) => SPECIAL.has(type));
      let k = events.findIndex((e) => SPECIAL.has(e.type) && shortOf(item, events.indexOf(e)));
      if (k < 0 && all) k = events.findIndex((e, j) => e.type !== "action" && shortOf(item, j));
      if (k < 0) continue;
      const text = shortOf(item, k);
      if (text) this.queue.push({ text, types, player: item.player });
    }
    if (this.queue.length > 3) this.queue = this.queue.slice(-3);
    if (!this.timer) this.next();
  }

  // new moves arrived without a caption: a caption left standing (reduced motion) goes
  moved() {
    if (!this.timer && !this.queue.length) this.box.classList.add("hidden");
  }

  next() {
    const c = this.queue.shift();
    if (!c) {
      this.timer = null;
      if (!reducedMotion()) this.box.classList.add("hidden");
      return;
    }
    this.box.textContent = c.text;
    this.box.className = `caption ${typeof c.player === "number" ? `seat${c.player}` : ""}`;
    this.box.classList.toggle("still", reducedMotion());
    this.place();
    window.ludotecaCaptions.push({ text: c.text, types: c.types });
    this.timer = setTimeout(() => this.next(), CAPTION_MS);
  }

  // at the top of the board unless it would cover a lit piece or a cue there: then at the bottom
  place() {
    const box = this.box;
    box.classList.remove("at-bottom");
    const board = box.parentElement, over = (r, q) => q.width && q.left < r.right && q.right > r.left && q.top < r.bottom && q.bottom > r.top;
    const avoid = [...(board?.querySelectorAll(".last-move, .scroll-cue:not([hidden]), .choice") || [])].map((e) => e.getBoundingClientRect());
    const hides = () => { const r = box.getBoundingClientRect(); return avoid.filter((q) => over(r, q)).length; };
    const top = hides();
    if (!top) return;
    box.classList.add("at-bottom");
    if (hides() > top) box.classList.remove("at-bottom");
  }

  clear() {
    clearTimeout(this.timer);
    this.timer = null;
    this.queue = [];
    this.box.classList.add("hidden");
  }
}

// Your turn: the tab title, a short tone (if chosen), a vibration and a notification when the
// page is hidden (if allowed). The choices are kept in localStorage.
const SOUND_KEY = "ludoteca:sound", NOTIFY_KEY = "ludoteca:notify";
export const soundOn = () => localStorage.getItem(SOUND_KEY) === "on";
export const setSound = (on) => localStorage.setItem(SOUND_KEY, on ? "on" : "off");
export const notifyOn = () => localStorage.getItem(NOTIFY_KEY) === "on" && "Notification" in window && Notification.permission === "granted";
export async function askNotify() {
  if (!("Notification" in window)) return false;
  const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  localStorage.setItem(NOTIFY_KEY, answer === "granted" ? "on" : "off");
  return answer === "granted";
}
export const stopNotify = () => localStorage.setItem(NOTIFY_KEY, "off");
window.ludotecaAlerts = [];  // what each turn alert did, for the tests

function tone() {
  try {
    const audio = new (window.AudioContext || window.webkitAudioContext)();
    const osc = audio.createOscillator(), gain = audio.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.35);
    return true;
  } catch { return false; }
}

export function yourTurnAlert(gameTitle) {
  const done = { sound: false, vibrate: false, notify: false, hidden: document.hidden };
  if (soundOn()) done.sound = tone();
  if (document.hidden && navigator.vibrate) done.vibrate = navigator.vibrate([120, 60, 120]);
  if (document.hidden && notifyOn()) {
    try { new Notification(`${t("yourTurn")} — ${gameTitle}`, { tag: "ludoteca-turn" }); done.notify = true; } catch { /* not allowed here */ }
  }
  window.ludotecaAlerts.push(done);
}
