"""Bridgemate-style RoundData CSV: ``Table, Round, NS, EW, LowBoard, HighBoard`` rows.

Also accepted: ``NSPair``/``EWPair``, a ``Section`` column (one movement per section), and
optional ``Shared`` and ``ArrowSwitch`` columns (yes/no). Pair 0 is the missing pair of a half
table. The delimiter may be a comma, a semicolon or a tab.
"""

from __future__ import annotations

import csv
import io
import re
from collections import defaultdict
from collections.abc import Sequence

from dupbridge.core.seats import Side
from dupbridge.i18n import _
from dupbridge.tournament.movements._reading import (
    LoadedMovement,
    Location,
    RawRow,
    Reader,
    build_from_rows,
)
from dupbridge.tournament.movements.errors import MovementError
from dupbridge.tournament.movements.model import Entrant, Kind, Movement
from dupbridge.tournament.movements.validate import board_ranges

__all__ = ["dumps_csv", "read_csv"]

_CSV_COLUMNS = {
    "section": "section",
    "table": "table",
    "round": "round",
    "ns": "ns",
    "nspair": "ns",
    "ew": "ew",
    "ewpair": "ew",
    "lowboard": "low",
    "highboard": "high",
    "shared": "shared",
    "arrowswitch": "switch",
}


def read_csv(
    reader: Reader, text: str, numbering: str, infer_sharing: bool
) -> list[LoadedMovement]:
    if numbering not in ("auto", "lines", "unique"):
        reader.error(
            None, _("numbering must be auto, lines or unique, not {n!r}").format(n=numbering)
        )
        return []
    lines = text.lstrip("\ufeff").splitlines()
    if not lines:
        reader.error((1, 1), _("empty file"))
        return []
    delimiter = max((",", ";", "\t"), key=lines[0].count)
    table = list(csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter))
    header = [re.sub(r"[^a-z]", "", cell.lower()) for cell in table[0]]
    columns: dict[str, int] = {}
    for index, cell in enumerate(header):
        if cell in _CSV_COLUMNS:
            columns[_CSV_COLUMNS[cell]] = index
    missing = [
        name for name in ("table", "round", "ns", "ew", "low", "high") if name not in columns
    ]
    if missing:
        message = _("the header needs the columns Table, Round, NS, EW, LowBoard and HighBoard "
                    "(missing: {missing})")  # fmt: skip
        reader.error((1, 1), message.format(missing=", ".join(missing)))
        return []
    starts = _cell_starts(lines, delimiter)
    sections: dict[str, list[tuple[int, list[str]]]] = defaultdict(list)
    for number, cells in enumerate(table[1:], start=2):
        if not any(cell.strip() for cell in cells):
            continue
        section = (
            cells[columns["section"]].strip()
            if "section" in columns and len(cells) > columns["section"]
            else ""
        )
        sections[section].append((number, cells))
    found: list[LoadedMovement] = []
    for section, rows in sections.items():
        parsed: list[tuple[int, int, int, int, tuple[int, ...], Location, bool, bool]] = []
        for number, cells in rows:

            def where(column: str, number: int = number) -> Location:
                index = columns[column]
                starts_here = starts.get(number, [])
                return (number, starts_here[index] if index < len(starts_here) else 1)

            values: dict[str, int] = {}
            ok = True
            for column in ("table", "round", "ns", "ew", "low", "high"):
                index = columns[column]
                cell = cells[index].strip() if index < len(cells) else ""
                low = 0 if column in ("ns", "ew") else 1
                if not re.fullmatch(r"\d+", cell) or int(cell) < low:
                    message = _("{column} must be a whole number from {low}, not {cell!r}")
                    reader.error(
                        where(column),
                        message.format(column=table[0][index].strip(), low=low, cell=cell),
                    )
                    ok = False
                else:
                    values[column] = int(cell)
            if not ok:
                continue
            if values["high"] < values["low"]:
                reader.error(where("high"), _("HighBoard {high} is below LowBoard {low}").format(
                    high=values["high"], low=values["low"]))  # fmt: skip
                continue
            flags = dict.fromkeys(("shared", "switch"), False)
            for name in flags:
                if name in columns and columns[name] < len(cells):
                    flags[name] = cells[columns[name]].strip().lower() in (
                        "1",
                        "y",
                        "yes",
                        "true",
                        "x",
                    )
            parsed.append(
                (values["round"], values["table"], values["ns"], values["ew"],
                 tuple(range(values["low"], values["high"] + 1)), (number, 1),
                 flags["shared"], flags["switch"])
            )  # fmt: skip
        lines_numbering = numbering == "lines" or (
            numbering == "auto" and _looks_like_lines(parsed)
        )
        raw = [
            RawRow(
                r,
                t,
                (
                    Entrant(ns, Side.NS if lines_numbering else None),
                    Entrant(ew, Side.EW if lines_numbering else None),
                ),
                boards,
                loc,
                shared,
                switch,
            )
            for r, t, ns, ew, boards, loc, shared, switch in parsed
        ]
        phantoms = {e for row in raw for e in row.seats if e is not None and e.number == 0}
        name = (
            _("RoundData section {section}").format(section=section)
            if section
            else _("RoundData movement")
        )
        loaded = build_from_rows(
            reader, raw, name=name, kind=Kind.PAIRS, description="", infer_sharing=infer_sharing,
            phantoms=phantoms, where=(rows[0][0], 1) if rows else None, key=section or name,
        )  # fmt: skip
        if loaded:
            found.append(loaded)
    return found


