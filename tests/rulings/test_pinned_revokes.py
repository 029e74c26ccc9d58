"""Revokes (rulings/revokes.py) pinned one branch at a time: Law 61A (a penalty card not
played), 62 (correction: the revoke card back, the cards played after it withdrawn or left),
63 (establishment) and 64 (trick transfers).

Each test plays a short recording-mode record on the deal of the scenario records and checks
what the law requires: the laws cited, the exact texts, the options and the chooser, the
tricks transferred and the table's state after.

The deal: North AKQ2.J3.T98.5432, East JT98.AKQ.765.AKQ, South 7654.T987.AKQ.JT,
West 3.6542.J432.9876.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.rulings.test_auction_pins import call, director, state

RECORDS = Path(__file__).parent / "records"


def card(seat: str, text: str) -> dict[str, Any]:
    return {"seat": seat, "card": text}


def revoke(by: str, offender: str) -> dict[str, Any]:
    return {"seat": by, "revoke": offender}


def record(name: str) -> list[dict[str, Any]]:
    """The actions of a scenario record (tests/rulings/records)."""
    data = json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    actions: list[dict[str, Any]] = data["record"]["actions"]
    return actions


def last_ruling(result: dict[str, Any]) -> dict[str, Any]:
    ruling: dict[str, Any] = result["rulings"][-1]
    return ruling


# East declares 1NT.
NT = [call("N", "Pass"), call("E", "1NT"), call("S", "Pass"), call("W", "Pass"), call("N", "Pass")]


def expose(seat: str, *cards: str) -> dict[str, Any]:
    return {"seat": seat, "expose": list(cards)}


# East declares 1NT; South leads the H7, West (dummy) plays the H2, North the H3.
NT_TRICK_ONE = [
    call("N", "Pass"),
    call("E", "1NT"),
    call("S", "Pass"),
    call("W", "Pass"),
    call("N", "Pass"),
    card("S", "H7"),
    card("W", "H2"),
    card("N", "H3"),
]

CORRECT_TEXT = (
    "the revoke must be corrected: {seat} takes back {card} and plays a legal card; the "
    "non-offending side may withdraw cards played after it, then the next offender may "
    "(Laws 62A-62C)"
)


class TestDeclarersRevokeCorrected:
    """Law 62B2: declarer's revoke card goes back to his hand with no further
    rectification; he must follow suit."""

    def test_card_back_no_penalty(self) -> None:
        actions = [*NT_TRICK_ONE, card("E", "SJ"), revoke("N", "E")]
        result = state(actions)
        ruling = last_ruling(result)
        assert ruling["rectification"] == [
            CORRECT_TEXT.format(seat="East", card="SJ"),
            "SJ goes back to East's hand with no further rectification (Law 62B2)",
        ]
        # Not 62B1 (a defender's penalty card) nor 62D1 (trick twelve).
        assert ruling["laws"] == ["62A", "62B", "62C", "16C", "62B2"]
        assert result["penalty_cards"] == {}
        assert result["turn"] == "E"
        assert result["legal_cards"] == ["HA", "HK", "HQ"]
        assert result["revokes"][0]["corrected"] is True
        assert result["revokes"][0]["established"] is False
        assert result["revokes"][0]["noticed"] == {"by": "N", "when": "play"}


class TestDefendersRevokeCorrected:
    """Laws 62B1, 62C1, 62C2: a defender's corrected revoke card becomes a major penalty
    card; the non-offending side may withdraw cards played after it, and then the offender's
    partner may."""

    def test_revoke_card_becomes_major_penalty_card(self) -> None:
        result = state(record("p08_2017_revoke_corrected")[:15])
        ruling = last_ruling(result)
        assert ruling["rectification"] == [
            CORRECT_TEXT.format(seat="North", card="D8"),
            "D8 becomes a major penalty card (Law 62B1)",
        ]
        assert result["penalty_cards"] == {"N": [{"card": "D8", "kind": "major"}]}
        assert result["set_aside"] == [{"seat": "E", "card": "CK"}]

    def test_non_offending_side_may_withdraw(self) -> None:
        """Law 62C1: East, declarer, chooses for his own card played after the revoke."""
        result = state(record("p08_2017_revoke_corrected")[:16])
        pending = result["pending"]
        assert pending["law"] == "62C1"
        assert pending["chooser"] == "E"
        assert pending["irregularity"] == "revoke"
        assert pending["options"] == ["keep", "withdraw"]
        assert pending["question"] == (
            "East played CK after the revoke: does he leave it played or withdraw it?"
        )
        assert pending["explanations"] == [
            "CK stays played",
            "CK goes back to the hand and East plays again (Law 62C1 (2017))",
        ]
        assert pending["ruling"] == last_ruling(result)["id"]

    def test_kept_card_stays_played(self) -> None:
        """Law 62C1: kept, the CK stands in the trick: South plays next, nothing set aside."""
        result = state(record("p08_2017_revoke_corrected"))
        assert result["pending"] is None
        assert result["set_aside"] == []
        assert result["turn"] == "S"
        assert result["legal_cards"] == ["CT"]
        assert result["tricks"] == {"NS": 0, "EW": 2}

    def test_withdrawn_then_the_offenders_partner_chooses(self) -> None:
        """Laws 62C1 and 62C2: West's C6 is withdrawn (dummy's: declarer chose), then North,
        the revoker's partner, may withdraw his C2, which becomes a penalty card."""
        actions = record("p08_2017_revoke_corrected_later_cards_withdrawn")
        first = state(actions[:15])
        assert first["pending"]["law"] == "62C1"
        assert first["pending"]["chooser"] == "E"
        assert first["pending"]["question"] == (
            "West played C6 after the revoke: does he leave it played or withdraw it?"
        )
        second = state(actions[:17])
        pending = second["pending"]
        assert pending["law"] == "62C2"
        assert pending["chooser"] == "N"
        assert pending["question"] == (
            "the other side withdrew a card: does North leave C2 played or withdraw it (it "
            "then becomes a penalty card if he is a defender)?"
        )
        assert pending["explanations"] == [
            "C2 stays played",
            "C2 goes back to the hand and North plays again (Law 62C2 (2017))",
        ]
        assert "West withdrew C6" in last_ruling(second)["rectification"]
        assert {"62C1", "16C"} <= set(last_ruling(second)["laws"])
        assert second["penalty_cards"] == {"S": [{"card": "DA", "kind": "major"}]}
        final = state(actions)
        assert last_ruling(final)["rectification"][-1] == "North withdrew C2"
        assert last_ruling(final)["laws"] == ["62A", "62B", "62C", "16C", "62B1", "62C1", "62C2"]
        assert final["penalty_cards"] == {
            "N": [{"card": "C2", "kind": "major"}],
            "S": [{"card": "DA", "kind": "major"}],
        }
        assert final["legal_cards"] == ["C2"]

    def test_faced_card_stays_a_penalty_card(self) -> None:
        """Law 62B2: North revoked with his penalty card, the SA, holding the HJ; corrected,
        the SA goes back as the (major) penalty card it was, with no further rectification,
        and North must follow with the HJ."""
        actions = [
            *NT,
            *(card("S", "H7"), card("W", "H2"), card("N", "H3"), card("E", "HA")),
            *(card("E", "HK"), card("S", "H8"), card("W", "H4")),
            expose("N", "SA"),
            card("N", "SA"),
            revoke("E", "N"),
        ]
        result = state(actions)
        ruling = last_ruling(result)
        assert ruling["rectification"] == [
            CORRECT_TEXT.format(seat="North", card="SA"),
            "SA was a faced card: it stays a penalty card (Law 62B2)",
        ]
        assert "62B2" in ruling["laws"]
        assert "62B1" not in ruling["laws"]
        assert result["penalty_cards"] == {"N": [{"card": "SA", "kind": "major"}]}
        assert result["turn"] == "N"
        assert result["legal_cards"] == ["HJ"]
        assert result["revokes"][0]["corrected"] is True


