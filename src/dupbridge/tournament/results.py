"""The results of a duplicate event: pairs, boards and traveller lines, and their checks.

A :class:`Result` is one line of a board's traveller: which pairs met on which board, and
what happened: a :class:`Played` result (a contract, declarer and tricks, or a pass-out), an
:class:`Assigned` adjusted score (Law 12C1, weighted over several results since 2017), or an
:class:`~dupbridge.scoring.adjusted.ArtificialScore` (Law 12C2: A60/40, +3/-3 IMP). The
outcomes and their notation live in :mod:`dupbridge.tournament.outcomes` and are importable
from here.

Pairs are identified by :class:`PairId`: number, section, and in a Mitchell the line the pair
sat in throughout (NS 1 and EW 1 are different pairs). Team events use the same model with
one id per team: the two tables of a match are the two results of a board between the same
two teams, each team North-South at one of them.

:func:`check_event` finds everything wrong with an event at once (unknown pair, a pair on
both sides, a pair with two results on a board, a score that contradicts its contract), each
problem naming the file location of the line when the results came from a file.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from itertools import repeat

from dupbridge.core.boards import Board
from dupbridge.core.deal import Deal
from dupbridge.core.errors import DupbridgeError, NotationError
from dupbridge.core.seats import Seat, Side, Vulnerability
from dupbridge.i18n import _
from dupbridge.tournament.outcomes import (
    Assigned,
    Outcome,
    Played,
    parse_outcome,
    parse_tricks,
)

__all__ = [
    "Assigned",
    "BoardInfo",
    "Event",
    "Location",
    "Outcome",
    "Pair",
    "PairId",
    "Penalty",
    "Played",
    "Problem",
    "Result",
    "ResultsError",
    "check_event",
    "parse_outcome",
    "parse_tricks",
    "quick_result",
    "results_by_column",
]


class ResultsError(DupbridgeError, ValueError):
    """Results that cannot be scored; ``problems`` lists every one found.

    Attributes:
        problems: each problem with its location.
    """

    def __init__(self, problems: Sequence[Problem]) -> None:
        super().__init__("\n".join(str(problem) for problem in problems))
        self.problems = tuple(problems)


@dataclass(frozen=True, slots=True)
class Location:
    """Where a result was read: ``FILE:LINE:COLUMN``."""

    source: str
    line: int
    column: int = 1

    def __str__(self) -> str:
        return f"{self.source}:{self.line}:{self.column}"


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with the results, with its location when known."""

    message: str
    location: Location | None = None
    warning: bool = False

    def __str__(self) -> str:
        kind = _("warning") if self.warning else _("error")
        where = f"{self.location}: " if self.location is not None else ""
        return f"{where}{kind}: {self.message}"


