"""Accounts beside guests: a login, an argon2 password hash and a cookie epoch per player.

Revision ID: 0004_accounts
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_accounts"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Apply this revision."""
    with op.batch_alter_table("players") as batch_op:
        batch_op.add_column(sa.Column("login", sa.String(length=40), nullable=True))
        batch_op.add_column(sa.Column("password_hash", sa.String(length=200), nullable=True))
        batch_op.add_column(sa.Column("epoch", sa.Integer(), server_default="0", nullable=False))
        batch_op.create_unique_constraint("uq_players_login", ["login"])
    with op.batch_alter_table("seats") as batch_op:
        batch_op.create_index("ix_seats_player_id", ["player_id"], unique=False)


def downgrade() -> None:
    """Undo this revision."""
    with op.batch_alter_table("seats") as batch_op:
        batch_op.drop_index("ix_seats_player_id")
    with op.batch_alter_table("players") as batch_op:
        batch_op.drop_constraint("uq_players_login", type_="unique")
        batch_op.drop_column("epoch")
        batch_op.drop_column("password_hash")
        batch_op.drop_column("login")
