"""The movement model: entrants, rows, and what a movement tells players, director and scorer."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from dupbridge.core.seats import Seat, Side
from dupbridge.tournament.movements import (
    Entrant,
    Kind,
    Movement,
    MovementError,
    ResultNotInMovementError,
    Row,
    mitchell,
)
from dupbridge.tournament.movements.howell import howell

NS, EW = Side.NS, Side.EW


def _tiny() -> Movement:
    """Two tables, two rounds, a Howell-like swap: pairs 1-4, sets of two boards."""
    e = [Entrant(n) for n in range(5)]
    return Movement(
        name="tiny",
        rows=(
            Row.pair(1, 1, e[1], e[2], 1),
            Row.pair(1, 2, e[3], e[4], 2),
            Row.pair(2, 1, e[1], e[3], 2),
            Row.pair(2, 2, e[4], e[2], 1),
        ),
        set_boards=((1, (1, 2)), (2, (3, 4))),
    )


class TestEntrant:
    @pytest.mark.parametrize(
        ("text", "expected"),
        [
            ("7", Entrant(7)),
            ("7 NS", Entrant(7, NS)),
            ("NS7", Entrant(7, NS)),
            ("ew 3", Entrant(3, EW)),
            ("12E-W", Entrant(12, EW)),
        ],
    )
    def test_parse(self, text: str, expected: Entrant) -> None:
        """Entrants are written as a number, with the Mitchell line before or after it."""
        assert expected == Entrant.from_str(text)

    @pytest.mark.parametrize("text", ["", "NS", "7X", "NS 7 EW", "-1"])
    def test_bad_text(self, text: str) -> None:
        """Text that names no entrant is refused with the text in the message."""
        with pytest.raises(MovementError, match="not an entrant"):
            Entrant.from_str(text)

    def test_round_trip(self) -> None:
        """str() and repr() write the entrant back."""
        for entrant in (Entrant(4), Entrant(4, NS), Entrant(9, EW)):
            assert entrant == Entrant.from_str(str(entrant))
            assert entrant == eval(repr(entrant))  # noqa: S307 - repr must evaluate back

    def test_lines_differ(self) -> None:
        """NS 1 and EW 1 of a Mitchell are two pairs."""
        assert Entrant(1, NS) != Entrant(1, EW)


class TestRow:
    def test_arrow_switch_exchanges_seats(self) -> None:
        """An arrow-switched row seats the movement's NS pair East-West."""
        row = Row.pair(3, 1, Entrant(1, NS), Entrant(5, EW), 2, arrow_switch=True)
        assert (Entrant(5, EW), Entrant(1, NS)) == (row.seated(NS), row.seated(EW))

    def test_individual_rows_have_no_ns_entrant(self) -> None:
        """Individual rows seat players: asking for the NS entrant is refused."""
        row = Row.individual(1, 1, (Entrant(1), Entrant(2), Entrant(3), Entrant(4)), 1)
        assert Entrant(3) == row.player(Seat.S)
        with pytest.raises(MovementError):
            _ = row.ns

    @pytest.mark.parametrize(("rnd", "table"), [(0, 1), (1, 0), (-2, 3)])
    def test_numbers_from_one(self, rnd: int, table: int) -> None:
        """Rounds and tables are numbered from 1 (Law 3)."""
        with pytest.raises(MovementError):
            Row.pair(rnd, table, Entrant(1), Entrant(2), 1)


class TestMovementShape:
    def test_unknown_set_refused(self) -> None:
        """A row may only play sets the movement describes."""
        with pytest.raises(MovementError, match="set 3"):
            Movement("m", (Row.pair(1, 1, Entrant(1), Entrant(2), 3),), ((1, (1,)),))

    def test_kind_fixes_row_width(self) -> None:
        """An individual movement has four players per row."""
        with pytest.raises(MovementError, match="individual row has 4 seats"):
            Movement(
                "m",
                (Row.pair(1, 1, Entrant(1), Entrant(2), 1),),
                ((1, (1,)),),
                kind=Kind.INDIVIDUAL,
            )

    def test_counts(self) -> None:
        """Rounds, tables, boards in play and entrants come from the rows."""
        movement = _tiny()
        assert (2, (1, 2), (1, 2, 3, 4)) == (
            movement.rounds,
            movement.tables,
            movement.boards,
        )
        assert tuple(Entrant(n) for n in range(1, 5)) == movement.entrants


class TestWhereEveryoneGoes:
    def test_row_at_and_place(self) -> None:
        """Round 2: pair 3 sits East-West at table 1 and plays boards 3-4."""
        movement = _tiny()
        place = movement.place(Entrant(3), 2)
        assert place is not None
        assert (1, EW) == (place.row.table, place.side)
        assert (3, 4) == movement.boards_of(place.row)
        assert (Entrant(1),) == movement.opponents(place)

    def test_next_place(self) -> None:
        """The guide card's instruction: after round 1 pair 4 goes to table 2 North-South."""
        movement = _tiny()
        places = movement.next_place(Entrant(4), 1)
        assert places is not None
        assert [(2, NS)] == [(p.row.table, p.side) for p in places]
        assert movement.next_place(Entrant(4), 2) is None

    def test_set_place(self) -> None:
        """A set is at a table or on its stand; the relay stand of a share-and-relay Mitchell
        is named on the table cards."""
        movement = mitchell(4, even="relay")
        resting = [
            movement.set_place(s, 1) for s in movement.sets if not movement.set_place(s, 1).tables
        ]
        assert [3] == [place.set for place in resting]
        assert "relay stand between tables 2 and 3" == str(resting[0])
        assert (1, 4) == movement.set_place(1, 1).tables


