"""What the results website shows: header facts, analysis, the ten setting, the hand
viewer's data, and the team pages (matches, rounds, cross-table, rosters, VP scale)."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from dupbridge.core.seats import Seat
from dupbridge.formats import pbn
from dupbridge.scoring.rounding import format_fixed
from dupbridge.scoring.vp import vp_table
from dupbridge.services.event_results import load_event, publish
from dupbridge.services.results_site import render_site
from dupbridge.services.sample_event import sample_event_with_plays
from dupbridge.services.sample_teams import sample_teams_event
from dupbridge.services.site_plays import play_key, plays_from_records, viewer_data
from dupbridge.tournament.event_scoring import Method, ScoringOptions, score_event
from dupbridge.tournament.results import Event, Played


def words(path: Path) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", path.read_text(encoding="utf-8")))


@pytest.fixture(scope="module")
def pairs_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    event, plays = sample_event_with_plays(7, tables=3, boards_per_round=1, analyse=True)
    out = tmp_path_factory.mktemp("pairs")
    publish(score_event(event), out, plays=plays, analyse=False)
    return out


@pytest.fixture(scope="module")
def teams() -> tuple[Event, dict]:  # type: ignore[type-arg]
    return sample_teams_event(7, boards_per_match=2)


@pytest.fixture(scope="module")
def teams_site(tmp_path_factory: pytest.TempPathFactory, teams: tuple[Event, dict]) -> Path:  # type: ignore[type-arg]
    event, plays = teams
    out = tmp_path_factory.mktemp("teams")
    render_site(score_event(event, ScoringOptions(Method.TEAMS_VP)), out, plays=plays)
    return out


class TestPairsPages:
    def test_header(self, pairs_site: Path) -> None:
        """The ranking page names the session, its date and the top (2 per result beaten:
        three results a board, top 4 on the 2/1/0 scale), and links the hand record."""
        text = words(pairs_site / "index.html")
        assert "dupbridge sample club pairs" in text
        assert "01/06/2017" in text  # PBN 2017.06.01, written as en_GB writes dates
        assert "Top 4" in text
        assert 'href="handrecord.html"' in (pairs_site / "index.html").read_text(encoding="utf-8")
        assert "Board 1" in words(pairs_site / "handrecord.html")

    def test_board_analysis(self, pairs_site: Path) -> None:
        """Every board page: HCP on each hand (summing to 40), makeable contracts and par
        in the one notation."""
        for page in sorted((pairs_site / "boards").iterdir()):
            text = words(page)
            hcp = [int(n) for n in re.findall(r"(\d+) HCP", text)]
            assert 4 == len(hcp), page.name
            assert 40 == sum(hcp), page.name
            assert "Makeable contracts" in text
            assert re.search(r"Par ([+-]\d+|0): ", text), page.name

    def test_viewer_on_every_played_line(self, pairs_site: Path) -> None:
        """Each line played at a table (not the adjusted one) has its auction and play."""
        links = sum(
            page.read_text(encoding="utf-8").count('class="play-link"')
            for page in (pairs_site / "boards").iterdir()
        )
        assert 3 * 3 - 1 == links  # three boards at three tables, one line adjusted


class TestTen:
    def test_ten_written_as_set(self, tmp_path: Path) -> None:
        """With ten='T' no hand shows '10'; with the default no hand shows 'T'."""
        event, _plays = sample_event_with_plays(7, tables=3, boards_per_round=1)
        scored = score_event(event)
        render_site(scored, tmp_path / "t", ten="T")
        render_site(scored, tmp_path / "d")
        for number in (1, 2, 3):
            with_t = (tmp_path / "t" / "boards" / f"board-{number}.html").read_text(
                encoding="utf-8"
            )
            default = (tmp_path / "d" / "boards" / f"board-{number}.html").read_text(
                encoding="utf-8"
            )
            hands_t = re.findall(r'<span class="suit">(.*?)</span>\n', with_t)
            hands_d = re.findall(r'<span class="suit">(.*?)</span>\n', default)
            assert 16 == len(hands_t) == len(hands_d)
            assert not any(" 10" in hand or hand.endswith("10") for hand in hands_t)
            assert [h.replace(" 10", " T") for h in hands_d] == hands_t

    def test_bad_ten(self, tmp_path: Path) -> None:
        """A ten other than 10 or T is refused before anything is written."""
        event, _plays = sample_event_with_plays(7, tables=3, boards_per_round=1)
        with pytest.raises(ValueError, match="10 or T"):
            render_site(score_event(event), tmp_path / "x", ten="ten")
        assert not (tmp_path / "x").exists()


class TestViewerData:
    def test_tricks_agree_with_the_result(self) -> None:
        """Trick winners worked out for the replay (Law 44) give declarer exactly the
        tricks the Laws engine recorded."""
        event, plays = sample_event_with_plays(7, tables=3, boards_per_round=1)
        checked = 0
        for result in event.results:
            record = plays.get(play_key(result))
            if record is None or record.contract is None:
                continue
            data = viewer_data(record, "x")
            declarer = record.contract.declarer
            assert declarer is not None
            won = sum(
                1
                for trick in data["tricks"]
                if Seat.from_str(trick["winner"]).side is declarer.side
            )
            assert isinstance(result.outcome, Played)
            assert result.outcome.tricks == won
            assert len(data["script"]["steps"]) == len(record.play)
            checked += 1
        assert checked >= 5

    def test_auction_rows_start_with_west(self) -> None:
        """The auction grid is West, North, East, South; the dealer's call is in its column."""
        _event, plays = sample_event_with_plays(7, tables=3, boards_per_round=1)
        record = next(iter(plays.values()))
        data = viewer_data(record, "x")
        dealer = record.dealer or Seat.N
        first_row = data["auction"][0]
        column = [Seat.W, Seat.N, Seat.E, Seat.S].index(dealer)
        assert all(cell is None for cell in first_row[:column])
        assert first_row[column] is not None

    def test_records_matched_by_names(self) -> None:
        """Records (LIN, PBN) find their traveller line by board and players' names."""
        event, plays = sample_event_with_plays(7, tables=3, boards_per_round=1)
        matched = plays_from_records(event, plays.values())
        assert matched == plays
        renamed = [record.__class__(**{**{f: getattr(record, f) for f in record.__slots__},
                                       "players": ("X", "Y", "Z", "Q")})
                   for record in plays.values()]  # fmt: skip
        assert {} == plays_from_records(event, renamed)

    def test_pbn_with_play_feeds_the_viewer(self, tmp_path: Path) -> None:
        """A PBN event whose games record the auction and play gets the viewer on those
        lines (load_event matches each game to the traveller line read from it)."""
        event, plays = sample_event_with_plays(7, tables=3, boards_per_round=1)
        games = []
        for result in event.results:
            record = plays.get(play_key(result))
            if record is None:
                continue
            games.append(pbn.Game.from_record(record))
        path = tmp_path / "event.pbn"
        path.write_text(pbn.dumps(games), encoding="utf-8")
        loaded = load_event(path)
        assert len(loaded.plays) == len(games)
        publish(score_event(loaded.event), tmp_path / "site", plays=loaded.plays, analyse=False)
        assert 'class="play-link"' in (tmp_path / "site" / "boards" / "board-1.html").read_text(
            encoding="utf-8"
        )


