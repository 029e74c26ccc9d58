"""The rulings engine (rulings/engine.py), continued: calls out of rotation that change a call
(Law 25), cards exposed during the auction and at its end (Law 24), the awaited call, the
declarer's choices before a lead or play (Laws 26, 50D2, 51), the refusals and the rule book
chosen; what mutation testing found unpinned (issue 19).

Each table is played inside its test (the records' deal, board 1: North deals, nobody
vulnerable), so that mutmut's mutant is active when the engine answers.

North AKQ2.J3.T98.5432, East JT98.AKQ.765.AKQ, South 7654.T987.AKQ.JT, West 3.6542.J432.9876.
"""

from __future__ import annotations

from typing import Any

import pytest

from dupbridge.core.errors import ImpossibleActionError
from dupbridge.core.table import Table
from dupbridge.rulings.solver import ExhaustiveSolver
from dupbridge.services.records import run_record, state_json
from tests.rulings.test_pinned_engine import (
    DEAL,
    REPLACED,
    call,
    choose,
    director,
    logged,
    state,
)


def state_with(
    actions: list[dict[str, Any]], edition: str = "2017", profile: str | None = None
) -> dict[str, Any]:
    record: dict[str, Any] = {"board": 1, "deal": DEAL, "edition": edition, "mode": "recording"}
    if profile is not None:
        record["profile"] = profile
    return state_json(run_record({**record, "actions": actions}, claims=ExhaustiveSolver()))


def expose(seat: str, cards: str) -> dict[str, Any]:
    return {"seat": seat, "expose": cards}


class TestCallAgainAtTheLhoTurn:
    """Laws 31C, 25: a player who calls again at his LHO's turn changes his call."""

    def test_the_same_call_again(self) -> None:
        """North repeats 1S: no change of call, nothing to rectify (Law 25)."""
        actions = [call("N", "1S"), call("N", "1S")]
        result = state(actions)
        assert result["error"] is None
        assert result["pending"] is None
        (ruling,) = result["rulings"]
        assert ruling["laws"] == ["25"]
        assert ruling["rectification"] == ["North repeated his own call 1S: nothing changes"]
        assert result["auction"] == ["1S"]
        assert result["turn"] == "E"
        assert logged(actions, 1) == [("Note", 3)]

    def test_with_bidding_boxes(self) -> None:
        """Swedish profile (2007 Laws, bidding boxes): the Director asks whether 1S was a
        mechanical mis-pull from the box, meaning 2S (Swedish Law 112D, 2007 Law 25A)."""
        result = state_with([call("N", "1S"), call("N", "2S")], "2007", "sweden")
        assert result["error"] is None
        assert result["pending"]["irregularity"] == "change_of_call"
        assert result["pending"]["law"] == "25A"
        assert result["pending"]["question"] == (
            "Did North take 1S out of the bidding box by a mechanical mis-pull, meaning 2S "
            "(Swedish Law 112D; 2007 Law 25A)?"
        )

    def test_without_bidding_boxes(self) -> None:
        """2007 Law 25A1 (no bidding boxes): 1S unintended, 2S put in its place at once."""
        result = state_with([call("N", "1S"), call("N", "2S")], "2007")
        assert result["pending"]["question"] == (
            "Was 1S unintended, and did North put 2S in its place without a pause for thought "
            "(2007 Law 25A1)?"
        )


class TestCardsExposedDuringTheAuction:
    """Law 24: the count of exposed cards includes those already face up."""

    def test_one_low_card(self) -> None:
        """Law 24A: a single low card, not led: no further rectification."""
        actions = [call("N", "1S"), expose("E", "S8")]
        result = state(actions)
        assert result["error"] is None
        assert result["rulings"][-1]["laws"] == ["24", "24A"]
        assert result["forced_passes"] == []
        assert result["exposed_cards"] == {"E": ["S8"]}
        assert logged(actions, 1) == [("Expose", 3), ("Note", 3)]

    def test_a_second_low_card(self) -> None:
        """Law 24C: a second low card later makes two exposed: West must pass at his next
        turn."""
        actions = [call("N", "1S"), expose("E", "S8"), call("E", "P"), expose("E", "D5")]
        result = state(actions)
        assert result["error"] is None
        assert result["rulings"][-1]["laws"] == ["24", "24C", "16C", "72C"]
        assert result["forced_passes"] == [
            {"seat": "W", "span": "next_turn", "law": "24C", "ruling": 8}
        ]
        assert result["exposed_cards"] == {"E": ["S8", "D5"]}


