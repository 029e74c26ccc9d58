"""Team matches: IMPs between the two rooms, board-a-match and total points (Laws 78B, 78C).

A board of a match is played in the open room with the home team North-South and in the
closed room with the home team East-West. The home team's gain on the board is the open-room
NS score minus the closed-room NS score (both rooms' scores are the home team's points with
opposite signs), converted to IMPs (Law 78B), or kept as points (total points, Law 78C), or
turned into a board won, tied or lost (board-a-match: 1, ½ or 0; Law 78A with two results).

An adjusted board (Law 86B) carries IMPs for each team directly; when the two teams' awards
do not balance, each team keeps its own figure, except in knockout play where Law 12C4 gives
both the average (:func:`knockout_average`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from dupbridge.scoring.imps import imps
from dupbridge.scoring.vp import vp_pair, wbf_vp

__all__ = [
    "MatchBoard",
    "MatchResult",
    "board_a_match",
    "imp_match",
    "knockout_average",
    "total_points",
]


@dataclass(frozen=True, slots=True)
class MatchBoard:
    """One board of a team match: both rooms' NS scores, or an adjusted board.

    Attributes:
        number: the board number.
        open_ns: the NS score in the open room (home team NS), or None if not played.
        closed_ns: the NS score in the closed room (home team EW), or None.
        home_adjusted: the home team's IMPs when the board was adjusted (Law 86B).
        away_adjusted: the away team's IMPs when the board was adjusted.
    """

    number: int
    open_ns: int | None = None
    closed_ns: int | None = None
    home_adjusted: Fraction | None = None
    away_adjusted: Fraction | None = None

    @property
    def adjusted(self) -> bool:
        """Whether the board carries adjusted IMPs instead of two table results."""
        return self.home_adjusted is not None or self.away_adjusted is not None

    @property
    def complete(self) -> bool:
        """Whether both rooms have a score."""
        return self.open_ns is not None and self.closed_ns is not None

    @property
    def net(self) -> int:
        """The home team's points on the board: open NS minus closed NS (Law 78C)."""
        assert self.open_ns is not None
        assert self.closed_ns is not None
        return self.open_ns - self.closed_ns

    def imps(self) -> tuple[Fraction, Fraction]:
        """(home, away) IMPs on this board (Law 78B; adjusted boards as awarded)."""
        if self.adjusted:
            home = self.home_adjusted if self.home_adjusted is not None else Fraction(0)
            away = self.away_adjusted if self.away_adjusted is not None else -home
            return Fraction(home), Fraction(away)
        if not self.complete:
            return Fraction(0), Fraction(0)
        gain = imps(self.net)
        return Fraction(gain), Fraction(-gain)


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A match's result: each team's total, each team's own margin, and the boards.

    For IMPs and total points a board gives the home team ``h`` and the away team ``a``,
    with ``a = −h`` unless an adjusted board does not balance; the totals count each
    balanced board for its winner (the classic "34 – 12"), a non-balancing board as
    awarded, and each team's margin is the sum of its own board figures. For board-a-match
    the totals are the boards won (ties ½) and the margin is the difference.
    """

    home: Fraction
    away: Fraction
    home_margin: Fraction
    away_margin: Fraction
    boards: tuple[tuple[Fraction, Fraction], ...]

    @property
    def margin(self) -> Fraction:
        """The home team's winning margin (negative if it lost)."""
        return self.home_margin

    @property
    def balanced(self) -> bool:
        """Whether the two margins are opposite (no non-balancing adjustment)."""
        return self.home_margin == -self.away_margin

    def victory_points(self, boards: int | None = None) -> tuple[Fraction, Fraction]:
        """(home, away) VPs on the WBF scale; each team's from its own margin, so a
        non-balancing match need not share exactly 20."""
        count = boards or len(self.boards)
        if self.balanced:
            return vp_pair(self.home_margin, 0, count)
        return wbf_vp(self.home_margin, count), wbf_vp(self.away_margin, count)


def imp_match(boards: Sequence[MatchBoard]) -> MatchResult:
    """IMP every board of a match (Law 78B) and total them for each team."""
    per_board = tuple(board.imps() for board in boards)
    home = away = Fraction(0)
    for h, a in per_board:
        if h == -a:
            home += max(h, Fraction(0))
            away += max(a, Fraction(0))
        else:
            home += h
            away += a
    return MatchResult(
        home,
        away,
        sum((h for h, _a in per_board), Fraction(0)),
        sum((a for _h, a in per_board), Fraction(0)),
        per_board,
    )


def board_a_match(boards: Sequence[MatchBoard]) -> MatchResult:
    """Board-a-match: each board won (1), tied (½) or lost (0) on the net score.

    Adjusted boards score by the sign of the awarded IMPs.
    """
    per_board: list[tuple[Fraction, Fraction]] = []
    for board in boards:
        if board.adjusted:
            gain = board.imps()[0] - board.imps()[1]
        elif board.complete:
            gain = Fraction(board.net)
        else:
            continue
        home = Fraction(1) if gain > 0 else Fraction(1, 2) if gain == 0 else Fraction(0)
        per_board.append((home, 1 - home))
    home = sum((h for h, _a in per_board), Fraction(0))
    away = sum((a for _h, a in per_board), Fraction(0))
    return MatchResult(home, away, home - away, away - home, tuple(per_board))


def total_points(boards: Sequence[MatchBoard]) -> MatchResult:
    """Total points (Law 78C): each team's net score summed over the complete boards."""
    per_board = tuple(
        (Fraction(board.net), Fraction(-board.net)) for board in boards if board.complete
    )
    home = sum((max(h, Fraction(0)) for h, _a in per_board), Fraction(0))
    away = sum((max(a, Fraction(0)) for _h, a in per_board), Fraction(0))
    return MatchResult(home, away, home - away, away - home, per_board)


def knockout_average(home: Fraction, away: Fraction) -> tuple[Fraction, Fraction]:
    """Law 12C4: non-balancing scores in knockout play give each side the average.

    ``home`` and ``away`` are each team's own award on the board; the home team's score on
    the board is the mean of ``home`` and ``−away``, and the away team's its opposite.
    """
    mean = (home - away) / 2
    return mean, -mean
