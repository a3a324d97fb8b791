// The drawing kit shared by the game modules, and the generic drawing used for any game
// without its own: the view shown as readable data. Every move is always offered in the
// side panel from the legal-action list, so every game is playable with this alone.
const SVG = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Make an SVG element a clickable move: highlighted, keyboard reachable, titled with its description.
export function choice(node, move, ctx) {
  node.classList.add("choice");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("data-action", move.action);
  node.append(svg("title", {}, move.text));
  node.addEventListener("click", () => ctx.act(move.action));
  node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); ctx.act(move.action); } });
  return node;
}

export const SEAT_COLOURS = ["#d94841", "#2f6fd6", "#e0a526", "#3a9d5d", "#8e5bc4", "#e0782b", "#4bb3c4", "#c4487a"];

// Dice faces as pips, for any game that shows dice.
export function die(x, y, size, value, colour = "#fff") {
  const g = svg("g", { class: "die", transform: `translate(${x},${y})` });
  g.append(svg("rect", { width: size, height: size, rx: size / 6, fill: colour, stroke: "#333", "stroke-width": 1.5 }));
  const pips = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [1, 3], [3, 1], [3, 3]],
    5: [[1, 1], [1, 3], [2, 2], [3, 1], [3, 3]], 6: [[1, 1], [1, 2], [1, 3], [3, 1], [3, 2], [3, 3]] }[value];
  if (pips) for (const [px, py] of pips) g.append(svg("circle", { cx: (px * size) / 4, cy: (py * size) / 4, r: size / 11, fill: "#222" }));
  else g.append(svg("text", { x: size / 2, y: size * 0.68, "text-anchor": "middle", "font-size": size * 0.5, "font-weight": 700 }, String(value)));
  return g;
}

function dataTree(value, h, depth = 0) {
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) return h("span", { class: "value" }, value.map(String).join(", ") || "—");
    return h("ol", { class: "tree" }, value.map((v) => h("li", {}, dataTree(v, h, depth + 1))));
  }
  if (value && typeof value === "object") {
    return h("dl", { class: "tree" }, Object.entries(value).flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, dataTree(v, h, depth + 1))]));
  }
  return h("span", { class: "value" }, value === null ? "—" : String(value));
}

export function draw(doc, ctx) {
  return ctx.h("div", { class: "generic" }, dataTree(doc.view, ctx.h));
}
