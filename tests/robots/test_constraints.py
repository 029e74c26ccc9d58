"""Hand constraints: the ranges the robots read from an auction (issue 14)."""

from __future__ import annotations

import pytest

from dupbridge import Deal
from dupbridge.core.cards import Suit
from dupbridge.robots.constraints import ANY_HAND, HandConstraint

DEAL = Deal.from_pbn("N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876")
NORTH = DEAL[0]  # 10 HCP: 4 clubs, 3 diamonds, 2 hearts, 4 spades


def lengths(clubs: tuple[int, int], diamonds: tuple[int, int], hearts: tuple[int, int],
            spades: tuple[int, int]) -> tuple[tuple[int, int], ...]:  # fmt: skip
    return (clubs, diamonds, hearts, spades)


class TestHandConstraint:
    def test_any_hand_admits_every_hand(self) -> None:
        """With nothing known, every hand fits."""
        assert all(ANY_HAND.admits(hand) for hand in DEAL.hands)

    def test_ranges_are_inclusive(self) -> None:
        """A hand on the edge of each range fits; one point or card outside does not."""
        exact = HandConstraint((10, 10), lengths((4, 4), (3, 3), (2, 2), (4, 4)))
        assert exact.admits(NORTH)
        assert not HandConstraint((11, 20)).admits(NORTH)
        assert not HandConstraint(lengths=lengths((0, 13), (0, 13), (3, 13), (0, 13))).admits(NORTH)
        assert 4 == NORTH.length(Suit.SPADES)

    def test_narrowed_is_the_intersection(self) -> None:
        """Two readings of one hand combine into the ranges both allow."""
        opened = HandConstraint((12, 21), lengths((0, 13), (0, 13), (0, 13), (5, 13)))
        limited = HandConstraint((6, 14))
        assert HandConstraint((12, 14), opened.lengths) == opened.narrowed(limited)

    def test_contradiction_keeps_the_first_reading(self) -> None:
        """Ranges that cannot both hold keep the first one rather than admit no hand."""
        strong = HandConstraint((20, 22))
        weak = HandConstraint((0, 10))
        assert strong.hcp == strong.narrowed(weak).hcp

    def test_widened(self) -> None:
        """Widening relaxes every range, within 0-37 points and 0-13 cards."""
        wide = HandConstraint((0, 36), lengths((0, 13), (1, 2), (5, 5), (0, 0))).widened()
        assert (0, 37) == wide.hcp
        assert lengths((0, 13), (0, 3), (4, 6), (0, 1)) == wide.lengths

    @pytest.mark.parametrize("hcp", [(5, 4), (-1, 3), (0, 38)])
    def test_bad_ranges_are_refused(self, hcp: tuple[int, int]) -> None:
        """A range that admits no hand at all is a programming error, refused at once."""
        with pytest.raises(ValueError, match="not an HCP range"):
            HandConstraint(hcp)


def test_mask_checks_agree_with_the_hand_checks() -> None:
    """The sampler's fast checks on hand masks give what ``Hand.hcp`` and ``admits`` give."""
    import random

    from dupbridge.robots.constraints import hcp_of_mask

    rng = random.Random(5)
    ranges = [
        HandConstraint((12, 14)),
        HandConstraint((0, 37), lengths((0, 3), (2, 5), (0, 13), (4, 6))),
    ]
    for _ in range(200):
        for hand in Deal.random(rng).hands:
            assert hand.hcp == hcp_of_mask(hand.mask)
            for constraint in ranges:
                assert constraint.admits(hand) == constraint.admits_mask(hand.mask)
