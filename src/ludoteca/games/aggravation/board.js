// Aggravation: the wooden board with its arms (track up one side, across the end, down the
// other), a star hole at each inner corner, the centre hole, HOME down the middle of each arm
// and BASE beyond its end. Hole numbers follow the game's notation: track 0..N-1, centre N,
// HOME of arm a at N+1+4a+i, BASE -1. Play on the board: tap a glowing marble (a marble in
// BASE enters); a marble with several ways to go is selected, then tap the star or centre
// hole it takes, or "along the track". Marbles are told apart by shape and number too.
import { svg, choice, button, named, tray, die } from "/static/games/generic.js";
import { seatShape } from "/static/games/shapes.js";
let selected = null;

const UNIT = 34;
const PHONE_SCALE = 1.15;  // CSS px per board unit on a phone
// the classic board's arm colours, as the game names them: Red, Blue, Yellow, Green, Purple, Cyan
const ARM_COLOURS = ["#d94841", "#2f6fd6", "#e0a526", "#3a9d5d", "#8e5bc4", "#33b5c9"];

export function seatColours(doc) {
  return (doc.view.seat_arms || []).map((arm) => ARM_COLOURS[arm % ARM_COLOURS.length]);
}

function layout(board) {
  const A = board.arms, hpa = board.track_holes / A, half = Math.PI / A;
  const uStar = 2 / Math.tan(half), uOut = uStar + 5;
  const at = (arm, u, v) => {
    const th = -Math.PI / 2 + (arm * 2 * Math.PI) / A, ux = Math.cos(th), uy = Math.sin(th);
    return [u * ux - v * uy, u * uy + v * ux];
  };
  const track = [], home = [], base = [];
  for (let a = 0; a < A; a++) {
    const s = a * hpa, next = (a + 1) % A;
    track[s % board.track_holes] = at(a, uOut, 2);
    for (let k = 1; k < 5; k++) track[(s + k) % board.track_holes] = at(a, uOut - k, 2);
    track[(s + 5) % board.track_holes] = at(a, uStar, 2);
    for (let k = 0; k < 4; k++) track[(s + 6 + k) % board.track_holes] = at(next, uStar + 1 + k, -2);
    for (let k = 0; k < 4; k++) track[(s + 10 + k) % board.track_holes] = at(next, uOut, -2 + k);
    home.push(Array.from({ length: board.home_holes }, (_, i) => at(a, uOut - 1 - i, 0)));
    base.push(Array.from({ length: board.home_holes }, (_, i) => at(a, uOut + 1.5, -1.5 + i)));
  }
  return { track, home, base, extent: uOut + 2.6 };
}

