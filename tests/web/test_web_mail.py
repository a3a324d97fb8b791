"""Mail (issue 46) against a real SMTP server the test starts (aiosmtpd): the notifier's mails (your
turn, reminder, result) each recorded once however often the rooms tell it, in the account's language,
with a link to the seat and RFC 8058 one-click unsubscribe; the confirmation link (single use, expiry,
re-confirmation on a change); nothing queued without a confirmed address or wish; hostile names never
reach a header as anything but text; the daily digest."""

from __future__ import annotations

import time

import httpx
import pytest
from mail_site import FakeClock, account, client, link_in, mail_site, send, table, until
from sqlalchemy import func, select

from ludoteca.web.db import RoomRow
from ludoteca.web.mail.models import MailOutboxRow


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with mail_site(tmp_path_factory.mktemp("mail")) as (url, app, catcher):
        yield url, app, catcher


def outbox(app, **where):
    with app.state.service.sessions() as db:
        query = select(MailOutboxRow)
        for key, value in where.items():
            query = query.where(getattr(MailOutboxRow, key) == value)
        return list(db.scalars(query.order_by(MailOutboxRow.id)))


def others_decided(app, room: str, index: int, seat: int = 1) -> None:
    """Another seat's decision stored at `index` (as the room stores one): what makes a seat's next
    turn a new one for the mail (a seat's decisions in a row are one turn, one mail)."""
    from ludoteca.web.db import ActionRow

    with app.state.service.sessions.begin() as db:
        db.add(ActionRow(room_id=room, index=index, player=str(seat), action="add", rng=0))


def finish(app, room: str, result: dict | None = None) -> None:
    """The room's row says the game is over. The server rolls the first die in the background: this
    is written after that roll, and a version on, so that no later write of the room's own row (which
    says "running") can overwrite it (CI failed so once)."""
    until(lambda: app.state.service.get(room).state.current_player() == 0, "the first roll was not played")
    with app.state.service.sessions.begin() as db:
        row = db.get(RoomRow, room)
        row.status, row.result, row.version = "finished", result, row.version + 1


def test_your_turn_is_mailed_once_per_seat_and_turn_with_a_link_to_the_seat(site):
    url, app, catcher = site
    ana = account(url, app, catcher, "Ana Turn", "ana.turn@example.org")
    room = table(url, ana)
    notifier = app.state.mail_notifier
    before = len(catcher.mails)
    for _ in range(3):  # the rooms may tell the same turn again (a restart, another process): one mail
        notifier.your_turn(room, 0, 4, 1_900_000_000.0)
    notifier.your_turn(room, 1, 5, None)  # a guest's seat: no account, no mail
    assert len(outbox(app, key=f"turn:{room}:0:4")) == 1
    assert not outbox(app, key=f"turn:{room}:1:5")
    send(app)
    send(app)
    mails = catcher.wait(before + 1)
    assert len(mails) == before + 1
    mail = mails[-1]
    assert mail.recipients == ["ana.turn@example.org"]
    assert mail.message["To"].addresses[0].addr_spec == "ana.turn@example.org"
    assert mail.message["To"].addresses[0].display_name == "Ana Turn"
    assert mail.message["Subject"] == "Your turn: Toy race against Bea"
    assert link_in(mail, "/room/") == f"/room/{room}#seat=0"
    html = mail.message.get_body(("html",)).get_content()
    assert f'href="http://games.ludoteca.test/room/{room}#seat=0"' in html
    assert "You have until Sunday 17 March at 17:46 UTC to move." in mail.message.get_body(("plain",)).get_content()
    assert mail.message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert mail.message["List-Unsubscribe"].startswith("<http://games.ludoteca.test/api/mail/unsubscribe?t=")
    assert mail.message["Auto-Submitted"] == "auto-generated"
    [row] = outbox(app, key=f"turn:{room}:0:4")
    assert row.status == "sent" and row.attempts == 1
    # the seat's next decision in the same turn (no one else decided since): no new mail
    notifier.your_turn(room, 0, 5, None)
    assert not outbox(app, key=f"turn:{room}:0:5")
    # after Bea's decision, the seat's next turn is a new mail; a reminder for the turn is one more, once
    others_decided(app, room, 5)
    notifier.your_turn(room, 0, 6, None)
    notifier.reminder(room, 0, 6, 1_900_000_000.0)
    notifier.reminder(room, 0, 6, 1_900_000_000.0)
    send(app)
    mails = catcher.wait(before + 3)
    assert len(mails) == before + 3
    assert {m.message["Subject"] for m in mails[-2:]} == {"Your turn: Toy race against Bea", "Your time is running out: Toy race against Bea"}
    assert "no time limit" in mails[-2].message.get_body(("plain",)).get_content() or "no time limit" in mails[-1].message.get_body(("plain",)).get_content()


