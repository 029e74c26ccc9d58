"""The Table: one board's life as a state machine over an event log (DESIGN §2.4-2.5)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dupbridge import (
    PASS,
    ActionError,
    AuctionEnded,
    Board,
    BoardStarted,
    CallMade,
    Card,
    CardPlayed,
    Deal,
    ImpossibleActionError,
    InvalidDealError,
    IrregularityError,
    Phase,
    PlayEnded,
    Seat,
    Side,
    Table,
    TrickCompleted,
    parse_call,
)
from dupbridge.core.table import ACCEPTS

DEAL = Deal.from_pbn("N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876")


def bid(table: Table, text: str) -> None:
    for word in text.split():
        turn = table.turn
        assert turn is not None
        table.make_call(turn, parse_call(word))


def snapshot(table: Table) -> tuple[Any, ...]:
    """Everything observable about a table's state."""
    play = table.play
    return (
        table.events,
        table.phase,
        table.turn,
        tuple(table.legal_calls()),
        tuple(table.legal_cards()),
        table.tricks(),
        table.pending_claim,
        table.result,
        None if play is None else (play.tricks, play.current_trick, play.remaining_deal()),
    )


def play_randomly(table: Table, rng: random.Random, cards: int = 52) -> None:
    for _ in range(cards):
        if table.phase is not Phase.PLAY:
            return
        legal = table.legal_cards()
        turn = table.turn
        assert turn is not None
        table.play_card(turn, legal[rng.randrange(len(legal))])


class TestLifecycle:
    def test_board_gives_dealer_and_vulnerability(self) -> None:
        """Law 2: a table for board 7 has South as dealer, both vulnerable."""
        table = Table(7, DEAL)
        assert Seat.S is table.turn
        assert "All" == table.board.vulnerability.value
        assert isinstance(table.events[0], BoardStarted)

    def test_auction_then_play_then_finished(self) -> None:
        """Phases run auction -> play -> finished; the events tell the story."""
        table = Table(1, DEAL)
        assert Phase.AUCTION is table.phase
        bid(table, "Pass 1NT Pass 3NT Pass Pass Pass")
        assert Phase.PLAY is table.phase
        assert "3NTE" == str(table.contract)
        assert Seat.S is table.turn  # Law 41A: declarer's LHO leads
        assert isinstance(table.events[-1], AuctionEnded)
        assert not table.dummy_exposed
        play_randomly(table, random.Random(1))
        assert Phase.FINISHED is table.phase
        assert isinstance(table.events[-1], PlayEnded)
        assert 13 == sum(1 for e in table.events if isinstance(e, TrickCompleted))
        assert table.result == table.tricks()[Side.EW]

    def test_passed_out(self) -> None:
        """Law 22B: four passes end the board with no play."""
        table = Table(1, DEAL)
        bid(table, "Pass Pass Pass Pass")
        assert Phase.FINISHED is table.phase
        assert table.is_passed_out
        assert table.play is None
        with pytest.raises(ImpossibleActionError, match="board is over"):
            table.make_call(Seat.N, PASS)

    def test_dummy_exposed_after_opening_lead(self) -> None:
        """Law 41D: dummy's hand is spread once the opening lead is faced."""
        table = Table(1, DEAL)
        bid(table, "1NT Pass Pass Pass")
        table.play_card(Seat.E, Card.from_str("HA"))
        assert table.dummy_exposed
        assert Seat.S is table.dummy

    def test_invalid_deal_refused(self) -> None:
        """A table needs four hands of thirteen distinct cards."""
        bad = Deal.from_pbn("N:AKQ2.J3.T98.543 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876")
        with pytest.raises(InvalidDealError, match="North has 12"):
            Table(1, bad)

    def test_phase_table_is_data(self) -> None:
        """Which commands each phase takes is one table of data."""
        assert {"make_call"} == ACCEPTS[Phase.AUCTION]
        assert frozenset() == ACCEPTS[Phase.FINISHED]


