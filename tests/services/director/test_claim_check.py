"""Claim checks from the cards left (Laws 68-70): positions whose answers can be counted by
hand from the cards, and impossible positions refused with the reason."""

from __future__ import annotations

import pytest

from dupbridge.services.director import AssistantError
from dupbridge.services.director.claim_check import check_remaining

#: Two tricks left at no trump: North holds the only spades, East the only hearts, South the
#: only diamonds, West the only clubs. Whoever is on lead cashes both tricks.
ENDING = "N:AK... .AK.. ..QJ. ...QJ"


def test_the_hand_on_lead_takes_the_tricks() -> None:
    north = check_remaining(
        remaining=ENDING, trump="NT", leader="N", declarer="N", claimer="N", tricks=2,
        line="SA SK",
    )  # fmt: skip
    assert north["tricks_left"] == 2
    assert north["double_dummy"] == {"NS": 2, "EW": 0}
    assert north["best"]["holds"]
    assert north["worst"]["holds"]
    east = check_remaining(
        remaining=ENDING, trump="NT", leader="E", declarer="N", claimer="N", tricks=2
    )
    assert east["double_dummy"] == {"NS": 0, "EW": 2}
    assert not east["best"]["holds"]
    assert east["best"]["assured"] == 0


def test_outstanding_trumps_and_a_trick_in_progress() -> None:
    """Spades trumps: West still holds the S2, the trump the opponents hold (Law 70C). When
    West has led the CJ to the trick in progress, North has no club, ruffs with a spade and
    draws West's last trump with the other: North's side takes both tricks."""
    checks = check_remaining(
        remaining="N:AK... .AK.. ..QJ. 2...J", trump="S", leader="N", declarer="N",
        claimer="N", tricks=2,
    )  # fmt: skip
    assert checks["outstanding_trumps"] == ["S2"]
    in_progress = check_remaining(
        remaining="N:AK... .AK.. ..QJ. 2...", trump="S", leader="W", trick="CJ",
        declarer="N", claimer="N", tricks=2,
    )  # fmt: skip
    assert in_progress["tricks_left"] == 2
    assert in_progress["double_dummy"] == {"NS": 2, "EW": 0}


@pytest.mark.parametrize(
    ("field", "value"),
    [("remaining", "N:AK... .AK.. ..QJ. ...QJT"), ("trump", "Z"), ("leader", "Q"),
     ("line", "SX")],
)  # fmt: skip
def test_impossible_input_is_named(field: str, value: str) -> None:
    fields = {"remaining": ENDING, "trump": "NT", "leader": "N", "declarer": "N",
              "claimer": "N", "tricks": 2, "line": ""}  # fmt: skip
    fields[field] = value
    with pytest.raises(AssistantError):
        check_remaining(**fields)  # type: ignore[arg-type]
