"""Each pair's total in a pairs event: its score card and what it adds up to (Laws 78A-C, 90).

A pair's entries are its scored lines, board by board, with the side it sat; its total adds
them up exactly: matchpoint units scaled to one top per board across sessions (Swedish Law
97), or IMPs (points) with the round cap; procedural penalties (Law 90) included.

**Speed.** The score cards of a big event (two entries per traveller line) are split by pair
with every loop in C (:class:`~dupbridge.tournament.bulk.Grouping`), and a pair's units are
added as integers; a pair with a line over a denominator (a factored board, Law 78A) is
added up per denominator, one fraction at the end.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import chain, repeat
from operator import attrgetter
from typing import TypeVar

from dupbridge.core.seats import Side
from dupbridge.scoring.matchpoints import top_of
from dupbridge.scoring.ranking import combine_sessions
from dupbridge.tournament.bulk import Grouping
from dupbridge.tournament.results import Event, PairId
from dupbridge.tournament.scored import (
    BoardScore,
    Method,
    PairScore,
    ScoredResult,
    ScoringOptions,
)

__all__ = ["pair_scores"]

T = TypeVar("T")

#: A pair's score card: each scored line it played, with the side it sat.
Entries = list[tuple[ScoredResult, Side]]

_RESULTS = attrgetter("results")
_RESULT = attrgetter("result")
_NS = attrgetter("ns")
_EW = attrgetter("ew")
_NS_UNITS = attrgetter("ns_units")
_EW_UNITS = attrgetter("ew_units")
_DENOMINATOR = attrgetter("denominator")
_TOP = attrgetter("top")


class _Cards:
    """Every pair's score card, and the sums a total needs, split by pair at once."""

    def __init__(self, boards: Sequence[BoardScore]) -> None:
        ordered = sorted(boards, key=lambda board: (board.session, board.board, board.section))
        self.lines: list[ScoredResult] = list(chain.from_iterable(map(_RESULTS, ordered)))
        results = list(map(_RESULT, self.lines))
        # Two positions per line, NS's then EW's, so that a pair's card is in board order.
        self.grouping = Grouping(_interleaved(list(map(_NS, results)), list(map(_EW, results))))
        self.pairs: list[PairId] = self.grouping.keys
        self.entries: list[Entries] = self.grouping.split(
            _interleaved(
                list(zip(self.lines, repeat(Side.NS))), list(zip(self.lines, repeat(Side.EW)))
            )
        )

    def sums(self) -> list[tuple[Fraction, int]]:
        """Each pair's total and tops, as :func:`tally` adds them up, in the order of
        :attr:`pairs`."""
        whole = self._whole()
        tops = self._tops()
        units = self._units()
        return [
            (Fraction(units[index]), tops[index])
            if tops is not None and whole[index]
            else tally(entries)
            for index, entries in enumerate(self.entries)
        ]

    def _whole(self) -> list[bool]:
        """Whether each pair's lines are all over denominator 1 (plain integer units)."""
        denominators = set(map(_DENOMINATOR, self.lines))
        if denominators <= {1}:
            return [True] * len(self.pairs)
        each = list(map(_DENOMINATOR, self.lines))
        return [max(group) == 1 for group in self.grouping.split(_interleaved(each, each))]

    def _units(self) -> list[int]:
        """Each pair's units added up (meaningful for pairs whose lines are all whole)."""
        units = _interleaved(list(map(_NS_UNITS, self.lines)), list(map(_EW_UNITS, self.lines)))
        return list(map(sum, self.grouping.split(units)))

    def _tops(self) -> list[int] | None:
        """Each pair's tops added up, or None if a line has no top."""
        tops = list(map(_TOP, self.lines))
        if None in tops:
            return None
        return list(map(sum, self.grouping.split(_interleaved(tops, tops))))


def _interleaved(first: Sequence[T], second: Sequence[T]) -> list[T]:
    # first[0], second[0], first[1], second[1], ...
    both = [*first, *second]
    both[0::2] = first
    both[1::2] = second
    return both


