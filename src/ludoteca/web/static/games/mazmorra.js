// Mazmorra Primigenia: the table of overlapping cards seen from above. Every visible cell takes
// its card's colour; each card's visible part is outlined and shows its number and suit (rock,
// paper, scissors); ENTRY and EXIT lie face down. Pawns stand in rooms in their seats' colours.
// Below: your hand, the market (face down or up) and the deck. To play, click a hand card, pick
// its orientation (upright 2x3 or sideways 3x2), then one of the highlighted anchor cells (the
// card's top-left cell: "play T3azul up @12,4"); then click the room where the walk ends, and
// with the face-up market the slot to take. Every move is also a button in the side panel.
import { svg, choice } from "/static/games/generic.js";

const C = 26;  // one cell, in pixels
const ENTRY = 90, EXIT = 91, FACE_DOWN = -2;
const DIMS = [[2, 3], [3, 2]];  // [width, height] per orientation: up, side
const ORIENTS = ["up", "side"];
const COLOURS = ["#c8383a", "#e57c23", "#e9c53b", "#3a9d5d", "#2f6fd6", "#8e5bc4"];  // rojo .. morado
const INK = ["#fff", "#222", "#222", "#fff", "#fff", "#fff"];
const COLOUR_ES = ["rojo", "naranja", "amarillo", "verde", "azul", "morado"];
const SUIT_LETTER = ["R", "P", "T"];
const BACK = "#3d3349";
// pawn colours chosen apart from the six card colours
const PAWNS = ["#151515", "#f4f4f4", "#e6007e", "#00c2d6"];
const PAWN_INK = ["#fff", "#111", "#fff", "#111"];

let selected = null, orient = 0;

export function seatColours(doc) {
  return (doc.view.pawns || []).map((_, seat) => PAWNS[seat % PAWNS.length]);
}

export const colour = (card) => Math.floor(card / 15);
export const suit = (card) => Math.floor((card % 15) / 5);
export const number = (card) => (card % 5) + 1;
export function shortName(card) {
  if (card === ENTRY) return "entry";
  if (card === EXIT) return "exit";
  return `${SUIT_LETTER[suit(card)]}${number(card)}${COLOUR_ES[colour(card)]}`;
}

// The suit drawn as a small picture centred on (x, y): a pebble, a sheet, a pair of scissors.
function suitIcon(x, y, size, s, ink) {
  const g = svg("g", { transform: `translate(${x},${y}) scale(${size / 20})`, class: `suit suit-${s}` });
  if (s === 0) {
    g.append(svg("path", { d: "M-8,3 C-9,-4 -3,-8 2,-7 C8,-6 9,0 7,4 C5,8 -6,8 -8,3 Z", fill: "#8a8178", stroke: ink, "stroke-width": 1.6 }));
  } else if (s === 1) {
    g.append(svg("path", { d: "M-6,-8 H3 L7,-4 V8 H-6 Z", fill: "#fbf7ea", stroke: ink, "stroke-width": 1.6 }));
    g.append(svg("path", { d: "M-3,-2 H4 M-3,1.5 H4 M-3,5 H2", stroke: "#8a8178", "stroke-width": 1.2 }));
  } else {
    g.append(svg("path", { d: "M-6,-8 L4,5 M6,-8 L-4,5", stroke: ink === "#fff" ? "#e6e6e6" : "#4a4a4a", "stroke-width": 2.4, "stroke-linecap": "round" }));
    g.append(svg("circle", { cx: -5, cy: 6, r: 3, fill: "none", stroke: ink, "stroke-width": 1.8 }));
    g.append(svg("circle", { cx: 5, cy: 6, r: 3, fill: "none", stroke: ink, "stroke-width": 1.8 }));
  }
  return g;
}

