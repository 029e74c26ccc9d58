"""The PBN Deal tag: ``"N:hand hand hand hand"`` parsed into card masks and deals, and written.

A full deal written high to low (the common case) is parsed by one dictionary lookup a suit;
anything else takes the full check, which names what is wrong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from dupbridge.core.cards import Hand, Rank
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat
from dupbridge.formats._pbn_values import SEAT_LETTERS, SEAT_TEXT, UNKNOWN, PbnValueError
from dupbridge.i18n import _

__all__ = [
    "DealMasks",
    "DealValue",
    "deal_of",
    "deal_value",
    "format_deal",
    "parse_deal",
    "parse_deal_masks",
]


_DEAL_RE = re.compile(r"([NESWnesw]):(\S+) (\S+) (\S+) (\S+)")


_HAND_RE = re.compile(r"([AKQJT2-9]*)\.([AKQJT2-9]*)\.([AKQJT2-9]*)\.([AKQJT2-9]*)")


_RANK_BIT = {rank.char: 1 << (rank - 2) for rank in Rank}


_SUIT_CACHE: dict[str, int] = {}


_SEAT_LIST = (Seat.N, Seat.E, Seat.S, Seat.W)


_FULL = (1 << 52) - 1


#: The seats (as numbers) of a deal written from each seat, in the order written.
_KNOWN_FROM = tuple(tuple((first + offset) & 3 for offset in range(4)) for first in range(4))


def _suit_bits(ranks: str) -> int:
    bits = _SUIT_CACHE.get(ranks)
    if bits is None:
        bits = 0
        for char in ranks:
            bit = _RANK_BIT[char]
            if bits & bit:
                raise PbnValueError(_("rank {rank} is given twice in a suit").format(rank=char))
            bits |= bit
        if len(_SUIT_CACHE) < 65536:
            _SUIT_CACHE[ranks] = bits
    return bits


def _hand_mask(text: str, seat: Seat) -> int:
    parts = text.split(".")
    if len(parts) == 4:
        known = _SUIT_CACHE
        try:
            return (
                known[parts[0]] << 39
                | known[parts[1]] << 26
                | known[parts[2]] << 13
                | known[parts[3]]
            )
        except KeyError:
            pass  # not written high to low, or not a hand: the full check below
    match = _HAND_RE.fullmatch(text)
    if match is None:
        raise PbnValueError(
            _(
                "{seat}'s hand {text!r} is not PBN hand notation (four suits S.H.D.C of "
                "ranks AKQJT98765432, or - for an unknown hand)"
            ).format(seat=seat.title, text=text)
        )
    spades, hearts, diamonds, clubs = match.groups()
    try:
        return (
            _suit_bits(spades) << 39
            | _suit_bits(hearts) << 26
            | _suit_bits(diamonds) << 13
            | _suit_bits(clubs)
        )
    except PbnValueError as error:
        raise PbnValueError(
            _("{seat}'s hand {text!r}: {error}").format(seat=seat.title, text=text, error=error)
        ) from None


def _all_suits() -> None:
    """Fill the suit table with the 8,192 holdings of a suit written high to low."""
    ranks = "AKQJT98765432"
    for bits in range(1 << 13):
        text = "".join(ranks[12 - r] for r in range(12, -1, -1) if bits >> r & 1)
        _SUIT_CACHE[text] = bits


_all_suits()


@dataclass(frozen=True, slots=True)
class DealValue:
    """A parsed Deal tag: the deal (unknown hands empty), the first seat, the known seats."""

    deal: Deal
    first: Seat
    known: tuple[Seat, ...]


#: A parsed Deal tag in a plain tuple of numbers (which the garbage collector need not
#: track): the 52-bit masks of the hands of N, E, S and W, the first seat written, and the
#: seats given (seats as numbers, N 0 to W 3).
DealMasks = tuple[int, int, int, int, int, tuple[int, ...]]


def parse_deal(text: str) -> DealValue | None:
    """Parse the Deal tag: ``"N:hand hand hand hand"``, a hand being ``S.H.D.C`` or ``-``.

    The known hands must hold the same number of cards (13, or fewer for an end position),
    no card twice. Cards written in lower case are read too (the reader warns about them).

    Raises:
        PbnValueError: naming what is wrong.
    """
    masks = parse_deal_masks(text)
    return None if masks is None else deal_value(masks)


def deal_of(masks: DealMasks) -> Deal:
    """The deal of a parsed Deal tag (see :func:`parse_deal_masks`)."""
    return Deal(Hand(masks[0]), Hand(masks[1]), Hand(masks[2]), Hand(masks[3]))


def deal_value(masks: DealMasks) -> DealValue:
    """The :class:`DealValue` of a parsed Deal tag (see :func:`parse_deal_masks`)."""
    return DealValue(deal_of(masks), _SEAT_LIST[masks[4]], tuple(_SEAT_LIST[s] for s in masks[5]))


def parse_deal_masks(text: str) -> DealMasks | None:
    """Parse the Deal tag as :func:`parse_deal` does, into a :data:`DealMasks` tuple.

    Raises:
        PbnValueError: naming what is wrong.
    """
    if text in UNKNOWN:
        return None
    first_seat = SEAT_TEXT.get(text[:1])
    if first_seat is not None and text[1:2] == ":":
        # the common case: four full hands, each suit written high to low, one dictionary
        # lookup a suit; anything else takes the full check below
        hands_text = text[2:].split(" ")
        if len(hands_text) == 4:
            known_suits = _SUIT_CACHE
            masks = [0, 0, 0, 0]
            try:
                for offset in range(4):
                    spades, hearts, diamonds, clubs = hands_text[offset].split(".")
                    masks[(first_seat + offset) & 3] = (
                        known_suits[spades] << 39
                        | known_suits[hearts] << 26
                        | known_suits[diamonds] << 13
                        | known_suits[clubs]
                    )
            except (KeyError, ValueError):
                pass
            else:
                north, east, south, west = masks
                if (
                    north | east | south | west == _FULL
                    and north.bit_count() == 13
                    and east.bit_count() == 13
                    and south.bit_count() == 13
                    and west.bit_count() == 13
                ):
                    first = int(first_seat)
                    return (north, east, south, west, first, _KNOWN_FROM[first])
    if text.upper() != text:
        text = text.upper()  # cards in lower case (the reader warns about them)
    match = _DEAL_RE.fullmatch(text)
    if match is None:
        if text[:2].upper() in ("N:", "E:", "S:", "W:") and len(text[2:].split()) == 4:
            raise PbnValueError(
                _("deal {text!r}: hands must be separated by exactly one space").format(text=text)
            )
        raise PbnValueError(
            _(
                "not a deal: {text!r} (expected the first seat, a colon and four hands, "
                "like N:AKQ2.J3.T98.5432 - - -)"
            ).format(text=text)
        )
    first = SEAT_LETTERS[match.group(1).upper()]
    masks = [0, 0, 0, 0]
    known: list[Seat] = []
    hands = match.groups()
    for offset in range(4):
        hand = hands[offset + 1]
        if hand == "-":
            continue
        seat = _SEAT_LIST[(first + offset) & 3]
        masks[seat] = _hand_mask(hand, seat)
        known.append(seat)
    if not known:
        raise PbnValueError(_("deal {text!r} has no cards").format(text=text))
    if (
        len(known) == 4
        and masks[0] | masks[1] | masks[2] | masks[3] == _FULL
        and all(mask.bit_count() == 13 for mask in masks)
    ):
        return (masks[0], masks[1], masks[2], masks[3], int(first), _KNOWN_FROM[first])
    seen = 0
    for seat in known:
        twice = seen & masks[seat]
        if twice:
            card = next(iter(Hand(twice)))
            raise PbnValueError(
                _("deal {text!r}: {card} is in more than one hand").format(text=text, card=card)
            )
        seen |= masks[seat]
    counts = {seat: masks[seat].bit_count() for seat in known}
    most = max(counts.values())
    if most > 13:
        seat = max(counts, key=lambda s: counts[s])
        raise PbnValueError(
            _("deal {text!r}: {seat} has {n} cards").format(text=text, seat=seat.title, n=most)
        )
    if len(set(counts.values())) > 1:
        described = ", ".join(f"{seat.title} {counts[seat]}" for seat in known)
        raise PbnValueError(
            _("deal {text!r}: the hands do not hold the same number of cards ({counts})").format(
                text=text, counts=described
            )
        )
    if most < 13 and len(known) < 4:
        raise PbnValueError(
            _(
                "deal {text!r}: a hand of {n} cards (an end position) needs all four hands given"
            ).format(text=text, n=most)
        )
    return (masks[0], masks[1], masks[2], masks[3], int(first), tuple(int(s) for s in known))


def format_deal(deal: Deal, first: Seat = Seat.N, known: tuple[Seat, ...] | None = None) -> str:
    """The Deal tag value of ``deal``; seats not in ``known`` are written ``-``."""
    parts = []
    for offset in range(4):
        seat = first.next(offset)
        hand = deal[seat]
        unknown = (known is not None and seat not in known) or (known is None and not len(hand))
        parts.append("-" if unknown else hand.to_pbn())
    return f"{first.letter}:{' '.join(parts)}"
