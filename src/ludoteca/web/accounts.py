"""Accounts: optional, for people who come back. Anonymous play needs none.

An account has a display name (unique among accounts, compared without case or accents' look-alike
forms: `name_key`), and a password (Argon2id, argon2-cffi's defaults: RFC 9106's second
recommendation), one or more passkeys (WebAuthn, the `webauthn` package), or both. Signing in
gives a server-side session: a random token in an HttpOnly cookie, only its SHA-256 kept in the
database (table `sessions`), so every process and restart knows it and a stolen database holds no
usable token. Every sign-in makes a new token (a cookie planted before it is worth nothing after).

What never tells whether a name exists: a password sign-in with an unknown name checks the password
against a stand-in hash of the same cost, and both failures say the same words.

Seats a device played anonymously (their seat tokens, in its browser) are claimed by sending the
tokens: only a seat's token proves it was that device's. Deleting an account removes its name,
sessions and passkeys; its seats stay in their games under the seat's plain name ("P2").
"""

from __future__ import annotations

import hashlib
import secrets
import time
import unicodedata
from typing import Any

from sqlalchemy import Boolean, Float, ForeignKey, Integer, String, Text as SQLText, delete, false, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from ..engine import T
from .db import Base, RoomRow, SeatRow
from .errors import RoomError

SESSION_DAYS = 30  # a session lasts this long after its last use
SEEN_EVERY = 3600.0  # a session's last use is written at most this often
CHALLENGE_SECONDS = 300  # a passkey ceremony must finish within this
NAME_MIN, NAME_MAX = 3, 24
PASSWORD_MIN, PASSWORD_MAX = 10, 256
NAME_PUNCTUATION = set(" -_.'")


class AccountRow(Base):
    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(NAME_MAX * 4))
    name_key: Mapped[str] = mapped_column(String(NAME_MAX * 4), unique=True)  # `name_key(name)`: what must be unique
    password_hash: Mapped[str | None] = mapped_column(String(256), nullable=True)
    user_handle: Mapped[str] = mapped_column(String(64), unique=True)  # WebAuthn's user id (random, not the name)
    created: Mapped[float] = mapped_column(Float)
    private: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class PasskeyRow(Base):
    __tablename__ = "passkeys"

    credential_id: Mapped[str] = mapped_column(String(1400), primary_key=True)  # base64url
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    public_key: Mapped[str] = mapped_column(SQLText)  # base64url COSE key
    sign_count: Mapped[int] = mapped_column(Integer, default=0)
    created: Mapped[float] = mapped_column(Float)
    last_used: Mapped[float | None] = mapped_column(Float, nullable=True)


class SessionRow(Base):
    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    created: Mapped[float] = mapped_column(Float)
    seen: Mapped[float] = mapped_column(Float)
    expires: Mapped[float] = mapped_column(Float, index=True)


class ChallengeRow(Base):
    """A passkey ceremony under way: single use, short-lived, kept in the database so the process
    that verifies it need not be the one that began it."""

    __tablename__ = "passkey_challenges"

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    purpose: Mapped[str] = mapped_column(String(8))  # signup | add | signin
    challenge: Mapped[str] = mapped_column(String(128))  # base64url
    account_id: Mapped[int | None] = mapped_column(Integer, nullable=True)  # add: whose
    name: Mapped[str | None] = mapped_column(String(NAME_MAX * 4), nullable=True)  # signup: the name asked for
    user_handle: Mapped[str | None] = mapped_column(String(64), nullable=True)
    expires: Mapped[float] = mapped_column(Float, index=True)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def bad(en: str, es: str) -> RoomError:
    return RoomError("bad_request", T(en, es))


