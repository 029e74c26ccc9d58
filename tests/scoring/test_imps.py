"""Law 78B: the IMP scale."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dupbridge.scoring import imps

# Law 78B's table as printed: (lowest difference, highest difference, IMPs).
LAW_78B = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
    (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11),
    (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16),
    (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21),
    (3000, 3490, 22), (3500, 3990, 23), (4000, 7600, 24),
]  # fmt: skip


@pytest.mark.parametrize(("low", "high", "expected"), LAW_78B)
def test_every_row_of_the_scale(low: int, high: int, expected: int) -> None:
    """Law 78B: every difference (in tens) of each row converts to that row's IMPs."""
    for difference in range(low, high + 1, 10):
        assert expected == imps(difference)
        assert -expected == imps(-difference)


@given(st.integers(min_value=-10000, max_value=10000))
def test_antisymmetric_and_monotone(difference: int) -> None:
    """IMPs change sign with the difference and never decrease as it grows."""
    assert -imps(difference) == imps(-difference)
    assert imps(difference) <= imps(difference + 10)


@pytest.mark.parametrize(
    ("difference", "expected"),
    [(15, 0), (Fraction(39, 2), 0), (20.0, 1), (Fraction(-85, 1), -2), (4999.5, 24), (425, 9)],
)
def test_differences_between_the_tens(difference: float | Fraction, expected: int) -> None:
    """Differences that are not multiples of 10 earn k IMPs once they reach the row's
    lowest difference (the stated rule; the law's table lists only multiples of 10)."""
    assert expected == imps(difference)
