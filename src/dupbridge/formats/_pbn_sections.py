"""The parts of a PBN game: its tags (:class:`Tag`), tables (:class:`PbnTable`) and the
Auction and Play sections, read from their tokens.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import NamedTuple

from dupbridge.core.calls import PASS, Bid, Call, Pass, Strain
from dupbridge.core.cards import CARDS, Card, Suit
from dupbridge.core.play import trick_winner
from dupbridge.core.seats import SEATS, Seat
from dupbridge.formats._pbn_values import (
    CALL_VARIANTS,
    CALLS,
    CARD_TOKENS,
    SECTION_TOKEN_RE,
    SUFFIXES,
    Column,
    PbnValueError,
    format_columns,
    parse_columns,
    parse_seat,
)

__all__ = [
    "DD_SEATS",
    "DD_STRAINS",
    "PLAYED_PAIRS",
    "AuctionEntry",
    "CompactCall",
    "PbnAuction",
    "PbnPlay",
    "PbnTable",
    "PlayEntry",
    "RawTag",
    "Tag",
    "auction_is_over",
    "auction_of",
    "is_section_tag",
    "is_table_tag",
    "play_of",
    "quote",
    "section_tokens",
    "split_section_token",
]


#: Strains in the order PBN lists double-dummy results: NT, S, H, D, C.
DD_STRAINS: tuple[Strain, ...] = (
    Strain.NOTRUMP,
    Strain.SPADES,
    Strain.HEARTS,
    Strain.DIAMONDS,
    Strain.CLUBS,
)


#: Declarers in the order PBN lists double-dummy results: N, S, E, W.
DD_SEATS: tuple[Seat, ...] = (Seat.N, Seat.S, Seat.E, Seat.W)


def is_table_tag(name: str) -> bool:
    """Whether the tag ``name`` introduces a table (``ScoreTable``, ``ActionTable``...)."""
    return name.endswith("Table") and name != "Table"


def is_section_tag(name: str) -> bool:
    """Whether the tag ``name`` is followed by section data (Auction, Play, tables)."""
    return name in ("Auction", "Play") or is_table_tag(name)


class Tag(NamedTuple):
    """One tag pair of a game, with the section data that follows it (an immutable value).

    A named tuple rather than a frozen dataclass because readers make one per tag line and
    a tuple is made five times faster. Equality ignores where the tag was read and how an
    auction or play is split into lines.

    Attributes:
        name: the tag name (``"Deal"``).
        value: the value, with ``#`` inheritance resolved.
        section: the section's rows of tokens (Auction and Play: the tokens of each line;
            tables: the cells of each row), comments removed.
        comments: the comments that followed the tag (``{...}`` and ``;...``), in order.
        line, column: where the value starts in the file (0 if the tag was not read).
        rows_at: the line of each section row in the file.
    """

    name: str
    value: str
    section: tuple[tuple[str, ...], ...] = ()
    comments: tuple[str, ...] = ()
    line: int = 0
    column: int = 0
    rows_at: tuple[int, ...] = ()

    @property
    def tokens(self) -> tuple[str, ...]:
        """The section's tokens, all rows run together."""
        section = self.section
        if len(section) == 1:
            return section[0]
        return tuple(chain.from_iterable(section))

    def _key(self) -> tuple[str, str, tuple[object, ...], tuple[str, ...]]:
        # the lines an auction or play is split into are layout, not content
        section = self.tokens if self.name in ("Auction", "Play") else self.section
        return (self.name, self.value, section, self.comments)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tag) and self._key() == other._key()

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self._key())

    def __str__(self) -> str:
        return f"[{self.name} {quote(self.value)}]"


#: A tag as the reader keeps it: the fields of :class:`Tag` in a plain tuple. The garbage
#: collector stops tracking a plain tuple of strings and numbers but tracks a named tuple for
#: ever, so a game read from a file makes its :class:`Tag` values only when they are asked for.
RawTag = tuple[str, str, tuple[tuple[str, ...], ...], tuple[str, ...], int, int, tuple[int, ...]]


def section_tokens(tag: RawTag) -> tuple[str, ...]:
    """The tokens of a tag's section, all rows run together (:attr:`Tag.tokens`)."""
    section = tag[2]
    if len(section) == 1:
        return section[0]
    return tuple(chain.from_iterable(section))


#: A call as the reader keeps it (see :meth:`Game.calls`): its token as PBN writes it, or
#: (token, explanation or None) for an alerted call.
CompactCall = str | tuple[str, str | None]


