"""Recording mode's machinery as mutation testing found it unpinned (issue 19,
core/recorder_core.py): the retention of the right to call (Law 17D3), an auction reopened
in the Clarification Period (Laws 21B1, 25A5), the fate of irregular calls, and lead
restrictions in the play (Laws 26B, 50D2, 51A).

Every table is built inside its test (a mutant is activated after the tests are collected).
"""

from __future__ import annotations

from dupbridge import PASS, Card, Deal, Phase, Seat, Table, parse_call
from dupbridge.core.cards import Suit
from dupbridge.core.events import (
    AuctionEnded,
    CallDeemed,
    IrregularityFlagged,
    Rectified,
)
from dupbridge.core.lawref import LawRef
from dupbridge.core.rectify import Cancel, LeadRight, Note, Restriction
from dupbridge.core.rulings_state import Duty, Span
from dupbridge.rulings import rulebook_for

PBN = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876"
#: East holds the top diamonds, so he can win a trick with the suit he must lead.
PBN_EAST_DIAMONDS = "N:AKQ2.J3.T98.5432 JT98.AKQ.AKQ.AKQ 7654.T987.765.JT 3.6542.J432.9876"


def recording(edition: str = "2017", pbn: str = PBN) -> Table:
    """Board 1: North deals."""
    return Table(
        1, Deal.from_pbn(pbn), edition=edition, mode="recording", rulebook=rulebook_for(edition)
    )


def calls(table: Table, *pairs: tuple[Seat, str]) -> None:
    for seat, word in pairs:
        table.make_call(seat, parse_call(word))


def cards(table: Table, *plays: str) -> None:
    """Plays ``"E:HA"``-like cards in order."""
    for play in plays:
        seat, card = play.split(":")
        table.play_card(Seat.from_str(seat), Card.from_str(card))


def legal(table: Table) -> str:
    return " ".join(str(card) for card in table.legal_cards())


def effects(table: Table, start: int) -> list[object]:
    return [e.effect for e in table.events[start:] if isinstance(e, Rectified)]


class TestRetentionOfTheRightToCall:
    """Law 17D3: a pass out of rotation, accepted, cannot end the auction when a player
    lost his turn: the auction reverts to him and the later passes are cancelled."""

    def skipped_east(self, edition: str) -> tuple[Table, int]:
        # North 1H; West passes at East's turn and North accepts (Law 29A); North and
        # East pass: three passes, but East never had his turn after 1H.
        table = recording(edition)
        calls(table, (Seat.N, "1H"), (Seat.W, "Pass"))
        table.choose(Seat.N, "accept")
        calls(table, (Seat.N, "Pass"))
        start = len(table.events)
        calls(table, (Seat.E, "Pass"))
        return table, start

    def test_the_auction_reverts_to_the_player_who_missed_his_turn(self) -> None:
        table, start = self.skipped_east("2017")
        flags = [e for e in table.events[start:] if isinstance(e, IrregularityFlagged)]
        assert [("retention_of_right_to_call", LawRef(17, "D3", "2017"), Seat.W)] == [
            (e.irregularity, e.law, e.seat) for e in flags
        ]
        ruling = flags[0].seq
        done = effects(table, start)
        assert all(effect.ruling == ruling for effect in done)  # type: ignore[attr-defined]
        (note,) = [effect for effect in done if isinstance(effect, Note)]
        assert (
            "the auction does not end: it reverts to East, who missed his turn; the passes "
            "made since are cancelled and the auction goes on normally; West, who passed out "
            "of rotation, is an offender for Law 16C"
        ) == note.text
        assert [Cancel(1, ruling=ruling)] == [e for e in done if isinstance(e, Cancel)]
        assert not any(isinstance(e, AuctionEnded) for e in table.events)
        assert Phase.AUCTION is table.phase
        assert Seat.E is table.turn
        rec = table.recording
        assert rec is not None
        assert [(Seat.N, "1H")] == [(s.seat, str(s.call)) for s in rec.standing]
        assert {1: "standing", 2: "cancelled", 9: "cancelled", 10: "cancelled"} == rec.status
        assert not rec.ended
        assert table.pending is None
        # the auction goes on normally from East
        calls(table, (Seat.E, "Pass"), (Seat.S, "Pass"), (Seat.W, "Pass"))
        assert Phase.PLAY is table.phase
        assert table.contract is not None
        assert "1HN" == str(table.contract)

    def test_the_2007_law_is_17e2(self) -> None:
        """The 2007 Laws number the same rule 17E2."""
        table, start = self.skipped_east("2007")
        flags = [e for e in table.events[start:] if isinstance(e, IrregularityFlagged)]
        assert [("retention_of_right_to_call", LawRef(17, "E2", "2007"), Seat.W)] == [
            (e.irregularity, e.law, e.seat) for e in flags
        ]
        assert Seat.E is table.turn


