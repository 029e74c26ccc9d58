"""The errors of movements: an impossible movement, a bad movement file, a result that the
movement cannot have produced."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dupbridge.core.errors import DupbridgeError, NotationError
from dupbridge.i18n import _

__all__ = [
    "FileProblem",
    "MovementError",
    "MovementFileError",
    "ResultNotInMovementError",
]


class MovementError(DupbridgeError, ValueError):
    """A movement that cannot be built or is asked something it cannot answer
    (an impossible table count, a Howell that does not exist without sharing, ...)."""


class ResultNotInMovementError(MovementError):
    """A traveller line that the movement cannot have produced: the pairs named did not
    play that board against each other in those directions.

    Attributes:
        movement: the name of the movement.
        board: the board number of the result.
    """

    def __init__(self, message: str, *, movement: str, board: int) -> None:
        super().__init__(message)
        self.movement = movement
        self.board = board


@dataclass(frozen=True, slots=True)
class FileProblem:
    """One thing wrong in a movement file, with its place: ``FILE:LINE:COLUMN``."""

    source: str
    line: int | None
    column: int | None
    message: str
    warning: bool = False

    def __str__(self) -> str:
        where = self.source
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        kind = _("warning") if self.warning else _("error")
        return f"{where}: {kind}: {self.message}"


class MovementFileError(NotationError):
    """A movement file that cannot be read; ``problems`` lists every error found.

    Attributes:
        problems: each problem with its file, line and column.
    """

    def __init__(self, problems: Sequence[FileProblem]) -> None:
        super().__init__("\n".join(str(problem) for problem in problems))
        self.problems = tuple(problems)
