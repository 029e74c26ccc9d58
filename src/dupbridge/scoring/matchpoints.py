"""Matchpoints (Law 78A), with factoring for missing results and weighted assigned scores.

Units: every comparison with another comparable result earns 2 units if this score beats it,
1 if equal and 0 if it loses (Law 78A). Everything here works in these units of 2; a scale of
1 and ½ (the option Law 78A allows, printed as a footnote in Poland) is only a display factor
(:attr:`Scale.factor`); percentages are the same on both scales. The top of a board with ``N``
results is ``2(N − 1)``.

Factoring (:class:`Factoring`): when a board has fewer comparable results ``n`` than expected
``N`` (artificial scores, fouled boards, a late table), each score is brought to the top of
``N`` results:

* Neuberg (the default): ``MP' = (MP + 1) × N / n − 1`` (on units of 2; Swedish Law 98 makes it
  compulsory in computer scoring);
* linear: ``MP' = MP × (N − 1) / (n − 1)``, the same percentage of a bigger top (JFR Pary);
* none: leave the units on the board's own smaller top.

Weighted assigned scores (Law 12C1(c)): a comparable result is a distribution over NS scores.
Each component is matchpointed against the field and the units weighted; the field is scored
against the weighted result component by component. Comparing ``A`` with ``B`` earns
``Σ_j Σ_k a_j b_k cmp(s_j, t_k)``, so the two always share 2 units and a board still sums to
``n(n − 1)``.

Fouled boards (Law 87B): results carry a ``group`` (the form of the deal they were played
in); each group is matchpointed on its own and factored to the full top of the board.

Speed: plain results are scored by sort and count (``O(n log n)``), never all against all;
:func:`matchpoint_field` scores a whole field of boards in one vectorised pass.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from itertools import accumulate
from typing import TYPE_CHECKING

from dupbridge.core.errors import DupbridgeError
from dupbridge.i18n import _

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = [
    "Comparable",
    "Factoring",
    "MatchpointError",
    "MatchpointScore",
    "Scale",
    "factor",
    "matchpoint_field",
    "matchpoint_units",
    "neuberg",
    "percent",
    "score_board",
    "top_of",
]

Score = int | Fraction


class MatchpointError(DupbridgeError, ValueError):
    """Matchpoints asked for with impossible inputs (weights that do not sum to one, ...)."""


class Scale(Enum):
    """The scoring units of Law 78A: 2/1/0 per comparison, or 1/½/0."""

    TWO_ONE = "2/1/0"
    ONE_HALF = "1/0.5/0"

    @property
    def factor(self) -> Fraction:
        """What a unit of 2 is worth on this scale (1, or ½)."""
        return Fraction(1) if self is Scale.TWO_ONE else Fraction(1, 2)


class Factoring(Enum):
    """How a board with fewer results than expected is brought to the full top."""

    NEUBERG = "neuberg"
    LINEAR = "linear"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class Comparable:
    """A result that is compared with the others on a board: one NS score, or a weighted
    assigned score (Law 12C1(c)) given as ``(weight, NS score)`` pairs whose weights sum to 1.

    ``group`` names the form of the deal the result was obtained in (Law 87B fouled boards);
    results in different groups are not compared.
    """

    outcomes: tuple[tuple[Fraction, Score], ...]
    group: Hashable = None

    def __post_init__(self) -> None:
        if not self.outcomes:
            raise MatchpointError(_("a result needs at least one score"))
        if any(weight <= 0 for weight, _score in self.outcomes):
            raise MatchpointError(_("the weights of an assigned score must be positive"))
        if sum(weight for weight, _score in self.outcomes) != 1:
            raise MatchpointError(
                _("the weights of an assigned score must add up to 100 %, not {total}").format(
                    total=float(sum(weight for weight, _score in self.outcomes) * 100)
                )
            )

    @classmethod
    def played(cls, ns_score: Score, group: Hashable = None) -> Comparable:
        """A result obtained at the table (or assigned without weighting)."""
        return cls(((Fraction(1), ns_score),), group)

    @classmethod
    def weighted(
        cls, outcomes: Sequence[tuple[Fraction | int, Score]], group: Hashable = None
    ) -> Comparable:
        """A weighted assigned score (Law 12C1(c))."""
        return cls(tuple((Fraction(weight), score) for weight, score in outcomes), group)

    @property
    def is_weighted(self) -> bool:
        """Whether this is a distribution over more than one score."""
        return len(self.outcomes) > 1

    @property
    def expected_score(self) -> Fraction:
        """The weighted mean NS score (the score itself for a plain result)."""
        return sum((weight * score for weight, score in self.outcomes), Fraction(0))


@dataclass(frozen=True, slots=True)
class MatchpointScore:
    """The matchpoints of one result for each side, in units of 2 on ``top``."""

    ns: Fraction
    ew: Fraction
    top: int

    @property
    def ns_percent(self) -> Fraction:
        """North-South's percentage of the top."""
        return percent(self.ns, self.top)

    @property
    def ew_percent(self) -> Fraction:
        """East-West's percentage of the top."""
        return percent(self.ew, self.top)


