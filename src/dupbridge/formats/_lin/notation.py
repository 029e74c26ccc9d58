"""LIN notation: seats, dealer digits, vulnerability letters, hands, deals and calls.

Shared by the LIN reader and writer (:mod:`dupbridge.formats.lin`).
"""

from __future__ import annotations

import re

from dupbridge.core.calls import DOUBLE, PASS, REDOUBLE, Bid, Call, Double, Pass
from dupbridge.core.calls import parse_call as parse_call_text
from dupbridge.core.cards import FULL_PACK, Hand, Rank, Suit
from dupbridge.core.deal import Deal
from dupbridge.core.errors import NotationError
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.formats.records import RecordedCall
from dupbridge.i18n import _

__all__ = [
    "DEALER_DIGIT",
    "LIN_SEATS",
    "VUL",
    "VUL_LETTER",
    "call_text",
    "decode",
    "hand_text",
    "parse_call",
    "parse_calls",
    "parse_hand",
    "parse_md",
]

#: LIN lists seats from South: S, W, N, E.
LIN_SEATS: tuple[Seat, Seat, Seat, Seat] = (Seat.S, Seat.W, Seat.N, Seat.E)
#: The dealer digit of ``md``: 1 South, 2 West, 3 North, 4 East.
DEALER_DIGIT = {"1": Seat.S, "2": Seat.W, "3": Seat.N, "4": Seat.E}
#: The vulnerability letters of ``sv``.
VUL = {
    "o": Vulnerability.NONE, "0": Vulnerability.NONE, "-": Vulnerability.NONE,
    "n": Vulnerability.NS, "e": Vulnerability.EW, "b": Vulnerability.BOTH,
}  # fmt: skip
#: The letter written for each vulnerability.
VUL_LETTER = {Vulnerability.NONE: "o", Vulnerability.NS: "n", Vulnerability.EW: "e",
              Vulnerability.BOTH: "b"}  # fmt: skip
_SIMPLE_CALLS: dict[str, Call] = {"P": PASS, "D": DOUBLE, "R": REDOUBLE}
_RANKS = {rank.char: rank for rank in Rank} | {"1": Rank.TEN}
#: One call of a compact ``mb`` value (``1nppp``: 1NT and three passes), with its alert mark.
_COMPACT_CALL = re.compile(r"\s*(?:([1-7])(NT|[CDHSN])|(PASS|XX|DBL|RDBL|P|D|R|X))(!*)", re.I)
_WORD_CALLS: dict[str, Call] = {
    "PASS": PASS, "P": PASS, "D": DOUBLE, "X": DOUBLE, "DBL": DOUBLE,
    "R": REDOUBLE, "XX": REDOUBLE, "RDBL": REDOUBLE,
}  # fmt: skip


def decode(data: bytes) -> str:
    """A LIN file's text: UTF-8 (with or without BOM) if valid, else ISO 8859-1."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def parse_hand(text: str) -> int:
    """A LIN hand ``SAKQ2HJ3DT98C5432`` as a card mask (suit letters, then ranks).

    Raises:
        NotationError: naming the character that is wrong.
    """
    mask = 0
    suit: Suit | None = None
    for char in text.upper():
        if char in "SHDC":
            suit = Suit.from_str(char)
            continue
        if char == "0" and suit is not None:
            continue  # "10" written for the ten
        rank = _RANKS.get(char)
        if rank is None or suit is None:
            raise NotationError(
                _("{char!r} in hand {hand!r} is no suit or rank").format(char=char, hand=text)
            )
        bit = 1 << (suit * 13 + rank - 2)
        if mask & bit:
            raise NotationError(
                _("hand {hand!r} holds {card} twice").format(hand=text, card=f"{suit}{rank}")
            )
        mask |= bit
    return mask


def parse_md(value: str) -> tuple[Seat | None, Deal]:
    """The dealer and deal of an ``md`` value.

    A missing last hand is the rest of the pack when the three others hold thirteen cards
    each; hands of fewer cards (an end position) and hands not given are kept as they are
    (empty for a hand not given): see :meth:`Deal.problems` for what is unusual.

    Raises:
        NotationError: if the hands are not a deal (a card twice, more than four hands).
    """
    dealer = DEALER_DIGIT.get(value[:1])
    body = value[1:] if dealer is not None or value[:1].isdigit() else value
    hands = body.split(",")
    if len(hands) > 4:
        raise NotationError(_("a deal has four hands, not {n}").format(n=len(hands)))
    hands += [""] * (4 - len(hands))
    masks = {seat: parse_hand(hand.strip()) for seat, hand in zip(LIN_SEATS, hands, strict=True)}
    given = [seat for seat in LIN_SEATS if masks[seat]]
    if len(given) == 3 and all(masks[seat].bit_count() == 13 for seat in given):
        missing = next(seat for seat in LIN_SEATS if not masks[seat])
        held = masks[given[0]] | masks[given[1]] | masks[given[2]]
        masks[missing] = FULL_PACK & ~held
    seen = 0
    for seat in given:
        if seen & masks[seat]:
            card = next(iter(Hand(seen & masks[seat])))
            raise NotationError(_("{card} is in more than one hand").format(card=card))
        seen |= masks[seat]
    deal = Deal.from_hands({seat: Hand(mask) for seat, mask in masks.items()})
    return dealer, deal


def parse_call(text: str) -> tuple[Call, bool]:
    """A LIN call and whether it is alerted (``1N!``).

    Raises:
        NotationError: if it is not a call.
    """
    alert = text.endswith("!")
    body = text.rstrip("!").strip().upper()
    simple: Call | None = _SIMPLE_CALLS.get(body)
    return (simple if simple is not None else parse_call_text(body)), alert


def parse_calls(text: str) -> list[tuple[Call, bool]]:
    """The calls of an ``mb`` value: one (``1N!``), or several written together as teaching
    files and BBO's own records do (``1nppp``: 1NT, then three passes), each with its alert.

    Raises:
        NotationError: if the value is not one call or a run of calls.
    """
    try:
        return [parse_call(text)]
    except NotationError as error:
        single = error
    calls: list[tuple[Call, bool]] = []
    position = 0
    body = text.strip()
    while position < len(body):
        match = _COMPACT_CALL.match(body, position)
        if match is None:
            raise single
        level, strain, word, alert = match.groups()
        if level is not None:
            call: Call = parse_call_text(level + ("NT" if strain.upper() == "N" else strain))
        else:
            call = _WORD_CALLS[word.upper()]
        calls.append((call, bool(alert)))
        position = match.end()
    if not calls:
        raise single
    return calls


def call_text(made: RecordedCall) -> str:
    """A call as LIN writes it (``p``, ``d``, ``r``, ``1N``, ``4S``; ``!`` if alerted)."""
    call = made.call
    if isinstance(call, Pass):
        text = "p"
    elif isinstance(call, Double):
        text = "d"
    elif isinstance(call, Bid):
        text = f"{call.level}{'N' if call.strain.letter == 'NT' else call.strain.letter}"
    else:
        text = "r"
    return text + ("!" if made.alert else "")


def hand_text(hand: Hand) -> str:
    """A hand as LIN writes it: ``S`` and the spades, then ``H``, ``D``, ``C``."""
    return "".join(
        suit.letter + "".join(rank.char for rank in hand.suit(suit))
        for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
    )
