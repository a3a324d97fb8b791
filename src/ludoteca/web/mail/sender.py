"""The sender: takes queued mails from `mail_outbox` and hands them to the host's mail server.

Every server process may run one (`Sender.run`, a task whose work runs in a thread, never on the
request path). A sender claims rows before sending them: on PostgreSQL `SELECT ... FOR UPDATE SKIP
LOCKED` then an update to `sending` in the same transaction; on SQLite (one writer at a time) a
conditional `UPDATE ... WHERE id = ? AND status = 'queued'` that only one sender's update can
match. A claim is a lease (`lease` seconds): the row is marked `sent` by its claimer right after
the server accepted it; a sender that dies while sending leaves its lease to lapse, and the mail is
sent then by another (the one case a mail can arrive twice: the server took it and the process
died before writing so; its Message-ID is the same, which lets mail programs fold the two).
A failure puts the row back with a growing wait (`BACKOFF`); after `MAX_ATTEMPTS`, or a refusal the
server calls permanent (5xx for the recipient), it is `failed`, with the server's words kept."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import secrets
import smtplib
import socket
import ssl
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import formatdate

from sqlalchemy import and_, or_, select, update

from .addresses import header_text
from .models import MailAddressRow, MailOutboxRow
from .outbox import WANT, Mailbox, MailNotifier
from .settings import MailSettings, from_header

log = logging.getLogger("ludoteca.web.mail")
BACKOFF = (30.0, 120.0, 600.0, 1800.0, 3600.0, 3 * 3600.0, 6 * 3600.0)  # seconds before the 2nd, 3rd... try
MAX_ATTEMPTS = 8
LEASE = 600.0
BATCH = 10


def compose(settings: MailSettings, row: MailOutboxRow, at: float) -> EmailMessage:
    """The message of `row`: every header from a person's text cleaned again (`header_text`), the
    recipient as an `Address` (quoted by the library, never pasted), plain text plus HTML."""
    msg = EmailMessage()
    msg["From"] = from_header(settings)
    local, domain = row.to_addr.rsplit("@", 1)
    msg["To"] = Address(display_name=header_text(row.to_name, 60), username=local, domain=domain)
    msg["Subject"] = header_text(row.subject, 200)
    msg["Date"] = formatdate(at, usegmt=True)
    msg["Message-ID"] = f"<{hashlib.sha256(row.key.encode()).hexdigest()[:40]}@{settings.sender.rsplit('@', 1)[1]}>"
    msg["Auto-Submitted"] = "auto-generated"
    if row.unsubscribe:  # RFC 8058: one POST to this address stops such mails, no page, no sign-in
        msg["List-Unsubscribe"] = f"<{row.unsubscribe}>"
        msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    msg.set_content(row.text_body)
    msg.add_alternative(row.html_body, subtype="html")
    msg["Content-Language"] = "es" if row.lang == "es" else "en"  # after the body: setting it clears Content-* headers
    return msg


class Sender:
    def __init__(self, box: Mailbox, notifier: MailNotifier, settings: MailSettings, lease: float = LEASE,
                 backoff: tuple[float, ...] = BACKOFF, max_attempts: int = MAX_ATTEMPTS, batch: int = BATCH):
        self.box, self.notifier, self.settings = box, notifier, settings
        self.sessions = box.sessions
        self.lease, self.backoff, self.max_attempts, self.batch = lease, backoff, max_attempts, batch
        self.worker = f"{socket.gethostname()[:30]}:{os.getpid()}:{secrets.token_hex(4)}"
        self.sent = 0  # mails this sender handed over (tests, logs)

    def clock(self) -> float:
        return self.box.clock()  # the mailbox's: tests move both days ahead at once

    # --- claiming -------------------------------------------------------------------------------
    def _ready(self, now: float):
        return or_(and_(MailOutboxRow.status == "queued", MailOutboxRow.due <= now),
                   and_(MailOutboxRow.status == "sending", MailOutboxRow.lease_until < now))

    def claim(self) -> list[int]:
        """Rows this sender now holds (status `sending`, its name, a lease), none another holds."""
        now = self.clock()
        taken = dict(status="sending", worker=self.worker, lease_until=now + self.lease, attempts=MailOutboxRow.attempts + 1)
        with self.sessions.begin() as db:
            ready = select(MailOutboxRow.id).where(self._ready(now)).order_by(MailOutboxRow.due).limit(self.batch)
            if db.get_bind().dialect.name == "postgresql":
                ids = list(db.scalars(ready.with_for_update(skip_locked=True)))
                if ids:
                    db.execute(update(MailOutboxRow).where(MailOutboxRow.id.in_(ids)).values(**taken))
                return ids
            claimed = []
            for row_id in list(db.scalars(ready)):
                done = db.execute(update(MailOutboxRow).where(MailOutboxRow.id == row_id, self._ready(now)).values(**taken))
                if done.rowcount == 1:
                    claimed.append(row_id)
            return claimed

    def _prepare(self, row_id: int) -> MailOutboxRow | None:
        """The claimed row, ready to send: a digest written now; a mail whose address changed, or
        whose kind its reader stopped since it was queued, is skipped (None)."""
        with self.sessions.begin() as db:
            row = db.get(MailOutboxRow, row_id)
            if row is None or row.worker != self.worker or row.status != "sending":
                return None
            wish = db.get(MailAddressRow, row.account_id)
            if row.kind == "confirm":
                wanted = wish is not None and wish.pending == row.to_addr
            else:
                wanted = wish is not None and wish.address == row.to_addr and getattr(wish, WANT[row.kind])
            if wanted and row.kind == "digest" and not row.text_body:
                mail = self.notifier.digest_mail(db, row)
                if mail is None:
                    wanted = False
                else:
                    row.subject, row.text_body, row.html_body = header_text(mail.subject, 200), mail.text, mail.html
            if not wanted:
                row.status, row.lease_until = "skipped", None
                return None
            db.expunge(row)
            return row

    # --- sending --------------------------------------------------------------------------------
    def connect(self) -> smtplib.SMTP:
        s = self.settings
        context = s.ssl_context()
        if s.tls == "implicit":
            smtp = smtplib.SMTP_SSL(s.host, s.port, timeout=s.timeout, context=context)
        else:
            smtp = smtplib.SMTP(s.host, s.port, timeout=s.timeout)
            smtp.ehlo()
            if smtp.has_extn("starttls"):
                smtp.starttls(context=context)
                smtp.ehlo()
            elif s.user:
                smtp.close()
                raise smtplib.SMTPException("the mail server offers no STARTTLS: the password is not sent in the clear")
        if s.user:
            smtp.login(s.user, s.password or "")
        return smtp

    def _done(self, row: MailOutboxRow, error: str | None, permanent: bool = False) -> None:
        now = self.clock()
        mine = and_(MailOutboxRow.id == row.id, MailOutboxRow.worker == self.worker, MailOutboxRow.status == "sending")
        with self.sessions.begin() as db:
            if error is None:
                db.execute(update(MailOutboxRow).where(mine).values(status="sent", sent_at=now, lease_until=None, last_error=None))
            elif permanent or row.attempts >= self.max_attempts:
                db.execute(update(MailOutboxRow).where(mine).values(status="failed", lease_until=None, last_error=error[:300]))
            else:
                wait = self.backoff[min(row.attempts - 1, len(self.backoff) - 1)]
                db.execute(update(MailOutboxRow).where(mine).values(status="queued", due=now + wait, lease_until=None, last_error=error[:300]))

    def run_once(self) -> int:
        """Claim, send and mark one batch; returns how many rows it claimed (a full batch: call again)."""
        ids = self.claim()
        rows = [row for row in (self._prepare(i) for i in ids) if row is not None]
        if not rows:
            return len(ids)
        try:
            smtp = self.connect()
        except (smtplib.SMTPException, OSError, ssl.SSLError) as exc:
            for row in rows:
                self._done(row, f"connecting: {type(exc).__name__}: {exc}")
            log.warning("mail server %s not reached: %s: %s", self.settings.shown(), type(exc).__name__, str(exc)[:200])
            return len(ids)
        try:
            for row in rows:
                try:
                    smtp.send_message(compose(self.settings, row, self.clock()), from_addr=self.settings.sender, to_addrs=[row.to_addr])
                except smtplib.SMTPRecipientsRefused as exc:
                    code = next(iter(exc.recipients.values()))[0]
                    self._done(row, f"refused: {code}", permanent=500 <= code < 600)
                except smtplib.SMTPResponseException as exc:  # 4xx: try later; 5xx: the server will never take it
                    self._done(row, f"refused: {exc.smtp_code} {exc.smtp_error[:200]!r}", permanent=500 <= exc.smtp_code < 600)
                    if isinstance(exc, smtplib.SMTPServerDisconnected):
                        break
                except (smtplib.SMTPException, OSError) as exc:
                    self._done(row, f"{type(exc).__name__}: {exc}")
                    break  # the connection is gone: the rest go back to the queue (`_release_unsent`)
                else:
                    self._done(row, None)
                    self.sent += 1
        finally:
            try:
                smtp.quit()
            except (smtplib.SMTPException, OSError):
                smtp.close()
        self._release_unsent(rows)
        return len(ids)

    def _release_unsent(self, rows: list[MailOutboxRow]) -> None:
        """Rows still `sending` under this sender after its batch (the connection broke first): back
        to the queue at once, a try not counted."""
        with self.sessions.begin() as db:
            db.execute(update(MailOutboxRow).where(MailOutboxRow.id.in_([r.id for r in rows]), MailOutboxRow.worker == self.worker,
                                                   MailOutboxRow.status == "sending")
                       .values(status="queued", lease_until=None, attempts=MailOutboxRow.attempts - 1))

    async def run(self, every: float = 5.0) -> None:
        """The sender's task: a batch in a thread, then the next at once if it was full, else a wait."""
        while True:
            try:
                claimed = await asyncio.to_thread(self.run_once)
            except Exception as exc:  # a database hiccup: the next round tries again
                log.error("sending mail failed: %s: %s", type(exc).__name__, str(exc).splitlines()[0][:200] if str(exc) else "")
                claimed = 0
            if claimed < self.batch:
                await asyncio.sleep(every)
