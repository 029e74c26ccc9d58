"""Online sessions: entries, a movement, rounds on a clock, robots for missing players, the
live ranking and the results at the close (see :mod:`.service`)."""

from dupbridge.services.sessions.base import RoundBoard, SessionView, seat_player
from dupbridge.services.sessions.config import (
    Clock,
    CorrectionClosedError,
    FakeClock,
    SessionClosedError,
    SessionConfig,
    SessionError,
    SessionForbiddenError,
    SystemClock,
    UnknownSessionError,
)
from dupbridge.services.sessions.service import SessionService

__all__ = [
    "Clock",
    "CorrectionClosedError",
    "FakeClock",
    "RoundBoard",
    "SessionClosedError",
    "SessionConfig",
    "SessionError",
    "SessionForbiddenError",
    "SessionService",
    "SessionView",
    "SystemClock",
    "UnknownSessionError",
    "seat_player",
]
