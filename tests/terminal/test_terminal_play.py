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
from ludoteca.games.piramide.words import card_name
from ludoteca.terminal.play import Quit, TerminalGame, command_of
from ludoteca.terminal.render import render_view, tell_events
from ludoteca.terminal.seats import parse_seats
from game_lists import built_in_games

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
@pytest.mark.parametrize("name", built_in_games())
def test_the_log_tells_every_event_of_every_action(name):
    """Bots play a whole game; every event Match.apply returned is told, in order, as
    the terminal words it for the table (a spectator here: nobody at the keyboard): the game's
    short `brief` line where it has one (an end of turn left untold), else Game.tell_event."""
    game = make_game(name)
    seats = ",".join(["greedy"] * game.default_players)
    session = scripted(name, seats)
    told: list[str] = []
    apply = session.match.apply

    def spy(action):
        events = apply(action)
        told.extend(line for e in events for line in tell_events(game, [e], None, "en", session.names))
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
    assert "Game over." in out and out.rstrip().endswith(" ".join(told[-1].split()))  # the end told once, last


#: what a log must have told after a few whole games of each (the issue's list)
MUST_TELL = {
    "prime-climb": {"dice_rolled", "pawn_moved", "pawn_bumped", "card_drawn", "landed_on_red", "game_won"},
    "aggravation": {"die_rolled", "no_move", "marble_entered", "marble_moved", "aggravated", "extra_roll", "game_won"},
    # (Pirámide's end of a turn and Mazmorra's face-down refill go untold: the next line names who
    # plays, the market line shows the deck)
    "piramide": {"card_placed", "symbol_matched", "symbol_reward", "card_drawn", "game_ended"},
    "mazmorra": {"card_placed", "pawn_walked", "counter_gained", "card_drawn", "game_ended"},
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
            told.extend((e["type"], line) for e in events for line in tell_events(game, [e], 0, lang, session.names))
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
        drawn.extend((e["seat"], e["card"], tell_events(game, [e], 0, "en", session.names)[0])
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
    for name in built_in_games():
        game = make_game(name)
        session = scripted(name, ",".join(["greedy"] * game.default_players))
        session.run()
        starter = next(i for i in range(game.default_players) if session.log[1].startswith(session.names[i]))
        assert session.log[0] == f"{session.who(starter)} starts.", name



def test_help_at_the_prompt_through_the_cli():
    result = run("play", "prime-climb", "--seats", "human,greedy", "--seed", "1", input="?\nquit\n")
    assert "Commands:" in result.output and "undo" in result.output
    assert "is not a legal action" not in result.output


# --- referee mode ----------------------------------------------------------------------------
@pytest.mark.parametrize("typed", ["roll 3,9", "3,9", "3 9", "9,3", " 3 ,  9 "])
def test_referee_accepts_the_roll_in_every_form(typed):
    session = scripted("prime-climb", "greedy,greedy", answers=[typed], manual=True)
    with pytest.raises(Quit):
        session.run()
    assert session.match.actions[0] == {"player": "chance", "action": "roll 3,9"}


def test_referee_prompt_names_whose_roll_and_shows_the_board_first():
    session = scripted("prime-climb", "greedy,greedy", answers=["bogus", "3 9"], manual=True)
    first = session.names[session.match.state.turn]
    with pytest.raises(Quit):
        session.run()
    out = text_of(session)
    assert session.prompts[0].startswith(f"{first} rolls the two dice")
    assert out.index("Prime Climb — goal") < out.index(f"{first} rolls the two dice")
    assert "'bogus'" in out  # refused with the game's message, asked again
    second = session.names[session.match.state.turn]
    assert second != first and session.prompts[2].startswith(f"{second} rolls the two dice")


@pytest.mark.parametrize("name,words", [("aggravation", "rolls the die"), ("piramide", "draws from the"),
                                        ("mazmorra", "draws a card from the market")])
def test_referee_prompt_names_the_drawer_in_every_game(name, words):
    game = make_game(name)
    session = scripted(name, ",".join(["greedy"] * game.default_players), manual=True)
    with pytest.raises(Quit):
        session.run()
    assert words in session.prompts[0] and ("Ana" in session.prompts[0] or "P" in session.prompts[0])


def test_referee_sees_a_drawn_cards_effect():
    """Prime Climb with cards: the referee types every roll and draw; each draw is told."""
    session = scripted("prime-climb", "greedy,greedy", manual=True, seed=4)

    def answer(prompt):
        session.prompts.append(prompt)
        state = session.match.state
        if len(session.prompts) > 300:
            raise Quit
        return state.action_to_string(state.sample_chance()).split(" ", 1)[1]

    session.ask = answer
    try:
        session.run()
    except Quit:
        pass
    out = text_of(session)
    draws = [p for p in session.prompts if "draws a card" in p]
    assert draws, "a card was drawn in 300 chance nodes"
    assert "draw a card" in out  # the draw and its card told in the log


# --- Mazmorra ------------------------------------------------------------------------------
def test_mazmorra_places_a_card_step_by_step():
    session = scripted("mazmorra", "human,greedy,greedy", answers=["1", "back", "2", "1", "3", "1"])  # 1: play it
    state = session.match.state
    while state.current_player() == CHANCE:
        session.match.apply(state.sample_chance())
    hand = sorted(state.hands[0])
    with pytest.raises(Quit):
        session.run()
    out = text_of(session)
    assert "places" in out and "upright (2 wide, 3 high)" in out and "covers the entry" in out
    played = [a for a in session.match.actions if a["player"] == 0][0]["action"]
    from ludoteca.games.mazmorra.cards import short_name

    assert played.startswith(f"play {short_name(hand[1])} ")  # 'back' then the second card


def test_mazmorra_choice_says_what_it_covers_beats_and_earns():
    from ludoteca.games.mazmorra.terminal import choice_menu

    game = make_game("mazmorra")
    rng = __import__("ludoteca.engine.rng", fromlist=["Rng"]).Rng(5)
    state = game.new_initial_state(3, 5)
    seen_beat = seen_bonus = 0
    for _ in range(200):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
            continue
        legal = state.legal_actions()
        menu = choice_menu(state, legal, "en")
        if menu is not None:
            leaves = {a for _, _, by_o in menu for _, _, spots in by_o for _, _, a in spots}
            assert leaves == set(legal)  # every placement reachable, nothing else
            for _, _, by_o in menu:
                for _, _, spots in by_o:
                    for _, text, _ in spots:
                        assert text.startswith("covers ")
                        seen_beat += "(beats it)" in text
                        seen_bonus += "+1 counter" in text
        state.apply_action(legal[rng.below(len(legal))])
    assert seen_beat and seen_bonus


def test_mazmorra_full_notation_still_accepted_and_jugar_too():
    game = make_game("mazmorra")
    state = game.new_initial_state(3, 2)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    action = state.legal_actions()[0]
    text = state.action_to_string(action)
    assert state.string_to_action(text.replace("play", "jugar", 1)) == action
    session = scripted("mazmorra", "human,greedy,greedy", answers=[text], seed=2)
    with pytest.raises(Quit):
        session.run()
    assert [a for a in session.match.actions if a["player"] == 0][0]["action"] == text


def test_undo_after_a_placement_gives_the_true_reason():
    game = make_game("mazmorra")
    match = Match(game, 3, 1)
    state = match.state
    while state.current_player() == CHANCE:
        match.apply(state.sample_chance())
    with pytest.raises(IllegalActionError, match="no decision has been made yet"):
        match.undo(0)
    placed = match.state.legal_actions()[0]
    notation = match.state.action_to_string(placed)
    match.apply(placed)
    with pytest.raises(IllegalActionError) as info:
        match.undo(0)
    assert f"{notation!r} showed a card that was hidden" in info.value.text("en")
    assert "mostró una carta que estaba oculta" in info.value.text("es")


def test_undo_reasons_for_chance_and_a_finished_turn():
    match = Match(make_game("prime-climb"), 2, 1)
    match.apply(match.state.sample_chance())
    with pytest.raises(IllegalActionError, match="chance is never taken back"):
        match.undo(0)
    while match.state.current_player() == 0:
        match.apply(match.state.legal_actions()[0])
    while match.state.current_player() != 1:
        match.apply(match.state.sample_chance() if match.state.current_player() == CHANCE else match.state.legal_actions()[0])
    assert not match.can_undo(0)


def view_after(name, n, seed, steps):
    game = make_game(name)
    state = game.new_initial_state(n, seed)
    rng = __import__("ludoteca.engine.rng", fromlist=["Rng"]).Rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(state.sample_chance() if state.is_chance_node() else legal[rng.below(len(legal))])
    return game, state


def render_text(game, state, lang="en", mono=True, seat=None):
    console = Console(record=True, width=140, file=io.StringIO(), color_system=None if mono else "truecolor")
    console.print(render_view(game, view_document(state, seat), lang, console=console))
    return console.export_text()


def test_mazmorra_entry_keeps_its_label_and_no_path_is_said():
    game, state = view_after("mazmorra", 4, 1, 0)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    out = render_text(game, state)
    assert "IN" in out  # four pawns on ENTRY, its label still shown
    assert "no path to the exit yet" in out and "steps from the exit" not in out
    es = render_text(game, state, "es")
    assert "aún sin camino a la salida" in es and "a 1 pasos" not in es


def test_mazmorra_distance_when_a_path_exists():
    from ludoteca.games.mazmorra.terminal import reachable

    game = make_game("mazmorra")
    for seed in range(40):
        _, state = view_after("mazmorra", 3, seed, 120)
        view = view_document(state, None)["view"]
        linked = [s for s, p in enumerate(view["pawns"]) if p in reachable(view)]
        assert all(state.distances()[state.pawns[s]] >= 0 for s in linked)
        assert all(state.distances()[state.pawns[s]] < 0 for s in range(3) if s not in linked)
        if linked and state.pawns[linked[0]] < 90:
            out = render_text(game, state)
            assert "from the exit" in out
            return
    pytest.fail("no pawn with a path in 40 games")


def test_mazmorra_spanish_names_agree_in_gender():
    from ludoteca.games.mazmorra.cards import long_name, parse_card

    assert long_name(parse_card("R3rojo"), "es") == "piedra 3 roja"
    assert long_name(parse_card("P3rojo"), "es") == "papel 3 rojo"
    assert long_name(parse_card("T2morado"), "es") == "tijera 2 morada"
    assert long_name(parse_card("T2verde"), "es") == "tijera 2 verde"
    assert long_name(parse_card("R2amarillo"), "es") == "piedra 2 amarilla"


def test_play_mazmorra_with_default_seats_works_and_two_says_how():
    result = run("play", "mazmorra", "--seed", "1", input="quit\n")
    assert "error" not in result.output.lower(), result.output[-500:]
    assert "P1 (human), your choice" in result.output and "P3 (@3)" in result.output  # three seats
    two = run("play", "mazmorra", "--seats", "human,greedy", "--seed", "1")
    assert two.exit_code == 2 and "a rules option allows 2" in two.stderr and "ludoteca rules mazmorra" in two.stderr
    assert run("play", "mazmorra", "--seats", "greedy,greedy", "-o", "allow_two=true", "--seed", "1", "--quiet").exit_code == 0


# --- seats, colour ---------------------------------------------------------------------------
def test_seats_are_named_as_the_table_names_them():
    for name in built_in_games():
        game, state = view_after(name, 3 if name != "prime-climb" else 2, 2, 3000)
        assert state.is_terminal()
        out = render_text(game, state)
        assert not re.search(r"(?<!\d)-4|P-\d|\bP0\b|seat 0", out), name
    session = scripted("aggravation", "human,greedy", answers=["1"] * 800)
    session.run()
    out = text_of(session)
    assert "Ana (human)" in out and "(seat" not in out and "P0" not in out


def test_view_seat_counts_like_the_table(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(run("new", "piramide", "--players", "3", "--seed", "2").stdout)
    assert json.loads(run("view", str(path), "--seat", "1").stdout)["seat"] == 0
    assert json.loads(run("view", str(path), "--seat", "P3").stdout)["seat"] == 2
    bad = run("view", str(path), "--seat", "0")
    assert bad.exit_code == 2 and "seats 1..3" in bad.stderr
    assert run("view", str(path), "--seat", "4").exit_code == 2


def test_prime_climb_board_shows_factors_without_colour():
    game, state = view_after("prime-climb", 2, 1, 0)
    mono = render_text(game, state, mono=True)
    assert "12 2²·3" in mono and "97 97*" in mono and "prime factors" in mono
    colour = render_text(game, state, mono=False)
    assert "■" in colour and "2²·3" not in colour
    result = run("play", "prime-climb", "--seats", "human,greedy", "--seed", "1", input="quit\n", env={"NO_COLOR": "1"})
    assert "12 2²·3" in result.output


def test_render_view_passes_mono_only_to_renderers_that_take_it():
    console = Console(file=io.StringIO(), color_system=None)
    for name in ("aggravation", "piramide"):
        game, state = view_after(name, 2, 1, 10)
        render_view(game, view_document(state, None), "en", console=console)


# --- replay --step ---------------------------------------------------------------------------
def test_replay_step_waits_for_enter_and_q_stops(tmp_path):
    record = tmp_path / "r.json"
    run("play", "aggravation", "--seats", "random,random", "--seed", "2", "--record", str(record), "--quiet")
    total = len(json.loads(record.read_text())["actions"])
    stopped = run("replay", str(record), "--step", input="\n\nq\n")
    assert stopped.exit_code == 0
    assert stopped.output.count("(Enter: next action, q: stop)") == 3
    assert f"3/{total}" in stopped.output and f"4/{total}" not in stopped.output
    assert "replays exactly" not in stopped.output
    full = run("replay", str(record), "--step", input="\n" * (total + 5))
    assert f"{total}/{total}" in full.output and "replays exactly" in full.output
    assert full.output.count("(Enter: next action, q: stop)") == total - 1
    es = run("replay", str(record), "--step", "--lang", "es", input="q\n")
    assert "(Intro: siguiente acción, q: parar)" in es.output


def test_tell_events_words_the_generic_event_with_the_viewers_description():
    game = make_game("piramide")
    state = game.new_initial_state(3, 1)
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    action = state.sample_chance()
    drawer = state.cur
    mine = state.describe_action_for(action, drawer, "en")
    theirs = state.describe_action_for(action, (drawer + 1) % 3, "en")
    events = state.clone().apply_with_events(action)
    names = ["Ana", "P2", "P3"]
    assert tell_events(game, events, drawer, "en", names, mine) != tell_events(game, events, (drawer + 1) % 3, "en", names, theirs)
    told = " ".join(tell_events(game, events, (drawer + 1) % 3, "en", names, theirs))
    assert state.action_to_string(action).split(" ")[-1] not in told


def test_aggravation_and_mazmorra_readable_without_colour():
    """Whose marble a digit is, and which colour a Mazmorra card is, are told in letters too."""
    game, state = view_after("aggravation", 3, 2, 400)
    mono = render_text(game, state, mono=True)
    assert "marbles 1-4: P1 a-d  P2 e-h  P3 i-l" in mono
    assert "marbles 1-4" not in render_text(game, state, mono=False)
    game, state = view_after("mazmorra", 3, 2, 40)
    view = view_document(state, None)["view"]
    from ludoteca.games.mazmorra.cards import short_name

    mono = render_text(game, state, mono=True)
    assert "On the table: " in mono and all(short_name(card) in mono for card, *_ in view["table"])
    assert "On the table: " not in render_text(game, state, mono=False)


@pytest.mark.parametrize("lang, words", [("en", ["1", "up", "1", "1"]), ("en", ["1", "SIDE", "1", "play"]),
                                         ("es", ["1", "vertical", "1", "jugar"]), ("es", ["1", "horizontal", "1", "1"])])
def test_mazmorra_orientation_typed_as_a_word(lang, words):
    """The menu's orientation labels (and the Spanish words) are accepted as typed."""
    session = scripted("mazmorra", "human,greedy,greedy", answers=words, lang=lang)
    with pytest.raises(Quit):
        session.run()
    played = [a for a in session.match.actions if a["player"] == 0][0]["action"]
    assert (" up @" in played) == (words[1].lower() in ("up", "vertical")), played


def test_mazmorra_a_number_after_all_asks_before_it_plays():
    session = scripted("mazmorra", "human,greedy,greedy", answers=["all", "1", "no", "all", "1", "yes"])
    with pytest.raises(Quit):
        session.run()
    out = text_of(session)
    assert "a number from this list asks before it plays" in out
    assert out.count("? yes/no") == 2
    assert len([a for a in session.match.actions if a["player"] == 0]) == 1  # the 'no' played nothing


def test_mazmorra_walks_say_their_counters_and_missing_cards_say_why():
    from ludoteca.games.mazmorra.state import MOVE, PLACE
    from ludoteca.games.mazmorra.terminal import menu_missing

    game = make_game("mazmorra")
    state = game.new_initial_state(3, 2)
    walks = missing = 0
    while not state.is_terminal() and not (walks and missing):
        player = state.current_player()
        if state.phase == MOVE and player >= 0:
            for a in state.legal_actions():
                en, es = state.describe_action(a, "en"), state.describe_action(a, "es")
                assert en.endswith(("; no counter", "; +1 counter: same colour")), en
                assert es.endswith(("; sin contador", "; +1 contador: mismo color")), es
                walks += 1
        if state.phase == PLACE and player >= 0:
            placeable = {a // (2 * game.ncells) for a in state.legal_actions() if a < game.move_base}
            lines = menu_missing(state, "en")
            assert len(lines) == len(set(state.hands[player]) - placeable)
            assert all(": cannot be placed: " in line for line in lines)
            missing += len(lines)
        state.apply_action(state.sample_chance() if player < 0 else state.legal_actions()[0])
    assert walks and missing


@pytest.mark.parametrize("name", ["prime-climb", "aggravation"])
def test_replay_step_keeps_each_steps_words_on_an_80x24_screen(tmp_path, name):
    """Fitted to the screen, each step is the board (compact where the full one would push the
    words off), then the step's words, then the prompt: the words are on the last 24 lines."""
    from ludoteca.engine import GameRecord
    from ludoteca.terminal.replay import walk

    record = tmp_path / "r.json"
    run("play", name, "--seats", "random,random", "--seed", "2", "--record", str(record), "--quiet")
    rec = GameRecord.loads(record.read_text())
    screens: list[str] = []

    class Screen(Console):
        def input(self, prompt="", **kwargs):
            self.print(prompt, end="")
            screens.append("\n".join(self.export_text(clear=False).splitlines()[-24:]))
            if len(screens) >= 12:
                raise EOFError
            return ""

    console = Screen(width=80, height=24, record=True, file=io.StringIO(), color_system=None)
    walk(rec, console=console, step=True, fit=True)
    assert len(screens) == 12
    for number, screen in enumerate(screens, 1):
        assert f"{number}/{len(rec.actions)}" in screen, screen


@pytest.mark.parametrize("name", built_in_games())
@pytest.mark.parametrize("lang", ["en", "es"])
def test_each_prompt_fits_an_80x24_screen(name, lang):
    """Fitted to the screen, the last 24 lines at a prompt hold the board (or its compact form),
    the story up to its latest line, the choices and the prompt, none wider than 80 columns.
    (Story lines that do not fit were printed first, above the board, into the scrollback.)"""
    game = make_game(name)
    seat_list = parse_seats(",".join(["human"] + ["greedy"] * (game.default_players - 1)), game, 5)
    players = [{"name": f"P{i + 1}", "kind": s.kind} for i, s in enumerate(seat_list)]
    console = Console(width=80, height=24, record=True, file=io.StringIO(), color_system=None)
    screens: list[tuple[str, str, int]] = []

    class Fitted(TerminalGame):
        def ask(self, prompt):
            self.console.print(prompt + "1")  # the answer, echoed as a terminal does
            # the first prompt of a decision (not a later step of a step-by-step choice)
            first = not screens or len(self.match.actions) != screens[-1][2]
            screens.append((self.console.export_text(clear=False), self.log[-1] if first else "", len(self.match.actions)))
            if len(screens) > 8:
                raise Quit
            return "1"

    session = Fitted(Match(game, len(seat_list), 5, players), seat_list, lang, console=console, fit_screen=True)
    with pytest.raises(Quit):
        session.run()
    assert len(screens) > 8
    for text, latest, _ in screens:
        rows = text.splitlines()[-24:]
        assert all(len(r) <= 80 for r in rows), text
        assert rows[-1].startswith("("), rows[-1]
        assert " ".join(latest.split()) in " ".join(" ".join(rows).split()), (latest, "\n".join(rows))


def test_mazmorra_places_shows_a_map_and_a_placement_is_confirmed_before_it_stands():
    """The place step draws the places offered on a map whose axes number the columns and rows as
    the places are named (@x,y); the chosen place then asks: play it (it shows the card, for
    good) or back to the places."""
    session = scripted("mazmorra", "human,greedy,greedy", answers=["1", "1", "1", "2", "1", "1"])
    with pytest.raises(Quit):
        session.run()
    out = text_of(session)
    rows = out.splitlines()
    places = [line for line in rows if re.match(r"^ +1 @\d+,\d+", line)]
    assert places
    x, y = map(int, re.search(r"@(\d+),(\d+)", places[0]).groups())
    first = rows.index(places[0])
    head = next(i for i, line in enumerate(rows) if i > first and re.fullmatch(r" {4}(?: *\d+)+", line))
    columns = [int(v) for v in rows[head].split()]
    row = next(line for line in rows[head + 1:] if line.split() and line.split()[0] == str(y))
    assert row.split()[1 + columns.index(x)] == "1"  # place 1 drawn where @x,y says
    assert out.count("it shows your card and cannot be undone") == 2  # asked; 'back'; asked again
    mine = [a for a in session.match.actions if a["player"] == 0]
    assert len(mine) == 1 and mine[0]["action"].endswith(f"@{x},{y}")
