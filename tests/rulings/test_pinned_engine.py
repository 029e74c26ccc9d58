"""The Director's answers to the rulings engine (rulings/engine.py): the end-of-play reviews,
the adjusted score, the denominations a call specified and the refusals; what mutation testing
found unpinned (issue 19).

Each table is played inside its test (the records' deal, board 1), so that mutmut's mutant is
active when the engine answers.
"""

from __future__ import annotations

from typing import Any

from dupbridge.core.events import Rectified
from dupbridge.rulings.solver import ExhaustiveSolver
from dupbridge.services.records import run_record, state_json

DEAL = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876"


def state(actions: list[dict[str, Any]], edition: str = "2017") -> dict[str, Any]:
    record = {"board": 1, "deal": DEAL, "edition": edition, "mode": "recording"}
    return state_json(run_record({**record, "actions": actions}, claims=ExhaustiveSolver()))


def refusal(actions: list[dict[str, Any]]) -> str:
    result = state(actions)
    assert result["error"] is not None
    assert result["error"]["action"] == len(actions) - 1
    return str(result["error"]["message"])


def call(seat: str, text: str) -> dict[str, Any]:
    return {"seat": seat, "call": text}


def choose(seat: str, option: str) -> dict[str, Any]:
    return {"choose": {"seat": seat, "option": option}}


def director(**answers: object) -> dict[str, Any]:
    return {"director": answers}


#: Law 27: East's insufficient 1H, refused (27A1), replaced by 2H, the lowest sufficient bid.
REPLACED = [call("N", "1S"), call("E", "1H"), choose("S", "refuse"), call("E", "2H")]
#: ... not specifying the same denominations (27B1(a)) but comparable (27B1(b)): the Director
#: checks for damage at the end of play (27D).
COMPARABLE = [*REPLACED, director(same_denominations=False), director(comparable=True)]

TEXT_27D = (
    "Law 27D: if the outcome could well have been different without the help of the "
    "insufficient bid and the other side was damaged, the Director assigns an adjusted score"
)


class TestReviewDecided:
    """Law 27D: the Director decides the review at the end of play."""

    def test_score_stands(self) -> None:
        result = state([*COMPARABLE, director(review="27D", score_stands=True)])
        assert result["error"] is None
        assert result["reviews"] == [
            {"law": "27D", "ruling": 3, "text": TEXT_27D, "decision": "score stands"}
        ]
        ruling = result["rulings"][-1]
        assert ruling["laws"] == ["27B", "27B1(b)", "23A", "26A", "27D"]
        assert ruling["rectification"][-1] == "the Director reviewed the board: the score stands"

    def test_adjusted(self) -> None:
        """Laws 27D, 12C2: an artificial adjusted score decides the review."""
        result = state([*COMPARABLE, director(review="27D", adjusted_score="A60/40")])
        assert result["error"] is None
        assert result["reviews"][0]["decision"] == "A60%/A40% (Law 12C2 (2017))"
        ruling = result["rulings"][-1]
        assert ruling["laws"] == ["27B", "27B1(b)", "23A", "26A", "12C2"]
        assert ruling["rectification"][-1] == "adjusted score: A60%/A40% (Law 12C2 (2017))"
        assert result["adjusted_score"]["artificial"] == "A60%/A40%"

    def test_open_until_decided(self) -> None:
        result = state(COMPARABLE)
        assert result["reviews"] == [
            {"law": "27D", "ruling": 3, "text": TEXT_27D, "decision": None}
        ]


