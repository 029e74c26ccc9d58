"""The common lines of a travellers file, read a column at a time (issue 19's speed target).

A big event's travellers repeat themselves: thirty board numbers, a few hundred pair numbers
and a handful of contracts per board over fifteen thousand lines. :class:`FastRows` splits
every line at once, reads each column's distinct cells once (a board, a pair, an outcome from
its contract, declarer, result, lead and score cells) and builds the results a field at a
time (:func:`~dupbridge.tournament.results.results_by_column`). A line with quotes is split by
the csv module first. A line it cannot take this way (a penalty, an adjusted score, anything
wrong) is handed back, in its place, to the full reader of
:mod:`dupbridge.tournament.travellers`, which reads it and locates every problem. A line read
here is the result that reader would give (``tests/tournament/test_fast_paths.py`` checks it
against a reference reader on random files).
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import replace
from itertools import repeat
from operator import itemgetter
from typing import TypeVar, cast

from dupbridge.core.errors import NotationError
from dupbridge.core.seats import Seat, Side
from dupbridge.tournament.results import (
    Outcome,
    PairId,
    Result,
    parse_outcome,
    results_by_column,
)

__all__ = ["FAST_KEYS", "FastRows", "SlowLine", "whole_or_empty"]

#: The columns the fast way reads (a column the header lacks reads as empty).
FAST_KEYS = (
    "session", "section", "round", "table", "board", "ns", "ew", "contract", "declarer",
    "lead", "result", "score", "group", "adjusted",
)  # fmt: skip

#: A line for the full reader: its index among the lines read, its line number, its cells.
SlowLine = tuple[int, int, list[str]]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

_BAD = -1  # a number cell that is not a whole number from 1 up (nor empty where allowed)


def whole_or_empty(text: str) -> bool:
    """Whether a score cell is empty or a whole number of points (+420, -50)."""
    body = text[1:] if text[:1] in ("+", "-") else text
    return not text or body.isdecimal()


def _number(text: str, empty: int | None) -> int | None:
    # A number cell: a whole number from 1 up, ``empty`` when blank, else _BAD.
    text = text.strip()
    if not text:
        return empty
    if not text.isdecimal() or int(text) < 1:
        return _BAD
    return int(text)


def _mapped(keys: Sequence[K], parse: Callable[[K], V], bad: Callable[[V], bool]) -> tuple[
    list[V], list[int]
]:  # fmt: skip
    # Each key's value, every distinct key parsed once; and the indices of the bad ones.
    known = {key: parse(key) for key in set(keys)}
    values = list(map(known.__getitem__, keys))
    wrong = {key for key, value in known.items() if bad(value)}
    if not wrong:
        return values, []
    return values, [index for index, key in enumerate(keys) if key in wrong]


class FastRows:
    """Reads a travellers file's lines the fast way (see the module's docstring).

    Args:
        source: the file name (each result's location).
        columns: the index of each known column in a line.
        mitchell: NS and EW pairs are two fields (each pair gets its line).
    """

    def __init__(self, source: str, columns: dict[str, int], mitchell: bool) -> None:
        self.source = source
        self.columns = columns
        self.width = max(columns.values()) + 1
        self.lines = (Side.NS, Side.EW) if mitchell else (None, None)

    def read(self, lines: list[str], delimiter: str) -> tuple[list[Result | None], list[SlowLine]]:
        """Read every line after the header (``lines[0]``): the results in line order (None
        in the place of each line handed back), and the lines for the full reader. Blank
        lines and comments (``#``) are left out of both."""
        rows, numbers, table = _split(lines, delimiter, self.width)
        if not numbers:
            return [], []
        count = len(numbers)
        cells = {key: table[self.columns[key]] for key in FAST_KEYS if key in self.columns}
        wrong: set[int] = set()
        adjusted = cells.get("adjusted")
        if adjusted is not None:
            wrong.update(index for index, text in enumerate(adjusted) if text.strip())
        sessions = self._numbers(cells.get("session"), 1, wrong)
        rounds = self._numbers(cells.get("round"), None, wrong)
        tables = self._numbers(cells.get("table"), None, wrong)
        boards = self._numbers(cells["board"], _BAD, wrong)
        ns = self._pairs(cells["ns"], cells.get("section"), 0, wrong)
        ew = self._pairs(cells["ew"], cells.get("section"), 1, wrong)
        outcomes = self._outcomes(cells, count, wrong)
        groups = cells.get("group")
        # A line in ``wrong`` has a placeholder (None, _BAD) in a column: its result is built
        # with the others and then dropped.
        made: list[Result | None] = list(
            results_by_column(
                cast("Iterable[int]", boards),
                cast("list[PairId]", ns),
                cast("list[PairId]", ew),
                cast("list[Outcome]", outcomes),
                tables=tables,
                rounds=rounds,
                sessions=cast("Iterable[int]", sessions),
                groups=repeat(None) if groups is None else _groups(groups),
                source=self.source,
                lines=numbers,
            )
        )
        slow: list[SlowLine] = []
        for index in sorted(wrong):
            slow.append((index, numbers[index], rows(index)))
            made[index] = None
        return made, slow

    @staticmethod
    def _numbers(
        texts: Sequence[str] | None, empty: int | None, wrong: set[int]
    ) -> Iterable[int | None]:
        # A number column (``empty`` on every line when the file has no such column).
        if texts is None:
            return repeat(empty)
        values, bad = _mapped(texts, lambda text: _number(text, empty), lambda value: value == _BAD)
        wrong.update(bad)
        return values

    def _pairs(
        self, texts: Sequence[str], sections: Sequence[str] | None, side: int, wrong: set[int]
    ) -> list[PairId | None]:
        # A pair column, in the section of the section column if there is one.
        if sections is None:
            values, bad = _mapped(texts, lambda text: self.pair(text, "", side), _is_none)
        else:
            keys = list(zip(texts, sections, strict=True))
            values, bad = _mapped(keys, lambda key: self.pair(*key, side), _is_none)
        wrong.update(bad)
        return values

    def _outcomes(
        self, cells: dict[str, Sequence[str]], count: int, wrong: set[int]
    ) -> list[Outcome | None]:
        # The outcome of each line's contract, declarer, result, lead and score cells.
        names = ("contract", "declarer", "result", "lead", "score")
        given = [name for name in names if name in cells]
        keys: Sequence[tuple[str, ...]] = (
            list(zip(*(cells[name] for name in given), strict=True)) if given else [()] * count
        )

        def parse(key: tuple[str, ...]) -> Outcome | None:
            found = dict(zip(given, key, strict=True))
            return self.outcome(*(found.get(name, "") for name in names))

        values, bad = _mapped(keys, parse, _is_none)
        wrong.update(bad)
        return values

    def outcome(self, *cells: str) -> Outcome | None:
        """The outcome of a line's contract, declarer, result, lead and score cells, read
        once for all the lines that have the same cells (None: the full reader reports it)."""
        stripped = [cell.strip() for cell in cells]
        if not whole_or_empty(stripped[4]):
            return None
        try:
            if stripped[1]:
                Seat.from_str(stripped[1])  # the full reader checks the declarer alone too
            return parse_outcome(*stripped)
        except (NotationError, ValueError):
            return None

    def pair(self, text: str, section: str, side: int) -> PairId | None:
        """The pair of a line's pair and section cells (None: the full reader reports it)."""
        text, section = text.strip(), section.strip()
        if not text:
            return None
        try:  # a plain number is PairId.from_str's number alone, without its pattern
            found = (
                PairId(int(text), "", self.lines[side])
                if text.isdecimal()
                else PairId.from_str(text, self.lines[side])
            )
        except NotationError:
            return None
        if section and not found.section:
            found = replace(found, section=section.upper())
        return found


def _groups(texts: Iterable[str]) -> list[str | None]:
    # A fouled board's group (Law 87B), None when blank.
    known: dict[str, str | None] = {}
    for text in set(texts):
        known[text] = text.strip() or None
    return list(map(known.__getitem__, texts))


def _is_none(value: object) -> bool:
    return value is None


def _split(
    lines: list[str], delimiter: str, width: int
) -> tuple[Callable[[int], list[str]], Sequence[int], list[Sequence[str]]]:
    # The lines after the header, blank lines and comments left out: a line's cells by its
    # index, the line numbers, and the cells of the first ``width`` columns, a sequence
    # per column (a column a line lacks reads as empty). A line with quotes is split by the
    # csv module.
    body = lines[1:]
    starts = set(map(itemgetter(slice(0, 1)), body))
    joined = delimiter.join(body)
    if not any(start in ("", "#") or start.isspace() for start in starts) and '"' not in joined:
        counts = set(map(str.count, body, repeat(delimiter)))
        if len(counts) == 1:  # every line has the same cells: split them all at once
            size = counts.pop() + 1
            flat = joined.split(delimiter)
            empty = [""] * len(body)
            columns: list[Sequence[str]] = [
                flat[column::size] if column < size else empty for column in range(width)
            ]
            return (
                lambda index: flat[index * size : (index + 1) * size],
                range(2, len(lines) + 1),
                columns,
            )
    rows: list[list[str]] = []
    numbers: list[int] = []
    for number, line in enumerate(body, start=2):
        if (not line or line[0] == "#" or line[0].isspace()) and (
            not line.strip() or line.lstrip().startswith("#")
        ):
            continue
        if '"' in line:
            rows.append(next(csv.reader([line], delimiter=delimiter)))
        else:
            rows.append(line.split(delimiter))
        numbers.append(number)
    for row in rows:
        if len(row) < width:
            row.extend([""] * (width - len(row)))
    # Each row has at least ``width`` cells: zip reads the first ``width`` columns of all.
    by_column: list[tuple[str, ...]] = list(zip(*rows, strict=False))[:width]
    return lambda index: rows[index], numbers, list(by_column)
