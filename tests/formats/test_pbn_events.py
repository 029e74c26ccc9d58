"""Events with results in PBN: reading table results and ScoreTables, writing the results."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction

import pytest

from dupbridge.core.seats import Side
from dupbridge.formats import pbn
from dupbridge.formats.pbn_events import load_event_text, results_games
from dupbridge.scoring.matchpoints import Factoring
from dupbridge.scoring.rounding import format_fixed
from dupbridge.tournament.event_scoring import Method, ScoringOptions, score_event
from dupbridge.tournament.results import Event, PairId, Played, Result, ResultsError
from dupbridge.tournament.travellers import loads as csv_loads
from tests.conftest import shared_file
from tests.scoring.jfr import read_traveller

CSV = """board,ns,ew,contract,declarer,lead,result
1,1,2,4H,S,SQ,-1
1,3,4,5D,N,D5,9
1,5,6,A60/40,,,
2,1,2,PASS,,,
2,3,4,3NT,E,,+1
2,5,6,60% 4SN=; 40% 4SN-1,,,
"""


def plain(results: Iterable[Result]) -> list[Result]:
    """Results without recorded scores of known contracts, and without locations."""
    out = []
    for result in results:
        outcome = result.outcome
        if isinstance(outcome, Played) and outcome.contract is not None:
            outcome = replace(outcome, recorded_score=None)
        out.append(replace(result, outcome=outcome))
    return out


class TestWriteAndRead:
    def test_results_round_trip(self) -> None:
        """The written ScoreTables read back as the same results (adjusted ones included)."""
        event = csv_loads(CSV, "t.csv").event
        scored = score_event(event)
        text = pbn.dumps(results_games(scored))
        again = load_event_text(text, "results.pbn")
        assert [] == [p for p in again.problems if not p.warning]
        assert plain(event.results) == plain(again.event.results)

    def test_score_table_columns(self) -> None:
        """Each board's ScoreTable carries scores, matchpoints and percentages; the first
        game carries the TotalScoreTable (the ranking)."""
        scored = score_event(csv_loads(CSV, "t.csv").event)
        games = results_games(scored)
        assert [1, 2] == [game.board for game in games]
        table = games[0].table("ScoreTable")
        assert table is not None
        assert ("-", "50", "SQ") == (
            table.column("Score_NS")[0],
            table.column("Score_EW")[0],
            table.column("Lead")[0],
        )
        first = scored.boards[0].results[0]
        assert format_fixed(first.ns_percent or 0) == table.column("Percentage_NS")[0]
        total = games[0].table("TotalScoreTable")
        assert total is not None
        assert len(scored.fields[0].placings) == len(total.rows)
        assert "MP" == games[0]["Scoring"]

    def test_imp_columns(self) -> None:
        """IMP methods write IMP_NS and IMP_EW."""
        event = csv_loads(CSV.replace("A60/40", "+3/-3 IMP"), "t.csv").event
        games = results_games(score_event(event, ScoringOptions(Method.BUTLER)))
        table = games[0].table("ScoreTable")
        assert table is not None
        assert ("3.00", "-3.00") == (table.column("IMP_NS")[2], table.column("IMP_EW")[2])


@pytest.mark.oracle
class TestRealFiles:
    def test_realbridge_teams_score_imp(self) -> None:
        """example2.pbn (RealBridge teams): each table's ScoreIMP is dupbridge's IMPs for the
        team sitting North-South there, on all 149 boards played at both tables."""
        data = shared_file("endplay-tests", "example2.pbn").read_bytes()
        read = load_event_text(data, "example2.pbn")
        assert read.event.teams
        tables = Counter((r.board, frozenset((r.ns, r.ew))) for r in read.event.results)
        complete = [r for r in read.event.results if tables[r.board, frozenset((r.ns, r.ew))] == 2]
        assert 298 == len(complete)
        scored = score_event(
            Event(results=complete, teams=True, pairs=read.event.pairs),
            ScoringOptions(Method.TEAMS_IMPS),
        )
        printed = {game.line: game.score_for(Side.NS, "ScoreIMP") for game in pbn.loads(data)}
        computed = [(line.result.location, line.ns) for b in scored.boards for line in b.results]
        assert 298 == len(computed)
        for location, ns in computed:
            assert location is not None
            value = printed[location.line]
            assert value is not None
            assert Fraction(value.value) == ns

    def test_realbridge_lone_table_is_reported(self) -> None:
        """The one board whose other table is missing from the file is an error naming the
        match, or with provisional scoring a warning."""
        data = shared_file("endplay-tests", "example2.pbn").read_bytes()
        read = load_event_text(data, "example2.pbn")
        with pytest.raises(ResultsError, match=r"board 20: the match .* needs one result") as err:
            score_event(read.event, ScoringOptions(Method.TEAMS_VP))
        assert 1 == len(err.value.problems)
        scored = score_event(read.event, ScoringOptions(Method.TEAMS_VP, provisional=True))
        assert 1 == len(scored.problems)
        assert 30 == len(scored.fields[0].placings)

    def test_jfr_pbn_matches_jfr_travellers(self) -> None:
        """wb120802.pbn (JFR's own export, 8 results a board): pairs numbered from their
        names (Para-N); every percentage equals the one on JFR's traveller pages."""
        data = shared_file("jfr-pary-mp-wb120802", "wb120802.pbn").read_bytes()
        read = load_event_text(data, "wb120802.pbn")
        assert 216 == len(read.event.results)
        assert PairId(17) in read.event.pair_index
        scored = score_event(read.event, ScoringOptions(Method.MATCHPOINTS, Factoring.LINEAR))
        for board in scored.boards:
            html = shared_file("jfr-pary-mp-wb120802", f"wb120802{board.board:03d}.html")
            printed = {
                (row.ns, row.ew): row.ns_text
                for row in read_traveller(html, board.board).rows
                if not row.director
            }
            assert printed == {
                (line.result.ns.number, line.result.ew.number): format_fixed(line.ns_percent or 0)
                for line in board.results
            }


TEAM_GAMES = """[Event "Club teams"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Declarer "N"]
[Contract "4S"]
[Result "10"]
[HomeTeam "Lions"]
[VisitTeam "Tigers"]
[Room "Open"]

[Event "Club teams"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Declarer "S"]
[Contract "4S"]
[Result "9"]
[HomeTeam "Lions"]
[VisitTeam "Tigers"]
[Room "Closed"]
"""


class TestTeamMatches:
    def test_room_puts_the_home_team_east_west_in_the_closed_room(self) -> None:
        """Law 86: the home team sits North-South in the open room and East-West in the
        closed one, so both tables of the board form the match and it scores."""
        read = load_event_text(TEAM_GAMES, "teams.pbn")
        event = read.event
        assert event.teams
        lions, tigers = (next(p.id for p in event.pairs if p.names == (n,))
                         for n in ("Lions", "Tigers"))  # fmt: skip
        assert [(lions, tigers), (tigers, lions)] == [(r.ns, r.ew) for r in event.results]
        scored = score_event(event, ScoringOptions(Method.TEAMS_IMPS))
        (field,) = scored.fields
        assert [(lions, Fraction(10)), (tigers, Fraction(-10))] == [
            (placing.key, score.total) for placing, score in field.placings
        ]

    @pytest.mark.oracle
    @pytest.mark.parametrize("method", [Method.TEAMS_IMPS, Method.TEAMS_VP])
    def test_european_youth_teams(self, method: Method) -> None:
        """example1.pbn (1998 European Youth Teams, both rooms of board 1): a match of
        J-germany and J-austria; NS -50 in the open room and NS +420 in the closed one give
        Austria 470 points, 10 IMPs (Law 78B), and the larger share of the VPs."""
        data = shared_file("endplay-tests", "example1.pbn").read_bytes()
        event = load_event_text(data, "example1.pbn").event
        assert event.teams
        scored = score_event(event, ScoringOptions(method))
        (field,) = scored.fields
        names = [event.pair(placing.key).names for placing, _score in field.placings]
        assert [("J-austria",), ("J-germany",)] == names
        (match,) = scored.matches
        margins = {event.pair(match.home).names: match.home_margin,
                   event.pair(match.away).names: match.away_margin}  # fmt: skip
        assert {("J-austria",): 10, ("J-germany",): -10} == margins
