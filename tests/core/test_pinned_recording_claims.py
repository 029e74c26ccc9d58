"""Recording mode after a claim or concession, as mutation testing found it unpinned (issue 19,
core/recording_claims.py): disputes (Laws 68D, 70), play continued (2017 68D2(b)), a
defender's concession objected to (68B2), and agreements withdrawn (69B, 71).

The refusals are compared in full; the irregularity the table hands the rulebook is checked
through a rulebook that records what it is given and otherwise answers as the real one. Every
table is built inside its test (a mutant is activated after the tests are collected).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from dupbridge import Card, Deal, ImpossibleActionError, Phase, Seat, Table, parse_call
from dupbridge.core.events import (
    AgreementWithdrawn,
    ClaimRejected,
    ConcessionObjected,
    IrregularityFlagged,
    PlayContinued,
)
from dupbridge.core.lawref import LawRef
from dupbridge.core.rulings_state import Irregularity
from tests.core.test_pinned_recording_play import PBN, Spy


class Refuser(Spy):
    """A rulebook that refuses every irregularity handed to it (an option its edition does
    not have, say)."""

    def irregularity(self, table: Table, irregularity: Irregularity) -> Any:
        self.seen.append(irregularity)
        raise ImpossibleActionError("refused by the rulebook", seat=irregularity.seat)


def in_play(edition: str = "2017", spy: Spy | None = None) -> tuple[Table, Spy]:
    """East declares 1NT (West is dummy); South leads H7 and East wins the first trick."""
    spy = Spy(edition) if spy is None else spy
    table = Table(1, Deal.from_pbn(PBN), edition=edition, mode="recording", rulebook=spy)  # type: ignore[arg-type]
    for word in ["Pass", "1NT", "Pass", "Pass", "Pass"]:
        turn = table.turn
        assert turn is not None
        table.make_call(turn, parse_call(word))
    for move in ["S:H7", "W:H2", "N:H3", "E:HA"]:
        seat, text = move.split(":")
        table.play_card(Seat.from_str(seat), Card.from_str(text))
    return table, spy


def refused(table: Table, action: Callable[[], object]) -> ImpossibleActionError:
    before = (table.events, table.phase, table.pending, table.result)
    with pytest.raises(ImpossibleActionError) as caught:
        action()
    assert before == (table.events, table.phase, table.pending, table.result)
    return caught.value


class TestADisputedClaimCallsTheDirector:
    @pytest.mark.parametrize("edition", ["2017", "2007"])
    def test_the_ruling_opened(self, edition: str) -> None:
        """Laws 68D and 70: an opponent disputes the claim; the claimer is the offender of
        the ruling, which is numbered after the rejection, and the disputer was on turn."""
        table, spy = in_play(edition)
        table.claim(Seat.E, 10)
        events = table.reject_claim(Seat.S)
        rejected, flagged = events[0], events[1]
        assert isinstance(rejected, ClaimRejected)
        assert Seat.S is rejected.seat
        assert isinstance(flagged, IrregularityFlagged)
        assert rejected.seq + 1 == flagged.seq
        assert "contested_claim" == flagged.irregularity
        assert LawRef(70, "", edition) == flagged.law
        assert Seat.E is flagged.seat
        seen = spy.seen[-1]
        assert ("contested_claim", flagged.law, Seat.E, flagged.seq, rejected.seq, Seat.S) == (
            seen.name,
            seen.law,
            seen.seat,
            seen.ruling,
            seen.seq,
            seen.turn,
        )
        assert Phase.DIRECTOR is table.phase
        pending = table.pending
        assert pending is not None
        assert flagged.seq == pending.ruling

    def test_a_refusal_leaves_the_table_as_it_was(self) -> None:
        """The rulebook is asked before anything is logged: if it refuses, play is still
        stopped for the claim (Law 68D) and nothing was recorded."""
        table, spy = in_play(spy=Refuser("2017"))
        table.claim(Seat.E, 10)
        error = refused(table, lambda: table.reject_claim(Seat.S))
        assert "refused by the rulebook" == str(error)
        assert Phase.PLAY is table.phase
        assert table.pending_claim is not None
        assert "contested_claim" == spy.seen[-1].name
        refused(table, lambda: table.continue_play(Seat.N))
        assert "claim_play_continued" == spy.seen[-1].name


class TestPlayContinuedAfterAClaim:
    def test_all_four_agree(self) -> None:
        """2017 Law 68D2(b): at the non-claiming side's request play continues; the claim is
        void and the player on turn plays on."""
        table, spy = in_play()
        table.claim(Seat.E, 10)
        events = table.continue_play(Seat.N)
        asked, flagged = events[0], events[1]
        assert isinstance(asked, PlayContinued)
        assert Seat.N is asked.seat
        assert isinstance(flagged, IrregularityFlagged)
        assert asked.seq + 1 == flagged.seq
        assert ("claim_play_continued", LawRef(68, "D", "2017"), Seat.E) == (
            flagged.irregularity,
            flagged.law,
            flagged.seat,
        )
        assert Seat.N is spy.seen[-1].turn
        assert Phase.PLAY is table.phase
        assert table.pending is None
        assert table.pending_claim is None
        assert Seat.E is table.turn

    def test_only_while_a_claim_awaits_its_answer(self) -> None:
        """Law 68D: without a claim, or once the Director is called on it, there is nothing
        to continue."""
        message = (
            "play can continue only while a claim awaits the opponents' answer (Law 68D) "
            "(Law 68D (2017))"
        )
        table, _spy = in_play()
        error = refused(table, lambda: table.continue_play(Seat.N))
        assert message == str(error)
        assert Seat.N is error.seat
        assert LawRef(68, "D", "2017") == error.law
        table.claim(Seat.E, 10)
        table.reject_claim(Seat.S)
        assert message == str(refused(table, lambda: table.continue_play(Seat.N)))

    def test_not_at_the_claimers_request(self) -> None:
        """Law 68D2(b): the request is the non-claiming side's."""
        table, _spy = in_play()
        table.claim(Seat.E, 10)
        error = refused(table, lambda: table.continue_play(Seat.W))
        assert (
            "only the side that did not claim may ask for play to continue (Law 68D2(b)) "
            "(Law 68D (2017))"
        ) == str(error)
        assert Seat.W is error.seat
        assert LawRef(68, "D", "2017") == error.law


