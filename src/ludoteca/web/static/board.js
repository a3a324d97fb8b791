// What the room and the replay share: drawing a view with the game's module, zoom and pan,
// tap targets of at least 44 px, the last move's highlight and its animation (pieces travel
// from where they stood, cards fly in from the hand), all of it still under reduced motion.
import { h, t, optionName, optionValue } from "/static/i18n.js";
import * as generic from "/static/games/generic.js";

const modules = {};
export async function drawerFor(game) {
  if (!modules[game]) {
    // the module the game's plug-in declares (`board`), served as /games/<game>/board.js; none: as data
    try { modules[game] = await import(`/games/${encodeURIComponent(game)}/board.js`); } catch { modules[game] = generic; }
  }
  return modules[game];
}

export const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;
window.ludotecaAnimations = 0;  // how many piece animations ran (the tests read it)

// the centre of an SVG element in its picture's own units
function centreIn(el) {
  const b = el.getBBox();
  return [b.x + b.width / 2, b.y + b.height / 2];
}

// A dashed square around each piece (laid out on screen): a move's mark by shape, not colour alone
// (the table's others' moves; the rules page's worked examples)
export function framePieces(pieces) {
  for (const el of pieces) {
    const svgRoot = el.ownerSVGElement, ctm = svgRoot?.getScreenCTM();
    if (!ctm?.a) continue;
    const r = el.getBoundingClientRect();
    if (!r.width) continue;
    const inv = ctm.inverse(), a = new DOMPoint(r.left, r.top).matrixTransform(inv), b = new DOMPoint(r.right, r.bottom).matrixTransform(inv);
    const pad = 4 / ctm.a, w = Math.max(2, 2.5 / ctm.a);
    svgRoot.append(generic.svg("rect", { x: a.x - pad, y: a.y - pad, width: b.x - a.x + 2 * pad, height: b.y - a.y + 2 * pad, rx: 2 / ctm.a,
      class: "moved-frame", "aria-hidden": "true", fill: "none", stroke: "#2b2622", "stroke-width": w, "stroke-dasharray": `${3 * w} ${2 * w}` }));
  }
}

// a new target takes taps only after this long on screen (a double tap sends one move); a page whose script
// set window.ludotecaArmMs first waits that long instead (the tests that play whole games by tapping: the
// 300 ms itself is tested by tests/web/test_web_follow.py and test_web_table_phone.py)
export const ARM_MS = Number.isFinite(window.ludotecaArmMs) ? window.ludotecaArmMs : 300;
export const MAX_ZOOM = 3;

export class Board {
  constructor(box) {
    this.box = box;
    this.zoom = 1;  // 1: the whole board fits the screen ("fit"); up to MAX_ZOOM
    this.opening = true;  // the first picture of a page (or of a lesson: `open`) fits the screen, targets or not
    this.lastKeys = new Set();  // the pieces of the last move, highlighted until the next one
    this.fromMarks = new Map();  // key -> [x, y, r]: where a lit piece stood before its move
    this.decision = undefined;  // the position the targets belong to (a new one arms every target anew)
    this.seen = new Map();  // target key -> when it first showed in this position
    this.armTimer = null;
    new ResizeObserver(() => this.fit()).observe(box);
    this.pinch(box);
  }

  // the element that scrolls when zoomed: a module's own table box, else the board's box
  scroller() { return this.box.querySelector(".table-scroll") || this.box; }

  setZoom(value, focus = null) {
    const el = this.scroller(), old = this.zoom;
    const z = Math.max(1, Math.min(this.maxZoom(), value));
    if (Math.abs(z - old) < 0.01 && z !== 1) return;
    // keep the point under the fingers (or the view's centre) where it is
    const r = el.getBoundingClientRect();
    const fx = focus ? focus[0] - r.left : el.clientWidth / 2, fy = focus ? focus[1] - r.top : el.clientHeight / 2;
    const cx = (el.scrollLeft + fx) / old, cy = (el.scrollTop + fy) / old;
    this.zoom = z;
    this.box.style.setProperty("--zoom", z);
    this.box.classList.toggle("zoomed", z > 1);
    if (z === 1) { el.scrollLeft = 0; el.scrollTop = 0; } else { el.scrollLeft = cx * z - fx; el.scrollTop = cy * z - fy; }
    this.box.dataset.zoomLevel = z.toFixed(2);
    requestAnimationFrame(() => this.fit());
  }

