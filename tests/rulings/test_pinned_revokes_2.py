"""Revokes (rulings/revokes.py) pinned further: 2017 Law 62C3 (both sides revoked on one
trick), revokes in the trick in progress when play ends (Laws 63A4, 64A2, 64B1) and the end
of play after dummy drew attention first having breached Law 43A2 (43B3).

The deal and the helpers are those of test_pinned_revokes.py: North AKQ2.J3.T98.5432, East
JT98.AKQ.765.AKQ, South 7654.T987.AKQ.JT, West 3.6542.J432.9876; East declares 1NT.
"""

from __future__ import annotations

from typing import Any

from dupbridge.core.event_json import event_to_json
from dupbridge.core.events import IrregularityFlagged, Rectified
from dupbridge.rulings.solver import ExhaustiveSolver
from dupbridge.services.records import run_record
from tests.rulings.test_auction_pins import DEAL, choose, director, state
from tests.rulings.test_pinned_revokes import (
    CORRECT_TEXT,
    NT,
    card,
    expose,
    last_ruling,
    record,
    revoke,
)

# East wins trick 1 (South leads the H7) and leads the CA to trick 2.
TRICK_ONE = [card("S", "H7"), card("W", "H2"), card("N", "H3"), card("E", "HA")]

# Trick 2: East's CA, South's DA (he holds the CJ and CT), dummy's D2 (he holds four clubs),
# North's C2; East leads the CK to trick 3. Only East-West have played to trick 3.
BOTH_REVOKED = [
    *NT,
    *TRICK_ONE,
    card("E", "CA"),
    card("S", "DA"),
    card("W", "D2"),
    card("N", "C2"),
    card("E", "CK"),
]

ESTABLISHED_TEXT = (
    "the revoke is established: the trick stands as played, and at the end of play tricks are "
    "transferred by Law 64A unless 64B applies; the Director checks that the non-offending side "
    "is compensated (Law 64C)"
)
ESTABLISHED_LAWS = ["63A", "63B", "64A", "64C"]


def revoke_of(result: dict[str, Any], seat: str) -> dict[str, Any]:
    (found,) = [item for item in result["revokes"] if item["seat"] == seat]
    return found


