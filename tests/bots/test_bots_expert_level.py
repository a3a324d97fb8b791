"""The `expert` level: only where a game declares it (Pirámide del Sol with 3 players and Aggravation with
2, where the ladder measured the learned bot above `hard`), refused in one line everywhere else, by
every front end."""

from __future__ import annotations

import pytest

from ludoteca.bots import levels_of, make_bot
from ludoteca.bots.arena import play_game
from ludoteca.bots.base import seat_refusal
from ludoteca.bots.learned import LearnedBot
from ludoteca.engine import LudotecaError, game_names, make_game
from ludoteca.terminal.seats import parse_seats

EXPERT = {("piramide", 3), ("aggravation", 2)}  # (game, players) where a bot measured above hard


@pytest.mark.parametrize("name", game_names())
def test_expert_is_offered_only_where_its_game_declares_it(name):
    game = make_game(name)
    for players in range(2, 7):
        try:
            game.check_players(players)
        except LudotecaError:
            continue
        offered = levels_of(game, players)
        assert offered[:3] == ["easy", "medium", "hard"]
        assert ("expert" in offered) == ((name, players) in EXPERT), (name, players, offered)


def test_the_refusals_name_the_game_and_the_counts_in_both_languages():
    said = seat_refusal("expert", make_game("mazmorra"), 3)
    assert said.en == "Primordial Dungeon has no expert level: it is offered only where a bot beats the hard level (docs/bots.md)"
    assert said.es.startswith("Mazmorra Primigenia no tiene nivel experto: solo se ofrece donde un bot gana al nivel difícil")
    said = seat_refusal("expert", make_game("aggravation", {"board": 4}), 4)
    assert said.en == "the expert level plays Aggravation with 2 players"
    said = seat_refusal("expert", make_game("piramide"), 4)
    assert said.en == "the expert level plays Pyramid of the Sun with 3 players"
    assert said.es.startswith("el nivel experto juega a ") and said.es.endswith(" con 3 jugadores")
    assert seat_refusal("expert", make_game("piramide"), 3) is None


def test_expert_in_piramide_is_the_learned_bot_move_for_move():
    game = make_game("piramide")
    assert isinstance(make_bot("expert", game, 1, 5), LearnedBot)
    others = [("greedy", {}), ("greedy", {})]
    assert play_game(game, [("expert", {}), *others], seed=11) == play_game(game, [("learned", {}), *others], seed=11)


def test_expert_in_aggravation_is_the_compiled_learned_bot_move_for_move():
    pytest.importorskip("numba")
    game = make_game("aggravation")
    assert type(make_bot("expert", game, 0, 5)).__name__ == "CompiledLearnedBot"
    assert play_game(game, [("expert", {}), ("greedy", {})], seed=7) == play_game(game, [("learned-compiled", {}), ("greedy", {})], seed=7)


def test_the_bots_load_without_the_rl_kernels_until_the_expert_level_asks_for_them():
    """Aggravation's expert bot lives in rl/ (its PLUGIN's `lazy_bots`): importing the bots, or asking
    for another level, imports no RL module; asking for `expert` there registers `learned-compiled`."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from ludoteca.bots import bot_names, make_bot\n"
        "from ludoteca.bots.base import seat_refusal\n"
        "from ludoteca.engine import make_game\n"
        "game = make_game('aggravation')\n"
        "make_bot('hard', game, 0, 1)\n"
        "before = [m for m in sys.modules if m.startswith('ludoteca.rl')]\n"
        "print(before, 'learned-compiled' in bot_names())\n"
        "seat_refusal('expert', game, 2)\n"
        "print('learned-compiled' in bot_names())\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[:2] == ["[] False", "True"], out.stdout


def test_the_terminal_refuses_an_expert_seat_where_there_is_none():
    game = make_game("piramide")
    seats = parse_seats("human,expert,greedy", game, seed=3)
    assert isinstance(seats[1].bot, LearnedBot)
    with pytest.raises(LudotecaError) as refused:
        parse_seats("human,expert", game, seed=3)
    assert refused.value.message.en == "seat 2: the expert level plays Pyramid of the Sun with 3 players"
    with pytest.raises(LudotecaError) as refused:
        parse_seats("expert,human,human", make_game("mazmorra"), seed=3)
    assert refused.value.message.es.startswith("asiento 1: ") and "\n" not in refused.value.message.es