class TestStrictModeRefusals:
    def test_call_out_of_rotation(self) -> None:
        """Laws 30-32 in strict mode: a call out of rotation is refused with its law."""
        table = Table(1, DEAL)
        with pytest.raises(IrregularityError, match="Law 31") as raised:
            table.make_call(Seat.E, parse_call("1H"))
        assert "bid_out_of_rotation" == raised.value.irregularity
        assert Seat.E is raised.value.seat
        with pytest.raises(IrregularityError, match="Law 30"):
            table.make_call(Seat.S, PASS)
        with pytest.raises(IrregularityError, match="Law 32"):
            table.make_call(Seat.W, parse_call("X"))

    def test_card_during_auction(self) -> None:
        """Law 24: a card shown during the auction is refused in strict mode."""
        table = Table(1, DEAL)
        with pytest.raises(IrregularityError, match="Law 24"):
            table.play_card(Seat.N, Card.from_str("SA"))

    def test_call_during_play(self) -> None:
        """Law 39: no call after the final pass."""
        table = Table(1, DEAL)
        bid(table, "1NT Pass Pass Pass")
        with pytest.raises(IrregularityError, match="Law 39"):
            table.make_call(Seat.E, PASS)

    def test_revoke_refused(self) -> None:
        """Law 44C in strict mode: a failure to follow suit is refused."""
        table = Table(1, DEAL)
        bid(table, "1NT Pass Pass Pass")
        table.play_card(Seat.E, Card.from_str("HA"))
        with pytest.raises(IrregularityError, match="Law 44C"):
            table.play_card(Seat.S, Card.from_str("S7"))


class TestClaims:
    def setup_table(self) -> Table:
        table = Table(1, DEAL)
        bid(table, "1NT Pass 3NT Pass Pass Pass")
        return table

    def test_accepted_claim_ends_play(self) -> None:
        """Laws 68A, 69A: an accepted claim ends play with the tricks claimed."""
        table = self.setup_table()
        table.claim(Seat.N, 9, "cashing out")
        assert table.turn is None
        assert 0 == len(table.legal_cards())
        with pytest.raises(ImpossibleActionError, match="Law 68D"):
            table.play_card(Seat.E, Card.from_str("HA"))
        with pytest.raises(ImpossibleActionError, match="claimer's side"):
            table.accept_claim(Seat.S)
        table.accept_claim(Seat.E)
        assert Phase.FINISHED is table.phase
        assert 9 == table.result
        assert {Side.NS: 9, Side.EW: 4} == table.tricks()

    def test_defenders_claim(self) -> None:
        """A defender's claim of 5 tricks leaves declarer 8."""
        table = self.setup_table()
        table.claim(Seat.E, 5)
        table.accept_claim(Seat.N)
        assert 8 == table.result

    def test_rejected_claim_calls_the_director(self) -> None:
        """Law 68D: a disputed claim stops play for the Director; nothing else happens."""
        table = self.setup_table()
        table.claim(Seat.N, 13)
        table.reject_claim(Seat.W)
        assert Phase.DIRECTOR is table.phase
        with pytest.raises(ImpossibleActionError, match="Law 9B2"):
            table.play_card(Seat.E, Card.from_str("HA"))

    def test_claim_range(self) -> None:
        """A claim must be between the tricks won and those plus the tricks left."""
        table = self.setup_table()
        with pytest.raises(ImpossibleActionError, match="between 0 and 13"):
            table.claim(Seat.N, 14)

    def test_dummy_cannot_claim(self) -> None:
        """Dummy does not claim (Laws 43A1, 68)."""
        table = self.setup_table()
        with pytest.raises(ImpossibleActionError, match="dummy"):
            table.claim(Seat.S, 9)

    def test_concession(self) -> None:
        """Law 68B: conceding the remaining tricks gives them to the opponents."""
        table = self.setup_table()
        rng = random.Random(3)
        play_randomly(table, rng, 8)  # two tricks
        won = table.tricks()[Side.EW]
        table.concede(Seat.E)
        assert 11 + (2 - won) == table.result
        assert Phase.FINISHED is table.phase

    def test_no_claim_to_answer(self) -> None:
        """Accepting a claim that was never made is refused."""
        table = self.setup_table()
        with pytest.raises(ImpossibleActionError, match="no claim"):
            table.accept_claim(Seat.E)


