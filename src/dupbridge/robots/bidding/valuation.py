"""How a robot values its hand: high-card points, balance, the losing-trick count, stoppers
and good suits, and points once a fit is known (the club player's re-valuation)."""

from __future__ import annotations

from dupbridge.core.cards import Hand, Rank, Suit

__all__ = ["balanced", "good_suit", "losers", "points", "stopper"]


def balanced(hand: Hand) -> bool:
    """4-3-3-3, 4-4-3-2 or 5-3-3-2."""
    return sorted(hand.shape, reverse=True) in ([4, 3, 3, 3], [4, 4, 3, 2], [5, 3, 3, 2])


def losers(hand: Hand) -> int:
    """The losing-trick count: in each suit, the missing ace, king and queen among its first
    three cards."""
    total = 0
    for suit in Suit:
        ranks = hand.suit(suit)[:3]
        top = {Rank.ACE, Rank.KING, Rank.QUEEN}
        total += min(len(ranks), 3) - sum(1 for rank in ranks if rank in top)
    return total


def points(hand: Hand, trump: Suit, support: bool) -> int:
    """The hand valued as a club player does once a fit in ``trump`` is known: HCP plus, for
    the hand supporting partner's suit, its shortness (with four trumps a void 5, a
    singleton 3, a doubleton 1; with three, 3, 2 and 1), and for the hand holding the long
    trumps, its length (a point for each card past the fourth in any suit)."""
    if support:
        table = {0: 5, 1: 3, 2: 1} if hand.length(trump) >= 4 else {0: 3, 1: 2, 2: 1}
        shortness = sum(table.get(hand.length(suit), 0) for suit in Suit if suit is not trump)
        return hand.hcp + shortness
    return hand.hcp + sum(max(0, hand.length(suit) - 4) for suit in Suit)


def stopper(hand: Hand, suit: Suit) -> bool:
    """A stopper: the ace, Kx, Qxx or Jxxx."""
    ranks = hand.suit(suit)
    n = len(ranks)
    return (
        Rank.ACE in ranks
        or (Rank.KING in ranks and n >= 2)
        or (Rank.QUEEN in ranks and n >= 3)
        or (Rank.JACK in ranks and n >= 4)
    )


def good_suit(hand: Hand, suit: Suit) -> bool:
    """Two of the top three honours, or one of them with two more of the jack and ten."""
    ranks = hand.suit(suit)
    top = sum(1 for rank in ranks if rank >= Rank.QUEEN)
    honours = sum(1 for rank in ranks if rank >= Rank.TEN)
    return top >= 2 or (top >= 1 and honours >= 3)
