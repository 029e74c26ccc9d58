"""LIN, Bridge Base Online's format: read and write boards like the ``json`` module.

A LIN file is a run of ``key|value|`` pairs. dupbridge reads and writes:

========  =====================================================================
``pn``    player names, South, West, North, East (eight names in a vugraph file:
          the open room's four, then the closed room's)
``md``    the deal: the dealer (1 South, 2 West, 3 North, 4 East), then the hands of
          South, West, North, East (``SAKQH...D...C...``); a missing last hand is the
          rest of the pack
``ah``    the board's heading (``Board 7`` gives the board number)
``sv``    vulnerability: ``o``/``0``/``-`` none, ``n`` NS, ``e`` EW, ``b`` both
``mb``    a call (``p``, ``d``, ``r``, ``1N``, ``4S``); a trailing ``!`` is an alert
``an``    the explanation of the call before it
``pc``    a card played (``C9``)
``mc``    a claim: the tricks declarer's side takes in all
``qx``    a board of a vugraph file: ``o7`` (open room, board 7) or ``c7`` (closed)
``vg``    the vugraph header: event, segment, scoring, first and last board, teams
``rs``    the vugraph results, one contract and result per board and room
========  =====================================================================

Other keys (``st``, ``rh``, ``pg``, ``nt``, ``sk``, ...) are kept in :attr:`LinBoard.pairs`
and otherwise ignored. ``loads`` returns one :class:`LinBoard` per board, each with its
:class:`~dupbridge.formats.records.BoardRecord` and the problems found in it (with line and
column); every call is checked by the core auction (Laws 17-22, 27, 36), every card against the
deal (Law 44), every claim against the tricks left (Law 68). ``dumps`` writes one board per
line, or the vugraph form when the records say which room they were played in
(``info`` ``Room`` ``Open``/``Closed``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from dupbridge.core.auction import Auction
from dupbridge.core.boards import dealer_of, vulnerability_of
from dupbridge.core.calls import DOUBLE, PASS, REDOUBLE, Bid, Call, Double, Pass, parse_call
from dupbridge.core.cards import CARDS, FULL_PACK, Card, Hand, Rank, Suit
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ActionError, NotationError
from dupbridge.core.play import Play
from dupbridge.core.seats import SEATS, Seat, Vulnerability
from dupbridge.formats.problems import FormatError, Problem, Severity
from dupbridge.formats.records import BoardRecord, RecordedCall
from dupbridge.formats.registry import FileFormat, ReadItem, register
from dupbridge.i18n import _

__all__ = ["LinBoard", "dump", "dumps", "load", "load_path", "loads"]

#: LIN lists seats from South: S, W, N, E.
LIN_SEATS: tuple[Seat, Seat, Seat, Seat] = (Seat.S, Seat.W, Seat.N, Seat.E)
_DEALER_DIGIT = {"1": Seat.S, "2": Seat.W, "3": Seat.N, "4": Seat.E}
_VUL = {
    "o": Vulnerability.NONE, "0": Vulnerability.NONE, "-": Vulnerability.NONE,
    "n": Vulnerability.NS, "e": Vulnerability.EW, "b": Vulnerability.BOTH,
}  # fmt: skip
_VUL_LETTER = {Vulnerability.NONE: "o", Vulnerability.NS: "n", Vulnerability.EW: "e",
               Vulnerability.BOTH: "b"}  # fmt: skip
_KEY = re.compile(r"[a-zA-Z]{2}")
_BOARD_HEADING = re.compile(r"\s*Board\s+(\d+)\s*", re.IGNORECASE)
_QX = re.compile(r"([oOcC])(\d+)")
_SIMPLE_CALLS: dict[str, Call] = {"P": PASS, "D": DOUBLE, "R": REDOUBLE}
_CARD_NAMES: dict[str, Card] = {str(card): card for card in CARDS}
_RANKS = {rank.char: rank for rank in Rank} | {"1": Rank.TEN}


@dataclass(frozen=True, slots=True)
class LinBoard:
    """One board of a LIN file: its record, the pairs it was read from, its problems."""

    record: BoardRecord
    pairs: tuple[tuple[str, str], ...]
    problems: tuple[Problem, ...]
    line: int

    @property
    def errors(self) -> tuple[Problem, ...]:
        """The problems that are errors."""
        return tuple(p for p in self.problems if p.severity is Severity.ERROR)


# --- reading --------------------------------------------------------------------------------


def _pairs(text: str, source: str, problems: list[Problem]) -> Iterator[tuple[str, str, int, int]]:
    """The ``(key, value, line, column)`` pairs of a LIN text, in one linear pass."""
    line = 1
    column = 1
    parts = text.split("|")
    count = len(parts)
    index = 0
    while index < count:
        raw_key = parts[index]
        # position of the key: after any line breaks and spaces in front of it
        stripped = raw_key.lstrip()
        skipped = raw_key[: len(raw_key) - len(stripped)]
        newlines = skipped.count("\n")
        key_line = line + newlines
        key_column = (len(skipped) - skipped.rfind("\n")) if newlines else column + len(skipped)
        key = stripped.rstrip()
        if index + 1 >= count:
            if key:
                problems.append(
                    Problem(
                        key_line,
                        key_column,
                        _("{key!r} has no value: a LIN pair is key|value|").format(key=key),
                        Severity.ERROR,
                        source,
                    )
                )
            return
        value = parts[index + 1]
        if key:
            if _KEY.fullmatch(key) is None:
                problems.append(
                    Problem(
                        key_line,
                        key_column,
                        _("{key!r} is not a LIN key (two letters)").format(key=key[:20]),
                        Severity.ERROR,
                        source,
                    )
                )
            else:
                yield key.lower(), value, key_line, key_column
        # advance the position over key, "|", value, "|"
        for piece in (raw_key, value):
            breaks = piece.count("\n")
            if breaks:
                line += breaks
                column = len(piece) - piece.rfind("\n")
            else:
                column += len(piece)
            column += 1
        index += 2


def _parse_hand(text: str) -> int:
    """A LIN hand ``SAKQ2HJ3DT98C5432`` as a card mask (suit letters, then ranks).

    Raises:
        NotationError: naming the character that is wrong.
    """
    mask = 0
    suit: Suit | None = None
    for char in text.upper():
        if char in "SHDC":
            suit = Suit.from_str(char)
            continue
        if char == "0" and suit is not None:
            continue  # "10" written for the ten
        rank = _RANKS.get(char)
        if rank is None or suit is None:
            raise NotationError(
                _("{char!r} in hand {hand!r} is no suit or rank").format(char=char, hand=text)
            )
        bit = 1 << (suit * 13 + rank - 2)
        if mask & bit:
            raise NotationError(
                _("hand {hand!r} holds {card} twice").format(hand=text, card=f"{suit}{rank}")
            )
        mask |= bit
    return mask


def _parse_md(value: str) -> tuple[Seat | None, Deal]:
    """The dealer and deal of an ``md`` value.

    Raises:
        NotationError: if the hands are not a deal.
    """
    dealer = _DEALER_DIGIT.get(value[:1])
    body = value[1:] if dealer is not None or value[:1].isdigit() else value
    hands = body.split(",")
    if len(hands) > 4:
        raise NotationError(_("a deal has four hands, not {n}").format(n=len(hands)))
    hands += [""] * (4 - len(hands))
    masks = {seat: _parse_hand(hand.strip()) for seat, hand in zip(LIN_SEATS, hands, strict=True)}
    given = [seat for seat in LIN_SEATS if masks[seat]]
    if len(given) == 3:
        missing = next(seat for seat in LIN_SEATS if not masks[seat])
        held = masks[given[0]] | masks[given[1]] | masks[given[2]]
        masks[missing] = FULL_PACK & ~held
    deal = Deal.from_hands({seat: Hand(mask) for seat, mask in masks.items()})
    return dealer, deal


def _parse_call(text: str) -> tuple[Call, bool]:
    """A LIN call and whether it is alerted (``1N!``).

    Raises:
        NotationError: if it is not a call.
    """
    alert = text.endswith("!")
    body = text.rstrip("!").strip().upper()
    simple: Call | None = _SIMPLE_CALLS.get(body)
    return (simple if simple is not None else parse_call(body)), alert


class _Board:
    """A board being read."""

    def __init__(self, line: int, names: tuple[str | None, ...]) -> None:
        self.line = line
        self.pairs: list[tuple[str, str]] = []
        self.problems: list[Problem] = []
        self.number: int | None = None
        self.room: str | None = None
        self.dealer: Seat | None = None
        self.vulnerability: Vulnerability | None = None
        self.deal: Deal | None = None
        self.names = names
        self.calls: list[RecordedCall] = []
        self.cards: list[Card] = []
        self.claim: int | None = None
        self.auction: Auction | None = None
        self.play: Play | None = None
        self.stopped = False  # a refused call or card: the rest is not checked
        self.info: list[tuple[str, str]] = []

    @property
    def started(self) -> bool:
        return self.deal is not None or bool(self.calls) or bool(self.cards)


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.names: tuple[str | None, ...] = (None,) * 8
        self.header: list[tuple[str, str]] = []
        self.results: list[str] = []
        self.event: str | None = None
        self.problems: list[Problem] = []

    def report(
        self, board: _Board | None, line: int, column: int, message: str, warning: bool = False
    ) -> None:
        problem = Problem(
            line, column, message, Severity.WARNING if warning else Severity.ERROR, self.source
        )
        (board.problems if board is not None else self.problems).append(problem)

    def boards(self, text: str) -> Iterator[LinBoard]:
        board: _Board | None = None
        for key, value, line, column in _pairs(text, self.source, self.problems):
            if key == "vg":
                self._vugraph(value)
                continue
            if key == "rs":
                self.results = value.split(",")
                continue
            if key == "qx" or (key in ("pn", "md") and board is not None and board.started):
                if board is not None and board.started:
                    yield self._finish(board)
                board = _Board(line, self.names)
                if self.problems:
                    board.problems.extend(self.problems)
                    self.problems.clear()
            if board is None:
                if key == "pn":
                    self.names = self._names(value)
                    continue
                board = _Board(line, self.names)
                board.problems.extend(self.problems)
                self.problems.clear()
            board.pairs.append((key, value))
            self._pair(board, key, value, line, column)
        if board is not None and (board.started or board.pairs):
            yield self._finish(board)

    def _vugraph(self, value: str) -> None:
        fields = value.split(",")
        self.event = fields[0].strip() or None
        self.header = [("Event", fields[0].strip())] if fields[0].strip() else []
        if len(fields) > 1 and fields[1].strip():
            self.header.append(("Stage", fields[1].strip()))
        if len(fields) >= 8:
            if fields[5].strip():
                self.header.append(("HomeTeam", fields[5].strip()))
            if fields[7].strip():
                self.header.append(("VisitTeam", fields[7].strip()))

    @staticmethod
    def _names(value: str) -> tuple[str | None, ...]:
        names = [name.strip() or None for name in value.split(",")]
        return tuple(names + [None] * (8 - len(names)))[:8]

    def _pair(self, board: _Board, key: str, value: str, line: int, column: int) -> None:
        at = (line, column)
        if key == "qx":
            match = _QX.fullmatch(value.strip())
            if match is None:
                self.report(
                    board,
                    *at,
                    _("qx|{value}|: expected o or c and a board number").format(value=value),
                )
                return
            board.room = "Open" if match.group(1).lower() == "o" else "Closed"
            board.number = int(match.group(2))
        elif key == "pn":
            names = self._names(value)
            board.names = names
            if board.room is None:
                self.names = names
        elif key == "ah":
            match = _BOARD_HEADING.fullmatch(value)
            if match is not None:
                board.number = int(match.group(1))
            elif value.strip():
                board.info.append(("Description", value.strip()))
        elif key == "sv":
            vul = _VUL.get(value.strip().lower())
            if vul is None:
                self.report(
                    board, *at, _("sv|{value}|: vulnerability is o, n, e or b").format(value=value)
                )
            board.vulnerability = vul
        elif key == "md":
            self._deal(board, value, at)
        elif key == "mb":
            self._call(board, value, at)
        elif key == "an":
            if not board.calls:
                self.report(board, *at, _("an| explains no call: it must follow an mb|"))
                return
            last = board.calls[-1]
            board.calls[-1] = RecordedCall(last.call, last.alert, value.strip() or None)
        elif key == "pc":
            self._card(board, value, at)
        elif key == "mc":
            self._claim(board, value, at)

    def _deal(self, board: _Board, value: str, at: tuple[int, int]) -> None:
        try:
            dealer, deal = _parse_md(value.strip())
        except NotationError as error:
            self.report(board, *at, _("md|: {error}").format(error=error))
            return
        if dealer is None:
            self.report(board, *at, _("md| must start with the dealer: 1 S, 2 W, 3 N, 4 E"))
        problems = deal.problems()
        if problems and any(len(hand) for hand in deal.hands):
            self.report(board, *at, _("md|: {problems}").format(problems="; ".join(problems)))
        else:
            board.deal = deal
        board.dealer = dealer

    def _call(self, board: _Board, value: str, at: tuple[int, int]) -> None:
        try:
            call, alert = _parse_call(value)
        except NotationError as error:
            self.report(board, *at, _("mb|{value}|: {error}").format(value=value, error=error))
            board.stopped = True
            return
        board.calls.append(RecordedCall(call, alert))
        if board.stopped:
            return
        if board.auction is None:
            dealer = board.dealer
            if dealer is None:
                if board.number is None:
                    self.report(board, *at, _("a call before the dealer is known (md|)"))
                    board.stopped = True
                    return
                dealer = dealer_of(board.number)
            board.auction = Auction(dealer)
        try:
            board.auction.add(call)
        except ActionError as error:
            self.report(board, *at, str(error))
            board.stopped = True

    def _card(self, board: _Board, value: str, at: tuple[int, int]) -> None:
        card = _CARD_NAMES.get(value.strip().upper())
        if card is None:
            self.report(board, *at, _("pc|{value}| is not a card").format(value=value))
            board.stopped = True
            return
        board.cards.append(card)
        if board.stopped:
            return
        play = board.play
        if play is None:
            auction = board.auction
            contract = None if auction is None else auction.contract
            if contract is None or contract.declarer is None or board.deal is None:
                self.report(board, *at, _("a card before the auction has ended in a contract"))
                board.stopped = True
                return
            play = board.play = Play(board.deal, contract.declarer, contract.strain.suit)
        seat = play.turn
        if seat is None:
            self.report(
                board, *at, _("pc|{card}|: all thirteen tricks have been played").format(card=card)
            )
            board.stopped = True
            return
        try:
            play.play(seat, card)
        except ActionError as error:
            self.report(board, *at, str(error))
            board.stopped = True

    def _claim(self, board: _Board, value: str, at: tuple[int, int]) -> None:
        text = value.strip()
        if not text.isdigit() or int(text) > 13:
            self.report(
                board,
                *at,
                _("mc|{value}|: a claim is a number of tricks, 0 to 13").format(value=value),
            )
            return
        tricks = int(text)
        play = board.play
        if play is not None and not board.stopped:
            won = play.declarer_tricks
            left = 13 - len(play.tricks)
            if not won <= tricks <= won + left:
                self.report(
                    board,
                    *at,
                    _(
                        "mc|{n}|: declarer's side has {won} tricks and {left} remain (Law 68A)"
                    ).format(n=tricks, won=won, left=left),
                )
                return
        board.claim = tricks

    def _finish(self, board: _Board) -> LinBoard:
        number = board.number
        dealer = (
            board.dealer if board.dealer is not None else (dealer_of(number) if number else None)
        )
        vulnerability = board.vulnerability
        if vulnerability is None and number:
            vulnerability = vulnerability_of(number)
        auction = board.auction
        contract: Contract | None = None
        passed_out = False
        if auction is not None and not board.stopped and auction.is_complete:
            contract = auction.contract
            passed_out = auction.is_passed_out
        play = board.play
        result: int | None = None
        claim = board.claim
        if play is not None and not board.stopped and play.is_complete:
            result = play.declarer_tricks
            claim = None
        elif claim is not None and contract is not None:
            result = claim
        names = board.names
        offset = 4 if board.room == "Closed" and any(names[4:]) else 0
        by_lin = dict(zip(LIN_SEATS, names[offset : offset + 4], strict=True))
        info = list(self.header)
        if board.room is not None:
            info.append(("Room", board.room))
        info.extend(board.info)
        record = BoardRecord(
            board=number,
            dealer=dealer,
            vulnerability=vulnerability,
            deal=board.deal,
            players=(by_lin[Seat.N], by_lin[Seat.E], by_lin[Seat.S], by_lin[Seat.W]),
            calls=tuple(board.calls),
            contract=contract,
            passed_out=passed_out,
            play=tuple(board.cards),
            claim=claim if result is not None and len(board.cards) < 52 else None,
            result=result,
            info=tuple(info),
        )
        return LinBoard(record, tuple(board.pairs), tuple(board.problems), board.line)


def loads(text: str | bytes, *, strict: bool = False, source: str = "<string>") -> list[LinBoard]:
    """Read every board of a LIN text.

    Raises:
        FormatError: in strict mode, for the first error.
    """
    if isinstance(text, bytes):
        text = _decode(text)
    reader = _Reader(source)
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


def _decode(data: bytes) -> str:
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


# --- writing --------------------------------------------------------------------------------


def _hand(hand: Hand) -> str:
    return "".join(
        suit.letter + "".join(rank.char for rank in hand.suit(suit))
        for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
    )


def _md(record: BoardRecord) -> str:
    assert record.deal is not None
    dealer = record.dealer or (dealer_of(record.board) if record.board else Seat.N)
    digit = {seat: digit for digit, seat in _DEALER_DIGIT.items()}[dealer]
    return digit + ",".join(_hand(record.deal[seat]) for seat in LIN_SEATS)


def _call_text(made: RecordedCall) -> str:
    call = made.call
    if isinstance(call, Pass):
        text = "p"
    elif isinstance(call, Double):
        text = "d"
    elif isinstance(call, Bid):
        text = f"{call.level}{'N' if call.strain.letter == 'NT' else call.strain.letter}"
    else:
        text = "r"
    return text + ("!" if made.alert else "")


def _clean(text: str) -> str:
    """A value LIN can hold: no ``|`` (it separates pairs) and no line breaks."""
    return " ".join(text.replace("|", "/").split())


def _names(record: BoardRecord) -> str:
    by_seat = dict(zip(SEATS, record.players, strict=True))
    # a comma separates the names, so a name holding one is written with a space
    return ",".join(_clean((by_seat[seat] or "").replace(",", " ")) for seat in LIN_SEATS)


def _board_pairs(record: BoardRecord) -> list[str]:
    pairs: list[str] = []
    if record.deal is not None:
        pairs.append(f"md|{_md(record)}|")
    pairs.append("rh||")
    if record.board is not None:
        pairs.append(f"ah|Board {record.board}|")
    vulnerability = record.vulnerability
    if vulnerability is None and record.board is not None:
        vulnerability = vulnerability_of(record.board)
    if vulnerability is not None:
        pairs.append(f"sv|{_VUL_LETTER[vulnerability]}|")
    for made in record.calls:
        pairs.append(f"mb|{_call_text(made)}|")
        if made.explanation:
            pairs.append(f"an|{_clean(made.explanation)}|")
    if record.calls:
        pairs.append("pg||")
    for index, card in enumerate(record.play):
        pairs.append(f"pc|{card}|")
        if index % 4 == 3:
            pairs.append("pg||")
    if record.claim is not None:
        pairs.append(f"mc|{record.claim}|")
    return pairs


def _result_text(record: BoardRecord) -> str:
    if record.passed_out:
        return "PASS"
    contract = record.contract
    if contract is None or contract.declarer is None:
        return ""
    strain = "N" if contract.strain.letter == "NT" else contract.strain.letter
    text = f"{contract.level}{strain}{contract.declarer.letter}{contract.risk.suffix}"
    if record.result is None:
        return text
    over = record.result - contract.tricks_needed
    return text + ("=" if over == 0 else f"{over:+d}")


def dumps(records: Iterable[BoardRecord], *, vugraph: bool | None = None) -> str:
    """Write ``records`` as LIN.

    Args:
        records: the boards.
        vugraph: write the vugraph form (``vg``, ``rs``, ``pn``, then ``qx`` per board and
            room); by default, when a record names its room (``Room`` Open or Closed).
    """
    boards = list(records)
    if vugraph is None:
        vugraph = any(record.info_value("Room") in ("Open", "Closed") for record in boards)
    if not vugraph:
        return "".join(
            f"pn|{_names(record)}|st||" + "".join(_board_pairs(record)) + "\n" for record in boards
        )
    first = boards[0] if boards else BoardRecord()
    numbers = [record.board for record in boards if record.board is not None]
    event = _clean(first.info_value("Event") or "")
    stage = _clean(first.info_value("Stage") or "")
    home = _clean(first.info_value("HomeTeam") or "")
    away = _clean(first.info_value("VisitTeam") or "")
    lines = [
        f"vg|{event},{stage},I,{min(numbers, default=1)},{max(numbers, default=1)},"
        f"{home},0,{away},0|",
        "rs|" + ",".join(_result_text(record) for record in boards) + "|",
    ]
    for record in boards:
        room = "c" if record.info_value("Room") == "Closed" else "o"
        lines.append(
            f"qx|{room}{record.board or 0}|pn|{_names(record)}|" + "".join(_board_pairs(record))
        )
    return "\n".join(lines) + "\n"


def dump(records: Iterable[BoardRecord], fp: IO[str], *, vugraph: bool | None = None) -> None:
    """Write ``records`` as LIN to an open text file."""
    fp.write(dumps(records, vugraph=vugraph))


# --- the registry ---------------------------------------------------------------------------


def _read(data: bytes, source: str) -> Iterator[ReadItem]:
    boards = loads(data, source=source)
    total = max(len(boards), 1)
    for index, board in enumerate(boards, 1):
        record = board.record if board.pairs else None
        yield ReadItem(record, board.problems, index / total)


def _write(records: Sequence[BoardRecord]) -> bytes:
    return dumps(records).encode("utf-8")


register(FileFormat("lin", (".lin",), "Bridge Base Online LIN", _read, _write))
