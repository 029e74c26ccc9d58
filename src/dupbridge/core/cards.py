"""The pack: suits, ranks, cards and hands (Law 1).

A card is identified by its index ``suit * 13 + (rank - 2)`` (0 = two of clubs, 51 = ace of
spades); a hand is a 52-bit mask of those indices, which keeps following suit and counting
cheap. All 52 :class:`Card` values are created once and shared.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import IntEnum

from dupbridge.core.errors import InvalidCardError, NotationError
from dupbridge.i18n import _, ngettext

__all__ = [
    "CARDS",
    "FULL_PACK",
    "SUITS_DESCENDING",
    "Card",
    "Hand",
    "Rank",
    "Suit",
    "parse_hand_mask",
    "suit_mask",
]


class Suit(IntEnum):
    """The four suits, ranked spades, hearts, diamonds, clubs from the top (Law 1A)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    def __bool__(self) -> bool:
        """Always true, although clubs has the value 0: ``if seat`` means
        "if there is a seat", never "if it is not North"."""
        return True

    @property
    def letter(self) -> str:
        """``"C"``, ``"D"``, ``"H"`` or ``"S"``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol ``♣ ♦ ♥ ♠``."""
        return "♣♦♥♠"[self]

    @property
    def is_major(self) -> bool:
        """Hearts and spades are the major suits."""
        return self >= Suit.HEARTS

    @classmethod
    def from_str(cls, text: str) -> Suit:
        """Parse ``"S"``, ``"s"``, ``"♠"`` (or ``"♤"``) and so on.

        Raises:
            InvalidCardError: if the text names no suit.
        """
        suit = _SUIT_NAMES.get(text.strip().upper())
        if suit is None:
            raise InvalidCardError(_("not a suit: {text!r}").format(text=text))
        return suit

    def __str__(self) -> str:
        return self.letter


#: Suits in the order hands are written (PBN): spades, hearts, diamonds, clubs.
SUITS_DESCENDING: tuple[Suit, Suit, Suit, Suit] = (
    Suit.SPADES,
    Suit.HEARTS,
    Suit.DIAMONDS,
    Suit.CLUBS,
)
_SUIT_NAMES = {
    "C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES,
    "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES,
    "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES,
}  # fmt: skip


class Rank(IntEnum):
    """Card ranks, ace high (Law 1A); the value is the rank's number (ace = 14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        """The one-character PBN name: ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return "23456789TJQKA"[self - 2]

    @property
    def is_honour(self) -> bool:
        """Ace, king, queen, jack and ten are honours (Definitions; used by Laws 24, 50B)."""
        return self >= Rank.TEN

    @property
    def hcp(self) -> int:
        """Milton Work high-card points: A 4, K 3, Q 2, J 1."""
        return max(0, self - 10)

    @classmethod
    def from_str(cls, text: str) -> Rank:
        """Parse ``"A"``, ``"T"``, ``"10"``, ``"9"`` (case-insensitive).

        Raises:
            InvalidCardError: if the text names no rank.
        """
        rank = _RANK_NAMES.get(text.strip().upper())
        if rank is None:
            raise InvalidCardError(_("not a card rank: {text!r}").format(text=text))
        return rank

    def __str__(self) -> str:
        return self.char


_RANK_NAMES = {r.char: r for r in Rank} | {"10": Rank.TEN}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One of the 52 cards; ordered by suit (clubs lowest), then rank.

    ``str(Card(Suit.SPADES, Rank.ACE))`` is ``"SA"``; :meth:`from_str` reads it back.
    """

    suit: Suit
    rank: Rank
    #: 0 (two of clubs) to 51 (ace of spades); derived from suit and rank.
    index: int = field(init=False, repr=False, compare=False)
    #: The card's bit in a hand mask, ``1 << index``.
    bit: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.suit, Suit) or not isinstance(self.rank, Rank):
            raise InvalidCardError(
                _("a card needs a Suit and a Rank, not {suit!r} and {rank!r}").format(
                    suit=self.suit, rank=self.rank
                )
            )
        index = int(self.suit) * 13 + int(self.rank) - 2
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "bit", 1 << index)

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with the given index (0-51)."""
        return CARDS[index]

    @classmethod
    def from_str(cls, text: str) -> Card:
        """Parse a card: suit then rank (``"SA"``, ``"H10"``, ``"♥T"``), or rank then suit.

        Raises:
            InvalidCardError: if the text is not a card.
        """
        card = _CARD_NAMES.get(text.strip().upper())
        if card is None:
            raise InvalidCardError(
                _("not a card: {text!r} (expected suit and rank, like SA or H10)").format(text=text)
            )
        return card

    def to_str(self, *, symbols: bool = False) -> str:
        """``"SA"``, or ``"♠A"`` with ``symbols=True``."""
        return (self.suit.symbol if symbols else self.suit.letter) + self.rank.char

    def __str__(self) -> str:
        return self.suit.letter + self.rank.char

    def __repr__(self) -> str:
        return f"Card.from_str({str(self)!r})"


