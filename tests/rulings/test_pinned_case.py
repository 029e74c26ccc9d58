"""The helpers every part of the rulings engine shares (rulings/case.py); what mutation testing
found unpinned (issue 19).

Every object is built inside its test, so that mutmut's mutant is active when it is built
(docs/performance.md, "Mutation testing").
"""

from __future__ import annotations

from typing import Any

from dupbridge.core.calls import Strain, parse_call
from dupbridge.core.cards import Suit
from dupbridge.core.events import IrregularityFlagged
from dupbridge.core.kinds import IrregularityName
from dupbridge.core.seats import Seat
from dupbridge.core.table import Table
from dupbridge.i18n import use_language
from dupbridge.rulings.case import (
    Case,
    TextValues,
    call_text,
    last_ruling,
    recorder,
    suit_name,
    suits_name,
)
from dupbridge.rulings.solver import ExhaustiveSolver
from dupbridge.services.records import run_record

DEAL = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876"


def table_after(actions: list[dict[str, Any]]) -> Table:
    record = {"board": 1, "deal": DEAL, "edition": "2017", "mode": "recording"}
    run = run_record({**record, "actions": actions}, claims=ExhaustiveSolver())
    return run.table


def call(seat: str, text: str) -> dict[str, Any]:
    return {"seat": seat, "call": text}


def choose(seat: str, option: str) -> dict[str, Any]:
    return {"choose": {"seat": seat, "option": option}}


def flagged(table: Table) -> list[IrregularityFlagged]:
    return [event for event in table.events if isinstance(event, IrregularityFlagged)]


class TestCallText:
    """How a ruling's text names the call at issue."""

    def test_a_call_is_its_text(self) -> None:
        case = Case(1, IrregularityName.INSUFFICIENT_BID, Seat.E, strain=Strain.HEARTS)
        assert call_text(parse_call("1H"), case) == "1H"

    def test_a_bid_above_seven_names_its_strain(self) -> None:
        """Law 38: a bid of more than seven is no call; the text names its strain."""
        case = Case(1, IrregularityName.BID_ABOVE_SEVEN, Seat.N, strain=Strain.NOTRUMP)
        assert call_text(None, case) == "a bid above seven in NT"
        with use_language("pl"):
            assert call_text(None, case) == "odzywka powyżej siedmiu w mianie NT"

    def test_no_call_and_no_strain_is_a_dash(self) -> None:
        case = Case(1, IrregularityName.CHANGE_OF_CALL, Seat.N)
        assert call_text(None, case) == "-"


class TestSuitNames:
    """The suits named in the rectifications' texts, singular and plural."""

    def test_singular(self) -> None:
        assert [suit_name(suit) for suit in Suit] == ["club", "diamond", "heart", "spade"]

    def test_plural(self) -> None:
        assert [suits_name(suit) for suit in Suit] == ["clubs", "diamonds", "hearts", "spades"]

    def test_translated(self) -> None:
        with use_language("pl"):
            assert suit_name(Suit.SPADES) == "pik"
            assert suits_name(Suit.CLUBS) == "trefle"


class TestTextValues:
    def test_known_placeholder(self) -> None:
        assert "{seat} calls".format_map(TextValues(seat="North")) == "North calls"

    def test_unknown_placeholder_shows_as_itself(self) -> None:
        assert "{seat} and {partner}".format_map(TextValues(seat="N")) == "N and {partner}"
        assert TextValues()["call"] == "{call}"


class TestLastRuling:
    """The ruling a seat's latest irregularity opened (its event's number), or 0."""

    def test_latest_of_two_insufficient_bids(self) -> None:
        """Law 27A1: East's insufficient 1H, accepted, then his insufficient 2D, accepted
        too, open two rulings; the latest is the second."""
        table = table_after(
            [
                *(call("N", "1S"), call("E", "1H"), choose("S", "accept"), call("S", "P")),
                *(call("W", "2H"), call("N", "P"), call("E", "2D"), choose("S", "accept")),
            ]
        )
        first, second = flagged(table)
        assert first.seat is second.seat is Seat.E
        assert first.seq < second.seq
        assert last_ruling(table, Seat.E, None) == second.seq
        assert last_ruling(table, Seat.E, ("insufficient_bid",)) == second.seq
        assert last_ruling(table, Seat.E, ("misinformation",)) == 0
        assert last_ruling(table, Seat.N, None) == 0
        assert last_ruling(table, Seat.S, ("insufficient_bid",)) == 0

    def test_names_pick_the_irregularity(self) -> None:
        """East's 1S out of rotation, accepted (Law 29A), then his 1H after the final pass
        (Law 39): a filter on the first name finds the earlier ruling."""
        table = table_after(
            [
                *(call("E", "1S"), choose("S", "accept"), call("S", "P"), call("W", "P")),
                *(call("N", "P"), call("E", "1H")),
            ]
        )
        first, second = flagged(table)
        assert first.irregularity == "bid_out_of_rotation"
        assert second.irregularity == "call_after_final_pass"
        assert last_ruling(table, Seat.E, ("bid_out_of_rotation",)) == first.seq
        assert last_ruling(table, Seat.E, ("call_after_final_pass",)) == second.seq
        assert last_ruling(table, Seat.E, None) == second.seq
        assert last_ruling(table, Seat.E, ("penalty_cards",)) == 0
        assert last_ruling(table, Seat.W, None) == 0

    def test_no_irregularity(self) -> None:
        table = table_after([call("N", "1S")])
        assert last_ruling(table, Seat.N, None) == 0


class TestRecorder:
    def test_recording_table(self) -> None:
        table = table_after([])
        assert recorder(table) is table.recording
        assert table.recording is not None
