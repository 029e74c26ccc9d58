"""Scoring a whole event: every traveller by the chosen Law 78 method, totals and rankings.

:func:`score_event` takes an :class:`~dupbridge.tournament.results.Event` and
:class:`ScoringOptions` and returns a :class:`ScoredEvent`:

* pairs events: matchpoints (Law 78A, factored to the session's top), Butler (IMPs against a
  datum), cross-IMPs, or total points (Law 78C); each board is scored within its section
  unless ``across_sections``; artificial adjusted scores (Law 12C2) get their percentage or
  IMPs, with the session override of 12C2(c) computed from the pair's other boards;
* team events: each board of a match compares its two tables (Law 78B IMPs, or total
  points); matches convert to VPs on the WBF scale (teams-vp);
* rankings per field (a section, or each line of a Mitchell), ties shared, an optional
  tie-break (Swedish Law 95); several sessions add up after scaling to a common top per board
  (Swedish Law 97).

Everything is exact (fractions); only pages round for display.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from dupbridge.core.seats import Side
from dupbridge.i18n import N_, _
from dupbridge.scoring import butler, crossimps
from dupbridge.scoring.adjusted import AdjustedRules, Artificial, ArtificialScore
from dupbridge.scoring.imp_rules import ImpRule, imps_by
from dupbridge.scoring.matchpoints import Comparable, Factoring, Scale, percent, top_of
from dupbridge.scoring.matchpoints import score_board as matchpoint_board
from dupbridge.scoring.ranking import (
    Placing,
    TieBreak,
    combine_sessions,
    quotient_tiebreak,
    rank,
    swedish_matchpoint_tiebreak,
)
from dupbridge.scoring.teams import MatchBoard, imp_match
from dupbridge.tournament.results import (
    Assigned,
    Event,
    PairId,
    Played,
    Problem,
    Result,
    ResultsError,
)

__all__ = [
    "BoardScore",
    "Field",
    "MatchScore",
    "Method",
    "PairScore",
    "ScoredEvent",
    "ScoredResult",
    "ScoringOptions",
    "TieBreakRule",
    "score_event",
]


class Method(Enum):
    """The scoring methods of ``dupbridge score --method``."""

    MATCHPOINTS = "mp"
    BUTLER = "imp-butler"
    CROSS_IMPS = "cross-imp"
    TEAMS_IMPS = "teams-imp"
    TEAMS_VP = "teams-vp"
    TOTAL_POINTS = "total"

    @property
    def teams(self) -> bool:
        """Whether the method scores team matches."""
        return self in (Method.TEAMS_IMPS, Method.TEAMS_VP)

    @property
    def in_imps(self) -> bool:
        """Whether results are worth IMPs (artificial scores in IMPs)."""
        return self in (Method.BUTLER, Method.CROSS_IMPS, Method.TEAMS_IMPS, Method.TEAMS_VP)

    @property
    def title(self) -> str:
        """The method's name in the active language."""
        return _(_METHOD_TITLES[self])

    @property
    def unit(self) -> str:
        """What a total counts, in the active language (Matchpoints, IMPs, VPs, Points)."""
        if self is Method.MATCHPOINTS:
            return _("Matchpoints")
        if self is Method.TEAMS_VP:
            return _("VPs")
        return _("Points") if self is Method.TOTAL_POINTS else _("IMPs")


_METHOD_TITLES = {
    Method.MATCHPOINTS: N_("Matchpoints"),
    Method.BUTLER: N_("IMPs against a datum (Butler)"),
    Method.CROSS_IMPS: N_("Cross-IMPs"),
    Method.TEAMS_IMPS: N_("Teams, IMPs"),
    Method.TEAMS_VP: N_("Teams, victory points"),
    Method.TOTAL_POINTS: N_("Total points"),
}


class TieBreakRule(Enum):
    """How tied totals are separated."""

    NONE = "none"
    SWEDISH = "swedish"


