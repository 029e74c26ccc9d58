"""Dealing the unseen cards: layouts consistent with the auction and the play so far.

Each layout gives every hidden hand the right number of cards from the pool the seat has not
seen. A suit a player showed out of is a certainty: he gets none of it, ever. The auction's
constraints (:class:`~dupbridge.robots.constraints.HandConstraint`, on the thirteen cards the
player started with) are a likelihood: when too few random layouts satisfy them (the auction
was misread, or a player misbid), they are widened step by step, and dropped at last, rather
than fail (a robot must always play a card).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from dupbridge.core.cards import CARDS, Suit
from dupbridge.core.seats import SEATS, Seat
from dupbridge.robots.constraints import HandConstraint
from dupbridge.robots.play.knowledge import Knowledge

__all__ = ["Sampler", "SuitHint"]

#: Random layouts tried per layout wanted before the constraints are widened.
_TRIES = 60
#: How many times the constraints are widened before they are dropped.
_WIDENINGS = 3


@dataclass(frozen=True, slots=True)
class SuitHint:
    """A soft reading of a signal: ``seat`` likely holds an honour (A, K or Q) in ``suit``
    (``honour`` true: he encouraged) or none (false: he discouraged). Layouts that disagree
    are kept with probability ``keep``."""

    seat: Seat
    suit: Suit
    honour: bool
    keep: float = 0.3


class Sampler:
    """Deals layouts for one decision: ``draw(n)`` gives up to ``n`` new layouts, each the
    four hand masks (N, E, S, W) of the cards still held."""

    def __init__(
        self,
        knowledge: Knowledge,
        constraints: Mapping[Seat, HandConstraint] | None,
        rng: random.Random,
        hints: tuple[SuitHint, ...] = (),
    ) -> None:
        self._k = knowledge
        self._rng = rng
        self._hints = hints
        hidden = knowledge.hidden
        self._hidden = hidden
        self._pool = [card for card in CARDS if knowledge.unseen & card.bit]
        # The pool in groups of cards the same hands may hold (not void in the suit), the
        # most restricted first, so that a void never leaves an avoidable dead end.
        groups: dict[tuple[Seat, ...], list[int]] = {}
        for card in self._pool:
            eligible = tuple(seat for seat in hidden if card.suit not in knowledge.voids[seat])
            groups.setdefault(eligible, []).append(card.bit)
        self._groups = sorted(groups.items(), key=lambda item: len(item[0]))
        given = constraints or {}
        self._constraints = {seat: given[seat] for seat in hidden if seat in given}
        self._widened = 0
        self.relaxed = False  # whether constraints had to be widened or dropped

    @property
    def constraints(self) -> Mapping[Seat, HandConstraint]:
        """The constraints in force now (perhaps widened)."""
        return self._constraints

    def _deal_once(self) -> list[int] | None:
        """One random layout honouring the voids and hand sizes (None: a dead end)."""
        k = self._k
        rng = self._rng
        hidden = self._hidden
        room = {seat: k.sizes[seat] for seat in hidden}
        masks = dict.fromkeys(hidden, 0)
        for eligible, group in self._groups:
            bits = group[:]
            rng.shuffle(bits)
            if len(eligible) == len(hidden):
                # Anyone may hold these: deal them out in turn (a shuffled pack, cut into
                # the hands); any left over went in a trick the view no longer shows.
                start = 0
                for seat in hidden:
                    for bit in bits[start : start + room[seat]]:
                        masks[seat] |= bit
                    taken = min(room[seat], max(0, len(bits) - start))
                    start += taken
                    room[seat] -= taken
                continue
            for bit in bits:
                total = sum(room[seat] for seat in eligible)
                if total == 0:
                    continue  # the card may have gone in a trick the view no longer shows
                pick = rng.randrange(total)
                for seat in eligible:
                    pick -= room[seat]
                    if pick < 0:
                        masks[seat] |= bit
                        room[seat] -= 1
                        break
        if any(room.values()):
            return None
        return [k.held.get(seat, masks.get(seat, 0)) for seat in SEATS]

    def _accepts(self, layout: list[int]) -> bool:
        k = self._k
        for seat, constraint in self._constraints.items():
            if not constraint.admits_mask(layout[seat] | k.played[seat]):
                return False
        for hint in self._hints:
            held = layout[hint.seat] | k.played[hint.seat]
            honours = sum(held >> (13 * hint.suit + rank - 2) & 1 for rank in (12, 13, 14))
            if (honours > 0) != hint.honour and self._rng.random() >= hint.keep:
                return False
        return True

    def draw(self, n: int) -> list[list[int]]:
        """Up to ``n`` layouts (fewer only if the voids and sizes admit no layout at all)."""
        out: list[list[int]] = []
        failures = 0
        while len(out) < n:
            layout = self._deal_once()
            if layout is not None and self._accepts(layout):
                out.append(layout)
                continue
            failures += 1
            if failures > _TRIES * n:
                if not self._relax():
                    if layout is None:
                        break
                    self._hints = ()
                failures = 0
        return out

    def _relax(self) -> bool:
        """Widen the constraints, or drop them; False when there are none left."""
        if not self._constraints:
            return False
        self.relaxed = True
        self._widened += 1
        if self._widened > _WIDENINGS:
            self._constraints = {}
        else:
            self._constraints = {s: c.widened() for s, c in self._constraints.items()}
        return True
