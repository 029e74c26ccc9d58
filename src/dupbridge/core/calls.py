"""Calls: bids, pass, double and redouble (Law 18), and their notation.

``parse_call`` reads ``1NT 1N 7S P Pass X XX Dbl Rdbl`` and more (case-insensitive); ``str()``
writes canonical PBN (``1NT``, ``Pass``, ``X``, ``XX``). Alerts and explanations are not part of
a call: they belong to the event of making it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum

from dupbridge.core.cards import Suit
from dupbridge.core.errors import InvalidCallError
from dupbridge.i18n import _

__all__ = [
    "ALL_BIDS",
    "DOUBLE",
    "PASS",
    "REDOUBLE",
    "Bid",
    "Call",
    "Double",
    "Pass",
    "Redouble",
    "Strain",
    "parse_call",
]


class Strain(IntEnum):
    """The denomination of a bid, ranked NT, spades, hearts, diamonds, clubs (Law 18E)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    def __bool__(self) -> bool:
        """Always true, although clubs has the value 0: ``if seat`` means
        "if there is a seat", never "if it is not North"."""
        return True

    @property
    def letter(self) -> str:
        """``"C" "D" "H" "S"`` or ``"NT"``."""
        return ("C", "D", "H", "S", "NT")[self]

    @property
    def symbol(self) -> str:
        """``♣ ♦ ♥ ♠`` or ``NT``."""
        return ("♣", "♦", "♥", "♠", "NT")[self]

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None for no trumps."""
        return _TRUMP_OF[self]

    @property
    def is_major(self) -> bool:
        """Hearts and spades."""
        return self in (Strain.HEARTS, Strain.SPADES)

    @property
    def is_minor(self) -> bool:
        """Clubs and diamonds."""
        return self <= Strain.DIAMONDS

    @classmethod
    def of(cls, suit: Suit) -> Strain:
        """The strain with ``suit`` as trumps."""
        return cls(int(suit))

    @classmethod
    def from_str(cls, text: str) -> Strain:
        """Parse ``"C"``, ``"NT"``, ``"N"``, ``"♠"``, ``"SA"`` (sans atout), ... .

        Raises:
            InvalidCallError: if the text names no strain.
        """
        strain = _STRAIN_NAMES.get(text.strip().upper())
        if strain is None:
            raise InvalidCallError(_("not a denomination: {text!r}").format(text=text))
        return strain

    def __str__(self) -> str:
        return self.letter


#: Each strain's trump suit, indexed by strain (a tuple lookup, not an enum call: issue 19).
_TRUMP_OF: tuple[Suit | None, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, None)


_STRAIN_NAMES = {
    "C": Strain.CLUBS, "D": Strain.DIAMONDS, "H": Strain.HEARTS, "S": Strain.SPADES,
    "N": Strain.NOTRUMP, "NT": Strain.NOTRUMP, "SA": Strain.NOTRUMP, "BA": Strain.NOTRUMP,
    "♣": Strain.CLUBS, "♦": Strain.DIAMONDS, "♥": Strain.HEARTS, "♠": Strain.SPADES,
    "♧": Strain.CLUBS, "♢": Strain.DIAMONDS, "♡": Strain.HEARTS, "♤": Strain.SPADES,
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid of ``level`` (1-7) odd tricks in ``strain`` (Law 18A).

    Bids compare by rank: a bid supersedes another if it is higher (Law 18B).
    """

    level: int
    strain: Strain

    def __post_init__(self) -> None:
        if isinstance(self.level, bool) or not isinstance(self.level, int):
            raise InvalidCallError(_("a bid's level must be a number"))
        if not 1 <= self.level <= 7:
            raise InvalidCallError(
                _("no bid of level {level}: bids go from 1 to 7 (Law 38)").format(level=self.level)
            )
        if not isinstance(self.strain, Strain):
            raise InvalidCallError(_("a bid's denomination must be a Strain"))

    @property
    def rank(self) -> int:
        """0 (1♣) to 34 (7NT): a bid is sufficient iff its rank is higher (Law 18C)."""
        return 5 * (self.level - 1) + self.strain

    @property
    def tricks(self) -> int:
        """The tricks the bid undertakes to win: the level plus the book of six."""
        return self.level + 6

    def supersedes(self, other: Bid | None) -> bool:
        """Whether this bid is sufficient over ``other`` (Law 18B)."""
        return other is None or self.rank > other.rank

    def __lt__(self, other: Bid) -> bool:
        return self.rank < other.rank

    def to_str(self, *, symbols: bool = False) -> str:
        """``"1NT"``, ``"4S"``; ``"4♠"`` with ``symbols=True``."""
        return f"{self.level}{self.strain.symbol if symbols else self.strain.letter}"

    def __str__(self) -> str:
        return f"{self.level}{self.strain.letter}"

    def __repr__(self) -> str:
        return f"parse_call({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Pass:
    """The call Pass."""

    def to_str(self, *, symbols: bool = False) -> str:
        """``"Pass"``."""
        return "Pass"

    def __str__(self) -> str:
        return "Pass"

    def __repr__(self) -> str:
        return "parse_call('Pass')"


