"""Recording mode during the play, continued (issue 19, core/recording_play.py): revokes
established (Law 63A), attention drawn to them (61-62), trick transfers and the result (64,
68-70), report details, and the Director's effects on the play (13, 43B2(a), 54A, 62).

Same deal and helpers as tests/core/test_pinned_recording_play.py; every table is built inside
its test.
"""

from __future__ import annotations

import pytest

from dupbridge import Deal, ImpossibleActionError, Phase, Seat, Table, parse_call
from dupbridge.core.cards import Suit
from dupbridge.core.events import (
    AttentionDrawn,
    CardPlayed,
    IrregularityFlagged,
    PlayEnded,
    Rectified,
    TrickCompleted,
)
from dupbridge.core.kinds import IrregularityName
from dupbridge.core.rectify import Establish, Notice
from dupbridge.core.rulings_state import Irregularity
from dupbridge.rulings import rulebook_for
from tests.core.test_pinned_recording_play import (
    PBN,
    bid,
    card,
    law,
    play,
    rec,
    revoke_json,
)


def establish(index: int, code: str, seq: int) -> Rectified:
    return Rectified(seq, Establish(index, law(code)))


class TestARevokeBecomesEstablished:
    def test_when_the_offenders_partner_plays_to_the_next_trick(self) -> None:
        """Law 63A1: North revoked on trick one; declarer's lead to trick two does not
        establish it, South's card to it does, and only once."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA", "E:HA")
        assert (CardPlayed(13, Seat.E, card("D5")),) == play(table, "E:D5")
        events = play(table, "S:DA")
        assert (CardPlayed(14, Seat.S, card("DA")), establish(0, "63A1", 15)) == events
        assert [revoke_json(established=True)] == rec(table).revokes_json()
        assert law("63A1") == rec(table).revokes[0].established
        assert 1 == len(play(table, "W:D2", "N:D8")) - 1  # the trick, no second Establish

    def test_not_by_a_card_to_the_same_trick(self) -> None:
        """Dummy revoked on trick one; declarer's own card to that trick does not establish
        it (Law 63A1 speaks of the following trick); his lead to trick two does."""
        table, _spy = bid()
        events = play(table, "S:H7", "W:S3", "N:H3", "E:HA")
        assert not any(isinstance(event, Rectified) for event in events)
        events = play(table, "E:D5")
        assert (CardPlayed(13, Seat.E, card("D5")), establish(0, "63A1", 14)) == events

    def test_a_corrected_revoke_is_never_established(self) -> None:
        """Law 62: attention drawn before South or North played to trick two, North's revoke
        was corrected; their cards to the next trick establish nothing."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA")
        table.draw_attention(Seat.E, Seat.N, 1, "play")
        events = play(table, "N:H3", "E:HA", "E:D5", "S:DA")
        assert not any(isinstance(event, Rectified) for event in events)
        assert rec(table).revokes[0].established is None


