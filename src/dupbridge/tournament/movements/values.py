"""The values a movement is made of: entrants, rows (a table in a round), places, board plays.

An :class:`Entrant` is a pair, a team or a player; a :class:`Row` says who sits where at one
table in one round and which board sets it plays (Law 8A); :class:`Place`, :class:`SetPlace` and
:class:`BoardPlay` are the answers :class:`~dupbridge.tournament.movements.model.Movement` gives.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from dupbridge.core.seats import Seat, Side
from dupbridge.i18n import _
from dupbridge.tournament.movements.errors import MovementError

__all__ = [
    "BoardPlay",
    "Entrant",
    "Field",
    "Kind",
    "PairLike",
    "Place",
    "Row",
    "SetPlace",
    "TravellerLine",
]


class Kind(Enum):
    """What the entrants of a movement are."""

    PAIRS = "pairs"
    TEAMS = "teams"
    INDIVIDUAL = "individual"

    @property
    def seats_per_row(self) -> int:
        """Two entrants per table for pairs and teams (NS and EW), four players for individuals."""
        return 4 if self is Kind.INDIVIDUAL else 2


_ENTRANT_RE = re.compile(
    r"^\s*(?:(NS|EW|N-S|E-W|N/S|E/W)\s*)?(\d+)\s*(NS|EW|N-S|E-W|N/S|E/W)?\s*$", re.IGNORECASE
)


@dataclass(frozen=True, slots=True)
class Entrant:
    """A pair, team or player of a movement.

    Attributes:
        number: the entrant's number; 0 is the missing pair of a half table, as movement
            files write it (declare it a phantom).
        line: in a movement with two lines (a Mitchell) the line the pair belongs to: NS 1
            and EW 1 are two pairs. None when numbers are unique (Howell, teams, players).
    """

    number: int
    line: Side | None = None

    def __post_init__(self) -> None:
        if isinstance(self.number, bool) or not isinstance(self.number, int) or self.number < 0:
            raise MovementError(_("not an entrant number: {number!r}").format(number=self.number))

    @classmethod
    def from_str(cls, text: str) -> Entrant:
        """Parse ``"7"``, ``"7 NS"``, ``"NS7"`` or ``"EW 3"``.

        Raises:
            MovementError: if the text names no entrant.
        """
        match = _ENTRANT_RE.match(text)
        if match is None or (match.group(1) and match.group(3)):
            raise MovementError(
                _("not an entrant: {text!r} (expected e.g. 7, 7 NS or EW 3)").format(text=text)
            )
        side = match.group(1) or match.group(3)
        return cls(int(match.group(2)), Side.from_str(side) if side else None)

    @property
    def sort_key(self) -> tuple[int, int]:
        """Line (none, NS, EW) then number."""
        return (-1 if self.line is None else int(self.line), self.number)

    def __str__(self) -> str:
        return str(self.number) if self.line is None else f"{self.number} {self.line.name}"

    def __repr__(self) -> str:
        if self.line is None:
            return f"Entrant({self.number})"
        return f"Entrant({self.number}, Side.{self.line.name})"


class TravellerLine(Protocol):
    """A line of a traveller: the board and who sat North-South and East-West."""

    @property
    def board(self) -> int:
        """The board number."""

    @property
    def ns(self) -> PairLike:
        """Who sat North-South."""

    @property
    def ew(self) -> PairLike:
        """Who sat East-West."""


class PairLike(Protocol):
    """Anything naming a pair by number and line, such as the results model's ``PairId``."""

    @property
    def number(self) -> int:
        """The pair number."""

    @property
    def line(self) -> Side | None:
        """The Mitchell line, or None."""


