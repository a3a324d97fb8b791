"""The database's schema by Alembic: a database made before Alembic (by commit 155c742, kept as data in
`tests/support/data/db_before_alembic.json`) upgrades with `ludoteca db upgrade`, on SQLite and on a real
PostgreSQL, with every room, seat, action, snapshot, move due and chat line as it was, and its games go
on; `serve` refuses an old database in one line naming that command; a fresh one is made at the
newest revision with nothing to set up, and its tables are the models' exactly."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from db_before_alembic import fill, rows_of
from scale_support import SRC, missing, needs_servers, postgres_server
from sqlalchemy import text

from ludoteca.engine import CHANCE
from ludoteca.web import schema
from ludoteca.web.db import all_models, make_engine, make_sessions
from ludoteca.web.limits import UNLIMITED
from ludoteca.web.rooms import RoomService


@pytest.fixture(scope="module")
def pg():
    if missing():
        yield None
        return
    with postgres_server() as new_database:
        yield new_database


def url_of(kind: str, tmp_path, pg) -> str:
    return f"sqlite:///{tmp_path}/old.db" if kind == "sqlite" else pg()


def cli(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=SRC, LUDOTECA_LANG="en")
    return subprocess.run([sys.executable, "-m", "ludoteca.cli.main", *args], capture_output=True, text=True, env=env, timeout=120)


def differences(url: str) -> list:
    """What the database's tables lack or have beyond the models (Alembic's comparison)."""
    engine = make_engine(url, check=False)
    with engine.connect() as db:
        found = compare_metadata(MigrationContext.configure(db, opts={"compare_type": True}), all_models())
    engine.dispose()
    return found


def as_before(now: dict[str, list[dict]], before: dict[str, list[dict]]) -> bool:
    """Every old row as it was in every old column; a column added since is empty (or false) in old rows."""
    for table, rows in before.items():
        if len(now[table]) != len(rows):
            return False
        for new, old in zip(now[table], rows):
            if {k: new[k] for k in old} != old or any(new[k] not in (None, False) for k in new.keys() - old.keys()):
                return False
    return True


both = pytest.mark.parametrize("kind", ["sqlite", pytest.param("postgresql", marks=needs_servers())])


@both
def test_a_database_from_before_alembic_upgrades_with_every_row_intact_and_its_games_go_on(tmp_path, pg, kind):
    url = url_of(kind, tmp_path, pg)
    data = fill(url)
    assert rows_of(url) == data["rows"], "the old database as that version left it"
    with pytest.raises(schema.DatabaseBehind) as refused:
        make_engine(url)
    assert "ludoteca db upgrade --db" in str(refused.value)

    done = cli("db", "upgrade", "--db", url)
    assert done.returncode == 0, done.stderr
    assert f"to {schema.head()}" in done.stdout
    assert as_before(rows_of(url), data["rows"]), "every room, seat, action, snapshot, move due and chat line kept"
    assert differences(url) == [], "the tables are the models' exactly"
    again = cli("db", "upgrade", "--db", url)
    assert again.returncode == 0 and "up to date" in again.stdout

    service = RoomService(make_sessions(make_engine(url)), limits=UNLIMITED)
    stored = {}
    for row in data["rows"]["actions"]:
        stored.setdefault(row["room_id"], []).append(row["action"])
    for room_row in data["rows"]["rooms"]:
        room = service.get(room_row["id"])
        assert [a["action"] for a in room.match.actions] == stored.get(room.id, [])
        assert room.status == room_row["status"] and room.version == room_row["version"]
        if room.status == "finished":
            assert room.result() == room_row["result"]
    live = next(service.get(r["id"]) for r in data["rows"]["rooms"] if r["status"] == "running" and r["moves"] > 0)
    player = live.state.current_player()
    before = len(live.match.actions)
    if player == CHANCE:
        service.apply(live, live.state.sample_chance())
    else:
        service.act(live, player, live.version, live.state.action_to_string(live.state.legal_actions()[0]))
    reloaded = RoomService(make_sessions(make_engine(url)), limits=UNLIMITED).get(live.id)
    assert len(reloaded.match.actions) == before + 1 and reloaded.state.to_json() == live.state.to_json()
    listed = service.listing({}, "finished")["finished"]
    assert sorted(r["id"] for r in listed) == sorted(r["id"] for r in data["rows"]["rooms"] if r["status"] == "finished")


def test_an_older_database_still_gets_the_columns_and_lists_it_lacked(tmp_path):
    """Made before the lobby was paged in SQL and before bot-only rooms were counted: the first
    revision adds the columns and files the rooms as the servers used to do on start."""
    import sqlite3

    url = url_of("sqlite", tmp_path, None)
    data = fill(url)
    with sqlite3.connect(tmp_path / "old.db") as old:
        for index in ("ix_rooms_lobby", "ix_rooms_network", "ix_rooms_live"):
            old.execute(f"DROP INDEX {index}")
        for column in ("lobby", "bots_only", "client", "network"):
            old.execute(f"ALTER TABLE rooms DROP COLUMN {column}")
        old.execute("ALTER TABLE seats DROP COLUMN invite_only")
    assert cli("db", "upgrade", "--db", url).returncode == 0
    assert differences(url) == []
    rows = rows_of(url)
    for room, was in zip(rows["rooms"], data["rows"]["rooms"]):
        assert room["lobby"] == was["lobby"] and room["bots_only"] == was["bots_only"]
        assert room["client"] is None and room["network"] is None  # never kept then: not made up now
    assert [s["invite_only"] for s in rows["seats"]] == [False] * len(rows["seats"])
    assert rows["actions"] == data["rows"]["actions"] and rows["snapshots"] == data["rows"]["snapshots"]


def test_serve_refuses_an_old_database_in_one_line_naming_the_command(tmp_path):
    url = url_of("sqlite", tmp_path, None)
    fill(url)
    done = cli("serve", "--db", str(tmp_path / "old.db"), "--port", "1")
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and f"ludoteca db upgrade --db {tmp_path / 'old.db'}" in lines[0], done.stderr
    assert "Traceback" not in done.stderr
    spanish = subprocess.run([sys.executable, "-m", "ludoteca.cli.main", "serve", "--db", str(tmp_path / "old.db"), "--lang", "es"],
                             capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=SRC), timeout=120)
    assert spanish.returncode == 2 and "actualízala antes con `ludoteca db upgrade" in spanish.stderr


def test_a_fresh_database_needs_nothing_set_up_and_is_made_at_the_newest_revision(tmp_path):
    url = f"sqlite:///{tmp_path}/fresh.db"
    engine = make_engine(url)
    with engine.connect() as db:
        assert schema.current(db) == schema.head() and schema.state(db) == "current"
    engine.dispose()
    assert differences(url) == []
    # the revisions from nothing give the same tables as the models
    other = f"sqlite:///{tmp_path}/by-revisions.db"
    assert cli("db", "upgrade", "--db", other).returncode == 0
    assert differences(other) == []
    make_engine(other).dispose()


def test_a_database_a_newer_ludoteca_upgraded_is_refused(tmp_path):
    url = f"sqlite:///{tmp_path}/newer.db"
    make_engine(url).dispose()
    engine = make_engine(url, check=False)
    with engine.begin() as db:
        db.execute(text("UPDATE alembic_version SET version_num = 'f00dfeed'"))
    engine.dispose()
    with pytest.raises(schema.DatabaseAhead):
        make_engine(url)
    done = cli("db", "upgrade", "--db", url)
    assert done.returncode == 2 and "newer ludoteca" in done.stderr and "Traceback" not in done.stderr


@needs_servers()
def test_processes_starting_together_on_a_fresh_postgresql_make_it_once(pg):
    url = pg()
    errors: list[BaseException] = []

    def start():
        try:
            make_engine(url).dispose()
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=start) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and differences(url) == []
