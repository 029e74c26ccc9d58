"""An auction as it really happened at a table: calls may stand out of rotation (Laws 28, 29A).

Recording mode (:mod:`dupbridge.core.recording`) keeps the calls that stand in a
:class:`RecordedAuction`, which remembers who made each call.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from dupbridge.core.auction import Auction, LegalCalls
from dupbridge.core.calls import Call
from dupbridge.core.seats import Seat

if TYPE_CHECKING:
    pass

__all__ = ["RecordedAuction"]


class RecordedAuction(Auction):
    """An auction whose calls may stand out of rotation (Laws 28, 29A accept them).

    ``seat_of(i)`` is the seat that made call ``i``; after each call the turn passes to that
    seat's left-hand opponent.
    """

    __slots__ = ("_seats",)

    def __init__(self, dealer: Seat, calls: Iterable[tuple[Seat, Call]] = ()) -> None:
        self._seats: list[Seat] = []
        super().__init__(dealer)
        for seat, call in calls:
            self.append_by(seat, call)

    def _append(self, call: Call) -> None:
        seat = self.turn
        assert seat is not None
        super()._append(call)
        self._seats.append(seat)

    def append_by(self, seat: Seat, call: Call) -> None:
        """Append ``call`` by ``seat`` whether or not it is his turn, unchecked."""
        self.turn = seat
        self._append(call)

    def seat_of(self, index: int) -> Seat:
        """The seat that made the call at ``index``."""
        return self._seats[index]

    def pairs(self) -> tuple[tuple[Seat, Call], ...]:
        """The standing calls with the seats that made them."""
        return tuple(zip(self._seats, self._calls, strict=True))

    def check_for(self, seat: Seat, call: Call) -> None:
        """Raise the error for ``seat`` making ``call`` now, as if it were his turn."""
        saved = self.turn
        self.turn = seat
        try:
            self.check(call)
        finally:
            self.turn = saved

    def legal_calls_for(self, seat: Seat) -> LegalCalls:
        """The calls ``seat`` could legally make now if it were his turn."""
        saved = self.turn
        self.turn = seat
        try:
            return self.legal_calls()
        finally:
            self.turn = saved

    def copy(self) -> RecordedAuction:
        """An independent copy of this auction."""
        return RecordedAuction(self.dealer, self.pairs())