class TestTheAuctionReopens:
    """Law 21B1(a): a call changed after misinformation, before the opening lead, reopens
    the auction (the Clarification Period); what the end of the auction did is undone."""

    def test_exposed_cards_come_back_and_penalty_cards_go(self) -> None:
        """Law 24: West's honour exposed during the auction became a major penalty card
        when he became a defender, and declarer prohibited diamonds to East (Law 50D2);
        once the auction reopens, the card is an exposed card again, no penalty card nor
        restriction is left, and it becomes a penalty card again when the auction ends."""
        table = recording()
        table.make_call(Seat.N, parse_call("1NT"), alert=True, explanation="12-14")
        calls(table, (Seat.E, "Pass"), (Seat.S, "Pass"))
        table.expose_cards(Seat.W, [Card.from_str("DJ")])
        calls(table, (Seat.W, "Pass"))
        rec = table.recording
        assert rec is not None
        assert {Seat.W: {Card.from_str("DJ"): True}} == rec.penalty
        table.choose(Seat.N, "prohibit_diamonds")
        assert Phase.PLAY is table.phase
        assert rec.restrictions
        table.report(Seat.W, "misinformation", "facts", against=Seat.S)
        table.director(misinformation=True)
        table.choose(Seat.W, "change")
        assert Phase.AUCTION is table.phase
        assert table.play is None
        assert not rec.ended
        assert Seat.W is table.turn
        assert "1NT Pass Pass" == " ".join(str(s.call) for s in rec.standing)
        assert {Seat.W: [(Card.from_str("DJ"), False)]} == rec.exposed
        assert {} == rec.penalty
        assert [] == rec.restrictions
        assert {} == rec.designated
        assert rec._at_end is None
        calls(table, (Seat.W, "2C"), (Seat.N, "Pass"), (Seat.E, "Pass"), (Seat.S, "Pass"))
        assert "2CW" == str(table.contract)
        assert 2 == sum(isinstance(e, AuctionEnded) for e in table.events)
        # West is declarer now: his exposed card goes back to his hand (Law 24D)
        assert {} == rec.exposed
        assert {} == rec.penalty

    def test_a_lead_right_lapsed_at_the_lead_comes_back(self) -> None:
        """Law 26B: North's withdrawn 1H gives declarer a right over South's first lead.
        Declarer used it at the opening lead; the auction reopens: the right is South's
        again, declarer is asked again when the auction ends, and the prohibition made the
        first time is gone."""
        table = recording()
        calls(table, (Seat.N, "1H"), (Seat.N, "Pass"))
        table.director(unintended=False)
        table.choose(Seat.E, "refuse")
        table.director(comparable=False)
        rec = table.recording
        assert rec is not None
        (right,) = rec.lead_rights
        assert (Seat.S, Seat.N, LawRef(26, "B", "2017")) == (right.seat, right.offender, right.law)
        calls(table, (Seat.E, "1S"), (Seat.S, "Pass"))
        table.make_call(Seat.W, parse_call("2S"), alert=True, explanation="weak")
        calls(table, (Seat.N, "Pass"), (Seat.E, "Pass"), (Seat.S, "Pass"))
        pending = table.pending
        assert pending is not None
        assert "lead_restriction" == pending.irregularity
        table.choose(Seat.E, "prohibit_spades")
        assert [] == rec.lead_rights
        assert [
            Restriction(Seat.S, LawRef(26, "B", "2017"), None, frozenset({Suit.SPADES}), 3)
        ] == (rec.restrictions)
        table.report(Seat.S, "misinformation", "facts", against=Seat.E)
        table.director(misinformation=True)
        table.choose(Seat.S, "change")
        assert Phase.AUCTION is table.phase
        assert [right] == rec.lead_rights
        assert isinstance(rec.lead_rights[0], LeadRight)
        assert [] == rec.restrictions
        calls(table, (Seat.S, "Pass"))
        pending = table.pending
        assert pending is not None
        assert "lead_restriction" == pending.irregularity
        assert ("prohibit_spades", "prohibit_diamonds", "prohibit_clubs", "no_restriction") == (
            pending.options
        )


