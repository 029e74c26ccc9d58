"""Counts through ngettext and the values that stand in messages (a side, the vulnerability,
the claimer's unstated play, a penalty card's kind) in the user's language (issue 17)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from dupbridge.core.cards import Hand
from dupbridge.core.deal import Deal
from dupbridge.core.errors import NotationError
from dupbridge.core.seats import Side, Vulnerability
from dupbridge.core.written import side_text, unstated_text, vulnerability_text
from dupbridge.i18n import set_language, use_language
from dupbridge.i18n.compile import compile_catalogs


@pytest.fixture(autouse=True)
def catalogs() -> Iterator[None]:
    compile_catalogs()
    yield
    set_language("en")


@pytest.mark.parametrize(
    ("lang", "one", "two", "five"),
    [
        ("en", "1 suit;", "2 suits;", "5 suits;"),
        ("pl", "1 kolor;", "2 kolory;", "5 kolorów;"),
        ("ru", "1 масть;", "2 масти;", "5 мастей;"),
        ("lv", "1 masts;", "2 masti;", "5 masti;"),
        ("sv", "1 färg;", "2 färger;", "5 färger;"),
    ],
)
def test_a_count_takes_the_languages_plural(lang: str, one: str, two: str, five: str) -> None:
    """'{n} suit(s)' is gone: a hand with 1, 2 or 5 suits is refused in the plural form each
    language gives that number (Polish kolor, kolory, kolorów)."""
    texts = {1: "AKQ", 2: "AKQ.JT9", 5: "A.K.Q.J.T"}
    with use_language(lang):
        for n, expected in ((1, one), (2, two), (5, five)):
            with pytest.raises(NotationError) as caught:
                Hand.from_pbn(texts[n])
            assert expected in str(caught.value), (lang, n)


def test_latvian_zero_form_for_eleven_hands() -> None:
    """Latvian writes 11 with its zero form (roku), Russian with its many form (рук)."""
    text = "N:" + " ".join(["A.K.Q.J"] * 11)
    for lang, word in (("lv", "11 roku;"), ("ru", "11 рук;"), ("en", "11 hands;")):
        with use_language(lang), pytest.raises(NotationError) as caught:
            Deal.from_pbn(text)
        assert word in str(caught.value), lang


@pytest.mark.parametrize(
    ("lang", "none", "east_west", "both", "best", "ew_side"),
    [
        ("en", "None", "EW", "All", "best", "E-W"),
        ("pl", "nikt", "EW", "obie", "najlepszy", "EW"),
        ("sv", "ingen", "ÖV", "alla", "bästa", "Ö-V"),
        ("ru", "никто", "В-З", "все", "лучший", "В-З"),
    ],
)
def test_values_in_messages(  # noqa: PLR0917 - one parameter per column of the table
    lang: str, none: str, east_west: str, both: str, best: str, ew_side: str
) -> None:
    """Vulnerability, the claimer's unstated play and a side are words of the language, never
    the record's keys (a Swede reads Ö-V, a Russian В-З)."""
    with use_language(lang):
        assert none == vulnerability_text(Vulnerability.NONE)
        assert east_west == vulnerability_text(Vulnerability.EW)
        assert both == vulnerability_text(Vulnerability.BOTH)
        assert best == unstated_text("best")
        assert ew_side == side_text(Side.EW)
