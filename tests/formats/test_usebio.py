"""USEBIO 1.2: writing scored events, reading them back, and reporting bad files."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import pytest

from dupbridge.core.deal import Deal
from dupbridge.core.seats import Side
from dupbridge.formats import usebio
from dupbridge.formats.problems import FormatError
from dupbridge.formats.registry import format_for_path, read_records
from dupbridge.scoring.rounding import format_fixed
from dupbridge.tournament.event_scoring import Method, ScoringOptions, score_event
from dupbridge.tournament.results import BoardInfo, Event, Pair, PairId, Played, Result
from dupbridge.tournament.travellers import loads as csv_loads

CSV = """board,ns,ew,contract,declarer,lead,result
1,1,2,4H,S,SQ,-1
1,3,4,5D,N,D5,9
1,5,6,A60/40,,,
2,1,2,PASS,,,
2,3,4,3NT,E,,+1
2,5,6,60% 4SN=; 40% 4SN-1,,,
"""
DEAL = Deal.from_pbn("N:753.T2.KT8762.Q4 A9842.J3.95.KJ75 K.AK985.AJ.A9863 QJT6.Q764.Q43.T2")


def plain(results: Iterable[Result]) -> list[Result]:
    out = []
    for result in results:
        outcome = result.outcome
        if isinstance(outcome, Played) and outcome.contract is not None:
            outcome = replace(outcome, recorded_score=None)
        out.append(replace(result, outcome=outcome))
    return out


def csv_event(**extra: object) -> Event:
    event = csv_loads(CSV, "t.csv").event
    return replace(event, **extra)  # type: ignore[arg-type]


class TestRoundTrip:
    def test_results_and_method(self) -> None:
        """Every result (adjusted and weighted ones too) and the scoring method come back."""
        event = csv_event(name="Monday pairs", pairs=[Pair(PairId(1), ("Ann", "Bob"))])
        text = usebio.dumps(score_event(event))
        read = usebio.loads(text, "x.xml")
        assert () == read.problems
        assert Method.MATCHPOINTS is read.method
        assert plain(event.results) == plain(read.event.results)
        assert ("Ann", "Bob") == read.event.pair(PairId(1)).names
        assert "Monday pairs" == read.event.name

    def test_member_numbers(self) -> None:
        """Each player's member number is written as NATIONAL_ID_NUMBER and read back; a
        player without one gets none."""
        pairs = [
            Pair(PairId(1), ("Ann", "Bob"), members=("10234", "")),
            Pair(PairId(2), ("Cy", "Di"), members=("555", "777")),
            Pair(PairId(3), ("Ed", "Flo")),
        ]
        text = usebio.dumps(score_event(csv_event(pairs=pairs)))
        assert 3 == text.count("<NATIONAL_ID_NUMBER>")
        read = usebio.loads(text, "x.xml").event
        assert ("10234", "") == read.pair(PairId(1)).members
        assert ("555", "777") == read.pair(PairId(2)).members
        assert () == read.pair(PairId(3)).members

    def test_scores_in_the_lines(self) -> None:
        """Each line carries its matchpoints; each pair its percentage and place."""
        scored = score_event(csv_event())
        text = usebio.dumps(scored)
        first = scored.boards[0].results[0]
        assert f"<NS_MATCH_POINTS>{format_fixed(first.ns)}</NS_MATCH_POINTS>" in text
        _placing, pair = scored.fields[0].placings[0]
        assert f"<PERCENTAGE>{format_fixed(pair.percent or 0)}</PERCENTAGE>" in text
        assert "<SCORE>-50</SCORE>" in text

    def test_imps(self) -> None:
        """IMP methods write NS_IMPS and BUTLER_IMPS."""
        event = csv_loads(CSV.replace("A60/40", "+3/-3 IMP"), "t.csv").event
        text = usebio.dumps(score_event(event, ScoringOptions(Method.BUTLER)))
        assert "<BOARD_SCORING_METHOD>BUTLER_IMPS</BOARD_SCORING_METHOD>" in text
        assert "<NS_IMPS>3.00</NS_IMPS>" in text
        assert Method.BUTLER is usebio.loads(text).method

    def test_hands(self) -> None:
        """A board's hands and vulnerability are written and read back."""
        event = csv_event(boards={1: BoardInfo.numbered(1, DEAL)})
        read = usebio.loads(usebio.dumps(score_event(event)))
        assert DEAL == read.event.board(1).deal

    def test_mitchell(self) -> None:
        """Two fields (WINNER_TYPE 2): pairs keep their line."""
        event = csv_loads(CSV, "t.csv", mitchell=True).event
        read = usebio.loads(usebio.dumps(score_event(event)))
        assert read.event.mitchell
        assert Side.NS is read.event.results[0].ns.line

    def test_teams(self) -> None:
        """A team event: teams with their names, both tables of each board."""
        event = Event(
            teams=True,
            pairs=[Pair(PairId(1), ("Home",)), Pair(PairId(2), ("Away",))],
            results=[
                Result(1, PairId(1), PairId(2), Played(recorded_score=420), table=1),
                Result(1, PairId(2), PairId(1), Played(recorded_score=-50), table=2),
            ],
        )
        read = usebio.loads(usebio.dumps(score_event(event, ScoringOptions(Method.TEAMS_VP))))
        assert read.event.teams
        assert ("Home",) == read.event.pair(PairId(1)).names
        assert 2 == len(read.event.results)