class TestBothSidesRevokedOnOneTrick:
    """2017 Law 62C3 with 64B8: both revokes on one trick are corrected, the second
    offender's card goes back too; no trick is transferred for the one corrected so."""

    def test_both_corrected(self) -> None:
        result = state(record("q64b8_2017_both_revokes_corrected"))
        ruling = last_ruling(result)
        assert (
            "West's revoke on the same trick is corrected too: D2 goes back"
            in (ruling["rectification"])
        )
        assert ruling["rectification"][-1] == (
            "the revoke was corrected under Law 62C3 (Law 64B8): 0 tricks to N-S"
        )
        assert {"62C3", "64B8"} <= set(ruling["laws"])
        assert result["result"] == 8
        assert result["result_before_transfers"] == 8
        west = result["revokes"][1]
        assert west["transfer"] == {"tricks": 0, "to": "NS", "law": "64B8"}
        # Dummy's revoke card goes back to dummy, not as a penalty card.
        assert result["penalty_cards"] == {"S": [{"card": "DA", "kind": "major"}]}


class TestEstablishedRevokeStands:
    """Laws 63A1 and 62C3: once the offender has played to the next trick his revoke is
    established and stands; 2017 Law 62C3 corrects it only when the other side also revoked
    on that trick."""

    def test_offenders_lead_to_the_next_trick_establishes_it(self) -> None:
        """Law 63A1: West ruffed the HA with the S3 holding hearts and led the C9; attention
        drawn before anyone else played to the trick, the revoke is established, not
        corrected, and play goes on (North to play to the C9)."""
        actions = [*record("p09_2017_revoke_two_tricks_transferred")[:11], revoke("N", "W")]
        result = state(actions)
        ruling = last_ruling(result)
        assert ruling["rectification"] == [
            "the revoke is established: the trick stands as played, and at the end of play "
            "tricks are transferred by Law 64A unless 64B applies; the Director checks that the "
            "non-offending side is compensated (Law 64C)"
        ]
        # Not 62D1 (trick twelve) nor any law of a correction.
        assert ruling["laws"] == ["63A", "63B", "64A", "64C"]
        assert result["revokes"][0]["established"] is True
        assert result["revokes"][0]["corrected"] is False
        assert result["pending"] is None
        assert result["turn"] == "N"
        assert result["legal_cards"] == ["C5", "C4", "C3", "C2"]


