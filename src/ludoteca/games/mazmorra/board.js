// Mazmorra Primigenia: the table of overlapping cards seen from above. Every visible cell takes
// its card's colour; each card's visible part is outlined and shows its number and suit (rock,
// paper, scissors); ENTRY and EXIT lie face down. Pawns stand in rooms in their seats' colours.
// Below the table (which zooms and pans on its own): your hand, the market and the deck, the
// players. To play: tap a hand card, then a highlighted cell: the card's ghost shows where it
// would lie, the cells and cards it covers and what it earns; rotate it, tap another cell, or
// confirm ("play T3azul up @12,4"). Then tap the room where the walk ends and, with the
// face-up market, the slot to take. Every move is also a button in the side panel.
import { svg, choice, button, named, tray } from "/static/games/generic.js";

const C = 26;  // one cell, in pixels
const PHONE_CELL = 48;  // CSS px a cell at least, on a phone
const FACE_DOWN = -2;
const DIMS = [[2, 3], [3, 2]];  // [width, height] per orientation: up, side
const ORIENTS = ["up", "side"];
const COLOURS = ["#c8383a", "#e57c23", "#e9c53b", "#3a9d5d", "#2f6fd6", "#8e5bc4"];  // rojo .. morado
const INK = ["#fff", "#222", "#222", "#fff", "#fff", "#fff"];
const BACK = "#3d3349";
// pawn colours chosen apart from the six card colours
const PAWNS = ["#151515", "#f4f4f4", "#e6007e", "#00c2d6"];
const PAWN_INK = ["#fff", "#111", "#fff", "#111"];

let selected = null, orient = 0, pending = null;
// each piece the view shows, by the parts the server sends (`faces`: kind, colour and suit as indexes
// into the deck's lists, number, short name, name); read, never worked out from a card's number
let faces = {}, ENTRY = -1, EXIT = -1;
const face = (card) => faces[card] || {};
function readFaces(view) {
  faces = view.faces || {};
  for (const [id, f] of Object.entries(faces)) { if (f.kind === "entry") ENTRY = Number(id); else if (f.kind === "exit") EXIT = Number(id); }
}

export function seatColours(doc) {
  return (doc.view.pawns || []).map((_, seat) => PAWNS[seat % PAWNS.length]);
}

export function longName(card, L) {
  const f = face(card);
  return f.name ? L(f.name.en, f.name.es) : L("a card", "una carta");
}
export const colour = (card) => face(card).colour;
export const suit = (card) => face(card).suit;
export const number = (card) => face(card).number;
export const shortName = (card) => face(card).short ?? String(card);
const isCard = (card) => face(card).kind === "card";

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

