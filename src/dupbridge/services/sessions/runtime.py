"""The session service on a server: a ticker that moves every running session on by the
clock, and the demo club's robot session that ``dupbridge run`` keeps running beside the
lobby (robots in every seat, the ranking live, a new session when one closes)."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from dupbridge.i18n import N_, _
from dupbridge.services.sessions.config import SessionConfig
from dupbridge.services.sessions.service import SessionService

__all__ = ["DEMO_PAIRS", "DEMO_SESSION_NAME", "SessionRunner", "demo_session"]

_LOG = logging.getLogger("dupbridge.sessions")

#: The name of the demo club's robot session (an English source string).
DEMO_SESSION_NAME = N_("Robot club pairs")
#: The pairs of the demo session: 8 pairs, a 4-table Howell.
DEMO_PAIRS = (
    ("Ada", "Bert"), ("Cleo", "Dag"), ("Eve", "Finn"), ("Gro", "Hal"),
    ("Ivy", "Jon"), ("Kim", "Lev"), ("Mia", "Ned"), ("Ola", "Pia"),
)  # fmt: skip


async def demo_session(sessions: SessionService, *, seed: int | None = None) -> str:
    """Create and start a robot session: eight robot pairs, a Howell of one board a round,
    matchpoints, the ranking after every board; it closes itself at the end."""
    config = SessionConfig(
        name=_(DEMO_SESSION_NAME),
        method="mp",
        boards_per_round=1,
        seconds_per_board=600,
        ranking="live",
        auto_close=True,
        seed=seed,
        robot_players=tuple(range(1, 2 * len(DEMO_PAIRS) + 1)),
        correction_s=0,
    )
    session_id, _pin = sessions.create(config)
    for first, second in DEMO_PAIRS:
        sessions.add_pair(session_id, (f"{first} (robot)", f"{second} (robot)"))
    await sessions.start(session_id)
    return session_id


class SessionRunner:
    """Ticks every running session each ``interval_s`` seconds; with ``demo``, keeps one
    robot session running."""

    def __init__(
        self, sessions: SessionService, *, interval_s: float = 1.0, demo: bool = False
    ) -> None:
        self.sessions = sessions
        self.interval_s = interval_s
        self.demo = demo
        self.demo_id: str | None = None
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Put the robots back at the running sessions' tables, then begin ticking (with
        ``demo``, a robot session still running from before is the demo session)."""
        await self.sessions.resume()
        if self.demo:
            running = [
                row
                for row in self.sessions.sessions()
                if row.state == "running" and row.name == _(DEMO_SESSION_NAME)
            ]
            if running:
                self.demo_id = running[-1].id
        self._task = asyncio.create_task(self._loop())

    async def close(self) -> None:
        """Stop ticking."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _loop(self) -> None:
        while True:
            try:
                await self.sessions.tick_all()
                if self.demo:
                    await self._keep_demo()
            except asyncio.CancelledError:
                raise
            except Exception:  # one bad tick must not stop the sessions: log, go on
                _LOG.exception("session tick failed")
            await asyncio.sleep(self.interval_s)

    async def _keep_demo(self) -> None:
        if self.demo_id is not None:
            row = self.sessions.store.get(self.demo_id)
            if row is not None and row.state in ("open", "running"):
                return
        self.demo_id = await demo_session(self.sessions)
