"""Card play by simulation: obvious plays found, legal cards only, within the time budget."""

from __future__ import annotations

import random
import time

import pytest

from dupbridge.core.cards import Card, Suit
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat
from dupbridge.core.table import Phase, Table
from dupbridge.core.views import view_for
from dupbridge.robots.baseline import robot_call
from dupbridge.robots.constraints import HandConstraint
from dupbridge.robots.play import choose_card, decide
from tests.robots.play.endings import ending_table, play

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def chosen(table: Table, **settings: object) -> Card:
    """The standard robot's card for the seat to choose at ``table``."""
    seat = table.turn
    assert seat is not None
    assert table.play is not None
    chooser = table.declarer if seat is table.dummy else seat
    assert chooser is not None
    view = view_for(table, chooser)
    options: dict[str, object] = {"budget_s": 0.5, "rng": random.Random(7)}
    options.update(settings)
    card = choose_card(view, history=table.play.plays(), **options)  # type: ignore[arg-type]
    assert card in view.legal_cards
    return card


class TestObviousPlays:
    def test_cashes_the_winner_before_giving_up_the_lead(self) -> None:
        """With a master and a loser in two cards, declarer cashes the master first."""
        table = ending_table(
            {S: "A.2..", N: ".43..", E: ".AK..", W: "..2.2"}, "1NT", declarer=S, leader=S
        )
        assert chosen(table) == Card.from_str("SA")

    def test_ruffs_when_the_ruff_wins_a_trick(self) -> None:
        """Void in the suit led, declarer ruffs rather than discard a loser (Law 44E)."""
        table = ending_table(
            {S: "2..3.", N: ".43..", E: ".6..2", W: ".KQ.."}, "4S", declarer=S, leader=W
        )
        play(table, "HK", "H3", "H6")
        assert chosen(table) == Card.from_str("S2")

    def test_draws_the_last_trump_before_cashing_side_winners(self) -> None:
        """Declarer draws the defender's last trump before cashing his side suit."""
        table = ending_table(
            {S: "AK.AK..", N: "QJ.4..2", E: "2..432.", W: ".32.65."},
            "4S",
            declarer=S,
            leader=S,
        )
        assert chosen(table).suit is Suit.SPADES

    def test_takes_a_finesse_the_auction_makes_sure(self) -> None:
        """When the constraints place the king on the right, declarer finesses the queen."""
        hands = {N: "2.2..", S: "AQ...", E: "K4...", W: "..A.2"}
        table = ending_table(hands, "1NT", declarer=S, leader=N)
        play(table, "S2", "S4")
        west_hcp = table.deal[W].hcp  # West's true count: with the king he would hold 3 more
        sure = {W: HandConstraint((west_hcp, west_hcp))}
        assert chosen(table, constraints=sure) == Card.from_str("SQ")

    def test_without_constraints_the_finesse_is_refused(self) -> None:
        """Without the auction's help the king is likelier with West: declarer plays the ace."""
        hands = {N: "2.2..", S: "AQ...", E: "K4...", W: "..A.2"}
        table = ending_table(hands, "1NT", declarer=S, leader=N)
        play(table, "S2", "S4")
        assert chosen(table) == Card.from_str("SA")


def auctioned(seed: int) -> Table:
    """A random board bid by the old robot, played out if someone bid."""
    rng = random.Random(seed)
    for number in range(1, 50):
        table = Table(number, Deal.random(rng))
        while table.phase is Phase.AUCTION:
            seat = table.turn
            assert seat is not None
            table.make_call(seat, robot_call(table.auction, table.deal[seat]))
        if table.phase is Phase.PLAY:
            return table
    raise AssertionError("no board was bid")


@pytest.mark.parametrize("level", ["basic", "fast", "standard"])
def test_plays_a_whole_board_with_legal_cards_only(level: str) -> None:
    """Four robots play a board through: every card is one of the seat's legal cards."""
    table = auctioned(3)
    rng = random.Random(3)
    while table.phase is Phase.PLAY:
        seat = table.turn
        assert seat is not None
        assert table.play is not None
        chooser = table.declarer if seat is table.dummy else seat
        assert chooser is not None
        view = view_for(table, chooser)
        card = choose_card(
            view,
            level=level,
            budget_s=0.02,
            rng=rng,
            history=table.play.plays(),  # type: ignore[arg-type]
        )
        assert card in view.legal_cards
        table.play_card(seat, card)
    assert table.result is not None


def test_basic_level_is_fast() -> None:
    """The basic level decides a whole board's 52 cards in well under a second."""
    table = auctioned(5)
    started = time.process_time()
    while table.phase is Phase.PLAY:
        seat = table.turn
        assert seat is not None
        chooser = table.declarer if seat is table.dummy else seat
        assert chooser is not None
        table.play_card(seat, choose_card(view_for(table, chooser), level="basic"))
    assert time.process_time() - started < 0.5


def test_standard_level_keeps_within_its_budget() -> None:
    """A choice at the standard level returns within its budget (with margin), after as
    many batches as fit. A solve cannot be stopped half-way, so the position is one from the
    fourth trick on: early in the hand a single layout may take seconds on a busy machine."""
    table = auctioned(8)
    play = table.play
    assert play is not None
    while len(play.tricks) < 3 or len(table.legal_cards()) < 2:
        turn = table.turn
        assert turn is not None
        chooser = table.declarer if turn is table.dummy else turn
        assert chooser is not None
        table.play_card(turn, decide(view_for(table, chooser), level="basic").card)
    seat = table.turn
    chooser = table.declarer if seat is table.dummy else seat
    assert chooser is not None
    view = view_for(table, chooser)
    started = time.perf_counter()
    decision = decide(view, budget_s=0.3, rng=random.Random(1), history=play.plays())
    assert time.perf_counter() - started < 0.3 + 1.0
    assert decision.samples > 2  # more than the first batch


def test_rejects_a_view_that_is_not_a_players_turn() -> None:
    """A view of a seat not on play gets a clear error naming the seat."""
    table = auctioned(8)
    other = table.turn.next()  # type: ignore[union-attr]
    with pytest.raises(ValueError, match=f"not {other.name}'s turn"):
        choose_card(view_for(table, other))


def test_rejects_an_unknown_level() -> None:
    """An unknown level is named in the error."""
    table = auctioned(8)
    with pytest.raises(ValueError, match="expert"):
        choose_card(view_for(table, table.turn), level="expert")  # type: ignore[arg-type]


def test_fast_level_depends_on_the_seed_alone() -> None:
    """The fast level solves its few layouts in one batch: the same seed gives the same card
    whatever the time budget; the first two tricks follow the conventions (as basic)."""
    table = auctioned(8)
    play = table.play
    assert play is not None
    checked = 0
    while table.phase is Phase.PLAY:
        seat = table.turn
        assert seat is not None
        chooser = table.declarer if seat is table.dummy else seat
        assert chooser is not None
        view = view_for(table, chooser)
        history = play.plays()
        fast = [
            decide(view, level="fast", budget_s=budget, rng=random.Random(2), history=history)
            for budget in (0.0, 5.0)
        ]
        assert fast[0].card == fast[1].card
        if len(play.tricks) < 2:
            assert fast[0].card == decide(view, level="basic", history=history).card
            assert fast[0].samples == 0
        elif len(view.legal_cards) > 1 and fast[0].samples:
            checked += 1
        table.play_card(seat, fast[0].card)
    assert checked > 5
