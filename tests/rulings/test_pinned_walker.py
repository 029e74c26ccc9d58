"""The walk of an edition's steps and the engine's construction (rulings/walker.py,
rulings/engine.py); what mutation testing found unpinned (issue 19).

Every engine and table is built inside its test, so that mutmut's mutant is active when it is
built (docs/performance.md, "Mutation testing").
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dupbridge.core.calls import Bid, Strain
from dupbridge.core.effects import Await
from dupbridge.core.errors import ImpossibleActionError
from dupbridge.core.events import Rectified
from dupbridge.core.seats import Seat
from dupbridge.laws import LAWS_2007, LAWS_2017, WBF, WBF_2007
from dupbridge.laws.profiles import SWEDEN
from dupbridge.rulings import RulingsEngine, rulebook_for
from dupbridge.rulings.solver import ExhaustiveSolver
from dupbridge.rulings.walker import strains, sufficient
from dupbridge.services.records import run_record, state_json


class TestRulebookFor:
    """The engine for an edition of the Laws under a national profile."""

    def test_defaults(self) -> None:
        engine = rulebook_for()
        assert engine.laws is LAWS_2017
        assert engine.profile is WBF
        assert engine.name == "2017/wbf"
        assert engine.edition == "2017"
        assert repr(engine) == "rulebook_for('2017', 'wbf')"
        assert isinstance(engine.claims, ExhaustiveSolver)

    def test_2007_defaults_to_its_wbf_profile(self) -> None:
        engine = rulebook_for("2007")
        assert engine.laws is LAWS_2007
        assert engine.profile is WBF_2007
        assert engine.name == "2007/wbf2007"
        assert engine.edition == "2007"

    def test_profile_by_key_and_by_value(self) -> None:
        assert rulebook_for("2007", "sweden").profile is SWEDEN
        assert repr(rulebook_for("2007", "sweden")) == "rulebook_for('2007', 'sweden')"
        assert rulebook_for("2007", SWEDEN).name == "2007/sweden"

    def test_claims_solver_kept(self) -> None:
        solver = ExhaustiveSolver()
        assert rulebook_for(claims=solver).claims is solver

    def test_unknown_edition(self) -> None:
        with pytest.raises(ValueError) as raised:
            rulebook_for("2019")
        assert str(raised.value) == "unknown edition of the Laws: '2019' (expected 2017 or 2007)"

    def test_profile_of_another_edition(self) -> None:
        """Sweden's regulations (FSB 2008) apply the 2007 Laws."""
        with pytest.raises(ValueError) as raised:
            rulebook_for("2017", "sweden")
        assert str(raised.value) == "the sweden profile uses the 2007 Laws, not 2017"
        with pytest.raises(ValueError) as raised:
            RulingsEngine(LAWS_2017, WBF_2007)
        assert str(raised.value) == "the wbf2007 profile uses the 2007 Laws, not 2017"

    def test_unknown_profile(self) -> None:
        with pytest.raises(ValueError, match="unknown national profile 'nope'"):
            rulebook_for("2017", "nope")


class TestStrains:
    """The denominations an insufficient bid or its replacement specified (Law 27B1(a)), as
    the Director gives them."""

    def test_none(self) -> None:
        assert strains(None) == ()
        assert strains("") == ()

    def test_text(self) -> None:
        assert strains("S H") == (Strain.SPADES, Strain.HEARTS)
        assert strains("S,H") == (Strain.SPADES, Strain.HEARTS)
        assert strains(" D ,  C ") == (Strain.DIAMONDS, Strain.CLUBS)

    def test_list(self) -> None:
        assert strains(["NT", "C"]) == (Strain.NOTRUMP, Strain.CLUBS)
        assert strains(("D",)) == (Strain.DIAMONDS,)

    @pytest.mark.parametrize("value", ["Q", "XXXX", ["S", "Z"], 5])
    def test_refused(self, value: object) -> None:
        with pytest.raises(ImpossibleActionError) as raised:
            strains(value)
        assert str(raised.value) == (
            f"'specified' must list denominations such as \"S H\", not {value!r}"
        )


class TestSufficient:
    """Law 27: a bid is sufficient when it outranks the last bid (Law 18D)."""

    def test_ranks(self) -> None:
        assert sufficient(2, Strain.CLUBS, Bid(1, Strain.NOTRUMP))
        assert sufficient(1, Strain.SPADES, Bid(1, Strain.HEARTS))
        assert not sufficient(1, Strain.HEARTS, Bid(1, Strain.HEARTS))
        assert not sufficient(1, Strain.HEARTS, Bid(1, Strain.SPADES))


DEAL = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876"


