"""Helpers for the web tests: a live server in a thread, a headless Chromium, a WebSocket client."""

from __future__ import annotations

import os
import socket
import threading
import time
from contextlib import contextmanager

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def live_server(db_url: str, **app_kwargs):
    """A real uvicorn server on a free port, in a thread of this process (so test-registered games work)."""
    import uvicorn

    from ludoteca.web import create_app

    port = free_port()
    app = create_app(db_url, **app_kwargs)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    # readiness, not a time limit: wait until it listens (its startup opens the database and the bot
    # workers, slow on a loaded machine) or its thread has ended (the test then fails on the refusal)
    deadline = time.monotonic() + 300
    while not server.started and thread.is_alive() and time.monotonic() < deadline:
        time.sleep(0.02)
    if server.started:  # the server's event loop, for on_server_loop
        app.state.test_loop = server.servers[0].get_loop()
    try:
        yield f"http://127.0.0.1:{port}", app
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def chromium_available() -> bool:
    try:
        import playwright  # noqa: F401
    except ImportError:
        return False
    return os.path.exists(CHROMIUM)


@contextmanager
def browser_site(folder, bot_delay: float):
    """What the browser tests share: a live server on a fresh SQLite file in `folder`, the test
    games, no rate limits (they play fast from one address; test_web_limits tests the limits), the
    same seeds every run (the rooms' dice and bots), and a browser. Yields (url, browser)."""
    import itertools

    from ludoteca.web.limits import UNLIMITED

    seeds = itertools.count(2026).__next__
    with toy_games(), live_server(f"sqlite:///{folder / 'rooms.db'}", bot_delay=bot_delay, limits=UNLIMITED,
                                  seeds=seeds) as (url, _app), browser() as b:
        yield url, b


@contextmanager
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


@contextmanager
def toy_games():
    """Register the test games (the toy race and the hidden-card game) for the duration."""
    from hiddentoy import HiddenGame
    from toygame import ToyGame

    from ludoteca.engine.registry import register_game, unregister_game

    register_game(ToyGame)
    register_game(HiddenGame)
    try:
        yield
    finally:
        unregister_game("toy")
        unregister_game("hidden-toy")


def create_room(client, game="toy", seats=None, **extra):
    body = {"game": game, "seats": seats or [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "name": "ana", **extra}
    response = client.post("/api/rooms", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def receive_state(ws, errors=None):
    """The next state message (error messages before it are collected in `errors`)."""
    while True:
        msg = ws.receive_json()
        if msg["type"] == "state":
            return msg
        if errors is not None:
            errors.append(msg)


def play_to_end(ws, pick=lambda legal: legal[0]["action"], limit=2000):
    """Answer every state that offers moves until the game ends; returns the last state."""
    msg = receive_state(ws)
    for _ in range(limit):
        if msg["view"]["is_terminal"]:
            return msg
        if msg["legal"]:
            ws.send_json({"type": "act", "version": msg["version"], "action": pick(msg["legal"])})
        msg = receive_state(ws)
    raise AssertionError("the game did not end")


# --- the room pages in a browser (phone-first tests) ---------------------------------------------
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def open_room(browser, url, game, seats=None, options=None, context=None, **room):
    """A room with this browser in seat 0 (a person) against `seats` (bot names); returns (page, room id).
    The seat's token is put in the page's localStorage as the lobby would."""
    import httpx

    spec = [{"kind": "human"}] + [{"kind": "bot", "bot": b} for b in (seats or ["random"])]
    made = httpx.post(f"{url}/api/rooms", json={"game": game, "seats": spec, "options": options or {}, "name": "Ana", "seat": 0, **room}, timeout=60).json()
    rid, token = made["room"]["id"], made["token"]
    ctx = context or browser.new_context(**PHONE)
    ctx.add_init_script(f"localStorage.setItem('ludoteca:seat:{rid}', JSON.stringify({{seat: 0, token: '{token}'}}));")
    page = ctx.new_page()
    page.goto(f"{url}/room/{rid}")
    page.wait_for_selector("#board > *")
    return page, rid


def finished_room(url, game="piramide") -> str:
    """A game between two bots, played by the server to its end; returns the room id."""
    import time

    import httpx

    made = httpx.post(f"{url}/api/rooms", json={"game": game, "seats": [{"kind": "bot", "bot": "random"}] * 2, "seat": None},
                      timeout=60).json()  # httpx's own 5 s is not enough on a loaded machine
    rid = made["room"]["id"]
    for _ in range(3000):  # readiness, not a time limit: until the server has played it out
        if httpx.get(f"{url}/api/rooms/{rid}", timeout=60).json()["status"] == "finished":
            return rid
        time.sleep(0.05)
    raise AssertionError("the bots did not finish")


def on_server_loop(app, fn, *args):
    """fn(*args) run in a live_server's event-loop thread, and its result: a test that plays a live
    room through its service then never races the server's own bot moves on the same room."""
    import asyncio

    async def call():
        return fn(*args)

    return asyncio.run_coroutine_threadsafe(call(), app.state.test_loop).result(timeout=600)


def play_at_random(service, room, rng, steps: int):
    """Play up to `steps` actions of a live room through its service, every decision at random from
    `rng` and every chance outcome sampled: stops early when the game ends. Returns the actions taken."""
    from ludoteca.engine import CHANCE

    taken = 0
    while taken < steps and room.status == "running":
        player = room.state.current_player()
        if player == CHANCE:
            service.apply(room, room.state.sample_chance())
        else:
            service.act(room, player, room.version, room.state.action_to_string(rng.choice(room.state.legal_actions())))
        taken += 1
    return taken


def finished_games(url: str, count: int):
    """`count` finished two-person Pirámide games stored at `url` (the db commands' and the export's
    tests): the room service and its rooms."""
    import random

    from ludoteca.engine import CHANCE
    from ludoteca.web.db import make_engine, make_sessions
    from ludoteca.web.limits import UNLIMITED
    from ludoteca.web.rooms import RoomService

    service = RoomService(make_sessions(make_engine(url)), seeds=iter(range(40, 10_000)).__next__, limits=UNLIMITED)
    rooms = []
    for k in range(count):
        room, secret = service.create("piramide", {"length": "short"}, [{"kind": "human"}, {"kind": "human"}], creator={"seat": 0, "name": "Ana"})
        service.claim(room.id, 1, "Bea", secret["invites"][1])
        rng = random.Random(k)
        while room.status == "running":
            player = room.state.current_player()
            if player == CHANCE:
                service.apply(room, room.state.sample_chance())
            else:
                service.act(room, player, room.version, room.state.action_to_string(rng.choice(room.state.legal_actions())))
        rooms.append(room)
    return service, rooms
