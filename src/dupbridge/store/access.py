"""The access tables' repository: Directors' accounts, session PINs, a session's players and
one-time sign-in links. It stores hashes only; hashing and checking is
:mod:`dupbridge.services.access`'s job."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import Engine, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from dupbridge.store import schema
from dupbridge.store.repositories import ConflictError

__all__ = ["AccessRepository", "AccountRow", "LinkRow"]


@dataclass(frozen=True, slots=True)
class AccountRow:
    """A Director's account as stored."""

    id: str
    name: str
    password_hash: str
    playing: bool


@dataclass(frozen=True, slots=True)
class LinkRow:
    """A sign-in link as stored."""

    session_id: str
    number: int
    expires_at: datetime
    used_at: datetime | None


def _aware(moment: datetime) -> datetime:
    """SQLite gives back naive datetimes; every stored time is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class AccessRepository:
    """Reads and writes of the access tables, each in its own transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add_account(self, account_id: str, name: str, password_hash: str, playing: bool) -> None:
        """Store a new account.

        Raises:
            ConflictError: if an account of that name exists.
        """
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    insert(schema.accounts).values(
                        id=account_id,
                        name=name,
                        password_hash=password_hash,
                        playing=playing,
                        created_at=datetime.now(UTC),
                    )
                )
        except IntegrityError as error:
            raise ConflictError(str(error.orig)) from error

    def account(self, name: str) -> AccountRow | None:
        """The account called ``name``, or None."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(schema.accounts).where(schema.accounts.c.name == name)
            ).first()
        if row is None:
            return None
        return AccountRow(row.id, row.name, row.password_hash, bool(row.playing))

    def set_password_hash(self, account_id: str, password_hash: str) -> None:
        """Replace an account's hash (a rehash with stronger parameters, or a new password)."""
        with self.engine.begin() as connection:
            connection.execute(
                update(schema.accounts)
                .where(schema.accounts.c.id == account_id)
                .values(password_hash=password_hash)
            )

    def set_pin_hash(self, session_id: str, pin_hash: str) -> None:
        """Set (or replace) the hash of a session's PIN."""
        with self.engine.begin() as connection:
            connection.execute(
                delete(schema.session_pins).where(schema.session_pins.c.session_id == session_id)
            )
            connection.execute(
                insert(schema.session_pins).values(
                    session_id=session_id, pin_hash=pin_hash, created_at=datetime.now(UTC)
                )
            )

    def pin_hash(self, session_id: str) -> str | None:
        """The hash of a session's PIN, or None if the session has none."""
        with self.engine.connect() as connection:
            value: str | None = connection.execute(
                select(schema.session_pins.c.pin_hash).where(
                    schema.session_pins.c.session_id == session_id
                )
            ).scalar()
        return value

    def set_player(self, session_id: str, number: int, name: str) -> None:
        """Register (or rename) player ``number`` of a session."""
        table = schema.session_players
        with self.engine.begin() as connection:
            connection.execute(
                delete(table).where(table.c.session_id == session_id, table.c.number == number)
            )
            connection.execute(
                insert(table).values(session_id=session_id, number=number, name=name)
            )

    def player_name(self, session_id: str, number: int) -> str | None:
        """The name of player ``number`` of a session, or None if there is no such player."""
        table = schema.session_players
        with self.engine.connect() as connection:
            value: str | None = connection.execute(
                select(table.c.name).where(
                    table.c.session_id == session_id, table.c.number == number
                )
            ).scalar()
        return value

    def add_link(self, token_hash: str, session_id: str, number: int, expires_at: datetime) -> None:
        """Store a new sign-in link."""
        with self.engine.begin() as connection:
            connection.execute(
                insert(schema.signin_links).values(
                    token_hash=token_hash,
                    session_id=session_id,
                    number=number,
                    expires_at=expires_at,
                )
            )

    def use_link(self, token_hash: str, now: datetime) -> tuple[LinkRow | None, bool]:
        """Mark a link used, at most once: the link (None if unknown) and whether this call was
        the one that used it (an atomic update, so two requests racing cannot both win)."""
        table = schema.signin_links
        with self.engine.begin() as connection:
            row = connection.execute(select(table).where(table.c.token_hash == token_hash)).first()
            if row is None:
                return None, False
            link = LinkRow(
                row.session_id,
                row.number,
                _aware(row.expires_at),
                None if row.used_at is None else _aware(row.used_at),
            )
            if link.used_at is not None or link.expires_at <= now:
                return link, False
            done = connection.execute(
                update(table)
                .where(table.c.token_hash == token_hash, table.c.used_at.is_(None))
                .values(used_at=now)
            )
            return link, done.rowcount == 1
