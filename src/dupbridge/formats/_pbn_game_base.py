"""The PBN game's tags and parsed values: :class:`GameBase` keeps every tag in order with its
section, and gives the board, deal, auction, play, contract, result and tables parsed.

:class:`~dupbridge.formats._pbn_game.Game` adds building games and writing them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Self

from dupbridge.core.calls import Strain
from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat, Side, Vulnerability
from dupbridge.formats._pbn_deal import (
    DealMasks,
    DealValue,
    deal_of,
    deal_value,
    parse_deal_masks,
)
from dupbridge.formats._pbn_sections import (
    DD_SEATS,
    DD_STRAINS,
    PLAYED_PAIRS,
    CompactCall,
    PbnAuction,
    PbnPlay,
    PbnTable,
    RawTag,
    Tag,
    auction_of,
    play_of,
)
from dupbridge.formats._pbn_values import (
    CALLS,
    ContractValue,
    PbnValueError,
    ResultValue,
    ScoreValue,
    parse_columns,
    parse_contract,
    parse_declarer,
    parse_result,
    parse_seat,
    parse_side_values,
    parse_vulnerability,
)
from dupbridge.formats.problems import Problem, Severity
from dupbridge.formats.records import RecordedCall
from dupbridge.i18n import _

__all__ = ["DD_DIGITS", "GameBase"]


DD_DIGITS = "0123456789ABCD"


#: The record of each call made with no alert, by its token (records are immutable values).
_PLAIN_RECORDS: dict[str, RecordedCall] = {text: RecordedCall(call) for text, call in CALLS.items()}


class GameBase:
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
    ) -> Self:
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
        return isinstance(other, GameBase) and other._tags == self._tags

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
            self._cache["auction"] = None if tag is None else auction_of(tag)
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
            self._cache["play"] = None if tag is None else play_of(tag)
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
            digits = [DD_DIGITS.index(char) for char in value.upper()]
        except ValueError:
            return None
        return {
            seat: {strain: digits[5 * i + j] for j, strain in enumerate(DD_STRAINS)}
            for i, seat in enumerate(DD_SEATS)
        }


def _board_number(text: str) -> int | None:
    if text in ("", "?"):
        return None
    if not text.isdecimal() or int(text) < 1:
        raise PbnValueError(_("not a board number: {text!r}").format(text=text))
    return int(text)
