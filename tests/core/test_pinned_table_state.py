"""Behaviours of the table's state that mutation testing found unpinned (issue 19,
core/table_state.py).

Each refusal is compared in full: the words a player or Director reads, the seat, the law and
the irregularity's name, and the table is checked to be unchanged. Every table is built
inside its test (a mutant is activated after the tests are collected).
"""

from __future__ import annotations

import pytest

from dupbridge import (
    PASS,
    Card,
    Deal,
    ImpossibleActionError,
    IrregularityError,
    Phase,
    Seat,
    Side,
    Table,
    parse_call,
)
from dupbridge.core.lawref import LawRef
from dupbridge.rulings import rulebook_for

PBN = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876"


def strict_table() -> Table:
    """Board 1: North deals, nobody vulnerable (Law 2)."""
    return Table(1, Deal.from_pbn(PBN))


def bid(table: Table, text: str) -> None:
    for word in text.split():
        turn = table.turn
        assert turn is not None
        table.make_call(turn, parse_call(word))


def three_no_trumps() -> Table:
    """North declares 3NT; East makes the opening lead (Law 41A)."""
    table = strict_table()
    bid(table, "1NT Pass 3NT Pass Pass Pass")
    return table


class TestRefusalsInStrictMode:
    def test_card_shown_during_the_auction(self) -> None:
        """Law 24: a card shown during the auction is refused in strict mode, named as such."""
        table = strict_table()
        before = table.events
        with pytest.raises(IrregularityError) as caught:
            table.play_card(Seat.N, Card.from_str("SA"))
        error = caught.value
        assert "North showed SA during the auction (Law 24)" == str(error)
        assert Seat.N is error.seat
        assert LawRef(24) == error.law
        assert "card_exposed_during_auction" == error.irregularity
        assert before == table.events

    def test_call_after_the_final_pass(self) -> None:
        """Law 39: once the auction has ended with a contract, a call is refused."""
        table = three_no_trumps()
        before = table.events
        with pytest.raises(IrregularityError) as caught:
            table.make_call(Seat.E, PASS)
        error = caught.value
        assert "East called after the auction had ended (Law 39)" == str(error)
        assert Seat.E is error.seat
        assert LawRef(39) == error.law
        assert "call_after_final_pass" == error.irregularity
        assert before == table.events

    def test_command_of_another_phase(self) -> None:
        """A claim during the auction is refused in words naming the seat, the command and
        the phase (Law 68 claims belong to the play); no law is cited."""
        table = strict_table()
        with pytest.raises(ImpossibleActionError) as caught:
            table.claim(Seat.N, 3)
        error = caught.value
        assert "North cannot claim during the auction" == str(error)
        assert Seat.N is error.seat
        assert error.law is None
        with pytest.raises(ImpossibleActionError) as caught:
            table.accept_claim(Seat.E)
        assert "East cannot accept a claim during the auction" == str(caught.value)
        assert Phase.AUCTION is table.phase

    def test_no_claim_to_answer(self) -> None:
        """Law 69A: only a claim made can be agreed to; without one the answer is refused."""
        table = three_no_trumps()
        with pytest.raises(ImpossibleActionError) as caught:
            table.accept_claim(Seat.E)
        error = caught.value
        assert "there is no claim to answer (Law 69A)" == str(error)
        assert Seat.E is error.seat
        assert LawRef(69, "A") == error.law

    def test_play_stops_for_a_claim(self) -> None:
        """Law 68D: after a claim play is suspended; a card or a concession is refused and
        the message names the claimer."""
        table = three_no_trumps()
        table.claim(Seat.N, 9)
        before = table.events
        for attempt in (
            lambda: table.play_card(Seat.E, Card.from_str("HA")),
            lambda: table.concede(Seat.E),
        ):
            with pytest.raises(ImpossibleActionError) as caught:
                attempt()
            error = caught.value
            assert "play has stopped for North's claim; it must be answered first (Law 68D)" == (
                str(error)
            )
            assert Seat.E is error.seat
            assert LawRef(68, "D") == error.law
        assert before == table.events

    def test_nothing_while_the_director_is_called(self) -> None:
        """Law 9B2: no player acts until the Director has ruled (a disputed claim, 68D)."""
        table = three_no_trumps()
        table.claim(Seat.N, 13)
        table.reject_claim(Seat.W)
        for attempt in (
            lambda: table.play_card(Seat.E, Card.from_str("HA")),
            lambda: table.make_call(Seat.E, PASS),
        ):
            with pytest.raises(ImpossibleActionError) as caught:
                attempt()
            error = caught.value
            assert (
                "a ruling is pending: nothing may happen until the Director rules (Law 9B2)"
                == str(error)
            )
            assert Seat.E is error.seat
            assert LawRef(9, "B2") == error.law
        assert Phase.DIRECTOR is table.phase
        assert table.turn is None


