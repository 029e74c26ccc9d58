"""An online session's results: its travellers as a ``dupbridge.tournament`` event, the
ranking, and the files handed out at the close.

A board's result is its table's own (the contract, declarer, tricks and opening lead the
Laws engine recorded), unless the Director gave it a score: an artificial adjusted score
when it was not played in time (Law 12C2) or a corrected result (Law 79C). Scoring is
:func:`dupbridge.tournament.event_scoring.score_event` (Law 78); the files are those of
:func:`dupbridge.services.event_results.publish` (the results website, ``results.pbn``
with the score tables, ``results.xml`` in USEBIO 1.2) and ``play.pbn``: every table's
auction and play.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from dupbridge.core.deal import Deal
from dupbridge.core.events import CardPlayed
from dupbridge.core.seats import Seat, Side
from dupbridge.core.table import Phase, Table
from dupbridge.formats.records import BoardRecord
from dupbridge.formats.registry import get_format
from dupbridge.services.event_results import Published, publish
from dupbridge.services.site_plays import PlayKey, play_key
from dupbridge.store.director import LogEntry
from dupbridge.store.session_store import BoardRow, EntryRow
from dupbridge.tournament.event_scoring import Method, ScoredEvent, ScoringOptions, score_event
from dupbridge.tournament.outcomes import Outcome, Played, parse_outcome
from dupbridge.tournament.results import BoardInfo, Event, Pair, PairId, Penalty, Result

__all__ = [
    "SessionFiles",
    "board_outcome",
    "decode_outcome",
    "encode_outcome",
    "pair_id",
    "seat_players",
    "session_event",
    "session_penalties",
    "write_files",
]


@dataclass(frozen=True)
class SessionFiles:
    """The files written at the close."""

    published: Published
    play_pbn: Path


def pair_id(entrants: Mapping[int, tuple[int, str | None]], number: int) -> PairId:
    """The results model's id of entry ``number`` (its movement number and Mitchell line)."""
    movement_number, line = entrants[number]
    return PairId(movement_number, "", None if line is None else Side.from_str(line))


def encode_outcome(contract: str, declarer: str = "", result: str = "") -> str:
    """A Director's score as stored: an artificial score (``A60/40``) or
    ``contract|declarer|result`` (``4S|N|=``)."""
    return "|".join((contract, declarer, result)) if declarer or result else contract


def decode_outcome(text: str) -> Outcome:
    """The stored Director's score as an outcome.

    Raises:
        NotationError: if it is not one.
    """
    return parse_outcome(*text.split("|"))


def board_outcome(table: Table) -> Played | None:
    """What happened at a finished table (None while it is in play)."""
    if table.phase is not Phase.FINISHED:
        return None
    contract = table.contract
    if contract is None:
        return Played()
    lead = next((event.card for event in table.events if isinstance(event, CardPlayed)), None)
    return Played(contract, table.result, lead)


def seat_players(ns: EntryRow, ew: EntryRow) -> dict[Seat, str]:
    """The names in the four seats: the NS entry's first player North, its second South;
    the EW entry's first East, its second West (a team's second pair plays East-West:
    its third and fourth players)."""

    def name(entry: EntryRow, index: int) -> str:
        return entry.names[index] if index < len(entry.names) else entry.names[0]

    east = 2 if len(ew.names) == 4 else 0
    return {
        Seat.N: name(ns, 0),
        Seat.S: name(ns, 1),
        Seat.E: name(ew, east),
        Seat.W: name(ew, east + 1),
    }


