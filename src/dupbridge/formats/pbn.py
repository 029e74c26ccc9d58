"""PBN 2.1, the Portable Bridge Notation: read and write games like the ``json`` module.

Reading (lenient by default: every problem is collected, with its line and column, in
``game.problems``; ``strict=True`` raises :class:`FormatError` for the first error)::

    from dupbridge.formats import pbn

    games = pbn.load(open("event.pbn", "rb"))         # or pbn.loads(text), pbn.load_path(p)
    for game in pbn.iter_games(open("big.pbn", "rb")):  # streaming: one game at a time
        ...
    game.problems                       # [Problem(line, column, message, severity, source)]
    str(game.problems[0])               # "event.pbn:12:8: error: tag Deal: ..."

A :class:`Game` keeps every tag in order, known and unknown, each a :class:`Tag` with its
value (``#`` and ``##`` inheritance resolved), its section rows and its comments::

    game["Event"]; game.get("Room"); "Board" in game; game.names()
    game["Room"] = "Closed"             # set in place, or append
    game.tag("Auction").section         # rows of tokens as read: ("1C", "=1=", "Pass", ...)

Parsed accessors (None where the tag is absent, ``?`` or invalid)::

    game.board -> int; game.dealer -> Seat; game.vulnerability -> Vulnerability
    game.deal -> Deal (a hand written "-" is empty); game.deal_value.known -> seats given
    game.contract -> Contract with declarer; game.declarer; game.passed_out -> bool
    game.result -> int (declarer's tricks)
    game.auction -> PbnAuction (first seat, entries with note/suffix/nag/irregularity)
    game.calls() -> (RecordedCall(call, alert, explanation), ...) from the dealer, AP expanded,
                    a call with a note =n= being alerted and explained by Note "n:text"
    game.notes("Auction") -> {1: "text", ...}
    game.play -> PbnPlay (first seat, tricks as rows in seat order, end mark)
    game.played() -> ((Seat, Card), ...) in the order played (Law 44G: the winner leads)
    game.scores("ScoreIMP") -> (ScoreValue(side, Decimal, artificial), ...)
    game.score_for(Side.NS, "Score"); game.optimum_score; game.double_dummy_tricks
    game.table("ScoreTable") -> PbnTable(columns, rows); table.column("MP_NS"); table.records()

Building and writing::

    game = pbn.Game.from_table(table, Event="Club pairs")     # a core Table, played or not
    game = pbn.Game.from_deal(deal, board=7)                  # a hand record
    game.set_double_dummy_tricks({Seat.N: {Strain.NOTRUMP: 9, ...}, ...})
    game.set_optimum_result_table(tricks); game["OptimumScore"] = "NS 400"
    game["ParContract"] = "NS 3NT"
    game.set_table("ScoreTable", pbn.PbnTable.from_spec("Score_NS\\5R;MP_NS\\4R", rows))
    text = pbn.dumps([game, ...])       # export format: "% PBN 2.1", "% EXPORT", games
    pbn.dump(games, open("out.pbn", "w", encoding="utf-8"))

Export format writes the fifteen tags of the mandatory set first, in the standard's order
(``?`` for one the game lacks), then every other tag in the game's order, each followed by its
section (four calls to a line, one trick to a line, table cells padded to their column width)
and its comments. :meth:`Game.to_record` and :meth:`Game.from_record` convert to and from the
format-neutral :class:`~dupbridge.formats.records.BoardRecord` that ``dupbridge convert`` uses.

Files are read as UTF-8 when they are valid UTF-8 and as ISO 8859-1 (the standard's character
set) otherwise; they are written as UTF-8.

What programs write that PBN does not is read, with a warning at its line and column: ``1N``
and ``P``, cards in lower case, values without quotes, ISO and day-first dates, ``NS-140``,
nested braces in comments, table columns separated by spaces, ``Result "0"`` on a passed-out
board, ``#`` on a tag describing the board (copied from the earlier game of the same board),
a tag given again (a new game when it is the game's first tag or another Board, else the
first value is kept), a Ctrl-Z after the last game, and ``% EXPORT`` files that break the
export layout. A file cut short (inside an Auction, a trick, a table row or a tag) is an
error where it stops. ``Game.from_record(record, warnings=found)`` says what PBN cannot hold.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO

from dupbridge.formats._pbn_game import Game
from dupbridge.formats._pbn_reader import Parser
from dupbridge.formats._pbn_sections import (
    AuctionEntry,
    PbnAuction,
    PbnPlay,
    PbnTable,
    PlayEntry,
    Tag,
    is_table_tag,
)
from dupbridge.formats._pbn_text import decode, split_lines
from dupbridge.formats._pbn_values import MANDATORY_TAGS, Column, ScoreValue
from dupbridge.formats.problems import FormatError, Problem, Severity
from dupbridge.formats.records import BoardRecord
from dupbridge.formats.registry import FileFormat, ReadItem, register
from dupbridge.i18n import N_

__all__ = [
    "MANDATORY_TAGS",
    "AuctionEntry",
    "Column",
    "FormatError",
    "Game",
    "PbnAuction",
    "PbnPlay",
    "PbnTable",
    "PlayEntry",
    "Problem",
    "ScoreValue",
    "Severity",
    "Tag",
    "dump",
    "dumps",
    "is_table_tag",
    "iter_games",
    "load",
    "load_path",
    "loads",
]

HEADER = ("% PBN 2.1", "% EXPORT")


def _checked(games: Iterator[Game], strict: bool) -> Iterator[Game]:
    for game in games:
        if strict:
            for problem in game.problems:
                if problem.severity is Severity.ERROR:
                    raise FormatError.from_problem(problem)
        yield game


def iter_games(
    source: IO[str] | IO[bytes] | Iterable[str], *, strict: bool = False, name: str | None = None
) -> Iterator[Game]:
    """Read games one at a time from a file (text or binary) or an iterable of lines.

    Args:
        source: an open file, or any iterable of lines.
        strict: raise :class:`FormatError` for the first error instead of collecting it.
        name: the file name used in problems (default: the file's ``name``).

    Raises:
        FormatError: in strict mode, for the first error.
    """
    label = name or str(getattr(source, "name", "<stream>"))
    parser = Parser(label)
    return _checked(parser.feed_lines(_stream_lines(source)), strict)


def _stream_lines(source: IO[str] | IO[bytes] | Iterable[str]) -> Iterator[str]:
    for line in source:
        text = decode(line) if isinstance(line, bytes) else line
        yield text.rstrip("\n")


def loads(text: str | bytes, *, strict: bool = False, source: str = "<string>") -> list[Game]:
    """Read every game of a PBN text (``bytes`` are decoded as :func:`decode` says).

    Raises:
        FormatError: in strict mode, for the first error.
    """
    if isinstance(text, bytes):
        text = decode(text)
    if text.startswith("\ufeff"):
        text = text[1:]
    parser = Parser(source)
    lines, clean = split_lines(text)
    return list(_checked(parser.feed_lines(lines, clean=clean), strict))


def load(fp: IO[str] | IO[bytes], *, strict: bool = False) -> list[Game]:
    """Read every game of an open PBN file (text or binary mode).

    Raises:
        FormatError: in strict mode, for the first error.
    """
    return loads(fp.read(), strict=strict, source=str(getattr(fp, "name", "<stream>")))


def load_path(path: str | Path, *, strict: bool = False) -> list[Game]:
    """Read every game of the PBN file at ``path``.

    Raises:
        OSError: if the file cannot be read.
        FormatError: in strict mode, for the first error.
    """
    return loads(Path(path).read_bytes(), strict=strict, source=str(path))


def dumps(games: Iterable[Game], *, newline: str = "\n") -> str:
    """Write ``games`` in PBN 2.1 export format (see the module docstring)."""
    lines = list(HEADER)
    for game in games:
        lines.extend(game.export_lines())
        lines.append("")
    return newline.join(lines) + ("" if lines[-1] == "" else newline)


def dump(games: Iterable[Game], fp: IO[str], *, newline: str = "\n") -> None:
    """Write ``games`` in PBN 2.1 export format to an open text file."""
    fp.write(dumps(games, newline=newline))


# --- the registry ---------------------------------------------------------------------------


def _read(data: bytes, source: str) -> Iterator[ReadItem]:
    text = decode(data)
    total = max(text.count("\n"), 1)
    parser = Parser(source)
    lines, clean = split_lines(text)
    for game in parser.feed_lines(lines, clean=clean):
        record = game.to_record() if len(game) else None
        yield ReadItem(record, tuple(game.problems), min(game.line / total, 1.0))


def _write(records: Sequence[BoardRecord]) -> bytes:
    return dumps(Game.from_record(record) for record in records).encode("utf-8")


def _unwritable(records: Sequence[BoardRecord]) -> list[str]:
    warnings: list[str] = []
    for record in records:
        Game.from_record(record, warnings=warnings)
    return warnings


register(
    FileFormat(
        "pbn",
        (".pbn",),
        N_("Portable Bridge Notation 2.1"),
        _read,
        _write,
        unwritable=_unwritable,
    )
)
