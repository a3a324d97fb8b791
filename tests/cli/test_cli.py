"""The command line end to end, through Typer's test runner."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ludoteca.cli.main import app
from ludoteca.engine import game_names

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def test_every_command_has_help():
    for command in ("games", "new", "legal", "apply", "view", "play", "replay", "rules"):
        result = run(command, "--help")
        assert result.exit_code == 0, command
        assert "Usage" in result.output


def test_games_lists_all_four_with_options():
    result = run("games", "--json")
    assert result.exit_code == 0
    listed = {g["name"]: g for g in json.loads(result.stdout)}
    assert set(game_names()) <= set(listed)
    assert "prime-climb" in listed and listed["prime-climb"]["players"] == [2, 4]
    human = run("games", "--lang", "es")
    assert "jugadores" in human.output
    # defaults are written as `-o KEY=VALUE` takes them (true/false), never Python's True/False
    assert "cards=true" in human.output and "=True" not in human.output and "=False" not in human.output


def test_new_legal_apply_view(tmp_path):
    result = run("new", "prime-climb", "--players", "3", "--seed", "4")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["game"] == "prime-climb" and doc["num_players"] == 3
    path = tmp_path / "s.json"
    path.write_text(result.stdout)
    legal = run("legal", str(path), "--json")
    assert legal.exit_code == 0
    rows = json.loads(legal.stdout)
    assert abs(sum(r["probability"] for r in rows) - 1) < 1e-9
    first = rows[0]["action"]
    applied = run("apply", str(path), first)
    assert applied.exit_code == 0, applied.output
    after = tmp_path / "t.json"
    after.write_text(applied.stdout)
    assert json.loads(applied.stdout)["state"] != doc["state"]
    view = run("view", str(after), "--seat", "2")  # P2, as the table counts
    assert view.exit_code == 0
    assert json.loads(view.stdout)["seat"] == 1
    assert run("view", str(after), "--seat", "7").exit_code != 0


def test_illegal_apply_exits_nonzero_and_prints_nothing(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(run("new", "prime-climb", "--seed", "1").stdout)
    result = run("apply", str(path), "no-such-move")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert "no-such-move" in result.stderr


def test_bad_inputs_give_clear_messages(tmp_path):
    bad = run("new", "prime-climb", "--option", "cards=maybe")
    assert bad.exit_code == 2 and "cards" in bad.stderr
    unknown = run("new", "prime-climb", "--option", "colour=blue")
    assert "unknown option 'colour'" in unknown.stderr
    assert "juego desconocido" in run("new", "chess", "--lang", "es").stderr
    corrupt = tmp_path / "c.json"
    corrupt.write_text("{not json")
    assert "not valid JSON" in run("legal", str(corrupt)).stderr
    assert "does not exist" in run("legal", str(tmp_path / "missing.json")).stderr
    assert "players" in run("new", "prime-climb", "--players", "9").stderr


@pytest.mark.parametrize("game", game_names())
def test_bots_play_to_the_end_reproducibly(game, tmp_path):
    seats = ",".join(["greedy", "random", "random", "random"][: __import__("ludoteca.engine", fromlist=["make_game"]).make_game(game).default_players])
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    first = run("play", game, "--seats", seats, "--seed", "5", "--record", str(a), "--quiet")
    assert first.exit_code == 0, first.output
    assert "Winner" in first.output
    run("play", game, "--seats", seats, "--seed", "5", "--record", str(b), "--quiet")
    assert json.loads(a.read_text()) == json.loads(b.read_text())
    replayed = run("replay", str(a))
    assert replayed.exit_code == 0 and "replays exactly" in replayed.output


def test_replay_names_the_first_bad_action(tmp_path):
    path = tmp_path / "r.json"
    run("play", "prime-climb", "--seats", "random,random", "--seed", "2", "--record", str(path), "--quiet")
    record = json.loads(path.read_text())
    record["actions"][3]["action"] = "nonsense"
    path.write_text(json.dumps(record))
    result = run("replay", str(path))
    assert result.exit_code == 2  # like legal, apply and view: the file is at fault
    assert result.stderr.startswith(f"error: {path}: action 4 (\"nonsense\")") or result.stderr.startswith(f"error: {path}: action 4 ('nonsense')"), result.stderr


def test_human_bad_entry_reasks_and_game_finishes(tmp_path):
    record = tmp_path / "h.json"
    script = "zzz\n999\n" + "1\n" * 3000
    result = run("play", "prime-climb", "--seats", "human,random", "--seed", "8", "--record", str(record), input=script)
    assert "'zzz'" in result.output  # the game's notation error, then asked again
    assert "999 is not one of the choices" in result.output
    assert result.exit_code == 0, result.output[-2000:]
    assert json.loads(record.read_text())["result"]["winners"]


def test_quitting_keeps_the_record_so_far(tmp_path):
    record = tmp_path / "q.json"
    result = run("play", "prime-climb", "--seats", "human,greedy", "--seed", "1", "--record", str(record), input="1\nquit\n")
    assert result.exit_code == 1
    saved = json.loads(record.read_text())
    assert saved["actions"] and saved["result"] is None


def test_manual_dice(tmp_path):
    record = tmp_path / "m.json"
    result = run("play", "prime-climb", "--seats", "random,random", "--seed", "3", "--dice", "manual", "--quiet",
                 "--option", "cards=off", "--record", str(record), input="roll 11,3\n" + "roll 5,6\n" * 2000)
    assert "11,3" in result.output  # refused with a reason, then asked again
    assert result.exit_code == 0, result.output[-1500:]
    rolls = {a["action"] for a in json.loads(record.read_text())["actions"] if a["player"] == "chance"}
    assert rolls == {"roll 5,6"}


def test_rules_in_both_languages():
    en = run("rules", "prime-climb")
    es = run("rules", "prime-climb", "--lang", "es")
    assert en.exit_code == 0 and es.exit_code == 0
    assert en.output != es.output
    assert "cards" in en.output


@pytest.mark.parametrize("game", ["piramide", "mazmorra"])
def test_terminal_log_never_names_another_players_drawn_card(game):
    """One person against bots: the log tells the bots' draws without naming the card."""
    from ludoteca.engine import CHANCE, make_game

    g = make_game(game)
    state = g.new_initial_state(g.default_players, 4)
    rng = __import__("ludoteca.engine.rng", fromlist=["Rng"]).Rng(1)
    hidden_seen = mine_seen = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            action = state.sample_chance()
            drawer = state.cur if game == "piramide" else state.turn
            told = state.describe_action_for(action, 0, "en")
            full = state.describe_action(action, "en")
            if drawer == 0:
                mine_seen += told == full
            elif told != full:
                hidden_seen += 1
                assert "draws a card" in told
                assert state.describe_action_for(action, None, "en") == told
        else:
            legal = state.legal_actions()
            action = legal[rng.below(len(legal))]
        state.apply_legal(action)
    assert hidden_seen > 0 and mine_seen > 0


