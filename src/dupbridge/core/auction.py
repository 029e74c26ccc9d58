"""The auction: calls in rotation from the dealer until it ends (Laws 17-22, 35-39).

:class:`Auction` enforces what a legal auction is: calls in rotation (17C), sufficient bids
(18), doubles and redoubles only of the right call (19), no bid above seven (38), the end by
three passes after a bid or four passes (22), and no call after the final pass (39).
It answers who is declarer (the first player of the final bid's side to name its strain) and
who makes the opening lead (declarer's left-hand opponent, Law 41A).
"""

from __future__ import annotations

from collections.abc import Iterable

from dupbridge.core.calls import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Bid, Call, Double, Pass, Redouble
from dupbridge.core.contract import Contract, Risk
from dupbridge.core.errors import ImpossibleActionError, IrregularityError
from dupbridge.core.lawref import LawRef
from dupbridge.core.seats import Seat
from dupbridge.i18n import _

__all__ = ["Auction", "LegalCalls"]

_LAW_18 = LawRef(18, "C")
_LAW_19A = LawRef(19, "A1")
_LAW_19B = LawRef(19, "B1")
_LAW_27 = LawRef(27)
_LAW_36 = LawRef(36)
_LAW_39 = LawRef(39)


class LegalCalls(tuple[Call, ...]):
    """The calls legal now, as a plain tuple (``in``, ``len``, iteration and indexing run at
    C speed): Pass, then Double or Redouble when legal, then the sufficient bids upwards.

    ``LegalCalls(first_bid, can_double, can_redouble, open_)`` gives the calls of an auction
    whose lowest sufficient bid has rank ``first_bid``; the 288 possible answers are built
    once and shared. :meth:`only` makes the view of exactly some calls (a call to repeat).
    """

    __slots__ = ()

    def __new__(
        cls, first_bid: int, can_double: bool, can_redouble: bool, open_: bool
    ) -> LegalCalls:
        return _LEGAL_CALLS[first_bid, can_double, can_redouble, open_]

    @classmethod
    def only(cls, calls: Iterable[Call]) -> LegalCalls:
        """The view holding exactly ``calls``, in that order."""
        return tuple.__new__(cls, calls)

    def __repr__(self) -> str:
        return f"<LegalCalls {' '.join(str(call) for call in self)}>"


def _legal_calls(first_bid: int, can_double: bool, can_redouble: bool, open_: bool) -> LegalCalls:
    if not open_:
        return LegalCalls.only(())
    calls: list[Call] = [PASS]
    if can_double:
        calls.append(DOUBLE)
    if can_redouble:
        calls.append(REDOUBLE)
    calls.extend(ALL_BIDS[first_bid:])
    return LegalCalls.only(calls)


#: Every possible answer of :meth:`Auction.legal_calls`, keyed by its four parameters.
_LEGAL_CALLS: dict[tuple[int, bool, bool, bool], LegalCalls] = {
    (first, double, redouble, open_): _legal_calls(first, double, redouble, open_)
    for first in range(36)
    for double in (False, True)
    for redouble in (False, True)
    for open_ in (False, True)
}


