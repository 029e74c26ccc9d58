"""Numbers, percentages, dates and times written the active language's way (Babel, CLDR).

Part of the notation kept outside the catalogs (issue 17): a Polish, Swedish, Latvian,
Estonian or Russian reader sees ``62,35`` where an English one sees ``62.35``, the percent
sign placed as CLDR places it (``62,35 %`` in Swedish and Russian, with a no-break space,
``62,35%`` in Polish, Latvian and Estonian), and dates such as ``25.11.2026`` (``2026-11-25``
in Swedish, ``25/11/2026`` in English).

The published figures stay exact: a number is rounded once, by the scoring's own rule
(:func:`dupbridge.scoring.rounding.format_fixed`), and only its *writing* is localised here;
the digits are never rounded again nor passed through a float. Bridge scores are written
without digit grouping (``+1430``), as score sheets and the Laws' own scoring table write them.
Machine files (PBN, USEBIO, JSON) never use this module.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time
from decimal import Decimal
from functools import lru_cache

from babel import Locale
from babel.dates import format_skeleton, format_time
from babel.numbers import NumberPattern, format_decimal, parse_pattern

from dupbridge.i18n import get_language

__all__ = ["LOCALES", "date_text", "decimal_text", "parse_date", "percent_text", "time_text"]

_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


#: The CLDR locale of each language's formats. English is British English, the English of
#: the WBF Laws (day before month, a 24-hour clock), not CLDR's default of US English.
LOCALES = {"en": "en_GB", "pl": "pl", "sv": "sv", "lv": "lv", "et": "et", "ru": "ru"}


@lru_cache(maxsize=16)
def _locale(language: str) -> Locale:
    return Locale.parse(LOCALES.get(language, language))


def _digits(text: str | int | Decimal) -> tuple[Decimal, int, str]:
    """The exact value, its number of decimals and an explicit plus sign of a written number.

    Raises:
        ValueError: if ``text`` is not a number written with a dot (``62.35``, ``-3``).
    """
    written = str(text).strip()
    if not _NUMBER.fullmatch(written):
        raise ValueError(f"not a number written with a decimal point: {written!r}")
    places = len(written.partition(".")[2])
    return Decimal(written), places, "+" if written.startswith("+") else ""


def decimal_text(text: str | int | Decimal, language: str | None = None) -> str:
    """A number already rounded and written with a dot (``"62.35"``, ``"-3.50"``, ``"+420"``)
    in the active language's way (``"62,35"``), with the same digits and decimals.

    Raises:
        ValueError: if ``text`` is not a number written with a decimal point.
    """
    value, places, plus = _digits(text)
    pattern = "0." + "0" * places if places else "0"
    written = format_decimal(value, format=pattern, locale=_locale(language or get_language()))
    return plus + written


@lru_cache(maxsize=64)
def _percent_pattern(language: str, places: int) -> NumberPattern:
    pattern = parse_pattern(Locale.parse(language).percent_formats[None].pattern)
    pattern.frac_prec = (places, places)
    pattern.grouping = (1000, 1000)  # no grouping: a percentage never reaches a thousand
    return pattern


def percent_text(text: str | int | Decimal, language: str | None = None) -> str:
    """A percentage already rounded, written with a dot (``"62.35"``), with the active
    language's decimal sign and percent sign in CLDR's place (``"62,35 %"`` in Swedish).

    Raises:
        ValueError: if ``text`` is not a number written with a decimal point.
    """
    value, places, _plus = _digits(text)
    locale = _locale(language or get_language())
    return str(_percent_pattern(str(locale), places).apply(value / 100, locale))


def date_text(value: date, language: str | None = None) -> str:
    """A date with day, month and four-digit year in the language's order and separators
    (CLDR skeleton ``yMd``: ``25.11.2026``, Swedish ``2026-11-25``)."""
    return str(format_skeleton("yMd", value, locale=_locale(language or get_language())))


def time_text(value: time | datetime, language: str | None = None) -> str:
    """A time of day, hours and minutes (``19:05``)."""
    return str(format_time(value, "short", locale=_locale(language or get_language())))


def parse_date(text: str) -> date | None:
    """The date of a PBN or ISO date (``2012.08.02``, ``2012-08-02``), or None when the text
    is not a whole date (``2012.08.??``, free text): such a date is shown as written."""
    match = re.fullmatch(r"\s*(\d{4})[.\-/](\d{1,2})[.\-/](\d{1,2})\s*", text)
    if match is None:
        return None
    try:
        return date(int(match[1]), int(match[2]), int(match[3]))
    except ValueError:
        return None
