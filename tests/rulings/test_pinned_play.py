"""The rulings engine during the play and for the board (rulings/play.py): cards exposed in
play (Laws 49, 50B), the board reports (Laws 13, 14, 15, 45F, 67, 79); what mutation testing
found unpinned (issue 19).

Each table is played inside its test (the records' deal, board 1: North deals, nobody
vulnerable), so that mutmut's mutant is active when the engine rules. After North's pass
East opens 1NT and plays it; South leads.

North AKQ2.J3.T98.5432, East JT98.AKQ.765.AKQ, South 7654.T987.AKQ.JT, West 3.6542.J432.9876.
"""

from __future__ import annotations

from typing import Any

import pytest

from dupbridge.core.cards import Card
from dupbridge.core.seats import Seat
from dupbridge.laws.steps import Role
from dupbridge.rulings.play import legal_to_trick, role_of
from dupbridge.services.records import RecordRun, state_json
from tests.rulings.test_pinned_engine import call, director, logged, state
from tests.rulings.test_pinned_engine_2 import state_with, table_after

#: 1NT by East; South is on lead.
ONE_NT = [call("N", "P"), call("E", "1NT"), call("S", "P"), call("W", "P"), call("N", "P")]


def card(seat: str, text: str) -> dict[str, Any]:
    return {"seat": seat, "card": text}


#: Trick 1: South's H7, West's H2 (dummy), North's H3, East's HA.
TRICK_1 = [card("S", "H7"), card("W", "H2"), card("N", "H3"), card("E", "HA")]
#: Trick 2: East's CA, South's CJ, West's C6, North's C2.
TRICK_2 = [card("E", "CA"), card("S", "CJ"), card("W", "C6"), card("N", "C2")]


#: East's claim of 10 disputed by South and ruled (Law 70: 10 tricks); North then reports,
#: after the round, that the tricks won are disputed (Law 79B).
AFTER_RULED_CLAIM = [
    *ONE_NT,
    *TRICK_1,
    {"seat": "E", "claim": 10},
    {"seat": "S", "reject_claim": True},
    director(tricks=10),
    {"seat": "N", "report": "tricks_disputed", "details": {"after_round": True}},
]


def report(seat: str, kind: str, against: str | None = None, **details: object) -> dict[str, Any]:
    action: dict[str, Any] = {"seat": seat, "report": kind}
    if against is not None:
        action["against"] = against
    if details:
        action["details"] = details
    return action


def expose(seat: str, cards: str, *, deliberate: bool = False) -> dict[str, Any]:
    action: dict[str, Any] = {"seat": seat, "expose": cards}
    if deliberate:
        action["deliberate"] = True
    return action


def last_ruling(actions: list[dict[str, Any]], edition: str = "2017") -> dict[str, Any]:
    result = state(actions, edition)
    assert result["error"] is None
    ruling: dict[str, Any] = result["rulings"][-1]
    return ruling


class TestPenaltyCardsInPlay:
    """Laws 49, 50B: a defender's card exposed during play is a penalty card: minor for a
    single low card shown by accident, major for an honour, a deliberate exposure, or when he
    has two or more."""

    def test_single_low_card_by_accident(self) -> None:
        actions = [*ONE_NT, *TRICK_1, expose("S", "S4")]
        result = state(actions)
        assert result["penalty_cards"] == {"S": [{"card": "S4", "kind": "minor"}]}
        ruling = result["rulings"][-1]
        assert ruling["laws"] == ["49", "50B", "50E1"]
        assert ruling["rectification"][-1] == "South's penalty cards: S4 (minor)"
        assert logged(actions, len(actions) - 1) == [
            ("Note", 13),
            ("PenaltyCard", 13),
            ("Note", 13),
            ("Review", 13),
        ]

    def test_honour(self) -> None:
        result = state([*ONE_NT, *TRICK_1, expose("S", "DA")])
        assert result["penalty_cards"] == {"S": [{"card": "DA", "kind": "major"}]}
        assert result["rulings"][-1]["rectification"][-1] == "South's penalty cards: DA (major)"

    def test_deliberate(self) -> None:
        result = state([*ONE_NT, *TRICK_1, expose("S", "S4", deliberate=True)])
        assert result["penalty_cards"] == {"S": [{"card": "S4", "kind": "major"}]}
        assert result["rulings"][-1]["rectification"][-1] == "South's penalty cards: S4 (major)"

    def test_a_second_card_makes_both_major(self) -> None:
        """South's minor S4, then S5: with two penalty cards both are major (50B)."""
        actions = [*ONE_NT, *TRICK_1, expose("S", "S4"), expose("S", "S5")]
        result = state(actions)
        assert result["penalty_cards"] == {
            "S": [{"card": "S5", "kind": "major"}, {"card": "S4", "kind": "major"}]
        }
        assert result["rulings"][-1]["rectification"][-1] == "South's penalty cards: S5 (major)"
        assert logged(actions, len(actions) - 1) == [
            ("Note", 19),
            ("PenaltyCard", 19),
            ("PenaltyCard", 19),
            ("Note", 19),
            ("Review", 19),
        ]

    def test_two_at_once(self) -> None:
        result = state([*ONE_NT, *TRICK_1, expose("S", "S4 S5")])
        assert result["penalty_cards"] == {
            "S": [{"card": "S5", "kind": "major"}, {"card": "S4", "kind": "major"}]
        }
        assert result["rulings"][-1]["rectification"][-1] == (
            "South's penalty cards: S4 S5 (major)"
        )