def test_results_are_mailed_once_per_account_in_its_language(site):
    url, app, catcher = site
    ana = account(url, app, catcher, "Ana Result", "ana.result@example.org")
    bea = account(url, app, catcher, "Bea Resultado", "bea.resultado@example.org", lang="es")
    room = table(url, ana, bea, "Bea Resultado")
    finish(app, room, {"winners": [1]})  # the game ends: Bea won (as the room records it)
    before = len(catcher.mails)
    app.state.mail_notifier.result(room)
    app.state.mail_notifier.result(room)
    send(app)
    mails = catcher.wait(before + 2)[before:]
    assert len(mails) == 2
    by = {m.recipients[0]: m for m in mails}
    en, es = by["ana.result@example.org"], by["bea.resultado@example.org"]
    assert en.message["Subject"] == "Game over: Toy race against Bea Resultado"
    assert "Bea Resultado won" in en.message.get_body(("plain",)).get_content()
    assert es.message["Subject"].startswith("Ganaste: ") and es.message["Content-Language"] == "es"
    spanish = es.message.get_body(("plain",)).get_content()
    assert "¡Enhorabuena!" in spanish and "No recibir más estos correos" in spanish and "Ver la repetición" in spanish
    assert link_in(es, "/replay/") == f"/replay/{room}"


def test_nothing_is_queued_without_a_confirmed_address_or_a_wish(site):
    url, app, catcher = site
    cid = account(url, app, catcher, "Cid Nomail")
    room = table(url, cid)
    app.state.mail_notifier.your_turn(room, 0, 1, None)
    assert not outbox(app, key=f"turn:{room}:0:1")
    assert cid.post("/api/account/mail", json={"address": "cid@example.org"}).status_code == 200  # not confirmed yet
    app.state.mail_notifier.your_turn(room, 0, 2, None)
    assert not outbox(app, key=f"turn:{room}:0:2")
    dee = account(url, app, catcher, "Dee Nowish", "dee@example.org")
    room = table(url, dee)
    assert dee.post("/api/account/mail/wishes", json={"turn": False, "result": False}).json()["turn"] is False
    app.state.mail_notifier.your_turn(room, 0, 1, None)
    app.state.mail_notifier.result(room)
    dee_id = outbox(app, to_addr="dee@example.org")[0].account_id  # (its confirmation mail)
    assert not outbox(app, key=f"turn:{room}:0:1") and not outbox(app, key=f"result:{room}:{dee_id}")
    app.state.mail_notifier.reminder(room, 0, 1, 1_900_000_000.0)  # reminders still wanted
    assert len(outbox(app, key=f"reminder:{room}:0:1")) == 1


def test_the_confirmation_link_works_once_expires_and_a_change_needs_a_new_one(site):
    url, app, catcher = site
    eva = account(url, app, catcher, "Eva Confirm", "eva.one@example.org")
    before = len(catcher.mails)
    assert eva.post("/api/account/mail", json={"address": "eva.two@example.org"}).json()["pending"] == "eva.two@example.org"
    send(app)
    mail = catcher.wait(before + 1)[-1]
    assert mail.recipients == ["eva.two@example.org"] and "List-Unsubscribe" not in mail.message
    token = link_in(mail, "/mail/confirm#t=").split("#t=")[1]
    assert eva.get("/api/account/mail").json()["address"] == "eva.one@example.org"  # the old one until the new is confirmed
    anyone = client(url)
    assert anyone.post("/api/mail/confirm", json={"token": token}).json() == {"address": "eva.two@example.org"}
    again = anyone.post("/api/mail/confirm", json={"token": token})
    assert again.status_code == 403 and "already" in again.json()["error"]["message"]["en"]
    assert anyone.post("/api/mail/confirm", json={"token": "x" * 43}).status_code == 403
    # a link opened after 48 hours does nothing
    clock = FakeClock(app.state.mailbox.clock())
    app.state.mailbox.clock = clock
    try:
        eva.post("/api/account/mail", json={"address": "eva.three@example.org"})
        send(app)
        late = link_in(catcher.wait(before + 2)[-1], "/mail/confirm#t=").split("#t=")[1]
        clock.now += 48 * 3600 + 1
        assert anyone.post("/api/mail/confirm", json={"token": late}).status_code == 403
    finally:
        app.state.mailbox.clock = time.time
    assert eva.get("/api/account/mail").json()["address"] == "eva.two@example.org"
    # hostile addresses: one line, nothing kept
    for bad in ["no-at-sign", "a@b", "x@example.org\r\nBcc: victim@example.org", "a b@example.org", "\"q\"@example.org", "a@-x.org"]:
        refused = eva.post("/api/account/mail", json={"address": bad})
        assert refused.status_code == 400 and "not a mail address" in refused.json()["error"]["message"]["en"], bad
    assert eva.get("/api/account/mail").json()["pending"] == "eva.three@example.org"
    assert client(url).post("/api/account/mail", json={"address": "z@example.org"}).status_code == 403  # signed out
    # no one has the site mail a stranger often: confirmation mails per account are limited
    app.state.rates.add("mail_give", "1/hour")
    try:
        assert eva.post("/api/account/mail", json={"address": "eva.four@example.org"}).status_code == 200
        assert eva.post("/api/account/mail", json={"address": "eva.five@example.org"}).status_code == 429
    finally:
        app.state.rates.add("mail_give", None)


