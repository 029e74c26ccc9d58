"""Rankings: places with ties shown as shared, configurable tie-breaks, several sessions.

* Places (:func:`rank`): contestants with equal totals share a place, written ``3-4``; the
  next contestant takes the place after them (Swedish Law 95: matchpoint ties share the place
  unless the Conditions of Contest break them).
* Tie-breaks are functions that split a group of tied contestants into ordered subgroups;
  what they cannot separate stays shared. :func:`swedish_matchpoint_tiebreak` is Swedish Law
  95's: on each board played by two or more of the tied pairs, 2 points for each other tied
  pair outscored and 1 for each tie; on a board played by only one of them, 2 for above
  average, 1 for average, 0 below; most points first. :func:`quotient_tiebreak` is its rule
  for IMP/VP events: IMPs won divided by IMPs lost, highest first.
* Several sessions with different tops (Swedish Law 97): :func:`combine_sessions` scales each
  session's matchpoints to the biggest top per board (tops 12 and 14: the first session is
  multiplied by 14/12) before adding them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

__all__ = [
    "Placing",
    "TieBreak",
    "combine_sessions",
    "quotient_tiebreak",
    "rank",
    "swedish_matchpoint_tiebreak",
]

K = TypeVar("K", bound=Hashable)

#: Splits a group of tied contestants into ordered subgroups (each subgroup still tied).
TieBreak = Callable[[Sequence[K]], list[list[K]]]


@dataclass(frozen=True, slots=True)
class Placing(Generic[K]):
    """One contestant's place: ``place`` to ``last`` when shared."""

    key: K
    total: Fraction
    place: int
    last: int

    @property
    def shared(self) -> bool:
        """Whether the place is shared with another contestant."""
        return self.last > self.place

    @property
    def label(self) -> str:
        """``"3"``, or ``"3-4"`` for a shared place."""
        return f"{self.place}-{self.last}" if self.shared else str(self.place)


def rank(
    totals: Mapping[K, Fraction | int],
    tie_break: TieBreak[K] | None = None,
    *,
    higher_is_better: bool = True,
    order: Callable[[K], object] | None = None,
) -> list[Placing[K]]:
    """Place every contestant by total, ties shared unless ``tie_break`` separates them.

    Args:
        totals: each contestant's total.
        tie_break: splits groups with equal totals (default: all ties stay shared). It is
            asked only about groups of two or more, each given in listing order.
        higher_is_better: whether the highest total wins.
        order: how contestants sharing a place are listed, whatever order ``tie_break``
            returns them in (default: by key; keys of different types by type name first).

    Returns:
        The placings, best first.
    """
    listing = order or (lambda key: key)
    # Listing order first, then a stable sort by total. The float of an exact total orders
    # it correctly whenever two floats differ (rounding to float never reverses an order);
    # equal floats fall back to the exact values. Each key's total is looked up once.
    entries = [
        (key, totals[key]) for key in sorted(totals, key=lambda key: _sortable(listing(key)))
    ]
    entries.sort(key=lambda entry: (float(entry[1]), entry[1]), reverse=higher_is_better)
    groups: list[list[tuple[K, Fraction | int]]] = []
    for entry in entries:
        if groups and groups[-1][0][1] == entry[1]:
            groups[-1].append(entry)
        else:
            groups.append([entry])
    placings: list[Placing[K]] = []
    place = 1
    for group in groups:
        if len(group) == 1:
            ((key, total),) = group
            exact = total if type(total) is Fraction else Fraction(total)
            placings.append(Placing(key, exact, place, place))
            place += 1
            continue
        tied = [key for key, _total in group]
        exact = Fraction(group[0][1])
        parts = tie_break(tied) if tie_break is not None else [tied]
        for part in parts:
            last = place + len(part) - 1
            placings.extend(
                Placing(key, exact, place, last)
                for key in sorted(part, key=lambda key: _sortable(listing(key)))
            )
            place = last + 1
    return placings


def _sortable(value: object) -> tuple[str, object]:
    # Keys of mixed types still sort: by type name first, then by value.
    return (type(value).__name__, value)


def swedish_matchpoint_tiebreak(
    board_scores: Mapping[K, Mapping[int, Fraction]],
    average: Fraction = Fraction(50),
) -> TieBreak[K]:
    """Swedish Law 95's tie-break for matchpoint events.

    Args:
        board_scores: each contestant's score on each board it played (percentages, or
            matchpoints when all boards have the same top).
        average: the average score of a board (50 %).
    """

    def split(group: Sequence[K]) -> list[list[K]]:
        points = dict.fromkeys(group, 0)
        boards = sorted({board for key in group for board in board_scores.get(key, {})})
        for board in boards:
            played = [key for key in group if board in board_scores.get(key, {})]
            if len(played) == 1:
                (only,) = played
                mine = board_scores[only][board]
                points[only] += 2 if mine > average else 1 if mine == average else 0
                continue
            for key in played:
                mine = board_scores[key][board]
                for other in played:
                    if other != key:
                        theirs = board_scores[other][board]
                        points[key] += 2 if mine > theirs else 1 if mine == theirs else 0
        return _groups_by(group, {key: (0, Fraction(points[key])) for key in group})

    return split


def quotient_tiebreak(
    won: Mapping[K, Fraction | int], lost: Mapping[K, Fraction | int]
) -> TieBreak[K]:
    """Swedish Law 95's tie-break for IMP and VP events: IMPs won ÷ IMPs lost, highest first.

    A contestant that lost no IMPs ranks above any quotient.
    """

    def split(group: Sequence[K]) -> list[list[K]]:
        def quotient(key: K) -> tuple[int, Fraction]:
            against = Fraction(lost.get(key, 0))
            if against == 0:
                return (1, Fraction(won.get(key, 0)))
            return (0, Fraction(won.get(key, 0)) / against)

        return _groups_by(group, {key: quotient(key) for key in group})

    return split


def _groups_by(group: Sequence[K], score: Mapping[K, tuple[int, Fraction]]) -> list[list[K]]:
    ordered = sorted(group, key=lambda key: score[key], reverse=True)
    parts: list[list[K]] = []
    for key in ordered:
        if parts and score[parts[-1][0]] == score[key]:
            parts[-1].append(key)
        else:
            parts.append([key])
    return parts


def combine_sessions(
    sessions: Sequence[Mapping[K, Fraction | int]], tops: Sequence[int]
) -> dict[K, Fraction]:
    """Add several sessions' matchpoints after scaling each to the biggest top per board.

    Args:
        sessions: each session's matchpoint totals per contestant.
        tops: each session's top per board, in the same order.

    Raises:
        ValueError: if the two sequences differ in length or a top is not positive.
    """
    if len(sessions) != len(tops):
        raise ValueError("every session needs its top")
    if any(top <= 0 for top in tops):
        raise ValueError("a session's top must be positive")
    target = max(tops, default=1)
    combined: dict[K, Fraction] = {}
    for session, top in zip(sessions, tops, strict=True):
        for key, total in session.items():
            combined[key] = combined.get(key, Fraction(0)) + Fraction(total) * target / top
    return combined
