"""Cross-IMPs: each result IMPed against every other (Law 78B)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from dupbridge.scoring import imps
from dupbridge.scoring.crossimps import score_board
from dupbridge.scoring.matchpoints import Comparable

F = Fraction


class TestCrossImps:
    def test_totals_and_averages(self) -> None:
        """Each result's total is the sum of its IMPs against each other result."""
        scored = score_board([Comparable.played(s) for s in (420, 450, -50)])
        assert [imps(-30) + imps(470), imps(30) + imps(500), imps(-470) + imps(-500)] == [
            s.total for s in scored
        ]
        assert [F(-1 + 10, 2), F(1 + 11, 2), F(-10 - 11, 2)] == [s.average for s in scored]
        assert {2} == {s.comparisons for s in scored}
        assert -scored[0].total == scored[0].ew_total

    def test_missing_result_scales_total(self) -> None:
        """With a table missing, the total is the average times the full field's comparisons."""
        scored = score_board([Comparable.played(s) for s in (420, -50)], expected=3)
        assert [F(20), F(-20)] == [s.total for s in scored]
        assert [F(10), F(-10)] == [s.average for s in scored]

    def test_lone_result(self) -> None:
        """A result with nothing to compare scores 0."""
        (only,) = score_board([Comparable.played(620)])
        assert (F(0), F(0), 0) == (only.total, only.average, only.comparisons)

    def test_weighted_compares_component_by_component(self) -> None:
        """Law 12C1(c): a weighted score compares each component, weighted."""
        weighted = Comparable.weighted([(F(1, 2), 620), (F(1, 2), 170)])
        scored = score_board([Comparable.played(170), weighted])
        assert F(1, 2) * imps(-450) == scored[0].total
        assert F(1, 2) * imps(450) == scored[1].total

    def test_fouled_board_groups(self) -> None:
        """Law 87B: results are cross-IMPed only within their group."""
        scored = score_board(
            [Comparable.played(420, 1), Comparable.played(-50, 1), Comparable.played(2000, 2)]
        )
        assert [F(10), F(-10), F(0)] == [s.total for s in scored]

    @given(st.lists(st.integers(-400, 400).map(lambda x: x * 10), min_size=1, max_size=15))
    def test_board_sums_to_zero(self, scores: list[int]) -> None:
        """IMPs are antisymmetric, so a board's cross-IMP totals sum to zero."""
        assert 0 == sum(s.total for s in score_board([Comparable.played(x) for x in scores]))