def tally(lines: Sequence[tuple[ScoredResult, Side]]) -> tuple[Fraction, int]:
    """A pair's scores added exactly (integers per denominator, one fraction per distinct
    denominator at the end) and the sum of its tops, in one pass."""
    whole = 0
    tops = 0
    shares: dict[int, int] = {}
    ns_side = Side.NS
    for line, side in lines:
        units = line.ns_units if side is ns_side else line.ew_units
        if line.denominator == 1:
            whole += units
        else:
            shares[line.denominator] = shares.get(line.denominator, 0) + units
        if line.top is not None:
            tops += line.top
    total = Fraction(whole)
    for denominator, units in shares.items():
        total += Fraction(units, denominator)
    return total, tops


def pair_scores(
    event: Event,
    boards: Sequence[BoardScore],
    options: ScoringOptions,
    expected: Mapping[tuple[int, str], int],
) -> dict[PairId, PairScore]:
    """Each pair's boards and total: matchpoints scaled to one top per board across sessions
    (Swedish Law 97), or IMPs (points) with the round cap; penalties (Law 90) included."""
    cards = _Cards(boards)
    entries: dict[PairId, Entries] = dict(zip(cards.pairs, cards.entries, strict=True))
    for listed in event.pairs:  # listed pairs without a result; the others are all in
        entries.setdefault(listed.id, [])
    penalties: dict[tuple[int, PairId], Fraction] = {}
    for penalty in event.penalties:
        key = (penalty.session, penalty.pair)
        penalties[key] = penalties.get(key, Fraction(0)) + penalty.value
    if options.method is Method.MATCHPOINTS:
        return _matchpoint_totals(event, cards, entries, penalties, expected)
    sums = cards.sums()
    pairs: dict[PairId, PairScore] = {}
    for index, (pair_id, lines) in enumerate(entries.items()):
        corrections = sum(
            (value for (_s, pid), value in penalties.items() if pid == pair_id), Fraction(0)
        )
        capped = _round_cap_excess(lines, options.round_cap)
        tallied = sums[index][0] if index < len(sums) else Fraction(0)
        total = tallied - capped + corrections
        pairs[pair_id] = PairScore(pair_id, tuple(lines), total, None, corrections, capped=capped)
    return pairs


def _matchpoint_totals(
    event: Event,
    cards: _Cards,
    entries: Mapping[PairId, Entries],
    penalties: Mapping[tuple[int, PairId], Fraction],
    expected: Mapping[tuple[int, str], int],
) -> dict[PairId, PairScore]:
    sessions = event.sessions
    tops = {
        session: top_of(max((e for (s, _sec), e in expected.items() if s == session), default=1))
        for session in sessions
    }
    sums = cards.sums() if len(sessions) == 1 else []
    pairs: dict[PairId, PairScore] = {}
    for index, (pair_id, lines) in enumerate(entries.items()):
        per_session: list[dict[PairId, Fraction]] = []
        maxima: list[dict[PairId, Fraction]] = []
        penalty_units = Fraction(0)
        for session in sessions:
            penalty = penalties.get((session, pair_id))
            if len(sessions) > 1:
                mine = [(line, side) for line, side in lines if line.result.session == session]
                units, most = tally(mine)
            else:
                units, most = sums[index] if index < len(sums) else (Fraction(0), 0)
            if penalty:
                cut = penalty * tops[session] / 100
                penalty_units += cut
                units += cut
            per_session.append({pair_id: units})
            maxima.append({pair_id: Fraction(most)})
        if len(sessions) == 1:
            total, maximum = per_session[0][pair_id], maxima[0][pair_id]
        else:
            scale = [max(tops[session], 1) for session in sessions]
            total = combine_sessions(per_session, scale)[pair_id]
            maximum = combine_sessions(maxima, scale)[pair_id]
        pairs[pair_id] = PairScore(pair_id, tuple(lines), total, maximum, penalty_units)
    return pairs


def _round_cap_excess(lines: Sequence[tuple[ScoredResult, Side]], cap: Fraction | None) -> Fraction:
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
