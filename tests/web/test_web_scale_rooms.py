"""Rooms loaded from snapshots are the rooms as played; idle rooms leave memory and come back the same.

A room's state document is stored every few actions (where no undo is open) and when it ends;
loading a room replays only the actions after its newest snapshot. For every game, a room played
at random (with undos) is compared, at many points, with the same room loaded from its snapshot
and with the same room replayed whole: state, random stream, version, log (every viewer, both
languages, the events), every seat's view, legal moves, undo, record.
"""

from __future__ import annotations

import random
import tracemalloc

import pytest
from db_before_alembic import before_alembic
from sqlalchemy import func, select

from ludoteca.engine import CHANCE, game_names, view_document
from ludoteca.web.db import ActionRow, RoomRow, SnapshotRow, make_engine, make_sessions
from ludoteca.web.rooms import RoomService

from web_support import play_at_random

LANGS = ("en", "es")


def service_over(url: str, every: int = 5) -> RoomService:
    service = RoomService(make_sessions(make_engine(url)), seeds=iter(range(500, 10_000)).__next__)
    service.snapshot_every = every
    return service


def seated(service: RoomService, game: str, players: int = 2):
    room, secret = service.create(game, {}, [{"kind": "human"} for _ in range(players)], creator={"seat": 0, "name": "Ana"})
    for seat in range(1, players):
        service.claim(room.id, seat, f"P{seat}", secret["invites"][seat])
    return room


def fingerprint(room) -> dict:
    """Everything a player, a spectator or a record could see of the room, per seat and language."""
    viewers = [*range(len(room.seats)), None]
    state = room.state
    return {
        "state": state.to_json(),
        "rng": state.rng.s,
        "version": room.version,
        "status": room.status,
        "actions": list(room.match.actions),
        "log": [(e.player, e.notation, e.events, [e.for_viewer(v, lg) for v in viewers for lg in LANGS]) for e in room.log],
        "views": [view_document(state, v) for v in viewers],
        "legal": [room.legal_for(v, lg) for v in viewers for lg in LANGS],
        "can_undo": [room.match.can_undo(v) for v in range(len(room.seats))],
        "undo_owner": room.match._undo_owner,
        "undo_why": None if room.match._undo_why is None else room.match._undo_why.to_json(),
        "messages": [room.message_for(v, lg) for v in viewers for lg in LANGS],
        "result": room.result(),
        "record": room.match.record().to_json(),
    }


def replayed_whole(service: RoomService, room_id: str):
    """The room rebuilt from its first action, ignoring every snapshot: what it was before snapshots."""
    with service.sessions() as db:
        row = db.get(RoomRow, room_id)
        actions = db.execute(select(ActionRow.player, ActionRow.action, ActionRow.events, ActionRow.lines)
                             .where(ActionRow.room_id == room_id).order_by(ActionRow.index)).all()
        return service._rebuild(row, list(row.seats), actions, None)


@pytest.mark.parametrize("game", game_names())
def test_a_room_loaded_from_its_snapshot_is_the_room_replayed_whole_in_every_game(tmp_path, game):
    url = f"sqlite:///{tmp_path}/rooms.db"
    live = service_over(url)
    room = seated(live, game, 3)
    rng = random.Random(7)
    checked = undone = 0
    for step in range(260):
        if room.status != "running":
            break
        player = room.state.current_player()
        if player == CHANCE:
            live.apply(room, room.state.sample_chance())
        elif room.match.can_undo(player) and rng.random() < 0.15:
            live.undo(room, player, room.version)
            undone += 1
        else:
            notation = room.state.action_to_string(rng.choice(room.state.legal_actions()))
            live.act(room, player, room.version, notation)
        if step % 23 == 11 or room.status != "running":
            fresh = service_over(url)
            loaded = fresh.get(room.id)
            assert fresh.replayed <= live.snapshot_every + 1, "loading replays only the actions after the snapshot"
            whole = replayed_whole(service_over(url), room.id)
            expected = fingerprint(room)
            assert fingerprint(loaded) == expected
            assert fingerprint(whole) == expected
            checked += 1
            room = loaded  # and play on in the loaded room: it goes on exactly as the live one would
            live = fresh
    assert checked >= (5 if step >= 5 * 23 else 2), (step, checked)  # a short game (the toy template): mid-game and its end
    with live.engine.connect() as db:
        snapshots = db.execute(select(func.count()).select_from(SnapshotRow).where(SnapshotRow.room_id == room.id)).scalar()
    assert snapshots >= 3


