"""Behaviours of deals that mutation testing found unpinned (issue 19, core/deal.py).

Each test states what a deal must report or refuse (Laws 1 and 6: four hands of thirteen
cards, each card of the pack once); a mutant that changes it fails here. Deals are built
inside the tests (a mutant is activated after the tests are collected).
"""

from __future__ import annotations

import pytest

from dupbridge import (
    DEAL_COUNT,
    Card,
    Deal,
    DealStatus,
    Hand,
    InvalidDealError,
    NotationError,
    Seat,
)

PBN = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876"


def card(text: str) -> Card:
    return Card.from_str(text)


def moved(*changes: tuple[Seat, str, str]) -> Deal:
    """The deal of PBN with cards added (``"+"``) to or taken (``"-"``) from seats' hands."""
    hands = dict(Deal.from_pbn(PBN))
    for seat, how, text in changes:
        hand = hands[seat]
        hands[seat] = hand.add(card(text)) if how == "+" else hand.remove(card(text))
    return Deal.from_hands(hands)


class TestValidatedRefusesEveryBadDeal:
    """``validated`` takes a fast path for a proper deal; no bad deal may slip through it."""

    def test_whole_pack_but_wrong_counts(self) -> None:
        """Every card is held, but North holds East's SJ as well: 14 and 13 cards, the card
        twice (Law 1: each card once)."""
        deal = moved((Seat.N, "+", "SJ"))
        with pytest.raises(InvalidDealError) as caught:
            deal.validated()
        assert (
            "invalid deal: North has 14 cards, not 13; SJ is in more than one hand (North, East)"
            == str(caught.value)
        )
        assert deal.problems() == caught.value.problems

    @pytest.mark.parametrize(
        "seats",
        [(Seat.N,), (Seat.N, Seat.E), (Seat.S,), (Seat.S, Seat.W), (Seat.E,), (Seat.W,)],
    )
    def test_extra_cards_of_another_hand(self, seats: tuple[Seat, ...]) -> None:
        """One or two hands of fourteen, holding a card of the next hand: refused."""
        deal = moved(
            *((seat, "+", str(next(iter(Deal.from_pbn(PBN)[seat.lho])))) for seat in seats)
        )
        assert not deal.is_valid()
        with pytest.raises(InvalidDealError, match="14 cards, not 13"):
            deal.validated()

    def test_thirteen_each_but_a_card_twice(self) -> None:
        """Thirteen cards in each hand but West holds North's SA instead of his S3: SA twice
        and S3 missing."""
        deal = moved((Seat.W, "-", "S3"), (Seat.W, "+", "SA"))
        assert all(13 == len(hand) for hand in deal.hands)
        with pytest.raises(InvalidDealError) as caught:
            deal.validated()
        assert (
            "invalid deal: SA is in more than one hand (North, West); missing from every hand: S3"
            == str(caught.value)
        )


class TestProblemsInWords:
    def test_too_few_then_too_many(self) -> None:
        """Too few cards in one hand and too many in a later one are both reported, with
        each seat's count (the flags add up, whichever seat comes first)."""
        deal = moved((Seat.N, "-", "SA"), (Seat.N, "-", "SK"), (Seat.E, "+", "SA"))
        assert DealStatus.TOO_FEW_CARDS | DealStatus.TOO_MANY_CARDS | DealStatus.MISSING_CARD == (
            deal.status()
        )
        assert (
            "North has 11 cards, not 13",
            "East has 14 cards, not 13",
            "missing from every hand: SK",
        ) == deal.problems()

    def test_two_missing_cards(self) -> None:
        """Missing cards are listed together, separated by spaces, highest first."""
        deal = moved((Seat.S, "-", "S7"), (Seat.S, "-", "S6"))
        assert ("South has 11 cards, not 13", "missing from every hand: S7 S6") == deal.problems()


class TestNotationRefusals:
    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("AKQ2", "not a deal: 'AKQ2' must start with the first seat and a colon, like N:"),
            ("N:", "not a deal: 'N:' has 0 hands; expected four"),
            ("N:AKQ2.J3.T98.5432", "not a deal: 'N:AKQ2.J3.T98.5432' has 1 hand; expected four"),
            (
                "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKZ.JT 3.6542.J432.9876",
                "not a deal: South's hand: not a hand: '7654.T987.AKZ.JT' has 'Z' in D, "
                "which is no rank",
            ),
        ],
    )
    def test_not_a_deal(self, text: str, message: str) -> None:
        """Text that is no deal is refused saying what is wrong and in which seat's hand."""
        with pytest.raises(NotationError) as caught:
            Deal.from_pbn(text)
        assert message == str(caught.value)

    def test_a_dash_is_an_empty_hand(self) -> None:
        """A hand written ``-`` is empty (a partial deal, as in a problem with hidden hands)."""
        deal = Deal.from_pbn("N:AKQ2.J3.T98.5432 - 7654.T987.AKQ.JT -")
        assert Hand() == deal[Seat.E] == deal[Seat.W]
        assert Hand.from_pbn("AKQ2.J3.T98.5432") == deal[Seat.N]

    @pytest.mark.parametrize("index", [-1, DEAL_COUNT])
    def test_index_out_of_range(self, index: int) -> None:
        """Deals are numbered 0 to DEAL_COUNT - 1; the error gives that range."""
        with pytest.raises(ValueError, match="outside") as caught:
            Deal.from_index(index)
        assert f"deal index {index} is outside 0 .. {DEAL_COUNT - 1}" == str(caught.value)
        assert "0 .. 53644737765488792839237439999" in str(caught.value)


class TestHandsAndHolders:
    def test_from_hands_fills_missing_seats_with_empty_hands(self) -> None:
        """A deal from some seats' hands: the others are empty."""
        north = Hand.from_pbn("AKQ2.J3.T98.5432")
        west = Hand.from_pbn("3.6542.J432.9876")
        deal = Deal.from_hands({Seat.N: north, Seat.W: west})
        assert (north, Hand(), Hand(), west) == deal.hands

    def test_holder(self) -> None:
        """The holder of each card is the seat whose hand has it; nobody holds a card that
        is in no hand."""
        deal = Deal.from_pbn(PBN)
        for seat, hand in deal:
            for held in hand:
                assert seat is deal.holder(held)
        partial = Deal.from_pbn("N:AKQ2.J3.T98.5432 - - -")
        assert partial.holder(card("SJ")) is None
        assert Seat.N is partial.holder(card("C2"))
