"""The online session's gate on its tables (the table service's ``gate``): once a session
is closed, a seat's command at any of its tables is refused with a message and nothing is
written; so is one at a table whose board the Director has scored in place of the table's
own result (a board stopped when time ran out, Law 12C2, or an adjusted score).

Tables that are no online session's (a table created on its own) pass at once after one
look at the store; a closed session stays closed, so it is remembered too.
"""

from __future__ import annotations

import asyncio

from dupbridge.i18n import _
from dupbridge.services.table_errors import StoreUnavailableError
from dupbridge.store.session_store import SessionStore

__all__ = ["SessionGate"]

#: How many session ids each memory keeps before it starts again (it only saves reads).
_REMEMBER = 10_000


class SessionGate:
    """Refuses commands at the tables of closed online sessions and at boards the Director
    has scored; installed as ``TableService.gate`` by the session service."""

    def __init__(self, store: SessionStore) -> None:
        self.store = store
        self._plain: set[str] = set()  # sessions that are no online session (never become one)
        self._closed: dict[str, str] = {}  # closed online sessions' names (a close is final)

    async def __call__(self, table_id: str, session_id: str) -> str | None:
        """None when a seat may act at table ``table_id`` of session ``session_id``, else
        why not (in the caller's language).

        Raises:
            StoreUnavailableError: if the store cannot be read now (nothing is logged).
        """
        if session_id in self._plain:
            return None
        name = self._closed.get(session_id)
        if name is None:
            try:
                row = await asyncio.to_thread(self.store.gate, session_id, table_id)
            except Exception as error:  # the store cannot be read: say so, log nothing
                raise StoreUnavailableError(
                    _("the session's state cannot be read now; the command is not acknowledged")
                ) from error
            if row is None:
                _remember(self._plain, session_id)
                return None
            if row.state != "closed":
                return _scored(row.outcome, row.note)
            name = row.name
            if len(self._closed) >= _REMEMBER:
                self._closed.clear()
            self._closed[session_id] = name
        return _(
            "session {name!r} is closed: its tables take no more commands; nothing was changed"
        ).format(name=name)


def _remember(memory: set[str], session_id: str) -> None:
    if len(memory) >= _REMEMBER:
        memory.clear()
    memory.add(session_id)


def _scored(outcome: str | None, note: str) -> str | None:
    if outcome is None:
        return None
    if note:
        return _(
            "the Director has scored this board ({outcome}: {note}): the table takes no more "
            "commands; nothing was changed"
        ).format(outcome=outcome, note=note)
    return _(
        "the Director has scored this board ({outcome}): the table takes no more commands; "
        "nothing was changed"
    ).format(outcome=outcome)
