"""Boards: the dealer and vulnerability that a board number gives (Law 2)."""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.errors import NotationError
from dupbridge.core.seats import SEATS, Seat, Vulnerability
from dupbridge.i18n import _

__all__ = ["Board", "dealer_of", "vulnerability_of"]

# Law 2: the pattern of sixteen boards, repeated for boards 17-32 and so on.
_VUL_CYCLE = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH)


def _check_number(number: int) -> None:
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise NotationError(
            _("not a board number: {number!r} (boards are numbered from 1)").format(number=number)
        )


def dealer_of(number: int) -> Seat:
    """The dealer of board ``number`` (Law 2): N, E, S, W in turn from board 1.

    Raises:
        NotationError: if the number is not a positive integer.
    """
    _check_number(number)
    return SEATS[(number - 1) % 4]


def vulnerability_of(number: int) -> Vulnerability:
    """The vulnerability of board ``number`` (Law 2), repeating every 16 boards.

    Boards 1-4 go None, NS, EW, All, and each later group of four starts one step further
    along that cycle.

    Raises:
        NotationError: if the number is not a positive integer.
    """
    _check_number(number)
    k = (number - 1) % 16
    return _VUL_CYCLE[(k + k // 4) % 4]


@dataclass(frozen=True, slots=True)
class Board:
    """A duplicate board: its number fixes its dealer and vulnerability (Law 2).

    A board marked differently from Law 2 keeps its own markings for the session (Law 2),
    so both may be given explicitly.
    """

    number: int
    dealer: Seat
    vulnerability: Vulnerability

    def __post_init__(self) -> None:
        _check_number(self.number)

    @classmethod
    def numbered(cls, number: int) -> Board:
        """The board ``number`` with the dealer and vulnerability of Law 2.

        Raises:
            NotationError: if the number is not a positive integer.
        """
        return cls(number, dealer_of(number), vulnerability_of(number))

    @property
    def follows_law_2(self) -> bool:
        """Whether the board's markings are those Law 2 gives its number."""
        return (self.dealer, self.vulnerability) == (
            dealer_of(self.number),
            vulnerability_of(self.number),
        )
