"""Move codes in Spanish at a Spanish table: shown in Spanish words, read in Spanish or English."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from ludoteca.engine import CHANCE, Match, make_game
from ludoteca.terminal.play import Quit, TerminalGame
from ludoteca.terminal.seats import parse_seats
from game_lists import built_in_games

GAMES = built_in_games()


class Scripted(TerminalGame):
    def __init__(self, *args, answers=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.answers = list(answers)

    def ask(self, prompt: str) -> str:
        self.console.print(prompt)
        if not self.answers:
            raise Quit
        return self.answers.pop(0)


def session(name: str, seats: str, lang: str, answers=(), seed: int = 3, manual: bool = False) -> Scripted:
    game = make_game(name)
    seat_list = parse_seats(seats, game, seed)
    match = Match(game, len(seat_list), seed)
    console = Console(record=True, width=120, file=io.StringIO(), color_system=None)
    return Scripted(match, seat_list, lang, console=console, answers=answers, manual_chance=manual)


@pytest.mark.parametrize("name", GAMES)
def test_every_code_reads_back_from_spanish_and_english(name):
    """Whole games at random: every legal action's code, written in Spanish, reads as the same
    action, and so does the English code."""
    game = make_game(name)
    reader = session(name, ",".join(["human"] * game.default_players), "es")
    spanish_words = 0
    for seed in range(3):
        state = game.new_initial_state(game.default_players, seed)
        reader.match.state = state
        for _ in range(150):
            if state.is_terminal():
                break
            actions = [a for a, _ in state.chance_outcomes()] if state.current_player() == CHANCE else state.legal_actions()
            for action in actions[:40]:
                english = state.action_to_string(action)
                spanish = reader.code(english)
                spanish_words += spanish != english
                assert reader.read_code(spanish) == action, (english, spanish)
                assert reader.read_code(english) == action
            state.apply_action(state.sample_chance() if state.current_player() == CHANCE else state.legal_actions()[0])
    assert spanish_words > 0


#: every English word of the four notations that is not a card, a place or a number
ENGLISH_WORDS = {"play", "move", "take", "discard", "exit", "entry", "refill", "draw", "drawn", "end", "pass", "roll",
                 "enter", "centre", "star", "keeper", "bump", "curse", "steal", "switch", "card", "symbol", "points",
                 "edge", "up", "side"}


@pytest.mark.parametrize("name", GAMES)
def test_no_english_code_word_at_a_spanish_table(name):
    """Whole games at random, chance included: no code a Spanish table shows keeps an English word."""
    game = make_game(name)
    reader = session(name, ",".join(["human"] * game.default_players), "es")
    left = set()
    for seed in range(4):
        state = game.new_initial_state(game.default_players, seed)
        for _ in range(400):
            if state.is_terminal():
                break
            actions = [a for a, _ in state.chance_outcomes()] if state.current_player() == CHANCE else state.legal_actions()
            for action in actions[:60]:
                left |= set(reader.code(state.action_to_string(action)).lower().split()) & ENGLISH_WORDS
            state.apply_action(state.sample_chance() if state.current_player() == CHANCE else state.legal_actions()[-1])
    assert not left, left


@pytest.mark.parametrize("name, spanish, english", [
    ("aggravation", "entrar", "enter"), ("prime-climb", "tirar", "roll"),
    ("piramide", "jugar", "play"), ("mazmorra", "vertical", "up")])
def test_a_spanish_table_shows_spanish_codes(name, spanish, english):
    game = make_game(name)
    seats = ",".join(["human"] + ["greedy"] * (game.default_players - 1))
    manual = name == "prime-climb"  # its codes show at the referee's prompt
    played = session(name, seats, "es", answers=["1"] * 6, manual=manual)
    if manual:
        played.answers = ["2 2"] + ["1"] * 6
    try:
        played.run()
    except Quit:
        pass
    out = played.console.export_text()
    assert spanish in out, out[-3000:]
    shown_codes = [line.split()[1] for line in out.splitlines() if line[:4].strip().isdigit() and len(line.split()) > 1]
    assert english not in shown_codes


def test_spanish_and_english_codes_are_both_typed():
    for typed in ("entrar", "enter", "ENTRAR"):
        played = session("aggravation", "human,greedy,greedy,greedy", "es", seed=1)
        state = played.match.state
        while state.current_player() != 0 or "enter" not in [state.action_to_string(a) for a in state.legal_actions()]:
            state.apply_action(state.sample_chance() if state.current_player() == CHANCE else state.legal_actions()[0])
            if state.is_terminal():
                pytest.fail("no entry came")
        played.answers = [typed]
        try:
            played.run()
        except Quit:
            pass
        assert played.match.actions[0]["action"] == "enter", typed


def test_an_action_card_pawn_is_chosen_in_spanish_words():
    reader = session("prime-climb", "human,human", "es")
    assert reader.code("card A") == "acción A"
    assert reader.codes.english("acción A") == reader.codes.english("accion a".upper()) == "card A"


@pytest.mark.parametrize("name", GAMES)
def test_the_spanish_rules_write_the_spanish_codes(name):
    """`rules GAME --lang es` and the prompt's `reglas`: the notation in Spanish words; the English
    ones are named after 'también en inglés' only."""
    import re

    from typer.testing import CliRunner

    from ludoteca.cli.main import app

    text = CliRunner().invoke(app, ["rules", name, "--lang", "es"]).output
    notation = " ".join(text.split()).split("Notación")[1].split("Opciones")[0].split("inglés")[0]
    codes = re.findall(r"[a-záéíóúñ]+", notation.lower())
    assert codes and not set(codes) & ENGLISH_WORDS, notation
