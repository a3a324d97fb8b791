"""Mail (issue 46): each account's mail address and wishes, the mails to send (one row per mail, its
key unique so that a repeat is a no-op), and the turns waiting for an account's daily digest.

Revision ID: 0007_mail
Revises: 0006_turns
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "0007_mail"
down_revision = "0006_turns"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "mail_addresses",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", name="fk_mail_addresses_account_id"), primary_key=True),
        sa.Column("address", sa.String(254), nullable=True),
        sa.Column("pending", sa.String(254), nullable=True),
        sa.Column("pending_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("pending_expires", sa.Float, nullable=True),
        sa.Column("lang", sa.String(2), nullable=False, server_default="en"),
        sa.Column("want_turn", sa.Boolean, nullable=False, server_default=sa.true()),
        sa.Column("want_digest", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("want_reminder", sa.Boolean, nullable=False, server_default=sa.true()),
        sa.Column("want_result", sa.Boolean, nullable=False, server_default=sa.true()),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "mail_outbox",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(160), nullable=False, unique=True),
        sa.Column("account_id", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("to_addr", sa.String(254), nullable=False),
        sa.Column("to_name", sa.String(100), nullable=False),
        sa.Column("lang", sa.String(2), nullable=False),
        sa.Column("subject", sa.String(400), nullable=False),
        sa.Column("text_body", sa.Text, nullable=False),
        sa.Column("html_body", sa.Text, nullable=False),
        sa.Column("unsubscribe", sa.String(600), nullable=True),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("due", sa.Float, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("worker", sa.String(64), nullable=True),
        sa.Column("lease_until", sa.Float, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("sent_at", sa.Float, nullable=True),
        sa.Column("last_error", sa.String(300), nullable=True),
    )
    op.create_index("ix_mail_outbox_account_id", "mail_outbox", ["account_id"])
    op.create_index("ix_mail_outbox_due", "mail_outbox", ["status", "due"])
    op.create_table(
        "mail_digest_items",
        sa.Column("account_id", sa.Integer, primary_key=True),
        sa.Column("room_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("turn", sa.Integer, primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("deadline", sa.Float, nullable=True),
        sa.Column("digested", sa.Boolean, nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    for table in ("mail_digest_items", "mail_outbox", "mail_addresses"):
        op.drop_table(table)
