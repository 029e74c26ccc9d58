"""The two bad bids issue 14 names, on the deals where they happened."""

from __future__ import annotations

import random

from dupbridge.core.auction import Auction
from dupbridge.core.boards import Board
from dupbridge.core.calls import Bid, Strain
from dupbridge.core.deal import Deal
from dupbridge.core.explanations import render_explanation
from dupbridge.core.seats import Seat
from dupbridge.robots.bidding import choose_call
from dupbridge.services.sample_event import SAMPLE_SEED
from dupbridge.tournament.movements import mitchell

from .test_properties import _bid_out


def _sample_board_one() -> Deal:
    # Dealt as services.sample_event deals the boards of the seven-table sample Mitchell.
    rng = random.Random(SAMPLE_SEED)
    return {number: Deal.random(rng) for number in mitchell(7, 3).boards}[1]


def test_sample_board_one_reaches_game() -> None:
    """Board 1 of the sample session: South's ♠AQJ9854 ♥K7 ♦— ♣AKJ2 plays a spade game or
    slam, never lets East play 2♦ (SAYC: 2♣ with nine playing tricks, then game)."""
    deal = _sample_board_one()
    assert deal[Seat.S].to_pbn() == "AQJ9854.K7..AKJ2"
    board = Board.numbered(1)
    auction = Auction(board.dealer)
    while not auction.is_complete:
        seat = auction.turn
        assert seat is not None
        auction.add(choose_call(auction, deal[seat], seat)[0])
    contract = auction.contract
    assert contract is not None
    assert contract.declarer is Seat.S
    assert contract.strain is Strain.SPADES
    assert contract.level >= 4


def test_no_natural_bid_in_the_openers_suit() -> None:
    """Over random deals, a robot that bids the suit its right-hand opponent opened at the one
    level does so only as an alerted cue bid (Michaels), never as a natural overcall: North
    with ♠JT765 does not bid 2♠ over West's 1♠."""
    rng = random.Random(14)
    cue_bids = 0
    for board in range(300):
        auction, hands, _forced = _bid_out(rng, board)
        calls = auction.calls
        first = next((i for i, call in enumerate(calls) if isinstance(call, Bid)), None)
        if first is None or first + 1 >= len(calls):
            continue
        opening, answer = calls[first], calls[first + 1]
        if not (isinstance(opening, Bid) and opening.level == 1 and isinstance(answer, Bid)):
            continue
        if answer.strain is opening.strain:
            seat = auction.seat_of(first + 1)
            _call, alert, explanation = choose_call(
                Auction(auction.dealer, calls[: first + 1]), hands[seat], seat
            )
            assert alert, explanation
            assert "Michaels" in str(render_explanation(explanation))
            cue_bids += 1
    assert cue_bids >= 1
