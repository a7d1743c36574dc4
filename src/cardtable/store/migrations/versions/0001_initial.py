"""Players, tables, seats and the append-only log.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Apply this revision."""
    op.create_table(
        "players",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "settings",
        sa.Column("key", sa.String(length=40), nullable=False),
        sa.Column("value", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("key"),
    )
    op.create_table(
        "tables",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("preset", sa.String(length=80), nullable=True),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("listed", sa.Boolean(), nullable=False),
        sa.Column("invite_hash", sa.String(length=64), nullable=False),
        sa.Column("deals_limit", sa.Integer(), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "log_entries",
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("seq", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("text", sa.Text(), nullable=True),
        sa.Column("client_id", sa.String(length=64), nullable=True),
        sa.Column("dealer", sa.Integer(), nullable=True),
        sa.Column("deck", sa.Text(), nullable=True),
        sa.Column("seed", sa.BigInteger(), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["tables.id"],
        ),
        sa.PrimaryKeyConstraint("table_id", "seq"),
        sa.UniqueConstraint("table_id", "seat", "client_id", name="uq_log_client_id"),
    )
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=True),
        sa.Column("bot", sa.String(length=40), nullable=True),
        sa.Column("player_id", sa.String(length=32), nullable=True),
        sa.Column("token_hash", sa.String(length=64), nullable=True),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
        ),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["tables.id"],
        ),
        sa.PrimaryKeyConstraint("table_id", "seat"),
        sa.UniqueConstraint("token_hash"),
    )


def downgrade() -> None:
    """Undo this revision."""
    op.drop_table("seats")
    op.drop_table("log_entries")
    op.drop_table("tables")
    op.drop_table("settings")
    op.drop_table("players")
