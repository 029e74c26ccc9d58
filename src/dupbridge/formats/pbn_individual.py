"""An individual event's results in PBN: write them, and read them back.

PBN 2.1 tells an individual event by the tag ``[Competition "Individuals"]`` and names the
players of a ScoreTable row by their numbers in the columns ``PlayerId_North``,
``PlayerId_East``, ``PlayerId_South`` and ``PlayerId_West`` (where a pairs event has
``PairId_NS`` and ``PairId_EW``). :func:`individual_games` writes one game per board, its
ScoreTable with every line (table, round, the four players, contract, declarer, tricks,
lead, the scores, each player's matchpoints ``MP_North``... (the two members of a side may
differ only under Law 12C2(c)) and the sides' percentages ``Percentage_North`` and
``Percentage_East``: a PBN line holds at most 255 characters), and in the first game the
TotalScoreTable: the ranking by player (``Rank``, ``PlayerId``, ``Name``, ``NrBoards``,
``TotalScoreMP``, ``TotalPercentage``).
An adjusted score (Law 12C) stands in the Contract cell (``A60/40``).

:func:`individual_from_games` reads such games back as an
:class:`~dupbridge.formats.individual.IndividualEvent`, every problem located.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from dupbridge.core.errors import NotationError
from dupbridge.core.seats import Seat
from dupbridge.formats.individual import (
    SEAT_ORDER,
    IndividualEvent,
    IndividualLine,
    IndividualPlayer,
    IndividualStanding,
)
from dupbridge.formats.pbn import Column, Game, PbnTable
from dupbridge.i18n import _
from dupbridge.scoring.rounding import format_fixed
from dupbridge.tournament.results import BoardInfo, Location, Played, Problem, parse_outcome

__all__ = ["COMPETITION", "IndividualRead", "individual_from_games", "individual_games"]

#: The value of the Competition tag of an individual event (PBN 2.1).
COMPETITION = "Individuals"

_SEAT_WORDS = ("North", "East", "South", "West")


@dataclass(frozen=True)
class IndividualRead:
    """An individual event read from PBN, with every problem found."""

    event: IndividualEvent
    problems: tuple[Problem, ...]


def _value(value: Fraction | None) -> str:
    return "-" if value is None else format_fixed(value, 2)


def _outcome_cells(line: IndividualLine) -> tuple[str, str, str, str]:
    outcome = line.outcome
    if isinstance(outcome, Played) and outcome.contract is not None:
        declarer = outcome.contract.declarer
        assert declarer is not None
        lead = str(outcome.lead) if outcome.lead is not None else "-"
        return outcome.contract.to_str(declarer=False), declarer.letter, str(outcome.tricks), lead
    if isinstance(outcome, Played):
        return ("Pass" if outcome.passed_out else "-", "-", "-", "-")
    return (str(outcome), "-", "-", "-")


_SCORE_COLUMNS = (
    Column("Table", 2, "R"),
    Column("Round", 2, "R"),
    *(Column(f"PlayerId_{word}", 3, "R") for word in _SEAT_WORDS),
    Column("Contract", 5, "L"),
    Column("Declarer", 1, "R"),
    Column("Result", 2, "R"),
    Column("Lead", 3, "L"),
    Column("Score_NS", 5, "R"),
    Column("Score_EW", 5, "R"),
    *(Column(f"MP_{word}", 6, "R") for word in _SEAT_WORDS),
    Column("Percentage_North", 6, "R"),
    Column("Percentage_East", 6, "R"),
)

_TOTAL_COLUMNS = (
    Column("Rank", 5, "R"),
    Column("PlayerId", 4, "R"),
    Column("Name", 30, "L"),
    Column("NrBoards", 3, "R"),
    Column("TotalScoreMP", 8, "R"),
    Column("TotalPercentage", 6, "R"),
)


def _board_game(event: IndividualEvent, info: BoardInfo) -> Game:
    tags = {"Event": event.name or "?", "Site": event.site or "?", "Date": event.date or "?"}
    if info.deal is not None:
        game = Game.from_deal(
            info.deal, info.number, dealer=info.dealer, vulnerability=info.vulnerability, **tags
        )
    else:
        game = Game()
        for key, value in tags.items():
            game[key] = value
        game["Board"] = str(info.number)
        game["Dealer"] = info.dealer.letter
        game["Vulnerable"] = str(info.vulnerability)
    game["Competition"] = COMPETITION
    game["Scoring"] = "MP"
    return game


def individual_games(event: IndividualEvent) -> list[Game]:
    """One game per board with its ScoreTable; the TotalScoreTable in the first game."""
    games: list[Game] = []
    for number in sorted({line.board for line in event.lines}):
        game = _board_game(event, event.board(number))
        rows = []
        lines = sorted(
            (line for line in event.lines if line.board == number),
            key=lambda line: (line.round or 0, line.table or 0),
        )
        for line in lines:
            points = event.ns_points(line)
            rows.append(
                (
                    "-" if line.table is None else str(line.table),
                    "-" if line.round is None else str(line.round),
                    *(str(player) for player in line.players),
                    *_outcome_cells(line),
                    "-" if points is None or points < 0 else str(points),
                    "-" if points is None or points > 0 else str(-points),
                    *(_value(line.points_of(seat)) for seat in SEAT_ORDER),
                    _value(line.percent_of(Seat.N)),
                    _value(line.percent_of(Seat.E)),
                )
            )
        game.set_table("ScoreTable", PbnTable(_SCORE_COLUMNS, tuple(rows)))
        games.append(game)
    if games:
        rows = [
            (
                standing.place,
                str(standing.player),
                event.name_of(standing.player),
                str(standing.boards),
                _value(standing.matchpoints),
                _value(standing.percent),
            )
            for standing in event.standings
        ]
        games[0].set_table("TotalScoreTable", PbnTable(_TOTAL_COLUMNS, tuple(rows)))
    return games


def _plain(value: str | None) -> str:
    return "" if value in (None, "?", "-") else str(value)


def _number(text: str) -> int | None:
    return int(text) if text.isdigit() else None


def _fraction(text: str, what: str) -> Fraction | None:
    if not _plain(text):
        return None
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise NotationError(
            _("{what} {text!r} is not a number").format(what=what, text=text)
        ) from None


def _line(row: dict[str, str], number: int) -> IndividualLine:
    players = []
    for word in _SEAT_WORDS:
        text = _plain(row.get(f"PlayerId_{word}"))
        if not text.isdigit():
            raise NotationError(
                _("PlayerId_{seat} {text!r} is not a player number").format(seat=word, text=text)
            )
        players.append(int(text))
    if len(set(players)) != 4:
        raise NotationError(_("the four players of a line must be four different players"))
    contract = _plain(row.get("Contract"))
    score = _plain(row.get("Score_NS"))
    if not score and _plain(row.get("Score_EW")).isdigit():
        score = str(-int(_plain(row.get("Score_EW"))))
    outcome = parse_outcome(
        "PASS" if contract.upper() == "PASS" else contract,
        _plain(row.get("Declarer")),
        _plain(row.get("Result")),
        _plain(row.get("Lead")),
        score if contract and score.lstrip("-").isdigit() else "",
    )
    points = tuple(_fraction(row.get(f"MP_{w}", ""), f"MP_{w}") for w in _SEAT_WORDS)
    return IndividualLine(
        number,
        (players[0], players[1], players[2], players[3]),
        outcome,
        table=_number(_plain(row.get("Table"))),
        round=_number(_plain(row.get("Round"))),
        matchpoints=(points[0], points[1], points[2], points[3]),
    )


def individual_from_games(games: Sequence[Game], source: str = "<pbn>") -> IndividualRead:
    """The individual event the games hold (see the module's description).

    A row that cannot be read is a problem naming its board and place; the other rows are
    kept.
    """
    problems: list[Problem] = [
        Problem(problem.message, Location(source, problem.line, problem.column),
                warning=not problem.is_error)
        for game in games
        for problem in game.problems
    ]  # fmt: skip
    boards: dict[int, BoardInfo] = {}
    lines: list[IndividualLine] = []
    players: dict[int, IndividualPlayer] = {}
    standings: list[IndividualStanding] = []
    name = date = site = ""
    for game in games:
        name = name or _plain(game.get("Event"))
        date = date or _plain(game.get("Date"))
        site = site or _plain(game.get("Site"))
        number = game.board
        where = Location(source, game.line or 1, 1)
        if number is not None:
            deal = game.deal
            base = BoardInfo.numbered(number)
            boards[number] = BoardInfo(
                number,
                game.dealer or base.dealer,
                game.vulnerability or base.vulnerability,
                deal if deal is not None and deal.is_valid() else None,
            )
            table = game.table("ScoreTable")
            for index, row in enumerate(table.records() if table is not None else []):
                try:
                    lines.append(_line(row, number))
                except (NotationError, ValueError) as error:
                    at = Location(source, where.line + 1 + index, 1)
                    problems.append(
                        Problem(_("board {board}: {error}").format(board=number, error=error), at)
                    )
        total = game.table("TotalScoreTable")
        for index, row in enumerate(total.records() if total is not None else []):
            at = Location(source, where.line + 1 + index, 1)
            ident = _plain(row.get("PlayerId"))
            try:
                if not ident.isdigit():
                    raise NotationError(
                        _("PlayerId {text!r} is not a player number").format(text=ident)
                    )
                player = int(ident)
                players[player] = IndividualPlayer(player, _plain(row.get("Name")) or ident)
                points = _fraction(row.get("TotalScoreMP", ""), "TotalScoreMP") or Fraction(0)
                percent = _fraction(row.get("TotalPercentage", ""), "TotalPercentage")
            except NotationError as error:
                problems.append(Problem(str(error), at))
                continue
            standings.append(
                IndividualStanding(
                    player,
                    _plain(row.get("Rank")),
                    points,
                    percent or Fraction(0),
                    _number(_plain(row.get("NrBoards"))) or 0,
                )
            )
    if not lines:
        problems.append(
            Problem(_("no results in this file: nothing to score"), Location(source, 1, 1))
        )
    event = IndividualEvent(
        name=name, date=date, site=site, boards=boards,
        players=tuple(sorted(players.values(), key=lambda p: p.number)),
        lines=tuple(lines), standings=tuple(standings),
    )  # fmt: skip
    return IndividualRead(event, tuple(problems))