def top_of(results: int) -> int:
    """The top of a board with ``results`` comparable results, in units of 2 (Law 78A)."""
    return 2 * (results - 1)


def percent(units: Fraction | int, top: int) -> Fraction:
    """``units`` as a percentage of ``top``; a board with no comparison is worth 50 %."""
    if top == 0:
        return Fraction(50)
    return Fraction(units) * 100 / top


def matchpoint_units(scores: Sequence[Score]) -> list[int]:
    """Law 78A units of each score against all the others, by sort and count.

    Each score earns 2 per lower score and 1 per equal score (itself excluded).
    """
    ordered = sorted(scores)
    return [bisect_left(ordered, score) + bisect_right(ordered, score) - 1 for score in scores]


def matchpoint_field(boards: Sequence[Sequence[int]]) -> list[list[int]]:
    """:func:`matchpoint_units` of every board of a field at once (vectorised with numpy).

    The boards may have different numbers of results; integer scores only.
    """
    if not boards:
        return []
    width = max(len(board) for board in boards)
    if width == 0:
        return [[] for _board in boards]
    import numpy as np  # noqa: PLC0415 - numpy loads only when a field is scored (fast start-up)

    sizes = np.fromiter((len(board) for board in boards), dtype=np.int64, count=len(boards))
    flat = np.fromiter(
        (score for board in boards for score in board), dtype=np.int64, count=int(sizes.sum())
    )
    units = _field_units(flat, sizes)
    starts = np.concatenate(([0], np.cumsum(sizes)[:-1]))
    return [units[start : start + size].tolist() for start, size in zip(starts, sizes, strict=True)]


def _field_units(flat: NDArray[np.int64], sizes: NDArray[np.int64]) -> NDArray[np.int64]:
    # Shift every board into its own disjoint band of values, so one sort and two binary
    # searches over the whole field count, for each score, the lower and equal scores of
    # its own board.
    import numpy as np  # noqa: PLC0415 - see matchpoint_field

    low, high = int(flat.min()), int(flat.max())
    span = high - low + 1
    board_of = np.repeat(np.arange(len(sizes), dtype=np.int64), sizes)
    keyed = (flat - low) + board_of * span
    ordered = np.sort(keyed)
    left = np.searchsorted(ordered, keyed, side="left")
    right = np.searchsorted(ordered, keyed, side="right")
    starts = np.repeat(np.concatenate(([0], np.cumsum(sizes)[:-1])), sizes)
    result: NDArray[np.int64] = left + right - 2 * starts - 1
    return result


