"""Arranging positions by hand (for tests, puzzles and teaching), keeping every card accounted for.

    s = arrange(game, 2, base=["B0sol", "B0luna", ...], cells={"L2P1": "EL3sol"},
                hands={0: ["R5sol", "A9"]}, cur=0)

Cards come from the hidden decks (or, for base cards, from the box), so the result is a
legal-looking position whose cards still add up to the deck file.
"""

from __future__ import annotations

from bisect import insort

from .deck import BASE
from .state import START, PiramideState


def _from_deck(s: PiramideState, t: int) -> None:
    d = s.game.deck
    if s.deck[t] > 0:
        s.deck[t] -= 1
        if t in d.regular_types:
            s.reg_n -= 1
        else:
            s.edge_n -= 1
    elif s.bottom == t:
        s.bottom = -1
    else:
        raise ValueError(f"no {d.type_label[t]} left in the decks")


def _to_deck(s: PiramideState, t: int) -> None:
    s.deck[t] += 1
    if t in s.game.deck.regular_types:
        s.reg_n += 1
    else:
        s.edge_n += 1


def arrange(game, n: int, *, base: list[str] | None = None, cells: dict[str, str] | None = None,
            hands: dict[int, list[str]] | None = None, cur: int = 0, seed: int = 0,
            points: list[int] | None = None) -> PiramideState:
    s = game.new_initial_state(n, seed)
    d, geo = game.deck, game.geo
    label = d.parse_label
    for h in s.hands:  # every hand back to the deck first
        for t in h:
            _to_deck(s, t)
        h.clear()
    if base is not None:
        if len(base) != geo.base - 2:
            raise ValueError(f"the base needs {geo.base - 2} regular base cards")
        pool = sorted(s.box + [s.pyr[c] for c in range(1, geo.base - 1)])
        for i, name in enumerate(base):
            t = label(name)
            if d.type_kind[t] != BASE or t not in pool:
                raise ValueError(f"{name} is not an available base card")
            pool.remove(t)
            s.pyr[1 + i] = t
        s.box = pool
    for where, name in (cells or {}).items():
        c = geo.cell(int(where[1:].lower().split("p")[0]), int(where.lower().split("p")[1]))
        t = label(name)
        _from_deck(s, t)
        s.pyr[c] = t
    for seat, names in (hands or {}).items():
        for name in names:
            t = label(name)
            _from_deck(s, t)
            insort(s.hands[seat], t)
    s.opens = s.open_cells()
    s.cur, s.first, s.phase = cur, cur, START
    if points is not None:
        s.points = list(points)
    return s