class TestReplay:
    def test_replay_equals_live(self) -> None:
        """The event log is the truth: replaying it rebuilds the same state."""
        table = Table(5, DEAL)
        bid(table, "Pass 1NT Pass 3NT Pass Pass Pass")
        play_randomly(table, random.Random(9), 30)
        assert snapshot(table) == snapshot(Table.replay(table.events))

    def test_replay_needs_a_start(self) -> None:
        """A log must start with BoardStarted."""
        with pytest.raises(ValueError, match="BoardStarted"):
            Table.replay([CallMade(0, Seat.N, PASS)])

    def test_events_are_numbered(self) -> None:
        """Events carry their position in the log."""
        table = Table(1, DEAL)
        bid(table, "1NT Pass Pass Pass")
        events = table.play_card(Seat.E, Card.from_str("HA"))
        assert [e.seq for e in table.events] == list(range(len(table.events)))
        assert isinstance(events[0], CardPlayed)
        assert table.last_seq == events[-1].seq


def random_actions(rng: random.Random) -> list[tuple[str, Seat, Any]]:
    """Random actions, legal or not: calls, cards, claims and answers by random seats."""
    kinds = ["call", "call", "card", "card", "card", "claim", "accept", "reject", "concede"]
    actions = []
    for _ in range(rng.randrange(1, 120)):
        kind = rng.choice(kinds)
        seat = rng.choice(list(Seat))
        if kind == "call":
            value: Any = rng.choice(
                ["Pass", "Pass", "Pass", "X", "XX", "1C", "1NT", "2H", "4S", "7NT"]
            )
        elif kind == "card":
            value = Card.from_index(rng.randrange(52))
        elif kind == "claim":
            value = rng.randrange(-1, 15)
        else:
            value = None
        actions.append((kind, seat, value))
    return actions


def attempt(table: Table, kind: str, seat: Seat, value: Any) -> None:
    if kind == "call":
        table.make_call(seat, parse_call(value))
    elif kind == "card":
        table.play_card(seat, value)
    elif kind == "claim":
        table.claim(seat, value)
    elif kind == "accept":
        table.accept_claim(seat)
    elif kind == "reject":
        table.reject_claim(seat)
    else:
        table.concede(seat)


@settings(max_examples=150)
@given(st.integers(min_value=0, max_value=2**32))
def test_refused_commands_change_nothing_and_replay_matches(seed: int) -> None:
    """Property: every refused command leaves the state unchanged, and replaying the
    accepted events always reproduces the live state."""
    rng = random.Random(seed)
    table = Table(Board.numbered(rng.randrange(1, 33)), Deal.random(rng))
    for kind, seat, value in random_actions(rng):
        before = snapshot(table)
        try:
            attempt(table, kind, seat, value)
        except ActionError as error:
            assert before == snapshot(table)
            assert error.seat is seat  # noqa: PT017 - a property over many refusals
        # Make progress too: the player to act makes a random legal move now and then.
        if table.turn is not None and rng.random() < 0.7:
            if table.phase is Phase.AUCTION:
                legal = table.legal_calls()
                table.make_call(table.turn, legal[min(rng.randrange(len(legal)), rng.randrange(3))])
            else:
                legal_cards = table.legal_cards()
                table.play_card(table.turn, legal_cards[rng.randrange(len(legal_cards))])
    assert snapshot(table) == snapshot(Table.replay(table.events))
