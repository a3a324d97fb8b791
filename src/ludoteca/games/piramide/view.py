"""What a seat may know, and determinisations: full states rebuilt from a seat's view.

A seat sees the public part (pyramid, scores, hand sizes, deck sizes, discard piles, the
face-up bottom edge card, the box) and its own hand; never another hand, never which hidden
card is where.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine import StateFormatError, T, check_fields
from ludoteca.engine.rng import Rng

from .codec import _int, _label, _list, bad, check_cards, check_turn, load_public, public
from .deck import BASE
from .state import PiramideState
from .words import faces


def view(state: PiramideState, seat: int | None) -> dict[str, Any]:
    doc = public(state)
    labels = state.game.deck.type_label
    doc["seat"] = seat
    doc["hand"] = None if seat is None else [labels[t] for t in state.hands[seat]]
    # each card this view shows, by its parts: front ends draw faces from these, never from labels
    shown = [c for row in doc["pyramid"] for c in row] + [doc["edge_bottom"]] + (doc["hand"] or [])
    shown += doc["discards"]["regular"] + doc["discards"]["edge"] + doc["box"]
    doc["faces"] = faces(state.game.deck, shown)
    return doc


def state_from_view(game, doc: Any, seed: int) -> PiramideState:
    """A full state consistent with `doc` (a view document of one seat): the cards that seat
    cannot see (the other hands and both hidden decks) are re-dealt uniformly at random among
    the places they could be, respecting every hand size and deck size."""
    return determiniser(game, doc)(seed)


def determiniser(game, doc: Any):
    """`seed -> state_from_view(game, doc, seed)`: the view is checked and parsed once, then each
    call deals the unseen cards again (ISMCTS asks for a determinisation every iteration)."""
    check_fields(doc, ["num_players", "seat", "view"], "view document")
    n, seat = doc["num_players"], doc["seat"]
    game.check_players(n)
    body = doc["view"]
    check_fields(body, ["pyramid", "scores", "hand_sizes", "deck_sizes", "edge_bottom", "discards", "box",
                        "turn", "passes", "first_player", "hand"], "view")
    seat = _int(seat, 0, n - 1, "seat")
    base = load_public(game, body, n, 0)
    d = game.deck
    sizes = _list(body["hand_sizes"], "hand_sizes")
    if len(sizes) != n:
        raise bad(f"hand_sizes must list {n} players", f"hand_sizes debe tener {n} jugadores")
    sizes = [_int(v, 0, d.num_cards, "a hand size") for v in sizes]
    mine = sorted(_label(game, v, "hand") for v in _list(body["hand"], "hand"))
    if len(mine) != sizes[seat] or any(d.type_kind[t] == BASE for t in mine):
        raise bad("the hand does not match its size", "la mano no coincide con su tamaño")
    base.hands[seat] = mine
    deck_sizes = body["deck_sizes"]
    if not isinstance(deck_sizes, dict):
        raise bad("deck_sizes must be an object", "deck_sizes debe ser un objeto")
    reg_n = _int(deck_sizes.get("regular"), 0, d.num_cards, "deck_sizes.regular")
    edge_n = _int(deck_sizes.get("edge"), 0, d.num_cards, "deck_sizes.edge") - (base.bottom >= 0)
    # The unseen cards: everything not public and not in this seat's hand.
    unseen = list(d.type_count)
    for group in (base.pyr, mine, base.disc_reg, base.disc_edge, base.box, [base.bottom]):
        for t in group:
            if t >= 0:
                unseen[t] -= 1
    if any(c < 0 for c in unseen):
        raise bad("the view shows more copies of a card than the deck has", "la vista muestra más copias de una carta de las que tiene el mazo")
    pool_reg = [t for t in d.regular_types for _ in range(unseen[t])]
    pool_edge = [t for t in d.edge_types for _ in range(unseen[t])]
    others = [p for p in range(n) if p != seat]
    in_hands = sum(sizes[p] for p in others)
    reg_in_hands, edge_in_hands = len(pool_reg) - reg_n, len(pool_edge) - edge_n
    if reg_in_hands < 0 or edge_in_hands < 0 or reg_in_hands + edge_in_hands != in_hands:
        raise bad("the deck and hand sizes do not add up to the unseen cards",
                  "los tamaños de los mazos y las manos no suman las cartas no vistas")
    base.reg_n, base.edge_n = reg_n, edge_n
    full = base.deck[:]  # every unseen card in the decks: a deal takes the held ones out
    for t in pool_reg + pool_edge:
        full[t] += 1
    sizes_drawn = (len(pool_reg), len(pool_edge), in_hands)
    permute = Rng.permute
    checked = [False]  # every deal places the same cards: one check covers them all

    def deal(seed: int) -> PiramideState:
        rng = Rng(seed)
        s = base.clone()
        s.rng = Rng(rng.next64())
        # Which unseen cards are in hands: a uniform subset of each kind (the deck sizes fix how many),
        # then shuffled among the hands; the three shuffles' numbers drawn at once, the same numbers.
        d_reg, d_edge, d_held = rng.shuffle_draws(sizes_drawn)
        reg, edge = pool_reg[:], pool_edge[:]
        permute(reg, d_reg)
        permute(edge, d_edge)
        held = reg[:reg_in_hands] + edge[:edge_in_hands]
        deck = s.deck = full[:]
        for t in held:
            deck[t] -= 1
        permute(held, d_held)
        at = 0
        for p in others:
            s.hands[p] = sorted(held[at:at + sizes[p]])
            at += sizes[p]
        if not checked[0]:
            try:
                check_cards(s)
                check_turn(s, sizes)
            except StateFormatError as exc:
                raise StateFormatError(T("inconsistent view: ", "vista inconsistente: ") + exc.message) from None
            checked[0] = True
        return s

    return deal