class TestTeams:
    def test_matches_by_round(self, teams_site: Path, teams: tuple[Event, dict]) -> None:  # type: ignore[type-arg]
        """The ranking page lists each round's matches: teams, IMPs each way and VPs."""
        scored = score_event(teams[0], ScoringOptions(Method.TEAMS_VP))
        text = words(teams_site / "index.html")
        for round_number in (1, 2, 3):
            assert f"Round {round_number}" in text
        for match in scored.matches:
            home = teams[0].pair(match.home).names[0]
            assert home in text
            assert f"{match.home_imps}–{match.away_imps}" in text.replace(" ", "")
            vp = f"{float(match.home_vp):.2f}–{float(match.away_vp):.2f}"
            assert vp in text.replace(" ", "")

    def test_standing_after_each_round(self, teams_site: Path, teams: tuple[Event, dict]) -> None:  # type: ignore[type-arg]
        """After each round the teams' VPs so far are listed, best first; after the last
        round they are the ranking's totals."""
        scored = score_event(teams[0], ScoringOptions(Method.TEAMS_VP))
        text = words(teams_site / "index.html")
        lines = re.findall(r"VPs after round (\d): (.*?)(?= Round \d| VP scale| Boards:)", text)
        assert ["1", "2", "3"] == [number for number, _line in lines]
        last = [Fraction(v) for v in re.findall(r"(\d+\.\d\d)", lines[-1][1])]
        assert last == sorted(last, reverse=True)
        assert sorted(last) == sorted(
            Fraction(format_fixed(p.total)) for p in scored.pairs.values()
        )

    def test_cross_table(self, teams_site: Path, teams: tuple[Event, dict]) -> None:  # type: ignore[type-arg]
        """A round robin gets its cross-table: each pair of teams' VPs both ways, which add
        up to 20 (WBF scale), and each team's total."""
        html = (teams_site / "index.html").read_text(encoding="utf-8")
        assert "Cross-table" in html
        table = html[html.index('class="cross-table"') :]
        table = table[: table.index("</table>")]
        rows = re.findall(r"<tr><th scope=\"row\">(.*?)</tr>", table, re.S)
        assert 4 == len(rows)
        vps = [[Fraction(v) for v in re.findall(r">(\d+\.\d\d)</a>", row)] for row in rows]
        assert all(3 == len(row) for row in vps)
        assert 6 * 20 == sum(sum(row) for row in vps)

    def test_no_cross_table_when_not_a_round_robin(
        self, tmp_path: Path, teams: tuple[Event, dict]
    ) -> None:  # type: ignore[type-arg]
        """Swiss-like events where not every team met every other list rounds only."""
        event, _plays = teams
        first_round = Event(name=event.name, boards=event.boards, pairs=event.pairs,
                            results=tuple(r for r in event.results if r.session == 1), teams=True)  # fmt: skip
        render_site(score_event(first_round, ScoringOptions(Method.TEAMS_VP)), tmp_path)
        html = (tmp_path / "index.html").read_text(encoding="utf-8")
        assert "Cross-table" not in html
        assert "Round 1" in html

    def test_match_page(self, teams_site: Path, teams: tuple[Event, dict]) -> None:  # type: ignore[type-arg]
        """A match page: both teams with their rosters, each board at both tables, IMPs."""
        event = teams[0]
        page = sorted((teams_site / "matches").iterdir())[0]
        text = words(page)
        for team in event.pairs[:2]:
            assert team.names[0] in text
            assert ", ".join(team.names[1:]) in text
        assert "Total" in text
        assert 2 == len(
            re.findall(
                r'<td class="num"><a href="../boards/board-\d+.html">',
                page.read_text(encoding="utf-8"),
            )
        )

    def test_rosters_on_travellers(self, teams_site: Path, teams: tuple[Event, dict]) -> None:  # type: ignore[type-arg]
        """A teams traveller, headed by its round, names the teams and lists the players of
        every team that played the board (both matches of round 1: all four teams)."""
        text = words(teams_site / "boards" / "board-1.html")
        assert "Round 1" in text
        for team in teams[0].pairs:
            assert team.names[0] in text
            assert ", ".join(team.names[1:]) in text

    def test_vp_scale(self, teams_site: Path) -> None:
        """The VP scale of the match length (two boards) is given, winner and loser."""
        text = words(teams_site / "index.html")
        assert "VP scale for 2 boards (WBF)" in text
        table = vp_table(2)
        assert f"1 {float(table[1]):.2f} {float(20 - table[1]):.2f}" in text


