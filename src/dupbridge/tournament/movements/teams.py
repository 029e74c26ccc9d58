"""Team movements: the two-table match, round robins, and American whist (board-a-match).

A team plays at two tables at once: one pair North-South in one room, the other East-West in
the other, and each board is played once in each room with the teams in opposite directions
(Law 86 scores the match board by board from those two results). In the rows of a teams
movement the entrants are teams: ``ns`` is the team whose pair sits North-South.
"""

from __future__ import annotations

from dupbridge.i18n import _
from dupbridge.tournament.movements.common import check_count, consecutive_sets
from dupbridge.tournament.movements.errors import MovementError
from dupbridge.tournament.movements.model import Entrant, Kind, Movement, Row

__all__ = ["american_whist", "berger_rounds", "team_match", "team_round_robin"]


def team_match(
    boards_per_round: int = 12, rounds: int = 2, *, duplicated: bool = False
) -> Movement:
    """A match between two teams at two tables: open room (table 1, team 1 North-South)
    and closed room (table 2, team 2 North-South).

    Without duplicated boards the rooms start with different sets and swap them after each
    round, so ``rounds`` must be even (each pair of rounds plays two sets in both rooms).
    With duplicated boards (Law 6F) both rooms play copies of the same set at once.

    Raises:
        MovementError: for an odd number of rounds without duplicated boards.
    """
    check_count(_("boards per round"), boards_per_round, 1, 64)
    check_count(_("rounds of a match"), rounds, 1, 32)
    home, away = Entrant(1), Entrant(2)
    rows: list[Row] = []
    if duplicated:
        set_boards = []
        for r in range(1, rounds + 1):
            boards = tuple(range((r - 1) * boards_per_round + 1, r * boards_per_round + 1))
            set_boards += [(2 * r - 1, boards), (2 * r, boards)]
            rows.append(Row.pair(r, 1, home, away, 2 * r - 1))
            rows.append(Row.pair(r, 2, away, home, 2 * r))
        sets = tuple(set_boards)
    else:
        if rounds % 2:
            raise MovementError(
                _("without duplicated boards the two rooms swap sets, so a match has an even "
                  "number of rounds, not {rounds}").format(rounds=rounds)
            )  # fmt: skip
        for r in range(1, rounds + 1):
            first = r if r % 2 else r - 1
            open_set, closed_set = (first, first + 1) if r % 2 else (first + 1, first)
            rows.append(Row.pair(r, 1, home, away, open_set))
            rows.append(Row.pair(r, 2, away, home, closed_set))
        sets = consecutive_sets(rounds, boards_per_round)
    return Movement(
        name=_("Team match, {boards} boards").format(boards=rounds * boards_per_round),
        rows=tuple(rows),
        set_boards=sets,
        kind=Kind.TEAMS,
        duplicated=duplicated,
        description=_("open room table 1, closed room table 2; teams in opposite directions"),
        family="team-match",
    )


