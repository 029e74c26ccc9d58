"""The validator reports everything wrong with a movement at once (Laws 4, 5, 6F, 8, 15A)."""

from __future__ import annotations

from collections import Counter

from dupbridge.core.seats import Side
from dupbridge.tournament.movements import Entrant, Kind, Movement, Row, mitchell, validate
from dupbridge.tournament.movements.howell import howell
from dupbridge.tournament.movements.validate import board_ranges

NS, EW = Side.NS, Side.EW
E = Entrant


def _codes(movement: Movement) -> Counter[str]:
    return Counter(problem.code for problem in validate(movement).errors)


def _movement(*rows: Row, **options: object) -> Movement:
    return Movement(
        "test",
        tuple(rows),
        ((1, (1, 2)), (2, (3, 4)), (3, (5, 6))),
        **options,  # type: ignore[arg-type]
    )


class TestBoardsAndPlaces:
    def test_board_twice(self) -> None:
        """An entrant may not play a board twice: it could not be compared (Law 15A)."""
        movement = _movement(
            Row.pair(1, 1, E(1), E(2), 1),
            Row.pair(1, 2, E(3), E(4), 2),
            Row.pair(2, 1, E(1), E(3), 1),
            Row.pair(2, 2, E(4), E(2), 2),
        )
        report = validate(movement)
        assert not report.ok
        messages = [p.message for p in report.errors if p.code == "board-twice"]
        assert "1 plays boards twice: 1-2 in rounds 1 and 2" == messages[0]
        assert ["4 plays boards twice: 3-4 in rounds 1 and 2"] == messages[1:]

    def test_two_places(self) -> None:
        """A pair cannot be at two tables in one round; the problem names both rows."""
        movement = _movement(
            Row.pair(1, 1, E(1), E(2), 1),
            Row.pair(1, 2, E(1), E(4), 2),
        )
        problem = next(p for p in validate(movement).errors if p.code == "two-places")
        assert "round 1: 1 is at two places (tables 1, 2)" == problem.message
        assert (0, 1) == problem.rows

    def test_table_twice(self) -> None:
        """A table has one row per round."""
        movement = _movement(Row.pair(1, 1, E(1), E(2), 1), Row.pair(1, 1, E(3), E(4), 2))
        assert 1 == _codes(movement)["table-twice"]

    def test_empty_seat(self) -> None:
        """Every seat is filled or held by a declared phantom (Law 4)."""
        movement = _movement(Row.pair(1, 1, E(1), None, 1), Row.pair(1, 2, E(3), E(4), 2))
        problem = next(p for p in validate(movement).errors if p.code == "empty-seat")
        assert "the East-West seat is empty" in problem.message
        declared = _movement(
            Row.pair(1, 1, E(1), E(9), 1),
            Row.pair(1, 2, E(3), E(4), 2),
            phantoms=frozenset({E(9)}),
        )
        assert 0 == _codes(declared)["empty-seat"]

    def test_sits_against_itself(self) -> None:
        """An entrant cannot sit twice at one table."""
        assert 1 == _codes(_movement(Row.pair(1, 1, E(2), E(2), 1)))["against-itself"]


class TestSets:
    def test_set_at_two_tables(self) -> None:
        """A set is at one table in a round unless the tables are declared to share it."""
        rows = (Row.pair(1, 1, E(1), E(2), 1), Row.pair(1, 2, E(3), E(4), 1))
        assert 1 == _codes(_movement(*rows))["set-two-places"]
        assert validate(_movement(*rows, shared=frozenset({(1, 1)}))).ok

    def test_declared_sharing_alone(self) -> None:
        """Sharing declared where only one table plays the set is worth a warning."""
        report = validate(_movement(Row.pair(1, 1, E(1), E(2), 1), shared=frozenset({(1, 1)})))
        assert ["shared-alone"] == [p.code for p in report.warnings]

    def test_board_in_two_sets(self) -> None:
        """A board number in two sets needs the boards declared duplicated (Law 6F)."""
        rows = (Row.pair(1, 1, E(1), E(2), 1), Row.pair(1, 2, E(3), E(4), 2))
        sets = ((1, (1, 2)), (2, (1, 2)))
        plain = Movement("copies", rows, sets)
        assert 2 == _codes(plain)["board-in-two-sets"]
        assert validate(Movement("copies", rows, sets, duplicated=True)).ok

    def test_set_on_a_stand_and_at_a_table(self) -> None:
        """A set cannot rest on a stand while a table plays it."""
        movement = _movement(Row.pair(1, 1, E(1), E(2), 1), stands=((1, 1, "relay stand A"),))
        assert 1 == _codes(movement)["set-on-stand-and-table"]


