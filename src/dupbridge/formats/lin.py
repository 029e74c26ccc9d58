"""LIN, Bridge Base Online's format: read and write boards like the ``json`` module.

A LIN file is a run of ``key|value|`` pairs. dupbridge reads and writes:

========  =====================================================================
``pn``    player names, South, West, North, East (eight names in a vugraph file:
          the open room's four, then the closed room's)
``md``    the deal: the dealer (1 South, 2 West, 3 North, 4 East), then the hands of
          South, West, North, East (``SAKQH...D...C...``); a missing last hand is the
          rest of the pack. Hands of fewer than thirteen cards are an end position:
          the board is kept, with a warning, and its cards are not checked
``ah``    the board's heading (``Board 7`` gives the board number)
``sv``    vulnerability: ``o``/``0``/``-`` none, ``n`` NS, ``e`` EW, ``b`` both
``mb``    a call (``p``, ``d``, ``r``, ``1N``, ``4S``); a trailing ``!`` is an alert;
          several calls written together (``1nppp``) are read one by one
``an``    the explanation of the call before it
``pc``    a card played (``C9``)
``mc``    a claim: the tricks declarer's side takes in all
``qx``    starts a board: ``o7`` (open room, board 7) or ``c7`` (closed) in a vugraph
          file; any other label (``7``, a teaching file's title) is kept
``vg``    the vugraph header: event, segment, scoring, first and last board, teams
``rs``    the vugraph results, one contract and result per board and room
========  =====================================================================

Other keys (display and teaching commands: ``st``, ``rh``, ``pg``, ``nt``, ``at``, ``sk``,
``up``, ``hc``, ``lb``, ``cr``, ``cg``, ...) are kept in :attr:`LinBoard.pairs` and otherwise
skipped. ``loads`` returns one :class:`LinBoard` per board, each with its
:class:`~dupbridge.formats.records.BoardRecord` and the problems found in it (with line and
column); every call is checked by the core auction (Laws 17-22, 27, 36), every card against the
deal (Law 44), every claim against the tricks left (Law 68). A complete play gives the result
(declarer's tricks), as in PBN. ``dumps`` writes one board per line, or the vugraph form when
the records say which room they were played in (``info`` ``Room`` ``Open``/``Closed``); what a
record holds that LIN cannot (a contract and result with no auction, a board passed out with
no calls) is reported as a warning in the ``problems`` list given to it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO

from dupbridge.formats._lin.notation import LIN_SEATS, decode
from dupbridge.formats._lin.reading import LinBoard, LinReader
from dupbridge.formats._lin.writing import unwritable, write_lin
from dupbridge.formats.problems import FormatError, Problem, Severity
from dupbridge.formats.records import BoardRecord
from dupbridge.formats.registry import FileFormat, ReadItem, register
from dupbridge.i18n import N_

__all__ = ["LIN_SEATS", "LinBoard", "dump", "dumps", "load", "load_path", "loads", "unwritable"]


def loads(text: str | bytes, *, strict: bool = False, source: str = "<string>") -> list[LinBoard]:
    """Read every board of a LIN text.

    Raises:
        FormatError: in strict mode, for the first error.
    """
    if isinstance(text, bytes):
        text = decode(text)
    reader = LinReader(source)
    boards = list(reader.boards(text))
    if reader.problems:
        boards.append(LinBoard(BoardRecord(), (), tuple(reader.problems), 1))
    if strict:
        for board in boards:
            for problem in board.problems:
                if problem.severity is Severity.ERROR:
                    raise FormatError.from_problem(problem)
    return boards


def load(fp: IO[str] | IO[bytes], *, strict: bool = False) -> list[LinBoard]:
    """Read every board of an open LIN file.

    Raises:
        FormatError: in strict mode, for the first error.
    """
    return loads(fp.read(), strict=strict, source=str(getattr(fp, "name", "<stream>")))


def load_path(path: str | Path, *, strict: bool = False) -> list[LinBoard]:
    """Read every board of the LIN file at ``path``.

    Raises:
        OSError: if the file cannot be read.
        FormatError: in strict mode, for the first error.
    """
    return loads(Path(path).read_bytes(), strict=strict, source=str(path))


def dumps(
    records: Iterable[BoardRecord],
    *,
    vugraph: bool | None = None,
    problems: list[Problem] | None = None,
) -> str:
    """Write ``records`` as LIN.

    Args:
        records: the boards.
        vugraph: write the vugraph form (``vg``, ``rs``, ``pn``, then ``qx`` per board and
            room); by default, when a record names its room (``Room`` Open or Closed).
        problems: if given, gets a warning (on the board's line of the output) for each
            thing a record holds that LIN cannot (see :func:`unwritable`).
    """
    return write_lin(records, vugraph=vugraph, problems=problems)


def dump(
    records: Iterable[BoardRecord],
    fp: IO[str],
    *,
    vugraph: bool | None = None,
    problems: list[Problem] | None = None,
) -> None:
    """Write ``records`` as LIN to an open text file (see :func:`dumps`)."""
    fp.write(dumps(records, vugraph=vugraph, problems=problems))


# --- the registry ---------------------------------------------------------------------------


def _read(data: bytes, source: str) -> Iterator[ReadItem]:
    boards = loads(data, source=source)
    total = max(len(boards), 1)
    for index, board in enumerate(boards, 1):
        record = board.record if board.pairs else None
        yield ReadItem(record, board.problems, index / total)


def _write(records: Sequence[BoardRecord]) -> bytes:
    return dumps(records).encode("utf-8")


def _unwritable(records: Sequence[BoardRecord]) -> list[str]:
    return [text for record in records for text in unwritable(record, vugraph=False)]


register(
    FileFormat(
        "lin", (".lin",), N_("Bridge Base Online LIN"), _read, _write, unwritable=_unwritable
    )
)
