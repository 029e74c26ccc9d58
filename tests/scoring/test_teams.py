"""Team matches: IMPs between rooms (Law 78B), board-a-match, total points (Law 78C)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from dupbridge.scoring import imps
from dupbridge.scoring.teams import (
    MatchBoard,
    board_a_match,
    imp_match,
    knockout_average,
    total_points,
)
from dupbridge.scoring.vp import vp_pair

F = Fraction

BOARDS = [
    MatchBoard(1, open_ns=420, closed_ns=-50),  # home gains 470 -> 10
    MatchBoard(2, open_ns=-100, closed_ns=110),  # home loses 210 -> -5
    MatchBoard(3, open_ns=400, closed_ns=400),  # push
]


class TestImpMatch:
    def test_boards_and_totals(self) -> None:
        """Open NS minus closed NS, converted by Law 78B; each team totals its gains."""
        result = imp_match(BOARDS)
        assert [(F(10), F(-10)), (F(-5), F(5)), (F(0), F(0))] == list(result.boards)
        assert (F(10), F(5)) == (result.home, result.away)
        assert F(5) == result.margin

    def test_victory_points(self) -> None:
        """The match's VPs are the WBF scale of the margin over its boards."""
        assert vp_pair(10, 5, 3) == imp_match(BOARDS).victory_points()

    def test_adjusted_board(self) -> None:
        """Law 86B: an adjusted board carries the awarded IMPs (+3/−3)."""
        result = imp_match([*BOARDS, MatchBoard(4, home_adjusted=F(3), away_adjusted=F(-3))])
        assert (F(13), F(5)) == (result.home, result.away)
        assert result.balanced

    def test_non_balancing_board(self) -> None:
        """A non-balancing adjustment gives each team its own margin and its own VPs."""
        result = imp_match([*BOARDS, MatchBoard(4, home_adjusted=F(3), away_adjusted=F(0))])
        assert (F(8), F(-5)) == (result.home_margin, result.away_margin)
        assert not result.balanced
        home, away = result.victory_points()
        assert home + away != 20

    def test_unplayed_board_scores_nothing(self) -> None:
        """A board with only one room's result counts 0 until it is complete or adjusted."""
        assert (F(0), F(0)) == MatchBoard(5, open_ns=420).imps()

    @given(
        st.lists(st.tuples(st.integers(-300, 300), st.integers(-300, 300)), min_size=1, max_size=12)
    )
    def test_antisymmetric(self, pairs: list[tuple[int, int]]) -> None:
        """Swapping the rooms swaps the teams: IMPs are antisymmetric."""
        boards = [MatchBoard(i, a * 10, b * 10) for i, (a, b) in enumerate(pairs, 1)]
        swapped = [MatchBoard(i, b * 10, a * 10) for i, (a, b) in enumerate(pairs, 1)]
        one, two = imp_match(boards), imp_match(swapped)
        assert (one.home, one.away) == (two.away, two.home)
        assert sum(imps(a * 10 - b * 10) for a, b in pairs) == one.margin


class TestOtherForms:
    def test_board_a_match(self) -> None:
        """Board-a-match: 1 for a board won on the net score, ½ for a tie, 0 for a loss."""
        result = board_a_match(BOARDS)
        assert [(F(1), F(0)), (F(0), F(1)), (F(1, 2), F(1, 2))] == list(result.boards)
        assert (F(3, 2), F(3, 2)) == (result.home, result.away)

    def test_board_a_match_skips_incomplete(self) -> None:
        """An incomplete board is not scored at board-a-match."""
        assert () == board_a_match([MatchBoard(1, open_ns=100)]).boards

    def test_total_points(self) -> None:
        """Law 78C: each team's net score over the boards."""
        result = total_points(BOARDS)
        assert F(470 - 210) == result.margin
        assert (F(470), F(210)) == (result.home, result.away)

    def test_knockout_average(self) -> None:
        """Law 12C4: non-balancing scores in knockout play give each side the average."""
        assert (F(3), F(-3)) == knockout_average(F(3), F(-3))
        assert (F(3, 2), F(-3, 2)) == knockout_average(F(3), F(0))
