"""dupbridge reads what dupbridge writes: an event scored, published as results.pbn and
results.xml, and read back by ``load_event`` (what ``dupbridge score`` does, with no option)
scores to the same ranking (Law 78), with the same names: a pairs Mitchell, a Howell and a
teams round robin built from tournament.movements."""

from __future__ import annotations

import tempfile
from fractions import Fraction
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dupbridge.core.contract import Contract
from dupbridge.core.seats import Side
from dupbridge.formats import pbn, usebio
from dupbridge.formats.pbn_events import results_games
from dupbridge.scoring.adjusted import ArtificialScore
from dupbridge.services.event_results import load_event
from dupbridge.tournament.event_scoring import Method, ScoredEvent, ScoringOptions, score_event
from dupbridge.tournament.movements import Movement
from dupbridge.tournament.movements.catalog import Options, build
from dupbridge.tournament.results import Event, Outcome, Pair, PairId, Played, Result

CONTRACTS = ("1NT", "2S", "3NT", "4H", "4SX", "5DX", "6C", "3NTXX")
SEATS = "NESW"


@st.composite
def outcomes(draw: st.DrawFn, imps: bool) -> Outcome:
    """A played contract (any tricks), a passed-out board, or now and then an adjusted score."""
    kind = draw(st.integers(0, 12))
    if kind == 0:
        return Played()
    if kind == 1:
        return ArtificialScore.from_str("+3/-3 IMP" if imps else draw(st.sampled_from(
            ["A60/40", "A+/A-", "A5050", "60%/40%"])))  # fmt: skip
    contract = Contract.from_str(
        f"{draw(st.sampled_from(CONTRACTS))} {draw(st.sampled_from(SEATS))}"
    )
    return Played(contract, draw(st.integers(0, 13)))


def pair_id(number: int, line: Side | None) -> PairId:
    """The pair (team) of a movement entrant."""
    return PairId(number, "", line)


@st.composite
def events(draw: st.DrawFn, movement: Movement, *, mitchell: bool = False,
           teams: bool = False, imps: bool = False) -> Event:  # fmt: skip
    """Every play of the movement with a drawn outcome; every pair (team) named."""
    results = []
    for number in movement.boards:
        for play in movement.plays(number):
            ns = pair_id(play.ns.number, Side.NS if mitchell else None)
            ew = pair_id(play.ew.number, Side.EW if mitchell else None)
            results.append(
                Result(
                    number,
                    ns,
                    ew,
                    draw(outcomes(imps or teams)),
                    table=play.table,
                    round=play.round,
                )
            )
    ids = sorted({p for r in results for p in (r.ns, r.ew)}, key=lambda p: p.sort_key)
    pairs = [
        Pair(p, (f"Team {p.number}",) if teams else (f"Ann {p}", f"Bo {p.number}")) for p in ids
    ]
    return Event(name="Round trip", pairs=tuple(pairs), results=tuple(results),
                 mitchell=mitchell, teams=teams)  # fmt: skip


def ranking(scored: ScoredEvent) -> list[list[tuple[PairId, str, Fraction, tuple[str, ...]]]]:
    """Each field's placings: pair, place label, total and names."""
    return [
        [
            (placing.key, placing.label, score.total, scored.event.pair(placing.key).names)
            for placing, score in field.placings
        ]
        for field in scored.fields
    ]


def read_back(scored: ScoredEvent, options: ScoringOptions) -> tuple[ScoredEvent, ScoredEvent]:
    """Write results.pbn and results.xml, read each as ``dupbridge score`` does, score them."""
    with tempfile.TemporaryDirectory() as folder:
        pbn_path = Path(folder) / "results.pbn"
        xml_path = Path(folder) / "results.xml"
        pbn_path.write_text(pbn.dumps(results_games(scored)), encoding="utf-8")
        xml_path.write_text(usebio.dumps(scored), encoding="utf-8")
        again = []
        for path in (pbn_path, xml_path):
            loaded = load_event(path)
            assert [] == list(loaded.errors)
            assert options.method is loaded.method
            again.append(score_event(loaded.event, options))
    return again[0], again[1]


MITCHELL = build("mitchell", Options(3, boards_per_round=2))
HOWELL = build("howell", Options(3, boards_per_round=2))
ROUND_ROBIN = build("round-robin", Options(4, boards_per_round=2))
FAST = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(events(MITCHELL, mitchell=True))
def test_mitchell(event: Event) -> None:
    """A Mitchell (two fields, Law 78A matchpoints) reads back as the same two rankings."""
    options = ScoringOptions(Method.MATCHPOINTS)
    scored = score_event(event, options)
    from_pbn, from_xml = read_back(scored, options)
    assert ranking(scored) == ranking(from_pbn) == ranking(from_xml)
    assert from_pbn.event.mitchell
    assert from_xml.event.mitchell


@FAST
@given(st.sampled_from([Method.MATCHPOINTS, Method.BUTLER]).flatmap(
    lambda method: st.tuples(st.just(method), events(HOWELL, imps=method is Method.BUTLER))
))  # fmt: skip
def test_howell(case: tuple[Method, Event]) -> None:
    """A Howell (one field) at matchpoints or Butler IMPs reads back as the same ranking."""
    method, event = case
    options = ScoringOptions(method)
    scored = score_event(event, options)
    from_pbn, from_xml = read_back(scored, options)
    assert ranking(scored) == ranking(from_pbn) == ranking(from_xml)


@FAST
@given(events(ROUND_ROBIN, teams=True), st.sampled_from([Method.TEAMS_IMPS, Method.TEAMS_VP]))
def test_teams(event: Event, method: Method) -> None:
    """A teams round robin (Law 78B IMPs, VPs) reads back as the same matches and ranking."""
    options = ScoringOptions(method)
    scored = score_event(event, options)
    from_pbn, from_xml = read_back(scored, options)
    assert ranking(scored) == ranking(from_pbn) == ranking(from_xml)
    assert from_pbn.event.teams
    assert from_xml.event.teams