class TestLaw62C3:
    """2017 Law 62C3: a revoke by each side on one trick, corrected before both sides have
    played to the next trick: both are corrected, and what the defenders take back turns into
    penalty cards; otherwise (Law 63B) an established revoke stands."""

    def test_the_other_revoke_found_by_the_director(self) -> None:
        """South's revoke is the one attention is drawn to (by East); dummy's, on the same
        trick and already established, is found by the Director and counts as noticed then,
        by East during play."""
        result = state(record("q64b8_2017_both_revokes_corrected"))
        assert revoke_of(result, "W")["noticed"] == {"by": "E", "when": "play"}
        assert revoke_of(result, "W")["corrected"] is True
        # Each law once: 62C3 for the correction of both, 64B8 for the transfer (none).
        assert last_ruling(result)["laws"] == [
            "62C3",
            "62A",
            "62B",
            "62C",
            "16C",
            "62B1",
            "64B8",
            "64C",
        ]

    def test_the_established_revoke_noticed_corrects_the_earlier_one_too(self) -> None:
        """Attention drawn (by North) to dummy's established revoke: it is corrected under
        62C3, and so is South's DA, played to the trick before it: the DA goes back and is a
        major penalty card (a defender's card withdrawn), South must follow with a club, and
        the cards played after dummy's D2 are set aside."""
        result = state([*BOTH_REVOKED, revoke("N", "W")])
        ruling = last_ruling(result)
        assert ruling["laws"] == ["62C3", "62A", "62B", "62C", "16C", "62B2"]
        assert ruling["rectification"] == [
            CORRECT_TEXT.format(seat="West", card="D2"),
            "D2 goes back to West's hand with no further rectification (Law 62B2)",
            "South's revoke on the same trick is corrected too: DA goes back",
        ]
        assert result["penalty_cards"] == {"S": [{"card": "DA", "kind": "major"}]}
        assert result["set_aside"] == [{"seat": "N", "card": "C2"}, {"seat": "E", "card": "CK"}]
        assert result["turn"] == "S"
        assert result["legal_cards"] == ["CJ", "CT"]
        south, west = revoke_of(result, "S"), revoke_of(result, "W")
        assert (south["corrected"], west["corrected"]) == (True, True)
        assert south["noticed"] == {"by": "N", "when": "play"}
        assert (south["established"], west["established"]) == (False, True)

    def test_played_out_no_trick_is_transferred(self) -> None:
        """Laws 62C3 and 64B8: played on (South the CJ, dummy the C6, East keeps his CK) and
        claimed, East's 8 tricks stand: the corrected revokes transfer nothing."""
        actions = [
            *BOTH_REVOKED,
            revoke("N", "W"),
            card("S", "CJ"),
            card("W", "C6"),
            choose("E", "keep"),
            {"seat": "E", "claim": 8},
            {"seat": "N", "accept_claim": True},
        ]
        result = state(actions)
        assert revoke_of(result, "W")["transfer"] == {"tricks": 0, "to": "NS", "law": "64B8"}
        assert revoke_of(result, "S")["transfer"] is None
        assert (result["result_before_transfers"], result["result"]) == (8, 8)
        assert result["penalty_cards"] == {"S": [{"card": "DA", "kind": "major"}]}
        assert last_ruling(result)["rectification"][-1] == (
            "the revoke was corrected under Law 62C3 (Law 64B8): 0 tricks to N-S"
        )

    def test_both_sides_on_the_next_trick(self) -> None:
        """Laws 63A1, 63B: once South has also played to trick 3 both revokes are established
        and 62C3 no longer applies: South's stands, dummy's is untouched."""
        result = state([*BOTH_REVOKED, card("S", "CJ"), revoke("E", "S")])
        ruling = last_ruling(result)
        assert ruling["laws"] == ESTABLISHED_LAWS
        assert ruling["rectification"] == [ESTABLISHED_TEXT]
        assert revoke_of(result, "S")["corrected"] is False
        assert revoke_of(result, "W") == {
            "seat": "W",
            "card": "D2",
            "trick": 2,
            "suit": "C",
            "kind": "dummy",
            "established": True,
            "noticed": None,
            "corrected": False,
            "ruling": None,
            "transfer": None,
        }
        assert result["penalty_cards"] == {}
        assert result["turn"] == "W"

    def test_a_partners_revoke_is_not_the_other_sides(self) -> None:
        """Laws 62A, 62C: South and North (one side) both revoked on trick 2; South's revoke,
        not yet established, is corrected alone, without 62C3: North's D8 is only set aside
        with the cards after South's DA."""
        actions = [
            *NT,
            *TRICK_ONE,
            card("E", "CA"),
            card("S", "DA"),
            card("W", "C6"),
            card("N", "D8"),
            card("E", "CK"),
            revoke("E", "S"),
        ]
        result = state(actions)
        assert last_ruling(result)["laws"] == ["62A", "62B", "62C", "16C", "62B1"]
        north = revoke_of(result, "N")
        assert (north["corrected"], north["noticed"]) == (False, None)
        assert result["set_aside"] == [
            {"seat": "W", "card": "C6"},
            {"seat": "N", "card": "D8"},
            {"seat": "E", "card": "CK"},
        ]
        assert result["penalty_cards"] == {"S": [{"card": "DA", "kind": "major"}]}

    def test_a_revoke_on_another_trick_is_not_corrected(self) -> None:
        """Laws 63B, 62C3: dummy revoked on trick 1 (established), South on trick 2; South's
        is corrected alone, dummy's stays as played."""
        actions = [
            *NT,
            *(card("S", "H7"), card("W", "D2"), card("N", "H3"), card("E", "HA")),
            *(card("E", "CA"), card("S", "DA"), card("W", "C6"), card("N", "C2")),
            card("E", "CK"),
            revoke("E", "S"),
        ]
        result = state(actions)
        assert last_ruling(result)["laws"] == ["62A", "62B", "62C", "16C", "62B1"]
        west = revoke_of(result, "W")
        assert (west["corrected"], west["noticed"], west["established"]) == (False, None, True)
        assert result["turn"] == "S"
        assert result["legal_cards"] == ["CJ", "CT"]

    def test_an_already_corrected_revoke_does_not_count(self) -> None:
        """Laws 62A, 63B: South's revoke on trick 2 was corrected at once; dummy then revoked
        on the same trick and East led to trick 3. Attention drawn to dummy's revoke, it is
        established and stands: South's corrected revoke does not make it a 62C3 case."""
        actions = [
            *NT,
            *TRICK_ONE,
            card("E", "CA"),
            card("S", "DA"),
            revoke("E", "S"),
            card("S", "CJ"),
            card("W", "D2"),
            card("N", "C2"),
            card("E", "CK"),
            revoke("N", "W"),
        ]
        result = state(actions)
        ruling = last_ruling(result)
        assert ruling["laws"] == ESTABLISHED_LAWS
        assert ruling["rectification"] == [ESTABLISHED_TEXT]
        assert revoke_of(result, "W")["corrected"] is False
        assert result["turn"] == "S"
        assert result["legal_cards"] == ["CT"]


