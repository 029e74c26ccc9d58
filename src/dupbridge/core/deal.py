"""Deals: four hands of thirteen cards (Laws 1, 6).

A :class:`Deal` may be built from anything (to report what is wrong with it); :meth:`Deal.status`
lists every problem at once, and the Table only accepts a deal whose status is clean.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import IntFlag
from typing import Protocol

from dupbridge.core.cards import CARDS, FULL_PACK, Card, Hand, parse_hand_mask
from dupbridge.core.errors import InvalidDealError, NotationError
from dupbridge.core.seats import SEATS, Seat
from dupbridge.i18n import _

__all__ = ["DEAL_COUNT", "Deal", "DealStatus", "RandomSource"]

#: The number of different deals, 52! / (13!)^4 (about 5.36 × 10^28).
DEAL_COUNT: int = math.factorial(52) // math.factorial(13) ** 4


class RandomSource(Protocol):
    """What dealing needs from a random number generator (``random.Random`` and
    ``secrets.SystemRandom`` both qualify)."""

    def randrange(self, start: int, stop: int = ..., step: int = ..., /) -> int:
        """A uniformly random integer in ``range(start, stop, step)``."""
        ...


class DealStatus(IntFlag):
    """Everything that can be wrong with a deal; ``VALID`` (0) when nothing is."""

    VALID = 0
    TOO_FEW_CARDS = 1  # a hand with fewer than 13 cards
    TOO_MANY_CARDS = 2  # a hand with more than 13 cards
    DUPLICATE_CARD = 4  # a card in two hands
    MISSING_CARD = 8  # a card in no hand


@dataclass(frozen=True, slots=True)
class Deal:
    """The four hands of a board, by seat: ``deal[Seat.N]`` is North's hand."""

    north: Hand
    east: Hand
    south: Hand
    west: Hand

    def __getitem__(self, seat: Seat) -> Hand:
        return (self.north, self.east, self.south, self.west)[seat]

    def __iter__(self) -> Iterator[tuple[Seat, Hand]]:
        return iter(zip(SEATS, self.hands, strict=True))

    @property
    def hands(self) -> tuple[Hand, Hand, Hand, Hand]:
        """The hands in the order N, E, S, W."""
        return (self.north, self.east, self.south, self.west)

    @classmethod
    def from_hands(cls, hands: Mapping[Seat, Hand]) -> Deal:
        """A deal from a mapping of seat to hand; a missing seat gets an empty hand."""
        return cls(*(hands.get(seat, Hand()) for seat in SEATS))

    # --- validation -------------------------------------------------------------------

    def status(self) -> DealStatus:
        """Every problem of this deal as flags (``DealStatus.VALID`` if there is none)."""
        return self._check()[0]

    def problems(self) -> tuple[str, ...]:
        """Every problem of this deal, each as a sentence naming the seat and card."""
        return self._check()[1]

    def is_valid(self) -> bool:
        """Four hands of thirteen cards and every card of the pack exactly once."""
        return self.status() == DealStatus.VALID

    def validated(self) -> Deal:
        """This deal, if it is valid.

        Raises:
            InvalidDealError: listing every problem of the deal.
        """
        north, east, south, west = (
            self.north.mask,
            self.east.mask,
            self.south.mask,
            self.west.mask,
        )
        # Fast path: four hands of 13 cards that together hold the whole pack share no card.
        if (
            north | east | south | west == FULL_PACK
            and north.bit_count() == east.bit_count() == 13
            and south.bit_count() == west.bit_count() == 13
        ):
            return self
        status, problems = self._check()
        if status:
            raise InvalidDealError(
                _("invalid deal: {problems}").format(problems="; ".join(problems)), problems
            )
        return self

    def _check(self) -> tuple[DealStatus, tuple[str, ...]]:
        status = DealStatus.VALID
        problems: list[str] = []
        seen = 0
        for seat, hand in self:
            count = len(hand)
            if count < 13:
                status |= DealStatus.TOO_FEW_CARDS
                problems.append(_("{seat} has {n} cards, not 13").format(seat=seat.title, n=count))
            elif count > 13:
                status |= DealStatus.TOO_MANY_CARDS
                problems.append(_("{seat} has {n} cards, not 13").format(seat=seat.title, n=count))
            twice = seen & hand.mask
            for card in Hand(twice):
                status |= DealStatus.DUPLICATE_CARD
                holders = [s.title for s, h in self if card in h]
                problems.append(
                    _("{card} is in more than one hand ({seats})").format(
                        card=card, seats=", ".join(holders)
                    )
                )
            seen |= hand.mask
        missing = FULL_PACK & ~seen
        if missing:
            status |= DealStatus.MISSING_CARD
            problems.append(
                _("missing from every hand: {cards}").format(
                    cards=" ".join(str(card) for card in Hand(missing))
                )
            )
        return status, tuple(problems)

    # --- notation -----------------------------------------------------------------------

    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """Parse PBN deal notation ``"N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ ..."``.

        The first letter names the seat of the first hand; the others follow clockwise.
        ``-`` or an empty suit is a void. The deal is not validated: call :meth:`status`
        or :meth:`validated`.

        Raises:
            NotationError: if the text is not deal notation (with what is wrong and where).
        """
        stripped = text.strip()
        if len(stripped) < 2 or stripped[1] != ":":
            raise NotationError(
                _(
                    "not a deal: {text!r} must start with the first seat and a colon, like N:"
                ).format(text=text)
            )
        first = Seat.from_str(stripped[0])
        parts = stripped[2:].split()
        if len(parts) != 4:
            raise NotationError(
                _("not a deal: {text!r} has {n} hand(s); expected four").format(
                    text=text, n=len(parts)
                )
            )
        masks = [0, 0, 0, 0]
        for offset, part in enumerate(parts):
            seat = first.next(offset)
            try:
                masks[seat] = 0 if part == "-" else parse_hand_mask(part)
            except NotationError as error:
                raise NotationError(
                    _("not a deal: {seat}'s hand: {error}").format(seat=seat.title, error=error)
                ) from None
        return cls(*(Hand(mask) for mask in masks))

    def to_pbn(self, first: Seat = Seat.N) -> str:
        """PBN deal notation starting from ``first``."""
        hands = " ".join(self[first.next(i)].to_pbn() for i in range(4))
        return f"{first.letter}:{hands}"

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"Deal.from_pbn({self.to_pbn()!r})"

    def holder(self, card: Card) -> Seat | None:
        """The seat whose hand holds ``card`` (None if nobody's does)."""
        for seat, hand in self:
            if card in hand:
                return seat
        return None

    # --- dealing (Law 6E) -----------------------------------------------------------------

    @classmethod
    def random(cls, rng: RandomSource) -> Deal:
        """A random deal: each of the :data:`DEAL_COUNT` deals equally likely (Law 6E).

        The deal is ``from_index(rng.randrange(DEAL_COUNT))``, so it is exactly as uniform
        as ``rng`` is. Pass ``secrets.SystemRandom()`` for a deal nobody can predict, or a
        seeded ``random.Random`` for a reproducible one.
        """
        return cls.from_index(rng.randrange(DEAL_COUNT))

    @classmethod
    def from_index(cls, index: int) -> Deal:
        """The deal numbered ``index`` in 0 .. DEAL_COUNT - 1.

        Deals are numbered in the lexicographic order of the sequence "who holds each card",
        card by card from the two of clubs to the ace of spades, seats in the order N, E, S,
        W. This is a bijection, so a uniform index gives a uniform deal.

        Raises:
            ValueError: if the index is out of range.
        """
        if not 0 <= index < DEAL_COUNT:
            raise ValueError(f"deal index {index} is outside 0 .. {DEAL_COUNT - 1}")
        left = [13, 13, 13, 13]
        masks = [0, 0, 0, 0]
        total = DEAL_COUNT  # number of completions from here
        remaining = 52
        for card_index in range(52):
            for seat in range(4):
                count = left[seat]
                if not count:
                    continue
                ways = total * count // remaining
                if index < ways:
                    masks[seat] |= 1 << card_index
                    left[seat] = count - 1
                    total = ways
                    break
                index -= ways
            remaining -= 1
        return cls(*(Hand(mask) for mask in masks))

    def index(self) -> int:
        """This deal's number in the order of :meth:`from_index`.

        Raises:
            InvalidDealError: if the deal is not valid.
        """
        self.validated()
        hands = self.hands
        left = [13, 13, 13, 13]
        total = DEAL_COUNT
        remaining = 52
        index = 0
        for card in CARDS:
            bit = card.bit
            for seat in range(4):
                count = left[seat]
                if not count:
                    continue
                ways = total * count // remaining
                if hands[seat].mask & bit:
                    left[seat] = count - 1
                    total = ways
                    break
                index += ways
            remaining -= 1
        return index