class TestAwaitedCall:
    def test_replacement_stands(self) -> None:
        """Law 27B1(a): East's replacement 2H, the lowest sufficient bid in the same
        denomination, stands in the auction record; the insufficient 1H is cancelled."""
        result = state([*REPLACED, director(same_denominations=True)])
        assert result["error"] is None
        assert result["auction_record"] == [
            {"seat": "N", "call": "1S", "status": "standing"},
            {"seat": "E", "call": "1H", "status": "cancelled"},
            {"seat": "E", "call": "2H", "status": "standing"},
        ]
        assert result["auction"] == ["1S", "2H"]
        assert result["turn"] == "S"

    def test_choice_logged_under_its_ruling(self) -> None:
        """Law 27A1: South's refusal closes the decision and opens the wait for East's
        replacement, all under the insufficient bid's ruling."""
        actions = [call("N", "1S"), call("E", "1H"), choose("S", "refuse")]
        assert logged(actions, 2) == [("Resolve", 3), ("Note", 3), ("Await", 3)]


#: 1S by North; West, not East, faces the opening lead.
ONE_SPADE = [call("N", "1S"), call("E", "P"), call("S", "P"), call("W", "P")]


class TestCardOverAPendingRuling:
    def test_declarer_plays_to_the_lead_out_of_turn(self) -> None:
        """Laws 54C, 54B1: while the Director is asked whether declarer could have seen
        dummy's cards, declarer plays to West's lead out of turn: he has accepted it, as by
        choosing to (54B1: dummy is spread, the second card is his), not under 54C."""
        led = [*ONE_SPADE, {"seat": "W", "card": "H2"}]
        asked = state(led)
        assert asked["pending"]["law"] == "54C"
        assert asked["pending"]["callers"] == ["N"]
        actions = [*led, {"seat": "N", "card": "H3"}]
        result = state(actions)
        assert result["error"] is None
        assert result["pending"] is None
        ruling = result["rulings"][-1]
        assert ruling["laws"] == ["54B", "53A", "41D"]
        assert ruling["rectification"] == [
            "the lead of H2 stands and dummy is spread; the second card to the trick comes "
            "from declarer's hand (Law 54B1)"
        ]
        assert result["turn"] == "E"
        assert logged(actions, len(led)) == [("Resolve", 7), ("Note", 7), ("Place", 7)]


class TestAuctionEndedExposedCards:
    """Law 24D-E at the end of the auction: the declaring side's exposed cards go back to
    the hand; a defender's become penalty cards (Law 50B: major for an honour, a card led or
    two or more cards; else minor)."""

    def rulings(self, actions: list[dict[str, Any]]) -> dict[int, tuple[list[str], list[str]]]:
        result = state(actions)
        assert result["error"] is None
        assert result["exposed_cards"] == {}
        return {r["id"]: (r["laws"], r["rectification"]) for r in result["rulings"]}

    def test_declarer_and_dummy(self) -> None:
        """Law 24D: North (declarer) and South (dummy) pick their cards up."""
        actions = [
            expose("N", "C2"),
            call("N", "1S"),
            expose("S", "S4"),
            call("E", "P"),
            call("S", "P"),
            call("W", "P"),
        ]
        low = (
            "a single card below an honour, not led: it stays face up on the table until the "
            "auction ends, with no further rectification (Law 24A; see 24E)"
        )
        assert self.rulings(actions) == {
            2: (
                ["24", "24A", "24D"],
                [low, "North is declarer: his exposed cards go back to his hand"],
            ),
            7: (
                ["24", "24A", "24D"],
                [low, "South is dummy: his exposed cards go back to his hand"],
            ),
        }
        assert state(actions)["penalty_cards"] == {}
        assert logged(actions, 5) == [
            ("ReturnExposed", 2),
            ("Note", 2),
            ("ReturnExposed", 7),
            ("Note", 7),
        ]

    def test_defenders_single_low_cards(self) -> None:
        """Laws 24E, 50B: East's S8 and West's S3, single low cards shown by accident, are
        minor penalty cards."""
        actions = [
            call("N", "1S"),
            expose("E", "S8"),
            call("E", "P"),
            call("S", "P"),
            expose("W", "S3"),
            call("W", "P"),
        ]
        rulings = self.rulings(actions)
        assert rulings[3][0] == ["24", "24A", "24E", "50B"]
        assert rulings[3][1][-1] == "East defends: S8 become penalty cards (minor)"
        assert rulings[9][1][-1] == "West defends: S3 become penalty cards (minor)"
        result = state(actions)
        assert result["penalty_cards"] == {
            "E": [{"card": "S8", "kind": "minor"}],
            "W": [{"card": "S3", "kind": "minor"}],
        }
        assert logged(actions, 5) == [
            ("ReturnExposed", 3),
            ("PenaltyCard", 3),
            ("Note", 3),
            ("ReturnExposed", 9),
            ("PenaltyCard", 9),
            ("Note", 9),
        ]

    def test_honour_and_card_led(self) -> None:
        """Law 50B: East's exposed HK (an honour) and West's H2 led during the auction are
        major penalty cards."""
        actions = [
            call("N", "1S"),
            expose("E", "HK"),
            call("E", "P"),
            call("S", "P"),
            {"seat": "W", "card": "H2"},
            call("W", "P"),
        ]
        result = state(actions)
        assert result["error"] is None
        assert result["penalty_cards"] == {
            "E": [{"card": "HK", "kind": "major"}],
            "W": [{"card": "H2", "kind": "major"}],
        }
        texts = [r["rectification"][-1] for r in result["rulings"]]
        assert texts == [
            "East defends: HK become penalty cards (major)",
            "West defends: H2 become penalty cards (major)",
        ]

    def test_two_low_cards_exposed_at_different_times(self) -> None:
        """Law 50B: East showed S8, then later D5: with two penalty cards both are major."""
        actions = [
            call("N", "1S"),
            expose("E", "S8"),
            call("E", "P"),
            call("S", "2S"),
            expose("E", "D5"),
            call("W", "P"),
            call("N", "P"),
            call("E", "P"),
        ]
        result = state(actions)
        assert result["error"] is None
        assert result["penalty_cards"] == {
            "E": [{"card": "S8", "kind": "major"}, {"card": "D5", "kind": "major"}]
        }
        assert result["rulings"][-1]["laws"] == ["24", "24C", "16C", "72C", "24E", "50B"]
        assert result["rulings"][-1]["rectification"][-1] == (
            "East defends: S8 D5 become penalty cards (major)"
        )