class TestTheFateOfAnIrregularCall:
    def test_irregular_while_ruled_then_cancelled(self) -> None:
        """Law 29: a bid out of rotation is irregular while its ruling is pending; refused,
        it is cancelled. The ruling is the flag's event, and its effects carry it."""
        table = recording()
        start = len(table.events)
        calls(table, (Seat.E, "1H"))
        rec = table.recording
        assert rec is not None
        (flag,) = [e for e in table.events[start:] if isinstance(e, IrregularityFlagged)]
        assert (2, "bid_out_of_rotation", Seat.E) == (flag.seq, flag.irregularity, flag.seat)
        assert {1: "irregular"} == rec.status
        pending = table.pending
        assert pending is not None
        assert 2 == pending.ruling
        assert all(e.ruling == 2 for e in effects(table, start))  # type: ignore[attr-defined]
        table.choose(Seat.S, "refuse")
        assert "cancelled" == rec.status[1]
        assert Seat.N is table.turn


def flags(table: Table, start: int = 0) -> list[tuple[int, str, LawRef, Seat]]:
    return [
        (e.seq, e.irregularity, e.law, e.seat)
        for e in table.events[start:]
        if isinstance(e, IrregularityFlagged)
    ]


def duties(table: Table, seat: Seat) -> list[tuple[Duty, Span, LawRef, str | None]]:
    rec = table.recording
    assert rec is not None
    return [
        (o.duty, o.span, o.law, None if o.call is None else str(o.call)) for o in rec.duties(seat)
    ]


