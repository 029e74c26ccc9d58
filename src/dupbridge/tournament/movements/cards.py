"""Guide cards and table cards: what each entrant and each table needs to know, round by
round, including where to go next (the moving instructions the Director announces, Law 8A).

* A *guide card* follows one entrant: in each round its table and direction, its opponents,
  the boards it plays, and where it goes after the round.
* A *table card* stays on one table: in each round who sits North-South and East-West (or at
  each seat), the boards played there, and where those boards go next.

These are plain values; the command line renders them with Rich, and
:mod:`dupbridge.tournament.movements.pdf` prints them.
"""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.seats import Side
from dupbridge.i18n import _
from dupbridge.tournament.movements.model import Entrant, Kind, Movement, Place, Row
from dupbridge.tournament.movements.validate import board_ranges

__all__ = [
    "GuideCard",
    "GuideLine",
    "TableCard",
    "TableLine",
    "grid",
    "guide_card",
    "guide_cards",
    "table_card",
    "table_cards",
]


@dataclass(frozen=True, slots=True)
class GuideLine:
    """One round of a guide card.

    Attributes:
        round: the round.
        table: the table, or None when the entrant sits out.
        where: the direction or seat, in words (``"North-South"``, ``"West"``).
        opponents: who the entrant plays (a phantom's opponents sit out).
        boards: the boards played, as ranges (``"7-9"``); empty when sitting out.
        next: where to go after this round.
        note: arrow switch, shared boards, a sit-out.
    """

    round: int
    table: int | None
    where: str
    opponents: str
    boards: str
    next: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class GuideCard:
    """The guide card of one entrant."""

    entrant: Entrant
    title: str
    lines: tuple[GuideLine, ...]


@dataclass(frozen=True, slots=True)
class TableLine:
    """One round of a table card.

    Attributes:
        round: the round.
        seats: who sits where, in words (``"NS 3 v EW 5"``).
        boards: the boards played here, as ranges.
        boards_next: where the boards go after the round.
        note: arrow switch, shared boards, a sit-out.
    """

    round: int
    seats: str
    boards: str
    boards_next: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class TableCard:
    """The table card of one table."""

    table: int
    lines: tuple[TableLine, ...]


def _where(place: Place) -> str:
    if len(place.row.seats) == 4:
        return place.seat.title
    return _("North-South") if place.side is Side.NS else _("East-West")


def _short(place: Place) -> str:
    if len(place.row.seats) == 4:
        return place.seat.letter
    return place.side.name


def _who(movement: Movement, entrant: Entrant | None) -> str:
    if entrant is None:
        return _("nobody")
    if entrant in movement.phantoms:
        return _("{who} (phantom: sit out)").format(who=entrant)
    return str(entrant)


def _next_text(movement: Movement, entrant: Entrant, place: Place | None, r: int) -> str:
    later = movement.next_place(entrant, r)
    if later is None:
        return _("end of the session")
    if not later:
        return _("sit out next round")
    if place is not None and movement.kind is Kind.TEAMS:
        # A team's pair follows its own line: NS to the next NS place, EW to the EW one.
        later = tuple(t for t in later if t.index % 2 == place.index % 2) or later
    texts = []
    for target in later:
        if (
            place is not None
            and target.row.table == place.row.table
            and _short(target) == _short(place)
        ):
            texts.append(
                _("stay at table {table} {where}").format(
                    table=target.row.table, where=_short(target)
                )
            )
        elif place is not None and target.row.table == place.row.table:
            texts.append(
                _("stay at table {table}, sit {where}").format(
                    table=target.row.table, where=_short(target)
                )
            )
        else:
            texts.append(
                _("to table {table} {where}").format(table=target.row.table, where=_short(target))
            )
    return "; ".join(texts)


def _note(movement: Movement, row: Row) -> str:
    notes = []
    if row.arrow_switch:
        notes.append(_("arrow switch: the NS pair sits East-West"))
    shared = [
        other.table
        for other in movement.rows_in_round(row.round)
        if other is not row
        and any(s in other.sets for s in row.sets)
        and any((row.round, s) in movement.shared for s in row.sets)
    ]
    if shared:
        notes.append(
            _("share boards with table {tables}").format(
                tables=", ".join(str(t) for t in sorted(shared))
            )
        )
    return "; ".join(notes)


