"""Pinned behaviour of core/recorded_auction.py: an auction whose calls may stand out of
rotation (Laws 28, 29A), remembering who made each call (issue 19, mutation testing)."""

from __future__ import annotations

import pytest

from dupbridge.core.auction import Auction
from dupbridge.core.calls import Call, parse_call
from dupbridge.core.errors import IrregularityError
from dupbridge.core.recorded_auction import RecordedAuction
from dupbridge.core.seats import Seat


def c(text: str) -> Call:
    return parse_call(text)


class TestRecordedAuction:
    def test_in_rotation(self) -> None:
        """Calls in turn behave as in any auction: each seat recorded, turn to the left."""
        auction = RecordedAuction(Seat.N)
        auction.add(c("1H"))
        auction.add(c("Pass"))
        assert (Seat.N, Seat.E) == (auction.seat_of(0), auction.seat_of(1))
        assert Seat.S is auction.turn
        assert ((Seat.N, c("1H")), (Seat.E, c("Pass"))) == auction.pairs()

    def test_out_of_rotation(self) -> None:
        """A call out of rotation that stands (Law 29A) keeps its seat, and the turn passes
        to that seat's left-hand opponent (Law 28B: the rotation continues from it)."""
        auction = RecordedAuction(Seat.N, [(Seat.S, c("1S")), (Seat.N, c("2C"))])
        assert (Seat.S, Seat.N) == (auction.seat_of(0), auction.seat_of(1))
        assert Seat.E is auction.turn
        assert (c("1S"), c("2C")) == auction.calls
        assert Seat.N is auction.last_bidder
        auction.append_by(Seat.W, c("X"))
        assert Seat.N is auction.turn
        assert ((Seat.S, c("1S")), (Seat.N, c("2C")), (Seat.W, c("X"))) == auction.pairs()

    def test_check_for_another_seat(self) -> None:
        """Checking a call for a seat other than the one in turn judges it as his (an
        insufficient bid, Law 27; a double of his own side's bid, Law 36) and leaves the
        turn as it was."""
        auction = RecordedAuction(Seat.N, [(Seat.N, c("2H"))])
        assert Seat.E is auction.turn
        auction.check_for(Seat.W, c("X"))
        with pytest.raises(IrregularityError) as refused:
            auction.check_for(Seat.S, c("X"))
        assert "inadmissible_double" == refused.value.irregularity
        assert Seat.S is refused.value.seat
        assert Seat.E is auction.turn
        with pytest.raises(IrregularityError) as refused:
            auction.check_for(Seat.W, c("1S"))
        assert Seat.W is refused.value.seat
        assert Seat.E is auction.turn

    def test_legal_calls_for_another_seat(self) -> None:
        """The calls a seat could make if it were his turn; the turn is left as it was."""
        auction = RecordedAuction(Seat.N, [(Seat.N, c("7NT"))])
        assert Seat.E is auction.turn
        assert (c("Pass"),) == tuple(auction.legal_calls_for(Seat.S))
        assert (c("Pass"), c("X")) == tuple(auction.legal_calls_for(Seat.W))
        assert Seat.E is auction.turn

    def test_copy(self) -> None:
        """A copy keeps the seats, and changing it leaves the original alone."""
        auction = RecordedAuction(Seat.E, [(Seat.W, c("1C")), (Seat.E, c("1D"))])
        copy = auction.copy()
        assert isinstance(copy, RecordedAuction)
        assert auction.pairs() == copy.pairs()
        assert Seat.E is copy.dealer
        assert auction.turn is copy.turn
        copy.append_by(Seat.N, c("Pass"))
        assert 2 == len(auction)
        assert 3 == len(copy)

    def test_is_an_auction(self) -> None:
        """It is an Auction, equal to one with the same dealer and calls."""
        auction = RecordedAuction(Seat.N, [(Seat.N, c("1C"))])
        assert isinstance(auction, Auction)
        assert Auction(Seat.N, [c("1C")]) == auction
