"""The deck data file: the default composition, stable card ids, validation, another deck."""

from __future__ import annotations

import importlib.resources as res
import json

import pytest

from ludoteca.engine import OptionError, make_game
import os

from ludoteca.engine import GameRecord, load_state_text, replay, state_to_document
from ludoteca.games.piramide.deck import APEX, BASE, DECK_MAX_BYTES, LEFT_EDGE, REGULAR, RIGHT_EDGE, load_deck, read_deck_file
from ludoteca.testing import random_game

DEFAULT = json.loads(res.files("ludoteca.games.piramide").joinpath("deck.json").read_text(encoding="utf-8"))


def test_default_composition() -> None:
    d = load_deck("default")
    kinds = [d.type_kind[t] for t in d.card_type]
    assert d.num_cards == 88
    assert kinds.count(BASE) == 10 and kinds.count(REGULAR) == 48
    assert kinds.count(LEFT_EDGE) == 13 and kinds.count(RIGHT_EDGE) == 13 and kinds.count(APEX) == 4
    regular = [(d.type_value[t], d.type_symbol[t]) for t in d.card_type if d.type_kind[t] == REGULAR]
    for v in range(1, 9):
        assert sorted(s for val, s in regular if val == v) == [-1, -1, 0, 1, 2, 3]
    left = [(d.type_value[t], d.type_symbol[t]) for t in d.card_type if d.type_kind[t] == LEFT_EDGE]
    assert [v for v, _ in left] == [1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8]
    assert [s for _, s in left] == [0, 1, 2, 3, -1] * 2 + [0, 1, 2]
    assert sorted(d.type_value[t] for t in d.card_type if d.type_kind[t] == APEX) == [6, 7, 8, 9]
    base = [d.type_symbol[t] for t in d.card_type if d.type_kind[t] == BASE]
    assert sorted(base) == [-1, -1, 0, 0, 1, 1, 2, 2, 3, 3]


def test_card_ids_follow_the_file_order() -> None:
    d = load_deck("default")
    labels = [d.type_label[d.card_type[i]] for i in range(d.num_cards)]
    assert labels[0] == "BL0" and labels[1] == labels[2] == "B0sol" and labels[9] == "BR0"
    assert labels[10:16] == ["R1sol", "R1luna", "R1jaguar", "R1serpiente", "R1", "R1"]
    assert labels[-4:] == ["A6", "A7", "A8", "A9"]
    # identical cards share a type (and so an action); types are numbered by first appearance
    assert d.card_type[14] == d.card_type[15]
    assert list(dict.fromkeys(d.card_type)) == list(range(d.num_types))


def write(tmp_path, doc) -> str:
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def edited(**change):
    doc = json.loads(json.dumps(DEFAULT))
    for index, fields in change.get("cards", {}).items():
        doc["cards"][index].update(fields)
    return doc


def refused(tmp_path, doc, *words_en: str) -> OptionError:
    """Refused as data (the option) and as a file the command line reads (naming the file)."""
    with pytest.raises(OptionError) as err:
        read_deck_file(write(tmp_path, doc))
    assert str(tmp_path) in err.value.message.en
    with pytest.raises(OptionError) as err:
        make_game("piramide", {"deck": doc})
    message = err.value.message
    for word in words_en:
        assert word in message.en
    assert "mazo" in message.es
    return err.value


def test_wrong_counts_refused(tmp_path) -> None:
    doc = edited()
    del doc["cards"][20]
    refused(tmp_path, doc, "48 regular", "found 47")
    doc = edited(cards={86: {"kind": "edge", "side": "left"}})
    refused(tmp_path, doc, "26 edge")


def test_unknown_symbol_refused(tmp_path) -> None:
    err = refused(tmp_path, edited(cards={12: {"symbol": "aguila"}}), "card 12", "unknown symbol 'aguila'")
    assert "símbolo desconocido" in err.message.es


def test_bad_values_refused(tmp_path) -> None:
    refused(tmp_path, edited(cards={12: {"value": 0}}), "card 12", "between 1 and")
    refused(tmp_path, edited(cards={12: {"value": "5"}}), "whole number")
    refused(tmp_path, edited(cards={12: {"value": True}}), "whole number")
    refused(tmp_path, edited(cards={1: {"value": 3}}), "base card's value is 0")


def test_bad_sides_refused(tmp_path) -> None:
    refused(tmp_path, edited(cards={60: {"side": "up"}}), "card 60", "left or right")
    refused(tmp_path, edited(cards={12: {"side": "left"}}), "has no side")
    refused(tmp_path, edited(cards={9: {"side": "left"}}), "one left-edge base")


