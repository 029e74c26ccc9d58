"""The evening's national profile decides the values of the artificial adjusted scores the
Director gives at the desk (Law 12C2: average plus and average minus)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dupbridge.laws.profiles import PROFILES, WBF
from dupbridge.services.club import ClubService, EveningSetup, State, Submission
from dupbridge.tournament.scored import ScoredResult


def _board_one(service: ClubService, profile: str) -> ScoredResult:
    """Board 1 of a 7-table Howell: played results at every table but one, which gets an
    artificial A+/A- from the Director (Law 12C2); its scored line."""
    setup = EveningSetup(
        name="Club", family="howell", tables=7, boards_per_round=2, profile=profile
    )
    evening_id = service.create(setup, "director")
    service.set_state(evening_id, State.PLAYING, "director")
    plays = service.load(evening_id).movement.plays(1)
    for index, play in enumerate(plays[1:]):
        service.submit(
            evening_id, play.table, play.round,
            Submission(1, "4S", "N", ["=", "+1", "-1"][index % 3]), key=f"k{index}", who="t",
        )  # fmt: skip
    first = plays[0]
    service.correct(evening_id, first.table, first.round, Submission(1, "A+/A-"), who="td")
    scored = service.load(evening_id).scored()
    assert scored is not None
    (board,) = scored.boards_numbered(1)
    (line,) = [r for r in board.results if r.result.table == first.table]
    return line


@pytest.mark.parametrize(
    ("key", "plus", "minus"),
    [("wbf", Fraction(60), Fraction(40)), ("club-variant", Fraction(55), Fraction(45))],
)
def test_the_profile_sets_average_plus_and_minus(
    service: ClubService,
    monkeypatch: pytest.MonkeyPatch,
    key: str,
    plus: Fraction,
    minus: Fraction,
) -> None:
    """Law 12C2(a): average plus and minus are 60% and 40% by default; a Regulating
    Authority's profile may vary them, and the desk's A+/A- then scores the profile's
    values (every profile shipped keeps 60/40, so the second is a club variant of WBF's)."""
    monkeypatch.setitem(
        PROFILES,
        "club-variant",
        WBF.replace(
            key="club-variant", average_plus_percent=Fraction(55),
            average_minus_percent=Fraction(45),
        ),
    )  # fmt: skip
    line = _board_one(service, key)
    assert (plus, minus) == (line.ns_percent, line.ew_percent)
