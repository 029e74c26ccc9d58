"""Generated movements: Mitchell, Howell, teams and individuals pass the validator (Law 8)."""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dupbridge.core.seats import Side
from dupbridge.tournament.movements import (
    Entrant,
    Kind,
    Movement,
    MovementError,
    Row,
    mitchell,
    validate,
)
from dupbridge.tournament.movements.common import consecutive_sets
from dupbridge.tournament.movements.howell import howell, three_quarter_howell
from dupbridge.tournament.movements.individual import individual_two_tables, rainbow
from dupbridge.tournament.movements.teams import (
    american_whist,
    berger_rounds,
    team_match,
    team_round_robin,
)

NS, EW = Side.NS, Side.EW


@cache
def _howell(tables: int) -> Movement:
    return howell(tables)


class TestMitchell:
    @given(st.integers(3, 15))
    @settings(max_examples=30, deadline=None)
    def test_every_table_count_validates(self, tables: int) -> None:
        """Mitchells for 3-15 tables (skip and share-and-relay for even) pass the validator."""
        variants = ["skip"] if tables % 2 else ["skip", "relay"]
        for even in variants:
            report = validate(mitchell(tables, 2, even=even))
            assert [] == [str(p) for p in report.errors]
            assert "mitchell" == report.shape

    @given(st.integers(1, 7).map(lambda n: 2 * n + 1))
    @settings(max_examples=10, deadline=None)
    def test_odd_mitchell_is_complete(self, tables: int) -> None:
        """With an odd number of tables every EW pair meets every NS pair and set once."""
        report = validate(mitchell(tables))
        assert report.complete
        assert not report.sharing

    def test_without_the_skip_boards_come_back(self) -> None:
        """Negative test: an even Mitchell without skip or relay makes EW pairs meet their
        boards again after half the rounds; the validator says so."""
        tables = 8
        rows = tuple(
            Row.pair(
                r,
                t,
                Entrant(t, NS),
                Entrant((t - 1 - (r - 1)) % tables + 1, EW),
                (t - 1 + r - 1) % tables + 1,
            )
            for r in range(1, tables + 1)
            for t in range(1, tables + 1)
        )
        naive = Movement("no skip", rows, consecutive_sets(tables, 2))
        report = validate(naive)
        assert not report.ok
        codes = Counter(problem.code for problem in report.errors)
        assert tables == codes["board-twice"]
        assert any("1-2 in rounds 1 and 5" in p.message for p in report.errors)

    def test_generator_refuses_no_skip(self) -> None:
        """Asking for an even Mitchell with neither skip nor relay is refused, saying why."""
        with pytest.raises(MovementError, match="meet their boards again"):
            mitchell(8, even="none")

    def test_skip_drops_the_revenge_round(self) -> None:
        """The skip Mitchell is played in T - 1 rounds: no pair meets its first opponents
        again; a T-th round is refused."""
        assert 7 == mitchell(8).rounds
        with pytest.raises(MovementError, match="between 1 and 7"):
            mitchell(8, rounds=8)

    def test_skip_after_half_the_rounds(self) -> None:
        """EW pairs move up two tables once, after round T/2."""
        movement = mitchell(8)
        tables = [
            place.row.table
            for r in movement.round_numbers
            if (place := movement.place(Entrant(1, EW), r)) is not None
        ]
        assert [1, 2, 3, 4, 6, 7, 8] == tables

    def test_share_and_relay(self) -> None:
        """Share and relay: tables 1 and T share every round, a set rests between tables T/2
        and T/2 + 1, and every EW pair meets every NS pair once."""
        movement = mitchell(8, even="relay")
        report = validate(movement)
        assert report.ok
        assert report.complete
        assert {(r, movement.row_at(r, 1).sets[0]) for r in range(1, 9)} == set(movement.shared)  # type: ignore[union-attr]
        assert all(movement.row_at(r, 8).sets == movement.row_at(r, 1).sets for r in range(1, 9))  # type: ignore[union-attr]

    def test_share_and_relay_cannot_be_curtailed(self) -> None:
        """Curtailing the share-and-relay Mitchell would play sets unequally: refused."""
        with pytest.raises(MovementError, match="cannot be curtailed"):
            mitchell(8, even="relay", rounds=6)

    def test_half_table_phantom_avoids_sharing(self) -> None:
        """A half table in a share-and-relay Mitchell: the phantom is the share table's NS
        pair, so no boards are ever shared."""
        movement = mitchell(8, even="relay", phantom=True)
        report = validate(movement)
        assert report.ok
        assert not movement.sharing
        assert frozenset({Entrant(8, NS)}) == movement.phantoms
        sat_out = Counter(row.ew for row in movement.rows if not movement.plays_at(row))
        assert {Entrant(n, EW): 1 for n in range(1, 9)} == dict(sat_out)

    def test_rover_standard_order(self) -> None:
        """A late pair roves: it sits out round 1, then displaces NS at table 2 and moves up
        two tables each round; each displaced pair sits out once."""
        movement = mitchell(7, rover=True)
        report = validate(movement)
        assert [] == [str(p) for p in report.errors]
        rover = Entrant(8, NS)
        tables = [
            place.row.table if (place := movement.place(rover, r)) else None
            for r in movement.round_numbers
        ]
        assert [None, 2, 4, 6, 1, 3, 5] == tables
        sit_outs = Counter(
            e for r in movement.round_numbers for e in movement.real_entrants
            if e.line is NS and movement.place(e, r) is None
        )  # fmt: skip
        assert set(sit_outs.values()) == {1}

    def test_rover_even_skip(self) -> None:
        """With an even number of tables the rover follows the skip Mitchell."""
        report = validate(mitchell(10, rover=True))
        assert [] == [str(p) for p in report.errors]

    def test_rover_impossible(self) -> None:
        """With a table count divisible by 3 no rover order avoids repeats: said so."""
        with pytest.raises(MovementError, match="half table"):
            mitchell(9, rover=True)

    def test_arrow_switch_rounds(self) -> None:
        """Arrow switch is a per-round flag; every pair then plays both ways: one field."""
        movement = mitchell(7, arrow_switch=[6, 7])
        assert (6, 7) == movement.arrow_switch_rounds
        assert validate(movement).ok
        assert 1 == len(movement.fields())

    @pytest.mark.parametrize(
        ("kwargs", "message"),
        [
            ({"tables": 2}, "between 3 and 60"),
            ({"tables": 7, "boards_per_round": 0}, "boards per round"),
            ({"tables": 7, "phantom": True, "rover": True}, "not both"),
            ({"tables": 8, "even": "relay", "rover": True}, "skip Mitchell"),
            ({"tables": 7, "arrow_switch": [9]}, "arrow-switch round"),
        ],
    )
    def test_impossible_requests(self, kwargs: dict[str, object], message: str) -> None:
        """Impossible table counts and options are refused with a clear message."""
        with pytest.raises(MovementError, match=message):
            mitchell(**kwargs)  # type: ignore[arg-type]


