"""The tables of the store (SQLAlchemy Core), in step with the Alembic migrations.

The migrations in :mod:`dupbridge.store.migrations` create these tables; a test checks that
the migrated database and this metadata agree, so the two never drift apart.

* ``players``: people who sit at tables (a name and a language).
* ``sessions``: an evening's event: the tables that play the same boards, with the event's
  settings (a JSON object, :class:`dupbridge.services.online.TableSettings`).
* ``tables``: one board at one table of a session; ``finished_at`` is set in the transaction
  that ends play, so the server knows when a board is over at every table of the session.
* ``seats``: who sits in each of the four seats of a table.
* ``online_sessions``: an online session's conditions (JSON), its state, its round and the
  clock times (seconds on the session service's clock).
* ``session_entries``: the entries of an online session: number, names, member numbers.
* ``session_boards``: each board of a round at a table of an online session (a row of
  ``tables``), who sat NS and EW, and a Director's score when the board was not played or
  was corrected (Law 12C2).
* ``events``: each table's append-only log, keyed by (table, seq): the event's JSON, its type,
  the actor, the time, the batch (the seq of the command's first event) and the client's
  idempotency key, unique per table.
* ``accounts``: the Directors' accounts (a name and an argon2 hash of the password).
* ``session_pins``: the argon2 hash of a session's PIN (players and table devices sign in with it).
* ``session_players``: the players of a session by their number (their name, for the pages).
* ``signin_links``: one-time sign-in links, by the SHA-256 of their token; ``used_at`` is set
  when the link is redeemed, and a link is redeemed once only.
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    UniqueConstraint,
)

__all__ = [
    "accounts",
    "club_audit",
    "club_evenings",
    "club_results",
    "director_log",
    "director_rulings",
    "events",
    "metadata",
    "online_sessions",
    "players",
    "seats",
    "session_boards",
    "session_entries",
    "session_pins",
    "session_players",
    "sessions",
    "signin_links",
    "tables",
]

metadata = MetaData(
    naming_convention={
        "pk": "pk_%(table_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "uq": "uq_%(table_name)s_%(column_0_name)s_%(column_1_name)s",
        "ix": "ix_%(table_name)s_%(column_0_name)s",
    }
)

players = Table(
    "players",
    metadata,
    Column("id", String(36), primary_key=True),
    Column("name", String(200), nullable=False),
    Column("language", String(8), nullable=False, server_default="en"),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

sessions = Table(
    "sessions",
    metadata,
    Column("id", String(36), primary_key=True),
    Column("name", String(200), nullable=False, server_default=""),
    Column("settings", Text, nullable=False, server_default="{}"),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

tables = Table(
    "tables",
    metadata,
    Column("id", String(36), primary_key=True),
    Column("session_id", String(36), ForeignKey("sessions.id"), nullable=False, index=True),
    Column("name", String(200), nullable=False, server_default=""),
    Column("board_number", Integer, nullable=False),
    Column("settings", Text, nullable=False, server_default="{}"),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("finished_at", DateTime(timezone=True), nullable=True),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(36), ForeignKey("tables.id"), nullable=False),
    Column("seat", String(1), nullable=False),
    Column("player_id", String(36), ForeignKey("players.id"), nullable=True),
    Column("joined_at", DateTime(timezone=True), nullable=True),
    PrimaryKeyConstraint("table_id", "seat"),
)

events = Table(
    "events",
    metadata,
    Column("table_id", String(36), ForeignKey("tables.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("batch", Integer, nullable=False),
    Column("kind", String(40), nullable=False),
    Column("actor", String(16), nullable=False),
    Column("idempotency_key", String(100), nullable=True),
    Column("payload", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    PrimaryKeyConstraint("table_id", "seq"),
    UniqueConstraint("table_id", "idempotency_key"),
)

online_sessions = Table(
    "online_sessions",
    metadata,
    Column("session_id", String(36), ForeignKey("sessions.id"), primary_key=True),
    Column("config", Text, nullable=False, server_default="{}"),
    Column("state", String(16), nullable=False, server_default="open"),
    Column("current_round", Integer, nullable=False, server_default="0"),
    Column("round_started_at", Float, nullable=True),
    Column("warned", Integer, nullable=False, server_default="0"),
    Column("closed_at", Float, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

session_entries = Table(
    "session_entries",
    metadata,
    Column("session_id", String(36), ForeignKey("sessions.id"), nullable=False),
    Column("number", Integer, nullable=False),
    Column("names", Text, nullable=False),
    Column("members", Text, nullable=False, server_default="[]"),
    Column("created_at", DateTime(timezone=True), nullable=False),
    PrimaryKeyConstraint("session_id", "number"),
)

session_boards = Table(
    "session_boards",
    metadata,
    Column("table_id", String(36), ForeignKey("tables.id"), primary_key=True),
    Column("session_id", String(36), ForeignKey("sessions.id"), nullable=False, index=True),
    Column("round", Integer, nullable=False),
    Column("table_number", Integer, nullable=False),
    Column("board", Integer, nullable=False),
    Column("ns", Integer, nullable=False),
    Column("ew", Integer, nullable=False),
    Column("outcome", String(40), nullable=True),
    Column("note", Text, nullable=False, server_default=""),
)

#: The Director's work (docs/director.md): ``director_rulings`` holds each ruling made with
#: the ruling assistant as a table record (JSON, docs/table-records.md), with who made it and
#: when; ``director_log`` the append-only audit log of the Director's console actions (a
#: revision is a new row naming the row it revises, the original stays).
director_rulings = Table(
    "director_rulings",
    metadata,
    Column("id", String(36), primary_key=True),
    Column("director", String(200), nullable=False, server_default=""),
    Column("language", String(8), nullable=False, server_default="en"),
    Column("record", Text, nullable=False),
    Column("session_ref", String(200), nullable=True),
    Column("table_ref", String(200), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

director_log = Table(
    "director_log",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("scope", String(200), nullable=False, index=True),
    Column("kind", String(40), nullable=False),
    Column("director", String(200), nullable=False),
    Column("payload", Text, nullable=False),
    Column("revises", Integer, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

accounts = Table(
    "accounts",
    metadata,
    Column("id", String(36), primary_key=True),
    Column("name", String(200), nullable=False),
    Column("password_hash", String(200), nullable=False),
    Column("playing", Boolean, nullable=False, server_default="0"),
    Column("created_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("name", name="uq_accounts_name"),
)

session_pins = Table(
    "session_pins",
    metadata,
    Column("session_id", String(36), primary_key=True),
    Column("pin_hash", String(200), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

session_players = Table(
    "session_players",
    metadata,
    Column("session_id", String(36), nullable=False),
    Column("number", Integer, nullable=False),
    Column("name", String(200), nullable=False),
    PrimaryKeyConstraint("session_id", "number"),
)

signin_links = Table(
    "signin_links",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("session_id", String(36), nullable=False),
    Column("number", Integer, nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
    Column("used_at", DateTime(timezone=True), nullable=True),
)

# -- club evenings (face-to-face sessions scored at the tables; migration 0004_club) ---------

club_evenings = Table(
    "club_evenings",
    metadata,
    Column("id", String(36), primary_key=True),
    Column("name", String(200), nullable=False, server_default=""),
    Column("setup", Text, nullable=False),
    Column("state", String(16), nullable=False, server_default="setup"),
    Column("finished_at", DateTime(timezone=True), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

club_results = Table(
    "club_results",
    metadata,
    Column("evening_id", String(36), ForeignKey("club_evenings.id"), nullable=False),
    Column("round", Integer, nullable=False),
    Column("table_no", Integer, nullable=False),
    Column("board", Integer, nullable=False),
    Column("ns", String(16), nullable=False),
    Column("ew", String(16), nullable=False),
    Column("cells", Text, nullable=False),
    Column("grp", String(16), nullable=True),
    Column("flags", Text, nullable=False, server_default="[]"),
    Column("idempotency_key", String(100), nullable=True),
    Column("entered_by", String(80), nullable=False, server_default=""),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    PrimaryKeyConstraint("evening_id", "round", "table_no", "board"),
    UniqueConstraint("evening_id", "idempotency_key"),
)

club_audit = Table(
    "club_audit",
    metadata,
    Column("evening_id", String(36), ForeignKey("club_evenings.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("who", String(80), nullable=False),
    Column("action", String(40), nullable=False),
    Column("round", Integer, nullable=True),
    Column("table_no", Integer, nullable=True),
    Column("board", Integer, nullable=True),
    Column("before", Text, nullable=True),
    Column("after", Text, nullable=True),
    Column("note", Text, nullable=False, server_default=""),
    PrimaryKeyConstraint("evening_id", "seq"),
)