class TestRevokeInTheTrickInProgress:
    """Laws 63A4, 64A2, 64B1: South revoked on trick 2 (the DA on East's CA) and East claimed
    at once; South's agreement establishes the revoke. The revoke trick was never completed,
    so only the tricks the claim leaves to North-South can be the revoke trick or later ones."""

    def claimed(self, tricks: int) -> dict[str, Any]:
        actions = [
            *NT,
            *TRICK_ONE,
            card("E", "CA"),
            card("S", "DA"),
            {"seat": "E", "claim": tricks},
            {"seat": "S", "accept_claim": True},
            revoke("E", "S"),
        ]
        return state(actions)

    def test_offending_side_took_tricks_by_the_claim(self) -> None:
        """Law 64A2: North-South take five tricks by the claim: one goes to East-West."""
        result = self.claimed(8)
        south = revoke_of(result, "S")
        assert south["established"] is True
        assert south["noticed"] == {"by": "E", "when": "after_play"}
        assert south["transfer"] == {"tricks": 1, "to": "EW", "law": "64A2"}
        assert (result["result_before_transfers"], result["result"]) == (8, 9)
        ruling = last_ruling(result)
        assert ruling["laws"] == [*ESTABLISHED_LAWS, "64A2"]
        assert ruling["rectification"][-1] == (
            "the offender did not win the revoke trick and his side won it or a later trick: "
            "one trick goes to the non-offending side (Law 64A2): 1 trick to E-W"
        )

    def test_offending_side_took_nothing(self) -> None:
        """Law 64B1: East claims all thirteen: North-South won neither the revoke trick nor
        a later one, nothing is transferred."""
        result = self.claimed(13)
        assert revoke_of(result, "S")["transfer"] == {"tricks": 0, "to": "EW", "law": "64B1"}
        assert result["result"] == 13
        assert last_ruling(result)["rectification"][-1] == (
            "the offending side won neither the revoke trick nor any later one (Law 64B1): "
            "0 tricks to E-W"
        )


class TestDummyBreachedFirst:
    """Law 43B3: dummy, having breached Law 43A2, drew attention first to a defender's
    revoke: no rectification, play goes on as if nothing had happened, the declaring side
    keeps the score it made, and only the defenders' score may be adjusted (the Director's
    review). No trick is transferred at the end of play (this transferred them by Law 64
    before)."""

    def test_no_transfer_after_a_claim(self) -> None:
        """West's revoke won trick 1 (64A1 would transfer two tricks); North makes 9."""
        actions = [
            *record("p09_2017_revoke_two_tricks_transferred")[:11],
            revoke("S", "W"),
            director(dummy_violation=True),
            card("N", "C2"),
            card("E", "CK"),
            card("S", "CT"),
            {"seat": "N", "claim": 9},
            {"seat": "E", "accept_claim": True},
        ]
        result = state(actions)
        assert result["phase"] == "finished"
        assert result["revokes"][0]["established"] is True
        assert result["revokes"][0]["transfer"] is None
        assert result["result"] == 9
        assert result["tricks"] == {"NS": 9, "EW": 4}
        assert last_ruling(result)["laws"] == ["43B3"]
        assert [(r["law"], r["decision"]) for r in result["reviews"]] == [("43B3", None)]

    def test_no_transfer_when_play_ends_by_a_concession(self) -> None:
        """South's revoke in the trick in progress, dummy (West) first to draw attention;
        declarer concedes the rest: the end of play establishes the revoke (63A) but
        transfers nothing."""
        actions = [
            *NT,
            *TRICK_ONE,
            card("E", "CA"),
            card("S", "DA"),
            revoke("W", "S"),
            director(dummy_violation=True),
            {"seat": "E", "concede": True},
        ]
        result = state(actions)
        south = revoke_of(result, "S")
        assert (south["established"], south["corrected"], south["transfer"]) == (True, False, None)
        assert result["result"] == 1
        assert last_ruling(result)["laws"] == ["43B3"]


