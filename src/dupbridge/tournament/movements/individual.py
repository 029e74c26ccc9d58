"""Individual movements: partnerships change during the session (Law 4A).

* The two-table individual for eight players: player 8 stays at table 1 North, the other
  seven follow one ring of seats; both tables play the same boards each round (shared), and
  every player partners every other once and meets each as an opponent twice.
* The Rainbow (prime-number) movement: one line of players per compass seat, North
  stationary, boards down one table, South up one, East up two, West down two. With a prime
  number of tables (5 or more) any two players of different lines meet exactly once and
  each player plays each set once; players of one line never meet.
"""

from __future__ import annotations

from dupbridge.core.seats import Seat
from dupbridge.i18n import _
from dupbridge.tournament.movements.common import check_count, consecutive_sets
from dupbridge.tournament.movements.errors import MovementError
from dupbridge.tournament.movements.model import Entrant, Kind, Movement, Row

__all__ = ["individual_two_tables", "rainbow"]

# The ring of seats of the seven moving players, and who starts where (ACBL's layout):
# a player at a seat goes to the next seat of the ring each round.
_TWO_TABLE_RING: tuple[tuple[int, Seat], ...] = (
    (1, Seat.S), (2, Seat.S), (1, Seat.E), (2, Seat.N), (2, Seat.W), (2, Seat.E), (1, Seat.W),
)  # fmt: skip
_TWO_TABLE_START = {(1, Seat.S): 1, (2, Seat.S): 7, (1, Seat.E): 6, (2, Seat.N): 5,
                    (2, Seat.W): 4, (2, Seat.E): 3, (1, Seat.W): 2}  # fmt: skip


def individual_two_tables(boards_per_round: int = 3) -> Movement:
    """The eight-player individual at two tables: seven rounds, the tables sharing each
    round's boards (played in a different order at each table)."""
    check_count(_("boards per round"), boards_per_round, 1, 8)
    rows: list[Row] = []
    for r in range(7):
        seated: dict[tuple[int, Seat], int] = {(1, Seat.N): 8}
        for start, player in _TWO_TABLE_START.items():
            index = _TWO_TABLE_RING.index(start)
            seated[_TWO_TABLE_RING[(index + r) % 7]] = player
        for table in (1, 2):
            north, east, south, west = (
                Entrant(seated[(table, seat)]) for seat in (Seat.N, Seat.E, Seat.S, Seat.W)
            )
            rows.append(Row.individual(r + 1, table, (north, east, south, west), r + 1))
    return Movement(
        name=_("Individual, 2 tables"),
        rows=tuple(rows),
        set_boards=consecutive_sets(7, boards_per_round),
        kind=Kind.INDIVIDUAL,
        shared=frozenset((r, r) for r in range(1, 8)),
        description=_("8 players, 7 rounds; both tables share each round's boards"),
        family="individual",
    )


def rainbow(tables: int, boards_per_round: int = 2, *, rounds: int | None = None) -> Movement:
    """The Rainbow individual movement for a prime number of tables (5, 7, 11, 13, ...).

    Players are numbered by line: North players 1..T (their table), East T+1..2T, South
    2T+1..3T, West 3T+1..4T.

    Raises:
        MovementError: when the number of tables is not a prime of at least 5.
    """
    check_count(_("tables of a Rainbow movement"), tables, 5, 97)
    if any(tables % d == 0 for d in range(2, int(tables**0.5) + 1)):
        below = next(n for n in range(tables - 1, 4, -1) if _prime(n)) if tables > 5 else None
        above = next(n for n in range(tables + 1, 2 * tables) if _prime(n))
        raise MovementError(
            _("the Rainbow movement needs a prime number of tables (5, 7, 11, 13, ...), not "
              "{tables}: players would meet a set twice; use {options} tables, or two "
              "sections").format(
                tables=tables,
                options=" or ".join(str(n) for n in (below, above) if n is not None),
            )
        )  # fmt: skip
    if rounds is None:
        rounds = tables
    check_count(_("rounds of this Rainbow movement"), rounds, 1, tables)
    t = tables
    rows: list[Row] = []
    for r in range(rounds):

        def at(table: int, speed: int, line: int, r: int = r) -> Entrant:
            # The player of ``line`` (0 N, 1 E, 2 S, 3 W) who started at table s sits at
            # s + speed * r; find s for this table.
            start = (table - 1 - speed * r) % t + 1
            return Entrant(line * t + start)

        rows.extend(
            Row.individual(
                r + 1,
                table,
                (at(table, 0, 0), at(table, 2, 1), at(table, 1, 2), at(table, -2, 3)),
                (table - 1 + r) % t + 1,
            )
            for table in range(1, t + 1)
        )
    return Movement(
        name=_("Rainbow individual, {tables} tables").format(tables=tables),
        rows=tuple(rows),
        set_boards=consecutive_sets(t, boards_per_round),
        kind=Kind.INDIVIDUAL,
        description=_(
            "North stationary, boards down one, South up one, East up two, West down two"
        ),
        family="rainbow",
    )


def _prime(n: int) -> bool:
    return n >= 2 and all(n % d for d in range(2, int(n**0.5) + 1))
