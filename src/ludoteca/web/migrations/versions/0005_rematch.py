"""Play again (issue 45): the room a finished game's players were offered to play again in.

Revision ID: 0005_rematch
Revises: 0004_resign
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "0005_rematch"
down_revision = "0004_resign"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("rooms", sa.Column("rematch", sa.String(32), nullable=True))


def downgrade() -> None:
    op.drop_column("rooms", "rematch")
