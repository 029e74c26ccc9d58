"""Cards, ranks, suits and hands (Law 1)."""

from __future__ import annotations

import pytest

from dupbridge import CARDS, Card, Hand, InvalidCardError, NotationError, Rank, Suit


class TestSuitAndRank:
    def test_suits_rank_spades_hearts_diamonds_clubs(self) -> None:
        """Law 1A: spades rank highest, then hearts, diamonds, clubs."""
        assert [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES] == sorted(Suit)

    def test_ranks_go_ace_high(self) -> None:
        """Law 1A: ace, king, queen, jack, ten, nine ... two."""
        assert "AKQJT98765432" == "".join(r.char for r in sorted(Rank, reverse=True))

    @pytest.mark.parametrize(
        ("rank", "honour"), [(Rank.ACE, True), (Rank.TEN, True), (Rank.NINE, False)]
    )
    def test_honours_are_ace_to_ten(self, rank: Rank, honour: bool) -> None:
        """Definitions: honour = ace, king, queen, jack or ten (used by Laws 24 and 50B)."""
        assert honour == rank.is_honour

    @pytest.mark.parametrize("text", ["S", "s", "♠", "♤"])
    def test_suit_from_str(self, text: str) -> None:
        """Suits read from letters and symbols."""
        assert Suit.SPADES == Suit.from_str(text)

    def test_unknown_suit_is_a_notation_error(self) -> None:
        """A letter that is no suit raises a ValueError naming it."""
        with pytest.raises(InvalidCardError, match="'X'"):
            Suit.from_str("X")


class TestCard:
    def test_there_are_52_distinct_cards(self) -> None:
        """Law 1A: the pack is 52 cards, 13 of each suit."""
        assert 52 == len(set(CARDS))
        assert all(13 == sum(1 for c in CARDS if c.suit is s) for s in Suit)

    @pytest.mark.parametrize(
        ("text", "suit", "rank"),
        [("SA", Suit.SPADES, Rank.ACE), ("h10", Suit.HEARTS, Rank.TEN), ("♦T", Suit.DIAMONDS, Rank.TEN),
         ("C2", Suit.CLUBS, Rank.TWO), ("KH", Suit.HEARTS, Rank.KING)],
    )  # fmt: skip
    def test_from_str(self, text: str, suit: Suit, rank: Rank) -> None:
        """Cards read suit-then-rank, rank-then-suit, with 10 or T and suit symbols."""
        assert Card(suit, rank) == Card.from_str(text)

    def test_str_and_repr_round_trip(self) -> None:
        """str() is canonical notation and repr() evaluates back to an equal card."""
        for card in CARDS:
            assert card == Card.from_str(str(card))
            assert card == eval(repr(card))  # noqa: S307 - the repr contract under test

    def test_index_is_a_bijection(self) -> None:
        """Card indices run 0..51 and name each card once."""
        assert list(range(52)) == [card.index for card in CARDS]
        assert all(Card.from_index(card.index) is card for card in CARDS)

    @pytest.mark.parametrize("text", ["S1", "Z9", "", "SAK", "11S"])
    def test_bad_card_text(self, text: str) -> None:
        """Text that is no card raises InvalidCardError (a ValueError) naming the text."""
        with pytest.raises(ValueError, match=repr(text).replace("(", r"\(")):
            Card.from_str(text)

    def test_card_needs_enums(self) -> None:
        """Card(3, 14) with plain integers is refused, so cards stay well-typed."""
        with pytest.raises(InvalidCardError):
            Card(3, 14)  # type: ignore[arg-type]


class TestHand:
    def test_pbn_round_trip(self) -> None:
        """PBN hand notation: spades.hearts.diamonds.clubs, high to low."""
        hand = Hand.from_pbn("AKQ2.J3.T98.5432")
        assert "AKQ2.J3.T98.5432" == str(hand)
        assert 13 == len(hand)
        assert (4, 2, 3, 4) == hand.shape
        assert 10 == hand.hcp

    @pytest.mark.parametrize("text", ["AKQJT98765432...", "AKQJT98765432.-.-.-"])
    def test_voids_written_empty_or_dash(self, text: str) -> None:
        """A void may be written empty or as '-' on input."""
        hand = Hand.from_pbn(text)
        assert 0 == hand.length(Suit.HEARTS)
        assert "AKQJT98765432..." == str(hand)

    def test_ten_as_10(self) -> None:
        """'10' is accepted for the ten."""
        assert Hand.from_pbn("A10.K.Q.J") == Hand.from_pbn("AT.K.Q.J")

    def test_iteration_order_is_as_written(self) -> None:
        """Iteration goes spades to clubs, high to low."""
        assert ["SA", "S2", "HJ", "C3"] == [str(c) for c in Hand.from_pbn("A2.J..3")]

    @pytest.mark.parametrize(
        ("text", "problem"),
        [("AKQ.J3.T98", "3 suit"), ("AKQ.J3.T98.54X2", "'X'"), ("AKQA.J3.T98.5432", "SA twice")],
    )
    def test_bad_hand_text(self, text: str, problem: str) -> None:
        """Malformed hands raise a NotationError saying what is wrong."""
        with pytest.raises(NotationError, match=problem):
            Hand.from_pbn(text)

    def test_membership_and_removal(self) -> None:
        """Hands are immutable values: remove() returns a new hand."""
        hand = Hand.from_pbn("AK.Q.J.T")
        ace = Card.from_str("SA")
        smaller = hand.remove(ace)
        assert ace in hand
        assert ace not in smaller
        assert 4 == len(smaller)
        assert hand == smaller.add(ace)
