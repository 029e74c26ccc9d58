"""The rulings engine during the play (rulings/play.py), continued: the last trick (Law 53A)
and the 2007 refusal to play on after a claim (Law 68D); what mutation testing found
unpinned (issue 19). The deal and auction are those of test_pinned_play.py.
"""

from __future__ import annotations

import pytest

from dupbridge.core.cards import Card
from dupbridge.core.errors import ImpossibleActionError
from dupbridge.core.seats import Seat
from dupbridge.core.table import Table
from dupbridge.rulings.solver import ExhaustiveSolver
from dupbridge.services.records import RecordRun, run_record, state_json
from tests.rulings.test_pinned_engine import DEAL
from tests.rulings.test_pinned_engine_2 import state_with, table_after
from tests.rulings.test_pinned_play import ONE_NT, TRICK_1, TRICK_2


def at_trick_13() -> Table:
    """1NT by East played out (each player the first card he may play) to trick 13, South
    on lead: North holds C3, East CQ, South CT, West C7."""
    table = table_after([*ONE_NT, *TRICK_1, *TRICK_2])
    play = table.play
    assert play is not None
    while play.trick_number < 13 or play.current_trick:
        turn = table.turn
        assert turn is not None
        table.play_card(turn, table.legal_cards()[0])
    assert table.turn is Seat.S
    return table


class TestLeadOutOfTurnAtTrick13:
    """Law 53A: a lead out of turn at trick thirteen must be retracted; no acceptance."""

    def test_defender(self) -> None:
        """Laws 53A, 56B: North leads C3 at South's turn."""
        table = at_trick_13()
        table.play_card(Seat.N, Card.from_str("C3"))
        ruling = state_json(RecordRun(table, None))["rulings"][-1]
        assert ruling["irregularity"] == "lead_out_of_turn"
        assert ruling["laws"] == ["53A", "56B", "50D", "50B"]

    def test_declarer(self) -> None:
        """Laws 53A, 55B1: declarer leads CQ at South's turn."""
        table = at_trick_13()
        table.play_card(Seat.E, Card.from_str("CQ"))
        ruling = state_json(RecordRun(table, None))["rulings"][-1]
        assert ruling["irregularity"] == "declarer_lead_out_of_turn"
        assert ruling["laws"][0] == "53A"
        assert "55B1" in ruling["laws"]


class TestPlayContinued2007:
    def test_refused_with_its_law(self) -> None:
        """2007 Law 68D: play ceases after a claim; continuing is refused under 68D."""
        actions = [*ONE_NT, *TRICK_1, {"seat": "E", "claim": 10}]
        result = state_with([*actions, {"seat": "N", "continue_play": True}], "2007")
        assert result["error"] == {
            "action": len(actions),
            "message": "under the 2007 Laws play ceases after a claim; the Director is called "
            "(Law 68D) (Law 68D (2007))",
            "law": "68D",
        }

    def test_refusal_names_the_player(self) -> None:
        """The refusal is North's, who asked to play on."""
        run = run_record(
            {
                "board": 1,
                "deal": DEAL,
                "edition": "2007",
                "mode": "recording",
                "actions": [*ONE_NT, *TRICK_1, {"seat": "E", "claim": 10}],
            },
            claims=ExhaustiveSolver(),
        )
        assert run.error is None
        with pytest.raises(ImpossibleActionError) as raised:
            run.table.continue_play(Seat.N)
        assert raised.value.seat is Seat.N
        assert str(raised.value.law) == "Law 68D (2007)"