// A whole card (hand, market): colour, number in the corner, the suit in the middle.
function cardFace(x, y, w, card, extra = {}) {
  const hgt = w * 1.5;
  const g = svg("g", { class: "card", "data-card": shortName(card), ...extra });
  g.append(svg("rect", { x, y, width: w, height: hgt, rx: 6, fill: COLOURS[colour(card)], stroke: "#1d1a17", "stroke-width": 1.5 }));
  const ink = INK[colour(card)];
  g.append(svg("text", { x: x + 6, y: y + 17, "font-size": 16, "font-weight": 800, fill: ink }, String(number(card))));
  g.append(suitIcon(x + w / 2, y + hgt / 2 + 4, w * 0.55, suit(card), ink));
  return g;
}

function cardBack(x, y, w, extra = {}) {
  const g = svg("g", { class: "card back", ...extra });
  g.append(svg("rect", { x, y, width: w, height: w * 1.5, rx: 6, fill: BACK, stroke: "#1d1a17", "stroke-width": 1.5 }));
  g.append(svg("rect", { x: x + 5, y: y + 5, width: w - 10, height: w * 1.5 - 10, rx: 4, fill: "url(#maz-back)", stroke: "#a89cc0" }));
  return g;
}

function parseMoves(legal) {
  const out = { plays: {}, moves: {}, takes: {}, discards: {} };
  for (const m of legal || []) {
    let p;
    if ((p = /^play (\S+) (up|side) @(\d+),(\d+)$/.exec(m.action))) {
      (out.plays[p[1]] = out.plays[p[1]] || []).push({ o: ORIENTS.indexOf(p[2]), x: Number(p[3]), y: Number(p[4]), move: m });
    } else if ((p = /^move (\S+)$/.exec(m.action))) out.moves[p[1]] = m;
    else if ((p = /^take (\d)$/.exec(m.action))) out.takes[Number(p[1]) - 1] = m;
    else if ((p = /^discard (\S+)$/.exec(m.action))) out.discards[p[1]] = m;
  }
  return out;
}

// top[cell] = the piece seen there (-1: empty), painting the table from the bottom card up.
function paint(v) {
  const [W, H] = v.grid, top = new Array(W * H).fill(-1);
  const pieces = [[ENTRY, 0, ...v.entry], [EXIT, 0, ...v.exit], ...v.table];
  for (const [card, o, x, y] of pieces) {
    const [w, h] = DIMS[o];
    for (let dy = 0; dy < h; dy++) for (let dx = 0; dx < w; dx++) top[(y + dy) * W + x + dx] = card;
  }
  return top;
}