def state(actions: list[dict[str, Any]]) -> dict[str, Any]:
    record = {"board": 1, "deal": DEAL, "edition": "2017", "mode": "recording"}
    result = state_json(run_record({**record, "actions": actions}, claims=ExhaustiveSolver()))
    assert result["error"] is None, result["error"]
    return result


def call(seat: str, text: str) -> dict[str, Any]:
    return {"seat": seat, "call": text}


def choose(seat: str, option: str) -> dict[str, Any]:
    return {"choose": {"seat": seat, "option": option}}


def unintended_change(seat: str, text: str) -> list[dict[str, Any]]:
    """Law 25A1: the seat changes his last call, and the Director finds it unintended."""
    return [{"seat": seat, "change": text}, {"director": {"unintended": True}}]


class TestUnintendedChangeReplacesTheCall:
    """Law 25A1: the intended call replaces the unintended one, subject to the appropriate law;
    25A6: the LHO's call over it may be withdrawn, and goes anyway if it no longer fits."""

    def test_lho_call_still_legal_is_offered(self) -> None:
        """East's 1C (second in hand) becomes 1D; South's 1S over it is still legal: South
        may withdraw it or keep it (25A6)."""
        actions = [call("N", "P"), call("E", "1C"), call("S", "1S"), *unintended_change("E", "1D")]
        result = state(actions)
        assert result["auction"] == ["Pass", "1D", "1S"]
        assert result["pending"]["law"] == "25A6"
        assert result["pending"]["chooser"] == "S"
        assert result["pending"]["options"] == ["withdraw", "keep"]
        kept = state([*actions, choose("S", "keep")])
        assert kept["auction"] == ["Pass", "1D", "1S"]
        assert kept["turn"] == "W"
        assert kept["rulings"][-1]["laws"] == ["25A1", "25A6"]

    def test_lho_call_no_longer_sufficient_is_cancelled(self) -> None:
        """East's 1C becomes 1H; South's 1D over it would now be insufficient: it is
        cancelled and South calls again."""
        actions = [call("N", "P"), call("E", "1C"), call("S", "1D"), *unintended_change("E", "1H")]
        result = state(actions)
        assert result["auction"] == ["Pass", "1H"]
        assert result["turn"] == "S"
        assert result["pending"] is None
        assert result["rulings"][-1]["laws"] == ["25A1"]

    def test_dealer_change_cancels_the_lho_call(self) -> None:
        """North's 1C becomes 1H; East's 1D would be insufficient: cancelled, East calls."""
        actions = [call("N", "1C"), call("E", "1D"), *unintended_change("N", "1H")]
        result = state(actions)
        assert result["auction"] == ["1H"]
        assert result["turn"] == "E"

    def test_intended_call_illegal_in_place_is_made_again(self) -> None:
        """East's 1NT over 1S becomes 1H, insufficient there: the 1NT is cancelled and East
        must make 1H again at his turn (25A1), where Law 27 applies to it."""
        actions = [call("N", "1S"), call("E", "1NT"), *unintended_change("E", "1H")]
        result = state(actions)
        assert result["auction"] == ["1S"]
        assert result["turn"] == "E"
        assert result["obligations"] == [
            {
                "seat": "E",
                "span": "next_turn",
                "law": "25A1",
                "ruling": 4,
                "duty": "repeat",
                "call": "1H",
            }
        ]
        again = state([*actions, call("E", "1H")])
        assert again["obligations"] == []
        assert again["pending"]["law"] == "27A1"
        assert again["pending"]["chooser"] == "S"


class TestReplacementOfAnInsufficientBid:
    """Law 27B: how the replacement of a refused insufficient bid is judged."""

    def test_jump_at_the_two_level_is_not_the_lowest(self) -> None:
        """North 1D, East 1C refused: 2S is a jump (1S was sufficient), judged by 27B1(b)."""
        actions = [call("N", "1D"), call("E", "1C"), choose("S", "refuse"), call("E", "2S")]
        result = state(actions)
        assert result["pending"]["law"] == "27B1(b)"
        assert result["pending"]["options"] == ["comparable"]

    def test_lowest_at_the_two_level(self) -> None:
        """2C is the lowest sufficient club bid over 1D: 27B1(a) first."""
        actions = [call("N", "1D"), call("E", "1C"), choose("S", "refuse"), call("E", "2C")]
        assert state(actions)["pending"]["law"] == "27B1(a)"

    def test_illegal_replacement(self) -> None:
        """Law 27B3: a redouble attempted in place of the insufficient bid is cancelled;
        East must replace it by a sufficient bid or a pass, his partner must pass whenever it
        is his turn, and Law 26B may apply (see Law 72C)."""
        actions = [call("N", "1S"), call("E", "1H"), choose("S", "refuse"), call("E", "XX")]
        result = state(actions)
        assert result["pending"] is None
        assert result["auction"] == ["1S"]
        assert result["rulings"][-1]["laws"] == ["27B", "27B3", "16C", "26B", "72C"]

    def test_no_double_released_by_the_call(self) -> None:
        """Law 27B4 refused: East may not double at his next turn (27B3); his 3D ends that
        duty."""
        second = [call("N", "2S"), call("E", "1H"), choose("S", "refuse"), call("E", "2D")]
        refused = [*second, choose("S", "refuse")]
        result = state(refused)
        assert result["obligations"] == [
            {
                "seat": "E",
                "span": "next_turn",
                "law": "27B3",
                "ruling": 3,
                "duty": "no_double",
                "call": None,
            }
        ]
        after = state([*refused, call("E", "3D")])
        assert after["obligations"] == []
        assert after["auction"] == ["2S", "3D"]


