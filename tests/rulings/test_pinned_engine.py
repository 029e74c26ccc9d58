"""The Director's answers to the rulings engine (rulings/engine.py): the end-of-play reviews,
the adjusted score, the denominations a call specified and the refusals; what mutation testing
found unpinned (issue 19).

Each table is played inside its test (the records' deal, board 1), so that mutmut's mutant is
active when the engine answers.
"""

from __future__ import annotations

from typing import Any

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

    def test_another_question(self) -> None:
        message = refusal([*REPLACED, director(comparable=True)])
        assert message == (
            "the Director was asked 'same_denominations', not comparable (Law 27B1(a) (2017))"
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
