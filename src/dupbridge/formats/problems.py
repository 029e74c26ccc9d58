"""What file readers report: problems with a line and column, and the one error they raise.

Readers are lenient by default (DESIGN §2.11): they collect every :class:`Problem` they find,
each with the line and column where it is, and carry on; with ``strict=True`` they raise a
:class:`FormatError` for the first error instead. ``str(problem)`` is the compiler convention
``FILE:LINE:COLUMN: error|warning: message`` that editors understand.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from dupbridge.core.errors import NotationError

__all__ = ["FormatError", "Problem", "Severity"]


class Severity(Enum):
    """How bad a problem is: an ``error`` breaks the format, a ``warning`` is suspicious."""

    ERROR = "error"
    WARNING = "warning"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem found in a file: where (1-based line and column) and what.

    A problem about the whole file (an empty file, a wrong header) has line 1, column 1;
    one about a binary record has the record's number as its line and the byte offset in the
    record, plus one, as its column.
    """

    line: int
    column: int
    message: str
    severity: Severity = Severity.ERROR
    source: str = "<string>"

    @property
    def is_error(self) -> bool:
        """Whether this is an error (not a warning)."""
        return self.severity is Severity.ERROR

    def with_source(self, source: str) -> Problem:
        """The same problem reported for the file ``source``."""
        return Problem(self.line, self.column, self.message, self.severity, source)

    def __str__(self) -> str:
        return f"{self.source}:{self.line}:{self.column}: {self.severity}: {self.message}"


class FormatError(NotationError):
    """A file that cannot be read or written in its format.

    Raised by a reader in strict mode for the first error, and by a writer for data the
    format cannot hold (e.g. a dealing-machine file with a board that has no full deal).

    Attributes:
        problems: the problems behind the error (the first is the one in the message).
    """

    def __init__(self, message: str, problems: tuple[Problem, ...] = ()) -> None:
        super().__init__(message)
        self.problems = problems

    @classmethod
    def from_problem(cls, problem: Problem) -> FormatError:
        """The error raised in strict mode for ``problem``."""
        return cls(str(problem), (problem,))
