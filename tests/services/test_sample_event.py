"""The sample event: a robots' Mitchell, reproducible, legal, scored and published."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from dupbridge.core.seats import Side
from dupbridge.scoring.adjusted import ArtificialScore
from dupbridge.services.sample_event import build_sample_site, sample_event
from dupbridge.tournament.event_scoring import score_event
from dupbridge.tournament.results import Event, Played, check_event


@pytest.fixture(scope="module")
def default_sample() -> Event:
    """The default sample event, played once for the tests that only read it (the robots'
    card play by simulation takes a while)."""
    return sample_event()


class TestSampleEvent:
    def test_mitchell_structure(self, default_sample: Event) -> None:
        """Seven tables, 21 boards: every NS and every EW pair plays every board once."""
        event = default_sample
        assert 21 * 7 == len(event.results)
        assert event.mitchell
        for side in (Side.NS, Side.EW):
            per_pair = Counter(result.pair(side) for result in event.results)
            assert {21} == set(per_pair.values())
            boards = Counter((result.pair(side), result.board) for result in event.results)
            assert {1} == set(boards.values())
        assert [] == check_event(event)

    def test_reproducible(self) -> None:
        """The same seed gives the same event; another seed another one (three tables: the
        robots' card play by simulation is seeded too)."""
        assert sample_event(5, tables=3).results == sample_event(5, tables=3).results
        assert sample_event(5, tables=3).results != sample_event(6, tables=3).results

    def test_results_vary_and_one_is_adjusted(self, default_sample: Event) -> None:
        """The robots' results spread over the field; one table has an artificial score."""
        event = default_sample
        adjusted = [r for r in event.results if isinstance(r.outcome, ArtificialScore)]
        assert 1 == len(adjusted)
        scores = Counter(
            (r.board, event.ns_score(r, r.outcome))
            for r in event.results
            if isinstance(r.outcome, Played)
        )
        assert len({board for board, _score in scores}) == 21
        assert len(scores) > 21 * 2  # more than two different results a board on average

    def test_small_mitchell(self) -> None:
        """A three-table Mitchell works too; an even number of tables is refused."""
        assert 9 * 3 == len(sample_event(1, tables=3).results)
        with pytest.raises(ValueError, match="odd number of tables"):
            sample_event(1, tables=4)

    def test_scored_fields(self, default_sample: Event) -> None:
        """Scored at matchpoints, NS and EW are ranked apart, 7 pairs each."""
        scored = score_event(default_sample)
        assert [7, 7] == [len(field.placings) for field in scored.fields]

    def test_site(self, tmp_path: Path) -> None:
        """The site has its ranking, 21 board pages and 14 score cards."""
        index = build_sample_site(tmp_path / "site", analyse=False)  # analysis: tests/cli
        assert index.is_file()
        assert 21 == len(list((tmp_path / "site" / "boards").iterdir()))
        assert 14 == len(list((tmp_path / "site" / "pairs").iterdir()))
        assert (tmp_path / "site" / "results.pbn").is_file()


@pytest.mark.slow
def test_analysed_sample_shows_par_and_makeable(tmp_path: Path) -> None:
    """With analysis, each board page shows the makeable contracts and the par, and
    results.pbn carries each board's OptimumScore."""
    from dupbridge.analysis.dd import dd_table
    from dupbridge.formats import pbn
    from dupbridge.services.event_results import publish

    event = sample_event(3, tables=3, boards_per_round=1, analyse=True)
    info = event.board(1)
    assert info.deal is not None
    table = dd_table(info.deal)
    assert {(seat, strain): t for seat, strain, t in info.dd_tricks} == {
        (seat, strain): table.tricks(strain, seat) for seat, strain, _t in info.dd_tricks
    }
    assert 20 == len(info.dd_tricks)
    publish(score_event(event), tmp_path)
    page = (tmp_path / "boards" / "board-1.html").read_text(encoding="utf-8")
    assert "Makeable contracts" in page
    assert re.search(r'<p class="par">Par (\+\d+|-\d+|0): ', page)
    games = pbn.loads((tmp_path / "results.pbn").read_bytes())
    assert all(game.optimum_score is not None for game in games)


@pytest.mark.slow
def test_kept_analysis_is_the_solvers(default_sample: Event) -> None:
    """The double-dummy tables kept with the package for the default sample are exactly
    what DDS gives for its deals (so make run shows the same par as a fresh analysis)."""
    from dupbridge.analysis.dd import DDTable, dd_tables
    from dupbridge.services.sample_event import solved_sample

    event = default_sample
    deals = [info.deal for _number, info in sorted(event.boards.items())]
    assert all(deal is not None for deal in deals)
    kept = solved_sample()
    assert {deal.to_pbn() for deal in deals if deal is not None} == set(kept)
    solved = dd_tables([deal for deal in deals if deal is not None])
    for deal, table in zip(deals, solved, strict=True):
        assert deal is not None
        assert table == DDTable.from_pbn(kept[deal.to_pbn()])
