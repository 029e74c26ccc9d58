"""Rankings: shared places, tie-breaks (Swedish Law 95), sessions with different tops (97)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dupbridge.scoring.ranking import (
    combine_sessions,
    quotient_tiebreak,
    rank,
    swedish_matchpoint_tiebreak,
)

F = Fraction


class TestPlaces:
    def test_ties_share_a_place(self) -> None:
        """Equal totals share the place; the next contestant comes after them."""
        placings = rank({1: F(60), 2: F(55), 3: F(55), 4: F(40)})
        assert [(1, "1"), (2, "2-3"), (3, "2-3"), (4, "4")] == [(p.key, p.label) for p in placings]
        assert [False, True, True, False] == [p.shared for p in placings]

    def test_lower_is_better(self) -> None:
        """Some totals rank the lowest first."""
        assert [3, 1, 2] == [p.key for p in rank({1: 5, 2: 9, 3: 1}, higher_is_better=False)]

    def test_three_way_tie(self) -> None:
        """Three tied contestants share places 1-3."""
        assert ["1-3"] * 3 + ["4"] == [p.label for p in rank({"a": 1, "b": 1, "c": 1, "d": 0})]


class TestSwedishTieBreak:
    def test_boards_played_by_both(self) -> None:
        """Swedish Law 95: 2 per tied pair outscored on a board both played, 1 for a tie."""
        scores = {1: {1: F(70), 2: F(40)}, 2: {1: F(30), 2: F(40)}, 3: {}}
        placings = rank({1: F(110), 2: F(110), 3: F(10)}, swedish_matchpoint_tiebreak(scores))
        # board 1: pair 1 outscores 2 (2-0); board 2: tie (1-1): pair 1 has 3, pair 2 has 1
        assert [(1, "1"), (2, "2"), (3, "3")] == [(p.key, p.label) for p in placings]

    def test_boards_played_by_one(self) -> None:
        """On a board only one tied pair played: 2 above average, 1 average, 0 below."""
        scores = {1: {1: F(55)}, 2: {2: F(50)}}
        assert [1, 2] == [p.key for p in rank({1: 1, 2: 1}, swedish_matchpoint_tiebreak(scores))]

    def test_still_tied_stays_shared(self) -> None:
        """What the tie-break cannot separate stays a shared place (then lots)."""
        scores = {1: {1: F(50)}, 2: {1: F(50)}}
        labels = [p.label for p in rank({1: 1, 2: 1}, swedish_matchpoint_tiebreak(scores))]
        assert ["1-2", "1-2"] == labels

    def test_quotient(self) -> None:
        """Swedish Law 95 for IMP/VP events: IMPs won ÷ IMPs lost, highest first."""
        breaker = quotient_tiebreak({"a": 60, "b": 90, "c": 10}, {"a": 30, "b": 30, "c": 0})
        assert ["c", "b", "a"] == [p.key for p in rank({"a": 50, "b": 50, "c": 50}, breaker)]


class TestSessions:
    def test_scaling_different_tops(self) -> None:
        """Swedish Law 97: tops 12 and 14 → the first session is multiplied by 14/12."""
        combined = combine_sessions([{1: F(120)}, {1: F(100)}], [12, 14])
        assert F(120) * 14 / 12 + 100 == combined[1]

    def test_missing_pair_in_a_session(self) -> None:
        """A pair that played one session only keeps that session's scaled score."""
        assert {1: F(14), 2: F(5)} == combine_sessions([{1: 12}, {2: 5}], [12, 14])

    def test_mismatched_tops(self) -> None:
        """Each session needs a positive top."""
        with pytest.raises(ValueError, match="top"):
            combine_sessions([{1: 1}], [])
        with pytest.raises(ValueError, match="positive"):
            combine_sessions([{1: 1}], [0])