class TestCallsTheTableFlags:
    """The recorder names each irregular call and the law governing it, logs it under the
    player who made it, and keeps the call's fate (irregular, standing, cancelled)."""

    def test_a_call_after_the_final_pass(self) -> None:
        """Law 39: after the final pass, declarer's 2H is flagged (cancelled with no further
        rectification, 39B); a defender's double asks whether his LHO called over it."""
        table = recording()
        calls(table, (Seat.N, "1H"), (Seat.E, "Pass"), (Seat.S, "Pass"), (Seat.W, "Pass"))
        start = len(table.events)
        calls(table, (Seat.N, "2H"))
        assert [(7, "call_after_final_pass", LawRef(39, "", "2017"), Seat.N)] == flags(table, start)
        (note,) = effects(table, start)
        assert isinstance(note, Note)
        assert "2H is cancelled; there is no further rectification (Law 39B)" == note.text
        assert Phase.PLAY is table.phase
        rec = table.recording
        assert rec is not None
        assert "cancelled" == rec.status[6]  # ruled on, nothing pending (Law 39A)
        assert "1HN" == str(table.contract)
        start = len(table.events)
        calls(table, (Seat.W, "X"))
        assert [(10, "call_after_final_pass", LawRef(39, "", "2017"), Seat.W)] == flags(
            table, start
        )
        pending = table.pending
        assert pending is not None
        assert "Did North call over West's X before the Director ruled?" == pending.question

    def test_a_call_at_rhos_turn_when_rho_must_pass(self) -> None:
        """Law 28A: South must pass (his partner exposed an honour, Law 24B); West's pass at
        South's turn is in rotation: South's pass is deemed made, and West's stands."""
        table = recording()
        calls(table, (Seat.N, "1H"))
        table.expose_cards(Seat.N, [Card.from_str("SA")])
        calls(table, (Seat.E, "Pass"))
        start = len(table.events)
        calls(table, (Seat.W, "Pass"))
        deemed = [e for e in table.events[start:] if isinstance(e, CallDeemed)]
        assert [(Seat.S, PASS, LawRef(28, "A", "2017"))] == [
            (e.seat, e.call, e.law) for e in deemed
        ]
        assert [] == flags(table, start)
        rec = table.recording
        assert rec is not None
        assert [(Seat.N, 1), (Seat.E, 8), (Seat.S, None), (Seat.W, 9)] == [
            (s.seat, s.seq) for s in rec.standing
        ]
        assert {1: "standing", 8: "standing", 9: "standing"} == rec.status
        assert "1HN" == str(table.contract)

    def test_an_insufficient_bid_and_an_inadmissible_double_in_turn(self) -> None:
        """Law 27 for an insufficient bid, Law 36 for a double of nothing."""
        table = recording()
        calls(table, (Seat.N, "1S"), (Seat.E, "1H"))
        assert [(3, "insufficient_bid", LawRef(27, "", "2017"), Seat.E)] == flags(table)
        rec = table.recording
        assert rec is not None
        assert "irregular" == rec.status[2]
        pending = table.pending
        assert pending is not None
        assert "Does South accept East's insufficient bid 1H?" == pending.question
        table = recording()
        calls(table, (Seat.N, "X"))
        assert [(2, "inadmissible_double", LawRef(36, "", "2017"), Seat.N)] == flags(table)

    def obliged_to_pass(self) -> Table:
        """East passed at North's turn, refused; North opens 1C: East must pass (Law 30A)."""
        table = recording()
        calls(table, (Seat.E, "Pass"))
        table.choose(Seat.S, "refuse")
        table.director(artificial=False)
        calls(table, (Seat.N, "1C"))
        return table

    def test_a_bid_by_a_player_obliged_to_pass(self) -> None:
        """Law 37: the bid is flagged under Law 37; the Director asks whether the LHO
        called over it, naming the bid."""
        table = self.obliged_to_pass()
        start = len(table.events)
        calls(table, (Seat.E, "1D"))
        assert [(15, "call_by_player_obliged_to_pass", LawRef(37, "", "2017"), Seat.E)] == flags(
            table, start
        )
        rec = table.recording
        assert rec is not None
        assert "irregular" == rec.status[14]
        pending = table.pending
        assert pending is not None
        assert "Did South call over East's 1D before the Director ruled?" == pending.question

    def test_an_inadmissible_redouble_by_a_player_obliged_to_pass(self) -> None:
        """Law 36: a redouble with no double is inadmissible whatever his obligation."""
        table = self.obliged_to_pass()
        start = len(table.events)
        calls(table, (Seat.E, "XX"))
        assert [(15, "inadmissible_redouble", LawRef(36, "", "2017"), Seat.E)] == flags(
            table, start
        )
        rec = table.recording
        assert rec is not None
        assert "irregular" == rec.status[14]
        pending = table.pending
        assert pending is not None
        assert "Did South call over East's inadmissible XX before the Director ruled?" == (
            pending.question
        )

    def test_a_simultaneous_call(self) -> None:
        """Law 33: West's pass, simultaneous with East's, is deemed to come after it, and is
        then a pass out of rotation at South's turn (Law 30)."""
        table = recording()
        calls(table, (Seat.N, "1H"), (Seat.E, "Pass"))
        start = len(table.events)
        table.make_call(Seat.W, PASS, simultaneous=True)
        assert [
            (4, "simultaneous_call", LawRef(33, "", "2017"), Seat.W),
            (6, "pass_out_of_rotation", LawRef(30, "", "2017"), Seat.W),
        ] == flags(table, start)
        note = effects(table, start)[0]
        assert (
            Note(
                (LawRef(33, "", "2017"),),
                "West's call was made at the same moment as the call of the player in turn; it is "
                "deemed to come after it",
                ruling=4,
            )
            == note
        )
        rec = table.recording
        assert rec is not None
        assert "irregular" == rec.status[3]


