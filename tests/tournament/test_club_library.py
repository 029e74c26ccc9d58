"""The club's movement library comes first in the suggestions (issue 12): the published
movements a club owns cards and scoring files for, so that table and pair numbers match them
(Law 8A: the Director tells players and boards where to go)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dupbridge.tournament.movements import MovementFileError
from dupbridge.tournament.movements.club_library import (
    library_suggestions,
    load_library,
    with_boards_per_round,
)
from dupbridge.tournament.movements.files import dumps, load
from dupbridge.tournament.movements.howell import howell
from dupbridge.tournament.movements.mitchell import mitchell
from tests.conftest import shared_file


def kops() -> Path:
    return shared_file("movements-kops-howell", "movements.json")


class TestOwnFormat:
    """A library in dupbridge's own format (no shared data needed)."""

    @pytest.fixture
    def library_dir(self, tmp_path: Path) -> Path:
        (tmp_path / "howell4.yaml").write_text(dumps(howell(4, 2)), encoding="utf-8")
        (tmp_path / "mitchell5.yaml").write_text(dumps(mitchell(5, 4)), encoding="utf-8")
        (tmp_path / "notes.txt").write_text("not a movement", encoding="utf-8")
        (tmp_path / "broken.json").write_text('{"nothing": 1}', encoding="utf-8")
        return tmp_path

    def test_directory_movements_fit_by_pairs_and_boards(self, library_dir: Path) -> None:
        """Every movement file of the directory is read; the one for 4 tables and 14 boards is
        suggested with its file and key, its boards as the file gives them."""
        library = load_library(library_dir)
        assert 2 == len(library.movements)
        found = library_suggestions(library, 4, 14)
        assert 1 == len(found)
        assert str(library_dir / "howell4.yaml") == found[0].library
        assert (7, 2, 14, True) == (
            found[0].rounds,
            found[0].boards_per_round,
            found[0].boards,
            found[0].sized,
        )
        assert [] == library_suggestions(library, 4, 40)  # far too many boards
        assert [] == library_suggestions(library, 6, 14)  # no movement for 12 pairs

    def test_half_table_takes_one_pair_more(self, library_dir: Path) -> None:
        """4.5 tables (9 pairs) take a 5-table movement: pair EW 5 is the missing pair."""
        found = library_suggestions(load_library(library_dir), 5, 20, half=True)
        assert ["mitchell5"] == [Path(s.library).stem for s in found]
        assert "missing pair" in found[0].why

    def test_bad_library_is_a_clear_error(self, tmp_path: Path) -> None:
        with pytest.raises(MovementFileError, match="no movement library here"):
            load_library(tmp_path / "absent.json")
        (tmp_path / "x.txt").write_text("hello", encoding="utf-8")
        with pytest.raises(MovementFileError, match="holds no movement file"):
            load_library(tmp_path)


@pytest.mark.oracle
class TestKoPS:
    def test_sized_like_the_reader(self) -> None:
        """A KoPS movement read with one board a set and given three is the one the reader
        builds with three boards a set."""
        path = kops()
        one = load(path, boards_per_round=1).get("7-13").movement
        assert load(path, boards_per_round=3).get("7-13").movement == with_boards_per_round(one, 3)

    @pytest.mark.parametrize("tables", range(4, 17))
    def test_the_kops_movement_comes_first(self, tables: int) -> None:
        """For every number of tables the library covers, the first suggestion for about 24
        boards is a KoPS movement for exactly those tables, sized to come nearest 24 (16 tables:
        19 rounds of one board)."""
        found = library_suggestions(load_library(kops()), tables, 24)
        assert found, tables
        best = found[0]
        assert re.fullmatch(rf"{tables}-(\d+|M|K)", best.key)
        assert not best.sized
        assert abs(best.boards - 24) <= 6  # the tolerance of suggest(): a quarter
        assert all(abs(best.boards - 24) <= abs(other.boards - 24) for other in found)

    def test_complete_howell_when_its_boards_are_asked(self) -> None:
        """7 tables and 26 boards: KoPS 7-13, 13 rounds of 2 (the complete Howell)."""
        best = library_suggestions(load_library(kops()), 7, 26)[0]
        assert ("7-13", 13, 2, 26) == (best.key, best.rounds, best.boards_per_round, best.boards)

    def test_half_table(self) -> None:
        """7½ tables: an 8-table KoPS movement, pair 16 the missing pair."""
        best = library_suggestions(load_library(kops()), 8, 26, half=True)[0]
        assert best.key.startswith("8-")
        assert "pair 16 is the missing pair" in best.why


@pytest.mark.oracle
def test_bridgescorer_directory() -> None:
    """The bridgescorer movements as a directory: its board-set files are passed over, and
    7 tables for 26 boards is its 14-pair Howell."""
    directory = shared_file("movements-bridgescorer", "Movement.Howell14T7B26.yaml").parent
    best = library_suggestions(load_library(directory), 7, 26)[0]
    assert ("Howell14T7B26", 13, 2, 26, True) == (
        best.key,
        best.rounds,
        best.boards_per_round,
        best.boards,
        best.sized,
    )
