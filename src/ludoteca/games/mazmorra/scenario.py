"""Build a position by hand (tests, examples, docs): lay named cards anywhere, deal named hands."""

from __future__ import annotations

from .cards import ENTRY, NUM_CARDS, parse_card
from .geometry import ORIENT_NAMES
from .state import FACE_DOWN, PLACE, MazmorraState


def build(game, num_players: int, table=(), hands=(), pawns=None, turn: int = 0, counters=None) -> MazmorraState:
    """`table`: [(card name, 'up'|'side', x, y)] laid in order with no rule checks;
    `hands`: per seat, a list of card names; pawns: per seat a card name, 'entry' or 'exit'.
    Every other card is unseen (pool); the market is face down (or dealt face up from the pool)."""
    s = game.blank_state(num_players, 0)
    for name, o, x, y in table:
        s.table.put(parse_card(name), ORIENT_NAMES.index(o), y * game.width + x)
    used = set(s.table.rooms())
    for seat, names in enumerate(hands):
        s.hands[seat] = sorted(parse_card(n) for n in names)
        used |= set(s.hands[seat])
    pool = [c for c in range(NUM_CARDS) if c not in used]
    if game.market_face_up:
        s.market = pool[:4]
        pool = pool[4:]
    s.pool = pool
    s.deck = len(pool) - 2 - (4 if not game.market_face_up else 0)
    assert s.deck >= 0
    if not game.market_face_up:
        s.market = [FACE_DOWN] * 4
    s.pawns = [ENTRY if p is None else parse_card(p) for p in (pawns or [None] * num_players)]
    s.counters = list(counters or [0] * num_players)
    s.turn, s.phase = turn, PLACE
    return s