class TestHowell:
    @pytest.mark.slow
    @given(st.integers(4, 15))
    @settings(max_examples=24, deadline=None)
    def test_complete_howells_validate(self, tables: int) -> None:
        """Complete Howells (2T - 1 rounds) for 4-15 tables: no shared boards, every pair
        meets every other exactly once and plays every board once."""
        movement = _howell(tables)
        report = validate(movement)
        assert report.ok
        assert report.complete
        assert not movement.sharing
        assert 2 * tables - 1 == movement.rounds
        assert {1} == set(Counter(frozenset((row.ns, row.ew)) for row in movement.rows).values())
        assert all(
            len(movement.boards_played(e)) == len(movement.boards) for e in movement.entrants
        )

    @pytest.mark.parametrize("tables", [2, 3])
    def test_small_howells_need_sharing(self, tables: int) -> None:
        """There is no complete 2- or 3-table Howell without shared boards: the generator
        says so and points to the sharing variant."""
        with pytest.raises(MovementError, match="sharing=True"):
            howell(tables)

    @pytest.mark.parametrize("tables", [2, 3])
    def test_sharing_variant(self, tables: int) -> None:
        """The sharing variant is valid, complete, and declares every shared set."""
        movement = howell(tables, sharing=True)
        report = validate(movement)
        assert report.ok
        assert report.complete
        assert movement.sharing

    def test_three_tables_in_half_sets(self) -> None:
        """With an even number of boards a round, 3 tables avoid sharing by playing two
        half-sets a table: complete, no set at two tables, every pair plays every board."""
        movement = howell(3, 4, split=True)
        report = validate(movement)
        assert report.ok
        assert report.complete
        assert not movement.sharing
        assert {2} == {len(row.sets) for row in movement.rows}
        with pytest.raises(MovementError, match="half-sets"):
            howell(2, split=True)

    @pytest.mark.parametrize("tables", [5, 7, 9, 12])
    def test_three_quarter_howell(self, tables: int) -> None:
        """The three-quarter Howell: about 3/4 of the rounds, valid, each set played once at
        every table, every pair meeting others at most once."""
        movement = three_quarter_howell(tables)
        report = validate(movement)
        assert report.ok
        assert not report.complete
        assert abs(movement.rounds - 0.75 * (2 * tables - 1)) <= 1.5
        plays = Counter(s for row in movement.rows for s in row.sets)
        assert {tables} == set(plays.values())

    def test_reduced_rounds_out_of_range(self) -> None:
        """A Howell needs more rounds than tables and at most 2T - 1."""
        with pytest.raises(MovementError, match="between 8 and 13"):
            howell(7, rounds=14)


