"""Event scoring rules pinned one by one: sit-outs, fouled-board groups, cross-IMP totals,
datum presets, and the integer fast path against the exact reference functions."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from dupbridge.core.seats import Side
from dupbridge.scoring import butler, crossimps
from dupbridge.scoring.crossimps import CrossImpTotal
from dupbridge.scoring.matchpoints import Comparable, Factoring, factor, score_board
from dupbridge.tournament.event_scoring import Method, ScoringOptions, score_event
from dupbridge.tournament.results import (
    Assigned,
    Event,
    PairId,
    Played,
    Result,
    parse_outcome,
)
from dupbridge.tournament.scored import comparable_of

F = Fraction

#: Twelve different NS scores on board 1 (none vulnerable), lowest first: -150, -100, -50,
#: 110, 140, 420, 450, 480, 490, 510, 980, 1010.
CONTRACTS = [
    ("4S", "N", "-3"), ("4S", "N", "-2"), ("4S", "N", "-1"), ("2S", "N", "="),
    ("3S", "N", "="), ("4S", "N", "="), ("4S", "N", "+1"), ("4S", "N", "+2"),
    ("3NT", "N", "+3"), ("5S", "N", "+2"), ("6S", "N", "="), ("6S", "N", "+1"),
]  # fmt: skip


def played(board: int, ns: int, ew: int, k: int, group: str | None = None) -> Result:
    contract, declarer, result = CONTRACTS[k]
    outcome = parse_outcome(contract, declarer, result)
    return Result(board, PairId(ns), PairId(ew), outcome, group=group)


def phantom_event(real: int, board: int = 1) -> Event:
    """One board of a 12-table event whose table 12 has the phantom (pair 24): ``real``
    tables played it and the pair meeting the phantom gets a director's A60/0... here A+/A."""
    results = [played(board, 2 * k + 1, 2 * k + 2, k) for k in range(real)]
    results.append(Result(board, PairId(23), PairId(24), parse_outcome("A60/0")))
    return Event(results=results, phantoms=frozenset({PairId(24)}))


class TestSitOuts:
    @pytest.mark.parametrize("how", [Factoring.NEUBERG, Factoring.LINEAR, Factoring.NONE])
    def test_phantom_line_is_not_a_missing_result(self, how: Factoring) -> None:
        """Laws 78A, 87B: 11 results and a sit-out make a complete board of 11, on a top of
        20 with no factoring, whatever the factoring rule."""
        scored = score_event(phantom_event(11), ScoringOptions(factoring=how))
        (board,) = scored.boards
        assert 20 == board.top
        plain = [line for line in board.results if line.ns_points is not None]
        assert [2 * k for k in range(11)] == [line.ns for line in plain]

    def test_a_real_missing_result_factors_to_the_board_without_the_sit_out(self) -> None:
        """Law 78A with Neuberg: 10 results and a sit-out on a board of 11 are brought to 11
        results (top 20), not 12."""
        event = phantom_event(11)
        short = Event(
            results=[*phantom_event(10, board=2).results, *event.results],
            phantoms=event.phantoms,
        )
        board = score_event(short).boards_numbered(2)[0]
        assert 20 == board.top
        first = board.results[0]  # the lowest of 10: 0 units -> (0 + 1) × 11 / 10 − 1
        assert F(1, 10) == first.ns

    def test_sit_out_scores_its_award_on_the_board_top(self) -> None:
        """Law 12C2: the pair meeting the phantom gets 60 % of the top of 11 results."""
        scored = score_event(phantom_event(11))
        sit_out = scored.boards[0].results[-1]
        assert (F(60), F(0)) == (sit_out.ns_percent, sit_out.ew_percent)
        assert F(12) == sit_out.ns


class TestFouledBoards:
    def test_linear_factoring_of_a_result_alone_in_its_group(self) -> None:
        """Laws 78A, 87B: a result alone in its group has nothing to beat; linear factoring
        gives it half the board's top (here 5 of 10), not a division by zero."""
        results = [played(1, 2 * k + 1, 2 * k + 2, k) for k in range(5)]
        results.append(played(1, 11, 12, 6, group="B"))
        scored = score_event(Event(results=results), ScoringOptions(factoring=Factoring.LINEAR))
        alone = scored.boards[0].results[-1]
        assert (F(5), F(5), 10) == (alone.ns, alone.ew, alone.top)
        assert F(5) == factor(0, 1, 6, Factoring.LINEAR)

    def test_weighted_score_keeps_its_group(self) -> None:
        """Laws 12C1(c), 87B: a weighted assigned score on the fouled form is compared only
        with the results of that form: half of it beats the other B result, half loses."""
        weighted = Assigned.from_str("50% 4SN+2; 50% 4SN-1")
        results = [played(1, 2 * k + 1, 2 * k + 2, k) for k in range(4)]
        results.append(played(1, 9, 10, 5, group="B"))  # 4S= : +420
        results.append(Result(1, PairId(11), PairId(12), weighted, group="B"))
        scored = score_event(Event(results=results))
        line = scored.boards[0].results[-1]
        # 1 unit among 2 results of group B, Neuberg to 6 results: (1 + 1) × 6 / 2 − 1 = 5.
        assert (F(5), 10) == (line.ns, line.top)
        ungrouped = score_board(
            [
                *(Comparable.played(score) for score in (-150, -100, -50, 110)),
                Comparable.played(420, "B"),
                Comparable.weighted([(F(1, 2), 480), (F(1, 2), -50)]),
            ],
            expected=6,
        )
        assert F(8) == ungrouped[-1].ns  # had it lost its group: (6.5 + 1) × 6 / 5 − 1

    def test_comparable_of_a_weighted_score_carries_its_group(self) -> None:
        """Laws 12C1(c), 87B: the comparable form of a weighted line keeps the line's group,
        as a played line's does."""
        weighted = Result(1, PairId(1), PairId(2), Assigned.from_str("60% 4SN=; 40% 4SN-1"))
        event = Event(results=[replace(weighted, group="B"), played(1, 3, 4, 5, group="B")])
        assert ["B", "B"] == [
            (comparable_of(event, line) or Comparable.played(0)).group for line in event.results
        ]


