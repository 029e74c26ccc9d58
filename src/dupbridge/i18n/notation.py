"""The notation table: how cards, calls, contracts and seats are written for people, per language.

Notation is kept out of the catalogs, in one table (issue 17): each of the six languages has an
*international* notation (the letters and symbols most clubs use online: ``A K Q J``, the suit
symbols, ``NT``, ``Pass``, ``X``, ``XX``, ``N E S W``) and a *local* one, built from the words
the Laws' own text in that language uses (SPEC section 5.1; Law 1 names the ranks, Law 2 the
seats). The seeds spell the honours and the seats out in words and never abbreviate them, so a
local letter is the initial of the seed's word, and where the initials of two words collide
(Latvian *dūzis*/*dāma*, *kungs*/*kalps*) the international letter is kept. Every choice is
named in :data:`SOURCES` (and in ``docs/languages.md``).

The international notation is the default in every language; the user may switch
(:func:`set_notation`, :func:`use_notation`; ``dupbridge --notation local``). Machine files
(PBN, LIN, table records) never use this table: they keep their own formats' letters.

Keys are the international letters, so this module needs nothing from the core (the lowest
layer may import it): ranks ``A K Q J``, suits ``S H D C``, the strain ``NT``, the calls
``P X XX`` and the seats ``N E S W``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from types import MappingProxyType

from dupbridge.i18n import LANGUAGES, _, get_language

__all__ = [
    "INTERNATIONAL",
    "NOTATIONS",
    "SOURCES",
    "STYLES",
    "Notation",
    "get_notation_style",
    "notation",
    "set_notation",
    "use_notation",
]

#: The two notations a user may choose between.
STYLES = ("international", "local")

_STYLE: ContextVar[str] = ContextVar("dupbridge_notation", default="international")


@dataclass(frozen=True)
class Notation:
    """One language's way of writing cards, calls, contracts and seats.

    Attributes:
        ranks: the honours' letters, by the international letter (``A K Q J``); the ten is
            written ``10`` or ``T`` as the ``ten`` setting of hand records and the site
            chooses (in every language), the spot cards 9 to 2 as digits.
        suits: the suit symbols, by the international letter (``S H D C``).
        notrump: the no-trump strain in a bid or contract (``NT``, Polish ``BA``).
        pass_: the pass card of the bidding box; ``double``, ``redouble``: its X and XX.
        seats: the seats' letters, by the international letter (``N E S W``).
        ten: how the ten is written where no ``ten`` setting chooses (the terminal): ``T`` in
            the international notation, ``10`` in the local ones.
    """

    ranks: Mapping[str, str]
    suits: Mapping[str, str]
    notrump: str
    pass_: str
    double: str
    redouble: str
    seats: Mapping[str, str]
    ten: str = "T"

    def rank(self, letter: str) -> str:
        """A rank written in this notation (``"Q"`` is ``"D"`` in Polish local notation)."""
        return self.ten if letter == "T" else self.ranks.get(letter, letter)

    def strain(self, letter: str) -> str:
        """A strain (``S H D C`` or ``NT``/``N``) as a symbol or this notation's no-trump."""
        if letter in ("N", "NT"):
            return self.notrump
        return self.suits[letter]

    def seat(self, letter: str) -> str:
        """A seat's letter in this notation (``"E"`` is ``"Ö"`` in Swedish local notation)."""
        return self.seats[letter]

    def call(self, text: str) -> str:
        """A call written in international letters (``1NT``, ``4S``, ``P``/``Pass``, ``X``,
        ``XX``) in this notation (``1BA``, ``4♠``, ``pas``, ``X``, ``XX``)."""
        upper = text.strip().upper()
        if upper in ("P", "PASS"):
            return self.pass_
        if upper == "X":
            return self.double
        if upper == "XX":
            return self.redouble
        return upper[0] + self.strain(upper[1:])


