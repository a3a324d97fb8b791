"""Play at your own pace (issue 46): deadlines fired exactly once, and timed rooms' clock state.

Revision ID: 0006_turns
Revises: 0005_rematch
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "0006_turns"
down_revision = "0005_rematch"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "deadlines",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("turn", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("due", sa.Float, nullable=False),
        sa.Column("deadline", sa.Float, nullable=False),
        sa.Column("claimed_by", sa.String(64), nullable=True),
        sa.Column("claimed_until", sa.Float, nullable=True),
    )
    op.create_index("ix_deadlines_due", "deadlines", ["due"])
    op.create_index("ix_deadlines_room_id", "deadlines", ["room_id"])
    op.create_table(
        "room_timing",
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("turn", sa.Integer, nullable=True),
        sa.Column("since", sa.Float, nullable=True),
        sa.Column("state", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("room_timing")
    op.drop_index("ix_deadlines_room_id", table_name="deadlines")
    op.drop_index("ix_deadlines_due", table_name="deadlines")
    op.drop_table("deadlines")