class TestBoardReports:
    def test_surplus_card(self) -> None:
        """Law 13C: a surplus card not part of the deal is removed; no rectification."""
        actions = [call("N", "1S"), report("S", "incorrect_number_of_cards", "E", surplus=True)]
        ruling = last_ruling(actions)
        assert ruling["laws"] == ["13C"]
        assert state(actions)["pending"] is None

    def test_surplus_card_2007(self) -> None:
        """2007 Law 13F: the same, under its 2007 number."""
        actions = [call("N", "1S"), report("S", "incorrect_number_of_cards", "E", surplus=True)]
        assert last_ruling(actions, "2007")["laws"] == ["13F"]

    def test_missing_card_found_among_the_played(self) -> None:
        """Law 14B1: after the opening lead, a missing card found among the played cards:
        Law 67 applies."""
        actions = [*ONE_NT, card("S", "H7"), report("N", "missing_card", "W", found="played")]
        assert last_ruling(actions)["laws"] == ["14B1", "67"]

    def test_missing_card_after_one_card(self) -> None:
        """Law 14B: the opening lead is faced (one card played); a card found elsewhere is
        restored to the hand (14B2-B4), no longer 14A."""
        actions = [*ONE_NT, card("S", "H7"), report("N", "missing_card", "W")]
        assert last_ruling(actions)["laws"] == ["14B2", "14B3", "14B4", "14C"]

    def test_tricks_disputed_after_the_round(self) -> None:
        """Law 79B3 (2017): with no agreed claim or concession to reopen (East's claim was
        disputed and ruled under 70), the Director called after the round changes the score
        for both sides only if clearly convinced of the table result."""
        result = state(AFTER_RULED_CLAIM)
        assert result["error"] is None
        assert result["pending"]["law"] == "79B"
        assert result["pending"]["question"].startswith(
            "The players disagree on the tricks won and the Director was called after the round"
        )
        assert "(Law 79B3)" in result["pending"]["question"]
        assert result["rulings"][-1]["laws"] == ["79B3"]

    def test_tricks_disputed_after_the_round_2007(self) -> None:
        """2007 Law 79B2: the 2007 Laws have no 79B3; the Director called after the round
        rules under Law 79C or Law 87 with no requirement that a side's score increase
        (before: 2017's 79B3 and its wording in both editions)."""
        result = state(AFTER_RULED_CLAIM, "2007")
        assert result["error"] is None
        assert result["pending"]["law"] == "79B"
        assert result["pending"]["question"] == (
            "The players disagree on the tricks won and the Director was called after the "
            "round: he rules under Law 79C or Law 87 and need not raise either side's score "
            "(2007 Law 79B2). How many tricks in all does declarer's side take?"
        )
        assert result["rulings"][-1]["laws"] == ["79B2"]
        assert state([*AFTER_RULED_CLAIM, director(tricks=9)], "2007")["result"] == 9

    @pytest.mark.parametrize("edition", ["2017", "2007"])
    def test_tricks_disputed_after_the_round_after_an_agreed_claim(self, edition: str) -> None:
        """Laws 79B1 and 69B: South agreed to East's claim; North's report, even after the
        round, follows a claim, so the Director applies 69B to North-South (within the
        Correction Period), not 79B3 (2017) or 79B2 (2007)."""
        actions = [
            *ONE_NT,
            *TRICK_1,
            {"seat": "E", "claim": 10},
            {"seat": "S", "accept_claim": True},
            report("N", "tricks_disputed", after_round=True),
        ]
        result = state(actions, edition)
        assert result["error"] is None
        assert result["pending"]["law"] == "69B"
        assert result["pending"]["question"].startswith("North's side agreed to lose tricks.")
        assert result["rulings"][-1]["laws"] == ["79B1", "69B"]
        assert state([*actions, director(tricks=4)], edition)["result"] == 9

    def test_dummy_suggested_a_play(self) -> None:
        """Law 45F: play goes on; the Director reviews at the end."""
        actions = [*ONE_NT, *TRICK_1, report("W", "dummy_suggested_play")]
        result = state(actions)
        assert result["error"] is None
        assert result["rulings"][-1]["laws"] == ["45F"]
        assert [review["law"] for review in result["reviews"]] == ["45F"]


