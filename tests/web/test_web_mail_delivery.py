"""Sending mail (issue 46) to a real SMTP server the test starts (aiosmtpd): STARTTLS and implicit TLS
with a throw-away certificate authority (trustme), a password sent only over TLS, a server that refuses
and then accepts (retried with backoff, sent once), a permanent refusal (given up at once), and two
sender loops on one database — SQLite, and PostgreSQL (`servers`) — sending every mail exactly once."""

from __future__ import annotations

import pytest
from mail_site import FakeClock
from mail_support import PASSWORD, USER, Catcher, Certificates, smtp_server
from scale_support import needs_servers, postgres_server
from sqlalchemy import select

from ludoteca.web.accounts import Accounts
from ludoteca.web.db import make_engine, make_sessions
from ludoteca.web.mail import Mailbox, MailNotifier, MailSettings, Sender
from ludoteca.web.mail.models import MailAddressRow, MailOutboxRow

# aiosmtpd warns that AUTH without its STARTTLS rule is unsafe: the implicit-TLS server is TLS throughout
pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS:UserWarning")


def settings_for(port, tls="starttls", cafile=None, user=None) -> MailSettings:
    return MailSettings(host="127.0.0.1", port=port, tls=tls, sender="games@ludoteca.test", public_url="http://games.ludoteca.test",
                        cafile=cafile, user=user, password=PASSWORD if user else None, timeout=20)


def queued(sessions, count: int, clock, who: str = "Kim") -> None:
    """An account with a confirmed address and `count` mails queued for it."""
    account = Accounts(sessions).create(who)
    now = clock()
    with sessions.begin() as db:
        db.add(MailAddressRow(account_id=account.id, address=f"{who.lower()}@example.org", lang="en", want_turn=True, want_digest=False,
                              want_reminder=True, want_result=True, key="k" * 64, updated=now))
        for i in range(count):
            db.add(MailOutboxRow(key=f"turn:room{i}:0:{i}", account_id=account.id, kind="turn", to_addr=f"{who.lower()}@example.org",
                                 to_name=who, lang="en", subject=f"Your turn {i}", text_body=f"mail {i}\n", html_body=f"<p>mail {i}</p>",
                                 unsubscribe="http://games.ludoteca.test/api/mail/unsubscribe?t=x", status="queued", due=now,
                                 attempts=0, created=now))


def sender(url, mail_settings, clock, **kwargs) -> Sender:
    sessions = make_sessions(make_engine(url))
    box = Mailbox(sessions, mail_settings, clock)
    return Sender(box, MailNotifier(box), mail_settings, **kwargs)


def rows(s: Sender) -> list[MailOutboxRow]:
    with s.sessions() as db:
        return list(db.scalars(select(MailOutboxRow).order_by(MailOutboxRow.id)))


@pytest.fixture(scope="module")
def certificates(tmp_path_factory):
    return Certificates(tmp_path_factory.mktemp("ca"))


@pytest.mark.parametrize("mode", ["starttls", "implicit"])
def test_tls_with_a_password_over_starttls_and_implicit_tls(tmp_path, certificates, mode):
    clock = FakeClock()
    with smtp_server(mode, certificates, password=True) as (catcher, port):
        s = sender(f"sqlite:///{tmp_path / 'tls.db'}", settings_for(port, "implicit" if mode == "implicit" else "starttls",
                                                                    certificates.cafile, USER), clock)
        queued(s.sessions, 2, clock)
        assert s.run_once() == 2
        mails = catcher.wait(2)
        assert all(m.tls and m.authenticated == USER for m in mails)
        assert [r.status for r in rows(s)] == ["sent", "sent"]


def test_an_untrusted_certificate_is_not_talked_to(tmp_path, certificates):
    """Without the authority that signed the server's certificate (no cafile), nothing is sent: retried later."""
    clock = FakeClock()
    with smtp_server("implicit", certificates) as (catcher, port):
        s = sender(f"sqlite:///{tmp_path / 'untrusted.db'}", settings_for(port, "implicit"), clock)
        queued(s.sessions, 1, clock)
        s.run_once()
        [row] = rows(s)
        assert row.status == "queued" and row.due == clock.now + 30 and "CERTIFICATE_VERIFY_FAILED" in row.last_error
        assert not catcher.mails


def test_a_password_is_never_sent_without_tls(tmp_path):
    clock = FakeClock()
    with smtp_server("plain", password=True) as (catcher, port):
        s = sender(f"sqlite:///{tmp_path / 'clear.db'}", settings_for(port, user=USER), clock)
        queued(s.sessions, 1, clock)
        s.run_once()
        [row] = rows(s)
        assert row.status == "queued" and "no STARTTLS" in row.last_error and not catcher.mails