class TestWhoseCallAnswers:
    """The seats whose call answers a pending choice (``callers``)."""

    def test_lho_who_is_also_on_turn_counted_once(self) -> None:
        """Law 29A: West bids at North's turn; North is both West's LHO (who may accept by
        calling) and the player on turn (28B): listed once."""
        pending = state([call("W", "1S")])["pending"]
        assert (pending["law"], pending["chooser"], pending["callers"]) == ("29A", "N", ["N"])

    def test_partner_on_turn_does_not_forfeit(self) -> None:
        """Law 28B: only an opponent's call forfeits the right to accept; South bids at his
        partner's turn, so only West, his LHO, answers by calling."""
        pending = state([call("S", "1S")])["pending"]
        assert (pending["chooser"], pending["callers"]) == ("W", ["W"])

    def test_opponents_on_turn_and_lho(self) -> None:
        """East bids at North's turn: South (LHO, 29A) and North (on turn, 28B) answer."""
        assert state([call("E", "1S")])["pending"]["callers"] == ["S", "N"]

    def test_premature_replacement_made(self) -> None:
        """Law 27C: East may replace his insufficient bid before South chooses; once he has,
        only South's call answers."""
        before = state([call("N", "1S"), call("E", "1H")])["pending"]
        assert (before["law"], before["callers"]) == ("27A1", ["S", "E"])
        after = state([call("N", "1S"), call("E", "1H"), call("E", "2H")])["pending"]
        assert (after["law"], after["chooser"], after["callers"]) == ("27A1", "S", ["S"])


def effects_logged(actions: list[dict[str, Any]]) -> list[tuple[str, int, object]]:
    """Each Rectified event of the log: the effect's kind, its ruling, its event (if any)."""
    record = {"board": 1, "deal": DEAL, "edition": "2017", "mode": "recording"}
    table = run_record({**record, "actions": actions}, claims=ExhaustiveSolver()).table
    return [
        (type(event.effect).__name__, event.effect.ruling, getattr(event.effect, "seq", None))
        for event in table.events
        if isinstance(event, Rectified)
    ]


class TestEffectsNameTheirRuling:
    """The log ties every effect to the ruling that produced it, and a call that stands or
    replaces another to the event where it was made."""

    def test_intended_call_illegal_in_place(self) -> None:
        """Law 25A1 (ruling 4, East's change): cancelled, then repeated at East's turn."""
        actions = [call("N", "1S"), call("E", "1NT"), *unintended_change("E", "1H")]
        kinds = [(kind, ruling) for kind, ruling, _ in effects_logged(actions)]
        assert kinds == [("Pend", 4), ("Resolve", 4), ("Note", 4), ("Cancel", 4), ("Oblige", 4)]

    def test_replacement_and_cancelled_lho_call(self) -> None:
        """Law 25A1 (ruling 5): East's 1H replaces his 1C, changed at event 4; South's 1D
        goes."""
        actions = [call("N", "P"), call("E", "1C"), call("S", "1D"), *unintended_change("E", "1H")]
        logged = effects_logged(actions)
        assert [(kind, ruling) for kind, ruling, _ in logged][-2:] == [
            ("Replace", 5),
            ("Cancel", 5),
        ]
        assert logged[-2][2] == 4

    def test_accepted_insufficient_bid_stands(self) -> None:
        """Law 27A1 (ruling 3): East's 1H, made at event 2, stands."""
        logged = effects_logged([call("N", "1S"), call("E", "1H"), choose("S", "accept")])
        assert logged[-1] == ("Stand", 3, 2)


