"""Pinned behaviour of core/lawref.py: how a citation of the Laws is read, checked and written
(issue 19, mutation testing)."""

from __future__ import annotations

import pytest

from dupbridge.core.kinds import Edition
from dupbridge.core.lawref import EDITIONS, LawRef, law


class TestLawRef:
    def test_editions(self) -> None:
        """The 2017 Laws and the 2007 Laws, in that order, as their years."""
        assert ("2017", "2007") == EDITIONS
        assert tuple(Edition) == EDITIONS

    def test_defaults(self) -> None:
        """A citation names a law; its part and edition are optional."""
        ref = LawRef(12)
        assert (12, "", None) == (ref.number, ref.part, ref.edition)
        assert "Law 12" == str(ref)
        assert "12" == ref.code

    def test_written_form(self) -> None:
        """The part follows the number; the edition, when given, is in brackets."""
        assert "Law 27B1(a) (2017)" == str(LawRef(27, "B1(a)", "2017"))
        assert "Law 64B3 (2007)" == str(LawRef(64, "B3", "2007"))
        assert "27B1(a)" == LawRef(27, "B1(a)", "2017").code

    def test_range_of_numbers(self) -> None:
        """Laws 1 to 93 are the WBF Laws and the Swedish supplement runs to 116."""
        assert 1 == LawRef(1).number
        assert 116 == LawRef(116).number
        for number in (0, 117, -3):
            with pytest.raises(ValueError) as refused:
                LawRef(number)
            assert f"there is no Law {number}" == str(refused.value)

    def test_unknown_edition(self) -> None:
        """Only the two editions implemented may be named."""
        with pytest.raises(ValueError) as refused:
            LawRef(12, "", "1997")
        assert "unknown edition of the Laws: '1997'" == str(refused.value)
        assert "2007" == LawRef(12, "", "2007").edition

    def test_in_edition(self) -> None:
        """The same law and part, tied to another edition."""
        assert LawRef(68, "D", "2007") == LawRef(68, "D").in_edition("2007")
        assert LawRef(68, "D", "2017") == LawRef(68, "D", "2007").in_edition("2017")


class TestParsing:
    @pytest.mark.parametrize(
        ("text", "number", "part"),
        [
            ("44C", 44, "C"),
            ("Law 27B1(a)", 27, "B1(a)"),
            ("  Law   64B3  ", 64, "B3"),
            ("7", 7, ""),
            ("100", 100, ""),
            ("12C1(c)", 12, "C1(c)"),
        ],
    )
    def test_accepted(self, text: str, number: int, part: str) -> None:
        """With or without the word Law, spaces around, a part of letters, digits and
        brackets."""
        assert LawRef(number, part) == LawRef.parse(text)
        assert LawRef(number, part, "2007") == law(text, "2007")
        assert LawRef(number, part) == law(text)

    @pytest.mark.parametrize(
        "text",
        ["Law ZZ", "", "Law", "Law44", "Laws 44", "44 C", "44C.", "law 44", "x44", "1000",
         "27(a)", "12c"],
    )  # fmt: skip
    def test_refused(self, text: str) -> None:
        """Anything else is no law reference: a part with a space or a stop, lower-case "law",
        a fourth digit (never Law 100 part "0"), a part that does not start with a section's
        capital letter."""
        with pytest.raises(ValueError) as refused:
            LawRef.parse(text)
        assert f"not a law reference: {text!r}" == str(refused.value)
