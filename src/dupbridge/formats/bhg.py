"""BHG files: the deals of the Borel Hand Generator, one line of 52 letters a board.

A ``.bhg`` file is text: an empty first line, then one line per board, boards in order
(lines end with CR LF as written on Windows; LF alone is read too). A board's line is 52
letters, one a card: ``A``-``M`` the spades ace to two, ``N``-``Z`` the hearts, ``a``-``m``
the diamonds, ``n``-``z`` the clubs (card numbers 1-52 in letters). The first 13 letters are
the dealer's hand, then the hands of the players after the dealer clockwise; each hand is
written in increasing letter order (capitals first).

The file holds no board numbers: its boards are boards 1, 2... in order (or from the first
board the caller names), and the dealer, whose hand comes first, and the vulnerability come
from the board number (Law 2). The reader checks every letter, that no card is given twice and
that the deal is four hands of thirteen cards (Law 1); empty lines are skipped. The writer
needs full deals on consecutive boards; it gives the bytes of the file back exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from dupbridge.core.boards import dealer_of
from dupbridge.core.deal import Deal
from dupbridge.formats._deal_files import (
    Collector,
    board_record,
    card_numbers,
    check_first,
    collect,
    deal_from_numbers,
    dealt_boards,
    no_boards,
)
from dupbridge.formats.records import BoardRecord
from dupbridge.formats.registry import FileFormat, ReadItem, register
from dupbridge.i18n import N_, _

__all__ = ["LETTERS", "dumps", "load_path", "loads", "read"]

#: The letter of card number ``n + 1``.
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_NUMBER_OF_LETTER = {letter: number for number, letter in enumerate(LETTERS, 1)}


def _decode(text: str, line: int, number: int, problems: Collector) -> Deal | None:
    if len(text) != 52:
        problems.error(
            line,
            min(len(text), 52) + 1,
            _("board {n}: a board is 52 letters, not {m}").format(n=number, m=len(text)),
        )
        return None
    seen: dict[str, int] = {}
    for column, letter in enumerate(text, 1):
        if letter not in _NUMBER_OF_LETTER:
            problems.error(
                line,
                column,
                _("board {n}: {char!r} is not a card letter A-Z or a-z").format(
                    n=number, char=letter
                ),
            )
            return None
        if letter in seen:
            problems.error(
                line,
                column,
                _("board {n}: card {letter} is given twice (columns {a} and {b})").format(
                    n=number, letter=letter, a=seen[letter], b=column
                ),
            )
            return None
        seen[letter] = column
    dealer = dealer_of(number)
    hands: list[list[int]] = [[], [], [], []]
    for position, letter in enumerate(text):
        hands[dealer.next(position // 13)].append(_NUMBER_OF_LETTER[letter])
    return deal_from_numbers(hands)


def read(data: bytes, source: str = "<string>", *, first: int = 1) -> Iterator[ReadItem]:
    """Read a ``.bhg`` file: one item per board (numbered from ``first``), with its problems.

    Raises:
        ValueError: if ``first`` is not a board number (bad input is reported, not raised).
    """
    check_first(first)
    lines = data.removeprefix(b"\xef\xbb\xbf").decode("latin-1").split("\n")
    boards = [(line, text.rstrip("\r \t")) for line, text in enumerate(lines, 1) if text.strip()]
    if not boards:
        yield no_boards(source, _("the file holds no boards") if data else _("the file is empty"))
        return
    problems = Collector(source)
    for index, (line, text) in enumerate(boards):
        number = first + index
        deal = _decode(text, line, number, problems)
        if deal is not None:
            problems.deal(line, 1, number, deal)
        yield ReadItem(board_record(number, deal), problems.take(), (index + 1) / len(boards))


def loads(
    data: bytes | str, *, strict: bool = False, source: str = "<string>", first: int = 1
) -> list[BoardRecord]:
    """The boards of a ``.bhg`` file, numbered from ``first``.

    Raises:
        FormatError: in strict mode, for the first error.
    """
    raw = data.encode("latin-1") if isinstance(data, str) else data
    return collect(read(raw, source, first=first), strict=strict)


def load_path(path: str | Path, *, strict: bool = False, first: int = 1) -> list[BoardRecord]:
    """The boards of the ``.bhg`` file at ``path``, numbered from ``first``.

    Raises:
        OSError: if the file cannot be read.
        FormatError: in strict mode, for the first error.
    """
    return loads(Path(path).read_bytes(), strict=strict, source=str(path), first=first)


def dumps(records: Iterable[BoardRecord]) -> str:
    """Write ``records`` (full deals, consecutive boards) as a ``.bhg`` file (CR LF lines).

    Raises:
        FormatError: for records a ``.bhg`` file cannot hold.
    """
    lines = [""]
    for board in dealt_boards(records, ".bhg"):
        dealer = dealer_of(board.number)
        lines.append(
            "".join(
                LETTERS[number - 1]
                for turn in range(4)
                for number in card_numbers(board.deal[dealer.next(turn)])
            )
        )
    return "\r\n".join(lines) + "\r\n"


def _read(data: bytes, source: str) -> Iterator[ReadItem]:
    return read(data, source)


def _write(records: Sequence[BoardRecord]) -> bytes:
    return dumps(records).encode("ascii")


register(FileFormat("bhg", (".bhg",), N_("Borel Hand Generator deals"), _read, _write))
