"""Hand records as CSV: one row a board, for spreadsheets and databases.

A hand-record ``.csv`` file is text, one row per board (lines end with CR LF as written on
Windows; LF alone is read too), 18 cells a row, each in double quotes, separated by commas::

    "65","A53","JT7","AK762","AK87","QT4","AK98","95",...,"Q432","KJ76","64","JT4","1","N/-"

=========  ===================================================================================
cells      content
=========  ===================================================================================
1-4        North's spades, hearts, diamonds and clubs: ranks ``AKQJT98765432`` highest first,
           an empty cell for a void
5-8        East's four suits, the same way
9-12       South's
13-16      West's
17         the board number
18         dealer and vulnerability as ``D/V``: the dealer ``N``, ``E``, ``S`` or ``W``, a
           slash, and ``-`` (none vulnerable), ``NS``, ``EW`` or ``All``
=========  ===================================================================================

The reader also takes cells without quotes, ``10`` for the ten, lower-case ranks, ``-`` for a
void and semicolons as separators (as spreadsheets in many countries write them); a first
row whose board cell holds no digit is a header, skipped with a warning. Dealer and
vulnerability are the file's; an empty 18th cell gives those of Law 2. It checks every cell
and that each deal is four hands of thirteen cards (Law 1). The writer needs full deals with
board numbers; it writes the boards in number order, the dealer and vulnerability of each
record (Law 2's where a record has none), and gives the bytes of the file back exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from dupbridge.core.cards import Card, Hand, Rank, Suit
from dupbridge.core.deal import Deal
from dupbridge.core.errors import NotationError
from dupbridge.core.seats import SEATS, Seat, Vulnerability
from dupbridge.formats._deal_files import (
    MACHINE_SUITS,
    Collector,
    board_record,
    collect,
    dealt_boards,
    no_boards,
)
from dupbridge.formats.records import BoardRecord
from dupbridge.formats.registry import FileFormat, ReadItem, register
from dupbridge.i18n import N_, _

__all__ = ["CELLS", "dumps", "load_path", "loads", "read", "split_row"]

CELLS = 18
_VULNERABILITY = {
    Vulnerability.NONE: "-",
    Vulnerability.NS: "NS",
    Vulnerability.EW: "EW",
    Vulnerability.BOTH: "All",
}
_RANKS = {rank.char: rank for rank in Rank}
_RANK_TEXT = "AKQJT98765432 "


def split_row(text: str, separator: str) -> list[tuple[str, int]] | int:
    """The cells of a row with the column of each cell's first character.

    A cell in double quotes may hold the separator, and ``""`` for a quote. Returns the
    column of an unclosed quote instead of the cells.
    """
    cells: list[tuple[str, int]] = []
    position = 0
    while True:
        column = position + 1
        if text.startswith('"', position):
            end = position + 1
            value: list[str] = []
            while True:
                close = text.find('"', end)
                if close < 0:
                    return column
                value.append(text[end:close])
                if text.startswith('"', close + 1):
                    value.append('"')
                    end = close + 2
                    continue
                break
            cells.append(("".join(value), column + 1))
            after = close + 1
            position = text.find(separator, after)
            if position < 0:
                return cells
        else:
            position = text.find(separator, column - 1)
            if position < 0:
                cells.append((text[column - 1 :].strip(), column))
                return cells
            cells.append((text[column - 1 : position].strip(), column))
        position += 1


def _separator(lines: Sequence[str]) -> str:
    for text in lines:
        if text.strip():
            cells = split_row(text, ",")
            return ";" if isinstance(cells, list) and len(cells) < CELLS and ";" in text else ","
    return ","


def _suit(
    cell: tuple[str, int], line: int, number: str, suit: Suit, problems: Collector
) -> int | None:
    value, column = cell
    mask = 0
    text = value.upper().replace("10", "T")
    if text == "-":
        return 0
    for offset, char in enumerate(text):
        if char.isspace():
            continue
        rank = _RANKS.get(char)
        if rank is None:
            problems.error(
                line,
                column + offset,
                _("board {n}: {char!r} is not a rank (AKQJT98765432)").format(n=number, char=char),
            )
            return None
        card = Card(suit, rank)
        if mask & card.bit:
            problems.error(
                line,
                column + offset,
                _("board {n}: {card} is given twice").format(n=number, card=card),
            )
            return None
        mask |= card.bit
    return mask


def _is_header(cells: list[tuple[str, int]]) -> bool:
    """Whether a row is a header: no digit in its board cell and a suit cell of no ranks."""
    if any(char.isdigit() for char in cells[16][0]):
        return False
    return any(
        value != "-" and any(char not in _RANK_TEXT for char in value.upper().replace("10", "T"))
        for value, _column in cells[:16]
    )


def _row(cells: list[tuple[str, int]], line: int, problems: Collector) -> BoardRecord | None:
    number_text, number_column = cells[16]
    if not number_text.isdigit() or int(number_text) < 1:
        problems.error(
            line,
            number_column,
            _("{text!r} is not a board number").format(text=number_text),
        )
        return None
    number = int(number_text)
    masks = [0, 0, 0, 0]
    readable = True
    for index in range(16):
        mask = _suit(cells[index], line, number_text, MACHINE_SUITS[index % 4], problems)
        if mask is None:
            readable = False
        else:
            masks[index // 4] |= mask
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    markings, column = cells[17]
    if markings.strip():
        seat_text, slash, vul_text = markings.partition("/")
        try:
            dealer = Seat.from_str(seat_text)
            vulnerability = Vulnerability.from_str(vul_text)
            if not slash:
                raise NotationError(markings)
        except NotationError:
            problems.error(
                line,
                column,
                _(
                    "board {n}: {text!r} is not dealer/vulnerability "
                    "(like N/-, E/NS, S/EW or W/All)"
                ).format(n=number, text=markings),
            )
            dealer = vulnerability = None
    if not readable:
        return board_record(number, None, dealer, vulnerability)
    deal = Deal(*(Hand(mask) for mask in masks))
    problems.deal(line, cells[0][1], number, deal)
    return board_record(number, deal, dealer, vulnerability)


def read(data: bytes, source: str = "<string>") -> Iterator[ReadItem]:
    """Read a hand-record ``.csv`` file: one item per board, with its problems."""
    lines = data.removeprefix(b"\xef\xbb\xbf").decode("latin-1").split("\n")
    rows = [(line, text.rstrip("\r")) for line, text in enumerate(lines, 1) if text.strip()]
    if not rows:
        yield no_boards(source, _("the file holds no boards") if data else _("the file is empty"))
        return
    separator = _separator([text for _line, text in rows])
    problems = Collector(source)
    seen: dict[int, int] = {}
    boards = 0
    for index, (line, text) in enumerate(rows):
        cells = split_row(text, separator)
        if isinstance(cells, int):
            problems.error(line, cells, _("this quote is never closed"))
            yield ReadItem(None, problems.take(), (index + 1) / len(rows))
            continue
        if len(cells) != CELLS:
            column = cells[CELLS][1] if len(cells) > CELLS else len(text) + 1
            problems.error(
                line,
                column,
                _(
                    "a row has 18 cells (16 suits, the board number, dealer/vulnerability), not {n}"
                ).format(n=len(cells)),
            )
            yield ReadItem(None, problems.take(), (index + 1) / len(rows))
            continue
        if index == 0 and _is_header(cells):
            problems.warning(
                line,
                cells[16][1],
                _("the first row looks like a header (its board cell is {text!r}): skipped").format(
                    text=cells[16][0]
                ),
            )
            yield ReadItem(None, problems.take(), (index + 1) / len(rows))
            continue
        record = _row(cells, line, problems)
        if record is not None and record.board is not None:
            boards += 1
            if record.board in seen:
                problems.warning(
                    line,
                    cells[16][1],
                    _("board {n} is given twice (lines {a} and {b})").format(
                        n=record.board, a=seen[record.board], b=line
                    ),
                )
            seen.setdefault(record.board, line)
        yield ReadItem(record, problems.take(), (index + 1) / len(rows))
    if boards == 0:
        yield no_boards(source, _("the file holds no boards"))


def loads(
    data: bytes | str, *, strict: bool = False, source: str = "<string>"
) -> list[BoardRecord]:
    """The boards of a hand-record ``.csv`` file.

    Raises:
        FormatError: in strict mode, for the first error.
    """
    raw = data.encode("latin-1") if isinstance(data, str) else data
    return collect(read(raw, source), strict=strict)


def load_path(path: str | Path, *, strict: bool = False) -> list[BoardRecord]:
    """The boards of the hand-record ``.csv`` file at ``path``.

    Raises:
        OSError: if the file cannot be read.
        FormatError: in strict mode, for the first error.
    """
    return loads(Path(path).read_bytes(), strict=strict, source=str(path))


def dumps(records: Iterable[BoardRecord]) -> str:
    """Write ``records`` (full deals with board numbers) as a hand-record ``.csv`` file.

    Raises:
        FormatError: for records the file cannot hold.
    """
    records = list(records)
    dealt_boards(records, ".csv", consecutive=False)  # checks numbers and deals
    rows = []
    for record in sorted(records, key=lambda r: r.board or 0):
        markings = record.board_markings
        assert record.deal is not None
        assert markings is not None
        cells = [
            "".join(rank.char for rank in record.deal[seat].suit(suit))
            for seat in SEATS
            for suit in MACHINE_SUITS
        ]
        cells.append(str(markings.number))
        cells.append(f"{markings.dealer.letter}/{_VULNERABILITY[markings.vulnerability]}")
        rows.append(",".join(f'"{cell}"' for cell in cells))
    return "".join(row + "\r\n" for row in rows)


def _write(records: Sequence[BoardRecord]) -> bytes:
    return dumps(records).encode("ascii")


register(FileFormat("csv", (".csv",), N_("Hand records as CSV"), read, _write))