  // 3x, or more where the game's picture needs more to be legible (`data-readable`: CSS px a unit)
  maxZoom() {
    const pic = this.scroller().querySelector("svg[data-zoom]"), ctm = pic?.getScreenCTM();
    if (!pic?.dataset.readable || !ctm?.a) return MAX_ZOOM;
    return Math.max(MAX_ZOOM, Math.min(8, (Number(pic.dataset.readable) / (ctm.a / this.zoom)) * 1.05));
  }

  zoomBy(factor) { this.setZoom(factor === 0 ? 1 : this.zoom * factor); }

  // two fingers zoom the board from fit to MAX_ZOOM (the page itself is not zoomed: touch-action)
  pinch(box) {
    let start = null;
    const dist = (t) => Math.hypot(t[0].clientX - t[1].clientX, t[0].clientY - t[1].clientY);
    const mid = (t) => [(t[0].clientX + t[1].clientX) / 2, (t[0].clientY + t[1].clientY) / 2];
    box.addEventListener("touchstart", (e) => { if (e.touches.length === 2) start = { d: dist(e.touches), z: this.zoom }; }, { passive: true });
    box.addEventListener("touchmove", (e) => {
      if (e.touches.length !== 2 || !start) return;
      e.preventDefault();
      this.setZoom(start.z * dist(e.touches) / Math.max(1, start.d), mid(e.touches));
    }, { passive: false });
    box.addEventListener("touchend", (e) => { if (e.touches.length < 2) start = null; }, { passive: true });
    // a trackpad's pinch arrives as a wheel with ctrlKey
    box.addEventListener("wheel", (e) => { if (!e.ctrlKey) return; e.preventDefault(); this.setZoom(this.zoom * Math.exp(-e.deltaY / 200), [e.clientX, e.clientY]); }, { passive: false });
  }

  zoomControls(out, reset, inn) {
    const icon = (d) => { const s = generic.svg("svg", { viewBox: "0 0 24 24", width: 22, height: 22, "aria-hidden": "true" }); s.append(generic.svg("path", { d, stroke: "currentColor", "stroke-width": 2.5, fill: "none", "stroke-linecap": "round" })); return s; };
    for (const [button, factor, d, label] of [[out, 1 / 1.5, "M5 12h14", "zoomOut"], [reset, 0, "M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5", "zoomReset"], [inn, 1.5, "M5 12h14M12 5v14", "zoomIn"]]) {
      button.replaceChildren(icon(d));
      button.setAttribute("aria-label", t(label));
      button.title = t(label);
      button.onclick = () => this.zoomBy(factor);
    }
  }

  // When zoomed in, bring into view what matters now: your targets, else the pieces just moved.
  follow() {
    if (this.zoom <= 1) return;
    const el = this.scroller(), pic = el.querySelector("svg[data-zoom]") || el.querySelector("svg");
    if (!pic) return;
    let focus = [...pic.querySelectorAll(".choice")];
    if (!focus.length) focus = [...pic.querySelectorAll(".last-move")];
    if (!focus.length) return;
    const rects = focus.map((f) => f.getBoundingClientRect()).filter((r) => r.width || r.height);
    if (!rects.length) return;
    const box = el.getBoundingClientRect();
    const left = Math.min(...rects.map((r) => r.left)), right = Math.max(...rects.map((r) => r.right));
    const top = Math.min(...rects.map((r) => r.top)), bottom = Math.max(...rects.map((r) => r.bottom));
    const inView = left >= box.left && right <= box.right && top >= box.top && bottom <= box.bottom;
    if (inView) return;
    el.scrollLeft += (left + right) / 2 - (box.left + box.right) / 2;
    el.scrollTop += (top + bottom) / 2 - (box.top + box.bottom) / 2;
  }