@dataclass(frozen=True, slots=True)
class ScoringOptions:
    """Everything the Conditions of Contest choose (Law 78D).

    Attributes:
        method: the scoring method.
        factoring: how a board with missing results reaches the full top (matchpoints).
        scale: 2/1/0 or 1/½/0 units (matchpoints; display only).
        datum: the Butler datum rule.
        imp_rule: how differences between the tens go on the IMP scale.
        adjusted: the values of artificial adjusted scores (Law 12C2).
        top: the number of results every board should have; default: the most on any board
            of the same session and section.
        across_sections: compare all sections' results on a board (one field).
        tie_break: how tied totals are separated.
        knockout: give both teams the average of non-balancing scores (Law 12C4).
        round_cap: at IMP pairs, the most IMPs a pair may score in one round (a Condition of
            Contest, Law 78D; JFR Pary's "12 IMPs a round"); a losing round is not limited.
            A round is the results' round number, or else the boards a pair plays in a row
            against the same opponents.
        provisional: score a team event whose boards still lack a table's result, leaving
            those boards out with a warning (otherwise each is an error).
    """

    method: Method = Method.MATCHPOINTS
    factoring: Factoring = Factoring.NEUBERG
    scale: Scale = Scale.TWO_ONE
    datum: butler.DatumRule = field(default_factory=butler.DatumRule)
    imp_rule: ImpRule = ImpRule.EXACT
    adjusted: AdjustedRules = field(default_factory=AdjustedRules)
    top: int | None = None
    across_sections: bool = False
    tie_break: TieBreakRule = TieBreakRule.NONE
    knockout: bool = False
    round_cap: Fraction | None = None
    provisional: bool = False


@dataclass(frozen=True, slots=True)
class ScoredResult:
    """One traveller line with its score for each side.

    Attributes:
        result: the line.
        ns_points: North-South's points (Law 77), None for adjusted scores.
        ns: NS's score on the board: matchpoint units (of 2) on ``top``, or IMPs.
        ew: EW's score likewise.
        top: the board's top in units of 2 (matchpoints), else None.
        datum: the datum it was IMPed against (Butler), else None.
        comparisons: the comparisons behind a cross-IMP total.
    """

    result: Result
    ns_points: int | None
    ns: Fraction
    ew: Fraction
    top: int | None = None
    datum: Fraction | None = None
    comparisons: int = 0

    @property
    def ns_percent(self) -> Fraction | None:
        """NS's percentage of the top (matchpoints)."""
        return None if self.top is None else percent(self.ns, self.top)

    @property
    def ew_percent(self) -> Fraction | None:
        """EW's percentage of the top (matchpoints)."""
        return None if self.top is None else percent(self.ew, self.top)

    def value(self, side: Side) -> Fraction:
        """The score of ``side``."""
        return self.ns if side is Side.NS else self.ew

    def percent_of(self, side: Side) -> Fraction | None:
        """The percentage of ``side`` (matchpoints)."""
        return self.ns_percent if side is Side.NS else self.ew_percent


@dataclass(frozen=True, slots=True)
class BoardScore:
    """One board (in one session and field) with its scored results."""

    board: int
    session: int
    section: str
    results: tuple[ScoredResult, ...]
    top: int | None = None

    @property
    def datums(self) -> tuple[Fraction, ...]:
        """The board's datum(s) (one per fouled-board group)."""
        return tuple(sorted({r.datum for r in self.results if r.datum is not None}))


@dataclass(frozen=True)
class PairScore:
    """A pair's (team's) scores, board by board and in total.

    Attributes:
        pair: the pair.
        entries: every board it played, with the side it sat.
        total: its total after penalties (matchpoint units, IMPs, VPs or points).
        maximum: the most it could have scored (matchpoints: the sum of its tops), else None.
        penalty: the sum of its penalties, in the total's unit.
        won: IMPs won (team events), for the quotient tie-break.
        lost: IMPs lost (team events).
        capped: what the round cap took off the total (IMP pairs).
    """

    pair: PairId
    entries: tuple[tuple[ScoredResult, Side], ...]
    total: Fraction
    maximum: Fraction | None = None
    penalty: Fraction = Fraction(0)
    won: Fraction = Fraction(0)
    lost: Fraction = Fraction(0)
    capped: Fraction = Fraction(0)

    @property
    def percent(self) -> Fraction | None:
        """The total as a percentage of the maximum (matchpoints)."""
        if self.maximum is None:
            return None
        return percent(self.total, int(self.maximum)) if self.maximum else Fraction(50)

    @property
    def boards_played(self) -> int:
        """How many boards the pair has a result on."""
        return len(self.entries)