class TestDefectiveTrick:
    """Law 67: noticed before a player of each side has played to the next trick (67A), or
    later (67B)."""

    def test_surplus_noticed_at_once(self) -> None:
        actions = [*ONE_NT, *TRICK_1, report("S", "defective_trick", "W", trick=1, cards="surplus")]
        assert last_ruling(actions)["laws"] == ["67A", "67A2", "45E", "58B"]

    def test_surplus_noticed_later(self) -> None:
        actions = [
            *ONE_NT,
            *TRICK_1,
            *TRICK_2,
            report("S", "defective_trick", "W", trick=1, cards="surplus"),
        ]
        assert last_ruling(actions)["laws"] == ["67B2"]

    def test_omission_noticed_later_is_a_deemed_revoke(self) -> None:
        """Law 67B1: West's card of trick 1 (H2) is the card of the deemed revoke."""
        actions = [
            *ONE_NT,
            *TRICK_1,
            *TRICK_2,
            report("S", "defective_trick", "W", trick=1, cards="omitted"),
        ]
        result = state(actions)
        assert result["rulings"][-1]["laws"] == ["67B1", "64A2"]
        (revoke,) = result["revokes"]
        assert (revoke["seat"], revoke["card"], revoke["trick"]) == ("W", "H2", 1)
        assert revoke["kind"] == "defective"
        assert revoke["established"] is True
        assert revoke["noticed"]["when"] == "play"
        assert revoke["ruling"] == 18
        assert logged(actions, len(actions) - 1) == [
            ("Note", 18),
            ("Revoked", 18),
            ("Notice", 18),
            ("Establish", 18),
        ]


class TestCardsFromTheWrongBoard:
    """Law 15A: the offender's call with cards from another board is cancelled with every
    later call; if his partner has called since, the Director awards an adjusted score."""

    def test_earlier_calls_stand(self) -> None:
        """East's 1NT and South's pass are cancelled; North's pass before them stands."""
        actions = [
            call("N", "P"),
            call("E", "1NT"),
            call("S", "P"),
            report("S", "cards_from_wrong_board", "E"),
        ]
        result = state(actions)
        assert result["error"] is None
        assert result["rulings"][-1]["laws"] == ["15A1", "15A2(b)", "15A2(c)", "16C"]
        assert result["auction"] == ["Pass"]
        assert [entry["status"] for entry in result["auction_record"]] == [
            "standing",
            "cancelled",
            "cancelled",
        ]
        assert result["turn"] == "E"
        assert logged(actions, len(actions) - 1) == [("Note", 5), ("Cancel", 5)]

    def test_lho_has_not_called(self) -> None:
        actions = [call("N", "P"), call("E", "1NT"), report("S", "cards_from_wrong_board", "E")]
        result = state(actions)
        assert result["error"] is None
        assert result["auction"] == ["Pass"]
        assert result["turn"] == "E"

    def test_partner_called_before_the_last_call(self) -> None:
        """North's 1S, then East, South (North's partner) and West called: South's call counts
        though West called last (15A2(a): adjusted score)."""
        actions = [
            call("N", "1S"),
            call("E", "P"),
            call("S", "2S"),
            call("W", "P"),
            report("E", "cards_from_wrong_board", "N"),
        ]
        ruling = last_ruling(actions)
        assert ruling["laws"][:2] == ["15A1", "15A2(a)"]


