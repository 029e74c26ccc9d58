"""The individual event of an online session: each entry is one player, and partnerships
change every round (Law 4).

* The movement (:func:`layout`): the eight-player individual at two tables for up to eight
  players, else a Rainbow individual on the smallest prime number of tables (5, 7, 11...)
  that seats everyone (:mod:`dupbridge.tournament.movements.individual`). Seats nobody
  entered for are filled by robots.
* The seating (:func:`seating`): the movement's rows as entry numbers by seat, kept with the
  session so that every page knows who sits where.
* The scoring (:func:`score_individual`): each board is matchpointed (Law 78A) by the
  library's pairs scorer, each partnership of the day standing as a pair (an artificial
  adjusted score, Law 12C2, takes its percentage from the player's own session score when
  Law 12C2(c) applies: in an individual the contestant is the player); each player is
  credited with his side's score on every board he played (Law 12C3: both members of a side
  get the side's award), and the players are ranked by their percentage of the tops they
  played.
* At the close (:func:`write_individual`): the results website by player, ``results.pbn``
  and ``results.xml`` (USEBIO 1.2) with the players of every line and the ranking by player,
  and ``play.pbn``: every board with its auction and play and the players in their seats.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat, Side
from dupbridge.core.table import Phase, Table
from dupbridge.formats import pbn, usebio
from dupbridge.formats.individual import (
    SEAT_ORDER,
    IndividualEvent,
    IndividualLine,
    IndividualPlayer,
    IndividualStanding,
)
from dupbridge.formats.pbn_individual import individual_games
from dupbridge.formats.records import BoardRecord
from dupbridge.formats.registry import get_format
from dupbridge.i18n import _
from dupbridge.scoring.adjusted import ArtificialScore
from dupbridge.scoring.ranking import rank
from dupbridge.services.event_results import Published
from dupbridge.services.sessions.config import SessionError
from dupbridge.services.sessions.results import SessionFiles, board_outcome, decode_outcome
from dupbridge.services.site_individual import LineKey, render_individual_site
from dupbridge.store.session_store import BoardRow, EntryRow
from dupbridge.tournament.event_scoring import Method, ScoringOptions, score_event
from dupbridge.tournament.movements import Movement
from dupbridge.tournament.outcomes import Outcome
from dupbridge.tournament.results import BoardInfo, Event, Pair, PairId, Result

__all__ = [
    "FAMILIES",
    "IndividualScore",
    "individual_event",
    "layout",
    "partnership_event",
    "play_records",
    "score_individual",
    "seating",
    "seats_of",
    "write_individual",
    "write_play",
]

#: The individual movement families an online session can use.
FAMILIES = ("individual", "rainbow")


def _prime(n: int) -> bool:
    return n >= 2 and all(n % d for d in range(2, int(n**0.5) + 1))


def layout(players: int, family: str = "") -> tuple[str, int]:
    """The movement family and its number of tables for ``players`` entered players.

    Up to eight players: the two-table individual (``individual``); more: a Rainbow on the
    smallest prime number of tables from 5 that seats them all. The empty seats are for
    robots.

    Raises:
        SessionError: for a family that is not an individual movement, or more than eight
            players for the two-table individual.
    """
    if family and family not in FAMILIES:
        raise SessionError(
            _("an individual event needs an individual movement ({known}), not {family!r}").format(
                known=", ".join(FAMILIES), family=family
            )
        )
    if family == "individual" or (not family and players <= 8):
        if players > 8:
            raise SessionError(
                _("the two-table individual seats 8 players, not {count}").format(count=players)
            )
        return "individual", 2
    tables = max(5, -(-players // 4))
    while not _prime(tables):
        tables += 1
    return "rainbow", tables


def seating(movement: Movement, by_entrant: Mapping[int, int]) -> dict[str, list[int]]:
    """Who sits where at every table of every round: ``"round:table"`` to the entry numbers
    of North, East, South and West (``by_entrant``: movement player number to entry)."""
    seats: dict[str, list[int]] = {}
    for row in movement.rows:
        players = [row.player(seat) for seat in Seat]
        if any(player is None for player in players):
            continue
        seats[f"{row.round}:{row.table}"] = [
            by_entrant[player.number] for player in players if player is not None
        ]
    return seats


def seats_of(seated: Mapping[str, Sequence[int]], round_number: int, table: int) -> dict[Seat, int]:
    """The players (entry numbers) in the four seats of ``table`` in ``round_number``."""
    players = seated[f"{round_number}:{table}"]
    return dict(zip(Seat, players, strict=True))


@dataclass(frozen=True)
class IndividualScore:
    """A player's place and score in an individual event.

    Attributes:
        player: his number (his entry's).
        name: his name.
        place: his place (``"3"``, or ``"3-4"`` when shared).
        matchpoints: his matchpoints (his sides' scores added up).
        top: the matchpoints he could have had (the tops of the boards he played).
        boards: the boards he played (including those scored not played).
    """

    player: int
    name: str
    place: str
    matchpoints: Fraction
    top: Fraction
    boards: int

    @property
    def percent(self) -> Fraction:
        """His percentage of the tops."""
        return Fraction(0) if not self.top else 100 * self.matchpoints / self.top


def _outcome(board: BoardRow, tables: Mapping[str, Table]) -> Outcome | None:
    if board.outcome is not None:
        return decode_outcome(board.outcome)
    table = tables.get(board.table_id)
    return None if table is None else board_outcome(table)


def partnership_event(
    name: str,
    lines: Sequence[tuple[BoardRow, dict[Seat, int], Outcome]],
    deals: Mapping[int, Deal],
) -> tuple[Event, dict[tuple[int, int, int], dict[Seat, int]]]:
    """The traveller lines as a pairs event in which each partnership of the day is a pair
    (the pair's number stands for the two players), and who sat where on each line
    (by board, round and table)."""
    partnerships: dict[tuple[int, int], PairId] = {}

    def pair_of(first: int, second: int) -> PairId:
        key = (min(first, second), max(first, second))
        if key not in partnerships:
            partnerships[key] = PairId(len(partnerships) + 1)
        return partnerships[key]

    results = []
    seated: dict[tuple[int, int, int], dict[Seat, int]] = {}
    for board, seats, outcome in lines:
        ns = pair_of(seats[Seat.N], seats[Seat.S])
        ew = pair_of(seats[Seat.E], seats[Seat.W])
        results.append(
            Result(board.board, ns, ew, outcome, table=board.table_number, round=board.round)
        )
        seated[board.board, board.round, board.table_number] = seats
    pairs = tuple(Pair(pair_id, (str(a), str(b))) for (a, b), pair_id in partnerships.items())
    event = Event(
        name=name,
        boards={number: BoardInfo.numbered(number, deal) for number, deal in deals.items()},
        pairs=pairs,
        results=tuple(results),
        mitchell=False,
    )
    return event, seated


@dataclass
class _Tally:
    """Each player's matchpoints, tops and boards, and every line with its four players'
    matchpoints."""

    points: dict[int, Fraction]
    tops: dict[int, Fraction]
    played: dict[int, int]
    lines: list[IndividualLine]


def _tally(
    name: str,
    deals: Mapping[int, Deal],
    boards: Sequence[tuple[BoardRow, dict[Seat, int]]],
    tables: Mapping[str, Table],
    rounds: int | None,
) -> _Tally | None:
    lines = []
    for board, seats in boards:
        if rounds is not None and board.round > rounds:
            continue
        outcome = _outcome(board, tables)
        if outcome is not None:
            lines.append((board, seats, outcome))
    if not lines:
        return None
    event, seated = partnership_event(name, lines, deals)
    options = ScoringOptions(method=Method.MATCHPOINTS)
    scored = score_event(event, options)
    points: dict[int, Fraction] = {}
    tops: dict[int, Fraction] = {}
    played: dict[int, int] = {}
    own: dict[tuple[int, int, int, int], Fraction] = {}  # (board, round, table, player)
    artificial: list[tuple[int, ArtificialScore, Side, Fraction, tuple[int, int, int]]] = []
    for board_score in scored.boards:
        for line in board_score.results:
            result = line.result
            where = (result.board, result.round or 0, result.table or 0)
            seats = seated[where]
            top = Fraction(line.top or 0, 2)
            for seat, player in seats.items():
                side = Side.NS if seat in (Seat.N, Seat.S) else Side.EW
                tops[player] = tops.get(player, Fraction(0)) + top
                played[player] = played.get(player, 0) + 1
                points.setdefault(player, Fraction(0))
                if isinstance(result.outcome, ArtificialScore):
                    artificial.append((player, result.outcome, side, top, where))
                else:
                    points[player] += line.value(side) / 2
                    own[(*where, player)] = line.value(side) / 2
    # Law 12C2(c): the contestant is the player, so an artificial score's override comes
    # from the player's own percentage on his other boards.
    unplayed: dict[int, Fraction] = {}
    for player, _award, _side, top, _where in artificial:
        unplayed[player] = unplayed.get(player, Fraction(0)) + top
    sessions = {
        player: 100 * points[player] / (tops[player] - unplayed.get(player, Fraction(0)))
        for player in points
        if tops[player] > unplayed.get(player, Fraction(0))
    }
    for player, outcome, side, top, where in artificial:
        award = outcome.ns if side is Side.NS else outcome.ew
        value = award.percentage(options.adjusted, sessions.get(player)) * top / 100
        points[player] += value
        own[(*where, player)] = value
    individual_lines = []
    for board_score in scored.boards:
        for line in board_score.results:
            result = line.result
            where = (result.board, result.round or 0, result.table or 0)
            players = tuple(seated[where][seat] for seat in SEAT_ORDER)
            individual_lines.append(
                IndividualLine(
                    result.board,
                    (players[0], players[1], players[2], players[3]),
                    result.outcome,
                    table=result.table,
                    round=result.round,
                    matchpoints=(
                        own[(*where, players[0])],
                        own[(*where, players[1])],
                        own[(*where, players[2])],
                        own[(*where, players[3])],
                    ),
                    top=Fraction(line.top or 0, 2),
                )
            )
    return _Tally(points, tops, played, individual_lines)


def _ranked(entries: Sequence[EntryRow], tally: _Tally) -> list[IndividualScore]:
    names = {entry.number: entry.names[0] for entry in entries}
    points, tops = tally.points, tally.tops
    percents = {
        player: (100 * points[player] / tops[player]) if tops[player] else Fraction(0)
        for player in points
    }
    return [
        IndividualScore(
            placing.key,
            names.get(placing.key, str(placing.key)),
            placing.label,
            points[placing.key],
            tops[placing.key],
            tally.played[placing.key],
        )
        for placing in rank(percents)
    ]


def score_individual(
    name: str,
    entries: Sequence[EntryRow],
    deals: Mapping[int, Deal],
    boards: Sequence[tuple[BoardRow, dict[Seat, int]]],
    tables: Mapping[str, Table],
    *,
    rounds: int | None = None,
) -> list[IndividualScore]:
    """The players' ranking from the boards (rounds up to ``rounds`` when given) with who
    sat where; boards not over yet are left out. Empty before any result."""
    tally = _tally(name, deals, boards, tables, rounds)
    return [] if tally is None else _ranked(entries, tally)


def individual_event(
    name: str,
    entries: Sequence[EntryRow],
    deals: Mapping[int, Deal],
    boards: Sequence[tuple[BoardRow, dict[Seat, int]]],
    tables: Mapping[str, Table],
) -> IndividualEvent | None:
    """The event as the exports write it: the players, every traveller line with its four
    players and each one's matchpoints, and the ranking (None before any result)."""
    tally = _tally(name, deals, boards, tables, None)
    if tally is None:
        return None
    ranking = _ranked(entries, tally)
    return IndividualEvent(
        name=name,
        boards={number: BoardInfo.numbered(number, deal) for number, deal in deals.items()},
        players=tuple(
            IndividualPlayer(
                entry.number, entry.names[0], entry.members[0] if entry.members else ""
            )
            for entry in entries
        ),
        lines=tuple(tally.lines),
        standings=tuple(
            IndividualStanding(s.player, s.place, s.matchpoints, s.percent, s.boards)
            for s in ranking
        ),
    )


def play_records(
    name: str,
    entries: Sequence[EntryRow],
    boards: Sequence[tuple[BoardRow, dict[Seat, int]]],
    tables: Mapping[str, Table],
) -> dict[LineKey, BoardRecord]:
    """Every board played to its end, with its auction, play, ``Round`` and ``Table`` tags
    and the players in their seats that round, by (board, round, table)."""
    names = {entry.number: entry.names[0] for entry in entries}
    records: dict[LineKey, BoardRecord] = {}
    for board, seats in sorted(boards, key=lambda b: (b[0].board, b[0].round, b[0].table_number)):
        table = tables.get(board.table_id)
        if table is None or board.outcome is not None or table.phase is not Phase.FINISHED:
            continue
        records[board.board, board.round, board.table_number] = BoardRecord.from_table(
            table,
            players={seat: names.get(player, str(player)) for seat, player in seats.items()},
            info={"Event": name, "Table": str(board.table_number), "Round": str(board.round)},
        )
    return records


def _write_text(out_dir: Path, file_name: str, data: bytes) -> Path:
    path = out_dir / file_name
    temporary = out_dir / f".{file_name}.tmp"
    temporary.write_bytes(data)
    temporary.replace(path)
    return path


def write_play(records: Mapping[LineKey, BoardRecord], out_dir: Path) -> Path:
    """Write ``play.pbn`` into ``out_dir``: the records of :func:`play_records`.

    Raises:
        OSError: if the folder cannot be written.
    """
    writer = get_format("pbn").write
    assert writer is not None
    out_dir.mkdir(parents=True, exist_ok=True)
    return _write_text(out_dir, "play.pbn", writer([records[key] for key in sorted(records)]))


def write_individual(
    event: IndividualEvent, records: Mapping[LineKey, BoardRecord], out_dir: Path
) -> SessionFiles:
    """Write what an individual session hands out at the close into ``out_dir``: the
    results website by player (:func:`~dupbridge.services.site_individual.render_individual_site`),
    ``results.pbn`` (every board's ScoreTable naming the four players of each line, and the
    TotalScoreTable by player, PBN 2.1 ``Competition "Individuals"``), ``results.xml``
    (USEBIO 1.2, ``EVENT_TYPE="INDIVIDUAL"``) and ``play.pbn`` (every table's auction and
    play).

    Raises:
        OSError: if the folder cannot be written.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    index = render_individual_site(event, out_dir, plays=records)
    results_pbn = _write_text(
        out_dir, "results.pbn", pbn.dumps(individual_games(event)).encode("utf-8")
    )
    results_xml = _write_text(
        out_dir, "results.xml", usebio.dumps_individual(event).encode("utf-8")
    )
    play = write_play(records, out_dir)
    return SessionFiles(Published(index, results_pbn, results_xml), play)
