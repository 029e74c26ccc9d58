"""What the deal-only file formats share (BRI, DGE, BER, BHG, CDS, RZD and hand CSV).

These files hold deals and little else. Most of them number the 52 cards the way dealing
machines do: 1 is the ace of spades, 13 the two of spades, then hearts (14-26), diamonds
(27-39) and clubs (40-52), each suit ace to two. A file that holds no board numbers holds its
boards in order from board 1 (or the first board the caller names); dealer and vulnerability
then come from the board number (Law 2). Every reader checks that a deal is four hands of
thirteen cards, each card dealt once (Law 1).

Binary files report a problem with the board's position in the file as its line and the byte
offset in the board's record, plus one, as its column (the convention of
:mod:`dupbridge.formats.problems`); text files with the line and column.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from dupbridge.core.boards import dealer_of, vulnerability_of
from dupbridge.core.cards import Hand, Rank, Suit
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.formats.problems import FormatError, Problem, Severity
from dupbridge.formats.records import BoardRecord
from dupbridge.formats.registry import ReadItem
from dupbridge.i18n import _

__all__ = [
    "CARD_BITS",
    "MACHINE_SUITS",
    "RANK_CHARS",
    "Board",
    "Collector",
    "Decoder",
    "board_record",
    "card_numbers",
    "check_first",
    "collect",
    "deal_from_holders",
    "deal_from_numbers",
    "dealt_boards",
    "holders",
    "no_boards",
    "read_fixed",
]

#: The suits in the order of the machines' card numbers: spades, hearts, diamonds, clubs.
MACHINE_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
#: The ranks as the files write them, from the ace down.
RANK_CHARS = "AKQJT98765432"
#: The bit (in a :class:`~dupbridge.core.cards.Hand` mask) of card number ``n + 1``.
CARD_BITS: tuple[int, ...] = tuple(
    1 << (suit * 13 + rank - 2) for suit in MACHINE_SUITS for rank in sorted(Rank, reverse=True)
)
_NUMBER_OF_BIT = {bit: number for number, bit in enumerate(CARD_BITS, 1)}


def deal_from_holders(codes: Sequence[int]) -> Deal:
    """The deal in which card number ``n + 1`` is held by seat ``codes[n]`` (0 North-3 West)."""
    masks = [0, 0, 0, 0]
    for bit, holder in zip(CARD_BITS, codes, strict=True):
        masks[holder] |= bit
    return Deal(*(Hand(mask) for mask in masks))


def holders(deal: Deal) -> list[int]:
    """The seat (0 North-3 West) holding each card, in card-number order (1-52)."""
    codes = [0] * 52
    for seat, hand in deal:
        for card in hand:
            codes[_NUMBER_OF_BIT[card.bit] - 1] = int(seat)
    return codes


def card_numbers(hand: Hand) -> list[int]:
    """The card numbers (1-52) of ``hand``, in increasing order."""
    return sorted(_NUMBER_OF_BIT[card.bit] for card in hand)


def deal_from_numbers(hands: Sequence[Sequence[int]]) -> Deal:
    """The deal whose first hands hold these card numbers; a missing last hand gets the rest.

    Given three hands (North, East, South), West gets every card nobody else holds.
    """
    masks = [0, 0, 0, 0]
    for seat, numbers in enumerate(hands):
        for number in numbers:
            masks[seat] |= CARD_BITS[number - 1]
    if len(hands) == 3:
        masks[3] = ((1 << 52) - 1) & ~(masks[0] | masks[1] | masks[2])
    return Deal(*(Hand(mask) for mask in masks))


def board_record(
    number: int,
    deal: Deal | None,
    dealer: Seat | None = None,
    vulnerability: Vulnerability | None = None,
) -> BoardRecord:
    """The record of board ``number``: Law 2 gives the dealer and vulnerability not given.

    A deal that is not four hands of thirteen different cards is left out (its problems are
    reported by the reader).
    """
    return BoardRecord(
        board=number,
        dealer=dealer if dealer is not None else dealer_of(number),
        vulnerability=vulnerability if vulnerability is not None else vulnerability_of(number),
        deal=deal if deal is not None and deal.is_valid() else None,
    )


@dataclass(slots=True)
class Collector:
    """The problems found in one part of a file (a board, or the whole file)."""

    source: str
    problems: list[Problem] = field(default_factory=list)

    def error(self, line: int, column: int, message: str) -> None:
        """Report an error at ``line``:``column``."""
        self.problems.append(Problem(line, column, message, Severity.ERROR, self.source))

    def warning(self, line: int, column: int, message: str) -> None:
        """Report a warning at ``line``:``column``."""
        self.problems.append(Problem(line, column, message, Severity.WARNING, self.source))

    def deal(self, line: int, column: int, number: int, deal: Deal) -> None:
        """Report every way ``deal`` (of board ``number``) is not a full deal (Law 1)."""
        for text in deal.problems():
            self.error(line, column, _("board {n}: {problem}").format(n=number, problem=text))

    def take(self) -> tuple[Problem, ...]:
        """The problems collected so far, and start afresh."""
        taken = tuple(self.problems)
        self.problems.clear()
        return taken


def check_first(first: int) -> None:
    """Check the number a caller gives to the first board of a file without numbers.

    Raises:
        ValueError: if it is not a board number (1 or more).
    """
    if isinstance(first, bool) or not isinstance(first, int) or first < 1:
        raise ValueError(
            _("the first board's number must be 1 or more, not {first!r}").format(first=first)
        )


def no_boards(source: str, message: str) -> ReadItem:
    """The item a reader yields for a file that holds no board: one error at 1:1."""
    return ReadItem(None, (Problem(1, 1, message, Severity.ERROR, source),))


def collect(items: Iterable[ReadItem], *, strict: bool) -> list[BoardRecord]:
    """The records of a reader's items; in strict mode, raise for the first error.

    Raises:
        FormatError: in strict mode, for the first error.
    """
    records = []
    for item in items:
        if strict:
            for problem in item.problems:
                if problem.is_error:
                    raise FormatError.from_problem(problem)
        if item.record is not None:
            records.append(item.record)
    return records


@dataclass(frozen=True, slots=True)
class Board:
    """A board a writer puts in its file: its number and full deal."""

    number: int
    deal: Deal


def dealt_boards(
    records: Iterable[BoardRecord], what: str, *, consecutive: bool = True, highest: int = 0
) -> list[Board]:
    """The boards of ``records`` that a deal file can hold, in board order.

    Args:
        records: the boards to write.
        what: the format's name, for messages (``".bri"``).
        consecutive: whether the file holds no board numbers, so that the boards must follow
            each other with no gap (the file is read back as boards ``first``, ``first + 1``...).
        highest: the highest board number the format can hold (0: no limit).

    Raises:
        FormatError: naming the board the file cannot hold (no number, no full deal, a gap,
            a number given twice or too high), or if there is no board at all.
    """
    boards: list[Board] = []
    for position, record in enumerate(records, 1):
        if record.board is None:
            raise FormatError(
                _("{what}: board {n} of the records has no number").format(what=what, n=position)
            )
        if record.deal is None or not record.deal.is_valid():
            raise FormatError(
                _("{what}: board {board} has no full deal").format(what=what, board=record.board)
            )
        boards.append(Board(record.board, record.deal))
    if not boards:
        raise FormatError(_("{what}: there are no boards to write").format(what=what))
    boards.sort(key=lambda board: board.number)
    for before, after in itertools.pairwise(boards):
        if after.number == before.number:
            raise FormatError(
                _("{what}: board {n} is given twice").format(what=what, n=after.number)
            )
        if consecutive and after.number != before.number + 1:
            raise FormatError(
                _(
                    "{what} holds no board numbers, so the boards must follow each other: "
                    "board {n} is missing"
                ).format(what=what, n=before.number + 1)
            )
    if highest and boards[-1].number > highest:
        raise FormatError(
            _("{what} holds boards 1 to {highest}, not {n}").format(
                what=what, highest=highest, n=boards[-1].number
            )
        )
    return boards


#: A record decoder: (record, its position, the board number it would have, problems) to the
#: board number the record gives (None: the file gives none) and its deal (None if unreadable).
Decoder = Callable[[bytes, int, int, Collector], tuple[int | None, Deal | None]]


def read_fixed(
    data: bytes,
    source: str,
    *,
    size: int,
    decode: Decoder,
    first: int = 1,
    offset: int = 0,
    header: Sequence[Problem] = (),
) -> Iterator[ReadItem]:
    """Read a file of ``size``-byte records from byte ``offset`` on: one item per board.

    Boards whose record gives no number are numbered from ``first`` in file order. The
    ``header`` problems come with the first board; a piece left over at the end is reported
    as an error naming the board it would be and where it starts, after the whole boards.

    Raises:
        ValueError: if ``first`` is not a board number (bad input is reported, not raised).
    """
    check_first(first)
    problems = Collector(source)
    problems.problems.extend(header)
    count, left = divmod(len(data) - offset, size)
    for index in range(count):
        line = index + 1
        start = offset + index * size
        number, deal = decode(data[start : start + size], line, first + index, problems)
        if number is None:
            number = first + index
        if deal is not None:
            problems.deal(line, 1, number, deal)
        yield ReadItem(board_record(number, deal), problems.take(), line / max(count, 1))
    if left:
        problems.error(
            count + 1,
            1,
            _(
                "the file ends in the middle of board {n}: {left} of its {size} bytes "
                "(from byte {start} on)"
            ).format(n=count + 1, left=left, size=size, start=offset + count * size),
        )
    if not data:
        problems.error(1, 1, _("the file is empty"))
    elif count == 0 and not left:
        problems.error(1, 1, _("the file holds no boards"))
    if problems.problems:
        yield ReadItem(None, problems.take())
