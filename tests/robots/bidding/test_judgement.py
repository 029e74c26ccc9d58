"""The club player's judgement added to the SAYC robots (issue 12): competing, game and slam.

Each case is a hand and an auction with the call a good club player makes, and the bridge
reason in its name. Auctions are written from the dealer; the hand is that of the player to
call. Law 20F/40B: conventional calls are alerted and every call carries its explanation.
"""

from __future__ import annotations

import pytest

from dupbridge.core.auction import Auction
from dupbridge.core.calls import parse_call
from dupbridge.core.cards import Hand, Suit
from dupbridge.core.explanations import render_explanation
from dupbridge.core.seats import Seat
from dupbridge.robots.bidding import choose_call, read_auction
from dupbridge.robots.bidding.valuation import points

# (bridge reason, dealer, auction so far, hand of the player to call, expected call)
CASES: list[tuple[str, str, str, str, str]] = [
    # Competing: the overcall passed round to opener
    (
        "Reopening: opener short in the overcaller's suit doubles, partner may be trapping",
        "N",
        "1S 2C P P",
        "AKJ54.KQ32.A54.2",
        "X",
    ),
    (
        "Reopening: opener with length in the overcaller's suit passes (no trap to spring)",
        "N",
        "1S 2C P P",
        "AKJ54.K32.54.Q32",
        "P",
    ),
    (
        "Reopening: responder with a good holding in their suit passes the double for penalties",
        "N",
        "1S 2C P P X P",
        "32.A54.K54.KQT98",
        "P",
    ),
    (
        "Reopening: responder without their suit answers the double in his own five-card suit",
        "N",
        "1S 2C P P X P",
        "2.QT983.K543.J43",
        "2H",
    ),
    # Competing: the opponents overcall our 1NT
    (
        "Over 1NT (2♥): 3NT with game values and a stopper in their suit",
        "N",
        "1NT 2H",
        "K64.KJ4.Q32.K654",
        "3NT",
    ),
    (
        "Over 1NT (2♦): double for penalties with four good diamonds and values",
        "N",
        "1NT 2D",
        "Q54.J32.KJT8.Q32",
        "X",
    ),
    (
        "Over 1NT (2♣): the cue bid is Stayman, game values and a four-card major, no stopper",
        "N",
        "1NT 2C",
        "AQJ8.T953.AT72.6",
        "3C",
    ),
    (
        "Over 1NT (2♣) 3♣: opener shows his four-card major",
        "N",
        "1NT 2C 3C P",
        "KT.KQJ42.KJ6.A75",
        "3H",
    ),
    (
        "Over 1NT (2♥): 2NT invites game with 8-9 and a heart stopper",
        "N",
        "1NT 2H",
        "653.K64.T32.KQ65",
        "2NT",
    ),
    (
        "Over 1NT (2♥): a weak hand with five spades competes at the two level",
        "N",
        "1NT 2H",
        "QT854.32.J54.J32",
        "2S",
    ),
    # Balancing and advancing
    (
        "Balancing: a weak two passed round is doubled with shortness and opening values",
        "N",
        "2H P P",
        "AQ54.2.KJ54.Q987",
        "X",
    ),
    (
        "Advancing a 1NT overcall: game values bid 3NT, the overcall promised the stopper",
        "N",
        "P 1C 1NT P",
        "QJ2.K652.K653.J7",
        "3NT",
    ),
    (
        "Advancing an overcall over a raise: a good five-card suit of one's own",
        "W",
        "1C 1H 2C",
        "AJ652.Q2.AQ643.2",
        "2D",
    ),
    (
        "Advancing an overcall over a raise: four trumps raise to the three level (total tricks)",
        "W",
        "1C 1H 2C",
        "Q2.KJ54.Q6543.32",
        "3H",
    ),
    (
        "Advancing an overcall over a raise: a fit and 13+ points bid game in partner's major",
        "S",
        "1D 1H 2D",
        "K3.KQ863.4.J9864",
        "4H",
    ),
    # Game bidding in points
    (
        "Dummy points: 8 HCP, a void and four trumps make a game-forcing raise (Jacoby 2NT)",
        "N",
        "1S P",
        "K875.KQT42..9432",
        "2NT",
    ),
    (
        "Dummy points: opener with four trumps and a void raises partner's major to game",
        "N",
        "P 1D P 1H P",
        "AT42.AK84.AQ974.",
        "4H",
    ),
    (
        "Length points: 15 HCP and a six-card suit make a game try after a single raise",
        "N",
        "1S P 2S P",
        "AQJ932.AJ.6432.K",
        "3S",
    ),
    # Slam bidding
    (
        "Slam: a six-card suit and shortness opposite a jump raise ask for key cards (RKCB)",
        "N",
        "1C P 1S P 3S P",
        "AJT753.K5.AT52.T",
        "4NT",
    ),
    (
        "Slam: a quantitative 4NT when 33 HCP need partner's maximum",
        "N",
        "1C P 1S P 2NT P",
        "KQ97.K97.KJ5.Q42",
        "4NT",
    ),
    (
        "Slam: the quantitative 4NT accepted with a maximum",
        "N",
        "1C P 1S P 2NT P 4NT P",
        "AJ2.AQ3.AQ3.KJ52",
        "6NT",
    ),
    (
        "Slam: the quantitative 4NT passed with a minimum",
        "N",
        "1C P 1S P 2NT P 4NT P",
        "AJ2.AQ3.A93.QJ52",
        "P",
    ),
]


