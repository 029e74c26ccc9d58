"""Law 12C2 artificial adjusted scores: notation, values and the session override."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dupbridge.scoring.adjusted import (
    AdjustedRules,
    AdjustedScoreError,
    Artificial,
    ArtificialScore,
    Award,
    parse_number,
)

F = Fraction
LAW = AdjustedRules()


class TestNotation:
    @pytest.mark.parametrize(
        ("text", "ns", "ew"),
        [
            ("A60/40", Artificial(Award.AVERAGE_PLUS, F(60)), Artificial(Award.AVERAGE_MINUS, F(40))),
            ("A+/A-", Artificial(Award.AVERAGE_PLUS), Artificial(Award.AVERAGE_MINUS)),
            ("A=", Artificial(Award.AVERAGE), Artificial(Award.AVERAGE)),
            ("a", Artificial(Award.AVERAGE), Artificial(Award.AVERAGE)),
            ("60%/40%", Artificial(percent=F(60)), Artificial(percent=F(40))),
            ("60/0", Artificial(percent=F(60)), Artificial(percent=F(0))),
            ("+3/-3 IMP", Artificial(imps=F(3)), Artificial(imps=F(-3))),
            ("+1.2/0 IMPs", Artificial(imps=F(6, 5)), Artificial(imps=F(0))),
            ("A+3/A-3 imp", Artificial(Award.AVERAGE_PLUS, imps=F(3)),
             Artificial(Award.AVERAGE_MINUS, imps=F(-3))),
            ("A+/40%", Artificial(Award.AVERAGE_PLUS), Artificial(Award.AVERAGE_MINUS, F(40))),
            ("55,5%/44,5%", Artificial(percent=F(111, 2)), Artificial(percent=F(89, 2))),
        ],
    )  # fmt: skip
    def test_parse(self, text: str, ns: Artificial, ew: Artificial) -> None:
        """The notations of travellers and the CLI for Law 12C2 scores, NS before EW."""
        assert ArtificialScore(ns, ew) == ArtificialScore.from_str(text)

    @pytest.mark.parametrize(
        "text", ["A60/40", "A+/A-", "A=", "60%/40%", "+3/-3 IMP", "A60/0", "+1.2/0 IMP"]
    )
    def test_round_trip(self, text: str) -> None:
        """str() writes a notation that parses back to the same score."""
        score = ArtificialScore.from_str(text)
        assert score == ArtificialScore.from_str(str(score))
        assert score == eval(repr(score), {"ArtificialScore": ArtificialScore})  # noqa: S307

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("x", "not an adjusted score"),
            ("60/40/30", "not an adjusted score"),
            ("", "not an adjusted score"),
            ("+/-", "not an adjusted score"),
            ("A60/+3", "one side in IMPs"),
            ("120%/0%", "between 0 and 100"),
            ("A+%/A-", "not an adjusted score"),
        ],
    )
    def test_bad_notation(self, text: str, message: str) -> None:
        """Bad text gets one clear error naming it."""
        with pytest.raises(AdjustedScoreError, match=message):
            ArtificialScore.from_str(text)

    def test_parse_number(self) -> None:
        """Decimal numbers (comma or point) are read exactly."""
        assert F(-6, 5) == parse_number("-1.2")
        assert F(200, 3) != parse_number("66.67")
        with pytest.raises(AdjustedScoreError, match="not a number"):
            parse_number("six")


class TestValues:
    @pytest.mark.parametrize(
        ("award", "pct", "imps"),
        [(Award.AVERAGE_PLUS, 60, 3), (Award.AVERAGE, 50, 0), (Award.AVERAGE_MINUS, 40, -3)],
    )
    def test_law_12c2_values(self, award: Award, pct: int, imps: int) -> None:
        """Law 12C2(a), (b): average plus 60 % / +3 IMPs, average 50 % / 0, minus 40 % / −3."""
        assert F(pct) == Artificial(award).percentage(LAW)
        assert F(imps) == Artificial(award).imp_value(LAW)

    def test_profile_two_imps(self) -> None:
        """Law 12C2(b): the ±3 IMPs may be varied (Estonia uses ±2)."""
        estonia = AdjustedRules(average_plus_imps=F(2))
        assert F(-2) == Artificial(Award.AVERAGE_MINUS).imp_value(estonia)

    def test_session_override_non_offender(self) -> None:
        """Law 12C2(c): a non-offending side with a better session score gets it instead."""
        assert F(67) == Artificial(Award.AVERAGE_PLUS).percentage(LAW, session=F(67))
        assert F(60) == Artificial(Award.AVERAGE_PLUS).percentage(LAW, session=F(55))

    def test_session_override_offender(self) -> None:
        """Law 12C2(c): an offending side below 40 % keeps its lower session score."""
        assert F(33) == Artificial(Award.AVERAGE_MINUS).percentage(LAW, session=F(33))
        assert F(40) == Artificial(Award.AVERAGE_MINUS).percentage(LAW, session=F(45))

    def test_average_has_no_override(self) -> None:
        """Average (partly at fault) is 50 % whatever the session score."""
        assert F(50) == Artificial(Award.AVERAGE).percentage(LAW, session=F(70))

    def test_override_in_imps(self) -> None:
        """Law 12C2(c) in IMPs: the session's IMPs per board when better than +3."""
        assert F(4) == Artificial(Award.AVERAGE_PLUS).imp_value(LAW, session=F(4))

    def test_explicit_values_are_never_overridden(self) -> None:
        """A percentage written as such (60%) is used exactly as written."""
        assert F(60) == Artificial(percent=F(60)).percentage(LAW, session=F(70))

    def test_override_can_be_switched_off(self) -> None:
        """A profile may decline the session override."""
        rules = AdjustedRules(session_override=False)
        assert F(60) == Artificial(Award.AVERAGE_PLUS).percentage(rules, session=F(70))

    def test_units_do_not_mix(self) -> None:
        """An IMP award cannot be matchpointed and a percentage cannot be IMPed."""
        with pytest.raises(AdjustedScoreError):
            Artificial(imps=F(3)).percentage(LAW)
        with pytest.raises(AdjustedScoreError):
            Artificial(percent=F(60)).imp_value(LAW)

    def test_kind_of_a_value(self) -> None:
        """An explicit value stands for the award on its side of average."""
        assert Award.AVERAGE_PLUS is Artificial(percent=F(60)).kind
        assert Award.AVERAGE is Artificial(imps=F(0)).kind
        assert Award.AVERAGE_MINUS is Artificial(imps=F(-3)).kind