  // One tap, one move: a target new to this position takes taps only after ARM_MS on screen
  // (aria-disabled until then: generic.button ignores it, and so does a test's click).
  arm(decision) {
    const now = performance.now();
    if (decision !== undefined && decision !== this.decision) { this.decision = decision; this.seen = new Map(); }
    let wait = 0, fresh = false;
    for (const el of this.box.querySelectorAll(".choice")) {
      const key = el.getAttribute("data-action") ?? el.getAttribute("data-select") ?? el.getAttribute("aria-label");
      if (!this.seen.has(key)) { this.seen.set(key, now); fresh = true; }
      const left = this.seen.get(key) + ARM_MS - now;
      if (left > 0) { el.setAttribute("aria-disabled", "true"); el.dataset.arming = ""; wait = Math.max(wait, left); }
      else if (!this.box.classList.contains("busy")) { el.removeAttribute("aria-disabled"); delete el.dataset.arming; }
    }
    clearTimeout(this.armTimer);
    if (wait > 0) this.armTimer = setTimeout(() => this.arm(), wait + 5);
    return fresh;
  }

  // positions of the keyed pieces now on screen, to animate from
  // (and `data-at`, where a module says where a piece stands in the game's terms: a hole, a space, a room)
  positions() {
    const out = new Map();
    for (const el of this.box.querySelectorAll("[data-key]")) {
      const r = el.getBoundingClientRect();
      out.set(el.dataset.key, [r.x + r.width / 2, r.y + r.height / 2, el.dataset.at]);
    }
    return out;
  }

  // Draw `doc`; `moved` says the events of a new move arrived (animate and highlight it).
  // What is highlighted comes from the events (`ctx.last`): a game module that names the pieces
  // its events changed (`changedKeys(items, doc)`) gets exactly those lit, with a dashed mark where
  // each stood before; a piece that was only re-laid out is not lit (and does not move).
  draw(drawer, doc, ctx, moved) {
    const before = moved ? this.positions() : null;
    const old = this.scroller(), kept = [old.scrollLeft, old.scrollTop];
    let drawn;
    try { drawn = drawer.draw(doc, ctx); } catch (err) {
      // a drawing bug must not end the game: the view as data, a word why, every move in the list
      console.error(err);
      drawn = h("div", {}, h("p", { class: "board-failed", role: "status" }, t("boardFailed")), generic.draw(doc, ctx));
    }
    // a module returns one picture, or several (a table that pans and zooms, a hand below it)
    const svgs = drawn instanceof SVGSVGElement ? [drawn] : [...drawn.querySelectorAll("svg")].filter((s) => !s.parentNode.closest?.("svg"));
    if (drawn instanceof SVGSVGElement) drawn.setAttribute("data-zoom", "");
    for (const s of svgs) {
      s.setAttribute("role", "group");
      if (!s.hasAttribute("aria-label")) s.setAttribute("aria-label", t("boardName"));
      s.classList.add("boardsvg");
    }
    this.box.replaceChildren(drawn);
    const now = this.scroller();  // zoomed in, a redraw keeps the view where the player left it
    if (this.zoom > 1) [now.scrollLeft, now.scrollTop] = kept;
    let keys = null;
    if (drawer.changedKeys) {
      try { keys = new Set(drawer.changedKeys(ctx.last || [], doc)); } catch (err) { console.error(err); keys = new Set(); }
    }
    if (keys) {
      if (moved) this.fromMarks = new Map();
      const pieces = [...this.box.querySelectorAll("[data-key]")].filter((el) => keys.has(el.dataset.key));
      for (const el of pieces) el.classList.add("last-move");
      this.frame(pieces);  // where each comes to rest (measured before its animation starts)
      // what travels: the pieces of every new action (your own too: lit or not, a piece never jumps)
      let moving = pieces;
      if (ctx.moving && ctx.moving !== ctx.last) {
        try { const travel = new Set(drawer.changedKeys(ctx.moving, doc)); moving = [...this.box.querySelectorAll("[data-key]")].filter((el) => travel.has(el.dataset.key) || keys.has(el.dataset.key)); } catch (err) { console.error(err); }
      }
      if (before) this.animate(before, moving);
      this.markFrom(pieces);
    } else {  // a module that does not name its pieces: what moved on screen is lit
      if (moved) this.lastKeys = new Set();
      if (before) this.animate(before, null);
      for (const el of this.box.querySelectorAll("[data-key]")) if (this.lastKeys.has(el.dataset.key)) el.classList.add("last-move");
    }
    this.fit();
    const fresh = ctx.legal?.length ? this.arm(ctx.decision) : false;
    const opening = this.opening;
    this.opening = false;
    if (fresh && !opening && this.tapZoom()) return;
    if (moved) requestAnimationFrame(() => this.follow());
  }