class TestAttentionDrawnToARevoke:
    def test_the_ruling_opened(self) -> None:
        """Laws 61-62: East draws attention to North's revoke before it is established: the
        table logs it, flags the revoke (61A) and hands it to the rulebook with whose turn
        and when; the revoke is corrected and North's SA goes back to his hand."""
        table, spy = bid()
        play(table, "S:H7", "W:H2", "N:SA")
        events = table.draw_attention(Seat.E, Seat.N, 1, "play")
        assert AttentionDrawn(11, Seat.E, Seat.N, 1, "play") == events[0]
        assert IrregularityFlagged(12, IrregularityName.REVOKE, law("61A"), Seat.N) == events[1]
        assert Rectified(13, Notice(0, Seat.E, "play", ruling=12)) == events[2]
        assert [
            Irregularity(
                IrregularityName.REVOKE,
                law("61A"),
                Seat.N,
                12,
                turn=Seat.E,
                index=0,
                facts=(("when", "play"),),
            )
        ] == spy.seen
        assert [revoke_json(noticed={"by": "E", "when": "play"}, corrected=True, ruling=12)] == (
            rec(table).revokes_json()
        )
        play_ = table.play
        assert play_ is not None
        assert [card("H7"), card("H2")] == list(play_.current_trick)
        assert Seat.N is play_.turn
        assert play_.hand(Seat.N).mask & card("SA").bit
        assert [] == rec(table).queue

    def test_the_cards_played_after_it_wait(self) -> None:
        """Law 62C1: East's HA, played after the revoke, is set aside; once North plays a
        legal card East keeps it and it is played again, completing the trick."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA", "E:HA")
        table.draw_attention(Seat.E, Seat.N, None, "")
        assert [(Seat.E, card("HA"))] == rec(table).queue
        play_ = table.play
        assert play_ is not None
        assert [card("H7"), card("H2")] == list(play_.current_trick)
        assert 1 == play_.trick_number
        play(table, "N:H3")
        assert Phase.DIRECTOR is table.phase
        events = table.choose(Seat.E, "keep")
        assert [] == rec(table).queue
        assert isinstance(events[-1], TrickCompleted)
        assert [card("H7"), card("H2"), card("H3"), card("HA")] == list(events[-1].trick.cards)
        play_ = table.play
        assert play_ is not None
        assert Seat.E is play_.turn
        assert 2 == play_.trick_number

    def test_a_card_set_aside_can_be_withdrawn(self) -> None:
        """Law 62C1: East withdraws his HA instead; it goes back to his hand and he plays
        again."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA", "E:HA")
        table.draw_attention(Seat.E, Seat.N)
        play(table, "N:H3")
        table.choose(Seat.E, "withdraw")
        assert [] == rec(table).queue
        play_ = table.play
        assert play_ is not None
        assert [card("H7"), card("H2"), card("H3")] == list(play_.current_trick)
        assert Seat.E is play_.turn
        assert play_.hand(Seat.E).mask & card("HA").bit
        events = play(table, "E:HK")
        assert isinstance(events[-1], TrickCompleted)

    @pytest.mark.parametrize("when", ["after_play", "after_round", "later"])
    def test_during_play_when_is_play(self, when: str) -> None:
        """During play attention is drawn "during play" and at no other time."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA")
        before = table.events
        with pytest.raises(ImpossibleActionError) as caught:
            table.draw_attention(Seat.E, Seat.N, 1, when)
        assert f"'when' must be play now, not {when!r}" == str(caught.value)
        assert Seat.E is caught.value.seat
        assert caught.value.law is None
        assert before == table.events

    @pytest.mark.parametrize("trick", [0, 14, True, "1", 1.0])
    def test_a_trick_number_is_1_to_13(self, trick: object) -> None:
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA")
        with pytest.raises(ImpossibleActionError) as caught:
            table.draw_attention(Seat.E, Seat.N, trick, "play")  # type: ignore[arg-type]
        assert f"a trick number is 1 to 13, not {trick!r}" == str(caught.value)
        assert Seat.E is caught.value.seat
        assert caught.value.law is None

    @pytest.mark.parametrize("trick", [1, 13])
    def test_the_bounds_are_trick_numbers(self, trick: int) -> None:
        """Tricks 1 and 13 are trick numbers: North made no revoke on trick 13, which is the
        refusal for a revoke not found, not for the number."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:H3")
        with pytest.raises(ImpossibleActionError) as caught:
            table.draw_attention(Seat.E, Seat.N, trick, "play")
        assert (
            f"North has made no revoke on trick {trick} that is not already ruled on (Law 61A (2017))"
            == str(caught.value)
        )
        assert Seat.E is caught.value.seat
        assert law("61A") == caught.value.law

    def test_no_revoke_by_that_player(self) -> None:
        """Law 61A: South made no revoke (North did); without a trick number the refusal
        says so in general."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA")
        with pytest.raises(ImpossibleActionError) as caught:
            table.draw_attention(Seat.E, Seat.S)
        assert "South has made no revoke that is not already ruled on (Law 61A (2017))" == str(
            caught.value
        )
        assert law("61A") == caught.value.law
        with pytest.raises(ImpossibleActionError) as caught:
            table.draw_attention(Seat.E, Seat.N, 2)
        assert (
            "North has made no revoke on trick 2 that is not already ruled on (Law 61A (2017))"
            == str(caught.value)
        )

    def test_a_revoke_already_ruled_on(self) -> None:
        """Once attention was drawn to North's revoke it is not ruled on a second time."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA")
        table.draw_attention(Seat.E, Seat.N)
        with pytest.raises(ImpossibleActionError) as caught:
            table.draw_attention(Seat.W, Seat.N)
        assert "North has made no revoke that is not already ruled on (Law 61A (2017))" == str(
            caught.value
        )

    def test_before_any_card(self) -> None:
        """Law 61A: with no card played there is no revoke; during the auction neither."""
        table = Table(1, Deal.from_pbn(PBN), mode="recording", rulebook=rulebook_for("2017"))
        for attempt in (table, bid()[0]):
            with pytest.raises(ImpossibleActionError) as caught:
                attempt.draw_attention(Seat.E, Seat.N)
            assert (
                "there has been no play yet: no revoke to draw attention to (Law 61A (2017))"
                == str(caught.value)
            )
            assert Seat.E is caught.value.seat
            assert law("61A") == caught.value.law

    def test_while_a_ruling_is_pending(self) -> None:
        """Law 9B2: nothing happens while the Director is asked."""
        table, _spy = bid()
        play(table, "N:SA")
        with pytest.raises(ImpossibleActionError) as caught:
            table.draw_attention(Seat.E, Seat.N)
        assert str(caught.value).startswith("a ruling is pending (Law 54C (2017)): ")
        assert law("9B2") == caught.value.law
        assert Seat.E is caught.value.seat


