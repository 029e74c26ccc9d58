"""Mitchell movements: North-South pairs stay, East-West pairs move up one table, boards move
down one table each round.

* Odd tables: the plain Mitchell; every EW pair meets every NS pair and every set once.
* Even tables: after half the rounds the EW pairs would reach sets they have played, so either
  they *skip* a table once (the skip Mitchell, played without its last, "revenge" round), or
  one set rests on a *relay* stand halfway round while the last table *shares* the first
  table's boards (the share-and-relay Mitchell).
* Half table (an odd number of pairs): a phantom NS pair; in the share-and-relay version it is
  placed at the last table, the share table, so that no boards are ever shared.
* A late pair: a NS *rover* who sits out the first round and then displaces one NS pair each
  round, starting at table 2 and moving up two tables (the standard order of D. A. Sweet's
  replacement Mitchell, extended by S. Gold to even tables with the skip).
* Arrow switch: in the rounds chosen every table switches, so each pair plays some boards in
  the other direction and the Mitchell has one winner (one field for scoring).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from dupbridge.core.seats import Side
from dupbridge.i18n import _
from dupbridge.tournament.movements.common import check_count, consecutive_sets
from dupbridge.tournament.movements.errors import MovementError
from dupbridge.tournament.movements.model import Entrant, Movement, Row

__all__ = ["EVEN_VARIANTS", "mitchell", "rover_order"]

#: What to do with an even number of tables: ``skip`` or ``relay`` (share and relay).
EVEN_VARIANTS = ("skip", "relay")


def mitchell(
    tables: int,
    boards_per_round: int = 2,
    *,
    rounds: int | None = None,
    even: str = "skip",
    phantom: bool = False,
    rover: bool = False,
    arrow_switch: Iterable[int] = (),
    skip_after: int | None = None,
) -> Movement:
    """A Mitchell movement for ``tables`` tables.

    Args:
        tables: the number of tables (3 or more), counting a half table as a table.
        boards_per_round: boards in each set.
        rounds: rounds to play; by default all of them (``tables``; ``tables - 1`` for the
            skip Mitchell, whose last round would meet the first opponents again). Fewer
            rounds curtail the movement (not the share-and-relay one: its sets would then be
            played unequal numbers of times).
        even: ``"skip"`` or ``"relay"`` for an even number of tables.
        phantom: a half table: NS pair ``tables`` does not exist and its opponents sit out.
        rover: a late pair: NS pair ``tables + 1`` displaces one NS pair per round from
            round 2 on.
        arrow_switch: rounds in which every table switches arrows.
        skip_after: the round after which EW pairs skip (skip Mitchell); by default half
            the tables. It may come earlier, down to ``rounds - tables / 2``.

    Raises:
        MovementError: for an impossible table count, variant or number of rounds.
    """
    check_count(_("tables of a Mitchell"), tables, 3, 60)
    check_count(_("boards per round"), boards_per_round, 1, 36)
    if even not in EVEN_VARIANTS:
        raise MovementError(
            _("an even Mitchell needs a skip or a share-and-relay (even='skip' or 'relay'), "
              "not {even!r}: without them EW pairs meet their boards again").format(even=even)
        )  # fmt: skip
    odd = tables % 2 == 1
    relay = not odd and even == "relay"
    skip = not odd and not relay
    full = tables - 1 if skip else tables
    if rounds is None:
        rounds = full
    check_count(_("rounds of this Mitchell"), rounds, 1, full)
    if relay and rounds != full:
        raise MovementError(
            _("a share-and-relay Mitchell cannot be curtailed (its sets would be played "
              "unequally); use the skip Mitchell for {rounds} rounds").format(rounds=rounds)
        )  # fmt: skip
    if phantom and rover:
        raise MovementError(_("a Mitchell has either a phantom pair or a rover, not both"))
    if rover and relay:
        raise MovementError(
            _(
                "a rover is placed in the skip Mitchell with an even number of tables, "
                "not in the share-and-relay one"
            )
        )
    half = tables // 2
    if skip:
        if skip_after is None:
            skip_after = half
        check_count(_("the skip round"), skip_after, max(1, rounds - half), half)
    switched = set(arrow_switch)
    for r in switched:
        check_count(_("an arrow-switch round"), r, 1, rounds)

    def ew_table(pair: int, r: int) -> int:
        jump = 1 if skip and skip_after is not None and r > skip_after else 0
        return (pair - 1 + (r - 1) + jump) % tables + 1

    # Boards move down one table. In the share-and-relay version the sets travel round a
    # ring where the relay stand takes the place of the last table, which shares table 1's.
    if relay:
        ring: list[int | None] = [*range(1, half + 1), None, *range(half + 1, tables)]
    else:
        ring = list(range(1, tables + 1))
    position = {table: index for index, table in enumerate(ring) if table is not None}
    if relay:
        position[tables] = position[1]

    def set_at(table: int, r: int) -> int:
        return (position[table] + r - 1) % tables + 1

    phantom_pair = Entrant(tables, Side.NS) if phantom else None
    rows: list[Row] = []
    shared: set[tuple[int, int]] = set()
    stands: list[tuple[int, int, str]] = []
    rover_tables = rover_order(tables, rounds, ew_table, set_at) if rover else {}
    for r in range(1, rounds + 1):
        ew_at = {ew_table(pair, r): pair for pair in range(1, tables + 1)}
        for table in range(1, tables + 1):
            ns_number = tables + 1 if rover_tables.get(r) == table else table
            rows.append(
                Row.pair(
                    r,
                    table,
                    Entrant(ns_number, Side.NS),
                    Entrant(ew_at[table], Side.EW),
                    set_at(table, r),
                    arrow_switch=r in switched,
                )
            )
        if relay:
            if not phantom:
                shared.add((r, set_at(1, r)))
            resting = (ring.index(None) + r - 1) % tables + 1
            stands.append(
                (r, resting, _("relay stand between tables {a} and {b}").format(a=half, b=half + 1))
            )
    variant = _("odd") if odd else (_("share and relay") if relay else _("skip"))
    name = _("Mitchell {tables}{half} tables ({variant})").format(
        tables=tables - 1 if phantom else tables, half="½" if phantom else "", variant=variant
    )
    if rover:
        name = _("Mitchell {tables}½ tables with a rover ({variant})").format(
            tables=tables, variant=variant
        )
    description = _(
        "{rounds} rounds of {boards} boards; NS stationary, EW up one, boards down one"
    ).format(rounds=rounds, boards=boards_per_round)
    return Movement(
        name=name,
        rows=tuple(rows),
        set_boards=consecutive_sets(tables, boards_per_round),
        shared=frozenset(shared),
        phantoms=frozenset({phantom_pair}) if phantom_pair else frozenset(),
        stands=tuple(stands),
        description=description,
        family="mitchell",
    )


def rover_order(
    tables: int,
    rounds: int,
    ew_table: Callable[[int, int], int],
    set_at: Callable[[int, int], int],
) -> dict[int, int]:
    """The table the rover displaces in each round from 2 on: at table 2 first, then two
    tables up each round, taking the nearest other table when that one would repeat a
    displaced NS pair, an EW opponent or a set.

    Raises:
        MovementError: when no order avoids every repeat.
    """

    def opponent(table: int, r: int) -> int:
        return next(p for p in range(1, tables + 1) if ew_table(p, r) == table)

    order: dict[int, int] = {}
    used_tables: set[int] = set()
    used_ew: set[int] = set()
    used_sets: set[int] = set()

    def candidates(previous: int | None) -> list[int]:
        start = 2 if previous is None else (previous + 1) % tables + 1
        offsets = [0]
        for step in range(1, tables):
            offsets += [step, -step]
        seen: list[int] = []
        for offset in offsets:
            table = (start - 1 + offset) % tables + 1
            if table not in seen:
                seen.append(table)
        return seen

    def search(r: int, previous: int | None) -> bool:
        if r > rounds:
            return True
        for table in candidates(previous):
            ew = opponent(table, r)
            board_set = set_at(table, r)
            if table in used_tables or ew in used_ew or board_set in used_sets:
                continue
            used_tables.add(table)
            used_ew.add(ew)
            used_sets.add(board_set)
            order[r] = table
            if search(r + 1, table):
                return True
            del order[r]
            used_tables.discard(table)
            used_ew.discard(ew)
            used_sets.discard(board_set)
        return False

    if not search(2, None):
        raise MovementError(
            _("no rover order for {tables} tables avoids meeting a pair or a set twice; "
              "play a half table (a phantom pair) instead").format(tables=tables)
        )  # fmt: skip
    return order
