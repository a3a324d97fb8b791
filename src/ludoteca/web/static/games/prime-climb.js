// Prime Climb: the spiral of spaces 0..101 from the rim to the centre, each circle split
// into one slice per prime factor (2 orange, 3 green, 5 blue, 7 purple, larger primes red;
// 0 black, 1 grey), the pawns on it, the dice and the Keeper cards. The spaces a pawn can
// reach with one die are highlighted; clicking one plays that move.
import { svg, choice, die, SEAT_COLOURS } from "/static/games/generic.js";

const FACTOR = { 2: "#f08a24", 3: "#3aa655", 5: "#2f7fd6", 7: "#8e5bc4" };
const RED = "#d8383a", SIZE = 900, MID = SIZE / 2, R = 19;

function primeFactors(n) {
  const out = [];
  for (let p = 2; p * p <= n; p++) while (n % p === 0) { out.push(p); n /= p; }
  if (n > 1) out.push(n);
  return out;
}

function colours(n) {
  if (n === 0) return ["#222"];
  if (n === 1) return ["#9a9a9a"];
  return primeFactors(n).map((p) => FACTOR[p] || RED);
}

// Space n on an Archimedean spiral: 101 in the centre, 0 on the outside; equal steps along the track.
const PLACES = (() => {
  const out = [], gap = 2 * R + 6, b = (2 * R + 8) / (2 * Math.PI), start = 80 / b;
  let theta = start;
  for (let k = 0; k <= 101; k++) {
    const n = 101 - k;
    if (n === 101) { out[n] = [MID, MID]; continue; }
    const r = b * theta;
    out[n] = [MID + r * Math.cos(theta - Math.PI / 2), MID + r * Math.sin(theta - Math.PI / 2)];
    theta += gap / Math.max(r, 1);
  }
  return out;
})();

function slice(cx, cy, r, a0, a1, fill) {
  if (a1 - a0 >= 2 * Math.PI - 1e-6) return svg("circle", { cx, cy, r, fill });
  const p = (a) => [cx + r * Math.cos(a), cy + r * Math.sin(a)];
  const [x0, y0] = p(a0), [x1, y1] = p(a1);
  return svg("path", { d: `M${cx},${cy} L${x0},${y0} A${r},${r} 0 ${a1 - a0 > Math.PI ? 1 : 0} 1 ${x1},${y1} Z`, fill });
}

function space(n) {
  const [x, y] = PLACES[n];
  const r = n === 101 ? 46 : R;
  const g = svg("g", { class: "space", "data-space": n });
  g.append(svg("circle", { cx: x, cy: y, r: r + 2, fill: "#fffdf8", stroke: "#5b5148", "stroke-width": 1.5 }));
  const cs = colours(n);
  cs.forEach((c, i) => g.append(slice(x, y, r, -Math.PI / 2 + (2 * Math.PI * i) / cs.length, -Math.PI / 2 + (2 * Math.PI * (i + 1)) / cs.length, c)));
  g.append(svg("circle", { cx: x, cy: y, r: r * 0.62, fill: "#fffdf8" }));
  g.append(svg("text", { x, y: y + r * 0.22, "text-anchor": "middle", "font-size": n === 101 ? 28 : 13, "font-weight": 700, fill: "#2b2622" }, String(n)));
  return g;
}

function target(from, op, value) {
  if (op === "+") return from + value;
  if (op === "-") return from - value;
  if (op === "*") return from * value;
  return value ? Math.floor(from / value) : from;
}

