"""Oracle: board by board, dupbridge's matchpoints and Butler IMPs equal JFR Pary's.

The two real events in ../shared/data were scored by JFR Pary: a 27-board matchpoint pairs
(9 tables, a phantom pair: every round someone scores a director's 60/0) and a 30-board
Butler pairs (42 tables). Every printed percentage, datum and IMP figure is recomputed here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dupbridge.scoring import butler
from dupbridge.scoring.matchpoints import Comparable, Factoring, score_board
from dupbridge.scoring.rounding import Rounding, format_fixed
from tests.conftest import shared_file
from tests.scoring.jfr import JfrTraveller, read_traveller

pytestmark = pytest.mark.oracle

MP_BOARDS = range(1, 28)
BUTLER_BOARDS = range(1, 31)
#: The datum rule that reproduces JFR Pary's (docs/scoring.md, "Butler").
JFR_DATUM = butler.DatumRule(drop=19, rounding=Rounding.TOWARD_ZERO)


def mp_traveller(board: int) -> JfrTraveller:
    path: Path = shared_file("jfr-pary-mp-wb120802", f"wb120802{board:03d}.html")
    return read_traveller(path, board)


def butler_traveller(board: int) -> JfrTraveller:
    path: Path = shared_file("jfr-pary-butler-szczyrk131108", f"impy{board:03d}.txt")
    return read_traveller(path, board)


@pytest.mark.parametrize("board", MP_BOARDS)
def test_matchpoint_percentages(board: int) -> None:
    """Law 78A: every NS and EW percentage of the traveller, to the printed two decimals
    (the director's 60/0 row stays out of the comparisons; the 8 results keep their
    percentage on the 9-table top: linear factoring)."""
    traveller = mp_traveller(board)
    played = [row for row in traveller.rows if not row.director]
    assert 9 == len(traveller.rows)
    scored = score_board(
        [Comparable.played(row.ns_score or 0) for row in played],
        expected=len(traveller.rows),
        factoring=Factoring.LINEAR,
    )
    computed = [(format_fixed(s.ns_percent), format_fixed(s.ew_percent)) for s in scored]
    printed = [(row.ns_text, row.ew_text) for row in played]
    assert printed == computed


@pytest.mark.parametrize("board", BUTLER_BOARDS)
def test_butler_datum_and_imps(board: int) -> None:
    """Butler: the board's datum and every result's NS and EW IMPs against it."""
    traveller = butler_traveller(board)
    played = [row for row in traveller.rows if not row.director]
    scored = butler.score_board([Comparable.played(row.ns_score or 0) for row in played], JFR_DATUM)
    assert traveller.datum == scored[0].datum
    assert [(row.ns_value, row.ew_value) for row in played] == [(s.ns, s.ew) for s in scored]