class TestObjectionToAPartnersConcession:
    def test_the_objection_at_once(self) -> None:
        """Law 68B2: a defender concedes, his partner objects at once: there is no
        concession and play continues."""
        table, spy = in_play()
        table.concede(Seat.S, 1)
        assert Phase.FINISHED is table.phase
        events = table.object_to_concession(Seat.N)
        objected, flagged = events[0], events[1]
        assert isinstance(objected, ConcessionObjected)
        assert Seat.N is objected.seat
        assert isinstance(flagged, IrregularityFlagged)
        assert objected.seq + 1 == flagged.seq
        assert ("concession_objected", LawRef(68, "B2", "2017"), Seat.S) == (
            flagged.irregularity,
            flagged.law,
            flagged.seat,
        )
        assert Seat.N is spy.seen[-1].turn
        assert Phase.PLAY is table.phase
        assert table.result is None
        assert Seat.E is table.turn

    def test_who_may_object_and_when(self) -> None:
        """Law 68B2 covers only a defender's partner objecting to that defender's concession,
        at once: not the conceder, not an opponent, not declarer's side, not after a claim
        was agreed, not twice."""
        table, _spy = in_play()
        refused(table, lambda: table.object_to_concession(Seat.S))  # nothing conceded
        table.concede(Seat.S, 1)
        for seat in (Seat.S, Seat.E, Seat.W):
            error = refused(table, lambda seat=seat: table.object_to_concession(seat))
            assert (
                f"{seat.title} can object only at once to his partner's concession as a "
                "defender (Law 68B2) (Law 68B2 (2017))"
            ) == str(error)
            assert seat is error.seat
            assert LawRef(68, "B2", "2017") == error.law
        table.object_to_concession(Seat.N)
        refused(table, lambda: table.object_to_concession(Seat.N))
        declarer, _spy = in_play()
        declarer.concede(Seat.E, 1)
        refused(declarer, lambda: declarer.object_to_concession(Seat.W))
        agreed, _spy = in_play()
        agreed.claim(Seat.E, 10)
        agreed.accept_claim(Seat.S)
        refused(agreed, lambda: agreed.object_to_concession(Seat.N))


