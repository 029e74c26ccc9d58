"""The Director's desk: what the server holds for the Director (the ruling assistant, the
events whose scores he may adjust) on the store's engine."""

from __future__ import annotations

from dupbridge.i18n import _
from dupbridge.laws.profiles import find_profile
from dupbridge.rulings.solver import ClaimSolver
from dupbridge.services.director.assistant import Assistant
from dupbridge.services.director.console import OnlineConsole
from dupbridge.services.director.scores import EventScores, ScoresError
from dupbridge.store import EventStore
from dupbridge.store.director import DirectorStore
from dupbridge.tournament.results import Event

__all__ = ["DirectorDesk"]


class DirectorDesk:
    """The assistant and the events open on the console (by reference: a session id)."""

    def __init__(
        self,
        store: DirectorStore,
        *,
        tables: EventStore | None = None,
        claims: ClaimSolver | None = None,
        disconnect_grace: float = 30,
    ) -> None:
        self.store = store
        self.assistant = Assistant(store, claims=claims)
        self.online = (
            None
            if tables is None
            else OnlineConsole(tables, store, disconnect_grace=disconnect_grace)
        )
        self._events: dict[str, EventScores] = {}

    def open_event(self, scope: str, event: Event, profile: str = "wbf") -> None:
        """Put an event's results on the console with its national profile (the online
        session does this when its boards are scored).

        Raises:
            ValueError: for an unknown profile.
        """
        self._events[scope] = EventScores(self.store, scope, event, profile=find_profile(profile))

    def event(self, scope: str) -> EventScores:
        """The scores of an open event.

        Raises:
            ScoresError: if no event is open under that reference.
        """
        scores = self._events.get(scope)
        if scores is None:
            raise ScoresError(_("no event {scope!r} is open on the console").format(scope=scope))
        return scores

    def events(self) -> list[str]:
        """The references of the open events."""
        return sorted(self._events)
