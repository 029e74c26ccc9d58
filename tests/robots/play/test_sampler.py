"""The sampler deals only layouts consistent with what the seat knows (issue 14)."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from dupbridge.core.cards import FULL_PACK, Hand, Suit
from dupbridge.core.deal import Deal
from dupbridge.core.seats import SEATS, Seat
from dupbridge.core.table import Phase, Table
from dupbridge.core.views import view_for
from dupbridge.robots.baseline import robot_call, robot_card
from dupbridge.robots.constraints import HandConstraint
from dupbridge.robots.play.knowledge import knowledge_of
from dupbridge.robots.play.sampler import Sampler


def position(seed: int, cards: int) -> Table | None:
    """A random board bid and played by the old robot for ``cards`` cards (None: passed out)."""
    rng = random.Random(seed)
    table = Table(1 + seed % 16, Deal.random(rng))
    while table.phase is Phase.AUCTION:
        seat = table.turn
        assert seat is not None
        table.make_call(seat, robot_call(table.auction, table.deal[seat]))
    if table.phase is not Phase.PLAY:
        return None
    for _ in range(cards):
        seat = table.turn
        assert seat is not None
        table.play_card(seat, robot_card(table))
    return table


def loose(table: Table, seat: Seat, slack: int) -> HandConstraint:
    """A constraint that the seat's real hand satisfies, ``slack`` wide each way."""
    hand = table.deal[seat]
    return HandConstraint(
        (max(0, hand.hcp - slack), min(37, hand.hcp + slack)),
        tuple(
            (max(0, hand.length(s) - slack // 2), min(13, hand.length(s) + slack // 2))
            for s in Suit
        ),
    )


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), cards=st.integers(0, 47), slack=st.integers(1, 6))
def test_layouts_respect_the_view_the_play_and_the_constraints(
    seed: int, cards: int, slack: int
) -> None:
    """Every layout keeps the seen hands, deals each hidden hand its size from the unseen
    cards, gives nobody a suit he showed out of (Law 44C), and fits the constraints."""
    table = position(seed, cards)
    if table is None or table.phase is not Phase.PLAY:
        return
    play = table.play
    assert play is not None
    seat = table.turn
    assert seat is not None
    chooser = table.declarer if seat is table.dummy else seat
    assert chooser is not None
    knowledge = knowledge_of(view_for(table, chooser), play.plays())
    constraints = {s: loose(table, s, slack) for s in knowledge.hidden}
    sampler = Sampler(knowledge, constraints, random.Random(seed))
    layouts = sampler.draw(20)
    assert len(layouts) == 20
    played = 0
    for s in SEATS:
        played |= play.played(s).mask
    for layout in layouts:
        assert sum(mask.bit_count() for mask in layout) + played.bit_count() == 52
        combined = played
        for s in SEATS:
            mask = layout[s]
            assert mask.bit_count() == len(play.hand(s))
            assert not combined & mask
            combined |= mask
            if s in knowledge.held:
                assert mask == play.hand(s).mask
            for suit in knowledge.voids[s]:
                assert not mask >> (13 * suit) & 0x1FFF
        assert combined == FULL_PACK
        if not sampler.relaxed:
            for s, constraint in constraints.items():
                assert constraint.admits(Hand(layout[s] | play.played(s).mask))


def test_a_shown_out_player_never_gets_the_suit() -> None:
    """Once a player discards on a suit led, no layout gives him a card of it (Law 44C)."""
    for seed in range(200):
        table = position(seed, 40)
        if table is None or table.phase is not Phase.PLAY or table.play is None:
            continue
        seat = table.turn
        assert seat is not None
        chooser = table.declarer if seat is table.dummy else seat
        assert chooser is not None
        knowledge = knowledge_of(view_for(table, chooser), table.play.plays())
        shown = [(s, suit) for s in knowledge.hidden for suit in knowledge.voids[s]]
        if not shown:
            continue
        for layout in Sampler(knowledge, None, random.Random(seed)).draw(30):
            for s, suit in shown:
                assert not layout[s] >> (13 * suit) & 0x1FFF
        return
    raise AssertionError("no position with a hidden hand shown out of a suit")


def test_impossible_constraints_are_widened_then_dropped() -> None:
    """Constraints no layout can meet are relaxed rather than fail: a card is still chosen."""
    table = position(2, 0)
    assert table is not None
    seat = table.turn
    assert seat is not None
    knowledge = knowledge_of(view_for(table, seat), ())
    impossible = {s: HandConstraint((37, 37)) for s in knowledge.hidden}
    sampler = Sampler(knowledge, impossible, random.Random(0))
    assert len(sampler.draw(5)) == 5
    assert sampler.relaxed


def test_a_card_face_up_before_a_hidden_hand_stays_with_it() -> None:
    """A penalty card lies face up before its owner (Law 50A): every layout leaves it there."""
    table = position(2, 0)
    assert table is not None
    seat = table.turn
    assert seat is not None
    knowledge = knowledge_of(view_for(table, seat), ())
    owner = seat.partner
    card = next(iter(table.deal[owner]))
    exposed = replace(knowledge, unseen=knowledge.unseen & ~card.bit, exposed={owner: card.bit})
    for layout in Sampler(exposed, None, random.Random(1)).draw(20):
        assert layout[owner] & card.bit
        assert sum(mask.bit_count() for mask in layout) == 52