class TestReviewRefused:
    def test_both_stand_and_adjusted(self) -> None:
        actions = [*COMPARABLE, director(review="27D", adjusted_score="A60/40", score_stands=True)]
        assert refusal(actions) == "the score cannot both stand and be adjusted"

    def test_neither(self) -> None:
        message = refusal([*COMPARABLE, director(review="27D")])
        assert message == "the Director's decision needs 'score_stands' or 'adjusted_score'"

    def test_no_such_review(self) -> None:
        message = refusal([*COMPARABLE, director(review="16B3", score_stands=True)])
        assert message == "no open review under Law 16B3 (open: 27D)"

    def test_review_already_decided(self) -> None:
        decided = [*COMPARABLE, director(review="27D", score_stands=True)]
        message = refusal([*decided, director(review="27D", score_stands=True)])
        assert message == "no open review under Law 27D (open: -)"

    def test_unknown_answer(self) -> None:
        assert refusal([*COMPARABLE, director(foo=1, bar=2)]) == (
            "nothing asked the Director about bar, foo"
        )

    def test_score_stands_without_review(self) -> None:
        message = refusal([*COMPARABLE, director(score_stands=True)])
        assert message == "'score_stands' needs the 'review' it decides"

    def test_bad_adjusted_score(self) -> None:
        message = refusal([*COMPARABLE, director(review="27D", adjusted_score="Z")])
        assert message.startswith("not an adjusted score: 'Z'")


class TestDirectorQuestion:
    """Law 27B1(a): the Director answers the question asked, true or false."""

    def test_not_a_truth_value(self) -> None:
        message = refusal([*REPLACED, director(same_denominations="yes")])
        assert message == (
            "the answer to 'same_denominations' must be true or false, not 'yes' "
            "(Law 27B1(a) (2017))"
        )
        assert state([*REPLACED, director(same_denominations="yes")])["error"]["law"] == "27B1(a)"

    def test_another_question(self) -> None:
        message = refusal([*REPLACED, director(comparable=True)])
        assert message == (
            "the Director was asked 'same_denominations', not comparable (Law 27B1(a) (2017))"
        )
        assert state([*REPLACED, director(comparable=True)])["error"]["law"] == "27B1(a)"

    def test_other_questions_all_named(self) -> None:
        message = refusal([*REPLACED, director(foo=1, comparable=True)])
        assert message == (
            "the Director was asked 'same_denominations', not comparable, foo (Law 27B1(a) (2017))"
        )

    def test_no_answer(self) -> None:
        message = refusal([*REPLACED, director(name="Ann")])
        assert message.startswith(
            "the Director must answer 'same_denominations': 2H is the lowest sufficient bid"
        )
        assert state([*REPLACED, director(name="Ann")])["error"]["law"] == "27B1(a)"


class TestSpecified:
    """Law 29C: the Director states which denominations a withdrawn call specified; the
    pending decision is asked again with that fact."""

    def test_with_a_director_question_pending(self) -> None:
        result = state([*REPLACED, director(specified="H")])
        assert result["error"] is None
        assert result["pending"]["law"] == "27B1(a)"
        assert result["pending"]["options"] == ["same_denominations"]
        ruling = result["rulings"][-1]
        assert ruling["laws"] == ["27B", "29C"]
        assert ruling["rectification"][-1] == "the Director: the call specified H"

    def test_with_a_player_choice_pending(self) -> None:
        """South's choice of Law 27A1 stays open, asked again."""
        result = state([call("N", "1S"), call("E", "1H"), director(specified="H S")])
        assert result["error"] is None
        assert result["pending"]["law"] == "27A1"
        assert result["pending"]["chooser"] == "S"
        ruling = result["rulings"][-1]
        assert ruling["laws"] == ["29C"]
        assert ruling["rectification"] == ["the Director: the call specified H S"]

    def test_none_specified(self) -> None:
        result = state([call("N", "1S"), call("E", "1H"), director(specified="")])
        assert result["rulings"][-1]["rectification"] == ["the Director: the call specified -"]

    def test_with_the_answer(self) -> None:
        """Given with the answer, the fact goes with it: 2H stands (27B1(a))."""
        result = state([*REPLACED, director(specified="H", same_denominations=True)])
        assert result["error"] is None
        assert result["pending"] is None
        assert result["rulings"][-1]["laws"] == ["27B", "27B1(a)"]
        assert result["forced_passes"] == []

    def test_refused_notation(self) -> None:
        message = refusal([*REPLACED, director(specified="Q")])
        assert message == "'specified' must list denominations such as \"S H\", not 'Q'"


