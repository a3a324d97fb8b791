"""Accounts over HTTP, hostile first: a cross-site POST refused; brute force slowed, then refused per
address and per account; a cookie from before sign-in worth nothing after it; a wrong name and a
wrong password answered alike (same words, one Argon2 check each); another person's settings, seats
and data out of reach; names validated and unique; seats played anonymously claimed; sign out
everywhere; password change; delete (games stay, unnamed); my data as JSON."""

from __future__ import annotations

import dataclasses
import time
from contextlib import contextmanager

import pytest
from fastapi.testclient import TestClient
from web_support import create_room, toy_games

from ludoteca.web import account_routes, create_app
from ludoteca.web.limits import UNLIMITED

SITE = "http://testserver"
PASSWORD = "correct horse battery"


@contextmanager
def server(tmp_path, base_url=SITE, **rules):
    app = create_app(f"sqlite:///{tmp_path}/rooms.db", bot_delay=0, limits=dataclasses.replace(UNLIMITED))
    for rule, rate in rules.items():
        app.state.rates.add(rule, rate)
    with toy_games(), TestClient(app, base_url=base_url, headers={"origin": base_url}) as client:
        yield client


def signup(client, name="Ana", password=PASSWORD, **extra):
    response = client.post("/api/account/signup", json={"name": name, "password": password, **extra})
    assert response.status_code == 201, response.text
    return response


def signin(client, name="Ana", password=PASSWORD, **extra):
    return client.post("/api/account/signin", json={"name": name, "password": password, **extra})


def who(client):
    return client.get("/api/account").json()["account"]


def refused(response, status, code):
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["code"] == code and error["message"]["en"] and error["message"]["es"]
    return error["message"]


def test_sign_up_in_and_out_with_a_password_and_the_cookie_is_httponly_and_lax(tmp_path):
    with server(tmp_path) as client:
        made = signup(client)
        cookie = made.headers["set-cookie"]
        assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Secure" not in cookie and "Path=/" in cookie
        assert who(client)["name"] == "Ana"
        assert client.post("/api/account/signout").json() == {"signed_out": 1}
        assert who(client) is None
        assert signin(client, "ana").status_code == 200 and who(client)["name"] == "Ana"  # names without case


def test_behind_https_the_cookie_is_secure(tmp_path):
    with server(tmp_path, base_url="https://ludoteca.example") as client:
        assert "Secure" in signup(client).headers["set-cookie"]


def test_a_cross_site_post_is_refused_everywhere_and_changes_nothing(tmp_path):
    with server(tmp_path) as client:
        evil = {"origin": "https://evil.example"}
        refused(client.post("/api/account/signup", json={"name": "Mallory", "password": PASSWORD}, headers=evil), 403, "forbidden")
        refused(client.post("/api/rooms", json={"game": "toy", "seats": [{"kind": "human"}]}, headers=evil), 403, "forbidden")
        assert client.get("/api/rooms?status=open").json()["open"] == []
        signup(client)
        refused(client.post("/api/account/signout-everywhere", headers={"origin": "null"}), 403, "forbidden")
        refused(client.post("/api/account/delete", json={"name": "Ana"}, headers=evil), 403, "forbidden")
        # no Origin at all on an account's request (a browser always sends one): refused too
        refused(client.post("/api/account/delete", json={"name": "Ana"}, headers={"origin": ""}), 403, "forbidden")
        bare = TestClient(client.app, base_url=SITE, cookies=client.cookies)
        refused(bare.post("/api/account/delete", json={"name": "Ana"}), 403, "forbidden")
        refused(bare.post("/api/rooms", json={"game": "toy", "seats": [{"kind": "human"}]}, headers={"sec-fetch-site": "cross-site"}), 403, "forbidden")
        assert who(client)["name"] == "Ana"


