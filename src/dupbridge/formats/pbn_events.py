"""Events with results in PBN: read the results of a session, write the scored results.

Reading (:func:`event_from_games`) understands the two ways results are kept in PBN files:

* one game per table result (as JFR Pary, RealBridge and most table-scoring software export
  them): the Contract, Declarer and Result tags (or a Score tag alone) of each game, the
  pairs told apart by their players' names (North-South's names are one pair; a name that
  ends with a number, as JFR's ``Para-12``, gives the pair number), the teams of a team
  match by HomeTeam and VisitTeam with the Room: the home team sits North-South in the open
  room and East-West in the closed one (Law 86 compares the two tables of a board);
* one game per board with a ScoreTable: each row a result (``PairId_NS``, ``PairId_EW``,
  ``Contract``, ``Declarer``, ``Result``, ``Lead``, ``Score_NS``/``Score_EW``, ``Table``,
  ``Round``, ``Section``). An adjusted score (Law 12C: ``A60/40``, ``A6040``, ``A60``) may stand
  in the Contract cell, or in the Score_NS or Result cell of a row with no contract. A
  TotalScoreTable gives the pairs' names (``Names``, ``TeamName``), tells a Mitchell (a
  ``Direction`` column: two fields) and a teams event (``TeamId``); a pair playing its own
  number also makes a Mitchell. The Scoring tag names the method (:attr:`PbnEvent.method`).

So dupbridge reads back what it writes: ``results.pbn`` of ``dupbridge score --out`` is the
same event, names included.

The deal, the double-dummy tricks (DoubleDummyTricks) and the par (OptimumScore,
ParContract) of each board go into its :class:`~dupbridge.tournament.results.BoardInfo`.

Writing (:func:`results_games`) gives one game per board with its ScoreTable, and the
TotalScoreTable (the ranking) in the first game, in the PBN 2.1 export format.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from dupbridge.core.errors import NotationError
from dupbridge.core.seats import Seat, Side
from dupbridge.formats.pbn import Column, Game, PbnTable
from dupbridge.formats.pbn import loads as pbn_loads
from dupbridge.i18n import _
from dupbridge.scoring.adjusted import AdjustedScoreError, ArtificialScore
from dupbridge.scoring.rounding import format_fixed
from dupbridge.tournament.event_scoring import Method, ScoredEvent, ScoredResult
from dupbridge.tournament.results import (
    BoardInfo,
    Event,
    Location,
    Outcome,
    Pair,
    PairId,
    Played,
    Problem,
    Result,
    parse_outcome,
)

__all__ = ["PbnEvent", "event_from_games", "load_event_text", "results_games"]


@dataclass(frozen=True)
class PbnEvent:
    """An event read from PBN, with every problem found (file problems included)."""

    event: Event
    problems: tuple[Problem, ...]
    method: Method | None = None


def load_event_text(text: str | bytes, source: str, *, mitchell: bool = False) -> PbnEvent:
    """Read an event's results from PBN text (see the module docstring)."""
    games = pbn_loads(text, source=source)
    return event_from_games(games, source, mitchell=mitchell)


def _board_info(game: Game, number: int) -> BoardInfo:
    base = BoardInfo.numbered(number)
    dd = game.double_dummy_tricks
    tricks = (
        tuple(
            (seat, strain, count)
            for seat in (Seat.N, Seat.S, Seat.E, Seat.W)
            for strain, count in dd.get(seat, {}).items()
        )
        if dd
        else ()
    )
    par_parts = [game.get("ParContract") or ""]
    optimum = game.get("OptimumScore")
    if optimum and optimum not in ("?", "-"):
        par_parts.append(optimum)
    deal = game.deal
    return BoardInfo(
        number,
        game.dealer or base.dealer,
        game.vulnerability or base.vulnerability,
        deal if deal is not None and deal.is_valid() else None,
        tricks,
        " ".join(part for part in par_parts if part and part != "?").strip(),
    )


