"""Law 78 methods: behaviours that mutation testing found unpinned (issue 19).

Butler and cross-IMPs (Law 78B, 78D), matchpoints of weighted scores on fouled boards (Laws
12C1(c), 87B), the named rounding rules and the WBF VP scale. Each test states one rule that
the scoring package must keep; a mutant that breaks it fails here.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dupbridge.scoring import butler, crossimps, imps
from dupbridge.scoring.imp_rules import ImpRule
from dupbridge.scoring.matchpoints import (
    Comparable,
    Factoring,
    MatchpointError,
    factor,
    matchpoint_field,
    matchpoint_units,
    score_board,
)
from dupbridge.scoring.rounding import Rounding, format_fixed, round_to
from dupbridge.scoring.vp import VpError, vp_exact, vp_table, wbf_vp

F = Fraction
played = Comparable.played


class TestWeightedOnAFouledBoard:
    def test_weighted_score_keeps_its_group(self) -> None:
        """Law 87B with 12C1(c): a weighted assigned score is compared only within the group
        of the deal it was obtained on."""
        weighted = Comparable.weighted([(F(1, 2), 420), (F(1, 2), 400)], group="B")
        assert "B" == weighted.group
        results = [played(420, "A"), played(400, "A"), weighted, played(100, "B")]
        scores = score_board(results, factoring=Factoring.NONE)
        assert [(F(2), 2), (F(0), 2), (F(2), 2), (F(0), 2)] == [(s.ns, s.top) for s in scores]


class TestField:
    def test_units_are_whole_numbers(self) -> None:
        """Law 78A units of plain scores are whole numbers (ints, not floats), on a field of
        boards of different sizes."""
        field = matchpoint_field([[420, 400, 420, -50], [100], []])
        assert [[5, 2, 5, 0], [0], []] == field
        assert all(type(units) is int for board in field for units in board)

    def test_big_board_with_a_fractional_score(self) -> None:
        """A board of 64 results or more that holds a score that is not whole is scored by
        sort and count like any other (Law 78A), not by the integer-only vectorised path."""
        scores: list[int | Fraction] = [10 * (i % 13) for i in range(69)] + [F(845, 2)]
        scored = score_board([played(score) for score in scores])
        assert matchpoint_units(scores) == [score.ns for score in scored]

    def test_more_results_than_expected(self) -> None:
        """A group with more results than the board expects is refused, with both counts."""
        with pytest.raises(MatchpointError) as raised:
            score_board([played(420), played(400)], expected=1)
        assert "a board has 2 results but only 1 were expected" == str(raised.value)


class TestFactoringALoneResult:
    def test_linear_lone_result_is_average(self) -> None:
        """Linear factoring (Law 78A) of a result alone in its group (a fouled board, Law
        87B): nothing to compare, so it scores average, half the top of the full board."""
        assert F(4) == factor(0, 1, 5, Factoring.LINEAR)
        results = [played(420, "A"), played(400, "A"), played(100, "B")]
        scores = score_board(results, factoring=Factoring.LINEAR)
        assert [(F(4), 4), (F(0), 4), (F(2), 4)] == [(s.ns, s.top) for s in scores]

    def test_linear_two_results(self) -> None:
        """Linear factoring keeps the percentage: a top of 2 among 2 results is a top of 8
        among the 5 expected."""
        assert F(8) == factor(2, 2, 5, Factoring.LINEAR)
        assert F(0) == factor(0, 2, 5, Factoring.LINEAR)


class TestComparableRefusals:
    def test_no_score(self) -> None:
        """A result needs at least one score."""
        with pytest.raises(MatchpointError) as raised:
            Comparable(())
        assert "a result needs at least one score" == str(raised.value)

    def test_zero_weight(self) -> None:
        """Law 12C1(c): each outcome of a weighted score has a positive weight; 0 is refused."""
        with pytest.raises(MatchpointError) as raised:
            Comparable.weighted([(0, 420), (1, 400)])
        assert "the weights of an assigned score must be positive" == str(raised.value)

    def test_weights_not_adding_up(self) -> None:
        """The weights must add up to 100 %; the message gives their sum as a percentage."""
        with pytest.raises(MatchpointError) as raised:
            Comparable.weighted([(F(1, 2), 420), (F(1, 4), 400)])
        assert "the weights of an assigned score must add up to 100 %, not 75.0" == str(
            raised.value
        )


class TestDatumRules:
    @pytest.mark.parametrize(
        "options", [{"drop_fraction": F(0)}, {"drop_fraction": F(1, 3)}, {"step": 1}]
    )
    def test_allowed(self, options: dict[str, Any]) -> None:
        """Dropping no fraction, a third at each end, or a datum step of 1 point are all
        possible rules (less than half is dropped, the step is positive). The rule is made
        inside the test, where a mutant of its checks is active."""
        assert F(50) == butler.datum([0, 100], butler.DatumRule(**options))

    def test_step_of_one(self) -> None:
        """A datum step of 1 rounds the mean to the nearest point, halves away from zero."""
        assert F(8) == butler.datum([0, 15], butler.DatumRule(step=1))

    @pytest.mark.parametrize(
        ("make", "message"),
        [(lambda: butler.DatumRule(drop=-1), "the datum cannot drop a negative number of scores"),
         (lambda: butler.DatumRule(drop_fraction=F(1, 2)),
          "the datum can drop less than half of the scores at each end"),
         (lambda: butler.DatumRule(step=0), "the datum step must be positive"),
         (lambda: butler.datum([]), "a datum needs at least one score")],
    )  # fmt: skip
    def test_refusals(self, make: object, message: str) -> None:
        """Each impossible rule or input is refused with its own message."""
        with pytest.raises(butler.ButlerError) as raised:
            make()  # type: ignore[operator]
        assert message == str(raised.value)

    @pytest.mark.parametrize("name", ["ebu", "plain", "jfr"])
    def test_presets_by_name(self, name: str) -> None:
        """``--datum NAME`` finds each preset, whatever the case and spaces around it."""
        assert butler.DATUM_PRESETS[name] is butler.datum_preset(f" {name.upper()} ")

    def test_unknown_preset(self) -> None:
        """An unknown preset is refused, quoting it and naming the known ones."""
        with pytest.raises(butler.ButlerError) as raised:
            butler.datum_preset("wbf")
        assert "no datum preset 'wbf' (known: ebu, plain, jfr)" == str(raised.value)

    def test_imp_rule_reaches_the_scale(self) -> None:
        """Law 78B: a difference of 15 from a datum on a step of 5 is 0 IMPs by the exact
        rule and 1 IMP when rounded to the nearest ten first."""
        rule = butler.DatumRule(step=5)
        results = [played(0), played(30)]
        exact = butler.score_board(results, rule)
        nearest = butler.score_board(results, rule, ImpRule.NEAREST_TEN)
        assert [F(15), F(15)] == [score.datum for score in exact]
        assert [F(0), F(0)] == [score.ns for score in exact]
        assert [F(-1), F(1)] == [score.ns for score in nearest]


class TestCrossImps:
    def test_imp_rule_in_plain_totals(self) -> None:
        """The stated rule places a difference of 15 on the scale (Law 78B)."""
        assert [0, 0] == crossimps.plain_totals([0, 15])
        assert [-1, 1] == crossimps.plain_totals([0, 15], ImpRule.NEAREST_TEN)

    @pytest.mark.parametrize("other", [15, F(31, 2)])
    def test_imp_rule_on_a_board(self, other: int | Fraction) -> None:
        """The rule reaches both ways of scoring a board: whole and fractional scores."""
        results = [played(0), played(other)]
        assert [0, 0] == [score.total for score in crossimps.score_board(results)]
        nearest = crossimps.score_board(results, imp_rule=ImpRule.NEAREST_TEN)
        assert [-1, 1] == [score.total for score in nearest]

    def test_fractional_score_is_not_its_numerator(self) -> None:
        """A score of 15½ is 0 IMPs from 0 (not 31 points, 1 IMP)."""
        results = [played(0), played(F(31, 2)), played(F(40))]
        totals = [score.total for score in crossimps.score_board(results)]
        assert [F(-1), F(-1), F(2)] == totals

    def test_board_of_weighted_scores(self) -> None:
        """Law 12C1(c): two weighted scores compare component by component, each comparison
        weighted by both weights (½ × ½ × (0 − 12 + 3 − 11) = −5)."""
        one = Comparable.weighted([(F(1, 2), 0), (F(1, 2), 100)])
        two = Comparable.weighted([(F(1, 2), 0), (F(1, 2), 600)])
        assert [F(-5), F(5)] == [score.total for score in crossimps.score_board([one, two])]

    @given(st.lists(st.integers(-300, 300).map(lambda x: x * 10), min_size=1, max_size=12))
    def test_both_paths_follow_the_definition(self, scores: list[int]) -> None:
        """Law 78B: each total is the sum of IMPs against every other result, whether the
        board goes by the fast path for whole scores or, every score moved by ½ (which
        changes no difference), by the general one."""
        expected = [
            sum(imps(mine - theirs) for j, theirs in enumerate(scores) if j != i)
            for i, mine in enumerate(scores)
        ]
        whole = crossimps.score_board([played(score) for score in scores])
        halves = crossimps.score_board([played(score + F(1, 2)) for score in scores])
        assert expected == [score.total for score in whole]
        assert expected == [score.total for score in halves]

    def test_lone_result_of_a_bigger_board(self) -> None:
        """A result with nothing to compare scores 0 over 0 comparisons, however many
        results the board should have had."""
        (score,) = crossimps.score_board([played(100)], expected=3)
        assert (F(0), 0) == (score.total, score.comparisons)

    def test_missing_results_scale_the_average(self) -> None:
        """Three results of an expected five: each total is its average over 2 comparisons
        times the 4 it should have had."""
        scores = crossimps.score_board([played(0), played(100), played(600)], expected=5)
        assert [F(-30), F(-16), F(46)] == [score.total for score in scores]
        assert [4, 4, 4] == [score.comparisons for score in scores]


class TestRounding:
    def test_default_step_is_one(self) -> None:
        """Without a step, a value is rounded to a whole number (2½ -> 3)."""
        assert F(3) == round_to(F(5, 2))
        assert F(-3) == round_to(F(-5, 2))

    @pytest.mark.parametrize(("value", "rounded"), [(12, 10), (-12, -10), (17, 20), (15, 20)])
    def test_half_up_off_the_half(self, value: int, rounded: int) -> None:
        """Half up moves only halves up: 12 goes down to 10, 17 up to 20."""
        assert F(rounded) == round_to(value, 10, Rounding.HALF_UP)

    def test_format_uses_its_rule(self) -> None:
        """format_fixed rounds by the rule it is given: ⅔ is 0.66 toward zero, 0.67 halves
        away from zero."""
        assert "0.66" == format_fixed(F(2, 3), 2, Rounding.TOWARD_ZERO)
        assert "0.67" == format_fixed(F(2, 3), 2)


class TestVictoryPoints:
    def test_blitz_margin_scores_twenty(self) -> None:
        """At the blitz margin (15√16 = 60 IMPs over 16 boards) the winner scores 20 VPs."""
        assert Decimal(20) == vp_exact(60, 16)
        assert F(20) == vp_table(16)[-1]

    def test_fifty_significant_digits(self) -> None:
        """vp_exact computes with 50 significant digits."""
        assert 50 == len(vp_exact(5, 16).as_tuple().digits)

    def test_half_an_imp(self) -> None:
        """A margin of ½ IMP lies halfway between the table's values for 0 and 1 IMP, and
        the loser gets the rest of 20."""
        table = vp_table(16)
        assert (table[0] + table[1]) / 2 == wbf_vp(F(1, 2), 16)
        assert 20 - (table[0] + table[1]) / 2 == wbf_vp(F(-1, 2), 16)

    @pytest.mark.parametrize(("boards", "shown"), [(0, "0"), (True, "True"), (-2, "-2")])
    def test_boards_named(self, boards: int, shown: str) -> None:
        """A match of no boards is refused, naming what was given."""
        with pytest.raises(VpError) as raised:
            wbf_vp(10, boards)
        assert f"a match has at least one board, not {shown}" == str(raised.value)

    def test_negative_margin(self) -> None:
        """The winner's VPs are asked for a margin of 0 or more."""
        with pytest.raises(VpError) as raised:
            vp_exact(-1, 16)
        assert "a winning margin cannot be negative" == str(raised.value)