class TestClaimsConcessionsAndTheResult:
    @pytest.mark.parametrize(("edition", "code"), [("2017", "63A4"), ("2007", "63A3")])
    def test_agreeing_to_the_opponents_claim(self, edition: str, code: str) -> None:
        """Declarer's claim does not establish North's revoke (Law 63A3 is a claim by the
        offending side); North's agreement to it does: Law 63A4 of 2017, 63A3 of 2007."""
        table, _spy = bid(edition)
        play(table, "S:H7", "W:H2", "N:SA")
        events = table.claim(Seat.E, 9)
        assert 1 == len(events)
        assert rec(table).revokes[0].established is None
        events = table.accept_claim(Seat.N)
        assert Rectified(events[-1].seq, Establish(0, law(code, edition))) == events[-1]
        assert Phase.FINISHED is table.phase
        assert 9 == table.result
        assert 9 == rec(table).base_result
        assert rec(table).play_over is True
        assert [revoke_json(established=True)] == rec(table).revokes_json()

    def test_a_claim_by_the_offending_side(self) -> None:
        """Law 63A3: South claims; his partner's revoke is established at once."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA", "E:HA")
        events = table.claim(Seat.S, 3)
        assert (events[0], establish(0, "63A3", 14)) == events

    def test_a_concession_by_the_offending_side(self) -> None:
        """Law 63A3: South concedes the rest; North's revoke is established."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA", "E:HA")
        events = table.concede(Seat.S)
        assert establish(0, "63A3", 15) == events[-1]
        assert 13 == table.result

    def test_the_trick_transferred_after_play(self) -> None:
        """Law 64A2: attention drawn during play to North's established revoke; declarer
        claims seven tricks in all, North agrees, and one trick goes to East-West."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA", "E:HA", "E:D5", "S:DA", "W:D2", "N:D8")
        table.draw_attention(Seat.E, Seat.N, 1, "play")
        assert rec(table).play_over is False
        table.claim(Seat.E, 7)
        table.accept_claim(Seat.N)
        assert 7 == rec(table).base_result
        assert 8 == table.result
        transfer = {"tricks": 1, "to": "EW", "law": "64A2"}
        assert [
            revoke_json(
                established=True,
                noticed={"by": "E", "when": "play"},
                ruling=20,
                transfer=transfer,
            )
        ] == rec(table).revokes_json()

    def test_no_trick_when_the_offenders_won_none(self) -> None:
        """Law 64B1: North-South won neither the revoke trick nor a later one (declarer
        claims all thirteen): attention drawn after play transfers nothing."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA", "E:HA")
        table.claim(Seat.E, 13)
        table.accept_claim(Seat.N)
        events = table.draw_attention(Seat.S, Seat.N)
        assert AttentionDrawn(events[0].seq, Seat.S, Seat.N, None, "after_play") == events[0]
        assert 13 == rec(table).base_result
        assert 13 == table.result
        assert {"tricks": 0, "to": "EW", "law": "64B1"} == rec(table).revokes_json()[0]["transfer"]

    def test_a_trick_transferred_from_declarer(self) -> None:
        """Law 64A2: declarer revoked on trick one (South won it) and his side won later
        tricks (the claim's count): one goes to North-South, so declarer's nine become
        eight."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:H3", "E:CA", "S:DA", "W:D2", "N:D8", "E:D5")
        table.claim(Seat.E, 9)
        table.accept_claim(Seat.S)
        assert 9 == table.result
        table.draw_attention(Seat.N, Seat.E, 1, "after_play")
        assert 8 == table.result
        assert 9 == rec(table).base_result
        entry = rec(table).revokes_json()[0]
        assert {"tricks": 1, "to": "NS", "law": "64A2"} == entry["transfer"]
        assert {"by": "N", "when": "after_play"} == entry["noticed"]

    def test_attention_drawn_after_the_next_call(self) -> None:
        """Law 64B4: attention first drawn after a call on the next board: no transfer."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:H3", "E:CA", "S:DA", "W:D2", "N:D8", "E:D5")
        table.claim(Seat.E, 9)
        table.accept_claim(Seat.S)
        table.draw_attention(Seat.N, Seat.E, 1, "after_next_call")
        assert 9 == table.result
        entry = rec(table).revokes_json()[0]
        assert {"tricks": 0, "to": "NS", "law": "64B4"} == entry["transfer"]
        assert {"by": "N", "when": "after_next_call"} == entry["noticed"]

    @pytest.mark.parametrize("when", ["play", "later"])
    def test_after_play_when_is_after_play_or_later(self, when: str) -> None:
        """Laws 64B4, 64B5: after play attention is drawn after play, after the next call or
        after the round, never "during play"."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA", "E:HA")
        table.concede(Seat.S)
        with pytest.raises(ImpossibleActionError) as caught:
            table.draw_attention(Seat.E, Seat.N, None, when)
        assert f"'when' must be after_play, after_next_call, after_round now, not {when!r}" == str(
            caught.value
        )
        assert Seat.E is caught.value.seat


class TestReportDetails:
    def test_details_are_canonical_json(self) -> None:
        """A report's details are kept as JSON text, keys sorted, letters as they are."""
        table, _spy = bid()
        events = table.report(
            Seat.N, "unauthorized_information", "facts", Seat.E, {"z": "żółw", "a": [1, True]}
        )
        assert '{"a": [1, true], "z": "żółw"}' == events[0].details  # type: ignore[attr-defined]

    def test_no_details_is_empty_text(self) -> None:
        table, _spy = bid()
        events = table.report(Seat.N, "unauthorized_information", "facts", Seat.E)
        assert "" == events[0].details  # type: ignore[attr-defined]

    @pytest.mark.parametrize("kind", ["object", "circular"])
    def test_details_must_be_plain_data(self, kind: str) -> None:
        """An object JSON cannot hold, or a list holding itself, is refused; nothing is
        logged."""
        table, _spy = bid()
        value: object = object()
        if kind == "circular":
            circular: list[object] = []
            circular.append(circular)
            value = circular
        before = table.events
        with pytest.raises(ImpossibleActionError) as caught:
            table.report(Seat.N, "unauthorized_information", "facts", Seat.E, {"z": value})
        assert "report details must be plain data (text, numbers, yes/no, lists)" == str(
            caught.value
        )
        assert caught.value.seat is None
        assert caught.value.law is None
        assert caught.value.__cause__ is None
        assert caught.value.__suppress_context__ is True
        assert before == table.events