def berger_rounds(teams: int) -> list[list[tuple[int, int]]]:
    """The rounds of a round robin by Berger's tables: ``(home, away)`` in each match.

    With an odd number of teams, team ``teams + 1`` is the bye. Home and away alternate so
    that every team is at home ``(n - 1) // 2`` or ``n // 2`` times out of ``n - 1``.
    """
    n = teams + teams % 2
    rounds: list[list[tuple[int, int]]] = []
    for r in range(n - 1):
        matches: list[tuple[int, int]] = []
        # Team n is fixed; the others turn round a circle (the circle method).
        others = [(r + i) % (n - 1) + 1 for i in range(n - 1)]
        fixed_opponent = others[0]
        matches.append((n, fixed_opponent) if r % 2 else (fixed_opponent, n))
        for i in range(1, n // 2):
            a, b = others[i], others[n - 1 - i]
            matches.append((a, b) if i % 2 else (b, a))
        rounds.append(matches)
    return rounds


def team_round_robin(teams: int, boards_per_round: int = 8, *, duplicated: bool = True) -> Movement:
    """Every team meets every other once, two tables per match, home and away balanced.

    Match ``m`` of a round sits at tables ``2m - 1`` (the home team North-South: the open
    room) and ``2m`` (the away team North-South: the closed room). With duplicated boards
    every match of a round plays copies of the same boards at the same time (Law 6F);
    without, each match plays its own boards in two halves, the rooms swapping after the
    first half. An odd number of teams has a bye (a phantom team).

    Raises:
        MovementError: for fewer than 3 teams, or halves that do not split the boards.
    """
    check_count(_("teams of a round robin"), teams, 3, 40)
    check_count(_("boards per round"), boards_per_round, 1, 64)
    if not duplicated and boards_per_round % 2:
        raise MovementError(
            _("without duplicated boards the rooms swap halves, so the boards per match must "
              "be even, not {n}").format(n=boards_per_round)
        )  # fmt: skip
    schedule = berger_rounds(teams)
    bye = Entrant(teams + 1) if teams % 2 else None
    rows: list[Row] = []
    set_boards: list[tuple[int, tuple[int, ...]]] = []
    next_board = 1
    set_number = 0
    sub = 1 if duplicated else 2
    for r, matches in enumerate(schedule, start=1):
        round_boards = tuple(range(next_board, next_board + boards_per_round))
        if duplicated:
            next_board += boards_per_round
        for m, (home, away) in enumerate(matches, start=1):
            if not duplicated:
                round_boards = tuple(range(next_board, next_board + boards_per_round))
                next_board += boards_per_round
            half = len(round_boards) // sub
            parts = [round_boards[i * half : (i + 1) * half] for i in range(sub)]
            ids = []
            for part in parts:
                for _room in range(1 if not duplicated else 2):
                    set_number += 1
                    set_boards.append((set_number, part))
                    ids.append(set_number)
            h, a = Entrant(home), Entrant(away)
            for s in range(sub):
                sub_round = (r - 1) * sub + s + 1
                if duplicated:
                    open_set, closed_set = ids[0], ids[1]
                else:
                    open_set, closed_set = (ids[0], ids[1]) if s == 0 else (ids[1], ids[0])
                rows.append(Row.pair(sub_round, 2 * m - 1, h, a, open_set))
                rows.append(Row.pair(sub_round, 2 * m, a, h, closed_set))
    return Movement(
        name=_("Round robin of {teams} teams").format(teams=teams),
        rows=tuple(rows),
        set_boards=tuple(set_boards),
        kind=Kind.TEAMS,
        phantoms=frozenset({bye}) if bye else frozenset(),
        duplicated=duplicated,
        description=_(
            "{rounds} matches of {boards} boards; home team North-South in the open room"
        ).format(rounds=len(schedule), boards=boards_per_round),
        family="round-robin",
    )


def american_whist(teams: int, boards_per_round: int = 4) -> Movement:
    """American whist for teams (board-a-match in one session): every team meets every
    other on one set of boards, its two pairs in opposite directions at two tables.

    Team ``k``'s North-South pair stays at table ``k``; East-West pairs move down two tables
    and boards down one each round (``teams - 1`` rounds, ``teams`` sets). Team ``a`` meets
    team ``b`` at table ``a`` in round ``r`` and at table ``b`` in round ``teams - r``, on
    the same set. An even number of teams plays with a phantom team (each team sits out two
    half-rounds).

    Raises:
        MovementError: for fewer than 3 teams.
    """
    check_count(_("teams of an American whist"), teams, 3, 41)
    check_count(_("boards per round"), boards_per_round, 1, 16)
    n = teams + (teams + 1) % 2
    phantom = Entrant(n) if n != teams else None
    rows: list[Row] = []
    for r in range(1, n):
        for table in range(1, n + 1):
            visitor = (table - 1 + 2 * r) % n + 1
            board_set = (table - 1 + r) % n + 1
            rows.append(Row.pair(r, table, Entrant(table), Entrant(visitor), board_set))
    return Movement(
        name=_("American whist, {teams} teams").format(teams=teams),
        rows=tuple(rows),
        set_boards=consecutive_sets(n, boards_per_round),
        kind=Kind.TEAMS,
        phantoms=frozenset({phantom}) if phantom else frozenset(),
        description=_("NS stationary, EW down two tables, boards down one; {rounds} rounds").format(
            rounds=n - 1
        ),
        family="american-whist",
    )
