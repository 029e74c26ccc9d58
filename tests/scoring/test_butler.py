"""Butler: IMPs against a datum (Law 78B), the datum rule and its rounding."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dupbridge.scoring import imps
from dupbridge.scoring.butler import ButlerError, DatumRule, datum, score_board
from dupbridge.scoring.imp_rules import ImpRule, imps_by
from dupbridge.scoring.matchpoints import Comparable
from dupbridge.scoring.rounding import Rounding, format_fixed, round_to

F = Fraction


class TestDatum:
    def test_plain_mean_rounded_to_ten(self) -> None:
        """The datum is the mean NS score rounded to the nearest 10."""
        assert F(430) == datum([420, 420, 450, 430])  # mean 430
        assert F(160) == datum([140, 170, 200, 170, 140])  # mean 164

    def test_halves_go_away_from_zero(self) -> None:
        """A mean exactly between two tens goes away from zero by default."""
        assert F(20) == datum([10, 20])  # 15
        assert F(-20) == datum([-10, -20])  # -15

    def test_drop_top_and_bottom(self) -> None:
        """A drop of 1 leaves out the highest and the lowest score."""
        assert F(130) == datum([-1100, 110, 140, 140, 2000], DatumRule(drop=1))

    def test_drop_never_empties_the_board(self) -> None:
        """However many are to be dropped, the middle result(s) stay."""
        assert 1 == DatumRule(drop=19).dropped(3)
        assert 18 == DatumRule(drop=19).dropped(38)
        assert 19 == DatumRule(drop=19).dropped(41)
        assert F(110) == datum([100, 110, 5000], DatumRule(drop=5))

    def test_drop_fraction(self) -> None:
        """A fraction of the results at each end, rounded down."""
        assert 4 == DatumRule(drop_fraction=F(1, 10)).dropped(41)
        assert 0 == DatumRule(drop_fraction=F(1, 10)).dropped(9)

    def test_truncating_rule(self) -> None:
        """JFR Pary truncates the mean towards zero: −96.7 → −90."""
        rule = DatumRule(rounding=Rounding.TOWARD_ZERO)
        assert F(-90) == datum([-90, -100, -100], rule)
        assert F(-100) == datum([-90, -100, -100])

    @pytest.mark.parametrize(
        ("rule", "message"),
        [
            ({"drop": -1}, "negative"),
            ({"drop_fraction": F(1, 2)}, "less than half"),
            ({"step": 0}, "step"),
        ],
    )
    def test_bad_rules(self, rule: dict[str, object], message: str) -> None:
        """Impossible datum rules are refused."""
        with pytest.raises(ButlerError, match=message):
            DatumRule(**rule)  # type: ignore[arg-type]

    def test_no_scores(self) -> None:
        """A board without results has no datum."""
        with pytest.raises(ButlerError, match="at least one"):
            datum([])


class TestButlerBoard:
    def test_imps_against_datum(self) -> None:
        """Each result scores IMPs of (NS score − datum) for NS, the opposite for EW."""
        scored = score_board([Comparable.played(s) for s in (420, 420, 450, -50, 420)])
        assert {F(330)} == {s.datum for s in scored}
        assert [3, 3, 3, -9, 3] == [s.ns for s in scored]
        assert [-3, -3, -3, 9, -3] == [s.ew for s in scored]

    def test_weighted_result(self) -> None:
        """A weighted score enters the datum at its mean and scores its weighted IMPs."""
        field = [Comparable.played(s) for s in (620, 170, 170)]
        weighted = Comparable.weighted([(F(1, 2), 620), (F(1, 2), 170)])
        scored = score_board([*field, weighted])
        assert F(340) == scored[0].datum  # (620 + 170 + 170 + 395) / 4 = 338.75
        assert F(1, 2) * imps(280) + F(1, 2) * imps(-170) == scored[3].ns
        assert F(1) == scored[3].ns

    def test_fouled_board_groups_have_own_datum(self) -> None:
        """Law 87B: each group of a fouled board is IMPed against its own datum."""
        scored = score_board(
            [Comparable.played(420, "a"), Comparable.played(420, "a"), Comparable.played(-50, "b")]
        )
        assert [F(420), F(420), F(-50)] == [s.datum for s in scored]
        assert [0, 0, 0] == [s.ns for s in scored]

    @given(st.lists(st.integers(-300, 300).map(lambda x: x * 10), min_size=1, max_size=30))
    def test_datum_lies_within_the_scores(self, scores: list[int]) -> None:
        """The datum is never outside the range of the scores it averages."""
        value = datum(scores, DatumRule(drop=2))
        assert min(scores) <= value <= max(scores)


class TestImpRules:
    def test_exact_rule(self) -> None:
        """EXACT: a difference earns k IMPs once it reaches the row's lower bound."""
        assert 0 == imps_by(F(39, 2))
        assert 1 == imps_by(20)

    def test_nearest_ten_rule(self) -> None:
        """NEAREST_TEN: round to the nearest 10 (halves away from zero), then the table."""
        assert 1 == imps_by(15, ImpRule.NEAREST_TEN)
        assert 0 == imps_by(F(149, 10), ImpRule.NEAREST_TEN)
        assert -1 == imps_by(-15, ImpRule.NEAREST_TEN)
        assert 0 == imps_by(15, ImpRule.EXACT)


class TestRounding:
    @pytest.mark.parametrize(
        ("rule", "values"),
        [
            (Rounding.HALF_AWAY_FROM_ZERO, (20, -20, 20, 30)),
            (Rounding.HALF_UP, (20, -10, 20, 30)),
            (Rounding.HALF_EVEN, (20, -20, 20, 20)),
            (Rounding.TOWARD_ZERO, (10, -10, 10, 20)),
            (Rounding.FLOOR, (10, -20, 10, 20)),
        ],
    )
    def test_named_rules(self, rule: Rounding, values: tuple[int, ...]) -> None:
        """Each named rule on 15, −15, 17 (→ nearest rules 20) and 25."""
        assert values[0] == round_to(15, 10, rule)
        assert values[1] == round_to(-15, 10, rule)
        assert values[3] == round_to(25, 10, rule)
        nearest = rule not in (Rounding.TOWARD_ZERO, Rounding.FLOOR)
        assert (20 if nearest else 10) == round_to(17, 10, rule)

    def test_format_fixed(self) -> None:
        """Percentages are shown to two decimals, halves away from zero."""
        assert "85.71" == format_fixed(F(600, 7))
        assert "14.29" == format_fixed(F(100, 7))
        assert "-1.60" == format_fixed(F(-8, 5))
        assert "0.01" == format_fixed(F(1, 200))
        assert "3" == format_fixed(F(5, 2), 0)

    def test_bad_step(self) -> None:
        """A rounding step must be positive."""
        with pytest.raises(ValueError, match="positive"):
            round_to(1, 0)