class TestWhatRulingsDoToTheCalls:
    def test_the_lho_accepts_by_calling(self) -> None:
        """Law 29A: South calls over East's bid out of rotation: East's 1S stands and South's
        2H follows it."""
        table = recording()
        calls(table, (Seat.E, "1S"), (Seat.S, "2H"))
        rec = table.recording
        assert rec is not None
        assert [(Seat.E, "1S", 1), (Seat.S, "2H", 4)] == [
            (s.seat, str(s.call), s.seq) for s in rec.standing
        ]
        assert {1: "standing", 4: "standing"} == rec.status
        assert Seat.W is table.turn

    def test_an_accepted_pass_completes_the_auction_before_the_next_call(self) -> None:
        """Law 17D3 inside Law 29A: East's pass accepts North's pass out of rotation, which
        makes three passes with West skipped: the auction reverts to West (North's pass
        cancelled), and East's pass, now out of rotation at West's turn, is ruled."""
        table = recording()
        calls(table, (Seat.N, "1H"), (Seat.E, "Pass"), (Seat.S, "Pass"), (Seat.N, "Pass"))
        start = len(table.events)
        calls(table, (Seat.E, "Pass"))
        assert [
            (12, "retention_of_right_to_call", LawRef(17, "D3", "2017"), Seat.N),
            (15, "pass_out_of_rotation", LawRef(30, "", "2017"), Seat.E),
        ] == flags(table, start)
        rec = table.recording
        assert rec is not None
        assert "1H Pass Pass" == " ".join(str(s.call) for s in rec.standing)
        assert {1: "standing", 2: "standing", 3: "standing", 4: "cancelled", 7: "irregular"} == (
            rec.status
        )
        assert not any(isinstance(e, AuctionEnded) for e in table.events)
        pending = table.pending
        assert pending is not None
        assert "Does South accept East's Pass, made out of rotation at West's turn?" == (
            pending.question
        )

    def test_an_unintended_call_replaced(self) -> None:
        """Law 25A1: North's unintended 1C is replaced by 1D in its place; East withdraws
        the 1H he made over it (25A6): 1C and 1H are cancelled, 1D stands."""
        table = recording()
        calls(table, (Seat.N, "1C"), (Seat.E, "1H"))
        table.change_call(Seat.N, parse_call("1D"))
        rec = table.recording
        assert rec is not None
        assert {1: "standing", 2: "standing", 3: "irregular"} == rec.status
        table.director(unintended=True)
        assert [(Seat.N, "1D", 3), (Seat.E, "1H", 2)] == [
            (s.seat, str(s.call), s.seq) for s in rec.standing
        ]
        assert {1: "cancelled", 2: "standing", 3: "standing"} == rec.status
        table.choose(Seat.E, "withdraw")
        assert [(Seat.N, "1D", 3)] == [(s.seat, str(s.call), s.seq) for s in rec.standing]
        assert {1: "cancelled", 2: "cancelled", 3: "standing"} == rec.status
        assert Seat.E is table.turn
        assert parse_call("1H") in table.legal_calls()

    def test_an_unintended_call_that_cannot_take_its_place(self) -> None:
        """Law 25A1: North meant to double, which cannot open the auction: his 1C is
        cancelled and he must make the double again at his turn, where it is judged (an
        inadmissible double, Law 36); the duty is then spent."""
        table = recording()
        calls(table, (Seat.N, "1C"))
        table.change_call(Seat.N, parse_call("X"))
        table.director(unintended=True)
        assert [(Duty.REPEAT, Span.NEXT_TURN, LawRef(25, "A1", "2017"), "X")] == duties(
            table, Seat.N
        )
        assert (parse_call("X"),) == tuple(table.legal_calls())
        start = len(table.events)
        calls(table, (Seat.N, "X"))
        assert [(11, "inadmissible_double", LawRef(36, "", "2017"), Seat.N)] == flags(table, start)
        assert [] == duties(table, Seat.N)

    def test_an_insufficient_bid_replaced(self) -> None:
        """Law 27B1(a): East's insufficient 1H, not accepted, is replaced by 2H: the
        replacement is irregular while the Director rules, then stands."""
        table = recording()
        calls(table, (Seat.N, "1S"), (Seat.E, "1H"))
        table.choose(Seat.S, "refuse")
        rec = table.recording
        assert rec is not None
        assert {1: "standing", 2: "cancelled"} == rec.status
        calls(table, (Seat.E, "2H"))
        assert {1: "standing", 2: "cancelled", 9: "irregular"} == rec.status
        table.director(same_denominations=True)
        assert {1: "standing", 2: "cancelled", 9: "standing"} == rec.status
        assert [(Seat.N, "1S", 1), (Seat.E, "2H", 9)] == [
            (s.seat, str(s.call), s.seq) for s in rec.standing
        ]
        (review,) = rec.reviews
        assert (LawRef(27, "D", "2017"), None) == (review.review.law, review.decision)
        assert Seat.S is table.turn

    def test_a_second_insufficient_bid(self) -> None:
        """Law 27B4 then 27B3: the second insufficient bid refused, East may not double at
        his next call (released once he calls) and West must pass for the rest of the
        auction; East's next insufficient bid is irregular again."""
        table = recording()
        calls(table, (Seat.N, "2S"), (Seat.E, "1H"))
        table.choose(Seat.S, "refuse")
        calls(table, (Seat.E, "2D"))
        table.choose(Seat.S, "refuse")
        rec = table.recording
        assert rec is not None
        assert {1: "standing", 2: "cancelled", 9: "cancelled"} == rec.status
        assert [(Duty.NO_DOUBLE, Span.NEXT_TURN, LawRef(27, "B3", "2017"), None)] == duties(
            table, Seat.E
        )
        forced = [(Duty.PASS, Span.REST_OF_AUCTION, LawRef(27, "B3", "2017"), None)]
        assert forced == duties(table, Seat.W)
        calls(table, (Seat.E, "2H"))
        assert [] == duties(table, Seat.E)
        assert Seat.E not in rec.obligations
        assert forced == duties(table, Seat.W)
        assert "irregular" == rec.status[19]

    def test_a_pass_for_the_rest_of_the_auction_outlives_a_pass(self) -> None:
        """Law 27B2: East's insufficient bid replaced by a pass not comparable: West must
        pass whenever it is his turn, not only at the next one."""
        table = recording()
        calls(table, (Seat.N, "1D"), (Seat.E, "1C"))
        table.choose(Seat.S, "refuse")
        calls(table, (Seat.E, "Pass"))
        table.director(comparable=False)
        forced = [(Duty.PASS, Span.REST_OF_AUCTION, LawRef(27, "B2", "2017"), None)]
        assert forced == duties(table, Seat.W)
        calls(table, (Seat.S, "1S"), (Seat.W, "Pass"))
        assert forced == duties(table, Seat.W)
        calls(table, (Seat.N, "2S"), (Seat.E, "Pass"), (Seat.S, "3S"))
        assert Seat.W is table.turn
        assert (PASS,) == tuple(table.legal_calls())


