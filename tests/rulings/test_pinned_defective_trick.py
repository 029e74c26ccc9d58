"""Law 67B1 found once play is over: the deemed revoke transfers its trick (Law 64A2) through
the revoke machinery of Laws 63-64, with the exceptions of Law 64B; attention was drawn by
the player who reported the defective trick, not by the offender.

The records' deal, board 1 (North deals, nobody vulnerable): East plays 1NT, South leads;
in the full play below East makes 6 tricks (one down). Both editions rule alike here: 2007
Law 67B1 also deems a revoke and transfers one trick by Law 64A2.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.rulings.test_pinned_engine import logged, state
from tests.rulings.test_pinned_play import ONE_NT, TRICK_1, TRICK_2, card, report

EDITIONS = ("2017", "2007")


def trick(leader: str, cards: str) -> list[dict[str, Any]]:
    """The four cards of one trick, played in rotation from ``leader``."""
    first = "NESW".index(leader)
    return [card("NESW"[(first + i) % 4], text) for i, text in enumerate(cards.split())]


#: Tricks 3-13: North wins 3-5, East 6-8, South 9-12, East 13.
REST = [
    *trick("E", "SJ S7 S3 SA"),
    *trick("N", "SK ST S6 H6"),
    *trick("N", "SQ S9 S5 H5"),
    *trick("N", "S2 S8 S4 H4"),
    *trick("E", "HK HT DJ HJ"),
    *trick("E", "HQ H9 D4 DT"),
    *trick("E", "D7 DA D3 D9"),
    *trick("S", "H8 D2 D8 D6"),
    *trick("S", "DK C9 C5 D5"),
    *trick("S", "DQ C8 C4 CK"),
    *trick("S", "CT C7 C3 CQ"),
]
#: All thirteen tricks: 1NT by East one down (6 tricks), 50 to North-South.
PLAYED = [*ONE_NT, *TRICK_1, *TRICK_2, *REST]
#: East claims 8 tricks after trick 2 and South agrees: play is over.
CLAIMED = [
    *ONE_NT,
    *TRICK_1,
    *TRICK_2,
    {"seat": "E", "claim": 8},
    {"seat": "S", "accept_claim": True},
]


def omitted(reporter: str, trick: int = 1) -> dict[str, Any]:
    """``reporter`` reports that West (dummy) omitted to play to ``trick``."""
    return report(reporter, "defective_trick", "W", trick=trick, cards="omitted")


def revoke_of(result: dict[str, Any], seat: str) -> dict[str, Any]:
    (revoke,) = [r for r in result["revokes"] if r["seat"] == seat]
    return revoke


@pytest.mark.parametrize("edition", EDITIONS)
class TestAfterTheLastTrick:
    def test_the_full_play_without_the_report(self, edition: str) -> None:
        result = state(PLAYED, edition)
        assert (result["result"], result["score"]) == (6, {"NS": 50, "EW": -50})
        assert result["revokes"] == []

    def test_one_trick_transferred_by_64a2(self, edition: str) -> None:
        """Laws 67B1, 64A2: West's side won tricks after trick 1, so one trick goes to
        North-South: East's 6 tricks become 5, two down."""
        result = state([*PLAYED, omitted("S")], edition)
        assert result["error"] is None
        assert result["phase"] == "finished"
        assert (result["result_before_transfers"], result["result"]) == (6, 5)
        assert result["tricks"] == {"NS": 8, "EW": 5}
        assert result["score"] == {"NS": 100, "EW": -100}
        revoke = revoke_of(result, "W")
        assert (revoke["card"], revoke["trick"], revoke["kind"]) == ("H2", 1, "defective")
        assert revoke["established"] is True
        assert revoke["transfer"] == {"tricks": 1, "to": "NS", "law": "67B1"}
        ruling = result["rulings"][-1]
        assert ruling["laws"] == ["67B1", "64A2"]
        assert ruling["rectification"][-1] == (
            "the offender did not win the revoke trick and his side won it or a later trick: "
            "one trick goes to the non-offending side (Law 64A2): 1 trick to N-S"
        )

    def test_the_transfer_is_logged_under_the_ruling(self, edition: str) -> None:
        actions = [*PLAYED, omitted("S")]
        assert logged(actions, len(actions) - 1, edition) == [
            ("Note", 74),
            ("Revoked", 74),
            ("Notice", 74),
            ("Establish", 74),
            ("Transfer", 74),
            ("Note", 74),
        ]

    def test_noticed_by_the_reporter_after_play(self, edition: str) -> None:
        """Attention was drawn by North, who reported it; West is the offender."""
        revoke = revoke_of(state([*PLAYED, omitted("N")], edition), "W")
        assert revoke["noticed"] == {"by": "N", "when": "after_play"}


