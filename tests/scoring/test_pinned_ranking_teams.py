"""Rankings and team matches: behaviours that mutation testing found unpinned (issue 19).

Each test states one rule (Swedish Laws 95 and 97 for rankings, Laws 78B, 78C and 12C2 for
team matches) that scoring/ranking.py or scoring/teams.py must keep; a mutant that breaks it
fails here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

from dupbridge.scoring.ranking import (
    Placing,
    combine_sessions,
    quotient_tiebreak,
    rank,
    swedish_matchpoint_tiebreak,
)
from dupbridge.scoring.teams import MatchBoard, MatchResult, board_a_match, imp_match, total_points

F = Fraction

BOARDS = [
    MatchBoard(1, open_ns=420, closed_ns=-50),  # home gains 470 -> 10 IMPs
    MatchBoard(2, open_ns=-100, closed_ns=110),  # home loses 210 -> -5 IMPs
    MatchBoard(3, open_ns=400, closed_ns=400),  # push
]


@dataclass(frozen=True)
class Team:
    """A contestant that cannot be ordered by itself (no ``<``), only by ``order``."""

    name: str


def keys(placings: Sequence[Placing[Any]]) -> list[Any]:
    return [placing.key for placing in placings]


class TestRankListing:
    def test_ties_listed_by_key(self) -> None:
        """Contestants sharing a place are listed by key, not in the order given."""
        assert ["a", "b"] == keys(rank({"b": 1, "a": 1}))

    def test_keys_of_different_types(self) -> None:
        """Keys of different types still rank: listed by type name, then by value."""
        placings = rank({"a": 5, 2: 5, 1: 5, "z": 9})
        assert ["z", 1, 2, "a"] == keys(placings)
        assert ["1", "2-4", "2-4", "2-4"] == [placing.label for placing in placings]

    def test_order_lists_keys_that_cannot_be_compared(self) -> None:
        """``order`` lists contestants whose keys have no order of their own."""
        totals = {Team("b"): 5, Team("a"): 5, Team("c"): 7}
        assert [Team("c"), Team("a"), Team("b")] == keys(rank(totals, order=lambda t: t.name))

    def test_total_is_kept_exactly(self) -> None:
        """Each placing carries its contestant's exact total."""
        (placing,) = rank({1: F(155, 3)})
        assert F(155, 3) == placing.total

    def test_what_the_tie_break_is_asked(self) -> None:
        """The tie-break is asked only about groups of two or more, each in listing order;
        what it leaves tied is listed by key whatever order it returns."""
        seen: list[list[str]] = []

        def backwards(group: Sequence[str]) -> list[list[str]]:
            seen.append(list(group))
            return [list(reversed(group))]

        placings = rank({"d": 1, "b": 2, "c": 2, "a": 2}, backwards)
        assert [["a", "b", "c"]] == seen
        assert ["a", "b", "c", "d"] == keys(placings)
        assert ["1-3", "1-3", "1-3", "4"] == [placing.label for placing in placings]


class TestSwedishMatchpointTieBreak:
    """Swedish Law 95: on a board two or more tied pairs played, 2 per tied pair outscored
    and 1 per tie; on a board only one of them played, 2 above average, 1 at average, 0
    below."""

    @staticmethod
    def order(scores: dict[str, dict[int, Fraction]]) -> list[list[str]]:
        return swedish_matchpoint_tiebreak(scores)(sorted(scores))

    def test_average_beats_below_average(self) -> None:
        """Alone on a board, average (1 point) beats below average (0)."""
        assert [["a"], ["b"]] == self.order({"a": {1: F(50)}, "b": {2: F(40)}})

    def test_above_average_beats_average(self) -> None:
        """Alone on a board, above average (2 points) beats average (1)."""
        assert [["a"], ["b"]] == self.order({"a": {1: F(55)}, "b": {2: F(50)}})

    def test_points_add_up_over_boards(self) -> None:
        """One board above average (2) equals two boards at average (1 + 1)."""
        assert [["a", "b"]] == self.order({"a": {1: F(60)}, "b": {2: F(50), 3: F(50)}})

    def test_a_win_is_worth_two_ties(self) -> None:
        """Three tied pairs on two boards: a pair that outscores both others on one board and
        is outscored by both on the other (4 + 0) ties with pairs that tie each other and
        outscore it once (0 + 1, then 2 + 1)."""
        scores = {
            "a": {1: F(60), 2: F(40)},
            "b": {1: F(50), 2: F(50)},
            "c": {1: F(50), 2: F(50)},
        }
        assert [["a", "b", "c"]] == self.order(scores)

    def test_two_wins_beat_a_win_and_a_loss(self) -> None:
        """Outscoring both others on one board (4) and tying on the other (1 + 1 each)."""
        scores = {
            "a": {1: F(60), 2: F(50)},
            "b": {1: F(50), 2: F(50)},
            "c": {1: F(40), 2: F(50)},
        }
        assert [["a"], ["b"], ["c"]] == self.order(scores)

    def test_pair_without_board_scores(self) -> None:
        """A tied pair with no board scores at all scores no points."""
        breaker = swedish_matchpoint_tiebreak({"a": {1: F(60)}})
        assert [["a"], ["b"]] == breaker(["a", "b"])


