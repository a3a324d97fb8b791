"""80x24 in a real terminal (tmux), every game at 3 and 4 players, in English and Spanish: when a
person's turn comes back, everything the other players did since their previous turn is on the
screen (every roll, move, draw and card), with the board, the choices and the prompt.

A person plays against greedy bots, always taking the first choice; the screen is captured at the
first prompt of each of their turns; the record is replayed afterwards to know what was told."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from ludoteca.engine import CHANCE, GameRecord, make_game
from ludoteca.terminal.render import tell_events
from test_terminal_follow import PROMPTS, SRC, Pane, flat

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def others_since(record: GameRecord, lang: str) -> list[list[str]]:
    """For each turn of P1 (its first decision after someone else's): the lines told for the
    other players' decisions and the chance between them since P1's previous decision."""
    game = make_game(record.game, record.options)
    state = game.new_initial_state(record.num_players, record.seed)
    names = [f"P{i + 1}" for i in range(record.num_players)]
    turns: list[list[str]] = []
    since: list[str] = []
    last_actor = None
    for entry in record.actions:
        player = state.current_player()
        if player == 0 and last_actor not in (0, None):
            turns.append(since)
        if player == 0:
            since = []
        action = state.string_to_action(entry["action"])
        fallback = state.describe_action_for(action, 0, lang)
        lines = tell_events(game, state.apply_with_events(action), 0, lang, names, fallback)
        if player != 0:
            since += lines
        if player != CHANCE:
            last_actor = player
    return turns


def first_prompts(tmp_path: Path, game: str, players: int, lang: str, seed: int, turns: int) -> tuple[list[str], GameRecord]:
    record = tmp_path / f"{game}-{players}-{lang}.json"
    seats = ",".join(["human"] + ["greedy"] * (players - 1))
    env = f"PYTHONPATH={SRC} LUDOTECA_LANG={lang} COLUMNS= LINES="
    pane = Pane(f"env {env} {sys.executable} -m ludoteca.cli.main play {game} --seats {seats} --seed {seed} "
                f"--record {record}; sleep 60", tmp_path)
    prompt, screens = PROMPTS[lang], []
    mine = "(humano), tu elección:" if lang == "es" else "(human), your choice:"
    try:
        before = ""
        count = 0
        while count < 200:
            screen = pane.wait(lambda s: s != before and (s.rstrip().splitlines() or [""])[-1].startswith(prompt)
                               and s.rstrip().endswith(">") or "Record" in s or "Registro" in s, "prompt", pane.screen)
            if "Record" in screen or "Registro" in screen:
                break
            screens.append(screen)
            before = screen
            count += 1
            if sum(1 for s in screens if "Since your last turn" in s or "Desde tu último turno" in s) > turns:
                break
            pane.send("1")
        pane.send("quit" if lang == "en" else "salir")
        pane.wait(lambda h: "Record" in h or "Registro" in h, "record written")
    finally:
        pane.close()
    assert all(mine in s for s in screens)
    return screens, GameRecord.loads(record.read_text(encoding="utf-8"))


CASES = [("prime-climb", 4, "en", 5), ("prime-climb", 3, "es", 2), ("aggravation", 4, "es", 5), ("aggravation", 3, "en", 1),
         ("piramide", 3, "en", 5), ("piramide", 4, "es", 3), ("mazmorra", 3, "en", 5), ("mazmorra", 4, "es", 2)]


@pytest.mark.slow
@pytest.mark.parametrize("game, players, lang, seed", CASES)
def test_the_others_turns_are_on_the_screen_when_a_turn_comes_back(tmp_path, game, players, lang, seed):
    screens, record = first_prompts(tmp_path, game, players, lang, seed, turns=4)
    expected = others_since(record, lang)
    # the screens that begin a turn of P1 after the others played, in order
    title = "Desde tu último turno:" if lang == "es" else "Since your last turn:"
    starts = [s for s, prev in zip(screens, [""] + screens) if title in s and s is not prev]
    checked = 0
    for number, (screen, lines) in enumerate(zip(starts, expected), 1):
        rows = screen.rstrip("\n").splitlines()
        assert len(rows) <= 24 and all(len(r) <= 80 for r in rows)
        for line in lines:
            assert flat(line) in flat(screen), f"turn {number}: {line!r} is not on the screen:\n{screen}"
        checked += bool(lines)
    assert checked >= 2, "too few turns followed the others' turns"
