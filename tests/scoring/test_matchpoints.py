"""Law 78A matchpoints: units, factoring (Neuberg), weighted and fouled boards."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dupbridge.scoring.matchpoints import (
    Comparable,
    Factoring,
    MatchpointError,
    Scale,
    factor,
    matchpoint_field,
    matchpoint_units,
    neuberg,
    percent,
    score_board,
    top_of,
)

F = Fraction


def naive_units(scores: list[int]) -> list[int]:
    """Law 78A read literally: 2 per lower score, 1 per equal score, each other result."""
    out = []
    for i, mine in enumerate(scores):
        units = 0
        for j, theirs in enumerate(scores):
            if i != j:
                units += 2 if mine > theirs else 1 if mine == theirs else 0
        out.append(units)
    return out


class TestUnits:
    def test_two_one_zero_per_comparison(self) -> None:
        """Law 78A: 2 units per inferior score, 1 per equal score, 0 per superior score."""
        assert [2, 5, 5, 0] == matchpoint_units([400, 420, 420, 100])

    def test_single_result_scores_nothing(self) -> None:
        """A result with nothing to compare against earns no units."""
        assert [0] == matchpoint_units([620])

    def test_scale_of_one_and_a_half(self) -> None:
        """Law 78A allows 1 and ½ per comparison: half of the 2/1/0 units."""
        assert F(1, 2) == Scale.ONE_HALF.factor
        assert F(1) == Scale.TWO_ONE.factor

    @given(st.lists(st.integers(-7600, 7600).map(lambda x: x * 10), min_size=1, max_size=40))
    def test_sort_and_count_equals_all_pairs(self, scores: list[int]) -> None:
        """Sort-and-count gives exactly the all-pairs comparison of Law 78A."""
        assert naive_units(scores) == matchpoint_units(scores)

    @given(st.lists(st.integers(-500, 500), min_size=1, max_size=60))
    def test_board_sums_to_n_times_n_minus_one(self, scores: list[int]) -> None:
        """Every comparison shares 2 units, so a board's units sum to n(n−1)."""
        n = len(scores)
        assert n * (n - 1) == sum(matchpoint_units(scores))

    @given(
        st.lists(
            st.lists(st.integers(-2000, 2000), min_size=0, max_size=30), min_size=1, max_size=8
        )
    )
    def test_vectorised_field_equals_board_by_board(self, boards: list[list[int]]) -> None:
        """The vectorised field scorer gives each board's own units, whatever the sizes."""
        assert [matchpoint_units(board) for board in boards] == matchpoint_field(boards)

    @given(st.lists(st.integers(-60, 60).map(lambda x: x * 10), min_size=64, max_size=150))
    def test_big_board_takes_the_vectorised_path(self, scores: list[int]) -> None:
        """A board of 64 results or more is scored by the vectorised path, identically."""
        scored = score_board([Comparable.played(s) for s in scores])
        assert naive_units(scores) == [s.ns for s in scored]

    def test_empty_field(self) -> None:
        """An empty field has no boards to score."""
        assert [] == matchpoint_field([])
        assert [[], []] == matchpoint_field([[], []])


class TestFactoring:
    def test_neuberg_formula(self) -> None:
        """Neuberg: (MP + 1) × N / n − 1 on units of 2 (4 results scored to a 5-table top)."""
        assert F(11, 4) == neuberg(2, 4, 5)
        assert F(13, 2) == neuberg(5, 4, 5)
        assert F(1, 4) == neuberg(0, 4, 5)

    def test_neuberg_lone_result_is_average(self) -> None:
        """A result alone in its group gets exactly half the full top."""
        assert F(top_of(9), 2) == neuberg(0, 1, 9)

    def test_linear_keeps_the_percentage(self) -> None:
        """Linear factoring keeps the percentage of the smaller top (JFR Pary's method)."""
        assert F(96, 7) == factor(12, 8, 9, Factoring.LINEAR)
        assert percent(12, top_of(8)) == percent(factor(12, 8, 9, Factoring.LINEAR), top_of(9))

    def test_no_factoring_when_complete(self) -> None:
        """A board with all its results is not changed by any factoring."""
        for how in Factoring:
            assert F(7) == factor(7, 9, 9, how)

    def test_percent_of_an_empty_top_is_average(self) -> None:
        """A board with a top of 0 (one result) is worth 50 %."""
        assert F(50) == percent(0, 0)

    def test_board_with_a_missing_result(self) -> None:
        """Four results expected five: each side's Neuberg score, and NS + EW = the top."""
        results = [Comparable.played(s) for s in (400, 420, 420, 100)]
        scored = score_board(results, expected=5)
        assert [F(11, 4), F(13, 2), F(13, 2), F(1, 4)] == [s.ns for s in scored]
        assert [F(21, 4), F(3, 2), F(3, 2), F(31, 4)] == [s.ew for s in scored]
        assert all(8 == s.top and s.ns + s.ew == 8 for s in scored)

    def test_no_factoring_keeps_own_top(self) -> None:
        """Factoring NONE leaves the units on the board's own top."""
        results = [Comparable.played(s) for s in (400, 420, 420, 100)]
        scored = score_board(results, expected=5, factoring=Factoring.NONE)
        assert [2, 5, 5, 0] == [s.ns for s in scored]
        assert {6} == {s.top for s in scored}

    def test_more_results_than_expected_is_an_error(self) -> None:
        """A board cannot have more results than tables that should play it."""
        with pytest.raises(MatchpointError, match="3 results but only 2"):
            score_board([Comparable.played(s) for s in (1, 2, 3)], expected=2)

    @given(
        st.lists(st.integers(-100, 100), min_size=1, max_size=20),
        st.integers(0, 5),
        st.sampled_from([Factoring.NEUBERG, Factoring.LINEAR]),
    )
    def test_factored_board_sums_to_full_top(
        self, scores: list[int], missing: int, how: Factoring
    ) -> None:
        """After factoring, the n results share n(N−1) units: each stands on the full top."""
        expected = len(scores) + missing
        scored = score_board([Comparable.played(s) for s in scores], expected, how)
        assert F(len(scores) * top_of(expected), 2) == sum(s.ns for s in scored)