// the legal moves by kind, from the parts the server sends with each (`fields`), never the notation
function parseMoves(legal) {
  const out = { plays: {}, moves: {}, takes: {}, discards: {} };
  for (const m of legal || []) {
    const f = m.fields || {};
    if (f.kind === "play") (out.plays[f.card] = out.plays[f.card] || []).push({ o: ORIENTS.indexOf(f.orient), x: f.x, y: f.y, move: m });
    else if (f.kind === "move") out.moves[f.card] = m;
    else if (f.kind === "take") out.takes[f.slot] = m;
    else if (f.kind === "discard") out.discards[f.card] = m;
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
  readFaces(doc.view);
  const v = doc.view, [W, H] = v.grid, top = paint(v);
  const L = (en, es) => (ctx.lang === "es" ? es : en);
  const moves = parseMoves(ctx.legal);
  const hand = v.hand || [];
  if (selected && !moves.plays[selected] && !moves.discards[selected]) selected = null;
  const mine = selected ? moves.plays[selected] || [] : [];
  if (mine.length && !mine.some((p) => p.o === orient)) orient = mine[0].o;
  const anchors = mine.filter((p) => p.o === orient);
  if (pending && !(selected && anchors.some((p) => p.x === pending.x && p.y === pending.y))) pending = null;
  const chosen = pending && anchors.find((p) => p.x === pending.x && p.y === pending.y);

  // the part of the table worth showing: every card and every offered anchor, plus a margin
  let x0 = W, y0 = H, x1 = 0, y1 = 0;
  const grow = (x, y) => { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); };
  top.forEach((a, c) => { if (a >= 0) grow(c % W, Math.floor(c / W)); });
  for (const list of Object.values(moves.plays)) for (const p of list) { grow(p.x, p.y); grow(p.x + DIMS[p.o][0] - 1, p.y + DIMS[p.o][1] - 1); }
  x0 = Math.max(0, x0 - 2); y0 = Math.max(0, y0 - 2); x1 = Math.min(W - 1, x1 + 2); y1 = Math.min(H - 1, y1 + 2);
  // TX, TY: room left of and above the table for its coordinates (the log names cells by them: "cell 4,9")
  const tw = (x1 - x0 + 1) * C, th = (y1 - y0 + 1) * C, TX = 26, TY = 24;
  const px = (x) => TX + (x - x0) * C, py = (y) => TY + (y - y0) * C;

  // --- the table: its own picture, at least 18 px a cell (it scrolls and zooms where wider)
  const root = svg("svg", { viewBox: `0 0 ${tw + TX + 8} ${th + TY + 8}`, class: "mazmorra table-view", "data-zoom": "", "aria-label": L("The dungeon table", "La mesa de la mazmorra") });
  // the whole table fits the screen; zoomed in, a cell is a 48 px tap target and the table scrolls
  // (with a cue and a way to the EXIT)
  root.dataset.readable = String(PHONE_CELL / C);
  root.append(svg("defs", {}, svg("pattern", { id: "maz-back", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
    svg("rect", { width: 8, height: 8, fill: BACK }), svg("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: "#6b5d82", "stroke-width": 3 }))));
  root.append(svg("rect", { x: TX - 6, y: TY - 6, width: tw + 12, height: th + 12, rx: 14, fill: "#2e4a3f", class: "deco" }));
  // the table's coordinates: columns along the top, rows down the left side, as the moves and the log name cells
  const axes = svg("g", { class: "axes deco", "aria-hidden": "true" });
  for (let x = x0; x <= x1; x++) axes.append(svg("text", { x: px(x) + C / 2, y: TY - 10, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#4a4038" }, String(x)));
  for (let y = y0; y <= y1; y++) axes.append(svg("text", { x: TX - 9, y: py(y) + C / 2 + 4, "text-anchor": "end", "font-size": 10, "font-weight": 700, fill: "#4a4038" }, String(y)));
  root.append(axes);

  // each card's visible cells in one group (its name for screen readers, its key for the animation)
  const cellsOf = {};
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) {
    const a = top[y * W + x];
    if (a >= 0) (cellsOf[a] = cellsOf[a] || []).push([x, y]);
  }
  const pawnsIn = {};
  (v.pawns || []).forEach((piece, seat) => (pawnsIn[piece] ||= []).push(seat));
  const who = (seat) => (seat === ctx.seat ? L("your pawn", "tu peón") : `${L("pawn of", "peón de")} ${ctx.names[seat]}`);
  const placed = new Set(v.table.map(([card]) => card));
  const table = svg("g", { class: "table" });
  for (const [key, cells] of Object.entries(cellsOf)) {
    const a = Number(key), [x, y] = cells[0];
    const g = svg("g", { class: "piece", "data-key": `card-${shortName(a)}`, "data-from": placed.has(a) ? `hand-${shortName(a)}` : undefined });
    const fill = !isCard(a) ? "url(#maz-back)" : COLOURS[colour(a)];
    for (const [cx, cy] of cells) g.append(svg("rect", { x: px(cx), y: py(cy), width: C, height: C, fill, "data-piece": shortName(a) }));
    if (!isCard(a)) {
      g.append(svg("text", { x: px(x) + 3, y: py(y) + 15, "font-size": 10, "font-weight": 800, fill: "#f1eaff" }, a === ENTRY ? L("ENTRY", "ENTRADA") : L("EXIT", "SALIDA")));
    } else {
      const ink = INK[colour(a)];
      g.append(svg("text", { x: px(x) + 3, y: py(y) + 12, "font-size": 11, "font-weight": 800, fill: ink }, String(number(a))));
      g.append(suitIcon(px(x) + C - 8, py(y) + C - 8, 13, suit(a), ink));
    }
    const here = (pawnsIn[a] || []).map(who);
    table.append(named(g, `${longName(a, L)}${here.length ? `; ${here.join(", ")}` : ""}`));
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
  table.append(svg("path", { d, stroke: "#1d1a17", "stroke-width": 2.2, fill: "none", "stroke-linecap": "square", class: "deco" }));
  root.append(table);

  // pawns: one free visible cell of their room each
  const taken = new Set(), walked = {};
  for (const item of [...(ctx.last || []), ...(ctx.moving || [])]) for (const e of item.events || []) {
    if (e.type === "pawn_walked" && Array.isArray(e.path)) walked[e.seat] = e.path.slice(1, -1);
  }
  (v.pawns || []).forEach((piece, seat) => {
    const cells = (cellsOf[piece] || []).filter(([x, y]) => !taken.has(`${x},${y}`));
    const spot = cells[piece === ENTRY || piece === EXIT ? Math.min(seat, cells.length - 1) : cells.length > 1 ? 1 : 0] || cells[0];
    if (!spot) return;
    taken.add(`${spot[0]},${spot[1]}`);
    const cx = px(spot[0]) + C / 2, cy = py(spot[1]) + C / 2;
    const rooms = walked[seat];  // the rooms it passed on its last walk (from its event)
    const path = rooms && rooms.map((r) => (cellsOf[r] || [])[0]).filter(Boolean).map(([x, y]) => `${px(x) + C / 2},${py(y) + C / 2}`).join(" ");
    root.append(svg("g", { class: "pawn", "data-seat": seat, "data-key": `pawn-${seat}`, "data-at": piece, "aria-hidden": "true", "data-path": path || undefined },
      svg("circle", { cx, cy, r: C * 0.4, fill: PAWNS[seat % 4], stroke: PAWN_INK[seat % 4], "stroke-width": 2.5 }),
      svg("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 11, "font-weight": 800, fill: PAWN_INK[seat % 4] }, String(seat + 1))));
  });

  // targets on the table (the cells of a picked card, the rooms of the walk) are too close for a finger
  // at the whole table's scale: the board zooms in to 48 px cells when they show
  if (ctx.narrow && (selected || Object.keys(moves.moves).length)) root.dataset.tapZoom = "";

  // where the walk may end: every reachable room glows, tap it
  for (const [name, move] of Object.entries(moves.moves)) {
    const piece = Number(Object.keys(faces).find((k) => faces[k].short === name));
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
    // the room's most inward cell carries a mark: where to tap a room that is not a rectangle
    const inward = ([x, y]) => [-1, 0, 1].reduce((n, dy) => n + [-1, 0, 1].filter((dx) => inRoom.has(`${x + dx},${y + dy}`)).length, 0);
    const [mx_, my_] = cells.reduce((best, c) => (inward(c) > inward(best) ? c : best), cells[0]);
    const g = svg("g", { class: "room-choice", "data-room": name },
      svg("path", { d: edge, fill: "none", stroke: "#ffd23f", "stroke-width": 4, "stroke-linecap": "square" }),
      cells.map(([x, y]) => svg("rect", { x: px(x), y: py(y), width: C, height: C, fill: "rgba(255,255,255,.42)" })),
      svg("circle", { class: "tap-mark", cx: px(mx_) + C / 2, cy: py(my_) + C / 2, r: 5, fill: "#ffd23f", stroke: "#1d1a17", "stroke-width": 1.5 }));
    root.append(choice(g, move, ctx, longName(piece, L)));
  }

  // the selected card's cells: tap one to see the card's ghost there
  for (const p of anchors) {
    const on = chosen === p;
    const g = svg("g", { class: `anchor${on ? " selected" : ""}`, "data-anchor": `${p.x},${p.y}` },
      svg("rect", { x: px(p.x) + 3, y: py(p.y) + 3, width: C - 6, height: C - 6, rx: 5, fill: on ? "#ff2d95" : "rgba(255,210,63,.8)", stroke: "#ffd23f" }),
      svg("circle", { cx: px(p.x) + C / 2, cy: py(p.y) + C / 2, r: 3, fill: "#1d1a17" }));
    g.setAttribute("data-select", `${selected} ${ORIENTS[p.o]} @${p.x},${p.y}`);
    root.append(button(g, () => { pending = { x: p.x, y: p.y }; ctx.redraw(); }, `${L("Try the card with its top-left cell at", "Probar la carta con su celda superior izquierda en")} ${p.x},${p.y}`));
  }
  // the ghost: where the card would lie, what it covers
  let covers = null;
  if (chosen) {
    const [w, h] = DIMS[chosen.o], card = hand.find((c) => shortName(c) === selected);
    const under = new Set();
    for (let dy = 0; dy < h; dy++) for (let dx = 0; dx < w; dx++) { const a = top[(chosen.y + dy) * W + chosen.x + dx]; if (a >= 0) under.add(a); }
    covers = [...under];
    root.append(svg("rect", { class: "ghost deco", x: px(chosen.x), y: py(chosen.y), width: w * C, height: h * C, fill: card !== undefined ? COLOURS[colour(card)] : "#fff", opacity: 0.7, stroke: "#fff", "stroke-width": 3, "stroke-dasharray": "6 3" }));
    if (card !== undefined) root.append(svg("g", { class: "deco" }, suitIcon(px(chosen.x) + (w * C) / 2, py(chosen.y) + (h * C) / 2, 24, suit(card), INK[colour(card)]),
      svg("text", { x: px(chosen.x) + 4, y: py(chosen.y) + 14, "font-size": 13, "font-weight": 800, fill: INK[colour(card)] }, String(number(card)))));
  }

  // --- below the table: hand, the card's tools, market and deck, players
  const CW = 60, rowY = 30, narrow = ctx.narrow;
  const partW = narrow ? Math.max(4, hand.length, 4) * (CW + 8) + 20 : Math.max(tw + 2 * TX, 900);
  const below = [];
  const handX = 8;
  below.push(svg("text", { x: handX, y: rowY - 10, "font-size": 15, "font-weight": 700, fill: "#2b2622" }, v.hand ? L("Your hand", "Tu mano") : L("Hands", "Manos")));
  hand.forEach((card, i) => {
    const name = shortName(card), usable = moves.plays[name] || moves.discards[name];
    const g = cardFace(handX + i * (CW + 8), rowY + (selected === name ? -6 : 0), CW, card, { opacity: selected && selected !== name ? 0.55 : 1, "data-key": `hand-${name}` });
    const label = `${L("your card", "tu carta")} ${longName(card, L)}`;
    if (usable) {
      g.setAttribute("data-select", name);
      if (selected === name) g.classList.add("selected");
      below.push(button(g, () => { selected = selected === name ? null : name; pending = null; ctx.redraw(); }, `${L("Choose", "Elegir")} ${label}`));
    } else below.push(named(g, label));
  });
  // the tools of the picked card: rotate, confirm, discard; and what the ghost would do
  let y = rowY + CW * 1.5 + 16;
  const toolsX = narrow ? handX : handX + Math.max(4, hand.length) * (CW + 8) + 10;
  if (!narrow) y = rowY;
  const tools = [];
  if (selected && mine.length) {
    const other = 1 - orient, can = mine.some((p) => p.o === other);
    if (can) tools.push({ label: L("Rotate", "Girar"), select: `rotate-${selected}-${other}`, onPress: () => { orient = other; ctx.redraw(); },
      name: other ? L("Rotate: sideways, 3 wide and 2 tall", "Girar: horizontal, 3 de ancho y 2 de alto") : L("Rotate: upright, 2 wide and 3 tall", "Girar: vertical, 2 de ancho y 3 de alto") });
    if (chosen) tools.push({ label: L("Place it here", "Colocarla aquí"), move: chosen.move, ctx, fill: "#bfe8c9" });
  }
  if (selected && moves.discards[selected]) tools.push({ label: L("Discard", "Descartar"), move: moves.discards[selected], ctx, fill: "#f6d2c8" });
  const [toolG, toolH] = tray(toolsX, y, narrow ? partW - 16 : 300, tools, { size: 17 });
  below.push(toolG);
  if (selected && mine.length) {
    const lines = [];
    lines.push(`${orient ? L("Sideways (3×2)", "Horizontal (3×2)") : L("Upright (2×3)", "Vertical (2×3)")}`);
    if (chosen) {
      const pv = chosen.move.preview || {}, events = pv.events || [];
      const placedEv = events.find((e) => e.type === "card_placed");
      const under = placedEv?.covers || covers, beaten = placedEv?.beats || [];
      lines.push(`${L("Covers", "Cubre")}: ${under.length ? under.map((a) => longName(a, L)).join(", ") : L("empty table", "mesa vacía")}`);
      lines.push(`${L("Beats", "Vence a")}: ${beaten.length ? beaten.map((a) => longName(a, L)).join(", ") : L("none", "ninguna")}`);
      const gained = events.filter((e) => e.type === "counter_gained").length || (pv.gain_of === "counters" ? pv.gain : 0);
      lines.push(`${L("Counters earned", "Contadores ganados")}: ${gained}${events.some((e) => e.type === "pawn_walked") ? "" : ` ${L("(before the walk)", "(antes del camino)")}`}`);
    } else lines.push(L("Tap a highlighted cell of the table.", "Toca una celda resaltada de la mesa."));
    const ty = y + (toolH ? toolH + 22 : 14);
    lines.forEach((line, i) => below.push(svg("text", { x: toolsX, y: ty + i * 20, "font-size": 15, fill: "#2b2622", "data-ghost-info": i }, line)));
    y = ty + lines.length * 20;
  } else y += toolH;
  // the market (face down unless the face-up option is on) and the deck
  const mx = narrow ? handX : toolsX + 320, my = narrow ? Math.max(y + 24, rowY + CW * 1.5 + 40) : rowY;
  below.push(svg("text", { x: mx, y: my - 10, "font-size": 15, "font-weight": 700, fill: "#2b2622" }, `${L("Market", "Zona de robo")} · ${L("deck", "mazo")}: ${v.deck}`));
  (v.market || []).forEach((card, i) => {
    const x = mx + i * (CW + 8), extra = { "data-slot": i + 1 };
    let g;
    if (card === FACE_DOWN) g = cardBack(x, my, CW, extra);
    else if (card < 0) g = svg("rect", { x, y: my, width: CW, height: CW * 1.5, rx: 6, fill: "none", stroke: "#999", "stroke-dasharray": "4 3", ...extra });
    else g = cardFace(x, my, CW, card, extra);
    const name = `${L("market slot", "hueco de la zona de robo")} ${i + 1}${card >= 0 ? `: ${longName(card, L)}` : card === FACE_DOWN ? `, ${L("face down", "bocabajo")}` : `, ${L("empty", "vacío")}`}`;
    below.push(moves.takes[i] ? choice(g, moves.takes[i], ctx, name) : named(g, name));
  });
  // the players: pawn colour, counters, steps to the exit, cards in hand
  const py0 = narrow ? my + CW * 1.5 + 40 : Math.max(my + CW * 1.5, y) + 40;
  const lineH = narrow ? 52 : 40;
  (v.pawns || []).forEach((_, seat) => {
    const yy = py0 + seat * lineH, turn = !doc.is_terminal && seat === v.turn;
    below.push(svg("circle", { cx: 16, cy: yy - 5, r: 9, fill: PAWNS[seat % 4], stroke: PAWN_INK[seat % 4] === "#fff" ? "#888" : "#111", "stroke-width": 2 }));
    below.push(svg("text", { x: 16, y: yy - 1, "text-anchor": "middle", "font-size": 11, "font-weight": 800, fill: PAWN_INK[seat % 4] }, String(seat + 1)));
    const facts = `${v.counters[seat]} ${L("counters", "contadores")} · ${v.distances[seat]} ${L("to exit", "a la salida")} · ${v.hand_sizes[seat]} ${L("cards", "cartas")}`;
    const named_ = `${turn ? "▶ " : ""}${ctx.names[seat]}`;
    if (narrow) {
      below.push(svg("text", { x: 32, y: yy, "font-size": 15, "font-weight": turn ? 800 : 400, fill: "#2b2622" }, named_));
      below.push(svg("text", { x: 32, y: yy + 19, "font-size": 14, fill: "#4a4038" }, facts));
    } else below.push(svg("text", { x: 32, y: yy, "font-size": 15, "font-weight": turn ? 800 : 400, fill: "#2b2622" }, `${named_}: ${facts}`));
  });
  const partH = py0 + (v.pawns || []).length * lineH;
  const part = svg("svg", { viewBox: `0 0 ${partW} ${partH}`, class: "mazmorra-hand", "aria-label": L("Your hand, the market and the players", "Tu mano, la zona de robo y los jugadores") });
  part.append(svg("defs", {}, svg("pattern", { id: "maz-back2", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
    svg("rect", { width: 8, height: 8, fill: BACK }), svg("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: "#6b5d82", "stroke-width": 3 }))));
  part.append(...below);
  for (const el of part.querySelectorAll("[fill='url(#maz-back)']")) el.setAttribute("fill", "url(#maz-back2)");

  ctx.hint(!ctx.legal.length ? "" : Object.keys(moves.moves).length ? L("Tap the room where your walk ends.", "Toca la sala donde termina tu camino.")
    : Object.keys(moves.takes).length ? L("Tap a market card to take it.", "Toca una carta de la zona de robo para tomarla.")
      : chosen ? L("Place it, rotate it, or tap another cell.", "Colócala, gírala o toca otra celda.")
        : selected ? L("Tap a highlighted cell: the card's ghost shows there.", "Toca una celda resaltada: ahí se ve la carta.") : L("Tap a card of your hand.", "Toca una carta de tu mano."));
  const scroller = document.createElement("div");
  scroller.className = "table-scroll";
  scroller.tabIndex = 0;
  scroller.setAttribute("aria-label", L("The table: scroll or zoom to see it all", "La mesa: desplázala o amplíala para verla entera"));
  scroller.setAttribute("role", "region");
  scroller.append(root);
  // the cue that the table scrolls, and buttons that bring the EXIT and your pawn into view
  const cue = document.createElement("div");
  cue.className = "scroll-cue";
  cue.hidden = true;
  const cueText = document.createElement("p");
  cueText.textContent = `↔ ${ctx.t("tableScrolls")}`;
  cue.append(cueText);
  const goTo = (label, selector) => {
    const b = document.createElement("button");
    b.type = "button"; b.textContent = ctx.t(label);
    b.addEventListener("click", () => root.querySelector(selector)?.scrollIntoView({ block: "nearest", inline: "center", behavior: "smooth" }));
    cue.append(b);
  };
  goTo("showExit", `[data-key="card-exit"]`);
  if (ctx.seat !== null && ctx.seat !== undefined && (v.pawns || [])[ctx.seat] !== undefined) goTo("showMyPawn", `[data-key="pawn-${ctx.seat}"]`);
  // the cue shows while the table is wider than its box (zoomed in): checked whenever the table's size changes
  new ResizeObserver(() => {
    cue.hidden = !(scroller.scrollWidth > scroller.clientWidth + 2 || scroller.scrollHeight > scroller.clientHeight + 2);
  }).observe(root);
  const box = document.createElement("div");
  box.className = "board-parts";
  box.append(cue, scroller, part);
  return box;
}

// The card laid, the pawn that walked and the card taken or drawn by the last actions, from their events.
export function changedKeys(items, doc) {
  if (doc?.view) readFaces(doc.view);
  const keys = [];
  for (const item of items) for (const e of item.events || []) {
    if (e.type === "card_placed") keys.push(`card-${shortName(e.card)}`);
    else if (e.type === "pawn_walked") keys.push(`pawn-${e.seat}`);
    else if ((e.type === "card_taken" || e.type === "card_drawn") && typeof e.card === "number") keys.push(`hand-${shortName(e.card)}`);
  }
  return keys;
}
