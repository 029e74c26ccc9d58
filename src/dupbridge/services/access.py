"""Who may do what on the server: the roles, the signed-in principal, and the ways in.

* A **Director** signs in with an account (a name and a password, stored as an argon2 hash).
  An account marked *playing* belongs to a playing Director (his role is
  :attr:`Role.PLAYING_DIRECTOR`; the console keeps the boards he has still to play from him).
* A **player** signs in to a session with the session's PIN and his player number, or with a
  one-time link that works once only (a replayed link is refused).
* A **table device** (a club's phone or tablet at a table) signs in with the table number and
  the session's PIN.
* Anyone else is anonymous; a kibitzer watches without signing in.

PINs are hashed like passwords. Links are random tokens; the store keeps only their SHA-256.
"""

from __future__ import annotations

import hashlib
import secrets
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any, ClassVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from dupbridge.core.errors import DupbridgeError
from dupbridge.i18n import _
from dupbridge.store import ConflictError
from dupbridge.store.access import AccessRepository

__all__ = ["AccessError", "AccessStore", "Principal", "Role"]


class Role(StrEnum):
    """What a signed-in person is on the server."""

    ANONYMOUS = "anonymous"
    PLAYER = "player"
    KIBITZER = "kibitzer"
    TABLE = "table"
    PLAYING_DIRECTOR = "playing_director"
    DIRECTOR = "director"


@dataclass(frozen=True)
class Principal:
    """The person (or table device) behind a request.

    Attributes:
        role: what he may do.
        name: his name (a Director's account, a player's name, "Table 3").
        session_id: the session a player, table or kibitzer signed in to.
        number: the player's number (players) or the table's number (table devices).
        account_id: the Director's account.
    """

    role: Role
    name: str = ""
    session_id: str | None = None
    number: int | None = None
    account_id: str | None = None

    ANONYMOUS: ClassVar[Principal]

    def to_json(self) -> dict[str, Any]:
        """The principal as a JSON object (for the signed cookie)."""
        return {
            "role": self.role.value,
            "name": self.name,
            "session": self.session_id,
            "number": self.number,
            "account": self.account_id,
        }

    @classmethod
    def from_json(cls, data: Any) -> Principal:
        """The principal of :meth:`to_json`'s object (anonymous if it is not one)."""
        if not isinstance(data, dict):
            return cls.ANONYMOUS
        try:
            role = Role(str(data.get("role")))
        except ValueError:
            return cls.ANONYMOUS
        number = data.get("number")
        return cls(
            role=role,
            name=str(data.get("name") or ""),
            session_id=data.get("session") if isinstance(data.get("session"), str) else None,
            number=number if isinstance(number, int) else None,
            account_id=data.get("account") if isinstance(data.get("account"), str) else None,
        )


Principal.ANONYMOUS = Principal(Role.ANONYMOUS)


class AccessError(DupbridgeError):
    """A sign-in refused: a wrong password or PIN, an unknown player, a used link."""


