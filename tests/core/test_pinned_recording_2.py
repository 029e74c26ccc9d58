"""Recording mode's commands as mutation testing found them unpinned (issue 19,
core/recording.py), continued: what the rulebook is told of each irregularity (Laws 24, 25,
38, and the reports of Laws 13-21, 43, 45, 67).

Every table is built inside its test (a mutant is activated after the tests are collected).
"""

from __future__ import annotations

import pytest

from dupbridge import Card, Deal, ImpossibleActionError, Phase, Seat, Table, parse_call
from dupbridge.core.calls import Strain
from dupbridge.core.events import CallMade, IrregularityFlagged, Rectified
from dupbridge.core.lawref import LawRef
from dupbridge.rulings import rulebook_for

PBN = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876"


def recording(edition: str = "2017") -> Table:
    """Board 1: North deals."""
    return Table(
        1, Deal.from_pbn(PBN), edition=edition, mode="recording", rulebook=rulebook_for(edition)
    )


def calls(table: Table, words: str, first: Seat = Seat.N) -> None:
    seat = first
    for word in words.split():
        table.make_call(seat, parse_call(word))
        seat = seat.lho


class TestABidAboveSeven:
    def test_the_ruling_knows_the_bid_and_whose_turn_it_was(self) -> None:
        """2007 Law 38: East's 8S in turn is cancelled and a pass put in its place; East and
        West pass for the rest of the auction; the withdrawn bid named spades, so declarer
        may require or prohibit a spade lead from West (2007 Law 26A2)."""
        table = recording("2007")
        calls(table, "1H")
        events = table.bid_above_seven(Seat.E, 8, Strain.SPADES)
        (flag,) = [e for e in events if isinstance(e, IrregularityFlagged)]
        pending = table.pending
        assert pending is not None
        assert flag.seq == pending.ruling == 3
        start = len(table.events)
        table.director(lho_called=False)
        done = [e.effect for e in table.events[start:] if isinstance(e, Rectified)]
        assert {3} == {effect.ruling for effect in done}
        rec = table.recording
        assert rec is not None
        assert [(Seat.N, "1H", 1), (Seat.E, "Pass", None)] == [
            (s.seat, str(s.call), s.seq) for s in rec.standing
        ]
        assert Seat.S is table.turn
        (right,) = rec.lead_rights
        assert (Seat.W, Seat.E, LawRef(26, "A2", "2007")) == (right.seat, right.offender, right.law)


def after_the_lead() -> Table:
    """1H by North; East has led the SJ."""
    table = recording()
    calls(table, "1H Pass Pass Pass")
    table.play_card(Seat.E, Card.from_str("SJ"))
    return table


class TestExposedCardsAreJudgedByWhatWasShown:
    def test_in_the_play_deliberately_or_not(self) -> None:
        """Law 50B: a defender's single card below an honour exposed by accident is a minor
        penalty card; exposed deliberately, or with another card, it is major."""
        table = after_the_lead()
        table.expose_cards(Seat.W, [Card.from_str("D2")])
        rec = table.recording
        assert rec is not None
        assert {Seat.W: {Card.from_str("D2"): False}} == rec.penalty
        table = after_the_lead()
        table.expose_cards(Seat.W, [Card.from_str("D2")], deliberate=True)
        rec = table.recording
        assert rec is not None
        assert {Seat.W: {Card.from_str("D2"): True}} == rec.penalty
        table = after_the_lead()
        table.expose_cards(Seat.W, [Card.from_str("D2"), Card.from_str("D3")])
        rec = table.recording
        assert rec is not None
        assert {Seat.W: {Card.from_str("D2"): True, Card.from_str("D3"): True}} == rec.penalty

    def test_in_the_auction_one_card_or_two(self) -> None:
        """Law 24A: a single card below an honour, not led, has no further rectification;
        24C: two cards oblige the partner to pass at his next turn."""
        table = recording()
        calls(table, "1H")
        table.expose_cards(Seat.E, [Card.from_str("D5")])
        rec = table.recording
        assert rec is not None
        assert {} == rec.obligations
        assert {Seat.E: [(Card.from_str("D5"), False)]} == rec.exposed
        table = recording()
        calls(table, "1H")
        table.expose_cards(Seat.E, [Card.from_str("D5"), Card.from_str("D6")])
        rec = table.recording
        assert rec is not None
        assert [LawRef(24, "C", "2017")] == [o.law for o in rec.duties(Seat.W)]
        assert rec.must_pass(Seat.W)


