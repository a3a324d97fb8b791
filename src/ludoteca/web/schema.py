"""The database's schema version (Alembic): a fresh database is made at the newest revision; an older
one is upgraded only when asked (`ludoteca db upgrade`), never behind anyone's back on start.

`ensure(engine)` is what every process opening the database calls (`db.make_engine`): on a database
without ludoteca's tables it creates them all and marks them as the newest revision (so the embedded
default needs nothing set up); on one at the newest revision it does nothing; on an older one (or
one from before Alembic, which has tables but no revision) it raises `DatabaseBehind`, whose message
names the command that upgrades it; on one a newer ludoteca upgraded, `DatabaseAhead`. PostgreSQL
processes starting together take an advisory lock, so only one creates or upgrades.
"""

from __future__ import annotations

import functools
from importlib import resources

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine

from ..engine import T

# the tables of the first revision: a database holding any of them is ludoteca's (else it is fresh)
BASELINE_TABLES = {"rooms", "seats", "actions", "snapshots", "auto_moves", "chat"}
LOCK = 7411  # PostgreSQL advisory lock held while creating or upgrading


class DatabaseBehind(Exception):
    """The database is older than this code; `message` (T) says how to upgrade it."""

    def __init__(self, message: T):
        super().__init__(message.en)
        self.message = message


class DatabaseAhead(DatabaseBehind):
    """The database was upgraded by a newer ludoteca than this one."""


def config(connection: Connection | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(resources.files("ludoteca.web").joinpath("migrations")))
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


@functools.lru_cache(maxsize=1)
def head() -> str:
    """The newest revision this code knows."""
    return ScriptDirectory.from_config(config()).get_current_head()


@functools.lru_cache(maxsize=1)
def known() -> frozenset[str]:
    return frozenset(r.revision for r in ScriptDirectory.from_config(config()).walk_revisions())


def current(connection: Connection) -> str | None:
    """The database's revision: None for one without any (fresh, or made before Alembic)."""
    return MigrationContext.configure(connection).get_current_revision()


def state(connection: Connection) -> str:
    """"fresh" (none of ludoteca's tables), "current", "behind" (an older revision, or none: made
    before Alembic) or "ahead" (a revision this code does not know)."""
    revision = current(connection)
    if revision is None:
        return "behind" if BASELINE_TABLES & set(inspect(connection).get_table_names()) else "fresh"
    if revision == head():
        return "current"
    return "behind" if revision in known() else "ahead"


def _locked(connection: Connection) -> None:
    if connection.dialect.name == "postgresql":
        connection.execute(text(f"SELECT pg_advisory_xact_lock({LOCK})"))


def shown(url) -> str:
    return url.render_as_string(hide_password=True) if hasattr(url, "render_as_string") else str(url)


def _where(engine: Engine) -> str:
    """The --db value that names this database for the upgrade command."""
    url = engine.url
    if url.get_backend_name() == "sqlite" and url.database:
        return url.database
    return shown(url).replace("+psycopg", "")


def ensure(engine: Engine) -> None:
    """Create a fresh database at the newest revision; refuse an older or newer one (see the module)."""
    from .db import all_models

    with engine.begin() as connection:
        _locked(connection)
        found = state(connection)
        if found == "fresh":
            all_models().create_all(connection)
            command.stamp(config(connection), "head")
            return
    if found == "behind":
        where = _where(engine)
        raise DatabaseBehind(T(f"the database {where} is older than this ludoteca: upgrade it first with `ludoteca db upgrade --db {where}`",
                               f"la base de datos {where} es más antigua que este ludoteca: actualízala antes con `ludoteca db upgrade --db {where}`"))
    if found == "ahead":
        raise DatabaseAhead(T(f"the database {_where(engine)} was upgraded by a newer ludoteca than this one: run that version",
                              f"la base de datos {_where(engine)} la actualizó un ludoteca más nuevo que este: usa esa versión"))


def upgrade(engine: Engine) -> tuple[str | None, str]:
    """Bring the database to the newest revision (a fresh one is created); returns (before, after)."""
    with engine.begin() as connection:
        _locked(connection)
        before = current(connection)
        if state(connection) == "ahead":
            raise DatabaseAhead(T(f"the database was upgraded by a newer ludoteca ({before}) than this one",
                                  f"la base de datos la actualizó un ludoteca más nuevo ({before}) que este"))
        command.upgrade(config(connection), "head")
        return before, current(connection)