def test_a_snapshot_is_never_taken_inside_an_open_undo_and_undo_forgets_later_ones(tmp_path):
    from web_support import toy_games

    with toy_games():
        url = f"sqlite:///{tmp_path}/rooms.db"
        service = service_over(url, every=1)
        room = seated(service, "toy")
        while room.state.current_player() == CHANCE:
            service.apply(room, room.state.sample_chance())
        with service.engine.connect() as db:
            before = db.execute(select(func.max(SnapshotRow.moves)).where(SnapshotRow.room_id == room.id)).scalar() or 0
        service.act(room, 0, room.version, "add")  # a decision that may be taken back: no snapshot at it
        assert room.match.can_undo(0)
        with service.engine.connect() as db:
            assert (db.execute(select(func.max(SnapshotRow.moves)).where(SnapshotRow.room_id == room.id)).scalar() or 0) == before
        service.undo(room, 0, room.version)
        again = service_over(url).get(room.id)
        assert fingerprint(again) == fingerprint(room)


def test_a_live_room_evicted_and_loaded_again_is_identical(tmp_path):
    url = f"sqlite:///{tmp_path}/rooms.db"
    service = service_over(url, every=48)
    room = seated(service, "piramide", 3)
    rng = random.Random(3)
    play_at_random(service, room, rng, 31)
    expected = fingerprint(room)
    assert service.evict(room) and room.id not in service.rooms
    service.replayed = 0
    back = service.get(room.id)
    assert back is not room and fingerprint(back) == expected
    assert service.replayed <= 1  # the eviction's snapshot covers every action (or all but an open undo)


def test_memory_per_action_of_a_live_room_is_small(tmp_path):
    """The log keeps each action's events, not a line per viewer and language: measured here."""
    url = f"sqlite:///{tmp_path}/rooms.db"
    service = service_over(url, every=48)
    room = seated(service, "aggravation", 4)
    rng = random.Random(11)
    play_at_random(service, room, rng, 40)  # warm every cache first
    tracemalloc.start()
    start_actions = len(room.log)
    base = tracemalloc.take_snapshot()
    play_at_random(service, room, rng, 400)
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(s.size_diff for s in after.compare_to(base, "filename"))
    per_action = grown / max(1, len(room.log) - start_actions)
    print(f"memory per action: {per_action:.0f} bytes ({len(room.log) - start_actions} actions)")
    assert per_action < 4096, per_action


def test_a_database_from_before_snapshots_opens_lists_and_loads_its_rooms(tmp_path):
    """No snapshots table, no events, lines, lobby, moves or result columns: the rooms are replayed
    whole, the lobby lists them (their moves and result filled in once), and new moves keep it all."""
    import sqlite3

    path = tmp_path / "old.db"
    url = f"sqlite:///{path}"
    service = service_over(url)
    finished = seated(service, "piramide", 2)
    rng = random.Random(1)
    play_at_random(service, finished, rng, 100_000)
    live = seated(service, "piramide", 2)
    while live.state.current_player() == CHANCE:
        service.apply(live, live.state.sample_chance())
    expected = {finished.id: fingerprint(finished), live.id: fingerprint(live)}
    service.engine.dispose()
    old = sqlite3.connect(path)  # as the version before snapshots left it
    old.execute("DROP TABLE snapshots")
    old.execute("DROP INDEX ix_rooms_lobby")
    for table, column in (("actions", "events"), ("actions", "lines"), ("rooms", "lobby"), ("rooms", "moves"), ("rooms", "result")):
        old.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    old.commit()
    old.close()
    from ludoteca.web.schema import upgrade

    before_alembic(url)  # and no revision table: made before Alembic
    upgrade(make_engine(url, check=False))  # `ludoteca db upgrade`: refused until then
    again = service_over(url)
    assert again.resume() == 1 and list(again.rooms) == [live.id]
    listed = again.listing({}, "finished")
    assert [r["id"] for r in listed["finished"]] == [finished.id] and listed["finished"][0]["moves"] == len(finished.match.actions)
    assert listed["finished"][0]["result"] == finished.result()
    for room_id, want in expected.items():
        assert fingerprint(service_over(url).get(room_id)) == want
    room = again.get(live.id)
    player = room.state.current_player()
    again.act(room, player, room.version, room.state.action_to_string(room.state.legal_actions()[0]))
    assert fingerprint(service_over(url).get(live.id)) == fingerprint(room)
    assert service_over(url).listing({}, "finished")["finished"][0]["moves"] == len(finished.match.actions)
