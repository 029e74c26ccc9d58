"""Recording mode's commands as mutation testing found them unpinned (issue 19,
core/recording.py), continued: what the rulebook is told of each irregularity (Laws 24, 25,
38, and the reports of Laws 13-21, 43, 45, 67).

Every table is built inside its test (a mutant is activated after the tests are collected).
"""

from __future__ import annotations

from dupbridge import Card, Deal, Seat, Table, parse_call
from dupbridge.core.calls import Strain
from dupbridge.core.events import IrregularityFlagged, Rectified
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