def _table(ranks: str, notrump: str, pass_: str, seats: str, *, ten: str = "10") -> Notation:
    letters = ranks.split()
    return Notation(
        ranks=MappingProxyType(dict(zip(("A", "K", "Q", "J"), letters, strict=True))),
        suits=MappingProxyType({"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}),
        notrump=notrump,
        pass_=pass_,
        double="X",
        redouble="XX",
        seats=MappingProxyType(dict(zip(("N", "E", "S", "W"), seats.split(), strict=True))),
        ten=ten,
    )


#: The international notation, the default in every language (issue 17: where the seeds do
#: not settle a notation, the international letters and symbols most clubs use online).
INTERNATIONAL = _table("A K Q J", "NT", "Pass", "N E S W", ten="T")

#: Each language's local notation, from the Laws' own words in that language (:data:`SOURCES`).
NOTATIONS: Mapping[str, Notation] = MappingProxyType(
    {
        "en": INTERNATIONAL,
        "pl": _table("A K D W", "BA", "pas", "N E S W"),
        "sv": _table("E K D Kn", "NT", "pass", "N Ö S V"),
        "lv": _table("A K Q J", "NT", "pass", "N E S W"),
        "et": _table("Ä K E S", "NT", "pass", "N E S W"),
        "ru": _table("Т К Д В", "БК", "пас", "С В Ю З"),
    }
)

#: Where each language's local notation comes from (seed and law; SPEC section 5).
SOURCES: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {
        "en": {"all": "the international notation (the English Laws' own initials)"},
        "pl": {
            "ranks": "initials of seed 003 Law 1: as, król, dama, walet",
            "notrump": "BA for 'bez atu' (seed 003, SPEC 5.1); the seed never abbreviates it",
            "pass": "'pas' (seed 003, SPEC 5.1)",
            "seats": "N E S W: seed 003 itself uses the English letters (Law 2)",
            "double": "X and XX kept: the seed writes 'kontra', 'rekontra' in words only",
        },
        "sv": {
            "ranks": "initials of seed 001 Law 1: ess, kung, dam, knekt (Kn, as D is dam)",
            "notrump": "NT kept: seed 001 writes 'sang' in words only ('1 sang')",
            "pass": "'pass' (seed 001, SPEC 5.1)",
            "seats": "initials of seed 001 Law 2: Nord, Öst, Syd, Väst",
            "double": "X and XX kept: the seed writes 'dubbelt', 'redubbelt' in words only",
        },
        "lv": {
            "ranks": "A K Q J kept: the initials of seed 000 Law 1 (dūzis, kungs, dāma, kalps) "
            "collide",
            "notrump": "NT kept: seed 000 writes 'beztrumpis' in words only",
            "pass": "'pass' (seed 000, SPEC 5.1)",
            "seats": "N E S W: seed 000 keeps the English compass words (SPEC 5.1 notes)",
            "double": "X and XX kept: the seed writes 'kontra', 'rekontra' in words only",
        },
        "et": {
            "ranks": "initials of seed 002 Law 1: äss, kuningas, emand, sõdur",
            "notrump": "NT kept: seed 002 writes 'trumbita' in words only",
            "pass": "'pass' (seed 002, SPEC 5.1)",
            "seats": "N E S W: seed 002 uses the English letters (Law 4; Law 2 once writes OW)",
            "double": "X and XX kept: the seed writes 'kontra', 'rekontra' in words only",
        },
        "ru": {
            "ranks": "initials of туз, король, дама, валет: seed 004 (Laws 23-40) has no Law 1; "
            "usual Russian usage, provisional (SPEC 5.2)",
            "notrump": "БК for 'без козыря' (SPEC 5.2, not in seed 004; provisional)",
            "pass": "'пас' (seed 004, SPEC 5.1)",
            "seats": "initials of Север, Восток, Юг, Запад (the catalogs' seat names)",
            "double": "X and XX kept: seed 004 writes 'контра', 'реконтра' in words only",
        },
    }
)

assert set(NOTATIONS) == set(LANGUAGES) == set(SOURCES)


def _check(style: str) -> None:
    if style not in STYLES:
        raise ValueError(
            _("unknown notation {style!r}; choose international or local").format(style=style)
        )


def set_notation(style: str) -> None:
    """Write cards and calls in ``style`` (``international`` or ``local``) from now on, in this
    context.

    Raises:
        ValueError: if the style is neither.
    """
    _check(style)
    _STYLE.set(style)


@contextmanager
def use_notation(style: str) -> Iterator[None]:
    """Write cards and calls in ``style`` inside the ``with`` block only.

    Raises:
        ValueError: if the style is neither ``international`` nor ``local``.
    """
    _check(style)
    token = _STYLE.set(style)
    try:
        yield
    finally:
        _STYLE.reset(token)


def get_notation_style() -> str:
    """The notation style active in this context (``international`` by default)."""
    return _STYLE.get()


def notation(language: str | None = None, style: str | None = None) -> Notation:
    """The notation of ``language`` (default: the active one) in ``style`` (default: the
    active style): :data:`INTERNATIONAL`, or the language's :data:`NOTATIONS` entry.

    Raises:
        ValueError: if the language or style is unknown.
    """
    language = get_language() if language is None else language
    style = get_notation_style() if style is None else style
    _check(style)
    if language not in NOTATIONS:
        raise ValueError(f"unknown language {language!r}")
    return INTERNATIONAL if style == "international" else NOTATIONS[language]
