// What the lobby's game cards and the rules pages share: a game's board drawn by its own module
// (its plug-in's `board`, through board.js) from the server's picture of a game a few turns in, the facts a family
// reads first (players, length), and "Play now": you against bots at the default level, one tap.
import { h, t, tr, lang } from "/static/i18n.js";
import { api, saveSeat, myName } from "/static/api.js";
import { drawerFor } from "/static/board.js";
import * as generic from "/static/games/generic.js";

export const DEFAULT_LEVEL = "medium";  // the level a seat left to the server plays too
export const CL = {
  playNow: { en: "Play now", es: "Jugar ya" }, friends: { en: "With friends", es: "Con amigos" },
  rules: { en: "Rules", es: "Reglas" }, learn: { en: "Learn to play", es: "Aprende a jugar" }, players: { en: "{a}–{b} players", es: "De {a} a {b} jugadores" },
  picture: { en: "{game}: the board in play", es: "{game}: el tablero en juego" },
  playerN: { en: "Player {n}", es: "Jugador {n}" }, me: { en: "Player", es: "Jugador" },
  starting: { en: "Setting up the table…", es: "Preparando la mesa…" },
};
const say = (key, vars = {}) => Object.entries(vars).reduce((s, [k, v]) => s.replaceAll(`{${k}}`, v), tr(CL[key]));
export { say };

const pictures = {};
// The game's board as its own module draws it, or null for a game drawn as data only.
export async function boardPicture(card) {
  if (!card.board) return null;
  pictures[card.name] ||= api(`/api/games/${encodeURIComponent(card.name)}/picture`);
  const [view, drawer] = await Promise.all([pictures[card.name], drawerFor(card.name)]);
  return drawnPicture(view, drawer, say("picture", { game: tr(card.title) }));
}

// A position drawn by the game's own module as a picture, not a table: nothing in it takes focus or
// a tap, and it has one name. `last`: the moves' events the table highlights (a worked example's).
export function drawnPicture(view, drawer, label, { last = [], seat = null } = {}) {
  if (drawer === generic) return null;
  const names = Array.from({ length: view.num_players }, (_, i) => say("playerN", { n: i + 1 }));
  const ctx = { legal: [], act: () => {}, lang: lang(), seat, names, t, tr, h, last, narrow: true,
    hint: () => {}, redraw: () => {} };
  let drawn;
  try { drawn = drawer.draw(view, ctx); } catch (err) { console.error(err); return null; }
  const picture = drawn instanceof SVGSVGElement ? drawn : drawn.querySelector("svg");
  if (!picture) return null;
  for (const el of picture.querySelectorAll("[tabindex], [role], [aria-label]")) {
    el.removeAttribute("tabindex"); el.removeAttribute("role"); el.removeAttribute("aria-label");
  }
  picture.removeAttribute("width"); picture.removeAttribute("height");
  picture.style.minWidth = "";
  picture.setAttribute("role", "img");
  picture.setAttribute("aria-label", label);
  picture.setAttribute("preserveAspectRatio", "xMidYMid meet");
  picture.classList.add("picture-svg");
  return picture;
}

export function facts(card) {
  const [a, b] = card.players;
  return [say("players", { a, b }), card.length ? tr(card.length) : null].filter(Boolean).join(" · ");
}

// One tap: a room of this game's usual size, you in the first seat, bots at the default level in the
// others (a lesson's end asks for easy ones).
export async function playNow(card, button, level = DEFAULT_LEVEL) {
  if (button) { button.disabled = true; button.textContent = say("starting"); }
  const n = card.default_players;
  const seats = [{ kind: "human" }, ...Array.from({ length: n - 1 }, () => ({ kind: "bot", bot: level }))];
  try {
    const made = await api("/api/rooms", { game: card.name, options: { pace: "normal" }, seats, name: myName() || say("me"), seat: 0 });
    saveSeat(made.room.id, made.seat, made.token);
    location.href = `/room/${encodeURIComponent(made.room.id)}`;
  } catch (err) {
    if (button) { button.disabled = false; button.textContent = say("playNow"); }
    throw err;
  }
}
