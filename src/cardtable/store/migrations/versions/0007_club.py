"""Club operation: the address that made each table, and the operators' acts.

Revision ID: 0007_club
Revises: 0006_rematch
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_club"
down_revision = "0006_rematch"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Apply this revision."""
    with op.batch_alter_table("tables") as batch_op:
        batch_op.add_column(sa.Column("address", sa.String(64), nullable=True))
        batch_op.create_index("ix_tables_address", ["address"])
    op.create_table(
        "operator_acts",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("command", sa.String(20), nullable=False),
        sa.Column("target", sa.String(64), nullable=False),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("done", sa.DateTime(timezone=True), nullable=True),
        sa.Column("outcome", sa.Text(), nullable=True),
    )


def downgrade() -> None:
    """Undo this revision."""
    op.drop_table("operator_acts")
    with op.batch_alter_table("tables") as batch_op:
        batch_op.drop_index("ix_tables_address")
        batch_op.drop_column("address")