class TestTransfers:
    """Law 64A: the tricks transferred, in the note and in the result."""

    def test_two_tricks(self) -> None:
        """Law 64A1: the offender won the revoke trick and his side a later one: two tricks
        to the non-offending side, 9 tricks become 11."""
        result = state(record("p09_2017_revoke_two_tricks_transferred"))
        ruling = last_ruling(result)
        assert ruling["rectification"][-1] == (
            "the offender won the revoke trick: it goes to the non-offending side, with one "
            "later trick of the offending side if it won one (Law 64A1): 2 tricks to N-S"
        )
        assert "64A1" in ruling["laws"]
        assert result["result_before_transfers"] == 9
        assert result["result"] == 11
        assert result["revokes"][0]["transfer"] == {"tricks": 2, "to": "NS", "law": "64A1"}

    def test_penalty_card_revoke_transfers_nothing(self) -> None:
        """Laws 52B1, 61A, 64B3: a penalty card not played, accepted by declarer, is an
        established revoke with no trick transferred."""
        result = state(record("q61a_2017_penalty_card_not_played_is_a_revoke"))
        ruling = last_ruling(result)
        assert ruling["rectification"][-1] == (
            "the revoke was a failure to play a penalty card or a card of dummy (Law 64B3): "
            "0 tricks to E-W"
        )
        assert result["revokes"] == [
            {
                "seat": "N",
                "card": "D8",
                "trick": 3,
                "suit": "S",
                "kind": "penalty_card",
                "established": True,
                "noticed": {"by": "E", "when": "play"},
                "corrected": False,
                "ruling": ruling["id"],
                "transfer": {"tricks": 0, "to": "EW", "law": "64B3"},
            }
        ]
        assert result["result"] == result["result_before_transfers"] == 10