class TestRefusalsOnAFinishedBoard:
    def test_call_after_a_passed_out_auction(self) -> None:
        """Laws 22B and 39: after four passes the board is over and no call may follow."""
        table = strict_table()
        bid(table, "Pass Pass Pass Pass")
        with pytest.raises(ImpossibleActionError) as caught:
            table.make_call(Seat.N, PASS)
        error = caught.value
        assert (
            "the board is over: it was passed out, and no call may follow the final pass "
            "(Laws 22, 39); North's call is refused (Law 39)"
        ) == str(error)
        assert Seat.N is error.seat
        assert LawRef(39) == error.law

    def test_card_after_a_passed_out_auction(self) -> None:
        """A card on a passed-out board gets the plain "board is over" answer, not the
        call's (Law 22B: the hands go back to the board unplayed)."""
        table = strict_table()
        bid(table, "Pass Pass Pass Pass")
        with pytest.raises(ImpossibleActionError) as caught:
            table.play_card(Seat.N, Card.from_str("SA"))
        error = caught.value
        assert "the board is over: North cannot play a card now" == str(error)
        assert error.law is None

    def test_every_command_after_play_ended(self) -> None:
        """After an agreed claim (Law 69A) the board is over: a call, a card or a claim is
        refused naming the seat and the command, with no law and not as a passed-out board."""
        table = three_no_trumps()
        table.claim(Seat.N, 9)
        table.accept_claim(Seat.E)
        for attempt, words in (
            (lambda: table.make_call(Seat.E, PASS), "call"),
            (lambda: table.play_card(Seat.E, Card.from_str("HA")), "play a card"),
            (lambda: table.claim(Seat.E, 3), "claim"),
        ):
            with pytest.raises(ImpossibleActionError) as caught:
                attempt()
            error = caught.value
            assert f"the board is over: East cannot {words} now" == str(error)
            assert Seat.E is error.seat
            assert error.law is None

    def test_concession_closes_the_play(self) -> None:
        """Law 68B: a concession ends play at once; no card follows and nobody has the turn."""
        table = three_no_trumps()
        table.concede(Seat.E)
        assert Phase.FINISHED is table.phase
        assert table.turn is None
        assert () == table.legal_cards()
        with pytest.raises(ImpossibleActionError) as caught:
            table.play_card(Seat.E, Card.from_str("HA"))
        assert "the board is over: East cannot play a card now" == str(caught.value)


class TestQueries:
    def test_no_calls_outside_the_auction(self) -> None:
        """Law 39: once the auction is over (in play and when finished) no call is legal,
        not even Pass."""
        table = three_no_trumps()
        assert () == tuple(table.legal_calls())
        table.concede(Seat.E)
        assert () == tuple(table.legal_calls())

    def test_legal_cards_of_a_named_seat(self) -> None:
        """Only the player on turn has legal cards (Laws 41A, 44); asking for another seat
        gives none, in strict and recording mode alike."""
        strict = three_no_trumps()
        recording = Table(1, Deal.from_pbn(PBN), mode="recording", rulebook=rulebook_for("2017"))
        bid(recording, "1NT Pass 3NT Pass Pass Pass")
        for table in (strict, recording):
            assert Seat.E is table.turn
            assert () == tuple(table.legal_cards(Seat.N))
            assert () == tuple(table.legal_cards(Seat.S))
            assert 13 == len(table.legal_cards(Seat.E))
            assert table.legal_cards() == table.legal_cards(Seat.E)

    def test_no_tricks_before_play_or_when_passed_out(self) -> None:
        """Before the play, and on a passed-out board (Law 22B), neither side has a trick."""
        table = strict_table()
        assert {Side.NS: 0, Side.EW: 0} == table.tricks()
        bid(table, "Pass Pass Pass Pass")
        assert {Side.NS: 0, Side.EW: 0} == table.tricks()
        assert table.result is None

    def test_set_result_and_clear_claim(self) -> None:
        """The recorders' primitives after a ruling (Laws 64, 69B, 71): the result is set
        or cleared, and a claim is forgotten once answered."""
        table = three_no_trumps()
        table.claim(Seat.N, 9)
        assert table.pending_claim is not None
        table.clear_claim()
        assert table.pending_claim is None
        table.set_result(7)
        assert 7 == table.result
        table.set_result(None)
        assert table.result is None
