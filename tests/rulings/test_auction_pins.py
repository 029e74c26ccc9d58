"""Auction-period behaviours pinned one branch at a time (each test cites its law).

These are the branches of Laws 16B3, 21B, 25-27, 36, 38 and 39 that the scenario records did
not pin: each test runs a short recording-mode table (the same deal as the records) and checks
what the law requires of the branch.
"""

from __future__ import annotations

from typing import Any

import pytest

from dupbridge.rulings.solver import ExhaustiveSolver
from dupbridge.services.records import run_record, state_json

DEAL = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876"


def state(
    actions: list[dict[str, Any]], edition: str = "2017", *, refused: bool = False
) -> dict[str, Any]:
    """The table's state (``dupbridge replay --json``) after ``actions`` on board 1 (with
    ``refused``, the last action must have been refused)."""
    record = {"board": 1, "deal": DEAL, "edition": edition, "mode": "recording"}
    result = state_json(run_record({**record, "actions": actions}, claims=ExhaustiveSolver()))
    if refused:
        assert result["error"] is not None
        assert result["error"]["action"] == len(actions) - 1
    else:
        assert result["error"] is None, result["error"]
    return result


def laws_cited(result: dict[str, Any]) -> set[str]:
    return {law for ruling in result["rulings"] for law in ruling["laws"]}


def director(**answers: object) -> dict[str, Any]:
    return {"director": answers}


def choose(seat: str, option: str) -> dict[str, Any]:
    return {"choose": {"seat": seat, "option": option}}


def call(seat: str, text: str) -> dict[str, Any]:
    return {"seat": seat, "call": text}


# East replaces his insufficient 1H (over 2S) by another insufficient bid, 2D.
SECOND_IB = [call("N", "2S"), call("E", "1H"), choose("S", "refuse"), call("E", "2D")]


class TestLaw27B4:
    @pytest.mark.parametrize("edition", ["2017", "2007"])
    def test_second_insufficient_bid_offered_to_the_lho(self, edition: str) -> None:
        """Law 27B4: a second insufficient bid is the LHO's to accept or refuse."""
        result = state(SECOND_IB, edition)
        assert result["pending"]["law"] == "27B4"
        assert result["pending"]["chooser"] == "S"
        assert result["pending"]["options"] == ["accept", "refuse"]

    def test_accepted_stands_then_law_26_question(self) -> None:
        """Laws 27A1, 27B4: accepted, the second insufficient bid stands with no forced
        passes; whether it is comparable to the withdrawn 1H decides Law 26 (2017 26A/26B)."""
        result = state([*SECOND_IB, choose("S", "accept")])
        assert result["auction"] == ["2S", "2D"]
        assert result["forced_passes"] == []
        assert result["pending"]["options"] == ["comparable"]
        assert result["pending"]["law"] == "26A"

    def test_accepted_in_2007_brings_the_lead_right_at_once(self) -> None:
        """2007 Laws 27B4, 26: the withdrawn 1H related to hearts, so declarer gets a lead
        right (no comparable call in 2007)."""
        result = state([*SECOND_IB, choose("S", "accept")], "2007")
        assert result["auction"] == ["2S", "2D"]
        assert result["pending"] is None
        assert [(r["seat"], r["offender"]) for r in result["lead_restrictions"]] == [("W", "E")]

    def test_refused_sufficient_bid_or_pass_and_partner_passes(self) -> None:
        """Laws 27B4, 27B3: refused, the offender must make a sufficient bid or pass (no double)
        and his partner must pass for the rest of the auction."""
        result = state([*SECOND_IB, choose("S", "refuse")])
        assert result["auction"] == ["2S"]
        assert result["turn"] == "E"
        assert "X" not in result["legal_calls"]
        assert [(f["seat"], f["span"]) for f in result["forced_passes"]] == [
            ("W", "rest_of_auction")
        ]

    def test_third_insufficient_bid_is_offered_again(self) -> None:
        """Law 27B4 again: after the refusal, another insufficient bid goes back to the LHO."""
        result = state([*SECOND_IB, choose("S", "refuse"), call("E", "2H")])
        assert result["pending"]["law"] == "27B4"
        assert result["pending"]["chooser"] == "S"


# East's insufficient 1H over North's 1S, refused by South.
IB = [call("N", "1S"), call("E", "1H"), choose("S", "refuse")]