#: Every (seat, card) pair, at seat * 52 + card.index: a card played is kept as this number.
PLAYED_PAIRS: tuple[tuple[Seat, Card], ...] = tuple(
    (seat, card) for seat in SEATS for card in CARDS
)


def quote(value: str) -> str:
    """A PBN string: in double quotes, ``"`` escaped as ``\\"``.

    A backslash is doubled only where it would otherwise escape (before ``"``, another
    backslash or the closing quote), so that column specifications like ``Rank\\3R`` are
    written as every PBN program writes them.
    """
    return '"' + _ESCAPE.sub(lambda match: "\\" + match.group(), value) + '"'


_ESCAPE = re.compile(r'\\(?=[\\"]|$)|"')


@dataclass(frozen=True, slots=True)
class PbnTable:
    """A PBN table (ScoreTable, TotalScoreTable, OptimumResultTable...): columns and rows.

    Cells are strings as written (``"-"`` and ``"?"`` mark unknown values, ``^`` an
    artificial score); ``table.column("Score_NS")`` gives one column.
    """

    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...] = ()

    @classmethod
    def from_spec(cls, spec: str, rows: Iterable[Sequence[str]] = ()) -> PbnTable:
        """A table from its column specification (``"Rank\\2R;Names\\20"``) and rows.

        Raises:
            PbnValueError: if the specification is not valid.
        """
        return cls(parse_columns(spec), tuple(tuple(row) for row in rows))

    @property
    def spec(self) -> str:
        """The column specification, the tag's value."""
        return format_columns(self.columns)

    @property
    def names(self) -> tuple[str, ...]:
        """The column names."""
        return tuple(column.name for column in self.columns)

    def index(self, name: str) -> int:
        """The position of the column ``name``.

        Raises:
            KeyError: if there is no such column.
        """
        for position, column in enumerate(self.columns):
            if column.name == name:
                return position
        raise KeyError(name)

    def column(self, name: str) -> tuple[str, ...]:
        """The cells of the column ``name``, row by row.

        Raises:
            KeyError: if there is no such column.
        """
        position = self.index(name)
        return tuple(row[position] if position < len(row) else "" for row in self.rows)

    def records(self) -> list[dict[str, str]]:
        """The rows as dictionaries from column name to cell."""
        names = self.names
        return [dict(zip(names, row, strict=False)) for row in self.rows]


@dataclass(frozen=True, slots=True)
class AuctionEntry:
    """One turn of the Auction section.

    ``call`` is None for ``-`` (no call: the seats before the dealer) and for an irregular
    turn ``^S``. ``all_pass`` marks ``AP`` (everybody passes from here). ``note`` is the
    number of the note ``=n=`` attached; ``suffix`` is ``!``, ``?``, ``!!``, ``??``, ``!?``
    or ``?!``; ``nag`` the ``$n`` annotation; ``irregularity`` the letter of a ``^``
    marker (``"I"`` marks an insufficient bid).
    """

    call: Call | None
    text: str
    note: int | None = None
    suffix: str | None = None
    nag: int | None = None
    irregularity: str | None = None
    all_pass: bool = False


@dataclass(frozen=True, slots=True)
class PbnAuction:
    """The Auction section: the seat of its first column and its turns.

    ``end`` is ``"+"`` when the auction is to be continued, ``"*"`` for an explicit end,
    otherwise None.
    """

    first: Seat
    entries: tuple[AuctionEntry, ...]
    end: str | None = None

    @property
    def is_regular(self) -> bool:
        """Whether no turn is marked irregular (``^``)."""
        return all(entry.irregularity is None and entry.text != "^S" for entry in self.entries)

    def calls(self) -> tuple[tuple[Call, AuctionEntry], ...]:
        """The calls made, from the dealer on, each with its entry (``AP`` expanded)."""
        made: list[tuple[Call, AuctionEntry]] = []
        bid = False
        passes = 0
        for entry in self.entries:
            if entry.all_pass:
                needed = (3 if bid else 4) - passes
                made.extend((PASS, entry) for _ in range(max(needed, 0)))
                break
            call = entry.call
            if call is None:
                continue
            made.append((call, entry))
            if isinstance(call, Pass):
                passes += 1
            else:
                passes = 0
                bid = bid or isinstance(call, Bid)
        return tuple(made)


def auction_is_over(auction: PbnAuction) -> bool:
    """Whether the calls of an Auction section end the auction (Law 17E: three passes
    after a call, four passes, or ``AP``)."""
    calls = auction.calls()
    if any(entry.all_pass for entry in auction.entries):
        return True
    passes = 0
    for call, _entry in reversed(calls):
        if not isinstance(call, Pass):
            break
        passes += 1
    return passes >= 4 or (passes >= 3 and len(calls) > passes)


