"""Ruling records read back from a table's event log (rulings/ruling.py); what mutation testing
found unpinned (issue 19).

Each table is played inside its test (the records' deal, board 1, North deals, nobody
vulnerable), so that mutmut's mutant is active when the ruling is read.
"""

from __future__ import annotations

from typing import Any, ClassVar

from dupbridge.core.lawref import LawRef
from dupbridge.core.seats import Seat
from dupbridge.core.table import Table
from dupbridge.rulings import Decision, Ruling, rulings_of
from dupbridge.rulings.solver import ExhaustiveSolver
from dupbridge.services.records import run_record

DEAL = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876"


def table_after(actions: list[dict[str, Any]], edition: str = "2017") -> Table:
    record = {"board": 1, "deal": DEAL, "edition": edition, "mode": "recording"}
    run = run_record({**record, "actions": actions}, claims=ExhaustiveSolver())
    assert run.error is None, run.error
    return run.table


def only_ruling(actions: list[dict[str, Any]], edition: str = "2017") -> dict[str, Any]:
    (ruling,) = rulings_of(table_after(actions, edition))
    return ruling.to_json()


def call(seat: str, text: str) -> dict[str, Any]:
    return {"seat": seat, "call": text}


def card(seat: str, text: str) -> dict[str, Any]:
    return {"seat": seat, "card": text}


def choose(seat: str, option: str) -> dict[str, Any]:
    return {"choose": {"seat": seat, "option": option}}


#: North opens 1S and everyone passes: North declares, East leads.
CONTRACT = [call("N", "1S"), call("E", "P"), call("S", "P"), call("W", "P")]


class TestWholeRuling:
    """Law 27: East's insufficient 1H over 1S, refused by South (27A1), replaced by 2H, the
    lowest sufficient bid; the Director finds it does not specify the same denominations
    (27B1(a)) but is comparable (27B1(b), 23A), so there is no lead restriction (26A) and he
    checks for damage at the end of play (27D)."""

    ACTIONS: ClassVar[list[dict[str, Any]]] = [
        call("N", "1S"),
        call("E", "1H"),
        choose("S", "refuse"),
        call("E", "2H"),
        {"director": {"same_denominations": False}},
        {"director": {"comparable": True, "name": "Ann Lee", "time": "20:15", "note": "seen"}},
    ]

    def test_record(self) -> None:
        ruling = only_ruling(self.ACTIONS)
        decisions = ruling.pop("decisions")
        assert ruling == {
            "id": 3,
            "irregularity": "insufficient_bid",
            "law": "27",
            "offender": "E",
            "edition": "2017",
            "facts": {"seat": "E", "call": "1H"},
            "laws": ["27B", "27B1(b)", "23A", "26A"],
            "rectification": [
                "1H is not accepted: East must replace it by a legal call",
                "2H is comparable: it stands with no further rectification and no lead "
                "restrictions; at the end of play the Director checks for damage (Law 27D)",
            ],
            "reviews": ["27D"],
            "director": "Ann Lee",
            "time": "20:15",
            "notes": ["seen"],
        }
        assert decisions[0] == {
            "law": "27A1",
            "chooser": "S",
            "options": ["accept", "refuse"],
            "question": "Does South accept East's insufficient bid 1H?",
            "answer": "refuse",
        }
        assert [(d["law"], d["chooser"], d["options"], d["answer"]) for d in decisions[1:]] == [
            ("27B1(a)", "director", ["same_denominations"], {"same_denominations": False}),
            ("27B1(b)", "director", ["comparable"], {"comparable": True}),
        ]
        assert decisions[2]["question"].startswith("Is East's 2H a comparable call to the ")

    def test_closed(self) -> None:
        (ruling,) = rulings_of(table_after(self.ACTIONS))
        assert ruling.closed
        (pending,) = rulings_of(table_after(self.ACTIONS[:4]))
        assert not pending.closed
        assert pending.decisions[-1].answer is None
        assert pending.director is None
        assert pending.time is None
        assert pending.notes == []

    def test_director_answer_picks_only_the_questions_asked(self) -> None:
        """The Director's name and note go to the ruling, not into the answer."""
        (ruling,) = rulings_of(table_after(self.ACTIONS))
        assert ruling.decisions[-1].answer == {"comparable": True}