def logged(actions: list[dict[str, Any]]) -> tuple[int, list[dict[str, Any]]]:
    """The last ruling's number and the effects logged from its flag on (the Rectified events
    of the table's log, as the stored log writes them)."""
    record = {"board": 1, "deal": DEAL, "edition": "2017", "mode": "recording"}
    run = run_record({**record, "actions": actions}, claims=ExhaustiveSolver())
    assert run.error is None
    events = run.table.events
    start = max(i for i, event in enumerate(events) if isinstance(event, IrregularityFlagged))
    effects = [
        event_to_json(event)["effect"] for event in events[start:] if isinstance(event, Rectified)
    ]
    return events[start].seq, effects


def kinds(effects: list[dict[str, Any]]) -> list[tuple[str, int]]:
    return [(effect["type"], effect["ruling"]) for effect in effects]


class TestLoggedEffects:
    """The log records every effect of a revoke ruling under that ruling's number (the
    Director's record of who did what under which ruling, Law 81C), in the order the laws
    apply them."""

    def test_corrected_then_cards_withdrawn(self) -> None:
        """Laws 62B1, 62C1, 62C2: South's DA back as a penalty card, West's and North's later
        cards set aside, then withdrawn at their owners' choice."""
        ruling, effects = logged(record("p08_2017_revoke_corrected_later_cards_withdrawn"))
        assert kinds(effects) == [
            (kind, ruling)
            for kind in (
                "Notice",
                "Note",
                "Corrected",
                "SetAside",
                "Withdraw",
                "PenaltyCard",
                "Note",
                "Pend",
                "Resolve",
                "Withdraw",
                "Mark",
                "Note",
                "Pend",
                "Resolve",
                "Withdraw",
                "PenaltyCard",
                "Note",
            )
        ]
        assert effects[10]["key"] == f"62C1:{ruling}"

    def test_a_kept_card_is_placed_again(self) -> None:
        """Law 62C1: East keeps his CK, which is placed back in the trick."""
        ruling, effects = logged(record("p08_2017_revoke_corrected"))
        assert kinds(effects)[-3:] == [("Pend", ruling), ("Resolve", ruling), ("Place", ruling)]
        assert (effects[-1]["seat"], effects[-1]["card"]) == ("E", "CK")

    def test_both_sides_corrected_in_reverse(self) -> None:
        """2017 Laws 62C3, 64B8: dummy's revoke noticed; South's, on the same trick, is
        noticed by the Director, corrected and withdrawn as a penalty card, all under the one
        ruling; the transfer (none) is that ruling's too."""
        actions = [
            *BOTH_REVOKED,
            revoke("N", "W"),
            card("S", "CJ"),
            card("W", "C6"),
            choose("E", "keep"),
            {"seat": "E", "claim": 8},
            {"seat": "N", "accept_claim": True},
        ]
        ruling, effects = logged(actions)
        assert kinds(effects) == [
            (kind, ruling)
            for kind in (
                "Notice",
                "Note",
                "Corrected",
                "SetAside",
                "Withdraw",
                "Note",
                "Notice",
                "Corrected",
                "Withdraw",
                "PenaltyCard",
                "Note",
                "Place",
                "Pend",
                "Resolve",
                "Place",
                "Transfer",
                "Note",
            )
        ]
        assert effects[8] == {"type": "Withdraw", "ruling": ruling, "seat": "S", "card": "DA"}
        assert effects[9]["major"] is True
        assert effects[10]["laws"] == ["Law 62C3 (2017)"]

    def test_dummy_asked_declarer_having_breached(self) -> None:
        """Law 43B2(b): declarer's card is replaced and the revoke treated as established
        under 43B2(b) itself, all logged under the ruling."""
        actions = record("d43b2b_2017_dummy_asks_declarer_about_a_revoke")
        asked = actions[: actions.index(revoke("W", "E")) + 1]
        ruling, effects = logged([*asked, director(dummy_violation=True)])
        assert kinds(effects) == [
            (kind, ruling)
            for kind in (
                "Notice",
                "Pend",
                "Resolve",
                "Note",
                "Corrected",
                "Withdraw",
                "Note",
                "Establish",
                "Review",
            )
        ]
        assert effects[7]["law"] == "Law 43B2(b) (2017)"

    def test_penalty_card_revoke_corrected(self) -> None:
        """Laws 52B2, 61A: declarer refuses North's DT; the revoke is recorded, noticed and
        corrected under the Law 52 ruling."""
        actions = [
            *NT,
            card("S", "DA"),
            card("W", "D2"),
            expose("N", "SA", "D9"),
            card("N", "DT"),
            choose("E", "refuse"),
        ]
        ruling, effects = logged(actions)
        assert kinds(effects)[3:6] == [
            ("Revoked", ruling),
            ("Notice", ruling),
            ("Corrected", ruling),
        ]

    def test_faced_card_back_as_penalty_card(self) -> None:
        """Law 62B2: North's faced SA, played as his revoke card, goes back as the penalty
        card it was, logged under the ruling."""
        actions = [
            *NT,
            *(card("S", "H7"), card("W", "H2"), card("N", "H3"), card("E", "HA")),
            *(card("E", "HK"), card("S", "H8"), card("W", "H4")),
            expose("N", "SA"),
            card("N", "SA"),
            revoke("E", "N"),
        ]
        ruling, effects = logged(actions)
        assert kinds(effects) == [
            (kind, ruling)
            for kind in ("Notice", "Note", "Corrected", "Withdraw", "PenaltyCard", "Note")
        ]
        assert effects[4] == {
            "type": "PenaltyCard",
            "ruling": ruling,
            "seat": "N",
            "card": "SA",
            "major": True,
        }

    def test_the_question_logged_names_the_revoke(self) -> None:
        """Laws 61B2(a), 43B2(b): the Director's pending question is logged with the case it
        is about: East's revoke card (the HK) on trick 5, whoever asked and whenever."""
        actions = record("d43b2b_2017_dummy_asks_declarer_about_a_revoke")
        asked = actions[: actions.index(revoke("W", "E")) + 1]
        _ruling, effects = logged(asked)
        case = effects[1]["pending"]["token"]["case"]
        assert (case["card"], case["cards"], case["trick"]) == ("HK", ["HK"], 5)
        assert (case["offender"], case["index"], case["others"]) == ("E", 0, [])


