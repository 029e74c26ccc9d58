"""The PBN game: every tag in order, with section data, and parsed accessors.

See :mod:`dupbridge.formats.pbn` for the overview; this module holds :class:`Game`,
:class:`Tag`, :class:`PbnTable` and the auction and play sections, and writes games in PBN's
export format.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any, NamedTuple

from dupbridge.core.boards import dealer_of, vulnerability_of
from dupbridge.core.calls import PASS, Bid, Call, Pass, Strain
from dupbridge.core.cards import CARDS, Card, Suit
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.play import trick_winner
from dupbridge.core.seats import SEATS, Seat, Side, Vulnerability
from dupbridge.core.table import Table
from dupbridge.formats._pbn_deal import (
    DealMasks,
    DealValue,
    deal_of,
    deal_value,
    format_deal,
    parse_deal_masks,
)
from dupbridge.formats._pbn_values import (
    CALL_VARIANTS,
    CALLS,
    CARD_TOKENS,
    MANDATORY_TAGS,
    SECTION_TOKEN_RE,
    SUFFIXES,
    Column,
    ContractValue,
    PbnValueError,
    ResultValue,
    ScoreValue,
    format_columns,
    parse_columns,
    parse_contract,
    parse_declarer,
    parse_result,
    parse_seat,
    parse_side_values,
    parse_vulnerability,
)
from dupbridge.formats.problems import Problem, Severity
from dupbridge.formats.records import BoardRecord, RecordedCall, TableData
from dupbridge.i18n import _

__all__ = [
    "PLAYED_PAIRS",
    "AuctionEntry",
    "CompactCall",
    "Game",
    "PbnAuction",
    "PbnPlay",
    "PbnTable",
    "PlayEntry",
    "RawTag",
    "Tag",
    "auction_is_over",
    "is_section_tag",
    "is_table_tag",
    "section_tokens",
    "tricks_taken",
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
_DD_DIGITS = "0123456789ABCD"


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
#: The record of each call made with no alert, by its token (records are immutable values).
_PLAIN_RECORDS: dict[str, RecordedCall] = {text: RecordedCall(call) for text, call in CALLS.items()}
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


class Game:
    """One PBN game: an ordered list of tags (known and unknown) with their sections.

    The game keeps every tag in the order read; ``game["Board"]`` is a tag's value and
    ``game["Board"] = "7"`` sets it (in place, or appended). Parsed values come from the
    accessors (:attr:`board`, :attr:`deal`, :attr:`auction`, :attr:`play`, :attr:`contract`,
    :attr:`result`, :meth:`scores`, :meth:`table`...), which give None where the tag is
    absent, unknown (``?``) or invalid; the problems found when reading are in
    :attr:`problems`.
    """

    # A game read from a file keeps its tags as plain tuples (_raw) until they are asked for
    # as Tag values (_tags), and makes its comment and problem lists only when they are not
    # empty or are asked for: what the garbage collector must track stays small.
    __slots__ = ("_cache", "_comments", "_made", "_problems", "_raw", "line", "source")

    def __init__(
        self,
        tags: Iterable[Tag] = (),
        *,
        comments: Iterable[str] = (),
        problems: Iterable[Problem] = (),
        line: int = 0,
        source: str = "<string>",
    ) -> None:
        self._raw: Sequence[RawTag] = list(tags)
        self._made = False
        self._comments: list[str] | None = list(comments)
        self._problems: list[Problem] | None = list(problems)
        self.line = line
        self.source = source
        self._cache: dict[str, Any] = {}

    @classmethod
    def read(
        cls,
        tags: Sequence[RawTag],
        comments: list[str] | None,
        problems: list[Problem] | None,
        line: int,
        source: str,
    ) -> Game:
        """The game a reader assembled: it hands over its lists (internal to the readers)."""
        game = cls.__new__(cls)
        game._raw = tags
        game._made = False
        game._comments = comments
        game._problems = problems
        game.line = line
        game.source = source
        game._cache = {}
        return game

    @property
    def comments(self) -> list[str]:
        """The comments before the first tag, in order (change the list in place)."""
        comments = self._comments
        if comments is None:
            comments = self._comments = []
        return comments

    @comments.setter
    def comments(self, comments: list[str]) -> None:
        self._comments = comments

    @property
    def problems(self) -> list[Problem]:
        """The problems found when reading the game (change the list in place)."""
        problems = self._problems
        if problems is None:
            problems = self._problems = []
        return problems

    @problems.setter
    def problems(self, problems: list[Problem]) -> None:
        self._problems = problems

    # --- tags -----------------------------------------------------------------------------

    def _make_tags(self) -> list[Tag]:
        """The tags as Tag values, made from the reader's plain tuples the first time."""
        tags = [tag if type(tag) is Tag else tuple.__new__(Tag, tag) for tag in self._raw]
        self._raw = tags
        self._made = True
        self._cache.pop("_index", None)  # it held the plain tuples
        return tags

    @property
    def _tags(self) -> list[Tag]:
        if not self._made:
            return self._make_tags()
        return self._raw  # type: ignore[return-value]  # a list of Tag values once made

    @_tags.setter
    def _tags(self, tags: list[Tag]) -> None:
        self._raw = tags
        self._made = True

    @property
    def tags(self) -> tuple[Tag, ...]:
        """Every tag, in order (change them with the methods below)."""
        return tuple(self._tags)

    def raw_tags(self) -> Sequence[RawTag]:
        """The tags as plain tuples, without making :class:`Tag` values (for the checks)."""
        return self._raw

    def reader_cache(self) -> dict[str, Any]:
        """The cache of parsed values, which the reader's checks fill (internal)."""
        return self._cache

    def _index(self) -> dict[str, RawTag]:
        index: dict[str, RawTag] | None = self._cache.get("_index")
        if index is None:
            index = {}
            for tag in self._raw:
                if tag[0] not in index:
                    index[tag[0]] = tag
            self._cache["_index"] = index
        return index

    def insert(self, position: int, tag: Tag) -> None:
        """Insert ``tag`` at ``position`` (a Note after its section, for instance)."""
        self._cache.clear()
        self._tags.insert(position, tag)

    def replace_tags(self, tags: Iterable[Tag]) -> None:
        """Replace every tag (to reorder them, say)."""
        self._cache.clear()
        self._tags = list(tags)

    def tag(self, name: str) -> Tag | None:
        """The first tag called ``name`` (None if there is none)."""
        if not self._made:
            self._make_tags()
        return self._index().get(name)  # type: ignore[return-value]  # Tag values by now

    def get(self, name: str, default: str | None = None) -> str | None:
        """The value of the tag ``name``, or ``default``."""
        tag = self._index().get(name)
        return default if tag is None else tag[1]

    def __getitem__(self, name: str) -> str:
        tag = self.tag(name)
        if tag is None:
            raise KeyError(name)
        return tag.value

    def __setitem__(self, name: str, value: str) -> None:
        old = self.tag(name)
        self.set_tag(name, value, section=() if old is None else old.section)

    def __delitem__(self, name: str) -> None:
        if self.tag(name) is None:
            raise KeyError(name)
        self.remove(name)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self._index()

    def __iter__(self) -> Iterator[Tag]:
        return iter(self._tags)

    def __len__(self) -> int:
        return len(self._raw)

    def names(self) -> list[str]:
        """The tag names in order (``Note`` once per note)."""
        return [tag[0] for tag in self._raw]

    def set_tag(
        self,
        name: str,
        value: str,
        *,
        section: Sequence[Sequence[str]] = (),
        comments: Sequence[str] = (),
    ) -> Tag:
        """Set the tag ``name`` (replacing the first one in place, else appending it)."""
        tag = Tag(name, value, tuple(tuple(row) for row in section), tuple(comments))
        self._cache.clear()
        for index, old in enumerate(self._tags):
            if old.name == name:
                self._tags[index] = tag
                return tag
        self._tags.append(tag)
        return tag

    def remove(self, name: str) -> None:
        """Remove every tag called ``name`` (no error if there is none)."""
        self._cache.clear()
        self._tags = [tag for tag in self._tags if tag.name != name]

    @property
    def errors(self) -> list[Problem]:
        """The problems that are errors (not warnings)."""
        return [problem for problem in self.problems if problem.severity is Severity.ERROR]

    def __repr__(self) -> str:
        board = self.get("Board")
        problems = len(self._problems or ())
        return f"<Game board={board!r} tags={len(self._raw)} problems={problems}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and other._tags == self._tags

    __hash__ = None  # type: ignore[assignment]  # mutable

    # --- parsed values ----------------------------------------------------------------------

    def _parsed(self, key: str, parse: Any, name: str) -> Any:
        cache = self._cache
        if key in cache:
            return cache[key]
        return self.parse_value(key, parse, name)[0]

    def cache_value(self, key: str, value: object) -> None:
        """Remember a value the reader computed while checking the game (until a change)."""
        self._cache[key] = value

    def parse_value(self, key: str, parse: Any, name: str) -> tuple[Any, str | None]:
        """The tag ``name`` parsed by ``parse`` (cached under ``key``) and the error, if any.

        The cache holds the value under ``key`` and an error under ``"!" + key``.
        """
        cache = self._cache
        if key in cache:
            return cache[key], cache.get("!" + key)
        value = self.get(name)
        error: str | None = None
        try:
            parsed = None if value is None else parse(value)
        except PbnValueError as problem:
            parsed = None
            error = cache["!" + key] = str(problem)
        cache[key] = parsed
        return parsed, error

    @property
    def board(self) -> int | None:
        """The board number (Board tag)."""
        return self._parsed("board", _board_number, "Board")  # type: ignore[no-any-return]

    @property
    def dealer(self) -> Seat | None:
        """The dealer (Dealer tag)."""
        return self._parsed("dealer", parse_seat, "Dealer")  # type: ignore[no-any-return]

    @property
    def vulnerability(self) -> Vulnerability | None:
        """The vulnerability (Vulnerable tag)."""
        return self._parsed("vul", parse_vulnerability, "Vulnerable")  # type: ignore[no-any-return]

    @property
    def deal_masks(self) -> DealMasks | None:
        """The Deal tag parsed into plain numbers (see :data:`DealMasks`)."""
        return self._parsed("deal", parse_deal_masks, "Deal")  # type: ignore[no-any-return]

    @property
    def deal_value(self) -> DealValue | None:
        """The Deal tag parsed: the deal, the first seat written, the seats known."""
        masks = self.deal_masks
        return None if masks is None else deal_value(masks)

    @property
    def deal(self) -> Deal | None:
        """The deal (Deal tag); hands written ``-`` are empty.

        The game keeps the four hands as numbers and makes the deal each time it is asked for
        (an immutable value, equal each time).
        """
        masks = self.deal_masks
        return None if masks is None else deal_of(masks)

    @property
    def declarer(self) -> Seat | None:
        """Declarer (Declarer tag; ``^S``, an irregular declarer, gives South)."""
        return self._parsed("declarer", parse_declarer, "Declarer")  # type: ignore[no-any-return]

    @property
    def contract_value(self) -> ContractValue | None:
        """The Contract tag parsed (passed out, or level, strain and risk)."""
        return self._parsed("contract", parse_contract, "Contract")  # type: ignore[no-any-return]

    @property
    def contract(self) -> Contract | None:
        """The contract with its declarer (None if passed out or unknown)."""
        value = self.contract_value
        return None if value is None else value.contract(self.declarer)

    @property
    def passed_out(self) -> bool:
        """Whether the board was passed out (Contract ``Pass``)."""
        value = self.contract_value
        return value is not None and value.passed_out

    @property
    def result_value(self) -> ResultValue | None:
        """The Result tag parsed."""
        return self._parsed("result", parse_result, "Result")  # type: ignore[no-any-return]

    @property
    def result(self) -> int | None:
        """The tricks declarer's side took (Result tag)."""
        value = self.result_value
        if value is None:
            return None
        if value.tricks is not None:
            return value.tricks
        declarer = self.declarer
        for side, tricks in value.sides:
            if declarer is not None and side is declarer.side:
                return tricks
            if declarer is not None:
                return 13 - tricks
        return None

    @property
    def players(self) -> tuple[str | None, str | None, str | None, str | None]:
        """The players' names by seat N, E, S, W (None where absent or unknown)."""
        names = tuple(self.get(tag) for tag in ("North", "East", "South", "West"))
        n, e, s, w = (None if name in (None, "", "?") else name for name in names)
        return (n, e, s, w)

    def scores(self, name: str = "Score") -> tuple[ScoreValue, ...]:
        """The values of a score tag (Score, ScoreIMP, ScoreMP, ScorePercentage...).

        ``"NS 4 EW -4"`` gives two values; a bad or absent tag gives none.
        """
        value = self.get(name)
        if value is None:
            return ()
        try:
            return parse_side_values(value)
        except PbnValueError:
            return ()

    def score_for(self, side: Side, name: str = "Score") -> ScoreValue | None:
        """The value of a score tag seen from ``side`` (the other side's negated)."""
        values = self.scores(name)
        for value in values:
            if value.side is side:
                return value
        if values:
            first = values[0]
            return ScoreValue(side, first.for_side(side), first.artificial)
        return None

    @property
    def optimum_score(self) -> ScoreValue | None:
        """The par score (OptimumScore tag, ``"NS 100"``)."""
        values = self.scores("OptimumScore")
        return values[0] if values else None

    def notes(self, section: str = "Auction") -> dict[int, str]:
        """The notes (Note tags) that follow the section ``section`` (Auction or Play)."""
        notes: dict[int, str] = {}
        current: str | None = None
        for tag in self._raw:
            name = tag[0]
            if name in ("Auction", "Play"):
                current = name
            elif name == "Note" and current == section:
                number, _sep, text = tag[1].partition(":")
                if number.strip().isdecimal():
                    notes.setdefault(int(number), text.strip())
        return notes

    @property
    def auction(self) -> PbnAuction | None:
        """The Auction section (None if there is none or its seat is not valid)."""
        if "auction" not in self._cache:
            tag = self._index().get("Auction")
            self._cache["auction"] = None if tag is None else _auction_of(tag)
        return self._cache["auction"]  # type: ignore[no-any-return]

    def calls(self) -> tuple[RecordedCall, ...]:
        """The calls from the dealer on, with alerts and explanations from the notes.

        A call with a note ``=n=`` is alerted, the note's text explaining it (a note with no
        text is an alert without explanation). A game read from a file keeps the calls the
        reader checked as plain text and makes the records each time they are asked for.
        """
        cached = self._cache.get("calls")
        if cached is not None:
            return cached  # type: ignore[no-any-return]
        compact: tuple[CompactCall, ...] | None = self._cache.get("compact_calls")
        if compact is not None:
            return tuple(
                _PLAIN_RECORDS[made]
                if type(made) is str
                else RecordedCall(CALLS[made[0]], True, made[1])
                for made in compact
            )
        auction = self.auction
        if auction is None:
            return ()
        notes = self.notes("Auction")
        result = []
        for call, entry in auction.calls():
            if entry.note is not None and not entry.all_pass:
                text = notes.get(entry.note)
                result.append(RecordedCall(call, True, text or None))
            else:
                result.append(RecordedCall(call))
        calls = tuple(result)
        self._cache["calls"] = calls
        return calls

    @property
    def play(self) -> PbnPlay | None:
        """The Play section (None if there is none or its seat is not valid)."""
        if "play" not in self._cache:
            tag = self._index().get("Play")
            self._cache["play"] = None if tag is None else _play_of(tag)
        return self._cache["play"]  # type: ignore[no-any-return]

    def played(self) -> tuple[tuple[Seat, Card], ...]:
        """The cards in the order played, each with its seat (up to the first unknown).

        A game read from a file keeps the cards the reader checked as numbers (see
        :data:`PLAYED_PAIRS`) and makes the pairs each time they are asked for.
        """
        cached = self._cache.get("played")
        if cached is not None:
            return cached  # type: ignore[no-any-return]
        compact: bytes | None = self._cache.get("compact_played")
        if compact is not None:
            return tuple(map(PLAYED_PAIRS.__getitem__, compact))
        play = self.play
        if play is None:
            return ()
        value = self.contract_value
        trump = None if value is None or value.strain is None else value.strain.suit
        played = play.in_order(trump)
        self._cache["played"] = played
        return played

    def table(self, name: str) -> PbnTable | None:
        """The table under the tag ``name`` (ScoreTable, OptimumResultTable...)."""
        tag = self.tag(name)
        if tag is None:
            return None
        try:
            columns = parse_columns(tag.value)
        except PbnValueError:
            return None
        return PbnTable(columns, tag.section)

    def set_table(self, name: str, table: PbnTable) -> None:
        """Set the table ``name`` (replacing it in place, or appending it)."""
        self.set_tag(name, table.spec, section=table.rows)

    @property
    def double_dummy_tricks(self) -> dict[Seat, dict[Strain, int]] | None:
        """The double-dummy tricks (DoubleDummyTricks tag): declarer -> strain -> tricks."""
        value = self.get("DoubleDummyTricks")
        if value is None or len(value) != 20:
            return None
        try:
            digits = [_DD_DIGITS.index(char) for char in value.upper()]
        except ValueError:
            return None
        return {
            seat: {strain: digits[5 * i + j] for j, strain in enumerate(DD_STRAINS)}
            for i, seat in enumerate(DD_SEATS)
        }

    def set_double_dummy_tricks(self, tricks: Mapping[Seat, Mapping[Strain, int]]) -> None:
        """Write the DoubleDummyTricks tag (20 hex digits: N, S, E, W by NT, S, H, D, C)."""
        self["DoubleDummyTricks"] = "".join(
            _DD_DIGITS[tricks[seat][strain]].lower() for seat in DD_SEATS for strain in DD_STRAINS
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

    # --- building games -------------------------------------------------------------------

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
    def from_record(cls, record: BoardRecord) -> Game:
        """The game of a board record (see :mod:`dupbridge.formats.records`)."""
        game = cls()
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
        if (
            (record.play or record.claim is not None)
            and contract is not None
            and (contract.declarer is not None)
        ):
            game.set_play(
                contract.declarer.lho,
                record.play,
                contract.strain.suit,
                finished=record.result is not None,
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
        position = next(i for i, tag in enumerate(self._tags) if tag.name == section)
        new = [Tag("Note", f"{n}:{text}") for n, text in enumerate(notes, 1)]
        self._cache.clear()
        self._tags[position + 1 : position + 1] = new

    def to_record(self) -> BoardRecord:
        """The board record of this game (see :mod:`dupbridge.formats.records`)."""
        mapped = {
            "Board", "North", "East", "South", "West", "Dealer", "Vulnerable", "Deal",
            "Declarer", "Contract", "Result", "Auction", "Play", "Note",
        }  # fmt: skip
        info = tuple(
            (tag.name, tag.value)
            for tag in self._tags
            if tag.name not in mapped and not is_table_tag(tag.name) and tag.value not in ("?",)
        )
        tables: tuple[TableData, ...] = tuple(
            (tag.name, tag.value, tag.section) for tag in self._tags if is_table_tag(tag.name)
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

    # --- writing ----------------------------------------------------------------------------

    def export_lines(self) -> list[str]:
        """The game in PBN export format, line by line.

        The mandatory tags come first in the standard's order (``?`` for those absent), then
        every other tag in the order of the game, each followed by its section and
        comments.
        """
        lines: list[str] = [f"{{{text}}}" for text in self.comments if "}" not in text]
        present = {tag.name: tag for tag in self._tags if tag.name in MANDATORY_TAGS}
        for name in MANDATORY_TAGS:
            tag = present.get(name)
            _write_tag(lines, tag if tag is not None else Tag(name, "?"))
        for tag in self._tags:
            if tag.name not in MANDATORY_TAGS:
                _write_tag(lines, tag)
        return lines


# --- helpers ------------------------------------------------------------------------------


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


def _board_number(text: str) -> int | None:
    if text in ("", "?"):
        return None
    if not text.isdecimal() or int(text) < 1:
        raise PbnValueError(_("not a board number: {text!r}").format(text=text))
    return int(text)


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


def _auction_of(tag: RawTag) -> PbnAuction | None:
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


def _play_of(tag: RawTag) -> PbnPlay | None:
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