class TestTheRulingKnowsWhoseTurnItWas:
    """The flag hands the rulebook the player whose turn it was: the auction goes back to
    him (Law 36A) or the offender's pass is put in his place (Law 37B1)."""

    def test_an_inadmissible_double_in_turn_called_over(self) -> None:
        """Law 36A: East called over North's opening double: the auction goes on from North."""
        table = recording()
        calls(table, (Seat.N, "X"))
        start = len(table.events)
        table.director(lho_called=True)
        notes = [e for e in effects(table, start) if isinstance(e, Note)]
        assert [
            "East called before rectification: X and every later call are cancelled and the "
            "auction goes on from North as if there had been no irregularity, with no lead "
            "restrictions (Law 36A)"
        ] == [note.text for note in notes]
        assert Seat.N is table.turn

    def obliged_to_pass(self) -> Table:
        table = recording()
        calls(table, (Seat.E, "Pass"))
        table.choose(Seat.S, "refuse")
        table.director(artificial=False)
        calls(table, (Seat.N, "1C"))
        return table

    def test_an_inadmissible_redouble_by_a_player_obliged_to_pass(self) -> None:
        """Law 36A: the auction goes on from East, who still must pass (Law 30A)."""
        table = self.obliged_to_pass()
        calls(table, (Seat.E, "XX"))
        start = len(table.events)
        table.director(lho_called=True)
        notes = [e for e in effects(table, start) if isinstance(e, Note)]
        assert [
            "South called before rectification: XX and every later call are cancelled and the "
            "auction goes on from East as if there had been no irregularity, with no lead "
            "restrictions (Law 36A)"
        ] == [note.text for note in notes]
        assert Seat.E is table.turn
        assert (PASS,) == tuple(table.legal_calls())

    def test_a_bid_by_a_player_obliged_to_pass_replaced_by_a_pass(self) -> None:
        """Law 37B1: East's 1D is cancelled and a pass put in its place; East and West pass
        for the rest of the auction (37B2)."""
        table = self.obliged_to_pass()
        calls(table, (Seat.E, "1D"))
        table.director(lho_called=False)
        rec = table.recording
        assert rec is not None
        assert [(Seat.N, "1C", 13), (Seat.E, "Pass", None)] == [
            (s.seat, str(s.call), s.seq) for s in rec.standing
        ]
        assert {1: "cancelled", 13: "standing", 14: "cancelled"} == rec.status
        assert Seat.S is table.turn