class TestAChangeOfCall:
    def test_partners_call_right_after_bars_it(self) -> None:
        """Law 25A4: South's 1S out of rotation at East's turn, accepted by West (29A),
        comes right after North's 1H: North's partner has called since, so no change."""
        table = recording()
        calls(table, "1H")
        table.make_call(Seat.S, parse_call("1S"))
        table.choose(Seat.W, "accept")
        before = table.events
        with pytest.raises(ImpossibleActionError) as caught:
            table.change_call(Seat.N, parse_call("2H"))
        assert (
            "North cannot change his call: his partner has called since (Law 25A4) "
            "(Law 25A4 (2017))"
        ) == str(caught.value)
        assert before == table.events

    def test_the_ruling_is_the_flags(self) -> None:
        """Law 25: the Director's question, and what follows it, belong to the flag's ruling."""
        table = recording()
        calls(table, "1C 1H")
        events = table.change_call(Seat.N, parse_call("1D"))
        (flag,) = [e for e in events if isinstance(e, IrregularityFlagged)]
        pending = table.pending
        assert pending is not None
        assert flag.seq == pending.ruling == 4
        start = len(table.events)
        table.director(unintended=True)
        done = [e.effect for e in table.events[start:] if isinstance(e, Rectified)]
        assert {4} == {effect.ruling for effect in done}


class TestADefectiveTrickReport:
    def test_a_card_omitted_unless_said_otherwise(self) -> None:
        """Law 67: a defective trick report says whether a card was omitted (the default)
        or is surplus."""
        for details in ({"trick": 1}, {"trick": 1, "cards": "omitted"}):
            table = recording()
            calls(table, "1H Pass Pass Pass")
            for seat, text in (("E", "SJ"), ("S", "S4"), ("W", "S3"), ("N", "SA")):
                table.play_card(Seat.from_str(seat), Card.from_str(text))
            events = table.report(Seat.W, "defective_trick", "facts", Seat.N, details)
            assert [(12, "defective_trick", LawRef(67, "", "2017"), Seat.N)] == [
                (e.seq, e.irregularity, e.law, e.seat)
                for e in events
                if isinstance(e, IrregularityFlagged)
            ]


WARNING = (
    "Law 43B2(a) is dummy warning declarer about the hand to lead from, when declarer's side "
    "is on lead (Law 43B2(a) (2017))"
)


def north_won_the_first_trick() -> Table:
    table = recording()
    calls(table, "1H Pass Pass Pass")
    for seat, text in (("E", "SJ"), ("S", "S4"), ("W", "S3"), ("N", "SA")):
        table.play_card(Seat.from_str(seat), Card.from_str(text))
    return table


def warning_refused(table: Table) -> None:
    before = table.events
    with pytest.raises(ImpossibleActionError) as caught:
        table.report(Seat.S, "dummy_warned_wrong_hand", "facts")
    assert WARNING == str(caught.value)
    assert before == table.events


class TestDummysWarningNeedsDeclarersLead:
    """Law 43B2(a): dummy may warn declarer only before declarer's side leads to a trick, in
    the play, with no claim pending."""

    def test_not_once_the_trick_has_begun(self) -> None:
        table = recording()
        calls(table, "1H Pass Pass Pass")
        table.play_card(Seat.E, Card.from_str("SJ"))
        assert Seat.S is table.turn  # dummy's card is next, but East has led
        warning_refused(table)

    def test_not_while_a_claim_is_pending(self) -> None:
        table = north_won_the_first_trick()
        table.claim(Seat.N, 9)
        assert table.pending_claim is not None
        warning_refused(table)

    def test_not_once_the_claim_ended_the_play(self) -> None:
        table = north_won_the_first_trick()
        table.claim(Seat.N, 9)
        table.accept_claim(Seat.E)
        assert Phase.FINISHED is table.phase
        play = table.play
        assert play is not None
        assert Seat.N is play.turn
        warning_refused(table)


class TestReportsTheirRulingsAndLaws:
    def test_a_reports_ruling_is_its_flags(self) -> None:
        """Law 15B: the Director's question on a wrong board belongs to the flag's ruling."""
        table = recording()
        events = table.report(Seat.W, "wrong_board", "facts")
        (flag,) = [e for e in events if isinstance(e, IrregularityFlagged)]
        pending = table.pending
        assert pending is not None
        assert flag.seq == pending.ruling == 2

    def test_the_2007_laws_of_the_other_reports(self) -> None:
        """Reports the 2007 Laws number as 2017 does keep their number: unauthorized
        information is Law 16B there too."""
        table = recording("2007")
        events = table.report(Seat.W, "unauthorized_information", "facts", against=Seat.N)
        assert [(2, "unauthorized_information", LawRef(16, "B", "2007"), Seat.N)] == [
            (e.seq, e.irregularity, e.law, e.seat)
            for e in events
            if isinstance(e, IrregularityFlagged)
        ]


