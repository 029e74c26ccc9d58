"""CDS files: deal files like KoPS's ``.rzd``, each board carrying its number.

A ``.cds`` file is binary: 14 bytes per board, boards in order, no header.

=========  ===================================================================================
bytes      content
=========  ===================================================================================
0          the board number (1-255)
1-13       the deal by rank, as in a ``.rzd`` file (:mod:`dupbridge.formats.rzd`): byte
           ``1 + j`` for the ``j``-th rank from the ace, bits 7-6 spades, 5-4 hearts, 3-2
           diamonds, 1-0 clubs; but the 2-bit holders are turned one seat on: 0 West,
           1 North, 2 East, 3 South
=========  ===================================================================================

So a board starting ``01 99`` is board 1, whose aces go East (``10``) for spades, North
(``01``) for hearts, East for diamonds and North for clubs. Dealer and vulnerability come
from the board number (Law 2). A number that wraps from 255 to 0 on consecutive boards is
read as 256 and on; a board number 0 otherwise is an error. The reader checks that each deal
is four hands of thirteen cards (Law 1). The writer needs full deals on boards 1-255, each
once; it gives the bytes of the file back exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from dupbridge.core.deal import Deal
from dupbridge.formats._deal_files import Collector, collect, dealt_boards, read_fixed
from dupbridge.formats.records import BoardRecord
from dupbridge.formats.registry import FileFormat, ReadItem, register
from dupbridge.formats.rzd import decode_ranks, encode_ranks
from dupbridge.i18n import N_, _

__all__ = ["RECORD_SIZE", "dumps", "load_path", "loads", "read"]

RECORD_SIZE = 14
#: How far the holders are turned: a 2-bit value ``v`` means seat ``(v - 1) % 4``.
_ROTATION = 1
_HIGHEST = 255


class _Decoder:
    """Reads the boards one after the other, following numbers that wrap past 255."""

    def __init__(self) -> None:
        self.previous: int | None = None

    def __call__(
        self, record: bytes, line: int, number: int, problems: Collector
    ) -> tuple[int | None, Deal | None]:
        byte = record[0]
        given: int | None = byte
        if self.previous is not None and byte == (self.previous + 1) % 256:
            given = self.previous + 1
        elif byte == 0:
            problems.error(
                line,
                1,
                _("board {n} of the file has the board number 0").format(n=line),
            )
            given = None
        if given is not None:
            self.previous = given
        return given, decode_ranks(record[1:], _ROTATION)


def read(data: bytes, source: str = "<bytes>") -> Iterator[ReadItem]:
    """Read a ``.cds`` file: one item per board, with its problems."""
    return read_fixed(data, source, size=RECORD_SIZE, decode=_Decoder())


def loads(data: bytes, *, strict: bool = False, source: str = "<bytes>") -> list[BoardRecord]:
    """The boards of a ``.cds`` file.

    Raises:
        FormatError: in strict mode, for the first error.
    """
    return collect(read(data, source), strict=strict)


def load_path(path: str | Path, *, strict: bool = False) -> list[BoardRecord]:
    """The boards of the ``.cds`` file at ``path``.

    Raises:
        OSError: if the file cannot be read.
        FormatError: in strict mode, for the first error.
    """
    return loads(Path(path).read_bytes(), strict=strict, source=str(path))


def dumps(records: Iterable[BoardRecord]) -> bytes:
    """Write ``records`` (full deals, boards 1-255, each once) as a ``.cds`` file.

    Raises:
        FormatError: for records a ``.cds`` file cannot hold.
    """
    return b"".join(
        bytes([board.number]) + encode_ranks(board.deal, _ROTATION)
        for board in dealt_boards(records, ".cds", consecutive=False, highest=_HIGHEST)
    )


def _write(records: Sequence[BoardRecord]) -> bytes:
    return dumps(records)


register(FileFormat("cds", (".cds",), N_("CDS deal files"), read, _write))
