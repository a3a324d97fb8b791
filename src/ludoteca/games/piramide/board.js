// Pirámide del Sol: the pyramid of cards, the base row at the bottom, each card resting on two
// below it; your hand below the pyramid (only yours is ever sent), the two decks and the
// scores. Real card faces: the value, the symbol drawn as an icon (sun, moon, jaguar, serpent),
// edge cards with a coloured band and an arrow to their side, the apex gold with a crown. Play
// on the board: tap a card of your hand, then one of the highlighted places, each showing the
// points it would score; tap a deck to draw from it; the other moves are buttons on the board.
import { svg, choice, button, named, tray, SEAT_COLOURS } from "/static/games/generic.js";
import { seatShape } from "/static/games/shapes.js";

const W = 60, H = 84, GAP = 4, STEP = H * 0.66;  // a card covers the top third of the two below it
const SYMBOL = { sol: "#e39a00", luna: "#4a5fc0", jaguar: "#b0651b", serpiente: "#2e8b4e" };
// a card's colour by its kind (the server's `faces` of the view: kind, side, value, symbol, name)
const KIND_FILL = { base: "#e8d3a6", regular: "#f4e6c8", edge: "#f0b49a", apex: "#f6d53f" };
let selected = null;

// A card's name in players' words, as the server says it (its label is a key, never read)
export function cardName(face, L) {
  return face ? L(face.name.en, face.name.es) : L("card", "carta");
}

// The symbols as small pictures centred on (x, y), size s.
function symbolIcon(name, x, y, s) {
  const g = svg("g", { class: `symbol symbol-${name}`, "aria-hidden": "true" }), c = SYMBOL[name] || "#777";
  const k = s / 24;
  const P = (pts) => pts.map(([px, py]) => `${(x + px * k).toFixed(1)},${(y + py * k).toFixed(1)}`).join(" ");
  if (name === "sol") {
    for (let i = 0; i < 8; i++) {
      const a = (i * Math.PI) / 4;
      g.append(svg("line", { x1: x + Math.cos(a) * 7 * k, y1: y + Math.sin(a) * 7 * k, x2: x + Math.cos(a) * 11 * k, y2: y + Math.sin(a) * 11 * k, stroke: c, "stroke-width": 2.2 * k, "stroke-linecap": "round" }));
    }
    g.append(svg("circle", { cx: x, cy: y, r: 5.5 * k, fill: c }));
  } else if (name === "luna") {
    g.append(svg("path", { d: `M${x + 3 * k},${y - 10 * k} A${10 * k},${10 * k} 0 1 0 ${x + 3 * k},${y + 10 * k} A${7.5 * k},${7.5 * k} 0 1 1 ${x + 3 * k},${y - 10 * k} Z`, fill: c }));
  } else if (name === "jaguar") {  // a paw: a pad and four toes
    g.append(svg("ellipse", { cx: x, cy: y + 4 * k, rx: 6 * k, ry: 5 * k, fill: c }));
    for (const [dx, dy] of [[-7, -3], [-2.5, -7.5], [2.5, -7.5], [7, -3]]) g.append(svg("circle", { cx: x + dx * k, cy: y + dy * k, r: 2.6 * k, fill: c }));
  } else if (name === "serpiente") {
    g.append(svg("path", { d: `M${x - 10 * k},${y + 6 * k} C${x - 6 * k},${y - 10 * k} ${x - 1 * k},${y + 12 * k} ${x + 3 * k},${y - 2 * k} S${x + 9 * k},${y - 9 * k} ${x + 10 * k},${y - 6 * k}`, fill: "none", stroke: c, "stroke-width": 3.2 * k, "stroke-linecap": "round" }));
    g.append(svg("circle", { cx: x + 10 * k, cy: y - 6 * k, r: 2.4 * k, fill: c }));
  }
  return g;
}

