"""Secure, reproducible dealing (Law 6E: any method giving equally random results).

A board set is dealt from a secret :class:`DealingKey`. The deal of board ``n`` is the deal
numbered :func:`deal_index` ``(key, n)`` in the numbering of ``Deal.from_index`` (a bijection
between ``0 .. DEAL_COUNT - 1`` and the deals), and that number is drawn by
HMAC-SHA256 in counter mode with rejection sampling:

1. ``block_c = HMAC-SHA256(key, b"dupbridge/deal/v1" || n as 8 bytes || c as 4 bytes)``
   for ``c = 0, 1, 2, ...``, each read as a 256-bit big-endian integer ``x``;
2. the first ``x`` below ``LIMIT = floor(2^256 / DEAL_COUNT) * DEAL_COUNT`` gives the index
   ``x mod DEAL_COUNT``.

As long as HMAC-SHA256 is a pseudo-random function, every deal is exactly equally likely:
``LIMIT`` is a whole number of copies of ``0 .. DEAL_COUNT - 1``, so no deal is favoured by
the reduction (a rejection happens with probability below 10^-48). Nobody can predict a deal
without the key, and the Director who recorded the key can regenerate a lost set, or show
that a deal was not chosen, from the key and the board number alone.

The key is never written into any output: :class:`DealingKey` does not even show it in its
``repr``; only :meth:`DealingKey.to_str` gives the secret text, for the Director to record.
Its :attr:`DealingKey.fingerprint` is a public name for the key (a one-way function of it),
safe to print on a hand record so that a set can be matched with its key later.
"""

from __future__ import annotations

import hmac
import re
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from math import factorial

from dupbridge.core.boards import Board
from dupbridge.core.cards import Hand
from dupbridge.core.deal import DEAL_COUNT, Deal
from dupbridge.core.errors import NotationError
from dupbridge.i18n import _

__all__ = [
    "DealingKey",
    "DealtBoard",
    "KeyFormatError",
    "deal_board",
    "deal_from_index",
    "deal_index",
    "deal_set",
    "parse_board_range",
]

#: The domain separation label of the derivation (change it and every set changes).
_LABEL = b"dupbridge/deal/v1"
_KEY_BYTES = 32
#: The largest multiple of DEAL_COUNT that fits in 256 bits: accepted blocks lie below it.
_LIMIT = (1 << 256) // DEAL_COUNT * DEAL_COUNT
_MAX_BOARD = (1 << 64) - 1
_HEX_RE = re.compile(r"[0-9a-fA-F]")


class KeyFormatError(NotationError):
    """Text that is not a dealing key (64 hexadecimal digits)."""


class DealingKey:
    """A secret dealing key: 32 random bytes (256 bits).

    Written as 64 hexadecimal digits in eight groups (``to_str()``); spaces, dashes and
    line breaks between digits are ignored when reading a key back.
    """

    __slots__ = ("_secret",)

    def __init__(self, secret: bytes) -> None:
        if not isinstance(secret, bytes) or len(secret) != _KEY_BYTES:
            raise KeyFormatError(
                _("a dealing key is {n} bytes of secret data").format(n=_KEY_BYTES)
            )
        self._secret = secret

    @classmethod
    def generate(cls) -> DealingKey:
        """A fresh key from the operating system's cryptographically secure source."""
        return cls(secrets.token_bytes(_KEY_BYTES))

    @classmethod
    def from_str(cls, text: str) -> DealingKey:
        """Read a key written by :meth:`to_str` (separators and case do not matter).

        Raises:
            KeyFormatError: naming what is wrong, if the text is not 64 hexadecimal digits.
        """
        digits = "".join(ch for ch in text if ch not in " \t\r\n-:")
        bad = next((ch for ch in digits if not _HEX_RE.fullmatch(ch)), None)
        if bad is not None:
            raise KeyFormatError(
                _("not a dealing key: {char!r} is not a hexadecimal digit").format(char=bad)
            )
        if len(digits) != 2 * _KEY_BYTES:
            raise KeyFormatError(
                _("not a dealing key: it has {n} hexadecimal digits; expected {m}").format(
                    n=len(digits), m=2 * _KEY_BYTES
                )
            )
        return cls(bytes.fromhex(digits))

    def to_str(self) -> str:
        """The secret, as eight dash-separated groups of eight hexadecimal digits."""
        text = self._secret.hex()
        return "-".join(text[i : i + 8] for i in range(0, len(text), 8))

    @property
    def secret(self) -> bytes:
        """The 32 secret bytes."""
        return self._secret

    @property
    def fingerprint(self) -> str:
        """A public name for the key: 16 hex digits from which the key cannot be recovered."""
        return hmac.digest(self._secret, b"dupbridge/key-fingerprint/v1", "sha256").hex()[:16]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DealingKey) and hmac.compare_digest(self._secret, other._secret)

    def __hash__(self) -> int:
        return hash(self.fingerprint)

    def __repr__(self) -> str:
        # Deliberately not evaluable: a repr must never leak the secret into a log.
        return f"<DealingKey fingerprint={self.fingerprint}>"

    __str__ = __repr__


@dataclass(frozen=True, slots=True)
class DealtBoard:
    """A board of a dealt set: its number, dealer and vulnerability (Law 2) and its deal."""

    board: Board
    deal: Deal

    @property
    def number(self) -> int:
        """The board number."""
        return self.board.number


