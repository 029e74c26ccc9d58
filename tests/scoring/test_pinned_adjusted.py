"""Law 12C2 adjusted scores: behaviours that mutation testing found unpinned (issue 19).

Each test states one rule of the notation or of Law 12C2 that scoring/adjusted.py must keep;
a mutant that breaks it fails here.
"""

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
EXPECTED = "(expected e.g. A60/40, A6040, A+/A-, 60%/40%, +3/-3 IMP)"


def named(percent: int | Fraction) -> Artificial:
    """A named award written as its percentage (``A60``), as scoring programs write it."""
    return Artificial(Award.of_percent(F(percent)), F(percent))


class TestShortForms:
    """Compscore's ``Annmm`` and the one-sided ``A60``: named awards by percentage."""

    @pytest.mark.parametrize(
        ("text", "ns", "ew"),
        [("A6040", 60, 40), ("A5050", 50, 50), ("A3070", 30, 70), ("a 6050", 60, 50),
         ("A60", 60, 40), ("A60%", 60, 40), ("A 55,5", F(111, 2), F(89, 2)),
         ("A33.3", F(333, 10), F(667, 10)), ("A100", 100, 0), ("A0", 0, 100)],
    )  # fmt: skip
    def test_parse(self, text: str, ns: int | Fraction, ew: int | Fraction) -> None:
        """``Annmm`` gives North-South's then East-West's percentage (they need not balance);
        ``Ann`` gives North-South's, East-West take the complement. Each is a named award on
        its side of 50 % (Law 12C2(a)), so the session override of 12C2(c) still applies."""
        assert ArtificialScore(named(ns), named(ew)) == ArtificialScore.from_str(text)

    def test_named_awards_follow_the_percentage(self) -> None:
        """A60 is average plus for North-South and average minus for East-West."""
        score = ArtificialScore.from_str("A60")
        assert (Award.AVERAGE_PLUS, Award.AVERAGE_MINUS) == (score.ns.kind, score.ew.kind)
        assert F(67) == score.ns.percentage(LAW, session=F(67))
        assert F(33) == score.ew.percentage(LAW, session=F(33))

    @pytest.mark.parametrize("text", ["A101", "A100.5"])
    def test_above_a_hundred(self, text: str) -> None:
        """A one-sided percentage above 100 is refused, naming the text."""
        with pytest.raises(AdjustedScoreError) as raised:
            ArtificialScore.from_str(text)
        assert f"not an adjusted score: {text!r} {EXPECTED}" == str(raised.value)


class TestNotationDetails:
    @pytest.mark.parametrize(
        ("text", "ns", "ew"),
        [("3/-3 IMP", Artificial(imps=F(3)), Artificial(imps=F(-3))),
         ("3/-3 imps", Artificial(imps=F(3)), Artificial(imps=F(-3))),
         ("0/0 IMP", Artificial(imps=F(0)), Artificial(imps=F(0))),
         ("+60%/40%", Artificial(percent=F(60)), Artificial(percent=F(40))),
         ("A+/-", Artificial(Award.AVERAGE_PLUS), Artificial(Award.AVERAGE_MINUS)),
         ("A+/-3", Artificial(Award.AVERAGE_PLUS),
          Artificial(Award.AVERAGE_MINUS, imps=F(-3)))],
    )  # fmt: skip
    def test_parse(self, text: str, ns: Artificial, ew: Artificial) -> None:
        """A trailing IMP (any case) makes both parts IMPs, even an unsigned one; a % makes a
        signed number a percentage; after a leading A a bare ``-`` is average minus; a named
        award without a value may stand beside IMPs."""
        assert ArtificialScore(ns, ew) == ArtificialScore.from_str(text)

    @pytest.mark.parametrize("text", ["60/40/30", "x", "+/-", "A+/A- IMP", "A+%/A-"])
    def test_bad_text_is_named(self, text: str) -> None:
        """Every refusal of the notation quotes the text and shows the accepted forms."""
        with pytest.raises(AdjustedScoreError) as raised:
            ArtificialScore.from_str(text)
        assert f"not an adjusted score: {text!r} {EXPECTED}" == str(raised.value)

    def test_mixed_units_are_named(self) -> None:
        """One side in IMPs and the other as a percentage is refused, quoting the text."""
        with pytest.raises(AdjustedScoreError) as raised:
            ArtificialScore.from_str("A60/+3")
        assert "'A60/+3': one side in IMPs and the other as a percentage" == str(raised.value)

    def test_not_a_number(self) -> None:
        """parse_number quotes what it could not read."""
        with pytest.raises(AdjustedScoreError) as raised:
            parse_number("six")
        assert "not a number: 'six'" == str(raised.value)


