"""JFR Pary traveller pages as an event's input: tiny pages of the same layout, and the two
real events of ../shared/data scored from their pages to JFR's own figures."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dupbridge.core.contract import Contract
from dupbridge.core.seats import Seat
from dupbridge.formats.jfr import load_pages
from dupbridge.scoring import butler
from dupbridge.scoring.adjusted import Artificial, ArtificialScore
from dupbridge.scoring.matchpoints import Factoring
from dupbridge.scoring.rounding import Rounding, format_fixed
from dupbridge.services.event_results import load_event
from dupbridge.tournament.event_scoring import Method, ScoringOptions, score_event
from dupbridge.tournament.results import PairId, Played, check_event
from tests.conftest import shared_file
from tests.scoring.jfr import read_ranking, read_traveller

F = Fraction

HEAD = (
    '<table border="0" cellspacing="0"><tr><td></td><td class="o" colspan="10">&nbsp;</td></tr>'
    '<tr><td class="n" rowspan="2">&nbsp;</td><td class="noc" colspan="2">numery</td>'
    '<td class="noc" rowspan="2">kont<br>rakt</td><td class="noc" rowspan="2">gra</td>'
    '<td class="noc" rowspan="2">wist</td><td class="noc" rowspan="2">lew</td>'
    '<td class="noc" colspan="2">zapis</td><td class="noc" colspan="2">{unit}</td></tr>'
)


def row(ns: int, ew: int, *cells: str) -> str:
    """One traveller row as JFR writes it: contract (suit images with their alt text),
    declarer, lead, result, NS score, EW score, NS value, EW value."""
    contract, by, lead, result, ns_score, ew_score, ns_value, ew_value = cells
    return (
        f'<tr><td class="n">&nbsp;</td><td class="noc">{ns}</td><td class="noc">{ew}</td>'
        f'<td class="nol">{contract}</td><td class="noc">{by}</td><td class="noc">{lead}</td>'
        f'<td class="noc">{result}</td><td class="noc">{ns_score or "&nbsp;"}</td>'
        f'<td class="noc">{ew_score or "&nbsp;"}</td><td class="nor">{ns_value}</td>'
        f'<td class="nor">{ew_value}</td></tr>'
    )


def td_row(ns: int, ew: int, ns_value: str, ew_value: str) -> str:
    """A director's row: TD and the two sides' values."""
    return (
        f'<tr><td class="n">&nbsp;</td><td class="noc">{ns}</td><td class="noc">{ew}</td>'
        '<td class="nol">TD</td><td class="noc">&nbsp;</td><td class="noc">&nbsp;</td>'
        '<td class="noc">&nbsp;</td><td class="noc" colspan="2">&nbsp;</td>'
        f'<td class="nor">{ns_value}</td><td class="nor">{ew_value}</td></tr>'
    )


H = '<img src="H.gif" alt="h">'
S = '<img src="S.gif" alt="s">'
NT = '<img src="N.gif" alt="nt">'


def hand(spades: str, hearts: str, diamonds: str, clubs: str) -> str:
    """A hand of the diagram: four suit images, each followed by its ranks."""
    return '<td class="w">' + "<br />".join(
        f'<img src="{s}.gif" alt="{s}" />&nbsp; {ranks}'
        for s, ranks in zip("SHDC", (spades, hearts, diamonds, clubs), strict=True)
    ) + "</td>"  # fmt: skip


DIAGRAM = (
    "<table><tr><td><h4>N<br />nikt</h4></td>"
    + hand("A K Q J", "A K Q", "A K Q", "A K Q")
    + "<td></td></tr><tr>"
    + hand("10 9 8 7", "J 10 9", "J 10 9", "J 10 9")
    + "<td></td>"
    + hand("6 5 4 3", "8 7 6", "8 7 6", "8 7 6")
    + "</tr><tr><td></td>"
    + hand("2", "5 4 3 2", "5 4 3 2", "5 4 3 2")
    + "<td></td></tr></table>"
)


@pytest.fixture
def pages(tmp_path: Path) -> Path:
    """A two-board matchpoint event of six pairs: board 1 a fragment, board 2 a full page
    with its hand diagram, a frameset and a ranking with names and a correction."""
    (tmp_path / "club.html").write_text(
        "<html><head><title>Club pairs</title></head><frameset></frameset></html>",
        encoding="utf-8",
    )
    (tmp_path / "club001.txt").write_text(
        HEAD.format(unit="%")
        + row(1, 2, f"4{H}", "S", f"{S}Q", "-1", "", "50", "0.00", "100.00")
        + row(3, 4, f"3{NT}&times;", "N", f"{H}2", "=", "550", "", "100.00", "0.00")
        + td_row(5, 6, "60.00", "40.00")
        + "</table>",
        encoding="utf-8",
    )
    (tmp_path / "club002.html").write_text(
        '<html><head><title>ROZDANIE 2</title></head><body><div id="pro">'
        + HEAD.format(unit="%")
        + row(1, 2, "PASS", "", "", "", "", "", "50.00", "50.00")
        + row(3, 4, f"1{S}", "W", f"{H}A", "+2", "", "140", "0.00", "100.00")
        + row(5, 6, f"2{S}", "E", f"{H}K", "-1", "50", "", "100.00", "0.00")
        + "</table></div>"
        + DIAGRAM
        + "</body></html>",
        encoding="utf-8",
    )
    (tmp_path / "W-club.html").write_text(
        "<html><body><table><tr><td></td><td>m-ce</td><td>nr</td><td></td><td>wk</td>"
        "<td>okr</td><td>klub</td><td>&plusmn;</td><td>wynik</td><td>PKL</td><td>PDF</td></tr>"
        "<tr><td></td><td>1</td><td>3</td><td>Anna Nowak<br>Jan Kowalski</td><td></td><td></td>"
        "<td></td><td>-1.50</td><td>55.00</td><td></td><td></td></tr></table></body></html>",
        encoding="utf-8",
    )
    return tmp_path


class TestPages:
    def test_rows(self, pages: Path) -> None:
        """Every row: contract (× doubled), declarer, lead, tricks, recorded score; PASS a
        passed-out board; TD a director's percentages as printed (Law 12C2)."""
        event = load_pages(pages / "club.html").event
        by_board = {(r.board, r.ns.number): r.outcome for r in event.results}
        first = by_board[(1, 1)]
        assert isinstance(first, Played)
        assert (Contract.from_str("4H S"), 9, -50) == (
            first.contract, first.tricks, first.recorded_score
        )  # fmt: skip
        second = by_board[(1, 3)]
        assert isinstance(second, Played)
        assert (Contract.from_str("3NTX N"), 9, "H2") == (
            second.contract, second.tricks, str(second.lead)
        )  # fmt: skip
        assert (
            ArtificialScore(Artificial(percent=F(60)), Artificial(percent=F(40)))
            == by_board[(1, 5)]
        )
        assert Played() == by_board[(2, 1)]
        assert [] == check_event(event)

    def test_any_page_names_the_event(self, pages: Path) -> None:
        """The frameset, a board's page, a fragment and the ranking all give the same event."""
        events = [
            load_pages(pages / name).event
            for name in ("club.html", "club001.txt", "club002.html", "W-club.html")
        ]
        assert all(e.results == events[0].results for e in events)
        assert "Club pairs" == events[0].name

    def test_deal_names_and_correction(self, pages: Path) -> None:
        """The hand diagram gives board 2's deal; the ranking gives names and ± (Law 90)."""
        read = load_pages(pages / "club.html")
        deal = read.event.board(2).deal
        assert deal is not None
        assert "AKQJ.AKQ.AKQ.AKQ" == deal[Seat.N].to_pbn()
        assert "2.5432.5432.5432" == deal[Seat.S].to_pbn()
        assert ("Anna Nowak", "Jan Kowalski") == read.event.pair(PairId(3)).names
        assert [(PairId(3), F(-3, 2))] == [(p.pair, p.value) for p in read.event.penalties]
        assert Method.MATCHPOINTS is read.method

    def test_rounds_from_lineups(self, pages: Path) -> None:
        """Boards played by the same pairs against each other form one round."""
        event = load_pages(pages / "club.html").event
        assert {1} == {r.round for r in event.results}

    def test_not_a_jfr_event(self, tmp_path: Path) -> None:
        """A page with no traveller beside it is one clear error naming the file only (never
        an empty event without one)."""
        page = tmp_path / "notes.html"
        page.write_text("<html><body>hello</body></html>", encoding="utf-8")
        read = load_pages(page)
        assert [] == list(read.event.results)
        (problem,) = read.problems
        assert str(problem).startswith("notes.html:1:1: error: no JFR Pary traveller")
        assert str(tmp_path) not in str(problem)

    def test_bad_contract_is_located(self, pages: Path) -> None:
        """A row whose contract cannot be read is an error at its file and line."""
        fragment = pages / "club001.txt"
        fragment.write_text(
            fragment.read_text(encoding="utf-8").replace(f"4{H}", f"9{H}"), encoding="utf-8"
        )
        problems = load_pages(pages / "club.html").problems
        assert 1 == len(problems)
        assert problems[0].location is not None
        assert "club001.txt" == problems[0].location.source
        assert "board 1" in problems[0].message


