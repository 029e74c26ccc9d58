"""Online sessions: their conditions and state, their entries, and the boards of each round.

Revision ID: sessions
Revises: director
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "sessions"
down_revision = "director"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the tables."""
    op.create_table(
        "online_sessions",
        sa.Column("session_id", sa.String(36), nullable=False),
        sa.Column("config", sa.Text(), nullable=False, server_default="{}"),
        sa.Column("state", sa.String(16), nullable=False, server_default="open"),
        sa.Column("current_round", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("round_started_at", sa.Float(), nullable=True),
        sa.Column("warned", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("closed_at", sa.Float(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"], ["sessions.id"], name="fk_online_sessions_session_id_sessions"
        ),
        sa.PrimaryKeyConstraint("session_id", name="pk_online_sessions"),
    )
    op.create_table(
        "session_entries",
        sa.Column("session_id", sa.String(36), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("names", sa.Text(), nullable=False),
        sa.Column("members", sa.Text(), nullable=False, server_default="[]"),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"], ["sessions.id"], name="fk_session_entries_session_id_sessions"
        ),
        sa.PrimaryKeyConstraint("session_id", "number", name="pk_session_entries"),
    )
    op.create_table(
        "session_boards",
        sa.Column("table_id", sa.String(36), nullable=False),
        sa.Column("session_id", sa.String(36), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("table_number", sa.Integer(), nullable=False),
        sa.Column("board", sa.Integer(), nullable=False),
        sa.Column("ns", sa.Integer(), nullable=False),
        sa.Column("ew", sa.Integer(), nullable=False),
        sa.Column("outcome", sa.String(40), nullable=True),
        sa.Column("note", sa.Text(), nullable=False, server_default=""),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name="fk_session_boards_table_id_tables"
        ),
        sa.ForeignKeyConstraint(
            ["session_id"], ["sessions.id"], name="fk_session_boards_session_id_sessions"
        ),
        sa.PrimaryKeyConstraint("table_id", name="pk_session_boards"),
    )
    op.create_index("ix_session_boards_session_id", "session_boards", ["session_id"])


def downgrade() -> None:
    """Drop the tables."""
    op.drop_index("ix_session_boards_session_id", table_name="session_boards")
    for name in ("session_boards", "session_entries", "online_sessions"):
        op.drop_table(name)