def test_refused_then_accepted_is_retried_with_backoff_and_sent_once(tmp_path):
    clock = FakeClock()
    with smtp_server("plain", catcher=Catcher(refuse=2)) as (catcher, port):
        s = sender(f"sqlite:///{tmp_path / 'retry.db'}", settings_for(port), clock)
        queued(s.sessions, 1, clock)
        s.run_once()
        [row] = rows(s)
        assert (row.status, row.attempts, row.due) == ("queued", 1, clock.now + 30) and "451" in row.last_error
        s.run_once()  # not due yet: nothing tried
        assert catcher.refused == 1
        clock.now += 30
        s.run_once()
        [row] = rows(s)
        assert (row.status, row.attempts, row.due) == ("queued", 2, clock.now + 120)
        clock.now += 120
        s.run_once()
        clock.now += 3600
        s.run_once()
        [row] = rows(s)
        assert (row.status, row.attempts) == ("sent", 3) and catcher.refused == 2
        assert len(catcher.mails) == 1


def test_a_permanent_refusal_is_given_up_and_a_dead_server_is_tried_again(tmp_path):
    clock = FakeClock()
    with smtp_server("plain", catcher=Catcher(refuse_permanently=True)) as (catcher, port):
        s = sender(f"sqlite:///{tmp_path / 'gone.db'}", settings_for(port), clock)
        queued(s.sessions, 1, clock)
        s.run_once()
        [row] = rows(s)
        assert row.status == "failed" and "550" in row.last_error
    from web_support import free_port

    s = sender(f"sqlite:///{tmp_path / 'down.db'}", settings_for(free_port()), clock, max_attempts=2)
    queued(s.sessions, 1, clock)
    s.run_once()
    assert rows(s)[0].status == "queued"
    clock.now += 31
    s.run_once()
    [row] = rows(s)
    assert row.status == "failed" and row.attempts == 2 and "connecting" in row.last_error


OTHER_SENDER = """
import sys, time
from ludoteca.web.db import make_engine, make_sessions
from ludoteca.web.mail import MailNotifier, Mailbox, MailSettings, Sender
url, port, now = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
settings = MailSettings(host="127.0.0.1", port=port, tls="starttls", sender="games@ludoteca.test", public_url="http://x", timeout=20)
box = Mailbox(make_sessions(make_engine(url)), settings, lambda: now)
sender = Sender(box, MailNotifier(box), settings, batch=5)
print(sender.worker, flush=True)
sys.stdin.readline()  # go
idle = 0
while idle < 20:
    idle = idle + 1 if sender.run_once() == 0 else 0
    time.sleep(0.01 if idle else 0)
print(sender.sent, flush=True)
"""


def two_senders_send_each_once(url: str, count: int = 60) -> None:
    """One sender in this process, another in a process of its own, on one database and one queue."""
    import subprocess
    import sys

    from scale_support import SRC

    clock = FakeClock()
    with smtp_server("plain") as (catcher, port):
        here = sender(url, settings_for(port), clock, batch=5)
        queued(here.sessions, count, clock)
        other = subprocess.Popen([sys.executable, "-c", OTHER_SENDER, url, str(port), str(clock.now)], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, text=True, env={"PYTHONPATH": SRC, "PATH": "/usr/bin:/bin"})
        try:
            other_worker = other.stdout.readline().strip()
            other.stdin.write("go\n")
            other.stdin.flush()
            for _ in range(400):  # until every mail is sent (each round claims up to a batch)
                if here.run_once() == 0 and all(r.status == "sent" for r in rows(here)):
                    break
            other_sent = int(other.communicate(timeout=120)[0].strip())
        finally:
            if other.poll() is None:
                other.kill()
        mails = catcher.wait(count)
        subjects = sorted(m.message["Subject"] for m in mails)
        assert subjects == sorted(f"Your turn {i}" for i in range(count))  # every mail, each once
        assert len({m.message["Message-ID"] for m in mails}) == count
        done = rows(here)
        assert all(r.status == "sent" and r.attempts == 1 for r in done)
        by = {w: sum(r.worker == w for r in done) for w in (here.worker, other_worker)}
        assert by == {here.worker: here.sent, other_worker: other_sent} and here.sent + other_sent == count
        assert here.sent > 0 and other_sent > 0  # both took part


def test_two_senders_on_one_sqlite_database_send_every_mail_once(tmp_path):
    two_senders_send_each_once(f"sqlite:///{tmp_path / 'two.db'}")


@pytest.mark.servers
def test_two_senders_on_postgresql_send_every_mail_once():
    needs_servers()
    with postgres_server() as new_database:
        two_senders_send_each_once(new_database(), count=100)


def test_a_lapsed_claim_is_taken_over_and_a_live_one_is_not(tmp_path):
    """A sender that died holding mails: their lease lapses and another sends them; before it lapses,
    no one does."""
    clock = FakeClock()
    with smtp_server("plain") as (catcher, port):
        url = f"sqlite:///{tmp_path / 'lapse.db'}"
        dead = sender(url, settings_for(port), clock, lease=600)
        live = sender(url, settings_for(port), clock)
        queued(dead.sessions, 3, clock)
        assert len(dead.claim()) == 3  # ...and dies before sending
        assert live.run_once() == 0
        clock.now += 601
        assert live.run_once() == 3
        assert len(catcher.wait(3)) == 3 and [r.worker for r in rows(live)] == [live.worker] * 3
