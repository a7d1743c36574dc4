"""Clocks: a table's move time and time bank, and the bank a seat has left after each move.

Revision ID: 0005_live
Revises: 0004_accounts
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_live"
down_revision = "0004_accounts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Apply this revision."""
    with op.batch_alter_table("tables") as batch_op:
        batch_op.add_column(sa.Column("clock", sa.JSON(), nullable=True))
    with op.batch_alter_table("log_entries") as batch_op:
        batch_op.add_column(sa.Column("bank_ms", sa.Integer(), nullable=True))


def downgrade() -> None:
    """Undo this revision."""
    with op.batch_alter_table("log_entries") as batch_op:
        batch_op.drop_column("bank_ms")
    with op.batch_alter_table("tables") as batch_op:
        batch_op.drop_column("clock")