export function cardFace(x, y, card, face, { w = W, hgt = H, dim = false, extra = {} } = {}) {
  const c = face || { kind: "", side: null, value: "", symbol: null }, fill = c.kind === "base" && c.side ? "#d9b77a" : KIND_FILL[c.kind] || "#fffdf8", k = w / W;
  const g = svg("g", { class: "card", "data-card": card, ...extra });
  g.append(svg("rect", { x, y, width: w, height: hgt, rx: 7 * k, fill, stroke: "#5b4a3a", "stroke-width": 1.5, opacity: dim ? 0.45 : 1 }));
  if (c.side) {  // an edge, or an end of the base: a band and an arrow to its side
    const left = c.side === "left";
    g.append(svg("rect", { x: left ? x : x + w - 9 * k, y, width: 9 * k, height: hgt, fill: "#b2462a", opacity: dim ? 0.45 : 1 }));
    const ax = left ? x + 4.5 * k : x + w - 4.5 * k, ay = y + hgt - 12 * k, d = left ? -1 : 1;
    g.append(svg("path", { d: `M${ax - d * 3 * k},${ay - 5 * k} L${ax + d * 3 * k},${ay} L${ax - d * 3 * k},${ay + 5 * k}`, stroke: "#fff", "stroke-width": 2 * k, fill: "none" }));
  }
  if (c.kind === "apex") {  // the apex: a crown
    g.append(svg("path", { d: `M${x + w / 2 - 4 * k},${y + hgt * 0.7} l0,-10 l7,5 l7,-9 l7,9 l7,-5 l0,10 z`.replace(/l(-?\d+),(-?\d+)/g, (_, a, b) => `l${a * k},${b * k}`), fill: "#b88a00" }));
  }
  // value and symbol in the lower two thirds: the part a card resting on it leaves visible
  const inset = c.side === "left" ? 10 * k : 0;
  if (c.value !== "") g.append(svg("text", { x: x + 5 * k + inset, y: y + hgt - 8 * k, "font-size": 25 * k, "font-weight": 800, fill: "#2b2622" }, String(c.value)));
  if (c.symbol) g.append(symbolIcon(c.symbol, x + w / 2 + 10 * k - (c.side === "right" ? 6 * k : 0), y + hgt * 0.6, 24 * k));
  return g;
}

function cardBack(x, y, w, hgt, label) {
  const g = svg("g", { class: "card back" });
  g.append(svg("rect", { x, y, width: w, height: hgt, rx: 7, fill: "#7a3b2a", stroke: "#3b1d14", "stroke-width": 1.5 }));
  g.append(svg("path", { d: `M${x + w / 2},${y + 12} L${x + w - 10},${y + hgt - 14} L${x + 10},${y + hgt - 14} Z`, fill: "none", stroke: "#f2c48d", "stroke-width": 2 }));
  // the deck's name under it, its count on it (large enough to read on a phone)
  const [name, count] = String(label).split(": ");
  g.append(svg("text", { x: x + w / 2, y: y + hgt + 21, "text-anchor": "middle", "font-size": 21, "font-weight": 700, fill: "#2b2622" }, name));
  if (count !== undefined) {  // 22 units: 11 CSS px and more when the whole table fits a 360 px phone
    g.append(svg("rect", { x: x + w / 2 - 22, y: y + hgt / 2 - 8, width: 44, height: 32, rx: 6, fill: "#fff8ec", stroke: "#3b1d14" }));
    g.append(svg("text", { x: x + w / 2, y: y + hgt / 2 + 16, "text-anchor": "middle", "font-size": 22, "font-weight": 800, fill: "#2b2622" }, count));
  }
  return g;
}

// "Symbol: +3 points": the points the server's preview of the move says it earns (k matches, k points)
function symbolPoints(move, L) {
  const n = move.preview?.events?.find((e) => e.type === "symbol_reward")?.points ?? move.preview?.gain;
  if (n === undefined) return L("Symbol: points", "Símbolo: puntos");
  return n === 1 ? L("Symbol: +1 point", "Símbolo: +1 punto") : L(`Symbol: +${n} points`, `Símbolo: +${n} puntos`);
}

