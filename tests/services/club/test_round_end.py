"""Point 3: the end of a round (Law 8A: the Director moves players and boards; North moves
the boards, East when North's pair is a phantom) in the 5-table Howells of the movement
library, checked against the movement's rows of the next round, read directly."""

from __future__ import annotations

import pytest

from dupbridge.core.seats import Seat, Side
from dupbridge.services.club import Evening, EveningSetup
from dupbridge.tournament.movements import Entrant, Movement


def _seat_in(movement: Movement, entrant: Entrant, round: int) -> tuple[int, Side] | None:
    # Where the rows of ``round`` put the entrant, independently of Movement.next_place.
    for row in movement.rows:
        if row.round != round:
            continue
        for index, seated in enumerate(row.seats):
            if seated == entrant:
                side = Side.NS if index == 0 else Side.EW
                return row.table, (side.opponents if row.arrow_switch else side)
    return None


@pytest.mark.parametrize("half", [False, True], ids=["5 tables", "4.5 tables (phantom)"])
def test_every_pair_every_round(half: bool) -> None:
    """Every real pair that sits at a table gets its next table and direction; the sets go
    to the table that plays them next round; the boards instruction goes to North, or East
    when North's pair is the phantom."""
    evening = Evening("e", EveningSetup(family="howell", tables=5, half=half))
    movement = evening.movement
    rounds = movement.round_numbers
    carriers: set[Seat] = set()
    for round in rounds:
        told: list[Entrant] = []
        for table in movement.tables:
            end = evening.round_end(round, table)
            row = movement.row_at(round, table)
            assert row is not None
            for instruction in end.pairs:
                told.append(instruction.pair)
                if round == rounds[-1]:
                    assert instruction.table is None
                    assert "end of the session" == instruction.text
                    continue
                expected = _seat_in(movement, instruction.pair, round + 1)
                assert expected is not None
                assert expected == (instruction.table, instruction.side)
                where = "North-South" if expected[1] is Side.NS else "East-West"
                here = _seat_in(movement, instruction.pair, round)
                if here == expected:
                    assert f"stay at table {expected[0]} {where}" == instruction.text
                else:
                    assert f"to table {expected[0]} {where}" in instruction.text
            north = row.seats[1] if row.arrow_switch else row.seats[0]
            expected_carrier = Seat.E if north in movement.phantoms else Seat.N
            assert expected_carrier == end.boards_by
            carriers.add(end.boards_by)
            if round < rounds[-1]:
                for number in row.sets:
                    later = [
                        r.table for r in movement.rows if r.round == round + 1 and number in r.sets
                    ]
                    if later == [table]:
                        assert "stay" in end.boards
                    elif later:
                        assert f"to table {', '.join(map(str, later))}" in end.boards
            else:
                assert "collect the boards" == end.boards
        assert sorted(told, key=lambda e: e.number) == list(movement.real_entrants)
    assert (Seat.E in carriers) is half


def test_sit_out_is_said() -> None:
    """In the half-table Howell the pair that meets the phantom next round is told so."""
    evening = Evening("e", EveningSetup(family="howell", tables=5, half=True))
    movement = evening.movement
    sit_outs = [
        instruction
        for round in movement.round_numbers[:-1]
        for table in movement.tables
        for instruction in evening.round_end(round, table).pairs
        if instruction.sits_out
    ]
    assert len(sit_outs) == len(movement.round_numbers) - 1
    assert all("sit out" in instruction.text for instruction in sit_outs)
