"""Named rounding rules for scores that are shown or carried in fewer digits than they have.

Every Law 78 method in dupbridge computes with exact fractions and rounds only where a rule
says so: a Butler datum (to the nearest 10), a VP scale (to 0.01), or a percentage shown to
two decimals. Each such place names the rule it uses from :class:`Rounding`.
"""

from __future__ import annotations

import math
from enum import Enum
from fractions import Fraction

__all__ = ["Rounding", "format_fixed", "round_to"]


class Rounding(Enum):
    """How a value between two steps is rounded."""

    #: Halves go away from zero (15 -> 20, -15 -> -20): the usual rule for a Butler datum.
    HALF_AWAY_FROM_ZERO = "half-away"
    #: Halves go up, towards plus infinity (15 -> 20, -15 -> -10).
    HALF_UP = "half-up"
    #: Halves go to the even step (banker's rounding; 15 -> 20, 25 -> 20).
    HALF_EVEN = "half-even"
    #: Drop the remainder, towards zero (97.1 -> 90, -97.1 -> -90), as integer division does.
    TOWARD_ZERO = "toward-zero"
    #: Drop the remainder towards minus infinity (-97.1 -> -100).
    FLOOR = "floor"


def round_to(
    value: Fraction | int,
    step: Fraction | int = 1,
    rule: Rounding = Rounding.HALF_AWAY_FROM_ZERO,
) -> Fraction:
    """``value`` rounded to a multiple of ``step`` by ``rule``, exactly.

    Raises:
        ValueError: if ``step`` is not positive.
    """
    if step <= 0:
        raise ValueError(f"the rounding step must be positive, not {step}")
    quotient = Fraction(value) / Fraction(step)
    if rule is Rounding.TOWARD_ZERO:
        units = math.trunc(quotient)
    elif rule is Rounding.FLOOR:
        units = math.floor(quotient)
    elif rule is Rounding.HALF_UP:
        units = math.floor(quotient + Fraction(1, 2))
    elif rule is Rounding.HALF_EVEN:
        units = round(quotient)  # Fraction.__round__ rounds halves to even
    else:
        units = math.floor(abs(quotient) + Fraction(1, 2))
        units = units if quotient >= 0 else -units
    return units * Fraction(step)


def format_fixed(
    value: Fraction | int, places: int = 2, rule: Rounding = Rounding.HALF_AWAY_FROM_ZERO
) -> str:
    """``value`` written with exactly ``places`` decimals (``"85.71"``), rounded by ``rule``."""
    rounded = round_to(value, Fraction(1, 10**places), rule)
    scaled = int(rounded * 10**places)
    sign = "-" if scaled < 0 else ""
    whole, frac = divmod(abs(scaled), 10**places)
    return f"{sign}{whole}.{frac:0{places}d}" if places else f"{sign}{whole}"
