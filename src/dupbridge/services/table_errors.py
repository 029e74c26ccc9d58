"""The table service's errors and its gate (:mod:`dupbridge.services.tables` re-exports
them)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from dupbridge.core.errors import DupbridgeError

__all__ = [
    "ClosedTableError",
    "ForbiddenError",
    "StoreUnavailableError",
    "TableGate",
    "UnknownTableError",
]

#: Asked by the table service before it carries out a seat's command, with the table's id and
#: its session's: None to go ahead, or why the table takes no more commands (the message of a
#: :class:`ClosedTableError`). The online sessions install theirs (``sessions.gate``).
TableGate = Callable[[str, str], Awaitable[str | None]]


class UnknownTableError(DupbridgeError, LookupError):
    """There is no table with this id."""


class StoreUnavailableError(DupbridgeError):
    """The store could not be written: the command is not acknowledged (send it again with
    the same idempotency key)."""


class ForbiddenError(DupbridgeError):
    """A player acting for a seat that is not his (dummy's cards are declarer's to play)."""


class ClosedTableError(DupbridgeError):
    """The table takes no more commands: its online session is closed, or the Director has
    scored its board in place of the table's own result (nothing is logged)."""
