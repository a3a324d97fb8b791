"""The mail's tables: each account's address and wishes (`mail_addresses`), the mails to send
(`mail_outbox`, one row per mail, its `key` unique so that telling the same thing twice queues one),
and the turns waiting for an account's daily digest (`mail_digest_items`)."""

from __future__ import annotations

from sqlalchemy import Boolean, Float, ForeignKey, Index, Integer, String, false, true
from sqlalchemy import Text as SQLText
from sqlalchemy.orm import Mapped, mapped_column

from ..db import Base

ADDRESS_MAX = 254  # RFC 5321's path limit


class MailAddressRow(Base):
    """An account's address: `address` is the confirmed one (None until a link mailed to it is
    opened); `pending` is one given and not confirmed yet, with the hash of its link's token."""

    __tablename__ = "mail_addresses"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", name="fk_mail_addresses_account_id"), primary_key=True)
    address: Mapped[str | None] = mapped_column(String(ADDRESS_MAX), nullable=True)
    pending: Mapped[str | None] = mapped_column(String(ADDRESS_MAX), nullable=True)
    pending_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    pending_expires: Mapped[float | None] = mapped_column(Float, nullable=True)
    lang: Mapped[str] = mapped_column(String(2), default="en", server_default="en")
    want_turn: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    want_digest: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    want_reminder: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    want_result: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    # signs this address's unsubscribe links: a new address, a new key (the old links then do nothing)
    key: Mapped[str] = mapped_column(String(64))
    updated: Mapped[float] = mapped_column(Float)


class MailOutboxRow(Base):
    """One mail to send. `status`: queued (waiting for `due`), sending (claimed by `worker` until
    `lease_until`), sent, skipped (a digest with nothing left to tell) or failed (given up)."""

    __tablename__ = "mail_outbox"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(160), unique=True)  # turn:ROOM:SEAT:TURN, reminder:..., result:ROOM:ACCOUNT, digest:ACCOUNT:DAY
    account_id: Mapped[int] = mapped_column(Integer, index=True)
    kind: Mapped[str] = mapped_column(String(16))  # confirm | turn | reminder | result | digest
    to_addr: Mapped[str] = mapped_column(String(ADDRESS_MAX))
    to_name: Mapped[str] = mapped_column(String(100), default="")  # the account's name, cleaned again for the header
    lang: Mapped[str] = mapped_column(String(2), default="en")
    subject: Mapped[str] = mapped_column(String(400), default="")
    text_body: Mapped[str] = mapped_column(SQLText, default="")
    html_body: Mapped[str] = mapped_column(SQLText, default="")
    unsubscribe: Mapped[str | None] = mapped_column(String(600), nullable=True)  # the one-click URL (RFC 8058)
    status: Mapped[str] = mapped_column(String(12), default="queued")
    due: Mapped[float] = mapped_column(Float)
    attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    worker: Mapped[str | None] = mapped_column(String(64), nullable=True)
    lease_until: Mapped[float | None] = mapped_column(Float, nullable=True)
    created: Mapped[float] = mapped_column(Float)
    sent_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    last_error: Mapped[str | None] = mapped_column(String(300), nullable=True)

    __table_args__ = (Index("ix_mail_outbox_due", "status", "due"),)


class MailDigestItemRow(Base):
    """A turn that came to an account wanting a daily digest instead of one mail per turn."""

    __tablename__ = "mail_digest_items"

    account_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    room_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    turn: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[float] = mapped_column(Float)
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True)
    digested: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
