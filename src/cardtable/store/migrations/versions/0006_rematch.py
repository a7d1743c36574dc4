"""Rematches: a finished table names the table of its rematch, made with it in one transaction.

Revision ID: 0006_rematch
Revises: 0005_live
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_rematch"
down_revision = "0005_live"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Apply this revision."""
    with op.batch_alter_table("tables") as batch_op:
        batch_op.add_column(sa.Column("rematch", sa.JSON(), nullable=True))


def downgrade() -> None:
    """Undo this revision."""
    with op.batch_alter_table("tables") as batch_op:
        batch_op.drop_column("rematch")