class TestTrickTwelveAfterPlay:
    """Laws 62D1, 64B6: East's revoke on trick 12, established by the play to trick 13, is
    found after play: it is corrected all the same (the cards of trick 13 set aside, play
    resumes), and when play ends again no trick is transferred, said once."""

    def test_corrected_then_no_transfer(self) -> None:
        actions = record("q64b6_2017_revoke_on_trick_twelve")
        noticed = actions[: actions.index(revoke("S", "E")) + 1]
        result = state(noticed)
        assert result["phase"] == "play"
        ruling = last_ruling(result)
        assert ruling["laws"] == ["62D1", "62A", "62B", "62C", "16C", "62B2"]
        assert ruling["rectification"] == [
            CORRECT_TEXT.format(seat="East", card="S8"),
            "S8 goes back to East's hand with no further rectification (Law 62B2)",
        ]
        assert result["revokes"][0]["noticed"] == {"by": "S", "when": "after_play"}
        assert result["revokes"][0]["transfer"] is None
        assert (result["turn"], result["legal_cards"]) == ("E", ["HA"])
        final = state(actions)
        ruling = last_ruling(final)
        assert ruling["laws"] == ["62D1", "62A", "62B", "62C", "16C", "62B2", "64B6", "64C"]
        assert ruling["rectification"][2:] == [
            "the revoke was on the twelfth trick (Law 64B6): 0 tricks to N-S"
        ]
        assert final["revokes"][0]["transfer"] == {"tricks": 0, "to": "NS", "law": "64B6"}
        # The cards of the two tricks after the revoke go back, logged under the ruling.
        ruling, effects = logged(actions)
        withdrawn = [
            (e["seat"], e["card"], e["ruling"]) for e in effects if e["type"] == "Withdraw"
        ]
        assert withdrawn == [
            (seat, text, ruling)
            for seat, text in (("E", "S8"), ("S", "S7"), ("W", "D3"), ("N", "SK"), ("E", "HA"))
        ]