class TestWrongBoard2007:
    def test_the_first_caller_must_repeat_first(self) -> None:
        """2007 Law 15C, reported by East: the auction starts again and North, who called
        first, must repeat his pass first; East's different call then cancels the board."""
        actions = [
            call("N", "P"),
            call("E", "1NT"),
            report("E", "wrong_board"),
            director(played_before=False),
        ]
        result = state_with(actions, "2007")
        assert result["error"] is None
        assert result["auction"] == []
        assert logged(actions, len(actions) - 1, "2007") == [
            ("Resolve", 4),
            ("Note", 4),
            ("Cancel", 4),
            ("Await", 4),
        ]
        again = state_with([*actions, call("N", "P"), call("E", "2NT")], "2007")
        assert again["error"] is None
        assert again["cancelled"] == "15B"
        assert again["phase"] == "finished"


class TestHelpers:
    def test_role_of(self) -> None:
        """The seats around East: himself, his LHO South, his partner West, his RHO North."""
        assert [role_of(Seat.E, seat) for seat in (Seat.E, Seat.S, Seat.W, Seat.N)] == [
            Role.OFFENDER,
            Role.LHO,
            Role.PARTNER,
            Role.RHO,
        ]

    def test_any_card_may_be_led(self) -> None:
        """Law 44: to an empty trick any card may be led; to a heart lead West must follow
        with a heart he holds."""
        table = table_after(ONE_NT)
        play = table.play
        assert play is not None
        assert legal_to_trick(play, Seat.S, Card.from_str("C10"))
        table = table_after([*ONE_NT, card("S", "H7")])
        play = table.play
        assert play is not None
        assert not legal_to_trick(play, Seat.W, Card.from_str("C6"))
        assert legal_to_trick(play, Seat.W, Card.from_str("H4"))


class TestDeclarerSpreads:
    def test_spread_after_an_opening_lead_out_of_turn(self) -> None:
        """Law 54A: West faced the opening lead H2 out of turn against North's 1S; North,
        who could not have seen dummy's cards (54C), spreads his hand: South becomes
        declarer, the lead stands and North, now dummy, plays next."""
        led = [
            call("N", "1S"),
            call("E", "P"),
            call("S", "P"),
            call("W", "P"),
            card("W", "H2"),
            director(dummy_seen=False),
        ]
        actions = [*led, {"choose": {"seat": "N", "option": "spread"}}]
        result = state(actions)
        assert result["error"] is None
        assert result["declarer"] == "S"
        assert result["turn"] == "N"
        assert result["rulings"][-1]["laws"] == ["54A"]
        assert result["rulings"][-1]["rectification"] == [
            "North spread his hand: South is now declarer and the lead of H2 stands (Law 54A)"
        ]
        assert logged(actions, len(led)) == [
            ("Resolve", 7),
            ("Note", 7),
            ("Spread", 7),
            ("Place", 7),
        ]


class TestPlayedEarly:
    """Laws 57C3 and 57D: a card played early that can legally be played stays played: the
    player must play it at his turn, and the refusal names the law."""

    def test_declarer_plays_dummy_early(self) -> None:
        """Law 57C3: declarer played dummy's C6 before South; at dummy's turn C6 it is."""
        actions = [*ONE_NT, *TRICK_1, card("E", "CA"), card("W", "C6"), card("S", "CJ")]
        result = state([*actions, card("W", "C9")])
        assert result["error"] == {
            "action": len(actions),
            "message": "West's C6 was played early and must be played now (Law 57C3 (2017))",
            "law": "57C3",
        }
        assert logged(actions[:-1], len(actions) - 2) == [("Note", 14), ("Commit", 14)]

    def test_defender_plays_at_rho_turn(self) -> None:
        """Law 57D: North played C2 at dummy's turn, legally: at his turn C2 it is."""
        actions = [
            *ONE_NT,
            *TRICK_1,
            card("E", "CA"),
            card("S", "CJ"),
            card("N", "C2"),
            card("W", "C6"),
        ]
        result = state([*actions, card("N", "C3")])
        assert result["error"] == {
            "action": len(actions),
            "message": "North's C2 was played early and must be played now (Law 57D (2017))",
            "law": "57D",
        }
        assert logged(actions[:-1], len(actions) - 2) == [("Note", 15), ("Commit", 15)]


