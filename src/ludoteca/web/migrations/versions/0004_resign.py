"""Resign (issue 45): a seat whose person resigned.

Revision ID: 0004_resign
Revises: 0003_ratings
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "0004_resign"
down_revision = "0003_ratings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("resigned", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    op.drop_column("seats", "resigned")
