"""What each seat sees, the full state document, and determinisation from a view.

Public: the table (every card laid, in order, bottom to top), pawns, counters, discards, hand
sizes, deck size, the market (cards only when face up), the turn. Private: a seat's own hand.
Nobody: the deck, the face-down market and the faces of ENTRY and EXIT (all in `pool`).
"""

from __future__ import annotations

from typing import Any

from ...engine import Rng, StateFormatError, T, check_fields
from .cards import ENTRY, EXIT, NUM_CARDS, face
from ...engine.counters import counters_to_json
from ...engine.schema import doc_value
from .stats import STATS
from .stats import from_body as stats_from_body
from .state import (DRAW, EMPTY, ENDED_NAMES, FACE_DOWN, HAND_SIZE, MARKET_SIZE, MOVE, OVER, PHASE_NAMES, PLACE, REFILL,
                    TAKE, MazmorraState)

_PUBLIC = ["grid", "table", "pawns", "counters", "hand_sizes", "deck", "market", "discards",
           "phase", "turn", "played", "bonus", "slot", "ended"]


def _public(s: MazmorraState) -> dict[str, Any]:
    g = s.game
    n = g.ncells
    table = []
    for code in s.table.placed:
        card, rest = divmod(code, 2 * n)
        o, p = divmod(rest, n)
        table.append([card, o, p % g.width, p // g.width])
    return {
        "grid": [g.width, g.height],
        "entry": [g.entry_pos % g.width, g.entry_pos // g.width],
        "exit": [g.exit_pos % g.width, g.exit_pos // g.width],
        "table": table,
        "pawns": s.pawns[:],
        "counters": s.counters[:],
        "distances": [s.distance(i) for i in range(s.num_players)],
        "hand_sizes": [len(h) for h in s.hands],
        "deck": s.deck,
        "market": s.market[:],
        "discards": s.discards[:],
        "phase": PHASE_NAMES[s.phase],
        "turn": s.turn,
        "played": s.played,
        "bonus": s.bonus,
        "slot": s.slot,
        "ended": ENDED_NAMES[s.ended],
        "scores": s.scores(),
    }


def view(s: MazmorraState, seat: int | None) -> dict[str, Any]:
    out = _public(s)
    out["hand"] = None if seat is None else s.hands[seat][:]
    # each piece this view shows, by its parts (front ends draw faces from these, never from ids)
    shown = [ENTRY, EXIT, *(c for c, *_ in out["table"]), *out["pawns"], *(out["hand"] or ()), *out["market"], *out["discards"]]
    out["faces"] = {str(c): face(c) for c in dict.fromkeys(shown) if c >= 0}
    return out


def to_json(s: MazmorraState) -> dict[str, Any]:
    out = _public(s)
    out["hands"] = [h[:] for h in s.hands]
    out["pool"] = s.pool[:]
    out["stats"] = counters_to_json(STATS, s.stats)  # history, not position: never in a view
    return out


def _bad(en: str, es: str) -> StateFormatError:
    return StateFormatError(T(en, es))


def _int(value: Any, lo: int, hi: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise _bad(f"{what} must be a whole number from {lo} to {hi}, not {doc_value(value)}",
                   f"{what} debe ser un entero de {lo} a {hi}, no {doc_value(value)}")
    return value


def _cards(value: Any, what: str) -> list[int]:
    if not isinstance(value, list):
        raise _bad(f"{what} must be a list of cards", f"{what} debe ser una lista de cartas")
    return [_int(c, 0, NUM_CARDS - 1, what) for c in value]


def _lay_table(game, table, items: list) -> None:
    """Lay a document's table cards in order, each checked against the placement limits."""
    geo = game.geo
    for item in items:
        if not isinstance(item, list) or len(item) != 4:
            raise _bad("each table card is [card, orientation, x, y]", "cada carta de la mesa es [carta, orientación, x, y]")
        card = _int(item[0], 0, NUM_CARDS - 1, "a table card")
        o = _int(item[1], 0, 1, "an orientation")
        x = _int(item[2], 0, game.width - 1, "x")
        y = _int(item[3], 0, game.height - 1, "y")
        p = y * game.width + x
        if table.orient[card] >= 0 or not geo.valid[o][p] or not table.fits(o, p):
            raise _bad(f"the table card {item} cannot lie there", f"la carta de mesa {item} no puede estar ahí")
        table.put(card, o, p)


def _rebuild_public(game, body: Any, num_players: int, seed: int) -> MazmorraState:
    check_fields(body, _PUBLIC, "mazmorra state")
    if body["grid"] != [game.width, game.height]:
        raise _bad("the grid size does not match the distance option", "el tamaño de la cuadrícula no cuadra con la opción distance")
    s = game.blank_state(num_players, seed)
    if not isinstance(body["table"], list):
        raise _bad("table must be a list", "table debe ser una lista")
    # Determinisations of one view (ISMCTS asks for one per iteration) share its table: keep the
    # last tables built, keyed by their exact text (repr tells 1 from True and 1.0), and hand out
    # copy-on-write copies. Only tables that passed every check are kept.
    memo = game.table_memo
    key = repr(body["table"])
    built = memo.get(key)
    if built is not None:
        s.table = built.copy()
    else:
        _lay_table(game, s.table, body["table"])
        if len(memo) >= 32:
            memo.clear()
        memo[key] = s.table.copy()
    table = s.table
    n = num_players
    for field in ("pawns", "counters", "hand_sizes"):
        if not isinstance(body[field], list) or len(body[field]) != n:
            raise _bad(f"{field} must list one value per player", f"{field} debe tener un valor por jugador")
    s.pawns = [_int(r, 0, EXIT, "a pawn") for r in body["pawns"]]
    for r in s.pawns:
        if r < NUM_CARDS and table.orient[r] < 0:
            raise _bad("a pawn stands on a card that is not on the table", "una ficha está en una carta que no está en la mesa")
    s.counters = [_int(c, 0, 10_000, "a counter") for c in body["counters"]]
    s.deck = _int(body["deck"], 0, NUM_CARDS, "deck")
    market = body["market"]
    if not isinstance(market, list) or len(market) != MARKET_SIZE:
        raise _bad("market must have 4 slots", "market debe tener 4 huecos")
    s.market = [_int(c, FACE_DOWN, NUM_CARDS - 1, "a market slot") for c in market]
    if game.market_face_up == any(c == FACE_DOWN for c in s.market):
        raise _bad("the market does not match the market_face_up option", "la zona de robo no cuadra con la opción market_face_up")
    s.discards = _cards(body["discards"], "discards")
    if body["phase"] not in PHASE_NAMES:
        raise _bad(f"unknown phase {doc_value(body['phase'])}", f"fase desconocida {doc_value(body['phase'])}")
    s.phase = PHASE_NAMES.index(body["phase"])
    s.turn = _int(body["turn"], 0, n - 1, "turn")
    s.played = _int(body["played"], -1, NUM_CARDS - 1, "played")
    s.bonus = _int(body["bonus"], 0, 1, "bonus")
    s.slot = _int(body["slot"], -1, MARKET_SIZE - 1, "slot")
    if body["ended"] not in ENDED_NAMES:
        raise _bad("ended must be null, 'exit' or 'deck'", "ended debe ser null, 'exit' o 'deck'")
    s.ended = ENDED_NAMES.index(body["ended"])
    if (s.phase == OVER) != (s.ended != 0) or (s.phase == MOVE and s.played < 0):
        raise _bad("the phase does not match the rest of the state", "la fase no cuadra con el resto del estado")
    sizes = [_int(k, 0, HAND_SIZE, "a hand size") for k in body["hand_sizes"]]
    check_turn(s, sizes)
    return s


def check_turn(s: MazmorraState, sizes: list[int]) -> None:
    """What only the course of a turn can produce (a document claiming otherwise is refused):
    hand sizes by phase, the played card and market slot of the phase, a walk to choose in `move`
    (more than one end: a forced walk is never asked), a card to take or draw, how the game ended."""
    g, phase, me = s.game, s.phase, s.turn
    short = phase in (MOVE, TAKE, DRAW) or (phase == OVER and s.ended == 1)  # the turn's card is out of the hand
    expected = [HAND_SIZE - (short and seat == me) for seat in range(s.num_players)]
    if sizes != expected:
        raise _bad(f"in phase {PHASE_NAMES[phase]} the hands hold {expected} cards, not {sizes}",
                   f"en la fase {PHASE_NAMES[phase]} las manos tienen {expected} cartas, no {sizes}")
    if phase == PLACE and (s.played, s.bonus, s.slot) != (-1, 0, -1):
        raise _bad("a turn that has not played yet has no played card, bonus or slot",
                   "un turno que aún no jugó no tiene carta jugada, bonus ni hueco")
    if s.played >= 0 and s.table.orient[s.played] < 0:
        raise _bad("the played card is not on the table", "la carta jugada no está en la mesa")
    if phase == REFILL and not (g.market_face_up and s.slot >= 0 and s.market[s.slot] == EMPTY and s.deck > 0):
        raise _bad("a refill needs the emptied face-up slot and a card in the deck",
                   "una reposición necesita el hueco bocarriba vaciado y una carta en el mazo")
    if phase != REFILL and s.slot >= 0 and phase != OVER:
        raise _bad("only a refill has a market slot pending", "solo una reposición tiene un hueco pendiente")
    if EMPTY in s.market and not (phase == REFILL or phase == OVER):
        raise _bad("an emptied market slot is refilled at once", "un hueco vaciado se repone en seguida")
    if phase == TAKE and not g.market_face_up or phase == DRAW and g.market_face_up:
        raise _bad("the phase does not match the market_face_up option", "la fase no cuadra con la opción market_face_up")
    if phase == MOVE and len(s.end_rooms()) < 2:
        raise _bad("phase move needs a choice of at least two walks", "la fase move necesita elegir entre al menos dos caminos")
    for seat, room in enumerate(s.pawns):
        if room < NUM_CARDS and any(room == other for other in s.pawns[seat + 1:]):
            raise _bad("two pawns share a room", "dos fichas comparten una sala")
    if s.ended == 1 and s.pawns[me] != EXIT or s.ended == 2 and s.deck != 0:
        raise _bad("the game did not end the way it says", "la partida no terminó como dice")
    if EXIT in s.pawns and s.ended != 1:
        raise _bad("a pawn on the exit ends the game", "una ficha en la salida termina la partida")


def _check_partition(s: MazmorraState) -> None:
    seen = [c for h in s.hands for c in h] + s.table.rooms() + s.discards + [c for c in s.market if c >= 0] + s.pool
    if sorted(seen) != list(range(NUM_CARDS)):
        raise _bad("the cards of hands, table, discards, market and pool are not the 90 cards once each",
                   "las cartas de manos, mesa, descartes, zona de robo y mazo no son las 90 cartas una vez cada una")
    unseen = s.deck + 2 + sum(1 for c in s.market if c == FACE_DOWN)
    if len(s.pool) != unseen:
        raise _bad("the deck size does not match the unseen cards", "el tamaño del mazo no cuadra con las cartas no vistas")


def state_from_json(game, body: Any, num_players: int) -> MazmorraState:
    s = _rebuild_public(game, body, num_players, 0)
    hands = body["hands"]
    if not isinstance(hands, list) or len(hands) != num_players:
        raise _bad("hands must list one hand per player", "hands debe tener una mano por jugador")
    s.hands = [sorted(_cards(h, "a hand")) for h in hands]
    if [len(h) for h in s.hands] != body["hand_sizes"]:
        raise _bad("hand_sizes does not match the hands", "hand_sizes no cuadra con las manos")
    s.pool = sorted(_cards(body["pool"], "pool"))
    _check_partition(s)
    s.stats = stats_from_body(body)
    return s


def state_from_view(game, doc: Any, seed: int) -> MazmorraState:
    """A full state consistent with a seat's view: other hands are dealt at random (Rng(seed))
    from the cards that seat has not seen; the rest become the unseen pool."""
    return determiniser(game, doc)(seed)


def determiniser(game, doc: Any):
    """`seed -> state_from_view(game, doc, seed)`: the view is checked and its public state built
    once; each call clones it and deals the unseen cards again (ISMCTS asks for one per iteration)."""
    check_fields(doc, ["num_players", "seat", "view"], "view document")
    try:
        n = game.check_players(doc["num_players"])
        body = doc["view"]
        seat = doc["seat"]
        base = _rebuild_public(game, body, n, 0)
        sizes = [_int(k, 0, HAND_SIZE + 1, "a hand size") for k in body["hand_sizes"]]
        known = set(base.table.rooms()) | set(base.discards) | {c for c in base.market if c >= 0}
        own: list[int] = []
        if seat is not None:
            _int(seat, 0, n - 1, "seat")
            own = sorted(_cards(body["hand"], "hand"))
            if len(own) != sizes[seat]:
                raise _bad("the hand does not match its size", "la mano no cuadra con su tamaño")
            known |= set(own)
    except (KeyError, TypeError, ValueError, IndexError):
        raise _bad("the view document is malformed: a field is missing or has the wrong type",
                   "el documento de vista está mal formado: falta un campo o tiene un tipo erróneo") from None
    unseen = [c for c in range(NUM_CARDS) if c not in known]
    base.distances()  # the public caches, shared by every deal (never mutated in place)
    checked = [False]  # every deal holds the same cards: one partition check covers them all

    def deal(seed: int) -> MazmorraState:
        s = base.clone()
        s.rng = Rng(seed)
        rest = unseen[:]
        Rng(seed).shuffle(rest)
        hands = s.hands
        at = 0
        for i in range(n):
            if i == seat:
                hands[i] = own[:]
            else:
                hands[i] = sorted(rest[at:at + sizes[i]])
                at += sizes[i]
        del rest[:at]
        rest.sort()
        s.pool = rest
        if not checked[0]:
            _check_partition(s)
            checked[0] = True
        return s

    return deal
