"""Stranger text never drives the terminal: records and documents with control characters in
every string field, options and names, fed to every command that prints; no ESC byte reaches
the output (with NO_COLOR), and with colours only the program's own colour codes do."""

from __future__ import annotations

import copy
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.cli.main import app
from ludoteca.engine import CHANCE, make_game, state_to_document
from ludoteca.terminal.safe_text import json_visible, visible
from game_lists import built_in_games

SRC = Path(__file__).resolve().parents[2] / "src"
GAMES = built_in_games()
#: retitle the window, clear the screen, colour what follows (an 8-bit CSI, a bidi override too)
PAYLOAD = "\x1b]0;pwned\x07\x1b[2J\x1b[38;5;199m\x9b2J\u202e"
runner = CliRunner()


def run(*args: str, input: str | None = None):
    result = runner.invoke(app, list(args), input=input, env={"NO_COLOR": "1", "COLUMNS": "100"})
    return result.output + (result.stderr if result.stderr_bytes is not None else "")


def assert_inert(out: str) -> None:
    assert "\x1b" not in out and "\x9b" not in out and "\u202e" not in out and "\x07" not in out, repr(out[-400:])


def test_visible_writes_every_control_character_visibly_and_nothing_else():
    assert visible("Ana\x1b[2J") == "Ana\\x1b[2J"
    assert visible("a\nb\tc\rd\x7f\x9b\u202e") == "a\\nb\\tc\\rd\\x7f\\x9b\\u202e"
    assert visible("Pirámide ñ ±5 ▶ 🎲") == "Pirámide ñ ±5 ▶ 🎲"
    assert visible(visible(PAYLOAD)) == visible(PAYLOAD)  # nothing is escaped twice
    text = json.dumps({"name": PAYLOAD}, ensure_ascii=False, indent=1)
    assert json.loads(json_visible(text)) == {"name": PAYLOAD}  # the same value
    assert "\x9b" not in json_visible(text) and "\u202e" not in json_visible(text)


