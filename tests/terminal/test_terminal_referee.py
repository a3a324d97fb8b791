"""Referee mode made practical: the referee takes back their own roll or draw while nothing else
happened since, types a die showing 0 bare, names a drawn card in either language, says who won
the roll for first player (`first P2`, `--first`); `play --resume` goes on with a record; the Prime
Climb spiral is drawn once, not before every roll."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console
from typer.testing import CliRunner

from ludoteca.cli.main import app
from ludoteca.engine import CHANCE, GameRecord, Match, make_game
from ludoteca.games.prime_climb.terminal import CARD_WORDS
from ludoteca.terminal.play import Quit, TerminalGame
from ludoteca.terminal.seats import parse_seats

runner = CliRunner()


class Scripted(TerminalGame):
    def __init__(self, *args, answers=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.answers = list(answers)
        self.prompts: list[str] = []

    def ask(self, prompt: str) -> str:
        self.prompts.append(prompt)
        self.console.print(prompt)
        if not self.answers:
            raise Quit
        return self.answers.pop(0)


def referee(seats: str, answers, match: Match | None = None, lang: str = "en", seed: int = 3, name: str = "prime-climb"):
    game = make_game(name)
    seat_list = parse_seats(seats, game, seed)
    if match is None:
        players = [{"name": n, "kind": s.kind} for n, s in zip(["Ana", "Bo", "Cy", "Di"], seat_list)]
        match = Match(game, len(seat_list), seed, players)
    console = Console(record=True, width=100, file=io.StringIO(), color_system=None)
    return Scripted(match, seat_list, lang, console=console, manual_chance=True, answers=answers)


def played(session: Scripted) -> list[str]:
    try:
        session.run()
    except Quit:
        pass
    return [a["action"] for a in session.match.actions]


@pytest.mark.parametrize("typed, roll", [("1,0", "roll 1,10"), ("1 0", "roll 1,10"), ("0 3", "roll 3,10"),
                                         ("0 0", "roll 10,10"), ("0,0", "roll 10,10"), ("roll 0,3", "roll 3,10")])
def test_a_die_showing_0_is_typed_bare(typed, roll):
    assert played(referee("human,human", [typed]))[:1] == [roll]


def test_the_referee_takes_back_a_mistyped_roll():
    session = referee("human,human", ["3 9", "undo", "1 0"])
    assert played(session) == ["roll 1,10"]
    out = session.console.export_text()
    assert "takes back 'roll 3,9'" in out
    assert sum("rolls the two dice >" in p for p in session.prompts) == 2  # asked again for the roll


def test_a_roll_is_taken_back_after_the_players_own_undone_move_not_after_a_move_that_stands():
    session = referee("human,human", ["3 9", "1", "undo", "undo", "2 2"])
    assert played(session) == ["roll 2,2"]
    session = referee("human,human", ["3 9", "1", "1", "undo", "undo"])
    actions = played(session)
    assert actions[0] == "roll 3,9" and len(actions) >= 3  # the turn passed on: nothing taken back
    assert "nothing to undo" in session.console.export_text()


def test_no_take_back_after_a_bot_played_on_it():
    session = referee("greedy,human", ["first Ana", "3 9", "undo"])
    actions = played(session)
    assert actions[0] == "roll 3,9" and len(actions) >= 2  # Ana (a bot) moved: the roll stands
    assert "nothing to undo" in session.console.export_text()


def test_undo_at_a_chance_prompt_in_spanish():
    session = referee("human,human", ["3 9", "deshacer", "4 4"], lang="es")
    assert played(session) == ["roll 4,4"]
    assert "El árbitro deshace 'roll 3,9'" in session.console.export_text()


def test_the_table_says_who_won_the_roll_for_first_player():
    session = referee("human,greedy", ["first Bo", "5 5"], seed=3)
    starts = session.first_seat()
    played(session)
    # Bo now sits where the game starts, the table's order kept (Ana after Bo)
    assert session.names[starts] == "Bo" and session.names[(starts + 1) % 2] == "Ana"
    assert session.seats[starts].kind == "greedy" and session.match.players[starts]["name"] == "Bo"
    assert "The table decides: Bo (greedy bot) starts." in session.console.export_text()
    refused = referee("human,human", ["first Zoe"])
    played(refused)
    assert "no player 'Zoe'" in refused.console.export_text()


def draw_node(seed: int) -> Match:
    """A match that reached a Prime Climb card draw, everything before it played at random."""
    game = make_game("prime-climb")
    for s in range(seed, seed + 200):
        match = Match(game, 2, s, [{"name": "Ana", "kind": "human"}, {"name": "Bo", "kind": "human"}])
        while not match.state.is_terminal():
            state = match.state
            if state.current_player() == CHANCE:
                if view_phase(match) == "draw":
                    return match
                match.apply(state.sample_chance())
            else:
                match.apply(state.legal_actions()[0])
    raise AssertionError("no draw in 200 games")


def view_phase(match: Match) -> str:
    from ludoteca.engine import view_document

    return view_document(match.state, None)["view"]["phase"]


@pytest.mark.parametrize("typed, card", [("Go to 64", "draw go-64"), ("keeper +5", "draw +-5"), ("robar ±5", "draw +-5"),
                                         ("roll again", "draw roll-again"), ("Tira otra vez", "draw roll-again"),
                                         ("guardián golpe", "draw bump"), ("64", "draw go-64"), ("draw steal", "draw steal")])
def test_a_drawn_card_is_typed_by_its_name_in_either_language(typed, card):
    match = draw_node(1)
    legal = {match.state.action_to_string(a) for a, _ in match.state.chance_outcomes()}
    if card not in legal:
        pytest.skip(f"{card} was drawn before this node")
    session = referee("human,human", [typed], match=match)
    before = len(match.actions)
    actions = played(session)
    assert actions[before] == card
    prompt_lines = session.console.export_text()
    assert "cards: Keeper ±1 … ±9" in prompt_lines and "Go to 64" in prompt_lines


def test_the_draw_prompts_help_names_the_cards_in_both_languages():
    session = referee("human,human", ["help"], match=draw_node(1))
    played(session)
    out = session.console.export_text()
    assert "Go to 64" in out and "Ve al 64" in out and "Guardián ±1" in out
    assert all(words in CARD_WORDS for words in ("go to 64", "ve al 64", "keeper +5", "robar ±5", "roll again", "+5"))


def test_the_spiral_is_drawn_once_then_the_compact_board():
    rolls = [f"{a} {b}" for a in range(1, 4) for b in range(1, 5)]  # small rolls: the game goes on
    session = referee("greedy,greedy", rolls, name="prime-climb")
    session.match = Match(make_game("prime-climb", {"cards": False}), 2, 3)
    played(session)
    out = session.console.export_text()
    assert not session.match.state.is_terminal() and len(session.match.actions) > 24
    assert out.count("Prime Climb — goal") == 1  # the spiral once; before every other roll the compact board
    assert out.count("Turn: ") >= 12


def test_play_resume_goes_on_with_a_record(tmp_path):
    record = tmp_path / "g.json"
    first = runner.invoke(app, ["play", "aggravation", "--seats", "human,greedy,greedy", "--seed", "4",
                                "--record", str(record)], input="1\n1\nquit\n")
    assert first.exit_code == 1
    stopped = json.loads(record.read_text())
    assert stopped["result"] is None and stopped["actions"]
    resumed = runner.invoke(app, ["play", "aggravation", "--resume", str(record), "--seats", "greedy,greedy,greedy", "--quiet"])
    assert resumed.exit_code == 0, resumed.output
    done = json.loads(record.read_text())
    assert done["actions"][:len(stopped["actions"])] == stopped["actions"] and done["result"] is not None
    assert [p["kind"] for p in done["players"]] == ["greedy"] * 3
    GameRecord.loads(record.read_text())  # it replays
    over = runner.invoke(app, ["play", "aggravation", "--resume", str(record)])
    assert over.exit_code == 2 and "is over" in over.output
    wrong = runner.invoke(app, ["play", "piramide", "--resume", str(record)])
    assert wrong.exit_code == 2 and "is a game of aggravation" in wrong.output
    changed = runner.invoke(app, ["play", "aggravation", "--resume", str(record), "--seed", "9"])
    assert changed.exit_code == 2 and "--seed cannot change a resumed game" in changed.output


def test_first_on_the_command_line(tmp_path):
    record = tmp_path / "f.json"
    for who in ("P2", "2", "Bo"):
        result = runner.invoke(app, ["play", "piramide", "--seats", "random,greedy", "--names", "Ana,Bo", "--first", who,
                                     "--seed", "5", "--record", str(record), "--quiet"])
        assert result.exit_code == 0, result.output
        rec = GameRecord.loads(record.read_text())
        first_mover = rec.actions[0]["player"]
        assert rec.players[first_mover]["name"] == "Bo" and rec.players[first_mover]["kind"] == "greedy"
    bad = runner.invoke(app, ["play", "piramide", "--seats", "random,greedy", "--first", "P7"])
    assert bad.exit_code == 2 and "--first: no player 'P7'" in bad.output
