"""Plain card-play rules: the ``basic`` level, the lead conventions, and the signals.

The basic robot plays by the rules every club player learns: lead the top of a sequence or
fourth best from the longest suit, second hand low, third hand high, win as cheaply as
possible, do not overtake partner's winner, ruff when a trick is to be won, and discard from
length. The same conventions break the ties of the simulation (cards that double dummy
cannot tell apart): the card to lead from a suit, and the defenders' signals:

* **attitude** on partner's lead: a high spot card encourages (an honour in the suit), the
  lowest discourages;
* **count** when declarer's side leads a suit: high-low with an even number of cards, the
  lowest with an odd number.

Defenders read their partner's signals (:func:`signal_hints`): an encouraging card makes the
layouts in which he holds an honour in that suit likelier in the sampling.
"""

from __future__ import annotations

from collections.abc import Sequence

from dupbridge.core.cards import Card, Hand, Rank, Suit
from dupbridge.core.play import trick_winner
from dupbridge.robots.play.knowledge import Knowledge
from dupbridge.robots.play.sampler import SuitHint

__all__ = ["basic_card", "lead_card", "preferred", "signal_hints"]

#: Spot cards at or above this rank encourage, at or below the next discourage.
_HIGH_SPOT = Rank.SEVEN
_LOW_SPOT = Rank.FIVE


def _holding(knowledge: Knowledge) -> Hand:
    return Hand(knowledge.held[knowledge.actor])


def lead_card(hand: Hand, suit: Suit) -> Card:
    """The conventional card to lead from ``suit``: top of a sequence of two touching
    honours (or an honour and the ten), fourth best from four or more, top of a doubleton,
    low from three to an honour, else the top."""
    ranks = hand.suit(suit)  # highest first
    if len(ranks) >= 2 and ranks[0] >= Rank.TEN and ranks[0] - ranks[1] == 1:
        return Card(suit, ranks[0])
    if len(ranks) >= 4:
        return Card(suit, ranks[3])
    if len(ranks) == 3 and ranks[0] >= Rank.QUEEN:
        return Card(suit, ranks[2])
    return Card(suit, ranks[0])


def _lead_suit(knowledge: Knowledge, legal: Sequence[Card]) -> Suit:
    hand = _holding(knowledge)
    suits = {card.suit for card in legal}
    trump = knowledge.trump

    def merit(suit: Suit) -> tuple[int, int, int]:
        ranks = hand.suit(suit)
        sequence = len(ranks) >= 2 and ranks[0] >= Rank.TEN and ranks[0] - ranks[1] == 1
        return (suit is not trump or len(suits) == 1, sequence, hand.length(suit))

    return max(sorted(suits, reverse=True), key=merit)


def basic_card(knowledge: Knowledge, legal: Sequence[Card]) -> Card:
    """The ``basic`` level's card: the plain rules, no simulation."""
    if len(legal) == 1:
        return legal[0]
    hand = _holding(knowledge)
    trump = knowledge.trump
    trick = knowledge.trick
    if not trick:
        card = lead_card(hand, _lead_suit(knowledge, legal))
        return card if card in legal else min(legal, key=lambda c: c.rank)
    leader = knowledge.leader
    actor = knowledge.actor
    low = min(legal, key=lambda card: (card.suit is trump, card.rank))
    winning = trick_winner(leader, trick, trump)
    winners = [card for card in legal if trick_winner(leader, (*trick, card), trump) is actor]
    if winning is actor.partner and (len(trick) == 3 or len(trick) == 2):
        return preferred(knowledge, [c for c in legal if c not in winners] or legal)
    if len(trick) == 1 and legal[0].suit is trick[0].suit:
        return preferred(knowledge, [c for c in legal if c.rank < Rank.TEN] or [low])
    if winners:
        if len(trick) == 3:
            return min(winners, key=lambda card: (card.suit is trump, card.rank))
        top = max(winners, key=lambda card: (card.suit is not trump, card.rank))
        return _lowest_equal(hand, top)
    return preferred(knowledge, [c for c in legal if c.suit is not trump or trump is None] or legal)


def _lowest_equal(hand: Hand, card: Card) -> Card:
    """The lowest card of the run of touching cards that ``card`` belongs to in ``hand``."""
    ranks = set(hand.suit(card.suit))
    rank = int(card.rank)
    while rank - 1 in ranks:
        rank -= 1
    return Card(card.suit, Rank(rank))


def preferred(knowledge: Knowledge, cards: Sequence[Card]) -> Card:
    """Of cards equally good, the one the conventions choose: the lead convention, the
    signals, else the lowest (and from a discard, the longest suit)."""
    hand = _holding(knowledge)
    trick = knowledge.trick
    if not trick:
        suits = sorted({card.suit for card in cards}, key=lambda s: (hand.length(s), s))
        for suit in reversed(suits):
            conventional = lead_card(hand, suit)
            if conventional in cards:
                return conventional
        return min(cards, key=lambda card: (-hand.length(card.suit), card.rank))
    led = trick[0].suit
    following = [card for card in cards if card.suit is led]
    if not following:
        return min(
            cards,
            key=lambda card: (card.suit is knowledge.trump, -hand.length(card.suit), card.rank),
        )
    if knowledge.is_defender and len(following) > 1:
        spots = [card for card in following if card.rank < Rank.TEN] or following
        leader = knowledge.leader
        if leader is knowledge.actor.partner:
            honour = any(rank >= Rank.QUEEN for rank in hand.suit(led))
            return max(spots) if honour else min(spots)  # attitude
        if leader.side is knowledge.declarer.side and knowledge.trump is not led:
            even = hand.length(led) % 2 == 0
            return max(spots) if even else min(spots)  # count
    return min(following, key=lambda card: card.rank)


def signal_hints(knowledge: Knowledge) -> tuple[SuitHint, ...]:
    """What a defender reads from his partner's attitude signals on the tricks he led."""
    if not knowledge.is_defender:
        return ()
    me, partner = knowledge.actor, knowledge.actor.partner
    history = knowledge.history
    hints: dict[Suit, SuitHint] = {}
    for start in range(0, len(history) - 3, 4):
        trick = history[start : start + 4]
        leader, led = trick[0]
        if leader is not me:
            continue
        winner = trick_winner(leader, tuple(card for _, card in trick), knowledge.trump)
        for seat, card in trick:
            if seat is partner and card.suit is led.suit and winner is not partner:
                if card.rank >= _HIGH_SPOT and card.rank < Rank.TEN:
                    hints[led.suit] = SuitHint(partner, led.suit, honour=True)
                elif card.rank <= _LOW_SPOT:
                    hints[led.suit] = SuitHint(partner, led.suit, honour=False)
    return tuple(hints.values())