@pytest.mark.oracle
class TestRealEvents:
    def test_matchpoint_event_from_its_pages(self) -> None:
        """Law 78A: the event read from JFR's pages gives every printed percentage (TD rows
        included, linear factoring), and pair 18, who only has TD rows, is not ranked."""
        path = shared_file("jfr-pary-mp-wb120802", "wb120802.html")
        read = load_event(path)
        assert [] == list(read.errors)
        assert Method.MATCHPOINTS is read.method
        scored = score_event(read.event, ScoringOptions(Method.MATCHPOINTS, Factoring.LINEAR))
        printed: list[tuple[str, str]] = []
        for board in range(1, 28):
            traveller = read_traveller(path.parent / f"wb120802{board:03d}.html", board)
            printed.extend((r.ns_text, r.ew_text) for r in traveller.rows)
        computed = [
            (format_fixed(line.ns_percent or 0), format_fixed(line.ew_percent or 0))
            for board in scored.boards
            for line in board.results
        ]
        assert printed == computed
        (field,) = scored.fields
        assert 17 == len(field.placings)
        assert PairId(18) not in {placing.key for placing, _score in field.placings}
        assert 27 == sum(1 for info in read.event.boards.values() if info.deal is not None)

    def test_butler_event_from_its_pages(self) -> None:
        """Butler: every datum and line's IMPs, and W-impy.html's totals (with ± and the cap of
        12 IMPs a round, the rounds found from the pages) and names."""
        path = shared_file("jfr-pary-butler-szczyrk131108", "W-impy.html")
        read = load_event(path)
        assert [] == list(read.errors)
        assert Method.BUTLER is read.method
        options = ScoringOptions(
            Method.BUTLER,
            datum=butler.DatumRule(drop=19, rounding=Rounding.TOWARD_ZERO),
            round_cap=F(12),
        )
        scored = score_event(read.event, options)
        travellers = [
            read_traveller(path.parent / f"impy{board:03d}.txt", board) for board in range(1, 31)
        ]
        assert [t.datum for t in travellers] == [b.datums[0] for b in scored.boards]
        printed = [(r.ns_value, r.ew_value) for t in travellers for r in t.rows]
        assert printed == [(line.ns, line.ew) for b in scored.boards for line in b.results]
        ranking = read_ranking(path)
        (field,) = scored.fields
        assert {line.pair: line.total for line in ranking} == {
            placing.key.number: placing.total for placing, _score in field.placings
        }
        assert {line.pair: line.names for line in ranking} == {
            placing.key.number: read.event.pair(placing.key).names
            for placing, _score in field.placings
        }


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_damaged_pages_never_crash(tmp_path_factory: pytest.TempPathFactory,
                                   data: st.DataObject) -> None:  # fmt: skip
    """Any page damaged anywhere reads as results and located problems, or one clear error:
    never a traceback."""
    folder = tmp_path_factory.mktemp("jfr")
    text = (
        HEAD.format(unit=data.draw(st.sampled_from(["%", "IMP"])))
        + row(1, 2, f"4{H}", "S", f"{S}Q", "-1", "", "50", "0.00", "100.00")
        + td_row(3, 4, "60.00", "40.00")
        + "</table>"
    )
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, min(len(text), start + 12)))
    junk = data.draw(st.text(alphabet="<>/&;x0123456789%.-TDPAS ", max_size=8))
    (folder / "ev001.txt").write_text(text[:start] + junk + text[end:], encoding="utf-8")
    read = load_pages(folder / "ev001.txt")
    assert all(p.location is not None for p in read.problems)
    assert read.event.results or any(not p.warning for p in read.problems)
