"""The JSON form of events: every event encodes; BoardStarted and the action events read
back to equal values (DESIGN §2.3: text that round-trips)."""

from __future__ import annotations

import json
import random

import pytest

from dupbridge.core.calls import parse_call
from dupbridge.core.deal import Deal
from dupbridge.core.event_json import EventJSONError, event_from_json, event_to_json
from dupbridge.core.table import Table
from dupbridge.robots.baseline import robot_call, robot_card
from dupbridge.rulings import rulebook_for


def _played(seed: int) -> Table:
    table = Table(seed % 16 + 1, Deal.random(random.Random(seed)))
    table.make_call(table.board.dealer, parse_call("1NT"), alert=True, explanation="12-14")
    while table.play is None or not table.play.is_complete:
        if table.play is None:
            turn = table.turn
            assert turn is not None
            table.make_call(turn, robot_call(table.auction, table.deal[turn]))
            if table.is_passed_out:
                break
        else:
            turn = table.turn
            assert turn is not None
            table.play_card(turn, robot_card(table))
    return table


class TestEventJSON:
    """Encoding and decoding."""

    @pytest.mark.parametrize("seed", range(5))
    def test_a_played_board_round_trips(self, seed: int) -> None:
        """Every event of a played board encodes to JSON text and decodes to an equal event."""
        table = _played(seed)
        for event in table.events:
            text = json.dumps(event_to_json(event))
            assert event == event_from_json(json.loads(text))

    def test_recording_mode_events_encode(self) -> None:
        """Recording mode's derived events (irregularities, rectifications) encode to JSON
        for the audit trail (Law 31: a bid out of rotation)."""
        table = Table(
            1, Deal.random(random.Random(3)), mode="recording", rulebook=rulebook_for("2017")
        )
        events = table.make_call(table.board.dealer.lho, parse_call("1S"))
        kinds = [event_to_json(event)["type"] for event in table.events]
        assert "IrregularityFlagged" in kinds
        assert all(json.dumps(event_to_json(event)) for event in events)
        flagged = next(e for e in table.events if type(e).__name__ == "IrregularityFlagged")
        assert flagged == event_from_json(event_to_json(flagged))

    @pytest.mark.parametrize(
        ("data", "message"),
        [
            ([], "JSON object"),
            ({"type": "Nonsense", "seq": 1}, "Nonsense"),
            ({"type": "CardPlayed", "seq": 1, "seat": "N"}, "'card'"),
            ({"type": "CardPlayed", "seq": "1", "seat": "N", "card": "SA"}, "'seq'"),
            ({"type": "CallMade", "seq": 1, "seat": "N", "call": 1}, "'call'"),
            ({"type": "Rectified", "seq": 1}, "Rectified"),
        ],
    )
    def test_what_is_no_event(self, data: object, message: str) -> None:
        """A JSON value that is no readable event names what is wrong."""
        with pytest.raises(EventJSONError, match=message):
            event_from_json(data)