class TestCrossImpTotals:
    def test_sum_and_per_comparison(self) -> None:
        """Law 78D condition: the total per comparison is the plain sum over the 3 others
        divided by 3 (Compscore, EBUScore); the sum stays the default."""
        results = [played(1, 2 * k + 1, 2 * k + 2, k) for k in (0, 5, 6, 9)]
        event = Event(results=results)
        total = score_event(event, ScoringOptions(Method.CROSS_IMPS)).boards[0].results
        average = (
            score_event(event, ScoringOptions(Method.CROSS_IMPS, cross_imps=CrossImpTotal.AVERAGE))
            .boards[0]
            .results
        )
        reference = crossimps.score_board([Comparable.played(r.ns_points or 0) for r in total])
        assert [s.total for s in reference] == [line.ns for line in total]
        assert [s.total / 3 for s in reference] == [line.ns for line in average]
        assert [-line.ns for line in average] == [line.ew for line in average]
        assert {3} == {line.comparisons for line in average}

    def test_per_comparison_with_a_missing_result(self) -> None:
        """With 3 of 4 expected results the per-comparison figure is the same mean over the
        2 comparisons made (no scaling needed)."""
        results = [played(1, 2 * k + 1, 2 * k + 2, k) for k in (0, 5, 6)]
        results.append(Result(1, PairId(7), PairId(8), parse_outcome("A=")))
        options = ScoringOptions(Method.CROSS_IMPS, cross_imps=CrossImpTotal.AVERAGE)
        lines = score_event(Event(results=results), options).boards[0].results[:3]
        raw = crossimps.plain_totals([line.ns_points or 0 for line in lines])
        assert [F(value, 2) for value in raw] == [line.ns for line in lines]


class TestDatumPresets:
    def test_presets(self) -> None:
        """The named datum rules: ebu drops the top and bottom, plain drops nothing, jfr 19
        at each end truncated towards zero; ebu is the default."""
        scores = [-50, 400, 420, 450, 1430]
        assert F(420) == butler.datum(scores, butler.datum_preset("ebu"))
        assert F(530) == butler.datum(scores, butler.datum_preset("plain"))  # 2650 / 5
        assert butler.datum_preset("ebu") == ScoringOptions().datum
        assert butler.DatumRule(drop=19, rounding=butler.Rounding.TOWARD_ZERO) == (
            butler.datum_preset("JFR")
        )

    def test_unknown_preset(self) -> None:
        """An unknown preset names the known ones."""
        with pytest.raises(butler.ButlerError, match="ebu, plain, jfr"):
            butler.datum_preset("acbl")


class TestFastPathAgreesWithReference:
    @pytest.mark.parametrize("how", [Factoring.NEUBERG, Factoring.LINEAR, Factoring.NONE])
    def test_matchpoints(self, how: Factoring) -> None:
        """Law 78A: the integer path gives exactly the fractions of the reference function,
        boards with missing results included."""
        rng = random.Random(19)
        results = []
        for board in range(1, 7):
            tables = 9 if board > 1 else 6  # board 1 short: factored
            results.extend(
                played(board, 2 * t + 1, 2 * t + 2, rng.randrange(len(CONTRACTS)))
                for t in range(tables)
            )
        scored = score_event(Event(results=results), ScoringOptions(factoring=how))
        for board in scored.boards:
            reference = score_board(
                [Comparable.played(line.ns_points or 0) for line in board.results], 9, how
            )
            assert [(s.ns, s.ew, s.top) for s in reference] == [
                (line.ns, line.ew, line.top) for line in board.results
            ]

    def test_pair_totals_exact(self) -> None:
        """A pair's total is the exact sum of its board scores (fractions from factoring)."""
        results = [played(1, 2 * t + 1, 2 * t + 2, t) for t in range(4)]
        results += [played(2, 2 * t + 1, 2 * t + 2, 11 - t) for t in range(6)]
        scored = score_event(Event(results=results))
        for pair in scored.pairs.values():
            assert sum((line.value(side) for line, side in pair.entries), F(0)) == pair.total
        ns1 = scored.pairs[PairId(1)]
        assert isinstance(ns1.entries[0][0].result.outcome, Played)
        assert Side.NS == ns1.entries[0][1]