def neuberg(units: Fraction | int, compared: int, expected: int) -> Fraction:
    """Neuberg's formula on units of 2: ``(MP + 1) × N / n − 1``.

    Args:
        units: the matchpoints scored among the ``compared`` results.
        compared: ``n``, the results actually compared (at least 1).
        expected: ``N``, the results the board should have had.
    """
    return (Fraction(units) + 1) * expected / compared - 1


def factor(units: Fraction | int, compared: int, expected: int, how: Factoring) -> Fraction:
    """``units`` scored among ``compared`` results, brought to the top of ``expected``."""
    if how is Factoring.NONE or compared == expected:
        return Fraction(units)
    if how is Factoring.NEUBERG:
        return neuberg(units, compared, expected)
    if compared == 1:
        return Fraction(top_of(expected), 2)
    return Fraction(units) * (expected - 1) / (compared - 1)


def score_board(
    results: Sequence[Comparable],
    expected: int | None = None,
    factoring: Factoring = Factoring.NEUBERG,
) -> list[MatchpointScore]:
    """Matchpoint every comparable result of one board (Law 78A).

    Args:
        results: the comparable results, in any order (artificial adjusted scores are not
            comparable and stay out; count them in ``expected``).
        expected: the number of results the board should have had (default: as many as
            there are), the ``N`` of the factoring.
        factoring: how a group with fewer results than ``expected`` reaches the full top.

    Returns:
        One score per result, in the order given, each on the top of ``expected`` results
        (or of its own group when ``factoring`` is NONE).

    Raises:
        MatchpointError: if ``expected`` is smaller than a group of results.
    """
    total = len(results)
    wanted = total if expected is None else expected
    groups: dict[Hashable, list[int]] = {}
    for index, result in enumerate(results):
        groups.setdefault(result.group, []).append(index)
    scores: list[MatchpointScore | None] = [None] * total
    for members in groups.values():
        if len(members) > wanted:
            raise MatchpointError(
                _("a board has {n} results but only {expected} were expected").format(
                    n=len(members), expected=wanted
                )
            )
        group = [results[index] for index in members]
        units = _group_units(group)
        n = len(group)
        target = n if factoring is Factoring.NONE else wanted
        top = top_of(target)
        for index, own in zip(members, units, strict=True):
            ns = factor(own, n, wanted, factoring)
            scores[index] = MatchpointScore(ns, top - ns, top)
    return [score for score in scores if score is not None]


#: From this many results on, plain integer scores go through the vectorised path.
VECTOR_THRESHOLD = 64


def _group_units(group: Sequence[Comparable]) -> list[Fraction]:
    if not any(result.is_weighted for result in group):
        scores = [result.outcomes[0][1] for result in group]
        whole = [score for score in scores if isinstance(score, int)]
        if len(whole) == len(scores) >= VECTOR_THRESHOLD:
            (plain,) = matchpoint_field([whole])
        else:
            plain = matchpoint_units(scores)
        return [Fraction(units) for units in plain]
    return _weighted_units(group)


def _weighted_units(group: Sequence[Comparable]) -> list[Fraction]:
    # Every result is a distribution; against all atoms (score, weight) of the board, a
    # component earns 2 × (weight below) + (weight equal), from which its own result's atoms
    # are taken out again.
    atoms = sorted(
        (Fraction(score), weight) for result in group for weight, score in result.outcomes
    )
    values = [value for value, _weight in atoms]
    cumulative = [Fraction(0), *accumulate(weight for _value, weight in atoms)]
    units: list[Fraction] = []
    for result in group:
        own = sorted((Fraction(score), weight) for weight, score in result.outcomes)
        total = Fraction(0)
        for weight, score in result.outcomes:
            value = Fraction(score)
            below = cumulative[bisect_left(values, value)]
            equal = cumulative[bisect_right(values, value)] - below
            own_below = sum((w for v, w in own if v < value), Fraction(0))
            own_equal = sum((w for v, w in own if v == value), Fraction(0))
            total += weight * (2 * (below - own_below) + (equal - own_equal))
        units.append(total)
    return units