class TestAuctionEndedLeadRights:
    def test_offender_becomes_declarer(self) -> None:
        """Law 26 applies only if the offender becomes a defender: East, whose 1H was
        replaced by a call not comparable (27B2, 26B), becomes declarer in 2H; declarer's
        lead right lapses."""
        actions = [
            *REPLACED,
            director(same_denominations=False),
            director(comparable=False),
            call("S", "P"),
            call("W", "P"),
            call("N", "P"),
        ]
        result = state(actions)
        assert result["error"] is None
        assert result["declarer"] == "E"
        assert result["lead_restrictions"] == []
        ruling = result["rulings"][-1]
        assert ruling["laws"] == ["27B", "27B2", "16C", "26B", "72C"]
        assert ruling["rectification"][-1] == "East is not a defender: no lead restriction"
        assert logged(actions, len(actions) - 1) == [("Drop", 3), ("Note", 3)]


def table_after(actions: list[dict[str, Any]]) -> Table:
    record = {"board": 1, "deal": DEAL, "mode": "recording", "actions": actions}
    run = run_record(record, claims=ExhaustiveSolver())
    assert run.error is None
    return run.table


class TestDirectorWithNothingPending:
    def test_empty_answer_refused(self) -> None:
        """Nothing is pending and the Director says nothing: refused, nothing logged."""
        table = table_after([call("N", "1S")])
        before = table.events
        with pytest.raises(ImpossibleActionError) as raised:
            table.director()
        assert str(raised.value) == "the Director's answer is empty"
        assert table.events == before

    def test_only_facts(self) -> None:
        """The Director's name alone is recorded, with no rectification."""
        table = table_after([call("N", "1S")])
        events = table.director(name="Ann")
        assert [type(event).__name__ for event in events] == ["DirectorAnswered"]


class TestTwoLeadRightsLapse:
    def test_both_dropped(self) -> None:
        """Law 26 twice: East's two insufficient bids were replaced by calls not comparable
        (27B2); East becomes declarer in 3D, so neither lead right survives."""
        actions = [
            *REPLACED[:3],
            call("E", "2C"),
            director(same_denominations=False),
            director(comparable=False),
            call("S", "2S"),
            call("W", "P"),
            call("N", "P"),
            call("E", "2D"),
            choose("S", "refuse"),
            call("E", "3D"),
            director(same_denominations=False),
            director(comparable=False),
            call("S", "P"),
            call("W", "P"),
            call("N", "P"),
        ]
        result = state(actions)
        assert result["error"] is None
        assert (result["contract"], result["declarer"]) == ("3D", "E")
        assert result["lead_restrictions"] == []
        assert logged(actions, len(actions) - 1) == [
            ("Drop", 24),  # the second ruling's flag (a question after a question logs no Resolve)
            ("Note", 24),
            ("Drop", 3),
            ("Note", 3),
        ]