class TestWritten:
    @pytest.mark.parametrize(
        ("text", "written"),
        [("A=", "A="), ("A+/A-", "A+/A-"), ("60%", "60%"), ("A60/40", "A60%/A40%"),
         ("A60%/A60%", "A60%/A60%"), ("A50%/A50%", "A50%"), ("+3/-3 IMP", "+3/-3 IMP"),
         ("+1/-1 IMP", "+1/-1 IMP"), ("0/0 IMP", "0 IMP"), ("55.5%/44.5%", "55.5%/44.5%"),
         ("A+3/A-3 IMP", "A+3/A-3 IMP")],
    )  # fmt: skip
    def test_str(self, text: str, written: str) -> None:
        """The written form: a sign only on positive IMPs, ``IMP`` in capitals, one part when
        both sides are equal, except a named percentage other than 50, which alone would
        read as North-South's with the complement for East-West."""
        score = ArtificialScore.from_str(text)
        assert written == str(score)
        assert score == ArtificialScore.from_str(written)

    def test_named_prefix(self) -> None:
        """A named award's value is written after a capital A."""
        assert "A60%" == str(named(60))
        assert "A-3" == str(Artificial(Award.AVERAGE_MINUS, imps=F(-3)))

    def test_percent_to_four_decimals(self) -> None:
        """A percentage is written to at most four decimals, without trailing zeros or a
        trailing point."""
        assert "55.5%" == str(Artificial(percent=F(111, 2)))
        assert "33.3333%" == str(Artificial(percent=F(100, 3)))
        assert "60%" == str(Artificial(percent=F(6_000_001, 100_000)))
        assert "0.25%" == str(Artificial(percent=F(1, 4)))


class TestValueRules:
    def test_award_of_a_percentage(self) -> None:
        """Above 50 % is average plus, exactly 50 % average, below it average minus."""
        assert Award.AVERAGE is Award.of_percent(F(50))
        assert Award.AVERAGE_PLUS is Award.of_percent(F(101, 2))
        assert Award.AVERAGE_PLUS is Award.of_percent(F(51))
        assert Award.AVERAGE_MINUS is Award.of_percent(F(99, 2))

    def test_award_of_imps(self) -> None:
        """Any gain of IMPs is average plus, 0 average, any loss average minus."""
        assert Award.AVERAGE_PLUS is Award.of_imps(F(1))
        assert Award.AVERAGE_PLUS is Award.of_imps(F(1, 2))
        assert Award.AVERAGE is Award.of_imps(F(0))
        assert Award.AVERAGE_MINUS is Award.of_imps(F(-1, 2))

    def test_named_award_with_its_own_value(self) -> None:
        """A named award with a stated value scores that value, not the Law's default, and
        stays subject to the session override (Law 12C2(c))."""
        assert F(65) == named(65).percentage(LAW)
        assert F(70) == named(65).percentage(LAW, session=F(70))
        assert F(2) == Artificial(Award.AVERAGE_PLUS, imps=F(2)).imp_value(LAW)

    def test_explicit_imps(self) -> None:
        """IMPs written as such are scored exactly as written."""
        assert F(-1) == Artificial(imps=F(-1)).imp_value(LAW, session=F(-5))

    @pytest.mark.parametrize("percent", [F(0), F(100)])
    def test_percentage_bounds_are_allowed(self, percent: Fraction) -> None:
        """0 % and 100 % are possible adjusted scores (JFR's 60/0 against an absent pair)."""
        assert percent == Artificial(percent=percent).percentage(LAW)

    @pytest.mark.parametrize(("percent", "shown"), [(F(201, 2), "100.5"), (F(-1), "-1")])
    def test_percentage_out_of_bounds(self, percent: Fraction, shown: str) -> None:
        """A percentage outside 0-100 is refused, naming it."""
        with pytest.raises(AdjustedScoreError) as raised:
            Artificial(percent=percent)
        assert f"an adjusted percentage must be between 0 and 100, not {shown}" == str(raised.value)

    def test_construction_messages(self) -> None:
        """A value is a percentage or IMPs, not both; without an award it needs a value."""
        with pytest.raises(AdjustedScoreError) as raised:
            Artificial(percent=F(60), imps=F(3))
        assert "an adjusted score is a percentage or IMPs, not both" == str(raised.value)
        with pytest.raises(AdjustedScoreError) as raised:
            Artificial()
        assert "an adjusted score needs an award or a value" == str(raised.value)

    def test_units_do_not_mix_messages(self) -> None:
        """IMPs cannot be matchpointed, a percentage cannot be IMPed: each says which."""
        with pytest.raises(AdjustedScoreError) as raised:
            Artificial(imps=F(3)).percentage(LAW)
        assert "an adjusted score in IMPs cannot be matchpointed" == str(raised.value)
        with pytest.raises(AdjustedScoreError) as raised:
            Artificial(percent=F(60)).imp_value(LAW)
        assert "an adjusted percentage cannot be scored in IMPs" == str(raised.value)
