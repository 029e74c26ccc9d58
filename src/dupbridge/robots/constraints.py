"""What the auction says about a hand: HCP and suit-length ranges (the robots' reading of it).

The bidding rules, run backwards, give each player's likely :class:`HandConstraint` from his
calls; card play by simulation deals the unseen cards consistently with them. A constraint is
a range, never a certainty: a simulation that finds no deal satisfying every constraint widens
them rather than fail.
"""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.cards import Hand, Suit

__all__ = ["ANY_HAND", "HandConstraint", "hcp_of_mask"]

#: The bits of each honour in a 52-bit hand mask (rank r of suit s is bit 13 s + r - 2).
_HONOURS = tuple(sum(1 << (13 * suit + rank - 2) for suit in range(4)) for rank in (14, 13, 12, 11))


def hcp_of_mask(mask: int) -> int:
    """The high-card points of a 52-bit hand mask (A 4, K 3, Q 2, J 1), as ``Hand.hcp``."""
    aces, kings, queens, jacks = _HONOURS
    return (
        4 * (mask & aces).bit_count()
        + 3 * (mask & kings).bit_count()
        + 2 * (mask & queens).bit_count()
        + (mask & jacks).bit_count()
    )


@dataclass(frozen=True, slots=True)
class HandConstraint:
    """A range of hands: high-card points and each suit's length, bounds included.

    ``lengths`` is indexed by :class:`~dupbridge.core.cards.Suit` (clubs 0 ... spades 3), each
    a ``(least, most)`` pair.
    """

    hcp: tuple[int, int] = (0, 37)
    lengths: tuple[tuple[int, int], ...] = ((0, 13), (0, 13), (0, 13), (0, 13))

    def __post_init__(self) -> None:
        low, high = self.hcp
        if not 0 <= low <= high <= 37:
            raise ValueError(f"not an HCP range: {self.hcp}")
        if len(self.lengths) != 4 or any(not 0 <= a <= b <= 13 for a, b in self.lengths):
            raise ValueError(f"not four suit-length ranges: {self.lengths}")

    def admits(self, hand: Hand) -> bool:
        """Whether ``hand`` lies inside the ranges."""
        low, high = self.hcp
        if not low <= hand.hcp <= high:
            return False
        return all(
            a <= hand.length(suit) <= b for suit, (a, b) in zip(Suit, self.lengths, strict=True)
        )

    def admits_mask(self, mask: int) -> bool:
        """:meth:`admits` for a 52-bit hand mask (the sampler's fast path)."""
        low, high = self.hcp
        if not low <= hcp_of_mask(mask) <= high:
            return False
        for suit, (least, most) in enumerate(self.lengths):
            if not least <= ((mask >> (13 * suit)) & 0x1FFF).bit_count() <= most:
                return False
        return True

    def narrowed(self, other: HandConstraint) -> HandConstraint:
        """Both constraints at once (the intersection; an empty range keeps ``self``'s)."""
        hcp = (max(self.hcp[0], other.hcp[0]), min(self.hcp[1], other.hcp[1]))
        if hcp[0] > hcp[1]:
            hcp = self.hcp
        lengths = []
        for mine, theirs in zip(self.lengths, other.lengths, strict=True):
            both = (max(mine[0], theirs[0]), min(mine[1], theirs[1]))
            lengths.append(both if both[0] <= both[1] else mine)
        return HandConstraint(hcp, tuple(lengths))

    def widened(self, hcp: int = 2, length: int = 1) -> HandConstraint:
        """The ranges widened by ``hcp`` points and ``length`` cards each way."""
        return HandConstraint(
            (max(0, self.hcp[0] - hcp), min(37, self.hcp[1] + hcp)),
            tuple((max(0, a - length), min(13, b + length)) for a, b in self.lengths),
        )


#: No information about a hand.
ANY_HAND = HandConstraint()
