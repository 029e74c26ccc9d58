"""The movement validator's report: its problems, the movement's shape and comparisons.

:func:`~dupbridge.tournament.movements.validate.validate` returns a :class:`Report`; each
:class:`Problem` names the rows it concerns, and :class:`Comparisons` summarises how often pairs
are compared directly.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from dupbridge.i18n import _
from dupbridge.tournament.movements.model import Entrant, Movement

__all__ = ["Comparisons", "Problem", "Report", "board_ranges"]


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a movement.

    Attributes:
        code: a short machine name (``"board-twice"``, ``"set-two-places"``, ...).
        message: a sentence naming the entrants, rounds, tables and boards involved.
        rows: the indexes in ``movement.rows`` of the rows involved (for file locations).
        warning: a warning does not make the movement invalid.
    """

    code: str
    message: str
    rows: tuple[int, ...] = ()
    warning: bool = False

    def __str__(self) -> str:
        kind = _("warning") if self.warning else _("error")
        return f"{kind}: {self.message}"


@dataclass(frozen=True, slots=True)
class Comparisons:
    """How often two entrants of one field are compared on the same board.

    Attributes:
        same: boards both played sitting the same way (compared directly, against each
            other's results).
        opposite: boards both played sitting opposite ways, not against each other.
    """

    same: dict[tuple[Entrant, Entrant], int] = field(default_factory=dict)
    opposite: dict[tuple[Entrant, Entrant], int] = field(default_factory=dict)

    @property
    def spread(self) -> tuple[int, int] | None:
        """The fewest and the most direct comparisons between two entrants of one field."""
        if not self.same:
            return None
        values = self.same.values()
        return (min(values), max(values))


@dataclass(frozen=True, slots=True)
class Report:
    """What :func:`validate` found.

    Attributes:
        movement: the movement checked.
        problems: errors and warnings, in the order found.
        shape: ``"mitchell"`` (two fields), ``"howell"`` (one field), ``"teams"`` or
            ``"individual"``.
        complete: every entrant meets every entrant it can meet (see :func:`validate`).
        meetings: boards played against each other, for each two entrants that meet.
        comparisons: the balance of comparisons (pairs movements).
        partners: individual movements: how many rounds two players partner each other,
            fewest and most, over the players who partner at all.
        opponents: individual movements: the same for meeting as opponents.
    """

    movement: Movement
    problems: tuple[Problem, ...]
    shape: str
    complete: bool
    meetings: dict[tuple[Entrant, Entrant], int]
    comparisons: Comparisons
    partners: tuple[int, int] | None = None
    opponents: tuple[int, int] | None = None

    @property
    def errors(self) -> tuple[Problem, ...]:
        """The problems that make the movement unusable."""
        return tuple(problem for problem in self.problems if not problem.warning)

    @property
    def warnings(self) -> tuple[Problem, ...]:
        """The problems worth knowing that do not stop the movement."""
        return tuple(problem for problem in self.problems if problem.warning)

    @property
    def ok(self) -> bool:
        """Whether the movement passed every check."""
        return not self.errors

    @property
    def sharing(self) -> bool:
        """Whether some tables share boards in some round."""
        return self.movement.sharing

    def summary(self) -> str:
        """One line: the shape, completeness, sharing and the verdict."""
        movement = self.movement
        parts = [
            _("{rounds} rounds, {tables} tables, {boards} boards").format(
                rounds=len(movement.round_numbers),
                tables=len(movement.tables),
                boards=len(movement.boards),
            ),
            {
                "mitchell": _("two fields (NS and EW)"),
                "howell": _("one field"),
                "teams": _("teams"),
                "individual": _("individual"),
            }[self.shape],
        ]
        if self.complete:
            parts.append(_("complete"))
        if self.sharing:
            parts.append(_("shares boards"))
        if self.partners is not None and self.opponents is not None:
            parts.append(
                _("partners {a}-{b} times, opponents {c}-{d} times").format(
                    a=self.partners[0], b=self.partners[1],
                    c=self.opponents[0], d=self.opponents[1],
                )
            )  # fmt: skip
        spread = self.comparisons.spread
        if spread is not None:
            parts.append(_("comparisons {low}-{high} boards").format(low=spread[0], high=spread[1]))
        verdict = _("valid") if self.ok else _("{n} errors").format(n=len(self.errors))
        return f"{movement.name}: {verdict} ({'; '.join(parts)})"


def board_ranges(boards: Iterable[int]) -> str:
    """``"1-3, 7, 9-10"``."""
    numbers = sorted(set(boards))
    parts: list[str] = []
    start = previous = None
    for number in numbers:
        if previous is not None and number == previous + 1:
            previous = number
            continue
        if start is not None:
            parts.append(str(start) if start == previous else f"{start}-{previous}")
        start = previous = number
    if start is not None:
        parts.append(str(start) if start == previous else f"{start}-{previous}")
    return ", ".join(parts)
