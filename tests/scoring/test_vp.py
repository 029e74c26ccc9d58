"""Victory points: the WBF continuous 20-point scale (a Law 78D conversion)."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dupbridge.scoring.vp import VpError, blitz, vp_exact, vp_pair, vp_table, wbf_vp

F = Fraction


class TestFormula:
    def test_draw_is_ten_each(self) -> None:
        """A drawn match shares 10–10."""
        assert (F(10), F(10)) == vp_pair(37, 37, 16)

    def test_blitz_margin(self) -> None:
        """B = 15√N: 60 IMPs over 16 boards; from there the winner has 20 and the loser 0."""
        assert F(60) == blitz(16)
        assert F(20) == wbf_vp(60, 16)
        assert F(20) == wbf_vp(200, 16)
        assert F(0) == wbf_vp(-75, 16)
        assert wbf_vp(59, 16) < 20

    def test_formula_value(self) -> None:
        """10 + 10(1 − τ^(3M/B))/(1 − τ³) with τ = (√5 − 1)/2, computed without rounding."""
        tau = (math.sqrt(5) - 1) / 2
        for margin, boards in ((1, 20), (13, 16), (30, 32)):
            b = 15 * math.sqrt(boards)
            expected = 10 + 10 * (1 - tau ** (3 * margin / b)) / (1 - tau**3)
            assert abs(expected - float(vp_exact(margin, boards))) < 1e-12

    def test_published_values(self) -> None:
        """The WBF tables: 20 boards, 1 IMP 10.28 and 2 IMPs 10.55 (as quoted by the Dutch
        federation's clubs); 16 boards, 1 to 5 IMPs 10.31, 10.61, 10.91, 11.20, 11.48."""
        assert [F("10.28"), F("10.55")] == list(vp_table(20)[1:3])
        assert [F(x) for x in ("10.31", "10.61", "10.91", "11.20", "11.48")] == list(
            vp_table(16)[1:6]
        )

    def test_rounding_keeps_the_scale_concave(self) -> None:
        """16 boards: plain rounding gives 13.52, 13.74, 13.97 (steps 0.22 then 0.23); the
        WBF correction raises 14 IMPs to 13.75."""
        assert Decimal("13.74") == vp_exact(14, 16).quantize(Decimal("0.01"))
        assert F("13.75") == vp_table(16)[14]

    def test_fractional_margin_interpolates(self) -> None:
        """A fractional margin lies between the whole-IMP values, linearly."""
        low, high = vp_table(16)[3], vp_table(16)[4]
        assert (low + high) / 2 == wbf_vp(F(7, 2), 16)

    @pytest.mark.parametrize("boards", [0, -3, True])
    def test_bad_number_of_boards(self, boards: int) -> None:
        """A match has at least one board."""
        with pytest.raises(VpError, match="at least one board"):
            wbf_vp(3, boards)

    def test_negative_margin_for_exact(self) -> None:
        """The exact curve is defined for winning margins only."""
        with pytest.raises(VpError, match="negative"):
            vp_exact(-1, 16)


class TestProperties:
    @pytest.mark.parametrize("boards", [4, 6, 8, 10, 12, 14, 16, 20, 24, 28, 32, 48, 64, 96])
    def test_monotone_and_concave(self, boards: int) -> None:
        """Each extra IMP gains VPs, never more than the IMP before (WBF requirement)."""
        table = vp_table(boards)
        steps = [b - a for a, b in pairwise(table)]
        assert all(step >= 0 for step in steps)
        assert all(later <= earlier for earlier, later in pairwise(steps))
        assert F(10) == table[0]
        assert F(20) == table[-1]

    @pytest.mark.parametrize("boards", [8, 16, 32, 64])
    def test_close_to_the_curve(self, boards: int) -> None:
        """The published values stay within a few hundredths of the exact curve."""
        for margin, value in enumerate(vp_table(boards)):
            assert abs(float(value) - float(vp_exact(margin, boards))) < 0.03

    @given(st.integers(-300, 300), st.integers(-300, 300), st.integers(1, 64))
    def test_sum_to_twenty(self, home: int, away: int, boards: int) -> None:
        """Both teams' VPs always add up to 20."""
        a, b = vp_pair(home, away, boards)
        assert F(20) == a + b
        assert 0 <= a <= 20

    @given(st.integers(0, 200), st.integers(1, 40))
    def test_monotone_in_margin(self, margin: int, boards: int) -> None:
        """A bigger margin never earns fewer VPs."""
        assert wbf_vp(margin, boards) <= wbf_vp(margin + 1, boards)