class TestPrematurePlayByADefender:
    """Law 57A: North played HJ before his partner South played to East's HK: declarer may
    require South to play his highest (57A1) or lowest (57A2) card of the suit led."""

    def restriction(self, option: str) -> list[dict[str, Any]]:
        actions = [
            *ONE_NT,
            *TRICK_1,
            card("E", "HK"),
            card("N", "HJ"),
            {"choose": {"seat": "E", "option": option}},
        ]
        result = state(actions)
        assert result["error"] is None
        restrictions: list[dict[str, Any]] = result["lead_restrictions"]
        return restrictions

    def test_highest(self) -> None:
        assert self.restriction("highest") == [
            {
                "seat": "S",
                "offender": "N",
                "law": "57A1",
                "status": "on his play",
                "require": None,
                "prohibit": [],
                "ruling": 14,
                "trick": 2,
                "rank": "highest",
            }
        ]

    def test_logged_under_the_ruling(self) -> None:
        actions = [
            *ONE_NT,
            *TRICK_1,
            card("E", "HK"),
            card("N", "HJ"),
            {"choose": {"seat": "E", "option": "highest"}},
        ]
        assert ("Restrict", 14) in logged(actions, len(actions) - 1)

    def test_require_a_suit(self) -> None:
        """Law 57A3: North played C2 early to East's CA; declarer requires a heart of South,
        who must still follow suit with a club he holds (Laws 44C, 59)."""
        actions = [
            *ONE_NT,
            *TRICK_1,
            card("E", "CA"),
            card("N", "C2"),
            {"choose": {"seat": "E", "option": "require_hearts"}},
        ]
        result = state(actions)
        assert result["error"] is None
        assert result["legal_cards"] == ["CJ", "CT"]
        (restriction,) = result["lead_restrictions"]
        assert (restriction["law"], restriction["require"], restriction["ruling"]) == (
            "57A3",
            "H",
            14,
        )
        assert ("Restrict", 14) in logged(actions, len(actions) - 1)

    def test_prohibit_a_suit(self) -> None:
        """Law 57A4: declarer forbids South a diamond on this trick."""
        actions = [
            *ONE_NT,
            *TRICK_1,
            card("E", "CA"),
            card("N", "C2"),
            {"choose": {"seat": "E", "option": "prohibit_diamonds"}},
        ]
        result = state(actions)
        assert result["error"] is None
        (restriction,) = result["lead_restrictions"]
        assert (restriction["law"], restriction["prohibit"], restriction["ruling"]) == (
            "57A4",
            ["D"],
            14,
        )

    def test_lowest(self) -> None:
        (restriction,) = self.restriction("lowest")
        assert restriction["law"] == "57A2"
        assert restriction["rank"] == "lowest"
        assert restriction["ruling"] == 14


class TestPenaltyCardNotPlayed:
    def test_declarer_refuses_the_other_card(self) -> None:
        """Law 52B2: South, holding the minor penalty card S4, followed with S7; declarer
        refuses it: S7 becomes a major penalty card too and South must play S4, designated
        under the same ruling (61A: the revoke is corrected)."""
        actions = [
            *ONE_NT,
            *TRICK_1,
            expose("S", "S4"),
            card("E", "S8"),
            card("S", "S7"),
            {"choose": {"seat": "E", "option": "refuse"}},
        ]
        result = state(actions)
        assert result["error"] is None
        assert result["turn"] == "S"
        assert result["legal_cards"] == ["S4"]
        assert result["rulings"][-1]["laws"] == ["52B2", "61A", "50B"]
        assert result["penalty_cards"] == {
            "S": [{"card": "S7", "kind": "major"}, {"card": "S4", "kind": "major"}]
        }
        assert ("Designate", 20) in logged(actions, len(actions) - 1)


