"""Cross-IMPs: every result IMPed against every other comparable result (Law 78B; 78D).

A result's total is the sum of ``imps(own NS score − other NS score)`` over the other
results of its board (or fouled-board group, Law 87B); its average is that total divided by
the number of comparisons. When the board should have had ``expected`` results, the total is
brought to that field by scaling the average: ``total = average × (expected − 1)``, so a pair
is not punished for a missing table. Weighted assigned scores (Law 12C1(c)) compare component
by component, each comparison weighted by the product of the two weights. IMPs are
antisymmetric, so the totals of a board sum to zero.

How the total is published is a Condition of Contest (Law 78D, :class:`CrossImpTotal`): the
plain sum, or the sum divided by the number of comparisons (IMPs per comparison, as
Compscore, the EBU's "XIMP/c" and BBO print it).

Speed: a board of plain scores is IMPed value against value (:func:`plain_totals`), so the
work grows with the square of the number of different scores, not of results.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from dupbridge.scoring.imp_rules import ImpRule, imps_by
from dupbridge.scoring.matchpoints import Comparable

__all__ = ["CrossImpScore", "CrossImpTotal", "plain_totals", "score_board"]


class CrossImpTotal(Enum):
    """How a result's cross-IMPs are published (a Condition of Contest, Law 78D)."""

    #: The sum of the IMPs against every other result.
    SUM = "sum"
    #: That sum divided by the number of comparisons.
    AVERAGE = "average"


def plain_totals(scores: Sequence[int], imp_rule: ImpRule = ImpRule.EXACT) -> list[int]:
    """Each plain NS score's IMPs against all the others (Law 78B), summed.

    Equal scores earn 0 against each other, so each distinct score is IMPed once against
    each other distinct score, weighted by how often that one occurs.
    """
    counts = Counter(scores)
    values = list(counts)
    totals = {
        value: sum(
            count * imps_by(value - other, imp_rule)
            for other, count in counts.items()
            if other != value
        )
        for value in values
    }
    return [totals[score] for score in scores]


@dataclass(frozen=True, slots=True)
class CrossImpScore:
    """One result's cross-IMPs for North-South (East-West score the opposite)."""

    total: Fraction
    comparisons: int

    @property
    def average(self) -> Fraction:
        """IMPs per comparison (0 with nothing to compare)."""
        return self.total / self.comparisons if self.comparisons else Fraction(0)

    @property
    def ew_total(self) -> Fraction:
        """East-West's total: the opposite of North-South's."""
        return -self.total


def score_board(
    results: Sequence[Comparable],
    expected: int | None = None,
    imp_rule: ImpRule = ImpRule.EXACT,
) -> list[CrossImpScore]:
    """Cross-IMP every comparable result of one board.

    Args:
        results: the comparable results.
        expected: the results the board should have had (default: as many as given); the
            total of a result compared ``n − 1`` times is scaled to ``expected − 1``.
        imp_rule: how non-multiples of 10 (weighted scores) go on the scale.

    Returns:
        One score per result, in the order given.
    """
    groups: dict[Hashable, list[int]] = {}
    for index, result in enumerate(results):
        groups.setdefault(result.group, []).append(index)
    scores: list[CrossImpScore | None] = [None] * len(results)
    for members in groups.values():
        wanted = len(members) if expected is None else max(expected, len(members))
        wholes = [_whole(results[index]) for index in members]
        whole_scores = [score for score in wholes if score is not None]
        plain = plain_totals(whole_scores, imp_rule) if len(whole_scores) == len(members) else None
        for position, index in enumerate(members):
            raw = Fraction(0)
            if plain is not None:
                raw = Fraction(plain[position])
                members_to_compare: Sequence[int] = ()
            else:
                members_to_compare = members
            for other in members_to_compare:
                if other == index:
                    continue
                for weight, score in results[index].outcomes:
                    for other_weight, other_score in results[other].outcomes:
                        raw += (
                            weight
                            * other_weight
                            * imps_by(Fraction(score) - Fraction(other_score), imp_rule)
                        )
            comparisons = len(members) - 1
            total = (
                raw
                if comparisons == wanted - 1 or not comparisons
                else (raw / comparisons * (wanted - 1))
            )
            scores[index] = CrossImpScore(total, wanted - 1 if comparisons else 0)
    return [score for score in scores if score is not None]


def _whole(result: Comparable) -> int | None:
    # The NS score of a plain result with a whole score, else None.
    if len(result.outcomes) != 1:
        return None
    score = result.outcomes[0][1]
    if isinstance(score, int):
        return score
    return score.numerator if score.denominator == 1 else None