def logged(
    actions: list[dict[str, Any]], start: int, edition: str = "2017"
) -> list[tuple[str, int]]:
    """The rectifications logged by ``actions[start:]``: each effect's kind and the number of
    the ruling it is logged under (the event log players and the Director read back)."""
    record = {"board": 1, "deal": DEAL, "edition": edition, "mode": "recording"}
    before = run_record({**record, "actions": actions[:start]}, claims=ExhaustiveSolver())
    run = run_record({**record, "actions": actions}, claims=ExhaustiveSolver())
    assert run.error is None
    events = run.table.events[len(before.table.events) :]
    return [(type(e.effect).__name__, e.effect.ruling) for e in events if isinstance(e, Rectified)]


#: 2007 Law 27: East's insufficient 1H refused and replaced by 2C, not the lowest sufficient
#: bid in hearts; the Director is asked whether it means the same (2007 Law 27B1(b)).
REPLACED_2007 = [call("N", "1S"), call("E", "1H"), choose("S", "refuse"), call("E", "2C")]
#: ... it does not: West passes throughout (27B2) and, East being a defender of South's 2D,
#: declarer may restrict West's first lead (2007 Law 26).
NOT_SAME_2007 = [call("S", "2D"), call("W", "P"), call("N", "P"), call("E", "P")]


def state_2007(actions: list[dict[str, Any]]) -> dict[str, Any]:
    return state(actions, "2007")


class TestSpecifiedTravelsWithTheRuling:
    """Law 29C with 2007 Law 26: the denominations the Director says the withdrawn call
    specified decide which suit declarer may require or prohibit at the first lead."""

    def test_lead_choice_without_the_fact(self) -> None:
        """2007 Law 26A: a heart bid relates to hearts."""
        result = state_2007([*REPLACED_2007, director(same_meaning=False), *NOT_SAME_2007])
        assert result["error"] is None
        assert result["pending"]["law"] == "26A2"
        assert result["pending"]["chooser"] == "S"
        assert result["pending"]["options"] == [
            "require_hearts",
            "prohibit_hearts",
            "no_restriction",
        ]

    def test_lead_choice_with_the_fact(self) -> None:
        """The Director: the 1H specified diamonds; declarer's choice is of diamonds."""
        actions = [
            *REPLACED_2007,
            director(specified="D"),
            director(same_meaning=False),
            *NOT_SAME_2007,
        ]
        result = state_2007(actions)
        assert result["error"] is None
        assert result["pending"]["law"] == "26A2"
        assert result["pending"]["options"] == [
            "require_diamonds",
            "prohibit_diamonds",
            "no_restriction",
        ]
        assert result["pending"]["explanations"][:2] == [
            "West must lead a diamond",
            "West may not lead diamonds for as long as he keeps the lead",
        ]

    def test_fact_given_with_the_answer(self) -> None:
        """The fact given together with the answer is kept for the lead choice too."""
        actions = [
            *REPLACED_2007,
            director(specified="D", same_meaning=False),
            *NOT_SAME_2007,
        ]
        result = state_2007(actions)
        assert result["error"] is None
        assert result["pending"]["law"] == "26A2"
        assert result["pending"]["options"] == [
            "require_diamonds",
            "prohibit_diamonds",
            "no_restriction",
        ]

    def test_question_asked_again_in_the_same_ruling(self) -> None:
        """The reopened question is a decision of the insufficient bid's ruling, answered by
        the Director's next word; the fact and the answer are logged under that ruling."""
        result = state_2007([*REPLACED_2007, director(specified="D"), director(same_meaning=False)])
        assert result["error"] is None
        (ruling,) = result["rulings"]
        assert [d["law"] for d in ruling["decisions"]] == ["27A1", "27B1(b)", "27B1(b)"]
        assert ruling["decisions"][1]["answer"] is None
        assert ruling["decisions"][2]["answer"] == {"same_meaning": False}
        assert ruling["laws"][:2] == ["27B", "29C"]
        assert ruling["rectification"][1] == "the Director: the call specified D"
        assert result["forced_passes"] == [
            {"seat": "W", "span": "rest_of_auction", "law": "27B2", "ruling": 3}
        ]
        assert logged([*REPLACED_2007, director(specified="D")], 4) == [
            ("Resolve", 3),
            ("Pend", 3),
            ("Note", 3),
        ]

    def test_not_for_a_lead_choice(self) -> None:
        """Declarer's lead choice (Law 26B) is no withdrawn call's decision: 'specified' is
        refused there."""
        actions = [
            *REPLACED,
            director(same_denominations=False),
            director(comparable=False),
            call("S", "3D"),
            call("W", "P"),
            call("N", "P"),
            call("E", "P"),
        ]
        result = state(actions)
        assert result["error"] is None
        assert result["pending"]["irregularity"] == "lead_restriction"
        assert result["pending"]["chooser"] == "S"
        assert refusal([*actions, director(specified="H")]) == (
            "'specified' applies to a withdrawn call's ruling"
        )