class TestPenaltyCardNotPlayedIsARevoke:
    """Laws 52B and 61A: a defender who plays another card when a penalty card was due has
    revoked; the revoke is recorded with the suit of the penalty card due, the one he could
    legally play."""

    def test_the_suit_due_is_the_playable_one(self) -> None:
        """Laws 50D1, 61A: North, following to diamonds with the SA and D9 as penalty cards,
        had to play the D9 (the SA he could not play); he played the DT. Accepted (52B1),
        it is a penalty-card revoke in diamonds; refused (52B2), the revoke is corrected."""
        actions = [*NT, card("S", "DA"), card("W", "D2"), expose("N", "SA", "D9"), card("N", "DT")]
        result = state(actions)
        pending = result["pending"]
        assert pending["law"] == "52B1"
        assert pending["chooser"] == "E"
        assert pending["options"] == ["accept", "refuse"]
        accepted = state([*actions, {"choose": {"seat": "E", "option": "accept"}}])
        ruling = last_ruling(accepted)
        assert accepted["revokes"] == [
            {
                "seat": "N",
                "card": "DT",
                "trick": 1,
                "suit": "D",
                "kind": "penalty_card",
                "established": False,
                "noticed": {"by": "E", "when": "play"},
                "corrected": False,
                "ruling": ruling["id"],
                "transfer": None,
            }
        ]
        assert {"52B1(a)", "61A", "64B3"} <= set(ruling["laws"])
        refused = state([*actions, {"choose": {"seat": "E", "option": "refuse"}}])
        assert refused["revokes"][0]["corrected"] is True
        assert refused["revokes"][0]["suit"] == "D"

    def test_no_single_suit_due_at_a_lead(self) -> None:
        """Laws 51A, 61A: on lead with the HJ and C2 as penalty cards, North was designated
        the HJ and led the SK; both penalty cards could have been led, so no one suit was
        due: the revoke names none."""
        actions = [
            *NT,
            *(card("S", "S4"), card("W", "S3"), card("N", "SA"), card("E", "S8")),
            expose("N", "HJ", "C2"),
            {"choose": {"seat": "E", "option": "designate_HJ"}},
            card("N", "SK"),
            {"choose": {"seat": "E", "option": "accept"}},
        ]
        result = state(actions)
        assert len(result["revokes"]) == 1
        assert result["revokes"][0]["suit"] is None
        assert result["revokes"][0]["kind"] == "penalty_card"
        assert result["revokes"][0]["trick"] == 2


class TestTransfersWhenPlayEnds:
    """Laws 63A, 64A and 64B7 when play ends by a claim or with a revoke nobody noticed."""

    def test_tricks_won_by_the_claim_count_as_later_tricks(self) -> None:
        """Laws 64A1 and 69: West's revoke won trick 1; North claimed after West led to trick
        2, conceding E-W two tricks in all: one more than the revoke trick, a later trick of
        the offending side, so two tricks go to N-S (11 become 13). Conceded one in all, the
        revoke trick alone goes (12 become 13)."""
        start = record("p09_2017_revoke_two_tricks_transferred")[:11]
        for claimed, moved, text in ((11, 2, "2 tricks"), (12, 1, "1 trick")):
            actions = [
                *start,
                {"seat": "N", "claim": claimed},
                {"seat": "E", "accept_claim": True},
                revoke("N", "W"),
            ]
            result = state(actions)
            assert result["result_before_transfers"] == claimed
            assert result["result"] == 13
            assert result["revokes"][0]["transfer"] == {"tricks": moved, "to": "NS", "law": "64A1"}
            assert result["revokes"][0]["noticed"] == {"by": "N", "when": "after_play"}
            assert last_ruling(result)["rectification"][-1] == (
                "the offender won the revoke trick: it goes to the non-offending side, with one "
                f"later trick of the offending side if it won one (Law 64A1): {text} to N-S"
            )

    def test_a_revoke_nobody_noticed_does_not_count(self) -> None:
        """Laws 64A2 and 64B7: both sides revoked and both revokes are established, but
        attention was drawn only to North's: East's revoke does not bring in 64B7, and North's
        transfers one trick to E-W (5 become 6). With both noticed, none is transferred."""
        actions = record("q64b7_2017_both_sides_revoked")
        one = state(actions[:-1])
        assert one["revokes"][0]["transfer"] == {"tricks": 1, "to": "EW", "law": "64A2"}
        assert one["revokes"][1]["noticed"] is None
        assert one["revokes"][1]["transfer"] is None
        assert (one["result_before_transfers"], one["result"]) == (5, 6)
        assert last_ruling(one)["rectification"][-1] == (
            "the offender did not win the revoke trick and his side won it or a later trick: "
            "one trick goes to the non-offending side (Law 64A2): 1 trick to E-W"
        )
        both = state(actions)
        assert [r["transfer"]["law"] for r in both["revokes"]] == ["64B7", "64B7"]
        assert both["result"] == 5

    def test_play_ending_establishes_the_revoke(self) -> None:
        """Law 63A (and 64A1): North claimed as soon as West's ruff of trick 1 was quitted,
        before West led again; the revoke is established when play ends, and attention drawn
        after play brings the transfer."""
        start = [
            *record("p09_2017_revoke_two_tricks_transferred")[:10],
            {"seat": "N", "claim": 11},
            {"seat": "E", "accept_claim": True},
        ]
        ended = state(start)
        assert ended["revokes"][0]["established"] is True
        assert ended["revokes"][0]["noticed"] is None
        assert ended["result"] == 11
        result = state([*start, revoke("N", "W")])
        assert result["revokes"][0]["transfer"] == {"tricks": 2, "to": "NS", "law": "64A1"}
        assert result["result"] == 13