def session_event(
    name: str,
    entries: Sequence[EntryRow],
    entrants: Mapping[int, tuple[int, str | None]],
    *,
    deals: Mapping[int, Deal],
    boards: Sequence[BoardRow],
    tables: Mapping[str, Table],
    mitchell: bool,
    teams: bool = False,
    rounds: int | None = None,
) -> Event:
    """The session's event: its pairs, boards and every traveller line known so far (only
    rounds up to ``rounds`` when given).

    ``tables`` holds the core table of every board row (finished or not).
    """
    results: list[Result] = []
    for row in boards:
        if rounds is not None and row.round > rounds:
            continue
        outcome: Outcome | None
        if row.outcome is not None:
            outcome = decode_outcome(row.outcome)
        else:
            table = tables.get(row.table_id)
            outcome = None if table is None else board_outcome(table)
        if outcome is None:
            continue
        results.append(
            Result(
                row.board,
                pair_id(entrants, row.ns),
                pair_id(entrants, row.ew),
                outcome,
                table=row.table_number,
                round=row.round,
            )
        )
    pairs = tuple(
        Pair(pair_id(entrants, entry.number), entry.names)
        for entry in entries
        if entry.number in entrants
    )
    return Event(
        name=name,
        boards={number: BoardInfo.numbered(number, deal) for number, deal in deals.items()},
        pairs=pairs,
        results=tuple(results),
        mitchell=mitchell,
        teams=teams,
    )


def session_penalties(
    entries: Sequence[LogEntry], entrants: Mapping[int, tuple[int, str | None]]
) -> list[Penalty]:
    """The procedural and disciplinary penalties (Laws 90, 91) of the session's log that
    stand: each ``penalty`` entry not withdrawn since (a ``withdrawal`` names it)."""
    withdrawn = {entry.revises for entry in entries if entry.kind == "withdrawal"}
    return [
        Penalty(
            pair_id(entrants, int(entry.payload["pair"])),
            Fraction(str(entry.payload["points"])),
            note=f"Law {entry.payload.get('law')}",
        )
        for entry in entries
        if entry.kind == "penalty"
        and entry.id not in withdrawn
        and int(entry.payload["pair"]) in entrants
    ]


def score(event: Event, method: str) -> ScoredEvent:
    """The event scored by the session's method (Law 78)."""
    return score_event(event, ScoringOptions(method=Method(method)))


def play_records(
    event: Event,
    entries: Mapping[int, EntryRow],
    boards: Sequence[BoardRow],
    tables: Mapping[str, Table],
) -> dict[PlayKey, BoardRecord]:
    """Every played board's record (auction and play), keyed as the results site wants."""
    by_line = {(r.board, r.table, r.round): r for r in event.results}
    records: dict[PlayKey, BoardRecord] = {}
    for row in boards:
        table = tables.get(row.table_id)
        result = by_line.get((row.board, row.table_number, row.round))
        if table is None or result is None or row.outcome is not None:
            continue
        if table.phase is not Phase.FINISHED:
            continue
        record = BoardRecord.from_table(
            table,
            players=seat_players(entries[row.ns], entries[row.ew]),
            info={
                "Event": event.name,
                "Table": str(row.table_number),
                "Round": str(row.round),
            },
        )
        records[play_key(result)] = record
    return records


def write_files(
    scored: ScoredEvent, plays: Mapping[PlayKey, BoardRecord], out_dir: Path
) -> SessionFiles:
    """Write the results website, ``results.pbn``, ``results.xml`` (USEBIO 1.2) and
    ``play.pbn`` (every table's auction and play) into ``out_dir``.

    Raises:
        OSError: if the folder cannot be written.
    """
    published = publish(scored, out_dir, plays=plays, analyse=False)
    writer = get_format("pbn").write
    assert writer is not None
    records = sorted(plays.values(), key=_record_order)
    path = out_dir / "play.pbn"
    temporary = out_dir / ".play.pbn.tmp"
    temporary.write_bytes(writer(records))
    temporary.replace(path)
    return SessionFiles(published, path)


def _record_order(record: BoardRecord) -> tuple[int, int, int]:
    return (
        record.board or 0,
        int(record.info_value("Round") or 0),
        int(record.info_value("Table") or 0),
    )