class TestReviewAnswerDetails:
    def test_every_open_review_is_listed(self) -> None:
        """Laws 27D and 16B3: both reviews are open; a decision under another law names
        them."""
        report = {"seat": "N", "report": "unauthorized_information", "against": "E", "facts": "x"}
        message = refusal([*COMPARABLE, report, director(review="12C", score_stands=True)])
        assert message == "no open review under Law 12C (open: 27D, 16B3)"

    def test_adjusted_score_without_a_review(self) -> None:
        """Law 12C2: an adjusted score given with no review belongs to no ruling (0); the open
        27D review stays open."""
        actions = [*COMPARABLE, director(adjusted_score="A60/40")]
        result = state(actions)
        assert result["error"] is None
        assert result["adjusted_score"]["artificial"] == "A60%/A40%"
        assert result["reviews"][0]["decision"] is None
        assert all("adjusted" not in text for r in result["rulings"] for text in r["rectification"])
        assert logged(actions, len(COMPARABLE)) == [("Note", 0)]

    def test_decision_logged_under_the_reviewed_ruling(self) -> None:
        """Laws 27D, 12C2: the decision of a review and its note are logged under the ruling
        that opened the review (3, East's insufficient bid)."""
        stands = [*COMPARABLE, director(review="27D", score_stands=True)]
        assert logged(stands, len(COMPARABLE)) == [("Decide", 3), ("Note", 3)]
        adjusted = [*COMPARABLE, director(review="27D", adjusted_score="A60/40")]
        assert logged(adjusted, len(COMPARABLE)) == [("Decide", 3), ("Note", 3)]


def report(seat: str, kind: str, against: str) -> dict[str, Any]:
    return {"seat": seat, "report": kind, "against": against, "facts": "the explanation"}


TOO_LATE_21B3 = (
    "it is too late to change the call; at the end of play the Director awards an adjusted "
    "score if the offending side gained (Law 21B3)"
)


