"""The bidding system as a specification: hand + auction -> the call SAYC prescribes.

Each case names the system-card line (section: rule) it tests. Auctions are written from the
dealer; the hand is that of the player to call. Law 20F/40B: the call's explanation is given
with it, and conventional calls are alerted.
"""

from __future__ import annotations

import pytest

from dupbridge.core.auction import Auction
from dupbridge.core.calls import parse_call
from dupbridge.core.cards import Hand
from dupbridge.core.seats import Seat
from dupbridge.robots.bidding import choose_call

# (rule cited, dealer, auction so far, hand of the player to call, expected call)
CASES: list[tuple[str, str, str, str, str]] = [
    # Opening bids
    ("Openings: 1NT 15-17 balanced", "N", "", "KJ4.AQ3.K976.Q82", "1NT"),
    ("Openings: 2NT 20-21 balanced", "N", "", "AK4.AQ3.KQ76.K82", "2NT"),
    ("Openings: 2C 22+", "N", "", "AKQ4.AKJ3.KQ7.A8", "2C"),
    ("Openings: 2C with nine playing tricks", "S", "", "AQJ9854.K7..AKJ2", "2C"),
    ("Openings: 1S with five spades, longest suit", "N", "", "AKJ64.K83.Q74.32", "1S"),
    ("Openings: 1H with five hearts", "N", "", "A4.KQJ83.Q742.J2", "1H"),
    ("Openings: 1S with 5-5 in the majors (the higher)", "N", "", "AK654.KJ873.4.Q2", "1S"),
    ("Openings: better minor 1C with 3-3", "N", "", "AK64.K83.Q74.J32", "1C"),
    ("Openings: better minor 1D with 4-4", "N", "", "A64.K8.Q742.KJ32", "1D"),
    ("Openings: better minor 1D with 4-3 in the minors", "N", "", "AK64.K8.Q742.J32", "1D"),
    ("Openings: weak two 2H, six hearts 5-11", "N", "", "54.KQJ983.Q74.32", "2H"),
    ("Openings: weak two 2S", "N", "", "KQT983.54.Q74.32", "2S"),
    ("Openings: 3-level preempt, seven cards", "N", "", "4.KQJ9832.74.532", "3H"),
    ("Openings: 4-level major preempt, eight cards", "N", "", "KQJ98732.4.74.32", "4S"),
    ("Openings: pass with 0-11", "N", "", "Q54.J98.Q743.J32", "P"),
    ("Openings: pass in third seat with 0-11", "N", "P P", "Q54.J98.Q743.K32", "P"),
    # Responses to one of a suit
    ("Responses: single raise 6-10 with 3+ support", "N", "1H P", "K54.Q98.J743.632", "2H"),
    ("Responses: limit raise 10-12 with 4+ support", "N", "1S P", "KJ54.A98.Q743.32", "3S"),
    ("Responses: Jacoby 2NT, game-forcing raise", "N", "1S P", "KJ54.A98.KQ43.32", "2NT"),
    ("Responses: preemptive raise to game", "N", "1H P", "4.QJ987.J7432.32", "4H"),
    ("Responses: 1S over 1H with 4+ spades, forcing", "N", "1H P", "KJ54.98.Q743.J32", "1S"),
    ("Responses: 1H over 1C, four-card major up the line", "N", "1C P", "KJ54.Q987.743.32", "1H"),
    ("Responses: 1D over 1C without a major", "N", "1C P", "K54.987.Q743.K32", "1D"),
    ("Responses: 2-over-1 new suit, 10+", "N", "1S P", "K5.987.AQ7.KJ432", "2C"),
    ("Responses: 1NT 6-10 without a fit", "N", "1S P", "5.Q987.K743.J432", "1NT"),
    ("Responses: pass with 0-5", "N", "1S P", "5.Q987.J743.5432", "P"),
    ("Responses: 2NT over a minor, 13-15 balanced", "N", "1D P", "KJ5.Q98.KJ4.A432", "2NT"),
    ("Responses: jump shift with 19+ and a five-card suit", "N", "1D P", "AKQ76.K2.A32.K32", "2S"),
    ("Forcing: opener does not pass a jump shift", "N", "1D P 2S P", "2.K32.AQJ432.Q32", "3D"),
    # Opener's rebids
    ("Rebids: 1NT 12-14 balanced", "N", "1D P 1S P", "K5.A98.KJ74.Q432", "1NT"),
    ("Rebids: single raise of responder's major", "N", "1D P 1H P", "K5.A987.KJ74.Q43", "2H"),
    ("Rebids: jump raise of responder's major, 16-18", "N", "1D P 1H P", "K5.AK87.AJ74.Q43", "3H"),
    ("Rebids: rebid a six-card suit 12-15", "N", "1H P 1S P", "K5.AJ9874.K74.43", "2H"),
    ("Rebids: 1S shown over 1H after 1C", "N", "1C P 1H P", "KJ54.9.AQ7.KJ432", "1S"),
    ("Rebids: game try after a single raise", "N", "1S P 2S P", "AKJ54.K9.A74.Q43", "3S"),
    ("Rebids: pass a single raise with a minimum", "N", "1S P 2S P", "AKJ54.Q9.J74.Q43", "P"),
    ("Rebids: accept a limit raise with 14+", "N", "1H P 3H P", "A4.KQ983.K74.Q43", "4H"),
    ("Rebids: decline a limit raise with 12-13", "N", "1H P 3H P", "Q4.KJ983.K74.Q43", "P"),
    ("Rebids: Jacoby 2NT answered, minimum", "N", "1S P 2NT P", "AKJ54.Q9.J74.Q43", "4S"),
    # Notrump structures
    ("1NT: Jacoby transfer to hearts", "N", "1NT P", "Q2.KJ765.432.432", "2D"),
    ("1NT: Jacoby transfer to spades", "N", "1NT P", "KJ765.Q2.432.432", "2H"),
    ("1NT: Stayman with a 4-card major and 8+", "N", "1NT P", "KJ76.Q2.K432.432", "2C"),
    ("1NT: 3NT with 10-15 and no major", "N", "1NT P", "K76.Q2.KJ432.Q32", "3NT"),
    ("1NT: 2NT invitational 8-9", "N", "1NT P", "K76.Q82.K432.J32", "2NT"),
    ("1NT: pass with 0-7", "N", "1NT P", "976.Q82.J432.J32", "P"),
    ("1NT: transfer to hearts completed", "N", "1NT P 2D P", "KQ4.A3.K976.Q982", "2H"),
    ("1NT: transfer to spades completed", "N", "1NT P 2H P", "K4.AQ3.K976.Q982", "2S"),
    ("1NT: Stayman answered 2H", "N", "1NT P 2C P", "K4.AQ93.K976.QJ8", "2H"),
    ("1NT: Stayman answered 2S", "N", "1NT P 2C P", "KJ94.AQ3.K976.Q9", "2S"),
    ("1NT: Stayman answered 2D, no major", "N", "1NT P 2C P", "KJ9.AQ3.K976.Q92", "2D"),
    ("1NT: Stayman fit found, game", "N", "1NT P 2C P 2H P", "Q2.KJ76.K432.A32", "4H"),
    (
        "1NT: after a transfer, 3NT with exactly five",
        "N",
        "1NT P 2D P 2H P",
        "Q2.KJ765.K32.A32",
        "3NT",
    ),
    (
        "1NT: opener picks 4H with three hearts",
        "N",
        "1NT P 2D P 2H P 3NT P",
        "KQ4.A83.K976.QJ8",
        "4H",
    ),
    ("1NT: accept 2NT invitation with 16-17", "N", "1NT P 2NT P", "KQ4.A83.K976.KQ8", "3NT"),
    ("2NT: transfer to hearts", "N", "2NT P", "Q2.J9765.432.432", "3D"),
    ("2NT: transfer completed", "N", "2NT P 3D P", "AK4.AQ3.KQ76.K82", "3H"),
    # Strong 2C and weak twos
    ("2C: 2D waiting response", "N", "2C P", "Q2.J976.432.J432", "2D"),
    ("2C: positive response in a good five-card suit", "N", "2C P", "Q2.AKJ76.432.432", "2H"),
    ("2C: 2NT rebid 22-24", "N", "2C P 2D P", "AKQ4.AQ3.KQ76.A8", "2NT"),
    ("2C: responder may pass 2C-2D-2NT with 0-3", "N", "2C P 2D P 2NT P", "J32.9765.432.432", "P"),
    ("Weak twos: raise to game with support", "N", "2S P", "AK2.A976.K32.A42", "4S"),
    ("Weak twos: 2NT feature ask", "N", "2H P", "AK2.A6.K432.A432", "2NT"),
    # Overcalls and doubles
    ("Overcalls: 1-level overcall 8-16, five cards", "N", "1C", "AQJ76.K2.432.432", "1S"),
    ("Overcalls: 2-level overcall 11-16, a good suit", "N", "1S", "A2.Q32.432.AKJ76", "2C"),
    ("Overcalls: 1NT overcall 15-18 with a stopper", "N", "1H", "AJ2.KQ3.K432.A32", "1NT"),
    ("Overcalls: takeout double, short in their suit", "N", "1H", "AJ32.2.KQ32.A432", "X"),
    ("Overcalls: weak jump overcall", "N", "1C", "KQJ976.2.432.432", "2S"),
    ("Overcalls: Michaels cue bid over a minor", "N", "1C", "KQ976.AJ976.2.32", "2C"),
    ("Overcalls: unusual 2NT over a major", "N", "1S", "2.2.KQ976.AJ9763", "2NT"),
    ("Overcalls: no natural bid in opener's suit (pass)", "W", "1S", "JT765.A32.K54.32", "P"),
    (
        "Overcalls: no 2S over 1S with a strong hand and five spades",
        "W",
        "1S",
        "JT765.A2.KQ54.A2",
        "P",
    ),
    ("Overcalls: pass 1NT without a six-card suit", "N", "1NT", "KJ76.Q2.K432.432", "P"),
    ("Balancing: takeout double 9+", "N", "1H P P", "KJ32.2.Q432.K432", "X"),
    ("Balancing: 1NT 11-14 with a stopper", "N", "1H P P", "K32.AJ2.Q432.K32", "1NT"),
    # Advancing
    ("Advancing a double: cheapest major, 0-8", "N", "1D X P", "J432.Q32.432.432", "1S"),
    ("Advancing a double: cue bid with 12+", "N", "1D X P", "AJ32.KQ2.432.K32", "2D"),
    ("Advancing a double: 1NT 6-10 with a stopper", "N", "1D X P", "J32.Q2.KJ32.5432", "1NT"),
    ("Advancing an overcall: single raise 6-10", "N", "1C 1S P", "Q32.K32.J432.432", "2S"),
    (
        "Advancing an overcall: cue bid, limit raise or better",
        "N",
        "1C 1S P",
        "Q32.AK32.A432.32",
        "2C",
    ),
    ("Advancing Michaels: the longer major", "N", "1D 2D P", "Q32.K9876.432.32", "2H"),
    ("Advancing the unusual 2NT: the longer minor", "N", "1S 2NT P", "32.K987.Q432.J32", "3D"),
    ("Advancing a double of a weak two: a major first", "N", "2H X P", "KJ32.32.Q432.K32", "2S"),
    # Responding in competition
    ("Competition: negative double with the unbid major", "N", "1C 1H", "KJ32.32.Q432.432", "X"),
    (
        "Competition: negative double of 1C-1D with both majors",
        "N",
        "1C 1D",
        "KJ32.Q432.32.432",
        "X",
    ),
    ("Competition: redouble 10+ over a takeout double", "N", "1H X", "A32.32.KQ432.K32", "XX"),
    (
        "Competition: Jordan 2NT, a limit raise over a double",
        "N",
        "1S X",
        "KJ32.A32.Q432.32",
        "2NT",
    ),
    ("Competition: competitive raise 6-10", "N", "1S 2C", "K32.Q432.J432.32", "2S"),
    ("Competition: cue bid raise with 10+", "N", "1S 2C", "KJ32.A32.Q432.32", "3C"),
    (
        "Competition: opener shows the major a negative double promised",
        "N",
        "1C 1H X P",
        "KJ32.32.AQ43.K32",
        "1S",
    ),
    (
        "Rebids: responder accepts a jump raise with 8+",
        "N",
        "1C P 1H P 3H P",
        "32.K987.Q432.K32",
        "4H",
    ),
    # Slam bidding
    ("RKCB: 5C shows 1 or 4 key cards", "N", "1S P 3S P 4NT P", "KQJ54.K32.Q74.43", "5C"),
    ("RKCB: 5D shows 0 or 3 key cards", "N", "1S P 3S P 4NT P", "KQJ54.A32.A74.43", "5D"),
    (
        "RKCB: 5H shows 2 key cards without the queen",
        "N",
        "1S P 3S P 4NT P",
        "AJ954.K32.A74.43",
        "5H",
    ),
    ("RKCB: 5S shows 2 key cards and the queen", "N", "1S P 3S P 4NT P", "AQ954.K32.A74.43", "5S"),
    ("RKCB: ask with a fit and 33+ together", "N", "1S P 3S P", "AKQ54.A2.KQJ.A43", "4NT"),
    (
        "RKCB: small slam with one key card missing",
        "N",
        "1S P 3S P 4NT P 5H P",
        "AKQ54.A2.KQ7.K43",
        "6S",
    ),
    (
        "1NT: quantitative 4NT answered with a maximum",
        "N",
        "1NT P 4NT P",
        "KQ4.A83.K976.KQ8",
        "6NT",
    ),
    # Forcing bids are never passed
    (
        "Forcing: opener rebids over a new suit at the one level",
        "N",
        "1H P 1S P",
        "2.AQ987.KJ4.Q432",
        "2C",
    ),
    ("Forcing: opener rebids over a 2-over-1", "N", "1S P 2C P", "AQ987.K32.J4.Q43", "2NT"),
    (
        "Forcing: 2C-2D-2S, responder with nothing bids 2NT",
        "N",
        "2C P 2D P 2S P",
        "32.9876.5432.432",
        "2NT",
    ),
    (
        "Forcing: a reverse answered with a minimum",
        "N",
        "1D P 1S P 2H P",
        "KJ54.98.Q743.J32",
        "2NT",
    ),
    ("Forcing: a takeout double advanced with nothing", "N", "1C X P", "32.976.5432.5432", "1D"),
    ("Not forcing: a simple preference may pass", "N", "1D P 1S P 2C P", "KJ54.98.Q743.J32", "P"),
    ("Slam: 6NT with 33+ together and no fit", "N", "2C P 2D P 2NT P", "A732.Q973.K53.Q2", "6NT"),
    # The two bad bids of issue 14
    (
        "Issue 14 hand 1: game in a strong seven-card suit after interference",
        "S",
        "1S 2D P P",
        "AQJ9854.K7..AKJ2",
        "4S",
    ),
    (
        "Issue 14 hand 1: 2C opener bids game over interference",
        "S",
        "2C P 2D 3D",
        "AQJ9854.K7..AKJ2",
        "4S",
    ),
]


@pytest.mark.parametrize(
    ("rule", "dealer", "calls", "hand", "expected"), CASES, ids=[case[0] for case in CASES]
)
def test_case(rule: str, dealer: str, calls: str, hand: str, expected: str) -> None:
    """The robot makes the call the system card prescribes for this hand and auction."""
    auction = Auction(Seat.from_str(dealer), [parse_call(c) for c in calls.split()])
    seat = auction.turn
    assert seat is not None
    call, _alert, explanation = choose_call(auction, Hand.from_pbn(hand), seat)
    assert call == parse_call(expected), (rule, str(call), explanation)
    assert call in auction.legal_calls()
    assert explanation


def test_enough_cases() -> None:
    """The specification holds at least sixty cases, each citing its rule."""
    assert len(CASES) >= 60
    assert all(case[0] for case in CASES)
