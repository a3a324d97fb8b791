"""The table seen from above, drawn from a view document only.

Each visible cell is two characters on the card's colour, labelled with its suit letter and
number (R rock/piedra, P paper/papel, T scissors/tijera); ENTRY is 'IN', EXIT 'EX'; a pawn shows
as its seat number on one cell of its room. Rulers give the x,y used by `play ... @x,y`.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.text import Text as RichText

from ...engine import T
from ...engine.events import seat_name
from .story import brief  # noqa: F401  (the terminal's telling of events: a hook)
from ...engine.wording import listing, many
from .cards import COLOUR, COLOUR_EN, ENTRY, EXIT, NUM_CARDS, label, long_name, short_name
from .geometry import DIMS
from .state import MOVE

_BG = ("red3", "dark_orange", "yellow3", "green4", "dodger_blue2", "medium_purple3")
_FG = ("white", "black", "black", "white", "white", "white")
_PAWN = ("bold white on grey11", "bold black on bright_white", "bold white on deep_pink4", "bold black on cyan")


def paint(view: dict[str, Any]) -> list[int]:
    """top[cell] = the piece seen on that cell (-1 empty), painting the table bottom to top."""
    width, height = view["grid"]
    top = [-1] * (width * height)
    pieces = [(ENTRY, 0, *view["entry"]), (EXIT, 0, *view["exit"])] + [tuple(t) for t in view["table"]]
    for card, o, x, y in pieces:
        w, h = DIMS[o]
        for dy in range(h):
            for dx in range(w):
                top[(y + dy) * width + x + dx] = card
    return top


def room_graph(view: dict[str, Any]) -> dict[int, list[int]]:
    """Adjacency of rooms, ENTRY and EXIT recomputed from the painted cells."""
    width, height = view["grid"]
    top = paint(view)
    adj: dict[int, set[int]] = {}
    for c, a in enumerate(top):
        if a < 0:
            continue
        adj.setdefault(a, set())
        for d in ((c + 1) if (c + 1) % width else -1, c + width if c + width < len(top) else -1):
            if d >= 0 and top[d] >= 0 and top[d] != a:
                adj[a].add(top[d])
                adj.setdefault(top[d], set()).add(a)
    return {a: sorted(b) for a, b in sorted(adj.items())}


def reachable(view: dict[str, Any]) -> set[int]:
    """The pieces from which a walk through rooms reaches EXIT, from the painted cells."""
    graph = room_graph(view)
    seen, frontier = {EXIT}, [EXIT]
    while frontier:
        frontier = [b for a in frontier if a < NUM_CARDS or a == EXIT for b in graph.get(a, []) if b not in seen]
        seen.update(frontier)
    return seen


def room_label(piece: int, lang: str) -> str:
    """A room as the notation writes it ('T3azul'); ENTRY and EXIT in the language."""
    if piece == ENTRY:
        return T("entry", "entrada").get(lang)
    if piece == EXIT:
        return T("exit", "salida").get(lang)
    return short_name(piece)


def chance_prompt(view_doc: dict[str, Any], lang: str, names: list[str] | None = None) -> str:
    """Whose draw the chance node is (referee mode): a face-down market card, or a refill."""
    view = view_doc["view"]
    who = seat_name(names, view["turn"])
    if view["phase"] == "refill":
        slot = view["slot"] + 1
        return T(f"market slot {slot} is refilled (after {who}'s turn)", f"se repone el hueco {slot} de la zona de robo (tras el turno de {who})").get(lang)
    return T(f"{who} draws a card from the market", f"{who} roba una carta de la zona de robo").get(lang)


def render(view_doc: dict[str, Any], lang: str = "en", show_rooms: bool = False, mono: bool = False,
           names: list[str] | None = None):
    view = view_doc["view"] if "view" in view_doc else view_doc
    width, height = view["grid"]
    top = paint(view)
    used = [c for c, a in enumerate(top) if a >= 0]
    xs = [c % width for c in used]
    ys = [c // width for c in used]
    x0, x1 = max(0, min(xs) - 3), min(width - 1, max(xs) + 3)
    y0, y1 = max(0, min(ys) - 3), min(height - 1, max(ys) + 3)
    # where each pawn is drawn: a free visible cell of its room, in reading order; the first
    # cell of ENTRY and EXIT keeps its label, and pawns beyond the free cells share '@+'
    pawn_at: dict[int, int] = {}
    crowded: dict[int, list[int]] = {}
    by_piece: dict[int, list[int]] = {}
    for seat, piece in enumerate(view["pawns"]):
        by_piece.setdefault(piece, []).append(seat)
    for piece, seats in by_piece.items():
        cells = [c for c in used if top[c] == piece]
        free = cells[1:] if piece >= NUM_CARDS else cells
        fit = seats if len(seats) <= len(free) else seats[:max(0, len(free) - 1)]
        pawn_at.update(zip(free, fit))
        if len(fit) < len(seats) and free:
            crowded[free[len(fit)]] = seats[len(fit):]
    lines = []
    ruler = RichText("    ")
    for x in range(x0, x1 + 1):
        ruler.append(f"{x:>2}" if x % 2 == 0 else "  ", style="dim")
    lines.append(ruler)
    for y in range(y0, y1 + 1):
        row = RichText(f"{y:>3} ", style="dim")
        for x in range(x0, x1 + 1):
            c = y * width + x
            a = top[c]
            if c in crowded:
                row.append("@+", style="bold black on bright_white")
            elif c in pawn_at:
                row.append(f"@{pawn_at[c] + 1}", style=_PAWN[pawn_at[c] % 4])
            elif a < 0:
                row.append(" ·", style="grey23")
            elif a >= NUM_CARDS:
                row.append(label(a), style="bold black on grey70" if a == ENTRY else "bold white on grey35")
            else:
                col = COLOUR[a]
                row.append(label(a), style=f"{_FG[col]} on {_BG[col]}")
        lines.append(row)
    lines.append(RichText(""))
    for cell_, seats in crowded.items():
        lines.append(RichText("@+: " + ", ".join(seat_name(names, s) for s in seats) + " " + T("also here", "también aquí").get(lang), style="dim"))
    return Group(*lines, *summary(view, lang, names, mono, show_rooms))


def first_player(view_doc: dict[str, Any]) -> int:
    """The seat that starts (the terminal says so before the first turn)."""
    return view_doc["view"]["turn"]


def render_compact(view_doc: dict[str, Any], lang: str = "en", names: list[str] | None = None) -> Any:
    """For a small screen: a line for each pawn, the market and the hand, without the map
    (`board` draws it)."""
    view = view_doc["view"] if "view" in view_doc else view_doc
    reach = reachable(view)
    lines = []
    for seat, piece in enumerate(view["pawns"]):
        mark = "▶ " if seat == view["turn"] and view["phase"] != "over" else "  "
        counters, cards, steps = view["counters"][seat], view["hand_sizes"][seat], view["distances"][seat]
        if piece == EXIT:
            away = T("at the exit", "en la salida")
        elif piece in reach:
            away = T(f"{many(steps, 'step', 'steps')} to the exit", f"a {many(steps, 'paso', 'pasos')} de la salida")
        else:
            away = T(f"{many(steps, 'step', 'steps')} to the exit (no path yet)", f"a {many(steps, 'paso', 'pasos')} de la salida (sin camino aún)")
        lines.append(RichText(
            f"{mark}{seat_name(names, seat)} @{seat + 1}  " + T(many(counters, "counter", "counters"), many(counters, "contador", "contadores")).get(lang)
            + "  " + away.get(lang) + "  " + T(many(cards, "card", "cards"), many(cards, "carta", "cartas")).get(lang),
            style=_PAWN[seat % 4] if mark.strip() else ""))
    return Group(*lines, *summary(view, lang, names, False, False)[len(view["pawns"]):])


def summary(view: dict[str, Any], lang: str, names: list[str] | None, mono: bool, show_rooms: bool) -> list[RichText]:
    """The lines under the map: each pawn, the deck and market, the hand, the card played, the end."""
    es = lang == "es"
    lines: list[RichText] = []
    phase = view["phase"]
    turn = view["turn"]
    reach = reachable(view)
    for seat, piece in enumerate(view["pawns"]):
        where = long_name(piece, lang)
        mark = "▶ " if seat == turn and phase != "over" else "  "
        counters, cards, steps = view["counters"][seat], view["hand_sizes"][seat], view["distances"][seat]
        if piece == EXIT:
            away = T("at the exit", "en la salida")
        elif piece in reach:
            away = T(f"{many(steps, 'step', 'steps')} from the exit", f"a {many(steps, 'paso', 'pasos')} de la salida")
        else:
            away = T(f"no path to the exit yet (it would count {many(steps, 'step', 'steps')})",
                     f"aún sin camino a la salida (contaría {many(steps, 'paso', 'pasos')})")
        on = "" if piece == EXIT else T(f"on {where}", f"en {where}").get(lang) + ", "  # not "on the exit, at the exit"
        lines.append(RichText(
            f"{mark}{seat_name(names, seat)} (@{seat + 1}): " + T(many(counters, "counter", "counters"), many(counters, "contador", "contadores")).get(lang)
            + ", " + on + away.get(lang) + ", "
            + T(many(cards, "card", "cards"), many(cards, "carta", "cartas")).get(lang),
            style=_PAWN[seat % 4] if mark.strip() else ""))
    market = view["market"]
    shown = " ".join(f"{i + 1}:" + ("??" if m == -2 else "--" if m < 0 else short_name(m)) for i, m in enumerate(market))
    lines.append(RichText(("Mazo" if es else "Deck") + f": {view['deck']}   " + ("Zona de robo" if es else "Market") + f": {shown}"))
    if view.get("discards"):
        lines.append(RichText(("Descartes" if es else "Discards") + ": " + " ".join(short_name(c) for c in view["discards"])))
    if view.get("hand") is not None:
        hand = RichText(("Tu mano" if es else "Your hand") + ": ")
        for c in view["hand"]:
            col = COLOUR[c]
            hand.append(f" {short_name(c)} ", style=f"{_FG[col]} on {_BG[col]}")
            hand.append(" ")
        lines.append(hand)
    if view["played"] >= 0 and phase != "over":
        lines.append(RichText(("Carta jugada" if es else "Card played") + f": {short_name(view['played'])}"))
    if phase == "over":
        how = view["ended"]
        lines.append(RichText(
            (("Fin: una ficha llegó a la salida" if how == "exit" else "Fin: se acabó el mazo") if es
             else ("Over: a pawn reached the exit" if how == "exit" else "Over: the deck ran out"))
            + "  " + ("Puntos" if es else "Points") + ": " + " ".join(f"{seat_name(names, i)}={p:g}" for i, p in enumerate(view["scores"] or [])),
            style="bold"))
    if mono and view["table"]:  # the cells show suit and number; the colour is told here
        lines.append(RichText(T("On the table: ", "En la mesa: ").get(lang) + ", ".join(
            f"{label(card)}@{x},{y}={short_name(card)}" for card, _, x, y in view["table"])))
    if show_rooms:
        lines.append(RichText(("Salas y vecinas" if es else "Rooms and their neighbours") + ":", style="bold"))
        for a, nbs in room_graph(view).items():
            lines.append(RichText(f"  {room_label(a, lang)}: " + ", ".join(room_label(b, lang) for b in nbs)))
    return lines


__all__ = ["render", "room_graph", "paint", "COLOUR_EN"]


def placement_preview(state: Any, action: int, lang: str) -> str:
    """What a placement would cover and beat and the counters it would earn, from the events
    the game reports when a clone of the state applies it (the state itself is untouched)."""
    after = state.clone()
    events = after.apply_with_events(action)
    placed = next(e for e in events if e["type"] == "card_placed")
    beaten = set(placed["beats"])
    parts = [T("covers ", "cubre ").get(lang) + listing(
        [long_name(x, lang) + (T(" (beats it)", " (la vence)").get(lang) if x in beaten else "") for x in placed["covers"]], lang)]
    if len(beaten) >= 2:
        parts.append(T("+1 counter for beating two cards", "+1 contador por vencer a dos cartas").get(lang))
    walked = next((e for e in events if e["type"] == "pawn_walked"), None)
    if after.phase == MOVE:  # several walks: the player chooses next
        parts.append(T(f"then choose one of {len(after.legal_actions())} walks", f"luego eliges uno de {len(after.legal_actions())} caminos").get(lang))
    elif walked is not None:
        walk = T(f"the pawn walks to {long_name(walked['path'][-1], lang)}", f"la ficha va a {long_name(walked['path'][-1], lang)}").get(lang)
        if any(e["type"] == "counter_gained" and e.get("reason") == "colour" for e in events):
            walk += T(" (+1 counter: same colour)", " (+1 contador: mismo color)").get(lang)
        parts.append(walk)
    else:
        parts.append(T("no walk possible", "sin camino posible").get(lang))
    return "; ".join(parts)


def choice_menu(state: Any, legal: list[int], lang: str) -> list[tuple[str, str, Any]] | None:
    """Placing a card, step by step: the card, then its orientation, then the place; each
    place says what it covers and beats and the counters it earns. None outside that choice."""
    g = state.game
    if state.current_player() < 0 or not legal or legal[0] >= g.move_base:
        return None
    from .geometry import ORIENT_NAMES

    by_card: dict[int, dict[int, list[int]]] = {}
    for action in legal:
        card, rest = divmod(action, 2 * g.ncells)
        by_card.setdefault(card, {}).setdefault(rest // g.ncells, []).append(action)
    orient = (T("upright (2 wide, 3 high)", "en vertical (2 de ancho, 3 de alto)"),
              T("sideways (3 wide, 2 high)", "en horizontal (3 de ancho, 2 de alto)"))
    menu = []
    for card, by_o in by_card.items():
        places = []
        for o, actions in by_o.items():
            spots = []
            for action in actions:
                cell_ = action % g.ncells
                spots.append((f"@{cell_ % g.width},{cell_ // g.width}", placement_preview(state, action, lang), action))
            places.append((ORIENT_NAMES[o], orient[o].get(lang) + ": " + T(many(len(actions), "place", "places"), many(len(actions), "sitio", "sitios")).get(lang), spots))
        total = sum(len(a) for a in by_o.values())
        menu.append((short_name(card), long_name(card, lang) + ": " + T(many(total, "place", "places"), many(total, "sitio", "sitios")).get(lang), places))
    return menu


def menu_words() -> dict[str, tuple[str, ...]]:
    """Other words a person may type for a label of the step-by-step menu (the orientations)."""
    return {"up": ("u", "upright", "vertical", "v", "en vertical", "de pie"),
            "side": ("s", "sideways", "horizontal", "h", "en horizontal", "de lado", "tumbada")}


def menu_missing(state: Any, lang: str) -> list[str]:
    """Each card of the hand that the placement menu leaves out, with the rule that keeps it out."""
    from collections import Counter

    from .cards import beats
    from .notation import placement_problem

    from .state import PLACE

    g = state.game
    if state.current_player() < 0 or state.phase != PLACE:
        return []
    placeable = {a // (2 * g.ncells) for a in state.legal_actions() if a < g.move_base}
    lines = []
    table, geo = state.table, g.geo
    for card in state.hands[state.turn]:
        if card in placeable:
            continue
        reasons: Counter[str] = Counter()
        beaten_somewhere = False
        for o in (0, 1):
            for p in range(g.ncells):
                if not geo.valid[o][p]:
                    continue
                covered = {table.top[c] >> 3 for c in geo.rects[o][p] if table.top[c] >= 0}
                if any(x == ENTRY or (x < NUM_CARDS and beats(card, x)) for x in covered):
                    beaten_somewhere = True
                    reasons[placement_problem(state, card, o, p).get(lang)] += 1
        why = reasons.most_common(1)[0][0] if beaten_somewhere and reasons else T(
            "it beats none of the cards it could cover", "no vence a ninguna de las cartas que podría cubrir").get(lang)
        lines.append(T(f"{long_name(card, 'en')}: cannot be placed: {why}", f"{long_name(card, 'es')}: no se puede colocar: {why}").get(lang))
    return lines


def render_minimal(view_doc: dict[str, Any], lang: str = "en", names: list[str] | None = None) -> Any:
    """The fewest lines, where the others' turns need the room: the hand and the card played
    (`board` draws the map and every pawn)."""
    view = view_doc["view"] if "view" in view_doc else view_doc
    rest = [line for line in summary(view, lang, names, False, False)[len(view["pawns"]):]
            if line.plain.startswith(("Your hand", "Tu mano", "Card played", "Carta jugada"))]
    return Group(*rest)


def menu_map(state: Any, entries: list[tuple[str, str, Any]], lang: str, most: int | None = None) -> list[str]:
    """A map of the places a step offers (`@x,y` labels): each place's cell shows its choice
    number, the cards on the table `▒`, the entry `IN` and the exit `EX`, empty cells `·`; the
    axes are numbered as the places are named (`@x,y`: column x, row y). Nothing for other steps.
    No more than `most` lines: rows far from every place give way to a `⋮` first."""
    spots = {}
    for number, (place, _, _) in enumerate(entries, 1):
        if not place.startswith("@"):
            return []
        x, y = (int(v) for v in place[1:].split(","))
        spots[(x, y)] = number
    if not spots:
        return []
    view = view_document_of(state)
    width, height = view["grid"]
    top = paint(view)
    xs = [x for x, _ in spots]
    ys = [y for _, y in spots]
    x0, x1 = max(0, min(xs) - 1), min(width - 1, max(xs) + 2)
    y0, y1 = max(0, min(ys) - 1), min(height - 1, max(ys) + 2)
    x1 = min(x1, x0 + 24)  # 3 columns a cell: at most 80 wide

    def cell(x: int, y: int) -> str:
        if (x, y) in spots:
            return f"{spots[(x, y)]:>2}"
        piece = top[y * width + x]
        if piece == ENTRY:
            return "IN"
        if piece == EXIT:
            return "EX"
        return "▒▒" if piece >= 0 else " ·"

    head = "    " + " ".join(f"{x:>2}" for x in range(x0, x1 + 1))
    def drawn(kept: list[int]) -> list[str]:
        rows: list[str] = []
        for y in kept:
            if rows and y - 1 not in kept:
                rows.append("  ⋮")
            rows.append(f"{y:>3} " + " ".join(cell(x, y) for x in range(x0, x1 + 1)))
        return rows

    rows = drawn(list(range(y0, y1 + 1)))
    for reach in (1, 0):  # the rows of the places, with their neighbours while they fit
        if most is None or len(rows) + 2 <= most:
            break
        rows = drawn([y for y in range(y0, y1 + 1) if any(abs(y - row) <= reach for row in ys)])
    key = T("  (each number: where the card's top-left cell goes; ▒ a card on the table)",
            "  (cada número: la casilla de arriba a la izquierda de la carta; ▒ una carta)").get(lang)
    return [head, *rows, key]


def view_document_of(state: Any) -> dict[str, Any]:
    from ...engine import view_document

    doc = view_document(state, state.current_player())
    return doc["view"]


def confirm_reveal(state: Any, action: int, lang: str) -> str | None:
    """A placement shows a card of the hand and stands for good: the question asked before it."""
    if not state.is_undo_barrier(action):
        return None
    return T(f"{state.describe_action(action, 'en')}: it shows your card and cannot be undone",
             f"{state.describe_action(action, 'es')}: muestra tu carta y no se puede deshacer").get(lang)


# terminal hooks (terminal/hooks.py) kept in other modules of the game
from .notation import SPANISH_CODES  # noqa: E402, F401