def texts(actions: list[dict[str, Any]]) -> list[list[str]]:
    """The rectification texts of each ruling of the record."""
    return [ruling["rectification"] for ruling in state(actions)["rulings"]]


class TestRulingTexts:
    """The texts of a ruling name the players and calls of the case (the seat, his partner,
    LHO, RHO, the player on turn, declarer and dummy, the call and the original call)."""

    def test_bid_at_rho_turn(self) -> None:
        """Laws 29B, 31A, 31A1: East bid 1S at North's turn, South did not accept it; North
        (East's RHO) passed, so East must repeat 1S."""
        actions = [call("E", "1S"), choose("S", "refuse"), call("N", "P")]
        assert texts(actions) == [
            [
                "1S is cancelled; the auction reverts to North (Law 29B)",
                "the auction reverts to North; what follows depends on his call (Law 31A)",
                "North passed: East must repeat his call; if it is legal there is no "
                "rectification (Law 31A1)",
            ]
        ]

    def test_double_replacing_an_insufficient_bid(self) -> None:
        """Laws 27B, 27B3: East's double, made in place of his refused 1H, is not comparable:
        it is cancelled and West, his partner, must pass throughout."""
        actions = [
            call("N", "1S"),
            call("E", "1H"),
            call("E", "X"),
            choose("S", "refuse"),
            {"director": {"comparable": False}},
        ]
        assert texts(actions) == [
            [
                "1H is not accepted: East must replace it by a legal call",
                "the attempted X is cancelled; East must replace the insufficient bid by a "
                "sufficient bid or a pass, and West must pass whenever it is his turn; declarer "
                "may restrict a lead if East defends",
            ]
        ]

    def test_unintended_change(self) -> None:
        """Law 25A: the Director's question and ruling name the first call and the new one."""
        actions = [call("N", "P"), call("E", "1C"), {"seat": "E", "change": "1D"}]
        assert state(actions)["pending"]["question"] == (
            "Was 1C unintended: a mechanical error or a slip of the tongue, not a change of "
            "mind (Law 25A2), so that 1D is what East meant to call?"
        )
        assert texts([*actions, {"director": {"unintended": True}}]) == [
            [
                "1D replaces the unintended 1C; it is subject to the appropriate law, without "
                "the lead restrictions of Law 26 (Law 25A1)"
            ]
        ]

    def test_opening_lead_out_of_turn(self) -> None:
        """Law 54: North declares 4S and East should lead; West faces the S3 instead.
        Declarer (North) may accept it and play second (54B), spread his hand so that South
        declares (54A), or refuse it (54D: West's card becomes a major penalty card and East
        leads)."""
        auction = [call(s, c) for s, c in [("N", "1S"), ("E", "P"), ("S", "4S"), ("W", "P")]]
        auction += [call("N", "P"), call("E", "P")]
        actions = [*auction, {"seat": "W", "card": "S3"}, {"director": {"dummy_seen": False}}]
        pending = state(actions)["pending"]
        assert (pending["law"], pending["chooser"], pending["options"]) == (
            "54",
            "N",
            ["accept", "spread", "refuse"],
        )
        assert pending["question"] == (
            "West faced the opening lead S3 out of turn: what does declarer choose?"
        )
        assert pending["explanations"] == [
            "accept the lead: dummy is spread and North plays second (Laws 54B, 53A)",
            "North spreads his hand and becomes dummy; South becomes declarer and the lead of "
            "S3 stands (Law 54A)",
            "West takes the card back as a major penalty card and East leads; Law 50D applies "
            "(Law 54D)",
        ]


class TestAwaitedCall:
    """The log records which ruling awaits a player's next call (Law 27B: the replacement
    of a refused insufficient bid is judged as soon as it is made)."""

    def test_replacement_awaited(self) -> None:
        record = {"board": 1, "deal": DEAL, "edition": "2017", "mode": "recording"}
        actions = [call("N", "1S"), call("E", "1H"), choose("S", "refuse")]
        table = run_record({**record, "actions": actions}, claims=ExhaustiveSolver()).table
        awaits = [
            event.effect
            for event in table.events
            if isinstance(event, Rectified) and isinstance(event.effect, Await)
        ]
        assert [(a.ruling, a.watch.seat, a.watch.ruling, a.watch.raw) for a in awaits] == [
            (3, Seat.E, 3, True)
        ]


RECORDS = Path(__file__).parent / "records"


def record_rulings(name: str) -> list[tuple[list[str], list[str]]]:
    """Each ruling of a stored table record: its texts and its decisions' questions."""
    data = json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))["record"]
    rulings = state_json(run_record(data, claims=ExhaustiveSolver()))["rulings"]
    return [
        (ruling["rectification"], [decision["question"] for decision in ruling["decisions"]])
        for ruling in rulings
    ]