class TestTeams:
    def test_two_table_match(self) -> None:
        """Each board is played once in each room, with the teams in opposite directions."""
        movement = team_match(12)
        assert validate(movement).ok
        for board in movement.boards:
            plays = movement.plays(board)
            assert 2 == len(plays)
            assert {1, 2} == {p.table for p in plays}
            first, second = plays
            assert (first.ns, first.ew) == (second.ew, second.ns)

    def test_match_with_duplicated_boards(self) -> None:
        """With copies (Law 6F) both rooms play a board in the same round."""
        movement = team_match(8, 3, duplicated=True)
        assert validate(movement).ok
        assert all(len({p.round for p in movement.plays(board)}) == 1 for board in movement.boards)

    def test_odd_rounds_without_copies(self) -> None:
        """Swapping sets between rooms takes an even number of rounds."""
        with pytest.raises(MovementError, match="even number of rounds"):
            team_match(8, 3)

    @pytest.mark.parametrize("teams", [3, 4, 5, 6, 7, 8, 9, 10])
    def test_round_robin(self, teams: int) -> None:
        """Every team meets every other once; home and away differ by at most one."""
        movement = team_round_robin(teams)
        report = validate(movement)
        assert report.ok
        assert report.complete
        home = Counter(h for matches in berger_rounds(teams) for h, _a in matches if h <= teams)
        away = Counter(a for matches in berger_rounds(teams) for _h, a in matches if a <= teams)
        assert all(abs(home[t] - away[t]) <= 1 for t in range(1, teams + 1))

    def test_round_robin_without_copies(self) -> None:
        """Without copies each match plays its own boards, swapping halves between rooms."""
        report = validate(team_round_robin(4, 8, duplicated=False))
        assert report.ok

    @pytest.mark.parametrize("teams", [3, 4, 5, 6, 7, 9, 11])
    def test_american_whist(self, teams: int) -> None:
        """American whist: every team meets every other on one set, its pairs in opposite
        directions; an even number of teams plays with a phantom team."""
        movement = american_whist(teams)
        report = validate(movement)
        assert [] == [str(p) for p in report.errors]
        assert report.complete
        for a, b in combinations(range(1, teams + 1), 2):
            ea, eb = Entrant(a), Entrant(b)
            sets_ab = {row.sets for row in movement.rows if {row.ns, row.ew} == {ea, eb}}
            assert 1 == len(sets_ab)


class TestIndividuals:
    def test_two_tables(self) -> None:
        """Eight players: each partners every other once and meets each as an opponent
        twice; the two tables share each round's boards."""
        movement = individual_two_tables()
        assert Kind.INDIVIDUAL is movement.kind
        assert validate(movement).ok
        partners: Counter[frozenset[Entrant | None]] = Counter()
        opponents: Counter[frozenset[Entrant | None]] = Counter()
        for row in movement.rows:
            n, e, s, w = row.seats
            partners.update([frozenset((n, s)), frozenset((e, w))])
            opponents.update(frozenset((a, b)) for a in (n, s) for b in (e, w))
        assert (28, {1}) == (len(partners), set(partners.values()))
        assert (28, {2}) == (len(opponents), set(opponents.values()))
        report = validate(movement)
        assert ((1, 1), (2, 2)) == (report.partners, report.opponents)

    @pytest.mark.parametrize("tables", [5, 7, 11, 13])
    def test_rainbow(self, tables: int) -> None:
        """Rainbow: any two players of different lines meet exactly once; each player plays
        each set once."""
        movement = rainbow(tables)
        assert validate(movement).ok
        met: Counter[frozenset[Entrant | None]] = Counter()
        for row in movement.rows:
            met.update(frozenset(pair) for pair in combinations(row.seats, 2))
        assert {1} == set(met.values())
        assert 6 * tables * tables == len(met)

    @pytest.mark.parametrize("tables", [6, 9, 15])
    def test_rainbow_needs_a_prime(self, tables: int) -> None:
        """A non-prime number of tables is refused, naming primes nearby."""
        with pytest.raises(MovementError, match="prime number of tables"):
            rainbow(tables)
