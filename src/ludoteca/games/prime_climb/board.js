// Prime Climb: the spiral of spaces 0..101 from the rim to the centre, each circle split
// into one slice per prime factor (2 orange, 3 green, 5 blue, 7 purple, larger primes red and
// notched; 0 black, 1 grey), the pawns on it (a shape per seat and their letter), the dice and
// the Keeper cards. Play on the board: tap one of your pawns, then a highlighted space (it
// shows the die and operation); where several moves reach the same space, pick one. Keeper
// cards and "end" are buttons drawn on the board. Every move is also in the side list.
import { svg, choice, button, named, tray, SEAT_COLOURS } from "/static/games/generic.js";
import { seatShape } from "/static/games/shapes.js";

const FACTOR = { 2: "#f08a24", 3: "#3aa655", 5: "#2f7fd6", 7: "#8e5bc4" };
const FACTOR_NAME = { 2: ["orange", "naranja"], 3: ["green", "verde"], 5: ["blue", "azul"], 7: ["purple", "morado"] };
const RED = "#d8383a", SIZE = 900, MID = SIZE / 2, R = 19;
const OPS = { "+": ["add", "suma"], "-": ["subtract", "resta"], "*": ["multiply by", "multiplica por"], "/": ["divide by", "divide entre"] };
const SHOW_OP = { "+": "+", "-": "−", "*": "×", "/": "÷" };
let selected = null, chooser = null;
const PHONE_SCALE = 0.86, PICKER_W = 380;
const FAN = [[-17, -13], [17, -13], [-17, 13], [17, 13], [0, -24], [0, 24], [-28, 0], [28, 0]];

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

