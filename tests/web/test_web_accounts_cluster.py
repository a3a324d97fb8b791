"""Accounts across processes: two servers over one PostgreSQL and one Redis know the same sessions
(a sign-up on one is signed in on the other; a sign-out on one ends it on both) and count sign-in
tries together (the per-account limit is one limit, whichever process a guess reaches)."""

from __future__ import annotations

import httpx
import pytest
from scale_support import launch_server, missing, needs_servers, postgres_server, redis_server, stop, wait_ready

from ludoteca.web.account_routes import COOKIE, SIGNIN_ACCOUNT_RATE

pytestmark = needs_servers()


@pytest.fixture(scope="module")
def two_servers():
    if missing():
        pytest.skip(missing())
    with postgres_server() as new_database, redis_server() as fresh_redis:
        db, broker = new_database(), fresh_redis()
        launched = [launch_server(db, broker, "inside") for _ in range(2)]
        try:
            for proc, base in launched:
                wait_ready(proc, base)
            yield [base for _proc, base in launched]
        finally:
            for proc, _base in launched:
                stop(proc)


def client(base: str, cookie: str | None = None) -> httpx.Client:
    made = httpx.Client(base_url=base, headers={"origin": base}, timeout=30)
    if cookie:
        made.cookies.set(COOKIE, cookie)
    return made


def test_a_session_made_by_one_process_is_known_to_the_other(two_servers):
    a, b = two_servers
    with client(a) as first:
        made = first.post("/api/account/signup", json={"name": "Ana", "password": "correct horse battery"})
        assert made.status_code == 201, made.text
        cookie = first.cookies.get(COOKIE)
    with client(b, cookie) as second:
        assert second.get("/api/account").json()["account"]["name"] == "Ana"
        assert second.post("/api/account/signout").status_code == 200
    with client(a, cookie) as first:
        assert first.get("/api/account").json()["account"] is None, "signed out on b: gone on a too"


def test_sign_in_tries_are_counted_across_processes(two_servers):
    a, b = two_servers
    allowed = int(SIGNIN_ACCOUNT_RATE.split("/")[0])
    with client(a) as first, client(b) as second:
        assert first.post("/api/account/signup", json={"name": "Bea", "password": "correct horse battery"}).status_code == 201
        answers = [(first if i % 2 else second).post("/api/account/signin", json={"name": "Bea", "password": "wrong wrong wrong"}).status_code
                   for i in range(allowed)]
        assert answers == [403] * allowed
        assert first.post("/api/account/signin", json={"name": "Bea", "password": "wrong wrong wrong"}).status_code == 429
        assert second.post("/api/account/signin", json={"name": "bea", "password": "correct horse battery"}).status_code == 429


def test_a_rated_game_across_processes_rates_both_and_both_show_it(two_servers):
    """Ana makes a rated room on one server, Bea sits and resigns through the other: the ratings change
    with the game's end, and both servers' leaderboards and profiles say so."""
    a, b = two_servers
    with client(a) as ana, client(b) as bea:
        for who, name in ((ana, "Cora"), (bea, "Dani")):
            assert who.post("/api/account/signup", json={"name": name, "password": "correct horse battery"}).status_code == 201
        made = ana.post("/api/rooms", json={"game": "toy", "seats": [{"kind": "human"}, {"kind": "human"}], "name": "Cora", "seat": 0, "rated": True}).json()
        rid = made["room"]["id"]
        sat = bea.post(f"/api/rooms/{rid}/claim", json={"seat": 1, "name": "Dani", "invite": made["invites"]["1"]})
        assert sat.status_code == 200, sat.text
        assert bea.post(f"/api/rooms/{rid}/resign", json={"seat": 1, "token": sat.json()["token"]}).status_code == 200
        for server in (ana, bea):
            board = server.get("/api/leaderboard/toy").json()["players"]
            assert [(p["name"], p["games"], p["wins"]) for p in board] == [("Cora", 1, 1), ("Dani", 1, 0)]
            assert server.get("/api/players/Dani").json()["games"][0]["rating"] < 1500
