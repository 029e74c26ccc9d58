"""The movement validator: everything wrong with a movement, reported at once.

The Laws leave the movement to the Director (Law 8A) but a movement must let the event be
scored fairly; :func:`validate` checks that:

* no entrant plays a board twice (it could not be compared on it, Law 15A);
* no entrant is in two places in one round, and every seat is filled or held by a declared
  phantom (Law 4: the pairs and teams of the session; Law 5A: the Director assigns the seats);
* a set is at one place in a round, unless the tables are declared to share it; a board
  number in two sets only when the boards are declared duplicated (Law 6F);
* meetings: two entrants meet at most once (consecutive rounds at one table count as one
  meeting); a complete movement meets everyone it can (a complete Howell every pair, a
  Mitchell every NS pair with every EW pair);
* coverage: each entrant plays at least 70 % of the boards in play;
* and, as a report, the balance of comparisons between pairs (how often two pairs are
  compared directly on a board, sitting the same way).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from fractions import Fraction
from itertools import combinations, pairwise

from dupbridge.i18n import _, ngettext
from dupbridge.tournament.movements.model import Entrant, Kind, Movement, Row
from dupbridge.tournament.movements.report import Comparisons, Problem, Report, board_ranges

__all__ = [
    "COVERAGE",
    "Comparisons",
    "Problem",
    "Report",
    "board_ranges",
    "comparisons",
    "validate",
]

#: The least share of the boards in play that each entrant must play.
COVERAGE = Fraction(7, 10)


def validate(movement: Movement) -> Report:
    """Check ``movement`` and report every problem at once (never raises for a bad movement).

    Returns:
        the :class:`Report`; ``report.ok`` tells whether the movement can be used.
    """
    checker = _Checker(movement)
    checker.run()
    shape = _shape(movement)
    meetings = checker.meetings
    complete = _complete(movement, shape, meetings) and checker.ok
    partners, opponents = _individual_counts(movement)
    return Report(
        movement=movement,
        problems=tuple(checker.problems),
        shape=shape,
        complete=complete,
        meetings=meetings,
        comparisons=comparisons(movement),
        partners=partners,
        opponents=opponents,
    )


def _individual_counts(
    movement: Movement,
) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    """Partner and opponent counts of an individual movement (fewest, most)."""
    if movement.kind is not Kind.INDIVIDUAL:
        return None, None
    partners: Counter[frozenset[Entrant]] = Counter()
    opponents: Counter[frozenset[Entrant]] = Counter()
    for row in movement.rows:
        if not movement.plays_at(row):
            continue
        north, east, south, west = (e for e in row.seats if e is not None)
        partners.update((frozenset((north, south)), frozenset((east, west))))
        opponents.update(frozenset((a, b)) for a in (north, south) for b in (east, west))
    if not partners:
        return None, None
    return (
        (min(partners.values()), max(partners.values())),
        (min(opponents.values()), max(opponents.values())),
    )


def _shape(movement: Movement) -> str:
    if movement.kind is Kind.TEAMS:
        return "teams"
    if movement.kind is Kind.INDIVIDUAL:
        return "individual"
    return "mitchell" if len(movement.fields()) == 2 else "howell"


def _complete(movement: Movement, shape: str, meetings: dict[tuple[Entrant, Entrant], int]) -> bool:
    real = movement.real_entrants
    if shape == "individual":
        return False
    if shape == "mitchell":
        ns_field, ew_field = movement.fields()
        wanted = [_key(a, b) for a in ns_field.entrants for b in ew_field.entrants]
    else:
        wanted = [_key(a, b) for a, b in combinations(real, 2)]
    if not wanted or any(key not in meetings for key in wanted):
        return False
    return len({meetings[key] for key in wanted}) == 1


def _key(a: Entrant, b: Entrant) -> tuple[Entrant, Entrant]:
    return (a, b) if a.sort_key <= b.sort_key else (b, a)


class _Checker:
    def __init__(self, movement: Movement) -> None:
        self.movement = movement
        self.problems: list[Problem] = []
        self.meetings: dict[tuple[Entrant, Entrant], int] = {}
        self.index = {id(row): i for i, row in enumerate(movement.rows)}

    @property
    def ok(self) -> bool:
        return not any(not problem.warning for problem in self.problems)

    def error(self, code: str, message: str, rows: Iterable[Row] = ()) -> None:
        self.problems.append(Problem(code, message, self._indexes(rows)))

    def warn(self, code: str, message: str, rows: Iterable[Row] = ()) -> None:
        self.problems.append(Problem(code, message, self._indexes(rows), warning=True))

    def _indexes(self, rows: Iterable[Row]) -> tuple[int, ...]:
        return tuple(sorted({self.index[id(row)] for row in rows}))

    def run(self) -> None:
        self.check_grid()
        self.check_seats()
        self.check_places()
        self.check_sets()
        self.check_boards()
        self.check_meetings()
        self.check_coverage()

    # -- the grid and the seats ---------------------------------------------------------------

    def check_grid(self) -> None:
        movement = self.movement
        seen: dict[tuple[int, int], Row] = {}
        for row in movement.rows:
            key = (row.round, row.table)
            if key in seen:
                self.error(
                    "table-twice",
                    _("round {round}: table {table} has two rows").format(
                        round=row.round, table=row.table
                    ),
                    (seen[key], row),
                )
            else:
                seen[key] = row
            if row.arrow_switch and movement.kind is Kind.INDIVIDUAL:
                self.error(
                    "arrow-switch",
                    _("round {round} table {table}: an individual movement switches no "
                      "arrows (it seats players one by one)").format(
                        round=row.round, table=row.table
                    ),
                    (row,),
                )  # fmt: skip
        missing = sorted(set(range(1, movement.rounds + 1)) - set(movement.round_numbers))
        if missing:
            self.warn(
                "round-missing",
                _("rounds {rounds} have no rows").format(rounds=", ".join(str(r) for r in missing)),
            )

    def check_seats(self) -> None:
        movement = self.movement
        names = (
            (_("North"), _("East"), _("South"), _("West"))
            if movement.kind is Kind.INDIVIDUAL
            else (_("North-South"), _("East-West"))
        )
        for row in movement.rows:
            for index, entrant in enumerate(row.seats):
                if entrant is None:
                    self.error(
                        "empty-seat",
                        _("round {round} table {table}: the {seat} seat is empty (declare a "
                          "phantom if nobody sits there)").format(
                            round=row.round, table=row.table, seat=names[index]
                        ),
                        (row,),
                    )  # fmt: skip
            twice = [e for e, n in Counter(row.entrants).items() if n > 1]
            if twice:
                self.error(
                    "against-itself",
                    _("round {round} table {table}: {who} sits twice at the table").format(
                        round=row.round, table=row.table, who=twice[0]
                    ),
                    (row,),
                )
        unused = set(movement.phantoms) - {e for row in movement.rows for e in row.entrants}
        for entrant in sorted(unused, key=lambda e: e.sort_key):
            self.warn(
                "phantom-unused",
                _("phantom {who} sits at no table").format(who=entrant),
            )

    def check_places(self) -> None:
        """An entrant (a team: each of its two lines) is in one place per round."""
        movement = self.movement
        for r in movement.round_numbers:
            where: dict[tuple[Entrant, int], list[Row]] = defaultdict(list)
            for row in movement.rows_in_round(r):
                for index, entrant in enumerate(row.seats):
                    if entrant is None:
                        continue
                    unit = index % 2 if movement.kind is Kind.TEAMS else 0
                    where[(entrant, unit)].append(row)
            for (entrant, unit), rows in sorted(
                where.items(), key=lambda item: (item[0][0].sort_key, item[0][1])
            ):
                if len(rows) < 2:
                    continue
                tables = ", ".join(str(row.table) for row in rows)
                if movement.kind is Kind.TEAMS:
                    line = _("North-South") if unit == 0 else _("East-West")
                    message = _("round {round}: team {who} sits {line} at tables {tables}")
                    text = message.format(round=r, who=entrant, line=line, tables=tables)
                else:
                    text = _("round {round}: {who} is at two places (tables {tables})").format(
                        round=r, who=entrant, tables=tables
                    )
                self.error("two-places", text, rows)

    # -- sets and boards ---------------------------------------------------------------------

    def check_sets(self) -> None:
        movement = self.movement
        owners: dict[int, list[int]] = defaultdict(list)
        for number, boards in movement.set_boards:
            for board in boards:
                owners[board].append(number)
        if not movement.duplicated:
            for board, numbers in sorted(owners.items()):
                if len(numbers) > 1:
                    self.error(
                        "board-in-two-sets",
                        _("board {board} is in sets {sets}; declare the boards duplicated "
                          "(exact copies, Law 6F) or fix the sets").format(
                            board=board, sets=", ".join(str(n) for n in numbers)
                        ),
                    )  # fmt: skip
        for r in movement.round_numbers:
            at: dict[int, list[Row]] = defaultdict(list)
            for row in movement.rows_in_round(r):
                if movement.plays_at(row):
                    for number in row.sets:
                        at[number].append(row)
            for number, rows in sorted(at.items()):
                declared = (r, number) in movement.shared
                if len(rows) > 1 and not declared:
                    self.error(
                        "set-two-places",
                        _("round {round}: set {set} (boards {boards}) is at tables {tables}; "
                          "a set is at one table unless the tables are declared to share "
                          "it").format(
                            round=r, set=number,
                            boards=board_ranges(movement.boards_of_set(number)),
                            tables=", ".join(str(row.table) for row in rows),
                        ),
                        rows,
                    )  # fmt: skip
            for s_round, number, name in movement.stands:
                if s_round == r and number in at:
                    self.error(
                        "set-on-stand-and-table",
                        _("round {round}: set {set} is both on {stand} and at table "
                          "{table}").format(
                            round=r, set=number, stand=name, table=at[number][0].table
                        ),
                        at[number],
                    )  # fmt: skip
        for r, number in sorted(movement.shared):
            playing = [
                row
                for row in movement.rows_in_round(r)
                if number in row.sets and movement.plays_at(row)
            ]
            if len(playing) < 2:
                self.warn(
                    "shared-alone",
                    ngettext("round {round}: set {set} is declared shared but {n} table plays it",
                             "round {round}: set {set} is declared shared but {n} tables play it",
                             len(playing)).format(round=r, set=number, n=len(playing)),
                    playing,
                )  # fmt: skip

    def check_boards(self) -> None:
        """No entrant plays a board twice (teams: once in each direction, Law 86)."""
        movement = self.movement
        plays: dict[tuple[Entrant, int], dict[int, list[Row]]] = defaultdict(
            lambda: defaultdict(list)
        )
        for row in sorted(movement.rows, key=lambda row: (row.round, row.table)):
            if not movement.plays_at(row):
                continue
            boards = movement.boards_of(row)
            for index, entrant in enumerate(row.seats):
                assert entrant is not None
                unit = index % 2 if movement.kind is Kind.TEAMS else 0
                for board in boards:
                    plays[(entrant, unit)][board].append(row)
        for (entrant, unit), per_board in sorted(
            plays.items(), key=lambda item: (item[0][0].sort_key, item[0][1])
        ):
            repeated = {b: rows for b, rows in per_board.items() if len(rows) > 1}
            if not repeated:
                continue
            by_rounds: dict[tuple[int, ...], list[int]] = defaultdict(list)
            for board, rows in repeated.items():
                by_rounds[tuple(row.round for row in rows)].append(board)
            where = "; ".join(
                _("{boards} in rounds {rounds}").format(
                    boards=board_ranges(boards), rounds=" and ".join(str(r) for r in rounds)
                )
                for rounds, boards in sorted(by_rounds.items())
            )
            who = str(entrant)
            if movement.kind is Kind.TEAMS:
                line = _("North-South") if unit == 0 else _("East-West")
                who = _("team {who} ({line})").format(who=entrant, line=line)
            self.error(
                "board-twice",
                _("{who} plays boards twice: {where}").format(who=who, where=where),
                [row for rows in repeated.values() for row in rows],
            )
        if movement.kind is Kind.TEAMS:
            self.check_rooms(plays)

    def check_rooms(self, plays: dict[tuple[Entrant, int], dict[int, list[Row]]]) -> None:
        """A team plays each of its boards once North-South and once East-West, against
        the same team: the two tables of a match (Law 86)."""
        teams = sorted({entrant for entrant, _unit in plays}, key=lambda e: e.sort_key)
        for team in teams:
            ns = plays.get((team, 0), {})
            ew = plays.get((team, 1), {})
            lonely = sorted(set(ns) ^ set(ew))
            if lonely:
                rows = [row for b in lonely for row in ns.get(b, []) + ew.get(b, [])]
                self.error(
                    "one-room",
                    _("team {team} plays boards {boards} in one direction only (the other "
                      "room is missing)").format(team=team, boards=board_ranges(lonely)),
                    rows,
                )  # fmt: skip
            for board in sorted(set(ns) & set(ew)):
                ns_row, ew_row = ns[board][0], ew[board][0]
                against_ns, against_ew = ns_row.seats[1], ew_row.seats[0]
                if against_ns != against_ew:
                    self.error(
                        "rooms-differ",
                        _("board {board}: team {team} meets team {a} in one room and team "
                          "{b} in the other").format(
                            board=board, team=team, a=against_ns, b=against_ew
                        ),
                        (ns_row, ew_row),
                    )  # fmt: skip
                    break

    # -- meetings and coverage ---------------------------------------------------------------

    def check_meetings(self) -> None:
        movement = self.movement
        if movement.kind is Kind.INDIVIDUAL:
            return
        # Pairs meet once; for teams, each pair of a team meets each pair of the other once
        # (team A North-South against team B East-West, and the other way round).
        teams = movement.kind is Kind.TEAMS
        met: dict[tuple[Entrant, Entrant], list[Row]] = defaultdict(list)
        for row in sorted(movement.rows, key=lambda row: (row.round, row.table)):
            if not movement.plays_at(row):
                continue
            ns, ew = row.seats
            assert ns is not None
            assert ew is not None
            met[(ns, ew) if teams else _key(ns, ew)].append(row)
        for key, rows in sorted(
            met.items(), key=lambda item: (item[0][0].sort_key, item[0][1].sort_key)
        ):
            both = _key(*key)
            self.meetings[both] = self.meetings.get(both, 0) + sum(
                len(movement.boards_of(row)) for row in rows
            )
            rounds = [row.round for row in rows]
            encounters = 1 + sum(1 for a, b in pairwise(rounds) if b > a + 1)
            if encounters > 1:
                if teams:
                    message = _("team {a} (North-South) meets team {b} more than once (rounds "
                                "{rounds})")  # fmt: skip
                else:
                    message = _("{a} and {b} meet more than once (rounds {rounds})")
                self.error(
                    "meet-twice",
                    message.format(a=key[0], b=key[1], rounds=", ".join(str(r) for r in rounds)),
                    rows,
                )

    def check_coverage(self) -> None:
        movement = self.movement
        in_play = set(movement.boards)
        if not in_play:
            self.error("no-boards", _("no board is played"))
            return
        rounds = len(movement.round_numbers)
        for entrant in movement.real_entrants:
            played = set(movement.boards_played(entrant))
            share = Fraction(len(played), len(in_play))
            if movement.kind is Kind.TEAMS:
                # A team plays only its own matches' boards: count the rounds it plays.
                playing = {
                    row.round for row in movement.rows
                    if entrant in row.seats and movement.plays_at(row)
                }  # fmt: skip
                if Fraction(len(playing), rounds) < COVERAGE:
                    # A warning only: byes are part of small team round robins.
                    self.warn(
                        "coverage",
                        _("team {who} plays {n} of the {total} rounds, under {least} %").format(
                            who=entrant, n=len(playing), total=rounds,
                            least=int(COVERAGE * 100),
                        ),
                    )  # fmt: skip
                continue
            if share < COVERAGE:
                self.error(
                    "coverage",
                    _("{who} plays {n} of the {total} boards in play, under {least} %").format(
                        who=entrant,
                        n=len(played),
                        total=len(in_play),
                        least=int(COVERAGE * 100),
                    ),
                )


def comparisons(movement: Movement) -> Comparisons:
    """Direct comparisons between two pairs of one field (pairs movements only).

    Boards played by the same tables in the same rounds compare the same pairs, so each
    such group of boards is counted once and weighted by its size.
    """
    if movement.kind is not Kind.PAIRS:
        return Comparisons()
    fields = movement.fields()
    order = sorted({e for f in fields for e in f.entrants}, key=lambda e: e.sort_key)
    number = {entrant: i for i, entrant in enumerate(order)}
    field_of = [0] * len(order)
    for index, f in enumerate(fields):
        for entrant in f.entrants:
            field_of[number[entrant]] = index
    groups: Counter[tuple[tuple[int, int], ...]] = Counter()
    for board in movement.boards:
        seated = tuple(
            (number[play.ns], number[play.ew])
            for play in movement.plays(board)
            if play.ns in number and play.ew in number
        )
        groups[seated] += 1
    same: Counter[tuple[int, int]] = Counter()
    opposite: Counter[tuple[int, int]] = Counter()
    for seated, weight in groups.items():
        for (ns_a, ew_a), (ns_b, ew_b) in combinations(seated, 2):
            for a, b, alike in (
                (ns_a, ns_b, True), (ew_a, ew_b, True), (ns_a, ew_b, False), (ew_a, ns_b, False)
            ):  # fmt: skip
                if field_of[a] != field_of[b]:
                    continue
                key = (a, b) if a < b else (b, a)
                (same if alike else opposite)[key] += weight
    for f in fields:
        members = sorted(number[e] for e in f.entrants)
        for a, b in combinations(members, 2):
            same.setdefault((a, b), 0)
    return Comparisons(
        {(order[a], order[b]): n for (a, b), n in same.items()},
        {(order[a], order[b]): n for (a, b), n in opposite.items()},
    )
