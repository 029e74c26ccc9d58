"""Duties on calls when the auction reopens, and when two duties meet at one turn.

* Laws 21B1, 22: the auction that seemed ended reopens in the Clarification Period; a player
  who had to pass "when next it is his turn to call" (Law 24B) or "whenever it is his turn"
  (Law 27B2) has not had that turn yet, so the duty binds him in the reopened auction.
* Laws 31A1, 32A1 with 35B, 37: a repeat duty binds only a legal call; a bid by a player
  required to pass is inadmissible, so a duty to pass prevails, whichever came first.

Every table is built inside its test (a mutant is activated after the tests are collected).
"""

from __future__ import annotations

import pytest

from dupbridge import Card, Deal, Phase, Seat, Table, parse_call
from dupbridge.core.events import IrregularityFlagged
from dupbridge.core.lawref import LawRef
from dupbridge.core.rulings_state import Duty, Span
from dupbridge.rulings import rulebook_for

PBN = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876"


def recording(edition: str) -> Table:
    """Board 1: North deals."""
    return Table(
        1, Deal.from_pbn(PBN), edition=edition, mode="recording", rulebook=rulebook_for(edition)
    )


def calls(table: Table, *pairs: tuple[Seat, str]) -> None:
    for seat, word in pairs:
        table.make_call(seat, parse_call(word))


def duties(table: Table, seat: Seat) -> list[tuple[Duty, Span, LawRef]]:
    rec = table.recording
    assert rec is not None
    return [(o.duty, o.span, o.law) for o in rec.duties(seat)]


def legal(table: Table) -> list[str]:
    return [str(call) for call in table.legal_calls()]


def flagged(table: Table, start: int) -> list[tuple[str, LawRef, Seat]]:
    return [
        (e.irregularity, e.law, e.seat)
        for e in table.events[start:]
        if isinstance(e, IrregularityFlagged)
    ]