class TestLaw27B1:
    def test_lowest_bid_asks_27b1a_first(self) -> None:
        """Law 27B1(a): the lowest sufficient bid in its denomination is first asked whether
        it specifies the same denominations."""
        result = state([*IB, call("E", "2H")])
        assert result["pending"]["law"] == "27B1(a)"
        assert result["pending"]["options"] == ["same_denominations"]

    def test_jump_replacement_goes_to_27b1b(self) -> None:
        """Law 27B1(a) covers only the lowest sufficient bid: a jump to 3H is judged as a
        comparable call at once (27B1(b))."""
        result = state([*IB, call("E", "3H")])
        assert result["pending"]["law"] == "27B1(b)"
        assert result["pending"]["options"] == ["comparable"]

    def test_27b1a_no_falls_back_to_27b1b(self) -> None:
        """Law 27B1: a lowest bid not specifying the same denominations is judged by 27B1(b)."""
        result = state([*IB, call("E", "2H"), director(same_denominations=False)])
        assert result["pending"]["law"] == "27B1(b)"

    def test_jump_not_comparable_partner_passes(self) -> None:
        """Law 27B2: a replacement that is not comparable stands and partner passes
        throughout."""
        result = state([*IB, call("E", "3H"), director(comparable=False)])
        assert result["auction"] == ["1S", "3H"]
        assert [f["seat"] for f in result["forced_passes"]] == ["W"]
        assert {"27B2", "16C", "26B", "72C"} <= laws_cited(result)

    def test_2007_jump_asks_same_meaning(self) -> None:
        """2007 Law 27B1: a bid that is not the lowest in the same denomination is judged on
        its meaning (27B1(b)), never on artificiality (27B1(a))."""
        result = state([*IB, call("E", "3H")], "2007")
        assert result["pending"]["options"] == ["same_meaning"]
        lowest = state([*IB, call("E", "2H")], "2007")
        assert lowest["pending"]["options"] == ["not_artificial"]


class TestLaw38:
    def test_pass_replaces_the_bid_above_seven(self) -> None:
        """Law 38B/38C: the bid above seven is cancelled and a Pass substituted; the offender
        and his partner must pass whenever it is their turn."""
        result = state([call("N", "1H"), call("E", "8S"), director(lho_called=False)])
        assert result["auction"] == ["1H", "Pass"]
        assert result["turn"] == "S"
        assert sorted(f["seat"] for f in result["forced_passes"]) == ["E", "W"]
        assert {"38A", "38B", "38C"} <= laws_cited(result)


class TestLaw36:
    def test_36a_lho_called_cancels_the_later_calls(self) -> None:
        """Law 36A: the LHO called over the inadmissible double before rectification: the
        double and every later call are cancelled, no forced passes, no lead restriction."""
        result = state([call("N", "1H"), call("E", "Pass"), call("S", "X"), call("W", "2C")])
        assert result["auction"] == ["1H", "Pass"]
        assert result["turn"] == "S"
        assert result["forced_passes"] == []
        assert result["lead_restrictions"] == []
        assert "36A" in laws_cited(result)

    def test_36b4_inadmissible_double_out_of_rotation(self) -> None:
        """Law 36B4: an inadmissible double out of rotation is cancelled, the auction reverts
        to the player whose turn it was and the offender's partner must pass throughout."""
        result = state([call("N", "1H"), call("S", "X"), director(lho_called=False)])
        assert result["auction"] == ["1H"]
        assert result["turn"] == "E"
        assert [(f["seat"], f["law"]) for f in result["forced_passes"]] == [("N", "36B4")]
        assert "36B4" in laws_cited(result)


# North opens 1H and the auction ends; East (a defender) then bids 2C.
FINAL = [call("N", "1H"), call("E", "Pass"), call("S", "Pass"), call("W", "Pass")]


class TestLaw39:
    def test_lho_calls_over_call_after_final_pass(self) -> None:
        """Law 39B: East's LHO (South) calls over the cancelled call before the Director rules:
        no further rectification, no lead restriction."""
        result = state([*FINAL, call("E", "2C"), call("S", "Pass")])
        assert result["auction"] == ["1H", "Pass", "Pass", "Pass"]
        assert result["pending"] is None
        assert result["lead_restrictions"] == []
        assert "39C" not in laws_cited(result)

    def test_defender_bid_with_lho_silent_gives_26b(self) -> None:
        """Law 39C: a defender's bid after the final pass, his LHO silent: declarer may
        restrict his partner's first lead."""
        result = state([*FINAL, call("E", "2C"), director(lho_called=False)])
        assert "39C" in laws_cited(result)
        assert [(r["seat"], r["offender"]) for r in result["lead_restrictions"]] == [("W", "E")]

    def test_passed_out_board_has_no_defender(self) -> None:
        """Law 39C needs a defender: after a passed-out auction a call is refused (the board
        is over) and the board stays finished with no lead right."""
        passes = [call(seat, "Pass") for seat in "NESW"]
        result = state([*passes, call("E", "2C")], refused=True)
        assert "board is over" in result["error"]["message"]
        assert result["phase"] == "finished"
        assert result["lead_restrictions"] == []


