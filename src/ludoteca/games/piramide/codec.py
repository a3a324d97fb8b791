"""State documents: the public part (shared with views) plus the hidden part, and their checks.

Cards are written as labels. Rebuilding checks that every card of the deck file is in exactly
one place (hands, hidden decks, bottom card, discard piles, pyramid, box), so a corrupt
document is refused with a message instead of producing an impossible position.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine import StateFormatError, T
from ludoteca.engine.counters import counters_from_json, counters_to_json
from ludoteca.engine.schema import doc_value

from .deck import BASE, REGULAR
from .state import DECK_NAMES, DISCARD, DRAWING, HAND_LIMIT, OVER, PHASE_NAMES, SECOND_DRAW, START, STATS, SYMBOL, PiramideState


def bad(en: str, es: str) -> StateFormatError:
    return StateFormatError(T(en, es))


def public(state: PiramideState) -> dict[str, Any]:
    """Everything every player sees."""
    g = state.game
    labels, geo = g.deck.type_label, g.geo
    pyr = state.pyr
    return {
        "pyramid": [[labels[pyr[c]] if pyr[c] >= 0 else None for c in row] for row in geo.cell_of],
        "scores": list(state.points),
        "hand_sizes": [len(h) for h in state.hands],
        "deck_sizes": {"regular": state.reg_n, "edge": state.edge_n + (state.bottom >= 0)},
        "edge_bottom": labels[state.bottom] if state.bottom >= 0 else None,
        "discards": {"regular": [labels[t] for t in state.disc_reg], "edge": [labels[t] for t in state.disc_edge]},
        "box": [labels[t] for t in state.box],
        "turn": {
            "player": state.cur,
            "phase": PHASE_NAMES[state.phase],
            "draws_left": state.draws_left,
            "pending": DECK_NAMES[state.pending] if state.pending >= 0 else None,
            "symbol_matches": state.sym_k,
        },
        "passes": state.passes,
        "first_player": state.first,
    }


def state_to_json(state: PiramideState) -> dict[str, Any]:
    body = public(state)
    labels = state.game.deck.type_label
    body["hands"] = [[labels[t] for t in h] for h in state.hands]
    body["deck"] = {labels[t]: c for t, c in enumerate(state.deck) if c}
    body["stats"] = counters_to_json(STATS, state.stats)  # history, not position: never in a view
    return body


def _label(game, value: Any, where: str) -> int:
    t = game.deck.parse_label(value) if isinstance(value, str) else -1
    if t < 0:
        raise bad(f"{where}: {doc_value(value)} is not a card of this deck", f"{where}: {doc_value(value)} no es una carta de este mazo")
    return t


def _int(value: Any, lo: int, hi: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise bad(f"{where} must be a whole number from {lo} to {hi}", f"{where} debe ser un entero de {lo} a {hi}")
    return value


def _list(value: Any, where: str) -> list:
    if not isinstance(value, list):
        raise bad(f"{where} must be a list", f"{where} debe ser una lista")
    return value


def _dict(value: Any, where: str) -> dict:
    if not isinstance(value, dict):
        raise bad(f"{where} must be an object", f"{where} debe ser un objeto")
    return value


def load_public(game, body: Any, n: int, seed: int) -> PiramideState:
    """A state holding the public part of `body`; hands and hidden decks are left empty."""
    body = _dict(body, "the state")
    s = PiramideState(game, n, seed)
    geo = game.geo
    rows = _list(body["pyramid"], "pyramid")
    if len(rows) != geo.levels or any(not isinstance(r, list) or len(r) != len(cells) for r, cells in zip(rows, geo.cell_of)):
        raise bad(f"pyramid must have {geo.levels} levels of {geo.base}, {geo.base - 1}, ... 1 positions",
                  f"pyramid debe tener {geo.levels} niveles de {geo.base}, {geo.base - 1}, ... 1 posiciones")
    s.pyr = [-1] * geo.num_cells
    for row, cells in zip(rows, geo.cell_of):
        for value, c in zip(row, cells):
            if value is not None:
                s.pyr[c] = _label(game, value, f"pyramid {geo.name(c)}")
    for c in range(geo.num_cells):
        if geo.level[c] == 1 and s.pyr[c] < 0:
            raise bad("the base row must be complete", "la fila de base debe estar completa")
        below = geo.below[c]
        if s.pyr[c] >= 0 and below and (s.pyr[below[0]] < 0 or s.pyr[below[1]] < 0):
            raise bad(f"pyramid {geo.name(c)} does not rest on two cards", f"pyramid {geo.name(c)} no se apoya sobre dos cartas")
        if s.pyr[c] >= 0 and geo.level[c] > 1 and not game.deck.type_roles[s.pyr[c]] & geo.role[c]:
            raise bad(f"pyramid {geo.name(c)}: that card cannot stand there", f"pyramid {geo.name(c)}: esa carta no puede estar ahí")
    scores = _list(body["scores"], "scores")
    if len(scores) != n:
        raise bad(f"scores must list {n} players", f"scores debe tener {n} jugadores")
    s.points = [_int(v, 0, 10**6, "a score") for v in scores]
    discards = _dict(body["discards"], "discards")
    s.disc_reg = [_label(game, v, "discards") for v in _list(discards["regular"], "discards.regular")]
    s.disc_edge = [_label(game, v, "discards") for v in _list(discards["edge"], "discards.edge")]
    kind = game.deck.type_kind
    if any(kind[t] != REGULAR for t in s.disc_reg) or any(kind[t] in (BASE, REGULAR) for t in s.disc_edge):
        raise bad("a discard pile holds a card of the wrong deck", "una pila de descarte tiene una carta del otro mazo")
    s.box = sorted(_label(game, v, "box") for v in _list(body["box"], "box"))
    if any(kind[t] != BASE for t in s.box):
        raise bad("only base cards stay in the box", "en la caja solo quedan cartas de base")
    bottom = body["edge_bottom"]
    s.bottom = -1 if bottom is None else _label(game, bottom, "edge_bottom")
    if s.bottom >= 0 and kind[s.bottom] in (BASE, REGULAR):
        raise bad("the bottom card of the edge deck must be an edge or apex card", "la carta de abajo del mazo de bordes debe ser un borde o una cúspide")
    turn = _dict(body["turn"], "turn")
    s.cur = _int(turn["player"], 0, n - 1, "turn.player")
    if turn["phase"] not in PHASE_NAMES:
        raise bad(f"turn.phase must be one of {', '.join(PHASE_NAMES)}", f"turn.phase debe ser uno de {', '.join(PHASE_NAMES)}")
    s.phase = PHASE_NAMES.index(turn["phase"])
    s.draws_left = _int(turn["draws_left"], 0, 2, "turn.draws_left")
    pending = turn["pending"]
    if pending is not None and pending not in DECK_NAMES:
        raise bad("turn.pending must be regular, edge or null", "turn.pending debe ser regular, edge o null")
    s.pending = -1 if pending is None else DECK_NAMES.index(pending)
    if (s.phase == DRAWING) != (s.pending >= 0):
        raise bad("a pending draw goes with the drawing phase", "un robo pendiente va con la fase drawing")
    s.sym_k = _int(turn["symbol_matches"], 0, 4, "turn.symbol_matches")
    s.passes = _int(body["passes"], 0, n, "passes")
    s.first = _int(body["first_player"], 0, n - 1, "first_player")
    s.opens = s.open_cells()
    s.hands = [[] for _ in range(n)]
    s.deck = [0] * game.deck.num_types
    s.reg_n = s.edge_n = 0
    s.stats = [0] * len(STATS)
    return s


def check_cards(s: PiramideState) -> None:
    """Every card of the deck file is in exactly one place; the hidden sizes match the counts."""
    d = s.game.deck
    seen = [0] * d.num_types
    for t in s.pyr:
        if t >= 0:
            seen[t] += 1
    for group in (*s.hands, s.disc_reg, s.disc_edge, s.box):
        for t in group:
            seen[t] += 1
    if s.bottom >= 0:
        seen[s.bottom] += 1
    for t, c in enumerate(s.deck):
        seen[t] += c
    if seen != list(d.type_count):
        wrong = [d.type_label[t] for t in range(d.num_types) if seen[t] != d.type_count[t]]
        raise bad(f"the cards do not add up to the deck file: {', '.join(wrong[:8])}",
                  f"las cartas no coinciden con el archivo de mazo: {', '.join(wrong[:8])}")
    if s.reg_n != sum(s.deck[t] for t in d.regular_types) or s.edge_n != sum(s.deck[t] for t in d.edge_types):
        raise bad("the deck sizes do not match the cards", "los tamaños de los mazos no coinciden con las cartas")
    if s.phase == DRAWING and (s.reg_n if s.pending == 0 else s.edge_n) == 0:
        raise bad("a draw is pending from an empty deck", "hay un robo pendiente de un mazo vacío")


def state_from_json(game, body: Any, n: int) -> PiramideState:
    s = load_public(game, body, n, 0)
    hands = _list(body["hands"], "hands")
    if len(hands) != n:
        raise bad(f"hands must list {n} players", f"hands debe tener {n} jugadores")
    for p, hand in enumerate(hands):
        s.hands[p] = sorted(_label(game, v, "hands") for v in _list(hand, "a hand"))
        if any(game.deck.type_kind[t] == BASE for t in s.hands[p]):
            raise bad("base cards are never in a hand", "las cartas de base nunca están en una mano")
    for label, count in _dict(body["deck"], "deck").items():
        t = _label(game, label, "deck")
        s.deck[t] = _int(count, 0, 99, "a deck count")
    d = game.deck
    s.reg_n = sum(s.deck[t] for t in d.regular_types)
    s.edge_n = sum(s.deck[t] for t in d.edge_types)
    if any(s.deck[t] for t in range(d.num_types) if d.type_kind[t] == BASE):
        raise bad("base cards are never in a deck", "las cartas de base nunca están en un mazo")
    check_cards(s)
    check_turn(s, [len(h) for h in s.hands])
    s.stats = counters_from_json(body, STATS, "Pirámide state")
    if (body["deck_sizes"] != {"regular": s.reg_n, "edge": s.edge_n + (s.bottom >= 0)}
                            or body["hand_sizes"] != [len(h) for h in s.hands]):
        raise bad("deck_sizes or hand_sizes disagree with the cards", "deck_sizes o hand_sizes no coinciden con las cartas")
    return s


def check_turn(s: PiramideState, sizes: list[int]) -> None:
    """What only the course of play produces: the game is over exactly when the apex position
    is filled or every player passed in a row; only the player whose turn it is may hold more
    than HAND_LIMIT cards, and must then be discarding or still playing."""
    n = s.num_players
    ended = s.pyr[s.game.geo.apex] >= 0 or s.passes >= n
    if (s.phase == OVER) != ended:
        raise bad("the game is over exactly when the apex is placed or every player passed in a row",
                  "la partida termina exactamente cuando se coloca la cúspide o todos pasan seguidos")
    if s.draws_left != {SECOND_DRAW: 1, DRAWING: s.draws_left}.get(s.phase, 0) or (s.sym_k > 0) != (s.phase == SYMBOL):
        raise bad("the draws left or symbol matches do not fit the phase", "los robos pendientes o los símbolos no cuadran con la fase")
    if any(k > HAND_LIMIT for p, k in enumerate(sizes) if p != s.cur):
        raise bad(f"only the player whose turn it is may hold more than {HAND_LIMIT} cards",
                  f"solo el jugador al que le toca puede tener más de {HAND_LIMIT} cartas")
    if s.phase == DISCARD and sizes[s.cur] <= HAND_LIMIT or s.phase == START and sizes[s.cur] > HAND_LIMIT:
        raise bad(f"in phase {PHASE_NAMES[s.phase]} the hand of the player to move cannot hold {sizes[s.cur]} cards",
                  f"en la fase {PHASE_NAMES[s.phase]} la mano del jugador al que le toca no puede tener {sizes[s.cur]} cartas")


__all__ = ["public", "state_to_json", "state_from_json", "load_public", "check_cards", "check_turn"]