@dataclass(frozen=True)
class MatchScore:
    """A team match: its boards (number, home's and away's figure), each team's IMPs won,
    its own margin (they differ in sign unless an adjustment does not balance) and VPs."""

    session: int
    home: PairId
    away: PairId
    boards: tuple[tuple[int, Fraction, Fraction], ...]
    home_imps: Fraction
    away_imps: Fraction
    home_margin: Fraction
    away_margin: Fraction
    home_vp: Fraction
    away_vp: Fraction


@dataclass(frozen=True)
class Field:
    """A ranking: the pairs (teams) competing against each other, best first."""

    title: str
    section: str
    line: Side | None
    placings: tuple[tuple[Placing[PairId], PairScore], ...]


@dataclass(frozen=True)
class ScoredEvent:
    """An event with every board scored and every field ranked.

    Attributes:
        event: the event.
        options: how it was scored.
        boards: every board's scored traveller, by session, board and section.
        pairs: every pair's (team's) scores.
        fields: the rankings.
        matches: the team matches (team events).
        problems: warnings found while scoring (errors raise :class:`ResultsError`).
    """

    event: Event
    options: ScoringOptions
    boards: tuple[BoardScore, ...]
    pairs: Mapping[PairId, PairScore]
    fields: tuple[Field, ...]
    matches: tuple[MatchScore, ...] = ()
    problems: tuple[Problem, ...] = field(default=())

    @property
    def method(self) -> Method:
        """The scoring method."""
        return self.options.method

    def boards_numbered(self, number: int) -> list[BoardScore]:
        """The scored travellers of board ``number`` (one per session and section)."""
        return [board for board in self.boards if board.board == number]

    def entry(self, pair: PairId, board: int, session: int = 1) -> tuple[ScoredResult, Side] | None:
        """A pair's scored result on a board, with its side."""
        for scored, side in self.pairs[pair].entries:
            if scored.result.board == board and scored.result.session == session:
                return scored, side
        return None


def score_event(event: Event, options: ScoringOptions = ScoringOptions()) -> ScoredEvent:
    """Score every board of ``event`` and rank its fields.

    Raises:
        ResultsError: listing every result that cannot be scored this way (an adjusted
            score in the wrong unit, a team board without its other table, ...).
    """
    if options.method.teams:
        return _score_teams(event, options)
    return _score_pairs(event, options)


# --- pairs -------------------------------------------------------------------------------


def _traveller_key(result: Result, options: ScoringOptions) -> tuple[int, int, str]:
    return (result.session, result.board, "" if options.across_sections else result.section)


def _comparable(event: Event, result: Result) -> Comparable | None:
    outcome = result.outcome
    if isinstance(outcome, Played):
        return Comparable.played(event.ns_score(result, outcome), result.group)
    if isinstance(outcome, Assigned):
        return Comparable.weighted(
            [(weight, event.ns_score(result, played)) for weight, played in outcome.components],
            result.group,
        )
    return None


def _ns_points(event: Event, result: Result) -> int | None:
    outcome = result.outcome
    if isinstance(outcome, Played):
        return event.ns_score(result, outcome)
    if isinstance(outcome, Assigned) and not outcome.weighted:
        return event.ns_score(result, outcome.components[0][1])
    return None


