"""Reconnect at once (issue 44): a room's page is back in play within a few seconds when the
network returns (the `online` event), when the page is seen again (visibilitychange), and when
the server restarts; the retries back off to at most 2.5 s. Real Chromium, real uvicorn servers."""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager

import httpx
import pytest
from web_support import PHONE, browser, chromium_available, free_port

pytestmark = [pytest.mark.slow, pytest.mark.exclusive, pytest.mark.skipif(not chromium_available(), reason="needs Chromium and Playwright")]


@contextmanager
def server_on(port: int, db_url: str):
    """A uvicorn server on a given port (a restart comes back on the same address)."""
    import uvicorn

    from ludoteca.web import create_app
    from ludoteca.web.limits import UNLIMITED

    server = uvicorn.Server(uvicorn.Config(create_app(db_url, bot_delay=0.02, limits=UNLIMITED), host="127.0.0.1", port=port,
                                           log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(1000):  # readiness, not a time limit
        if server.started:
            break
        time.sleep(0.01)
    try:
        yield server
    finally:
        server.should_exit = True
        thread.join(timeout=15)


def room_page(b, url):
    made = httpx.post(f"{url}/api/rooms", json={"game": "aggravation", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
                                               "name": "Ana", "seat": 0}, timeout=60).json()
    rid, token = made["room"]["id"], made["token"]
    ctx = b.new_context(**PHONE)
    ctx.add_init_script(f"localStorage.setItem('ludoteca:seat:{rid}', JSON.stringify({{seat: 0, token: '{token}'}}));")
    ctx.add_init_script(WATCH)
    page = ctx.new_page()
    page.goto(f"{url}/room/{rid}")
    page.wait_for_selector("#board .choice")
    return page


# when each connection was opened, and when the network came back (read by the tests)
WATCH = """(() => {
  const Real = window.WebSocket; window.__opened = [];
  window.WebSocket = function (...args) { window.__opened.push(performance.now()); return new Real(...args); };
  Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  window.WebSocket.prototype = Real.prototype;
  window.addEventListener('online', () => { window.__onlineAt = performance.now(); });
})()"""

CONNECTED = "() => window.ludotecaSocket().readyState === 1 && document.getElementById('offline').classList.contains('hidden')"


def back_in(page) -> float:
    """Seconds until the page is connected again and its banner gone."""
    start = time.monotonic()
    page.wait_for_function(CONNECTED, timeout=15000, polling=50)
    return time.monotonic() - start


@pytest.fixture(scope="module")
def chromium():
    with browser() as b:
        yield b


def test_back_at_once_when_the_network_returns(chromium, tmp_path):
    port = free_port()
    with server_on(port, f"sqlite:///{tmp_path}/r.db"):
        url = f"http://127.0.0.1:{port}"
        page = room_page(chromium, url)
        page.context.set_offline(True)
        page.evaluate("window.ludotecaSocket().close()")  # the connection the network took with it
        page.wait_for_selector("#offline", state="visible")
        page.wait_for_timeout(4000)  # long enough for the retries to back off to their longest wait
        page.context.set_offline(False)
        took = back_in(page)
        assert took < 1.5, took
        # at once: a connection opened as the network came back, not at the next retry (up to 2.5 s later)
        assert page.evaluate("window.__opened.some((t) => t >= window.__onlineAt && t < window.__onlineAt + 150)")
        page.context.close()


def test_back_within_3_s_of_a_server_restart_and_at_once_when_the_page_is_seen(chromium, tmp_path):
    port, db = free_port(), f"sqlite:///{tmp_path}/r.db"
    url = f"http://127.0.0.1:{port}"
    with server_on(port, db):
        page = room_page(chromium, url)
    page.wait_for_selector("#offline", state="visible")
    page.wait_for_timeout(3000)  # the server is down a while: the page retries, backing off
    with server_on(port, db):
        took = back_in(page)
        assert took < 3, took
        version = page.evaluate("window.ludotecaState().version")
    assert version >= 0
    # down again; when the page is seen (the phone's screen back on) it reconnects at once
    page.wait_for_selector("#offline", state="visible")
    page.wait_for_timeout(4000)
    with server_on(port, db):
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        took = back_in(page)
        assert took < 1.5, took
    page.context.close()