class TestAReplacementThatIsNoCall:
    def test_an_inadmissible_redouble_in_place_of_an_insufficient_bid(self) -> None:
        """Law 27B3: East's attempt to replace his insufficient 1H by a redouble is
        cancelled at once (no ruling pending): he must still replace the bid, may not
        double, and West must pass for the rest of the auction."""
        table = recording()
        calls(table, (Seat.N, "1S"), (Seat.E, "1H"))
        table.choose(Seat.S, "refuse")
        calls(table, (Seat.E, "XX"))
        rec = table.recording
        assert rec is not None
        assert {1: "standing", 2: "cancelled", 9: "cancelled"} == rec.status
        assert table.pending is None
        assert Seat.E is table.turn
        assert [(Seat.E, True)] == [(w.seat, w.raw) for w in rec.watches]


class TestARulingAfterAPassedOutBoard:
    def test_the_board_stays_over(self) -> None:
        """Law 15B: a wrong board reported after four passes; once the Director has found
        that nobody played it before (15B2, 15B3), the board is over again."""
        table = recording()
        calls(table, (Seat.N, "Pass"), (Seat.E, "Pass"), (Seat.S, "Pass"), (Seat.W, "Pass"))
        assert Phase.FINISHED is table.phase
        table.report(Seat.N, "wrong_board", "facts")
        assert Phase.DIRECTOR is table.phase
        table.director(played_before=False)
        assert Phase.FINISHED is table.phase
        assert table.pending is None