export function draw(doc, ctx) {
  const v = doc.view, levels = v.pyramid || [], face = (card) => v.faces?.[card];
  const L = (en, es) => (ctx.lang === "es" ? es : en);
  const base = levels[0]?.length || 9, pyrW = base * (W + GAP) + 20, top = 16;
  const pyrH = top + (levels.length - 1) * STEP + H + 10;
  const hand = v.hand || [], HW = 70, HH = 98;
  const handY = pyrH + 36, handW = Math.max(pyrW, hand.length * (HW + 6) + 20);
  const sideX = ctx.narrow ? 10 : Math.max(pyrW, handW) + 20;
  const deckY = ctx.narrow ? handY + HH + 30 : top + 10;

  // moves by kind, from the parts the server sends with each (`fields`), never the notation
  const plays = {}, discards = {}, draws = {}, others = [];
  for (const m of ctx.legal) {
    const f = m.fields || {};
    if (f.kind === "play") (plays[f.card] ||= []).push({ level: f.level - 1, pos: f.position - 1, move: m });
    else if (f.kind === "discard") discards[f.card] = m;
    else if (f.kind === "draw") draws[f.deck] = m;
    else others.push(m);
  }
  if (selected && !plays[selected]) selected = null;
  const OTHER = { end: L("End the turn", "Terminar el turno"), pass: L("Pass", "Pasar"),
    symbol_draw_regular: L("Symbol: draw a block", "Símbolo: robar bloque"), symbol_draw_edge: L("Symbol: draw an edge", "Símbolo: robar borde") };
  const items = others.map((m) => {
    const kind = m.fields?.kind;
    return { label: kind === "symbol_points" ? symbolPoints(m, L) : OTHER[kind] || m.text, move: m, ctx };
  });
  const trayW = ctx.narrow ? Math.max(pyrW, handW) - 20 : 240;
  const [trayG, trayH] = tray(sideX, 0, trayW, items, { size: ctx.narrow ? 20 : 15 });
  const infoY = deckY + HH + (ctx.narrow ? 56 : 40);  // under the decks' names
  const scoresH = (v.scores || []).length * (ctx.narrow ? 34 : 26);
  const width = ctx.narrow ? Math.max(pyrW, handW) : sideX + 260;
  const height = Math.max(handY + HH + 20, infoY + scoresH + trayH + 30);
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "piramide", "aria-label": L("The pyramid", "La pirámide") });
  root.append(svg("rect", { x: 0, y: 0, width: pyrW, height: pyrH, rx: 16, fill: "#2f5d50", class: "deco" }));
  const slot = (level, pos) => [10 + (level * (W + GAP)) / 2 + pos * (W + GAP), top + (levels.length - 1 - level) * STEP];
  // the pyramid still to build, as a faint stepped silhouette
  let steps = "";
  levels.forEach((row, level) => { const [x, y] = slot(level, 0); steps += `M${x - 2},${y - 2}h${row.length * (W + GAP) - GAP + 4}v${STEP + 2}h${-(row.length * (W + GAP) - GAP + 4)}z`; });
  root.append(svg("path", { d: steps, fill: "rgba(255,255,255,.07)", class: "deco" }));

  // the pyramid: cards, and the empty places as faint outlines
  levels.forEach((row, level) => row.forEach((card, pos) => {
    const [x, y] = slot(level, pos), where = `${L("level", "nivel")} ${level + 1}, ${L("place", "lugar")} ${pos + 1}`;
    if (card) root.append(named(cardFace(x, y, card, face(card), { extra: { "data-key": `pyr-${level}-${pos}`, "data-from": `hand-${card}` } }), `${cardName(face(card), L)}; ${where}`));
  }));
  // the places the selected card may take, each with the points it would score
  for (const p of plays[selected] || []) {
    const [x, y] = slot(p.level, p.pos), gain = p.move.preview?.gain;
    const events = p.move.preview?.events || [];
    const placed = events.find((e) => e.type === "card_placed"), bonus = events.find((e) => e.type === "symbol_matched");
    const points = placed?.points ?? gain;
    const note = `${points !== undefined ? `+${points}` : ""}`;
    const g = svg("g", { class: "place" },
      svg("rect", { x, y, width: W, height: H, rx: 7, fill: "rgba(255,210,63,.45)", stroke: "#ffd23f", "stroke-width": 3 }),
      svg("text", { x: x + W / 2, y: y + 30, "text-anchor": "middle", "font-size": 22, "font-weight": 800, fill: "#1d1a17" }, note),
      bonus ? symbolIcon(bonus.symbol, x + W / 2 - 9, y + 58, 18) : null,
      bonus ? svg("text", { x: x + W / 2 + 4, y: y + 65, "font-size": 20, "font-weight": 800, fill: "#1d1a17" }, `+${bonus.matches}`) : null);
    const name = `${L("level", "nivel")} ${p.level + 1}, ${L("place", "lugar")} ${p.pos + 1}: ${points !== undefined ? `${points} ${L("points", "puntos")}` : ""}${bonus ? `, ${L("symbol bonus", "bonificación de símbolo")} ${bonus.matches}` : ""}`;
    root.append(choice(g, p.move, ctx, name));
  }

  // your hand: tap a card to see where it can go; in the discard phase tap a card to discard it
  root.append(svg("text", { x: 10, y: handY - 12, "font-size": 20, "font-weight": 700, fill: "#2b2622" }, v.hand ? ctx.t("hand") : L("Hands", "Manos")));
  hand.forEach((card, i) => {
    const x = 10 + i * (HW + 6), lift = selected === card ? -10 : 0;
    const g = cardFace(x, handY + lift, card, face(card), { w: HW, hgt: HH, dim: selected && selected !== card, extra: { "data-key": `hand-${card}` } });
    const name = `${L("your card", "tu carta")} ${cardName(face(card), L)}`;
    if (plays[card]) {
      g.setAttribute("data-select", card);
      if (selected === card) g.classList.add("selected");
      root.append(button(g, () => { selected = selected === card ? null : card; ctx.redraw(); }, `${L("Choose", "Elegir")} ${name}`));
    } else if (discards[card]) root.append(choice(g, discards[card], ctx, name));
    else root.append(named(g, name));
  });

  // the decks (tap one to draw from it), the edge card seen at the bottom of the edge deck
  const decks = [["regular", L("Blocks", "Bloques")], ["edge", L("Edges", "Bordes")]];
  decks.forEach(([kind, label], i) => {
    const x = sideX + i * (HW + (ctx.narrow ? 40 : 24)), count = v.deck_sizes?.[kind] ?? "?";
    const g = cardBack(x, deckY, HW, HH, `${label}: ${count}`);
    const name = `${L("deck of", "mazo de")} ${label.toLowerCase()}, ${count} ${count === 1 ? L("card", "carta") : L("cards", "cartas")}`;
    root.append(draws[kind] ? choice(g, draws[kind], ctx, name) : named(g, name));
  });
  if (v.edge_bottom) {
    const x = sideX + 2 * (HW + (ctx.narrow ? 40 : 24)) + (ctx.narrow ? 40 : 0);  // its wider label clear of the decks' names
    root.append(named(cardFace(x, deckY, v.edge_bottom, face(v.edge_bottom), { w: HW, hgt: HH }), `${L("bottom of the edge deck, drawn last", "al fondo del mazo de bordes, se roba la última")}: ${cardName(face(v.edge_bottom), L)}`));
    root.append(svg("text", { x: x + HW / 2, y: deckY + HH + 20, "text-anchor": "middle", "font-size": 20, fill: "#2b2622" }, L("drawn last", "se roba última")));
  }
  // scores and hand sizes
  (v.scores || []).forEach((score, seat) => {
    const y = infoY + seat * (ctx.narrow ? 34 : 26), me = String(seat) === doc.current_player, k = ctx.narrow ? 1.4 : 1;
    root.append(seatShape(seat, sideX + 8, y - 5, 7 * k, SEAT_COLOURS[seat], { stroke: "#2b2622", "stroke-width": 1 }));
    root.append(svg("text", { x: sideX + 22, y, "font-size": 15 * k, "font-weight": me ? 800 : 400, fill: "#2b2622" },
      `${me ? "▶ " : ""}${ctx.names[seat]}: ${score} ${score === 1 ? L("point", "punto") : L("points", "puntos")} · ${v.hand_sizes?.[seat] ?? "?"} ${v.hand_sizes?.[seat] === 1 ? L("card", "carta") : L("cards", "cartas")}`));
  });
  trayG.setAttribute("transform", `translate(0, ${infoY + scoresH + 10})`);
  root.append(trayG);
  ctx.hint(!ctx.legal.length ? "" : selected ? L("Tap a highlighted place: it shows the points.", "Toca un lugar resaltado: muestra los puntos.")
    : Object.keys(plays).length ? L("Tap a card of your hand, or a deck to draw.", "Toca una carta de tu mano, o un mazo para robar.")
      : Object.keys(discards).length ? L("Tap a card of your hand to discard it.", "Toca una carta de tu mano para descartarla.") : L("Tap a deck or a button.", "Toca un mazo o un botón."));
  return root;
}

// The cards the last actions laid or drew (a drawn card only where this seat saw it), from their events.
export function changedKeys(items) {
  const keys = [];
  for (const item of items) for (const e of item.events || []) {
    if (e.type === "card_placed") keys.push(`pyr-${e.level - 1}-${e.position - 1}`);
    else if (e.type === "card_drawn" && e.card) keys.push(`hand-${e.card}`);
  }
  return keys;
}
