"""DGE files: hand records of Duplimate and other dealing machines, hands written out in ranks.

A ``.dge`` file is binary: 128 bytes per board, boards in order, no header.

=========  ===================================================================================
bytes      content
=========  ===================================================================================
0-67       the hands of North, East, South and West, each as its four suits in the order
           spades, hearts, diamonds, clubs; a suit is a marker byte (the DOS code page's suit
           symbol: 6 spades, 3 hearts, 4 diamonds, 5 clubs) followed by its ranks
           ``AKQJT98765432``, highest first (a void is the marker alone). 16 markers and 52
           ranks: always 68 bytes.
68-127     60 zero bytes
=========  ===================================================================================

The file holds no board numbers: its boards are boards 1, 2... in order (or from the first
board the caller names), and dealer and vulnerability come from the board number (Law 2).
The reader checks the markers' order, every rank, that no card is given twice and that the
deal is four hands of thirteen cards (Law 1); bytes other than zeros after the hands are a
warning. The writer needs full deals on consecutive boards; it gives the bytes of the file
back exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from dupbridge.core.cards import Card, Hand, Rank
from dupbridge.core.deal import Deal
from dupbridge.core.seats import SEATS
from dupbridge.formats._deal_files import (
    MACHINE_SUITS,
    RANK_CHARS,
    Collector,
    collect,
    dealt_boards,
    read_fixed,
)
from dupbridge.formats.records import BoardRecord
from dupbridge.formats.registry import FileFormat, ReadItem, register
from dupbridge.i18n import N_, _

__all__ = [
    "MARKERS",
    "RECORD_SIZE",
    "decode_hands",
    "dumps",
    "encode_hands",
    "load_path",
    "loads",
    "read",
]

RECORD_SIZE = 128
#: The marker byte of each suit, in the order spades, hearts, diamonds, clubs.
MARKERS = (6, 3, 4, 5)
_RANK_OF_BYTE = {ord(char): Rank.from_str(char) for char in RANK_CHARS}


def decode_hands(
    record: bytes, line: int, number: int, problems: Collector, *, start: int = 0
) -> tuple[Deal | None, int]:
    """The deal written in ranks from ``record[start]`` on, and the offset just after it.

    Problems are reported with the board's ``line`` and the byte's column; the deal is None
    when the hands cannot be read or a card is given twice.
    """
    masks = [0, 0, 0, 0]
    held = 0
    offset = start
    for seat in SEATS:
        for suit, marker in zip(MACHINE_SUITS, MARKERS, strict=True):
            if offset >= len(record) or record[offset] != marker:
                found = (
                    _("the end of the record")
                    if offset >= len(record)
                    else _("byte {byte}").format(byte=record[offset])
                )
                problems.error(
                    line,
                    offset + 1,
                    _(
                        "board {n}: expected the {suit} marker (byte {marker}) of {seat}'s hand, "
                        "found {found}"
                    ).format(
                        n=number, suit=suit.letter, marker=marker, seat=seat.title, found=found
                    ),
                )
                return None, offset
            offset += 1
            while offset < len(record) and record[offset] in _RANK_OF_BYTE:
                card = Card(suit, _RANK_OF_BYTE[record[offset]])
                if held & card.bit:
                    problems.error(
                        line,
                        offset + 1,
                        _("board {n}: {card} is given twice").format(n=number, card=card),
                    )
                    return None, offset
                held |= card.bit
                masks[seat] |= card.bit
                offset += 1
    return Deal(*(Hand(mask) for mask in masks)), offset


def encode_hands(deal: Deal) -> bytes:
    """The four hands of ``deal`` as markers and ranks (68 bytes)."""
    out = bytearray()
    for _seat, hand in deal:
        for suit, marker in zip(MACHINE_SUITS, MARKERS, strict=True):
            out.append(marker)
            out += "".join(rank.char for rank in hand.suit(suit)).encode("ascii")
    return bytes(out)


def _decode(
    record: bytes, line: int, number: int, problems: Collector
) -> tuple[int | None, Deal | None]:
    deal, end = decode_hands(record, line, number, problems)
    if deal is not None and record[end:].strip(b"\x00"):
        where = end + next(i for i, byte in enumerate(record[end:]) if byte)
        problems.warning(
            line,
            where + 1,
            _("board {n}: bytes after the four hands are not zero").format(n=number),
        )
    return None, deal


def read(data: bytes, source: str = "<bytes>", *, first: int = 1) -> Iterator[ReadItem]:
    """Read a ``.dge`` file: one item per board (numbered from ``first``), with its problems."""
    return read_fixed(data, source, size=RECORD_SIZE, decode=_decode, first=first)


def loads(
    data: bytes, *, strict: bool = False, source: str = "<bytes>", first: int = 1
) -> list[BoardRecord]:
    """The boards of a ``.dge`` file, numbered from ``first``.

    Raises:
        FormatError: in strict mode, for the first error.
    """
    return collect(read(data, source, first=first), strict=strict)


def load_path(path: str | Path, *, strict: bool = False, first: int = 1) -> list[BoardRecord]:
    """The boards of the ``.dge`` file at ``path``, numbered from ``first``.

    Raises:
        OSError: if the file cannot be read.
        FormatError: in strict mode, for the first error.
    """
    return loads(Path(path).read_bytes(), strict=strict, source=str(path), first=first)


def dumps(records: Iterable[BoardRecord]) -> bytes:
    """Write ``records`` (full deals, consecutive boards) as a ``.dge`` file.

    Raises:
        FormatError: for records a ``.dge`` file cannot hold.
    """
    out = bytearray()
    for board in dealt_boards(records, ".dge"):
        hands = encode_hands(board.deal)
        out += hands + bytes(RECORD_SIZE - len(hands))
    return bytes(out)


def _read(data: bytes, source: str) -> Iterator[ReadItem]:
    return read(data, source)


def _write(records: Sequence[BoardRecord]) -> bytes:
    return dumps(records)


register(FileFormat("dge", (".dge",), N_("DGE dealing machine hand records"), _read, _write))