class TestMisinformationChange:
    """Law 21B1(a): until the end of the auction period, and if his partner has not called
    since, a player may change a call the misinformation could well have influenced; else
    the Director decides at the end of play (21B3)."""

    def law_and_text(self, actions: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
        result = state(actions)
        assert result["error"] is None
        ruling = result["rulings"][-1]
        assert ruling["irregularity"] == "misinformation"
        return ruling["laws"], ruling["rectification"]

    def test_only_the_lho_called_since(self) -> None:
        """South's pass, then West's: South may still change it; his call and the calls after
        it are withdrawn and he calls again (21B1(a), 21B2)."""
        actions = [call("N", "1S"), call("E", "2H"), call("S", "P"), call("W", "P")]
        asked = state([*actions, report("S", "misinformation", "E")])
        assert asked["pending"]["law"] == "21B1(a)"
        assert asked["pending"]["options"] == ["misinformation"]
        changed = [
            *actions,
            report("S", "misinformation", "E"),
            director(misinformation=True),
            choose("S", "change"),
        ]
        result = state(changed)
        assert result["error"] is None
        assert result["auction"] == ["1S", "2H"]
        assert [entry["status"] for entry in result["auction_record"]] == [
            "standing",
            "standing",
            "cancelled",
            "cancelled",
        ]
        assert result["turn"] == "S"
        assert result["rulings"][-1]["laws"] == ["21B1(a)", "21B2", "16C"]

    def test_partner_called_since(self) -> None:
        """North called after South's last call (out of rotation, accepted by East, Law 29A):
        too late to change it."""
        actions = [
            call("N", "1S"),
            call("E", "P"),
            call("S", "2C"),
            call("N", "2S"),
            call("E", "P"),
            report("S", "misinformation", "E"),
        ]
        assert self.law_and_text(actions) == (["21B3"], [TOO_LATE_21B3])

    def test_partner_called_before(self) -> None:
        """South called out of rotation just after his partner (accepted by West): North's
        call came before South's, so South may still change his."""
        actions = [call("N", "1S"), call("S", "2C"), call("W", "P")]
        result = state([*actions, report("S", "misinformation", "E")])
        assert result["error"] is None
        assert result["pending"]["law"] == "21B1(a)"
        assert result["pending"]["irregularity"] == "misinformation"

    def test_after_the_auction_before_the_opening_lead(self) -> None:
        """North made the final pass; the auction period lasts until the opening lead is faced
        (Law 17D): he may still change it."""
        actions = [
            call("N", "1S"),
            call("E", "2H"),
            call("S", "P"),
            call("W", "P"),
            call("N", "P"),
            report("N", "misinformation", "E"),
        ]
        result = state(actions)
        assert result["error"] is None
        assert result["pending"]["law"] == "21B1(a)"
        assert result["pending"]["options"] == ["misinformation"]

    def test_after_the_opening_lead(self) -> None:
        """The opening lead is faced: too late (21B3), reviewed at the end of play."""
        actions = [
            call("N", "1S"),
            call("E", "2H"),
            call("S", "P"),
            call("W", "P"),
            call("N", "P"),
            {"seat": "S", "card": "DA"},
            report("N", "misinformation", "E"),
        ]
        assert self.law_and_text(actions) == (["21B3"], [TOO_LATE_21B3])
        assert [review["law"] for review in state(actions)["reviews"]] == ["21B3"]


class TestCallOverAPendingRuling:
    """A call made while a ruling waits: an acceptance by calling (Law 27A1) or the call of
    the player whose turn it was (Law 28B)."""

    def test_acceptance_by_calling_stands(self) -> None:
        """Law 27A1: South's 2H over East's insufficient 1H accepts it; his own call then
        stands in the auction, in rotation, under the ruling of the insufficient bid."""
        actions = [call("N", "1S"), call("E", "1H"), call("S", "2H")]
        result = state(actions)
        assert result["error"] is None
        assert result["auction_record"] == [
            {"seat": "N", "call": "1S", "status": "standing"},
            {"seat": "E", "call": "1H", "status": "standing"},
            {"seat": "S", "call": "2H", "status": "standing"},
        ]
        assert result["turn"] == "W"
        assert logged(actions, 2) == [("Resolve", 3), ("Note", 3), ("Stand", 3), ("Proceed", 3)]

    def test_call_at_his_turn_forfeits(self) -> None:
        """Law 28B: East calls at his turn over South's 2C out of rotation: 2C is cancelled,
        East's pass stands and South calls next."""
        actions = [call("N", "1S"), call("S", "2C"), call("E", "P")]
        result = state(actions)
        assert result["error"] is None
        assert [entry["status"] for entry in result["auction_record"]] == [
            "standing",
            "cancelled",
            "standing",
        ]
        assert result["auction"] == ["1S", "Pass"]
        assert result["turn"] == "S"
        assert result["rulings"][-1]["laws"] == ["28B", "16C2"]
        assert logged(actions, 2) == [("Resolve", 3), ("Note", 3), ("Proceed", 3)]