class TestAgreementWithdrawn:
    def test_the_side_that_agreed_to_a_claim(self) -> None:
        """Law 69B: the side that accepted a claim withdraws its agreement."""
        table, spy = in_play()
        table.claim(Seat.S, 3)
        table.accept_claim(Seat.E)
        events = table.withdraw_agreement(Seat.W)
        withdrawn, flagged = events[0], events[1]
        assert isinstance(withdrawn, AgreementWithdrawn)
        assert Seat.W is withdrawn.seat
        assert isinstance(flagged, IrregularityFlagged)
        assert withdrawn.seq + 1 == flagged.seq
        assert ("agreement_withdrawn", LawRef(69, "B", "2017"), Seat.W) == (
            flagged.irregularity,
            flagged.law,
            flagged.seat,
        )
        assert Seat.W is spy.seen[-1].turn
        pending = table.pending
        assert pending is not None
        assert "agreement_withdrawn" == pending.irregularity
        assert Phase.DIRECTOR is table.phase

    def test_the_claimers_side_conceded_the_rest(self) -> None:
        """Laws 68B1, 71: a claim concedes the other tricks; the claimer's side asks for
        that concession to be cancelled."""
        table, _spy = in_play()
        table.claim(Seat.S, 3)
        table.accept_claim(Seat.E)
        flagged = table.withdraw_agreement(Seat.N)[1]
        assert isinstance(flagged, IrregularityFlagged)
        assert ("concession_cancelled", LawRef(71, "", "2017"), Seat.N) == (
            flagged.irregularity,
            flagged.law,
            flagged.seat,
        )

    @pytest.mark.parametrize("edition", ["2017", "2007"])
    def test_a_concession_of_ones_own_side(self, edition: str) -> None:
        """Law 71: the side that conceded asks for its concession to be cancelled; the other
        side has nothing to withdraw."""
        table, _spy = in_play(edition)
        table.concede(Seat.E, 1)
        error = refused(table, lambda: table.withdraw_agreement(Seat.N))
        assert (
            "play did not end with North's side agreeing to a claim or conceding: there is "
            f"nothing to withdraw (Laws 69B, 71) (Law 69B ({edition}))"
        ) == str(error)
        assert Seat.N is error.seat
        assert LawRef(69, "B", edition) == error.law
        flagged = table.withdraw_agreement(Seat.W)[1]
        assert isinstance(flagged, IrregularityFlagged)
        assert ("concession_cancelled", LawRef(71, "", edition)) == (
            flagged.irregularity,
            flagged.law,
        )
        refused(table, lambda: table.withdraw_agreement(Seat.W))  # a ruling is pending

    def test_not_after_an_objection_and_play_to_the_end(self) -> None:
        """Law 68B2: a concession objected to at once never was one; once play has gone on
        to the end, it cannot be withdrawn (Laws 69B, 71)."""
        table, _spy = in_play()
        table.concede(Seat.S, 1)
        table.object_to_concession(Seat.N)
        while table.phase is Phase.PLAY:
            turn = table.turn
            assert turn is not None
            table.play_card(turn, table.legal_cards()[0])
        assert Phase.FINISHED is table.phase
        for seat in (Seat.S, Seat.N):
            refused(table, lambda seat=seat: table.withdraw_agreement(seat))

    def test_not_on_a_cancelled_board(self) -> None:
        """Law 15B1: a board found to have been played before is cancelled; an agreement to a
        claim on it can no longer be withdrawn (no score stands on the board)."""
        table, _spy = in_play()
        table.claim(Seat.S, 3)
        table.accept_claim(Seat.E)
        table.report(Seat.N, "wrong_board", "played at an earlier round")
        table.director(played_before=True)
        assert Phase.FINISHED is table.phase
        assert table.pending is None
        for seat in (Seat.E, Seat.N):
            refused(table, lambda seat=seat: table.withdraw_agreement(seat))

    def test_not_during_play(self) -> None:
        """Before play has ended there is no agreement to withdraw."""
        table, _spy = in_play()
        refused(table, lambda: table.withdraw_agreement(Seat.E))
