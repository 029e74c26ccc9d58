"""Tricks from a position, for the Director's claim rulings (Laws 69-71).

The rulings layer sits below ``dupbridge.analysis`` (which talks to the DDS double-dummy
solver) and cannot import it: the services layer injects a :class:`ClaimSolver` built on it.
When none is injected the engine uses :class:`ExhaustiveSolver`, a pure-Python exhaustive
search that answers for small endings (at most :data:`FALLBACK_LIMIT` tricks left) and
declines (returns None) for larger ones.

Two questions, with the semantics of ``dupbridge.analysis.claims``:

* ``double_dummy``: the tricks each side takes from here with best play by all four (the
  trick in progress included);
* ``line_tricks``: the tricks the claimer's side is sure of when it plays the cards of the
  stated ``line`` in order (the next line card whenever it is that hand's turn and the card can
  be led, can follow suit, or is a trump that can ruff), its other cards at their ``"best"``
  or at their ``"worst"`` (any legal card at all, careless ones included), the opponents
  always playing against the claim.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol

from dupbridge.core.cards import Card, Suit, suit_mask
from dupbridge.core.deal import Deal
from dupbridge.core.seats import SEATS, Seat, Side

__all__ = ["FALLBACK_LIMIT", "ClaimSolver", "ExhaustiveSolver", "Unstated"]

#: The most tricks left that the pure-Python fallback searches.
FALLBACK_LIMIT = 5

Unstated = Literal["best", "worst"]

_SUIT_MASKS = tuple(suit_mask(suit) for suit in Suit)


class ClaimSolver(Protocol):
    """What the rulings engine asks about a claim; None when the solver cannot answer."""

    def double_dummy(
        self, remaining: Deal, trump: Suit | None, leader: Seat, trick: Sequence[Card]
    ) -> dict[Side, int] | None:
        """Tricks each side takes double dummy from here, the trick in progress included."""
        ...

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
        """Tricks (from here) the claimer's side is sure of with ``line``."""
        ...


class ExhaustiveSolver:
    """Exhaustive minimax with a transposition table at trick boundaries (small endings)."""

    def __init__(self, limit: int = FALLBACK_LIMIT) -> None:
        self.limit = limit

    def __repr__(self) -> str:
        return f"ExhaustiveSolver(limit={self.limit})"

    def double_dummy(
        self, remaining: Deal, trump: Suit | None, leader: Seat, trick: Sequence[Card]
    ) -> dict[Side, int] | None:
        """Tricks each side takes double dummy from here (None above the limit)."""
        search = _Search(remaining, trump, leader, trick, Side.NS, (), None)
        if search.left > self.limit:
            return None
        ns = search.value()
        return {Side.NS: ns, Side.EW: search.left - ns}

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
        """Tricks the claimer's side is sure of with ``line`` (None above the limit)."""
        controlled = (declarer, declarer.partner) if claimer is declarer else (claimer,)
        owners: list[tuple[int, int]] = []
        for card in line:
            owner = remaining.holder(card)
            if owner is None or owner not in controlled:
                return None
            owners.append((int(owner), card.index))
        search = _Search(
            remaining, trump, leader, trick, claimer.side, tuple(owners), unstated == "best"
        )
        if search.left > self.limit:
            return None
        return search.value()


class _Search:
    """Minimax over the rest of the play for ``side``'s tricks. ``maximise_unstated`` is None
    for double dummy (``side`` maximises every card), else the claimer's side follows the
    line and maximises (True) or minimises (False) its other cards."""

    def __init__(  # noqa: PLR0917 - a private helper with one caller per mode
        self,
        remaining: Deal,
        trump: Suit | None,
        leader: Seat,
        trick: Sequence[Card],
        side: Side,
        line: tuple[tuple[int, int], ...],
        maximise_unstated: bool | None,
    ) -> None:
        self.masks = [hand.mask for hand in remaining.hands]
        self.trump = -1 if trump is None else int(trump)
        self.leader = int(leader)
        self.trick = [card.index for card in trick]
        self.left = (sum(len(hand) for hand in remaining.hands) + len(self.trick)) // 4
        self.ours = tuple(seat.side is side for seat in SEATS)
        self.line = line
        self.maximise_unstated = maximise_unstated
        self.memo: dict[tuple[int, int, int, int, int], int] = {}

    def value(self) -> int:
        if self.left == 0:
            return 0
        return self._play(self.leader, self.trick)

    def _moves(self, seat: int, trick: list[int]) -> tuple[list[int], bool]:
        """The cards ``seat`` may play and whether he maximises our tricks with them."""
        held = self.masks[seat]
        legal = held
        if trick:
            following = held & _SUIT_MASKS[trick[0] // 13]
            if following:
                legal = following
        cards = [index for index in range(52) if legal >> index & 1]
        if not self.ours[seat]:
            return cards, False
        if self.maximise_unstated is None:
            return cards, True
        for owner, index in self.line:
            if self.masks[owner] >> index & 1:
                suit = index // 13
                if (
                    owner == seat
                    and legal >> index & 1
                    and (not trick or suit == trick[0] // 13 or suit == self.trump)
                ):
                    return [index], True
                break
        return cards, self.maximise_unstated

    def _winner(self, leader: int, trick: list[int]) -> int:
        best = 0
        for position in range(1, 4):
            card, top = trick[position], trick[best]
            if card // 13 == top // 13:
                if card > top:
                    best = position
            elif card // 13 == self.trump:
                best = position
        return (leader + best) % 4

    def _play(self, leader: int, trick: list[int]) -> int:
        """Our tricks from this point (the trick in progress included)."""
        if not trick:
            masks = self.masks
            key = (masks[0], masks[1], masks[2], masks[3], leader)
            known = self.memo.get(key)
            if known is not None:
                return known
        if len(trick) == 4:
            winner = self._winner(leader, trick)
            won = 1 if self.ours[winner] else 0
            if not any(self.masks):
                return won
            return won + self._play(winner, [])
        seat = (leader + len(trick)) % 4
        cards, maximise = self._moves(seat, trick)
        best = -1 if maximise else 99
        for index in cards:
            self.masks[seat] ^= 1 << index
            trick.append(index)
            value = self._play(leader, trick)
            trick.pop()
            self.masks[seat] ^= 1 << index
            best = max(best, value) if maximise else min(best, value)
        if not trick:
            masks = self.masks
            self.memo[(masks[0], masks[1], masks[2], masks[3], leader)] = best
        return best