class TestPlayRulingTexts:
    """The texts of play-period rulings name the hand, the card, the player on lead, the suit
    and the trick (tests/rulings/records)."""

    def test_premature_play(self) -> None:
        """Law 57A2: North played the HJ before his partner South, who must play his lowest
        heart; the HJ is a major penalty card."""
        assert record_rulings("p04_2017_premature_play_lowest") == [
            (
                [
                    "HJ becomes a major penalty card (Law 57A)",
                    "North's penalty cards: HJ (major)",
                    "South must play his lowest heart",
                ],
                [
                    "North played HJ before his partner South: what must South play to this "
                    "trick (Law 57A)?"
                ],
            )
        ]

    def test_declarer_leads_from_the_wrong_hand(self) -> None:
        """Law 55B2: declarer (East) led the C9 from dummy (West) when his own hand was on
        lead; the defenders refuse it and he leads from the right hand."""
        assert record_rulings("p03_2017_declarer_lead_wrong_hand_retracted") == [
            (
                ["C9 is withdrawn and declarer must lead from the correct hand, East (Law 55B2)"],
                [
                    "Declarer led C9 from West out of turn (East was on lead): do the defenders "
                    "accept it? If they differ, North, next in turn, decides (Law 55A)."
                ],
            )
        ]

    def test_declarer_leads_at_a_defenders_turn(self) -> None:
        """Law 55B1: declarer led the CA when South was on lead; refused, the card goes back
        to the hand it came from and South leads."""
        assert record_rulings("p03_2017_declarer_lead_at_defenders_turn_retracted") == [
            (
                [
                    "CA goes back to East's hand with no further rectification; South leads "
                    "(Law 55B1); if declarer then plays on information from his infraction, "
                    "Law 16 applies (55C)"
                ],
                [
                    "Declarer led CA from East out of turn (South was on lead): do the "
                    "defenders accept it? If they differ, South, next in turn, decides (Law "
                    "55A)."
                ],
            )
        ]

    def test_defective_trick_put_right(self) -> None:
        """Law 67A1: West's missing card to trick 1 is supplied before the next trick: no
        revoke."""
        assert record_rulings("p10_2017_defective_trick_put_right_before_next_trick") == [
            (
                [
                    "attention was drawn before a player of each side played to the next "
                    "trick: West puts trick 1 right by supplying a card he can legally play; "
                    "this is not a revoke and Law 64 does not apply (Law 67A1)"
                ],
                [],
            )
        ]

    def test_misinformed_player_changes_his_call(self) -> None:
        """Law 21B1(a): East, misinformed by South, may change his last call."""
        assert record_rulings("x21b_2017_misinformation_change") == [
            (
                ["East's call is withdrawn; he calls again (Law 21B1)"],
                [
                    "Could East's last call well have been influenced by misinformation from "
                    "South? (Without evidence to the contrary the Director presumes a mistaken "
                    "explanation rather than a mistaken call, Law 21B1(b).)",
                    "Does East change his call?",
                ],
            )
        ]


class TestReplacementWithNoBidStanding:
    """Law 27B1(a) applies only to the lowest sufficient bid in the denomination; found by
    mutation testing (walker's `lowest`)."""

    def test_two_level_is_not_the_lowest_when_no_bid_stands(self) -> None:
        """North 1S, East 1H refused by South; North then changes his 1S to a pass, found
        unintended (25A1): no bid stands any more, so 1H would have been sufficient and
        East's 2H is not the lowest sufficient heart bid: it is judged by 27B1(b) (is it
        comparable?), not 27B1(a)."""
        actions = [
            call("N", "1S"),
            call("E", "1H"),
            choose("S", "refuse"),
            {"seat": "N", "change": "P"},
            {"director": {"unintended": True}},
        ]
        assert state(actions)["auction"] == ["Pass"]
        pending = state([*actions, call("E", "2H")])["pending"]
        assert (pending["law"], pending["options"]) == ("27B1(b)", ["comparable"])

    def test_one_level_is_the_lowest_when_no_bid_stands(self) -> None:
        """The same, East's replacement being 1H again: the lowest heart bid, 27B1(a)."""
        actions = [
            call("N", "1S"),
            call("E", "1H"),
            choose("S", "refuse"),
            {"seat": "N", "change": "P"},
            {"director": {"unintended": True}},
            call("E", "1H"),
        ]
        pending = state(actions)["pending"]
        assert (pending["law"], pending["options"]) == ("27B1(a)", ["same_denominations"])