@dataclass(frozen=True, slots=True)
class Double:
    """The call Double (Law 19A)."""

    def to_str(self, *, symbols: bool = False) -> str:
        """``"X"``."""
        return "X"

    def __str__(self) -> str:
        return "X"

    def __repr__(self) -> str:
        return "parse_call('X')"


@dataclass(frozen=True, slots=True)
class Redouble:
    """The call Redouble (Law 19B)."""

    def to_str(self, *, symbols: bool = False) -> str:
        """``"XX"``."""
        return "XX"

    def __str__(self) -> str:
        return "XX"

    def __repr__(self) -> str:
        return "parse_call('XX')"


Call = Bid | Pass | Double | Redouble

PASS = Pass()
DOUBLE = Double()
REDOUBLE = Redouble()
#: The 35 bids in ascending order; ``ALL_BIDS[bid.rank] == bid``.
ALL_BIDS: tuple[Bid, ...] = tuple(Bid(level, strain) for level in range(1, 8) for strain in Strain)

_CALL_NAMES: dict[str, Call] = {
    "P": PASS, "PASS": PASS, "NB": PASS, "NO BID": PASS, "AP": PASS,
    "X": DOUBLE, "D": DOUBLE, "DBL": DOUBLE, "DOUBLE": DOUBLE,
    "XX": REDOUBLE, "R": REDOUBLE, "RDBL": REDOUBLE, "REDOUBLE": REDOUBLE, "RE": REDOUBLE,
}  # fmt: skip
for _bid in ALL_BIDS:
    for _name, _strain in _STRAIN_NAMES.items():
        if _strain is _bid.strain:
            _CALL_NAMES[f"{_bid.level}{_name}"] = _bid
del _bid, _name, _strain


def parse_call(text: str) -> Call:
    """Parse a call: ``1NT 1N 7S 4♠ P Pass X XX Dbl Rdbl`` (case-insensitive).

    Returns the shared call value (``parse_call("1N") is parse_call("1NT")``).

    Raises:
        InvalidCallError: naming the text, if it is not a call; a bid above seven names
            Law 38.
    """
    key = text.strip().upper()
    call = _CALL_NAMES.get(key) or _CALL_NAMES.get(key.replace(" ", ""))
    if call is not None:
        return call
    match = _BID_SHAPE.match(key.replace(" ", ""))
    if match is not None and match.group(2) in _STRAIN_NAMES:
        raise InvalidCallError(
            _("not a call: {text!r}: bids go from 1 to 7 (Law 38)").format(text=text)
        )
    raise InvalidCallError(
        _("not a call: {text!r} (expected a bid like 1NT or 4S, Pass, X or XX)").format(text=text)
    )


_BID_SHAPE = re.compile(r"^(\d+)(.+)$")