# --- names and passwords ------------------------------------------------------------------------
def clean_account_name(name: Any) -> str:
    """A display name as asked, checked: 3-24 letters, digits, spaces or - _ . ' (no other symbol,
    no control or invisible character), starting with a letter or digit; raises naming what is wrong."""
    if not isinstance(name, str):
        raise bad("a name is text", "un nombre es texto")
    name = unicodedata.normalize("NFC", " ".join(name.split()))
    if not NAME_MIN <= len(name) <= NAME_MAX:
        raise bad(f"a name has {NAME_MIN} to {NAME_MAX} characters", f"un nombre tiene de {NAME_MIN} a {NAME_MAX} caracteres")
    if not all(ch.isalnum() or ch in NAME_PUNCTUATION for ch in name) or not name[0].isalnum():
        raise bad("a name has letters, digits, spaces and - _ . ' only, and starts with a letter or digit",
                  "un nombre solo tiene letras, cifras, espacios y - _ . ', y empieza por letra o cifra")
    return name


def name_key(name: str) -> str:
    """What two names must not share: compatibility-folded, case-folded, without accents or spaces
    ("José Luis" and "jose-luis" are one name), so no one passes for another."""
    folded = unicodedata.normalize("NFKD", name).casefold()
    return "".join(ch for ch in folded if ch.isalnum() and not unicodedata.combining(ch))


def check_password(password: Any) -> str:
    if not isinstance(password, str) or not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise bad(f"a password has {PASSWORD_MIN} to {PASSWORD_MAX} characters", f"una contraseña tiene de {PASSWORD_MIN} a {PASSWORD_MAX} caracteres")
    return password


class Passwords:
    """Argon2id hashing; `verify` costs the same whether or not there is a hash to check."""

    def __init__(self):
        from argon2 import PasswordHasher

        self.hasher = PasswordHasher()  # Argon2id, t=3, m=64 MiB, p=4
        self._stand_in: str | None = None
        self.verified = 0  # how many Argon2 checks ran (tests: a wrong name costs one, as a wrong password)

    def hash(self, password: str) -> str:
        return self.hasher.hash(password)

    def verify(self, stored: str | None, password: str) -> bool:
        from argon2.exceptions import InvalidHashError, VerificationError

        if stored is None:  # no such account, or no password on it: the same work, then no
            if self._stand_in is None:
                self._stand_in = self.hasher.hash(secrets.token_hex(16))
            stored, password = self._stand_in, password + "\0"
            known = False
        else:
            known = True
        self.verified += 1
        try:
            return self.hasher.verify(stored, password) and known
        except (VerificationError, InvalidHashError):
            return False


WRONG = T("that name and password do not match an account", "ese nombre y esa contraseña no corresponden a ninguna cuenta")


