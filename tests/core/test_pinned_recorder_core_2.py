"""Recording mode's machinery as mutation testing found it unpinned (issue 19,
core/recorder_core.py), continued: lead restrictions and designations in the play (Laws
50D2, 51A), two duties at once (Laws 24B, 31A1), a watch waiting for its player (31A), and the
end of the auction (Law 22, the trumps of the contract).

Every table is built inside its test (a mutant is activated after the tests are collected).
"""

from __future__ import annotations

import pytest

from dupbridge import PASS, Card, ImpossibleActionError, Phase, Seat, Table, parse_call
from dupbridge.core.cards import Suit
from dupbridge.core.events import (
    AuctionEnded,
)
from dupbridge.core.lawref import LawRef
from dupbridge.core.rectify import Restriction
from dupbridge.core.rulings_state import Duty, Span
from tests.core.test_pinned_recorder_core import (
    PBN_EAST_DIAMONDS,
    calls,
    cards,
    duties,
    legal,
    recording,
)


class TestLeadRestrictionsInThePlay:
    """Law 50D2: West's major penalty card (DJ, exposed during the auction, Law 24) lets
    declarer require or prohibit a diamond lead when East is first to lead."""

    def east_to_lead(self, option: str) -> Table:
        table = recording(pbn=PBN_EAST_DIAMONDS)
        calls(table, (Seat.N, "1H"))
        table.expose_cards(Seat.W, [Card.from_str("DJ")])
        calls(table, (Seat.E, "Pass"), (Seat.S, "Pass"), (Seat.W, "Pass"))
        table.choose(Seat.N, option)
        assert Seat.E is table.turn
        return table

    def test_a_required_lead_is_spent_once_made(self) -> None:
        """Law 50D2(a): East must lead a diamond; once he has, he leads freely again, even
        when he wins the trick."""
        table = self.east_to_lead("require_diamonds")
        rec = table.recording
        assert rec is not None
        assert "DA DK DQ" == legal(table)
        cards(table, "E:DA")
        assert [] == rec.restrictions
        cards(table, "S:D7", "W:D2", "N:D8")
        assert Seat.E is table.turn
        assert "SJ ST S9 S8 HA HK HQ DK DQ CA CK CQ" == legal(table)

    def test_a_lead_out_of_turn_is_not_his_lead(self) -> None:
        """Laws 50D2(a) and 54: declarer required a diamond from East, but West faced the
        opening lead out of turn and declarer accepted it (54B1): East has not led yet.
        Playing to that trick does not spend the requirement; it binds his first lead."""
        table = self.east_to_lead("require_diamonds")
        rec = table.recording
        assert rec is not None
        required = Restriction(Seat.E, LawRef(50, "D2", "2017"), Suit.DIAMONDS, frozenset(), 3)
        assert [required] == rec.restrictions
        cards(table, "W:H2")
        table.director(dummy_seen=False)
        table.choose(Seat.N, "accept")
        assert [required] == rec.restrictions
        cards(table, "N:H3", "E:HA")
        assert [required] == rec.restrictions
        cards(table, "S:H7")
        assert Seat.E is table.turn
        assert "DA DK DQ" == legal(table)
        cards(table, "E:DA")
        assert [] == rec.restrictions

    def test_a_prohibition_lasts_while_he_keeps_the_lead(self) -> None:
        """Law 50D2(b): East may not lead diamonds for as long as he retains the lead; once
        he has lost it, the prohibition is over."""
        table = self.east_to_lead("prohibit_diamonds")
        rec = table.recording
        assert rec is not None
        prohibition = Restriction(
            Seat.E, LawRef(50, "D2", "2017"), None, frozenset({Suit.DIAMONDS}), 3
        )
        assert [prohibition] == rec.restrictions
        assert {} == rec.penalty  # the penalty card of the prohibited suit is picked up
        assert "SJ ST S9 S8 HA HK HQ CA CK CQ" == legal(table)
        cards(table, "E:HA")
        assert [prohibition] == rec.restrictions
        cards(table, "S:H7", "W:H2", "N:H3")
        assert [prohibition] == rec.restrictions
        assert "SJ ST S9 S8 HK HQ CA CK CQ" == legal(table)
        cards(table, "E:HK", "S:H8", "W:H4", "N:HJ")
        assert "SJ ST S9 S8 HQ CA CK CQ" == legal(table)
        cards(table, "E:SJ", "S:S4", "W:S3", "N:SA")  # North wins: East has lost the lead
        assert [] == rec.restrictions
        cards(table, "N:C2", "E:CA", "S:CT", "W:C6")
        assert Seat.E is table.turn
        assert "ST S9 S8 HQ DA DK DQ CK CQ" == legal(table)