def test_analysis_on_publish(tmp_path: Path) -> None:
    """publish works out makeable contracts and par for boards whose deal is known."""
    event, _plays = sample_event_with_plays(7, tables=3, boards_per_round=1)
    assert all(not info.dd_tricks for info in event.boards.values())
    publish(score_event(event), tmp_path)
    text = words(tmp_path / "boards" / "board-2.html")
    assert "Makeable contracts" in text
    games = pbn.loads((tmp_path / "results.pbn").read_bytes())
    assert all(game.optimum_score is not None for game in games)


def test_rewrite_removes_pages_of_another_site(tmp_path: Path) -> None:
    """A pairs site written over a teams site leaves no match pages behind."""
    teams, plays = sample_teams_event(3, boards_per_match=1)
    render_site(score_event(teams, ScoringOptions(Method.TEAMS_VP)), tmp_path, plays=plays)
    assert (tmp_path / "matches").is_dir()
    event, _plays = sample_event_with_plays(3, tables=3, boards_per_round=1)
    render_site(score_event(event), tmp_path)
    assert not (tmp_path / "matches").exists()
    assert (tmp_path / "handrecord.html").is_file()


class TestSampleTeams:
    def test_round_robin(self, teams: tuple[Event, dict]) -> None:  # type: ignore[type-arg]
        """Four teams meet each other once; each board is played at two tables with the
        teams in opposite directions (Law 78B compares them); the event checks clean."""
        from dupbridge.tournament.results import check_event

        event, plays = teams
        assert [] == [p for p in check_event(event) if not p.warning]
        scored = score_event(event, ScoringOptions(Method.TEAMS_VP))
        met = {frozenset((m.home, m.away)) for m in scored.matches}
        assert 6 == len(met) == len(scored.matches)
        for match in scored.matches:
            assert 20 == match.home_vp + match.away_vp
        assert len(plays) == len(event.results)

    def test_same_seed_same_event(self) -> None:
        """The same seed gives the same event."""
        assert sample_teams_event(9, 1)[0] == sample_teams_event(9, 1)[0]


