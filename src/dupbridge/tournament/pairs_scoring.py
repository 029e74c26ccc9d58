"""Scoring a pairs event board by board, and each pair's total (Laws 78A-C, 12C2, 87B).

Each board is scored within its session and section (unless across sections): matchpoints
(Law 78A) brought to the top of the results the board should have, Butler IMPs against a
datum, cross-IMPs (Law 78B applied to pairs), or total points (78C). Each fouled-board group
(Law 87B) is scored on its own. Artificial adjusted scores (Law 12C2) get their percentage
or IMPs, with the session override of 12C2(c) computed from the pair's other boards.

**Results a board should have.** The most on any board of the session and section (Swedish
Law 97: one top per session), or ``options.top``. A sit-out is not a missing result: the
line of a pair that meets a phantom (an empty seat) and gets an artificial score holds no
score made on the board, so it is neither compared (Law 78A compares scores made on the
same board) nor counted among the results the board should have. A 12-table event with a
phantom has 11 results a board, and a complete board needs no factoring.

**Speed.** Every score is an integer until a page shows it: each contract is scored once per
vulnerability, a board of plain results is matchpointed by sort and count in units of 2,
factored as an integer over the group's size, and a pair's total is added up as integers
over a common denominator. Each result is scored once. Only weighted assigned scores
(Law 12C1(c)) and artificial scores go through exact fractions.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import repeat
from operator import sub
from typing import cast

from dupbridge.core.seats import Side
from dupbridge.i18n import _
from dupbridge.scoring import butler, crossimps
from dupbridge.scoring.adjusted import Artificial, ArtificialScore
from dupbridge.scoring.crossimps import CrossImpTotal, plain_totals
from dupbridge.scoring.imp_rules import imps_by
from dupbridge.scoring.matchpoints import (
    VECTOR_THRESHOLD,
    Comparable,
    Factoring,
    matchpoint_field,
    matchpoint_units,
    top_of,
)
from dupbridge.scoring.matchpoints import score_board as matchpoint_board
from dupbridge.tournament.event_ranking import rank_fields
from dupbridge.tournament.pairs_totals import pair_scores
from dupbridge.tournament.results import (
    Assigned,
    Event,
    PairId,
    Played,
    Problem,
    Result,
    ResultsError,
)
from dupbridge.tournament.scored import (
    BoardScore,
    Method,
    ScoredEvent,
    ScoredResult,
    ScoringOptions,
    comparable_of,
    ns_points_of,
)

__all__ = ["expected_results", "is_sit_out", "pair_scores", "score_pairs"]

#: A traveller: (session, board, section; empty across sections).
TravellerKey = tuple[int, int, str]


def is_sit_out(result: Result, phantoms: frozenset[PairId]) -> bool:
    """Whether the line is a sit-out: a phantom sits in it and it holds no score made on the
    board (an artificial score), so the board does not miss it (Laws 78A, 87B)."""
    return isinstance(result.outcome, ArtificialScore) and (
        result.ns in phantoms or result.ew in phantoms
    )


def expected_results(
    travellers: Mapping[TravellerKey, Sequence[Result]],
    phantoms: frozenset[PairId] = frozenset(),
    top: int | None = None,
) -> dict[tuple[int, str], int]:
    """The results each board of a session and section should have, sit-outs not counted.

    By default the most results on any board of the session and section (Swedish Law 97:
    one top per session); ``top`` raises it to at least that many.
    """
    expected: dict[tuple[int, str], int] = {}
    for (session, _board, section), lines in travellers.items():
        count = (
            sum(1 for line in lines if not is_sit_out(line, phantoms)) if phantoms else len(lines)
        )
        count = max(count, 1 if top is None else top)
        expected[session, section] = max(expected.get((session, section), 0), count)
    return expected


class _Points:
    """North-South's points of played results (Law 77), each outcome scored once per
    vulnerability (a travellers file shares one outcome among the lines that read alike)."""

    def __init__(self, event: Event) -> None:
        self.event = event
        self.known: dict[str, dict[int, tuple[object, int | None]]] = {}

    def plain(self, lines: Sequence[Result]) -> list[int] | None:
        """The NS points of each line of one board, or None if one is weighted
        (Law 12C1(c))."""
        vulnerability = self.event.board(lines[0].board).vulnerability
        known = self.known.get(vulnerability.value)
        if known is None:
            known = self.known[vulnerability.value] = {}
        found: list[int] = []
        for line in lines:
            outcome = line.outcome
            hit = known.get(id(outcome))
            if hit is None or hit[0] is not outcome:
                points: int | None = None
                if isinstance(outcome, Played):
                    points = outcome.ns_score(vulnerability)
                elif isinstance(outcome, Assigned) and not outcome.weighted:
                    points = outcome.components[0][1].ns_score(vulnerability)
                hit = known[id(outcome)] = (outcome, points)
            if hit[1] is None:
                return None
            found.append(hit[1])
        return found


def _travellers(
    results: Sequence[Result], method: Method, across: bool
) -> tuple[dict[TravellerKey, list[Result]], set[TravellerKey], list[Problem]]:
    # Every traveller's lines; the travellers with an artificial score or a fouled-board
    # group (scored line by line); the problems of artificial scores in the wrong unit.
    problems: list[Problem] = []
    travellers: dict[TravellerKey, list[Result]] = {}
    special: set[TravellerKey] = set()
    for result in results:
        key = (result.session, result.board, "" if across else result.ns.section)
        lines = travellers.get(key)
        if lines is None:
            lines = travellers[key] = []
        lines.append(result)
        if isinstance(result.outcome, ArtificialScore):
            problems.extend(_unit_problems(result, result.outcome, method))
            special.add(key)
        elif result.group is not None:
            special.add(key)
    return travellers, special, problems


def score_pairs(event: Event, options: ScoringOptions) -> ScoredEvent:
    """Score every board of a pairs event, total each pair and rank the fields.

    Raises:
        ResultsError: listing every adjusted score in the wrong unit for the method.
    """
    method = options.method
    travellers, special, problems = _travellers(event.results, method, options.across_sections)
    if any(not problem.warning for problem in problems):
        raise ResultsError(problems)
    expected = expected_results(travellers, event.phantoms, options.top)
    points = _Points(event)
    scored: dict[TravellerKey, list[ScoredResult | None]] = {}
    waiting: list[tuple[TravellerKey, int]] = []
    for key in sorted(travellers):
        lines = travellers[key]
        out: list[ScoredResult | None] = [None] * len(lines)
        if key not in special:  # the whole board is one group of comparable results
            everyone = range(len(lines))
            _score_group(
                event, options, lines, expected[key[0], key[2]], points, placed=(everyone, out)
            )
            scored[key] = out
            continue
        groups: dict[Hashable, list[int]] = {}
        for index, line in enumerate(lines):
            if isinstance(line.outcome, ArtificialScore):
                waiting.append((key, index))
            else:
                groups.setdefault(line.group, []).append(index)
        wanted = expected[key[0], key[2]]
        for members in groups.values():
            group = [lines[i] for i in members]
            _score_group(event, options, group, wanted, points, placed=(members, out))
        scored[key] = out
    if waiting:
        problems.extend(_score_artificial(options, travellers, scored, waiting, expected))
    matchpoints = method is Method.MATCHPOINTS
    boards = tuple(
        BoardScore(
            key[1],
            key[0],
            key[2],
            # Every place is filled: the groups and the artificial scores cover the board.
            tuple(cast("list[ScoredResult]", out))
            if key not in special
            else tuple(line for line in out if line is not None),
            top_of(expected[key[0], key[2]]) if matchpoints else None,
        )
        for key, out in scored.items()
    )
    pairs = pair_scores(event, boards, options, expected)
    fields = rank_fields(event, pairs, options)
    return ScoredEvent(event, options, boards, pairs, fields, (), tuple(problems))


def _score_group(
    event: Event,
    options: ScoringOptions,
    lines: Sequence[Result],
    wanted: int,
    points: _Points,
    *,
    placed: tuple[Sequence[int], list[ScoredResult | None]],
) -> None:
    # One fouled-board group (Law 87B) of comparable results (the whole board when not
    # fouled), each scored into ``out`` at its index among ``members``.
    members, out = placed
    plain = points.plain(lines)
    if plain is None:
        for index, line in zip(members, _generic(event, options, lines, wanted), strict=True):
            out[index] = line
        return
    method = options.method
    made: Iterable[ScoredResult]
    if method is Method.MATCHPOINTS:
        made = _matchpoints(lines, plain, wanted, options.factoring)
    elif method is Method.BUTLER:
        board_datum = butler.datum(plain, options.datum)
        whole = board_datum.numerator if board_datum.denominator == 1 else board_datum
        made = (
            ScoredResult(line, score, imps, -imps, 1, None, board_datum)
            for line, score in zip(lines, plain, strict=True)
            for imps in (imps_by(score - whole, options.imp_rule),)
        )
    elif method is Method.CROSS_IMPS:
        made = _cross_imps(lines, plain, wanted, options)
    else:
        made = (
            ScoredResult(line, score, score, -score)
            for line, score in zip(lines, plain, strict=True)
        )
    if len(members) == len(out):
        out[:] = made
        return
    for index, line in zip(members, made, strict=True):
        out[index] = line


def _matchpoints(
    lines: Sequence[Result], plain: list[int], wanted: int, how: Factoring
) -> list[ScoredResult]:
    # Law 78A units of 2 by sort and count, factored as integers over the group's size.
    n = len(plain)
    units = matchpoint_field([plain])[0] if n >= VECTOR_THRESHOLD else matchpoint_units(plain)
    target = n if how is Factoring.NONE else wanted
    top = top_of(target)
    if n == target:  # a complete board: the units as they are
        ew = list(map(sub, repeat(top), units))
        return list(map(ScoredResult, lines, plain, units, ew, repeat(1), repeat(top)))
    made: list[ScoredResult] = []
    for line, score, own in zip(lines, plain, units, strict=True):
        if how is Factoring.NEUBERG:  # (MP + 1) × N / n − 1
            ns, denominator = (own + 1) * target - n, n
        elif n == 1:  # linear, a result alone: half the top
            ns, denominator = target - 1, 1
        else:  # linear: MP × (N − 1) / (n − 1)
            ns, denominator = own * (target - 1), n - 1
        made.append(ScoredResult(line, score, ns, top * denominator - ns, denominator, top))
    return made


def _cross_imps(
    lines: Sequence[Result], plain: list[int], wanted: int, options: ScoringOptions
) -> list[ScoredResult]:
    # Each result IMPed against the others; a short group scaled to the board's field.
    raw = plain_totals(plain, options.imp_rule)
    compared = len(plain) - 1
    field = max(wanted, len(plain)) - 1
    average = options.cross_imps is CrossImpTotal.AVERAGE
    made: list[ScoredResult] = []
    for line, score, total in zip(lines, plain, raw, strict=True):
        if not compared:
            made.append(ScoredResult(line, score, 0, 0))
        elif average:
            made.append(ScoredResult(line, score, total, -total, compared, None, None, field))
        elif compared == field:
            made.append(ScoredResult(line, score, total, -total, 1, None, None, field))
        else:
            scaled = total * field
            made.append(ScoredResult(line, score, scaled, -scaled, compared, None, None, field))
    return made


def _generic(
    event: Event, options: ScoringOptions, lines: Sequence[Result], wanted: int
) -> list[ScoredResult]:
    # A group with a weighted assigned score (Law 12C1(c)): exact fractions throughout.
    comparables: list[Comparable] = []
    for line in lines:
        comparable = comparable_of(event, line)
        assert comparable is not None
        comparables.append(comparable)
    own = [ns_points_of(event, line) for line in lines]
    method = options.method
    if method is Method.MATCHPOINTS:
        return [
            ScoredResult.of(line, score, s.ns, s.ew, top=s.top)
            for line, score, s in zip(
                lines, own, matchpoint_board(comparables, wanted, options.factoring), strict=True
            )
        ]
    if method is Method.BUTLER:
        return [
            ScoredResult.of(line, score, s.ns, s.ew, datum=s.datum)
            for line, score, s in zip(
                lines,
                own,
                butler.score_board(comparables, options.datum, options.imp_rule),
                strict=True,
            )
        ]
    if method is Method.CROSS_IMPS:
        average = options.cross_imps is CrossImpTotal.AVERAGE
        made = []
        for line, score, s in zip(
            lines, own, crossimps.score_board(comparables, wanted, options.imp_rule), strict=True
        ):
            value = s.average if average else s.total
            made.append(ScoredResult.of(line, score, value, -value, comparisons=s.comparisons))
        return made
    return [
        ScoredResult.of(line, score, c.expected_score, -c.expected_score)
        for line, score, c in zip(lines, own, comparables, strict=True)
    ]


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


def _score_artificial(
    options: ScoringOptions,
    travellers: Mapping[TravellerKey, Sequence[Result]],
    scored: Mapping[TravellerKey, list[ScoredResult | None]],
    waiting: Sequence[tuple[TravellerKey, int]],
    expected: Mapping[tuple[int, str], int],
) -> list[Problem]:
    # Artificial adjusted scores (Law 12C2), with the session override of 12C2(c) taken from
    # each side's percentage (or IMPs per board) on its other boards of the session.
    method = options.method
    needed: set[tuple[int, PairId]] = set()
    for key, index in waiting:
        line = travellers[key][index]
        needed.update(((line.session, line.ns), (line.session, line.ew)))
    rates = _session_rates(scored.values(), needed, method)
    problems: list[Problem] = []
    for key, index in waiting:
        line = travellers[key][index]
        outcome = line.outcome
        assert isinstance(outcome, ArtificialScore)
        top = top_of(expected[key[0], key[2]]) if method is Method.MATCHPOINTS else None
        ns = _artificial_value(outcome.ns, options, rates.get((line.session, line.ns)), top)
        ew = _artificial_value(outcome.ew, options, rates.get((line.session, line.ew)), top)
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
        scored[key][index] = ScoredResult.of(line, None, ns, ew, top=top)
    return problems


def _session_rates(
    boards: Iterable[Sequence[ScoredResult | None]],
    needed: set[tuple[int, PairId]],
    method: Method,
) -> dict[tuple[int, PairId], Fraction]:
    # Each needed pair's percentage (matchpoints) or IMPs per board on its boards without an
    # artificial score: the "session score" of Law 12C2(c).
    got: dict[tuple[int, PairId], Fraction] = {}
    out_of: dict[tuple[int, PairId], int] = {}
    for lines in boards:
        for line in lines:
            if line is None:
                continue
            result = line.result
            for side, pair in ((Side.NS, result.ns), (Side.EW, result.ew)):
                key = (result.session, pair)
                if key not in needed:
                    continue
                got[key] = got.get(key, Fraction(0)) + Fraction(line.units(side), line.denominator)
                weight = (line.top or 0) if method is Method.MATCHPOINTS else 1
                out_of[key] = out_of.get(key, 0) + weight
    rates: dict[tuple[int, PairId], Fraction] = {}
    for key, total in got.items():
        if out_of[key]:
            rates[key] = (
                total * 100 / out_of[key] if method is Method.MATCHPOINTS else total / out_of[key]
            )
    return rates


def _artificial_value(
    side: Artificial, options: ScoringOptions, session: Fraction | None, top: int | None
) -> Fraction:
    method = options.method
    if method is Method.MATCHPOINTS:
        assert top is not None
        return side.percentage(options.adjusted, session) * top / 100
    if method is Method.TOTAL_POINTS:
        return Fraction(0)
    return side.imp_value(options.adjusted, session)