class TestDeclarerDesignatesEachTime:
    def test_a_designation_is_spent_once_the_card_is_played(self) -> None:
        """Law 51A: West has three major penalty cards (three cards exposed during the
        auction, Law 24); each time he may play more than one, declarer designates which.
        The card designated played, the next time he is asked again."""
        table = recording()
        calls(table, (Seat.N, "1NT"), (Seat.E, "Pass"), (Seat.S, "Pass"))
        table.expose_cards(Seat.W, [Card.from_str(c) for c in ("H6", "DJ", "C9")])
        calls(table, (Seat.W, "Pass"))
        table.choose(Seat.N, "no_restriction")
        cards(table, "E:SJ", "S:S4", "W:S3", "N:SA", "N:SK", "E:S8", "S:S5")
        pending = table.pending
        assert pending is not None
        assert ("designate_H6", "designate_DJ", "designate_C9") == pending.options
        table.choose(Seat.N, "designate_H6")
        assert "H6" == legal(table)
        cards(table, "W:H6", "N:SQ", "E:S9", "S:S6")
        pending = table.pending
        assert pending is not None
        assert (LawRef(51, "A", "2017"), Seat.N) == (pending.law, pending.chooser)
        assert ("designate_DJ", "designate_C9") == pending.options
        table.choose(Seat.N, "designate_C9")
        assert "C9" == legal(table)


class TestTwoDutiesAtOnce:
    """East must repeat his 1S (Law 31A1) and must pass at his next turn (Law 24B, his
    partner exposed an honour): both are kept, each in the order it was imposed."""

    def test_the_pass_first(self) -> None:
        table = recording()
        calls(table, (Seat.E, "1S"))
        table.choose(Seat.S, "refuse")
        table.expose_cards(Seat.W, [Card.from_str("DJ")])
        calls(table, (Seat.N, "Pass"))
        assert [
            (Duty.PASS, Span.NEXT_TURN, LawRef(24, "B", "2017"), None),
            (Duty.REPEAT, Span.NEXT_TURN, LawRef(31, "A1", "2017"), "1S"),
        ] == duties(table, Seat.E)
        assert (PASS,) == tuple(table.legal_calls())
        calls(table, (Seat.E, "Pass"))
        assert [] == duties(table, Seat.E)
        calls(table, (Seat.S, "1H"), (Seat.W, "Pass"), (Seat.N, "Pass"))
        assert Seat.E is table.turn
        assert parse_call("1S") in table.legal_calls()

    def test_the_repeat_first(self) -> None:
        table = recording()
        calls(table, (Seat.E, "1S"))
        table.choose(Seat.S, "refuse")
        calls(table, (Seat.N, "Pass"))
        table.expose_cards(Seat.W, [Card.from_str("DJ")])
        assert [
            (Duty.REPEAT, Span.NEXT_TURN, LawRef(31, "A1", "2017"), "1S"),
            (Duty.PASS, Span.NEXT_TURN, LawRef(24, "B", "2017"), None),
        ] == duties(table, Seat.E)


class TestTheEndOfTheAuction:
    def test_a_passed_out_board(self) -> None:
        """Law 22: four passes end the board with no contract."""
        table = recording()
        calls(table, (Seat.N, "Pass"), (Seat.E, "Pass"), (Seat.S, "Pass"))
        start = len(table.events)
        calls(table, (Seat.W, "Pass"))
        ended = [e for e in table.events[start:] if isinstance(e, AuctionEnded)]
        assert [None] == [e.contract for e in ended]
        assert Phase.FINISHED is table.phase
        assert table.play is None

    def test_the_contract_and_its_trumps(self) -> None:
        """The play follows the contract: hearts are trumps in 1H, so East's small trump
        wins a club trick (Law 44E)."""
        table = recording(
            pbn="N:AKQ2.J3.T98.5432 JT98.AKQ2.765.AK 7654.T987.AKQ.JT 3.654.J432.Q9876"
        )
        calls(table, (Seat.N, "Pass"), (Seat.E, "1H"), (Seat.S, "Pass"), (Seat.W, "Pass"))
        start = len(table.events)
        calls(table, (Seat.N, "Pass"))
        ended = [e for e in table.events[start:] if isinstance(e, AuctionEnded)]
        assert ["1HE"] == [str(e.contract) for e in ended]
        cards(table, "S:CJ", "W:C6", "N:C2", "E:CA", "E:CK", "S:CT", "W:C7", "N:C3")
        cards(table, "E:SJ", "S:S4", "W:S3", "N:SA")
        # North leads a club; East, out of clubs, trumps with his two; West's nine loses
        cards(table, "N:C4", "E:H2", "S:DA", "W:C9")
        assert Seat.E is table.turn
        play = table.play
        assert play is not None
        assert [Seat.E, Seat.E, Seat.N, Seat.E] == [trick.winner for trick in play.tricks]