def test_games_and_play_agree_on_player_counts():
    """The first line of `games`' player counts is what `play` accepts with the default rules;
    each other count is said with the option that allows it, and that option does allow it."""
    from ludoteca.cli.main import player_counts
    from ludoteca.engine import LudotecaError, game_names, make_game

    for name in game_names():
        first, *notes = player_counts(name, "en").splitlines()
        lo, hi = map(int, first.split("–"))
        game = make_game(name)
        for n in range(1, 9):
            try:
                game.check_players(n)
                accepted = True
            except LudotecaError:
                accepted = False
            assert accepted == (lo <= n <= hi), (name, n)
        for note in notes:  # "(2 with allow_two=true)"
            count, option = note.strip("()").split(" with ")
            key, value = option.split("=")
            other = make_game(name, {key: {"true": True, "false": False}.get(value, int(value) if value.isdigit() else value)})
            for n in range(int(count.split("–")[0]), int(count.split("–")[-1]) + 1):
                assert other.check_players(n) == n
    result = runner.invoke(app, ["games"])
    assert "3–4" in result.output and "allow_two=true" in result.output


def test_a_wrong_player_count_names_the_game_as_players_call_it():
    from ludoteca.engine import LudotecaError, make_game

    with pytest.raises(LudotecaError) as refused:
        make_game("mazmorra").check_players(2)
    assert refused.value.message.en == "Primordial Dungeon needs at least 3 players with these options"
    assert refused.value.message.es.startswith("Mazmorra Primigenia necesita al menos 3 jugadores")
    with pytest.raises(LudotecaError) as refused:
        make_game("prime-climb").check_players(7)
    assert refused.value.message.en == "Prime Climb is played by 2 to 4 players, not 7"