class TestMeetingsAndCoverage:
    def test_meet_twice(self) -> None:
        """Two pairs meet at most once; consecutive rounds at one table are one meeting."""
        again = _movement(
            Row.pair(1, 1, E(1), E(2), 1),
            Row.pair(2, 1, E(1), E(3), 2),
            Row.pair(3, 1, E(2), E(1), 3),
        )
        assert 1 == _codes(again)["meet-twice"]
        long_round = _movement(Row.pair(1, 1, E(1), E(2), 1), Row.pair(2, 1, E(1), E(2), 2))
        assert 0 == _codes(long_round)["meet-twice"]

    def test_skip_mitchell_revenge_round(self) -> None:
        """A skip Mitchell played to its last round meets the first opponents again."""
        rows = mitchell(6).rows
        revenge = tuple(
            Row.pair(6, row.table, row.ns, row.ew, row.sets) for row in rows if row.round == 1
        )
        full = Movement("revenge", rows + revenge, mitchell(6).set_boards)
        assert 6 == _codes(full)["meet-twice"]

    def test_coverage(self) -> None:
        """Each entrant plays at least 70 % of the boards in play."""
        movement = _movement(
            Row.pair(1, 1, E(1), E(2), 1),
            Row.pair(1, 2, E(3), E(4), 2),
            Row.pair(2, 1, E(1), E(3), 3),
        )
        coverage = [p.message for p in validate(movement).errors if p.code == "coverage"]
        assert "2 plays 2 of the 6 boards in play, under 70 %" in coverage

    def test_teams_one_room(self) -> None:
        """A team plays each board in both rooms, in opposite directions (Law 86)."""
        movement = Movement(
            "half match",
            (Row.pair(1, 1, E(1), E(2), 1),),
            ((1, (1, 2)),),
            kind=Kind.TEAMS,
        )
        assert 2 == _codes(movement)["one-room"]

    def test_teams_rooms_differ(self) -> None:
        """Both rooms of a board are against the same team."""
        movement = Movement(
            "muddle",
            (
                Row.pair(1, 1, E(1), E(2), 1),
                Row.pair(1, 2, E(3), E(1), 2),
                Row.pair(1, 3, E(2), E(3), 3),
                Row.pair(1, 4, E(4), E(4 + 1), 4),
            ),
            ((1, (1,)), (2, (1,)), (3, (1,)), (4, (1,))),
            kind=Kind.TEAMS,
            duplicated=True,
        )
        assert _codes(movement)["rooms-differ"] >= 1


class TestReport:
    def test_complete_howell_and_balance(self) -> None:
        """A complete Howell is complete; the report gives the spread of comparisons."""
        report = validate(howell(6))
        assert report.complete
        spread = report.comparisons.spread
        assert spread is not None
        assert spread[0] <= spread[1]
        assert report.summary().startswith("Howell 6 tables: valid (11 rounds, 6 tables")

    def test_mitchell_comparisons(self) -> None:
        """In an odd Mitchell every NS pair is compared with every other NS pair on every
        board they both play: 2 boards x 7 rounds."""
        report = validate(mitchell(7))
        assert (14, 14) == report.comparisons.spread

    def test_everything_at_once(self) -> None:
        """Several problems are all reported in one go."""
        movement = _movement(
            Row.pair(1, 1, E(1), None, 1),
            Row.pair(1, 2, E(1), E(4), 2),
            Row.pair(1, 3, E(5), E(6), 2),
        )
        codes = set(_codes(movement))
        assert {"empty-seat", "two-places", "set-two-places"} <= codes

    def test_board_ranges(self) -> None:
        """Board lists are written as ranges."""
        assert "1-3, 7, 9-10" == board_ranges([10, 1, 2, 3, 7, 9])
