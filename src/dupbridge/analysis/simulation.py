"""Double dummy for many layouts of one position at once: what card play by simulation asks.

A robot that cannot see the other hands deals them many times, consistently with what it
knows, and asks for each layout how many tricks each card it may play now would take with
every card seen (double dummy). This module answers that question in batches of
:data:`BATCH` layouts through DDS's ``SolveAllBoardsBin``, which spreads a batch over the
machine's cores.
"""

from __future__ import annotations

from collections.abc import Sequence

from dupbridge.analysis import _solver
from dupbridge.core.cards import Card, Suit
from dupbridge.core.seats import Seat

__all__ = ["BATCH", "solve_layouts"]

#: The largest number of layouts solved in one call.
BATCH: int = _solver.MAX_BOARDS


def solve_layouts(
    layouts: Sequence[Sequence[int]],
    trump: Suit | None,
    leader: Seat,
    trick: Sequence[Card],
) -> list[dict[Card, int]]:
    """Double-dummy tricks of each playable card, in each layout of one position.

    Args:
        layouts: up to :data:`BATCH` layouts, each the four hand masks (N, E, S, W) of the
            cards still held; the cards of ``trick`` are in none of them. The hand to play
            must be the same, with the same cards, in every layout for the answer to mean
            anything, but each layout is solved on its own.
        trump: the trump suit, None for no trumps.
        leader: who led to the trick in progress (or is to lead to the next).
        trick: the 0 to 3 cards already played to the trick in progress.

    Returns:
        For each layout, every legal card of the hand to play with the tricks its side takes
        from this trick on (this trick included) after playing it, double dummy.

    Raises:
        ValueError: with more than :data:`BATCH` layouts, or a layout whose hands do not fit
            the trick (hands of unequal sizes).
    """
    if len(layouts) > BATCH:
        raise ValueError(f"at most {BATCH} layouts per call, not {len(layouts)}")
    played = {leader.next(i) for i in range(len(trick))}
    for number, masks in enumerate(layouts, start=1):
        sizes = {
            mask.bit_count() + (seat in played) for seat, mask in zip(Seat, masks, strict=True)
        }
        if len(sizes) != 1:
            raise ValueError(f"layout {number}: the hands do not fit the trick in progress")
    return _solver.solve_positions(layouts, trump, leader, trick)