class TestDutiesSurviveTheReopenedAuction:
    @pytest.mark.parametrize("edition", ["2017", "2007"])
    def test_a_pass_at_the_next_turn_still_binds(self, edition: str) -> None:
        """Law 24B: West exposes an honour, so East must pass at his next turn; West's
        pass ends the auction before that turn comes. West changes his pass on a mistaken
        explanation (Law 21B1): the auction reopens, and when East's turn comes he must
        pass; a bid is a call by a player obliged to pass (Law 37)."""
        table = recording(edition)
        table.make_call(Seat.N, parse_call("1NT"), alert=True, explanation="12-14")
        calls(table, (Seat.E, "Pass"), (Seat.S, "Pass"))
        table.expose_cards(Seat.W, [Card.from_str("DJ")])
        forced = [(Duty.PASS, Span.NEXT_TURN, LawRef(24, "B", edition))]
        assert forced == duties(table, Seat.E)
        calls(table, (Seat.W, "Pass"))
        assert table.recording is not None
        assert table.recording.ended
        assert [] == duties(table, Seat.E)  # the auction is over: nothing to pass at
        table.choose(Seat.N, "prohibit_diamonds")
        table.report(Seat.W, "misinformation", "facts", against=Seat.S)
        table.director(misinformation=True)
        table.choose(Seat.W, "change")
        assert Phase.AUCTION is table.phase
        assert forced == duties(table, Seat.E)
        calls(table, (Seat.W, "2C"), (Seat.N, "Pass"))
        assert Seat.E is table.turn
        assert ["Pass"] == legal(table)
        start = len(table.events)
        calls(table, (Seat.E, "2S"))
        assert [("call_by_player_obliged_to_pass", LawRef(37, "", edition), Seat.E)] == (
            flagged(table, start)
        )

    @pytest.mark.parametrize("edition", ["2017", "2007"])
    def test_a_pass_that_fulfilled_the_duty_is_cancelled(self, edition: str) -> None:
        """Law 24B: West exposes an honour, East must pass at his next turn, and his pass
        ends the auction. North changes the pass he made just before (Law 21B1): North's
        and East's passes are cancelled, and a cancelled call is as if not made, so East
        has not had his next turn yet and must pass when it comes."""
        table = recording(edition)
        calls(table, (Seat.N, "1D"), (Seat.E, "Pass"), (Seat.S, "1S"))
        table.expose_cards(Seat.W, [Card.from_str("DJ")])
        table.make_call(Seat.W, parse_call("Pass"), alert=True, explanation="no 5-card suit")
        calls(table, (Seat.N, "Pass"), (Seat.E, "Pass"))
        rec = table.recording
        assert rec is not None
        assert rec.ended
        assert [] == duties(table, Seat.E)
        table.report(Seat.N, "misinformation", "facts", against=Seat.E)
        table.director(misinformation=True)
        table.choose(Seat.N, "change")
        assert ["1D", "Pass", "1S", "Pass"] == [str(entry.call) for entry in rec.standing]
        forced = [(Duty.PASS, Span.NEXT_TURN, LawRef(24, "B", edition))]
        assert forced == duties(table, Seat.E)
        calls(table, (Seat.N, "2D"))
        assert Seat.E is table.turn
        assert ["Pass"] == legal(table)

    @pytest.mark.parametrize(
        ("edition", "answer", "law"),
        [("2017", "comparable", "B2"), ("2007", "same_meaning", "B2")],
    )
    def test_a_pass_for_the_rest_of_the_auction_still_binds(
        self, edition: str, answer: str, law: str
    ) -> None:
        """Law 27B2: East's insufficient 1C replaced by a pass; West must pass whenever it
        is his turn. The auction ends, then East changes his last pass on a mistaken
        explanation (Law 21B1): the reopened auction is the same auction, and West must
        still pass."""
        table = recording(edition)
        calls(table, (Seat.N, "1D"), (Seat.E, "1C"))
        table.choose(Seat.S, "refuse")
        calls(table, (Seat.E, "Pass"))
        table.director(**{answer: False})
        forced = [(Duty.PASS, Span.REST_OF_AUCTION, LawRef(27, law, edition))]
        assert forced == duties(table, Seat.W)
        table.make_call(Seat.S, parse_call("1NT"), alert=True, explanation="15-17")
        calls(table, (Seat.W, "Pass"), (Seat.N, "Pass"), (Seat.E, "Pass"))
        rec = table.recording
        assert rec is not None
        assert rec.ended
        pending = table.pending
        assert pending is not None  # Law 26B: declarer's choice at West's opening lead
        table.choose(Seat.S, "no_restriction")
        table.report(Seat.E, "misinformation", "facts", against=Seat.N)
        table.director(misinformation=True)
        table.choose(Seat.E, "change")
        assert Phase.AUCTION is table.phase
        assert forced == duties(table, Seat.W)
        calls(table, (Seat.E, "2C"), (Seat.S, "Pass"))
        assert Seat.W is table.turn
        assert ["Pass"] == legal(table)

    def test_a_repeat_duty_still_binds_while_the_pass_stands(self) -> None:
        """Law 31A1: North's 2H at West's turn is refused and West passes, so North must
        repeat 2H; West's pass ends the auction first. South then replaces his unintended
        pass by 2C (Law 25A1) and West keeps his pass (25A6): the auction reopens at
        North's turn, the pass the duty rests on still stands, and North must repeat 2H."""
        table = recording("2017")
        calls(table, (Seat.N, "1H"), (Seat.E, "Pass"), (Seat.S, "Pass"), (Seat.N, "2H"))
        table.choose(Seat.E, "refuse")
        calls(table, (Seat.W, "Pass"))
        rec = table.recording
        assert rec is not None
        assert rec.ended
        table.change_call(Seat.S, parse_call("2C"))
        table.director(unintended=True)
        table.choose(Seat.W, "keep")
        assert Phase.AUCTION is table.phase
        assert Seat.N is table.turn
        repeat = [(Duty.REPEAT, Span.NEXT_TURN, LawRef(31, "A1", "2017"))]
        assert repeat == duties(table, Seat.N)
        assert ["2H"] == legal(table)

    def test_a_repeat_duty_lapses_with_the_pass_that_imposed_it(self) -> None:
        """Law 31A1: North's 2H at West's turn is refused and West passes, so North must
        repeat 2H; but West's pass ends the auction. West changes that pass (Law 21B1):
        the opponent's pass the duty rested on is gone, so the duty does not come back."""
        table = recording("2017")
        table.make_call(Seat.N, parse_call("1H"), alert=True, explanation="5+ hearts")
        calls(table, (Seat.E, "Pass"), (Seat.S, "Pass"), (Seat.N, "2H"))
        table.choose(Seat.E, "refuse")
        calls(table, (Seat.W, "Pass"))
        rec = table.recording
        assert rec is not None
        assert rec.ended
        table.report(Seat.W, "misinformation", "facts", against=Seat.S)
        table.director(misinformation=True)
        table.choose(Seat.W, "change")
        assert Phase.AUCTION is table.phase
        calls(table, (Seat.W, "2C"))
        assert Seat.N is table.turn
        assert [] == duties(table, Seat.N)
        assert "2H" in legal(table)
        assert "3C" in legal(table)

    def test_a_partners_pass_lapses_with_the_offenders_call(self) -> None:
        """Law 30B1(b)(ii): South's pass out of rotation at North's turn is refused; at his
        turn South passes, not a comparable call, so North must pass at his next turn; but
        South's pass ends the auction. South then changes that pass (Law 21B1): the call the
        duty rested on is cancelled, so North's duty does not come back."""
        table = recording("2017")
        calls(table, (Seat.N, "Pass"), (Seat.E, "Pass"), (Seat.S, "1C"))
        table.make_call(Seat.W, parse_call("1H"), alert=True, explanation="5+ hearts")
        calls(table, (Seat.S, "Pass"))
        table.choose(Seat.W, "refuse")
        table.director(artificial=False)
        calls(table, (Seat.N, "Pass"), (Seat.E, "Pass"), (Seat.S, "Pass"))
        table.director(comparable=False)
        rec = table.recording
        assert rec is not None
        assert rec.ended
        table.choose(Seat.W, "no_restriction")
        table.report(Seat.S, "misinformation", "facts", against=Seat.E)
        table.director(misinformation=True)
        table.choose(Seat.S, "change")
        assert Phase.AUCTION is table.phase
        assert Seat.S is table.turn
        assert [] == duties(table, Seat.N)