class TestScoringQueries:
    def test_plays_of_a_board(self) -> None:
        """Board 3 is played at table 2 in round 1 and table 1 in round 2: who sat where."""
        plays = _tiny().plays(3)
        assert [(1, 2, Entrant(3), Entrant(4)), (2, 1, Entrant(1), Entrant(3))] == [
            (p.round, p.table, p.ns, p.ew) for p in plays
        ]

    def test_phantom_rows_are_no_plays(self) -> None:
        """Where a phantom sits the board is not played: its opponents sit out."""
        movement = mitchell(5, phantom=True)
        phantom = Entrant(5, NS)
        assert all(phantom not in p.seats for b in movement.boards for p in movement.plays(b))
        assert 4 == len(movement.plays(1))

    def test_check_result_accepts_a_real_line(self) -> None:
        """A traveller line of pairs who did play the board, in those directions, is accepted."""
        play = _tiny().check_result(3, ns=3, ew=4)
        assert (1, 2) == (play.round, play.table)

    def test_check_result_names_the_movement(self) -> None:
        """A result of a pair that did not play the board is an error naming the movement."""
        with pytest.raises(ResultNotInMovementError, match="does not play it in movement tiny"):
            _tiny().check_result(1, ns=1, ew=3)

    def test_check_result_wrong_direction(self) -> None:
        """The right pairs in the wrong directions are reported as such."""
        with pytest.raises(ResultNotInMovementError, match="sat East-West"):
            _tiny().check_result(3, ns=4, ew=3)

    def test_check_result_board_not_in_play(self) -> None:
        """A board the movement does not play is an error naming the board."""
        with pytest.raises(ResultNotInMovementError, match="board 9 is not played") as caught:
            _tiny().check_result(9, ns=1, ew=2)
        assert ("tiny", 9) == (caught.value.movement, caught.value.board)

    def test_check_result_takes_pair_ids(self) -> None:
        """The results model's pair ids (number and line) are accepted as they are."""

        @dataclass(frozen=True)
        class PairId:
            number: int
            line: Side | None
            section: str = "A"

        movement = mitchell(5)
        board = movement.boards_of(movement.row_at(2, 3) or movement.rows[0])[0]
        row = movement.row_at(2, 3)
        assert row is not None
        assert row.ns is not None
        assert row.ew is not None
        play = movement.check_result(board, PairId(row.ns.number, NS), PairId(row.ew.number, EW))
        assert (2, 3) == (play.round, play.table)

    def test_check_result_round_and_table(self) -> None:
        """When a line names its round and table they must be those of the play."""
        assert 2 == _tiny().check_result(3, 1, 3, round=2, table=1).round
        with pytest.raises(ResultNotInMovementError, match="round 2 at table 1, not in round 1"):
            _tiny().check_result(3, 1, 3, round=1)

    def test_check_results_of_a_traveller(self) -> None:
        """The results model's traveller lines are checked at once; the wrong ones come back
        with the reason, naming the movement."""
        from dupbridge.core.contract import Contract
        from dupbridge.tournament.results import PairId, Played, Result

        played = Played(Contract.from_str("3NTN"), 9)
        movement = mitchell(5)
        row = movement.row_at(1, 2)
        assert row is not None
        assert row.ew is not None
        board = movement.boards_of(row)[0]
        good = Result(board, PairId(2, line=NS), PairId(row.ew.number, line=EW), played)
        stray = Result(board, PairId(1, line=NS), PairId(row.ew.number, line=EW), played)
        wrong_table = Result(
            board, PairId(2, line=NS), PairId(row.ew.number, line=EW), played, table=4
        )
        problems = movement.check_results([good, stray, wrong_table])
        assert [stray, wrong_table] == [line for line, _error in problems]
        assert "1 NS and 2 EW do not play it against each other in movement Mitchell 5" in str(
            problems[0][1]
        )

    def test_arrow_switch_scoring(self) -> None:
        """On an arrow-switched round the EW-line pair sits North-South: the traveller line
        names it NS, and the movement has one field (one winner)."""
        movement = mitchell(5, arrow_switch=[5])
        row = movement.row_at(5, 1)
        assert row is not None
        assert row.ns is not None
        assert row.ew is not None
        board = movement.boards_of(row)[0]
        play = movement.check_result(board, ns=row.ew, ew=row.ns)
        assert play.arrow_switched
        assert (row.ew, row.ns) == (play.ns, play.ew)
        with pytest.raises(ResultNotInMovementError, match="sat East-West"):
            movement.check_result(board, ns=row.ns, ew=row.ew)
        assert 1 == len(movement.fields())

    def test_mitchell_two_fields(self) -> None:
        """A Mitchell without arrow switch has two fields, NS and EW, each with a winner."""
        ns_field, ew_field = mitchell(7).fields()
        assert {Entrant(n, NS) for n in range(1, 8)} == set(ns_field.entrants)
        assert {Entrant(n, EW) for n in range(1, 8)} == set(ew_field.entrants)
        assert EW == mitchell(7).field_of(Entrant(3, EW)).line

    def test_howell_one_field(self) -> None:
        """A Howell's pairs sit both ways: one field, one winner."""
        fields = howell(4).fields()
        assert 1 == len(fields)
        assert 8 == len(fields[0].entrants)

    def test_bare_numbers_in_a_mitchell(self) -> None:
        """Bare numbers in a Mitchell mean the NS pair and the EW pair of that number."""
        movement = mitchell(5)
        row = movement.row_at(1, 2)
        assert row is not None
        assert row.ew is not None
        board = movement.boards_of(row)[0]
        play = movement.check_result(board, 2, row.ew.number)
        assert (Entrant(2, NS), row.ew) == (play.ns, play.ew)