def _score_pairs(event: Event, options: ScoringOptions) -> ScoredEvent:
    method = options.method
    problems: list[Problem] = []
    travellers: dict[tuple[int, int, str], list[Result]] = defaultdict(list)
    for result in event.results:
        travellers[_traveller_key(result, options)].append(result)
        if isinstance(result.outcome, ArtificialScore):
            problems.extend(_unit_problems(result, result.outcome, method))
    if any(not problem.warning for problem in problems):
        raise ResultsError(problems)
    expected = _expected_results(travellers, options)
    # First pass: every comparable result; artificial scores wait for the session scores.
    scored: dict[int, ScoredResult] = {}
    tops: dict[tuple[int, int, str], int] = {}
    for key, lines in travellers.items():
        wanted = expected[key[0], key[2]]
        tops[key] = top_of(wanted)
        comparable = [(line, _comparable(event, line)) for line in lines]
        present = [(line, c) for line, c in comparable if c is not None]
        values = _board_values(method, [c for _line, c in present], wanted, options)
        for (line, _c), (ns, ew, top, datum, comparisons) in zip(present, values, strict=True):
            scored[id(line)] = ScoredResult(
                line, _ns_points(event, line), ns, ew, top, datum, comparisons
            )
    # Second pass: artificial scores, with the session override of Law 12C2(c).
    session_rate = _session_rates(event, scored, method)
    for key, lines in travellers.items():
        for line in lines:
            if not isinstance(line.outcome, ArtificialScore):
                continue
            top = tops[key] if method is Method.MATCHPOINTS else None
            ns = _artificial_value(
                line.outcome.ns, method, options, session_rate.get((line.session, line.ns)), top
            )
            ew = _artificial_value(
                line.outcome.ew, method, options, session_rate.get((line.session, line.ew)), top
            )
            if method is Method.TOTAL_POINTS:
                problems.append(
                    Problem(
                        _("board {board}: an artificial score counts 0 at total points").format(
                            board=line.board
                        ),
                        line.location,
                        warning=True,
                    )
                )
            scored[id(line)] = ScoredResult(line, None, ns, ew, top)
    boards = tuple(
        BoardScore(
            key[1],
            key[0],
            key[2],
            tuple(scored[id(line)] for line in lines),
            tops[key] if method is Method.MATCHPOINTS else None,
        )
        for key, lines in sorted(travellers.items(), key=lambda item: item[0])
    )
    pairs = _pair_scores(event, boards, options, expected)
    fields = _rank_fields(event, pairs, options)
    return ScoredEvent(event, options, boards, pairs, fields, (), tuple(problems))


def _unit_problems(result: Result, score: ArtificialScore, method: Method) -> list[Problem]:
    if method is Method.TOTAL_POINTS:
        return []
    if method.in_imps and score.in_percent:
        message = _("board {board}: adjusted score {score} is a percentage; {method} needs IMPs")
    elif not method.in_imps and score.in_imps:
        message = _("board {board}: adjusted score {score} is in IMPs; {method} needs percentages")
    else:
        return []
    return [
        Problem(
            message.format(board=result.board, score=score, method=method.value),
            result.location,
        )
    ]


def _expected_results(
    travellers: Mapping[tuple[int, int, str], Sequence[Result]], options: ScoringOptions
) -> dict[tuple[int, str], int]:
    # Swedish Law 97: every board of a session has the same top; by default the most
    # results recorded on any board of the session (and section).
    expected: dict[tuple[int, str], int] = {}
    for (session, _board, section), lines in travellers.items():
        count = len(lines) if options.top is None else max(options.top, len(lines))
        expected[session, section] = max(expected.get((session, section), 0), count)
    return expected


_Values = tuple[Fraction, Fraction, int | None, Fraction | None, int]


def _board_values(
    method: Method, results: Sequence[Comparable], expected: int, options: ScoringOptions
) -> list[_Values]:
    if not results:
        return []
    if method is Method.MATCHPOINTS:
        return [
            (s.ns, s.ew, s.top, None, 0)
            for s in matchpoint_board(results, expected, options.factoring)
        ]
    if method is Method.BUTLER:
        return [
            (s.ns, s.ew, None, s.datum, 0)
            for s in butler.score_board(results, options.datum, options.imp_rule)
        ]
    if method is Method.CROSS_IMPS:
        return [
            (s.total, s.ew_total, None, None, s.comparisons)
            for s in crossimps.score_board(results, expected, options.imp_rule)
        ]
    return [(r.expected_score, -r.expected_score, None, None, 0) for r in results]


def _session_rates(
    event: Event, scored: Mapping[int, ScoredResult], method: Method
) -> dict[tuple[int, PairId], Fraction]:
    # Each pair's percentage (matchpoints) or IMPs per board on its boards without an
    # artificial score: the "session score" of Law 12C2(c).
    sums: dict[tuple[int, PairId], list[Fraction]] = defaultdict(lambda: [Fraction(0)] * 2)
    for line in scored.values():
        result = line.result
        for side in (Side.NS, Side.EW):
            key = (result.session, result.pair(side))
            totals = sums[key]
            if method is Method.MATCHPOINTS:
                assert line.top is not None
                totals[0] += line.value(side)
                totals[1] += line.top
            else:
                totals[0] += line.value(side)
                totals[1] += 1
    rates: dict[tuple[int, PairId], Fraction] = {}
    for key, (got, out_of) in sums.items():
        if out_of:
            rates[key] = got * 100 / out_of if method is Method.MATCHPOINTS else got / out_of
    return rates


