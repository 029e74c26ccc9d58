"""The LIN reader: ``key|value|`` pairs into boards, each call and card checked by the Laws.

Boards start at ``qx`` (any label: ``o1``/``c1`` name the room and board of a vugraph file,
other labels are kept), at an ``md`` when the board being read has one already, and at a
``pn`` when the board being read has calls, cards or names already. Calls are checked by the
core auction (Laws 17-22, 27, 36), cards against the deal (Law 44), claims against the tricks
left (Law 68). An end position (hands of fewer than thirteen cards) is kept, with a warning;
its cards are recorded but not checked. Display and teaching commands (``at``, ``nt``, ``pg``,
``st``, ``sk``, ``up``, ``hc``, ``lb``, ``cr``, ``cg``...) are kept in :attr:`LinBoard.pairs`
and otherwise skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from dupbridge.core.auction import Auction
from dupbridge.core.boards import dealer_of, vulnerability_of
from dupbridge.core.calls import Call
from dupbridge.core.cards import CARDS, Card
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ActionError, NotationError
from dupbridge.core.play import Play
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.formats._lin.notation import LIN_SEATS, VUL, parse_calls, parse_md
from dupbridge.formats.problems import Problem, Severity
from dupbridge.formats.records import BoardRecord, RecordedCall
from dupbridge.i18n import _, ngettext

__all__ = ["LinBoard", "LinReader", "lin_pairs"]

_KEY = re.compile(r"[a-zA-Z]{2}")
_BOARD_HEADING = re.compile(r"\s*Board\s+(\d+)\s*", re.IGNORECASE)
_QX = re.compile(r"([oOcC])(\d+)(?:[,\s].*)?")
_CARD_NAMES: dict[str, Card] = {str(card): card for card in CARDS}


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


def lin_pairs(
    text: str, source: str, problems: list[Problem]
) -> Iterator[tuple[str, str, int, int]]:
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
        self.has_md = False  # an md pair was read (even one refused)
        self.has_pn = False
        self.end_position = False  # hands of fewer than 13 cards: cards are not checked

    @property
    def started(self) -> bool:
        return self.has_md or bool(self.calls) or bool(self.cards)

    def holds_a_board(self, *, names_count: bool) -> bool:
        """Whether what was read makes a board, not only display commands: a deal, calls,
        cards, a board number or a heading, or names if ``names_count`` (before a ``qx``,
        names alone are a vugraph file's header)."""
        return (
            self.started
            or self.number is not None
            or bool(self.info)
            or (names_count and self.has_pn)
        )

    def starts_new(self, key: str) -> bool:
        """Whether the pair ``key`` begins the next board rather than adding to this one."""
        if key == "md":
            return self.has_md
        if key == "pn":
            return self.has_pn or bool(self.calls) or bool(self.cards)
        return False


class LinReader:
    """Reads the boards of one LIN text (see :meth:`boards`)."""

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
        """The boards of ``text``, each as it ends; problems of no board stay in
        :attr:`problems`."""
        board: _Board | None = None
        for key, value, line, column in lin_pairs(text, self.source, self.problems):
            if key == "vg":
                self._vugraph(value)
                continue
            if key == "rs":
                self.results = value.split(",")
                continue
            if key == "qx" or (board is not None and board.starts_new(key)):
                if board is not None and board.holds_a_board(names_count=key != "qx"):
                    yield self._finish(board)
                board = _Board(line, self.names)
                if self.problems:
                    board.problems.extend(self.problems)
                    self.problems.clear()
            if board is None:
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
            label = value.strip()
            match = _QX.fullmatch(label)
            if match is not None:
                board.room = "Open" if match.group(1).lower() == "o" else "Closed"
                board.number = int(match.group(2))
            elif label.isdecimal() and int(label) > 0:
                board.number = int(label)
            elif label:
                board.info.append(("Description", label))
        elif key == "pn":
            board.has_pn = True
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
            vul = VUL.get(value.strip().lower())
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
        board.has_md = True
        try:
            dealer, deal = parse_md(value.strip())
        except NotationError as error:
            self.report(board, *at, _("md|: {error}").format(error=error))
            return
        if dealer is None:
            self.report(board, *at, _("md| must start with the dealer: 1 S, 2 W, 3 N, 4 E"))
        board.dealer = dealer
        if not any(len(hand) for hand in deal.hands):
            return  # md|| or md|3|: no cards
        sizes = {len(hand) for hand in deal.hands if len(hand)}
        given = sum(1 for hand in deal.hands if len(hand))
        if len(sizes) > 1:
            self.report(
                board,
                *at,
                _("md|: the hands do not hold the same number of cards ({counts})").format(
                    counts=", ".join(
                        f"{seat.title} {len(deal[seat])}" for seat in LIN_SEATS if len(deal[seat])
                    )
                ),
            )
            return
        size = sizes.pop()
        board.deal = deal
        if size < 13:
            board.end_position = True
            self.report(
                board,
                *at,
                ngettext(
                    "md|: an end position, hands of {n} card: the board is kept, its cards "
                    "are not checked",
                    "md|: an end position, hands of {n} cards: the board is kept, its cards "
                    "are not checked",
                    size,
                ).format(n=size),
                warning=True,
            )
        elif given < 4:
            self.report(
                board,
                *at,
                ngettext(
                    "md|: {n} hand is given, the others are not known",
                    "md|: {n} hands are given, the others are not known",
                    given,
                ).format(n=given),
                warning=True,
            )

    def _call(self, board: _Board, value: str, at: tuple[int, int]) -> None:
        try:
            calls = parse_calls(value)
        except NotationError as error:
            self.report(board, *at, _("mb|{value}|: {error}").format(value=value, error=error))
            board.stopped = True
            return
        for call, alert in calls:
            board.calls.append(RecordedCall(call, alert))
            if board.stopped:
                continue
            self._check_call(board, call, at)

    def _check_call(self, board: _Board, call: Call, at: tuple[int, int]) -> None:
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
        if board.stopped or board.end_position:
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
            # a complete play gives the result (as the PBN reader works it out)
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
