"""Swiss pairing by maximum-weight matching: no rematch when one can be avoided, the smallest
total score gap, the bye to the lowest-ranked entrant without one, a mismatch report."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dupbridge.tournament.swiss import (
    SwissError,
    SwissEvent,
    greedy_pairing,
    pair_round,
)


def _perfect_matchings(people: list[int]) -> Iterator[list[tuple[int, int]]]:
    """Every way to pair ``people`` (an even number of them), by brute force."""
    if not people:
        yield []
        return
    first, rest = people[0], people[1:]
    for i, other in enumerate(rest):
        for tail in _perfect_matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *tail]


@st.composite
def _events(draw: st.DrawFn) -> tuple[dict[int, int], list[list[tuple[int, int]]]]:
    """An even field of 4-10 entrants, integer scores, and earlier rounds that are random
    pairings of the field."""
    n = 2 * draw(st.integers(2, 5))
    scores = {e: draw(st.integers(0, 60)) for e in range(1, n + 1)}
    rounds = []
    for _round in range(draw(st.integers(0, n - 2))):
        order = draw(st.permutations(list(scores)))
        rounds.append([(order[i], order[i + 1]) for i in range(0, n, 2)])
    return scores, rounds


class TestProperties:
    @given(_events())
    @settings(max_examples=150, deadline=None)
    def test_no_rematch_whenever_possible(
        self, event: tuple[dict[int, int], list[list[tuple[int, int]]]]
    ) -> None:
        """Whenever some pairing without a rematch exists, dupbridge finds one, and its total
        gap is the smallest of all such pairings, so never larger than the greedy
        top-down pairing's when that one avoids rematches too."""
        scores, previous = event
        met = {frozenset(pair) for rnd in previous for pair in rnd}
        clean = [
            m
            for m in _perfect_matchings(sorted(scores))
            if not any(frozenset(pair) in met for pair in m)
        ]
        ours = pair_round(scores, previous)
        greedy = greedy_pairing(scores, previous)
        if clean:
            assert () == ours.rematches
            best = min(sum(abs(scores[a] - scores[b]) for a, b in m) for m in clean)
            assert best == ours.total_gap
            if not greedy.rematches:
                assert ours.total_gap <= greedy.total_gap
        else:
            fewest = min(
                sum(frozenset(pair) in met for pair in m)
                for m in _perfect_matchings(sorted(scores))
            )
            assert fewest == len(ours.rematches)
        paired = sorted(e for p in ours.pairings for e in (p.home, p.away))
        assert sorted(scores) == paired


