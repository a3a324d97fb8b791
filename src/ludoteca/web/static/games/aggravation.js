// Aggravation: the wooden board with its arms (track up one side, across the end, down the
// other), a star hole at each inner corner, the centre hole, HOME down the middle of each arm
// and BASE beyond its end. Hole numbers follow the game's notation: track 0..N-1, centre N,
// HOME of arm a at N+1+4a+i, BASE -1. Movable marbles and reachable star/centre holes glow.
import { svg, choice, die } from "/static/games/generic.js";

const UNIT = 34;
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
  const v = doc.view, board = v.board, L = layout(board), N = board.track_holes;
  const ext = L.extent * UNIT, mover = Number(doc.current_player);
  const P = ([x, y]) => [x * UNIT, y * UNIT];
  const armColour = {}, colour = seatColours(doc);
  (v.seat_arms || []).forEach((arm, seat) => { armColour[arm] = colour[seat]; });
  const root = svg("svg", { viewBox: `${-ext} ${-ext} ${2 * ext + 220} ${2 * ext}`, class: "aggravation", role: "img" });
  // the board's wooden shape: one rounded arm per player slot
  root.append(svg("circle", { cx: 0, cy: 0, r: ext * 0.62, fill: "#c98f52" }));
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
  L.track.forEach((pt, i) => root.append(hole(pt, { star: stars.has(i) })));
  root.append(svg("circle", { cx: 0, cy: 0, r: 0.55 * UNIT, fill: "#f6e27a", stroke: "#6b4a22", "stroke-width": 2 }));
  L.home.forEach((holes, a) => holes.forEach((pt) => root.append(hole(pt, { colour: "#6d4a27" }))));
  L.base.forEach((holes, a) => holes.forEach((pt) => root.append(hole(pt, { colour: "#7b5431" }))));
  (board.starts || []).forEach((s, a) => { const [x, y] = P(L.track[s]); root.append(svg("circle", { cx: x, cy: y, r: 0.42 * UNIT, fill: "none", stroke: armColour[a] || "#333", "stroke-width": 3 })); });

  const where = (seat, pos, k) => {
    const arm = v.seat_arms[seat];
    if (pos < 0) return L.base[arm][k];
    if (pos < N) return L.track[pos];
    if (pos === N) return [0, 0];
    const h = pos - N - 1;
    return L.home[Math.floor(h / board.home_holes)][h % board.home_holes];
  };
  const legal = new Map(ctx.legal.map((m) => [m.action, m]));
  (v.marbles || []).forEach((marbles, seat) => marbles.forEach((pos, k) => {
    const [x, y] = P(where(seat, pos, k));
    const g = svg("g", { class: "marble", "data-seat": seat },
      svg("circle", { cx: x, cy: y, r: 0.36 * UNIT, fill: colour[seat], stroke: "#fff", "stroke-width": 2 }),
      svg("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 11, "font-weight": 800, fill: "#fff" }, String(k + 1)));
    const move = seat === mover ? legal.get(`m${k + 1}`) : null;
    root.append(move ? choice(g, move, ctx) : g);
  }));
  // on top of the marbles: the centre hole when a marble can jump in ("mK centre")
  const centre = ctx.legal.find((m) => /^m\d centre$/.test(m.action));
  if (centre) root.append(choice(svg("g", {}, svg("circle", { cx: 0, cy: 0, r: 0.62 * UNIT, fill: "rgba(255,210,63,.3)" })), centre, ctx));
  const enter = legal.get("enter");
  if (enter && !Number.isNaN(mover)) {
    const [x, y] = P(L.base[v.seat_arms[mover]][0]);
    root.append(choice(svg("g", {}, svg("rect", { x: x - 0.5 * UNIT, y: y - 0.5 * UNIT, width: UNIT, height: UNIT, rx: 6, fill: "rgba(255,210,63,.35)" })), enter, ctx));
  }
  const side = svg("g", { transform: `translate(${ext + 20}, ${-ext + 30})` });
  side.append(svg("text", { x: 0, y: 0, "font-size": 18, "font-weight": 700 }, ctx.t("dice")));
  if (v.roll) side.append(die(0, 14, 56, v.roll));
  (v.marbles || []).forEach((_, seat) => {
    const y = 110 + seat * 30;
    side.append(svg("rect", { x: 0, y, width: 16, height: 16, rx: 8, fill: colour[seat] }));
    side.append(svg("text", { x: 24, y: y + 13, "font-size": 14, "font-weight": seat === mover ? 800 : 400 }, ctx.names[seat] || `P${seat + 1}`));
  });
  root.append(side);
  return root;
}
