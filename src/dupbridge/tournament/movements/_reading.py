"""The machinery shared by the movement file readers: problems with their places, typed
access to YAML/JSON nodes, and movements rebuilt from explicit rows."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import yaml

from dupbridge.i18n import _
from dupbridge.tournament.movements.errors import FileProblem, MovementError
from dupbridge.tournament.movements.model import Entrant, Kind, Movement, Row
from dupbridge.tournament.movements.validate import board_ranges

__all__ = [
    "Fields",
    "LoadedMovement",
    "Location",
    "RawRow",
    "Reader",
    "StopReadingError",
    "at",
    "build_from_rows",
    "mapping",
    "scalar",
    "sets_from_rows",
]

Location = tuple[int, int]


@dataclass(frozen=True, slots=True)
class LoadedMovement:
    """A movement read from a file, with where each row came from.

    Attributes:
        movement: the movement.
        key: its name in the file (the KoPS key such as ``"7-13"``, the section, ...).
        where: the line and column of the movement in the file.
        row_locations: per row of ``movement.rows``, its line and column (None if the row
            was derived, as the rows of a KoPS ring are).
    """

    movement: Movement
    key: str
    where: Location | None
    row_locations: tuple[Location | None, ...]


# -- reading ---------------------------------------------------------------------------------


class StopReadingError(Exception):
    """Raised in strict mode at the first error."""


class Reader:
    """Collects problems with their places; raises at the first error when strict."""

    def __init__(self, source: str, strict: bool) -> None:
        self.source = source
        self.strict = strict
        self.problems: list[FileProblem] = []

    def error(self, where: Location | None, message: str) -> None:
        line, column = where if where else (None, None)
        self.problems.append(FileProblem(self.source, line, column, message))
        if self.strict:
            raise StopReadingError

    def warn(self, where: Location | None, message: str) -> None:
        line, column = where if where else (None, None)
        self.problems.append(FileProblem(self.source, line, column, message, warning=True))


def at(node: yaml.Node) -> Location:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


def scalar(node: yaml.Node) -> Any:
    """The Python value of a scalar node (YAML 1.1 core types, which cover JSON)."""
    if not isinstance(node, yaml.ScalarNode):
        return node
    constructor = yaml.SafeLoader.__new__(yaml.SafeLoader)
    yaml.constructor.SafeConstructor.__init__(constructor)
    return constructor.construct_object(node, deep=True)


def mapping(node: yaml.Node) -> dict[str, yaml.Node] | None:
    if not isinstance(node, yaml.MappingNode):
        return None
    result: dict[str, yaml.Node] = {}
    for key, value in node.value:
        result[str(scalar(key))] = value
    return result


class Fields:
    """Typed access to one mapping node of a file, reporting problems at their place."""

    def __init__(self, reader: Reader, node: yaml.Node, what: str) -> None:
        self.reader = reader
        self.node = node
        self.what = what
        self.items = mapping(node) or {}

    def has(self, key: str) -> bool:
        return key in self.items

    def fail(self, key: str | None, message: str) -> None:
        node = self.items.get(key, self.node) if key else self.node
        self.reader.error(at(node), f"{self.what}: {message}")

    def node_of(self, key: str) -> yaml.Node | None:
        return self.items.get(key)

    def integer(self, key: str, low: int = 1, required: bool = True) -> int | None:
        node = self.items.get(key)
        if node is None:
            if required:
                self.fail(None, _("no {key!r}").format(key=key))
            return None
        value = scalar(node)
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            self.fail(key, _("{key!r} must be a whole number from {low}, not {value!r}").format(
                key=key, low=low, value=value if isinstance(value, (int, str, float)) else "…"
            ))  # fmt: skip
            return None
        return value

    def text(self, key: str, default: str = "") -> str:
        node = self.items.get(key)
        if node is None:
            return default
        value = scalar(node)
        return str(value) if value is not None else default

    def flag(self, key: str) -> bool:
        node = self.items.get(key)
        if node is None:
            return False
        value = scalar(node)
        if not isinstance(value, bool):
            self.fail(key, _("{key!r} must be true or false").format(key=key))
            return False
        return value

    def integers(self, key: str, low: int = 1) -> list[tuple[int, Location]] | None:
        node = self.items.get(key)
        if node is None:
            self.fail(None, _("no {key!r}").format(key=key))
            return None
        if not isinstance(node, yaml.SequenceNode):
            self.fail(key, _("{key!r} must be a list").format(key=key))
            return None
        values: list[tuple[int, Location]] = []
        for item in node.value:
            value = scalar(item)
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                self.reader.error(
                    at(item),
                    _("{what}: {key!r} holds {value!r}, not a whole number from {low}").format(
                        what=self.what,
                        key=key,
                        value=value if isinstance(value, (int, str)) else "…",
                        low=low,
                    ),
                )
                return None
            values.append((value, at(item)))
        return values


@dataclass(slots=True)
class RawRow:
    round: int
    table: int
    seats: tuple[Entrant | None, ...]
    boards: tuple[int, ...]
    where: Location | None
    shared: bool = False
    arrow_switch: bool = False


def sets_from_rows(
    rows: Sequence[RawRow],
) -> tuple[dict[int, tuple[int, ...]], list[tuple[int, ...]]]:
    """Rebuild board sets: boards played at exactly the same rows travel together.

    Returns:
        the sets (numbered by their lowest board) and, per row, its sets.
    """
    signature: dict[int, list[int]] = defaultdict(list)
    for index, row in enumerate(rows):
        for board in row.boards:
            signature[board].append(index)
    groups: dict[tuple[int, ...], list[int]] = defaultdict(list)
    for board, where in signature.items():
        groups[tuple(where)].append(board)
    ordered = sorted(groups.items(), key=lambda item: min(item[1]))
    sets = {number: tuple(sorted(boards)) for number, (_sig, boards) in enumerate(ordered, start=1)}
    per_row: list[list[int]] = [[] for _row in rows]
    for number, (sig, _boards) in enumerate(ordered, start=1):
        for index in sig:
            per_row[index].append(number)
    return sets, [tuple(sorted(s, key=lambda n: min(sets[n]))) for s in per_row]


def build_from_rows(
    reader: Reader,
    raw: Sequence[RawRow],
    *,
    name: str,
    kind: Kind,
    description: str,
    infer_sharing: bool,
    phantoms: Iterable[Entrant] = (),
    where: Location | None,
    key: str,
) -> LoadedMovement | None:
    """A movement from rows read from a file, its sets rebuilt from the boards; None (with
    the problem reported) when it cannot be built."""
    if not raw:
        if not any(not problem.warning for problem in reader.problems):
            reader.error(where, _("{name}: no rows").format(name=name))
        return None
    sets, per_row = sets_from_rows(raw)
    rows = tuple(
        Row(r.round, r.table, r.seats, row_sets, r.arrow_switch)
        for r, row_sets in zip(raw, per_row, strict=True)
    )
    at: dict[tuple[int, int], list[int]] = defaultdict(list)
    for index, row in enumerate(rows):
        for number in row.sets:
            at[(row.round, number)].append(index)
    shared: set[tuple[int, int]] = set()
    inferred: list[str] = []
    first_inferred: Location | None = None
    for (r, number), indexes in sorted(at.items()):
        if len(indexes) < 2:
            continue
        if all(raw[i].shared for i in indexes):
            shared.add((r, number))
        elif infer_sharing:
            shared.add((r, number))
            first_inferred = first_inferred or raw[indexes[0]].where
            inferred.append(
                _("round {round} tables {tables} (boards {boards})").format(
                    round=r,
                    tables="+".join(str(rows[i].table) for i in indexes),
                    boards=board_ranges(sets[number]),
                )
            )
    if inferred:
        reader.warn(
            first_inferred,
            _("{name}: boards shared in {places}; taken as declared sharing, since this "
              "format cannot declare it").format(name=name, places="; ".join(inferred)),
        )  # fmt: skip
    try:
        movement = Movement(
            name=name,
            rows=rows,
            set_boards=tuple(sorted(sets.items())),
            kind=kind,
            shared=frozenset(shared),
            phantoms=frozenset(phantoms),
            description=description,
        )
    except MovementError as error:
        reader.error(where, str(error))
        return None
    return LoadedMovement(movement, key, where, tuple(r.where for r in raw))
