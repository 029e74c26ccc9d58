"""Club evenings: their setup, their results and the audit log of every change.

Revision ID: club
Revises: access
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "club"
down_revision = "access"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the club tables."""
    op.create_table(
        "club_evenings",
        sa.Column("id", sa.String(36), nullable=False),
        sa.Column("name", sa.String(200), nullable=False, server_default=""),
        sa.Column("setup", sa.Text(), nullable=False),
        sa.Column("state", sa.String(16), nullable=False, server_default="setup"),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_club_evenings"),
    )
    op.create_table(
        "club_results",
        sa.Column("evening_id", sa.String(36), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("board", sa.Integer(), nullable=False),
        sa.Column("ns", sa.String(16), nullable=False),
        sa.Column("ew", sa.String(16), nullable=False),
        sa.Column("cells", sa.Text(), nullable=False),
        sa.Column("grp", sa.String(16), nullable=True),
        sa.Column("flags", sa.Text(), nullable=False, server_default="[]"),
        sa.Column("idempotency_key", sa.String(100), nullable=True),
        sa.Column("entered_by", sa.String(80), nullable=False, server_default=""),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["evening_id"], ["club_evenings.id"], name="fk_club_results_evening_id_club_evenings"
        ),
        sa.PrimaryKeyConstraint("evening_id", "round", "table_no", "board", name="pk_club_results"),
        sa.UniqueConstraint(
            "evening_id", "idempotency_key", name="uq_club_results_evening_id_idempotency_key"
        ),
    )
    op.create_table(
        "club_audit",
        sa.Column("evening_id", sa.String(36), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("who", sa.String(80), nullable=False),
        sa.Column("action", sa.String(40), nullable=False),
        sa.Column("round", sa.Integer(), nullable=True),
        sa.Column("table_no", sa.Integer(), nullable=True),
        sa.Column("board", sa.Integer(), nullable=True),
        sa.Column("before", sa.Text(), nullable=True),
        sa.Column("after", sa.Text(), nullable=True),
        sa.Column("note", sa.Text(), nullable=False, server_default=""),
        sa.ForeignKeyConstraint(
            ["evening_id"], ["club_evenings.id"], name="fk_club_audit_evening_id_club_evenings"
        ),
        sa.PrimaryKeyConstraint("evening_id", "seq", name="pk_club_audit"),
    )


def downgrade() -> None:
    """Drop the club tables."""
    for name in ("club_audit", "club_results", "club_evenings"):
        op.drop_table(name)