  // A new start on the same page (a lesson): back to the whole table, its first picture not zoomed in
  open() {
    this.opening = true;
    if (this.zoom !== 1) this.setZoom(1);
  }

  // A game whose targets are too small for a finger at this scale (`data-tap-zoom` on its picture:
  // Mazmorra's cells once a card is picked) is zoomed in to its legible scale, the targets in view.
  tapZoom() {
    const pic = this.scroller().querySelector("svg[data-zoom][data-tap-zoom]"), ctm = pic?.getScreenCTM();
    if (!pic || !ctm?.a || !pic.querySelector(".choice")) return false;
    const want = Number(pic.dataset.readable);
    if (!want || ctm.a >= want * 0.99) return false;
    this.setZoom(this.zoom * want / ctm.a * 1.01);
    requestAnimationFrame(() => requestAnimationFrame(() => this.follow()));
    return true;
  }

  // The others' moves are framed by a dashed square (your targets glow in a solid round ring): they
  // differ by shape, not only by colour.
  frame(pieces) { framePieces(pieces); }

  // a dashed ring where each lit piece stood before it moved (kept until the next move)
  markFrom(pieces) {
    for (const el of pieces) {
      const svgRoot = el.ownerSVGElement, mark = this.fromMarks?.get(el.dataset.key);
      if (!svgRoot || !mark) continue;
      svgRoot.append(generic.svg("circle", { cx: mark[0], cy: mark[1], r: mark[2], class: "last-from", "aria-hidden": "true",
        fill: "none", stroke: "#ff8c00", "stroke-width": Math.max(2, mark[2] / 5), "stroke-dasharray": `${mark[2] / 2.5} ${mark[2] / 4}` }));
    }
  }

  animate(before, only) {
    const still = reducedMotion();
    for (const el of only || this.box.querySelectorAll("[data-key]")) {
      const ctm = el.ownerSVGElement?.getScreenCTM?.();
      if (!ctm) continue;
      const unit = 1 / ctm.a;
      const r = el.getBoundingClientRect(), now = [r.x + r.width / 2, r.y + r.height / 2];
      const from = before.get(el.dataset.key) || (el.dataset.from && before.get(el.dataset.from));
      if (!from && !el.dataset.from && !el.dataset.arrives) continue;
      if (before.has(el.dataset.key) && Math.hypot(from[0] - now[0], from[1] - now[1]) < 2) continue;
      // a piece that stands where it stood (only the drawing was laid out anew) did not move
      if (before.has(el.dataset.key) && from[2] !== undefined && el.dataset.at !== undefined && from[2] === el.dataset.at) continue;
      if (only && before.has(el.dataset.key)) {  // where it stood, in its picture's units, for the dashed mark
        const p = new DOMPoint(from[0], from[1]).matrixTransform(ctm.inverse());
        this.fromMarks.set(el.dataset.key, [p.x, p.y, Math.max(r.width, r.height) * unit * 0.55]);
      }
      if (!only) { this.lastKeys.add(el.dataset.key); el.classList.add("last-move"); }
      if (still) continue;  // reduced motion: the highlight alone says what moved
      // a piece whose event gives its path (`data-path`: the points it passed, in its picture's
      // units) travels along it; any other goes straight from where it stood
      const here = el.dataset.path && from ? centreIn(el) : null;
      const via = here ? el.dataset.path.trim().split(/\s+/).map((p) => p.split(",").map(Number)) : [];
      const frames = from
        ? [{ transform: `translate(${(from[0] - now[0]) * unit}px, ${(from[1] - now[1]) * unit}px)` },
          ...via.map(([x, y]) => ({ transform: `translate(${x - here[0]}px, ${y - here[1]}px)` })), { transform: "translate(0, 0)" }]
        : [{ transform: "scale(1.25)", opacity: 0 }, { transform: "scale(1)", opacity: 1 }];
      el.style.transformBox = from ? "view-box" : "fill-box";
      el.style.transformOrigin = "center";
      const run = el.animate(frames, { duration: from ? Math.min(1600, 420 + 110 * via.length) : 380, easing: via.length ? "linear" : "cubic-bezier(.3,.7,.3,1)" });
      run.finished.then(() => this.fit(), () => {});  // hit areas where the piece came to rest, not where it set off
      window.ludotecaAnimations += 1;
    }
  }

