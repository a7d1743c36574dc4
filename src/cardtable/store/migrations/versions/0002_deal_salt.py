"""The salt of each deal's deck commitment, kept beside its deck.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Apply this revision."""
    with op.batch_alter_table("log_entries") as batch_op:
        batch_op.add_column(sa.Column("salt", sa.String(length=64), nullable=True))


def downgrade() -> None:
    """Undo this revision."""
    with op.batch_alter_table("log_entries") as batch_op:
        batch_op.drop_column("salt")
