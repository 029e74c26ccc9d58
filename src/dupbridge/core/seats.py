"""Seats (compass positions), sides and vulnerability (Laws 2, 17)."""

from __future__ import annotations

from enum import Enum, IntEnum

from dupbridge.core.errors import NotationError
from dupbridge.i18n import N_, _

__all__ = ["LHO_OF", "SEATS", "Seat", "Side", "Vulnerability"]


class Seat(IntEnum):
    """A compass position; play and calls go round clockwise N, E, S, W (Law 17C)."""

    N = 0
    E = 1
    S = 2
    W = 3

    def __bool__(self) -> bool:
        """Always true, although North has the value 0: ``if seat`` means
        "if there is a seat", never "if it is not North"."""
        return True

    @property
    def lho(self) -> Seat:
        """The left-hand opponent: the next player in rotation."""
        return LHO_OF[self]

    @property
    def rho(self) -> Seat:
        """The right-hand opponent: the previous player in rotation."""
        return _RHO[self]

    @property
    def partner(self) -> Seat:
        """The partner, sitting opposite."""
        return _PARTNER[self]

    @property
    def side(self) -> Side:
        """The side (partnership) of this seat."""
        return _SIDE_OF[self]

    @property
    def letter(self) -> str:
        """``"N"``, ``"E"``, ``"S"`` or ``"W"``."""
        return self.name

    @property
    def title(self) -> str:
        """The seat's name in the active language (``"North"``)."""
        return _(_TITLES[self])

    def next(self, steps: int = 1) -> Seat:
        """The seat ``steps`` places clockwise from this one."""
        return SEATS[(self + steps) % 4]

    @classmethod
    def from_str(cls, text: str) -> Seat:
        """Parse ``"N"``, ``"north"``, ``"S"``, ... (case-insensitive).

        Raises:
            NotationError: if the text names no seat.
        """
        seat = _SEAT_NAMES.get(text.strip().upper())
        if seat is None:
            raise NotationError(_("not a seat: {text!r} (expected N, E, S or W)").format(text=text))
        return seat

    def __str__(self) -> str:
        return self.name


SEATS: tuple[Seat, Seat, Seat, Seat] = (Seat.N, Seat.E, Seat.S, Seat.W)
#: Each seat's left-hand opponent, indexed by seat (a tuple lookup for the hot paths).
LHO_OF = (Seat.E, Seat.S, Seat.W, Seat.N)
_RHO = (Seat.W, Seat.N, Seat.E, Seat.S)
_PARTNER = (Seat.S, Seat.W, Seat.N, Seat.E)
_TITLES = (N_("North"), N_("East"), N_("South"), N_("West"))
_SEAT_NAMES = {
    "N": Seat.N, "E": Seat.E, "S": Seat.S, "W": Seat.W,
    "NORTH": Seat.N, "EAST": Seat.E, "SOUTH": Seat.S, "WEST": Seat.W,
}  # fmt: skip


class Side(IntEnum):
    """A partnership: North-South or East-West."""

    NS = 0
    EW = 1

    def __bool__(self) -> bool:
        """Always true, although North-South has the value 0: ``if seat`` means
        "if there is a seat", never "if it is not North"."""
        return True

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The two seats of this side."""
        return (Seat.N, Seat.S) if self is Side.NS else (Seat.E, Seat.W)

    @property
    def opponents(self) -> Side:
        """The other side."""
        return Side.EW if self is Side.NS else Side.NS

    @classmethod
    def from_str(cls, text: str) -> Side:
        """Parse ``"NS"`` or ``"EW"`` (also ``"N-S"``, ``"WE"``, ``"E/W"``).

        Raises:
            NotationError: if the text names no side.
        """
        key = "".join(ch for ch in text.upper() if ch.isalpha())
        if key in ("NS", "SN"):
            return Side.NS
        if key in ("EW", "WE"):
            return Side.EW
        raise NotationError(_("not a side: {text!r} (expected NS or EW)").format(text=text))

    def __str__(self) -> str:
        return self.name


_SIDE_OF = (Side.NS, Side.EW, Side.NS, Side.EW)


class Vulnerability(Enum):
    """Which sides are vulnerable on a board (Law 2)."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "All"

    def is_vulnerable(self, who: Seat | Side) -> bool:
        """Whether the seat's or side's partnership is vulnerable."""
        side = who.side if isinstance(who, Seat) else who
        if self is Vulnerability.BOTH:
            return True
        if self is Vulnerability.NONE:
            return False
        return (self is Vulnerability.NS) == (side is Side.NS)

    @classmethod
    def from_sides(cls, ns: bool, ew: bool) -> Vulnerability:
        """The vulnerability in which NS is vulnerable iff ``ns`` and EW iff ``ew``."""
        return (
            (cls.NONE, cls.EW),
            (cls.NS, cls.BOTH),
        )[ns][ew]

    @classmethod
    def from_str(cls, text: str) -> Vulnerability:
        """Parse the PBN names and their common variants.

        ``None``/``Love``/``-``/``O``, ``NS``, ``EW``, ``All``/``Both``/``B`` (case-insensitive).

        Raises:
            NotationError: if the text names no vulnerability.
        """
        key = text.strip().upper().replace("-", "").replace("/", "")
        found = _VUL_NAMES.get(key)
        if found is None:
            raise NotationError(
                _("not a vulnerability: {text!r} (expected None, NS, EW or All)").format(text=text)
            )
        return found

    def __str__(self) -> str:
        return self.value


_VUL_NAMES = {
    "": Vulnerability.NONE, "NONE": Vulnerability.NONE, "LOVE": Vulnerability.NONE,
    "O": Vulnerability.NONE, "0": Vulnerability.NONE,
    "NS": Vulnerability.NS, "N": Vulnerability.NS,
    "EW": Vulnerability.EW, "WE": Vulnerability.EW, "E": Vulnerability.EW,
    "ALL": Vulnerability.BOTH, "BOTH": Vulnerability.BOTH, "B": Vulnerability.BOTH,
}  # fmt: skip
