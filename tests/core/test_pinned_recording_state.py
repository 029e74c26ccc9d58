"""What a recording-mode table answers under the rulings in force, as mutation testing found it
unpinned (issue 19, core/recording_state.py): the calls a player may make under an obligation
(Laws 30A, 31A1), why a call is refused now (Laws 9B2, 33) and where calls stand.

Every table is built inside its test (a mutant is activated after the tests are collected).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from dupbridge import (
    PASS,
    Card,
    Deal,
    ImpossibleActionError,
    Phase,
    Seat,
    Table,
    parse_call,
)
from dupbridge.core.calls import Strain
from dupbridge.core.contract import Contract
from dupbridge.core.events import IrregularityFlagged
from dupbridge.core.lawref import LawRef
from dupbridge.core.rulings_state import Duty, Irregularity, Span
from dupbridge.rulings import rulebook_for

PBN = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876"


def recording() -> Table:
    """Board 1: North deals."""
    return Table(1, Deal.from_pbn(PBN), mode="recording", rulebook=rulebook_for("2017"))


def forced_pass() -> Table:
    """East passes at North's turn (Law 30A); South does not accept it, the Director finds
    the pass not artificial, and North opens 1C: East must pass now."""
    table = recording()
    table.make_call(Seat.E, PASS)
    table.choose(Seat.S, "refuse")
    table.director(artificial=False)
    table.make_call(Seat.N, parse_call("1C"))
    return table


def must_repeat() -> Table:
    """East bids 1H at North's turn (Law 31A1); South does not accept it and North passes:
    East must repeat 1H."""
    table = recording()
    table.make_call(Seat.E, parse_call("1H"))
    table.choose(Seat.S, "refuse")
    table.make_call(Seat.N, PASS)
    return table


class TestCallsUnderAnObligation:
    def test_a_forced_pass(self) -> None:
        """Law 30A: the offender must pass at his next turn; only Pass is legal for him."""
        table = forced_pass()
        rec = table.recording
        assert rec is not None
        assert Seat.E is table.turn
        assert (PASS,) == tuple(table.legal_calls())
        assert rec.must_pass(Seat.E)
        assert not rec.must_pass(Seat.N)
        (duty,) = rec.duties(Seat.E)
        assert (Duty.PASS, Span.NEXT_TURN, LawRef(30, "A", "2017")) == (
            duty.duty,
            duty.span,
            duty.law,
        )
        assert [] == rec.duties(Seat.W)

    def test_a_bid_instead_of_the_forced_pass_is_ruled(self) -> None:
        """A bid by a player obliged to pass is not refused: it is an irregularity the
        Director rules on (Law 37 governs such calls)."""
        table = forced_pass()
        table.make_call(Seat.E, parse_call("1D"))
        pending = table.pending
        assert pending is not None
        assert "call_by_player_obliged_to_pass" == pending.irregularity

    def test_the_call_to_repeat(self) -> None:
        """Law 31A1: after RHO's pass the offender must repeat his call out of rotation; it
        is his only legal call and any other is refused in words naming it and the law."""
        table = must_repeat()
        assert Seat.E is table.turn
        assert (parse_call("1H"),) == tuple(table.legal_calls())
        for other in ("1S", "X", "Pass"):
            before = table.events
            with pytest.raises(ImpossibleActionError) as caught:
                table.make_call(Seat.E, parse_call(other))
            error = caught.value
            assert "East must repeat his call 1H (Law 31A1 (2017))" == str(error)
            assert Seat.E is error.seat
            assert LawRef(31, "A1", "2017") == error.law
            assert before == table.events
        table.make_call(Seat.E, parse_call("1H"))
        assert Seat.S is table.turn
        assert table.pending is None

    def test_no_double_in_place_of_an_insufficient_bid(self) -> None:
        """Law 27B3: an attempt to replace an insufficient bid by a double is cancelled (the
        Director finds it not comparable, 23A); the offender replaces it by a sufficient bid
        or a pass, never a double or redouble, and is told so."""
        table = recording()
        table.make_call(Seat.N, parse_call("1H"))
        table.make_call(Seat.E, parse_call("1C"))
        table.choose(Seat.S, "refuse")
        table.make_call(Seat.E, parse_call("X"))
        table.director(comparable=False)
        assert Seat.E is table.turn
        legal = tuple(table.legal_calls())
        assert (PASS, parse_call("1S")) == legal[:2]
        assert parse_call("X") not in legal
        assert parse_call("1H") not in legal
        assert 1 + 35 - 3 == len(legal)  # Pass and the 32 bids from 1S up
        before = table.events
        with pytest.raises(ImpossibleActionError) as caught:
            table.make_call(Seat.E, parse_call("X"))
        error = caught.value
        assert "East may make any sufficient bid or pass, but not X (Law 27B3 (2017))" == str(error)
        assert Seat.E is error.seat
        assert LawRef(27, "B3", "2017") == error.law
        assert before == table.events

    def test_no_calls_once_the_auction_is_over(self) -> None:
        """Law 39: in the play nobody has a legal call."""
        table = recording()
        for word in ["Pass", "1NT", "Pass", "Pass", "Pass"]:
            turn = table.turn
            assert turn is not None
            table.make_call(turn, parse_call(word))
        assert Phase.PLAY is table.phase
        assert () == tuple(table.legal_calls())


class TestRefusedNow:
    def test_a_simultaneous_call_follows_a_call(self) -> None:
        """Law 33: a call simultaneous with another must follow a call by someone else."""
        message = (
            "a simultaneous call must follow the call it was made with (Law 33) (Law 33 (2017))"
        )
        table = recording()
        with pytest.raises(ImpossibleActionError) as caught:
            table.make_call(Seat.N, PASS, simultaneous=True)
        assert message == str(caught.value)
        assert Seat.N is caught.value.seat
        assert LawRef(33, "", "2017") == caught.value.law
        table.make_call(Seat.N, parse_call("1C"))
        with pytest.raises(ImpossibleActionError) as caught:
            table.make_call(Seat.N, PASS, simultaneous=True)
        assert message == str(caught.value)
        assert 2 == len(table.events)

    def test_a_players_choice_pending(self) -> None:
        """Law 9B2: while a player has a choice to make, nothing else happens; the refusal
        names the law of the choice, the chooser and the question."""
        table = recording()
        table.make_call(Seat.E, parse_call("1H"))
        with pytest.raises(ImpossibleActionError) as caught:
            table.make_call(Seat.W, parse_call("1S"))
        error = caught.value
        assert (
            "a ruling is pending (Law 29A (2017)): nothing may happen until South answers: "
            "Does South accept East's 1H, made out of rotation at North's turn? (Law 9B2) "
            "(Law 9B2 (2017))"
        ) == str(error)
        assert Seat.W is error.seat
        assert LawRef(9, "B2", "2017") == error.law

    def test_the_directors_answer_pending(self) -> None:
        """Law 9B2: while the Director must answer, the refusal says so."""
        table = recording()
        table.report(Seat.N, "wrong_board")
        with pytest.raises(ImpossibleActionError) as caught:
            table.play_card(Seat.N, Card.from_str("SA"))
        assert str(caught.value).startswith(
            "a ruling is pending (Law 15B (2017)): nothing may happen until the Director answers: "
        )


class TestWhereCallsStand:
    def test_positions_in_the_standing_auction(self) -> None:
        """The standing auction lists each call with its player and event; the position of
        a call by its event and of a player's last call are found, None when there is none."""
        table = recording()
        for word in ["1C", "Pass", "1H"]:
            turn = table.turn
            assert turn is not None
            table.make_call(turn, parse_call(word))
        rec = table.recording
        assert rec is not None
        assert [(Seat.N, 1), (Seat.E, 2), (Seat.S, 3)] == [
            (entry.seat, entry.seq) for entry in rec.standing
        ]
        assert 0 == rec.standing_position(1)
        assert 2 == rec.standing_position(3)
        assert rec.standing_position(4) is None
        assert 2 == rec.last_call_position(Seat.S)
        assert 1 == rec.last_call_position(Seat.E)
        assert rec.last_call_position(Seat.W) is None


