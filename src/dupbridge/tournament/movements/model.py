"""The movement model: who sits where in each round, and which boards each table plays.

A :class:`Movement` is a list of :class:`Row` values, one per table per round (Law 8A: the
Director instructs the movement of players and boards), plus the map from board *sets* (the
physical boards that travel together) to board numbers. From the rows it answers what the
players, the Director and the scorer need:

* who plays where in a round, which boards a table plays (:meth:`Movement.row_at`);
* where each entrant and each set goes next (:meth:`Movement.next_place`,
  :meth:`Movement.set_place`), the moving instructions of guide cards;
* per board, which entrants played it and in which direction (:meth:`Movement.plays`), the
  check of a traveller line against the movement (:meth:`Movement.check_result`), and which
  entrants form one field of the ranking (:meth:`Movement.fields`).

Entrants are pairs (two lines, NS 1 and EW 1 being different pairs, in a Mitchell; one
numbering in a Howell), teams, or players (individual events, Law 4: partnerships change
during the session).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from dupbridge.core.seats import Side
from dupbridge.i18n import _
from dupbridge.tournament.movements.errors import MovementError, ResultNotInMovementError
from dupbridge.tournament.movements.values import (
    BoardPlay,
    Entrant,
    Field,
    Kind,
    PairLike,
    Place,
    Row,
    SetPlace,
    TravellerLine,
)

__all__ = [
    "BoardPlay",
    "Entrant",
    "Field",
    "Kind",
    "Movement",
    "PairLike",
    "Place",
    "Row",
    "SetPlace",
    "TravellerLine",
]


@dataclass(frozen=True, slots=True)
class Movement:
    """A movement: rows of (round, table, entrants, board sets), and what the sets hold.

    Attributes:
        name: the movement's name (it names the movement in every error).
        rows: one row per table per round.
        set_boards: each set with its board numbers, ``((1, (1, 2, 3)), (2, (4, 5, 6)))``.
        kind: pairs, teams or individual.
        shared: the ``(round, set)`` where several tables play one set, declared as such
            (the tables share the boards, playing them in a different order).
        phantoms: entrants that do not exist; whoever meets one sits out (a half table).
        duplicated: several sets hold the same board numbers (exact copies, Law 6F).
        stands: ``(round, set, name)``: where a set rests when no table plays it.
        description: a line of text for people.
        family: the movement's family (``"mitchell"``, ``"howell"``, ...), when known.
    """

    name: str
    rows: tuple[Row, ...]
    set_boards: tuple[tuple[int, tuple[int, ...]], ...]
    kind: Kind = Kind.PAIRS
    shared: frozenset[tuple[int, int]] = frozenset()
    phantoms: frozenset[Entrant] = frozenset()
    duplicated: bool = False
    stands: tuple[tuple[int, int, str], ...] = ()
    description: str = ""
    family: str = ""
    _sets: dict[int, tuple[int, ...]] = field(init=False, repr=False, compare=False)
    _by_round: dict[int, tuple[Row, ...]] = field(init=False, repr=False, compare=False)
    _places: dict[tuple[Entrant, int], tuple[Place, ...]] = field(
        init=False, repr=False, compare=False
    )
    _plays: dict[int, tuple[BoardPlay, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.rows:
            raise MovementError(_("movement {name}: it has no rows").format(name=self.name))
        sets: dict[int, tuple[int, ...]] = {}
        for number, boards in self.set_boards:
            if number in sets:
                raise MovementError(
                    _("movement {name}: set {set} is described twice").format(
                        name=self.name, set=number
                    )
                )
            if not boards or any(
                isinstance(b, bool) or not isinstance(b, int) or b < 1 for b in boards
            ):
                raise MovementError(
                    _("movement {name}: set {set} needs board numbers from 1").format(
                        name=self.name, set=number
                    )
                )
            sets[number] = tuple(boards)
        width = self.kind.seats_per_row
        by_round: dict[int, list[Row]] = defaultdict(list)
        places: dict[tuple[Entrant, int], list[Place]] = defaultdict(list)
        for row in self.rows:
            if len(row.seats) != width:
                raise MovementError(
                    _("movement {name}: round {round} table {table}: a {kind} row has {n} "
                      "seats").format(
                        name=self.name, round=row.round, table=row.table,
                        kind=self.kind.value, n=width,
                    )
                )  # fmt: skip
            for number in row.sets:
                if number not in sets:
                    raise MovementError(
                        _("movement {name}: round {round} table {table} plays set {set}, "
                          "which has no boards").format(
                            name=self.name, round=row.round, table=row.table, set=number
                        )
                    )  # fmt: skip
            by_round[row.round].append(row)
            for index, entrant in enumerate(row.seats):
                if entrant is not None:
                    places[(entrant, row.round)].append(Place(row, index))
        object.__setattr__(self, "_sets", sets)
        object.__setattr__(
            self,
            "_by_round",
            {r: tuple(sorted(rows, key=lambda row: row.table)) for r, rows in by_round.items()},
        )
        object.__setattr__(self, "_places", {key: tuple(value) for key, value in places.items()})
        board_plays: dict[int, list[BoardPlay]] = defaultdict(list)
        for row in sorted(self.rows, key=lambda row: (row.round, row.table)):
            if not self.plays_at(row):
                continue
            seats = tuple(entrant for entrant in row.seats if entrant is not None)
            if row.arrow_switch and len(seats) == 2:
                seats = (seats[1], seats[0])
            for number in row.sets:
                for board in sets[number]:
                    board_plays[board].append(
                        BoardPlay(board, row.round, row.table, number, seats, row.arrow_switch)
                    )
        object.__setattr__(self, "_plays", {b: tuple(p) for b, p in board_plays.items()})

    # -- shape -------------------------------------------------------------------------------

    @property
    def sets(self) -> Mapping[int, tuple[int, ...]]:
        """Each set's board numbers."""
        return dict(self._sets)

    @property
    def rounds(self) -> int:
        """The number of rounds (the highest round number)."""
        return max(self._by_round)

    @property
    def round_numbers(self) -> tuple[int, ...]:
        """The rounds that have rows, in order."""
        return tuple(sorted(self._by_round))

    @property
    def tables(self) -> tuple[int, ...]:
        """The table numbers in use, in order."""
        return tuple(sorted({row.table for row in self.rows}))

    @property
    def boards(self) -> tuple[int, ...]:
        """The boards in play: those of the sets some table plays."""
        used = {number for row in self.rows for number in row.sets}
        return tuple(sorted({b for number in used for b in self._sets[number]}))

    @property
    def entrants(self) -> tuple[Entrant, ...]:
        """Every entrant the rows name, phantoms included, in order."""
        found = {entrant for row in self.rows for entrant in row.entrants} | set(self.phantoms)
        return tuple(sorted(found, key=lambda entrant: entrant.sort_key))

    @property
    def real_entrants(self) -> tuple[Entrant, ...]:
        """The entrants that exist (phantoms left out)."""
        return tuple(entrant for entrant in self.entrants if entrant not in self.phantoms)

    @property
    def sharing(self) -> bool:
        """Whether the movement declares any set shared between tables."""
        return bool(self.shared)

    @property
    def arrow_switch_rounds(self) -> tuple[int, ...]:
        """The rounds in which some table switches arrows."""
        return tuple(sorted({row.round for row in self.rows if row.arrow_switch}))

    def boards_of_set(self, number: int) -> tuple[int, ...]:
        """The board numbers of set ``number``.

        Raises:
            MovementError: if there is no such set.
        """
        try:
            return self._sets[number]
        except KeyError:
            raise MovementError(
                _("movement {name} has no set {set}").format(name=self.name, set=number)
            ) from None

    def boards_of(self, row: Row) -> tuple[int, ...]:
        """The boards a row plays, in order."""
        return tuple(board for number in row.sets for board in self._sets[number])

    def plays_at(self, row: Row) -> bool:
        """Whether boards are really played at ``row``: every seat is taken by an entrant
        that exists (a phantom's opponents sit out)."""
        if not self.phantoms:
            return None not in row.seats
        return all(entrant is not None and entrant not in self.phantoms for entrant in row.seats)

    # -- who plays where ---------------------------------------------------------------------

    def rows_in_round(self, round: int) -> tuple[Row, ...]:
        """The rows of ``round``, by table (empty if the round has none)."""
        return self._by_round.get(round, ())

    def row_at(self, round: int, table: int) -> Row | None:
        """The row of ``table`` in ``round``, or None if the table is not used then."""
        for row in self.rows_in_round(round):
            if row.table == table:
                return row
        return None

    def places(self, entrant: Entrant, round: int) -> tuple[Place, ...]:
        """Where ``entrant`` sits in ``round``: none (a sit-out), one place, or for a team
        two (its pairs in the two rooms)."""
        return self._places.get((entrant, round), ())

    def place(self, entrant: Entrant, round: int) -> Place | None:
        """The one place of a pair or player in ``round`` (None when it sits out)."""
        found = self.places(entrant, round)
        return found[0] if found else None

    def next_place(self, entrant: Entrant, round: int) -> tuple[Place, ...] | None:
        """Where ``entrant`` goes after ``round``: its places in the next round with rows,
        or None after the last round."""
        later = [r for r in self.round_numbers if r > round]
        if not later:
            return None
        return self.places(entrant, later[0])

    def set_place(self, number: int, round: int) -> SetPlace:
        """Where set ``number`` is in ``round``: the tables playing it, or its stand."""
        tables = tuple(row.table for row in self.rows_in_round(round) if number in row.sets)
        stand = ""
        if not tables:
            for r, s, name in self.stands:
                if r == round and s == number:
                    stand = name
                    break
        return SetPlace(number, round, tables, stand)

    # -- what scoring needs ------------------------------------------------------------------

    def plays(self, board: int) -> tuple[BoardPlay, ...]:
        """Every play of ``board``: who sat NS and EW (or N, E, S, W), where and when.

        Rows where a phantom sits, or a seat is empty, are not plays: the board is not
        played there.
        """
        return self._plays.get(board, ())

    def boards_played(self, entrant: Entrant) -> tuple[int, ...]:
        """The boards ``entrant`` plays (with repeats if the movement is wrong), in order."""
        boards: list[int] = []
        for row in sorted(self.rows, key=lambda row: (row.round, row.table)):
            if entrant in row.seats and self.plays_at(row):
                boards.extend(self.boards_of(row))
        return tuple(boards)

    def entrant(self, who: Entrant | PairLike | int, side: Side | None = None) -> Entrant:
        """The entrant meant by ``who``: an :class:`Entrant`, anything with ``number`` and
        ``line`` (the results model's pair ids), or a bare number. A bare number is taken
        in the line ``side`` when the movement has two lines (a Mitchell).

        Raises:
            MovementError: if the movement has no such entrant.
        """
        if isinstance(who, int):
            candidates = [e for e in self.entrants if e.number == who]
            if len(candidates) > 1 and side is not None:
                candidates = [e for e in candidates if e.line is side]
        else:
            number = who.number
            line = who.line
            candidates = [e for e in self.entrants if e.number == number and e.line is line]
            if not candidates and line is not None:
                candidates = [e for e in self.entrants if e.number == number and e.line is None]
        if len(candidates) != 1:
            raise MovementError(
                _("movement {name} has no entrant {who}").format(name=self.name, who=who)
            )
        return candidates[0]

    def check_result(
        self,
        board: int,
        ns: Entrant | PairLike | int,
        ew: Entrant | PairLike | int,
        *,
        round: int | None = None,
        table: int | None = None,
    ) -> BoardPlay:
        """Check a traveller line: ``ns`` sat North-South against ``ew`` on ``board``
        (in ``round`` at ``table``, when the line says so).

        A bare number for ``ns`` means the pair that sat NS at that play: in an
        arrow-switched round of a Mitchell, that is an EW-line pair (its line number).

        Returns:
            the play of the board that the line records.

        Raises:
            ResultNotInMovementError: naming the movement, when the board is not in play,
                when a pair did not play the board, or when they did not play it against
                each other in those directions.
        """
        plays = self.plays(board)
        if not plays:
            raise ResultNotInMovementError(
                _("board {board} is not played in movement {name}").format(
                    board=board, name=self.name
                ),
                movement=self.name,
                board=board,
            )
        want_ns = self._resolve(ns, Side.NS, plays, 0)
        want_ew = self._resolve(ew, Side.EW, plays, 1)
        for play in plays:
            if play.seats[0] == want_ns and play.seats[1] == want_ew:
                if (round is not None and round != play.round) or (
                    table is not None and table != play.table
                ):
                    raise ResultNotInMovementError(
                        _("board {board}: in movement {name} {ns} and {ew} play it in round "
                          "{round} at table {table}, not in round {r} at table {t}").format(
                            board=board, name=self.name, ns=want_ns, ew=want_ew,
                            round=play.round, table=play.table,
                            r=round if round is not None else play.round,
                            t=table if table is not None else play.table,
                        ),
                        movement=self.name, board=board,
                    )  # fmt: skip
                return play
        for play in plays:
            if play.seats[0] == want_ew and play.seats[1] == want_ns:
                raise ResultNotInMovementError(
                    _("board {board}: in movement {name} {ns} sat East-West and {ew} "
                      "North-South (round {round}, table {table})").format(
                        board=board, name=self.name, ns=want_ns, ew=want_ew,
                        round=play.round, table=play.table,
                    ),
                    movement=self.name, board=board,
                )  # fmt: skip
        for entrant in (want_ns, want_ew):
            if not any(entrant in play.seats for play in plays):
                raise ResultNotInMovementError(
                    _("board {board}: {who} does not play it in movement {name}").format(
                        board=board, who=entrant, name=self.name
                    ),
                    movement=self.name,
                    board=board,
                )
        raise ResultNotInMovementError(
            _("board {board}: {ns} and {ew} do not play it against each other in movement "
              "{name}").format(board=board, ns=want_ns, ew=want_ew, name=self.name),
            movement=self.name, board=board,
        )  # fmt: skip

    def check_results(
        self, lines: Iterable[TravellerLine]
    ) -> list[tuple[TravellerLine, ResultNotInMovementError]]:
        """Check every traveller line (anything with ``board``, ``ns`` and ``ew``, and
        optionally ``round`` and ``table``, such as the results model's ``Result``).

        Returns:
            each line the movement cannot have produced, with the error saying why.
        """
        found: list[tuple[TravellerLine, ResultNotInMovementError]] = []
        for line in lines:
            try:
                self.check_result(
                    line.board,
                    line.ns,
                    line.ew,
                    round=getattr(line, "round", None),
                    table=getattr(line, "table", None),
                )
            except ResultNotInMovementError as error:
                found.append((line, error))
        return found

    def _resolve(
        self,
        who: Entrant | PairLike | int,
        side: Side,
        plays: tuple[BoardPlay, ...],
        index: int,
    ) -> Entrant:
        if isinstance(who, int) and not isinstance(who, bool):
            # The pair that sat this way on some play of the board, if there is one.
            seated = {play.seats[index] for play in plays if play.seats[index].number == who}
            if len(seated) == 1:
                return seated.pop()
            return self.entrant(who, side)
        try:
            return self.entrant(who)
        except MovementError:
            raise ResultNotInMovementError(
                _("movement {name} has no entrant {who}").format(name=self.name, who=who),
                movement=self.name,
                board=plays[0].board,
            ) from None

    def fields(self) -> tuple[Field, ...]:
        """Who is ranked with whom.

        Pairs that never change direction (a Mitchell without arrow switch) form two fields,
        North-South and East-West, each with its own winner. When pairs sit both ways (a
        Howell; a Mitchell with arrow-switched rounds) there is one field and one winner.
        Teams are ranked by their matches (no field); individuals form one field.
        """
        real = set(self.real_entrants)
        if self.kind is Kind.TEAMS:
            return ()
        if self.kind is Kind.INDIVIDUAL:
            return (Field(_("all players"), frozenset(real)),)
        sat: dict[Side, set[Entrant]] = {Side.NS: set(), Side.EW: set()}
        for row in self.rows:
            if not self.plays_at(row):
                continue
            for side in (Side.NS, Side.EW):
                entrant = row.seated(side)
                assert entrant is not None
                sat[side].add(entrant)
        if sat[Side.NS] & sat[Side.EW]:
            return (Field(_("all pairs"), frozenset(real)),)
        ns = frozenset(e for e in real if e in sat[Side.NS] or e.line is Side.NS)
        ew = frozenset(real - ns)
        return (Field(_("North-South"), ns, Side.NS), Field(_("East-West"), ew, Side.EW))

    def field_of(self, entrant: Entrant) -> Field:
        """The field ``entrant`` is ranked in.

        Raises:
            MovementError: for teams, or an entrant the movement does not have.
        """
        for candidate in self.fields():
            if entrant in candidate.entrants:
                return candidate
        raise MovementError(
            _("movement {name}: {who} is in no field").format(name=self.name, who=entrant)
        )

    def opponents(self, place: Place) -> tuple[Entrant | None, ...]:
        """The opponents of whoever sits at ``place``."""
        row = place.row
        if len(row.seats) == 2:
            return (row.seats[1 - place.index],)
        return (row.seats[(place.index + 1) % 4], row.seats[(place.index + 3) % 4])
