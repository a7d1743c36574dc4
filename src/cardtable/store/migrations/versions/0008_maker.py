"""The player who made each table (a club limits the open tables one player makes).

Revision ID: 0008_maker
Revises: 0007_club
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_maker"
down_revision = "0007_club"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Apply this revision."""
    with op.batch_alter_table("tables") as batch_op:
        batch_op.add_column(sa.Column("maker", sa.String(32), nullable=True))
        batch_op.create_index("ix_tables_maker", ["maker"])


def downgrade() -> None:
    """Undo this revision."""
    with op.batch_alter_table("tables") as batch_op:
        batch_op.drop_index("ix_tables_maker")
        batch_op.drop_column("maker")
