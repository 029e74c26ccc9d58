"""Tables set up at a chosen ending, for the card-play tests.

An ending gives each seat's remaining cards; the cards already played are filled in as
tricks in which everyone follows suit (so nobody has shown out of anything), all won by the
ending's leader. That needs each suit's count in the ending to be 1, 5, 9 or 13: the rest of
the suit then splits into whole tricks.
"""

from __future__ import annotations

from dupbridge.core.calls import PASS, Bid
from dupbridge.core.cards import Card, Hand, Rank, Suit
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.seats import SEATS, Seat
from dupbridge.core.table import Phase, Table


def ending_table(hands: dict[Seat, str], contract: str, declarer: Seat, leader: Seat) -> Table:
    """A table in the play, at the ending ``hands`` (PBN S.H.D.C each) with ``leader`` to lead.

    The contract is bid by ``declarer`` after passes (dealer North, board 1).
    """
    ending = {seat: Hand.from_pbn(text) for seat, text in hands.items()}
    sizes = {len(hand) for hand in ending.values()}
    assert len(sizes) == 1, "every hand of an ending holds as many cards"
    tricks: list[dict[Seat, Card]] = []
    for suit in Suit:
        held = {card.rank for hand in ending.values() for card in hand if card.suit is suit}
        rest = sorted((rank for rank in Rank if rank not in held), reverse=True)
        assert len(rest) % 4 == 0, f"{suit.name}: {13 - len(rest)} cards in the ending"
        for start in range(0, len(rest), 4):
            ranks = rest[start : start + 4]
            others = [seat for seat in SEATS if seat is not leader]
            trick = {leader: Card(suit, ranks[0])}
            trick.update(
                (seat, Card(suit, rank)) for seat, rank in zip(others, ranks[1:], strict=True)
            )
            tricks.append(trick)
    deal = Deal.from_hands(
        {seat: Hand.of([*ending[seat], *(trick[seat] for trick in tricks)]) for seat in SEATS}
    ).validated()
    table = Table(1, deal)
    bid = Contract.from_str(contract)
    while table.turn is not declarer:
        table.make_call(table.turn, PASS)
    table.make_call(declarer, Bid(bid.level, bid.strain))
    while table.phase is Phase.AUCTION:
        table.make_call(table.turn, PASS)
    for trick in tricks:
        first = table.turn
        assert first is not None
        for offset in range(4):
            seat = first.next(offset)
            table.play_card(seat, trick[seat])
    assert table.turn is leader
    return table


def play(table: Table, *cards: str) -> None:
    """Play ``cards`` in turn at ``table``."""
    for text in cards:
        seat = table.turn
        assert seat is not None
        table.play_card(seat, Card.from_str(text))
