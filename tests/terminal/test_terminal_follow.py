"""At 80x24 in a real terminal (tmux), every prompt shows what the bots just did, and the
scrollback tells each line once.

A person plays each game against greedy bots, always taking the first choice. The screen is
captured at each prompt; afterwards the game record is replayed and the lines told for the
bots' last turn before each prompt must all be on that screen, and every line told in the
game must be in the pane's whole history exactly as many times as it was told.
Bounded in time: every wait polls the pane against a deadline, never a fixed sleep."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from ludoteca.engine import CHANCE, GameRecord, make_game
from ludoteca.terminal.render import tell_events

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

SRC = Path(__file__).resolve().parents[2] / "src"
PROMPTS = {"en": "(number or notation;", "es": "(número o notación;"}
WAIT_S = 90  # per screen: generous for a loaded two-core machine


class Pane:
    def __init__(self, command: str, cwd: Path):
        self.socket = f"ludoteca-test-{uuid.uuid4().hex[:8]}"
        self.tmux(["new-session", "-d", "-x", "80", "-y", "24", "-s", "play", command], cwd=cwd)

    def tmux(self, args: list[str], cwd: Path | None = None) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], cwd=cwd, check=True, capture_output=True,
                              text=True, timeout=30).stdout

    def screen(self) -> str:
        return self.tmux(["capture-pane", "-p", "-t", "play"])

    def history(self) -> str:
        return self.tmux(["capture-pane", "-p", "-S", "-", "-t", "play"])

    def send(self, text: str) -> None:
        self.tmux(["send-keys", "-t", "play", "-l", text])
        self.tmux(["send-keys", "-t", "play", "Enter"])

    def wait(self, done, what: str, read=None) -> str:
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline:
            text = (read or self.history)()
            if done(text):
                return text
            time.sleep(0.1)
        raise AssertionError(f"no {what} within {WAIT_S} s; the screen:\n{self.screen()}")

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, timeout=30)


def flat(text: str) -> str:
    return " ".join(text.split())


def play_and_capture(tmp_path: Path, game: str, lang: str, seed: int, decisions: int) -> tuple[list[str], GameRecord, str]:
    record = tmp_path / f"{game}.json"
    env = f"PYTHONPATH={SRC} LUDOTECA_LANG={lang} COLUMNS= LINES="
    command = (f"env {env} {sys.executable} -m ludoteca.cli.main play {game} --seed {seed} --record {record}; "
               "sleep 120")  # the pane stays open to be read after the game
    pane = Pane(command, tmp_path)
    prompt, screens = PROMPTS[lang], []
    try:
        before = ""
        for _ in range(decisions):
            # a new prompt: the screen changed since the answer and ends in a bare prompt (a later
            # prompt of the same turn is drawn over the previous one, not below it)
            screen = pane.wait(lambda s: s != before and s.strip() and s.rstrip().splitlines()[-1].startswith(prompt)
                               and s.rstrip().endswith(">") or "Record" in s or "Registro" in s, "prompt", pane.screen)
            if "Record" in screen or "Registro" in screen:
                break  # the game ended
            screens.append(screen)
            before = screen
            pane.send("1")
        pane.send("quit" if lang == "en" else "salir")
        history = pane.wait(lambda h: "Record" in h or "Registro" in h, "record written")
    finally:
        pane.close()
    return screens, GameRecord.loads(record.read_text(encoding="utf-8")), history


def bots_last_turn(record: GameRecord, lang: str, first_prompts_only: bool) -> tuple[list[list[str]], list[str]]:
    """For each decision of P1 in the record: the lines told (as P1 may know them) for the last
    bot decision before it, with the chance outcomes of that bot's turn just before it (with
    `first_prompts_only`, nothing for a later decision of P1's own turn); and every line told in
    the game, in order."""
    game = make_game(record.game, record.options)
    state = game.new_initial_state(record.num_players, record.seed)
    names = [f"P{i + 1}" for i in range(record.num_players)]
    told: list[tuple[int, list[str]]] = []  # (who acted, lines)
    expected: list[list[str]] = []
    for entry in record.actions:
        player = state.current_player()
        if player == 0:
            bot = [i for i, (who, _) in enumerate(told) if who > 0]
            lines: list[str] = []
            if bot:
                j = bot[-1]
                k = j
                while k > 0 and told[k - 1][0] == CHANCE:
                    k -= 1
                for _, part in told[k:j + 1]:
                    lines += part
            actors = [who for who, _ in told if who != CHANCE]
            same_turn = bool(actors) and actors[-1] == 0
            expected.append([] if same_turn and first_prompts_only else lines)
        action = state.string_to_action(entry["action"])
        fallback = state.describe_action_for(action, 0, lang)
        told.append((player, tell_events(game, state.apply_with_events(action), 0, lang, names, fallback)))
    return expected, [line for _, part in told for line in part]


@pytest.mark.slow
@pytest.mark.parametrize("game, lang, seed", [("prime-climb", "en", 11), ("aggravation", "es", 5),
                                              ("piramide", "en", 3), ("mazmorra", "es", 2)])
def test_the_bots_last_turn_is_on_the_screen_at_every_prompt(tmp_path, game, lang, seed):
    screens, record, history = play_and_capture(tmp_path, game, lang, seed, decisions=24 if game == "piramide" else 8)
    # Pirámide and Mazmorra turns are many decisions long: at 80x24 the person's own moves push
    # the bots' turn up into the scrollback, so it is checked at the first prompt of each turn
    expected, every_line = bots_last_turn(record, lang, first_prompts_only=game in ("piramide", "mazmorra"))
    # the scrollback: each line told once, the person's own moves too (none redrawn, none lost)
    told = [flat("· " + line) for line in every_line]
    whole = flat(history)
    for line in set(told):
        times = sum(line in other for other in told)  # a line that begins another counts in it
        assert whole.count(line) == times, f"{line!r} is {whole.count(line)} times in the history, told {times}:\n{history}"
    if game == "mazmorra":
        return  # its step-by-step menus are prompts too: screens and decisions do not pair up
    assert len(screens) >= 4, "too few prompts reached"
    checked = 0
    for number, (screen, lines) in enumerate(zip(screens, expected), 1):
        rows = screen.rstrip("\n").splitlines()
        assert len(rows) <= 24 and all(len(r) <= 80 for r in rows)
        assert rows[-1].startswith(PROMPTS[lang]), f"prompt {number} is not on the last line:\n{screen}"
        for line in lines:
            assert flat(line) in flat(screen), f"prompt {number}: {line!r} is not on the screen:\n{screen}"
        checked += bool(lines)
    assert checked >= 3, "too few prompts followed a bot's turn"