def noticed_established_revoke() -> Table:
    """North revokes on trick one (SA on the H7), South's DA to trick two establishes it
    (Law 63A1) and East draws attention to it during play."""
    table, _spy = bid()
    play(table, "S:H7", "W:H2", "N:SA", "E:HA", "E:D5", "S:DA", "W:D2", "N:D8")
    table.draw_attention(Seat.E, Seat.N, 1, "play")
    return table


class TestTheDirectorsEffectsOnPlay:
    def test_declarer_spreads_his_hand(self) -> None:
        """Law 54A: declarer spreads his hand after North's opening lead out of turn: West
        becomes declarer, East dummy, and North's SA stands as the lead."""
        table, _spy = bid()
        play(table, "N:SA")
        table.director(dummy_seen=False)
        table.choose(Seat.E, "spread")
        play_ = table.play
        assert play_ is not None
        assert (Seat.W, Seat.E) == (play_.declarer, play_.dummy)
        assert [card("SA")] == list(play_.current_trick)
        assert Seat.E is play_.turn
        assert play_.trump is None
        assert play_.hand(Seat.E).mask & card("HA").bit

    @pytest.mark.parametrize(
        ("option", "hand"), [("lead_from_dummy", "W"), ("lead_from_declarer", "E")]
    )
    def test_the_hand_declarer_must_lead_from(self, option: str, hand: str) -> None:
        """Law 43B2(a): dummy warned declarer, having breached 43A2 first; South chooses the
        hand declarer leads from."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:H3", "E:HA")
        table.report(Seat.W, "dummy_warned_wrong_hand", "facts")
        table.director(dummy_violation=True)
        table.choose(Seat.S, option)
        play_ = table.play
        assert play_ is not None
        assert Seat.from_str(hand) is play_.turn
        assert Seat.from_str(hand) is play_.leader

    def test_a_concession_objected_reopens_play(self) -> None:
        """Law 68B2: South concedes the rest and North objects at once: the result and the
        transfer go, play resumes; when play ends again (declarer's claim of seven, agreed)
        the transfer is ruled again on the new result (Law 64A2)."""
        table = noticed_established_revoke()
        table.concede(Seat.S)
        assert (Phase.FINISHED, 13, 12) == (table.phase, table.result, rec(table).base_result)
        assert rec(table).play_over is True
        table.object_to_concession(Seat.N)
        assert (Phase.PLAY, None, None) == (table.phase, table.result, rec(table).base_result)
        assert rec(table).play_over is False
        assert {} == rec(table).transfers
        assert table.pending_claim is None
        assert rec(table).revokes_json()[0]["transfer"] is None
        table.claim(Seat.E, 7)
        table.accept_claim(Seat.N)
        assert (Phase.FINISHED, 8, 7) == (table.phase, table.result, rec(table).base_result)
        assert rec(table).play_over is True
        assert {"tricks": 1, "to": "EW", "law": "64A2"} == rec(table).revokes_json()[0]["transfer"]

    def test_the_director_rules_a_disputed_claim(self) -> None:
        """Law 70: South disputes declarer's claim of ten; the Director rules nine, and the
        trick transferred for North's revoke (64A2) makes ten."""
        table = noticed_established_revoke()
        table.claim(Seat.E, 10)
        table.reject_claim(Seat.S)
        events = table.director(tricks=9, line="cashes the clubs")
        ended = [event for event in events if isinstance(event, PlayEnded)]
        assert [(9, "claim ruling")] == [(event.declarer_tricks, event.how) for event in ended]
        assert Phase.FINISHED is table.phase
        assert table.pending_claim is None
        assert 9 == rec(table).base_result
        assert 10 == table.result

    def test_the_director_gives_declarer_no_trick(self) -> None:
        """Law 70: South claims all thirteen tricks before the opening lead; East disputes
        it and the Director gives South's side all thirteen: declarer takes none."""
        table, _spy = bid()
        table.claim(Seat.S, 13)
        table.reject_claim(Seat.E)
        table.director(tricks=13, line="the diamonds and hearts")
        assert Phase.FINISHED is table.phase
        assert 0 == table.result
        assert 0 == rec(table).base_result

    def test_an_agreement_withdrawn(self) -> None:
        """Law 69B: South withdraws his agreement to declarer's claim of ten; the Director
        gives South's side four tricks, declarer nine, one more for the revoke (64A2)."""
        table = noticed_established_revoke()
        table.claim(Seat.E, 10)
        table.accept_claim(Seat.S)
        assert (11, 10) == (table.result, rec(table).base_result)
        table.withdraw_agreement(Seat.S)
        assert table.result is not None
        events = table.director(tricks=4, line="the club loser")
        ended = [event for event in events if isinstance(event, PlayEnded)]
        assert [(9, "ruling")] == [(event.declarer_tricks, event.how) for event in ended]
        assert Phase.FINISHED is table.phase
        assert (10, 9) == (table.result, rec(table).base_result)

    def test_never_more_than_thirteen_tricks(self) -> None:
        """Law 69B: the Director gives South's side no trick at all after the withdrawal;
        the trick transferred for North's revoke (64A2) cannot give declarer fourteen."""
        table = noticed_established_revoke()
        table.claim(Seat.E, 10)
        table.accept_claim(Seat.S)
        table.withdraw_agreement(Seat.S)
        table.director(tricks=0, line="declarer's squeeze")
        assert 13 == rec(table).base_result
        assert 13 == table.result
        assert {"tricks": 1, "to": "EW", "law": "64A2"} == rec(table).revokes_json()[0]["transfer"]

    def test_the_board_cancelled(self) -> None:
        """Law 13: West turns out to have had a wrong number of cards, found after play: the
        result is cancelled, with its transfer, and the board stays finished."""
        table = noticed_established_revoke()
        table.claim(Seat.E, 10)
        table.accept_claim(Seat.S)
        table.report(Seat.N, "incorrect_number_of_cards", "", Seat.W)
        assert law("13") == rec(table).cancelled
        assert Phase.FINISHED is table.phase
        assert table.result is None
        assert rec(table).base_result is None
        assert {} == rec(table).transfers
        assert rec(table).play_over is True
        assert table.pending_claim is None


class TestWhichRevokeAttentionIsDrawnTo:
    def test_an_earlier_revoke_by_the_player_named(self) -> None:
        """North revoked on trick one, dummy on trick two: attention drawn to North's
        revoke finds his (the first recorded), wherever it lies in the list."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA", "E:HA", "E:CA", "S:CJ", "W:D2")
        assert [Seat.N, Seat.W] == [state.revoke.seat for state in rec(table).revokes]
        events = table.draw_attention(Seat.E, Seat.N)
        assert (
            Rectified(events[2].seq, Notice(0, Seat.E, "play", ruling=events[1].seq)) == (events[2])
        )
        assert rec(table).revokes[1].noticed is None

    def test_the_revoke_on_the_trick_named(self) -> None:
        """North revoked on tricks one and two: naming trick one finds the first; without a
        trick number the last one not yet ruled on is meant."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA", "E:HA", "E:CA", "S:CJ", "W:C6", "N:D8")
        assert [1, 2] == [state.revoke.trick for state in rec(table).revokes]
        events = table.draw_attention(Seat.E, Seat.N, 1)
        assert Notice(0, Seat.E, "play", ruling=events[1].seq) == events[2].effect  # type: ignore[attr-defined]
        assert rec(table).revokes[1].noticed is None

    def test_the_last_one_by_default(self) -> None:
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA", "E:HA", "E:CA", "S:CJ", "W:C6", "N:D8")
        events = table.draw_attention(Seat.E, Seat.N)
        assert Notice(1, Seat.E, "play", ruling=events[1].seq) == events[2].effect  # type: ignore[attr-defined]

    def test_an_established_revoke_already_noticed(self) -> None:
        """Attention was drawn to North's established revoke (not corrected, Law 63B): it is
        not ruled on a second time."""
        table = noticed_established_revoke()
        assert rec(table).revokes[0].corrected is False
        with pytest.raises(ImpossibleActionError) as caught:
            table.draw_attention(Seat.W, Seat.N)
        assert "North has made no revoke that is not already ruled on (Law 61A (2017))" == str(
            caught.value
        )


