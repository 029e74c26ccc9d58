"""Play analysis: the double-dummy cost of each card, against DDS's TRACE lines."""

from __future__ import annotations

import pytest

from dupbridge.analysis.play import (
    PlayAnalysisError,
    PlayRecord,
    analyse_play,
    analyse_plays,
    analyse_table,
)
from dupbridge.core.boards import Board
from dupbridge.core.calls import Strain, parse_call
from dupbridge.core.cards import Card
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat
from dupbridge.core.table import Table
from tests.analysis.ddsfile import DDSCase

#: DDS list1.txt: East leads against West's spades; the 45 cards of its PLAY line.
DEAL = Deal.from_pbn("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
PLAY = "CTC4CACJH8H4HKH9D5DAD9D2S7S5S2SQD8D4DQD3H3HAH6H7C3C8CQC2S3SKSAS6HQH5HJHTCKC9D6C5S4SJS8C6DJ"
CARDS = tuple(Card.from_str(PLAY[i : i + 2]) for i in range(0, len(PLAY), 2))


def records(cases: list[DDSCase]) -> list[PlayRecord]:
    # DDS names the opening leader; declarer is his right-hand opponent (Law 41A).
    return [PlayRecord(c.deal, c.strain, c.leader.rho, tuple(c.play)) for c in cases]


@pytest.mark.oracle
@pytest.mark.slow
class TestOracle:
    def test_every_trace_of_dds_list100(self, dds_cases: list[DDSCase]) -> None:
        """All 100 TRACE lines: declarer's double-dummy tricks before and after each card."""
        for case, analysis in zip(dds_cases, analyse_plays(records(dds_cases)), strict=True):
            assert case.trace == list(analysis.trace[: len(case.trace)]), f"line {case.line}"
            assert len(case.play) + 1 == len(analysis.trace)

    def test_costs_account_for_the_whole_change(self, dds_cases: list[DDSCase]) -> None:
        """Declarer's final number is the first, minus his side's costs, plus the defence's."""
        for analysis in analyse_plays(records(dds_cases)):
            declaring = analysis.cost_by_side(declaring=True)
            defending = analysis.cost_by_side(declaring=False)
            assert analysis.trace[-1] == analysis.trace[0] - declaring + defending


class TestAnalysePlay:
    def test_trace_of_a_flawless_play(self) -> None:
        """DDS's first test hand: the 45 cards played never change West's 8 tricks."""
        analysis = analyse_play(DEAL, Strain.SPADES, Seat.W, CARDS)
        assert (8,) * 46 == analysis.trace
        assert () == analysis.mistakes

    def test_seats_and_tricks(self) -> None:
        """Each card is tagged with the seat that played it and the trick it belongs to."""
        analysis = analyse_play(DEAL, Strain.SPADES, Seat.W, CARDS)
        first = analysis.cards[0]
        assert (0, 1, Seat.N, Card.from_str("CT")) == (
            first.index,
            first.trick,
            first.seat,
            first.card,
        )
        fifth = analysis.cards[4]
        assert 2 == fifth.trick
        # C5 wins nothing: the lead of trick 2 comes from the winner of trick 1 (Law 44G).
        assert Seat.S == fifth.seat

    def test_a_card_that_gives_a_trick_away(self) -> None:
        """An opening lead that costs the defence a trick has cost 1 (list100.txt hand 2)."""
        deal = Deal.from_pbn(
            "E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63"
        )
        analysis = analyse_play(deal, Strain.NOTRUMP, Seat.N, [Card.from_str("SQ")])
        assert (9, 10) == analysis.trace
        assert 1 == analysis.mistakes[0].cost
        assert Seat.E == analysis.mistakes[0].seat

    def test_last_trick_is_forced(self) -> None:
        """A complete play has 53 numbers; the thirteenth trick changes nothing."""
        table = Table(1, DEAL)
        for call in ("1S", "Pass", "Pass", "Pass"):
            table.make_call(table.turn or Seat.N, parse_call(call))
        play = table.play
        assert play is not None
        while not play.is_complete:
            seat = play.turn
            assert seat is not None
            table.play_card(seat, play.legal_cards()[0])
        analysis = analyse_table(table)
        assert 53 == len(analysis.trace)
        assert analysis.trace[48] == analysis.trace[52]
        assert table.result == analysis.trace[-1]

    def test_table_in_progress(self) -> None:
        """A table in the play is analysed as far as it has gone."""
        table = Table(Board.numbered(4), DEAL)  # West deals and opens 1S; North leads
        for call in ("1S", "Pass", "Pass", "Pass"):
            table.make_call(table.turn or Seat.N, parse_call(call))
        table.play_card(Seat.N, Card.from_str("CT"))
        assert 2 == len(analyse_table(table).trace)

    def test_table_without_play(self) -> None:
        """A table still in the auction has no play to analyse."""
        with pytest.raises(ValueError, match="no play"):
            analyse_table(Table(1, DEAL))

    def test_revoke_is_named(self) -> None:
        """A card that fails to follow suit is refused, naming it (Law 44C)."""
        cards = [Card.from_str("CT"), Card.from_str("D7")]  # East holds the CQ
        with pytest.raises(PlayAnalysisError, match=r"card 2 \(D7\)"):
            analyse_play(DEAL, Strain.SPADES, Seat.W, cards)

    def test_card_not_held(self) -> None:
        """A card the player does not hold is refused, naming it."""
        with pytest.raises(PlayAnalysisError, match=r"card 1 \(SA\)"):
            analyse_play(DEAL, Strain.SPADES, Seat.W, [Card.from_str("SA")])