class TestExposingCardsUnderAClaim:
    """Law 49 applies in the play; with a claim pending, or once a claim has ended the play,
    no card is exposed that way (Laws 68-71 govern the claim)."""

    MESSAGE = (
        "West cannot expose cards now: the board is over or a claim is pending (Law 49 (2017))"
    )

    def refused(self, table: Table) -> None:
        before = table.events
        with pytest.raises(ImpossibleActionError) as caught:
            table.expose_cards(Seat.W, [Card.from_str("D2")])
        assert self.MESSAGE == str(caught.value)
        assert before == table.events

    def test_while_a_claim_is_pending(self) -> None:
        table = north_won_the_first_trick()
        table.claim(Seat.N, 9)
        assert Phase.PLAY is table.phase
        self.refused(table)

    def test_once_a_claim_ended_the_play(self) -> None:
        table = north_won_the_first_trick()
        table.claim(Seat.N, 9)
        table.accept_claim(Seat.E)
        self.refused(table)

    def test_the_ruling_is_the_flags(self) -> None:
        """Law 24: what follows an exposed honour belongs to the flag's ruling."""
        table = recording()
        calls(table, "1H")
        events = table.expose_cards(Seat.E, [Card.from_str("HA")])
        (flag,) = [e for e in events if isinstance(e, IrregularityFlagged)]
        done = [e.effect for e in events if isinstance(e, Rectified)]
        assert done
        assert {flag.seq} == {effect.ruling for effect in done}


class TestCallsAtEachStage:
    def test_a_premature_replacement_waits_for_the_ruling(self) -> None:
        """Law 27C: East replaces his insufficient 1H by 2H before South has chosen; the 2H
        does not stand yet, and the 1H may still be accepted (27A1): both are irregular
        while South chooses. South refuses: the 1H is cancelled, the 2H stays irregular
        while the Director rules on it, and once he finds it specifies the same
        denomination it stands (27B1(a))."""
        table = recording()
        calls(table, "1S 1H")
        events = table.make_call(Seat.E, parse_call("2H"), alert=True, explanation="hearts")
        assert CallMade(5, Seat.E, parse_call("2H"), True, "hearts", False) == events[0]
        rec = table.recording
        assert rec is not None
        assert {1: "standing", 2: "irregular", 5: "irregular"} == rec.status
        table.choose(Seat.S, "refuse")
        assert {1: "standing", 2: "cancelled", 5: "irregular"} == rec.status
        table.director(same_denominations=True)
        assert {1: "standing", 2: "cancelled", 5: "standing"} == rec.status
        assert [(Seat.N, "1S"), (Seat.E, "2H")] == [(s.seat, str(s.call)) for s in rec.standing]

    def test_no_call_after_a_passed_out_board(self) -> None:
        """Laws 22, 39: four passes end the board; a further call is refused, naming the
        player."""
        table = recording()
        calls(table, "Pass Pass Pass Pass")
        for seat in (Seat.N, Seat.E):
            before = table.events
            with pytest.raises(ImpossibleActionError) as caught:
                table.make_call(seat, parse_call("1H"))
            assert (
                "the board is over: it was passed out, and no call may follow the final pass "
                f"(Laws 22, 39); {seat.title}'s call is refused (Law 39)"
            ) == str(caught.value)
            assert seat is caught.value.seat
            assert before == table.events

    def test_a_call_after_the_final_pass_is_logged_as_made(self) -> None:
        """Law 39: before the opening lead a call is still taken and logged as made (then
        ruled), with its alert and explanation."""
        table = recording()
        calls(table, "1H Pass Pass Pass")
        events = table.make_call(Seat.N, parse_call("2H"), alert=True, explanation="more")
        assert CallMade(6, Seat.N, parse_call("2H"), True, "more", False) == events[0]

    def test_a_duty_binds_a_call_only_at_his_turn(self) -> None:
        """Law 31A1: East must repeat his 1S at his turn; South's 2C out of rotation at
        East's turn is accepted (29A), so the turn passes to West. East's 2D now is a call
        out of rotation (Law 31), ruled as such, not refused as a failure to repeat."""
        table = recording()
        table.make_call(Seat.E, parse_call("1S"))
        table.choose(Seat.S, "refuse")
        calls(table, "Pass")
        table.make_call(Seat.S, parse_call("2C"))
        table.choose(Seat.W, "accept")
        assert Seat.W is table.turn
        events = table.make_call(Seat.E, parse_call("2D"))
        assert [(20, "bid_out_of_rotation", LawRef(31, "", "2017"), Seat.E)] == [
            (e.seq, e.irregularity, e.law, e.seat)
            for e in events
            if isinstance(e, IrregularityFlagged)
        ]

    def test_partners_call_before_does_not_bar_a_change(self) -> None:
        """Law 25A4 looks at the calls after his own: North's pass out of rotation right after
        South's 2H, accepted by East (29A), may still be changed; the Director rules on it."""
        table = recording()
        calls(table, "1H Pass 2H")
        table.make_call(Seat.N, parse_call("Pass"))
        table.choose(Seat.E, "accept")
        events = table.change_call(Seat.N, parse_call("3H"))
        assert [(12, "change_of_call", LawRef(25, "", "2017"), Seat.N)] == [
            (e.seq, e.irregularity, e.law, e.seat)
            for e in events
            if isinstance(e, IrregularityFlagged)
        ]