#: All 52 cards by index.
CARDS: tuple[Card, ...] = tuple(Card(suit, rank) for suit in Suit for rank in Rank)
FULL_PACK = (1 << 52) - 1
_CARD_NAMES: dict[str, Card] = {}
for _card in CARDS:
    for _s in [k for k, v in _SUIT_NAMES.items() if v is _card.suit]:
        for _r in [k for k, v in _RANK_NAMES.items() if v is _card.rank]:
            _CARD_NAMES[_s + _r] = _card
            _CARD_NAMES[_r + _s] = _card
del _card, _s, _r


def suit_mask(suit: Suit) -> int:
    """The mask of all thirteen cards of ``suit``."""
    return 0x1FFF << (13 * suit)


class Hand:
    """A set of cards held by one player: an immutable value over a 52-bit mask.

    Iteration yields the cards in the order a hand is written: spades to clubs, high to low.
    ``str(hand)`` is PBN hand notation (``"AKQ2.J3.T98.5432"``).
    """

    __slots__ = ("_mask",)

    def __init__(self, mask: int = 0) -> None:
        if not 0 <= mask <= FULL_PACK:
            raise ValueError(f"not a hand mask: {mask:#x}")
        self._mask = mask

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Hand:
        """The hand holding exactly ``cards`` (duplicates collapse)."""
        mask = 0
        for card in cards:
            mask |= card.bit
        return cls(mask)

    @classmethod
    def from_pbn(cls, text: str) -> Hand:
        """Parse PBN hand notation: four suits S.H.D.C separated by dots.

        An empty suit or ``-`` is a void; ``10`` is accepted for ``T``.

        Raises:
            NotationError: if the text is not a hand (wrong number of suits, unknown rank,
                a card given twice).
        """
        return cls(parse_hand_mask(text))

    @property
    def mask(self) -> int:
        """The 52-bit mask of the cards held."""
        return self._mask

    def suit(self, suit: Suit) -> tuple[Rank, ...]:
        """The ranks held in ``suit``, highest first."""
        bits = (self._mask >> (13 * suit)) & 0x1FFF
        return tuple(Rank(r + 2) for r in range(12, -1, -1) if bits >> r & 1)

    def length(self, suit: Suit) -> int:
        """How many cards of ``suit`` are held."""
        return ((self._mask >> (13 * suit)) & 0x1FFF).bit_count()

    def has_suit(self, suit: Suit) -> bool:
        """Whether at least one card of ``suit`` is held."""
        return bool((self._mask >> (13 * suit)) & 0x1FFF)

    @property
    def shape(self) -> tuple[int, int, int, int]:
        """Suit lengths in the order spades, hearts, diamonds, clubs."""
        s, h, d, c = (self.length(suit) for suit in SUITS_DESCENDING)
        return (s, h, d, c)

    @property
    def hcp(self) -> int:
        """High-card points (A 4, K 3, Q 2, J 1)."""
        return sum(card.rank.hcp for card in self)

    def add(self, card: Card) -> Hand:
        """This hand with ``card`` added."""
        return Hand(self._mask | card.bit)

    def remove(self, card: Card) -> Hand:
        """This hand without ``card``."""
        return Hand(self._mask & ~card.bit)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self._mask & card.bit)

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __iter__(self) -> Iterator[Card]:
        mask = self._mask
        for index in range(51, -1, -1):
            if mask >> index & 1:
                yield CARDS[index]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and other._mask == self._mask

    def __hash__(self) -> int:
        return hash(("Hand", self._mask))

    def to_pbn(self, *, symbols: bool = False) -> str:
        """PBN hand notation; with ``symbols=True`` each suit is prefixed by its symbol."""
        parts = []
        for suit in SUITS_DESCENDING:
            ranks = "".join(rank.char for rank in self.suit(suit))
            parts.append(suit.symbol + (ranks or "-") if symbols else ranks)
        return (" " if symbols else ".").join(parts)

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"Hand.from_pbn({self.to_pbn()!r})"


def parse_hand_mask(text: str) -> int:
    """The 52-bit card mask of PBN hand notation ``"AKQ2.J3.T98.5432"`` (spades first).

    Raises:
        NotationError: if the text is not four suits of distinct ranks.
    """
    suits = text.strip().split(".")
    if len(suits) != 4:
        raise NotationError(
            ngettext(
                "not a hand: {text!r} has {n} suit; expected four separated by dots",
                "not a hand: {text!r} has {n} suits; expected four separated by dots",
                len(suits),
            ).format(text=text, n=len(suits))
        )
    mask = 0
    for suit, written in zip(SUITS_DESCENDING, suits, strict=True):
        ranks = written.strip().upper().replace("10", "T")
        if ranks == "-":
            continue
        for char in ranks:
            rank = _RANK_NAMES.get(char)
            if rank is None:
                raise NotationError(
                    _("not a hand: {text!r} has {char!r} in {suit}, which is no rank").format(
                        text=text, char=char, suit=suit.letter
                    )
                )
            bit = 1 << (suit * 13 + rank - 2)
            if mask & bit:
                raise NotationError(
                    _("not a hand: {text!r} holds {card} twice").format(
                        text=text, card=suit.letter + rank.char
                    )
                )
            mask |= bit
    return mask
