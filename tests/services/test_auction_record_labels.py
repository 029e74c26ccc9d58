"""The table record's auction labels say what each call is after the ruling: ``irregular``
only while a ruling on it is pending, ``cancelled`` once it is ruled out of the auction,
``standing`` once it stands.

Every table is built inside its test (a mutant is activated after the tests are collected).
"""

from __future__ import annotations

import pytest

from dupbridge import Seat, Table, parse_call
from dupbridge.services.records import recording_json
from tests.core.test_reopened_duties import calls, recording


def labels(table: Table) -> list[str]:
    return [
        f"{entry['seat']} {entry['call']} {entry['status']}"
        for entry in recording_json(table)["auction_record"]
    ]


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_a_pass_after_the_final_pass_is_cancelled(edition: str) -> None:
    """Law 39A: every call after the final pass is cancelled; a defender's pass brings no
    further rectification (39B), so nothing is pending and the pass is shown cancelled."""
    table = recording(edition)
    calls(table, (Seat.N, "1H"), (Seat.E, "Pass"), (Seat.S, "Pass"), (Seat.W, "Pass"))
    calls(table, (Seat.E, "Pass"))
    assert table.pending is None
    assert [
        "N 1H standing",
        "E Pass standing",
        "S Pass standing",
        "W Pass standing",
        "E Pass cancelled",
    ] == labels(table)
    calls(table, (Seat.N, "2H"))  # the future declarer's call: also 39B
    assert "N 2H cancelled" == labels(table)[-1]


@pytest.mark.parametrize(
    ("edition", "question"), [("2017", "same_denominations"), ("2007", "not_artificial")]
)
def test_a_premature_replacement_is_irregular_while_ruled_on(edition: str, question: str) -> None:
    """Law 27C: East replaces his insufficient 1H by 2H before South has chosen. South may
    still accept the 1H (27A1), so both calls are irregular while he chooses; he refuses:
    the 1H is cancelled, the 2H stays irregular while the Director rules on it, then
    stands (27B1(a))."""
    table = recording(edition)
    calls(table, (Seat.N, "1S"), (Seat.E, "1H"), (Seat.E, "2H"))
    assert ["N 1S standing", "E 1H irregular", "E 2H irregular"] == labels(table)
    table.choose(Seat.S, "refuse")
    assert ["N 1S standing", "E 1H cancelled", "E 2H irregular"] == labels(table)
    table.director(**{question: True})
    assert table.pending is None
    assert ["N 1S standing", "E 1H cancelled", "E 2H standing"] == labels(table)


def test_a_premature_replacement_of_an_accepted_bid_is_cancelled() -> None:
    """Law 27C: the replacement stands unless the insufficient bid is accepted (27A1);
    South accepts the 1H, so the 2H is cancelled."""
    table = recording("2017")
    calls(table, (Seat.N, "1S"), (Seat.E, "1H"), (Seat.E, "2H"))
    table.choose(Seat.S, "accept")
    assert table.pending is None
    assert ["N 1S standing", "E 1H standing", "E 2H cancelled"] == labels(table)


@pytest.mark.parametrize("edition", ["2017", "2007"])
def test_an_intended_change_is_irregular_while_the_lho_chooses(edition: str) -> None:
    """Law 25B: East's change from Pass to 1S was intended, so Law 25A does not allow it;
    South may still accept it (25B1), so it stays irregular while he chooses; refused, it
    is cancelled and the pass stands (25B2)."""
    table = recording(edition)
    calls(table, (Seat.N, "1H"), (Seat.E, "Pass"))
    table.change_call(Seat.E, parse_call("1S"))
    table.director(unintended=False)
    pending = table.pending
    assert pending is not None
    assert ("accept", "refuse") == pending.options
    assert ["N 1H standing", "E Pass standing", "E 1S irregular"] == labels(table)
    table.choose(Seat.S, "refuse")
    assert ["N 1H standing", "E Pass standing", "E 1S cancelled"] == labels(table)
