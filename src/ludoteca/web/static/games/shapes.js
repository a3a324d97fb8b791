// A shape per seat (circle, square, diamond, triangle, hexagon, pentagon), so that a player's
// pieces are told apart by shape as well as by colour.
import { svg } from "/static/games/generic.js";

const SIDES = [0, 4, 4, 3, 6, 5, 8, 0];
const TURN = [0, Math.PI / 4, 0, -Math.PI / 2, 0, -Math.PI / 2, Math.PI / 8, 0];

export function seatShape(seat, cx, cy, r, fill, attrs = {}) {
  const k = seat % SIDES.length, n = SIDES[k];
  const style = { fill, stroke: "#fff", "stroke-width": 2, ...attrs };
  if (!n) return svg("circle", { cx, cy, r, ...style });
  const rr = n === 4 && k === 1 ? r * 1.2 : n === 3 ? r * 1.3 : r * 1.12;
  const pts = Array.from({ length: n }, (_, i) => {
    const a = TURN[k] + (i * 2 * Math.PI) / n - (k === 2 ? Math.PI / 2 : 0);
    return `${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
  return svg("polygon", { points: pts, ...style });
}

export const SHAPE_NAMES = [["circle", "círculo"], ["square", "cuadrado"], ["diamond", "rombo"], ["triangle", "triángulo"],
  ["hexagon", "hexágono"], ["pentagon", "pentágono"], ["octagon", "octágono"], ["circle", "círculo"]];