export function draw(doc, ctx) {
  const v = doc.view, mover = Number(doc.current_player);
  const ext = Math.max(...PLACES.map(([x, y]) => Math.hypot(x - MID, y - MID))) + R + 24;
  const root = svg("svg", { viewBox: `${MID - ext} ${MID - ext} ${2 * ext + 250} ${2 * ext}`, class: "prime-climb", role: "img" });
  root.append(svg("rect", { x: MID - ext, y: MID - ext, width: 2 * ext, height: 2 * ext, rx: 30, fill: "#1d3b4f" }));
  // the track under the spaces
  root.append(svg("polyline", { points: PLACES.map((p) => p.join(",")).join(" "), fill: "none", stroke: "#3f6178", "stroke-width": 2 * R + 10, "stroke-linejoin": "round", "stroke-linecap": "round" }));
  const spaces = [];
  for (let n = 0; n <= 101; n++) { spaces[n] = space(n); root.append(spaces[n]); }
  // reachable spaces: A+3 means pawn A, add 3
  const seen = new Set();
  for (const move of ctx.legal) {
    const m = /^([AB])([+\-*\/])(\d+)$/.exec(move.action);
    if (!m || Number.isNaN(mover) || !v.pawns?.[mover]) continue;
    const to = target(v.pawns[mover][m[1] === "A" ? 0 : 1], m[2], Number(m[3]));
    if (to < 0 || to > 101 || seen.has(to)) continue;
    seen.add(to);
    const [x, y] = PLACES[to];
    const ring = svg("g", {}, svg("circle", { cx: x, cy: y, r: (to === 101 ? 46 : R) + 5, fill: "rgba(255,210,63,.25)", stroke: "#ffd23f", "stroke-width": 4 }),
      svg("text", { x, y: y - R - 8, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#ffd23f" }, move.action));
    root.append(choice(ring, move, ctx));
  }
  // pawns: two per player, lettered A and B, fanned out when they share a space
  const stacks = {};
  (v.pawns || []).forEach((pair, seat) => pair.forEach((pos, k) => {
    const at = Math.max(0, Math.min(101, pos));
    const i = (stacks[at] = (stacks[at] || 0) + 1) - 1;
    const [x, y] = PLACES[at];
    const dx = (i % 4) * 11 - 16, dy = Math.floor(i / 4) * 11 - 9;
    root.append(svg("g", { class: "pawn", "data-seat": seat, "data-pawn": k ? "B" : "A" },
      svg("circle", { cx: x + dx, cy: y + dy, r: 9, fill: SEAT_COLOURS[seat], stroke: "#fff", "stroke-width": 2 }),
      svg("text", { x: x + dx, y: y + dy + 4, "text-anchor": "middle", "font-size": 10, "font-weight": 800, fill: "#fff" }, k ? "B" : "A")));
  }));
  // the side: dice, whose turn, Keepers, the card in play
  const side = svg("g", { transform: `translate(${MID + ext + 20}, ${MID - ext + 30})` });
  side.append(svg("text", { x: 0, y: 0, "font-size": 18, "font-weight": 700 }, ctx.t("dice")));
  (v.dice || []).forEach((d, i) => side.append(die(i * 58, 14, 48, d)));
  let y = 100;
  (v.keepers || []).forEach((keep, seat) => {
    side.append(svg("rect", { x: 0, y, width: 14, height: 14, rx: 3, fill: SEAT_COLOURS[seat] }));
    side.append(svg("text", { x: 20, y: y + 12, "font-size": 14, "font-weight": seat === mover ? 800 : 400 }, ctx.names[seat] || `P${seat + 1}`));
    const cards = Object.entries(keep || {}).flatMap(([name, count]) => Array(count).fill(name));
    side.append(svg("text", { x: 20, y: y + 30, "font-size": 12, fill: "#555" }, cards.length ? cards.join(", ") : "—"));
    if (v.cursed?.[seat]) side.append(svg("text", { x: 20, y: y + 46, "font-size": 12, fill: RED }, "curse"));
    y += 62;
  });
  if (v.card) side.append(svg("g", {}, svg("rect", { x: 0, y, width: 200, height: 44, rx: 8, fill: "#fff3c4", stroke: "#c4572e" }),
    svg("text", { x: 100, y: y + 27, "text-anchor": "middle", "font-size": 15, "font-weight": 700 }, String(v.card))));
  root.append(side);
  return root;
}