class TestAnswers:
    """How the log's events answer the decision a ruling waits on."""

    def test_a_call_answers_the_pending_choice(self) -> None:
        """Law 27A1: South calls over East's insufficient bid, accepting it by calling."""
        ruling = only_ruling([call("N", "1S"), call("E", "1H"), call("S", "2H")])
        (decision,) = ruling["decisions"]
        assert decision["answer"] == {"call": "2H", "seat": "S"}

    def test_no_call_after_the_answer(self) -> None:
        """Law 27A1: accepted, the bid stands; the calls after it answer nothing."""
        actions = [call("N", "1S"), call("E", "1H"), choose("S", "accept"), call("S", "2H")]
        (decision,) = only_ruling(actions)["decisions"]
        assert decision["answer"] == "accept"

    def test_director_notes_wait_for_the_player(self) -> None:
        """While South's choice (Law 27A1) is open, the Director's name and note belong to no
        ruling yet: they are not recorded."""
        actions = [call("N", "1S"), call("E", "1H"), {"director": {"name": "Ann", "note": "x"}}]
        ruling = only_ruling(actions)
        assert ruling["director"] is None
        assert ruling["notes"] == []
        assert ruling["decisions"][0]["answer"] is None

    def test_director_time_after_the_ruling(self) -> None:
        """Once nothing is open, the Director's name and time go to the last ruling."""
        actions = [call("N", "1S"), call("E", "1H"), choose("S", "accept")]
        actions.append({"director": {"name": "Ann", "time": "21:00"}})
        ruling = only_ruling(actions)
        assert (ruling["director"], ruling["time"], ruling["notes"]) == ("Ann", "21:00", [])

    def test_calls_after_a_call_answered(self) -> None:
        """Law 27A1: South's 2H accepted East's 1H; West's and North's passes after it answer
        nothing more."""
        actions = [call("N", "1S"), call("E", "1H"), call("S", "2H"), call("W", "P")]
        (ruling,) = rulings_of(table_after([*actions, call("N", "P")]))
        (decision,) = ruling.decisions
        assert decision.answer == {"call": "2H", "seat": "S"}

    def test_director_name_with_specified_while_a_player_chooses(self) -> None:
        """Law 29C: the Director states what East's 1H specified while South's choice is
        open; that statement belongs to the ruling, and so do his name and note."""
        answers = {"specified": "H", "name": "Ann", "note": "natural"}
        (ruling,) = rulings_of(
            table_after([call("N", "1S"), call("E", "1H"), {"director": answers}])
        )
        assert ruling.director == "Ann"
        assert ruling.notes == ["natural"]
        assert ruling.decisions[0].answer is None

    def test_director_name_before_any_ruling(self) -> None:
        """No ruling is open: the Director's name is recorded nowhere."""
        table = table_after([call("N", "1S"), {"director": {"name": "Ann", "note": "early"}}])
        assert rulings_of(table) == []