class _Numbers:
    """Numbers for pairs or teams known only by name, in order of first appearance."""

    def __init__(self) -> None:
        self.by_name: dict[tuple[str, ...], PairId] = {}
        self.taken: set[int] = set()

    def of(self, names: tuple[str, ...]) -> PairId:
        found = self.by_name.get(names)
        if found is not None:
            return found
        number = None
        if len(set(names)) == 1:
            match = re.search(r"(\d+)\s*$", names[0])
            if match is not None and int(match.group(1)) not in self.taken:
                number = int(match.group(1))
        if number is None:
            number = 1
            while number in self.taken:
                number += 1
        self.taken.add(number)
        pair = PairId(number)
        self.by_name[names] = pair
        return pair


def event_from_games(
    games: Sequence[Game], source: str = "<pbn>", *, mitchell: bool = False
) -> PbnEvent:
    """The event whose results the games hold (see the module docstring)."""
    problems: list[Problem] = [
        Problem(problem.message, Location(source, problem.line, problem.column),
                warning=not problem.is_error)
        for game in games
        for problem in game.problems
    ]  # fmt: skip
    boards: dict[int, BoardInfo] = {}
    results: list[Result] = []
    numbers = _Numbers()
    names: dict[PairId, tuple[str, ...]] = {}
    roster = _Roster.of(games)
    teams = roster.teams or any("HomeTeam" in game for game in games)
    mitchell = mitchell or roster.mitchell or _plays_itself(games)
    name = date = site = ""
    for game in games:
        number = game.board
        if number is None:
            continue
        name = name or _plain(game.get("Event"))
        date = date or _plain(game.get("Date"))
        site = site or _plain(game.get("Site"))
        info = _board_info(game, number)
        if number not in boards or (boards[number].deal is None and info.deal is not None):
            boards[number] = info
        where = Location(source, game.line or 1, 1)
        table = game.table("ScoreTable")
        if table is not None:
            results.extend(_table_results(table, number, where, mitchell, problems))
            continue
        result = _game_result(
            game,
            number,
            where,
            teams=teams,
            mitchell=mitchell,
            numbers=numbers,
            names=names,
            problems=problems,
        )
        if result is not None:
            results.append(result)
    for pair_id, pair_names in roster.pairs(mitchell).items():
        names.setdefault(pair_id, pair_names)
    pairs = tuple(Pair(pair, names.get(pair, ())) for pair in sorted(names, key=_key))
    event = Event(
        name=name, date=date, site=site, boards=boards, pairs=pairs, results=tuple(results),
        mitchell=mitchell, teams=teams,
    )  # fmt: skip
    return PbnEvent(event, tuple(problems), _method(games, teams))


_METHODS = {
    "MP": Method.MATCHPOINTS,
    "MATCHPOINTS": Method.MATCHPOINTS,
    "BUTLER": Method.BUTLER,
    "CROSS-IMP": Method.CROSS_IMPS,
    "CROSS-IMPS": Method.CROSS_IMPS,
    "IMP;VP": Method.TEAMS_VP,
    "VP": Method.TEAMS_VP,
    "TOTALPOINTS": Method.TOTAL_POINTS,
}


def _method(games: Sequence[Game], teams: bool) -> Method | None:
    """The method the Scoring tag of a results file names (None when it names none)."""
    scoring = next(
        (_plain(game.get("Scoring")).upper() for game in games if _plain(game.get("Scoring"))),
        "",
    )
    if scoring == "IMP":
        return Method.TEAMS_IMPS if teams else Method.BUTLER
    return _METHODS.get(scoring)


