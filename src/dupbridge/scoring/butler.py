"""Butler scoring: IMPs against a datum (Law 78B applied to pairs; Law 78D method).

The datum of a board is the mean NS score of its comparable results after dropping a number
of the highest and as many of the lowest (:class:`DatumRule`), rounded to a multiple of 10 by a
named rule: halves away from zero by default (the EBU and WBF practice). A rule never drops so
many that nothing is left: at least the middle one (or two) results stay.

Each result then scores ``imps(NS score − datum)`` for North-South and the opposite for
East-West. A weighted assigned score (Law 12C1(c)) enters the datum at its weighted mean and
scores the weighted sum of its components' IMPs. On a fouled board (Law 87B) each group of
results has its own datum. Artificial adjusted scores take no part (Law 12C2(b): ±3 IMPs).

Named rules (:data:`DATUM_PRESETS`, ``dupbridge score --datum NAME``; sources in
docs/scoring.md):

* ``ebu`` (the default, :data:`DEFAULT_DATUM`): the mean without the highest and the lowest
  score, to the nearest 10, halves away from zero: the common club practice (the EBU's White
  Book example, the Dutch federation's Butler rules, most club scoring programs);
* ``plain``: the mean of every score, to the nearest 10 (the WBF's Butler rankings);
* ``jfr``: the JFR Pary program's datum, whose results dupbridge reproduces: 19 results
  dropped at each end (of 38-41) and the mean truncated towards zero.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from dupbridge.core.errors import DupbridgeError
from dupbridge.i18n import _
from dupbridge.scoring.imp_rules import ImpRule, imps_by
from dupbridge.scoring.matchpoints import Comparable
from dupbridge.scoring.rounding import Rounding, round_to

__all__ = [
    "DATUM_PRESETS",
    "DEFAULT_DATUM",
    "ButlerError",
    "ButlerScore",
    "DatumRule",
    "datum",
    "datum_preset",
    "score_board",
]


class ButlerError(DupbridgeError, ValueError):
    """A datum asked for with impossible inputs (no results, a negative drop)."""


@dataclass(frozen=True, slots=True)
class DatumRule:
    """How the datum is computed from a board's scores.

    Attributes:
        drop: how many of the highest and of the lowest scores are left out.
        drop_fraction: instead of ``drop``, this fraction of the results at each end,
            rounded down (``Fraction(1, 10)`` drops 4 of 41 at each end).
        rounding: the rule that brings the mean to a multiple of ``step``.
        step: the datum's granularity (10 points).
    """

    drop: int = 0
    drop_fraction: Fraction | None = None
    rounding: Rounding = Rounding.HALF_AWAY_FROM_ZERO
    step: int = 10

    def __post_init__(self) -> None:
        if self.drop < 0:
            raise ButlerError(_("the datum cannot drop a negative number of scores"))
        if self.drop_fraction is not None and not 0 <= self.drop_fraction < Fraction(1, 2):
            raise ButlerError(_("the datum can drop less than half of the scores at each end"))
        if self.step <= 0:
            raise ButlerError(_("the datum step must be positive"))

    def dropped(self, results: int) -> int:
        """How many scores are dropped at each end of a board with ``results`` results."""
        wanted = (
            self.drop if self.drop_fraction is None else math.floor(results * self.drop_fraction)
        )
        return max(0, min(wanted, (results - 1) // 2))


#: The named datum rules of ``dupbridge score --datum`` (docs/scoring.md gives their sources).
DATUM_PRESETS: dict[str, DatumRule] = {
    "ebu": DatumRule(drop=1, rounding=Rounding.HALF_AWAY_FROM_ZERO),
    "plain": DatumRule(drop=0, rounding=Rounding.HALF_AWAY_FROM_ZERO),
    "jfr": DatumRule(drop=19, rounding=Rounding.TOWARD_ZERO),
}

#: The preset most clubs use: drop the highest and the lowest score, then take the mean.
DEFAULT_DATUM = "ebu"


def datum_preset(name: str) -> DatumRule:
    """The datum rule called ``name`` (``"ebu"``, ``"plain"``, ``"jfr"``).

    Raises:
        ButlerError: naming the presets, if there is none by that name.
    """
    rule = DATUM_PRESETS.get(name.strip().lower())
    if rule is None:
        raise ButlerError(
            _("no datum preset {name!r} (known: {known})").format(
                name=name, known=", ".join(DATUM_PRESETS)
            )
        )
    return rule


def datum(scores: Sequence[int | Fraction], rule: DatumRule = DatumRule()) -> Fraction:
    """The datum of a board: the rounded mean of its scores after the rule's drops.

    Raises:
        ButlerError: if there are no scores.
    """
    if not scores:
        raise ButlerError(_("a datum needs at least one score"))
    ordered = sorted(scores)
    cut = rule.dropped(len(ordered))
    kept = ordered[cut : len(ordered) - cut]
    mean = Fraction(sum(kept)) / len(kept)
    return round_to(mean, rule.step, rule.rounding)


@dataclass(frozen=True, slots=True)
class ButlerScore:
    """One result's IMPs against the datum of its board (or group)."""

    datum: Fraction
    ns: Fraction

    @property
    def ew(self) -> Fraction:
        """East-West's IMPs: the opposite of North-South's."""
        return -self.ns


def score_board(
    results: Sequence[Comparable],
    rule: DatumRule = DatumRule(),
    imp_rule: ImpRule = ImpRule.EXACT,
) -> list[ButlerScore]:
    """IMP every comparable result of one board against its datum (one per group).

    Returns:
        One score per result, in the order given.
    """
    groups: dict[Hashable, list[int]] = {}
    for index, result in enumerate(results):
        groups.setdefault(result.group, []).append(index)
    scores: list[ButlerScore | None] = [None] * len(results)
    for members in groups.values():
        board_datum = datum([results[index].expected_score for index in members], rule)
        for index in members:
            ns = sum(
                (
                    weight * imps_by(Fraction(score) - board_datum, imp_rule)
                    for weight, score in results[index].outcomes
                ),
                Fraction(0),
            )
            scores[index] = ButlerScore(board_datum, ns)
    return [score for score in scores if score is not None]