@pytest.mark.parametrize("edition", EDITIONS)
class TestAfterAClaim:
    def test_one_trick_transferred_after_an_agreed_claim(self, edition: str) -> None:
        """Play ended with East's claim of 8 (agreed); the defective trick 1 found then is a
        deemed revoke noticed after play and transfers one trick: 8 become 7."""
        result = state([*CLAIMED, omitted("S")], edition)
        assert result["error"] is None
        assert (result["result_before_transfers"], result["result"]) == (8, 7)
        assert result["score"] == {"NS": -90, "EW": 90}
        revoke = revoke_of(result, "W")
        assert revoke["noticed"] == {"by": "S", "when": "after_play"}
        assert revoke["transfer"] == {"tricks": 1, "to": "NS", "law": "67B1"}
        assert result["rulings"][-1]["laws"] == ["67B1", "64A2"]


class TestNoticedDuringPlay:
    @pytest.mark.parametrize("edition", EDITIONS)
    def test_noticed_by_the_reporter(self, edition: str) -> None:
        """Found after both sides played to trick 2: North reported it, so North drew
        attention to the deemed revoke (it transfers at the end of play as before)."""
        result = state([*ONE_NT, *TRICK_1, *TRICK_2, omitted("N")], edition)
        revoke = revoke_of(result, "W")
        assert revoke["noticed"] == {"by": "N", "when": "play"}
        assert revoke["transfer"] is None


#: q64b7's play (North revoked on trick 2 and East on trick 5, South's claim of 8 agreed by
#: East), then East draws attention to North's revoke after play: one trick to East-West.
NORTH_REVOKED = [
    *ONE_NT,
    *TRICK_1,
    *trick("E", "CA CJ C6 D8"),
    *trick("E", "CK CT C7 C3"),
    *trick("E", "SJ S4 S3 SA"),
    *trick("N", "DT CQ DA D3"),
    *trick("S", "DK D4 D9 D5"),
    {"seat": "S", "claim": 8},
    {"seat": "E", "accept_claim": True},
    {"seat": "E", "revoke": "N"},
]


@pytest.mark.parametrize("edition", EDITIONS)
class TestLaw64BStillApplies:
    def test_north_revoke_alone_transfers(self, edition: str) -> None:
        result = state(NORTH_REVOKED, edition)
        assert (result["result_before_transfers"], result["result"]) == (5, 6)
        assert revoke_of(result, "N")["transfer"] == {"tricks": 1, "to": "EW", "law": "64A2"}

    def test_both_sides_revoked(self, edition: str) -> None:
        """Law 64B7 (2017: both revokes established; 2007: both sides revoked): West's deemed
        revoke found after play makes both sides offenders, so neither revoke transfers a
        trick any more; North's earlier transfer is withdrawn and East keeps 5 tricks."""
        result = state([*NORTH_REVOKED, omitted("S")], edition)
        assert result["error"] is None
        assert (result["result_before_transfers"], result["result"]) == (5, 5)
        assert revoke_of(result, "N")["transfer"] == {"tricks": 0, "to": "EW", "law": "64B7"}
        assert revoke_of(result, "W")["transfer"] == {"tricks": 0, "to": "NS", "law": "64B7"}
        assert result["rulings"][-1]["laws"] == ["67B1", "64A2", "64B7", "64C"]