@dataclass(frozen=True)
class _Roster:
    """What a TotalScoreTable says of the pairs: names, fields (Mitchell) and teams."""

    rows: tuple[tuple[int, str, str, tuple[str, ...]], ...] = ()
    mitchell: bool = False
    teams: bool = False

    @classmethod
    def of(cls, games: Sequence[Game]) -> _Roster:
        table = next(
            (t for t in (game.table("TotalScoreTable") for game in games) if t is not None), None
        )
        if table is None:
            return cls()
        rows = []
        columns = {column.name for column in table.columns}
        for row in table.records():
            ident = _plain(row.get("PairId") or row.get("TeamId"))
            if not ident.isdigit():
                continue
            text = _plain(row.get("Names") or row.get("TeamName"))
            parts = tuple(p.strip() for p in text.replace(" - ", ";").split(";") if p.strip())
            direction = _plain(row.get("Direction")).upper()
            rows.append((int(ident), _plain(row.get("Section")).upper(), direction, parts))
        mitchell = any(direction in ("NS", "EW") for _n, _s, direction, _p in rows)
        return cls(tuple(rows), mitchell, "TeamId" in columns)

    def pairs(self, mitchell: bool) -> dict[PairId, tuple[str, ...]]:
        found: dict[PairId, tuple[str, ...]] = {}
        for number, section, direction, names in self.rows:
            line = (Side.EW if direction == "EW" else Side.NS) if mitchell else None
            found[PairId(number, section, line)] = names
        return found


def _plays_itself(games: Sequence[Game]) -> bool:
    # A ScoreTable row where a pair number meets itself: NS and EW are separate fields.
    for game in games:
        table = game.table("ScoreTable")
        if table is None:
            continue
        for row in table.records():
            ns, ew = _plain(row.get("PairId_NS")), _plain(row.get("PairId_EW"))
            if ns and ns == ew:
                return True
    return False


def _key(pair: PairId) -> tuple[str, int, int]:
    return pair.sort_key


def _plain(value: str | None) -> str:
    return "" if value in (None, "?", "-") else str(value)


def _game_result(
    game: Game,
    number: int,
    where: Location,
    *,
    teams: bool,
    mitchell: bool,
    numbers: _Numbers,
    names: dict[PairId, tuple[str, ...]],
    problems: list[Problem],
) -> Result | None:
    n, e, s, w = game.players
    if teams:
        home, visit = _plain(game.get("HomeTeam")), _plain(game.get("VisitTeam"))
        ns_names: tuple[str, ...] = (home,)
        ew_names: tuple[str, ...] = (visit,)
        if _plain(game.get("Room")).lower().startswith("c"):  # the closed room
            ns_names, ew_names = ew_names, ns_names
    else:
        ns_names = tuple(x for x in (n, s) if x) or (f"NS {game.get('Table') or ''}",)
        ew_names = tuple(x for x in (e, w) if x) or (f"EW {game.get('Table') or ''}",)
    contract = game.contract
    score = game.score_for(Side.NS)
    if game.passed_out:
        outcome: Played = Played()
    elif contract is not None and game.result is not None:
        outcome = Played(contract, game.result)
    elif score is not None:
        outcome = Played(recorded_score=int(score.value))
    else:
        problems.append(
            Problem(
                _("board {board}: no contract and result, nor a score: not a result").format(
                    board=number
                ),
                where,
                warning=True,
            )
        )
        return None
    ns = numbers.of(ns_names)
    ew = numbers.of(ew_names)
    if mitchell:
        ns, ew = PairId(ns.number, ns.section, Side.NS), PairId(ew.number, ew.section, Side.EW)
    names.setdefault(ns, ns_names)
    names.setdefault(ew, ew_names)
    table_text = game.get("Table") or ""
    round_text = game.get("Round") or ""
    return Result(
        number,
        ns,
        ew,
        outcome,
        table=int(table_text) if table_text.isdigit() else None,
        round=int(round_text) if round_text.isdigit() else None,
        location=where,
    )