def string_paths(doc, path=()):
    """Where a string lives in a JSON document (a dict key is ('key', k)); of a list's items
    only the first holding a string, of a long table's keys (a deck's counts) the first three, so
    that a document's many cards are a few cases, not many."""
    if isinstance(doc, str):
        yield path
    elif isinstance(doc, dict):
        for index, (k, v) in enumerate(doc.items()):
            if index < 3 or len(doc) <= 12:
                yield path + (("key", k),)
            yield from string_paths(v, path + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            found = list(string_paths(v, path + (i,)))
            if found:
                yield from found
                return


def poisoned(doc, path):
    """A copy of `doc` with the payload in the string (or key) at `path`."""
    doc = copy.deepcopy(doc)
    holder = doc
    for step in path[:-1]:
        holder = holder[step]
    last = path[-1]
    if isinstance(last, tuple):  # a key
        holder[last[1] + PAYLOAD] = holder.pop(last[1])
    else:
        holder[last] = holder[last] + PAYLOAD
    return doc


def played_state(name: str, steps: int = 14):
    game = make_game(name)
    state = game.new_initial_state(game.default_players, 1)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(state.sample_chance() if state.current_player() == CHANCE else state.legal_actions()[0])
    return state


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_state_documents_with_control_characters_in_every_string(tmp_path, name):
    state = played_state(name)
    doc = state_to_document(state)
    paths = list(string_paths(doc))
    assert len(paths) >= 5
    action = state.action_to_string(state.sample_chance() if state.current_player() == CHANCE else state.legal_actions()[0])
    clean = tmp_path / "clean.json"
    clean.write_text(json.dumps(doc), encoding="utf-8")
    for args in (["legal", str(clean), "--json"], ["apply", str(clean), action + PAYLOAD],
                 ["view", str(clean), "--seat", "P1" + PAYLOAD], ["legal", str(clean), "--lang", "es"]):
        assert_inert(run(*args))
    for number, path in enumerate(paths):
        file = tmp_path / f"s{number}.json"
        file.write_text(json.dumps(poisoned(doc, path), ensure_ascii=False), encoding="utf-8")
        for args in (["legal", str(file)], ["apply", str(file), action], ["view", str(file), "--seat", "1"]):
            assert_inert(run(*args))


def record_of(tmp_path: Path, name: str) -> dict:
    file = tmp_path / f"{name}.json"
    n = make_game(name).default_players
    run("play", name, "--seats", ",".join(["random"] * n), "--seed", "2",
        "--record", str(file), "--quiet", "--names", ",".join(["Ana", "Bo", "Cy", "Di"][:n]))
    doc = json.loads(file.read_text(encoding="utf-8"))
    doc["actions"] = doc["actions"][:40]  # an unfinished game: `play --resume` can go on with it
    doc["result"] = None
    return doc


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_records_with_control_characters_in_every_string(tmp_path, name):
    doc = record_of(tmp_path, name)
    paths = list(string_paths(doc))
    paths += [("actions", len(doc["actions"]) - 1, "action"), ("players", 1, "name")]
    for number, path in enumerate(paths):
        file = tmp_path / f"r{number}.json"
        file.write_text(json.dumps(poisoned(doc, path), ensure_ascii=False), encoding="utf-8")
        for args, given in ((["replay", str(file)], None), (["replay", str(file), "--step"], "\n" * 3 + "q\n"),
                            (["replay", str(file), "--json"], None), (["replay", str(file), "--json", "--full"], None),
                            (["play", name, "--resume", str(file), "--quiet", "--record", str(tmp_path / "out.json"),
                              "--seats", ",".join(["random"] * doc["num_players"])], None)):
            assert_inert(run(*args, input=given))


def test_names_options_and_arguments_with_control_characters(tmp_path):
    record = tmp_path / "g.json"
    for args in (["play", "prime-climb", "--seats", "random,random", "--names", "Ana" + PAYLOAD + ",Bo", "--seed", "1",
                  "--record", str(record)],
                 ["play", "piramide", "--seats", "human,random", "--names", PAYLOAD + ",Bo", "--seed", "1"],
                 ["play", "aggravation", "--seats", "random" + PAYLOAD],
                 ["play", "prime-climb", "--seats", "random,random", "--first", "P9" + PAYLOAD],
                 ["play", "prime-climb", "-o", "cards=" + PAYLOAD],
                 ["play", "prime-climb", "-o", PAYLOAD + "=1"],
                 ["new", "piramide", "-o", "length=" + PAYLOAD], ["new", "prime" + PAYLOAD],
                 ["new", "mazmorra", "-o", "deck=" + PAYLOAD], ["new", "piramide", "-o", "deck=" + PAYLOAD],
                 ["rules", "mazmorra" + PAYLOAD], ["games", "--lang", "e" + PAYLOAD], ["games"],
                 ["legal", str(tmp_path / ("missing" + PAYLOAD))], ["replay", str(record)],
                 ["replay", str(record), "--step"], ["replay", str(tmp_path / PAYLOAD)]):
        out = run(*args, input="1\n" * 5 + "quit\n")
        assert_inert(out)
    assert "Ana\\x1b]0;pwned" in run("replay", str(record))  # the name is there, made visible


def test_the_programs_own_colours_and_nothing_else_with_colour(tmp_path):
    """In a real terminal's colours (FORCE_COLOR): every ESC left is one of the program's own codes
    (Rich's colours `ESC[...m`, the prompt's redraw), and the payload's colour, title and clearing
    codes are not among them."""
    doc = record_of(tmp_path, "prime-climb")
    doc["players"][0]["name"] += PAYLOAD
    file = tmp_path / "r.json"
    file.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(SRC), "FORCE_COLOR": "1", "COLUMNS": "100", "LINES": "40"}
    env.pop("NO_COLOR", None)
    coloured = 0
    for args, given in ((["replay", str(file), "--step"], "\n" * 4 + "q\n"), (["replay", str(file)], ""),
                        (["play", "prime-climb", "--resume", str(file), "--seats", "human,random", "--record",
                          str(tmp_path / "o.json")], "1\nquit\n")):
        out = subprocess.run([sys.executable, "-m", "ludoteca.cli.main", *args], input=given, capture_output=True,
                             text=True, env=env, timeout=120)
        text = out.stdout + out.stderr
        codes = re.findall(r"\x1b(\[[0-9;]*[A-Za-z]|.)", text)
        coloured += bool(codes)
        # colours, and the prompt's own redraw of its lines in place (cursor up, erase the line)
        own = [c for c in codes if re.fullmatch(r"\[[0-9;]*m|\[[0-9]*A|\[2K", c)]
        assert own == codes, sorted(set(codes) - set(own))
        assert "\x1b[38;5;199" not in text and "\x1b]" not in text and "\x9b" not in text
        assert "\\x1b]0;pwned" in text
    assert coloured >= 2, "FORCE_COLOR gave no colour"
