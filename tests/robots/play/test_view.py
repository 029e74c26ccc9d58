"""A robot sees only its own seat's view: it never peeks at a hidden hand (issue 14)."""

from __future__ import annotations

import random

import pytest

from dupbridge.core.cards import Card, Hand
from dupbridge.core.deal import Deal
from dupbridge.core.seats import SEATS, Seat
from dupbridge.core.table import Phase, Table
from dupbridge.core.views import view_for
from dupbridge.robots.baseline import robot_call, robot_card
from dupbridge.robots.play import choose_card, decide
from dupbridge.robots.play.knowledge import knowledge_of


def bid(deal: Deal, number: int = 1) -> Table:
    """A table with ``deal`` bid by the old robot."""
    table = Table(number, deal)
    while table.phase is Phase.AUCTION:
        seat = table.turn
        assert seat is not None
        table.make_call(seat, robot_call(table.auction, table.deal[seat]))
    return table


def redealt(deal: Deal, first: Seat, second: Seat, keep: Card, rng: random.Random) -> Deal:
    """``deal`` with the cards of two hands dealt again between them (``keep`` stays with
    ``first``, each hand keeps its size)."""
    pool = [card for card in [*deal[first], *deal[second]] if card != keep]
    rng.shuffle(pool)
    hands = dict(deal)
    hands[first] = Hand.of([keep, *pool[:12]])
    hands[second] = Hand.of(pool[12:])
    return Deal.from_hands(hands)


def a_played_board(seed: int) -> Deal:
    rng = random.Random(seed)
    while True:
        deal = Deal.random(rng)
        if bid(deal).phase is Phase.PLAY:
            return deal


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_choice_does_not_depend_on_the_hidden_hands(seed: int) -> None:
    """Exchanging the two hands a player cannot see changes nothing in his view, and so
    nothing in his card: the robot decides from what the seat may see (Law 41D, Law 45A)."""
    deal = a_played_board(seed)
    table = bid(deal)
    declarer = table.declarer
    assert declarer is not None
    # After the opening lead, declarer sees his hand and dummy's: the defenders are hidden.
    lead = robot_card(table)
    table.play_card(table.turn, lead)  # type: ignore[arg-type]
    leader = declarer.next()
    twin = Table(1, redealt(deal, leader, leader.partner, lead, random.Random(seed)))
    for event in table.events:
        if type(event).__name__ == "CallMade":
            twin.apply(event)
    twin.play_card(leader, lead)
    assert twin.deal[leader] != deal[leader]
    seat = table.turn
    assert seat is not None
    chooser = declarer if seat is table.dummy else seat
    view, twin_view = view_for(table, chooser), view_for(twin, chooser)
    assert set(view.hands) <= {declarer, declarer.partner}
    assert view.hands == twin_view.hands
    plays = table.play.plays()  # type: ignore[union-attr]
    # A fixed number of layouts within an ample budget: the same samples whatever the load.
    first = decide(view, budget_s=60, rng=random.Random(seed), history=plays, max_samples=24)
    second = decide(twin_view, budget_s=60, rng=random.Random(seed), history=plays, max_samples=24)
    assert first.samples == second.samples
    assert first.card == second.card


def test_the_knowledge_holds_only_the_seen_hands() -> None:
    """Of the cards still held, the robot knows only its own and dummy's; the rest is a pool."""
    deal = a_played_board(4)
    table = bid(deal)
    seat = table.turn
    assert seat is not None
    table.play_card(seat, robot_card(table))
    me = table.declarer  # dummy is to play: declarer chooses (Law 45B)
    assert me is not None
    knowledge = knowledge_of(view_for(table, me), table.play.plays())  # type: ignore[union-attr]
    dummy = table.dummy
    assert set(knowledge.held) == {me, dummy}
    hidden = [s for s in SEATS if s not in (me, dummy)]
    pool = Hand(knowledge.unseen)
    assert len(pool) == sum(len(table.play.hand(s)) for s in hidden)  # type: ignore[union-attr]


def test_a_view_without_a_seat_is_refused() -> None:
    """A spectator's or Director's view is not a player's: the robot refuses it."""
    from dupbridge.core.views import Role

    table = bid(a_played_board(5))
    with pytest.raises(ValueError, match="director"):
        decide(view_for(table, Role.DIRECTOR))


def test_a_history_that_disagrees_with_the_view_is_refused() -> None:
    """A play record that does not match the view is an error, not a silent guess."""
    table = bid(a_played_board(6))
    seat = table.turn
    assert seat is not None
    table.play_card(seat, robot_card(table))
    me = table.declarer
    assert me is not None
    wrong = ((seat, Card.from_str("C2")), (seat, Card.from_str("C3")))
    with pytest.raises(ValueError, match="history"):
        choose_card(view_for(table, me), history=wrong)
