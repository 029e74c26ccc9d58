"""Law 12 adjusted scores as the Director awards them (rulings/adjust.py); what mutation testing
found unpinned (issue 19).

Board 2 (North-South vulnerable) of the records' deal; every score is built inside its test,
so that mutmut's mutant is active when it is built (docs/performance.md, "Mutation testing").
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from dupbridge.core.lawref import LawRef
from dupbridge.core.table import Table
from dupbridge.laws import LAWS_2007, LAWS_2017
from dupbridge.laws.profiles import WBF, WBF_2007
from dupbridge.rulings import AdjustedScore, AdjustedScoreError, parse_adjusted
from dupbridge.rulings.solver import ExhaustiveSolver
from dupbridge.scoring.adjusted import ArtificialScore
from dupbridge.services.records import run_record

DEAL = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876"


def board_two() -> Table:
    record = {"board": 2, "deal": DEAL, "edition": "2017", "mode": "recording", "actions": []}
    return run_record(record, claims=ExhaustiveSolver()).table


def adjust(value: object) -> AdjustedScore:
    return parse_adjusted(value, board_two(), LAWS_2017, WBF)


def refused(value: object) -> str:
    with pytest.raises(AdjustedScoreError) as raised:
        adjust(value)
    return str(raised.value)


WEIGHTED: list[dict[str, Any]] = [
    {"contract": "4SN", "tricks": 10, "weight": "2/3"},
    {"contract": "Pass", "tricks": 0, "weight": "1/3"},
]


class TestArtificialScore:
    """Law 12C2: average plus, average or average minus by responsibility."""

    def test_percentages(self) -> None:
        """Law 12C2(a): at least 60 % and at most 40 % in pairs (the WBF profile's values)."""
        score = adjust("A60/40")
        assert score.to_json() == {
            "laws": ["12C2"],
            "by": "director",
            "kind": "artificial",
            "artificial": "A60%/A40%",
            "percent": {"NS": "60", "EW": "40"},
        }
        assert str(score) == "A60%/A40% (Law 12C2 (2017))"
        assert not score.is_weighted

    def test_written_as_an_object(self) -> None:
        assert str(adjust({"artificial": "A60/40"})) == "A60%/A40% (Law 12C2 (2017))"

    def test_imps_have_no_percentages(self) -> None:
        """Law 12C2(b): plus or minus 3 IMPs at IMP play."""
        assert adjust("A+3/-3").to_json() == {
            "laws": ["12C2"],
            "by": "director",
            "kind": "artificial",
            "artificial": "A+3/A-3 IMP",
        }

    def test_profile_values(self) -> None:
        """Law 12C2(a)-(b): the Regulating Authority's values (a variant of the WBF profile)
        decide what average plus and average minus are worth."""
        profile = WBF.replace(
            average_plus_percent=Fraction(65),
            average_minus_percent=Fraction(35),
            average_imps=Fraction(2),
        )
        score = parse_adjusted("A+/A-", board_two(), LAWS_2017, profile)
        assert score.to_json()["percent"] == {"NS": "65", "EW": "35"}
        assert score.rules.average_plus_imps == Fraction(2)
        average = parse_adjusted("A-/A", board_two(), LAWS_2017, profile)
        assert average.to_json()["percent"] == {"NS": "35", "EW": "50"}

    def test_several_laws_named(self) -> None:
        """A score citing two laws names both (Law 12C2 with 86B, team play)."""
        score = AdjustedScore(
            artificial=ArtificialScore.from_str("A60/40"),
            laws=(LawRef(12, "C2", "2017"), LawRef(86, "B", "2017")),
        )
        assert str(score) == "A60%/A40% (Law 12C2 (2017), Law 86B (2017))"

    def test_is_no_table_result(self) -> None:
        with pytest.raises(AdjustedScoreError, match=r"^an artificial adjusted score is not a "):
            adjust("A60/40").comparable()

    def test_bad_notation(self) -> None:
        assert refused("Z").startswith("not an adjusted score: 'Z'")


class TestAssignedScore:
    """Law 12C1: an assigned score, weighted or not, scored on the board's vulnerability."""

    def test_weighted(self) -> None:
        """Law 12C1(c): 4S by North making, vulnerable (620), two times in three."""
        score = adjust({"assigned": WEIGHTED})
        assert score.is_weighted
        assert score.to_json() == {
            "laws": ["12C1(a)", "12C1(b)", "12C1(c)"],
            "by": "director",
            "kind": "assigned",
            "assigned": [
                {"contract": "4SN", "tricks": 10, "weight": "2/3", "ns": 620},
                {"contract": "Pass", "tricks": 0, "weight": "1/3", "ns": 0},
            ],
            "expected_ns": "1240/3",
        }
        assert str(score) == (
            "4SN 10 (2/3) + Pass 0 (1/3) (Law 12C1(a) (2017), Law 12C1(b) (2017), "
            "Law 12C1(c) (2017))"
        )
        assert score.comparable().outcomes == ((Fraction(2, 3), 620), (Fraction(1, 3), 0))

    def test_one_result_for_east_west(self) -> None:
        """Law 12C1(b): 3NT by East making, not vulnerable: 400 to East-West; one result has
        weight 1 without saying so and no 12C1(c)."""
        score = adjust({"assigned": [{"contract": "3NTE", "tricks": 9}]})
        assert not score.is_weighted
        assert score.to_json()["assigned"] == [
            {"contract": "3NTE", "tricks": 9, "weight": "1", "ns": -400}
        ]
        assert score.to_json()["laws"] == ["12C1(a)", "12C1(b)"]
        assert score.to_json()["expected_ns"] == "-400"

    def test_tricks_default_to_none_taken(self) -> None:
        """4S by North vulnerable, no trick: ten down, 1,000 to East-West (Law 77)."""
        score = adjust({"assigned": [{"contract": "4SN"}]})
        assert score.assigned[0].tricks == 0
        assert score.assigned[0].ns_score == -1000

    @pytest.mark.parametrize("text", ["Pass", " p ", "P", "PASS"])
    def test_passed_out(self, text: str) -> None:
        score = adjust({"assigned": [{"contract": text, "tricks": 0}]})
        assert score.assigned[0].contract is None
        assert score.assigned[0].ns_score == 0
        assert str(score) == "Pass 0 (1) (Law 12C1(a) (2017), Law 12C1(b) (2017))"

    def test_tricks_at_the_bounds(self) -> None:
        assert adjust({"assigned": [{"contract": "7NTN", "tricks": 13}]}).assigned[0].tricks == 13
        assert adjust({"assigned": [{"contract": "1CS", "tricks": 0}]}).assigned[0].tricks == 0

    def test_keeps_the_profile_values(self) -> None:
        """Law 12C2(a): the profile's values go with an assigned score too."""
        profile = WBF.replace(average_plus_percent=Fraction(65))
        score = parse_adjusted(
            {"assigned": [{"contract": "4SN", "tricks": 10}]}, board_two(), LAWS_2017, profile
        )
        assert score.rules.average_plus_percent == Fraction(65)

    def test_by_a_committee(self) -> None:
        """2007 Law 12C1: only an appeals committee may weight; a committee's weighting is
        accepted and recorded as such."""
        score = parse_adjusted(
            {"assigned": WEIGHTED, "by": "committee"}, board_two(), LAWS_2007, WBF_2007
        )
        assert score.by == "committee"
        assert score.to_json()["by"] == "committee"
        assert score.to_json()["laws"] == ["12C1(a)", "12C1(b)", "12C1(c)"]
        assert str(score).endswith("(Law 12C1(a) (2007), Law 12C1(b) (2007), Law 12C1(c) (2007))")

    def test_2007_director_alone_may_assign_one_result(self) -> None:
        """2007 Law 12C1: the Director may still assign a single result."""
        score = parse_adjusted(
            {"assigned": [{"contract": "4SN", "tricks": 10}]}, board_two(), LAWS_2007, WBF_2007
        )
        assert score.by == "director"
        assert score.assigned[0].ns_score == 620


class TestAssignedScoreRefused:
    """What the Director cannot award as written (Law 12C1)."""

    def test_not_a_score(self) -> None:
        assert refused(5) == 'an adjusted score is text (e.g. "A60/40") or {"assigned": [...]}'

    def test_no_result(self) -> None:
        assert refused({"assigned": []}) == "an assigned adjusted score lists at least one result"
        assert refused({}) == "an assigned adjusted score lists at least one result"

    def test_by_someone_else(self) -> None:
        message = refused({"assigned": WEIGHTED, "by": "me"})
        assert message == "'by' is 'director' or 'committee', not 'me'"

    def test_result_not_an_object(self) -> None:
        message = refused({"assigned": [1]})
        assert message == "each assigned result is an object with contract and tricks"

    def test_no_declarer(self) -> None:
        message = refused({"assigned": [{"contract": "4S", "tricks": 10}]})
        assert message == "an assigned contract names its declarer, e.g. 4SN, not '4S'"

    def test_no_contract(self) -> None:
        assert refused({"assigned": [{"contract": "4X", "tricks": 10}]}).startswith(
            "not a contract: '4X'"
        )
        assert refused({"assigned": [{"tricks": 10}]}).startswith("not a contract: ''")

    @pytest.mark.parametrize("tricks", [14, -1, True, "10", 9.0])
    def test_tricks(self, tricks: object) -> None:
        message = refused({"assigned": [{"contract": "4SN", "tricks": tricks}]})
        assert message == f"tricks must be 0 to 13, not {tricks!r}"

    @pytest.mark.parametrize("weight", ["x", "1/0"])
    def test_weight_not_a_number(self, weight: str) -> None:
        message = refused({"assigned": [{"contract": "4SN", "tricks": 10, "weight": weight}]})
        assert message == f"a weight is a fraction or decimal, not {weight!r}"

    def test_weight_missing_among_several(self) -> None:
        """Law 12C1(c): each of several results carries its weight."""
        results = [{"contract": "4SN", "tricks": 10, "weight": "1/2"}, {"contract": "4SN"}]
        assert refused({"assigned": results}) == "a weight is a fraction or decimal, not None"

    @pytest.mark.parametrize("weight", ["0", "-1/2"])
    def test_weight_not_positive(self, weight: str) -> None:
        results = [
            {"contract": "4SN", "tricks": 10, "weight": weight},
            {"contract": "4SN", "tricks": 9, "weight": "1"},
        ]
        assert refused({"assigned": results}) == "weights must be positive"

    def test_weights_not_adding_up(self) -> None:
        results = [{"contract": "4SN", "tricks": 10, "weight": "1/2"}]
        message = refused({"assigned": results})
        assert message == "the weights of an assigned score must add up to 1, not 1/2"

    def test_2007_weighting_by_the_director(self) -> None:
        """2007 Law 12C1: a weighted score is for an appeals committee, not the Director."""
        with pytest.raises(AdjustedScoreError) as raised:
            parse_adjusted({"assigned": WEIGHTED}, board_two(), LAWS_2007, WBF_2007)
        assert str(raised.value) == (
            "under the WBF 2007 Laws profile only an appeals committee may weight an assigned "
            'score (Law 12C1); give "by": "committee" or one result'
        )