class TestPlaysFromFiles:
    def test_lin_file(self, tmp_path: Path) -> None:
        """A LIN file (as BBO writes) of the tables' play finds its traveller lines."""
        from dupbridge.formats import lin
        from dupbridge.services.site_plays import plays_from_path

        event, plays = sample_event_with_plays(7, tables=3, boards_per_round=1)
        path = tmp_path / "play.lin"
        path.write_text(lin.dumps(plays.values()), encoding="utf-8")
        found = plays_from_path(event, path)
        assert set(plays) == set(found)
        for key, record in found.items():
            assert [c.call for c in plays[key].calls] == [c.call for c in record.calls]
            assert plays[key].play == record.play

    def test_unreadable_file(self, tmp_path: Path) -> None:
        """A file of an unknown kind is an error naming it, not a traceback."""
        from dupbridge.services.site_plays import SitePlaysError, plays_from_path

        event, _plays = sample_event_with_plays(7, tables=3, boards_per_round=1)
        path = tmp_path / "play.xyz"
        path.write_text("nothing", encoding="utf-8")
        with pytest.raises(SitePlaysError, match="xyz"):
            plays_from_path(event, path)


def test_board_table_rebuilt_from_tricks() -> None:
    """The hand record on the site gets back the solver's table from the board's tricks."""
    from dupbridge.analysis.dd import dd_table
    from dupbridge.services.site_format import board_table

    event, _plays = sample_event_with_plays(7, tables=3, boards_per_round=1, analyse=True)
    for info in event.boards.values():
        assert info.deal is not None
        assert dd_table(info.deal) == board_table(info)
