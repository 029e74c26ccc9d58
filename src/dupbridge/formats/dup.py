"""Duplimate ``.dup`` files: the hand records a Duplimate dealing machine takes.

A ``.dup`` file is binary: 156 bytes per board, boards in order.

=========  ===================================================================================
bytes      content
=========  ===================================================================================
0-77       North's, East's and South's 13 cards as two-digit numbers ``01``-``52``: spades
           ace to two are 1-13, hearts 14-26, diamonds 27-39, clubs 40-52 (West has the rest)
78-145     the four hands N, E, S, W again, each suit introduced by a marker byte (6 spades,
           3 hearts, 4 diamonds, 5 clubs) and followed by its ranks ``AKQJT98765432``
146-155    in the first board: ``Y``, ``N`` (not reversed), the first board number (two
           characters), `` 0 ``, the number of boards (two digits), a space; in the others,
           ten zero bytes
=========  ===================================================================================

The machine deals the boards by number, so dealer and vulnerability come from the board number
(Law 2). The reader checks that both encodings of each deal agree and that the deal is four
hands of thirteen cards (Law 1); the writer needs full deals on consecutive boards 1-99.
Problems in a ``.dup`` file are reported with the board's position in the file as the line and
the byte offset in its record, plus one, as the column.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from dupbridge.core.boards import dealer_of, vulnerability_of
from dupbridge.core.cards import FULL_PACK, Hand, Rank, Suit
from dupbridge.core.deal import Deal
from dupbridge.core.seats import SEATS, Seat
from dupbridge.formats.problems import FormatError, Problem, Severity
from dupbridge.formats.records import BoardRecord
from dupbridge.formats.registry import FileFormat, ReadItem, register
from dupbridge.i18n import N_, _

__all__ = ["RECORD_SIZE", "dumps", "load_path", "loads"]

RECORD_SIZE = 156
#: Suits in the order of the machine's card numbers: spades, hearts, diamonds, clubs.
_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_RANKS = "AKQJT98765432"
_MARKERS = {6: Suit.SPADES, 3: Suit.HEARTS, 4: Suit.DIAMONDS, 5: Suit.CLUBS}
_MARKER_OF = {suit: marker for marker, suit in _MARKERS.items()}


def card_number(suit: Suit, rank: Rank) -> int:
    """The machine's number of a card: 1 (ace of spades) to 52 (two of clubs)."""
    return _SUITS.index(suit) * 13 + (14 - rank) + 1