def _artificial_value(
    side: Artificial,
    method: Method,
    options: ScoringOptions,
    session: Fraction | None,
    top: int | None,
) -> Fraction:
    if method is Method.MATCHPOINTS:
        assert top is not None
        return side.percentage(options.adjusted, session) * top / 100
    if method is Method.TOTAL_POINTS:
        return Fraction(0)
    return side.imp_value(options.adjusted, session)


def _pair_scores(
    event: Event,
    boards: Sequence[BoardScore],
    options: ScoringOptions,
    expected: Mapping[tuple[int, str], int],
) -> dict[PairId, PairScore]:
    method = options.method
    entries: dict[PairId, list[tuple[ScoredResult, Side]]] = defaultdict(list)
    for board in boards:
        for line in board.results:
            entries[line.result.ns].append((line, Side.NS))
            entries[line.result.ew].append((line, Side.EW))
    for pair_id in event.pair_index:
        entries.setdefault(pair_id, [])
    penalties: dict[tuple[int, PairId], Fraction] = defaultdict(Fraction)
    for penalty in event.penalties:
        penalties[penalty.session, penalty.pair] += penalty.value
    sessions = event.sessions
    pairs: dict[PairId, PairScore] = {}
    for pair_id, lines in entries.items():
        lines.sort(key=lambda item: (item[0].result.session, item[0].result.board))
        if method is Method.MATCHPOINTS:
            per_session: list[dict[PairId, Fraction]] = []
            maxima: list[dict[PairId, Fraction]] = []
            tops = []
            penalty_units = Fraction(0)
            for session in sessions:
                mine = [(line, side) for line, side in lines if line.result.session == session]
                top = top_of(max((e for (s, _sec), e in expected.items() if s == session),
                                 default=1))  # fmt: skip
                units = sum((line.value(side) for line, side in mine), Fraction(0))
                maximum = sum((Fraction(line.top or 0) for line, _side in mine), Fraction(0))
                cut = penalties.get((session, pair_id), Fraction(0)) * top / 100
                penalty_units += cut
                per_session.append({pair_id: units + cut})
                maxima.append({pair_id: maximum})
                tops.append(max(top, 1))
            total = combine_sessions(per_session, tops).get(pair_id, Fraction(0))
            maximum = combine_sessions(maxima, tops).get(pair_id, Fraction(0))
            pairs[pair_id] = PairScore(pair_id, tuple(lines), total, maximum, penalty_units)
        else:
            corrections = sum(
                (value for (_s, pid), value in penalties.items() if pid == pair_id), Fraction(0)
            )
            raw = sum((line.value(side) for line, side in lines), Fraction(0))
            capped = _round_cap_excess(pair_id, lines, options.round_cap)
            total = raw - capped + corrections
            pairs[pair_id] = PairScore(
                pair_id, tuple(lines), total, None, corrections, capped=capped
            )
    return pairs


def _round_cap_excess(
    pair: PairId, lines: Sequence[tuple[ScoredResult, Side]], cap: Fraction | None
) -> Fraction:
    # What a cap on each round's winnings takes off a pair's total (Law 78D condition).
    if cap is None:
        return Fraction(0)
    rounds: dict[tuple[int, object], Fraction] = defaultdict(Fraction)
    run = 0
    previous: PairId | None = None
    for line, side in lines:
        result = line.result
        opponent = result.pair(side.opponents)
        if opponent != previous:
            run += 1
            previous = opponent
        key = result.round if result.round is not None else ("run", run)
        rounds[result.session, key] += line.value(side)
    return sum((total - cap for total in rounds.values() if total > cap), Fraction(0))


def _field_groups(
    event: Event, pairs: Mapping[PairId, PairScore], options: ScoringOptions
) -> dict[tuple[str, Side | None], list[PairId]]:
    groups: dict[tuple[str, Side | None], list[PairId]] = defaultdict(list)
    for pair_id in pairs:
        section = "" if options.across_sections else pair_id.section
        line = pair_id.line if event.mitchell else None
        groups[section, line].append(pair_id)
    return groups


def _field_title(section: str, line: Side | None, many: bool) -> str:
    if line is not None and section:
        return _("Section {section}, {line}").format(section=section, line=line.name)
    if line is not None:
        return _("North-South") if line is Side.NS else _("East-West")
    if section and many:
        return _("Section {section}").format(section=section)
    return _("Ranking")