@dataclass(frozen=True, slots=True)
class Row:
    """One table in one round: who sits there and which board sets it plays.

    Attributes:
        round: the round (from 1).
        table: the table number (from 1; Law 3: the Director numbers the tables).
        seats: ``(NS, EW)`` for pairs and teams, ``(N, E, S, W)`` for individuals, as the
            movement places them; None is an empty seat.
        sets: the board sets played at this table in this round (several when a round plays
            boards of more than one set).
        arrow_switch: the pairs sit the other way round for this round (the NS entrant
            plays East-West), so that every pair plays in both directions and a Mitchell
            has one winner.
    """

    round: int
    table: int
    seats: tuple[Entrant | None, ...]
    sets: tuple[int, ...]
    arrow_switch: bool = False

    def __post_init__(self) -> None:
        for name, value in (("round", self.round), ("table", self.table)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise MovementError(
                    _("{name} must be a number from 1, not {value!r}").format(
                        name=name, value=value
                    )
                )
        if len(self.seats) not in (2, 4):
            raise MovementError(_("a row has two entrants (NS, EW) or four players (N, E, S, W)"))
        if any(not isinstance(s, int) or isinstance(s, bool) or s < 1 for s in self.sets):
            raise MovementError(
                _("board sets are numbered from 1: {sets!r}").format(sets=self.sets)
            )

    @classmethod
    def pair(
        cls,
        round: int,
        table: int,
        ns: Entrant | None,
        ew: Entrant | None,
        sets: int | Iterable[int],
        *,
        arrow_switch: bool = False,
    ) -> Row:
        """A row of a pairs or teams movement."""
        return cls(round, table, (ns, ew), _as_sets(sets), arrow_switch)

    @classmethod
    def individual(
        cls,
        round: int,
        table: int,
        players: tuple[Entrant | None, Entrant | None, Entrant | None, Entrant | None],
        sets: int | Iterable[int],
    ) -> Row:
        """A row of an individual movement: ``players`` are North, East, South and West."""
        return cls(round, table, tuple(players), _as_sets(sets))

    @property
    def ns(self) -> Entrant | None:
        """The entrant the movement places North-South (pairs and teams)."""
        self._need_two()
        return self.seats[0]

    @property
    def ew(self) -> Entrant | None:
        """The entrant the movement places East-West (pairs and teams)."""
        self._need_two()
        return self.seats[1]

    def seated(self, side: Side) -> Entrant | None:
        """Who actually sits ``side`` this round: the arrow switch exchanges the two."""
        self._need_two()
        index = int(side) ^ int(self.arrow_switch)
        return self.seats[index]

    def player(self, seat: Seat) -> Entrant | None:
        """The player at ``seat`` (individual movements)."""
        if len(self.seats) != 4:
            raise MovementError(_("only an individual movement seats players one by one"))
        return self.seats[int(seat)]

    def _need_two(self) -> None:
        if len(self.seats) != 2:
            raise MovementError(_("an individual movement has no NS or EW entrant; ask by seat"))

    @property
    def entrants(self) -> tuple[Entrant, ...]:
        """The entrants seated at this row, empty seats left out."""
        return tuple(entrant for entrant in self.seats if entrant is not None)


def _as_sets(sets: int | Iterable[int]) -> tuple[int, ...]:
    return (sets,) if isinstance(sets, int) else tuple(sets)


@dataclass(frozen=True, slots=True)
class Place:
    """Where an entrant is in one round: the row, and its seat there.

    Attributes:
        row: the table and round.
        index: the entrant's index in ``row.seats``.
    """

    row: Row
    index: int

    @property
    def side(self) -> Side:
        """The side actually sat (the arrow switch applied)."""
        side = Side.NS if self.index % 2 == 0 else Side.EW
        return side.opponents if self.row.arrow_switch else side

    @property
    def seat(self) -> Seat:
        """The compass seat (N or E for pairs and teams; each player's own for individuals)."""
        if len(self.row.seats) == 4:
            return Seat(self.index)
        return Seat.N if self.side is Side.NS else Seat.E

    def __str__(self) -> str:
        if len(self.row.seats) == 4:
            where = self.seat.title
        else:
            where = _("North-South") if self.side is Side.NS else _("East-West")
        return _("table {table} {where}").format(table=self.row.table, where=where)


@dataclass(frozen=True, slots=True)
class SetPlace:
    """Where a board set is in one round: at one or more tables, or resting on a stand."""

    set: int
    round: int
    tables: tuple[int, ...]
    stand: str = ""

    def __str__(self) -> str:
        if self.tables:
            if len(self.tables) == 1:
                return _("table {table}").format(table=self.tables[0])
            return _("tables {tables} (shared)").format(
                tables=", ".join(str(table) for table in self.tables)
            )
        return self.stand or _("relay stand")


@dataclass(frozen=True, slots=True)
class BoardPlay:
    """One play of a board: where, when, and who actually sat in each direction.

    Attributes:
        board: the board number.
        round: the round.
        table: the table.
        set: the physical set the board belongs to.
        seats: who sat where: ``(NS, EW)`` (arrow switch applied) or ``(N, E, S, W)``.
        arrow_switched: whether the movement's NS entrant sat East-West this time.
    """

    board: int
    round: int
    table: int
    set: int
    seats: tuple[Entrant, ...]
    arrow_switched: bool = False

    @property
    def ns(self) -> Entrant:
        """Who sat North-South (pairs and teams); for individuals, North."""
        return self.seats[0]

    @property
    def ew(self) -> Entrant:
        """Who sat East-West (pairs and teams); for individuals, East."""
        return self.seats[1]

    def side_of(self, entrant: Entrant) -> Side | None:
        """The side ``entrant`` sat on this play, or None if it did not play it."""
        for index, seated in enumerate(self.seats):
            if seated == entrant:
                return Side.NS if index % 2 == 0 else Side.EW
        return None


@dataclass(frozen=True, slots=True)
class Field:
    """Entrants ranked together: NS and EW of a Mitchell are two fields, a Howell (or a
    Mitchell with arrow-switched rounds, every pair having played both ways) is one."""

    name: str
    entrants: frozenset[Entrant]
    line: Side | None = None
