"""Travellers CSV: reading with located problems, lenient and strict, and writing back."""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction

import pytest

from dupbridge.core.seats import Side
from dupbridge.scoring.adjusted import ArtificialScore
from dupbridge.tournament.results import (
    Assigned,
    PairId,
    Played,
    Result,
    ResultsError,
    check_event,
)
from dupbridge.tournament.travellers import dump, dumps, load, loads

GOOD = """board,ns,ew,contract,declarer,lead,result,score
1,1,2,4H,S,SQ,-1,-50
1,3,4,5D,N,D5,9,
1,5,6,A60/40,,,,
1,7,8,60% 4SN=; 40% 4SN-1,,,,
2,1,2,PASS,,,,
penalty,3,,slow play,,,,-1.5
"""


class TestReading:
    def test_good_file(self) -> None:
        """Every kind of line: played, adjusted, weighted, passed out, penalty."""
        read = loads(GOOD, "t.csv")
        assert () == read.problems
        results = read.event.results
        assert 5 == len(results)
        assert isinstance(results[2].outcome, ArtificialScore)
        assert isinstance(results[3].outcome, Assigned)
        assert Played() == results[4].outcome
        (penalty,) = read.event.penalties
        assert (PairId(3), Fraction(-3, 2), "slow play") == (
            penalty.pair,
            penalty.value,
            penalty.note,
        )

    def test_problems_have_line_and_column(self) -> None:
        """A contract above 7 and tricks out of range, each at its line and column; the good
        lines are kept (nothing already read is lost)."""
        text = "board,ns,ew,contract,declarer,result\n1,1,2,8S,N,=\n1,3,4,4S,N,15\n1,5,6,4S,N,=\n"
        read = loads(text, "t.csv")
        assert [
            "t.csv:2:7: error: contract '8S': no contract at level 8: contracts go from 1 to 7 "
            "(Law 38A)",
            "t.csv:3:12: error: result '15': 4S 15 means 15 tricks; tricks go from 0 to 13",
        ] == [str(p) for p in read.problems]
        assert 1 == len(read.event.results)

    def test_strict_raises_on_first(self) -> None:
        """strict=True raises at the first bad line."""
        with pytest.raises(ResultsError, match=r"t\.csv:2:"):
            loads("board,ns,ew,contract\n1,1,2,9NT\n", "t.csv", strict=True)

    def test_missing_columns(self) -> None:
        """The header must name board, ns and ew."""
        with pytest.raises(ResultsError, match="no ew column"):
            loads("board,ns,contract\n1,1,4S\n", "t.csv")
        with pytest.raises(ResultsError, match="no header"):
            loads("", "t.csv")

    def test_unknown_column_is_a_warning(self) -> None:
        """An unknown column is reported as a warning and ignored."""
        read = loads("board,ns,ew,contract,declarer,result,colour\n1,1,2,4S,N,=,red\n", "t")
        assert ["t:1:38: warning: unknown column 'colour' (ignored)"] == [
            str(p) for p in read.problems
        ]
        assert () == read.errors

    def test_synonyms_and_semicolons(self) -> None:
        """Semicolon-separated files and common column names are understood."""
        read = loads("Bd;NS Pair;EW Pair;Con;By;Tricks\n1;A1;A2;3NT;S;9\n", "t")
        assert () == read.problems
        (result,) = read.event.results
        assert (PairId(1, "A"), PairId(2, "A")) == (result.ns, result.ew)

    def test_mitchell_lines(self) -> None:
        """With mitchell=True, NS 1 and EW 1 are two pairs."""
        read = loads("board,ns,ew,contract,declarer,result\n1,1,1,4S,N,=\n", "t", mitchell=True)
        (result,) = read.event.results
        assert (Side.NS, Side.EW) == (result.ns.line, result.ew.line)

    def test_bad_pair_and_board(self) -> None:
        """A missing pair or a bad board number is named with its column."""
        read = loads("board,ns,ew,contract,declarer,result\nx,1,2,4S,N,=\n1,,2,4S,N,=\n", "t")
        assert [
            "t:2:1: error: board 'x': expected a whole number from 1 up",
            "t:3:3: error: ns '': missing: expected a pair number, e.g. 12 or A12",
        ] == [str(p) for p in read.problems]

    @pytest.mark.parametrize("contract", ["PASS", "A60/40", "60% 4SN=; 40% 4SN-1", ""])
    def test_bad_declarer_without_a_contract_is_reported(self, contract: str) -> None:
        """A declarer that is no seat is an error even where the contract cell names none
        (a pass-out, an adjusted score, a score alone): every line is read the same way."""
        text = f"board,ns,ew,contract,declarer,result,score\n1,1,2,{contract},Q,,-50\n"
        read = loads(text.replace(",-50", "," if contract else ",-50"), "t")
        column = 8 + len(contract)
        message = f"t:2:{column}: error: declarer 'Q': not a seat: 'Q' (expected N, E, S or W)"
        assert [message] == [str(p) for p in read.problems]
        assert () == tuple(read.event.results)

    def test_comments_and_blank_lines(self) -> None:
        """Blank lines and lines starting with # are skipped."""
        read = loads("board,ns,ew,contract,declarer,result\n\n# late table\n1,1,2,4S,N,=\n", "t")
        assert 1 == len(read.event.results)


def plain(results: Iterable[Result]) -> list[Result]:
    """Results without the recorded score of a known contract (the writer fills it in)."""
    out = []
    for result in results:
        outcome = result.outcome
        if isinstance(outcome, Played) and outcome.contract is not None:
            outcome = replace(outcome, recorded_score=None)
        out.append(replace(result, outcome=outcome))
    return out


class TestWriting:
    def test_round_trip(self) -> None:
        """Writing and reading back gives the same results and penalties."""
        event = loads(GOOD, "t.csv").event
        again = loads(dumps(event), "again.csv").event
        assert plain(event.results) == plain(again.results)
        assert [] == check_event(again)
        assert list(event.penalties) == list(again.penalties)

    def test_dump_and_load_files(self) -> None:
        """dump/load work on open files like the json module."""
        event = loads(GOOD, "t.csv").event
        buffer = io.StringIO()
        dump(event, buffer)
        buffer.seek(0)
        assert plain(event.results) == plain(load(buffer, "b.csv").event.results)

    def test_scores_written(self) -> None:
        """The NS score column holds the Law 77 score of each played result."""
        text = dumps(loads(GOOD, "t.csv").event)
        assert ",1,3,4,5D,N,D5,9,-100," in text
