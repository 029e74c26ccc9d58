"""BER files: the hand records of Bernasconi dealing machines.

A ``.ber`` file is 52 bytes per board, boards in order, with no header, separator or line
break. Byte ``n`` (0-51) says who holds card number ``n + 1`` — spades ace to two, then
hearts, diamonds and clubs, each ace to two — as a digit: ``1`` North, ``2`` East, ``3``
South, ``4`` West.

The file holds no board numbers: its boards are boards 1, 2... in order (or from the first
board the caller names), and dealer and vulnerability come from the board number (Law 2).
The reader checks every digit and that the deal is four hands of thirteen cards (Law 1). The
writer needs full deals on consecutive boards; it gives the bytes of the file back exactly.
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
    read_fixed,
)
from dupbridge.formats.records import BoardRecord
from dupbridge.formats.registry import FileFormat, ReadItem, register
from dupbridge.i18n import N_, _

__all__ = ["RECORD_SIZE", "dumps", "load_path", "loads", "read"]

RECORD_SIZE = 52
_DIGITS = b"1234"


def _decode(
    record: bytes, line: int, number: int, problems: Collector
) -> tuple[int | None, Deal | None]:
    codes = []
    for offset, byte in enumerate(record):
        code = _DIGITS.find(byte)
        if code < 0:
            problems.error(
                line,
                offset + 1,
                _("board {n}: {byte!r} is not a hand digit 1-4 (North, East, South, West)").format(
                    n=number, byte=chr(byte)
                ),
            )
            return None, None
        codes.append(code)
    return None, deal_from_holders(codes)


def read(data: bytes, source: str = "<bytes>", *, first: int = 1) -> Iterator[ReadItem]:
    """Read a ``.ber`` file: one item per board (numbered from ``first``), with its problems."""
    return read_fixed(data, source, size=RECORD_SIZE, decode=_decode, first=first)


def loads(
    data: bytes, *, strict: bool = False, source: str = "<bytes>", first: int = 1
) -> list[BoardRecord]:
    """The boards of a ``.ber`` file, numbered from ``first``.

    Raises:
        FormatError: in strict mode, for the first error.
    """
    return collect(read(data, source, first=first), strict=strict)


def load_path(path: str | Path, *, strict: bool = False, first: int = 1) -> list[BoardRecord]:
    """The boards of the ``.ber`` file at ``path``, numbered from ``first``.

    Raises:
        OSError: if the file cannot be read.
        FormatError: in strict mode, for the first error.
    """
    return loads(Path(path).read_bytes(), strict=strict, source=str(path), first=first)


def dumps(records: Iterable[BoardRecord]) -> bytes:
    """Write ``records`` (full deals, consecutive boards) as a ``.ber`` file.

    Raises:
        FormatError: for records a ``.ber`` file cannot hold.
    """
    return b"".join(
        bytes(_DIGITS[code] for code in holders(board.deal))
        for board in dealt_boards(records, ".ber")
    )


def _read(data: bytes, source: str) -> Iterator[ReadItem]:
    return read(data, source)


def _write(records: Sequence[BoardRecord]) -> bytes:
    return dumps(records)


register(FileFormat("ber", (".ber",), N_("Bernasconi dealing machine hand records"), _read, _write))
