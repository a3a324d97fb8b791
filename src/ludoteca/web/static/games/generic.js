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

// Make an SVG element a clickable move: highlighted, keyboard reachable, named by its description
// (and by `label`, what the element itself is: "37, red prime").
export function choice(node, move, ctx, label = "") {
  node.setAttribute("data-action", move.action);
  return button(node, () => ctx.act(move.action), label ? `${label}: ${move.text}` : move.text);
}

// Any SVG element as a button: tap, click, Enter or Space; `name` is its accessible name.
export function button(node, onPress, name) {
  node.classList.add("choice");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  if (name) node.setAttribute("aria-label", name);
  // a target not yet armed (just shown: a double tap must not reach it) or off (a move in flight,
  // offline) takes no tap
  const press = () => { if (node.getAttribute("aria-disabled") !== "true" && !node.closest(".busy")) onPress(); };
  node.addEventListener("click", (e) => { e.stopPropagation(); press(); });
  node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); press(); } });
  return node;
}

// A piece of the board that is not a control but has a name for screen readers ("37, red prime").
export function named(node, name) {
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", name);
  return node;
}

// A row of labelled buttons drawn in the board itself (moves with no place of their own:
// "end", a Keeper card, a deck to draw from). Returns the group and its height.
export function tray(x, y, width, items, { size = 15 } = {}) {
  const g = svg("g", { class: "tray" });
  let cx = x, cy = y;
  const hgt = size * 2.6, pad = size * 0.8;
  for (const item of items) {
    const w = Math.max(hgt, item.label.length * size * 0.58 + 2 * pad);
    if (cx + w > x + width && cx > x) { cx = x; cy += hgt + 8; }
    const b = svg("g", { class: "tray-button" },
      svg("rect", { x: cx, y: cy, width: w, height: hgt, rx: 8, fill: item.fill || "#fff3c4", stroke: "#5b4a3a", "stroke-width": 1.5 }),
      svg("text", { x: cx + w / 2, y: cy + hgt / 2 + size * 0.35, "text-anchor": "middle", "font-size": size, "font-weight": 700, fill: "#2b2622" }, item.label));
    if (item.select) b.setAttribute("data-select", item.select);
    g.append(item.move ? item.ctx ? choice(b, item.move, item.ctx) : b : button(b, item.onPress, item.name || item.label));
    cx += w + 8;
  }
  return [g, items.length ? cy + hgt - y : 0];
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

// Every board control at least 44x44 CSS px: a smaller one gets an invisible hit area around its
// centre, drawn under every control (so a neighbour's hit area never takes a tap meant for it).
export const MIN_TARGET = 44;
export function enlargeTargets(root) {
  if (!(root instanceof SVGSVGElement)) return;
  root.querySelector(":scope > g.hits")?.remove();
  const ctm = root.getScreenCTM();
  if (!ctm || !ctm.a) return;
  const unit = 1 / ctm.a, controls = [...root.querySelectorAll(".choice")];
  if (!controls.length) return;
  const layer = svg("g", { class: "hits", "aria-hidden": "true" });
  for (const el of controls) {
    const box = el.getBoundingClientRect();
    if (box.width >= MIN_TARGET && box.height >= MIN_TARGET) continue;
    // the control's centre and size in the root's own units (it may sit in a moved group)
    const inv = ctm.inverse(), p = new DOMPoint(box.x + box.width / 2, box.y + box.height / 2).matrixTransform(inv);
    const w = Math.max(box.width, MIN_TARGET * 1.05) * unit, hh = Math.max(box.height, MIN_TARGET * 1.05) * unit;
    const hit = svg("rect", { x: p.x - w / 2, y: p.y - hh / 2, width: w, height: hh, fill: "transparent", class: "hit" });
    for (const key of ["data-action", "data-select"]) if (el.hasAttribute(key)) hit.setAttribute(key, el.getAttribute(key));
    hit.addEventListener("click", (e) => { e.stopPropagation(); el.dispatchEvent(new MouseEvent("click", { bubbles: false })); });
    layer.append(hit);
  }
  // under the first control's top-level group: above the drawing, below every control
  let first = controls[0];
  while (first.parentNode !== root) first = first.parentNode;
  root.insertBefore(layer, first);
}