def _rank_fields(
    event: Event, pairs: Mapping[PairId, PairScore], options: ScoringOptions
) -> tuple[Field, ...]:
    groups = _field_groups(event, pairs, options)
    fields: list[Field] = []
    for (section, line), members in sorted(
        groups.items(), key=lambda item: (item[0][0], -1 if item[0][1] is None else item[0][1])
    ):
        active = [
            pid
            for pid in members
            if (pairs[pid].entries or pairs[pid].penalty) and pid not in event.phantoms
        ]
        totals: dict[PairId, Fraction] = {}
        for pid in active:
            score = pairs[pid]
            totals[pid] = score.percent if score.percent is not None else score.total
        breaker = _tie_break(pairs, options)
        placings = rank(totals, breaker, order=lambda pid: pid.sort_key)
        fields.append(
            Field(
                _field_title(section, line, len(groups) > 1),
                section,
                line,
                tuple((placing, pairs[placing.key]) for placing in placings),
            )
        )
    return tuple(fields)


def _tie_break(
    pairs: Mapping[PairId, PairScore], options: ScoringOptions
) -> TieBreak[PairId] | None:
    if options.tie_break is TieBreakRule.NONE:
        return None
    if options.method.teams:
        return quotient_tiebreak(
            {pid: score.won for pid, score in pairs.items()},
            {pid: score.lost for pid, score in pairs.items()},
        )
    board_scores: dict[PairId, dict[int, Fraction]] = {}
    for pid, score in pairs.items():
        board_scores[pid] = {}
        for line, side in score.entries:
            value = line.percent_of(side)
            board_scores[pid][line.result.board] = value if value is not None else line.value(side)
    average = Fraction(50) if options.method is Method.MATCHPOINTS else Fraction(0)
    return swedish_matchpoint_tiebreak(board_scores, average)


# --- teams -------------------------------------------------------------------------------


def _score_teams(event: Event, options: ScoringOptions) -> ScoredEvent:
    problems: list[Problem] = []
    tables: dict[tuple[int, frozenset[PairId]], dict[int, list[Result]]] = defaultdict(
        lambda: defaultdict(list)
    )
    for result in event.results:
        match_key = (result.session, frozenset((result.ns, result.ew)))
        tables[match_key][result.board].append(result)
        if isinstance(result.outcome, ArtificialScore) and result.outcome.in_percent:
            problems.append(
                Problem(
                    _("board {board}: adjusted score {score} is a percentage; "
                      "team matches need IMPs").format(board=result.board, score=result.outcome),
                    result.location,
                )
            )  # fmt: skip
    scored: dict[int, ScoredResult] = {}
    matches: list[MatchScore] = []
    for (session, _teams), boards in sorted(
        tables.items(), key=lambda item: (item[0][0], sorted(p.sort_key for p in item[0][1]))
    ):
        first = min(
            (line for lines in boards.values() for line in lines),
            key=lambda line: (line.table if line.table is not None else 0, line.board),
        )
        home, away = first.ns, first.ew
        per_board: list[tuple[int, Fraction, Fraction]] = []
        for number in sorted(boards):
            lines = boards[number]
            if len(lines) != 2 or lines[0].ns != lines[1].ew:
                if options.provisional and len(lines) == 1:
                    problems.append(
                        Problem(
                            _("board {board}: the match {home} – {away} has no result yet "
                              "at the other table; left out").format(
                                board=number, home=home, away=away
                            ),
                            lines[0].location,
                            warning=True,
                        )
                    )  # fmt: skip
                    continue
                problems.append(
                    Problem(
                        _("board {board}: the match {home} – {away} needs one result at each "
                          "table, with the teams in opposite directions; it has {n}").format(
                            board=number, home=home, away=away, n=len(lines)
                        ),
                        lines[-1].location,
                    )
                )  # fmt: skip
                continue
            one, two = lines
            ns_one, ns_two = _teams_board(event, one, two, options)
            scored[id(one)] = ScoredResult(one, _ns_points(event, one), ns_one[0], ns_one[1])
            scored[id(two)] = ScoredResult(two, _ns_points(event, two), ns_two[0], ns_two[1])
            home_gain = ns_one[0] if one.ns == home else ns_two[0]
            away_gain = ns_one[1] if one.ns == home else ns_two[1]
            per_board.append((number, home_gain, away_gain))
        match = imp_match(
            [MatchBoard(number, home_adjusted=h, away_adjusted=a) for number, h, a in per_board]
        )
        if per_board:
            home_vp, away_vp = match.victory_points(len(per_board))
        else:
            home_vp = away_vp = Fraction(10)
        matches.append(
            MatchScore(
                session,
                home,
                away,
                tuple(per_board),
                match.home,
                match.away,
                match.home_margin,
                match.away_margin,
                home_vp,
                away_vp,
            )
        )
    if any(not problem.warning for problem in problems):
        raise ResultsError(problems)
    boards_out = _team_boards(event, scored)
    pairs = _team_scores(event, scored, matches, options)
    fields = _rank_fields(event, pairs, options)
    return ScoredEvent(event, options, boards_out, pairs, fields, tuple(matches), tuple(problems))


