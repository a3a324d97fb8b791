"""The search chooses what it chose before it was made faster (issue 16).

EXPECTED was recorded from the code before the speed work (commit 304774b): for each game, from
three positions of seeded random play, the move of a fixed-seed MCTS/ISMCTS under every prior
(`step`, `turn`, `none`, `root` with greedy rollouts and a chance width) with its six most visited
root children, and the lookahead's move with its finalists' means. Reusing the child states of an
expansion and computing the heuristic once for all seats must change none of them. Aggravation's
entries were recorded again when its evaluation changed (issue 17), with the search code unchanged.
"""

from __future__ import annotations

import pytest

from ludoteca.bots import make_bot
from ludoteca.engine import CHANCE, TERMINAL, make_game, view_document
from ludoteca.engine.rng import Rng


def positions(game, players, count, seed):
    """Decision positions with a choice, met in seeded random games."""
    rng = Rng(seed)
    out = []
    while len(out) < count:
        state = game.new_initial_state(players, rng.next64() >> 1)
        while state.current_player() != TERMINAL and len(out) < count:
            if state.current_player() == CHANCE:
                state.apply_legal(state.sample_chance())
                continue
            legal = state.legal_actions()
            if len(legal) > 1 and rng.below(6) == 0:
                out.append(state.clone())
            state.apply_legal(legal[rng.below(len(legal))])
    return out


CONFIGS = {
    "step": {"iterations": 40},
    "turn": {"iterations": 25, "prior": "turn", "turn_budget": 50},
    "none": {"iterations": 40, "prior": "none", "rollout": "random", "rollout_depth": 10},
    "root": {"iterations": 30, "prior": "root", "rollout": "greedy", "rollout_depth": 3, "chance_width": 3},
}


@pytest.mark.parametrize("name", ["prime-climb", "aggravation", "piramide", "mazmorra"])
def test_fixed_seed_search_chooses_as_before(name):
    game = make_game(name)
    bot = "mcts" if game.perfect_information else "ismcts"
    expected = EXPECTED[name]
    for i, state in enumerate(positions(game, game.default_players, 3, 11)):
        seat = state.current_player()
        view = view_document(state, seat)
        for cname, params in CONFIGS.items():
            b = make_bot(bot, game, seat, 5 + i, **params)
            action = b.choose(view, state.legal_actions())
            stats = [[d["action"], d["visits"]] for d in b.last_search.root_statistics()][:6]
            assert [action, stats] == expected[f"{i}-{cname}"], (name, i, cname)
        look = {"candidates": 3, "playouts": 6}
        if name == "mazmorra":
            look.update(evaluator="progress", depth=1, random_ties=True)
        b = make_bot("lookahead", game, seat, 5 + i, **look)
        want_action, want_means = expected[f"{i}-lookahead"]
        assert b.choose(view, state.legal_actions()) == want_action, (name, i)
        means = sorted(b.last_means.items())
        assert [a for a, _ in means] == [a for a, _ in want_means]
        assert [m for _, m in means] == pytest.approx([m for _, m in want_means], rel=1e-12)