def test_malformed_files_refused(tmp_path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(OptionError) as err:
        read_deck_file(str(path))
    assert "not valid JSON" in err.value.message.en and "no es JSON" in err.value.message.es
    with pytest.raises(OptionError) as err:
        read_deck_file(str(tmp_path / "missing.json"))
    assert "cannot be read" in err.value.message.en
    with pytest.raises(OptionError) as err:
        make_game("piramide", {"deck": "{not json"})
    assert "not valid JSON" in err.value.message.en
    refused(tmp_path, {"symbols": ["Sol"], "cards": []}, "symbols")
    refused(tmp_path, edited(cards={12: {"colour": "red"}}), "unknown field")
    refused(tmp_path, edited(cards={12: {"kind": "block"}}), "kind must be")


def test_another_composition_plays(tmp_path) -> None:
    doc = edited()
    for card in doc["cards"]:
        if card["kind"] == "regular":
            card["value"] = 9 - card["value"]  # a different composition
    doc["symbols"] = ["sol", "luna", "jaguar", "serpiente", "aguila"]
    doc["cards"][10]["symbol"] = "aguila"
    game = make_game("piramide", {"deck": read_deck_file(write(tmp_path, doc))})
    assert game.deck.parse_label("R8aguila") >= 0
    assert make_game("piramide", {"deck": json.dumps(doc)}).deck is game.deck  # the same deck, kept once
    for n in (2, 4):
        final = random_game(game, n, 3, check_every=11)
        assert final.is_terminal()


def test_deck_option_default_names() -> None:
    assert make_game("piramide").options["deck"] == "default"
    assert make_game("piramide", {"deck": "default"}).deck is load_deck("")


def test_a_path_is_never_opened_by_the_option(tmp_path) -> None:
    """The option is data: a name, even of a real deck file, is refused without being echoed or opened."""
    for value in (write(tmp_path, DEFAULT), "/etc/shadow", "ludoteca.db", "../deck.json"):
        with pytest.raises(OptionError) as err:
            make_game("piramide", {"deck": value})
        assert value not in err.value.message.en and value not in err.value.message.es
        assert "never a file name" in err.value.message.en and "nunca un nombre de archivo" in err.value.message.es
    with pytest.raises(OptionError):
        make_game("piramide", {"deck": ["not", "a", "deck"]})


def test_only_bounded_regular_files_are_read(tmp_path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)  # opening it for reading would wait for a writer forever
    big = tmp_path / "big.json"
    big.write_text(" " * (DECK_MAX_BYTES + 1), encoding="utf-8")
    for path in (fifo, tmp_path, "/dev/zero", big):
        with pytest.raises(OptionError) as err:
            read_deck_file(str(path))
        assert str(path) in err.value.message.en and "\n" not in err.value.message.en
        assert "regular file" in err.value.message.en or "KiB" in err.value.message.en
    assert read_deck_file("default") == "default"
    nested = tmp_path / "nested.json"
    nested.write_text("[" * 20000, encoding="utf-8")
    with pytest.raises(OptionError, match="nested"):
        read_deck_file(str(nested))


def test_documents_with_a_custom_deck_replay_without_the_file(tmp_path) -> None:
    doc = edited(cards={10: {"value": 9}})
    path = write(tmp_path, doc)
    game = make_game("piramide", {"deck": read_deck_file(path)})
    final = random_game(game, 3, 5)
    os.remove(path)  # the documents carry the deck itself
    from ludoteca.engine import Match

    match = Match(game, 3, 5)
    for _ in range(40):
        if match.state.is_terminal():
            break
        state = match.state
        match.apply(state.sample_chance() if state.is_chance_node() else state.legal_actions()[0])
    record = GameRecord.loads(match.record().dumps())
    assert replay(record).to_json() == match.state.to_json()
    text = json.dumps(state_to_document(match.state))
    assert load_state_text(text).to_json() == match.state.to_json()
    assert final.is_terminal()


def test_the_command_line_reads_deck_path_as_data(tmp_path) -> None:
    """`--option deck=PATH`: a regular file becomes the option's content (the state document carries
    it); a FIFO, a folder or a device is refused with one line, before anything is read."""
    from typer.testing import CliRunner

    from ludoteca.cli.main import app

    runner = CliRunner()
    path = write(tmp_path, edited(cards={10: {"value": 9}}))
    made = runner.invoke(app, ["new", "piramide", "-p", "2", "--option", f"deck={path}"])
    assert made.exit_code == 0, made.output
    doc = json.loads(made.output)
    assert doc["options"]["deck"]["cards"][10]["value"] == 9
    os.remove(path)
    assert load_state_text(made.output).game.deck.type_value == make_game("piramide", {"deck": doc["options"]["deck"]}).deck.type_value
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for bad in (fifo, tmp_path, "/dev/zero"):
        result = runner.invoke(app, ["new", "piramide", "--option", f"deck={bad}"])
        assert result.exit_code != 0 and "regular file" in result.output
        assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1


def test_a_player_count_the_deck_cannot_deal_is_refused_in_one_line() -> None:
    """variant=small deals 2 cards each from 6 regular cards: 4 and 5 players are refused before any
    setup (the deal used to divide by zero), in both languages, naming the deal and the deck."""
    game = make_game("piramide", {"variant": "small"})
    assert game.allowed_max_players() == 3 and game.new_initial_state(3, 1).num_players == 3
    for n in (4, 5):
        with pytest.raises(OptionError) as caught:
            game.new_initial_state(n, 1)
        assert caught.value.message.en == f"{n} players need {2 * n} regular cards to deal 2 each; this deck has 6, enough for at most 3 players"
        assert "como mucho para 3 jugadores" in caught.value.message.es
    assert make_game("piramide").allowed_max_players() == 5