  // after layout: hit areas of at least 44 px for every control on the board
  fit() {
    for (const root of this.box.querySelectorAll("svg.boardsvg")) generic.enlargeTargets(root);
  }
}

// The game's rules summary (Markdown from the game package) as DOM nodes, text only: headings,
// lists, paragraphs and tables; the terminal's notation (between `<!-- cli` and `<!-- /cli -->`)
// is left out, and the rules options' names and values read as the lobby shows them.
export function rulesNodes(text) {
  const words = (code) => {
    const name = optionName(code), value = optionValue(code);
    return name !== code ? name : value !== code ? value : null;
  };
  const inline = (line) => {
    const out = [];
    const re = /(\*\*[^*]+\*\*|`[^`]+`)/g;
    let at = 0, m;
    while ((m = re.exec(line))) {
      if (m.index > at) out.push(line.slice(at, m.index));
      if (m[0].startsWith("**")) out.push(h("strong", {}, m[0].slice(2, -2)));
      else { const code = m[0].slice(1, -1), said = words(code); out.push(said !== null ? h("em", {}, said) : h("code", {}, code)); }
      at = m.index + m[0].length;
    }
    if (at < line.length) out.push(line.slice(at));
    return out;
  };
  const cells = (line) => line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((c) => c.trim());
  const source = String(text || "").replace(/<!--\s*cli\b[\s\S]*?<!--\s*\/cli\s*-->/g, "").replace(/<!--[\s\S]*?-->/g, "");
  const nodes = [];
  let list = null;
  for (const block of source.split(/\n\s*\n/)) {
    const lines = block.split("\n");
    list = null;
    let para = [];
    const flush = () => { if (para.length) nodes.push(h("p", {}, inline(para.join(" ")))); para = []; };
    if (lines.filter((l) => l.trim()).every((l) => l.trim().startsWith("|")) && lines.length >= 2) {
      const rows = lines.filter((l) => l.trim()).map(cells).filter((r) => !r.every((c) => /^:?-+:?$/.test(c)));
      const [head, ...body] = rows;
      nodes.push(h("div", { class: "table-wrap" }, h("table", { class: "rules-table" },
        h("thead", {}, h("tr", {}, head.map((c) => h("th", { scope: "col" }, inline(c))))),
        h("tbody", {}, body.map((r) => h("tr", {}, r.map((c) => h("td", {}, inline(c)))))))));
      continue;
    }
    for (const raw of lines) {
      const line = raw.trim();
      if (!line) continue;
      const head = /^(#+)\s+(.*)$/.exec(line);
      if (head) { flush(); nodes.push(h("h3", {}, inline(head[2]))); list = null; continue; }
      const item = /^(?:[-*]|\d+\.)\s+(.*)$/.exec(line);
      if (item) { flush(); if (!list) { list = h(/^\d/.test(line) ? "ol" : "ul"); nodes.push(list); } list.append(h("li", {}, inline(item[1]))); continue; }
      if (list && raw.startsWith("  ")) { list.lastChild.append(" ", ...inline(line)); continue; }
      para.push(line);
    }
    flush();
  }
  return nodes;
}
