"""Readers of the open movement libraries: the KoPS Howells (JSON) and bridgescorer (YAML).

KoPS (the howellki project's ``movements.json``): per movement ``tables``, ``rounds``,
``positions`` (the pair at 1N, 1E, 2N, ... in round 1), ``movement`` (the ring of positions
the moving pairs follow) and ``sets`` (the table each set starts at, 0 for a relay stand;
sets move one slot along that list each round).

bridgescorer: one movement per file, explicit rows (``hands``: table, round, ``ns`` and
``ew`` or ``north``/``east``/``south``/``west``, and a list of boards). The format cannot
declare shared boards: sets found at several tables in a round are taken as declared shared,
with a warning.
"""

from __future__ import annotations

import re

import yaml

from dupbridge.core.seats import Side
from dupbridge.i18n import _
from dupbridge.tournament.movements._reading import (
    Fields,
    LoadedMovement,
    Location,
    RawRow,
    Reader,
    at,
    build_from_rows,
    mapping,
    scalar,
)
from dupbridge.tournament.movements.howell import Position, ring_rows
from dupbridge.tournament.movements.model import Entrant, Kind, Movement

__all__ = ["read_bridgescorer", "read_kops"]


_POSITION_RE = re.compile(r"^\s*(\d+)\s*([NE])\s*$", re.IGNORECASE)


def read_kops(reader: Reader, root: yaml.Node, boards_per_round: int) -> list[LoadedMovement]:
    library = mapping(root)
    if library is None:
        reader.error(at(root), _('a KoPS file is an object of movements keyed like "7-13"'))
        return []
    found: list[LoadedMovement] = []
    for key, node in library.items():
        movement = _kops_movement(reader, key, node, boards_per_round)
        if movement is not None:
            found.append(
                LoadedMovement(movement, key, at(node), tuple(at(node) for _row in movement.rows))
            )
    return found


