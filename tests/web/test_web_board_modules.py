"""A game's board module is the file its plug-in declares (`GamePlugin.board`), served by the web
as /games/<game>/board.js: the toy template's as the four games', nothing for a game drawn as data
or one that does not exist, and no path from the client ever reaches the disk."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from game_lists import drawn_games
from web_support import toy_games

from ludoteca.engine.registry import plugin_of
from ludoteca.web.app import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with toy_games(), TestClient(create_app(f"sqlite:///{tmp_path_factory.mktemp('boards')}/rooms.db", bot_delay=0)) as c:
        yield c


def test_the_toy_template_is_among_the_drawn_games():
    games = drawn_games()
    assert "toy" in games and len(games) >= 5, games


@pytest.mark.parametrize("game", drawn_games())
def test_each_declared_board_is_served_as_the_file_it_names(client, game):
    got = client.get(f"/games/{game}/board.js")
    assert got.status_code == 200, got.text
    assert got.headers["content-type"].startswith("text/javascript")
    assert got.text == plugin_of(game).board_file().read_text(encoding="utf-8")
    assert "export function draw(" in got.text
    assert client.get("/api/games").status_code == 200
    card = next(c for c in client.get("/api/games").json()["games"] if c["name"] == game)
    assert card["board"] is True


def test_a_game_without_a_board_is_drawn_as_data(client):
    # the hidden-card test game declares no board: the lobby says so and nothing is served
    assert plugin_of("hidden-toy").board is None
    card = next(c for c in client.get("/api/games").json()["games"] if c["name"] == "hidden-toy")
    assert card["board"] is False
    got = client.get("/games/hidden-toy/board.js")
    assert got.status_code == 404
    assert got.json()["error"]["message"] == {"en": "this game has no board of its own", "es": "este juego no tiene tablero propio"}


@pytest.mark.parametrize("path", ["/games/no-such-game/board.js", "/games/..%2F..%2Fetc%2Fpasswd/board.js",
                                  "/games/toy/../../pyproject.toml", "/games/%00/board.js"])
def test_no_other_path_is_served(client, path):
    got = client.get(path)
    assert got.status_code == 404, (path, got.status_code, got.text[:200])
    assert "[project]" not in got.text and "root:" not in got.text
