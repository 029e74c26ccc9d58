"""Each pair's total in a pairs event: its score card and what it adds up to (Laws 78A-C, 90).

A pair's entries are its scored lines, board by board, with the side it sat; its total adds
them up exactly: matchpoint units scaled to one top per board across sessions (Swedish Law
97), or IMPs (points) with the round cap; procedural penalties (Law 90) included.

**Speed.** A big event has two score-card entries per traveller line: the cards find a pair's
list by the pair object's identity (hashed in C) before its value, and a pair's units are
added as integers per denominator, one fraction at the end.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from fractions import Fraction
from operator import attrgetter

from dupbridge.core.seats import Side
from dupbridge.scoring.matchpoints import top_of
from dupbridge.scoring.ranking import combine_sessions
from dupbridge.tournament.results import Event, PairId
from dupbridge.tournament.scored import (
    BoardScore,
    Method,
    PairScore,
    ScoredResult,
    ScoringOptions,
)

__all__ = ["Entries", "ScoreCard", "pair_scores", "score_cards", "tally"]

_DENOMINATOR = attrgetter("denominator")
_TOP = attrgetter("top")

#: A pair's score card: each scored line it played, with the side it sat.
Entries = list[tuple[ScoredResult, Side]]


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


class ScoreCard:
    """A pair's entries, and their sum while every line is whole (over denominator 1, on a
    board whose lines share one top, or none).

    Attributes:
        entries: its scored lines, board by board, with the side it sat.
        whole: whether every line is whole.
        units: the sum of its units (only when ``whole``).
        tops: the sum of its tops (only when ``whole``).
    """

    __slots__ = ("entries", "tops", "units", "whole")

    def __init__(self, entries: Entries) -> None:
        self.entries = entries
        self.whole = True
        self.units = 0
        self.tops = 0

    def tally(self) -> tuple[Fraction, int]:
        """The exact total and the sum of the tops, as :func:`tally` gives them."""
        if self.whole:
            return Fraction(self.units), self.tops
        return tally(self.entries)


def score_cards(boards: Sequence[BoardScore]) -> dict[PairId, ScoreCard]:
    """Every pair's score card: its lines board by board (by session, board and section),
    with the side it sat, pairs in order of first appearance."""
    cards: dict[PairId, ScoreCard] = {}
    by_id: dict[int, ScoreCard] = {}  # a pair object's card: its id hashes in C
    ns_side, ew_side = Side.NS, Side.EW
    for board in sorted(boards, key=lambda board: (board.session, board.board, board.section)):
        lines = board.results
        tops = set(map(_TOP, lines))
        top = (tops.pop() or 0) if len(tops) == 1 else None  # the top all lines share
        whole = top is not None and set(map(_DENOMINATOR, lines)) == {1}
        share = top or 0
        get = by_id.get
        for line in lines:
            result = line.result
            # The pairs are alive in the lines meanwhile, so their ids are unique.
            ns, ew = result.ns, result.ew
            ns_card, ew_card = get(id(ns)), get(id(ew))
            if ns_card is None:
                ns_card = by_id[id(ns)] = cards.setdefault(ns, ScoreCard([]))
            if ew_card is None:
                ew_card = by_id[id(ew)] = cards.setdefault(ew, ScoreCard([]))
            ns_card.entries.append((line, ns_side))
            ew_card.entries.append((line, ew_side))
            if whole:
                ns_card.units += line.ns_units
                ns_card.tops += share
                ew_card.units += line.ew_units
                ew_card.tops += share
            else:
                ns_card.whole = ew_card.whole = False
    return cards


def pair_scores(
    event: Event,
    boards: Sequence[BoardScore],
    options: ScoringOptions,
    expected: Mapping[tuple[int, str], int],
) -> dict[PairId, PairScore]:
    """Each pair's boards and total: matchpoints scaled to one top per board across sessions
    (Swedish Law 97), or IMPs (points) with the round cap; penalties (Law 90) included."""
    cards = score_cards(boards)
    for listed in event.pairs:  # listed pairs without a result; the others are all in
        cards.setdefault(listed.id, ScoreCard([]))
    penalties: dict[tuple[int, PairId], Fraction] = {}
    for penalty in event.penalties:
        key = (penalty.session, penalty.pair)
        penalties[key] = penalties.get(key, Fraction(0)) + penalty.value
    if options.method is Method.MATCHPOINTS:
        return _matchpoint_totals(event, cards, penalties, expected)
    pairs: dict[PairId, PairScore] = {}
    for pair_id, card in cards.items():
        lines = card.entries
        corrections = sum(
            (value for (_s, pid), value in penalties.items() if pid == pair_id), Fraction(0)
        )
        capped = _round_cap_excess(lines, options.round_cap)
        total = card.tally()[0] - capped + corrections
        pairs[pair_id] = PairScore(pair_id, tuple(lines), total, None, corrections, capped=capped)
    return pairs


def _matchpoint_totals(
    event: Event,
    cards: Mapping[PairId, ScoreCard],
    penalties: Mapping[tuple[int, PairId], Fraction],
    expected: Mapping[tuple[int, str], int],
) -> dict[PairId, PairScore]:
    sessions = event.sessions
    tops = {
        session: top_of(max((e for (s, _sec), e in expected.items() if s == session), default=1))
        for session in sessions
    }
    pairs: dict[PairId, PairScore] = {}
    if len(sessions) == 1:  # one top: the units as they are
        (session,) = sessions
        for pair_id, card in cards.items():
            units, most = card.tally()
            lines = card.entries
            penalty = penalties.get((session, pair_id)) if penalties else None
            penalty_units = Fraction(0)
            if penalty:
                penalty_units = penalty * tops[session] / 100
                units += penalty_units
            pairs[pair_id] = PairScore(pair_id, tuple(lines), units, Fraction(most), penalty_units)
        return pairs
    scale = [max(tops[session], 1) for session in sessions]
    for pair_id, card in cards.items():
        lines = card.entries
        per_session: list[dict[PairId, Fraction]] = []
        maxima: list[dict[PairId, Fraction]] = []
        penalty_units = Fraction(0)
        for session in sessions:
            mine = [(line, side) for line, side in lines if line.result.session == session]
            penalty = penalties.get((session, pair_id))
            units, most = tally(mine)
            if penalty:
                cut = penalty * tops[session] / 100
                penalty_units += cut
                units += cut
            per_session.append({pair_id: units})
            maxima.append({pair_id: Fraction(most)})
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