class TestCallsOutOfRotationAreNamed:
    @pytest.mark.parametrize(
        ("before", "seat", "call", "name", "law"),
        [
            ("", "S", "Pass", "pass_out_of_rotation", 30),
            ("", "S", "1S", "bid_out_of_rotation", 31),
            ("1C", "W", "X", "double_out_of_rotation", 32),
            ("1C X", "N", "XX", "redouble_out_of_rotation", 32),
            ("", "E", "X", "inadmissible_double", 36),
            ("1C", "S", "X", "inadmissible_double", 36),
        ],
    )
    def test_the_irregularity_and_its_law(
        self, before: str, seat: str, call: str, name: str, law: int
    ) -> None:
        """A call out of rotation is a pass (Law 30), a bid (31), or a double or redouble
        (32); a double or redouble that would be inadmissible even in turn is ruled under
        Law 36 instead (a double of nothing, or of partner's bid)."""
        table = recording()
        for word in before.split():
            turn = table.turn
            assert turn is not None
            table.make_call(turn, parse_call(word))
        events = table.make_call(Seat.from_str(seat), parse_call(call))
        flagged = [event for event in events if isinstance(event, IrregularityFlagged)]
        assert [(name, LawRef(law, "", "2017"))] == [(e.irregularity, e.law) for e in flagged]