class Accounts:
    """The accounts, sessions and passkeys in the database (every process alike)."""

    def __init__(self, sessions):
        self.sessions = sessions
        self.passwords = Passwords()

    # --- accounts ---------------------------------------------------------------------------
    def create(self, name: Any, password: str | None = None, user_handle: str | None = None) -> AccountRow:
        name = clean_account_name(name)
        row = AccountRow(name=name, name_key=name_key(name), created=time.time(), private=False,
                         password_hash=None if password is None else self.passwords.hash(check_password(password)),
                         user_handle=user_handle or secrets.token_urlsafe(32))
        try:
            with self.sessions.begin() as db:
                db.add(row)
        except IntegrityError:
            raise RoomError("stale", T("that name is taken: choose another", "ese nombre ya está ocupado: elige otro")) from None
        return row

    def name_free(self, name: Any) -> str:
        name = clean_account_name(name)
        with self.sessions() as db:
            if db.scalar(select(AccountRow.id).where(AccountRow.name_key == name_key(name))) is not None:
                raise RoomError("stale", T("that name is taken: choose another", "ese nombre ya está ocupado: elige otro"))
        return name

    def by_id(self, account_id: int) -> AccountRow | None:
        with self.sessions() as db:
            return db.get(AccountRow, account_id)

    def by_name(self, name: str) -> AccountRow | None:
        if not isinstance(name, str) or len(name) > NAME_MAX * 4:
            return None
        with self.sessions() as db:
            return db.scalar(select(AccountRow).where(AccountRow.name_key == name_key(name)))

    def password_sign_in(self, name: Any, password: Any) -> AccountRow:
        """The account if the name and password match; else one refusal, the same for every cause."""
        if not isinstance(password, str) or len(password) > PASSWORD_MAX:
            password = ""
        account = self.by_name(name) if isinstance(name, str) else None
        if not self.passwords.verify(account.password_hash if account else None, password):
            raise RoomError("forbidden", WRONG)
        return account

    def set_password(self, account_id: int, old: Any, new: Any) -> None:
        account = self.by_id(account_id)
        if account is None:
            raise RoomError("forbidden", T("you are not signed in", "no has iniciado sesión"))
        new = check_password(new)
        if account.password_hash is not None and not self.passwords.verify(account.password_hash, old if isinstance(old, str) else ""):
            raise RoomError("forbidden", T("your current password is not that one", "tu contraseña actual no es esa"))
        with self.sessions.begin() as db:
            db.execute(update(AccountRow).where(AccountRow.id == account_id).values(password_hash=self.passwords.hash(new)))

    def delete(self, account_id: int) -> list[str]:
        """The account, its sessions and passkeys gone; its seats stay in their games, unnamed (shown
        as "P2"). The rooms' versions move on, so every process re-reads their seats; returns them."""
        with self.sessions.begin() as db:
            rooms = list(db.scalars(select(SeatRow.room_id).where(SeatRow.account_id == account_id).distinct()))
            db.execute(update(SeatRow).where(SeatRow.account_id == account_id).values(account_id=None, name=""))
            if rooms:
                db.execute(update(RoomRow).where(RoomRow.id.in_(rooms)).values(version=RoomRow.version + 1))
            from .ratings import RatingHistoryRow, RatingRow

            for table in (SessionRow, PasskeyRow, RatingHistoryRow, RatingRow):
                db.execute(delete(table).where(table.account_id == account_id))
            db.execute(delete(ChallengeRow).where(ChallengeRow.account_id == account_id))
            from .mail.outbox import forget_rows

            forget_rows(db, account_id)  # its mail address, wishes and mails not sent yet
            db.execute(delete(AccountRow).where(AccountRow.id == account_id))
        return rooms

    # --- sessions ---------------------------------------------------------------------------
    def new_session(self, account_id: int, replacing: str | None = None) -> str:
        """A fresh token for the account (the one the browser had before, if any, is ended)."""
        token = secrets.token_urlsafe(32)
        now = time.time()
        with self.sessions.begin() as db:
            if replacing:
                db.execute(delete(SessionRow).where(SessionRow.token_hash == digest(replacing)))
            db.add(SessionRow(token_hash=digest(token), account_id=account_id, created=now, seen=now,
                              expires=now + SESSION_DAYS * 86400))
        return token

    def session_account(self, token: str | None) -> AccountRow | None:
        if not token or len(token) > 128:
            return None
        now = time.time()
        with self.sessions() as db:
            row = db.get(SessionRow, digest(token))
            if row is None or row.expires < now:
                return None
            account = db.get(AccountRow, row.account_id)
            if account is not None and now - row.seen > SEEN_EVERY:
                row.seen, row.expires = now, now + SESSION_DAYS * 86400
                db.commit()
            return account

    def end_session(self, token: str | None) -> None:
        if token:
            with self.sessions.begin() as db:
                db.execute(delete(SessionRow).where(SessionRow.token_hash == digest(token)))

    def end_all_sessions(self, account_id: int) -> int:
        with self.sessions.begin() as db:
            return db.execute(delete(SessionRow).where(SessionRow.account_id == account_id)).rowcount

    def forget_expired(self) -> None:
        now = time.time()
        with self.sessions.begin() as db:
            db.execute(delete(SessionRow).where(SessionRow.expires < now))
            db.execute(delete(ChallengeRow).where(ChallengeRow.expires < now))

    # --- seats ------------------------------------------------------------------------------
    def claim_seats(self, account_id: int, seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Seats this device holds tokens for, made the account's (those no other account holds);
        returns the ones claimed. A wrong token claims nothing and says nothing about the seat."""
        claimed = []
        with self.sessions.begin() as db:
            for item in seats[:200]:
                room, seat, token = item.get("room"), item.get("seat"), item.get("token")
                if not (isinstance(room, str) and len(room) <= 32 and isinstance(seat, int) and isinstance(token, str) and len(token) <= 128):
                    continue
                done = db.execute(update(SeatRow).where(
                    SeatRow.room_id == room, SeatRow.seat == seat, SeatRow.kind == "human",
                    SeatRow.token_hash == digest(token), SeatRow.account_id.is_(None)).values(account_id=account_id))
                if done.rowcount == 1:
                    claimed.append({"room": room, "seat": seat})
        return claimed

    def link_seat(self, account_id: int, room_id: str, seat: int) -> None:
        """A seat just taken by a signed-in person is theirs at once."""
        with self.sessions.begin() as db:
            db.execute(update(SeatRow).where(SeatRow.room_id == room_id, SeatRow.seat == seat, SeatRow.account_id.is_(None))
                       .values(account_id=account_id))

    # --- what is kept about someone ---------------------------------------------------------
    def data_of(self, account_id: int) -> dict[str, Any]:
        """Everything stored about the account, as its owner may download it (no secret: no hash, no token)."""
        with self.sessions() as db:
            account = db.get(AccountRow, account_id)
            passkeys = db.execute(select(PasskeyRow.credential_id, PasskeyRow.created, PasskeyRow.last_used)
                                  .where(PasskeyRow.account_id == account_id).order_by(PasskeyRow.created)).all()
            sessions = db.execute(select(SessionRow.created, SessionRow.seen, SessionRow.expires)
                                  .where(SessionRow.account_id == account_id).order_by(SessionRow.created)).all()
            seats = db.execute(select(SeatRow.room_id, SeatRow.seat, SeatRow.name, RoomRow.game, RoomRow.status, RoomRow.created, RoomRow.result)
                               .join(RoomRow, RoomRow.id == SeatRow.room_id).where(SeatRow.account_id == account_id)
                               .order_by(RoomRow.created)).all()
            from .ratings import RatingHistoryRow, RatingRow, shown

            rated = db.execute(select(RatingRow.game, RatingRow.mu, RatingRow.sigma, RatingRow.games, RatingRow.wins)
                               .where(RatingRow.account_id == account_id).order_by(RatingRow.game)).all()
            history = db.execute(select(RatingHistoryRow.game, RatingHistoryRow.room_id, RatingHistoryRow.mu, RatingHistoryRow.sigma,
                                        RatingHistoryRow.rank, RatingHistoryRow.at)
                                 .where(RatingHistoryRow.account_id == account_id).order_by(RatingHistoryRow.at)).all()
        return {
            "format": "ludoteca-account-data/1",
            "account": {"name": account.name, "created": account.created, "private": account.private,
                        "password": account.password_hash is not None},
            "passkeys": [{"id": p.credential_id[:16] + "…", "created": p.created, "last_used": p.last_used} for p in passkeys],
            "sessions": [{"created": s.created, "last_used": s.seen, "expires": s.expires} for s in sessions],
            "seats": [{"room": s.room_id, "seat": s.seat, "name": s.name, "game": s.game, "status": s.status,
                       "created": s.created, "result": s.result} for s in seats],
            "ratings": [{"game": r.game, "rating": shown(r.mu), "mu": r.mu, "sigma": r.sigma, "games": r.games, "wins": r.wins} for r in rated],
            "rating_history": [{"game": h.game, "room": h.room_id, "mu": h.mu, "sigma": h.sigma, "rank": h.rank, "at": h.at} for h in history],
            "mail": mail_of(self.sessions, account_id),
        }

    def passkey_count(self, account_id: int) -> int:
        with self.sessions() as db:
            return int(db.scalar(select(func.count()).select_from(PasskeyRow).where(PasskeyRow.account_id == account_id)))


def mail_of(sessions, account_id: int) -> dict[str, Any] | None:
    """The account's mail address and wishes, for its owner's download (None: it gave none)."""
    from .mail.outbox import Mailbox

    answer = Mailbox(sessions, None).of(account_id)
    answer.pop("enabled")
    return answer if answer["address"] or answer["pending"] else None