class TestWeighted:
    def test_weighted_against_the_field(self) -> None:
        """Law 12C1(c): the weighted result scores each component against the field, then
        weights; the field scores against it component by component."""
        field = [Comparable.played(420), Comparable.played(-50)]
        weighted = Comparable.weighted([(F(1, 2), 420), (F(1, 2), -50)])
        scored = score_board([*field, weighted])
        # 420: beats -50 (2) + half a tie and half a win against the weighted (1.5)
        assert [F(7, 2), F(1, 2), F(2)] == [s.ns for s in scored]

    def test_weighted_hand_example(self) -> None:
        """A 30/70 weighted score among five results, worked by hand."""
        field = [Comparable.played(s) for s in (620, 170, 170, -100)]
        weighted = Comparable.weighted([(F(3, 10), 620), (F(7, 10), 170)])
        scored = score_board([*field, weighted])
        # weighted: 0.3 × (620: tie 1 + beats 3 → 7) + 0.7 × (170: beats -100, ties 2 → 4)
        assert F(3, 10) * 7 + F(7, 10) * 4 == scored[4].ns
        # 620: beats 3 others (6) + vs weighted 0.3 tie + 0.7 win
        assert 6 + F(3, 10) + F(14, 10) == scored[0].ns
        assert 5 * 4 == sum(s.ns for s in scored)

    @given(
        st.lists(st.integers(-20, 20).map(lambda x: x * 10), min_size=1, max_size=8),
        st.lists(
            st.tuples(st.integers(1, 9), st.integers(-20, 20).map(lambda x: x * 10)),
            min_size=2,
            max_size=3,
        ),
    )
    def test_weighted_board_sums_to_n_times_n_minus_one(
        self, plain: list[int], components: list[tuple[int, int]]
    ) -> None:
        """With weighted results too, each comparison shares exactly 2 units."""
        total_weight = sum(w for w, _s in components)
        weighted = Comparable.weighted([(F(w, total_weight), s) for w, s in components])
        results = [*(Comparable.played(s) for s in plain), weighted]
        n = len(results)
        assert n * (n - 1) == sum(s.ns for s in score_board(results))

    def test_weights_must_sum_to_one(self) -> None:
        """An assigned score's weights must add up to 100 %."""
        with pytest.raises(MatchpointError, match="100 %"):
            Comparable.weighted([(F(1, 2), 420), (F(1, 4), -50)])

    def test_weights_must_be_positive(self) -> None:
        """A weight of zero or less is refused."""
        with pytest.raises(MatchpointError, match="positive"):
            Comparable.weighted([(F(3, 2), 420), (F(-1, 2), -50)])

    def test_expected_score(self) -> None:
        """A weighted result's mean NS score (used by the Butler datum)."""
        weighted = Comparable.weighted([(F(3, 10), 620), (F(7, 10), 170)])
        assert F(305) == weighted.expected_score


class TestFouledBoard:
    def test_groups_scored_apart_and_factored_to_full_top(self) -> None:
        """Law 87B: results in each form of the deal are matchpointed apart, then each group
        is Neubergised to the top of the whole board."""
        results = [
            *(Comparable.played(s, group="A") for s in (420, 420, 450)),
            *(Comparable.played(s, group="B") for s in (-100, -50, -100)),
        ]
        scored = score_board(results)
        assert [3, 3, 9, 3, 9, 3] == [s.ns for s in scored]
        assert {10} == {s.top for s in scored}
        assert 30 == sum(s.ns for s in scored)

    def test_groups_are_not_compared(self) -> None:
        """A score in one group is not compared with a better score in another."""
        results = [Comparable.played(100, group=1), Comparable.played(2000, group=2)]
        assert [1, 1] == [s.ns for s in score_board(results)]