class TestDummyWarnedOfTheWrongHand:
    """Law 43B2(a): dummy, having breached Law 43A2, warned declarer (East, on lead) not to
    lead from the wrong hand: either defender chooses the hand declarer must lead from."""

    def chosen(self, option: str) -> tuple[dict[str, Any], list[tuple[str, int]]]:
        actions = [
            *ONE_NT,
            *TRICK_1,
            report("W", "dummy_warned_wrong_hand"),
            director(dummy_violation=True),
        ]
        asked = state(actions)
        assert asked["pending"]["options"] == ["lead_from_declarer", "lead_from_dummy"]
        chooser = asked["pending"]["chooser"]
        assert chooser in ("N", "S")
        actions.append({"choose": {"seat": chooser, "option": option}})
        result = state(actions)
        assert result["error"] is None
        return result, logged(actions, len(actions) - 1)

    def test_from_declarers_hand(self) -> None:
        result, effects = self.chosen("lead_from_declarer")
        assert result["turn"] == "E"
        assert "SJ" in result["legal_cards"]
        assert effects == [("Resolve", 13), ("Note", 13), ("LeadFrom", 13)]

    def test_from_dummy(self) -> None:
        result, effects = self.chosen("lead_from_dummy")
        assert result["turn"] == "W"
        assert "S3" in result["legal_cards"]
        assert effects == [("Resolve", 13), ("Note", 13), ("LeadFrom", 13)]


class TestLoggedUnderTheRuling:
    """The effects of a ruling are logged under its number (the event log read back)."""

    def test_concession_objected_reopens_play(self) -> None:
        """Law 68B2: South objects at once to North's concession: play goes on."""
        actions = [*ONE_NT, *TRICK_1, {"seat": "N", "concede": 2}]
        actions.append({"seat": "S", "object_concession": True})
        assert logged(actions, len(actions) - 1) == [("Note", 15), ("Reopen", 15)]

    def test_board_cancelled(self) -> None:
        """Law 13B2: East called with a wrong number of cards and the deal cannot be played
        without a change of call: the board is cancelled (Law 13)."""
        actions = [
            call("N", "P"),
            call("E", "1NT"),
            report("S", "incorrect_number_of_cards", "E"),
            director(playable=False),
        ]
        assert state(actions)["cancelled"] == "13"
        assert logged(actions, len(actions) - 1) == [
            ("Resolve", 4),
            ("Note", 4),
            ("CancelBoard", 4),
            ("Review", 4),
        ]

    def test_lho_repeats_2007(self) -> None:
        """2007 Law 17D2: North's new 1S is the same; East must repeat his pass, a duty of
        the ruling on the cards from the wrong board."""
        actions = [
            call("N", "1S"),
            call("E", "P"),
            report("S", "cards_from_wrong_board", "N"),
            call("N", "1S"),
        ]
        result = state_with(actions, "2007")
        assert result["error"] is None
        assert result["obligations"] == [
            {
                "seat": "E",
                "span": "next_turn",
                "law": "17D2",
                "ruling": 4,
                "duty": "repeat",
                "call": "Pass",
            }
        ]
        assert logged(actions, len(actions) - 1, "2007") == [("Note", 4), ("Oblige", 4)]


class TestDefectiveTrickAfterPlay:
    def test_deemed_revoke_noticed_after_play(self) -> None:
        """Law 67B1 after the last trick: West's omission on trick 1, reported once all
        thirteen tricks are played, is a deemed revoke noticed after play."""
        table = table_after([*ONE_NT, *TRICK_1, *TRICK_2])
        while table.play is not None and not table.play.is_complete:
            turn = table.turn
            assert turn is not None
            table.play_card(turn, table.legal_cards()[0])
        table.report(Seat.S, "defective_trick", "", Seat.W, {"trick": 1, "cards": "omitted"})
        result = state_json(RecordRun(table, None))
        (revoke,) = result["revokes"]
        assert (revoke["seat"], revoke["card"], revoke["trick"]) == ("W", "H2", 1)
        assert revoke["noticed"]["when"] == "after_play"
        assert revoke["established"] is True
        assert result["rulings"][-1]["laws"] == ["67B1", "64A2"]
