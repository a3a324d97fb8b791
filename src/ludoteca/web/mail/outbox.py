"""What is to be sent, recorded as rows (`MailOutboxRow`), and each account's address and wishes.

`MailNotifier` is the rooms' `Notifier`: each call looks up who sits in the seat, whether their
account has a confirmed address and wants such mail, writes the mail (in the account's language)
and inserts it under a key that makes a repeat a no-op: `turn:ROOM:SEAT:TURN` (and
none for a decision of the turn the seat was told of: one mail per player's turn),
`reminder:ROOM:SEAT:TURN`, `result:ROOM:ACCOUNT`. An account wanting a daily digest gets a digest
item instead, and one `digest:ACCOUNT:DAY` row due at the next DIGEST_HOUR (UTC), written when sent.
Nothing here talks to a mail server: `sender.Sender` does, off the request path."""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import select, update

from ...engine import T, game_class
from ...engine.events import PLAYER_N
from ..accounts import AccountRow
from ..accounts import digest as sha256
from ..db import ActionRow, RoomRow, SeatRow
from ..errors import RoomError
from . import texts
from .addresses import clean_address, header_text
from .models import MailAddressRow, MailDigestItemRow, MailOutboxRow
from .settings import MailSettings

log = logging.getLogger("ludoteca.web.mail")
CONFIRM_HOURS = 48
DIGEST_HOUR = 7  # UTC: the daily digest goes out at the first 07:00 after the first turn it tells of
KINDS = ("turn", "reminder", "result", "digest")
WANT = {"turn": "want_turn", "digest": "want_turn", "reminder": "want_reminder", "result": "want_result"}


def insert_new(db, model, values: dict[str, Any]) -> bool:
    """Insert the row unless one with its key (primary or unique) is there already; True if inserted."""
    name = db.get_bind().dialect.name
    if name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    else:
        from sqlalchemy.dialects.sqlite import insert
    return db.execute(insert(model).values(**values).on_conflict_do_nothing()).rowcount == 1


