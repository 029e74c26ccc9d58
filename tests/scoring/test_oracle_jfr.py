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
from dupbridge.scoring.rounding import format_fixed
from tests.conftest import shared_file
from tests.scoring.jfr import JfrTraveller, read_traveller

pytestmark = pytest.mark.oracle

MP_BOARDS = range(1, 28)
BUTLER_BOARDS = range(1, 31)
#: The datum rule that reproduces JFR Pary's (docs/scoring.md, "Butler"): the jfr preset.
JFR_DATUM = butler.datum_preset("jfr")


def mp_traveller(board: int) -> JfrTraveller:
    path: Path = shared_file("jfr-pary-mp-wb120802", f"wb120802{board:03d}.html")
    return read_traveller(path, board)


def butler_traveller(board: int) -> JfrTraveller:
    path: Path = shared_file("jfr-pary-butler-szczyrk131108", f"impy{board:03d}.txt")
    return read_traveller(path, board)


@pytest.mark.parametrize("how", [Factoring.NEUBERG, Factoring.LINEAR])
@pytest.mark.parametrize("board", MP_BOARDS)
def test_matchpoint_percentages(board: int, how: Factoring) -> None:
    """Law 78A: every NS and EW percentage of the traveller, to the printed two decimals.
    The director's 60/0 row is the sit-out against the phantom: it is neither compared nor
    counted, so the board is complete with its 8 results and any factoring agrees."""
    traveller = mp_traveller(board)
    played = [row for row in traveller.rows if not row.director]
    assert (9, 8) == (len(traveller.rows), len(played))
    scored = score_board(
        [Comparable.played(row.ns_score or 0) for row in played],
        expected=len(played),
        factoring=how,
    )
    computed = [(format_fixed(s.ns_percent), format_fixed(s.ew_percent)) for s in scored]
    printed = [(row.ns_text, row.ew_text) for row in played]
    assert printed == computed


def test_counting_the_phantom_with_neuberg_is_not_jfr() -> None:
    """The evidence in docs/scoring.md: had JFR counted the phantom's table (9 results),
    Neuberg would print 85.16 for the board-1 top of 85.71 (12 of 14 units); linear to 9
    keeps 85.71, which is why linear once seemed to be JFR's rule."""
    traveller = mp_traveller(1)
    played = [Comparable.played(row.ns_score or 0) for row in traveller.rows if not row.director]
    neuberg = score_board(played, expected=9, factoring=Factoring.NEUBERG)
    linear = score_board(played, expected=9, factoring=Factoring.LINEAR)
    assert "85.71" == traveller.rows[0].ns_text
    assert ("85.16", "85.71") == (
        format_fixed(neuberg[0].ns_percent),
        format_fixed(linear[0].ns_percent),
    )


@pytest.mark.parametrize("board", BUTLER_BOARDS)
def test_butler_datum_and_imps(board: int) -> None:
    """Butler: the board's datum and every result's NS and EW IMPs against it."""
    traveller = butler_traveller(board)
    played = [row for row in traveller.rows if not row.director]
    scored = butler.score_board([Comparable.played(row.ns_score or 0) for row in played], JFR_DATUM)
    assert traveller.datum == scored[0].datum
    assert [(row.ns_value, row.ew_value) for row in played] == [(s.ns, s.ew) for s in scored]
