"""The conditions of an online session, its errors and its clock.

:class:`SessionConfig` is what the Director chooses when he creates the session (Law 78D:
the Conditions of Contest say how it is scored; Law 8: the movement; Law 90B2: slow play):
the scoring method, the movement (by name, or chosen from the number of tables), boards per
round, the clock (seconds per board and a warning), what happens to a board when time runs
out (Law 12C2: an artificial adjusted score when no result can be obtained), when the
ranking is shown, the correction period (Law 79C) and the club's allow-list.

The clock is injected (:class:`Clock`): :class:`SystemClock` on a server, a
:class:`FakeClock` in tests.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Protocol

from dupbridge.core.errors import DupbridgeError, NotationError
from dupbridge.i18n import _
from dupbridge.scoring.adjusted import ArtificialScore

__all__ = [
    "METHODS",
    "OVERTIME_RULES",
    "RANKING_MODES",
    "TEAM_METHODS",
    "UNSTARTED_RULES",
    "Clock",
    "CorrectionClosedError",
    "FakeClock",
    "SessionClosedError",
    "SessionConfig",
    "SessionError",
    "SessionForbiddenError",
    "SystemClock",
    "UnknownSessionError",
]

#: The scoring methods of an online session (``dupbridge.tournament`` method values).
METHODS = ("mp", "imp-butler", "cross-imp", "teams-imp", "teams-vp", "individual")
#: The team methods: entries are teams of four (two pairs), Law 78B IMPs, VPs on the WBF scale.
TEAM_METHODS = ("teams-imp", "teams-vp")
#: A board still running when the round's time is up: play it out, or score it not played.
OVERTIME_RULES = ("finish", "score")
#: A board not started when the round's time is up: score it not played, or play it late.
UNSTARTED_RULES = ("score", "play")
#: When players see the ranking: after each round, only at the end, or after every board.
RANKING_MODES = ("round", "end", "live")


class SessionError(DupbridgeError, ValueError):
    """A request the session refuses (the message says what and why); nothing changed."""


class UnknownSessionError(SessionError, LookupError):
    """There is no online session with this id."""


class SessionClosedError(SessionError):
    """The session is closed: it takes no more commands."""


class CorrectionClosedError(SessionError):
    """A result change after the correction period (Law 79C)."""


class SessionForbiddenError(SessionError):
    """A player asking for a seat or a table that is not his."""


class Clock(Protocol):
    """Where the session reads the time (seconds)."""

    def now(self) -> float:
        """The time now, in seconds."""


class SystemClock:
    """The machine's clock."""

    def now(self) -> float:
        """``time.time()``."""
        return time.time()


class FakeClock:
    """A clock that moves only when told (tests)."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self.time = start

    def now(self) -> float:
        """The fake time."""
        return self.time

    def advance(self, seconds: float) -> None:
        """Move the clock on by ``seconds``."""
        self.time += seconds


def _choice(name: str, value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise SessionError(
            _("unknown {name} {value!r} (expected one of {known})").format(
                name=name, value=value, known=", ".join(allowed)
            )
        )


@dataclass(frozen=True, slots=True)
class SessionConfig:
    """The Conditions of Contest of an online session.

    Attributes:
        name: the session's name.
        method: ``mp`` (matchpoints, Law 78A), ``imp-butler`` or ``cross-imp`` (IMPs,
            Law 78B), ``teams-imp`` or ``teams-vp`` (teams of four: IMPs, or IMPs converted to
            victory points), ``individual`` (each entry is one player; partnerships change
            every round, Law 4A; matchpoints, Law 78A, credited to both partners).
        movement: a movement family of :mod:`dupbridge.tournament.movements.catalog`
            (``howell``, ``mitchell``...); empty: chosen from the number of tables.
        boards_per_round: boards played at a table in a round.
        rounds: rounds to play (0: the movement's full number).
        seconds_per_board: the clock: a round lasts this long per board.
        warning_s: the players are warned this many seconds before the round ends.
        overtime: a board still in play when time is up: ``finish`` (let it finish; the
            round waits) or ``score`` (it is stopped and scored not played).
        unstarted: a board not started when time is up: ``score`` (not played, an
            artificial adjusted score, Law 12C2) or ``play`` (it is played late).
        timeout_score: the artificial adjusted score of a board scored not played
            (Law 12C2a: average minus to a side directly at fault, average to one partly
            at fault, average plus to one in no way at fault).
        ranking: ``round`` (after each round), ``end`` (hidden until the end) or ``live``.
        correction_s: the correction period after the close (Law 79C), in seconds.
        allow_list: member numbers that may enter (empty: anyone).
        seed: the seed of the deals (None: random).
        auto_close: close the session as soon as its last round is over.
        robot_players: player numbers a robot plays for (missing players).
    """

    name: str = ""
    method: str = "mp"
    movement: str = ""
    boards_per_round: int = 2
    rounds: int = 0
    seconds_per_board: float = 450.0
    warning_s: float = 120.0
    overtime: str = "finish"
    unstarted: str = "score"
    timeout_score: str = "A-/A-"
    ranking: str = "round"
    correction_s: float = 1800.0
    allow_list: tuple[str, ...] = ()
    seed: int | None = None
    auto_close: bool = False
    robot_players: tuple[int, ...] = field(default=())

    @property
    def teams(self) -> bool:
        """Whether the entries are teams of four."""
        return self.method in TEAM_METHODS

    @property
    def individual(self) -> bool:
        """Whether each entry is one player (an individual event, Law 4A)."""
        return self.method == "individual"

    @property
    def players_per_entry(self) -> int:
        """Four for a team, two for a pair, one in an individual event."""
        return 4 if self.teams else 1 if self.individual else 2

    def __post_init__(self) -> None:
        _choice(_("scoring method"), self.method, METHODS)
        _choice(_("rule for a board over time"), self.overtime, OVERTIME_RULES)
        _choice(_("rule for a board not started in time"), self.unstarted, UNSTARTED_RULES)
        _choice(_("ranking setting"), self.ranking, RANKING_MODES)
        if not 1 <= self.boards_per_round <= 36:
            raise SessionError(_("boards per round must be between 1 and 36"))
        if not 0 <= self.rounds <= 60:
            raise SessionError(_("rounds must be between 0 (all) and 60"))
        if not 0 < self.seconds_per_board <= 7200:
            raise SessionError(_("seconds per board must be between 1 and 7200"))
        if not 0 <= self.warning_s <= 3600 or not 0 <= self.correction_s <= 30 * 86400:
            raise SessionError(_("the warning and the correction period must not be negative"))
        try:
            ArtificialScore.from_str(self.timeout_score)
        except NotationError as error:
            raise SessionError(
                _("the score of a board not played is not an artificial score: {reason}").format(
                    reason=error
                )
            ) from None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SessionConfig:
        """The conditions in a JSON object; absent keys take their defaults.

        Raises:
            SessionError: for an unknown key or a value that is not allowed.
        """
        known = {item.name for item in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise SessionError(
                _("unknown session settings: {names}").format(names=", ".join(unknown))
            )
        values = dict(data)
        for name in ("allow_list", "robot_players"):
            if name in values:
                values[name] = tuple(values[name])
        try:
            return cls(**values)
        except TypeError as error:
            raise SessionError(str(error)) from None

    def to_json(self) -> dict[str, Any]:
        """The conditions as a JSON object (read back by :meth:`from_json`)."""
        data = asdict(self)
        data["allow_list"] = list(self.allow_list)
        data["robot_players"] = list(self.robot_players)
        return data
