"""Movement files: the KoPS and bridgescorer libraries (oracle), dupbridge's own format and
RoundData CSV, with every bad row reported at its line and column."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from dupbridge.core.seats import Side
from dupbridge.tournament.movements import (
    Entrant,
    MovementFileError,
    mitchell,
    validate,
)
from dupbridge.tournament.movements.files import (
    detect_format,
    dump,
    dumps,
    dumps_csv,
    file_problems,
    load,
    loads,
)
from dupbridge.tournament.movements.howell import howell
from dupbridge.tournament.movements.individual import individual_two_tables
from dupbridge.tournament.movements.teams import team_match
from tests.conftest import shared_file

NS, EW = Side.NS, Side.EW


@pytest.mark.oracle
class TestKoPSLibrary:
    def test_every_movement_imports_and_validates(self) -> None:
        """All 69 KoPS movements import without a problem and pass the validator."""
        library = load(shared_file("movements-kops-howell", "movements.json"))
        assert "kops" == library.format
        assert () == library.problems
        assert 69 == len(library.movements)
        for loaded in library.movements:
            report = validate(loaded.movement)
            assert [] == [str(p) for p in report.problems], loaded.key

    def test_complete_howells_recognised(self) -> None:
        """The KoPS movements with 2T - 1 rounds (4 to 12 tables) are complete Howells:
        every pair meets every other once; the others are not complete."""
        library = load(shared_file("movements-kops-howell", "movements.json"))
        complete = {
            loaded.key
            for loaded in library.movements
            if validate(loaded.movement).complete and validate(loaded.movement).shape == "howell"
        }
        expected = {f"{t}-{2 * t - 1}" for t in range(4, 13)}
        assert expected == complete

    def test_kops_mitchells_have_two_fields(self) -> None:
        """The KoPS Mitchells (keys ending in M) are complete with two fields."""
        library = load(shared_file("movements-kops-howell", "movements.json"))
        for key in ("5-M", "7-M", "9-M", "11-M", "13-M"):
            report = validate(library.get(key).movement)
            assert ("mitchell", True) == (report.shape, report.complete)

    def test_ring_semantics(self) -> None:
        """KoPS 4-7 as the howellki viewer moves it: pair 8 stays at 1N, pair 1 starts at
        1E and follows the ring; set 1 starts at table 1, set 4 on a relay stand."""
        movement = load(shared_file("movements-kops-howell", "movements.json")).get("4-7").movement
        first = movement.row_at(1, 1)
        assert first is not None
        assert (Entrant(8), Entrant(1), (1,)) == (first.ns, first.ew, first.sets)
        second = movement.place(Entrant(1), 2)
        assert second is not None
        assert (3, EW) == (second.row.table, second.side)  # the ring: ..., 1E -> 3E
        assert () == movement.set_place(4, 1).tables
        assert (3,) == movement.set_place(4, 2).tables  # one slot back: the relay -> table 3


@pytest.mark.oracle
class TestBridgescorerLibrary:
    def _movements(self) -> list[Path]:
        folder = shared_file("movements-bridgescorer")
        return sorted(p for p in folder.glob("*.yaml") if not p.name.startswith("Boardset."))

    def test_every_movement_imports_and_validates(self) -> None:
        """Every bridgescorer movement imports and passes the validator."""
        movements = self._movements()
        assert 26 == len(movements)
        for path in movements:
            loaded = load(path)
            assert [] == [str(p) for p in loaded.errors], path.name
            for movement in loaded.movements:
                report = validate(movement.movement)
                assert [] == [str(p) for p in report.errors], path.name

    def test_sharing_ones_recognised(self) -> None:
        """The relay movements (bridgescorer's word for sharing) and the two-table
        individuals share boards; no other bridgescorer movement does."""
        sharing = {
            path.stem.split(".", 1)[1]
            for path in self._movements()
            if load(path).movements[0].movement.sharing
        }
        assert {
            "Howell06T3B15Relay",
            "Howell06T3B20Relay",
            "Howell06T3B25Relay",
            "Howell06T3B30Relay",
            "Howell10T5B24Relay",
            "Individual2Tables14Boards",
            "Individual2Tables21Boards",
        } == sharing

    def test_sets_rebuilt_from_rows(self) -> None:
        """Boards that always travel together form one set: the 3-table Howell without a
        relay plays two half-sets of two boards per round."""
        loaded = load(shared_file("movements-bridgescorer", "Movement.Howell3TableNoRelay.yaml"))
        movement = loaded.movements[0].movement
        assert {2} == {len(boards) for boards in movement.sets.values()}
        assert all(len(row.sets) == 2 for row in movement.rows)
        report = validate(movement)
        assert report.ok
        assert report.complete
        assert not movement.sharing

    def test_board_set_file_is_not_a_movement(self) -> None:
        """A bridgescorer board set is reported as such, at its first line."""
        result = load(shared_file("movements-bridgescorer", "Boardset.StandardBoards.yaml"))
        assert () == result.movements
        assert "board set" in str(result.errors[0])

    def test_mitchell_two_fields(self) -> None:
        """bridgescorer's 3-table Mitchell: NS 1-3 against EW 4-6, two fields."""
        loaded = load(shared_file("movements-bridgescorer", "Movement.Mitchell3Table.yaml"))
        report = validate(loaded.movements[0].movement)
        assert ("mitchell", True) == (report.shape, report.complete)


class TestOwnFormat:
    @pytest.mark.parametrize(
        "movement",
        [
            mitchell(7, 3),
            mitchell(8, even="relay", arrow_switch=[8]),
            mitchell(9, phantom=True),
            howell(5),
            team_match(12),
            individual_two_tables(),
        ],
        ids=lambda m: m.name,
    )
    def test_round_trip(self, movement: object) -> None:
        """dumps then loads gives back an equal movement."""
        text = dumps(movement)  # type: ignore[arg-type]
        back = loads(text, "m.yaml")
        assert () == back.problems
        assert movement == back.movements[0].movement
        out = io.StringIO()
        dump(movement, out)  # type: ignore[arg-type]
        assert text == out.getvalue()

    def test_detected(self) -> None:
        """The format line identifies dupbridge's own files."""
        assert "dupbridge" == detect_format(dumps(mitchell(3)), "x.yaml")

    def test_errors_at_their_place(self) -> None:
        """Every bad value is reported with its line and column, all at once."""
        text = (
            "format: dupbridge-movement\nversion: 1\nname: bad\nsets:\n  1: [1, 2]\n"
            "rows:\n"
            '  - {round: 1, table: 1, ns: "1", ew: "2", sets: [1]}\n'
            '  - {round: 0, table: 2, ns: "3", ew: "4", sets: [1]}\n'
            '  - {round: 1, table: 3, ns: "5x", ew: "6", sets: [1]}\n'
        )
        result = loads(text, "bad.yaml")
        assert () == result.movements
        assert [
            "bad.yaml:8:13: error: bad: row 2: 'round' must be a whole number from 1, not 0",
            "bad.yaml:9:30: error: bad: row 3: not an entrant: '5x' (expected e.g. 7, 7 NS "
            "or EW 3)",
        ] == [str(p) for p in result.problems]

    def test_strict_raises_at_first(self) -> None:
        """strict=True stops at the first error."""
        text = "format: dupbridge-movement\nversion: 1\nname: bad\nsets: 3\nrows: []\n"
        with pytest.raises(MovementFileError) as caught:
            loads(text, "s.yaml", strict=True)
        assert 1 == len(caught.value.problems)

    def test_undeclared_sharing_is_an_error(self) -> None:
        """Sharing must be declared in dupbridge's format: a set at two tables is reported
        at the rows."""
        text = (
            "format: dupbridge-movement\nversion: 1\nname: share\nsets: {1: 1-2, 2: 3-4}\n"
            "rows:\n"
            '  - {round: 1, table: 1, ns: "1", ew: "2", sets: [1]}\n'
            '  - {round: 1, table: 2, ns: "3", ew: "4", sets: [1]}\n'
        )
        loaded = loads(text, "share.yaml").movements[0]
        problems = file_problems(loaded, validate(loaded.movement), "share.yaml")
        assert any(
            str(p).startswith(
                "share.yaml:6:5: error: round 1: set 1 (boards 1-2) is at tables 1, 2"
            )
            for p in problems
        )
        declared = loads(text.replace("rows:", "shared: [[1, 1]]\nrows:"), "share.yaml")
        assert validate(declared.movements[0].movement).ok


CSV_HEADER = "Table,Round,NS,EW,LowBoard,HighBoard\n"


class TestRoundDataCSV:
    def test_round_trip_mitchell(self) -> None:
        """A Mitchell written as RoundData reads back with the same plays (two lines of
        pair numbers recognised), a half table's missing pair written as 0."""
        movement = mitchell(8, even="relay", phantom=True)
        text = dumps_csv(movement)
        back = loads(text, "m.csv").movements[0].movement
        report = validate(back)
        assert report.ok
        assert report.shape == "mitchell"
        for board in movement.boards:
            assert [
                (p.round, p.table, p.ns.number, p.ew.number) for p in movement.plays(board)
            ] == [(p.round, p.table, p.ns.number, p.ew.number) for p in back.plays(board)]

    def test_round_trip_howell(self) -> None:
        """A Howell written as RoundData reads back as one field of unique numbers."""
        movement = howell(4)
        back = loads(dumps_csv(movement), "h.csv").movements[0].movement
        assert validate(back).complete
        assert movement.entrants == back.entrants

    def test_pair_in_two_places(self) -> None:
        """A pair in two places in one round is reported with its rows."""
        lines = dumps_csv(howell(4)).splitlines()
        assert "2,1,2,3,3,4" == lines[2]  # round 1, table 2: pairs 2 and 3
        lines[3] = "3,1,4,2,5,6"  # pair 2 also at table 3 in round 1 (line 4 of the file)
        loaded = loads("\n".join(lines), "two.csv").movements[0]
        problems = file_problems(loaded, validate(loaded.movement), "two.csv")
        assert "two.csv:3:1: error: round 1: 2 is at two places (tables 2, 3)" == str(
            next(p for p in problems if "two places" in p.message)
        )

    def test_set_at_two_tables(self) -> None:
        """The same boards at two tables in one round, undeclared, is an error at the rows;
        a Shared column declares it."""
        text = CSV_HEADER + "1,1,1,2,1,2\n2,1,3,4,1,2\n"
        loaded = loads(text, "set.csv").movements[0]
        problems = file_problems(loaded, validate(loaded.movement), "set.csv")
        assert [
            "set.csv:2:1: error: round 1: set 1 (boards 1-2) is at tables 1, 2; a set is at "
            "one table unless the tables are declared to share it"
        ] == [str(p) for p in problems if "set 1" in p.message]
        declared = loads(
            text.replace("HighBoard", "HighBoard,Shared").replace("2\n", "2,yes\n"), "s.csv"
        )
        assert validate(declared.movements[0].movement).ok

    def test_bad_cells(self) -> None:
        """Bad numbers are reported at their line and column, every one."""
        text = CSV_HEADER + "1,x,1,2,1,2\n2,1,3,4,5,3\n"
        result = loads(text, "bad.csv")
        assert [
            "bad.csv:2:3: error: Round must be a whole number from 1, not 'x'",
            "bad.csv:3:11: error: HighBoard 3 is below LowBoard 5",
        ] == [str(p) for p in result.problems]

    def test_impossible_table_number(self) -> None:
        """Table 0 is no table: reported at its cell."""
        result = loads(CSV_HEADER + "0,1,1,2,1,2\n", "t.csv")
        assert ["t.csv:2:1: error: Table must be a whole number from 1, not '0'"] == [
            str(p) for p in result.problems
        ]

    def test_missing_columns(self) -> None:
        """A header without the RoundData columns says which are missing."""
        result = loads("Table,Round,NS\n1,1,1\n", "h.csv")
        assert "h.csv:1:1: error: the header needs the columns" in str(result.problems[0])
        assert "ew, low, high" in str(result.problems[0])

    def test_sections(self) -> None:
        """A Section column gives one movement per section."""
        text = "Section,Table,Round,NS,EW,LowBoard,HighBoard\nA,1,1,1,2,1,2\nB,1,1,1,2,1,2\n"
        result = loads(text, "s.csv")
        assert ["A", "B"] == [loaded.key for loaded in result.movements]


class TestDetection:
    def test_unknown_text(self) -> None:
        """Text that is no movement file is refused in one clear error."""
        with pytest.raises(MovementFileError, match="not a movement file"):
            loads("hello: world\n", "x.yaml")

    def test_unreadable_file(self, tmp_path: Path) -> None:
        """A missing file is one error naming it."""
        with pytest.raises(MovementFileError, match="cannot read it"):
            load(tmp_path / "none.json")

    def test_kops_errors(self) -> None:
        """A KoPS movement with a pair listed twice and a bad ring position is reported at
        the elements; a table count that does not fit the positions too."""
        text = (
            '{"4-7": {"tables": 4, "rounds": 7, "sets": [1, 2, 3, 0, 4, 0, 0],\n'
            '  "movement": ["3E", "4E", "2N", "2E", "9N", "3N", "1E"],\n'
            '  "positions": [8, 1, 5, 4, 2, 7, 3, 3]},\n'
            ' "5-7": {"tables": 5, "rounds": 7, "sets": [1, 2, 3, 4, 5, 0, 0],\n'
            '  "movement": ["4E"], "positions": [1, 2]}}\n'
        )
        result = loads(text, "k.json")
        messages = [str(p) for p in result.problems]
        assert "k.json:3:38: error: movement 4-7: positions lists pair 3 twice" in messages
        assert (
            "k.json:2:40: error: movement 4-7: '9N' is no position like 3N or 4E of 4 tables"
            in messages
        )
        assert (
            "k.json:5:36: error: movement 5-7: 5 tables seat 10 pairs, but positions lists 2"
            in messages
        )
        assert () == result.movements
