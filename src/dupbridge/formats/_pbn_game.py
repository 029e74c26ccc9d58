"""The PBN game: every tag in order, with section data, parsed accessors, and writing.

See :mod:`dupbridge.formats.pbn` for the overview. :class:`Game` is the tags and parsed values
of :class:`~dupbridge.formats._pbn_game_base.GameBase` plus building games (from a deal, a core
table or a board record), the board record of a game, and PBN's export format.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dupbridge.core.boards import dealer_of, vulnerability_of
from dupbridge.core.calls import Bid, Call, Pass, Strain
from dupbridge.core.cards import Card, Suit
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.play import trick_winner
from dupbridge.core.seats import SEATS, Seat, Vulnerability
from dupbridge.core.table import Table
from dupbridge.formats._pbn_deal import format_deal
from dupbridge.formats._pbn_game_base import DD_DIGITS, GameBase
from dupbridge.formats._pbn_sections import DD_SEATS, DD_STRAINS, PbnTable, Tag, is_table_tag, quote
from dupbridge.formats._pbn_values import (
    MANDATORY_TAGS,
    Column,
    PbnValueError,
    parse_columns,
)
from dupbridge.formats.records import BoardRecord, RecordedCall, TableData
from dupbridge.i18n import _

__all__ = ["Game", "tricks_taken"]


def tricks_taken(order: Sequence[tuple[Seat, Card]], contract: Contract) -> int | None:
    """The tricks declarer's side took in a play given in the order played (Law 44G: the
    winner of each trick leads to the next); None if declarer is not known."""
    declarer = contract.declarer
    if declarer is None:
        return None
    trump = contract.strain.suit
    won = 0
    for start in range(0, len(order) - 3, 4):
        trick = order[start : start + 4]
        cards = (trick[0][1], trick[1][1], trick[2][1], trick[3][1])
        winner = trick_winner(trick[0][0], cards, trump)
        won += winner.side is declarer.side
    return won


def _note_text(text: str) -> str:
    return " ".join(text.split())


def _is_call_unit(word: str) -> bool:
    return not (word.startswith(("=", "$", "^")) or (word and word[0] in "!?")) or word == "^S"


def _units(words: Sequence[str], is_unit: Any) -> list[list[str]]:
    """Group section words into units: a call or card with its annotations."""
    units: list[list[str]] = []
    prefix: list[str] = []
    for word in words:
        if word.startswith("^") and word != "^S":
            prefix.append(word)
        elif is_unit(word) or not units:
            units.append([*prefix, word])
            prefix = []
        else:
            units[-1].append(word)
    if prefix:
        units.append(prefix)
    return units


def _rows(words: Sequence[str], is_unit: Any) -> list[tuple[str, ...]]:
    units = _units(words, is_unit)
    return [
        tuple(word for unit in units[start : start + 4] for word in unit)
        for start in range(0, len(units), 4)
    ]


def _write_tag(lines: list[str], tag: Tag) -> None:
    lines.append(str(tag))
    if tag.section:
        if tag.name in ("Auction", "Play"):
            lines.extend(" ".join(row) for row in _rows(tag.tokens, _is_call_unit))
        else:
            lines.extend(_table_lines(tag))
    for text in tag.comments:
        if "}" in text:
            lines.extend(f";{part}" for part in text.split("\n"))
        else:
            lines.append(f"{{{text}}}")


def _cell(text: str) -> str:
    if text == "" or any(char.isspace() for char in text) or any(c in text for c in '"[]{};%'):
        return quote(text)
    return text


def _table_lines(tag: Tag) -> list[str]:
    try:
        columns = parse_columns(tag.value)
    except PbnValueError:
        columns = ()
    lines = []
    for row in tag.section:
        cells = []
        for position, text in enumerate(row):
            cell = _cell(text)
            column = columns[position] if position < len(columns) else None
            if column is not None and column.width is not None:
                cell = cell.rjust(column.width) if column.align == "R" else cell.ljust(column.width)
            cells.append(cell)
        lines.append(" ".join(cells).rstrip())
    return lines


class Game(GameBase):
    """One PBN game: an ordered list of tags (known and unknown) with their sections.

    The game keeps every tag in the order read; ``game["Board"]`` is a tag's value and
    ``game["Board"] = "7"`` sets it (in place, or appended). Parsed values come from the
    accessors (:attr:`board`, :attr:`deal`, :attr:`auction`, :attr:`play`, :attr:`contract`,
    :attr:`result`, :meth:`scores`, :meth:`table`...), which give None where the tag is
    absent, unknown (``?``) or invalid; the problems found when reading are in
    :attr:`problems`. Games are built from a deal, a core table or a board record, and
    written in PBN's export format (:meth:`export_lines`).
    """

    __slots__ = ()

    def set_double_dummy_tricks(self, tricks: Mapping[Seat, Mapping[Strain, int]]) -> None:
        """Write the DoubleDummyTricks tag (20 hex digits: N, S, E, W by NT, S, H, D, C)."""
        self["DoubleDummyTricks"] = "".join(
            DD_DIGITS[tricks[seat][strain]].lower() for seat in DD_SEATS for strain in DD_STRAINS
        )

    def set_optimum_result_table(self, tricks: Mapping[Seat, Mapping[Strain, int]]) -> None:
        """Write the OptimumResultTable of double-dummy tricks (declarer, strain, tricks)."""
        rows = [
            (seat.letter, strain.letter, str(tricks[seat][strain]))
            for seat in (Seat.N, Seat.S, Seat.E, Seat.W)
            for strain in DD_STRAINS
        ]
        self.set_table(
            "OptimumResultTable",
            PbnTable(
                (Column("Declarer"), Column("Denomination", 2, "R"), Column("Result", 2, "R")),
                tuple(rows),
            ),
        )

    @classmethod
    def from_deal(
        cls,
        deal: Deal,
        board: int | None = None,
        *,
        dealer: Seat | None = None,
        vulnerability: Vulnerability | None = None,
        **tags: str,
    ) -> Game:
        """A game holding a deal (a hand record); Law 2 gives dealer and vulnerability.

        Extra keyword arguments are tags (``Event="Club pairs"``).
        """
        game = cls()
        for name, value in tags.items():
            game[name] = value
        if board is not None:
            game["Board"] = str(board)
            dealer = dealer_of(board) if dealer is None else dealer
            vulnerability = vulnerability_of(board) if vulnerability is None else vulnerability
        if dealer is not None:
            game["Dealer"] = dealer.letter
        if vulnerability is not None:
            game["Vulnerable"] = str(vulnerability)
        game["Deal"] = format_deal(deal, dealer or Seat.N)
        return game

    @classmethod
    def from_table(
        cls, table: Table, *, players: Mapping[Seat, str] | None = None, **tags: str
    ) -> Game:
        """The game of a core table: deal, auction (alerts as notes), play, claim, result."""
        return cls.from_record(BoardRecord.from_table(table, players=players, info=tags))

    @classmethod
    def from_record(cls, record: BoardRecord, *, warnings: list[str] | None = None) -> Game:
        """The game of a board record (see :mod:`dupbridge.formats.records`).

        Args:
            record: the board.
            warnings: if given, gets a sentence for each thing of the record PBN cannot
                hold and the game leaves out (calls with no dealer, cards with no contract,
                an end position with hands not given), instead of dropping it silently.
        """
        game = cls()
        lost: list[str] = warnings if warnings is not None else []
        label = _("board {n}").format(n=record.board) if record.board else _("a board")
        info = dict(record.info)
        for name in MANDATORY_TAGS[:3]:
            if name in info:
                game[name] = info.pop(name)
        if record.board is not None:
            game["Board"] = str(record.board)
        seat_tags = ("North", "East", "South", "West")
        for seat_tag, player in zip(seat_tags, record.players, strict=True):
            if player is not None:
                game[seat_tag] = player
        board = record.board_markings
        dealer = record.dealer or (board.dealer if board else None)
        vulnerability = record.vulnerability or (board.vulnerability if board else None)
        if dealer is not None:
            game["Dealer"] = dealer.letter
        if vulnerability is not None:
            game["Vulnerable"] = str(vulnerability)
        if record.deal is not None:
            known = tuple(seat for seat in SEATS if len(record.deal[seat]))
            size = max((len(record.deal[seat]) for seat in known), default=0)
            if known and size < 13 and len(known) < 4:
                # PBN gives an end position with all four hands, or not at all
                lost.append(
                    _("{board}: an end position with hands not given: its deal is left out").format(
                        board=label
                    )
                )
            elif known:
                game["Deal"] = format_deal(record.deal, dealer or Seat.N, known)
        if "Scoring" in info:
            game["Scoring"] = info.pop("Scoring")
        contract = record.contract
        if record.passed_out:
            game["Declarer"] = ""
            game["Contract"] = "Pass"
            game["Result"] = ""
        elif contract is not None:
            game["Declarer"] = contract.declarer.letter if contract.declarer else "?"
            game["Contract"] = contract.to_str(declarer=False)
            game["Result"] = "?" if record.result is None else str(record.result)
        if record.calls and dealer is not None:
            game.set_auction(dealer, record.calls)
        elif record.calls:
            lost.append(
                _("{board}: the calls are left out: with no dealer, PBN cannot place them").format(
                    board=label
                )
            )
        if record.play or record.claim is not None:
            if contract is not None and contract.declarer is not None:
                game.set_play(
                    contract.declarer.lho,
                    record.play,
                    contract.strain.suit,
                    finished=record.result is not None,
                )
            else:
                lost.append(
                    _(
                        "{board}: the cards played are left out: with no contract and declarer, "
                        "PBN cannot place them"
                    ).format(board=label)
                )
        for name, value in info.items():
            game[name] = value
        for name, spec, rows in record.tables:
            game.set_tag(name, spec, section=rows)
        return game

    def set_auction(self, dealer: Seat, calls: Sequence[RecordedCall | Call]) -> None:
        """Write the Auction section (from ``dealer``) and its notes.

        An alerted call gets a note ``=n=`` holding its explanation (an empty note if it has
        none); an explanation of a call not alerted is written as a note too. An auction
        that has not ended is marked ``+`` (to be continued).
        """
        self.remove("Note")
        words: list[str] = []
        notes: list[str] = []
        passes = 0
        bid = False
        for item in calls:
            made = item if isinstance(item, RecordedCall) else RecordedCall(item)
            words.append(str(made.call))
            if made.alert or made.explanation:
                notes.append(_note_text(made.explanation or ""))
                words.append(f"={len(notes)}=")
            if isinstance(made.call, Pass):
                passes += 1
            else:
                passes = 0
                bid = bid or isinstance(made.call, Bid)
        complete = passes >= 4 or (bid and passes >= 3)
        if not complete:
            words.append("+")
        self.set_tag("Auction", dealer.letter, section=_rows(words, _is_call_unit))
        self._insert_notes_after("Auction", notes)

    def set_play(
        self,
        leader: Seat,
        cards: Sequence[Card],
        trump: Suit | None,
        *,
        finished: bool = True,
    ) -> None:
        """Write the Play section: ``cards`` in the order played from the opening ``leader``.

        Tricks are rows in seat order from the leader (PBN's layout), ``-`` for a card not
        played; a play that stopped early (a claim) ends with ``*`` if ``finished``, else
        with ``+`` (to be continued).
        """
        rows: list[tuple[str, ...]] = []
        current = leader
        for start in range(0, len(cards), 4):
            trick = list(cards[start : start + 4])
            row = ["-"] * 4
            for offset, card in enumerate(trick):
                row[(current.next(offset) - leader) % 4] = str(card)
            rows.append(tuple(row))
            if len(trick) == 4:
                current = trick_winner(current, (trick[0], trick[1], trick[2], trick[3]), trump)
        if len(cards) < 52:
            rows.append(("*",) if finished else ("+",))
        self.set_tag("Play", leader.letter, section=rows)

    def _insert_notes_after(self, section: str, notes: list[str]) -> None:
        position = next(i for i, tag in enumerate(self.tags) if tag.name == section)
        for offset, text in enumerate(notes):
            self.insert(position + 1 + offset, Tag("Note", f"{offset + 1}:{text}"))

    def to_record(self) -> BoardRecord:
        """The board record of this game (see :mod:`dupbridge.formats.records`)."""
        mapped = {
            "Board", "North", "East", "South", "West", "Dealer", "Vulnerable", "Deal",
            "Declarer", "Contract", "Result", "Auction", "Play", "Note",
        }  # fmt: skip
        info = tuple(
            (tag.name, tag.value)
            for tag in self.tags
            if tag.name not in mapped and not is_table_tag(tag.name) and tag.value not in ("?",)
        )
        tables: tuple[TableData, ...] = tuple(
            (tag.name, tag.value, tag.section) for tag in self.tags if is_table_tag(tag.name)
        )
        order = self.played()
        played = tuple(card for _seat, card in order)
        result = self.result
        contract = self.contract
        if result is None and len(order) == 52 and contract is not None:
            # a complete play gives the result (as the LIN reader works it out)
            result = tricks_taken(order, contract)
        claim = None
        play = self.play
        if result is not None and play is not None and len(played) < 52:
            claim = result
        return BoardRecord(
            board=self.board,
            dealer=self.dealer,
            vulnerability=self.vulnerability,
            deal=self.deal,
            players=self.players,
            calls=self.calls(),
            contract=self.contract,
            passed_out=self.passed_out,
            play=played,
            claim=claim,
            result=None if self.passed_out else result,
            info=info,
            tables=tables,
        )

    def export_lines(self) -> list[str]:
        """The game in PBN export format, line by line.

        The mandatory tags come first in the standard's order (``?`` for those absent), then
        every other tag in the order of the game, each followed by its section and
        comments.
        """
        lines: list[str] = [f"{{{text}}}" for text in self.comments if "}" not in text]
        present = {tag.name: tag for tag in self.tags if tag.name in MANDATORY_TAGS}
        for name in MANDATORY_TAGS:
            tag = present.get(name)
            _write_tag(lines, tag if tag is not None else Tag(name, "?"))
        for tag in self.tags:
            if tag.name not in MANDATORY_TAGS:
                _write_tag(lines, tag)
        return lines
