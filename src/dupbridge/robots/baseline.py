"""The old robot (formerly ``services.robot``), kept only as the benchmark's baseline.

``benchmarks/robots.py`` measures the robots of :mod:`dupbridge.robots.bidding` and
:mod:`dupbridge.robots.play` against it (issue 14), and some tests use it as a quick source of
legal calls and cards. Nothing in production plays with it: natural bidding without a system,
and card play that reads the table (it needs no view). It only ever chooses from the table's
legal calls and cards, so it obeys every legality rule the Table enforces.
"""

from __future__ import annotations

from dupbridge.core.auction import Auction
from dupbridge.core.calls import PASS, Bid, Call, Strain
from dupbridge.core.cards import SUITS_DESCENDING, Card, Hand, Suit
from dupbridge.core.play import trick_winner
from dupbridge.core.seats import Seat
from dupbridge.core.table import Table

__all__ = ["robot_call", "robot_card"]


def _balanced(hand: Hand) -> bool:
    shape = sorted(hand.shape, reverse=True)
    return shape in ([4, 3, 3, 3], [4, 4, 3, 2], [5, 3, 3, 2])


def _longest_suit(hand: Hand) -> Suit:
    # The longest suit; with two five-card or longer suits, the higher-ranking one.
    return max(SUITS_DESCENDING, key=lambda suit: (hand.length(suit), suit))


def robot_call(auction: Auction, hand: Hand) -> Call:
    """A natural call for the player to call, always legal in ``auction``."""
    legal = auction.legal_calls()
    seat = auction.turn
    assert seat is not None
    wanted = _natural_call(auction, seat, hand)
    return wanted if wanted in legal else PASS


def _natural_call(auction: Auction, seat: Seat, hand: Hand) -> Call:
    points = hand.hcp
    mine = [
        (auction.seat_of(i), call)
        for i, call in enumerate(auction.calls)
        if isinstance(call, Bid) and auction.seat_of(i).side is seat.side
    ]
    partner_bids = [call for who, call in mine if who is seat.partner]
    my_bids = [call for who, call in mine if who is seat]
    if not mine:
        return _opening_or_overcall(auction, hand, points)
    if partner_bids and not my_bids:
        return _response(auction, partner_bids[0], hand, points)
    if my_bids and partner_bids and len(my_bids) == 1:
        return _rebid(my_bids[0], partner_bids[-1], hand, points)
    return PASS


def _opening_or_overcall(auction: Auction, hand: Hand, points: int) -> Call:
    last = auction.last_bid
    if last is None:
        if 15 <= points <= 17 and _balanced(hand):
            return Bid(1, Strain.NOTRUMP)
        if 20 <= points <= 21 and _balanced(hand):
            return Bid(2, Strain.NOTRUMP)
        if points >= 12:
            suit = _longest_suit(hand)
            if hand.length(suit) < 5 and not suit.is_major:
                suit = Suit.DIAMONDS if hand.length(Suit.DIAMONDS) > 3 else Suit.CLUBS
            elif hand.length(suit) < 5:
                suit = Suit.DIAMONDS if hand.length(Suit.DIAMONDS) >= 4 else Suit.CLUBS
            return Bid(1, Strain.of(suit))
        return PASS
    suit = _longest_suit(hand)
    if points >= 10 and hand.length(suit) >= 5:
        strain = Strain.of(suit)
        level = last.level if strain > last.strain else last.level + 1
        if level <= 2:
            return Bid(level, strain)
    return PASS


def _response(auction: Auction, opening: Bid, hand: Hand, points: int) -> Call:
    if points < 6:
        return PASS
    if opening.strain is Strain.NOTRUMP:
        if opening.level == 1:
            return (
                Bid(3, Strain.NOTRUMP)
                if points >= 10
                else (Bid(2, Strain.NOTRUMP) if points >= 8 else PASS)
            )
        return Bid(3, Strain.NOTRUMP) if points >= 5 else PASS
    trump = opening.strain.suit
    assert trump is not None
    if trump.is_major and hand.length(trump) >= 3:
        level = 4 if points >= 13 else 3 if points >= 10 else 2
        return Bid(max(level, opening.level + 1), opening.strain)
    last = auction.last_bid
    for suit in SUITS_DESCENDING:
        above = Strain.of(suit) > (last.strain if last else Strain.CLUBS)
        if hand.length(suit) >= 4 and above and (last is None or last.level == 1):
            return Bid(1, Strain.of(suit))
    if points >= 13 and _balanced(hand):
        return Bid(3, Strain.NOTRUMP)
    if points >= 11 and hand.length(trump) >= 4:
        return Bid(opening.level + 2, opening.strain)
    return Bid(1, Strain.NOTRUMP) if points <= 10 else Bid(2, Strain.NOTRUMP)


def _rebid(opening: Bid, response: Bid, hand: Hand, points: int) -> Call:
    if response.strain is opening.strain and response.level < 4:
        if opening.strain.is_major and points >= 15:
            return Bid(4, opening.strain)
        return PASS
    if opening.strain is Strain.NOTRUMP:
        if response.strain is Strain.NOTRUMP and response.level == 2 and points >= 16:
            return Bid(3, Strain.NOTRUMP)
        return PASS
    trump = response.strain.suit
    if trump is not None and response.level == 1 and hand.length(trump) >= 4:
        return Bid(3 if points >= 16 else 2, response.strain)
    if response.level == 1:
        if points >= 18 and _balanced(hand):
            return Bid(2, Strain.NOTRUMP)
        if _balanced(hand) and response.strain is not Strain.NOTRUMP:
            return Bid(1, Strain.NOTRUMP)
        own = opening.strain.suit
        if own is not None and hand.length(own) >= 6:
            return Bid(2, opening.strain)
    return PASS


def robot_card(table: Table) -> Card:
    """A sensible legal card for the seat to play at ``table``."""
    play = table.play
    seat = table.turn
    assert play is not None
    assert seat is not None
    legal = table.legal_cards()
    current = play.current_trick
    if not current:
        return _lead(play.hand(seat), legal, play.trump)
    leader = play.leader
    assert leader is not None
    winning_seat = trick_winner(leader, (*current,), play.trump) if current else None
    lowest = min(legal, key=lambda card: (card.suit is play.trump, card.rank))
    if len(current) == 1:
        return lowest  # second hand low
    if winning_seat is not None and winning_seat is seat.partner:
        return lowest
    winners = [card for card in legal if trick_winner(leader, (*current, card), play.trump) is seat]
    if winners:
        return min(winners, key=lambda card: (card.suit is play.trump, card.rank))
    return lowest


def _lead(hand: Hand, legal: tuple[Card, ...], trump: Suit | None) -> Card:
    suits = [suit for suit in SUITS_DESCENDING if hand.has_suit(suit) and suit is not trump]
    if not suits:
        suits = [suit for suit in SUITS_DESCENDING if hand.has_suit(suit)]
    suit = max(suits, key=lambda s: (hand.length(s), s))
    ranks = hand.suit(suit)
    if len(ranks) >= 2 and ranks[0] - ranks[1] == 1 and ranks[0] >= 11:
        chosen = Card(suit, ranks[0])  # top of a sequence
    elif len(ranks) >= 4:
        chosen = Card(suit, ranks[3])  # fourth best
    else:
        chosen = Card(suit, ranks[-1])
    return chosen if chosen in legal else legal[0]
