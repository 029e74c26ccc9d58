"""The international match point scale (Law 78B)."""

from __future__ import annotations

from bisect import bisect_right
from fractions import Fraction

__all__ = ["IMP_THRESHOLDS", "imps"]

#: Law 78B: the smallest point difference that earns 1, 2, ... 24 IMPs.
IMP_THRESHOLDS: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip


def imps(difference: int | Fraction | float) -> int:
    """IMPs for a point difference by Law 78B; the sign follows the difference.

    The Law's table covers multiples of 10. A difference that is not one (a datum or a
    weighted score) is placed on the scale by its exact value: it earns k IMPs once it
    reaches the table's lower bound for k. For example 15 is 0 IMPs and 19.99 is 0; 20 is 1.
    """
    if isinstance(difference, int):
        value = bisect_right(IMP_THRESHOLDS, abs(difference))
    else:
        value = bisect_right(_FRACTION_THRESHOLDS, abs(Fraction(difference)))
    return value if difference >= 0 else -value


_FRACTION_THRESHOLDS = tuple(Fraction(threshold) for threshold in IMP_THRESHOLDS)
