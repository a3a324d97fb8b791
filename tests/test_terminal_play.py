"""The terminal tells the whole story: events in the log, prompt commands, referee mode,
Mazmorra step by step, undo's reasons, seat names, no colour, default seats, replay --step."""

from __future__ import annotations

import io
import json
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from ludoteca.cli.main import app
from ludoteca.engine import CHANCE, IllegalActionError, Match, make_game, view_document
from ludoteca.engine.events import event_for
from ludoteca.games.piramide.words import card_name
from ludoteca.terminal.play import Quit, TerminalGame, command_of
from ludoteca.terminal.render import render_view, tell_events
from ludoteca.terminal.seats import parse_seats

runner = CliRunner()


def run(*args: str, input: str | None = None, env: dict | None = None):
    return runner.invoke(app, list(args), input=input, env=env)


class Scripted(TerminalGame):
    """A terminal game fed from a list of answers; records every prompt."""

    def __init__(self, *args, answers=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.answers = list(answers)
        self.prompts: list[str] = []

    def ask(self, prompt: str) -> str:
        self.prompts.append(prompt)
        self.console.print(prompt)
        if not self.answers:
            from ludoteca.terminal.play import Quit

            raise Quit
        return self.answers.pop(0)


def scripted(name: str, seats: str, answers=(), lang: str = "en", manual: bool = False, seed: int = 3, n=None):
    game = make_game(name)
    seat_list = parse_seats(seats, game, seed)
    players = [{"name": ("Ana" if i == 0 else f"P{i + 1}"), "kind": s.kind} for i, s in enumerate(seat_list)]
    match = Match(game, len(seat_list), seed, players)
    console = Console(record=True, width=140, file=io.StringIO())
    return Scripted(match, seat_list, lang, console=console, manual_chance=manual, answers=answers)


def text_of(session: TerminalGame) -> str:
    return session.console.export_text()


# --- the log -------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["prime-climb", "aggravation", "piramide", "mazmorra"])
def test_the_log_tells_every_event_of_every_action(name):
    """Bots play a whole game; every event Match.apply returned is told, in order, as
    Game.tell_event words it for the table (a spectator here: nobody at the keyboard)."""
    game = make_game(name)
    seats = ",".join(["greedy"] * game.default_players)
    session = scripted(name, seats)
    told: list[str] = []
    apply = session.match.apply

    def spy(action):
        events = apply(action)
        told.extend(game.tell_event(event_for(e, None), "en", session.names) for e in events)
        return events

    session.match.apply = spy
    session.run()
    out = " ".join(text_of(session).split())  # long lines wrap on the console
    assert told and len(told) >= len(session.match.actions)
    at = 0
    for line in told:  # every told line appears, in order
        where = out.find("· " + " ".join(line.split()), at)
        assert where >= 0, line
        at = where
    assert "Game over. Winner" in out


#: what a log must have told after a few whole games of each (the issue's list)
MUST_TELL = {
    "prime-climb": {"dice_rolled", "pawn_moved", "pawn_bumped", "card_drawn", "landed_on_red", "game_won"},
    "aggravation": {"die_rolled", "no_move", "marble_entered", "marble_moved", "aggravated", "extra_roll", "game_won"},
    "piramide": {"card_placed", "symbol_matched", "symbol_reward", "card_drawn", "turn_ended", "game_ended"},
    "mazmorra": {"card_placed", "pawn_walked", "counter_gained", "card_drawn", "market_refilled", "game_ended"},
}


@pytest.mark.parametrize("name", sorted(MUST_TELL))
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_log_tells_bumps_aggravations_cards_and_passes(name, lang):
    """Whole games with one person (always choosing the first line) against bots: every event
    type the issue lists turns up, and each is told in the log in the chosen language."""
    game = make_game(name)
    seen: set[str] = set()
    for seed in range(1, 4):
        session = scripted(name, ",".join(["human"] + ["greedy"] * (game.default_players - 1)),
                           answers=["1"] * 3000, lang=lang, seed=seed)
        apply = session.match.apply
        told: list[tuple[str, str]] = []

        def spy(action, apply=apply, told=told, session=session):
            events = apply(action)
            told.extend((e["type"], game.tell_event(event_for(e, 0), lang, session.names)) for e in events)
            return events

        session.match.apply = spy
        session.run()
        out = " ".join(text_of(session).split())
        for kind, line in told:
            assert "· " + " ".join(line.split()) in out, (kind, line)
        seen |= {kind for kind, _ in told}
        if MUST_TELL[name] <= seen:
            break
    assert MUST_TELL[name] <= seen, f"never told: {MUST_TELL[name] - seen}"


def test_own_moves_are_echoed_and_each_roll_says_whose():
    import re

    session = scripted("prime-climb", "human,greedy", answers=["1"] * 400)
    session.run()
    out = text_of(session)
    assert re.search(r"· Ana (adds|subtracts|multiplies|divides) ", out)  # the person's own moves are told
    assert "· Ana rolls " in out and "· P2 rolls " in out


def test_hidden_cards_stay_hidden_in_the_log():
    """One person against bots: the bots' draws are told without the card, the person's with it."""
    session = scripted("piramide", "human,greedy,greedy", answers=["1"] * 3000)
    game = session.match.game
    drawn: list[tuple[int, str, str]] = []
    apply = session.match.apply

    def spy(action):
        events = apply(action)
        drawn.extend((e["seat"], e["card"], game.tell_event(event_for(e, 0), "en", session.names))
                     for e in events if e["type"] == "card_drawn" and not e.get("face_up"))
        return events

    session.match.apply = spy
    session.run()
    out = " ".join(text_of(session).split())
    assert any(seat != 0 for seat, _, _ in drawn) and any(seat == 0 for seat, _, _ in drawn)
    for seat, card, line in drawn:
        assert "· " + " ".join(line.split()) in out
        assert (card_name(card, "en") in line) == (seat == 0), line


# --- the prompt ----------------------------------------------------------------------------
def test_help_and_question_mark_list_the_commands_in_both_languages():
    assert command_of("?") == command_of("help") == command_of("ayuda") == "help"
    assert command_of("deshacer") == "undo" and command_of("salir") == "quit"
    for lang, word in (("en", "Commands:"), ("es", "Órdenes:")):
        session = scripted("prime-climb", "human,greedy", answers=["?", "help", "board", "rules"], lang=lang)
        with pytest.raises(Quit):
            session.run()
        out = text_of(session)
        assert out.count(word) == 2
        assert ("undo" if lang == "en" else "deshacer") in out
    assert "(número o notación; ayuda, deshacer, todas, más, pista, reglas, salir)" in "".join(session.prompts)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_hint_is_offered_only_where_the_game_has_hints(lang):
    """Prime Climb has hints; Aggravation has none: neither its prompt nor its help offers one,
    and typing the word says so instead of reading it as a move."""
    word = "hint" if lang == "en" else "pista"
    session = scripted("aggravation", "human,greedy", answers=["?", word], lang=lang)
    with pytest.raises(Quit):
        session.run()
    assert word not in "".join(session.prompts)
    out = text_of(session)
    assert f"  {word} " not in out
    assert ("this game has no hints" if lang == "en" else "este juego no tiene pistas") in out


def test_who_starts_is_said_before_the_first_move():
    """The first told line names the seat whose turn is told next (its roll, or its move)."""
    for name in ("prime-climb", "aggravation", "piramide", "mazmorra"):
        game = make_game(name)
        session = scripted(name, ",".join(["greedy"] * game.default_players))
        session.run()
        starter = next(i for i in range(game.default_players) if session.log[1].startswith(session.names[i]))
        assert session.log[0] == f"{session.who(starter)} starts.", name
