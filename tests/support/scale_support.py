"""Throw-away PostgreSQL and Redis servers for the scale tests, and server / bot-worker processes.

Each server runs from Debian's binaries on a free loopback port in a temporary directory and is
gone after the test session. PostgreSQL refuses to run as root, so as root it runs as the
`postgres` user (`runuser`), in a directory that user owns.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager

from web_support import free_port

TESTS = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(os.path.dirname(os.path.dirname(TESTS)), "src")


def pg_bin() -> str | None:
    """The directory of PostgreSQL's server binaries (initdb, pg_ctl), newest version first."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0)
    if found:
        return os.path.dirname(found[-1])
    initdb = shutil.which("initdb")
    return os.path.dirname(initdb) if initdb else None


def redis_bin() -> str | None:
    return shutil.which("redis-server") or ("/usr/bin/redis-server" if os.path.exists("/usr/bin/redis-server") else None)


def missing() -> str | None:
    """Why PostgreSQL + Redis cannot be tested here, or None."""
    lacking = [name for name, path in (("PostgreSQL (initdb)", pg_bin()), ("redis-server", redis_bin())) if path is None]
    try:
        import psycopg  # noqa: F401
        import redis  # noqa: F401
    except ImportError:
        lacking.append("the `scale` extra (psycopg, redis)")
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            lacking.append("a `postgres` user to run PostgreSQL as (not root)")
    return ", ".join(lacking) or None


def needs_servers():
    """The mark of every PostgreSQL + Redis case; where they cannot run, conftest leaves them out and
    says so in one line."""
    import pytest

    return pytest.mark.servers


def skip_line(why: str) -> str:
    return f"PostgreSQL + Redis tests skipped: {why} not installed; running on the default (SQLite) only"


def _as_pg_user(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


@contextmanager
def postgres_server():
    """A PostgreSQL cluster of its own; yields a function making a fresh empty database -> its URL."""
    bindir = pg_bin()
    root = tempfile.mkdtemp(prefix="ludoteca-pg-")
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        os.chown(root, user.pw_uid, user.pw_gid)
    data, port = os.path.join(root, "data"), free_port()
    subprocess.run(_as_pg_user([f"{bindir}/initdb", "-D", data, "-U", "ludoteca", "--auth=trust", "-E", "UTF8", "--no-sync"]),
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
    subprocess.run(_as_pg_user([f"{bindir}/pg_ctl", "-D", data, "-o", options, "-l", os.path.join(root, "log"), "-w", "start"]),
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    import psycopg

    made = [0]

    def new_database() -> str:
        made[0] += 1
        name = f"t{made[0]}"
        with psycopg.connect(f"postgresql://ludoteca@127.0.0.1:{port}/postgres", autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return f"postgresql://ludoteca@127.0.0.1:{port}/{name}"

    try:
        yield new_database
    finally:
        subprocess.run(_as_pg_user([f"{bindir}/pg_ctl", "-D", data, "-m", "immediate", "-w", "stop"]),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(root, ignore_errors=True)


@contextmanager
def redis_server():
    """A Redis of its own (nothing saved to disk); yields a function giving a flushed URL."""
    import redis

    root = tempfile.mkdtemp(prefix="ludoteca-redis-")
    port = free_port()
    proc = subprocess.Popen([redis_bin(), "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                             "--dir", root], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    client = redis.Redis.from_url(url)
    for _ in range(500):  # readiness, not a time limit
        try:
            client.ping()
            break
        except redis.ConnectionError:
            time.sleep(0.01)

    def fresh() -> str:
        client.flushall()
        return url

    try:
        yield fresh
    finally:
        client.close()
        proc.terminate()
        proc.wait(timeout=10)
        shutil.rmtree(root, ignore_errors=True)


# --- processes ---------------------------------------------------------------------------------
SERVER = r"""
import sys
sys.path[:0] = [{tests!r}, {tests_root!r}, {src!r}]
from web_support import toy_games
games = toy_games()
games.__enter__()  # the test games, registered in this process too (kept: collected, it would unregister them)
kind, db, broker = sys.argv[1], sys.argv[2], sys.argv[3]
if kind == "serve":
    import uvicorn
    from ludoteca.web import create_app
    broker = None if broker == "-" else broker
    import dataclasses
    from ludoteca.web.limits import UNLIMITED
    app = create_app(db, bot_delay=0, takeover_after=3600, broker=broker, external_bots=broker is not None and sys.argv[5] == "external",
                     cluster_every=0.3, limits=dataclasses.replace(UNLIMITED, bot_workers=1))
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[4]), log_level="warning")
else:
    import signal, threading
    from ludoteca.web.botworker import BotWorker
    from ludoteca.web.broker import make_broker
    from ludoteca.web.db import make_engine, make_sessions
    from ludoteca.web.rooms import RoomService
    service = RoomService(make_sessions(make_engine(db)))
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    worker = BotWorker(service, make_broker(broker), lease=float(sys.argv[4]), poll=0.2)
    print("ready", flush=True)
    worker.run(stop)
"""


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=SRC + os.pathsep + os.environ.get("PYTHONPATH", ""))


def launch_server(db: str, broker: str | None, bots: str = "external") -> tuple[subprocess.Popen, str]:
    """A server process (uvicorn, the test games registered) and its base URL; `wait_ready` before use."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-c", SERVER.format(tests=TESTS, tests_root=os.path.dirname(TESTS), src=SRC), "serve", db, broker or "-", str(port), bots],
                            env=_env(), start_new_session=True)
    return proc, f"http://127.0.0.1:{port}"


def wait_ready(proc: subprocess.Popen, base: str) -> None:
    for _ in range(3000):  # readiness, not a time limit
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}")
        try:
            urllib.request.urlopen(base + "/api/games", timeout=5).read()
            return
        except OSError:
            time.sleep(0.02)
    proc.kill()
    raise RuntimeError("the server never answered")


def start_server(db: str, broker: str | None, bots: str = "external") -> tuple[subprocess.Popen, str]:
    proc, base = launch_server(db, broker, bots)
    wait_ready(proc, base)
    return proc, base


def launch_worker(db: str, broker: str, lease: float = 1.0) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", SERVER.format(tests=TESTS, tests_root=os.path.dirname(TESTS), src=SRC), "bots", db, broker, str(lease)],
                            env=_env(), stdout=subprocess.PIPE, text=True, start_new_session=True)


def worker_ready(proc: subprocess.Popen) -> subprocess.Popen:
    assert proc.stdout.readline().strip() == "ready"
    return proc


def start_worker(db: str, broker: str, lease: float = 1.0) -> subprocess.Popen:
    return worker_ready(launch_worker(db, broker, lease))


def kill9(proc: subprocess.Popen) -> None:
    """SIGKILL the process and whatever it started (a server's bot pool): as if its machine died."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait(timeout=10)


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
    try:  # and anything it left behind
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait(timeout=10)


def open_ws(url: str, **options):
    """A WebSocket client connection the test closes itself (reconnecting players keep theirs across
    calls). websockets >= 17.1 warns when connect() is not entered as a context manager; entering it
    by hand is the same on every version this project allows (>= 12)."""
    from websockets.sync.client import connect

    return connect(url, **options).__enter__()