def _link_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class AccessStore:
    """Accounts, PINs, players and links on the store's engine.

    Args:
        engine: the store's SQLAlchemy engine (already migrated).
        hasher: the argon2 hasher (tests may pass cheaper parameters).
    """

    def __init__(self, engine: Any, hasher: PasswordHasher | None = None) -> None:
        self._repo = AccessRepository(engine)
        self._hasher = hasher or PasswordHasher()

    def _verify(self, stored: str, given: str) -> bool:
        try:
            return self._hasher.verify(stored, given)
        except (VerificationError, InvalidHashError):
            return False

    # Directors

    def add_director(self, name: str, password: str, *, playing: bool = False) -> str:
        """Create a Director's account; its id.

        Raises:
            AccessError: if the name is empty or taken, or the password shorter than 8.
        """
        name = name.strip()
        if not name:
            raise AccessError(_("a Director's account needs a name"))
        if len(password) < 8:
            raise AccessError(_("a password must have at least 8 characters"))
        account_id = str(uuid.uuid4())
        try:
            self._repo.add_account(account_id, name, self._hasher.hash(password), playing)
        except ConflictError as error:
            raise AccessError(
                _("there is already an account called {name}").format(name=name)
            ) from error
        return account_id

    def sign_in_director(self, name: str, password: str) -> Principal:
        """The Director whose name and password these are.

        Raises:
            AccessError: if there is no such account or the password is wrong (one message
                for both, so that names cannot be probed).
        """
        account = self._repo.account(name.strip())
        if account is None or not self._verify(account.password_hash, password):
            raise AccessError(_("wrong name or password"))
        if self._hasher.check_needs_rehash(account.password_hash):
            self._repo.set_password_hash(account.id, self._hasher.hash(password))
        role = Role.PLAYING_DIRECTOR if account.playing else Role.DIRECTOR
        return Principal(role, name=account.name, account_id=account.id)

    # Sessions: PIN, players, tables, links

    def set_pin(self, session_id: str, pin: str) -> None:
        """Set the session's PIN (at least 4 characters).

        Raises:
            AccessError: if the PIN is too short.
        """
        if len(pin.strip()) < 4:
            raise AccessError(_("a session PIN must have at least 4 characters"))
        self._repo.set_pin_hash(session_id, self._hasher.hash(pin.strip()))

    def register_player(self, session_id: str, number: int, name: str) -> None:
        """Make player ``number`` of a session known, so that he can sign in."""
        if number < 1:
            raise AccessError(_("a player number must be 1 or more"))
        self._repo.set_player(session_id, number, name.strip())

    def _check_pin(self, session_id: str, pin: str) -> None:
        stored = self._repo.pin_hash(session_id)
        if stored is None or not self._verify(stored, pin.strip()):
            raise AccessError(_("wrong session or PIN"))

    def sign_in_player(self, session_id: str, pin: str, number: int) -> Principal:
        """Player ``number`` of the session, with the session's PIN.

        Raises:
            AccessError: a wrong PIN, or no player of that number in the session.
        """
        self._check_pin(session_id, pin)
        name = self._repo.player_name(session_id, number)
        if name is None:
            raise AccessError(
                _("there is no player number {number} in this session").format(number=number)
            )
        return Principal(Role.PLAYER, name=name, session_id=session_id, number=number)

    def sign_in_table(self, session_id: str, pin: str, table: int) -> Principal:
        """The device at table ``table`` of the session, with the session's PIN.

        Raises:
            AccessError: a wrong PIN or a table number below 1.
        """
        if table < 1:
            raise AccessError(_("a table number must be 1 or more"))
        self._check_pin(session_id, pin)
        return Principal(
            Role.TABLE,
            name=_("Table {number}").format(number=table),
            session_id=session_id,
            number=table,
        )

    def issue_link(self, session_id: str, number: int, *, ttl_s: float = 86400.0) -> str:
        """A one-time sign-in token for player ``number`` (valid ``ttl_s`` seconds).

        Raises:
            AccessError: if the session has no such player.
        """
        if self._repo.player_name(session_id, number) is None:
            raise AccessError(
                _("there is no player number {number} in this session").format(number=number)
            )
        token = secrets.token_urlsafe(24)
        expires = datetime.now(UTC) + timedelta(seconds=ttl_s)
        self._repo.add_link(_link_hash(token), session_id, number, expires)
        return token

    def redeem_link(self, token: str) -> Principal:
        """The player a one-time link signs in; the link is then used up.

        Raises:
            AccessError: an unknown, expired or already used link.
        """
        link, won = self._repo.use_link(_link_hash(token), datetime.now(UTC))
        if link is None:
            raise AccessError(_("this sign-in link is not valid"))
        if not won:
            if link.used_at is not None:
                raise AccessError(_("this sign-in link has already been used; ask for a new one"))
            raise AccessError(_("this sign-in link has expired; ask for a new one"))
        name = self._repo.player_name(link.session_id, link.number) or ""
        return Principal(Role.PLAYER, name=name, session_id=link.session_id, number=link.number)
