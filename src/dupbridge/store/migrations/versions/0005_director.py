"""The Director's tables: rulings made with the assistant, the console's audit log.

Revision ID: director
Revises: club
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "director"
down_revision = "club"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the tables."""
    op.create_table(
        "director_rulings",
        sa.Column("id", sa.String(36), nullable=False),
        sa.Column("director", sa.String(200), nullable=False, server_default=""),
        sa.Column("language", sa.String(8), nullable=False, server_default="en"),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("session_ref", sa.String(200), nullable=True),
        sa.Column("table_ref", sa.String(200), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_director_rulings"),
    )
    op.create_table(
        "director_log",
        sa.Column("id", sa.Integer, nullable=False, autoincrement=True),
        sa.Column("scope", sa.String(200), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("director", sa.String(200), nullable=False),
        sa.Column("payload", sa.Text, nullable=False),
        sa.Column("revises", sa.Integer, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_director_log"),
    )
    op.create_index("ix_director_log_scope", "director_log", ["scope"])


def downgrade() -> None:
    """Drop the tables."""
    op.drop_index("ix_director_log_scope", table_name="director_log")
    op.drop_table("director_log")
    op.drop_table("director_rulings")