def bid_spades() -> Table:
    """East declares 1S (West is dummy); South is to make the opening lead."""
    table = Table(1, Deal.from_pbn(PBN), mode="recording", rulebook=rulebook_for("2017"))
    for word in ["Pass", "1S", "Pass", "Pass", "Pass"]:
        turn = table.turn
        assert turn is not None
        table.make_call(turn, parse_call(word))
    return table


class TestThePlayRebuilt:
    def test_a_correction_keeps_the_trump_suit(self) -> None:
        """Law 62: North's revoke in a spade contract is corrected; the play rebuilt without
        his SA is still played in spades."""
        table = bid_spades()
        play(table, "S:H7", "W:H2", "N:SA", "E:HA")
        table.draw_attention(Seat.E, Seat.N)
        play_ = table.play
        assert play_ is not None
        assert Suit.SPADES is play_.trump
        assert Seat.E is play_.declarer

    def test_declarer_spreading_keeps_the_trump_suit(self) -> None:
        """Law 54A in a spade contract: West becomes declarer, still in spades."""
        table = bid_spades()
        play(table, "N:SA")
        table.director(dummy_seen=False)
        table.choose(Seat.E, "spread")
        play_ = table.play
        assert play_ is not None
        assert Suit.SPADES is play_.trump
        assert Seat.W is play_.declarer

    def test_a_claim_pending_stays_pending(self) -> None:
        """Declarer has claimed; he then draws attention to North's revoke, which is
        corrected (Law 62): the claim still awaits its answer, play is not reopened."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA")
        claim = table.claim(Seat.E, 9)[0]
        table.draw_attention(Seat.E, Seat.N)
        assert claim == table.pending_claim
        assert rec(table).revokes[0].corrected is True
        assert table.result is None
        events = table.accept_claim(Seat.S)
        assert 9 == events[-1].declarer_tricks  # type: ignore[attr-defined]


class TestABoardCancelledDuringPlay:
    def test_play_does_not_end_with_the_board(self) -> None:
        """Law 15B1: the board was played before at this table; cancelled during play, it
        is not a board whose play ended: North's revoke is not established at its end (Law
        63A), and nothing follows the Director's ruling."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA")
        table.report(Seat.E, "wrong_board", "played at an earlier round")
        events = table.director(played_before=True)
        assert law("15B") == rec(table).cancelled
        assert Phase.FINISHED is table.phase
        assert (None, None) == (table.result, rec(table).base_result)
        assert rec(table).play_over is True
        assert not any(
            isinstance(event, Rectified) and isinstance(event.effect, Establish) for event in events
        )
        assert [revoke_json()] == rec(table).revokes_json()