def test_one_click_unsubscribe_by_the_header_and_by_the_page_and_undo(site):
    url, app, catcher = site
    fay = account(url, app, catcher, "Fay Unsub", "fay@example.org")
    room = table(url, fay)
    before = len(catcher.mails)
    app.state.mail_notifier.your_turn(room, 0, 1, None)
    send(app)
    mail = catcher.wait(before + 1)[-1]
    one_click = mail.message["List-Unsubscribe"].strip("<>").replace("http://games.ludoteca.test", "")
    # RFC 8058: the mail program POSTs "List-Unsubscribe=One-Click" to it, no cookie, no Origin
    done = httpx.post(url + one_click, content="List-Unsubscribe=One-Click", headers={"content-type": "application/x-www-form-urlencoded"})
    assert done.status_code == 200 and done.json()["what"] == "turn" and done.json()["turn"] is False
    app.state.mail_notifier.your_turn(room, 0, 2, None)
    assert not outbox(app, key=f"turn:{room}:0:2")
    # the page's link carries the same signed token; undo brings the mails back
    token = link_in(mail, "/mail/unsubscribe#t=").split("#t=")[1]
    assert httpx.post(url + "/api/mail/resubscribe", json={"token": token}).json()["turn"] is True
    others_decided(app, room, 2)
    app.state.mail_notifier.your_turn(room, 0, 3, None)
    assert len(outbox(app, key=f"turn:{room}:0:3")) == 1
    # a forged or altered token does nothing
    account_id, what, mac = token.split(".")
    for forged in [f"{account_id}.all.{mac}", f"{int(account_id) + 1}.{what}.{mac}", f"{account_id}.{what}.{'0' * 32}", "x", ""]:
        refused = httpx.post(url + "/api/mail/unsubscribe", json={"token": forged})
        assert refused.status_code in (400, 403), forged
    assert fay.get("/api/account/mail").json()["turn"] is True
    # a mail queued before its reader stopped such mails is not sent
    others_decided(app, room, 3)
    app.state.mail_notifier.your_turn(room, 0, 4, None)
    httpx.post(url + one_click, content="List-Unsubscribe=One-Click", headers={"content-type": "application/x-www-form-urlencoded"})
    send(app)
    assert outbox(app, key=f"turn:{room}:0:4")[0].status == "skipped"
    # a new address: the old address's links stop working
    fay.post("/api/account/mail", json={"address": "fay.new@example.org"})
    send(app)
    new_token = link_in(catcher.wait(len(catcher.mails))[-1], "/mail/confirm#t=").split("#t=")[1]
    client(url).post("/api/mail/confirm", json={"token": new_token})
    assert httpx.post(url + "/api/mail/unsubscribe", json={"token": token}).status_code == 403


