"""What the mail tests share: a live server whose mail goes to a real SMTP server the test started,
accounts made and confirmed over HTTP as a browser would, and rooms where they sit."""

from __future__ import annotations

import re
import time
from contextlib import contextmanager

import httpx
from mail_support import smtp_server
from web_support import live_server, toy_games

from ludoteca.web.limits import UNLIMITED
from ludoteca.web.mail import MailSettings


class FakeClock:
    """The mail's time source: tests move it days ahead without waiting."""

    def __init__(self, now: float = 1_796_000_000.0):  # a Thursday, 2026-11-29 ... any fixed moment
        self.now = now

    def __call__(self) -> float:
        return self.now


@contextmanager
def mail_site(folder, mode="plain", certificates=None, password=False, catcher=None, db_url=None, mail_every=3600.0, **app):
    """Yields (url, app, catcher): the app's own sender task runs at start and then every `mail_every`
    seconds (by default, in effect only when a test calls `send(app)`)."""
    with smtp_server(mode, certificates, password, catcher) as (catcher, port):
        scheme = "smtps" if mode == "implicit" else "smtp"
        settings = MailSettings(host="127.0.0.1", port=port, tls="implicit" if mode == "implicit" else "starttls",
                                sender="games@ludoteca.test", public_url="http://games.ludoteca.test",
                                cafile=certificates.cafile if certificates else None, timeout=20)
        if password:
            from mail_support import PASSWORD, USER

            settings.user, settings.password = USER, PASSWORD
        assert scheme
        with toy_games(), live_server(db_url or f"sqlite:///{folder / 'mail.db'}", bot_delay=0.0, limits=UNLIMITED,
                                      mail=settings, mail_every=mail_every, **app) as (url, made):
            made.state.rates.add("signup", None)  # the tests make many accounts from one address
            yield url, made, catcher


def send(app) -> int:
    """One round of the app's own sender (what its task does every few seconds): rows claimed."""
    return app.state.mail_sender.run_once()


def client(url: str) -> httpx.Client:
    return httpx.Client(base_url=url, headers={"origin": url}, timeout=60)


def link_in(mail, path: str) -> str:
    """The link of `path` in the mail's plain text (the public URL the host set)."""
    text = mail.message.get_body(("plain",)).get_content()
    found = re.search(r"http://games\.ludoteca\.test(" + re.escape(path) + r"\S*)", text)
    assert found, text
    return found.group(1)


def account(url, app, catcher, name: str, address: str | None = None, lang: str = "en") -> httpx.Client:
    """A signed-in account; with `address`, confirmed through the link mailed to it."""
    c = client(url)
    answer = c.post("/api/account/signup", json={"name": name, "password": "a long password here"})
    assert answer.status_code == 201, answer.text
    if address:
        before = len(catcher.mails)
        assert c.post("/api/account/mail", json={"address": address, "lang": lang}).status_code == 200
        send(app)
        mail = catcher.wait(before + 1)[-1]
        token = link_in(mail, "/mail/confirm#t=").split("#t=")[1]
        assert c.post("/api/mail/confirm", json={"token": token}).json() == {"address": address}
    return c


def table(url, creator: httpx.Client, other: httpx.Client | None = None, other_name: str = "Bea") -> str:
    """A toy game between the creator (seat 0) and `other` (seat 1, claimed signed in, or a guest)."""
    made = creator.post("/api/rooms", json={"game": "toy", "seats": [{"kind": "human"}, {"kind": "human"}], "seat": 0, "name": "Ana"})
    assert made.status_code == 200, made.text
    room = made.json()["room"]["id"]
    joined = (other or client(url)).post(f"/api/rooms/{room}/claim", json={"seat": 1, "name": other_name})
    assert joined.status_code == 200, joined.text
    return room


def until(check, what):
    """`check()`'s first true answer, waited for (readiness, not a time limit: 30 s at most)."""
    for _ in range(1500):
        got = check()
        if got:
            return got
        time.sleep(0.02)
    raise AssertionError(what)
