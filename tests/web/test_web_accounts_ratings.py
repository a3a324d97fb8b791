"""Ratings: openskill (Weng–Lin Plackett–Luce) per game, changed in the transaction of a rated game's
last move; bots at fixed ratings calibrated on docs/bots.md's ladder; a seat its person left ranks
last; provisional until 10 games; the leaderboard paged in SQL; who may create and sit in a rated room."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from web_support import play_at_random, toy_games

from ludoteca.web import create_app, ratings
from ludoteca.web.accounts import Accounts
from ludoteca.web.db import ActionRow, RoomRow, make_engine, make_sessions
from ludoteca.web.errors import RoomError
from ludoteca.web.limits import UNLIMITED
from ludoteca.engine import game_names
from ludoteca.web.ratings import RatingHistoryRow, RatingRow, bot_mus, bot_ratings, leaderboard, ranks_of
from ludoteca.web.rooms import RoomService

SITE = "http://testserver"


@pytest.fixture(autouse=True, scope="module")
def games():
    with toy_games():
        yield


@pytest.fixture
def world(tmp_path):
    service = RoomService(make_sessions(make_engine(f"sqlite:///{tmp_path}/r.db")), limits=UNLIMITED,
                          seeds=iter(range(7, 10_000)).__next__)
    return service, Accounts(service.sessions)


def rated_room(service, accounts, people, bots=()):
    """A rated toy room: one seat per account in `people` (linked as sign-in does), then `bots`."""
    spec = [{"kind": "human"} for _ in people] + [{"kind": "bot", "bot": b} for b in bots]
    room, secret = service.create("toy", {}, spec, creator={"seat": 0, "name": people[0].name}, rated=True)
    accounts.link_seat(people[0].id, room.id, 0)
    for seat, person in enumerate(people[1:], start=1):
        service.claim(room.id, seat, person.name, secret["invites"][seat])
        accounts.link_seat(person.id, room.id, seat)
    return room


def move(service, room, player, action) -> None:
    if player < 0:  # chance
        service.apply(room, action)
    else:
        service.act(room, player, room.version, room.state.action_to_string(action))


def rating(service, account, game="toy"):
    with service.sessions() as db:
        return ratings.describe(db.get(RatingRow, (account.id, game)))


@pytest.mark.parametrize("game", game_names())
def test_the_bots_fixed_ratings_give_back_the_measured_ladder(game):
    players, rows = ratings.ladder(game)
    mus = bot_mus(game)
    for stronger, weaker, _games, rate in rows:
        assert ratings._win_rate(mus[stronger], mus[weaker], players) == pytest.approx(rate, abs=0.002)
    shown = bot_ratings(game)
    assert shown["medium"] == 1500 and shown["easy"] < 1500 < shown["hard"]
    # `expert` is rated exactly where it is offered (Pirámide del Sol, Aggravation: placed above hard by the ladder)
    assert ("expert" in shown) == (game in ("piramide", "aggravation")) == ("expert" in ratings.rated_bots(game))
    assert shown.get("expert", 10_000) > shown["hard"]


def test_a_rated_piramide_room_may_seat_the_expert_level_and_rates_against_it(world):
    service, accounts = world
    ana = accounts.create("Ana")
    spec = [{"kind": "human"}, {"kind": "bot", "bot": "expert"}, {"kind": "bot", "bot": "hard"}]
    room, _ = service.create("piramide", {}, spec, creator={"seat": 0, "name": "Ana"}, rated=True)
    assert room.rated and room.seats[1].bot == "expert"
    accounts.link_seat(ana.id, room.id, 0)
    play_at_random(service, room, random.Random(5), 100_000)  # every seat's moves at random: what is rated is the result
    assert room.status == "finished"
    after = rating(service, ana, "piramide")
    assert after["games"] == 1 and after["rating"] != 1500
    with pytest.raises(RoomError) as refused:  # not offered with 2 players, so never rated there either
        service.create("piramide", {}, spec[:2], creator={"seat": 0}, rated=True)
    assert refused.value.message.en == "seat 2: the expert level plays Pyramid of the Sun with 3 players"


def test_a_rated_game_between_two_accounts_changes_both_with_its_last_move(world):
    service, accounts = world
    ana, bea = accounts.create("Ana"), accounts.create("Bea")
    room = rated_room(service, accounts, [ana, bea])
    play_at_random(service, room, random.Random(3), 10_000)
    assert room.status == "finished"
    winner = room.result()["winners"][0]
    first, second = (ana, bea) if winner == 0 else (bea, ana)
    up, down = rating(service, first), rating(service, second)
    assert up["rating"] > 1500 > down["rating"] and up["games"] == down["games"] == 1
    assert up["wins"] == 1 and down["wins"] == 0 and up["provisional"]
    with service.sessions() as db:
        history = db.execute(select(RatingHistoryRow.account_id, RatingHistoryRow.room_id, RatingHistoryRow.rank)).all()
    assert sorted(history) == sorted([(first.id, room.id, 1), (second.id, room.id, 2)])
    board = leaderboard(service.sessions, "toy", limit=1)
    assert [p["name"] for p in board["players"]] == [first.name] and board["total"] == 2 and board["next"]
    rest = leaderboard(service.sessions, "toy", limit=1, before=board["next"])
    assert [p["name"] for p in rest["players"]] == [second.name] and rest["next"] is None


def test_the_ratings_and_the_last_move_commit_together_or_not_at_all(world, monkeypatch):
    service, accounts = world
    ana, bea = accounts.create("Ana"), accounts.create("Bea")
    room = rated_room(service, accounts, [ana, bea])
    rng = random.Random(5)
    while True:  # up to the move before the end
        probe = room.state.clone()
        player = probe.current_player()
        action = probe.sample_chance() if player < 0 else rng.choice(probe.legal_actions())
        probe.apply_action(action)
        if probe.is_terminal():
            break
        move(service, room, player, action)

    def broken(db, room):
        raise RuntimeError("the ratings table is gone")

    monkeypatch.setattr(ratings, "rate_finished", broken)
    moves = len(room.match.actions)
    with pytest.raises(RuntimeError):
        move(service, room, player, action)
    with service.sessions() as db:
        assert db.scalar(select(func.count()).select_from(ActionRow).where(ActionRow.room_id == room.id)) == moves
        assert db.scalar(select(RoomRow.status).where(RoomRow.id == room.id)) == "running"
        assert db.scalar(select(func.count()).select_from(RatingRow)) == 0


def test_a_game_against_a_bot_moves_the_person_not_the_bot(world):
    service, accounts = world
    ana = accounts.create("Ana")
    before = bot_ratings("toy")
    room = rated_room(service, accounts, [ana], bots=["hard"])
    play_at_random(service, room, random.Random(11), 10_000)
    mine = rating(service, ana)
    assert mine["games"] == 1 and mine["rating"] != 1500
    assert (mine["rating"] > 1500) == (room.result()["winners"] == [0])
    assert bot_ratings("toy") == before
    assert [p["name"] for p in leaderboard(service.sessions, "toy")["players"]] == ["Ana"]


def test_a_seat_its_person_left_ranks_last_even_ahead_on_the_board(world):
    service, accounts = world
    ana, bea = accounts.create("Ana"), accounts.create("Bea")
    room = rated_room(service, accounts, [ana, bea])
    play_at_random(service, room, random.Random(3), 10_000)
    winner = room.result()["winners"][0]
    assert ranks_of(room)[winner] == 1
    room.seats[winner].taken_over = True  # a bot played on for them: they left
    assert ranks_of(room)[winner] == 2 and ranks_of(room)[1 - winner] == 1


def test_an_anonymous_seat_or_an_unrated_bot_means_no_rating(world):
    service, accounts = world
    ana = accounts.create("Ana")
    room, secret = service.create("toy", {}, [{"kind": "human"}, {"kind": "human"}], creator={"seat": 0, "name": "Ana"}, rated=True)
    accounts.link_seat(ana.id, room.id, 0)
    service.claim(room.id, 1, "someone", secret["invites"][1])  # as an old client might, not signed in
    play_at_random(service, room, random.Random(2), 10_000)
    assert room.status == "finished" and rating(service, ana)["games"] == 0
    with pytest.raises(RoomError) as refused:
        service.create("toy", {}, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], creator={"seat": 0}, rated=True)
    assert refused.value.message.en.endswith("a rated game's bots are easy, medium or hard"), refused.value.message
    with pytest.raises(RoomError) as refused:
        service.create("piramide", {}, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "easy"}],
                       creator={"seat": 0}, rated=True)
    assert refused.value.message.es.endswith("los bots de una partida puntuable son fácil, medio, difícil o experto")


def test_over_http_a_rated_room_needs_people_signed_in_and_the_leaderboard_is_json(tmp_path):
    app = create_app(f"sqlite:///{tmp_path}/h.db", bot_delay=0, limits=UNLIMITED, bot_mode="thread")
    with TestClient(app, base_url=SITE, headers={"origin": SITE}) as anon:
        spec = {"game": "toy", "seats": [{"kind": "human"}, {"kind": "human"}], "name": "Ana", "seat": 0, "rated": True}
        assert anon.post("/api/rooms", json=spec).status_code == 403
        ana = TestClient(app, base_url=SITE, headers={"origin": SITE})
        assert ana.post("/api/account/signup", json={"name": "Ana", "password": "correct horse battery"}).status_code == 201
        made = ana.post("/api/rooms", json=spec).json()
        assert made["room"]["rated"] is True
        refused = anon.post(f"/api/rooms/{made['room']['id']}/claim", json={"seat": 1, "invite": made["invites"]["1"]})
        assert refused.status_code == 403 and "sign in" in refused.json()["error"]["message"]["en"]
        board = anon.get("/api/leaderboard/toy").json()
        assert board["players"] == [] and board["bots"]["medium"] == 1500 and board["provisional_games"] == 10
        assert anon.get("/api/leaderboard/nonsense").status_code == 404
        described = {g["name"]: g for g in anon.get("/api/games").json()["games"]}
        assert described["prime-climb"]["bot_ratings"] == bot_ratings("prime-climb") == {"easy": 434, "medium": 1500, "hard": 1840}
        assert anon.get("/api/leaderboard/toy?before=nan~1").status_code == 400
        assert anon.get("/api/leaderboard/toy?limit=1000").status_code == 422
