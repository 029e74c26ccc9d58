"""The results website: ranking, board pages, score cards, print and phone styles."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dupbridge.core.calls import Strain
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat
from dupbridge.i18n import set_language
from dupbridge.scoring.matchpoints import Factoring
from dupbridge.scoring.rounding import format_fixed
from dupbridge.services.results_site import render_site
from dupbridge.tournament.event_scoring import Method, ScoringOptions, score_event
from dupbridge.tournament.results import BoardInfo, Event, Pair, PairId, Played, Result
from dupbridge.tournament.travellers import loads as csv_loads

CSV = """board,ns,ew,contract,declarer,lead,result
1,1,2,4H,S,SQ,-1
1,3,4,5D,N,D5,9
1,5,6,A60/40,,,
2,1,2,PASS,,,
2,3,4,3NT,E,,+1
2,5,6,4S,N,,=
"""
DEAL = Deal.from_pbn("N:753.T2.KT8762.Q4 A9842.J3.95.KJ75 K.AK985.AJ.A9863 QJT6.Q764.Q43.T2")
DD = tuple(
    (seat, strain, tricks)
    for seat, row in ((Seat.N, (6, 5, 8, 10, 9)), (Seat.S, (6, 5, 8, 10, 9)),
                      (Seat.E, (6, 7, 4, 2, 4)), (Seat.W, (6, 7, 4, 2, 4)))
    for strain, tricks in zip(
        (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS), row,
        strict=True,
    )
)  # fmt: skip


def event() -> Event:
    base = csv_loads(CSV, "t.csv").event
    return Event(
        name="Club <pairs> & friends",
        date="2024.05.06",
        boards={
            1: BoardInfo(1, Seat.N, BoardInfo.numbered(1).vulnerability, DEAL, DD, "3D N +130")
        },
        pairs=[Pair(PairId(1), ("Ann <b>Smith</b>", "Bob Jones"))],
        results=base.results,
    )


def text(path: Path) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", path.read_text(encoding="utf-8")))


@pytest.fixture
def site(tmp_path: Path) -> Path:
    scored = score_event(event(), ScoringOptions(factoring=Factoring.NEUBERG))
    index = render_site(scored, tmp_path / "site")
    assert index == tmp_path / "site" / "index.html"
    return tmp_path / "site"


class TestPages:
    def test_files(self, site: Path) -> None:
        """A ranking, a page per board and a score card per pair, and the style sheet."""
        assert (site / "style.css").is_file()
        assert ["board-1.html", "board-2.html"] == sorted(
            p.name for p in (site / "boards").iterdir()
        )
        assert 6 == len(list((site / "pairs").iterdir()))

    def test_ranking(self, site: Path) -> None:
        """The ranking lists every pair with its place, matchpoints and percentage, best
        first, and links to its score card."""
        scored = score_event(event())
        page = (site / "index.html").read_text(encoding="utf-8")
        words = text(site / "index.html")
        order = [placing.key.number for placing, _pair in scored.fields[0].placings]
        positions = [page.index(f'href="pairs/pair-{n}.html">{n}</a>') for n in order]
        assert positions == sorted(positions)
        best = scored.fields[0].placings[0][1]
        assert format_fixed(best.percent or 0) in words

    def test_names_are_escaped(self, site: Path) -> None:
        """Names from files never become markup."""
        page = (site / "index.html").read_text(encoding="utf-8")
        assert "Ann &lt;b&gt;Smith&lt;/b&gt;" in page
        assert "Club &lt;pairs&gt; &amp; friends" in page
        assert "<b>Smith" not in page

    def test_board_page(self, site: Path) -> None:
        """The hand diagram, dealer and vulnerability, par, makeable contracts and the
        traveller with each side's matchpoints and percentage."""
        words = text(site / "boards" / "board-1.html")
        assert "Dealer North · None vulnerable" in words
        assert "K 10 8 7 6 2" in words  # North's diamonds
        assert "Par +130: 3 ♦ by N" in words  # the one par notation (analysis.notation)
        assert "Makeable contracts" in words
        assert "N – – 2 4 3" in words  # 6 NT tricks, 5 spades, 8 hearts, 10 diamonds, 9 clubs
        assert "Adjusted: A60%/A40%" in words
        assert "Top: 4" in words

    def test_pair_card(self, site: Path) -> None:
        """A pair's card: each board's result and what the rest of the field scored."""
        words = text(site / "pairs" / "pair-1.html")
        assert "Ann <b>Smith</b> – Bob Jones" in words.replace("&lt;", "<").replace("&gt;", ">")
        assert "-100, 1 adjusted" in words  # board 1: table 2's -100 for NS, table 3 adjusted
        assert "+620, -430" in words  # board 2, best first
        assert "Passed out" in words

    def test_print_and_phone_css(self, site: Path) -> None:
        """The style sheet has print rules and a narrow-screen layout."""
        css = (site / "style.css").read_text(encoding="utf-8")
        assert "@media print" in css
        assert "@media (min-width: 40rem)" in css  # phone first: wider screens add columns
        page = (site / "index.html").read_text(encoding="utf-8")
        assert 'name="viewport"' in page

    def test_language(self, tmp_path: Path) -> None:
        """Pages carry the active language."""
        set_language("pl")
        try:
            render_site(score_event(event()), tmp_path)
            assert '<html lang="pl">' in (tmp_path / "index.html").read_text(encoding="utf-8")
        finally:
            set_language("en")

    def test_rewrite_replaces_old_pages(self, tmp_path: Path) -> None:
        """Writing again replaces the pages (a board no longer in the event disappears)."""
        render_site(score_event(event()), tmp_path)
        smaller = Event(results=[r for r in event().results if r.board == 2])
        render_site(score_event(smaller), tmp_path)
        assert ["board-2.html"] == sorted(p.name for p in (tmp_path / "boards").iterdir())


