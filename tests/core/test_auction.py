"""The auction: rotation, sufficiency, doubles, the end and declarer (Laws 17-22, 36, 38, 39, 41)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dupbridge import (
    ALL_BIDS,
    DOUBLE,
    PASS,
    REDOUBLE,
    Auction,
    Bid,
    Call,
    Contract,
    Double,
    IrregularityError,
    Pass,
    Redouble,
    Risk,
    Seat,
    Strain,
    parse_call,
)


def auction_of(dealer: Seat, text: str) -> Auction:
    return Auction(dealer, [parse_call(word) for word in text.split()])


class TestRotationAndEnd:
    def test_dealer_calls_first(self) -> None:
        """Law 17B: the dealer makes the first call, then rotation is clockwise."""
        auction = Auction(Seat.W)
        assert Seat.W is auction.turn
        auction.add(PASS)
        assert Seat.N is auction.turn

    def test_four_passes_pass_the_board_out(self) -> None:
        """Law 22B: if all four pass, the board is passed out."""
        auction = auction_of(Seat.E, "Pass Pass Pass Pass")
        assert auction.is_complete
        assert auction.is_passed_out
        assert auction.contract is None
        assert auction.turn is None

    def test_three_passes_after_a_bid_end_it(self) -> None:
        """Law 22A: three consecutive passes after a bid end the auction."""
        auction = auction_of(Seat.N, "Pass Pass Pass 1C Pass Pass")
        assert not auction.is_complete
        auction.add(PASS)
        assert auction.is_complete
        assert Contract(1, Strain.CLUBS, Risk.UNDOUBLED, Seat.W) == auction.contract

    def test_no_call_after_the_end(self) -> None:
        """Law 39: a call after the final pass is inadmissible."""
        auction = auction_of(Seat.N, "1C Pass Pass Pass")
        with pytest.raises(IrregularityError, match="Law 39") as raised:
            auction.add(PASS)
        assert "call_after_final_pass" == raised.value.irregularity


class TestSufficiency:
    def test_insufficient_bid_is_refused(self) -> None:
        """Law 18C/27: a bid must supersede the last bid; the auction is unchanged."""
        auction = auction_of(Seat.N, "1H")
        with pytest.raises(
            IrregularityError, match=r"insufficient bid 1C after 1H by East \(Law 27\)"
        ):
            auction.add(parse_call("1C"))
        assert 1 == len(auction)
        with pytest.raises(IrregularityError):
            auction.add(parse_call("1H"))
        auction.add(parse_call("1S"))

    def test_legal_bids_are_exactly_the_higher_ones(self) -> None:
        """Law 18B: after 2D the legal bids are 2H up to 7NT."""
        auction = auction_of(Seat.N, "2D")
        bids = [call for call in auction.legal_calls() if isinstance(call, Bid)]
        assert list(ALL_BIDS[ALL_BIDS.index(Bid(2, Strain.HEARTS)) :]) == bids


class TestDoubleAndRedouble:
    def test_double_of_opponents_last_bid(self) -> None:
        """Law 19A1: an opponent may double the last bid, passes only intervening."""
        assert DOUBLE in auction_of(Seat.N, "1H").legal_calls()
        assert DOUBLE in auction_of(Seat.N, "1H Pass Pass").legal_calls()

    @pytest.mark.parametrize(
        ("calls", "reason"),
        [("", "no bid"), ("1H Pass", "own side"), ("1H X Pass", "already doubled"),
         ("Pass", "no bid")],
    )  # fmt: skip
    def test_inadmissible_doubles(self, calls: str, reason: str) -> None:
        """Law 36 (see 19A): doubling nothing, partner's bid or a doubled bid is refused."""
        auction = auction_of(Seat.N, calls)
        assert DOUBLE not in auction.legal_calls()
        with pytest.raises(IrregularityError, match=f"{reason}.*Law 36") as raised:
            auction.add(DOUBLE)
        assert "inadmissible_double" == raised.value.irregularity

    def test_redouble_of_opponents_double(self) -> None:
        """Law 19B1: the side doubled may redouble, passes only intervening."""
        assert REDOUBLE in auction_of(Seat.N, "1H X").legal_calls()
        assert REDOUBLE in auction_of(Seat.N, "1H X Pass Pass").legal_calls()
        assert REDOUBLE not in auction_of(Seat.N, "1H X Pass").legal_calls()
        assert REDOUBLE not in auction_of(Seat.N, "1H X XX").legal_calls()
        assert REDOUBLE not in auction_of(Seat.N, "1H").legal_calls()

    def test_a_new_bid_cancels_doubles(self) -> None:
        """Law 19C: a later legal bid supersedes a double or redouble."""
        auction = auction_of(Seat.N, "1H X XX 2C Pass Pass Pass")
        assert Risk.UNDOUBLED is auction.risk
        assert "2CW" == str(auction.contract)

    def test_doubled_contract(self) -> None:
        """Law 19D: the contract is scored doubled or redoubled."""
        assert "4SXXS" == str(auction_of(Seat.S, "4S X XX Pass Pass Pass").contract)