HOSTILE = ["Eve\r\nBcc: victim@example.org", "Eve\nSubject: free money", "=?utf-8?b?QmNjOiB4QHkueg==?=", "Eve\u2028To: x@y.z",
           "Eve\x00\x1b[31m", '"E" <eve@evil.example>, m@evil.example']


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_names_never_make_a_header(site, name):
    url, app, catcher = site
    gus = account(url, app, catcher, f"Gus {HOSTILE.index(name)}", f"gus{HOSTILE.index(name)}@example.org")
    room = table(url, gus, other_name=name)
    before = len(catcher.mails)
    app.state.mail_notifier.your_turn(room, 0, 1, None)
    send(app)
    mail = catcher.wait(before + 1)[-1]
    assert mail.recipients == [f"gus{HOSTILE.index(name)}@example.org"]  # the envelope: the one address
    headers = mail.raw.split(b"\r\n\r\n", 1)[0].decode("ascii")
    names = [line.split(":", 1)[0].lower() for line in headers.split("\r\n") if line and not line[0].isspace()]
    assert names.count("bcc") == 0 and names.count("to") == 1 and names.count("subject") == 1 and names.count("cc") == 0
    subject = mail.message["Subject"]
    assert "\n" not in subject and "\r" not in subject and "\x00" not in subject and "\u2028" not in subject
    assert len(mail.message["To"].addresses) == 1
    html = mail.message.get_body(("html",)).get_content()
    assert "<eve@evil.example>" not in html  # escaped in the page


def test_hostile_display_name_is_quoted_by_the_library(tmp_path):
    """An account name cannot hold these (`clean_account_name`), the composer is still safe with them."""
    from ludoteca.web.mail.sender import compose
    from ludoteca.web.mail.settings import MailSettings

    settings = MailSettings(host="x", port=25, tls="starttls", sender="games@ludoteca.test", public_url="http://x")
    for name in ['Ana "x" <evil@example.org>, b@example.org', "Ana\r\nBcc: v@example.org", "Ana; Group:"]:
        row = MailOutboxRow(key="k", to_addr="ana@example.org", to_name=name, subject="Hi\r\nBcc: v@example.org", lang="en",
                            text_body="t", html_body="<p>t</p>", unsubscribe=None)
        msg = compose(settings, row, 0.0)
        raw = msg.as_bytes()
        import email
        import email.policy

        parsed = email.message_from_bytes(raw, policy=email.policy.default)
        assert [a.addr_spec for a in parsed["To"].addresses] == ["ana@example.org"], name
        assert "Bcc" not in parsed and parsed["Subject"] == "Hi Bcc: v@example.org"


def test_the_daily_digest_lists_the_games_still_waiting_once_a_day(site):
    url, app, catcher = site
    from ludoteca.web.mail.outbox import next_digest

    hal = account(url, app, catcher, "Hal Digest", "hal@example.org", lang="es")
    assert hal.post("/api/account/mail/wishes", json={"digest": True}).json()["digest"] is True
    rooms = [table(url, hal, other_name=f"Rival {i}") for i in range(3)]
    clock = FakeClock(app.state.mailbox.clock())
    app.state.mailbox.clock = clock
    try:
        notifier = app.state.mail_notifier
        for i, room in enumerate(rooms):
            notifier.your_turn(room, 0, 2 * i + 1, None)
            notifier.your_turn(room, 0, 2 * i + 1, None)
        assert not outbox(app, key=f"turn:{rooms[0]}:0:1")  # no mail per turn
        finish(app, rooms[2])  # over before the digest: not listed
        before = len(catcher.mails)
        send(app)
        assert len(catcher.mails) == before  # not due yet
        due = next_digest(clock.now)
        clock.now = due + 1
        send(app)
        mail = catcher.wait(before + 1)[-1]
        assert mail.message["Subject"] == "Te esperan 2 partidas"
        text = mail.message.get_body(("plain",)).get_content()
        assert "Rival 0" in text and "Rival 1" in text and "Rival 2" not in text
        assert {link_in(mail, f"/room/{r}") for r in rooms[:2]} == {f"/room/{r}#seat=0" for r in rooms[:2]}
        assert "resumen al día" in text and mail.message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        send(app)
        assert len(catcher.mails) == before + 1
        # the next day's turns make the next day's digest; the same day's again are folded into it
        others_decided(app, rooms[0], 5)
        others_decided(app, rooms[1], 5)
        notifier.your_turn(rooms[0], 0, 11, None)
        notifier.your_turn(rooms[1], 0, 12, None)
        with app.state.service.sessions() as db:
            digests = db.scalar(select(func.count()).select_from(MailOutboxRow).where(MailOutboxRow.kind == "digest",
                                                                                       MailOutboxRow.account_id == outbox(app, to_addr="hal@example.org")[0].account_id))
        assert digests == 2
        clock.now = next_digest(clock.now) + 1
        send(app)
        assert catcher.wait(before + 2)[-1].message["Subject"] == "Te esperan 2 partidas"
    finally:
        app.state.mailbox.clock = time.time