#: South holds a single spade (S7), so a requirement to lead spades can only be met with it.
ONE_SPADE = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7.T987654.AKQ.JT 6543.2.J432.9876"


def south_must_lead_a_spade(*, exposed: bool) -> Table:
    """East declares 1NT; North leads the SA out of turn, declarer (not having seen dummy)
    refuses it and requires South to lead spades (Laws 54D, 50D2); South's S7 is left in his
    hand or, with ``exposed``, dropped face up and so a major penalty card (Law 50)."""
    table = Table(1, Deal.from_pbn(ONE_SPADE), edition="2017", mode="recording",
                  rulebook=rulebook_for("2017"))  # fmt: skip
    for word in ["Pass", "1NT", "Pass", "Pass", "Pass"]:
        turn = table.turn
        assert turn is not None
        table.make_call(turn, parse_call(word))
    play(table, "N:SA")
    table.director(dummy_seen=False)
    table.choose(Seat.E, "refuse")
    table.choose(Seat.E, "require_spades")
    if exposed:
        table.expose_cards(Seat.S, [card("S7")])
    assert Phase.PLAY is table.phase
    assert [card("S7")] == list(table.legal_cards())
    return table


class TestRestrictionRevokeOnAFaceUpCard:
    def test_the_only_card_of_the_required_suit_lay_face_up(self) -> None:
        """Law 64B3 with Law 61A: South's one spade, the S7, is a penalty card, so his DA
        against the requirement to lead spades failed to play a penalty card; it is recorded
        as that kind of revoke, for which no trick is transferred."""
        table = south_must_lead_a_spade(exposed=True)
        play(table, "S:DA")
        assert [revoke_json(seat="S", card="DA", suit="S", kind="penalty_card")] == rec(
            table
        ).revokes_json()

    def test_the_card_of_the_required_suit_still_in_the_hand(self) -> None:
        """Law 61A: with the S7 in his hand, South's DA is a revoke of the lead restriction."""
        table = south_must_lead_a_spade(exposed=False)
        play(table, "S:DA")
        assert [revoke_json(seat="S", card="DA", suit="S", kind="restriction")] == rec(
            table
        ).revokes_json()
