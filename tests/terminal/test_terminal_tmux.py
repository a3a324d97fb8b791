"""In a real terminal (tmux, 80x24): a hot-seat Pirámide game never shows one person's cards to the
other, scrollback included; a referee corrects a roll, types a bare 0 and names a drawn card.
Bounded in time: every wait polls the pane against a deadline (test_terminal_follow.Pane)."""

from __future__ import annotations

import re
import shutil
import sys

import pytest

from ludoteca.engine import CHANCE, GameRecord, Match, make_game, view_document
from test_terminal_follow import SRC, Pane

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def command(args: str, lang: str = "en") -> str:
    return f"env PYTHONPATH={SRC} LUDOTECA_LANG={lang} COLUMNS= LINES= {sys.executable} -m ludoteca.cli.main {args}; sleep 60"


def last_line(screen: str) -> str:
    rows = screen.rstrip().splitlines()
    return rows[-1] if rows else ""


HOT_SEAT_WORDS = {"en": (r"Pass the screen to (P\d)\.", "Your hand", "(human), your choice", "quit"),
                  "es": (r"Pasa la pantalla a (P\d)\.", "Tu mano", "(humano), tu elección", "salir")}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_hot_seat_piramide_hides_each_hand_from_the_other(tmp_path, lang):
    passing, your_hand, your_choice, quit = HOT_SEAT_WORDS[lang]
    record = tmp_path / "hot.json"
    pane = Pane(command(f"play piramide --seats human,human --seed 3 --record {record}", lang), tmp_path)
    hands: dict[str, str] = {}  # each person's latest hand line, as their own screen showed it
    passes: list[str] = []
    try:
        before = ""
        for _ in range(60):
            screen = pane.wait(lambda s: s != before and last_line(s).endswith(">"), "a prompt", pane.screen)
            before = screen
            history = pane.history()
            rows = screen.rstrip("\n").splitlines()
            assert len(rows) <= 24 and all(len(r) <= 80 for r in rows)
            passed = re.search(passing, screen)
            if passed:
                # nothing private is left: not on the screen, not in the scrollback
                assert your_hand not in history and your_choice not in history, history
                passes.append(passed.group(1))
                pane.send("")
                if len(passes) >= 5:
                    break
                continue
            me = re.search(r"(P\d) " + re.escape(your_choice), screen).group(1)
            other = "P2" if me == "P1" else "P1"
            assert f"{other} {your_choice}" not in history, history
            hand = [r for r in rows if r.startswith(your_hand + ":")]
            assert len(hand) == 1, screen
            if other in hands and hands[other] != hand[0]:  # (two empty hands read the same)
                assert hands[other] not in history, (hands[other], history)
            hands[me] = hand[0]
            pane.send("1")
        pane.send(quit)
    finally:
        pane.close()
    assert passes[:1] and len(passes) >= 4, passes
    assert all(a != b for a, b in zip(passes, passes[1:]))  # each pass hands the screen to the other person


def match_before_a_draw() -> Match:
    game = make_game("prime-climb")
    for seed in range(1, 300):
        match = Match(game, 2, seed, [{"name": "Ana", "kind": "human"}, {"name": "Bo", "kind": "human"}])
        while not match.state.is_terminal():
            state = match.state
            if state.current_player() == CHANCE:
                if view_document(state, None)["view"]["phase"] == "draw" and any(
                        state.action_to_string(a) == "draw go-64" for a, _ in state.chance_outcomes()):
                    return match
                match.apply(state.sample_chance())
            else:
                match.apply(state.legal_actions()[0])
    raise AssertionError("no draw of Go to 64 found")


@pytest.mark.parametrize("lang, card, undo, quit", [("en", "Go to 64", "undo", "quit"), ("es", "ve al 64", "deshacer", "salir")])
def test_referee_corrects_a_roll_types_a_bare_0_and_names_a_card(tmp_path, lang, card, undo, quit):
    match = match_before_a_draw()
    start = len(match.actions)
    record = tmp_path / "ref.json"
    record.write_text(match.record().dumps(), encoding="utf-8")
    pane = Pane(command(f"play prime-climb --resume {record} --dice manual", lang), tmp_path)
    said = {"en": ("draws a card >", "rolls the two dice >", "your choice:", "rolls 1 and 10"),
            "es": ("roba una carta >", "tira los dos dados >", "tu elección:", "tira los dados: 1 y 10")}[lang]
    draw_prompt, roll_prompt, choice, told = said
    steps: list[str] = []
    try:
        before = ""
        for _ in range(40):
            screen = pane.wait(lambda s: s != before and last_line(s).endswith(">"), "a prompt", pane.screen)
            before = screen
            rows = screen.rstrip("\n").splitlines()
            assert len(rows) <= 24 and all(len(r) <= 80 for r in rows)
            prompt = last_line(screen)
            if prompt.endswith(draw_prompt):
                steps.append("draw")
                pane.send(card)
            elif prompt.endswith(roll_prompt):
                steps.append("roll")
                pane.send("3 9" if "3 9" not in steps else "1 0")
                steps.append("3 9" if "3 9" not in steps else "1 0")
            elif steps[-1:] == ["3 9"]:  # the roll typed by mistake: the referee takes it back
                steps.append(undo)
                pane.send(undo)
            elif steps[-1:] == ["1 0"]:
                assert told in " ".join(screen.split()), screen  # the roll just typed is on the screen
                pane.send(quit)
                break
            else:
                pane.send("1")
        pane.wait(lambda h: "Record" in h or "Registro" in h, "the record written")
    finally:
        pane.close()
    actions = [a["action"] for a in GameRecord.loads(record.read_text()).actions[start:]]
    assert actions[0] == "draw go-64", actions
    assert "roll 3,9" not in actions and "roll 1,10" in actions, actions
