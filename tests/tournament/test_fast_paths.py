"""The fast paths of reading and scoring a whole event (issue 19) against slow references.

* The travellers reader reads its common lines a column at a time; a reference written here,
  line by line with the csv module and the public parsers, must give the same results, the
  same locations and reject the same lines, on random files (columns in any order, blanks,
  quotes, comments, short and long lines, bad cells).
* The event scorer keeps integer units and adds a pair's total while building its score
  card; on random events, each line must have the exact fractions of
  :func:`~dupbridge.scoring.matchpoints.score_board` (Law 78A, with factoring), each pair the
  exact sum of its lines' fractions (and of its tops), penalties included (Law 90).
* :func:`~dupbridge.tournament.bulk.paused_gc` leaves the collector as it found it.
"""

from __future__ import annotations

import csv
import gc
import re
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from dupbridge.core.errors import NotationError
from dupbridge.core.seats import Seat, Side
from dupbridge.scoring.matchpoints import Comparable, Factoring, score_board
from dupbridge.tournament.bulk import paused_gc
from dupbridge.tournament.event_scoring import Method, ScoringOptions, score_event
from dupbridge.tournament.results import (
    Event,
    Location,
    PairId,
    Penalty,
    Result,
    parse_outcome,
)
from dupbridge.tournament.travellers import loads

F = Fraction

OPTIONAL = ["table", "round", "session", "section", "declarer", "lead", "result", "score", "group"]

CELLS = {
    "board": ["1", "2", "3", "12", "0", "x", "", "-1", "٣"],
    "ns": ["1", "2", "3", "A4", "5 NS", "B-6", "", "x", "0"],
    "ew": ["7", "8", "9", "A10", "11EW", "", "?"],
    "contract": ["4S", "3NT", "4HX", "2Cxx", "PASS", "", "8S", "4SN", "6NTS", "A60/40", "4Z"],
    "declarer": ["N", "E", "S", "W", "", "Q", "n"],
    "result": ["=", "+1", "-2", "10", "7", "", "15", "x"],
    "score": ["", "420", "-50", "+100", "1.5", "x"],
    "lead": ["", "SQ", "H7", "ZZ"],
    "section": ["", "A", "b"],
    "table": ["", "1", "2", "0", "t"],
    "round": ["", "1", "3", "0"],
    "session": ["", "1", "2", "0"],
    "group": ["", "", "g1", "g2"],
}


@st.composite
def travellers_files(draw: st.DrawFn) -> tuple[str, bool]:
    """A travellers CSV: the required columns and some optional ones in any order, lines
    of random (mostly valid) cells, with blanks, quotes, comments and ragged lines."""
    optional = draw(st.lists(st.sampled_from(OPTIONAL), unique=True))
    header = ["board", "ns", "ew", "contract", *optional]
    header = draw(st.permutations(header))
    lines = [",".join(header)]
    for _line in range(draw(st.integers(0, 25))):
        kind = draw(st.sampled_from(["cells"] * 8 + ["blank", "comment", "spaces"]))
        if kind != "cells":
            lines.append({"blank": "", "comment": "# late table", "spaces": "   "}[kind])
            continue
        cells = []
        for name in header:
            cell = draw(st.sampled_from(CELLS[name]))
            if draw(st.integers(0, 9)) == 0:
                cell = f" {cell} "
            if draw(st.integers(0, 19)) == 0:
                cell = f'"{cell}"'
            cells.append(cell)
        cut = draw(st.integers(0, 14))
        if cut < len(cells) and draw(st.booleans()):
            cells = cells[:cut]  # a short line: the missing cells read as empty
        if draw(st.integers(0, 9)) == 0:
            cells.append("extra")
        lines.append(",".join(cells))
    return "\n".join(lines) + "\n", draw(st.booleans())


