"""The observation as each game's documented schema (games/<game>/observation.py): every feature
named and within its declared range, no hashed block, every view field either encoded or left out
on purpose, and docs/rl.md's tables equal to the schemas. (The batched kernels writing the same
vector is the lockstep conformance of tests/test_vector_*.py.)"""

from __future__ import annotations

import importlib
from pathlib import Path

import numpy as np
import pytest

from ludoteca.engine import make_game, view_document
from ludoteca.engine.rng import Rng
from ludoteca.rl.observations import encoder_for
from ludoteca.rl.observations.schema import SchemaEncoder, docs_tables, documented_games

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
GAMES = documented_games()


def observation_module(game):
    return importlib.import_module(type(game).__module__.rsplit(".", 1)[0] + ".observation")


def test_the_four_games_declare_their_schemas():
    assert {"prime-climb", "aggravation", "piramide", "mazmorra"} <= set(GAMES)


def positions(name: str, players: int, games: int = 3, seed: int = 7):
    """Every decision of a few seeded random games, and each game's end."""
    game = make_game(name)
    rng = Rng(seed)
    for g in range(games):
        state = game.new_initial_state(players, rng.next64() >> 1)
        while True:
            if state.is_chance_node():
                state.apply_action(state.sample_chance())
                continue
            yield state
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])


@pytest.mark.parametrize("name", GAMES)
def test_schema_encoder_names_every_feature_and_hashes_nothing(name):
    game = make_game(name)
    enc = encoder_for(game, game.default_players)
    assert isinstance(enc, SchemaEncoder)
    module = observation_module(game)
    assert enc.version == module.VERSION >= 2 and enc.schema.game == name
    names = enc.feature_names()
    assert len(names) == enc.size == sum(f.part.width for f in enc.head) + sum(p.width for p in enc.fields.values())
    assert len(set(names)) == len(names)
    widths = [f.part.width for f in enc.head + enc.schema.fields]
    assert list(enc.offsets.values()) == [sum(widths[:k]) for k in range(len(widths))]


@pytest.mark.parametrize("name", GAMES)
def test_every_feature_stays_in_its_declared_range_and_every_view_field_is_decided(name):
    game = make_game(name)
    players = game.default_players
    enc = encoder_for(game, players)
    left_out = set(observation_module(game).LEFT_OUT)
    seen = 0
    for state in positions(name, players, games=2 if name == "mazmorra" else 3):
        for seat in range(players):
            doc = view_document(state, seat)
            assert set(doc["view"]) == set(enc.fields) | left_out, "a view field neither encoded nor left out"
            vec = enc.encode(doc)
            for f in enc.head + enc.schema.fields:
                part = vec[enc.offsets[f.name]: enc.offsets[f.name] + f.part.width]
                assert part.min() >= f.part.low and part.max() <= f.part.high, (f.name, part.min(), part.max())
            seen += 1
    assert seen > 50


@pytest.mark.parametrize("name", GAMES)
def test_a_view_field_the_schema_does_not_name_changes_nothing(name):
    """No hashed block: a display field added to the view leaves the vector as it was."""
    game = make_game(name)
    enc = encoder_for(game, game.default_players)
    state = next(positions(name, game.default_players, games=1))
    doc = view_document(state, 0)
    plain = enc.encode(doc)
    doc["view"] = {**doc["view"], "caption": "a new display field", "moves_shown": [1, 2, 3]}
    assert np.array_equal(enc.encode(doc), plain)


def test_docs_tables_match_the_schemas():
    text = DOCS.read_text(encoding="utf-8")
    expected = docs_tables()
    assert expected in text, ("docs/rl.md's observation tables differ from the schemas: paste in "
                              "`python -m ludoteca.rl.observations.schema`'s output")
    for name in GAMES:
        assert f"<!-- observation-schema {name} -->" in text
