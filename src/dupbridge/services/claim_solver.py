"""The double-dummy claim solver the services give the rulings engine (Laws 69-71).

``dupbridge.rulings`` sits below ``dupbridge.analysis`` and cannot import it; the services
layer injects :class:`DoubleDummyClaims`, which answers the engine's two questions with the
claim checks of :mod:`dupbridge.analysis.claims` (DDS through endplay). It loads the analysis
package on first use, so a table that never rules on a claim pays nothing for it.
"""

from __future__ import annotations

from collections.abc import Sequence

from dupbridge.core.cards import Card, Suit
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat, Side
from dupbridge.rulings.solver import Unstated

__all__ = ["DoubleDummyClaims"]


class DoubleDummyClaims:
    """:class:`~dupbridge.rulings.solver.ClaimSolver` built on ``dupbridge.analysis.claims``:
    double-dummy tricks for any ending; a stated line checked with the claimer's other cards
    at their best for any ending, at their worst for endings the analysis can search
    exhaustively (None beyond, as for a position it cannot check)."""

    def __repr__(self) -> str:
        return "DoubleDummyClaims()"

    def double_dummy(
        self, remaining: Deal, trump: Suit | None, leader: Seat, trick: Sequence[Card]
    ) -> dict[Side, int] | None:
        """Tricks each side takes double dummy from here (None for a position the analysis
        refuses)."""
        from dupbridge.analysis.claims import (  # noqa: PLC0415 - loads DDS on first use
            ClaimCheckError,
            claim_tricks,
        )

        try:
            return claim_tricks(remaining, trump, leader, tuple(trick))
        except ClaimCheckError:
            return None

    def line_tricks(
        self,
        remaining: Deal,
        trump: Suit | None,
        leader: Seat,
        trick: Sequence[Card],
        *,
        declarer: Seat,
        claimer: Seat,
        line: Sequence[Card],
        unstated: Unstated,
    ) -> int | None:
        """Tricks from here the claimer's side is sure of with ``line`` (None when the
        analysis cannot check it)."""
        from dupbridge.analysis.claims import (  # noqa: PLC0415 - loads DDS on first use
            ClaimCheckError,
            Position,
            check_line,
        )

        try:
            left = Position(remaining, trump, leader, tuple(trick)).validated().tricks_left
            check = check_line(
                remaining,
                trump,
                leader,
                tuple(trick),
                declarer=declarer,
                claimer=claimer,
                line=tuple(line),
                tricks=left,
                unstated=unstated,
            )
        except ClaimCheckError:
            return None
        return check.assured