def test_deleting_the_account_forgets_its_address_and_unsent_mail(site):
    url, app, catcher = site
    ivy = account(url, app, catcher, "Ivy Gone", "ivy@example.org")
    room = table(url, ivy)
    app.state.mail_notifier.your_turn(room, 0, 1, None)
    assert ivy.get("/api/account/data").json()["mail"]["address"] == "ivy@example.org"
    assert ivy.post("/api/account/delete", json={"name": "Ivy Gone"}).status_code == 200
    assert not outbox(app, to_addr="ivy@example.org", status="queued")
    send(app)
    assert all(m.recipients != ["ivy@example.org"] or "Your turn" not in m.message["Subject"] for m in catcher.mails)


def test_a_host_without_mail_promises_none(tmp_path):
    from web_support import live_server

    with live_server(f"sqlite:///{tmp_path / 'nomail.db'}") as (url, app):
        c = client(url)
        c.post("/api/account/signup", json={"name": "Jo Nomail", "password": "a long password here"})
        assert c.get("/api/account/mail").json()["enabled"] is False
        refused = c.post("/api/account/mail", json={"address": "jo@example.org"})
        assert refused.status_code == 403 and refused.json()["error"]["message"] == {"en": "this site sends no mail", "es": "este sitio no envía correos"}
        assert app.state.mail_notifier is None and app.state.mail_sender is None


@pytest.mark.parametrize("args, said", [
    (["--smtp", "ftp://mail.example.org"], ("starts with smtp:// or smtps://", "empieza por smtp:// o smtps://")),
    (["--smtp", "smtp://mail.example.org:99999", "--mail-from", "a@example.org"], ("the port is not a number", "el puerto no es un número")),
    (["--smtp", "smtp://mail.example.org"], ("--smtp needs --mail-from", "--smtp necesita --mail-from")),
    (["--smtp", "smtp://mail.example.org", "--mail-from", "not an address\r\nBcc: x@y.z"], ("is not a mail address", "no es una dirección de correo")),
    (["--smtp", "smtps://user@mail.example.org", "--mail-from", "a@example.org"], ("a user needs a password", "un usuario necesita contraseña")),
    (["--smtp", "smtp://mail.example.org?cafile=/nonexistent.pem", "--mail-from", "a@example.org"], ("cafile is not", "cafile no es")),
    (["--mail-from", "a@example.org"], ("--mail-from needs --smtp", "--mail-from necesita --smtp")),
])
def test_a_bad_mail_setup_stops_serve_in_one_line_in_both_languages(tmp_path, args, said):
    import os
    import subprocess
    import sys

    from scale_support import SRC

    for lang, words in zip(("en", "es"), said):
        done = subprocess.run([sys.executable, "-m", "ludoteca.cli.main", "serve", "--db", str(tmp_path / "x.db"), "--port", "1", "--lang", lang, *args],
                              capture_output=True, text=True, timeout=120, env=dict(os.environ, PYTHONPATH=SRC))
        assert done.returncode == 2 and words in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert "Traceback" not in done.stderr  # (a control character quoted is shown escaped: still one line)


def test_the_servers_own_sender_task_sends_off_the_request_path(tmp_path):
    """No test hand here: the sender task the server starts finds the queued mail and sends it."""
    with mail_site(tmp_path, mail_every=0.2) as (url, app, catcher):
        c = client(url)
        assert c.post("/api/account/signup", json={"name": "Lu Task", "password": "a long password here"}).status_code == 201
        assert c.post("/api/account/mail", json={"address": "lu@example.org", "lang": "es"}).status_code == 200
        mail = catcher.wait(1)[0]
        assert mail.recipients == ["lu@example.org"] and mail.message["Subject"] == "Confirma tu correo para ludoteca"
        for _ in range(200):  # the server has the mail before the sender hears its "250": wait for that
            if app.state.mail_sender.sent:
                break
            time.sleep(0.05)
        assert app.state.mail_sender.sent == 1 and outbox(app, to_addr="lu@example.org")[0].status == "sent"


def test_a_nameless_person_is_named_in_the_readers_language_in_a_mail():
    """A person who gave no name (stored as none; older rows stored "P2") reads as "Player 2" /
    "Jugador 2" in a mail, as on the pages; a typed name stays as typed."""
    from types import SimpleNamespace

    from ludoteca.web.mail.outbox import seat_label

    for name in ("", None, "P2"):
        seat = SimpleNamespace(kind="human", bot=None, name=name, seat=1)
        assert (seat_label(seat, "en"), seat_label(seat, "es")) == ("Player 2", "Jugador 2")
    assert seat_label(SimpleNamespace(kind="human", bot=None, name="Ana", seat=1), "es") == "Ana"