export function draw(doc, ctx) {
  const v = doc.view, [W, H] = v.grid, top = paint(v);
  const L = (en, es) => (ctx.lang === "es" ? es : en);
  const moves = parseMoves(ctx.legal);
  const hand = v.hand || [];
  if (selected && !moves.plays[selected] && !moves.discards[selected]) selected = null;
  const mine = selected ? moves.plays[selected] || [] : [];
  if (mine.length && !mine.some((p) => p.o === orient)) orient = mine[0].o;
  const anchors = mine.filter((p) => p.o === orient);

  // the part of the table worth showing: every card and every offered anchor, plus a margin
  let x0 = W, y0 = H, x1 = 0, y1 = 0;
  const grow = (x, y) => { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); };
  top.forEach((a, c) => { if (a >= 0) grow(c % W, Math.floor(c / W)); });
  for (const list of Object.values(moves.plays)) for (const p of list) { grow(p.x, p.y); grow(p.x + DIMS[p.o][0] - 1, p.y + DIMS[p.o][1] - 1); }
  x0 = Math.max(0, x0 - 2); y0 = Math.max(0, y0 - 2); x1 = Math.min(W - 1, x1 + 2); y1 = Math.min(H - 1, y1 + 2);
  const tw = (x1 - x0 + 1) * C, th = (y1 - y0 + 1) * C, TX = 12, TY = 12;
  const px = (x) => TX + (x - x0) * C, py = (y) => TY + (y - y0) * C;

  const CW = 56, belowY = TY + th + 34;
  const handW = Math.max(4, hand.length) * (CW + 8) + 150;
  const width = Math.max(TX + tw + 12, handW + 4 * (CW + 8) + 120) + 230;
  const height = Math.max(belowY + CW * 1.5 + 40, 360);
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "mazmorra", role: "img", "aria-label": L("The dungeon table", "La mesa de la mazmorra") });
  root.append(svg("defs", {}, svg("pattern", { id: "maz-back", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
    svg("rect", { width: 8, height: 8, fill: BACK }), svg("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: "#6b5d82", "stroke-width": 3 }))));
  root.append(svg("rect", { x: TX - 6, y: TY - 6, width: tw + 12, height: th + 12, rx: 14, fill: "#2e4a3f" }));

  // the cells, coloured by the card seen there
  const table = svg("g", { class: "table" });
  const cellsOf = {};
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) {
    const a = top[y * W + x];
    if (a < 0) continue;
    (cellsOf[a] = cellsOf[a] || []).push([x, y]);
    const fill = a >= ENTRY ? "url(#maz-back)" : COLOURS[colour(a)];
    table.append(svg("rect", { x: px(x), y: py(y), width: C, height: C, fill, "data-piece": shortName(a) }));
  }
  // the outline of each card's visible part: every cell side whose neighbour shows another piece
  let d = "";
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) {
    const a = top[y * W + x];
    if (a < 0) continue;
    const other = (nx, ny) => nx < 0 || ny < 0 || nx >= W || ny >= H || top[ny * W + nx] !== a;
    if (other(x, y - 1)) d += `M${px(x)},${py(y)}h${C}`;
    if (other(x, y + 1)) d += `M${px(x)},${py(y) + C}h${C}`;
    if (other(x - 1, y)) d += `M${px(x)},${py(y)}v${C}`;
    if (other(x + 1, y)) d += `M${px(x) + C},${py(y)}v${C}`;
  }
  table.append(svg("path", { d, stroke: "#1d1a17", "stroke-width": 2.2, fill: "none", "stroke-linecap": "square" }));
  // number and suit on each card's visible part (its top-left visible cell); ENTRY and EXIT named on their backs
  for (const [key, cells] of Object.entries(cellsOf)) {
    const a = Number(key), [x, y] = cells[0];
    if (a >= ENTRY) {
      table.append(svg("text", { x: px(x) + 3, y: py(y) + 15, "font-size": 10, "font-weight": 800, fill: "#f1eaff" },
        a === ENTRY ? L("ENTRY", "ENTRADA") : L("EXIT", "SALIDA")));
      continue;
    }
    const ink = INK[colour(a)];
    table.append(svg("text", { x: px(x) + 3, y: py(y) + 12, "font-size": 11, "font-weight": 800, fill: ink }, String(number(a))));
    table.append(suitIcon(px(x) + C - 8, py(y) + C - 8, 13, suit(a), ink));
  }
  root.append(table);

  // pawns: one free visible cell of their room each
  const taken = new Set();
  (v.pawns || []).forEach((piece, seat) => {
    const cells = (cellsOf[piece] || []).filter(([x, y]) => !taken.has(`${x},${y}`));
    const spot = cells[piece === ENTRY || piece === EXIT ? Math.min(seat, cells.length - 1) : cells.length > 1 ? 1 : 0] || cells[0];
    if (!spot) return;
    taken.add(`${spot[0]},${spot[1]}`);
    const cx = px(spot[0]) + C / 2, cy = py(spot[1]) + C / 2;
    root.append(svg("g", { class: "pawn", "data-seat": seat },
      svg("circle", { cx, cy, r: C * 0.4, fill: PAWNS[seat % 4], stroke: PAWN_INK[seat % 4], "stroke-width": 2.5 }),
      svg("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 11, "font-weight": 800, fill: PAWN_INK[seat % 4] }, String(seat + 1))));
  });

  // where the walk may end: every reachable room glows, click it
  for (const [name, move] of Object.entries(moves.moves)) {
    const piece = name === "exit" ? EXIT : Number(Object.keys(cellsOf).find((k) => shortName(Number(k)) === name));
    const cells = cellsOf[piece] || [];
    if (!cells.length) continue;
    const inRoom = new Set(cells.map(([x, y]) => `${x},${y}`));
    let edge = "";
    for (const [x, y] of cells) {
      if (!inRoom.has(`${x},${y - 1}`)) edge += `M${px(x)},${py(y)}h${C}`;
      if (!inRoom.has(`${x},${y + 1}`)) edge += `M${px(x)},${py(y) + C}h${C}`;
      if (!inRoom.has(`${x - 1},${y}`)) edge += `M${px(x)},${py(y)}v${C}`;
      if (!inRoom.has(`${x + 1},${y}`)) edge += `M${px(x) + C},${py(y)}v${C}`;
    }
    const g = svg("g", { class: "room-choice", "data-room": name },
      svg("path", { d: edge, fill: "none", stroke: "#ffd23f", "stroke-width": 4, "stroke-linecap": "square" }),
      cells.map(([x, y]) => svg("rect", { x: px(x), y: py(y), width: C, height: C, fill: "rgba(255,255,255,.42)" })));
    root.append(choice(g, move, ctx));
  }

  // anchors of the selected card in the chosen orientation; hovering one shows where the card would lie
  const ghost = svg("rect", { class: "ghost", x: 0, y: 0, width: 0, height: 0, fill: selected ? "rgba(255,255,255,.25)" : "none", stroke: "#fff", "stroke-width": 2, "stroke-dasharray": "5 3", "pointer-events": "none", visibility: "hidden" });
  for (const p of anchors) {
    const [w, h] = DIMS[p.o];
    const show = () => { ghost.setAttribute("x", px(p.x)); ghost.setAttribute("y", py(p.y)); ghost.setAttribute("width", w * C); ghost.setAttribute("height", h * C); ghost.setAttribute("visibility", "visible"); };
    const g = svg("g", { class: "anchor", onmouseenter: show, onfocus: show, onmouseleave: () => ghost.setAttribute("visibility", "hidden") },
      svg("rect", { x: px(p.x) + 3, y: py(p.y) + 3, width: C - 6, height: C - 6, rx: 5, fill: "rgba(255,210,63,.75)", stroke: "#ffd23f" }),
      svg("circle", { cx: px(p.x) + C / 2, cy: py(p.y) + C / 2, r: 3, fill: "#1d1a17", "pointer-events": "none" }));
    root.append(choice(g, p.move, ctx));
  }
  root.append(ghost);

  // your hand; once a card is picked, its orientations (and the safety-rule discard)
  const handX = 12;
  root.append(svg("text", { x: handX, y: belowY - 10, "font-size": 14, "font-weight": 700 }, v.hand ? L("Your hand", "Tu mano") : L("Hands", "Manos")));
  hand.forEach((card, i) => {
    const name = shortName(card), usable = moves.plays[name] || moves.discards[name];
    const g = cardFace(handX + i * (CW + 8), belowY + (selected === name ? -8 : 0), CW, card, { opacity: selected && selected !== name ? 0.55 : 1 });
    if (usable) {
      g.classList.add("choice");
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("data-select", name);
      const pick = () => { selected = selected === name ? null : name; ctx.redraw?.(); };
      g.addEventListener("click", pick);
      g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(); } });
    }
    root.append(g);
  });
  const toolsX = handX + Math.max(1, hand.length) * (CW + 8) + 8;
  if (selected) {
    ORIENTS.forEach((name, o) => {
      const offered = mine.some((p) => p.o === o), [w, h] = DIMS[o], s = 11;
      const bx = toolsX + o * 46, by = belowY;
      const g = svg("g", { class: `orient${o === orient ? " on" : ""}`, "data-orient": name, opacity: offered ? 1 : 0.35, tabindex: offered ? 0 : undefined, role: "button" },
        svg("rect", { x: bx, y: by, width: 40, height: 50, rx: 6, fill: o === orient && offered ? "#ffd23f" : "#eee", stroke: "#555" }),
        svg("rect", { x: bx + (40 - w * s) / 2, y: by + 6 + (36 - h * s) / 2, width: w * s, height: h * s, fill: COLOURS[colour(hand.find((c) => shortName(c) === selected) ?? 0)], stroke: "#1d1a17" }),
        svg("text", { x: bx + 20, y: by + 47, "text-anchor": "middle", "font-size": 9 }, name === "up" ? L("upright", "vertical") : L("sideways", "horizontal")),
        svg("title", {}, name === "up" ? L("Upright: 2 wide, 3 tall", "Vertical: 2 de ancho, 3 de alto") : L("Sideways: 3 wide, 2 tall", "Horizontal: 3 de ancho, 2 de alto")));
      if (offered) g.addEventListener("click", () => { orient = o; ctx.redraw?.(); });
      root.append(g);
    });
    if (moves.discards[selected]) {
      const g = svg("g", {}, svg("rect", { x: toolsX, y: belowY + 56, width: 86, height: 26, rx: 6, fill: "#f6d2c8", stroke: "#8a3b2b" }),
        svg("text", { x: toolsX + 43, y: belowY + 73, "text-anchor": "middle", "font-size": 12, "font-weight": 700 }, L("Discard", "Descartar")));
      root.append(choice(g, moves.discards[selected], ctx));
    }
  }

  // the market (face down unless the face-up option is on) and the deck
  const mx = Math.max(toolsX + 100, handW);
  root.append(svg("text", { x: mx, y: belowY - 10, "font-size": 14, "font-weight": 700 }, `${L("Market", "Zona de robo")} · ${L("deck", "mazo")}: ${v.deck}`));
  (v.market || []).forEach((card, i) => {
    const x = mx + i * (CW + 8), extra = { "data-slot": i + 1 };
    let g;
    if (card === FACE_DOWN) g = cardBack(x, belowY, CW, extra);
    else if (card < 0) g = svg("rect", { x, y: belowY, width: CW, height: CW * 1.5, rx: 6, fill: "none", stroke: "#999", "stroke-dasharray": "4 3", ...extra });
    else g = cardFace(x, belowY, CW, card, extra);
    root.append(moves.takes[i] ? choice(g, moves.takes[i], ctx) : g);
  });

  // the players: pawn colour, counters, steps to the exit, cards in hand
  const side = svg("g", { transform: `translate(${width - 218}, 24)` });
  (v.pawns || []).forEach((_, seat) => {
    const y = seat * 44, turn = !doc.is_terminal && seat === v.turn;
    side.append(svg("circle", { cx: 8, cy: y - 4, r: 8, fill: PAWNS[seat % 4], stroke: PAWN_INK[seat % 4], "stroke-width": 2 }));
    side.append(svg("text", { x: 22, y, "font-size": 14, "font-weight": turn ? 800 : 400 }, `${turn ? "▶ " : ""}${ctx.names[seat] || `P${seat + 1}`}`));
    side.append(svg("text", { x: 22, y: y + 17, "font-size": 12, fill: "#444" },
      `${v.counters[seat]} ${L("counters", "contadores")} · ${v.distances[seat]} ${L("to exit", "a la salida")} · ${v.hand_sizes[seat]} ${L("cards", "cartas")}`));
  });
  const infoY = (v.pawns || []).length * 44 + 10;
  if (v.played >= 0 && !doc.is_terminal) {
    side.append(svg("text", { x: 0, y: infoY, "font-size": 12 }, L("Card played:", "Carta jugada:")));
    side.append(cardFace(0, infoY + 8, 40, v.played));
  }
  if (v.discards?.length) side.append(svg("text", { x: 60, y: infoY + 30, "font-size": 12 }, `${L("Discards", "Descartes")}: ${v.discards.length}`));
  root.append(side);
  return root;
}