def _table_results(
    table: PbnTable, number: int, where: Location, mitchell: bool, problems: list[Problem]
) -> Iterable[Result]:
    for index, row in enumerate(table.records()):
        location = Location(where.source, where.line + 1 + index, 1)
        try:
            ns_text = row.get("PairId_NS") or row.get("TeamId_NS") or ""
            ew_text = row.get("PairId_EW") or row.get("TeamId_EW") or ""
            ns = PairId.from_str(ns_text, Side.NS if mitchell else None)
            ew = PairId.from_str(ew_text, Side.EW if mitchell else None)
            section = _plain(row.get("Section")).upper()
            if section:
                ns = PairId(ns.number, section, ns.line)
                ew = PairId(ew.number, section, ew.line)
            outcome = _row_outcome(row)
        except (NotationError, ValueError) as error:
            problems.append(
                Problem(_("board {board}: {error}").format(board=number, error=error), location)
            )
            continue
        table_no, round_no = _plain(row.get("Table")), _plain(row.get("Round"))
        yield Result(
            number,
            ns,
            ew,
            outcome,
            table=int(table_no) if table_no.isdigit() else None,
            round=int(round_no) if round_no.isdigit() else None,
            location=location,
        )


def _adjusted_cell(value: str) -> bool:
    # Only what cannot be a score or a result is read as an adjusted score: "A5050", "A60".
    if not value or not (value[:1].upper() == "A" or "%" in value or "/" in value):
        return False
    try:
        ArtificialScore.from_str(value)
    except AdjustedScoreError:
        return False
    return True


def _row_outcome(row: dict[str, str]) -> Outcome:
    """A ScoreTable row's outcome; an adjusted score may be in its Contract, Score or Result
    cell (Law 12C)."""
    contract = _plain(row.get("Contract"))
    score = _plain(row.get("Score_NS"))
    if not score and _plain(row.get("Score_EW")).lstrip("-").isdigit():
        score = str(-int(_plain(row.get("Score_EW"))))
    if not contract:
        for cell in (score, _plain(row.get("Result"))):
            if _adjusted_cell(cell):
                return parse_outcome(cell)
    return parse_outcome(
        contract,
        _plain(row.get("Declarer")),
        _plain(row.get("Result")),
        _plain(row.get("Lead")),
        score if score.lstrip("-").isdigit() else "",
    )


# --- writing ------------------------------------------------------------------------------


def _value(value: Fraction | None) -> str:
    return "-" if value is None else format_fixed(value, 2)


def _outcome_cells(scored: ScoredEvent, line: ScoredResult) -> tuple[str, str, str, str]:
    outcome = line.result.outcome
    if isinstance(outcome, Played) and outcome.contract is not None:
        declarer = outcome.contract.declarer
        assert declarer is not None
        lead = str(outcome.lead) if outcome.lead is not None else "-"
        return (outcome.contract.to_str(declarer=False), declarer.letter, str(outcome.tricks),
                lead)  # fmt: skip
    if isinstance(outcome, Played):
        return ("Pass" if outcome.passed_out else "-", "-", "-", "-")
    return (str(outcome), "-", "-", "-")


def _score_columns(method: Method) -> list[Column]:
    if method is Method.MATCHPOINTS:
        return [Column("MP_NS", 6, "R"), Column("MP_EW", 6, "R"),
                Column("Percentage_NS", 6, "R"), Column("Percentage_EW", 6, "R")]  # fmt: skip
    return [Column("IMP_NS", 6, "R"), Column("IMP_EW", 6, "R")]


def _score_cells(scored: ScoredEvent, line: ScoredResult) -> list[str]:
    factor = scored.options.scale.factor
    if scored.method is Method.MATCHPOINTS:
        return [
            _value(line.ns * factor),
            _value(line.ew * factor),
            _value(line.ns_percent),
            _value(line.ew_percent),
        ]
    return [_value(line.ns), _value(line.ew)]