class ReferenceLine:
    """One line's cells by column name, read as the travellers format says."""

    def __init__(self, columns: dict[str, int], line: str) -> None:
        self.columns = columns
        self.cells = [cell.strip() for cell in next(csv.reader([line]))]

    def cell(self, name: str) -> str:
        index = self.columns.get(name)
        return self.cells[index] if index is not None and index < len(self.cells) else ""

    def number(self, name: str, required: bool = False) -> int | None:
        text = self.cell(name)
        if not text and not required:
            return None
        if not text.isdecimal() or int(text) < 1:
            raise ValueError(name)
        return int(text)

    def pair(self, name: str, line: Side | None) -> PairId:
        if not self.cell(name):
            raise ValueError(name)
        found = PairId.from_str(self.cell(name), line)
        section = self.cell("section").upper()
        if section and not found.section:
            found = PairId(found.number, section, found.line)
        return found

    def result(self, number: int, mitchell: bool) -> Result:
        board = self.number("board", required=True)
        assert board is not None
        ns = self.pair("ns", Side.NS if mitchell else None)
        ew = self.pair("ew", Side.EW if mitchell else None)
        cell = self.cell
        if cell("declarer"):
            Seat.from_str(cell("declarer"))
        if cell("score") and not re.fullmatch(r"[+-]?\d+", cell("score")):
            raise ValueError("score")
        outcome = parse_outcome(
            cell("contract"), cell("declarer"), cell("result"), cell("lead"), cell("score")
        )
        return Result(
            board,
            ns,
            ew,
            outcome,
            table=self.number("table"),
            round=self.number("round"),
            session=self.number("session") or 1,
            group=cell("group") or None,
            location=Location("t.csv", number),
        )


def reference(text: str, mitchell: bool) -> tuple[list[Result], list[int]]:
    """The travellers of ``text`` read line by line with the public parsers: the results,
    and the numbers of the lines that cannot be read."""
    rows = text.splitlines()
    columns = {name: index for index, name in enumerate(next(csv.reader([rows[0]])))}
    results: list[Result] = []
    rejected: list[int] = []
    for number, line in enumerate(rows[1:], start=2):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            results.append(ReferenceLine(columns, line).result(number, mitchell))
        except (NotationError, ValueError):
            rejected.append(number)
    return results, rejected


class TestReader:
    @settings(max_examples=300)
    @given(travellers_files())
    def test_fast_reader_agrees_with_the_reference(self, drawn: tuple[str, bool]) -> None:
        """Every line the reader keeps is the reference's result at the same location, and
        it reports a problem on exactly the lines the reference cannot read."""
        text, mitchell = drawn
        read = loads(text, "t.csv", mitchell=mitchell)
        results, rejected = reference(text, mitchell)
        assert results == list(read.event.results)
        assert [r.location for r in results] == [r.location for r in read.event.results]
        assert rejected == [
            problem.location.line
            for problem in read.problems
            if problem.location is not None and not problem.warning
        ]

    def test_many_lines_of_one_width_and_a_bad_one(self) -> None:
        """The all-at-once split of lines of equal width hands a bad line back to the full
        reader in its place, with its column."""
        lines = [f"{b},{t},{t + 10},4S,N,=" for b in (1, 2) for t in range(1, 6)]
        lines[3] = "1,4,14,4S,N,15"
        read = loads("board,ns,ew,contract,declarer,result\n" + "\n".join(lines), "t.csv")
        assert [
            "t.csv:5:13: error: result '15': 4S 15 means 15 tricks; tricks go from 0 to 13"
        ] == [str(problem) for problem in read.problems]
        assert [2, 3, 4, 6] == [r.location.line for r in read.event.results[:4] if r.location]


CONTRACTS = [("4S", "N", "-2"), ("4S", "N", "="), ("3NT", "S", "+1"), ("4H", "E", "-1"),
             ("2S", "W", "="), ("5CX", "N", "-3"), ("1NT", "E", "+2"), ("PASS", "", "")]  # fmt: skip