class TestTransfersAtTheEnd:
    """Laws 63A, 64A2, 64B3 and 70D: the transfers worked out when play ends, whoever ends
    it, and from the result the Director rules on a disputed claim."""

    def test_penalty_card_revoke_established_when_play_ends(self) -> None:
        """Laws 52B1, 61A, 63A, 64B3: declarer accepted North's DT (a penalty card was due)
        and then conceded the rest; North's side never played to the next trick, so the end
        of play establishes the revoke (logged under Law 63A) and it transfers nothing."""
        actions = [
            *NT,
            card("S", "DA"),
            card("W", "D2"),
            expose("N", "SA", "D9"),
            card("N", "DT"),
            choose("E", "accept"),
            {"seat": "E", "concede": True},
        ]
        result = state(actions)
        assert result["revokes"][0]["established"] is True
        assert result["revokes"][0]["transfer"] == {"tricks": 0, "to": "EW", "law": "64B3"}
        assert last_ruling(result)["rectification"][-1] == (
            "the revoke was a failure to play a penalty card or a card of dummy (Law 64B3): "
            "0 tricks to E-W"
        )
        _ruling, effects = logged(actions)
        assert {"type": "Establish", "ruling": 0, "index": 0, "law": "Law 63A (2017)"} in effects

    def test_a_revoke_nobody_noticed_before_the_one_noticed(self) -> None:
        """Laws 64A2, 64B7: East revoked on trick 1 unnoticed, North on trick 3; after East's
        claim of nine, attention is drawn to North's only: it transfers one trick (9 become
        10), East's neither transfers nor brings in 64B7."""
        actions = [
            *NT,
            *(card("S", "H7"), card("W", "H2"), card("N", "H3"), card("E", "D5")),
            *(card("S", "CJ"), card("W", "C6"), card("N", "C2"), card("E", "CA")),
            *(card("E", "SJ"), card("S", "S4"), card("W", "S3"), card("N", "HJ")),
            *(card("E", "CK"), card("S", "CT")),
            {"seat": "E", "claim": 9},
            {"seat": "S", "accept_claim": True},
            revoke("E", "N"),
        ]
        result = state(actions)
        assert revoke_of(result, "E")["transfer"] is None
        assert revoke_of(result, "N")["transfer"] == {"tricks": 1, "to": "EW", "law": "64A2"}
        assert (result["result_before_transfers"], result["result"]) == (9, 10)

    def test_from_the_result_the_director_rules(self) -> None:
        """Laws 70D, 64A2: North revoked on trick 2 (the D9, holding clubs), noticed once
        established; his claim is disputed and the Director rules seven tricks: the transfer
        (one trick to East-West, his side having won later tricks) is worked out from those
        seven: 7 become 6."""
        actions = list(record("c70_2017_contested_claim_ruled"))
        first = actions.index(card("N", "C2"))
        actions[first] = card("N", "D9")
        actions[actions.index(card("N", "D9"), first + 1)] = card("N", "D8")
        actions.insert(actions.index(card("S", "H9")) + 1, revoke("E", "N"))
        result = state(actions)
        assert result["revokes"][0]["established"] is True
        assert result["revokes"][0]["transfer"] == {"tricks": 1, "to": "EW", "law": "64A2"}
        assert (result["result_before_transfers"], result["result"]) == (7, 6)