def _teams_board(
    event: Event, one: Result, two: Result, options: ScoringOptions
) -> tuple[tuple[Fraction, Fraction], tuple[Fraction, Fraction]]:
    """Each table's (NS, EW) IMPs (or points) on one board of a match."""
    for line in (one, two):
        if isinstance(line.outcome, ArtificialScore):
            ns = line.outcome.ns.imp_value(options.adjusted)
            ew = line.outcome.ew.imp_value(options.adjusted)
            if options.knockout and ns != -ew:
                ns, ew = (ns - ew) / 2, (ew - ns) / 2
            other = (ew, ns)
            return ((ns, ew), other) if line is one else (other, (ns, ew))
    first = _comparable(event, one)
    second = _comparable(event, two)
    assert first is not None
    assert second is not None
    gain = Fraction(0)
    for w1, s1 in first.outcomes:
        for w2, s2 in second.outcomes:
            difference = Fraction(s1) - Fraction(s2)
            if options.method is Method.TOTAL_POINTS:
                gain += w1 * w2 * difference
            else:
                gain += w1 * w2 * imps_by(difference, options.imp_rule)
    return (gain, -gain), (-gain, gain)


def _team_boards(event: Event, scored: Mapping[int, ScoredResult]) -> tuple[BoardScore, ...]:
    travellers: dict[tuple[int, int], list[ScoredResult]] = defaultdict(list)
    for result in event.results:
        line = scored.get(id(result))
        if line is not None:
            travellers[result.session, result.board].append(line)
    return tuple(
        BoardScore(board, session, "", tuple(lines))
        for (session, board), lines in sorted(travellers.items())
    )


def _entry_order(entry: tuple[ScoredResult, Side]) -> tuple[int, int]:
    return (entry[0].result.session, entry[0].result.board)


def _team_scores(
    event: Event,
    scored: Mapping[int, ScoredResult],
    matches: Sequence[MatchScore],
    options: ScoringOptions,
) -> dict[PairId, PairScore]:
    entries: dict[PairId, list[tuple[ScoredResult, Side]]] = defaultdict(list)
    for result in event.results:
        line = scored.get(id(result))
        if line is not None:
            entries[result.ns].append((line, Side.NS))
            entries[result.ew].append((line, Side.EW))
    totals: dict[PairId, Fraction] = defaultdict(Fraction)
    won: dict[PairId, Fraction] = defaultdict(Fraction)
    lost: dict[PairId, Fraction] = defaultdict(Fraction)
    for match in matches:
        for team, mine, theirs, margin, vp in (
            (match.home, match.home_imps, match.away_imps, match.home_margin, match.home_vp),
            (match.away, match.away_imps, match.home_imps, match.away_margin, match.away_vp),
        ):
            won[team] += mine
            lost[team] += theirs
            totals[team] += vp if options.method is Method.TEAMS_VP else margin
    penalties: dict[PairId, Fraction] = defaultdict(Fraction)
    for penalty in event.penalties:
        penalties[penalty.pair] += penalty.value
    teams = set(entries) | set(totals) | set(event.pair_index)
    return {
        team: PairScore(
            team,
            tuple(
                sorted(
                    entries.get(team, []), key=lambda e: (e[0].result.session, e[0].result.board)
                )
            ),
            totals.get(team, Fraction(0)) + penalties.get(team, Fraction(0)),
            None,
            penalties.get(team, Fraction(0)),
            won.get(team, Fraction(0)),
            lost.get(team, Fraction(0)),
        )
        for team in teams
    }