class Silent:
    """The real rulebook of an edition, except that a disputed claim opens no question: the
    table is then with the Director (Law 70) with nothing pending, as a rulebook may leave it."""

    def __init__(self, edition: str) -> None:
        self.inner = rulebook_for(edition)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def irregularity(self, table: Table, irregularity: Irregularity) -> Any:
        if irregularity.name == "contested_claim":
            return ()
        return self.inner.irregularity(table, irregularity)


class TestNothingPendingYetTheDirectorRules:
    @pytest.mark.parametrize("edition", ["2017", "2007"])
    def test_every_action_waits_for_the_director(self, edition: str) -> None:
        """Law 9B2: once the Director is called (here to a disputed claim, Law 70) nothing
        happens until he rules, even when no question is put to anyone; the refusal says so
        and names Law 9B2 of the table's edition, and leaves the table as it was."""
        table = Table(
            1,
            Deal.from_pbn(PBN),
            edition=edition,
            mode="recording",
            rulebook=Silent(edition),  # type: ignore[arg-type]
        )
        for word in ["Pass", "1NT", "Pass", "Pass", "Pass"]:
            turn = table.turn
            assert turn is not None
            table.make_call(turn, parse_call(word))
        for seat, card in [("S", "H7"), ("W", "H2"), ("N", "H3"), ("E", "HA")]:
            table.play_card(Seat.from_str(seat), Card.from_str(card))
        table.claim(Seat.E, 9)
        table.reject_claim(Seat.S)
        assert Phase.DIRECTOR is table.phase
        assert table.pending is None
        message = (
            "a ruling is pending: nothing may happen until the Director rules (Law 9B2) "
            f"(Law 9B2 ({edition}))"
        )
        actions: list[tuple[Seat, Callable[[], object]]] = [
            (Seat.N, lambda: table.make_call(Seat.N, PASS)),
            (Seat.E, lambda: table.play_card(Seat.E, Card.from_str("CA"))),
            (Seat.W, lambda: table.expose_cards(Seat.W, (Card.from_str("S3"),))),
        ]
        for seat, action in actions:
            before = table.events
            with pytest.raises(ImpossibleActionError) as caught:
                action()
            error = caught.value
            assert message == str(error)
            assert seat is error.seat
            assert LawRef(9, "B2", edition) == error.law
            assert before == table.events


class TestAnAcceptedCallOutOfRotationKeepsTheAuction:
    def test_three_passes_after_an_accepted_bid_end_it(self) -> None:
        """Law 29A: East's 1H at North's (the dealer's) turn, accepted by South, stands as if
        in rotation; three passes in rotation after it end the auction (Law 22A). Law 17D3
        looks only at the three passes, none out of rotation: nobody is owed a turn."""
        table = recording()
        table.make_call(Seat.E, parse_call("1H"))
        table.choose(Seat.S, "accept")
        for seat in (Seat.S, Seat.W, Seat.N):
            assert seat is table.turn
            table.make_call(seat, PASS)
        assert Phase.PLAY is table.phase
        assert Contract(1, Strain.HEARTS, declarer=Seat.E) == table.contract
        assert Seat.S is table.turn
        assert [parse_call(w) for w in ("1H", "Pass", "Pass", "Pass")] == list(table.auction.calls)