class TestExposedCardsReturnUnderTheirRuling:
    def test_a_later_ruling_of_the_same_player(self) -> None:
        """Law 24D: North exposed C2, later made an insufficient 2D (accepted, Law 27A1) and
        became declarer: the return of C2 belongs to the exposure's ruling, not the later
        one."""
        actions = [
            expose("N", "C2"),
            call("N", "1S"),
            call("E", "2H"),
            call("S", "P"),
            call("W", "P"),
            call("N", "2D"),
            call("E", "P"),
            call("S", "P"),
            call("W", "P"),
        ]
        result = state(actions)
        assert result["error"] is None
        assert (result["contract"], result["declarer"]) == ("2D", "N")
        texts = {r["id"]: r["rectification"][-1] for r in result["rulings"]}
        assert texts == {
            2: "North is declarer: his exposed cards go back to his hand",
            10: "East accepted the insufficient bid 2D (Law 27A1)",
        }
        assert logged(actions, len(actions) - 1) == [("ReturnExposed", 2), ("Note", 2)]


class TestPenaltyCardAtEachLead:
    def test_declarer_chooses_again_at_a_later_lead(self) -> None:
        """Law 50D2: North's SA, exposed during the auction, is a major penalty card (24E);
        declarer imposes nothing at South's opening lead, so the card stays, and when South
        is on lead again (he won trick 2) declarer chooses again."""
        actions = [
            expose("N", "SA"),
            call("N", "P"),
            call("E", "1NT"),
            call("S", "P"),
            call("W", "P"),
            call("N", "P"),
        ]
        options = ["require_spades", "prohibit_spades", "no_restriction"]
        first = state(actions)
        assert (first["pending"]["law"], first["pending"]["chooser"]) == ("50D2", "E")
        assert first["pending"]["options"] == options
        actions += [
            choose("E", "no_restriction"),
            {"seat": "S", "card": "H7"},
            {"seat": "W", "card": "H2"},
            {"seat": "N", "card": "H3"},
            {"seat": "E", "card": "HA"},
            {"seat": "E", "card": "D5"},
            {"seat": "S", "card": "DA"},
            {"seat": "W", "card": "D2"},
            {"seat": "N", "card": "D8"},
        ]
        again = state(actions)
        assert again["error"] is None
        assert again["penalty_cards"] == {"N": [{"card": "SA", "kind": "major"}]}
        assert (again["pending"]["law"], again["pending"]["chooser"]) == ("50D2", "E")
        assert again["pending"]["options"] == options


class TestDesignationAtEachTurn:
    def test_declarer_designates_again(self) -> None:
        """Law 51A: South holds three major penalty cards (S4 S5 S6, exposed together, 50B);
        at each spade lead declarer designates the one he must play."""
        one_nt = [call("N", "P"), call("E", "1NT"), call("S", "P"), call("W", "P"), call("N", "P")]
        trick_1 = [("S", "H7"), ("W", "H2"), ("N", "H3"), ("E", "HA")]
        actions = [
            *one_nt,
            *({"seat": seat, "card": text} for seat, text in trick_1),
            expose("S", "S4 S5 S6"),
            {"seat": "E", "card": "S8"},
        ]
        first = state(actions)
        assert (first["pending"]["law"], first["pending"]["chooser"]) == ("51A", "E")
        assert first["pending"]["options"] == ["designate_S6", "designate_S5", "designate_S4"]
        assert logged(actions, len(actions) - 1) == [("Mark", 0), ("Pend", 13)]
        assert [d["law"] for d in first["rulings"][-1]["decisions"]] == ["51A"]
        actions += [
            choose("E", "designate_S4"),
            {"seat": "S", "card": "S4"},
            {"seat": "W", "card": "S3"},
            {"seat": "N", "card": "S2"},
            {"seat": "E", "card": "S9"},
        ]
        again = state(actions)
        assert again["error"] is None
        assert (again["pending"]["law"], again["pending"]["chooser"]) == ("51A", "E")
        assert again["pending"]["options"] == ["designate_S6", "designate_S5"]


class TestChangeOfCallAction:
    def test_question_names_the_first_call(self) -> None:
        """Law 25A: North replaces 1S by 2S; the Director is asked whether 1S was
        unintended, 2S being what he meant."""
        result = state([call("N", "1S"), {"seat": "N", "change": "2S"}])
        assert result["error"] is None
        assert result["pending"]["question"] == (
            "Was 1S unintended: a mechanical error or a slip of the tongue, not a change of "
            "mind (Law 25A2), so that 2S is what North meant to call?"
        )


class TestUnauthorizedInformation:
    def test_reporter_named(self) -> None:
        """Law 16B1-B3: South, who reported East's unauthorized information, reserves the
        right to call the Director later (WBF profile); reviewed at the end (16B3)."""
        report = {"seat": "S", "report": "unauthorized_information", "against": "E", "facts": "x"}
        result = state([call("N", "1S"), report])
        assert result["error"] is None
        assert result["rulings"][-1]["rectification"] == [
            "South reserves the right to call the Director later; at the end of play the "
            "Director adjusts the score if an action suggested by the information was chosen "
            "over a logical alternative and gained (Law 16B3)"
        ]
        assert [review["law"] for review in result["reviews"]] == ["16B3"]