_PAIR_RE = re.compile(r"^\s*([A-Za-z]*)\s*-?\s*(\d+)\s*(NS|EW|N-S|E-W)?\s*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class PairId:
    """A pair's (or, in team events, a team's) identity in an event.

    Attributes:
        number: the pair number.
        section: the section letter(s), empty for a one-section event.
        line: the line the pair sat in throughout a Mitchell (NS 1 and EW 1 are two
            pairs); None when pairs change direction (Howell) or numbers are unique.
    """

    number: int
    section: str = ""
    line: Side | None = None
    # Computed once: pairs are dictionary keys wherever an event is scored.
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if isinstance(self.number, bool) or not isinstance(self.number, int) or self.number < 0:
            raise NotationError(_("not a pair number: {number!r}").format(number=self.number))
        object.__setattr__(self, "_hash", hash((self.number, self.section, self.line)))

    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def from_str(cls, text: str, line: Side | None = None) -> PairId:
        """Parse ``"12"``, ``"A12"``, ``"B-3"`` or ``"7 NS"`` (section letters first).

        Raises:
            NotationError: if the text is not a pair number.
        """
        match = _PAIR_RE.match(text)
        if match is None:
            raise NotationError(
                _("not a pair number: {text!r} (expected e.g. 12, A12 or 7NS)").format(text=text)
            )
        section, number, side = match.groups()
        own = Side.from_str(side) if side else line
        return cls(int(number), section.upper(), own)

    @property
    def sort_key(self) -> tuple[str, int, int]:
        """Section, line, then number."""
        return (self.section, -1 if self.line is None else int(self.line), self.number)

    @property
    def slug(self) -> str:
        """A name safe in a file name: ``"A12"``, ``"12-ns"``."""
        line = "" if self.line is None else f"-{self.line.name.lower()}"
        return f"{self.section}{self.number}{line}"

    def __str__(self) -> str:
        line = "" if self.line is None else f" {self.line.name}"
        return f"{self.section}{self.number}{line}"


@dataclass(frozen=True, slots=True)
class Pair:
    """A pair (or a team) of the event: its id and the players' names.

    ``members`` are the players' member numbers (national federation numbers), in the order
    of ``names``; an empty string for a player whose number is not known.
    """

    id: PairId
    names: tuple[str, ...] = ()
    club: str = ""
    members: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """The players' names joined (``"Kowalski – Nowak"``), or the pair number."""
        return " – ".join(name for name in self.names if name) or _("Pair {pair}").format(
            pair=self.id
        )


@dataclass(frozen=True, slots=True)
class Result:
    """One line of a board's traveller.

    Attributes:
        board: the board number.
        ns: the pair (team) sitting North-South.
        ew: the pair (team) sitting East-West.
        outcome: what happened (played, assigned or artificial).
        table: the table number, when known.
        round: the round number, when known.
        session: the session (1 for a one-session event).
        group: the form of the deal it was played in, on a fouled board (Law 87).
        location: where the line was read (not part of equality).
    """

    board: int
    ns: PairId
    ew: PairId
    outcome: Outcome
    table: int | None = None
    round: int | None = None
    session: int = 1
    group: str | None = None
    location: Location | None = field(default=None, compare=False)

    @property
    def section(self) -> str:
        """The section of the table (the NS pair's)."""
        return self.ns.section

    def pair(self, side: Side) -> PairId:
        """The pair sitting in ``side``."""
        return self.ns if side is Side.NS else self.ew


_RESULT_SLOTS = tuple(
    Result.__dict__[name].__set__
    for name in ("board", "ns", "ew", "outcome", "table", "round", "session", "group", "location")
)
_LOCATION_SLOTS = tuple(Location.__dict__[name].__set__ for name in ("source", "line", "column"))


def quick_result(
    board: int,
    ns: PairId,
    ew: PairId,
    outcome: Outcome,
    *,
    table: int | None,
    round: int | None,
    session: int,
    group: str | None,
    source: str,
    line: int,
) -> Result:
    """``Result(board, ns, ew, outcome, table, round, session, group, Location(source, line))``
    built about twice as fast, for readers that make one per line of a big file: the frozen
    dataclass's constructor sets each field through ``object.__setattr__``; this sets the
    slots directly. The values are taken as they are (the constructor checks nothing more).
    """
    where = object.__new__(Location)
    set_source, set_line, set_column = _LOCATION_SLOTS
    set_source(where, source)
    set_line(where, line)
    set_column(where, 1)
    made = object.__new__(Result)
    set_board, set_ns, set_ew, set_outcome, set_table, set_round, set_session, set_group, set_at = (
        _RESULT_SLOTS
    )
    set_board(made, board)
    set_ns(made, ns)
    set_ew(made, ew)
    set_outcome(made, outcome)
    set_table(made, table)
    set_round(made, round)
    set_session(made, session)
    set_group(made, group)
    set_at(made, where)
    return made


def results_by_column(
    boards: Iterable[int],
    ns: Iterable[PairId],
    ew: Iterable[PairId],
    outcomes: Iterable[Outcome],
    *,
    tables: Iterable[int | None],
    rounds: Iterable[int | None],
    sessions: Iterable[int],
    groups: Iterable[str | None],
    source: str,
    lines: Sequence[int],
) -> list[Result]:
    """One :class:`Result` per item of ``lines``, built a field at a time: the same results
    as :func:`quick_result` line by line (``Location(source, line)`` each), with every loop
    run by ``map`` in C. Each column gives one value per line, in order (a constant column
    is ``itertools.repeat(value)``); the values are taken as they are.
    """
    count = len(lines)
    where = list(map(object.__new__, repeat(Location, count)))
    located: tuple[Iterable[object], ...] = (repeat(source), lines, repeat(1))
    for setter, column in zip(_LOCATION_SLOTS, located, strict=True):
        deque(map(setter, where, column), maxlen=0)
    made = list(map(object.__new__, repeat(Result, count)))
    columns = (boards, ns, ew, outcomes, tables, rounds, sessions, groups, where)
    for setter, values in zip(_RESULT_SLOTS, columns, strict=True):
        deque(map(setter, made, values), maxlen=0)
    return made


@dataclass(frozen=True, slots=True)
class Penalty:
    """A procedural penalty (Law 90) or other correction to a pair's total.

    ``value`` is in the event's unit: IMPs (or VPs) at IMP scoring, percent of a board's
    top at matchpoints (a quarter of a top is 25).
    """

    pair: PairId
    value: Fraction
    session: int = 1
    note: str = ""
    location: Location | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class BoardInfo:
    """What is known about a board besides its results.

    Attributes:
        number: the board number.
        dealer: the dealer (Law 2 unless the board says otherwise).
        vulnerability: the vulnerability (likewise).
        deal: the four hands, when known.
        dd_tricks: double-dummy tricks by (declarer, denomination), when known.
        par: the par contract(s) and score as text (``"3D N +130"``), when known.
    """

    number: int
    dealer: Seat
    vulnerability: Vulnerability
    deal: Deal | None = None
    dd_tricks: tuple[tuple[Seat, int, int], ...] = ()
    par: str = ""

    @classmethod
    def numbered(cls, number: int, deal: Deal | None = None) -> BoardInfo:
        """Board ``number`` with Law 2's dealer and vulnerability."""
        board = Board.numbered(number)
        return cls(number, board.dealer, board.vulnerability, deal)

    @property
    def board(self) -> Board:
        """The core board (number, dealer, vulnerability)."""
        return Board(self.number, self.dealer, self.vulnerability)


@dataclass(frozen=True)
class Event:
    """A scored or to-be-scored event: its boards, pairs, results and penalties.

    Attributes:
        name: the event's name.
        date: its date as written (``"2012.08.02"``).
        site: where it was played.
        boards: what is known of each board (boards without an entry follow Law 2).
        pairs: the pairs (teams) with names; may be empty when only numbers are known.
        results: every traveller line.
        penalties: corrections to totals.
        mitchell: whether NS and EW are two separate fields (each with its own ranking).
        teams: whether this is a team event (results are the tables of matches).
        phantoms: pairs that stand for an empty seat (a phantom or absent pair): their
            results are scored for the opponents but they are not ranked.
    """

    name: str = ""
    date: str = ""
    site: str = ""
    boards: Mapping[int, BoardInfo] = field(default_factory=dict)
    pairs: Sequence[Pair] = ()
    results: Sequence[Result] = ()
    penalties: Sequence[Penalty] = ()
    mitchell: bool = False
    teams: bool = False
    phantoms: frozenset[PairId] = frozenset()

    def board(self, number: int) -> BoardInfo:
        """The board's information (Law 2's markings when nothing else is known)."""
        info = self.boards.get(number)
        return info if info is not None else BoardInfo.numbered(number)

    @cached_property
    def pair_index(self) -> dict[PairId, Pair]:
        """Every pair by id: the listed ones, then any that appear only in the results."""
        index = {pair.id: pair for pair in self.pairs}
        for result in self.results:
            for pair_id in (result.ns, result.ew):
                index.setdefault(pair_id, Pair(pair_id))
        return index

    def pair(self, pair_id: PairId) -> Pair:
        """The pair with this id (a bare one if it has no names)."""
        return self.pair_index.get(pair_id) or Pair(pair_id)

    @property
    def board_numbers(self) -> list[int]:
        """The numbers of the boards with results, in order."""
        return sorted({result.board for result in self.results})

    @property
    def sessions(self) -> list[int]:
        """The session numbers, in order."""
        return sorted({result.session for result in self.results}) or [1]

    def ns_score(self, result: Result, played: Played) -> int:
        """North-South's score of a played result on its board (Law 77)."""
        return played.ns_score(self.board(result.board).vulnerability)


#: A movement check: the problem with a result (a sentence naming the movement), or None.
MovementCheck = Callable[[Result], str | None]


def check_event(event: Event, movement: MovementCheck | None = None) -> list[Problem]:
    """Everything wrong with an event's results, each problem with its location.

    Checks: a pair not among the listed pairs, a pair on both sides of a table, a pair with
    two results on one board (a team with two in the same direction), a recorded score that
    contradicts its contract (Law 77), and, given a movement, a result for a pair that did
    not play that board.
    """
    problems: list[Problem] = []
    known = {pair.id for pair in event.pairs}
    # A team plays each board twice, once in each direction; a pair once.
    seen: dict[tuple[int, int, PairId, Side | None], Result] = {}
    for result in event.results:
        where = result.location
        problems.extend(
            Problem(
                _("board {board}: unknown pair {pair}").format(board=result.board, pair=pair_id),
                where,
            )
            for pair_id in (result.ns, result.ew)
            if known and pair_id not in known
        )
        if result.ns == result.ew:
            problems.append(
                Problem(
                    _("board {board}: pair {pair} cannot play against itself").format(
                        board=result.board, pair=result.ns
                    ),
                    where,
                )
            )
        for side, pair_id in ((Side.NS, result.ns), (Side.EW, result.ew)):
            key = (result.session, result.board, pair_id, side if event.teams else None)
            earlier = seen.get(key)
            if earlier is not None and earlier is not result:
                problems.append(
                    Problem(
                        _("board {board}: a second result for pair {pair}{first}").format(
                            board=result.board,
                            pair=pair_id,
                            first=_(" (the first is at {location})").format(
                                location=earlier.location
                            )
                            if earlier.location is not None
                            else "",
                        ),
                        where,
                    )
                )
            else:
                seen[key] = result
        problems.extend(_check_outcome(event, result))
        if movement is not None:
            problem = movement(result)
            if problem is not None:
                problems.append(Problem(problem, where))
    problems.extend(
        Problem(_("penalty for unknown pair {pair}").format(pair=penalty.pair), penalty.location)
        for penalty in event.penalties
        if known and penalty.pair not in known
    )
    return problems


def _check_outcome(event: Event, result: Result) -> Iterable[Problem]:
    outcome = result.outcome
    playeds = (
        [outcome]
        if isinstance(outcome, Played)
        else [played for _weight, played in outcome.components]
        if isinstance(outcome, Assigned)
        else []
    )
    for played in playeds:
        if played.contract is not None and played.recorded_score is not None:
            computed = event.ns_score(result, played)
            if computed != played.recorded_score:
                yield Problem(
                    _(
                        "board {board}: {result} scores {computed:+d} for NS (Law 77), "
                        "not {recorded:+d} as recorded"
                    ).format(
                        board=result.board,
                        result=played,
                        computed=computed,
                        recorded=played.recorded_score,
                    ),
                    result.location,
                )
