"""Numbers, percentages, dates and times per language (issue 17: formats through Babel/CLDR).

A figure is rounded once by the scoring's rule and only written differently per language: the
digits must be the same in all six languages.
"""

from __future__ import annotations

from datetime import date, time
from fractions import Fraction

import pytest

from dupbridge.i18n import LANGUAGES, use_language
from dupbridge.i18n.formats import date_text, decimal_text, parse_date, percent_text, time_text
from dupbridge.scoring.rounding import format_fixed

#: language: (62.35 as a percentage, -3.50, 25 November 2026, 19:05)
EXPECTED = {
    "en": ("62.35%", "-3.50", "25/11/2026", "19:05"),
    "pl": ("62,35%", "-3,50", "25.11.2026", "19:05"),
    "sv": ("62,35\xa0%", "-3,50", "2026-11-25", "19:05"),
    "lv": ("62,35%", "-3,50", "25.11.2026.", "19:05"),
    "et": ("62,35%", "-3,50", "25.11.2026", "19:05"),
    "ru": ("62,35\xa0%", "-3,50", "25.11.2026", "19:05"),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_writes_numbers_and_dates_its_way(language: str) -> None:
    percent, negative, day, clock = EXPECTED[language]
    with use_language(language):
        assert percent == percent_text("62.35")
        assert negative == decimal_text("-3.50")
        assert day == date_text(date(2026, 11, 25))
        assert clock == time_text(time(19, 5))


@pytest.mark.parametrize("language", LANGUAGES)
def test_digits_are_never_rounded_again(language: str) -> None:
    """2/3 of a top is 66.67 % by the half-away rule; 1/8 keeps its three decimals; trailing
    zeros and the plus sign of a score stay; scores are not grouped (+1430)."""
    comma = "." if language == "en" else ","
    assert f"66{comma}67" == decimal_text(format_fixed(Fraction(200, 3)), language)
    assert f"0{comma}125" == decimal_text("0.125", language)
    assert f"50{comma}00" == decimal_text("50.00", language)
    assert "+1430" == decimal_text("+1430", language)
    assert percent_text("100.00", language).startswith(f"100{comma}00")
    assert percent_text("0.5", language).startswith(f"0{comma}5")


def test_a_number_not_written_with_a_point_is_refused() -> None:
    for bad in ("62,35", "", "1e3", "12.", "abc"):
        with pytest.raises(ValueError, match="not a number"):
            decimal_text(bad, "pl")


def test_pbn_dates_are_read_and_partial_dates_kept() -> None:
    assert date(2012, 8, 2) == parse_date("2012.08.02")
    assert date(2012, 8, 2) == parse_date("2012-08-02")
    assert parse_date("2012.08.??") is None
    assert parse_date("2012.02.30") is None
    assert parse_date("summer 2012") is None
