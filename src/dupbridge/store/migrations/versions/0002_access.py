"""Who may do what: Directors' accounts, session PINs, a session's players, sign-in links.

Revision ID: access
Revises: 0001
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "access"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the access tables."""
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(36), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("playing", sa.Boolean(), nullable=False, server_default="0"),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_accounts"),
        sa.UniqueConstraint("name", name="uq_accounts_name"),
    )
    op.create_table(
        "session_pins",
        sa.Column("session_id", sa.String(36), nullable=False),
        sa.Column("pin_hash", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("session_id", name="pk_session_pins"),
    )
    op.create_table(
        "session_players",
        sa.Column("session_id", sa.String(36), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.PrimaryKeyConstraint("session_id", "number", name="pk_session_players"),
    )
    op.create_table(
        "signin_links",
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("session_id", sa.String(36), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("token_hash", name="pk_signin_links"),
    )


def downgrade() -> None:
    """Drop them."""
    for name in ("signin_links", "session_players", "session_pins", "accounts"):
        op.drop_table(name)