def _kops_movement(
    reader: Reader, key: str, node: yaml.Node, boards_per_round: int
) -> Movement | None:
    fields = Fields(reader, node, _("movement {key}").format(key=key))
    if mapping(node) is None:
        fields.fail(
            None, _("a movement is an object with tables, rounds, sets, movement and positions")
        )
        return None
    before = len(reader.problems)
    tables = fields.integer("tables")
    rounds = fields.integer("rounds")
    positions = fields.integers("positions")
    sets = fields.integers("sets", low=0)
    ring_node = fields.node_of("movement")
    if tables is None or rounds is None or positions is None or sets is None:
        return None
    if len(positions) != 2 * tables:
        message = _("{tables} tables seat {n} pairs, but positions lists {m}")
        fields.fail("positions", message.format(tables=tables, n=2 * tables, m=len(positions)))
    seen: dict[int, Location] = {}
    for pair, where in positions:
        if pair in seen:
            reader.error(
                where,
                _("movement {key}: positions lists pair {pair} twice").format(key=key, pair=pair),
            )
        seen[pair] = where
    if len(sets) != rounds:
        fields.fail("sets", _("{rounds} rounds need {rounds} sets, but sets lists {n}").format(
            rounds=rounds, n=len(sets)))  # fmt: skip
    started: dict[int, Location] = {}
    for table, where in sets:
        if table > tables:
            message = _(
                "movement {key}: a set starts at table {table}, but there are {tables} tables"
            )
            reader.error(where, message.format(key=key, table=table, tables=tables))
        elif table and table in started:
            reader.error(
                where,
                _("movement {key}: two sets start at table {table}").format(key=key, table=table),
            )
        elif table:
            started[table] = where
    for table in range(1, tables + 1):
        if table not in started:
            fields.fail("sets", _("no set starts at table {table}").format(table=table))
    ring: list[Position] = []
    if not isinstance(ring_node, yaml.SequenceNode):
        fields.fail(
            "movement" if ring_node else None,
            _("'movement' must be the list of positions of the moving pairs"),
        )
        return None
    for item in ring_node.value:
        match = _POSITION_RE.match(str(scalar(item)))
        if match is None or not 1 <= int(match.group(1)) <= tables:
            message = _("movement {key}: {text!r} is no position like 3N or 4E of {tables} tables")
            reader.error(at(item), message.format(key=key, text=scalar(item), tables=tables))
            continue
        position = (int(match.group(1)), Side.NS if match.group(2).upper() == "N" else Side.EW)
        if position in ring:
            reader.error(
                at(item),
                _("movement {key}: the ring passes {text} twice").format(
                    key=key, text=scalar(item)
                ),
            )
        ring.append(position)
    if len(reader.problems) > before:
        return None
    initial: dict[Position, int] = {}
    for index, (pair, _where) in enumerate(positions):
        initial[(index // 2 + 1, Side.NS if index % 2 == 0 else Side.EW)] = pair
    slots: list[int | None] = [table or None for table, _where in sets]
    rows, stands = ring_rows(rounds, initial, ring, slots)
    complete = rounds == 2 * tables - 1
    return Movement(
        name=f"KoPS {key}",
        rows=tuple(rows),
        set_boards=tuple(
            (k, tuple(range((k - 1) * boards_per_round + 1, k * boards_per_round + 1)))
            for k in range(1, len(slots) + 1)
        ),
        stands=tuple(stands),
        description=_("KoPS movement {key}: {tables} tables, {rounds} rounds").format(
            key=key, tables=tables, rounds=rounds
        ),
        family="howell" if complete else "kops",
    )


def read_bridgescorer(reader: Reader, root: yaml.Node, infer_sharing: bool) -> list[LoadedMovement]:
    top = Fields(reader, root, _("movement"))
    if mapping(root) is None:
        reader.error(at(root), _("a bridgescorer movement is a mapping with 'name' and 'hands'"))
        return []
    name = top.text("name", _("bridgescorer movement"))
    top.what = name
    if not top.has("hands"):
        if top.has("boards"):
            top.fail(None, _("this is a bridgescorer board set (dealer and vulnerability of each "
                             "board), not a movement"))  # fmt: skip
        else:
            top.fail(None, _("no 'hands' (the rows of the movement)"))
        return []
    hands = top.node_of("hands")
    if not isinstance(hands, yaml.SequenceNode):
        top.fail("hands", _("'hands' must be a list of rows"))
        return []
    individual = False
    raw: list[RawRow] = []
    for number, node in enumerate(hands.value, start=1):
        row = Fields(reader, node, _("{name}: row {n}").format(name=name, n=number))
        if mapping(node) is None:
            row.fail(None, _("a row is a mapping with table, round, ns, ew and boards"))
            continue
        individual = individual or row.has("north")
        keys = ("north", "east", "south", "west") if row.has("north") else ("ns", "ew")
        before = len(reader.problems)
        table = row.integer("table")
        rnd = row.integer("round")
        seats = tuple(row.integer(k) for k in keys)
        boards = row.integers("boards")
        if len(reader.problems) > before or table is None or rnd is None or boards is None:
            continue
        raw.append(
            RawRow(
                rnd,
                table,
                tuple(Entrant(s) if s else None for s in seats),
                tuple(b for b, _w in boards),
                at(node),
            )
        )
    if any(len(r.seats) == 4 for r in raw) and any(len(r.seats) == 2 for r in raw):
        top.fail("hands", _("mixes individual rows (north, east, ...) with pair rows (ns, ew)"))
        return []
    count_key = "numberPlayers" if individual else "numberTeams"
    declared = top.integer(count_key, required=False)
    if declared is not None and raw:
        numbers = {e.number for r in raw for e in r.seats if e is not None}
        if max(numbers) > declared:
            top.fail(count_key, _("{key} is {n}, but the rows name entrant {m}").format(
                key=count_key, n=declared, m=max(numbers)))  # fmt: skip
    description = top.text("short") or top.text("description")
    loaded = build_from_rows(
        reader,
        raw,
        name=name,
        kind=Kind.INDIVIDUAL if individual else Kind.PAIRS,
        description=description,
        infer_sharing=infer_sharing,
        where=at(root),
        key=name,
    )
    return [loaded] if loaded else []