@dataclass(frozen=True, slots=True)
class PlayEntry:
    """One card of the Play section: the card (None for ``-``, not known) and annotations."""

    card: Card | None
    text: str
    note: int | None = None
    suffix: str | None = None
    nag: int | None = None
    irregularity: str | None = None


@dataclass(frozen=True, slots=True)
class PbnPlay:
    """The Play section: the seat of its first column (the opening leader) and the tricks.

    Each trick is a row of up to four entries in seat order from :attr:`first` (not in the
    order played). ``end`` is ``"+"`` (to be continued), ``"*"`` (the rest is not given) or
    None.
    """

    first: Seat
    tricks: tuple[tuple[PlayEntry, ...], ...]
    end: str | None = None

    def card_of(self, trick: int, seat: Seat) -> PlayEntry | None:
        """The entry of ``seat`` in trick number ``trick`` (from 0), if given."""
        row = self.tricks[trick]
        position = (seat - self.first) % 4
        return row[position] if position < len(row) else None

    def in_order(self, trump: Suit | None) -> tuple[tuple[Seat, Card], ...]:
        """The cards in the order played, up to the first card not known.

        Each trick's leader is the previous trick's winner (Law 44G).
        """
        played: list[tuple[Seat, Card]] = []
        leader = self.first
        for number in range(len(self.tricks)):
            cards: list[Card] = []
            for offset in range(4):
                seat = leader.next(offset)
                entry = self.card_of(number, seat)
                if entry is None or entry.card is None:
                    return tuple(played)
                played.append((seat, entry.card))
                cards.append(entry.card)
            leader = trick_winner(leader, (cards[0], cards[1], cards[2], cards[3]), trump)
        return tuple(played)


def split_section_token(word: str) -> list[str]:
    """Split a word of an Auction or Play section into its words (``2NT?=1=``)."""
    return [match.group() for match in SECTION_TOKEN_RE.finditer(word)]


def _annotations(
    words: Sequence[str], start: int
) -> tuple[int, int | None, str | None, int | None]:
    """Read the annotations after a call or card: (next index, note, suffix, nag)."""
    note: int | None = None
    suffix: str | None = None
    nag: int | None = None
    index = start
    while index < len(words):
        word = words[index]
        first = word[0]
        if first == "=":
            body = word.strip("=")
            if note is None and body.isdecimal():
                note = int(body)
        elif first == "$":
            if nag is None and word[1:].isdecimal():
                nag = int(word[1:])
        elif first in "!?":
            suffix = suffix or (word if word in SUFFIXES else None)
        else:
            break
        index += 1
    return index, note, suffix, nag


def auction_of(tag: RawTag) -> PbnAuction | None:
    try:
        first = parse_seat(tag[1], "seat")
    except PbnValueError:
        return None
    if first is None:
        return None
    words = section_tokens(tag)
    entries: list[AuctionEntry] = []
    end: str | None = None
    index = 0
    irregular: str | None = None
    while index < len(words):
        word = words[index]
        index += 1
        if word in ("+", "*"):
            end = word
            break
        if word.startswith("^") and word != "^S":
            irregular = word[1:] or "?"
            continue
        call = CALLS.get(word) or CALL_VARIANTS.get(word)
        all_pass = word.upper() == "AP"
        index, note, suffix, nag = _annotations(words, index)
        entries.append(
            AuctionEntry(None if all_pass else call, word, note, suffix, nag, irregular, all_pass)
        )
        irregular = None
    return PbnAuction(first, tuple(entries), end)


def play_of(tag: RawTag) -> PbnPlay | None:
    try:
        first = parse_seat(tag[1], "seat")
    except PbnValueError:
        return None
    if first is None:
        return None
    words = section_tokens(tag)
    tricks: list[tuple[PlayEntry, ...]] = []
    row: list[PlayEntry] = []
    end: str | None = None
    index = 0
    irregular: str | None = None
    while index < len(words):
        word = words[index]
        index += 1
        if word == "*":
            end = word
            break
        if word == "+":
            end = word
        if word.startswith("^"):
            irregular = word[1:] or "?"
            continue
        card = CARD_TOKENS.get(word)
        if card is None and len(word) == 2:
            card = CARD_TOKENS.get(word.upper())
        index, note, suffix, nag = _annotations(words, index)
        row.append(PlayEntry(card, word, note, suffix, nag, irregular))
        irregular = None
        if len(row) == 4:
            tricks.append(tuple(row))
            row = []
    if row:
        tricks.append(tuple(row))
    return PbnPlay(first, tuple(tricks), end)
