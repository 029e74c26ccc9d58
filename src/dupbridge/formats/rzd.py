"""RZD files: the deal files of KoPS, the Polish scoring program (*rozdania*, deals).

A ``.rzd`` file is binary: a 13-byte header, then 13 bytes per board, boards in order.

=========  ===================================================================================
bytes      content
=========  ===================================================================================
0-1        the number of boards, little-endian (``10 00`` for 16 boards)
2-12       11 spaces
=========  ===================================================================================

A board's 13 bytes go by rank: byte ``j`` is for the ``j``-th rank from the ace (0 ace, 12
two), and holds four 2-bit holders (0 North, 1 East, 2 South, 3 West): bits 7-6 for the card
of spades, 5-4 hearts, 3-2 diamonds, 1-0 clubs. So ``44`` (``01 00 01 00``) as the first byte
means East holds the ace of spades, North the ace of hearts, East the ace of diamonds and
North the ace of clubs.

The file holds no board numbers: its boards are boards 1, 2... in order (or from the first
board the caller names), and dealer and vulnerability come from the board number (Law 2).
The reader checks the header's count against the boards in the file and that each deal is
four hands of thirteen cards (Law 1); any other bytes than spaces in the header are a
warning. The writer needs full deals on consecutive boards; it gives the bytes of the file
back exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from dupbridge.core.deal import Deal
from dupbridge.formats._deal_files import (
    Collector,
    collect,
    deal_from_holders,
    dealt_boards,
    holders,
    no_boards,
    read_fixed,
)
from dupbridge.formats.problems import FormatError
from dupbridge.formats.records import BoardRecord
from dupbridge.formats.registry import FileFormat, ReadItem, register
from dupbridge.i18n import N_, _

__all__ = [
    "HEADER_SIZE",
    "RECORD_SIZE",
    "decode_ranks",
    "dumps",
    "encode_ranks",
    "load_path",
    "loads",
    "read",
]

HEADER_SIZE = 13
RECORD_SIZE = 13
_MAX_BOARDS = 0xFFFF


def decode_ranks(block: bytes, rotation: int = 0) -> Deal:
    """The deal of 13 rank bytes whose 2-bit holders are the seats turned by ``rotation``.

    A 2-bit value ``v`` means seat ``(v - rotation) % 4`` (0 North-3 West).
    """
    codes = [0] * 52
    for rank, byte in enumerate(block):
        for suit in range(4):
            value = (byte >> (2 * (3 - suit))) & 3
            codes[13 * suit + rank] = (value - rotation) % 4
    return deal_from_holders(codes)


def encode_ranks(deal: Deal, rotation: int = 0) -> bytes:
    """The 13 rank bytes of ``deal``, seat ``s`` written as ``(s + rotation) % 4``."""
    codes = holders(deal)
    return bytes(
        sum(((codes[13 * suit + rank] + rotation) % 4) << (2 * (3 - suit)) for suit in range(4))
        for rank in range(13)
    )


def _decode(
    record: bytes, line: int, number: int, problems: Collector
) -> tuple[int | None, Deal | None]:
    return None, decode_ranks(record)


def read(data: bytes, source: str = "<bytes>", *, first: int = 1) -> Iterator[ReadItem]:
    """Read a ``.rzd`` file: one item per board (numbered from ``first``), with its problems."""
    if len(data) < HEADER_SIZE:
        yield no_boards(
            source,
            _("the file is {n} bytes long: too short for the 13-byte header").format(n=len(data))
            if data
            else _("the file is empty"),
        )
        return
    header = Collector(source)
    declared = int.from_bytes(data[0:2], "little")
    count = (len(data) - HEADER_SIZE) // RECORD_SIZE
    if declared != count:
        header.error(
            1,
            1,
            _("the header announces {n} boards but the file holds {m}").format(n=declared, m=count),
        )
    if data[2:HEADER_SIZE] != b" " * 11:
        header.warning(1, 3, _("bytes 3-13 of the header are not the usual 11 spaces"))
    yield from read_fixed(
        data,
        source,
        size=RECORD_SIZE,
        decode=_decode,
        first=first,
        offset=HEADER_SIZE,
        header=header.take(),
    )


def loads(
    data: bytes, *, strict: bool = False, source: str = "<bytes>", first: int = 1
) -> list[BoardRecord]:
    """The boards of a ``.rzd`` file, numbered from ``first``.

    Raises:
        FormatError: in strict mode, for the first error.
    """
    return collect(read(data, source, first=first), strict=strict)


def load_path(path: str | Path, *, strict: bool = False, first: int = 1) -> list[BoardRecord]:
    """The boards of the ``.rzd`` file at ``path``, numbered from ``first``.

    Raises:
        OSError: if the file cannot be read.
        FormatError: in strict mode, for the first error.
    """
    return loads(Path(path).read_bytes(), strict=strict, source=str(path), first=first)


def dumps(records: Iterable[BoardRecord]) -> bytes:
    """Write ``records`` (full deals, consecutive boards, at most 65,535) as a ``.rzd`` file.

    Raises:
        FormatError: for records a ``.rzd`` file cannot hold.
    """
    boards = dealt_boards(records, ".rzd")
    if len(boards) > _MAX_BOARDS:
        raise FormatError(
            _(".rzd holds at most {limit} boards, not {n}").format(limit=_MAX_BOARDS, n=len(boards))
        )
    out = bytearray(len(boards).to_bytes(2, "little") + b" " * 11)
    for board in boards:
        out += encode_ranks(board.deal)
    return bytes(out)


def _read(data: bytes, source: str) -> Iterator[ReadItem]:
    return read(data, source)


def _write(records: Sequence[BoardRecord]) -> bytes:
    return dumps(records)


register(FileFormat("rzd", (".rzd",), N_("KoPS deal files"), _read, _write))