// "37, red, prime" / "12 = 2 × 2 × 3: orange, orange, green"
function spaceName(n, L) {
  if (n === 0) return L("0, start", "0, salida");
  if (n === 1) return "1";
  const f = primeFactors(n), names = f.map((p) => L(...(FACTOR_NAME[p] || ["red", "rojo"])));
  const centre = n === 101 ? L(", the centre", ", el centro") : "";
  if (f.length === 1) return `${n}${centre}, ${names[0]}, ${L("prime", "primo")}`;
  return `${n} = ${f.join(" × ")}: ${names.join(", ")}`;
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

function space(n, occupants, L) {
  const [x, y] = PLACES[n];
  const r = n === 101 ? 46 : R;
  const g = named(svg("g", { class: "space", "data-space": n }), spaceName(n, L) + (occupants.length ? `; ${occupants.join(", ")}` : ""));
  g.append(svg("circle", { cx: x, cy: y, r: r + 2, fill: "#fffdf8", stroke: "#5b5148", "stroke-width": 1.5 }));
  const cs = colours(n);
  cs.forEach((c, i) => g.append(slice(x, y, r, -Math.PI / 2 + (2 * Math.PI * i) / cs.length, -Math.PI / 2 + (2 * Math.PI * (i + 1)) / cs.length, c)));
  if (cs.length === 1 && cs[0] === RED) {  // red primes draw a card: notched, so not by colour alone
    g.append(svg("path", { d: `M${x - 6},${y - r - 3} L${x + 6},${y - r - 3} L${x},${y - r + 6} Z`, fill: "#fff", stroke: "#2b2622", "stroke-width": 1 }));
  }
  g.append(svg("circle", { cx: x, cy: y, r: r * 0.62, fill: "#fffdf8" }));
  g.append(svg("text", { x, y: y + r * 0.24, "text-anchor": "middle", "font-size": n === 101 ? 28 : 14, "font-weight": 800, fill: "#2b2622" }, String(n)));
  return g;
}

const who = (ctx, seat) => ctx.names[seat];
// a card's name as the view says it in players' words ("±4", "Switch" / "Intercambio"), never its key
const cardName = (names, card, L) => (names?.[card] ? L(names[card].en, names[card].es) : String(card));

// a short label for a move that has no space of its own (a Keeper: "Keeper A +3"), from the parts
// the server sends with the move (`fields`), never the notation
function label(move, ctx, names) {
  const L = (en, es) => (ctx.lang === "es" ? es : en);
  const f = move.fields || {};
  if (f.kind === "end") return L("End moving", "Terminar");
  if (f.kind === "keeper") return `${L("Keeper", "Carta")} ${f.pawn} ${f.sign === "+" ? "+" : "−"}${f.value}`;
  if (f.kind === "bump" && !f.seat) return `${L("Bump around", "Golpe junto a")} ${f.pawn}`;
  if (f.kind === "bump") return `${L("Bump", "Golpe a")} ${who(ctx, f.seat - 1)} ${f.pawn}`;
  if (f.kind === "curse") return `${L("Curse", "Maldición a")} ${who(ctx, f.seat - 1)}`;
  if (f.kind === "card") return `${L("Card moves", "La carta mueve")} ${f.pawn}`;
  if (f.kind === "switch") return `${L("Switch with", "Cambiar con")} ${who(ctx, f.seat - 1)} ${f.pawn}`;
  if (f.kind === "steal") return `${L("Steal", "Robar")} ${cardName(names, f.card, L)} ${L("from", "a")} ${who(ctx, f.seat - 1)}`;
  return move.action;
}

export function seatColours(doc) {
  return (doc.view.pawns || []).map((_, seat) => SEAT_COLOURS[seat]);
}

export function draw(doc, ctx) {
  const v = doc.view, mover = Number(doc.current_player);
  const L = (en, es) => (ctx.lang === "es" ? es : en);
  const ext = Math.max(...PLACES.map(([x, y]) => Math.hypot(x - MID, y - MID))) + R + 24;
  // On a phone the whole spiral fits the screen and zooms (PHONE_SCALE CSS px a unit: legible);
  // the pawns to pick and the spaces they reach are offered in a picker of large buttons under it
  // (the spiral's spaces are too close for a finger), with the dice, Keepers and other moves.
  const phone = ctx.narrow;
  const infoW = phone ? PICKER_W : 300, infoX = phone ? 10 : MID + ext + 20;
  let infoY = phone ? 0 : MID - ext + 30;

  // moves with a space: pawn -> destination -> the dice that get there
  const dieMoves = { A: new Map(), B: new Map() }, others = [];
  for (const move of ctx.legal) {
    const f = move.fields || {};  // the move's parts and where it lands, from the server
    if (f.kind !== "die" || typeof f.to !== "number") { others.push(move); continue; }
    const byMove = dieMoves[f.pawn].get(f.to) || new Map();
    byMove.set(move.action, { move, op: f.op, die: f.die });  // (A+2 and A*2 from 2 land alike: both are offered)
    dieMoves[f.pawn].set(f.to, byMove);
  }
  if (selected && !dieMoves[selected].size) selected = null;
  if (!selected) selected = dieMoves.A.size ? "A" : dieMoves.B.size ? "B" : null;
  // (space 0 is a chooser too: compare with null, never by truth)
  if (chooser !== null && !(selected && dieMoves[selected].has(chooser))) chooser = null;

  const occupants = {};
  (v.pawns || []).forEach((pair, seat) => pair.forEach((pos, k) => {
    const name = seat === ctx.seat ? `${L("your pawn", "tu peón")} ${"AB"[k]}` : `${L("pawn", "peón")} ${"AB"[k]} ${L("of", "de")} ${who(ctx, seat)}`;
    (occupants[Math.max(0, Math.min(101, pos))] ||= []).push(name);
  }));

  // the buttons of the moves without a space of their own, to size the picture
  const items = others.map((move) => ({ label: label(move, ctx, v.card_names), move, ctx }));
  const [trayG, trayH] = tray(infoX, 0, infoW - 20, items, { size: phone ? 20 : 15 });
  const infoH = (phone ? 0 : 150 + (v.keepers || []).length * 62 + 60) + trayH;
  const vbW = phone ? 2 * ext : 2 * ext + infoW + 20, vbH = phone ? 2 * ext : Math.max(2 * ext, infoH + 40);
  const root = svg("svg", { viewBox: `${MID - ext} ${MID - ext} ${vbW} ${vbH}`, class: "prime-climb", "aria-label": L("The Prime Climb spiral", "La espiral de Prime Climb") });
  // the whole spiral fits the screen; zoomed to PHONE_SCALE its numbers read 12 px and pawns 22 px
  root.dataset.readable = String(PHONE_SCALE);
  if (phone) root.setAttribute("data-zoom", "");
  const pawnItems = [], targetItems = [];
  root.append(svg("rect", { x: MID - ext, y: MID - ext, width: 2 * ext, height: 2 * ext, rx: 30, fill: "#1d3b4f", class: "deco" }));
  root.append(svg("polyline", { class: "deco", points: PLACES.map((p) => p.join(",")).join(" "), fill: "none", stroke: "#3f6178", "stroke-width": 2 * R + 10, "stroke-linejoin": "round", "stroke-linecap": "round" }));
  for (let n = 0; n <= 101; n++) root.append(space(n, occupants[n] || [], L));

  // the destinations of the selected pawn: the die and operation on each
  const targets = svg("g", { class: "targets" }), labels = svg("g", { class: "deco labels" });
  const from = selected && !Number.isNaN(mover) ? v.pawns?.[mover]?.[selected === "A" ? 0 : 1] : null;
  for (const [to, byMove] of (selected ? dieMoves[selected] : new Map())) {
    if (to < 0 || to > 101) continue;
    if (to === from && phone) {  // a die spent without moving (0 × 3): said in words, not "→ 0"
      for (const d of byMove.values()) targetItems.push({ label: `${selected}${SHOW_OP[d.op]}${d.die}: ${L("stays on", "se queda en")} ${to}`, move: d.move, ctx });
      continue;
    }
    const [x, y] = PLACES[to], r = (to === 101 ? 46 : R) + 6, list = [...byMove.values()];
    const text = list.map((d) => `${SHOW_OP[d.op]}${d.die}`).join(" / ");
    const ring = svg("g", { "data-target": to }, svg("circle", { cx: x, cy: y, r, fill: "rgba(255,210,63,.28)", stroke: "#ffd23f", "stroke-width": 4 }));
    const ly = y - r - 24 >= MID - ext + 2 ? y - r - 24 : y + r + 2;  // below the space at the spiral's rim: never clipped
    labels.append(svg("rect", { x: x - 8 - text.length * 5, y: ly, width: 16 + text.length * 10, height: 22, rx: 6, fill: "#ffd23f", stroke: "#2b2622" }),
      svg("text", { x, y: ly + 16, "text-anchor": "middle", "font-size": 16, "font-weight": 800, fill: "#2b2622" }, text));
    if (phone) {  // the ring shows the space; the picker carries the move, one button per die
      ring.classList.add("deco");
      targets.append(ring);
      for (const d of list) targetItems.push({ label: `${selected}${SHOW_OP[d.op]}${d.die} → ${to}`, move: d.move, ctx });
    } else if (list.length === 1) targets.append(choice(ring, list[0].move, ctx, spaceName(to, L)));
    else {
      ring.setAttribute("data-select", `${selected}-to-${to}`);
      targets.append(button(ring, () => { chooser = to; ctx.redraw(); }, `${spaceName(to, L)}: ${L("pick the die", "elige el dado")} ${text}`));
    }
  }
  root.append(targets);

  // pawns: a shape per seat, lettered A and B, fanned out when they share a space
  const stacks = {};
  (v.pawns || []).forEach((pair, seat) => pair.forEach((pos, k) => {
    const at = Math.max(0, Math.min(101, pos)), letter = "AB"[k];
    const i = (stacks[at] = (stacks[at] || 0) + 1) - 1;
    const [x, y] = PLACES[at];
    const [dx, dy] = FAN[i % FAN.length];  // around the space, apart enough to tap each, its centre left free
    const mine = seat === mover && dieMoves[letter].size > 0;
    const g = svg("g", { class: `pawn${mine && selected === letter ? " selected" : ""}`, "data-seat": seat, "data-pawn": letter, "data-key": `pawn-${seat}-${letter}`, "data-at": pos },
      seatShape(seat, x + dx, y + dy, phone ? 15 : 13, SEAT_COLOURS[seat], { stroke: mine && selected === letter ? "#ff2d95" : "#fff", "stroke-width": mine && selected === letter ? 4 : 2 }),
      svg("text", { x: x + dx, y: y + dy + 5, "text-anchor": "middle", "font-size": 14, "font-weight": 800, fill: "#fff", stroke: "#000", "stroke-width": 0.6 }, letter));
    const name = `${seat === ctx.seat ? L("your pawn", "tu peón") : `${L("pawn", "peón")} ${L("of", "de")} ${who(ctx, seat)}`} ${letter}, ${spaceName(at, L)}`;
    if (mine && phone) {
      const on = selected === letter;
      pawnItems.push({ label: `${on ? "✓ " : ""}${L("Pawn", "Peón")} ${letter} · ${at}`, select: letter, fill: on ? "#ffd0e6" : "#fff",
        name: `${L("Choose", "Elegir")} ${name}`, onPress: () => { selected = letter; chooser = null; ctx.redraw(); } });
      root.append(named(g, name));
    } else if (mine) {
      g.setAttribute("data-select", letter);
      root.append(button(g, () => { selected = letter; chooser = null; ctx.redraw(); }, `${L("Choose", "Elegir")} ${name}`));
    } else root.append(named(g, name));
  }));

  root.append(labels);  // the dice on the targets, above the pawns
  // the chooser: several moves reach the same space
  if (chooser !== null && selected) {
    const [x, y] = PLACES[chooser];
    const list = [...dieMoves[selected].get(chooser).values()];
    const [chips] = tray(x - 70, y + R + 10, 140, list.map((d) => ({ label: `${SHOW_OP[d.op]}${d.die}`, move: d.move, ctx, fill: "#fff" })), { size: 22 });
    root.append(chips);
  }

  // the side (or, on a phone, the picker below): dice, Keepers, the card in play, the other moves
  const side = svg("g", { class: "info" }), k = phone ? 1.2 : 1;
  if (phone) {
    let py = 8;
    for (const list of [pawnItems, targetItems]) {
      if (!list.length) continue;
      const [g, hgt] = tray(infoX, py, infoW - 20, list, { size: 20 });
      side.append(g);
      py += hgt + 12;
    }
    infoY = py + 40;
  }
  side.append(svg("text", { x: infoX, y: infoY, "font-size": 20 * k, "font-weight": 700, fill: "#2b2622" }, ctx.t("dice")));
  (v.dice || []).forEach((d, i) => {
    const x = infoX + (phone ? 110 + i * 64 * k : i * 64), y0 = phone ? infoY - 38 * k : infoY + 12;
    side.append(named(svg("g", { class: "die" },
      svg("rect", { x, y: y0, width: 54 * k, height: 54 * k, rx: 10, fill: "#fff", stroke: "#2b2622", "stroke-width": 2 }),
      svg("text", { x: x + 27 * k, y: y0 + 37 * k, "text-anchor": "middle", "font-size": 28 * k, "font-weight": 800, fill: "#2b2622" }, String(d))), `${ctx.t("dice")}: ${d}`));
  });
  let y = infoY + (phone ? 50 : 110);
  (v.keepers || []).forEach((keep, seat) => {
    side.append(seatShape(seat, infoX + 10 * k, y + 6 * k, 9 * k, SEAT_COLOURS[seat]));
    side.append(svg("text", { x: infoX + 26 * k, y: y + 12 * k, "font-size": 18 * k, "font-weight": seat === mover ? 800 : 400, fill: "#2b2622" }, `${seat === mover ? "▶ " : ""}${who(ctx, seat)}`));
    const cards = Object.entries(keep || {}).flatMap(([name, count]) => Array(count).fill(cardName(v.card_names, name, L)));
    const text = (cards.length ? cards.join(", ") : L("no Keepers", "sin cartas")) + (v.cursed?.[seat] ? ` · ${L("cursed", "maldito")}` : "");
    if (phone) side.append(svg("text", { x: infoX + infoW - 20, y: y + 12 * k, "text-anchor": "end", "font-size": 16 * k, fill: "#4a4038" }, text));
    else side.append(svg("text", { x: infoX + 26, y: y + 34, "font-size": 15, fill: "#4a4038" }, text));
    y += phone ? 40 : 62;
  });
  if (v.card) {
    side.append(svg("rect", { x: infoX, y, width: 220 * k, height: 44 * k, rx: 8, fill: "#fff3c4", stroke: "#c4572e" }));
    side.append(svg("text", { x: infoX + 110 * k, y: y + 28 * k, "text-anchor": "middle", "font-size": 17 * k, "font-weight": 700, fill: "#2b2622" }, `${L("Card", "Carta")}: ${cardName(v.card_names, v.card, L)}`));
    y += 56 * k;
  }
  trayG.setAttribute("transform", `translate(0, ${y})`);
  if (phone) {
    const picker = svg("svg", { viewBox: `0 0 ${infoW} ${y + trayH + 10}`, class: "prime-climb-picker", "aria-label": L("Your pawns, where they can go, and the dice", "Tus peones, adónde pueden ir y los dados") });
    picker.append(side, trayG);
    ctx.hint(ctx.legal.length ? (selected ? L(`Pawn ${selected}: tap where it goes, under the spiral.`, `Peón ${selected}: toca adónde va, bajo la espiral.`) : L("Tap a button under the spiral.", "Toca un botón bajo la espiral.")) : "");
    const scroller = document.createElement("div");
    scroller.className = "table-scroll";
    scroller.tabIndex = 0;
    scroller.setAttribute("role", "region");
    scroller.setAttribute("aria-label", L("The spiral: scroll or zoom to see it all", "La espiral: desplázala o amplíala para verla entera"));
    scroller.append(root);
    const box = document.createElement("div");
    box.className = "board-parts";
    box.append(scroller, picker);
    return box;
  }
  root.append(side, trayG);
  ctx.hint(ctx.legal.length ? (selected ? L(`Pawn ${selected}: tap a highlighted space, or another pawn.`, `Peón ${selected}: toca una casilla resaltada, u otro peón.`) : L("Tap a button on the board.", "Toca un botón del tablero.")) : "");
  return root;
}

// The pieces the last actions changed, from their events (the board lights exactly these).
export function changedKeys(items) {
  const keys = [];
  for (const item of items) for (const e of item.events || []) {
    if (e.type === "pawn_moved" || e.type === "pawn_bumped") keys.push(`pawn-${e.seat}-${e.pawn}`);
    else if (e.type === "pawns_switched") keys.push(`pawn-${e.seat}-${e.pawn}`, `pawn-${e.with_seat}-${e.with_pawn}`);
  }
  return keys;
}