def _bit(number: int) -> int:
    suit = _SUITS[(number - 1) // 13]
    rank = 14 - (number - 1) % 13
    return 1 << (suit * 13 + rank - 2)


def _numbers_part(record: bytes, index: int, problems: list[Problem], source: str) -> Deal | None:
    masks = [0, 0, 0, 0]
    for position in range(39):
        text = record[2 * position : 2 * position + 2]
        if not text.isdigit() or not 1 <= int(text) <= 52:
            problems.append(
                Problem(
                    index,
                    2 * position + 1,
                    _("{text!r} is not a card number 01-52").format(text=text.decode("latin-1")),
                    Severity.ERROR,
                    source,
                )
            )
            return None
        masks[position // 13] |= _bit(int(text))
    held = masks[0] | masks[1] | masks[2]
    masks[3] = FULL_PACK & ~held
    return Deal(*(Hand(mask) for mask in masks))


def _hands_part(record: bytes, index: int, problems: list[Problem], source: str) -> Deal | None:
    masks = [0, 0, 0, 0]
    hand = -1
    suit: Suit | None = None
    seen = 0
    for offset in range(78, 146):
        byte = record[offset]
        if byte in _MARKERS:
            suit = _MARKERS[byte]
            if suit is Suit.SPADES or seen == 4:
                hand += 1
                seen = 0
            seen += 1
            if hand > 3:
                break
            continue
        char = chr(byte)
        if suit is None or char not in _RANKS:
            problems.append(
                Problem(
                    index,
                    offset + 1,
                    _("byte {byte} is neither a suit marker nor a rank").format(byte=byte),
                    Severity.ERROR,
                    source,
                )
            )
            return None
        masks[hand] |= 1 << (suit * 13 + (14 - _RANKS.index(char)) - 2)
    return Deal(*(Hand(mask) for mask in masks))


def read(data: bytes, source: str = "<bytes>") -> Iterator[ReadItem]:
    """Read a ``.dup`` file: one item per board, with its problems."""
    if not data:
        yield ReadItem(None, (Problem(1, 1, _("the file is empty"), Severity.ERROR, source),))
        return
    count = len(data) // RECORD_SIZE
    problems: list[Problem] = []
    if len(data) % RECORD_SIZE:
        problems.append(
            Problem(
                count + 1,
                1,
                _(
                    "the file ends in the middle of a board: {n} bytes left over "
                    "(a board has {size})"
                ).format(n=len(data) % RECORD_SIZE, size=RECORD_SIZE),
                Severity.ERROR,
                source,
            )
        )
    header = data[146:156]
    first = 1
    if header[:1] != b"Y":
        problems.append(
            Problem(
                1,
                147,
                _("the first board has no header (it starts with Y)"),
                Severity.ERROR,
                source,
            )
        )
    else:
        start, declared = header[2:4].strip(), header[7:9].strip()
        if start.isdigit() and declared.isdigit():
            first = int(start)
            if int(declared) != count:
                problems.append(
                    Problem(
                        1,
                        154,
                        _("the header announces {n} boards but the file holds {m}").format(
                            n=int(declared), m=count
                        ),
                        Severity.ERROR,
                        source,
                    )
                )
        else:
            problems.append(
                Problem(
                    1, 149, _("the header's board numbers are not numbers"), Severity.ERROR, source
                )
            )
        if header[1:2] not in (b"N", b"n"):
            problems.append(
                Problem(
                    1,
                    148,
                    _("the header asks for reversed hands, which dupbridge reads as written"),
                    Severity.WARNING,
                    source,
                )
            )
    first = max(first, 1)
    for index in range(count):
        record = data[index * RECORD_SIZE : (index + 1) * RECORD_SIZE]
        board_problems = list(problems) if index == 0 else []
        line = index + 1
        numbers = _numbers_part(record, line, board_problems, source)
        hands = _hands_part(record, line, board_problems, source)
        deal = numbers or hands
        if numbers is not None and hands is not None and numbers != hands:
            board_problems.append(
                Problem(
                    line, 79, _("the two encodings of the deal disagree"), Severity.ERROR, source
                )
            )
        if deal is not None:
            board_problems.extend(
                Problem(line, 1, text, Severity.ERROR, source) for text in deal.problems()
            )
        if index > 0 and record[146:156].strip(b"\x00"):
            board_problems.append(
                Problem(line, 147, _("only the first board has a header"), Severity.WARNING, source)
            )
        number = first + index
        yield ReadItem(
            BoardRecord(
                board=number,
                dealer=dealer_of(number),
                vulnerability=vulnerability_of(number),
                deal=deal if deal is not None and deal.is_valid() else None,
            ),
            tuple(board_problems),
            (index + 1) / count,
        )
    if count == 0:
        yield ReadItem(None, tuple(problems))


def loads(data: bytes, *, strict: bool = False, source: str = "<bytes>") -> list[BoardRecord]:
    """The boards of a ``.dup`` file.

    Raises:
        FormatError: in strict mode, for the first error.
    """
    records = []
    for item in read(data, source):
        if strict:
            for problem in item.problems:
                if problem.severity is Severity.ERROR:
                    raise FormatError.from_problem(problem)
        if item.record is not None:
            records.append(item.record)
    return records


def load_path(path: str | Path, *, strict: bool = False) -> list[BoardRecord]:
    """The boards of the ``.dup`` file at ``path``.

    Raises:
        OSError: if the file cannot be read.
        FormatError: in strict mode, for the first error.
    """
    return loads(Path(path).read_bytes(), strict=strict, source=str(path))


def consecutive_deals(records: Iterable[BoardRecord], what: str) -> list[tuple[int, Deal]]:
    """The boards' numbers and full deals, checked to be consecutive from 1-99.

    Raises:
        FormatError: naming the board that a dealing-machine file cannot hold.
    """
    boards: list[tuple[int, Deal]] = []
    for position, record in enumerate(records, 1):
        if record.board is None:
            raise FormatError(
                _("{what}: board {n} of the records has no number").format(what=what, n=position)
            )
        if record.deal is None or not record.deal.is_valid():
            raise FormatError(
                _("{what}: board {board} has no full deal").format(what=what, board=record.board)
            )
        boards.append((record.board, record.deal))
    if not boards:
        raise FormatError(_("{what}: there are no boards to write").format(what=what))
    boards.sort(key=lambda item: item[0])
    first = boards[0][0]
    for offset, (number, _deal) in enumerate(boards):
        if number != first + offset:
            raise FormatError(
                _(
                    "{what} needs consecutive board numbers: board {n} is missing or repeated"
                ).format(what=what, n=first + offset)
            )
    if boards[-1][0] > 99:
        raise FormatError(
            _("{what} holds boards 1 to 99, not {n}").format(what=what, n=boards[-1][0])
        )
    return boards


def dumps(records: Iterable[BoardRecord]) -> bytes:
    """Write ``records`` (full deals, consecutive boards 1-99) as a ``.dup`` file.

    Raises:
        FormatError: for records a dealing machine file cannot hold.
    """
    boards = consecutive_deals(records, ".dup")
    out = bytearray()
    for index, (_number, deal) in enumerate(boards):
        numbers = "".join(
            f"{card_number(card.suit, card.rank):02d}"
            for seat in (Seat.N, Seat.E, Seat.S)
            for card in deal[seat]
        )
        out += numbers.encode("ascii")
        for seat in SEATS:
            for suit in _SUITS:
                out.append(_MARKER_OF[suit])
                out += "".join(rank.char for rank in deal[seat].suit(suit)).encode("ascii")
        if index == 0:
            out += f"YN{boards[0][0]:<2d} 0 {len(boards):02d} ".encode("ascii")
        else:
            out += bytes(10)
    return bytes(out)


def _write(records: Sequence[BoardRecord]) -> bytes:
    return dumps(records)


register(FileFormat("dup", (".dup",), N_("Duplimate dealing machine (.dup)"), read, _write))