class TestExamples:
    def test_greedy_rematch_avoided(self) -> None:
        """A, B, C, D ranked so; A met B and B met D. Top-down pairs A-C and then B-D again;
        the matching pairs A-D and B-C, with no rematch."""
        scores = {"A": 40, "B": 38, "C": 30, "D": 29}
        previous = [[("A", "B")], [("B", "D")]]
        greedy = greedy_pairing(scores, previous)
        assert [("A", "C"), ("B", "D")] == [(p.home, p.away) for p in greedy.pairings]
        assert 1 == len(greedy.rematches)
        ours = pair_round(scores, previous)
        assert [("A", "D"), ("B", "C")] == [(p.home, p.away) for p in ours.pairings]
        assert () == ours.rematches

    def test_top_tables_first(self) -> None:
        """Of two pairings with the same total gap, the one closer at the top is taken."""
        ours = pair_round({1: 50, 2: 45, 3: 44, 5: 20}, [[(1, 2)]])
        assert [(1, 3), (2, 5)] == [(p.home, p.away) for p in ours.pairings]

    def test_bye_to_lowest_without_one(self) -> None:
        """The bye goes to the lowest-ranked entrant who has not had one."""
        ours = pair_round({1: 50, 2: 45, 3: 44, 4: 40, 5: 20}, [[(1, 2)]], byes=[5])
        assert 4 == ours.bye
        assert 4 not in {e for p in ours.pairings for e in (p.home, p.away)}

    def test_bye_moves_up_to_avoid_a_rematch(self) -> None:
        """If the lowest entrant's bye would force a rematch, the next one up gets it."""
        previous = [[(1, 2)], [(1, 3)], [(2, 3)]]
        ours = pair_round({1: 30, 2: 20, 3: 10, 4: 5, 5: 1}, previous, byes=[])
        assert () == ours.rematches
        assert ours.bye in {1, 2, 3}

    def test_mismatch_report(self) -> None:
        """Pairings more than the margin apart (5 VP by default) are flagged with the reason."""
        ours = pair_round({"A": 40, "B": 38, "C": 30, "D": 29}, [[("A", "B")], [("B", "D")]])
        assert [("A", "D"), ("B", "C")] == [(p.home, p.away) for p in ours.mismatches]
        report = ours.report()
        assert report[0].startswith(
            "table 1: A (40) v D (29), gap 11: passes over B (met in round 1)"
        )
        assert "MISMATCH: gap 11 over 5" in report[0]

    def test_exact_scores(self) -> None:
        """Fractional VPs are exact: 12.5 and 12.49 are different scores."""
        ours = pair_round({1: 12.5, 2: "12.49", 3: Fraction(1, 3), 4: 0})
        assert Fraction(1, 100) == ours.pairings[0].gap

    def test_bad_input(self) -> None:
        """A score that is no number, or a previous round naming a stranger, is refused."""
        with pytest.raises(SwissError, match="not a score"):
            pair_round({1: "x", 2: 3})
        with pytest.raises(SwissError, match="not in the event"):
            pair_round({1: 1, 2: 2}, [[(1, 9)]])
        with pytest.raises(SwissError, match="at least two"):
            pair_round({1: 1})


class TestAsMovement:
    def test_teams_round(self) -> None:
        """A teams round is a movement: each match at two tables, home team North-South in
        the open room, copies of the same boards in both rooms; it validates (Law 86)."""
        from dupbridge.tournament.movements import validate

        paired = pair_round({1: 30, 2: 28, 3: 20, 4: 19})
        movement = paired.movement(8, teams=True)
        assert validate(movement).ok
        assert 4 == len(movement.tables)
        open_room = movement.row_at(1, 1)
        assert open_room is not None
        assert paired.pairings[0].home == open_room.ns.number  # type: ignore[union-attr]

    def test_named_entrants(self) -> None:
        """Named entrants cannot be seated by number."""
        with pytest.raises(SwissError, match="names them"):
            pair_round({"A": 1, "B": 2}).movement(6)


class TestEvent:
    def test_rounds_and_arrears(self) -> None:
        """Round 2 in arrears is paired on the scores before round 1 ends (no rematch of
        round 1); round 3 waits for round 1's results."""
        event = SwissEvent((1, 2, 3, 4, 5, 6), in_arrears=True)
        first = event.next_round()
        event = event.with_round(first)
        second = event.next_round()
        assert all(second.opponent(p.home) != p.away for p in first.pairings)
        event = event.with_round(second)
        with pytest.raises(SwissError, match="results of round 1"):
            event.next_round()
        event = event.with_results({1: 20, 2: 0, 3: 15, 4: 5, 5: 10, 6: 10})
        third = event.next_round()
        assert 3 == third.round
        assert {1: 20, 2: 0, 3: 15, 4: 5, 5: 10, 6: 10} == event.scores()

    def test_home_balance(self) -> None:
        """The entrant that has been home less often is home (North-South) next."""
        event = SwissEvent((1, 2, 3, 4))
        first = event.next_round()
        event = event.with_round(first).with_results({1: 10, 2: 10, 3: 10, 4: 10})
        second = event.next_round()
        homes_first = {p.home for p in first.pairings}
        for pairing in second.pairings:
            if (pairing.home in homes_first) != (pairing.away in homes_first):
                assert pairing.home not in homes_first

    def test_results_need_a_round(self) -> None:
        """Results come after pairings."""
        with pytest.raises(SwissError, match="no paired round"):
            SwissEvent((1, 2)).with_results({1: 1})