def guide_card(movement: Movement, entrant: Entrant) -> GuideCard:
    """The guide card of ``entrant`` (a team's card lists both its tables each round)."""
    lines: list[GuideLine] = []
    for r in movement.round_numbers:
        places = movement.places(entrant, r)
        if not places:
            lines.append(
                GuideLine(r, None, "", "", "", _next_text(movement, entrant, None, r), _("sit out"))
            )
            continue
        for place in places:
            row = place.row
            opponents = list(movement.opponents(place))
            playing = movement.plays_at(row)
            lines.append(
                GuideLine(
                    round=r,
                    table=row.table,
                    where=_where(place),
                    opponents=", ".join(_who(movement, e) for e in opponents),
                    boards=board_ranges(movement.boards_of(row)) if playing else "",
                    next=_next_text(movement, entrant, place, r),
                    note=_note(movement, row) if playing else _("sit out"),
                )
            )
    kind = {Kind.PAIRS: _("Pair"), Kind.TEAMS: _("Team"), Kind.INDIVIDUAL: _("Player")}[
        movement.kind
    ]
    first = next((line for line in lines if line.table is not None), None)
    start = (
        _("starts at table {table} {where}").format(table=first.table, where=first.where)
        if first
        else ""
    )
    title = f"{kind} {entrant}" + (f": {start}" if start else "")
    return GuideCard(entrant, title, tuple(lines))


def guide_cards(movement: Movement) -> tuple[GuideCard, ...]:
    """The guide cards of every real entrant, in order."""
    return tuple(guide_card(movement, entrant) for entrant in movement.real_entrants)


def _seats_text(movement: Movement, row: Row) -> str:
    if len(row.seats) == 4:
        return "  ".join(
            f"{seat} {_who(movement, entrant)}"
            for seat, entrant in zip("NESW", row.seats, strict=True)
        )
    ns, ew = row.seated(Side.NS), row.seated(Side.EW)
    label = _("team") if movement.kind is Kind.TEAMS else ""
    prefix = f"{label} " if label else ""
    return _("N-S: {ns}, E-W: {ew}").format(
        ns=prefix + _who(movement, ns), ew=prefix + _who(movement, ew)
    )


def _boards_next(movement: Movement, row: Row) -> str:
    later = [r for r in movement.round_numbers if r > row.round]
    if not later:
        return _("collect the boards")
    texts = []
    for number in row.sets:
        place = movement.set_place(number, later[0])
        if place.tables == (row.table,):
            texts.append(_("boards stay"))
        elif place.tables:
            texts.append(_("to {place}").format(place=place))
        else:
            texts.append(_("to {place}").format(place=place))
    return "; ".join(dict.fromkeys(texts))


def table_card(movement: Movement, table: int) -> TableCard:
    """The table card of ``table``."""
    lines = []
    for r in movement.round_numbers:
        row = movement.row_at(r, table)
        if row is None:
            lines.append(TableLine(r, _("not in use"), "", ""))
            continue
        playing = movement.plays_at(row)
        lines.append(
            TableLine(
                round=r,
                seats=_seats_text(movement, row),
                boards=board_ranges(movement.boards_of(row)),
                boards_next=_boards_next(movement, row),
                note=_note(movement, row) if playing else _("no play: a phantom"),
            )
        )
    return TableCard(table, tuple(lines))


def table_cards(movement: Movement) -> tuple[TableCard, ...]:
    """The table cards of every table in use."""
    return tuple(table_card(movement, table) for table in movement.tables)


def grid(movement: Movement) -> list[list[str]]:
    """The table-by-round grid: a row per table, a column per round, each cell
    ``"NS-EW: boards"`` (``"N E S W: boards"`` for individuals), ``x`` marking an arrow
    switch and ``*`` a phantom."""
    cells: list[list[str]] = []
    for table in movement.tables:
        line = []
        for r in movement.round_numbers:
            row = movement.row_at(r, table)
            if row is None:
                line.append("")
                continue
            names = [
                ("-" if e is None else str(e.number)) + ("*" if e in movement.phantoms else "")
                for e in row.seats
            ]
            who = "-".join(names) if len(names) == 2 else " ".join(names)
            mark = "x" if row.arrow_switch else ""
            line.append(f"{who}{mark}: {board_ranges(movement.boards_of(row))}")
        cells.append(line)
    return cells