EXPECTED = {'aggravation': {'0-lookahead': [0, [[0, 0.2608553679798272], [32, 0.25039046970085144]]],
                            '0-none': [32, [[0, 20.0], [32, 20.0]]],
                            '0-root': [32, [[32, 16.0], [0, 14.0]]],
                            '0-step': [32, [[32, 24.0], [0, 16.0]]],
                            '0-turn': [32, [[32, 15.0], [0, 10.0]]],
                            '1-lookahead': [32, [[0, 0.215246586279352], [32, 0.25537245062339303]]],
                            '1-none': [0, [[0, 21.0], [32, 19.0]]],
                            '1-root': [32, [[32, 16.0], [0, 14.0]]],
                            '1-step': [32, [[32, 21.0], [0, 19.0]]],
                            '1-turn': [32, [[32, 13.0], [0, 12.0]]],
                            '2-lookahead': [0, [[0, 0.2545780575372683], [32, 0.2349383447711443]]],
                            '2-none': [32, [[32, 22.0], [0, 18.0]]],
                            '2-root': [32, [[32, 18.0], [0, 12.0]]],
                            '2-step': [32, [[32, 23.0], [0, 17.0]]],
                            '2-turn': [32, [[32, 14.0], [0, 11.0]]]},
 'mazmorra': {'0-lookahead': [39178, [[39178, 0.5774953651858118], [39882, 0.5774953651858118]]],
              '0-none': [39215,
                         [[39144, 1.0], [39177, 1.0], [39215, 1.0], [39246, 1.0], [39265, 1.0],
                          [39279, 1.0]]],
              '0-root': [39361,
                         [[39361, 4.0], [39178, 3.0], [39882, 3.0], [39144, 1.0], [39145, 1.0],
                          [39146, 1.0]]],
              '0-step': [39361,
                         [[39361, 4.0], [39178, 3.0], [39882, 3.0], [39144, 1.0], [39145, 1.0],
                          [39146, 1.0]]],
              '0-turn': [39882,
                         [[39882, 4.0], [39178, 3.0], [39361, 3.0], [39144, 1.0], [39145, 1.0],
                          [39146, 1.0]]],
              '1-lookahead': [119818, [[119818, 0.5388982083044068], [120522, 0.5311790338538147]]],
              '1-none': [120522,
                         [[120522, 2.0], [119784, 1.0], [119785, 1.0], [119786, 1.0], [119817, 1.0],
                          [119818, 1.0]]],
              '1-root': [119818,
                         [[119818, 4.0], [120522, 3.0], [119784, 1.0], [119785, 1.0], [119786, 1.0],
                          [119817, 1.0]]],
              '1-step': [119818,
                         [[119818, 4.0], [120522, 4.0], [119784, 1.0], [119785, 1.0], [119786, 1.0],
                          [119817, 1.0]]],
              '1-turn': [119818,
                         [[119818, 4.0], [120522, 4.0], [119784, 1.0], [119785, 1.0], [119786, 1.0],
                          [119817, 1.0]]],
              '2-lookahead': [121033, [[121009, 0.42492854528456775], [121033, 0.46904433051202377]]],
              '2-none': [121033, [[121009, 20.0], [121033, 20.0]]],
              '2-root': [121033, [[121033, 16.0], [121009, 14.0]]],
              '2-step': [121033, [[121033, 21.0], [121009, 19.0]]],
              '2-turn': [121033, [[121033, 13.0], [121009, 12.0]]]},
 'piramide': {'0-lookahead': [1559, [[1559, 0.4719242524996988]]],
              '0-none': [1559,
                         [[1559, 9.0], [3572, 7.0], [3573, 7.0], [1543, 6.0], [1548, 6.0], [1539, 5.0]]],
              '0-root': [1559,
                         [[1559, 9.0], [3573, 6.0], [3572, 5.0], [1548, 4.0], [1539, 3.0], [1543, 3.0]]],
              '0-step': [1559,
                         [[1559, 11.0], [3573, 7.0], [1548, 6.0], [3572, 6.0], [1539, 5.0], [1543, 5.0]]],
              '0-turn': [1559,
                         [[1559, 7.0], [1548, 4.0], [3572, 4.0], [3573, 4.0], [1539, 3.0], [1543, 3.0]]],
              '1-lookahead': [3572, [[3572, 0.3571311674891396], [3573, 0.35138282965132256]]],
              '1-none': [3573, [[3572, 20.0], [3573, 20.0]]],
              '1-root': [3573, [[3573, 17.0], [3572, 13.0]]],
              '1-step': [3573, [[3573, 21.0], [3572, 19.0]]],
              '1-turn': [3573, [[3573, 13.0], [3572, 12.0]]],
              '2-lookahead': [1739, [[1739, 0.543194670606991]]],
              '2-none': [1736,
                         [[1412, 4.0], [1416, 4.0], [1421, 4.0], [1424, 4.0], [1731, 4.0], [1736, 4.0]]],
              '2-root': [1420,
                         [[1420, 4.0], [1412, 3.0], [1416, 3.0], [1421, 3.0], [1424, 3.0], [1731, 3.0]]],
              '2-step': [1420,
                         [[1412, 4.0], [1416, 4.0], [1420, 4.0], [1421, 4.0], [1424, 4.0], [1727, 4.0]]],
              '2-turn': [1420,
                         [[1420, 3.0], [1421, 3.0], [1424, 3.0], [1735, 3.0], [1736, 3.0], [1412, 2.0]]]},
 'prime-climb': {'0-lookahead': [21, [[21, 0.77619985600157], [41, 0.6229054999018075]]],
                 '0-none': [1, [[1, 8.0], [51, 8.0], [21, 7.0], [11, 6.0], [41, 6.0], [71, 5.0]]],
                 '0-root': [21, [[21, 10.0], [1, 5.0], [11, 5.0], [41, 5.0], [51, 4.0], [71, 1.0]]],
                 '0-step': [21, [[21, 10.0], [1, 8.0], [41, 8.0], [11, 6.0], [51, 6.0], [71, 2.0]]],
                 '0-turn': [21, [[21, 7.0], [41, 5.0], [1, 4.0], [11, 4.0], [51, 4.0], [71, 1.0]]],
                 '1-lookahead': [9, [[9, 0.7657289139443], [49, 0.6177594528689883]]],
                 '1-none': [25, [[5, 5.0], [9, 5.0], [25, 5.0], [45, 5.0], [49, 5.0], [29, 4.0]]],
                 '1-root': [49, [[49, 7.0], [9, 5.0], [5, 4.0], [45, 4.0], [25, 3.0], [29, 2.0]]],
                 '1-step': [5, [[5, 8.0], [49, 8.0], [9, 6.0], [25, 5.0], [45, 5.0], [55, 3.0]]],
                 '1-turn': [49, [[5, 6.0], [49, 6.0], [45, 4.0], [9, 3.0], [25, 3.0], [29, 1.0]]],
                 '2-lookahead': [58, [[58, 0.6974852999882091]]],
                 '2-none': [8, [[8, 12.0], [18, 10.0], [48, 9.0], [58, 9.0]]],
                 '2-root': [48, [[48, 8.0], [58, 8.0], [8, 7.0], [18, 7.0]]],
                 '2-step': [8, [[8, 10.0], [18, 10.0], [48, 10.0], [58, 10.0]]],
                 '2-turn': [18, [[18, 7.0], [8, 6.0], [48, 6.0], [58, 6.0]]]}}