class TestDummyDrawsAttention:
    """Law 43B3 (2017): dummy may draw attention to a defender's revoke during play, and the
    Director asks whether he had first breached Law 43A2; after play dummy may draw
    attention like anyone (Law 43A1 holds only during the play)."""

    def test_during_play_the_director_asks(self) -> None:
        actions = [*record("p09_2017_revoke_two_tricks_transferred")[:11], revoke("S", "W")]
        result = state(actions)
        pending = result["pending"]
        assert pending["law"] == "43B3"
        assert pending["chooser"] == "director"
        assert pending["options"] == ["dummy_violation"]
        assert pending["question"] == (
            "Dummy (South) drew attention to West's revoke during play. Had he breached Law "
            "43A2 first?"
        )
        assert result["revokes"][0]["noticed"] == {"by": "S", "when": "play"}
        # No earlier breach: Law 43A1(b) noted, then the revoke is ruled as usual (63A).
        ruled = state([*actions, director(dummy_violation=False)])
        assert last_ruling(ruled)["laws"] == ["43A1(b)", "90", "63A", "63B", "64A", "64C"]
        assert last_ruling(ruled)["rectification"][0] == (
            "dummy may not draw attention to an irregularity during play (Law 43A1(b); a "
            "procedural penalty may follow, Law 90); the revoke is ruled as usual"
        )
        # He had breached 43A2 first: no immediate rectification (Law 43B3).
        breached = state([*actions, director(dummy_violation=True)])
        assert last_ruling(breached)["laws"] == ["43B3"]

    def test_after_play_the_revoke_is_settled(self) -> None:
        """Laws 63A, 64A1: after North's claim, dummy draws attention: no question, two
        tricks to N-S."""
        actions = [
            *record("p09_2017_revoke_two_tricks_transferred")[:11],
            {"seat": "N", "claim": 11},
            {"seat": "E", "accept_claim": True},
            revoke("S", "W"),
        ]
        result = state(actions)
        assert result["pending"] is None
        assert result["revokes"][0]["noticed"] == {"by": "S", "when": "after_play"}
        assert result["revokes"][0]["transfer"] == {"tricks": 2, "to": "NS", "law": "64A1"}
        assert "43B3" not in last_ruling(result)["laws"]
        assert result["result"] == 13

    def test_a_concession_by_the_other_side_leaves_it_to_the_end_of_play(self) -> None:
        """Laws 63A and 64A2: declarer (East) revoked on trick 1, which South won; South then
        conceded the rest. The concession does not establish East's revoke (it is the other
        side's), the end of play does; attention drawn after play brings one trick to N-S."""
        actions = [
            *NT,
            *(card("S", "H7"), card("W", "H2"), card("N", "H3"), card("E", "D5")),
            {"seat": "S", "concede": True},
        ]
        ended = state(actions)
        assert ended["revokes"][0]["established"] is True
        assert ended["result"] == 12
        result = state([*actions, revoke("N", "E")])
        assert result["revokes"][0]["transfer"] == {"tricks": 1, "to": "NS", "law": "64A2"}
        assert (result["result_before_transfers"], result["result"]) == (12, 11)

    def test_dummy_asks_declarer_and_had_not_breached(self) -> None:
        """Laws 61B2(a), 43B2(b), 62B2: dummy asked declarer about his revoke before it was
        established; the Director asks whether dummy had breached Law 43A2 first. He had
        not: the revoke is corrected as usual, declarer's HK going back with no further
        rectification, and he must follow to the spade."""
        actions = record("d43b2b_2017_dummy_asks_declarer_about_a_revoke")
        asked = actions[: actions.index(revoke("W", "E")) + 1]
        pending = state(asked)["pending"]
        assert pending["law"] == "43B2(b)"
        assert pending["question"] == (
            "Had dummy (West) breached Law 43A2 (exchanged hands, left his seat to watch "
            "declarer, looked at a defender's hand) before asking about the revoke?"
        )
        result = state([*asked, director(dummy_violation=False)])
        assert result["revokes"][0]["corrected"] is True
        assert result["revokes"][0]["established"] is False
        assert last_ruling(result)["laws"] == ["62A", "62B", "62C", "16C", "62B2"]
        assert result["turn"] == "E"
        assert result["legal_cards"] == ["SJ", "ST", "S9", "S8"]
