"""Property tests: random games end for every player count and length, and after every action
all 78 + 10 cards are accounted for and the position is coherent."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludoteca.engine import CHANCE, TERMINAL, make_game
from ludoteca.engine.rng import Rng
from ludoteca.games.piramide.codec import check_cards
from ludoteca.games.piramide.state import DISCARD, HAND_LIMIT, OVER, START

GAMES = {length: make_game("piramide", {"length": length}) for length in ("short", "normal", "long")}


def invariants(s) -> None:
    check_cards(s)  # hands + decks + discard piles + pyramid + bottom card + box = the deck file
    d = s.game.deck
    assert sum(d.type_count) == 88
    total = sum(len(h) for h in s.hands) + sum(s.deck) + len(s.disc_reg) + len(s.disc_edge) \
        + sum(1 for t in s.pyr if t >= 0) + (s.bottom >= 0) + len(s.box)
    assert total == 88
    assert s.opens == s.open_cells()
    assert all(h == sorted(h) for h in s.hands)
    if s.phase == START:
        assert all(len(h) <= HAND_LIMIT for h in s.hands)
    if s.phase == DISCARD:
        assert len(s.hands[s.cur]) > HAND_LIMIT
    assert (s.phase == OVER) == (s.pyr[s.game.geo.apex] >= 0 or s.passes >= s.num_players)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 5), length=st.sampled_from(["short", "normal", "long"]), seed=st.integers(0, 2**40))
def test_random_games_end_and_keep_every_card(n: int, length: str, seed: int) -> None:
    game = GAMES[length]
    s = game.new_initial_state(n, seed)
    rng = Rng(seed)
    for _ in range(20_000):
        invariants(s)
        p = s.current_player()
        if p == TERMINAL:
            break
        if p == CHANCE:
            a = s.sample_chance()
        else:
            legal = s.legal_actions()
            a = legal[rng.below(len(legal))]
        s.apply_legal(a)
    assert s.is_terminal() and s.winners()
    assert s.pyr[game.geo.apex] >= 0  # with the validated deck, random games finish the pyramid
