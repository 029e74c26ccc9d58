"""Revokes (rulings/revokes.py) pinned further, third part: the cards set aside after a
corrected revoke (Laws 62C1, 62C2) when another revoke was corrected earlier or when the
card is its owner's only legal one, and 2017 Law 64B7 when play ends.

The deal and the helpers are those of test_pinned_revokes.py: North AKQ2.J3.T98.5432, East
JT98.AKQ.765.AKQ, South 7654.T987.AKQ.JT, West 3.6542.J432.9876; East declares 1NT.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tests.rulings.test_auction_pins import choose, director, state
from tests.rulings.test_pinned_revokes import NT, card, last_ruling, record, revoke
from tests.rulings.test_pinned_revokes_2 import TRICK_ONE, revoke_of


class TestCardsSetAside:
    """Law 62C1: each member of the non-offending side may withdraw a card he played after
    the revoke; one who could play nothing else is simply left with it."""

    def test_an_earlier_correction_does_not_change_the_offender(self) -> None:
        """East's revoke on trick 1 was corrected at once. On trick 2 South revokes (the DA
        on East's CA) and dummy plays the C6 before attention is drawn: the offender now is
        South, so dummy's C6 is a non-offender's card and declarer chooses whether to leave
        it (62C1), under the new ruling. (It was placed back without the choice, as if
        East-West were still the offenders.)"""
        actions = [
            *NT,
            *(card("S", "H7"), card("W", "H2"), card("N", "H3"), card("E", "D5")),
            revoke("N", "E"),
            card("E", "HA"),
            *(card("E", "CA"), card("S", "DA"), card("W", "C6")),
            revoke("E", "S"),
        ]
        ruling = last_ruling(state(actions))["id"]
        result = state([*actions, card("S", "CJ")])
        pending = result["pending"]
        assert pending["law"] == "62C1"
        assert pending["chooser"] == "E"
        assert pending["ruling"] == ruling
        assert pending["question"] == (
            "West played C6 after the revoke: does he leave it played or withdraw it?"
        )
        withdrawn = state([*actions, card("S", "CJ"), choose("E", "withdraw")])
        assert withdrawn["turn"] == "W"
        assert withdrawn["legal_cards"] == ["C9", "C8", "C7", "C6"]
        assert last_ruling(withdrawn)["rectification"][-1] == "West withdrew C6"

    def test_another_revoke_noticed_meanwhile(self) -> None:
        """North's revoke (trick 2) is being corrected, East's CA set aside; before North
        substitutes, South draws attention to East's own revoke on trick 1 (established, it
        stands, Law 63B). The correction under way is still North's: East, non-offending
        for it, chooses about his CA (62C1), under the correction's ruling."""
        actions = [
            *NT,
            *(card("S", "H7"), card("W", "H2"), card("N", "H3"), card("E", "D5")),
            *(card("S", "CJ"), card("W", "C6"), card("N", "D8"), card("E", "CA")),
            revoke("E", "N"),
        ]
        correcting = last_ruling(state(actions))["id"]
        result = state([*actions, revoke("S", "E"), card("N", "C2")])
        assert revoke_of(result, "E")["corrected"] is False
        pending = result["pending"]
        assert (pending["law"], pending["chooser"], pending["ruling"]) == ("62C1", "E", correcting)

    def test_only_legal_card_is_left_played(self) -> None:
        """Dummy's singleton S3, played after South's revoke on East's SJ, is his only
        spade: no choice is offered, it stays in the trick and North plays next."""
        actions = [
            *NT,
            *TRICK_ONE,
            *(card("E", "SJ"), card("S", "H8"), card("W", "S3")),
            revoke("E", "S"),
        ]
        result = state([*actions, card("S", "S4")])
        assert result["pending"] is None
        assert result["set_aside"] == []
        assert result["turn"] == "N"
        assert result["legal_cards"] == ["SA", "SK", "SQ", "S2"]

    def test_a_choice_between_two_legal_cards(self) -> None:
        """North's H3 after dummy's revoke: he also holds the HJ, so he chooses (62C1)."""
        actions = [*NT, card("S", "HT"), card("W", "D2"), card("N", "H3"), revoke("N", "W")]
        result = state([*actions, card("W", "H2")])
        pending = result["pending"]
        assert (pending["law"], pending["chooser"]) == ("62C1", "N")
        assert pending["options"] == ["keep", "withdraw"]