class TestQuotientTieBreak:
    """Swedish Law 95 for IMP and VP events: IMPs won ÷ IMPs lost, highest first; a
    contestant that lost no IMPs ranks above any quotient."""

    def test_no_losses_rank_first(self) -> None:
        """Lost nothing (absent from the losses, or 0) beats any quotient."""
        breaker = quotient_tiebreak({"a": 5, "b": 60, "c": 10}, {"b": 2, "c": 0})
        assert [["c"], ["a"], ["b"]] == breaker(["a", "b", "c"])

    def test_quotient_not_product(self) -> None:
        """10 won for 2 lost (5) beats 30 won for 10 lost (3)."""
        breaker = quotient_tiebreak({"a": 10, "b": 30}, {"a": 2, "b": 10})
        assert [["a"], ["b"]] == breaker(["b", "a"])

    def test_lost_nothing_beats_a_higher_quotient(self) -> None:
        """10 won and none lost beats 90 won for 3 lost (a quotient of 30)."""
        breaker = quotient_tiebreak({"a": 10, "b": 90}, {"a": 0, "b": 3})
        assert [["a"], ["b"]] == breaker(["b", "a"])

    def test_absent_from_the_wins(self) -> None:
        """A contestant absent from the IMPs won has won none."""
        assert [["c", "d"]] == quotient_tiebreak({"d": 0}, {"d": 0})(["c", "d"])
        assert [["e", "f"]] == quotient_tiebreak({"f": 0}, {"e": 4, "f": 4})(["e", "f"])


class TestCombineSessions:
    def test_a_top_of_one(self) -> None:
        """Swedish Law 97: a session with a top of 1 is scaled like any other."""
        assert {1: F(4)} == combine_sessions([{1: 1}, {1: 2}], [1, 2])

    def test_no_sessions(self) -> None:
        """No sessions combine to no totals."""
        assert {} == combine_sessions([], [])

    def test_messages(self) -> None:
        """Each refusal says what is wrong."""
        with pytest.raises(ValueError) as raised:
            combine_sessions([{1: 1}], [])
        assert "every session needs its top" == str(raised.value)
        with pytest.raises(ValueError) as raised:
            combine_sessions([{1: 1}], [0])
        assert "a session's top must be positive" == str(raised.value)


def fields(result: MatchResult) -> tuple[object, ...]:
    return (result.home, result.away, result.home_margin, result.away_margin, result.boards)


class TestTeamMatches:
    def test_both_teams_not_at_fault(self) -> None:
        """Law 12C2: an adjusted board where neither team is at fault gives each +3 IMPs; the
        board does not balance, so each team adds its own award to its total and margin."""
        both = MatchBoard(4, home_adjusted=F(3), away_adjusted=F(3))
        result = imp_match([*BOARDS, both])
        assert (F(13), F(8), F(8), F(-2)) == fields(result)[:4]

    def test_only_the_home_award_given(self) -> None:
        """Law 86B: an adjusted board with only the home team's award balances it: the away
        team scores the opposite."""
        assert (F(3), F(-3)) == MatchBoard(1, home_adjusted=F(3)).imps()

    def test_only_the_away_award_given(self) -> None:
        """An adjusted board with only the away team's award gives the home team 0."""
        assert (F(0), F(-3)) == MatchBoard(1, away_adjusted=F(-3)).imps()

    @pytest.mark.parametrize("scoring", [imp_match, board_a_match, total_points])
    def test_no_boards(self, scoring: object) -> None:
        """A match with no boards has exact zero totals and margins (Fractions, as for any
        other match)."""
        result = scoring([])  # type: ignore[operator]
        for value in fields(result)[:4]:
            assert isinstance(value, Fraction)
            assert 0 == value

    def test_board_a_match_adjusted(self) -> None:
        """Board-a-match: an adjusted board is won by the team that gained on it, however
        little (Law 78A with two results)."""
        plus = MatchBoard(1, home_adjusted=F(3), away_adjusted=F(-3))
        half = MatchBoard(2, home_adjusted=F(1, 2), away_adjusted=F(-1, 2))
        minus = MatchBoard(3, home_adjusted=F(-3), away_adjusted=F(3))
        result = board_a_match([plus, half, minus])
        assert ((F(1), F(0)), (F(1), F(0)), (F(0), F(1))) == result.boards

    def test_board_a_match_totals_and_margins(self) -> None:
        """Board-a-match totals count boards won; each margin is its team's total minus the
        other's. An unplayed board is skipped, not the end of the match."""
        boards = [MatchBoard(1, open_ns=100), *BOARDS[:2], MatchBoard(4, 620, 600)]
        result = board_a_match(boards)
        assert (F(2), F(1), F(1), F(-1)) == fields(result)[:4]
        assert 3 == len(result.boards)

    def test_total_points_fields(self) -> None:
        """Law 78C: each team's net points per board, totals and opposite margins."""
        result = total_points(BOARDS)
        assert (F(470), F(210), F(260), F(-260)) == fields(result)[:4]
        assert ((F(470), F(-470)), (F(-210), F(210)), (F(0), F(0))) == result.boards
