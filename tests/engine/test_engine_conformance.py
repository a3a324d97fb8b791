"""Every registered game honours the engine protocol on random games of every player count."""

from __future__ import annotations

import pytest

from ludoteca.engine import GameRecord, Match, game_names, make_game, replay, state_to_document
from ludoteca.engine.rng import Rng
from ludoteca.testing import random_game

CASES = [
    (name, n)
    for name in game_names()
    for n in range(make_game(name).allowed_min_players(), make_game(name).allowed_max_players() + 1)
]


@pytest.mark.parametrize("name,players", CASES)
def test_random_games_conform(name: str, players: int) -> None:
    game = make_game(name)
    for seed in range(2):
        final = random_game(game, players, seed, check_every=7)
        assert final.is_terminal() and final.winners()


@pytest.mark.parametrize("name", game_names())
def test_records_replay_to_the_same_state(name: str) -> None:
    game = make_game(name)
    match = Match(game, None, seed=11)
    rng = Rng(3)
    while not match.state.is_terminal():
        if match.state.is_chance_node():
            match.sample_chance()
        else:
            legal = match.state.legal_actions()
            match.apply(legal[rng.below(len(legal))])
    record = GameRecord.loads(match.record().dumps())
    assert state_to_document(replay(record)) == state_to_document(match.state)


@pytest.mark.parametrize("name", game_names())
def test_same_seed_same_game(name: str) -> None:
    game = make_game(name)
    a = random_game(game, game.default_players, 5, check_every=0)
    b = random_game(game, game.default_players, 5, check_every=0)
    assert state_to_document(a) == state_to_document(b)


def test_no_game_package_imports_the_bots() -> None:
    """A game plugs into the engine and knows nothing of the bots: its evaluators for them are
    named in its bots_plugin's EVALUATORS / ROLLOUTS, which the bots' registry reads. Its own bots
    (the modules its PLUGIN declares as `bot_modules`) import the bot protocol, bots/base.py, alone."""
    import ast
    from pathlib import Path

    import ludoteca
    from ludoteca.engine import game_names
    from ludoteca.engine.registry import plugin_of

    src = Path(ludoteca.__file__).parent.parent
    own = {m for name in game_names() for m in plugin_of(name).bot_modules}
    assert own, "no game declares bot modules: the exception below checks nothing"
    found = []
    for path in sorted((src / "ludoteca" / "games").rglob("*.py")):
        package = list(path.relative_to(src).parent.parts)  # ["ludoteca", "games", "mazmorra"]
        module = ".".join(package + [path.stem])
        for node in ast.walk(ast.parse(path.read_bytes())):
            if isinstance(node, ast.ImportFrom):
                base = package[:len(package) - node.level + 1] if node.level else []
                modules = [base + (node.module.split(".") if node.module else [])]
            elif isinstance(node, ast.Import):
                modules = [a.name.split(".") for a in node.names]
            else:
                continue
            found += [f"{path.relative_to(src)}:{node.lineno}" for m in modules if m[:2] == ["ludoteca", "bots"]
                      and not (module in own and m == ["ludoteca", "bots", "base"])]
    assert found == []


@pytest.mark.parametrize("game, evaluators", [
    ("prime_climb", {"racer", "solved", "duel", "solo"}),
    ("mazmorra", {"progress"}),
])
def test_a_bots_plugin_offers_its_evaluators_without_the_bots(game: str, evaluators: set[str]) -> None:
    """Imported alone (a fresh interpreter), a game's bots_plugin loads no bot module; the bots'
    registry then finds its evaluators by name."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    from ludoteca.bots.policies import resolve_evaluator

    code = (f"import sys, ludoteca.games.{game}.bots_plugin as p; "
            "assert not any(m.startswith('ludoteca.bots') for m in sys.modules), 'bots imported'; "
            "print(' '.join(sorted(p.EVALUATORS)))")
    src = str(Path(__file__).resolve().parents[2] / "src")
    env = {**os.environ, "PYTHONPATH": src + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert set(done.stdout.split()) == evaluators
    for name in evaluators:
        assert callable(resolve_evaluator(make_game(game.replace("_", "-")), name))