class TestOtherMethods:
    def test_butler_shows_datum(self, tmp_path: Path) -> None:
        """At Butler the board page shows the datum and IMPs."""
        base = csv_loads(CSV.replace("A60/40", "+3/-3 IMP"), "t.csv").event
        render_site(score_event(base, ScoringOptions(Method.BUTLER)), tmp_path)
        assert "Datum:" in text(tmp_path / "boards" / "board-1.html")
        assert "IMPs" in text(tmp_path / "index.html")

    def test_cross_imps_show_average(self, tmp_path: Path) -> None:
        """Cross-IMPs: each line's total and its average per comparison."""
        base = csv_loads(CSV.replace("A60/40", "A+/A-"), "t.csv").event
        scored = score_event(base, ScoringOptions(Method.CROSS_IMPS))
        render_site(scored, tmp_path)
        words = text(tmp_path / "boards" / "board-2.html")
        assert "NS per comparison" in words
        first = scored.boards_numbered(2)[0].results[0]  # the pass-out: -2 IMPs in 2 comparisons
        assert (-2, 2) == (first.ns, first.comparisons)
        assert "Passed out 0 0 -2 2 -1 " in words  # NS score, the phone's score column, IMPs

    def test_teams_show_matches(self, tmp_path: Path) -> None:
        """A team event lists its matches with IMPs and VPs."""
        results = [
            Result(1, PairId(1), PairId(2), Played(recorded_score=420), table=1),
            Result(1, PairId(2), PairId(1), Played(recorded_score=-50), table=2),
        ]
        teams = Event(teams=True, results=results, pairs=[Pair(PairId(1), ("Lions",)),
                                                          Pair(PairId(2), ("Tigers",))])  # fmt: skip
        render_site(score_event(teams, ScoringOptions(Method.TEAMS_VP)), tmp_path)
        words = text(tmp_path / "index.html")
        assert "Matches" in words
        assert "Lions" in words
        assert "10–0" in words