@st.composite
def events(draw: st.DrawFn) -> Event:
    """A one-section pairs event: each board played by a random subset of the tables (a
    board with fewer results is factored), random contracts, a penalty or two."""
    tables = draw(st.integers(2, 9))
    mitchell = draw(st.booleans())
    results = []
    for board in range(1, draw(st.integers(1, 6)) + 1):
        playing = draw(st.lists(st.integers(1, tables), min_size=1, unique=True))
        for table in sorted(playing):
            contract, declarer, result = draw(st.sampled_from(CONTRACTS))
            ns, ew = (table, table) if mitchell else (2 * table - 1, 2 * table)
            results.append(
                Result(
                    board,
                    PairId(ns, line=Side.NS if mitchell else None),
                    PairId(ew, line=Side.EW if mitchell else None),
                    parse_outcome(contract, declarer, result),
                    table=table,
                )
            )
    penalties = [
        Penalty(results[0].ns, F(draw(st.integers(-10, 0)), draw(st.integers(1, 4))))
        for _p in range(draw(st.integers(0, 2)))
    ]
    return Event(results=tuple(results), penalties=tuple(penalties), mitchell=mitchell)


class TestScoring:
    @settings(max_examples=150)
    @given(events(), st.sampled_from([Factoring.NEUBERG, Factoring.LINEAR, Factoring.NONE]))
    def test_matchpoints_against_the_fractions(self, event: Event, how: Factoring) -> None:
        """Law 78A: each line has score_board's exact fractions on the event's top; each pair
        the exact sum of its lines, its tops as maximum, its penalties in percent of a top
        (Law 90)."""
        scored = score_event(event, ScoringOptions(factoring=how))
        wanted = max(len(board.results) for board in scored.boards)
        for board in scored.boards:
            points = [line.ns_points for line in board.results]
            reference = score_board([Comparable.played(p or 0) for p in points], wanted, how)
            assert [(s.ns, s.ew, s.top) for s in reference] == [
                (line.ns, line.ew, line.top) for line in board.results
            ]
        top = 2 * (wanted - 1)
        for pair, score in scored.pairs.items():
            penalty = sum((p.value for p in event.penalties if p.pair == pair), F(0))
            lines = [(line.value(side), line.top or 0) for line, side in score.entries]
            assert sum((value for value, _top in lines), F(0)) + penalty * top / 100 == (
                score.total
            )
            assert F(sum(top for _value, top in lines)) == score.maximum
            assert penalty * top / 100 == score.penalty

    @settings(max_examples=100)
    @given(events(), st.sampled_from([Method.BUTLER, Method.CROSS_IMPS, Method.TOTAL_POINTS]))
    def test_imp_totals_against_the_fractions(self, event: Event, method: Method) -> None:
        """At IMPs or points a pair's total is the exact sum of its lines and penalties."""
        scored = score_event(event, ScoringOptions(method))
        for pair, score in scored.pairs.items():
            penalty = sum((p.value for p in event.penalties if p.pair == pair), F(0))
            lines = sum((line.value(side) for line, side in score.entries), F(0))
            assert lines + penalty == score.total


class TestPausedCollector:
    def test_restores_the_collector_and_ages_what_was_built(self) -> None:
        """Paused inside, on again after; what the block built is no longer young."""
        assert gc.isenabled()
        with paused_gc():
            assert not gc.isenabled()
            built = [[index] for index in range(5000)]
        assert gc.isenabled()
        assert gc.get_count()[0] < 1000  # the block's lists are not waiting to be walked
        assert 5000 == len(built)

    def test_leaves_a_frozen_heap_frozen(self) -> None:
        """Objects someone froze on purpose (a server before forking) stay frozen."""
        gc.freeze()
        try:
            frozen = gc.get_freeze_count()
            with paused_gc():
                _built = [[index] for index in range(100)]
            assert frozen == gc.get_freeze_count()
        finally:
            gc.unfreeze()

    def test_leaves_a_disabled_collector_off(self) -> None:
        """Nested in code that turned the collector off, the block leaves it off."""
        gc.disable()
        try:
            with paused_gc():
                pass
            assert not gc.isenabled()
        finally:
            gc.enable()
