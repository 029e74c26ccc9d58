"""Behaviours of the pack that mutation testing found unpinned (issue 19, core/cards.py).

Each test states what suits, ranks, cards and hands must do or say (Law 1); a mutant that
changes it fails here. Values are built inside the tests (a mutant is activated after the
tests are collected).
"""

from __future__ import annotations

import pytest

from dupbridge import CARDS, Card, Hand, InvalidCardError, NotationError, Rank, Suit
from dupbridge.core.cards import FULL_PACK, suit_mask


class TestRefusalsInWords:
    def test_not_a_suit(self) -> None:
        """A text naming no suit is refused, quoting it."""
        with pytest.raises(InvalidCardError) as caught:
            Suit.from_str("X")
        assert "not a suit: 'X'" == str(caught.value)

    def test_not_a_rank(self) -> None:
        """A text naming no rank is refused, quoting it (Law 1A: two to ace)."""
        with pytest.raises(InvalidCardError) as caught:
            Rank.from_str("1")
        assert "not a card rank: '1'" == str(caught.value)

    def test_not_a_card(self) -> None:
        """A text naming no card is refused with an example of what a card looks like."""
        with pytest.raises(InvalidCardError) as caught:
            Card.from_str("S1")
        assert "not a card: 'S1' (expected suit and rank, like SA or H10)" == str(caught.value)

    @pytest.mark.parametrize(
        ("suit", "rank", "shown"),
        [(Suit.SPADES, 14, "<Suit.SPADES: 3> and 14"), (3, Rank.ACE, "3 and <Rank.ACE: 14>")],
    )
    def test_a_card_needs_a_suit_and_a_rank(self, suit: object, rank: object, shown: str) -> None:
        """A card of a plain number for either its suit or its rank is refused, showing both."""
        with pytest.raises(InvalidCardError) as caught:
            Card(suit, rank)  # type: ignore[arg-type]
        assert f"a card needs a Suit and a Rank, not {shown}" == str(caught.value)

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("AKQ", "not a hand: 'AKQ' has 1 suit; expected four separated by dots"),
            (
                "AKQ.J3.T98.5432.2",
                "not a hand: 'AKQ.J3.T98.5432.2' has 5 suits; expected four separated by dots",
            ),
            ("AKQ.J3.T98.54X2", "not a hand: 'AKQ.J3.T98.54X2' has 'X' in C, which is no rank"),
            ("AKQ.J3.TX8.542", "not a hand: 'AKQ.J3.TX8.542' has 'X' in D, which is no rank"),
            ("AKQA.J3.T98.5432", "not a hand: 'AKQA.J3.T98.5432' holds SA twice"),
        ],
    )
    def test_not_a_hand(self, text: str, message: str) -> None:
        """PBN hand notation that is no hand is refused saying what is wrong and where: the
        number of suits (one suit, several suits), the character that is no rank and its
        suit, the card given twice."""
        with pytest.raises(NotationError) as caught:
            Hand.from_pbn(text)
        assert message == str(caught.value)

    @pytest.mark.parametrize(("mask", "shown"), [(1 << 52, "0x10000000000000"), (-1, "-0x1")])
    def test_not_a_hand_mask(self, mask: int, shown: str) -> None:
        """A hand's mask holds the 52 bits of the pack and nothing else."""
        with pytest.raises(ValueError, match="not a hand mask") as caught:
            Hand(mask)
        assert f"not a hand mask: {shown}" == str(caught.value)


class TestRanksAndSuits:
    @pytest.mark.parametrize(
        ("text", "rank"),
        [("A", Rank.ACE), (" t ", Rank.TEN), ("10", Rank.TEN), ("2", Rank.TWO), ("q", Rank.QUEEN)],
    )
    def test_rank_from_str(self, text: str, rank: Rank) -> None:
        """Ranks read from their PBN character, ``10`` for the ten, in either case."""
        assert rank is Rank.from_str(text)

    def test_every_suit_is_true(self) -> None:
        """Clubs has the value 0 but is a suit: ``if suit`` is true for each of the four."""
        assert all(bool(suit) for suit in Suit)
        assert bool(Suit.CLUBS)

    def test_suit_masks(self) -> None:
        """Each suit's mask holds exactly its thirteen cards."""
        for suit in Suit:
            mask = suit_mask(suit)
            assert {card for card in CARDS if card.suit is suit} == set(Hand(mask))
            assert 13 == mask.bit_count()
        assert FULL_PACK == sum(suit_mask(suit) for suit in Suit)


class TestCardsAndHands:
    def test_card_text_with_and_without_symbols(self) -> None:
        """A card is written with the suit's letter, or its symbol when asked."""
        ace = Card(Suit.SPADES, Rank.ACE)
        assert "SA" == ace.to_str()
        assert "♠A" == ace.to_str(symbols=True)
        assert "HT" == Card(Suit.HEARTS, Rank.TEN).to_str(symbols=False)

    def test_the_whole_pack_is_a_hand(self) -> None:
        """The mask of the whole pack is a hand of all 52 cards (the edge of the range)."""
        pack = Hand(FULL_PACK)
        assert 52 == len(pack)
        assert list(CARDS) == sorted(pack)
        assert (13, 13, 13, 13) == pack.shape

    def test_has_suit_of_each_suit(self) -> None:
        """``has_suit`` tells a void from a suit held, in each of the four suits."""
        for suit in Suit:
            ace = Card(suit, Rank.ACE)
            two = Card(suit, Rank.TWO)
            alone = Hand.of([ace])
            assert alone.has_suit(suit)
            assert Hand.of([two]).has_suit(suit)
            assert [suit] == [other for other in Suit if alone.has_suit(other)]
            assert not Hand(FULL_PACK & ~suit_mask(suit)).has_suit(suit)

    def test_equal_hands_hash_equal_and_different_hands_apart(self) -> None:
        """Hands are values: equal hands hash equal; the 52 one-card hands are 52 keys."""
        assert hash(Hand.from_pbn("AK.Q.J.T")) == hash(Hand.from_pbn("KA.Q.J.T"))
        assert 52 == len({hash(Hand.of([card])) for card in CARDS})
        assert 52 == len({Hand.of([card]) for card in CARDS})