def next_digest(now: float) -> float:
    due = (now // 86400) * 86400 + DIGEST_HOUR * 3600
    return due if due > now else due + 86400


class Mailbox:
    """Addresses, confirmations, wishes and unsubscribe tokens; `settings` None: the host sends no mail."""

    def __init__(self, sessions, settings: MailSettings | None, clock: Callable[[], float] = time.time):
        self.sessions, self.settings, self.clock = sessions, settings, clock

    @property
    def enabled(self) -> bool:
        return self.settings is not None

    def url(self, path: str) -> str:
        return (self.settings.public_url if self.settings else "") + path

    def no_mail(self) -> RoomError:
        return RoomError("forbidden", T("this site sends no mail", "este sitio no envía correos"))

    # --- unsubscribe tokens: the account, what to stop, and a MAC under the address's own key ------
    @staticmethod
    def _mac(key: str, account_id: int, what: str) -> str:
        return hmac.new(key.encode(), f"{account_id}.{what}".encode(), hashlib.sha256).hexdigest()[:32]

    def unsubscribe_token(self, row: MailAddressRow, what: str) -> str:
        return f"{row.account_id}.{what}.{self._mac(row.key, row.account_id, what)}"

    def _by_token(self, db, token: Any) -> tuple[MailAddressRow, str]:
        refused = RoomError("forbidden", T("this link to stop mails is not valid (or the address changed since)",
                                           "este enlace para dejar de recibir correos no es válido (o la dirección cambió desde entonces)"))
        parts = token.split(".") if isinstance(token, str) and len(token) <= 120 else []
        if len(parts) != 3 or not parts[0].isdigit() or parts[1] not in KINDS + ("all",):
            raise refused
        row = db.get(MailAddressRow, int(parts[0]))
        if row is None or row.address is None or not hmac.compare_digest(self._mac(row.key, row.account_id, parts[1]), parts[2]):
            raise refused
        return row, parts[1]

    def unsubscribe(self, token: Any, again: bool = False) -> dict[str, Any]:
        """Stop (or, `again`, restart) the mails the token names; no sign-in needed: the token is the proof."""
        with self.sessions.begin() as db:
            row, what = self._by_token(db, token)
            for kind in (KINDS if what == "all" else (what,)):
                setattr(row, WANT[kind], again)
            row.updated = self.clock()
            return {"what": what, "subscribed": again, **self._wishes(row)}

    # --- an account's address ---------------------------------------------------------------
    @staticmethod
    def _wishes(row: MailAddressRow | None) -> dict[str, Any]:
        if row is None:
            return {"address": None, "pending": None, "turn": True, "digest": False, "reminder": True, "result": True, "lang": None}
        return {"address": row.address, "pending": row.pending, "turn": row.want_turn, "digest": row.want_digest,
                "reminder": row.want_reminder, "result": row.want_result, "lang": row.lang}

    def of(self, account_id: int) -> dict[str, Any]:
        with self.sessions() as db:
            return {"enabled": self.enabled, **self._wishes(db.get(MailAddressRow, account_id))}

    def give_address(self, account: AccountRow, address: Any, lang: str) -> dict[str, Any]:
        """A new address waits for its confirmation (the one confirmed before stays until then); the
        link is mailed to the new address."""
        if not self.enabled:
            raise self.no_mail()
        address = self.checked(address)
        token = secrets.token_urlsafe(32)
        now = self.clock()
        lang = "es" if lang == "es" else "en"
        with self.sessions.begin() as db:
            row = db.get(MailAddressRow, account.id)
            if row is None:
                row = MailAddressRow(account_id=account.id, key=secrets.token_hex(32), updated=now, lang=lang, want_turn=True,
                                     want_digest=False, want_reminder=True, want_result=True)
                db.add(row)
            row.pending, row.pending_hash, row.pending_expires, row.lang, row.updated = address, sha256(token), now + CONFIRM_HOURS * 3600, lang, now
            mail = texts.confirm(lang, account.name, address, self.url(f"/mail/confirm#t={token}"), CONFIRM_HOURS)
            self._queue(db, f"confirm:{account.id}:{row.pending_hash[:32]}", account.id, "confirm", address, account.name, lang, mail, None, now)
            return {"enabled": True, **self._wishes(row)}

    @staticmethod
    def checked(address: Any) -> str:
        try:
            return clean_address(address)
        except ValueError:
            raise RoomError("bad_request", T("that is not a mail address (like name@example.org)",
                                             "eso no es una dirección de correo (como nombre@example.org)")) from None

    def confirm(self, token: Any) -> dict[str, Any]:
        """The address the token was mailed to becomes the account's: once, before it expires."""
        refused = RoomError("forbidden", T("this confirmation link is not valid: it was used already, expired, or another address was given since",
                                           "este enlace de confirmación no es válido: ya se usó, caducó o se dio otra dirección después"))
        if not isinstance(token, str) or not 20 <= len(token) <= 128:
            raise refused
        with self.sessions.begin() as db:
            row = db.scalar(select(MailAddressRow).where(MailAddressRow.pending_hash == sha256(token)))
            if row is None or row.pending_expires is None or row.pending_expires < self.clock():
                raise refused
            changed = row.address != row.pending
            row.address, row.pending, row.pending_hash, row.pending_expires = row.pending, None, None, None
            if changed:
                row.key = secrets.token_hex(32)  # the old address's unsubscribe links end here
            row.updated = self.clock()
            return {"address": row.address}

    def set_wishes(self, account_id: int, wishes: dict[str, Any]) -> dict[str, Any]:
        if not self.enabled:
            raise self.no_mail()
        with self.sessions.begin() as db:
            row = db.get(MailAddressRow, account_id)
            if row is None:
                raise RoomError("stale", T("give your mail address first", "da primero tu dirección de correo"))
            for kind, column in (("turn", "want_turn"), ("digest", "want_digest"), ("reminder", "want_reminder"), ("result", "want_result")):
                if isinstance(wishes.get(kind), bool):
                    setattr(row, column, wishes[kind])
            if wishes.get("lang") in ("en", "es"):
                row.lang = wishes["lang"]
            row.updated = self.clock()
            return {"enabled": True, **self._wishes(row)}

    def forget(self, account_id: int) -> None:
        """The address, its wishes and every mail not sent yet, gone (on request, or with the account)."""

        with self.sessions.begin() as db:
            forget_rows(db, account_id)

    # --- recording a mail ----------------------------------------------------------------------
    def _queue(self, db, key: str, account_id: int, kind: str, to: str, name: str, lang: str, mail: texts.Mail,
               unsubscribe: str | None, due: float) -> bool:
        return insert_new(db, MailOutboxRow, dict(
            key=key, account_id=account_id, kind=kind, to_addr=to, to_name=header_text(name, 60), lang=lang,
            subject=header_text(mail.subject, 200), text_body=mail.text, html_body=mail.html, unsubscribe=unsubscribe,
            status="queued", due=due, attempts=0, created=self.clock()))


def forget_rows(db, account_id: int) -> None:
    from sqlalchemy import delete

    db.execute(delete(MailOutboxRow).where(MailOutboxRow.account_id == account_id, MailOutboxRow.status.in_(("queued", "sending"))))
    db.execute(delete(MailDigestItemRow).where(MailDigestItemRow.account_id == account_id))
    db.execute(delete(MailAddressRow).where(MailAddressRow.account_id == account_id))


def seat_label(seat: SeatRow, lang: str) -> str:
    from ..rooms import bot_label

    if seat.kind == "bot":
        return bot_label(seat.bot or "")["es" if lang == "es" else "en"]
    if not seat.name or seat.name == f"P{seat.seat + 1}":  # nameless (older rows stored "P2"): the reader's words
        return PLAYER_N.get("es" if lang == "es" else "en").format(n=seat.seat + 1)
    return header_text(seat.name, 40)


class MailNotifier:
    """The rooms' `Notifier` that mails people (see the module): records rows, sends nothing."""

    def __init__(self, mailbox: Mailbox):
        self.box = mailbox

    def _game(self, room: RoomRow, lang: str) -> str:
        try:
            return game_class(room.game).title.to_json()["es" if lang == "es" else "en"]
        except Exception:  # a game no longer registered: its plain name
            return room.game

    def _seat_mail(self, kind: str, room_id: str, seat: int, turn: int, deadline: float | None) -> None:
        box = self.box
        with box.sessions.begin() as db:
            row = db.get(SeatRow, (room_id, seat))
            if row is None or row.kind != "human" or row.account_id is None:
                return
            wish = db.get(MailAddressRow, row.account_id)
            if wish is None or wish.address is None or not getattr(wish, WANT[kind]):
                return
            account, room = db.get(AccountRow, row.account_id), db.get(RoomRow, room_id)
            if account is None or room is None:
                return
            now = box.clock()
            if kind == "turn" and self._same_turn(db, room_id, seat, turn):
                return
            if kind == "turn" and wish.want_digest:  # told in tomorrow's digest instead
                insert_new(db, MailDigestItemRow, dict(account_id=account.id, room_id=room_id, seat=seat, turn=turn, at=now,
                                                        deadline=deadline, digested=False))
                due = next_digest(now)
                box._queue(db, f"digest:{account.id}:{int(due // 86400)}", account.id, "digest", wish.address, account.name, wish.lang,
                           texts.Mail("", "", ""), box.url(f"/api/mail/unsubscribe?t={box.unsubscribe_token(wish, 'digest')}"), due)
                return
            lang = wish.lang
            others = [seat_label(s, lang) for s in db.scalars(select(SeatRow).where(SeatRow.room_id == room_id).order_by(SeatRow.seat))
                      if s.seat != seat]
            token = box.unsubscribe_token(wish, kind)
            link, page, settings = box.url(f"/room/{room_id}#seat={seat}"), box.url(f"/mail/unsubscribe#t={token}"), box.url("/account")
            if kind == "turn":
                mail = texts.your_turn(lang, account.name, self._game(room, lang), others, deadline, link, page, settings)
            else:
                mail = texts.reminder(lang, account.name, self._game(room, lang), others, deadline, link, page, settings)
            box._queue(db, f"{kind}:{room_id}:{seat}:{turn}", account.id, kind, wish.address, account.name, lang, mail,
                       box.url(f"/api/mail/unsubscribe?t={token}"), now)

    @staticmethod
    def _same_turn(db, room_id: str, seat: int, turn: int) -> bool:
        """Whether the seat was told already of the turn it is still playing: its decisions follow one
        another (a roll, a move, then "end") and the rooms tell each, but a player's turn is one mail.
        It is the same turn when no one else decided since the last decision the seat was told of."""
        told = [int(key.rsplit(":", 1)[1]) for key in db.scalars(select(MailOutboxRow.key).where(
            MailOutboxRow.key.like(f"turn:{room_id}:{seat}:%")))]
        told += list(db.scalars(select(MailDigestItemRow.turn).where(MailDigestItemRow.room_id == room_id, MailDigestItemRow.seat == seat)))
        before = [t for t in told if t < turn]
        if not before:
            return False
        others = db.scalar(select(ActionRow.index).where(ActionRow.room_id == room_id, ActionRow.index >= max(before),
                                                          ActionRow.index < turn, ActionRow.player.not_in((str(seat), "chance"))).limit(1))
        return others is None

    def your_turn(self, room_id: str, seat: int, turn: int, deadline: float | None) -> None:
        self._safely(self._seat_mail, "turn", room_id, seat, turn, deadline)

    def reminder(self, room_id: str, seat: int, turn: int, deadline: float) -> None:
        self._safely(self._seat_mail, "reminder", room_id, seat, turn, deadline)

    def result(self, room_id: str) -> None:
        self._safely(self._result, room_id)

    def _safely(self, work, *args) -> None:
        """A mail that cannot be recorded never breaks the room's move: logged in one line."""
        try:
            work(*args)
        except Exception as exc:
            log.error("recording a mail for room %s failed: %s: %s", args[1] if len(args) > 1 else args[0], type(exc).__name__,
                      str(exc).splitlines()[0][:200] if str(exc) else "")

    def _result(self, room_id: str) -> None:
        box = self.box
        with box.sessions.begin() as db:
            room = db.get(RoomRow, room_id)
            if room is None:
                return
            seats = list(db.scalars(select(SeatRow).where(SeatRow.room_id == room_id).order_by(SeatRow.seat)))
            winners = set((room.result or {}).get("winners") or [])  # none where the game was stopped at the move cap
            for account_id in sorted({s.account_id for s in seats if s.kind == "human" and s.account_id is not None}):
                wish = db.get(MailAddressRow, account_id)
                account = db.get(AccountRow, account_id)
                if wish is None or wish.address is None or not wish.want_result or account is None:
                    continue
                lang = wish.lang
                mine = {s.seat for s in seats if s.account_id == account_id}
                outcome = "won" if mine & winners else ("lost" if winners else "none")
                token = box.unsubscribe_token(wish, "result")
                mail = texts.result(lang, account.name, self._game(room, lang), [seat_label(s, lang) for s in seats if s.seat not in mine],
                                    outcome, [seat_label(s, lang) for s in seats if s.seat in winners], box.url(f"/room/{room_id}"),
                                    box.url(f"/replay/{room_id}"), box.url(f"/mail/unsubscribe#t={token}"), box.url("/account"))
                box._queue(db, f"result:{room_id}:{account_id}", account_id, "result", wish.address, account.name, lang, mail,
                           box.url(f"/api/mail/unsubscribe?t={token}"), box.clock())

    def digest_mail(self, db, row: MailOutboxRow) -> texts.Mail | None:
        """The digest `row` stands for, written now: the games still waiting for the account among the
        turns it was told of since its last digest (None: nothing left to tell). Marks them told."""
        box = self.box
        wish = db.get(MailAddressRow, row.account_id)
        account = db.get(AccountRow, row.account_id)
        if wish is None or account is None:
            return None
        items = list(db.scalars(select(MailDigestItemRow).where(MailDigestItemRow.account_id == row.account_id,
                                                                 MailDigestItemRow.digested.is_(False),
                                                                 MailDigestItemRow.at <= row.due)
                                .order_by(MailDigestItemRow.at)))
        latest: dict[str, MailDigestItemRow] = {}
        for item in items:
            latest[item.room_id] = item  # a room once: its newest turn
        lang, games = wish.lang, []
        for item in latest.values():
            room, seat = db.get(RoomRow, item.room_id), db.get(SeatRow, (item.room_id, item.seat))
            if room is None or room.status != "running" or seat is None or seat.account_id != row.account_id:
                continue
            if item.deadline is not None and item.deadline < box.clock():
                continue  # its time ran out: the room's rule was applied already
            others = [seat_label(s, lang) for s in db.scalars(select(SeatRow).where(SeatRow.room_id == room.id).order_by(SeatRow.seat))
                      if s.seat != item.seat]
            games.append((self._game(room, lang), others, item.deadline, box.url(f"/room/{room.id}#seat={item.seat}")))
        db.execute(update(MailDigestItemRow).where(MailDigestItemRow.account_id == row.account_id, MailDigestItemRow.at <= row.due)
                   .values(digested=True))
        if not games:
            return None
        token = box.unsubscribe_token(wish, "digest")
        return texts.digest(lang, account.name, games, box.url(f"/mail/unsubscribe#t={token}"), box.url("/account"))