def _check_board(number: int) -> None:
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= _MAX_BOARD:
        raise NotationError(
            _("not a board number: {number!r} (boards are numbered from 1)").format(number=number)
        )


def deal_index(key: DealingKey, board: int) -> int:
    """The number (``0 .. DEAL_COUNT - 1``) of board ``board``'s deal under ``key``.

    Raises:
        NotationError: if ``board`` is not a positive board number.
    """
    _check_board(board)
    secret = key.secret
    prefix = _LABEL + board.to_bytes(8, "big")
    counter = 0
    while True:
        block = hmac.digest(secret, prefix + counter.to_bytes(4, "big"), "sha256")
        value = int.from_bytes(block, "big")
        if value < _LIMIT:
            return value % DEAL_COUNT
        counter += 1  # pragma: no cover - happens with probability below 10^-48


def deal_board(key: DealingKey, board: int) -> DealtBoard:
    """Board ``board`` of the set dealt from ``key``, with its Law 2 dealer and vulnerability.

    Raises:
        NotationError: if ``board`` is not a positive board number.
    """
    return DealtBoard(Board.numbered(board), deal_from_index(deal_index(key, board)))


def deal_set(key: DealingKey, boards: Iterable[int]) -> list[DealtBoard]:
    """The boards ``boards`` (in the order given) of the set dealt from ``key``.

    Raises:
        NotationError: if a board number is not positive, or appears twice.
    """
    numbers = list(boards)
    seen: set[int] = set()
    for number in numbers:
        _check_board(number)
        if number in seen:
            raise NotationError(_("board {n} is asked for twice").format(n=number))
        seen.add(number)
    return [deal_board(key, number) for number in numbers]


def parse_board_range(text: str) -> list[int]:
    """Board numbers from ``"1-36"``, ``"7"``, ``"1-8,17-24"`` (ranges and single boards).

    Raises:
        NotationError: naming the part that is not a board or range, a board ≤ 0, a range
            that runs backwards, or a board given twice.
    """
    numbers: list[int] = []
    seen: set[int] = set()
    for part in text.split(","):
        piece = part.strip()
        match = re.fullmatch(r"(-?\d+)\s*(?:-\s*(-?\d+))?", piece)
        if match is None:
            raise NotationError(
                _("not a board or range of boards: {part!r} (expected 7 or 1-36)").format(
                    part=piece
                )
            )
        first = int(match.group(1))
        last = first if match.group(2) is None else int(match.group(2))
        for number in (first, last):
            _check_board(number)
        if last < first:
            raise NotationError(_("the range {part!r} runs backwards").format(part=piece))
        for number in range(first, last + 1):
            if number in seen:
                raise NotationError(_("board {n} is asked for twice").format(n=number))
            seen.add(number)
            numbers.append(number)
    return numbers


# --- a fast Deal.from_index ------------------------------------------------------------------
#
# Deal.from_index walks the cards from the two of clubs up and, for each, finds which seat
# holds it by comparing the index with the number of deals that give the card to each seat in
# turn: a multinomial coefficient of the cards each seat still needs. The core computes those
# coefficients with big-integer multiplications and divisions; here they come from a table of
# every (n, e, s, w) with 0 <= n, e, s, w <= 13, which makes dealing about three times faster
# while numbering the deals exactly as the core does (the tests check both agree).

_SIDE = 14
_MULTINOMIAL: list[int] = [0] * _SIDE**4
for _n in range(_SIDE):
    for _e in range(_SIDE):
        for _s in range(_SIDE):
            for _w in range(_SIDE):
                _MULTINOMIAL[((_n * _SIDE + _e) * _SIDE + _s) * _SIDE + _w] = factorial(
                    _n + _e + _s + _w
                ) // (factorial(_n) * factorial(_e) * factorial(_s) * factorial(_w))
del _n, _e, _s, _w
_STRIDES = (_SIDE**3, _SIDE**2, _SIDE, 1)


def deal_from_index(index: int) -> Deal:
    """The deal numbered ``index``: the same bijection as ``Deal.from_index``, but faster.

    Raises:
        ValueError: if the index is out of range.
    """
    if not 0 <= index < DEAL_COUNT:
        raise ValueError(f"deal index {index} is outside 0 .. {DEAL_COUNT - 1}")
    table = _MULTINOMIAL
    strides = _STRIDES
    left = [13, 13, 13, 13]
    masks = [0, 0, 0, 0]
    position = ((13 * _SIDE + 13) * _SIDE + 13) * _SIDE + 13  # the table slot of ``left``
    active = 4  # seats still needing cards
    for card in range(52):
        for seat in range(4):
            if not left[seat]:
                continue
            below = position - strides[seat]
            ways = table[below]
            if index < ways:
                masks[seat] |= 1 << card
                left[seat] -= 1
                if not left[seat]:
                    active -= 1
                position = below
                break
            index -= ways
        else:  # pragma: no cover - the index is in range, so some seat takes the card
            raise AssertionError(index)
        if active == 1:
            # Only one seat still needs cards: it takes all the rest.
            seat = next(s for s in range(4) if left[s])
            masks[seat] |= ((1 << 52) - 1) & ~((1 << (card + 1)) - 1)
            break
    return Deal(*(Hand(mask) for mask in masks))
