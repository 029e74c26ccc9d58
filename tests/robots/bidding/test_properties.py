"""Properties of the bidding robot over random deals: legal auctions that end (Laws 17E, 22),
no forcing bid passed, and the reading of the auction consistent with the hands that made it.
"""

from __future__ import annotations

import random

import pytest

from dupbridge.core.auction import Auction
from dupbridge.core.calls import PASS, Bid, Strain
from dupbridge.core.cards import Hand
from dupbridge.core.seats import Seat
from dupbridge.robots.bidding import choose_call, is_forced, read_auction
from dupbridge.robots.bidding.engine import balanced, decide


def _deal(rng: random.Random) -> dict[Seat, Hand]:
    order = list(range(52))
    rng.shuffle(order)
    return {
        seat: Hand(sum(1 << card for card in order[13 * k : 13 * k + 13]))
        for k, seat in enumerate(Seat)
    }


def _bid_out(rng: random.Random, board: int) -> tuple[Auction, dict[Seat, Hand], list[bool]]:
    hands = _deal(rng)
    auction = Auction(Seat(board % 4))
    forced: list[bool] = []
    while not auction.is_complete:
        seat = auction.turn
        assert seat is not None
        forced.append(is_forced(auction, seat))
        call, _alert, explanation = choose_call(auction, hands[seat], seat)
        assert call in auction.legal_calls()
        assert explanation
        auction.add(call)
        assert len(auction) < 50
    return auction, hands, forced


@pytest.fixture(scope="module")
def auctions() -> list[tuple[Auction, dict[Seat, Hand], list[bool]]]:
    rng = random.Random(20261125)
    return [_bid_out(rng, board) for board in range(300)]


def test_auctions_are_legal_and_end(
    auctions: list[tuple[Auction, dict[Seat, Hand], list[bool]]],
) -> None:
    """Four robots always produce a legal auction that ends (Law 22), most with a contract."""
    assert all(auction.is_complete for auction, _, _ in auctions)
    contracts = sum(1 for auction, _, _ in auctions if auction.contract is not None)
    assert contracts >= 250


def test_never_passes_when_forced(
    auctions: list[tuple[Auction, dict[Seat, Hand], list[bool]]],
) -> None:
    """A robot never passes when the auction is forcing for it; forcing auctions do occur."""
    seen = 0
    for auction, _, forced in auctions:
        for call, was_forced in zip(auction.calls, forced, strict=True):
            if was_forced:
                seen += 1
                assert call != PASS, [str(c) for c in auction.calls]
    assert seen >= 50


def test_opening_bids_read_back(
    auctions: list[tuple[Auction, dict[Seat, Hand], list[bool]]],
) -> None:
    """The reading of an opening bid admits the opener's actual hand (1NT: 15-17 balanced)."""
    checked = 0
    for auction, hands, _ in auctions:
        calls = auction.calls
        first = next((i for i, call in enumerate(calls) if call != PASS), None)
        if first is None:
            continue
        opener = auction.seat_of(first)
        shown = read_auction(Auction(auction.dealer, calls[: first + 1]), opener.lho)
        assert shown[opener].admits(hands[opener]), (str(calls[first]), hands[opener])
        if calls[first] == Bid(1, Strain.NOTRUMP):
            assert shown[opener].hcp == (15, 17)
            assert balanced(hands[opener])
        checked += 1
    assert checked >= 250


def test_every_rule_call_reads_back(
    auctions: list[tuple[Auction, dict[Seat, Hand], list[bool]]],
) -> None:
    """Calls chosen by a rule with written conditions are admitted by their reading, nearly
    always (a later call can narrow a range the hand sits outside only at the margins)."""
    admitted = total = 0
    for auction, hands, _ in auctions:
        partial = Auction(auction.dealer)
        for call in auction.calls:
            seat = partial.turn
            assert seat is not None
            rule = decide(partial, seat, hands[seat]).rule
            partial.add(call)
            if rule is None or isinstance(rule.call, str) or call == PASS:
                continue
            total += 1
            admitted += read_auction(partial, seat.partner)[seat].admits(hands[seat])
    assert total >= 300
    assert admitted / total >= 0.99, admitted / total


def test_reading_leaves_out_the_reader() -> None:
    """read_auction gives the three other players, never the reader himself."""
    auction = Auction(Seat.N)
    auction.add(Bid(1, Strain.NOTRUMP))
    shown = read_auction(auction, Seat.E)
    assert set(shown) == {Seat.N, Seat.S, Seat.W}
    assert shown[Seat.N].hcp == (15, 17)