export function draw(doc, ctx) {
  const v = doc.view, board = v.board, L_ = layout(board), N = board.track_holes;
  const ext = L_.extent * UNIT, mover = Number(doc.current_player);
  const P = ([x, y]) => [x * UNIT, y * UNIT];
  const armColour = {}, colour = seatColours(doc);
  (v.seat_arms || []).forEach((arm, seat) => { armColour[arm] = colour[seat]; });
  const rows = (v.marbles || []).length, vb = ctx.narrow ? `${-ext} ${-ext} ${2 * ext} ${2 * ext + 110 + rows * 56}` : `${-ext} ${-ext} ${2 * ext + 260} ${2 * ext}`;
  const root = svg("svg", { viewBox: vb, class: "aggravation", "aria-label": ctx.lang === "es" ? "El tablero de Agravación" : "The Aggravation board" });
  // the whole board fits the screen; zoomed to PHONE_SCALE (holes 39 px apart, marbles 28 px,
  // numbers 14 px) it is legible and every target keeps its 44 px square
  root.dataset.readable = String(PHONE_SCALE);
  // the board's wooden shape: one rounded arm per player slot
  root.append(svg("circle", { cx: 0, cy: 0, r: ext * 0.62, fill: "#c98f52", class: "deco" }));
  for (let a = 0; a < board.arms; a++) {
    const th = (a * 360) / board.arms;
    root.append(svg("rect", { x: -2.9 * UNIT, y: -ext, width: 5.8 * UNIT, height: ext, rx: UNIT, fill: "#c98f52", transform: `rotate(${th})` }));
    root.append(svg("rect", { x: -0.5 * UNIT, y: -ext + 0.3 * UNIT, width: UNIT, height: 5.2 * UNIT, rx: UNIT / 2, fill: armColour[a] || "#b07a40", opacity: 0.35, transform: `rotate(${th})` }));
  }
  const hole = (pt, { star = false, colour = null, r = 0.3 } = {}) => {
    const [x, y] = P(pt);
    if (star) {
      const pts = Array.from({ length: 10 }, (_, i) => {
        const rr = (i % 2 ? 0.22 : 0.5) * UNIT, a = -Math.PI / 2 + (i * Math.PI) / 5;
        return `${x + rr * Math.cos(a)},${y + rr * Math.sin(a)}`;
      }).join(" ");
      return svg("polygon", { points: pts, fill: "#f6e27a", stroke: "#6b4a22", "stroke-width": 1.5 });
    }
    return svg("circle", { cx: x, cy: y, r: r * UNIT, fill: colour || "#5b3b1c", stroke: "#3b2611", "stroke-width": 1 });
  };
  const stars = new Set(board.stars || []);
  L_.track.forEach((pt, i) => root.append(hole(pt, { star: stars.has(i) })));
  root.append(svg("circle", { cx: 0, cy: 0, r: 0.55 * UNIT, fill: "#f6e27a", stroke: "#6b4a22", "stroke-width": 2 }));
  L_.home.forEach((holes, a) => holes.forEach((pt) => root.append(hole(pt, { colour: "#6d4a27" }))));
  L_.base.forEach((holes, a) => holes.forEach((pt) => root.append(hole(pt, { colour: "#7b5431" }))));
  (board.starts || []).forEach((s, a) => { const [x, y] = P(L_.track[s]); root.append(svg("circle", { cx: x, cy: y, r: 0.42 * UNIT, fill: "none", stroke: armColour[a] || "#333", "stroke-width": 3 })); });

  const where = (seat, pos, k) => {
    const arm = v.seat_arms[seat];
    if (pos < 0) return L_.base[arm][k];
    if (pos < N) return L_.track[pos];
    if (pos === N) return [0, 0];
    const h = pos - N - 1;
    return L_.home[Math.floor(h / board.home_holes)][h % board.home_holes];
  };
  const L = (en, es) => (ctx.lang === "es" ? es : en);
  const who = (seat) => (seat === ctx.seat ? L("your", "tu") : `${ctx.names[seat]}:`);
  const holeName = (pos) => (pos < 0 ? L("in BASE", "en BASE") : pos < N ? (stars.has(pos) ? `${L("star", "estrella")} ${board.star_letters[board.stars.indexOf(pos)]} (${L("hole", "agujero")} ${pos})` : `${L("hole", "agujero")} ${pos}`)
    : pos === N ? L("in the centre", "en el centro") : `${L("in HOME", "en CASA")} ${((pos - N - 1) % board.home_holes) + 1}`);
  // each movable marble's ways to go (along the track, into the centre, to a star), from the
  // parts the server sends with each move (`fields`), never the notation
  const ways = {};
  for (const m of ctx.legal) {
    const f = m.fields || {};
    if (f.kind === "move") (ways[f.marble] ||= []).push({ way: f.way, star: f.star, hole: f.hole, move: m });
  }
  if (selected && !ways[selected]) selected = null;
  const enter = ctx.legal.find((m) => m.fields?.kind === "enter");
  let enterShown = false;
  const travelled = {};
  for (const item of [...(ctx.last || []), ...(ctx.moving || [])]) for (const e of item.events || []) {
    if (e.type === "marble_moved" && Array.isArray(e.path)) travelled[`${e.seat}-${e.marble}`] = e.path.slice(0, -1);
  }
  (v.marbles || []).forEach((marbles, seat) => marbles.forEach((pos, k) => {
    const [x, y] = P(where(seat, pos, k));
    const g = svg("g", { class: `marble${selected === String(k + 1) && seat === mover ? " selected" : ""}`, "data-seat": seat, "data-key": `marble-${seat}-${k}`, "data-at": pos },
      seatShape(seat, x, y, 0.36 * UNIT, colour[seat], { stroke: "#fff", "stroke-width": 2 }),
      svg("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 12, "font-weight": 800, fill: "#fff", stroke: "#000", "stroke-width": 0.5 }, String(k + 1)));
    const path = travelled[`${seat}-${k + 1}`];  // the holes it passed on the last move (from its event)
    if (path) g.setAttribute("data-path", path.map((h) => P(h < 0 ? L_.base[v.seat_arms[seat]][k] : h < N ? L_.track[h] : h === N ? [0, 0] : L_.home[Math.floor((h - N - 1) / board.home_holes)][(h - N - 1) % board.home_holes]).join(",")).join(" "));
    const name = `${who(seat)} ${L("marble", "canica")} ${k + 1}, ${holeName(pos)}`;
    const mine = seat === mover ? ways[String(k + 1)] : null;
    if (mine && mine.length === 1) root.append(choice(g, mine[0].move, ctx, name));
    else if (mine) {
      g.setAttribute("data-select", String(k + 1));
      root.append(button(g, () => { selected = String(k + 1); ctx.redraw(); }, `${L("Choose", "Elegir")} ${name}`));
    } else if (seat === mover && pos < 0 && enter && !enterShown) {
      enterShown = true;  // any marble in BASE enters: the first one carries the move
      root.append(choice(g, enter, ctx, name));
    } else root.append(named(g, name));
  }));
  // the selected marble's ways: the centre hole, star holes, or along the track
  let selectedExtra = [];
  if (selected) {
    const extra = [];
    for (const way of ways[selected]) {
      if (way.way === "centre") root.append(choice(svg("g", {}, svg("circle", { cx: 0, cy: 0, r: 0.62 * UNIT, fill: "rgba(255,210,63,.35)" })), way.move, ctx, L("the centre hole", "el agujero central")));
      else if (way.way === "star") {
        const letter = way.star, hole = way.hole;
        const [x, y] = P(L_.track[hole]);
        root.append(choice(svg("g", {}, svg("circle", { cx: x, cy: y, r: 0.55 * UNIT, fill: "rgba(255,210,63,.35)" }),
          svg("text", { x, y: y - 0.7 * UNIT, "text-anchor": "middle", "font-size": 13, "font-weight": 800, fill: "#fff", stroke: "#000", "stroke-width": 0.6 }, letter)), way.move, ctx, `${L("star", "estrella")} ${letter}`));
      } else extra.push({ label: L("along the track", "por el camino"), move: way.move, ctx });
    }
    selectedExtra = extra;
  }
  // beside the board (below it on a phone): the die and the players
  const k = ctx.narrow ? 1.6 : 1, sx = ctx.narrow ? -ext + 10 : ext + 20, sy = ctx.narrow ? ext + 40 : -ext + 30;
  // "along the track" sits beside the die, off the holes, so it never covers a neighbour's marble
  if (selectedExtra.length) {
    const tx = ctx.narrow ? sx + 220 : sx, ty = ctx.narrow ? sy - 40 : sy + 120 + (v.marbles || []).length * 34;
    root.append(tray(tx, ty, 200, selectedExtra, { size: ctx.narrow ? 20 : 16 })[0]);
  }
  const side = svg("g", { class: "info" });
  side.append(svg("text", { x: sx, y: sy, "font-size": 18 * k, "font-weight": 700, fill: "#2b2622" }, ctx.t("dice")));
  if (v.roll) side.append(named(die(sx + (ctx.narrow ? 110 : 0), sy + (ctx.narrow ? -40 : 14), 56 * k, v.roll), `${ctx.t("dice")}: ${v.roll}`));
  (v.marbles || []).forEach((marbles, seat) => {
    const y = sy + (ctx.narrow ? 60 : 110) + seat * 34 * k, home = marbles.filter((p) => p > N).length;
    side.append(seatShape(seat, sx + 8 * k, y - 5 * k, 8 * k, colour[seat], { stroke: "#2b2622", "stroke-width": 1.5 }));
    side.append(svg("text", { x: sx + 22 * k, y, "font-size": 14 * k, "font-weight": seat === mover ? 800 : 400, fill: "#2b2622" },
      `${seat === mover ? "▶ " : ""}${ctx.names[seat]} · ${L("home", "casa")} ${home}/4`));
  });
  root.append(side);
  ctx.hint(ctx.legal.length ? (selected ? L("Tap where the marble goes.", "Toca adónde va la canica.") : L("Tap a glowing marble.", "Toca una canica resaltada.")) : "");
  return root;
}

// The marbles the last actions moved or sent home, from their events (the board lights exactly these).
export function changedKeys(items) {
  const keys = [];
  for (const item of items) for (const e of item.events || []) {
    if (["marble_entered", "marble_moved", "aggravated"].includes(e.type)) keys.push(`marble-${e.seat}-${e.marble - 1}`);
  }
  return keys;
}