def results_games(scored: ScoredEvent) -> list[Game]:
    """One game per board with its ScoreTable; the TotalScoreTable in the first game."""
    event = scored.event
    games: list[Game] = []
    by_number: dict[int, list[ScoredResult]] = {}
    for board in scored.boards:
        by_number.setdefault(board.board, []).extend(board.results)
    columns = [
        Column("Section", 2, "L"), Column("Table", 2, "R"), Column("Round", 2, "R"),
        Column("PairId_NS", 3, "R"), Column("PairId_EW", 3, "R"), Column("Contract", 5, "L"),
        Column("Declarer", 1, "R"), Column("Result", 2, "R"), Column("Lead", 3, "L"),
        Column("Score_NS", 5, "R"), Column("Score_EW", 5, "R"), *_score_columns(scored.method),
    ]  # fmt: skip
    for number in sorted(by_number):
        info = event.board(number)
        tags = {"Event": event.name or "?", "Site": event.site or "?", "Date": event.date or "?"}
        if info.deal is not None:
            game = Game.from_deal(info.deal, number, dealer=info.dealer,
                                  vulnerability=info.vulnerability, **tags)  # fmt: skip
        else:
            game = Game()
            for key, value in tags.items():
                game[key] = value
            game["Board"] = str(number)
            game["Dealer"] = info.dealer.letter
            game["Vulnerable"] = str(info.vulnerability)
        game["Scoring"] = _SCORING[scored.method]
        if info.par:
            game["OptimumScore"] = _optimum(info.par) or "?"
        rows = []
        for line in by_number[number]:
            result = line.result
            contract, declarer, tricks, lead = _outcome_cells(scored, line)
            points = line.ns_points
            rows.append(
                (
                    result.section or "-",
                    str(result.table) if result.table is not None else "-",
                    str(result.round) if result.round is not None else "-",
                    str(result.ns.number),
                    str(result.ew.number),
                    contract,
                    declarer,
                    tricks,
                    lead,
                    str(points) if points is not None and points > 0 else "-",
                    str(-points) if points is not None and points < 0 else "-",
                    *_score_cells(scored, line),
                )
            )
            if points == 0:
                rows[-1] = (*rows[-1][:9], "0", "0", *rows[-1][11:])
        game.set_table("ScoreTable", PbnTable(tuple(columns), tuple(rows)))
        games.append(game)
    if games:
        games[0].set_table("TotalScoreTable", _total_table(scored))
    return games


_SCORING = {
    Method.MATCHPOINTS: "MP",
    Method.BUTLER: "Butler",
    Method.CROSS_IMPS: "Cross-IMP",
    Method.TEAMS_IMPS: "IMP",
    Method.TEAMS_VP: "IMP;VP",
    Method.TOTAL_POINTS: "TotalPoints",
}


def _optimum(par: str) -> str | None:
    match = re.search(r"(NS|EW)\s+[+-]?\d+(?![\dA-Za-z])", par)
    return match.group(0) if match else None


def _total_table(scored: ScoredEvent) -> PbnTable:
    method = scored.method
    total_name = {
        Method.MATCHPOINTS: "TotalScoreMP",
        Method.TEAMS_VP: "TotalScoreVP",
        Method.TOTAL_POINTS: "TotalScore",
    }.get(method, "TotalScoreIMP")
    teams = method.teams
    columns = [Column("Rank", 5, "R"), Column("TeamId" if teams else "PairId", 4, "R"),
               Column("Section", 2, "L"), Column("Direction", 2, "L"),
               Column("TeamName" if teams else "Names", 40, "L"),
               Column("NrBoards", 3, "R"), Column(total_name, 8, "R")]  # fmt: skip
    if method is Method.MATCHPOINTS:
        columns.append(Column("TotalPercentage", 6, "R"))
    rows = []
    factor = scored.options.scale.factor if method is Method.MATCHPOINTS else Fraction(1)
    for field in scored.fields:
        for placing, pair in field.placings:
            row = [
                placing.label,
                str(placing.key.number),
                placing.key.section or "-",
                placing.key.line.name if placing.key.line is not None else "-",
                ";".join(scored.event.pair(placing.key).names) or "-",
                str(pair.boards_played),
                _value(pair.total * factor),
            ]
            if method is Method.MATCHPOINTS:
                row.append(_value(pair.percent))
            rows.append(tuple(row))
    return PbnTable(tuple(columns), tuple(rows))
