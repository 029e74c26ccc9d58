"""Scoring a team event: each board of a match compares its two tables (Laws 78B, 78C, 86).

Each board of a match is played at two tables, each team North-South at one; the home team
gains the difference of the two NS scores, in IMPs (Law 78B) or points (78C). An adjusted
board (Law 86B) gives each team its own figure, or with ``knockout`` both the average (12C4).
Matches convert to VPs on the WBF scale (teams-vp); a board with only one table's result is
an error, or left out with a warning when scoring provisionally.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from fractions import Fraction

from dupbridge.core.seats import Side
from dupbridge.i18n import _
from dupbridge.scoring.adjusted import ArtificialScore
from dupbridge.scoring.imp_rules import imps_by
from dupbridge.scoring.teams import MatchBoard, imp_match
from dupbridge.tournament.event_ranking import rank_fields
from dupbridge.tournament.results import Event, PairId, Problem, Result, ResultsError
from dupbridge.tournament.scored import (
    BoardScore,
    MatchScore,
    Method,
    PairScore,
    ScoredEvent,
    ScoredResult,
    ScoringOptions,
    comparable_of,
    ns_points_of,
)

__all__ = ["score_teams"]


def score_teams(event: Event, options: ScoringOptions) -> ScoredEvent:
    """Score every match of a team event and rank the teams.

    Raises:
        ResultsError: listing every board that lacks a table (unless provisional) and every
            adjusted score given as a percentage.
    """
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
            scored[id(one)] = ScoredResult.of(one, ns_points_of(event, one), ns_one[0], ns_one[1])
            scored[id(two)] = ScoredResult.of(two, ns_points_of(event, two), ns_two[0], ns_two[1])
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
    fields = rank_fields(event, pairs, options)
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
    first = comparable_of(event, one)
    second = comparable_of(event, two)
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