class TestDeclarer:
    def test_first_of_the_side_to_name_the_strain(self) -> None:
        """Law 41A / Definitions: declarer is the first of the side to bid the final strain."""
        auction = auction_of(Seat.N, "1H Pass 2H Pass 4H Pass Pass Pass")
        assert Seat.N is auction.declarer
        assert Seat.E is auction.opening_leader

    def test_partner_named_it_first(self) -> None:
        """Partner's earlier bid of the strain makes partner declarer."""
        auction = auction_of(Seat.N, "1C Pass 1S Pass 2NT Pass 4S Pass Pass Pass")
        assert Seat.S is auction.declarer

    def test_opponents_bids_of_the_strain_do_not_count(self) -> None:
        """Only bids by the side making the final bid decide declarer."""
        auction = auction_of(Seat.N, "1S 2S Pass 3S 4H Pass Pass 4S Pass Pass Pass")
        assert Seat.E is auction.declarer


class TestLegalCallsView:
    def test_view_protocol(self) -> None:
        """legal_calls() supports in, len, iteration and indexing consistently."""
        auction = auction_of(Seat.N, "1H X")
        view = auction.legal_calls()
        calls = list(view)
        assert len(view) == len(calls)
        assert calls == [view[i] for i in range(len(view))]
        assert all(call in view for call in calls)
        assert PASS == view[0]
        assert REDOUBLE == view[1]
        assert parse_call("7NT") == view[-1]

    def test_nothing_is_legal_after_the_end(self) -> None:
        """After the auction there is no legal call."""
        view = auction_of(Seat.N, "Pass Pass Pass Pass").legal_calls()
        assert 0 == len(view)
        assert PASS not in view


def _expected_declarer(dealer: Seat, calls: list[Call]) -> Seat | None:
    """Declarer by the Definitions, computed independently of Auction."""
    bids = [(dealer.next(i), c) for i, c in enumerate(calls) if isinstance(c, Bid)]
    if not bids:
        return None
    final_seat, final = bids[-1]
    for seat, bid in bids:
        if seat.side is final_seat.side and bid.strain is final.strain:
            return seat
    return None


@given(st.integers(min_value=0, max_value=2**32), st.sampled_from(list(Seat)))
def test_random_legal_auctions_end_properly(seed: int, dealer: Seat) -> None:
    """Property: random legal auctions end in a contract or a pass-out, with the right
    declarer (Laws 22 and 41A), and every call offered as legal is accepted."""
    rng = random.Random(seed)
    auction = Auction(dealer)
    calls: list[Call] = []
    while not auction.is_complete:
        legal = auction.legal_calls()
        weights = [
            8.0 if isinstance(c, Pass) else 1.0 if isinstance(c, Double | Redouble) else 0.3
            for c in legal
        ]
        call = rng.choices(list(legal), weights)[0]
        auction.add(call)
        calls.append(call)
    assert len(calls) <= 319  # the longest possible auction
    if auction.is_passed_out:
        assert [PASS] * 4 == calls
        assert auction.contract is None
    else:
        contract = auction.contract
        assert contract is not None
        assert calls[-3:] == [PASS] * 3
        assert _expected_declarer(dealer, calls) is contract.declarer
        last_bid = [c for c in calls if isinstance(c, Bid)][-1]
        assert last_bid == contract.bid