class TestBothEstablishedWhenPlayEnds:
    """2017 Law 64B7: both sides revoked and both revokes are established: no transfer,
    however play ended. East's revoke (trick 1) was established and noticed during play;
    North's (trick 3) was first noticed by dummy having breached Law 43A2 (43B3: no
    rectification) and is established only when play ends. East's conceding the rest
    established North's revoke in the same step as the transfers were worked out, and East's
    revoke still transferred a trick (64A2), while North's claim, agreed to, gave 64B7."""

    START: ClassVar[list[dict[str, Any]]] = [
        *NT,
        *(card("S", "H7"), card("W", "H2"), card("N", "H3"), card("E", "D5")),
        *(card("S", "CJ"), card("W", "C6"), card("N", "C2"), card("E", "CA")),
        revoke("S", "E"),
        *(card("E", "SJ"), card("S", "S4"), card("W", "S3"), card("N", "HJ")),
        revoke("W", "N"),
        director(dummy_violation=True),
    ]

    def test_concession_by_the_other_side(self) -> None:
        result = state([*self.START, {"seat": "E", "concede": True}])
        east, north = revoke_of(result, "E"), revoke_of(result, "N")
        assert (east["established"], north["established"]) == (True, True)
        assert east["transfer"] == {"tricks": 0, "to": "NS", "law": "64B7"}
        assert north["transfer"] is None  # Law 43B3
        assert (result["result_before_transfers"], result["result"]) == (2, 2)

    def test_claim_agreed(self) -> None:
        actions = [*self.START, {"seat": "N", "claim": 11}, {"seat": "E", "accept_claim": True}]
        result = state(actions)
        assert revoke_of(result, "E")["transfer"] == {"tricks": 0, "to": "NS", "law": "64B7"}
        assert result["result"] == 2


class TestSecondRevokeInTheSameSuit:
    """Law 64B2 needs the first revoke in the suit established: South's first club revoke
    (trick 2) was corrected at once, so his second (trick 3, the DK holding the CT), noticed
    once established, transfers a trick by 64A2 when play ends (9 become 10)."""

    def test_first_corrected_second_transfers(self) -> None:
        actions = [
            *NT,
            *TRICK_ONE,
            *(card("E", "CA"), card("S", "DA")),
            revoke("E", "S"),
            *(card("S", "CJ"), card("W", "C6"), card("N", "C2")),
            *(card("E", "CK"), card("S", "DK"), card("W", "C7"), card("N", "C3")),
            *(card("E", "SJ"), card("S", "S4")),
            revoke("E", "S"),
            {"seat": "E", "claim": 9},
            {"seat": "S", "accept_claim": True},
        ]
        result = state(actions)
        first, second = result["revokes"]
        assert (first["corrected"], first["established"], first["transfer"]) == (True, False, None)
        assert second["transfer"] == {"tricks": 1, "to": "EW", "law": "64A2"}
        assert (result["result_before_transfers"], result["result"]) == (9, 10)


class TestTransferFromTheRuledClaim:
    """Laws 70 and 64A2/64B1: North revoked on trick 1 (the D8 holding hearts; East won it),
    established and noticed on trick 2; East claims eleven and South disputes. The transfer
    is worked out from the tricks the Director rules, not from the claim: all thirteen to
    East-West leave North-South no trick after the revoke trick (64B1, nothing transferred);
    eleven leave them two, so one trick goes to East-West (64A2)."""

    def test_ruled_result_decides(self) -> None:
        actions = [
            *NT,
            *(card("S", "H7"), card("W", "H2"), card("N", "D8"), card("E", "HA")),
            *(card("E", "CA"), card("S", "CJ")),
            revoke("E", "N"),
            *(card("W", "C6"), card("N", "C2")),
            {"seat": "E", "claim": 11},
            {"seat": "S", "reject_claim": True},
        ]
        for ruled, transfer, final in (
            (13, {"tricks": 0, "to": "EW", "law": "64B1"}, 13),
            (11, {"tricks": 1, "to": "EW", "law": "64A2"}, 12),
        ):
            result = state([*actions, director(tricks=ruled)])
            assert result["revokes"][0]["transfer"] == transfer
            assert (result["result_before_transfers"], result["result"]) == (ruled, final)


class TestTransferAfterTricksDisputed:
    """Laws 79B1, 69B and 64A1: West's revoke won trick 1 and North claimed eleven, East
    agreeing (two tricks transferred, East-West having a later trick by the claim). East then
    disputes the tricks; after an agreed claim the Director applies 69B (79B1) and gives
    East-West one trick in all, North twelve: East-West's only trick is the revoke trick, so
    one trick is transferred, worked out from the ruled twelve, not the eleven."""

    def test_transfer_from_the_ruled_tricks(self) -> None:
        actions = [
            *record("p09_2017_revoke_two_tricks_transferred")[:11],
            {"seat": "N", "claim": 11},
            {"seat": "E", "accept_claim": True},
            revoke("N", "W"),
            {"seat": "E", "report": "tricks_disputed"},
            director(tricks=1),
        ]
        result = state(actions)
        assert result["revokes"][0]["transfer"] == {"tricks": 1, "to": "NS", "law": "64A1"}
        assert (result["result_before_transfers"], result["result"]) == (12, 13)
