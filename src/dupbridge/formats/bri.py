"""BRI files: the older hand records of Duplimate dealing machines, written by many dealers.

A ``.bri`` file is binary: 128 bytes per board, boards in order, no header.

=========  ===================================================================================
bytes      content
=========  ===================================================================================
0-77       North's, East's and South's 13 cards as two-digit numbers ``01``-``52``, each
           hand in increasing order: spades ace to two are 1-13, hearts 14-26, diamonds
           27-39, clubs 40-52. West holds the 13 cards nobody else does.
78-109     32 spaces
110-127    18 zero bytes
=========  ===================================================================================

The file holds no board numbers: its boards are boards 1, 2... in order (or from the first
board the caller names), and dealer and vulnerability come from the board number (Law 2).
The reader checks every card number, that no card is given twice, and that the deal is four
hands of thirteen cards (Law 1); other bytes than the usual filler are a warning. The writer
needs full deals on consecutive boards; it gives the bytes of the file back exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat
from dupbridge.formats._deal_files import (
    Collector,
    card_numbers,
    collect,
    deal_from_numbers,
    dealt_boards,
    read_fixed,
)
from dupbridge.formats.records import BoardRecord
from dupbridge.formats.registry import FileFormat, ReadItem, register
from dupbridge.i18n import N_, _

__all__ = ["FILLER", "RECORD_SIZE", "decode_numbers", "dumps", "load_path", "loads", "read"]

RECORD_SIZE = 128
#: What follows the 78 bytes of card numbers in every board.
FILLER = b" " * 32 + bytes(18)


def decode_numbers(
    record: bytes, line: int, number: int, problems: Collector, *, hands: int = 3
) -> Deal | None:
    """The deal of the card numbers that open ``record`` (two digits a card, 13 a hand).

    Every problem is reported with the board's ``line`` and the byte's column; None when a
    number is not a card number or a card is given twice.
    """
    seen: dict[int, int] = {}
    numbers: list[list[int]] = [[] for _seat in range(hands)]
    for position in range(13 * hands):
        text = record[2 * position : 2 * position + 2]
        column = 2 * position + 1
        if not text.isdigit() or not 1 <= int(text) <= 52:
            problems.error(
                line,
                column,
                _("board {n}: {text!r} is not a card number 01-52").format(
                    n=number, text=text.decode("latin-1")
                ),
            )
            return None
        card = int(text)
        if card in seen:
            problems.error(
                line,
                column,
                _("board {n}: card number {card:02d} is given twice (bytes {a} and {b})").format(
                    n=number, card=card, a=seen[card], b=column
                ),
            )
            return None
        seen[card] = column
        numbers[position // 13].append(card)
    return deal_from_numbers(numbers)


def _decode(
    record: bytes, line: int, number: int, problems: Collector
) -> tuple[int | None, Deal | None]:
    deal = decode_numbers(record, line, number, problems)
    filler = record[78:]
    if filler != FILLER:
        where = next(i for i, (a, b) in enumerate(zip(filler, FILLER, strict=True)) if a != b)
        problems.warning(
            line,
            79 + where,
            _("board {n}: bytes 79-128 are not the usual 32 spaces and 18 zero bytes").format(
                n=number
            ),
        )
    return None, deal


def read(data: bytes, source: str = "<bytes>", *, first: int = 1) -> Iterator[ReadItem]:
    """Read a ``.bri`` file: one item per board (numbered from ``first``), with its problems."""
    return read_fixed(data, source, size=RECORD_SIZE, decode=_decode, first=first)


def loads(
    data: bytes, *, strict: bool = False, source: str = "<bytes>", first: int = 1
) -> list[BoardRecord]:
    """The boards of a ``.bri`` file, numbered from ``first``.

    Raises:
        FormatError: in strict mode, for the first error.
    """
    return collect(read(data, source, first=first), strict=strict)


def load_path(path: str | Path, *, strict: bool = False, first: int = 1) -> list[BoardRecord]:
    """The boards of the ``.bri`` file at ``path``, numbered from ``first``.

    Raises:
        OSError: if the file cannot be read.
        FormatError: in strict mode, for the first error.
    """
    return loads(Path(path).read_bytes(), strict=strict, source=str(path), first=first)


def dumps(records: Iterable[BoardRecord]) -> bytes:
    """Write ``records`` (full deals, consecutive boards) as a ``.bri`` file.

    Raises:
        FormatError: for records a ``.bri`` file cannot hold.
    """
    out = bytearray()
    for board in dealt_boards(records, ".bri"):
        for seat in (Seat.N, Seat.E, Seat.S):
            out += "".join(f"{n:02d}" for n in card_numbers(board.deal[seat])).encode("ascii")
        out += FILLER
    return bytes(out)


def _read(data: bytes, source: str) -> Iterator[ReadItem]:
    return read(data, source)


def _write(records: Sequence[BoardRecord]) -> bytes:
    return dumps(records)


register(FileFormat("bri", (".bri",), N_("BRI dealing machine hand records"), _read, _write))