class TestAPassDutyAndARepeatDutyMeet:
    """South owes a repeat of his 1S bid out of rotation (Law 31A1) and must pass at his
    next turn because his partner exposed an honour (Law 24B). The repeat binds only a
    legal call (Law 31A1; for doubles, 32A1 sends an inadmissible one to Law 36), and a bid
    by a player required to pass is inadmissible (Laws 35B, 37): he must pass, whichever
    duty was imposed first."""

    @pytest.mark.parametrize("edition", ["2017", "2007"])
    @pytest.mark.parametrize("repeat_first", [True, False])
    def test_he_must_pass_whichever_came_first(self, edition: str, repeat_first: bool) -> None:
        table = recording(edition)
        calls(table, (Seat.N, "1H"))
        if not repeat_first:
            table.expose_cards(Seat.N, [Card.from_str("SA")])
        calls(table, (Seat.S, "1S"))
        table.choose(Seat.W, "refuse")
        calls(table, (Seat.E, "Pass"))
        if repeat_first:
            table.expose_cards(Seat.N, [Card.from_str("SA")])
        assert {Duty.PASS, Duty.REPEAT} == {duty for duty, _span, _law in duties(table, Seat.S)}
        assert Seat.S is table.turn
        assert ["Pass"] == legal(table)
        start = len(table.events)
        calls(table, (Seat.S, "1S"))
        assert [("call_by_player_obliged_to_pass", LawRef(37, "", edition), Seat.S)] == (
            flagged(table, start)
        )

    @pytest.mark.parametrize("repeat_first", [True, False])
    def test_his_pass_spends_both(self, repeat_first: bool) -> None:
        table = recording("2017")
        calls(table, (Seat.N, "1H"))
        if not repeat_first:
            table.expose_cards(Seat.N, [Card.from_str("SA")])
        calls(table, (Seat.S, "1S"))
        table.choose(Seat.W, "refuse")
        calls(table, (Seat.E, "Pass"))
        if repeat_first:
            table.expose_cards(Seat.N, [Card.from_str("SA")])
        calls(table, (Seat.S, "Pass"))
        assert [] == duties(table, Seat.S)
        assert Seat.W is table.turn
        assert "1S" in legal(table)