class TestFacts:
    """The facts a ruling records from the event that opened it."""

    def test_card_exposed_during_the_auction(self) -> None:
        """Law 24: East's SJ and D5 seen by his partner."""
        ruling = only_ruling([call("N", "1S"), {"seat": "E", "expose": ["SJ", "D5"]}])
        assert (ruling["irregularity"], ruling["law"], ruling["offender"]) == (
            "card_exposed_during_auction",
            "24",
            "E",
        )
        assert ruling["facts"] == {"seat": "E", "cards": ["SJ", "D5"]}

    def test_card_led_during_the_auction(self) -> None:
        """Law 24: a card led during the auction is marked as led."""
        ruling = only_ruling([call("N", "1S"), card("E", "SJ")])
        assert ruling["irregularity"] == "card_led_during_auction"
        assert ruling["facts"] == {"seat": "E", "cards": ["SJ"], "led": True}

    def test_opening_lead_out_of_turn(self) -> None:
        """Law 54: West leads when East should; the card is no card led during the auction."""
        ruling = only_ruling([*CONTRACT, card("W", "S3")])
        assert (ruling["irregularity"], ruling["law"], ruling["offender"]) == (
            "opening_lead_out_of_turn",
            "54",
            "W",
        )
        assert ruling["facts"] == {"seat": "W", "cards": ["S3"]}

    def test_deliberate_exposure_in_play(self) -> None:
        """Law 50B: a card exposed deliberately is recorded as such."""
        actions = [*CONTRACT, card("E", "SJ"), {"seat": "W", "expose": ["H2"], "deliberate": True}]
        ruling = only_ruling(actions)
        assert ruling["irregularity"] == "card_exposed_during_play"
        assert ruling["facts"] == {"seat": "W", "cards": ["H2"], "deliberate": True}

    def test_change_of_call(self) -> None:
        """Law 25: North changes 1S to 1H."""
        ruling = only_ruling([call("N", "1S"), {"seat": "N", "change": "1H"}])
        assert ruling["facts"] == {"seat": "N", "change": "1H"}
        assert ruling["law"] == "25"

    def test_bid_above_seven(self) -> None:
        """Law 38: North's 8S is no call; the facts keep its level and strain."""
        ruling = only_ruling([call("N", "8S")])
        assert ruling["irregularity"] == "bid_above_seven"
        assert ruling["facts"] == {"seat": "N", "call": "8S"}

    def test_misinformation(self) -> None:
        """Law 21B: East reports misinformation from North."""
        actions = [call("N", "1S")]
        actions.append(
            {"seat": "E", "report": "misinformation", "against": "N", "facts": "said natural"}
        )
        ruling = only_ruling(actions)
        assert ruling["law"] == "21B"
        assert ruling["facts"] == {
            "seat": "E",
            "report": "misinformation",
            "facts": "said natural",
            "against": "N",
        }

    def test_report_with_details(self) -> None:
        """Law 13C: a surplus card found, against South."""
        report = {
            "report": "incorrect_number_of_cards",
            "against": "S",
            "details": {"surplus": True},
        }
        ruling = only_ruling([call("N", "1S"), {"seat": "E", **report}])
        assert ruling["facts"] == {
            "seat": "E",
            "report": "incorrect_number_of_cards",
            "facts": "",
            "against": "S",
            "details": {"surplus": True},
        }

    def test_revoke_with_its_trick(self) -> None:
        """Law 61A: East draws attention to North's revoke on the first trick (a diamond on a
        heart lead with hearts held)."""
        trick = [card("E", "HA"), card("S", "H7"), card("W", "H2"), card("N", "D8")]
        ruling = only_ruling([*CONTRACT, *trick, {"seat": "E", "revoke": "N", "trick": 1}])
        assert (ruling["irregularity"], ruling["law"], ruling["offender"]) == ("revoke", "61A", "N")
        assert ruling["facts"] == {"seat": "E", "offender": "N", "trick": 1, "when": "play"}
        plain = only_ruling([*CONTRACT, *trick, {"seat": "E", "revoke": "N"}])
        assert plain["facts"] == {"seat": "E", "offender": "N", "when": "play"}

    def test_contested_claim(self) -> None:
        """Law 70: East disputes North's claim; the facts name the action."""
        trick = [card("E", "SJ"), card("S", "S4"), card("W", "S3"), card("N", "SA")]
        claim = [{"seat": "N", "claim": 7}, {"seat": "E", "reject_claim": True}]
        ruling = only_ruling([*CONTRACT, *trick, *claim])
        assert (ruling["irregularity"], ruling["law"]) == ("contested_claim", "70")
        assert ruling["facts"] == {"seat": "E", "action": "ClaimRejected"}
        assert ruling["decisions"][0]["chooser"] == "director"


class TestToJson:
    def test_laws_and_reviews_listed_once(self) -> None:
        law = LawRef(27, "B", "2017")
        review = LawRef(27, "D", "2017")
        ruling = Ruling(3, "insufficient_bid", LawRef(27, "", "2017"), Seat.E, "2017")
        ruling.laws.extend([law, LawRef(23, "A", "2017"), law])
        ruling.reviews.extend([review, review])
        data = ruling.to_json()
        assert data["laws"] == ["27B", "23A"]
        assert data["reviews"] == ["27D"]
        assert data["law"] == "27"
        assert data["decisions"] == []
        assert data["facts"] == {}
        assert ruling.closed

    def test_decision(self) -> None:
        decision = Decision(LawRef(27, "A1", "2017"), Seat.S, ("accept", "refuse"), "Accept?")
        assert decision.to_json() == {
            "law": "27A1",
            "chooser": "S",
            "options": ["accept", "refuse"],
            "question": "Accept?",
            "answer": None,
        }
        director = Decision(LawRef(25, "A", "2017"), None, ("unintended",), "?", True)
        assert director.to_json()["chooser"] == "director"
        assert director.to_json()["answer"] is True