class TestBadFiles:
    def test_not_xml(self) -> None:
        """Broken XML: one error with its line and column."""
        with pytest.raises(FormatError, match=r"x\.xml:2:\d+: error: not XML"):
            usebio.loads('<USEBIO Version="1.2">\n<EVENT></USEBIO>', "x.xml")

    def test_not_usebio(self) -> None:
        """XML that is not USEBIO is refused."""
        with pytest.raises(FormatError, match="no USEBIO element"):
            usebio.loads("<RESULTS/>", "x.xml")

    def test_entities_refused(self) -> None:
        """Entity declarations are refused (no entity expansion)."""
        text = '<?xml version="1.0"?><!DOCTYPE U [<!ENTITY a "aaaa">]><USEBIO>&a;</USEBIO>'
        with pytest.raises(FormatError, match="entity declarations are not allowed"):
            usebio.loads(text, "x.xml")

    def test_bad_line_located(self) -> None:
        """A traveller line with a contract above 7 is reported at its line; the others stay."""
        text = usebio.dumps_event(csv_event()).replace(
            "<CONTRACT>5D</CONTRACT>", "<CONTRACT>8D</CONTRACT>"
        )
        read = usebio.loads(text, "x.xml")
        (problem,) = read.problems
        assert str(problem).startswith("x.xml:")
        assert "level 8" in problem.message
        assert 5 == len(read.event.results)
        with pytest.raises(FormatError, match="level 8"):
            usebio.loads(text, "x.xml", strict=True)


class TestRegistry:
    def test_xml_belongs_to_usebio(self) -> None:
        """`dupbridge convert` finds USEBIO by the .xml extension and reads board records."""
        fmt = format_for_path("results.xml")
        assert "usebio" == fmt.name
        text = usebio.dumps(score_event(csv_event(boards={1: BoardInfo.numbered(1, DEAL)})))
        records, problems = read_records(fmt, text.encode(), "x.xml")
        assert [] == problems
        assert 6 == len(records)  # adjusted and weighted lines become records with a note
        assert DEAL == records[0].deal

    def test_write_records(self) -> None:
        """Board records written as USEBIO read back as the same results."""
        fmt = format_for_path("results.xml")
        assert fmt.write is not None
        text = usebio.dumps_event(csv_event())
        records, _problems = read_records(fmt, text.encode(), "x.xml")
        again = usebio.loads(fmt.write(records), "y.xml")
        assert 4 == len(again.event.results)  # the played ones; adjusted notes are not results


def test_unknown_encoding_is_a_located_error() -> None:
    """An XML declaration naming an unknown encoding is reported, not raised as LookupError
    (found by the fuzz test)."""
    text = '<?xml version="1.0" encoding="u0tf-8"?>\n<USEBIO Version="1.2"></USEBIO>'
    with pytest.raises(FormatError, match=r"x\.xml:1:.*cannot decode"):
        usebio.loads(text.encode(), "x.xml")