def _call(dealer: str, calls: str, hand: str) -> tuple[str, bool, str]:
    auction = Auction(Seat.from_str(dealer), [parse_call(c) for c in calls.split()])
    seat = auction.turn
    assert seat is not None
    call, alert, explanation = choose_call(auction, Hand.from_pbn(hand), seat)
    assert call in auction.legal_calls()
    return str(call), alert, render_explanation(explanation)


@pytest.mark.parametrize(
    ("reason", "dealer", "calls", "hand", "expected"), CASES, ids=[case[0] for case in CASES]
)
def test_judgement(reason: str, dealer: str, calls: str, hand: str, expected: str) -> None:
    """The robot makes the club player's call, with an explanation."""
    call, _alert, explanation = _call(dealer, calls, hand)
    assert call == str(parse_call(expected)), (reason, call, explanation)
    assert explanation


def test_the_reopening_double_is_alerted_and_explained() -> None:
    """Law 40B: the reopening double's meaning (partner may pass it for penalties) is
    disclosed: it is alerted and its explanation says so."""
    call, alert, explanation = _call("N", "1S 2C P P", "AKJ54.KQ32.A54.2")
    assert ("X", True) == (call, alert)
    assert "penalties" in explanation
    assert "at most 2 ♣" in explanation


def test_the_cue_bid_over_our_overcalled_notrump_is_alerted() -> None:
    """Law 40B: 1NT (2♣) 3♣ asks for a major; it is alerted and explained as Stayman."""
    call, alert, explanation = _call("N", "1NT 2C", "AQJ8.T953.AT72.6")
    assert ("3C", True) == (call, alert)
    assert "Stayman" in explanation


def test_the_quantitative_4nt_is_alerted_and_not_answered_with_key_cards() -> None:
    """The quantitative 4NT is alerted as such; a Blackwood answer (5♣/5♦) never follows it."""
    call, alert, explanation = _call("N", "1C P 1S P 2NT P", "KQ97.K97.KJ5.Q42")
    assert ("4NT", True) == (call, alert)
    assert "quantitative" in explanation
    for hand in ("AJ2.AQ3.AQ3.KJ52", "AJ2.AQ3.A93.QJ52"):
        answer, _, _ = _call("N", "1C P 1S P 2NT P 4NT P", hand)
        assert answer in ("6NT", "Pass")


def test_a_raise_is_explained_in_points() -> None:
    """A raise counts shortness: its explanation says points, not HCP, so that opponents
    are not told the hand holds high cards it does not hold (Law 20F)."""
    _, _alert, explanation = _call("N", "1S P", "K875.KQT42..9432")
    assert "points" in explanation
    assert "HCP" not in explanation


def test_a_raise_read_by_opponents_allows_for_shape() -> None:
    """A raise of 6-10 points may hold fewer HCP (a void with four trumps is worth 5): the
    reading the card play draws on admits such a hand, and the three trumps."""
    auction = Auction(Seat.N, [parse_call(c) for c in ["1S", "P", "2S"]])
    shown = read_auction(auction, Seat.E)[Seat.S]
    assert shown.hcp == (1, 10)
    assert shown.lengths[Suit.SPADES][0] >= 3
    assert shown.admits(Hand.from_pbn("K875.QT942..9432"))


@pytest.mark.parametrize(
    ("hand", "support", "expected"),
    [
        ("K875.KQT42..9432", True, 8 + 5 + 0),  # four trumps: a void is 5
        ("K87.KQT42.2.9432", True, 8 + 2),  # three trumps: a singleton is 2
        ("K8.KQT42.32.9432", True, 8 + 1),  # a doubleton is 1
        ("AQJ932.AJ.6432.K", False, 15 + 2),  # the long hand: a point a card past four
    ],
)
def test_points(hand: str, support: bool, expected: int) -> None:
    """Points as a club player counts them once a fit is known (spades trumps)."""
    assert expected == points(Hand.from_pbn(hand), Suit.SPADES, support)