class TestLaws25And26:
    def test_unintended_change_without_lho_call(self) -> None:
        """Law 25A1: an unintended call is replaced by the intended one, without the lead
        restrictions of Law 26."""
        result = state([call("N", "1H"), {"seat": "N", "change": "1S"}, director(unintended=True)])
        assert result["auction"] == ["1S"]
        assert result["lead_restrictions"] == []
        assert result["pending"] is None

    def test_intended_change_refused_keeps_the_first_call(self) -> None:
        """Law 25B2: the LHO refuses an intended change: the first call stands; Law 26 asks
        whether it is comparable to the cancelled change."""
        actions = [call("N", "1H"), {"seat": "N", "change": "1S"}, director(unintended=False)]
        result = state([*actions, choose("E", "refuse")])
        assert result["auction"] == ["1H"]
        assert result["pending"]["options"] == ["comparable"]
        assert "25B2" in laws_cited(result)

    def test_intended_change_accepted_not_comparable_lead_right(self) -> None:
        """Laws 25B1, 26B: the accepted change stands; the withdrawn 1H not comparable to it,
        declarer may restrict the offender's partner's lead."""
        actions = [call("N", "1H"), {"seat": "N", "change": "1S"}, director(unintended=False)]
        result = state([*actions, choose("E", "accept"), director(comparable=False)])
        assert result["auction"] == ["1S"]
        assert [(r["seat"], r["offender"]) for r in result["lead_restrictions"]] == [("S", "N")]

    def test_intended_change_comparable_no_lead_right(self) -> None:
        """Law 26A: a comparable call in place of the withdrawn one: no lead restriction."""
        actions = [call("N", "1H"), {"seat": "N", "change": "1S"}, director(unintended=False)]
        result = state([*actions, choose("E", "accept"), director(comparable=True)])
        assert result["lead_restrictions"] == []
        assert "26A" in laws_cited(result)


MISINFORMED = [
    {"seat": "N", "call": "1NT", "alert": True, "explanation": "12-14"},
    call("E", "Pass"),
]
REPORT = {"seat": "E", "report": "misinformation", "facts": "card says 15-17", "against": "S"}


class TestLaw21B:
    def test_keep_call(self) -> None:
        """Law 21B1(a): the misinformed player may keep his call; the Director reviews at the
        end (21B3)."""
        actions = [*MISINFORMED, REPORT, director(misinformation=True), choose("E", "keep")]
        result = state(actions)
        assert result["auction"] == ["1NT", "Pass"]
        assert result["turn"] == "S"
        assert [r["law"] for r in result["reviews"]] == ["21B3"]

    def test_too_late_after_partner_called(self) -> None:
        """Law 21B1(a) allows a change only until his partner has called: later, no change,
        only the 21B3 review."""
        actions = [*MISINFORMED, call("S", "Pass"), call("W", "Pass"), REPORT]
        result = state(actions)
        assert result["pending"] is None
        assert result["auction"] == ["1NT", "Pass", "Pass", "Pass"]
        assert [r["law"] for r in result["reviews"]] == ["21B3"]
        assert laws_cited(result) == {"21B3"}


class TestLaw16B3:
    def test_review_decided_score_stands(self) -> None:
        """Law 16B3: the Director reviews at the end of play and may let the score stand."""
        actions = [
            call("N", "1H"),
            call("E", "Pass"),
            call("S", "2H"),
            {"seat": "W", "report": "unauthorized_information", "facts": "hesitation",
             "against": "N"},
            call("W", "Pass"),
            call("N", "Pass"),
            call("E", "Pass"),
            {"seat": "E", "concede": True},
            director(review="16B3", score_stands=True),
        ]  # fmt: skip
        result = state(actions)
        assert result["reviews"][0]["law"] == "16B3"
        assert result["reviews"][0]["decision"] == "score stands"
        assert result["adjusted_score"] is None
        assert result["score"] is not None

    def test_review_is_opened_at_the_report(self) -> None:
        """Law 16B3: a report of unauthorized information opens a review for the end of play."""
        actions = [
            call("N", "1H"),
            {"seat": "E", "report": "unauthorized_information", "facts": "hesitation",
             "against": "N"},
        ]  # fmt: skip
        result = state(actions)
        assert [(r["law"], r["decision"]) for r in result["reviews"]] == [("16B3", None)]