def test_a_wrong_name_and_a_wrong_password_get_the_same_answer_and_the_same_work(tmp_path):
    with server(tmp_path) as client:
        signup(client)
        client.post("/api/account/signout")
        passwords = client.app.state.accounts.passwords
        before = passwords.verified
        wrong_password = refused(signin(client, "Ana", "not the password"), 403, "forbidden")
        assert passwords.verified == before + 1
        wrong_name = refused(signin(client, "Nobody", "not the password"), 403, "forbidden")
        assert passwords.verified == before + 2, "an unknown name costs one Argon2 check too"
        assert wrong_name == wrong_password and "name and password" in wrong_name["en"]
        # a passkey-only account asked for a password answers the same
        client.app.state.accounts.create("Keyonly")
        assert refused(signin(client, "Keyonly", "anything at all"), 403, "forbidden") == wrong_password


def test_brute_force_is_slowed_then_refused_per_account_and_per_address(tmp_path, monkeypatch):
    monkeypatch.setattr(account_routes, "SLOW_SECONDS", 0.4)
    with server(tmp_path, signin_account="6/minute", signin_slow="2/minute", signin="12/minute") as client:
        signup(client)
        client.post("/api/account/signout")
        for _ in range(2):
            refused(signin(client, "Ana", "guess guess guess"), 403, "forbidden")
        started = time.monotonic()
        refused(signin(client, "Ana", "guess guess guess"), 403, "forbidden")
        assert time.monotonic() - started >= 0.4, "past the soft limit each try waits first"
        for _ in range(3):
            signin(client, "Ana", "guess guess guess")
        refused(signin(client, "Ana", PASSWORD), 429, "rate_limited")  # even the right password now
        assert who(client) is None
        # other names from the same address: the address's own limit ends them
        answers = [signin(client, f"Name{i}", "guess guess guess").status_code for i in range(8)]
        assert answers[:5] == [403] * 5 and answers[-1] == 429
    with server(tmp_path, signin_account="3/minute", signin="1000/minute") as client:  # per account from many addresses
        for i in range(3):
            signin(client, "Ana", "guess guess guess", )
        refused(signin(client, "ANA", PASSWORD), 429, "rate_limited")


def test_a_session_cookie_from_before_sign_in_is_not_valid_after_it(tmp_path):
    with server(tmp_path) as client:
        signup(client, "Ana")
        planted = client.cookies.get(account_routes.COOKIE)
        signup(client, "Bea")  # the same browser signs in as another: a new token, the old one ended
        assert client.cookies.get(account_routes.COOKIE) != planted
        stale = TestClient(client.app, base_url=SITE, headers={"origin": SITE})
        stale.cookies.set(account_routes.COOKIE, planted)
        assert who(stale) is None
        client.post("/api/account/signout")
        signin(client, "Ana")
        again = client.cookies.get(account_routes.COOKIE)
        assert again != planted and who(client)["name"] == "Ana"


def test_sign_out_everywhere_and_change_the_password(tmp_path):
    with server(tmp_path) as phone:
        signup(phone)
        laptop = TestClient(phone.app, base_url=SITE, headers={"origin": SITE})
        assert signin(laptop).status_code == 200
        refused(phone.post("/api/account/password", json={"old": "not it at all", "new": "a brand new secret"}), 403, "forbidden")
        refused(phone.post("/api/account/password", json={"old": PASSWORD, "new": "short"}), 400, "bad_request")
        assert phone.post("/api/account/password", json={"old": PASSWORD, "new": "a brand new secret"}).status_code == 200
        assert phone.post("/api/account/signout-everywhere").json() == {"signed_out": 2}
        assert who(phone) is None and who(laptop) is None
        refused(signin(laptop), 403, "forbidden")
        assert signin(laptop, password="a brand new secret").status_code == 200


@pytest.mark.parametrize("name, why", [
    ("ab", "3 to 24"), ("x" * 25, "3 to 24"), ("Ana\u202eevil", "letters, digits"), ("<script>", "letters, digits"),
    ("Ana\x00", "letters, digits"), ("-Ana", "starts with"), (7, "text"), ("Ana\u200b", "letters, digits")])
