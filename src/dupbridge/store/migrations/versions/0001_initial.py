"""The first tables: players, sessions, tables, seats and the event log.

Revision ID: 0001
Revises:
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the tables."""
    op.create_table(
        "players",
        sa.Column("id", sa.String(36), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("language", sa.String(8), nullable=False, server_default="en"),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_players"),
    )
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(36), nullable=False),
        sa.Column("name", sa.String(200), nullable=False, server_default=""),
        sa.Column("settings", sa.Text(), nullable=False, server_default="{}"),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_sessions"),
    )
    op.create_table(
        "tables",
        sa.Column("id", sa.String(36), nullable=False),
        sa.Column("session_id", sa.String(36), nullable=False),
        sa.Column("name", sa.String(200), nullable=False, server_default=""),
        sa.Column("board_number", sa.Integer(), nullable=False),
        sa.Column("settings", sa.Text(), nullable=False, server_default="{}"),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["session_id"], ["sessions.id"], name="fk_tables_session_id_sessions"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_tables"),
    )
    op.create_index("ix_tables_session_id", "tables", ["session_id"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(36), nullable=False),
        sa.Column("seat", sa.String(1), nullable=False),
        sa.Column("player_id", sa.String(36), nullable=True),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name="fk_seats_table_id_tables"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name="fk_seats_player_id_players"),
        sa.PrimaryKeyConstraint("table_id", "seat", name="pk_seats"),
    )
    op.create_table(
        "events",
        sa.Column("table_id", sa.String(36), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("batch", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("actor", sa.String(16), nullable=False),
        sa.Column("idempotency_key", sa.String(100), nullable=True),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name="fk_events_table_id_tables"),
        sa.PrimaryKeyConstraint("table_id", "seq", name="pk_events"),
        sa.UniqueConstraint(
            "table_id", "idempotency_key", name="uq_events_table_id_idempotency_key"
        ),
    )


def downgrade() -> None:
    """Drop the tables."""
    for name in ("events", "seats", "tables", "sessions", "players"):
        op.drop_table(name)
