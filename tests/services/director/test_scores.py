"""The console's adjusted scores on a real traveller (issue 16, must show 2 and 3).

Board 1 of the JFR Pary matchpoint event ``jfr-pary-mp-wb120802``: one line gets the
weighted score 30 % of 4S= and 70 % of 4S-1 (Law 12C1(c)). Matchpoints and cross-IMPs are
linear in the weights, so each line of the board must score exactly 0.3 times its score
with 4S= at that table plus 0.7 times its score with 4S-1, both scored as table results by
the plain event scorer: an independent computation of the Law.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from dupbridge.laws.profiles import find_profile
from dupbridge.services.director.scores import EventScores, ScoresError
from dupbridge.services.event_results import load_event, publish
from dupbridge.store import make_engine, upgrade
from dupbridge.store.director import DirectorStore
from dupbridge.tournament.event_scoring import Method, ScoringOptions, score_event
from dupbridge.tournament.results import Event, Played, parse_outcome
from tests.conftest import shared_file

pytestmark = pytest.mark.oracle

WEIGHTED = "30% 4SN=; 70% 4SN-1"


@pytest.fixture(scope="module")
def jfr_event() -> Event:
    return load_event(shared_file("jfr-pary-mp-wb120802", "wb120802.html")).event


@pytest.fixture
def store(tmp_path: Path) -> Iterator[DirectorStore]:
    engine = make_engine(f"sqlite:///{tmp_path / 'd.sqlite3'}")
    upgrade(engine)
    yield DirectorStore(engine)
    engine.dispose()


def with_outcome(event: Event, board: int, ns: int, ew: int, *columns: str) -> Event:
    results = [
        replace(r, outcome=parse_outcome(*columns))
        if (r.board, r.ns.number, r.ew.number) == (board, ns, ew)
        else r
        for r in event.results
    ]
    return replace(event, results=results)


def board_lines(scored: object, board: int) -> list[tuple[int, int, Fraction, Fraction]]:
    return sorted(
        (line.result.ns.number, line.result.ew.number, line.ns, line.ew)
        for scored_board in scored.boards  # type: ignore[attr-defined]
        for line in scored_board.results
        if line.result.board == board
    )


@pytest.mark.parametrize("method", [Method.MATCHPOINTS, Method.CROSS_IMPS])
def test_weighted_score_on_a_real_traveller(
    store: DirectorStore, jfr_event: Event, method: Method, tmp_path: Path
) -> None:
    if method is Method.CROSS_IMPS:  # board 1's table results (the TD rows are percentages)
        jfr_event = replace(
            jfr_event,
            results=[
                r for r in jfr_event.results if r.board == 1 and isinstance(r.outcome, Played)
            ],
        )
    first = next(r for r in jfr_event.results if r.board == 1)
    ns, ew = first.ns.number, first.ew.number
    scores = EventScores(store, "wb120802", jfr_event)
    entry = scores.adjust("A. Director", 1, ns, ew, WEIGHTED)
    assert entry.payload["laws"] == ["12C1(c)"]
    options = ScoringOptions(method)
    got = board_lines(scores.scored(options), 1)
    made = board_lines(score_event(with_outcome(jfr_event, 1, ns, ew, "4S", "N", "="), options), 1)
    down = board_lines(score_event(with_outcome(jfr_event, 1, ns, ew, "4S", "N", "-1"), options), 1)
    assert len(got) == len(made) == len(down) > 4
    for line, m, d in zip(got, made, down, strict=True):
        assert line[:2] == m[:2] == d[:2]
        assert line[2] == Fraction(3, 10) * m[2] + Fraction(7, 10) * d[2], line
        assert line[3] == Fraction(3, 10) * m[3] + Fraction(7, 10) * d[3], line
    if method is Method.MATCHPOINTS:
        site = publish(scores.scored(options), tmp_path / "site", analyse=False)
        html = (site.index.parent / "boards" / "board-1.html").read_text(encoding="utf-8")
        assert "Adjusted: 30% 4SN=; 70% 4SN-1" in html  # the Director's line


def test_a_revision_is_appended_and_the_ranking_changes(
    store: DirectorStore, jfr_event: Event
) -> None:
    first = next(r for r in jfr_event.results if r.board == 1)
    ns, ew = first.ns.number, first.ew.number
    scores = EventScores(store, "wb120802", jfr_event)
    original = scores.adjust("A. Director", 1, ns, ew, WEIGHTED)
    before = scores.scored()
    revision = scores.revise("B. Director", original.id, "A60/40")
    after = scores.scored()
    log = scores.log()
    assert [e.kind for e in log] == ["adjusted_score", "revision"]
    assert log[0].payload["score"] == WEIGHTED  # the original stays
    assert log[1].revises == original.id
    assert revision.payload["laws"] == ["12C2(a)"]
    expected = score_event(with_outcome(jfr_event, 1, ns, ew, "A60/40"))
    ranking = lambda s: [(p.key, p.total) for p, _ in s.fields[0].placings]  # noqa: E731
    assert ranking(after) == ranking(expected)
    assert ranking(after) != ranking(before)
    scores.withdraw("B. Director", revision.id)
    assert ranking(scores.scored()) == ranking(score_event(jfr_event))
    assert [e.kind for e in scores.log()] == ["adjusted_score", "revision", "withdrawal"]


def test_bad_scores_are_refused(store: DirectorStore, jfr_event: Event) -> None:
    scores = EventScores(store, "wb120802", jfr_event)
    with pytest.raises(ScoresError, match="no line"):
        scores.adjust("A. Director", 1, 999, 998, WEIGHTED)
    first = next(r for r in jfr_event.results if r.board == 1)
    with pytest.raises(ScoresError):
        scores.adjust("A. Director", 1, first.ns.number, first.ew.number, "4S N =")
    assigned = scores.adjust("A. Director", 1, first.ns.number, first.ew.number, "100% 4SN=")
    assert assigned.payload["laws"] == ["12C1(b)"]
    scores.withdraw("A. Director", assigned.id)
    with pytest.raises(ScoresError):
        scores.adjust("A. Director", 1, first.ns.number, first.ew.number, "30% 4SN=; 60% 4SN-1")
    assert [e.kind for e in scores.log()] == ["adjusted_score", "withdrawal"]


def test_a_profile_that_leaves_weighting_to_a_committee(
    store: DirectorStore, jfr_event: Event
) -> None:
    """Sweden under the 2007 Laws: only an appeals committee weights an assigned score
    (Law 12C1(c) as the profile reads it); the Director's console assigns one result."""
    scores = EventScores(store, "wb120802", jfr_event, profile=find_profile("sweden"))
    first = next(r for r in jfr_event.results if r.board == 1)
    with pytest.raises(ScoresError, match="committee"):
        scores.adjust("A. Director", 1, first.ns.number, first.ew.number, WEIGHTED)
    entry = scores.adjust("A. Director", 1, first.ns.number, first.ew.number, "100% 4SN-1")
    assert entry.payload["laws"] == ["12C1(b)"]
