"""80x24 in a real terminal (tmux), every game at 3 and 4 players, in English and Spanish: when a
person's turn comes back, everything the other players did since their previous turn is on the
screen (every roll, move, draw and card), with the board, the choices and the prompt.

A person plays against greedy bots, always taking the first choice; the screen is captured at the
first prompt of each of their turns; the record is replayed afterwards to know what was told."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest

from ludoteca.engine import CHANCE, GameRecord, make_game
from ludoteca.terminal.render import tell_events
from test_terminal_follow import PROMPTS, SRC, Pane, flat

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def others_since(record: GameRecord, lang: str) -> list[tuple[int, list[str]]]:
    """For each turn of P1 (its first decision after someone else's): which decision of P1 it is
    (counted from 0), and the lines told for the other players' decisions and the chance between
    them since P1's previous decision."""
    game = make_game(record.game, record.options)
    state = game.new_initial_state(record.num_players, record.seed)
    names = [f"P{i + 1}" for i in range(record.num_players)]
    turns: list[tuple[int, list[str]]] = []
    since: list[str] = []
    last_actor = None
    passed = False  # P1's own roll was told: a decision of P1 follows, or P1 passed
    decisions = 0
    for entry in record.actions:
        player = state.current_player()
        if player == 0 and last_actor not in (0, None):
            turns.append((decisions, since))
        if player == 0:
            since = []
            decisions += 1
        action = state.string_to_action(entry["action"])
        fallback = state.describe_action_for(action, 0, lang)
        lines = tell_events(game, state.apply_with_events(action), 0, lang, names, fallback)
        if player == CHANCE:  # P1's own rolls are P1's turn (even one passed without a decision)
            own = [line for line in lines if "P1" in line and not re.search(r"P[2-4]", line)]
            lines = [line for line in lines if line not in own]
            passed = passed or bool(own)
        if player not in (0, CHANCE):
            if passed:  # P1 rolled and could not move: the story starts again at that turn
                since, passed = [], False
            last_actor = player
        # from the others' first decision on (what ends P1's own turn is P1's turn)
        if player != 0 and last_actor not in (0, None):
            since += lines
        if player == 0:
            last_actor, passed = 0, False
    return turns


def first_prompts(tmp_path: Path, game: str, players: int, lang: str, seed: int, prompts: int) -> tuple[list[str], GameRecord]:
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
        while count < prompts:
            screen = pane.wait(lambda s: s != before and (s.rstrip().splitlines() or [""])[-1].startswith(prompt)
                               and s.rstrip().endswith(">") or "Record" in s or "Registro" in s, "prompt", pane.screen)
            if "Record" in screen or "Registro" in screen:
                break
            screens.append(screen)
            before = screen
            count += 1
            pane.send("1")
        pane.send("quit" if lang == "en" else "salir")
        pane.wait(lambda h: "Record" in h or "Registro" in h, "record written")
    finally:
        pane.close()
    for s in screens:
        assert mine in s, s
    return screens, GameRecord.loads(record.read_text(encoding="utf-8"))


#: every game at 3 and 4 players in both languages (Pirámide and Mazmorra tell the others' turns in
#: the terminal's short lines, `brief` of their terminal modules, so that three fit)
SEEDS = {"prime-climb": (5, 2), "aggravation": (1, 5), "piramide": (5, 3), "mazmorra": (5, 2)}
CASES = [(game, players, lang, SEEDS[game][players == 4]) for game in SEEDS for players in (3, 4) for lang in ("en", "es")]


@pytest.mark.slow
@pytest.mark.parametrize("game, players, lang, seed", CASES)
def test_the_others_turns_are_on_the_screen_when_a_turn_comes_back(tmp_path, game, players, lang, seed):
    screens, record = first_prompts(tmp_path, game, players, lang, seed, 30 if game in ("piramide", "mazmorra") else 14)
    expected = others_since(record, lang)
    if game == "mazmorra":
        # a placement is a few prompts (card, orientation, place): a turn begins with the card's
        starts = [s for s in screens if re.search(r"^ +1 [RPT]\d[a-z]+\b", s, re.M)]
        first = next(a["player"] for a in record.actions if a["player"] != "chance")
        starts = starts[1:] if first == 0 else starts  # P1's first turn follows nobody's
        pairs = list(zip(starts, [lines for _, lines in expected]))
        # and the next step (the orientation), drawn over the card's prompt, keeps the story too
        follow = [screens[screens.index(s) + 1] for s in starts if screens.index(s) + 1 < len(screens)]
        steps = [(screen, lines) for screen, (_, lines) in zip(follow, expected)
                 if re.search(r"^ +1 (up|vertical)\b", screen, re.M)]
        assert steps, "no orientation step followed a turn's first prompt"
        pairs += steps
    else:  # a prompt a decision
        pairs = [(screens[k], lines) for k, lines in expected if k < len(screens)]
    checked = 0
    for number, (screen, lines) in enumerate(pairs, 1):
        rows = screen.rstrip("\n").splitlines()
        assert len(rows) <= 24 and all(len(r) <= 80 for r in rows)
        for line in lines:
            assert flat(line) in flat(screen), f"turn {number}: {line!r} is not on the screen:\n{screen}"
        checked += bool(lines)
    assert checked >= 2, "too few turns followed the others' turns"