@pytest.mark.parametrize("edition", EDITIONS)
class TestWhenAttentionWasDrawn:
    """A defective trick report after play may say when attention was drawn, as for a
    revoke: after a non-offender called on the next deal (64B4) or after the round (64B5)
    the deemed revoke transfers nothing."""

    @pytest.mark.parametrize(
        ("when", "law"), [("after_next_call", "64B4"), ("after_round", "64B5")]
    )
    def test_too_late_for_a_transfer(self, edition: str, when: str, law: str) -> None:
        action = omitted("S")
        action["details"]["when"] = when
        result = state([*PLAYED, action], edition)
        assert result["error"] is None
        assert (result["result_before_transfers"], result["result"]) == (6, 6)
        revoke = revoke_of(result, "W")
        assert revoke["noticed"] == {"by": "S", "when": when}
        assert revoke["transfer"] == {"tricks": 0, "to": "NS", "law": law}
        assert result["rulings"][-1]["laws"] == ["67B1", "64A2", law, "64C"]

    def test_after_play_is_the_default(self, edition: str) -> None:
        action = omitted("S")
        action["details"]["when"] = "after_play"
        result = state([*PLAYED, action], edition)
        assert result["result"] == 5
        assert revoke_of(result, "W")["noticed"] == {"by": "S", "when": "after_play"}

    @pytest.mark.parametrize("when", ["play", "later", 3])
    def test_refused_after_play(self, edition: str, when: object) -> None:
        action = omitted("S")
        action["details"]["when"] = when
        result = state([*PLAYED, action], edition)
        assert result["error"] == {
            "action": len(PLAYED),
            "message": (
                "'when' must be after_play, after_next_call, after_round now, not "
                f"{when!r} (Law 67 ({edition}))"
            ),
            "law": "67",
        }

    def test_refused_during_play(self, edition: str) -> None:
        action = omitted("S")
        action["details"]["when"] = "after_round"
        actions = [*ONE_NT, *TRICK_1, *TRICK_2, action]
        result = state(actions, edition)
        assert result["error"]["message"].startswith("'when' must be play now, not 'after_round'")

    def test_play_during_play(self, edition: str) -> None:
        action = omitted("S")
        action["details"]["when"] = "play"
        result = state([*ONE_NT, *TRICK_1, *TRICK_2, action], edition)
        assert result["error"] is None
        assert revoke_of(result, "W")["noticed"] == {"by": "S", "when": "play"}


@pytest.mark.parametrize("edition", EDITIONS)
class TestOneOmissionIsRuledOnce:
    """Law 67B1: once West's omission on trick 1 is ruled a deemed revoke, his card is among
    his played cards; reporting the same omission again is refused (it transferred a second
    trick before)."""

    @pytest.mark.parametrize("played", [PLAYED, [*ONE_NT, *TRICK_1, *TRICK_2]])
    def test_the_same_omission_again(self, edition: str, played: list[dict[str, Any]]) -> None:
        actions = [*played, omitted("S"), omitted("N")]
        result = state(actions, edition)
        assert result["error"] == {
            "action": len(actions) - 1,
            "message": (
                f"West: the card omitted from trick 1 is already ruled on (Law 67 ({edition}))"
            ),
            "law": "67",
        }
        assert len(result["revokes"]) == 1

    def test_another_trick_or_player(self, edition: str) -> None:
        """North's omission on trick 1 and West's on trick 2 are other defects: both stand
        with West's on trick 1 (North-South's deemed revoke and East-West's make 64B7)."""
        west_2 = report("S", "defective_trick", "W", trick=2, cards="omitted")
        north_1 = report("E", "defective_trick", "N", trick=1, cards="omitted")
        result = state([*PLAYED, omitted("S"), west_2, north_1], edition)
        assert result["error"] is None
        assert [(r["seat"], r["trick"]) for r in result["revokes"]] == [
            ("W", 1),
            ("W", 2),
            ("N", 1),
        ]

    def test_surplus_cards_on_the_same_trick(self, edition: str) -> None:
        surplus = report("S", "defective_trick", "W", trick=1, cards="surplus")
        result = state([*PLAYED, omitted("S"), surplus], edition)
        assert result["error"] is None
        assert result["rulings"][-1]["laws"] == ["67B2"]