def test_names_are_validated_like_every_hostile_string(tmp_path, name, why):
    with server(tmp_path) as client:
        message = refused(client.post("/api/account/signup", json={"name": name, "password": PASSWORD}),
                          422 if not isinstance(name, str) else 400, "bad_request")
        assert why in message["en"] or not isinstance(name, str)
        assert who(client) is None


def test_display_names_are_unique_whatever_their_case_accents_or_spaces(tmp_path):
    with server(tmp_path) as client:
        signup(client, "José Luis")
        for twin in ("jose luis", "JOSE-LUIS", "Jose_Luis", "José  Luis"):
            message = refused(client.post("/api/account/signup", json={"name": twin, "password": PASSWORD}), 409, "stale")
            assert "taken" in message["en"] and "ocupado" in message["es"]
        assert signup(client, "Josefina").json()["account"]["name"] == "Josefina"


def test_seats_played_anonymously_are_claimed_and_nobody_elses_are_reachable(tmp_path):
    with server(tmp_path) as client:
        made = create_room(client, seats=[{"kind": "human"}, {"kind": "human"}])
        room, token = made["room"]["id"], made["token"]
        other = create_room(client)
        claimed = signup(client, "Ana", seats=[{"room": room, "seat": 0, "token": token},
                                             {"room": other["room"]["id"], "seat": 0, "token": "a guess"}]).json()["claimed"]
        assert claimed == [{"room": room, "seat": 0}], "a wrong token claims nothing"
        data = client.get("/api/account/data")
        assert 'attachment; filename="ludoteca-my-data.json"' == data.headers["content-disposition"]
        assert [(s["room"], s["seat"]) for s in data.json()["seats"]] == [(room, 0)]
        assert "password_hash" not in data.text and "$argon2" not in data.text
        # Bea has the token (say she copied it): the seat is Ana's already, so it stays Ana's
        bea = TestClient(client.app, base_url=SITE, headers={"origin": SITE})
        assert signup(bea, "Bea", seats=[{"room": room, "seat": 0, "token": token}]).json()["claimed"] == []
        assert bea.get("/api/account/data").json()["seats"] == []
        refused(bea.post("/api/account/delete", json={"name": "Ana"}), 400, "bad_request")  # only her own
        assert who(client)["name"] == "Ana"
        # a seat taken while signed in is the account's at once
        joined = bea.post(f"/api/rooms/{room}/claim", json={"seat": 1, "invite": made["invites"]["1"]})
        assert joined.status_code == 200, joined.text
        assert [(s["room"], s["seat"]) for s in bea.get("/api/account/data").json()["seats"]] == [(room, 1)]
        assert [(s["room"], s["seat"]) for s in client.get("/api/account/data").json()["seats"]] == [(room, 0)], "Ana's stays hers"
        refused(TestClient(client.app, base_url=SITE).get("/api/account/data"), 403, "forbidden")


def test_deleting_an_account_keeps_its_games_under_a_plain_name(tmp_path):
    with server(tmp_path) as client:
        signup(client, "Ana")
        made = client.post("/api/rooms", json={"game": "toy", "seats": [{"kind": "human"}, {"kind": "human"}], "name": "Ana", "seat": 0}).json()
        room = made["room"]["id"]
        assert client.get(f"/api/rooms/{room}").json()["seats"][0]["name"] == "Ana"
        refused(client.post("/api/account/delete", json={"name": "Someone"}), 400, "bad_request")
        deleted = client.post("/api/account/delete", json={"name": "ana"})
        assert deleted.json() == {"deleted": True} and 'ludoteca_session=""' in deleted.headers["set-cookie"]
        assert who(client) is None
        seats = client.get(f"/api/rooms/{room}").json()["seats"]
        assert seats[0]["name"] is None and seats[0]["claimed"], "the game stays; the name is gone (the page says Player 1)"
        refused(signin(client, "Ana"), 403, "forbidden")
        assert signup(client, "Ana").status_code == 201  # the name is free again
        assert client.get("/api/account/data").json()["seats"] == []
