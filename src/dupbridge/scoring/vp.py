"""Victory points by the WBF continuous 20-point scale (a Law 78D conversion).

For a match of ``N`` boards won by ``M`` IMPs the winner scores

    ``VP = 10 + 10 × (1 − τ^(3M/B)) / (1 − τ³)``,  ``τ = (√5 − 1) / 2``,  ``B = 15√N``,

capped at 20 from the blitz margin ``B`` on; the loser scores ``20 − VP``, so a match always
shares 20 VPs and a draw is 10–10.

Rounding (:func:`vp_table`): the WBF publishes the scale to two decimals and requires that
each extra IMP never gain more VPs than the one before (the scale is concave). Rounding each
value half up to 0.01 breaks this here and there (16 boards: 13 → 13.52, 14 → 13.74,
15 → 13.97 gains 0.22 then 0.23); wherever a step is larger than the step before it, the
lower value is raised by 0.01, repeated until every step is no larger than the previous one.
Every value stays within a few hundredths of the exact curve.

Fractional margins (from weighted or averaged IMPs) are placed on the scale by linear
interpolation between the whole-IMP values of the table.
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from functools import cache

from dupbridge.core.errors import DupbridgeError
from dupbridge.i18n import _

__all__ = ["VpError", "blitz", "vp_exact", "vp_pair", "vp_table", "wbf_vp"]

_CENT = Decimal("0.01")


class VpError(DupbridgeError, ValueError):
    """A VP conversion asked for with impossible inputs (no boards)."""


def _check_boards(boards: int) -> None:
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise VpError(_("a match has at least one board, not {boards!r}").format(boards=boards))


def blitz(boards: int) -> Fraction:
    """The blitz margin ``B = 15√N`` (exact to 1e-30), from which the winner scores 20."""
    _check_boards(boards)
    with localcontext() as context:
        context.prec = 50
        return Fraction(15 * Decimal(boards).sqrt())


def vp_exact(margin: int, boards: int) -> Decimal:
    """The winner's VPs for a whole-IMP ``margin`` before rounding (50 significant digits).

    Raises:
        VpError: if ``boards`` is not a positive integer or the margin is negative.
    """
    _check_boards(boards)
    if margin < 0:
        raise VpError(_("a winning margin cannot be negative"))
    with localcontext() as context:
        context.prec = 50
        tau = (Decimal(5).sqrt() - 1) / 2
        limit = 15 * Decimal(boards).sqrt()
        if margin >= limit:
            return Decimal(20)
        power = (Decimal(3 * margin) / limit * tau.ln()).exp()
        return 10 + 10 * (1 - power) / (1 - tau**3)


@cache
def vp_table(boards: int) -> tuple[Fraction, ...]:
    """The winner's VPs for margins 0, 1, 2, ... up to the blitz, as the WBF tables print them.

    Raises:
        VpError: if ``boards`` is not a positive integer.
    """
    _check_boards(boards)
    last = math.ceil(blitz(boards))
    values = [vp_exact(margin, boards).quantize(_CENT, ROUND_HALF_UP) for margin in range(last + 1)]
    changed = True
    while changed:
        changed = False
        for i in range(1, len(values) - 1):
            if values[i + 1] - values[i] > values[i] - values[i - 1]:
                values[i] += _CENT
                changed = True
    return tuple(Fraction(value) for value in values)


def wbf_vp(margin: int | Fraction, boards: int) -> Fraction:
    """The VPs of the side that won (or lost, for a negative margin) by ``margin`` IMPs.

    Raises:
        VpError: if ``boards`` is not a positive integer.
    """
    table = vp_table(boards)
    size = abs(Fraction(margin))
    whole = math.floor(size)
    if whole >= len(table) - 1:
        winner = Fraction(20)
    else:
        low, high = table[whole], table[whole + 1]
        winner = low + (high - low) * (size - whole)
    return winner if margin >= 0 else 20 - winner


def vp_pair(
    home_imps: int | Fraction, away_imps: int | Fraction, boards: int
) -> tuple[Fraction, Fraction]:
    """The VPs of both teams of a match of ``boards`` boards; they always sum to 20."""
    home = wbf_vp(Fraction(home_imps) - Fraction(away_imps), boards)
    return home, 20 - home
