// The toy race's board for the web (the template's step 7, docs/adding-a-game.md): declared by
// plugin.py's `board`, served by the web as /games/toy/board.js. Each seat's race to the target
// as a lane with its pawn, the die, and the moves as buttons in the board, labelled from the
// parts the server sends with each move (`fields`: kind and points), never from the notation.
import { svg, choice, named, tray, die, SEAT_COLOURS } from "/static/games/generic.js";
import { seatShape } from "/static/games/shapes.js";

const WIDTH = 360, LANE = 56, LEFT = 20, RIGHT = 340;

export function draw(doc, ctx) {
  const v = doc.view, target = doc.options?.target || 10, n = v.scores.length;
  const L = (en, es) => (ctx.lang === "es" ? es : en);
  const name = (seat) => (seat === ctx.seat ? L("you", "tú") : ctx.names[seat] || `P${seat + 1}`);
  const items = ctx.legal.map((m) => {
    const f = m.fields || {};
    const label = f.kind === "add" ? L(`Add ${f.points}`, `Sumar ${f.points}`)
      : f.kind === "double" ? L(`Double: +${f.points}`, `Doblar: +${f.points}`)
        : f.kind === "end" ? L("End the turn", "Terminar el turno") : m.text;
    return { label, move: m, ctx };
  });
  const [trayG, trayH] = tray(LEFT, 0, RIGHT - LEFT, items, { size: 18 });
  const top = 70, height = top + n * LANE + 20 + trayH + 20;
  const root = svg("svg", { viewBox: `0 0 ${WIDTH} ${height}`, class: "toy", "aria-label": L("The race", "La carrera") });
  root.append(svg("text", { x: LEFT, y: 30, "font-size": 18, "font-weight": 700, fill: "#2b2622" }, L(`First to ${target} points`, `Gana quien llegue a ${target} puntos`)));
  if (v.roll) root.append(named(die(RIGHT - 40, 8, 40, v.roll), `${L("die", "dado")}: ${v.roll}`));
  v.scores.forEach((score, seat) => {
    const y = top + seat * LANE, me = seat === v.turn, x = LEFT + (RIGHT - LEFT) * Math.min(score, target) / target;
    root.append(svg("rect", { x: LEFT, y: y + 20, width: RIGHT - LEFT, height: 10, rx: 5, fill: "#e8dcc6", class: "deco" }));
    root.append(svg("text", { x: LEFT, y: y + 12, "font-size": 15, "font-weight": me ? 800 : 400, fill: "#2b2622" },
      `${me ? "▶ " : ""}${name(seat)}: ${score}${v.doubled[seat] ? L(" · doubled", " · ya dobló") : ""}`));
    const pawn = svg("g", { "data-key": `pawn-${seat}` }, seatShape(seat, x, y + 25, 11, SEAT_COLOURS[seat]));
    root.append(named(pawn, `${name(seat)}: ${score} ${score === 1 ? L("point", "punto") : L("points", "puntos")}`));
  });
  trayG.setAttribute("transform", `translate(0, ${top + n * LANE + 10})`);
  root.append(trayG);
  ctx.hint(ctx.legal.length ? L("Tap a button on the board.", "Toca un botón del tablero.") : "");
  return root;
}
