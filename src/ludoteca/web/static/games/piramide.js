// Pirámide del Sol: the pyramid of cards, the base row at the bottom, each card resting on two
// below it; your hand along the bottom (only yours is ever sent). Click a card of your hand,
// then one of the highlighted places ("play R2luna L2P1" = level 2, position 1).
import { svg, choice, SEAT_COLOURS } from "/static/games/generic.js";

const W = 72, H = 100, GAP = 6, STEP = H * 0.62;
const SYMBOL = { sol: ["#f2b01e", "☀"], luna: ["#6a7fd0", "☾"], jaguar: ["#c9822b", "◆"], serpiente: ["#3a9d5d", "∿"] };
let selected = null;

function parse(card) {
  const m = /^(BL|BR|EL|ER|AP|A|B|R|E)(\d*)(\D*)$/.exec(card || "");
  return m ? { kind: m[1], value: m[2], symbol: m[3] } : { kind: "?", value: "", symbol: card };
}

function cardFace(x, y, card, { dim = false } = {}) {
  const c = parse(card);
  const fill = { B: "#e8d3a6", BL: "#d9b77a", BR: "#d9b77a", EL: "#d9825b", ER: "#d9825b", E: "#d9825b", A: "#f6e27a", AP: "#f6e27a" }[c.kind] || "#fffdf8";
  const g = svg("g", { class: "card", "data-card": card });
  g.append(svg("rect", { x, y, width: W, height: H, rx: 8, fill, stroke: "#5b4a3a", "stroke-width": 1.5, opacity: dim ? 0.5 : 1 }));
  g.append(svg("text", { x: x + 8, y: y + 22, "font-size": 20, "font-weight": 800, fill: "#2b2622" }, c.value));
  const [colour, glyph] = SYMBOL[c.symbol] || ["#777", c.symbol ? c.symbol.slice(0, 3) : ""];
  g.append(svg("text", { x: x + W / 2, y: y + H / 2 + 14, "text-anchor": "middle", "font-size": 34, fill: colour }, glyph));
  g.append(svg("text", { x: x + W / 2, y: y + H - 8, "text-anchor": "middle", "font-size": 10, fill: "#5b4a3a" }, card));
  return g;
}

export function draw(doc, ctx) {
  const v = doc.view, levels = v.pyramid || [];
  const base = levels[0]?.length || 9;
  const width = base * (W + GAP) + 260, top = 20, height = top + (levels.length - 1) * STEP + H + 170;
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "piramide", role: "img" });
  root.append(svg("rect", { x: 0, y: 0, width: width - 240, height, rx: 20, fill: "#2f5d50" }));
  const slot = (level, pos) => {
    const x = 10 + (level * (W + GAP)) / 2 + pos * (W + GAP);
    const y = top + (levels.length - 1 - level) * STEP;
    return [x, y];
  };
  // legal placements, by card
  const plays = {};
  for (const m of ctx.legal) {
    const p = /^play (\S+) L(\d+)P(\d+)$/.exec(m.action);
    if (p) (plays[p[1]] = plays[p[1]] || []).push({ level: Number(p[2]) - 1, pos: Number(p[3]) - 1, move: m });
  }
  if (selected && !plays[selected]) selected = null;
  levels.forEach((row, level) => row.forEach((card, pos) => {
    const [x, y] = slot(level, pos);
    if (card) root.append(cardFace(x, y, card));
    else root.append(svg("rect", { x, y, width: W, height: H, rx: 8, fill: "none", stroke: "rgba(255,255,255,.18)", "stroke-dasharray": "4 4" }));
  }));
  for (const p of plays[selected] || []) {
    const [x, y] = slot(p.level, p.pos);
    root.append(choice(svg("g", {}, svg("rect", { x, y, width: W, height: H, rx: 8, fill: "rgba(255,210,63,.35)", stroke: "#ffd23f" })), p.move, ctx));
  }
  // your hand: click a card to see where it can go
  const handY = top + (levels.length - 1) * STEP + H + 40;
  root.append(svg("text", { x: 10, y: handY - 10, "font-size": 15, fill: "#fff", "font-weight": 700 }, ctx.t("hand")));
  (v.hand || []).forEach((card, i) => {
    const g = cardFace(10 + i * (W + GAP), handY, card, { dim: selected && selected !== card });
    if (plays[card]) {
      g.classList.add("choice");
      g.setAttribute("tabindex", "0");
      g.setAttribute("data-select", card);
      g.addEventListener("click", () => { selected = selected === card ? null : card; ctx.redraw?.(); });
    }
    root.append(g);
  });
  // scores, hands and decks
  const side = svg("g", { transform: `translate(${width - 220}, 30)` });
  (v.scores || []).forEach((score, seat) => {
    const y = seat * 30, me = String(seat) === doc.current_player;
    side.append(svg("rect", { x: 0, y: y - 12, width: 14, height: 14, rx: 3, fill: SEAT_COLOURS[seat] }));
    side.append(svg("text", { x: 22, y, "font-size": 14, "font-weight": me ? 800 : 400 }, `${ctx.names[seat] || `P${seat + 1}`}: ${score}  (${v.hand_sizes?.[seat] ?? "?"})`));
  });
  const y0 = (v.scores || []).length * 30 + 20;
  side.append(svg("text", { x: 0, y: y0, "font-size": 13 }, `regular: ${v.deck_sizes?.regular ?? "?"} · edge: ${v.deck_sizes?.edge ?? "?"}`));
  if (v.edge_bottom) side.append(cardFace(0, y0 + 14, v.edge_bottom));
  root.append(side);
  return root;
}