def _cell_starts(lines: Sequence[str], delimiter: str) -> dict[int, list[int]]:
    """Column (1-based) where each cell starts, per line number (quotes are rare here)."""
    starts: dict[int, list[int]] = {}
    for number, line in enumerate(lines, start=1):
        positions = [1]
        for index, char in enumerate(line):
            if char == delimiter:
                positions.append(index + 2)
        starts[number] = positions
    return starts


def _looks_like_lines(
    parsed: Sequence[tuple[int, int, int, int, tuple[int, ...], Location, bool, bool]],
) -> bool:
    """Two lines of numbers (NS 1 and EW 1 are two pairs) when some number sits NS and EW
    in one round while each such NS pair stays at one table (a Mitchell's NS pairs)."""
    by_round: dict[int, tuple[set[int], set[int]]] = defaultdict(lambda: (set(), set()))
    ns_tables: dict[int, set[int]] = defaultdict(set)
    for r, table, ns, ew, *_rest in parsed:
        by_round[r][0].add(ns)
        by_round[r][1].add(ew)
        ns_tables[ns].add(table)
    both = set().union(*(ns & ew for ns, ew in by_round.values())) - {0} if by_round else set()
    return bool(both) and all(len(ns_tables[number]) == 1 for number in both)


def dumps_csv(movement: Movement) -> str:
    """``movement`` as RoundData CSV rows (pairs and teams movements whose rows play
    consecutive boards); a missing pair is written as 0. Rows keep the movement's places,
    an ``ArrowSwitch`` column marking the switched rounds (as Bridgemate keeps the switch
    apart from the rows), and a ``Shared`` column the declared sharing.

    Raises:
        MovementError: for an individual movement, or a row whose boards are not one range.
    """
    if movement.kind is Kind.INDIVIDUAL:
        raise MovementError(_("RoundData rows seat pairs; an individual movement does not fit"))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    shared_column = bool(movement.shared)
    switch_column = bool(movement.arrow_switch_rounds)
    writer.writerow(
        ["Table", "Round", "NS", "EW", "LowBoard", "HighBoard"]
        + (["Shared"] if shared_column else [])
        + (["ArrowSwitch"] if switch_column else [])
    )
    for row in sorted(movement.rows, key=lambda row: (row.round, row.table)):
        boards = movement.boards_of(row)
        if list(boards) != list(range(min(boards), max(boards) + 1)):
            raise MovementError(
                _("round {round} table {table} plays boards {boards}, not one range: RoundData "
                  "cannot say so").format(
                    round=row.round, table=row.table, boards=board_ranges(boards)
                )
            )  # fmt: skip
        numbers = [
            0 if entrant is None or entrant in movement.phantoms else entrant.number
            for entrant in row.seats
        ]
        cells: list[int | str] = [row.table, row.round, *numbers, min(boards), max(boards)]
        if shared_column:
            cells.append("yes" if any((row.round, s) in movement.shared for s in row.sets) else "")
        if switch_column:
            cells.append("yes" if row.arrow_switch else "")
        writer.writerow(cells)
    return out.getvalue()
