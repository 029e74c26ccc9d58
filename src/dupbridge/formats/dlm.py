"""Duplimate ``.dlm`` files: the text hand records of newer Duplimate dealing machines.

A ``.dlm`` file is an INI-like text (lines end with CR LF)::

    [Document]
    Headline=...
    Status=Show
    Duplicates=1
    From board=1
    To board=16
    Next board to duplimate=0
    PrintOuts=0
    Crypto key=0
    Checksum=17
    Duplicates 01=0
    Board 01=fokfapmnnkpbcfibeooicpgahi022
    ...

Each board is 26 letters and a three-digit checksum. The 52 cards are taken in the order
spades, hearts, diamonds, clubs, each suit ace to two; each letter holds two cards as
``a + 4 * holder of the first + holder of the second`` (holders 0 North, 1 East, 2 South,
3 West). A board's checksum is its number XOR the codes of its 26 letters; the file's is the
number of boards, XOR 1 when ``Status=Show``. The file lists boards 1 to 99: those outside
``From board``-``To board`` are placeholders. Dealer and vulnerability come from the board
number (Law 2). Encrypted files (``Crypto key`` other than 0) cannot be read.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from dupbridge.core.boards import dealer_of, vulnerability_of
from dupbridge.core.cards import Hand, Rank, Suit
from dupbridge.core.deal import Deal
from dupbridge.core.seats import SEATS
from dupbridge.formats.dup import consecutive_deals
from dupbridge.formats.problems import FormatError, Problem, Severity
from dupbridge.formats.records import BoardRecord
from dupbridge.formats.registry import FileFormat, ReadItem, register
from dupbridge.i18n import N_, _

__all__ = ["dumps", "load_path", "loads", "read"]

_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
#: The 52 cards' bits in the machine's order: spades ace to two, hearts, diamonds, clubs.
_ORDER = tuple(
    1 << (suit * 13 + rank - 2) for suit in _SUITS for rank in sorted(Rank, reverse=True)
)
_PLACEHOLDER = "aaaaaabffffffkkkkkklpppppp"


def _decode_board(text: str) -> Deal:
    """The deal of a board's 26 letters.

    Raises:
        ValueError: naming the letter that is wrong.
    """
    masks = [0, 0, 0, 0]
    for position, char in enumerate(text):
        value = ord(char) - 97
        if not 0 <= value < 16:
            raise ValueError(position)
        masks[value // 4] |= _ORDER[2 * position]
        masks[value % 4] |= _ORDER[2 * position + 1]
    return Deal(*(Hand(mask) for mask in masks))


def _checksum(number: int, letters: str) -> int:
    check = number
    for char in letters:
        check ^= ord(char)
    return check


def read(data: bytes, source: str = "<string>") -> Iterator[ReadItem]:
    """Read a ``.dlm`` file: one item per board, with its problems (line and column)."""
    text = data.decode("latin-1")
    lines = text.split("\n")
    problems: list[Problem] = []

    def problem(line: int, column: int, message: str, warning: bool = False) -> None:
        problems.append(
            Problem(line, column, message, Severity.WARNING if warning else Severity.ERROR, source)
        )

    fields: dict[str, tuple[str, int]] = {}
    if not lines or lines[0].strip() != "[Document]":
        problem(1, 1, _("a .dlm file starts with the line [Document]"))
    for number, raw in enumerate(lines[1:], 2):
        content = raw.rstrip("\r")
        if not content.strip():
            continue
        key, sep, value = content.partition("=")
        if not sep:
            problem(number, 1, _("{line!r} is not KEY=VALUE").format(line=content[:40]))
            continue
        if key.strip() in fields:
            problem(number, 1, _("{key} is given twice").format(key=key.strip()))
            continue
        fields[key.strip()] = (value.strip(), number)

    def integer(key: str) -> int | None:
        found = fields.get(key)
        if found is None:
            problem(1, 1, _("the {key} line is missing").format(key=key))
            return None
        if not found[0].isdigit():
            problem(found[1], len(key) + 2, _("{key} must be a number").format(key=key))
            return None
        return int(found[0])

    first, last = integer("From board"), integer("To board")
    crypto = fields.get("Crypto key", ("0", 1))
    if crypto[0] not in ("", "0"):
        problem(
            crypto[1],
            12,
            _(
                "the boards are encrypted (Crypto key {key}); dupbridge "
                "reads only unencrypted files"
            ).format(key=crypto[0]),
        )
        first = None
    if first is None or last is None or not 1 <= first <= last <= 99:
        if first is not None and last is not None:
            problem(1, 1, _("From board and To board must be 1 to 99, in order"))
        yield ReadItem(None, tuple(problems))
        return
    status = fields.get("Status", ("", 1))[0]
    declared = fields.get("Checksum")
    expected = (last - first + 1) ^ (1 if status == "Show" else 0)
    if declared is not None and declared[0] != str(expected):
        problem(
            declared[1],
            10,
            _("the file's checksum is {given}, expected {expected}").format(
                given=declared[0], expected=expected
            ),
            warning=True,
        )
    count = last - first + 1
    for index, board in enumerate(range(first, last + 1), 1):
        board_problems = problems if index == 1 else []
        key = f"Board {board:02d}"
        found = fields.get(key)
        if found is None:
            board_problems.append(
                Problem(1, 1, _("board {n} is missing").format(n=board), Severity.ERROR, source)
            )
            yield ReadItem(None, tuple(board_problems), index / count)
            continue
        value, line = found
        column = len(key) + 2
        letters, check = value[:26], value[26:]
        deal: Deal | None = None
        if len(letters) != 26 or not check.isdigit():
            board_problems.append(
                Problem(
                    line,
                    column,
                    _("a board is 26 letters and a three-digit checksum"),
                    Severity.ERROR,
                    source,
                )
            )
        else:
            try:
                deal = _decode_board(letters)
            except ValueError as error:
                position = int(str(error))
                board_problems.append(
                    Problem(
                        line,
                        column + position,
                        _("{char!r} is not a letter a-p").format(char=letters[position]),
                        Severity.ERROR,
                        source,
                    )
                )
            if int(check) != _checksum(board, letters):
                board_problems.append(
                    Problem(
                        line,
                        column + 26,
                        _("board {n}'s checksum is {given}, expected {expected}").format(
                            n=board, given=int(check), expected=_checksum(board, letters)
                        ),
                        Severity.ERROR,
                        source,
                    )
                )
            if deal is not None:
                board_problems.extend(
                    Problem(line, column, text, Severity.ERROR, source) for text in deal.problems()
                )
        yield ReadItem(
            BoardRecord(
                board=board,
                dealer=dealer_of(board),
                vulnerability=vulnerability_of(board),
                deal=deal if deal is not None and deal.is_valid() else None,
            ),
            tuple(board_problems),
            index / count,
        )


def loads(
    data: bytes | str, *, strict: bool = False, source: str = "<string>"
) -> list[BoardRecord]:
    """The boards of a ``.dlm`` file.

    Raises:
        FormatError: in strict mode, for the first error.
    """
    raw = data.encode("latin-1") if isinstance(data, str) else data
    records = []
    for item in read(raw, source):
        if strict:
            for problem in item.problems:
                if problem.severity is Severity.ERROR:
                    raise FormatError.from_problem(problem)
        if item.record is not None:
            records.append(item.record)
    return records


def load_path(path: str | Path, *, strict: bool = False) -> list[BoardRecord]:
    """The boards of the ``.dlm`` file at ``path``.

    Raises:
        OSError: if the file cannot be read.
        FormatError: in strict mode, for the first error.
    """
    return loads(Path(path).read_bytes(), strict=strict, source=str(path))


def _encode(deal: Deal) -> str:
    holder = {}
    for seat in SEATS:
        for card in deal[seat]:
            holder[card.bit] = int(seat)
    return "".join(
        chr(97 + 4 * holder[_ORDER[2 * i]] + holder[_ORDER[2 * i + 1]]) for i in range(26)
    )


def dumps(records: Iterable[BoardRecord], *, headline: str = "dupbridge") -> str:
    """Write ``records`` (full deals, consecutive boards 1-99) as a ``.dlm`` file.

    Raises:
        FormatError: for records a dealing machine file cannot hold.
    """
    boards = consecutive_deals(records, ".dlm")
    first, last = boards[0][0], boards[-1][0]
    deals = dict(boards)
    lines = [
        "[Document]",
        f"Headline={' '.join(headline.split())}",
        "Status=Show",
        "Duplicates=1",
        f"From board={first}",
        f"To board={last}",
        "Next board to duplimate=0",
        "PrintOuts=0",
        "Crypto key=0",
        f"Checksum={len(boards) ^ 1}",
    ]
    for board in range(1, 100):
        letters = _encode(deals[board]) if board in deals else _PLACEHOLDER
        lines.append(f"Duplicates {board:02d}=0")
        lines.append(f"Board {board:02d}={letters}{_checksum(board, letters):03d}")
    return "\r\n".join(lines) + "\r\n"


def _write(records: Sequence[BoardRecord]) -> bytes:
    return dumps(records).encode("latin-1")


register(FileFormat("dlm", (".dlm",), N_("Duplimate dealing machine (.dlm)"), read, _write))
