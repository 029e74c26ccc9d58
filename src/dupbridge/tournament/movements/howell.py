"""Howell movements: pairs change direction and meet each other; one field, one winner.

A *ring* movement (the shape of the KoPS Howell library) has stationary pairs, moving pairs
that follow a ring of positions one step each round, and board sets that follow a ring of
slots (tables and relay stands) one step each round. :func:`ring_rows` turns such a
description into rows.

:func:`howell` builds a complete Howell (2T - 1 rounds, every pair meets every other once)
for T tables with a cyclic construction over Z(2T - 1): one stationary pair, 2T - 1 moving
pairs and as many sets, each on one ring; the positions of the tables on both rings are
found by a short deterministic search so that differences between partners are all distinct
(every pair meets every other once) and each pair reaches every set once (a Room square,
which exists for every side except 3 and 5: there is no 2- or 3-table Howell without shared
boards). The same construction over a shorter ring with more stationary pairs gives reduced
Howells, such as the three-quarter Howell.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from dupbridge.core.seats import Side
from dupbridge.i18n import _
from dupbridge.tournament.movements.common import check_count, consecutive_sets
from dupbridge.tournament.movements.errors import MovementError
from dupbridge.tournament.movements.model import Entrant, Movement, Row
from dupbridge.tournament.movements.validate import comparisons

__all__ = ["Position", "howell", "relabel", "ring_rows", "three_quarter_howell"]

#: A seat position of a pair: (table, NS or EW).
Position = tuple[int, Side]

_SEARCH_BUDGET = 400_000  # nodes over every restart: a few seconds at worst, then give up
_CANDIDATES = 24  # designs compared for the balance of comparisons


def ring_rows(
    rounds: int,
    initial: dict[Position, int],
    pair_ring: Sequence[Position],
    set_slots: Sequence[int | None],
) -> tuple[list[Row], list[tuple[int, int, str]]]:
    """The rows of a ring movement.

    Args:
        rounds: rounds to play.
        initial: the pair at each position in round 1.
        pair_ring: positions of the moving pairs; a pair at ``pair_ring[i]`` moves to
            ``pair_ring[i + 1]`` (cyclically) each round. Pairs elsewhere are stationary.
        set_slots: where set ``k`` (1-based) starts: a table, or None for a relay stand.
            Each round every set moves to the slot before its own (cyclically), so that the
            set in slot ``j`` comes next from slot ``j + 1``.

    Returns:
        the rows, and the relay stands ``(round, set, name)``.
    """
    length = len(pair_ring)
    slots = len(set_slots)
    index = {position: i for i, position in enumerate(pair_ring)}
    relays = [j for j, slot in enumerate(set_slots) if slot is None]
    names = {
        j: _("relay stand {letter}").format(letter=chr(ord("A") + n)) for n, j in enumerate(relays)
    }
    tables = sorted({table for table, _side in initial})
    rows: list[Row] = []
    stands: list[tuple[int, int, str]] = []
    for r in range(rounds):
        seated: dict[Position, int] = {}
        for position, pair in initial.items():
            if position in index:
                seated[pair_ring[(index[position] + r) % length]] = pair
            else:
                seated[position] = pair
        playing: dict[int, list[int]] = {}
        for k in range(slots):
            slot = (k - r) % slots
            table = set_slots[slot]
            if table is None:
                stands.append((r + 1, k + 1, names[slot]))
            else:
                playing.setdefault(table, []).append(k + 1)
        for table in tables:
            ns = seated.get((table, Side.NS))
            ew = seated.get((table, Side.EW))
            rows.append(
                Row.pair(
                    r + 1,
                    table,
                    None if ns is None else Entrant(ns),
                    None if ew is None else Entrant(ew),
                    tuple(playing.get(table, ())),
                )
            )
    return rows, stands


def relabel(
    rows: Sequence[Row],
    stands: Sequence[tuple[int, int, str]],
) -> tuple[list[Row], list[tuple[int, int, str]], dict[int, int]]:
    """Number the sets as directors expect: the sets on tables 1, 2, ... in round 1 are
    sets 1, 2, ..., then those on relay stands; and the pairs by their seats in round 1,
    stationary pairs last (their numbers are kept when given so)."""
    first = min(row.round for row in rows)
    order: list[int] = []
    for row in sorted((row for row in rows if row.round == first), key=lambda row: row.table):
        order.extend(s for s in row.sets if s not in order)
    for s_round, number, _name in sorted(stands):
        if s_round == first and number not in order:
            order.append(number)
    mapping = {old: new for new, old in enumerate(order, start=1)}
    new_rows = [
        Row(row.round, row.table, row.seats, tuple(mapping[s] for s in row.sets), row.arrow_switch)
        for row in rows
    ]
    new_stands = [(r, mapping[s], name) for r, s, name in stands]
    return new_rows, new_stands, mapping


Design = tuple[tuple[int, int | None, int], ...]


def _cyclic_design(tables: int, rounds: int) -> Design | None:
    """The first cyclic design found for ``tables`` and ``rounds`` (see
    :func:`_cyclic_designs`), or None."""
    found = _cyclic_designs(tables, rounds, 1)
    return found[0] if found else None


@lru_cache(maxsize=64)
def _cyclic_designs(tables: int, rounds: int, wanted: int) -> tuple[Design, ...]:
    """Up to ``wanted`` distinct designs of a cyclic Howell over Z(rounds), each a tuple of
    tables ``(label, partner label or None, set label)``.

    Every table holds two moving pairs (labels ``j``, ``y``) or one stationary and one moving
    pair (``y`` None). Pairs at label ``j`` in round 0 are at ``j - r`` in round ``r``; sets
    likewise. Conditions: the differences ``y - j`` are distinct up to sign and never half
    the ring (two moving pairs meet once), the set labels are distinct (one set per table),
    and the values ``set - label`` cover the ring once (every pair reaches every set once).
    A randomised depth-first search with restarts, seeded, so the result is reproducible.
    """
    ring = rounds
    stationary = 2 * tables - ring
    doubles = tables - stationary
    if stationary < 0 or doubles < 0 or ring < tables:
        return ()
    budget = [_SEARCH_BUDGET]

    class _OutOfBudgetError(Exception):
        pass

    def attempt(seed: int, limit: int) -> tuple[tuple[int, int | None, int], ...] | None:
        rng = random.Random(seed)
        used = [False] * ring
        difference = [False] * (ring // 2 + 1)
        set_used = [False] * ring
        value_used = [False] * ring
        chosen: list[tuple[int, int | None, int]] = []
        nodes = [0]

        def search(singles_left: int, doubles_left: int, start: int) -> bool:
            nodes[0] += 1
            budget[0] -= 1
            if nodes[0] > limit or budget[0] < 0:
                raise _OutOfBudgetError
            if singles_left == 0 and doubles_left == 0:
                return True
            j = start
            while used[j]:
                j += 1
            used[j] = True
            options: list[tuple[int | None, int]] = []
            if doubles_left:
                for y in range(j + 1, ring):
                    if used[y]:
                        continue
                    c = min(y - j, ring - (y - j))
                    if difference[c] or 2 * c == ring:
                        continue
                    options.extend(
                        (y, s)
                        for s in range(ring)
                        if not set_used[s]
                        and not value_used[(s - j) % ring]
                        and not value_used[(s - y) % ring]
                    )
            if singles_left:
                options.extend(
                    (None, s)
                    for s in range(ring)
                    if not set_used[s] and not value_used[(s - j) % ring]
                )
            rng.shuffle(options)
            for partner, s in options:
                values = [(s - j) % ring]
                if partner is not None:
                    values.append((s - partner) % ring)
                if partner is not None:
                    c = min(partner - j, ring - (partner - j))
                    if used[partner] or difference[c]:
                        continue
                    used[partner] = True
                    difference[c] = True
                set_used[s] = True
                for v in values:
                    value_used[v] = True
                chosen.append((j, partner, s))
                left = (singles_left - (partner is None), doubles_left - (partner is not None))
                if search(left[0], left[1], j + 1):
                    return True
                chosen.pop()
                for v in values:
                    value_used[v] = False
                set_used[s] = False
                if partner is not None:
                    used[partner] = False
                    difference[min(partner - j, ring - (partner - j))] = False
            used[j] = False
            return False

        return tuple(chosen) if search(stationary, doubles, 0) else None

    found: list[Design] = []
    seed, limit = 0, 2_000
    while budget[0] > 0 and len(found) < wanted:
        try:
            design = attempt(seed, limit)
        except _OutOfBudgetError:
            limit = limit * 11 // 10
        else:
            if design is None:  # the search was exhaustive: there is no design at all
                break
            canonical = tuple(sorted(design))
            if canonical not in found:
                found.append(canonical)
                # Once one design is known, spend a smaller budget looking for others.
                budget[0] = min(budget[0], _SEARCH_BUDGET // 3)
        seed += 1
    return tuple(found)


def howell(
    tables: int,
    boards_per_round: int = 2,
    *,
    rounds: int | None = None,
    sharing: bool = False,
    phantom: bool = False,
    split: bool = False,
) -> Movement:
    """A Howell movement for ``tables`` tables (``2 * tables`` pairs).

    Args:
        tables: the number of tables.
        boards_per_round: boards in each set.
        rounds: rounds to play: ``2 * tables - 1`` (the default) is the complete Howell;
            fewer give a reduced Howell (a longer ring of stationary pairs, every set still
            played at every table once), from ``tables + 1`` rounds.
        sharing: allow tables to share boards; needed for the complete 2- and 3-table
            Howells, which do not exist without sharing.
        phantom: a half table (an odd number of pairs): the stationary pair with the
            highest number does not exist, and whoever comes to its table sits out.
        split: for the complete 3-table Howell, no sharing: each table plays two half-sets
            a round (boards per round must be even).

    Raises:
        MovementError: for an impossible table count or number of rounds, naming what to
            do instead.
    """
    check_count(_("tables of a Howell"), tables, 2, 30)
    check_count(_("boards per round"), boards_per_round, 1, 36)
    complete = 2 * tables - 1
    if rounds is None:
        rounds = complete
    check_count(
        _("rounds of a Howell of {tables} tables").format(tables=tables),
        rounds,
        tables + 1,
        complete,
    )
    if tables <= 3 and rounds == complete:
        if split:
            halves = _split_howell(tables, boards_per_round)
            if halves is None:
                raise MovementError(
                    _("no {tables}-table Howell in half-sets exists for {boards} boards a "
                      "round (it needs 3 tables and an even number of boards)").format(
                        tables=tables, boards=boards_per_round
                    )
                )  # fmt: skip
            return _with_phantom(halves, phantom)
        if not sharing:
            raise MovementError(
                _("there is no complete {tables}-table Howell without shared boards when each "
                  "table plays one set a round (no Room square of side {side} exists); use the "
                  "sharing variant (sharing=True){halves}").format(
                    tables=tables, side=complete,
                    halves=_(", or two half-sets a table (split=True, an even number of boards "
                             "a round)") if tables == 3 else "",
                )
            )  # fmt: skip
        return _with_phantom(_sharing_howell(tables, boards_per_round), phantom)
    designs = _cyclic_designs(tables, rounds, _CANDIDATES)
    if not designs:
        raise MovementError(
            _("no cyclic Howell of {tables} tables in {rounds} rounds was found; try {other} "
              "rounds, or a movement from the KoPS library").format(
                tables=tables, rounds=rounds, other=rounds + 1
            )
        )  # fmt: skip
    candidates = [_ring_howell(tables, rounds, design, boards_per_round) for design in designs]
    return _with_phantom(min(candidates, key=_imbalance), phantom)


def _imbalance(movement: Movement) -> tuple[int, int]:
    """How unevenly pairs are compared: the spread of direct comparisons between two pairs,
    then the sum of squares (smaller is better)."""
    same = comparisons(movement).same
    values = list(same.values()) or [0]
    return (max(values) - min(values), sum(v * v for v in values))


def _ring_howell(tables: int, rounds: int, design: Design, boards_per_round: int) -> Movement:
    """The movement of one cyclic design, tables and sets numbered as directors expect."""
    complete = 2 * tables - 1
    ordered = sorted(design, key=lambda t: (t[1] is not None, t[0]))
    pair_ring: list[Position] = []
    label_position: dict[int, Position] = {}
    set_slots: list[int | None] = [None] * rounds
    stationary_number = rounds
    initial: dict[Position, int] = {}
    for table, (j, y, s) in enumerate(ordered, start=1):
        set_slots[s] = table
        if y is None:
            stationary_number += 1
            initial[(table, Side.NS)] = stationary_number
            label_position[j] = (table, Side.EW)
        else:
            label_position[j] = (table, Side.NS)
            label_position[y] = (table, Side.EW)
    # A pair at label j goes to label j - 1: the ring lists labels downwards.
    pair_ring = [label_position[(-i) % rounds] for i in range(rounds)]
    seat_order = sorted(label_position.items(), key=lambda item: (item[1][0], int(item[1][1])))
    for number, (_label, position) in enumerate(seat_order, start=1):
        initial[position] = number
    rows, stands = ring_rows(rounds, initial, pair_ring, set_slots)
    rows, stands, _mapping = relabel(rows, stands)
    full = rounds == complete
    name = (
        _("Howell {tables} tables").format(tables=tables)
        if full
        else _("Howell {tables} tables, {rounds} rounds").format(tables=tables, rounds=rounds)
    )
    description = _("{rounds} rounds of {boards} boards; {relays} relay stands").format(
        rounds=rounds, boards=boards_per_round, relays=rounds - tables
    )
    return Movement(
        name=name,
        rows=tuple(rows),
        set_boards=consecutive_sets(rounds, boards_per_round),
        stands=tuple(stands),
        description=description,
        family="howell" if full else "reduced-howell",
    )


def _with_phantom(movement: Movement, phantom: bool) -> Movement:
    """``movement`` with its highest-numbered pair, a stationary one, as the phantom."""
    if not phantom:
        return movement
    missing = max(movement.entrants, key=lambda entrant: entrant.number)
    half = len(movement.tables) - 1
    return replace(
        movement,
        phantoms=frozenset({missing}),
        name=movement.name.replace(
            _("Howell {tables} tables").format(tables=half + 1),
            _("Howell {tables}½ tables").format(tables=half),
        ),
        shared=frozenset(
            (r, s)
            for r, s in movement.shared
            if sum(
                1 for row in movement.rows_in_round(r) if s in row.sets and missing not in row.seats
            )
            > 1
        ),
    )


def three_quarter_howell(tables: int, boards_per_round: int = 2) -> Movement:
    """The three-quarter Howell: about three quarters of the complete Howell's rounds
    (rounded half up, or the next number of rounds the construction reaches), so that every
    pair meets about three quarters of the others. From 5 tables (for 4 tables the complete
    Howell is short enough).

    Raises:
        MovementError: for fewer than 5 tables.
    """
    check_count(_("tables of a Howell"), tables, 5, 30)
    target = (3 * (2 * tables - 1) + 2) // 4
    for rounds in range(target, 2 * tables - 1):
        if _cyclic_design(tables, rounds) is not None:
            return howell(tables, boards_per_round, rounds=rounds)
    raise MovementError(  # pragma: no cover - a design exists for every table count tried
        _("no three-quarter Howell of {tables} tables was found").format(tables=tables)
    )


def _sharing_howell(tables: int, boards_per_round: int) -> Movement:
    """The complete Howell of 2 or 3 tables with the fewest shared sets.

    Pairs: one stationary pair at table 1 North-South, the others on the cyclic round robin
    over Z(2T - 1) (round r: {r + k, r - k} at table k + 1). Sets: each pair meets each set
    once; a small branch-and-bound search finds the assignment with the fewest extra tables
    on a set in a round.
    """
    n = 2 * tables - 1
    cells: list[tuple[int, int, tuple[int, int]]] = []
    for r in range(n):
        cells.append((r, 1, (2 * tables, r + 1)))
        cells.extend((r, k + 1, ((r + k) % n + 1, (r - k) % n + 1)) for k in range(1, tables))
    best: list[int] = [len(cells) + 1]
    best_sets: list[list[int]] = [[]]
    chosen: list[int] = []
    played: dict[int, set[int]] = {pair: set() for pair in range(1, 2 * tables + 1)}
    load: dict[tuple[int, int], int] = {}

    def search(i: int, extra: int) -> None:
        if extra >= best[0]:
            return
        if i == len(cells):
            best[0] = extra
            best_sets[0] = list(chosen)
            return
        r, _table, (a, b) = cells[i]
        for s in range(n):
            if s in played[a] or s in played[b]:
                continue
            key = (r, s)
            more = 1 if load.get(key, 0) else 0
            load[key] = load.get(key, 0) + 1
            played[a].add(s)
            played[b].add(s)
            chosen.append(s)
            search(i + 1, extra + more)
            chosen.pop()
            played[a].discard(s)
            played[b].discard(s)
            load[key] -= 1

    search(0, 0)
    rows: list[Row] = []
    count: dict[tuple[int, int], int] = {}
    for (r, table, (a, b)), s in zip(cells, best_sets[0], strict=True):
        rows.append(Row.pair(r + 1, table, Entrant(a), Entrant(b), s + 1))
        count[(r + 1, s + 1)] = count.get((r + 1, s + 1), 0) + 1
    shared = frozenset(key for key, value in count.items() if value > 1)
    return Movement(
        name=_("Howell {tables} tables (shared boards)").format(tables=tables),
        rows=tuple(rows),
        set_boards=consecutive_sets(n, boards_per_round),
        shared=shared,
        description=_("{rounds} rounds of {boards} boards; tables share boards").format(
            rounds=n, boards=boards_per_round
        ),
        family="howell",
    )


def _split_howell(tables: int, boards_per_round: int) -> Movement | None:
    """The complete Howell of 2 or 3 tables without sharing, each table playing two
    half-sets a round (boards per round must be even): 2(2T - 1) half-sets, each pair
    playing every half-set once and no half-set at two tables in a round. None when the
    search finds no such movement.
    """
    n = 2 * tables - 1
    halves = 2 * n
    cells: list[tuple[int, int, tuple[int, int]]] = []
    for r in range(n):
        cells.append((r, 1, (2 * tables, r + 1)))
        cells.extend((r, k + 1, ((r + k) % n + 1, (r - k) % n + 1)) for k in range(1, tables))
    played: dict[int, set[int]] = {pair: set() for pair in range(1, 2 * tables + 1)}
    in_round: dict[int, set[int]] = {r: set() for r in range(n)}
    chosen: list[tuple[int, int]] = []

    def search(i: int) -> bool:
        if i == len(cells):
            return True
        r, _table, (a, b) = cells[i]
        free = [
            h
            for h in range(halves)
            if h not in played[a] and h not in played[b] and h not in in_round[r]
        ]
        for x, first in enumerate(free):
            for second in free[x + 1 :]:
                pick = (first, second)
                for h in pick:
                    played[a].add(h)
                    played[b].add(h)
                    in_round[r].add(h)
                chosen.append(pick)
                if search(i + 1):
                    return True
                chosen.pop()
                for h in pick:
                    played[a].discard(h)
                    played[b].discard(h)
                    in_round[r].discard(h)
        return False

    if boards_per_round % 2 or not search(0):
        return None
    rows = [
        Row.pair(r + 1, table, Entrant(a), Entrant(b), (pick[0] + 1, pick[1] + 1))
        for (r, table, (a, b)), pick in zip(cells, chosen, strict=True)
    ]
    return Movement(
        name=_("Howell {tables} tables (half sets)").format(tables=tables),
        rows=tuple(rows),
        set_boards=consecutive_sets(halves, boards_per_round // 2),
        description=_(
            "{rounds} rounds of {boards} boards, two half-sets a table; no sharing"
        ).format(rounds=n, boards=boards_per_round),
        family="howell",
    )