class Auction:
    """A legal auction so far; :meth:`add` appends a call or raises, changing nothing.

    >>> from dupbridge import Auction, Seat, parse_call
    >>> auction = Auction(Seat.N)
    >>> for text in "1H Pass 4H Pass Pass Pass".split():
    ...     auction.add(parse_call(text))
    >>> str(auction.contract), auction.declarer
    ('4HN', <Seat.N: 0>)
    """

    __slots__ = (
        "_calls",
        "_doubler",
        "_first_namer",
        "_last_bid",
        "_last_bidder",
        "_passes",
        "_risk",
        "dealer",
        "turn",
    )

    #: The seat to call next, or None once the auction has ended. A plain attribute (read on
    #: every call, issue 19); only the auction's own methods change it.
    turn: Seat | None

    def __init__(self, dealer: Seat, calls: Iterable[Call] = ()) -> None:
        self.dealer = dealer
        self._calls: list[Call] = []
        self._last_bid: Bid | None = None
        self._last_bidder: Seat | None = None
        self._risk = Risk.UNDOUBLED
        self._doubler: Seat | None = None
        self._passes = 0
        self.turn = dealer
        # For each side and strain, the first seat of that side to bid the strain (Law 41A
        # declarer); indexed [side][strain].
        self._first_namer: list[list[Seat | None]] = [[None] * 5, [None] * 5]
        for call in calls:
            self.add(call)

    # --- queries --------------------------------------------------------------------------

    @property
    def calls(self) -> tuple[Call, ...]:
        """The calls made so far, dealer's first."""
        return tuple(self._calls)

    def __len__(self) -> int:
        return len(self._calls)

    @property
    def is_complete(self) -> bool:
        """Whether the auction has ended (Law 22): three passes after a bid, or four passes."""
        passes = self._passes
        return passes >= 3 and (self._last_bid is not None or passes >= 4)

    @property
    def is_passed_out(self) -> bool:
        """Whether all four players passed (Law 22B)."""
        return self._last_bid is None and self._passes >= 4

    @property
    def last_bid(self) -> Bid | None:
        """The highest bid so far."""
        return self._last_bid

    @property
    def last_bidder(self) -> Seat | None:
        """Who made the highest bid so far."""
        return self._last_bidder

    @property
    def risk(self) -> Risk:
        """Whether the last bid stands doubled or redoubled."""
        return self._risk

    def seat_of(self, index: int) -> Seat:
        """The seat that made the call at ``index``."""
        return self.dealer.next(index)

    @property
    def declarer(self) -> Seat | None:
        """The presumed declarer once the auction is complete (None if passed out or open).

        The first player of the side that made the final bid to have bid its strain.
        """
        if not self.is_complete or self._last_bid is None or self._last_bidder is None:
            return None
        return self._first_namer[self._last_bidder.side][self._last_bid.strain]

    @property
    def contract(self) -> Contract | None:
        """The contract with declarer, once the auction has ended with a bid."""
        declarer = self.declarer
        if declarer is None or self._last_bid is None:
            return None
        return Contract(self._last_bid.level, self._last_bid.strain, self._risk, declarer)

    @property
    def opening_leader(self) -> Seat | None:
        """Declarer's left-hand opponent (Law 41A), once there is a contract."""
        declarer = self.declarer
        return None if declarer is None else declarer.lho

    def legal_calls(self) -> LegalCalls:
        """The calls the player to call may legally make now."""
        seat = self.turn
        if seat is None:
            return _LEGAL_CALLS[35, False, False, False]
        last = self._last_bid
        first_bid = 0 if last is None else last.rank + 1
        bidder = self._last_bidder
        opponents_bid = bidder is not None and (bidder.side is not seat.side)
        can_double = opponents_bid and self._risk is Risk.UNDOUBLED
        can_redouble = (
            self._risk is Risk.DOUBLED
            and self._doubler is not None
            and self._doubler.side is not seat.side
        )
        return _LEGAL_CALLS[first_bid, can_double, can_redouble, True]

    def check(self, call: Call) -> None:
        """Raise the error for ``call`` if it is not legal now; do nothing if it is.

        Raises:
            IrregularityError: a call after the auction ended (Law 39), an insufficient bid
                (Law 27), or an inadmissible double or redouble (Law 36, see Law 19).
            ImpossibleActionError: if ``call`` is not a call.
        """
        seat = self.turn
        if seat is None:
            raise IrregularityError(
                _("call {call} after the auction has ended (Law 39)").format(call=call),
                law=_LAW_39,
                irregularity="call_after_final_pass",
            )
        if isinstance(call, Pass):
            return
        if isinstance(call, Bid):
            last = self._last_bid
            if last is not None and call.rank <= last.rank:
                raise IrregularityError(
                    _("insufficient bid {call} after {last} by {seat} (Law 27)").format(
                        call=call, last=last, seat=seat.title
                    ),
                    seat=seat,
                    law=_LAW_27,
                    irregularity="insufficient_bid",
                )
            return
        if isinstance(call, Double):
            bidder = self._last_bidder
            if bidder is None:
                reason = _("there is no bid to double")
            elif bidder.side is seat.side:
                reason = _("the last bid was made by {seat}'s own side").format(seat=seat.title)
            elif self._risk is not Risk.UNDOUBLED:
                reason = _("{bid} is already doubled").format(bid=self._last_bid)
            else:
                return
            raise IrregularityError(
                _("inadmissible double by {seat}: {reason} (Law 36, see {law})").format(
                    seat=seat.title, reason=reason, law=_LAW_19A
                ),
                seat=seat,
                law=_LAW_36,
                irregularity="inadmissible_double",
            )
        if isinstance(call, Redouble):
            if self._risk is Risk.UNDOUBLED:
                reason = _("there is no double to redouble")
            elif self._risk is Risk.REDOUBLED:
                reason = _("{bid} is already redoubled").format(bid=self._last_bid)
            elif self._doubler is not None and self._doubler.side is seat.side:
                reason = _("the double was made by {seat}'s own side").format(seat=seat.title)
            else:
                return
            raise IrregularityError(
                _("inadmissible redouble by {seat}: {reason} (Law 36, see {law})").format(
                    seat=seat.title, reason=reason, law=_LAW_19B
                ),
                seat=seat,
                law=_LAW_36,
                irregularity="inadmissible_redouble",
            )
        raise ImpossibleActionError(_("not a call: {call!r}").format(call=call))

    # --- commands -------------------------------------------------------------------------

    def add(self, call: Call) -> None:
        """Append ``call`` for the player whose turn it is.

        Raises:
            IrregularityError: if the call is not legal now (see :meth:`check`); the auction
                is then unchanged.
        """
        self.check(call)
        self._append(call)

    def _append(self, call: Call) -> None:
        """Append a call already known to be legal."""
        seat = self.turn
        assert seat is not None
        self._calls.append(call)
        if call is PASS or isinstance(call, Pass):
            passes = self._passes = self._passes + 1
            complete = passes >= 3 and (self._last_bid is not None or passes >= 4)
            self.turn = None if complete else seat.lho
            return
        self.turn = seat.lho
        self._passes = 0
        if isinstance(call, Bid):
            self._last_bid = call
            self._last_bidder = seat
            self._risk = Risk.UNDOUBLED
            self._doubler = None
            namers = self._first_namer[seat.side]
            if namers[call.strain] is None:
                namers[call.strain] = seat
        elif isinstance(call, Double):
            self._risk = Risk.DOUBLED
            self._doubler = seat
        else:
            self._risk = Risk.REDOUBLED

    def copy(self) -> Auction:
        """An independent copy of this auction."""
        return Auction(self.dealer, self._calls)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Auction)
            and other.dealer is self.dealer
            and other._calls == self._calls
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        calls = " ".join(str(call) for call in self._calls)
        return f"<Auction dealer={self.dealer.name} [{calls}]>"
