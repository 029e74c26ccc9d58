"""How a point difference that is not a multiple of 10 goes on the IMP scale (Law 78B).

The Law's table lists multiples of 10, which every raw bridge score is. Differences against
an averaged datum or a weighted score need a stated rule; the Laws give none, so it is a
setting of the Conditions of Contest:

* :attr:`ImpRule.EXACT` (the default, :func:`dupbridge.scoring.imps`): a difference earns ``k``
  IMPs once it reaches the table's lowest difference for ``k`` (15 -> 0, 19.99 -> 0, 20 -> 1);
* :attr:`ImpRule.NEAREST_TEN`: round the difference to the nearest 10, halves away from zero,
  then read the table (15 -> 20 -> 1 IMP, 14.9 -> 10 -> 0).
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction

from dupbridge.scoring.imps import imps
from dupbridge.scoring.rounding import Rounding, round_to

__all__ = ["ImpRule", "imps_by"]


class ImpRule(Enum):
    """A stated rule for differences between the multiples of 10 (Law 78B)."""

    EXACT = "exact"
    NEAREST_TEN = "nearest-ten"


def imps_by(difference: int | Fraction, rule: ImpRule = ImpRule.EXACT) -> int:
    """IMPs for ``difference`` (Law 78B), placing non-multiples of 10 by ``rule``."""
    if rule is ImpRule.NEAREST_TEN:
        return imps(int(round_to(difference, 10, Rounding.HALF_AWAY_FROM_ZERO)))
    return imps(difference)