class TestAWatchWaitsForItsPlayer:
    def test_another_players_call_does_not_answer_it(self) -> None:
        """Law 31A: after East's 1S out of rotation is refused, what follows depends on
        North's call. West's pass out of rotation, accepted by North (29A), is not North's
        call: only North's own pass obliges East to repeat 1S (31A1)."""
        table = recording()
        calls(table, (Seat.E, "1S"))
        table.choose(Seat.S, "refuse")
        calls(table, (Seat.W, "Pass"))
        table.choose(Seat.N, "accept")
        rec = table.recording
        assert rec is not None
        assert [(Seat.N, False)] == [(w.seat, w.raw) for w in rec.watches]
        assert [] == duties(table, Seat.E)
        assert Seat.N is table.turn
        calls(table, (Seat.N, "Pass"))
        assert [] == rec.watches
        assert [(Duty.REPEAT, Span.NEXT_TURN, LawRef(31, "A1", "2017"), "1S")] == duties(
            table, Seat.E
        )


class TestPenaltyCardsPickedUp:
    def test_only_the_suit_declarer_named(self) -> None:
        """Laws 50D2(b), 51B2: West has three major penalty cards; declarer prohibits East
        from leading hearts: West picks up his heart, his diamond and club stay penalty
        cards."""
        table = recording()
        calls(table, (Seat.N, "1NT"), (Seat.E, "Pass"), (Seat.S, "Pass"))
        table.expose_cards(Seat.W, [Card.from_str(c) for c in ("H6", "DJ", "C9")])
        calls(table, (Seat.W, "Pass"))
        rec = table.recording
        assert rec is not None
        table.choose(Seat.N, "prohibit_hearts")
        assert {Seat.W: {Card.from_str("DJ"): True, Card.from_str("C9"): True}} == rec.penalty
        assert "SJ ST S9 S8 D7 D6 D5 CA CK CQ" == legal(table)


class TestAReleasedDutyLeavesTheOthers:
    def test_no_double_released_the_pass_kept_then_spent(self) -> None:
        """Law 27B3: East's second insufficient bid refused, he may not double at his next
        call; West then exposes an honour, so East must also pass (Law 24B). East's pass
        releases the first duty and spends the second; West still passes for the rest of
        the auction, and East calls freely at his next turn."""
        table = recording()
        calls(table, (Seat.N, "2S"), (Seat.E, "1H"))
        table.choose(Seat.S, "refuse")
        calls(table, (Seat.E, "2D"))
        table.choose(Seat.S, "refuse")
        table.expose_cards(Seat.W, [Card.from_str("DJ")])
        assert [
            (Duty.NO_DOUBLE, Span.NEXT_TURN, LawRef(27, "B3", "2017"), None),
            (Duty.PASS, Span.NEXT_TURN, LawRef(24, "B", "2017"), None),
        ] == duties(table, Seat.E)
        assert (PASS,) == tuple(table.legal_calls())
        calls(table, (Seat.E, "Pass"))
        assert [] == duties(table, Seat.E)
        forced = [(Duty.PASS, Span.REST_OF_AUCTION, LawRef(27, "B3", "2017"), None)]
        assert forced == duties(table, Seat.W)
        calls(table, (Seat.S, "3S"), (Seat.W, "Pass"), (Seat.N, "Pass"))
        assert Seat.E is table.turn
        assert parse_call("X") in table.legal_calls()


class TestTheDirectorDecidesAReview:
    def test_the_decision_is_kept(self) -> None:
        """Law 27D: the replacement of an insufficient bid leaves a review for the end of
        play; the Director decides that the score stands, and the review is closed."""
        table = recording()
        calls(table, (Seat.N, "1S"), (Seat.E, "1H"))
        table.choose(Seat.S, "refuse")
        calls(table, (Seat.E, "2H"))
        table.director(same_denominations=True)
        rec = table.recording
        assert rec is not None
        (item,) = rec.reviews
        assert (LawRef(27, "D", "2017"), None) == (item.review.law, item.decision)
        table.director(review="27D", score_stands=True)
        assert "score stands" == rec.reviews[0].decision
        with pytest.raises(ImpossibleActionError) as caught:
            table.director(review="27D", score_stands=True)
        assert "no open review under Law 27D (open: -)" == str(caught.value)
