"""The results model: pairs, outcomes, traveller notation, and the checks of an event."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.errors import NotationError
from dupbridge.core.seats import Seat, Side, Vulnerability
from dupbridge.scoring.adjusted import ArtificialScore
from dupbridge.tournament.results import (
    Assigned,
    BoardInfo,
    Event,
    Location,
    Pair,
    PairId,
    Penalty,
    Played,
    Problem,
    Result,
    check_event,
    parse_outcome,
    parse_tricks,
)

F = Fraction


class TestPairId:
    @pytest.mark.parametrize(
        ("text", "expected"),
        [
            ("12", PairId(12)),
            ("A12", PairId(12, "A")),
            ("b-3", PairId(3, "B")),
            ("7 NS", PairId(7, "", Side.NS)),
            ("7EW", PairId(7, "", Side.EW)),
        ],
    )
    def test_parse(self, text: str, expected: PairId) -> None:
        """Pair numbers with an optional section and line."""
        assert expected == PairId.from_str(text)

    def test_mitchell_line_given(self) -> None:
        """In a Mitchell the line completes the identity: NS 1 and EW 1 are two pairs."""
        assert PairId.from_str("1", Side.NS) != PairId.from_str("1", Side.EW)

    @pytest.mark.parametrize("text", ["", "x", "1.5", "-"])
    def test_bad(self, text: str) -> None:
        """Text that is not a pair number is refused with a clear error."""
        with pytest.raises(NotationError, match="not a pair number"):
            PairId.from_str(text)

    def test_text_and_slug(self) -> None:
        """Written with section and line; a slug fit for file names."""
        assert "A12 NS" == str(PairId(12, "A", Side.NS))
        assert "A12-ns" == PairId(12, "A", Side.NS).slug

    def test_label(self) -> None:
        """A pair is labelled by its players' names, or its number."""
        assert "Kowalski – Nowak" == Pair(PairId(1), ("Kowalski", "Nowak")).label
        assert "Pair 3" == Pair(PairId(3)).label


class TestOutcomes:
    def test_score_from_contract(self) -> None:
        """Law 77: 4S by North making 10 tricks, NS vulnerable: +620 for NS."""
        played = Played(Contract.from_str("4SN"), 10)
        assert 620 == played.ns_score(Vulnerability.NS)
        assert -620 == Played(Contract.from_str("4SE"), 10).ns_score(Vulnerability.EW)

    def test_passed_out(self) -> None:
        """Law 22B: a passed-out board scores 0."""
        assert Played().passed_out
        assert 0 == Played().ns_score(Vulnerability.BOTH)
        assert "PASS" == str(Played())

    def test_score_only(self) -> None:
        """A result known only by its score."""
        played = Played(recorded_score=-100)
        assert not played.passed_out
        assert -100 == played.ns_score(Vulnerability.NONE)

    @pytest.mark.parametrize(
        ("text", "tricks"), [("=", 10), ("+1", 11), ("-2", 8), ("10", 10), ("0", 0), ("M", 10)]
    )
    def test_tricks(self, text: str, tricks: int) -> None:
        """Results as tricks won or against the contract."""
        assert tricks == parse_tricks(text, Contract.from_str("4S"))

    @pytest.mark.parametrize(("text", "message"), [("15", "0 to 13"), ("+4", "0 to 13"),
                                                   ("-11", "0 to 13"), ("x", "not a result")])  # fmt: skip
    def test_tricks_out_of_range(self, text: str, message: str) -> None:
        """Tricks out of 0-13 are refused naming the contract and the text."""
        with pytest.raises(NotationError, match=message):
            parse_tricks(text, Contract.from_str("4S"))

    def test_played_invariants(self) -> None:
        """A contract needs a declarer and tricks; tricks stay within 0-13."""
        with pytest.raises(NotationError, match="declarer"):
            Played(Contract.from_str("4S"), 10)
        with pytest.raises(NotationError, match="tricks"):
            Played(Contract.from_str("4SN"))
        with pytest.raises(NotationError, match="between 0 and 13"):
            Played(Contract.from_str("4SN"), 14)

    def test_weighted_notation(self) -> None:
        """Law 12C1(c): a weighted assigned score, as written on a traveller."""
        assigned = Assigned.from_str("60% 4SN=; 40% 4SN-1")
        assert assigned.weighted
        assert [F(3, 5), F(2, 5)] == [w for w, _p in assigned.components]
        assert [10, 9] == [p.tricks for _w, p in assigned.components]
        assert assigned == Assigned.from_str(str(assigned))
        mixed = Assigned.from_str("1/3 3NTS 9; 2/3 PASS")
        assert Played() == mixed.components[1][1]

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("60% 4SN=; 30% 4SN-1", "100 %"),
            ("4SN=", "weighted"),
            ("50% 4S=; 50% 3NTS=", "declarer"),
        ],
    )
    def test_bad_weighted(self, text: str, message: str) -> None:
        """Weights must add up to 100 %, and each component needs a declarer."""
        with pytest.raises(NotationError, match=message):
            Assigned.from_str(text)

    def test_parse_outcome(self) -> None:
        """Traveller columns become outcomes: played, passed out, artificial, weighted."""
        assert Played(Contract.from_str("3NTS"), 9, Card.from_str("H4")) == parse_outcome(
            "3NT", "S", "=", "H4"
        )
        assert Played(Contract.from_str("4SXN"), 8) == parse_outcome("4SXN", "", "-2")
        assert Played() == parse_outcome("PASS")
        assert ArtificialScore.from_str("A60/40") == parse_outcome("A60/40")
        assert isinstance(parse_outcome("60% 4SN=; 40% 4SN-1"), Assigned)
        assert Played(recorded_score=420) == parse_outcome("", ns_score="420")

    @pytest.mark.parametrize(
        ("args", "message"),
        [
            (("8S", "N", "="), "level 8"),
            (("4S", "", "="), "declarer"),
            (("4S", "N", ""), "no result"),
            (("", "", ""), "no contract and no score"),
            (("PASS", "", "", "", "50"), "passed-out board scores 0"),
            (("4Z", "N", "="), "not a contract"),
            (("4S", "N", "=", "", "abc"), r"not a score: 'abc' \(expected North-South's points"),
            (("", "", "", "", "12.5"), "not a score: '12.5'"),
        ],
    )
    def test_bad_outcome(self, args: tuple[str, ...], message: str) -> None:
        """Each bad traveller line gets one clear error."""
        with pytest.raises(NotationError, match=message):
            parse_outcome(*args)


def line(board: int, ns: int, ew: int, text: str, where: int | None = None, **kw: object) -> Result:
    contract, _, rest = text.partition(" ")
    outcome = parse_outcome(contract, *rest.split()) if rest else parse_outcome(contract)
    location = Location("t.csv", where) if where else None
    return Result(board, PairId(ns), PairId(ew), outcome, location=location, **kw)  # type: ignore[arg-type]


class TestChecks:
    def test_clean_event(self) -> None:
        """An event with nothing wrong has no problems."""
        event = Event(results=[line(1, 1, 2, "4S N ="), line(1, 3, 4, "4S N -1")])
        assert [] == check_event(event)

    def test_unknown_pair(self) -> None:
        """With a list of pairs, a result for another pair is an error at its line."""
        event = Event(
            pairs=[Pair(PairId(n)) for n in (1, 2, 3)],
            results=[line(1, 1, 2, "4S N =", 2), line(1, 3, 9, "4S N =", 3)],
        )
        (problem,) = check_event(event)
        assert "t.csv:3:1: error: board 1: unknown pair 9" == str(problem)

    def test_duplicated_result(self) -> None:
        """A pair with two results on a board: the second is named with the first's line."""
        event = Event(results=[line(4, 1, 2, "4S N =", 2), line(4, 1, 3, "4S N =", 7)])
        (problem,) = check_event(event)
        assert problem.location == Location("t.csv", 7)
        assert "second result for pair 1 (the first is at t.csv:2:1)" in problem.message

    def test_same_pair_both_sides(self) -> None:
        """A pair cannot play against itself."""
        problems = check_event(Event(results=[line(1, 5, 5, "4S N =")]))
        assert any("against itself" in p.message for p in problems)

    def test_recorded_score_checked(self) -> None:
        """Law 77: a recorded score that contradicts the contract is an error."""
        result = Result(2, PairId(1), PairId(2), Played(Contract.from_str("4SN"), 11, None, 450))
        (problem,) = check_event(Event(results=[result]))
        assert "scores +650 for NS (Law 77), not +450" in problem.message

    def test_board_markings(self) -> None:
        """Boards follow Law 2 unless the event says otherwise."""
        event = Event(boards={3: BoardInfo(3, Seat.N, Vulnerability.BOTH)})
        assert Vulnerability.BOTH == event.board(3).vulnerability
        assert Vulnerability.EW == event.board(6).vulnerability

    def test_movement_check(self) -> None:
        """A movement check reports a pair that did not play the board."""
        event = Event(results=[line(1, 1, 2, "4S N =", 5)])

        def movement(result: Result) -> str | None:
            return "pair 1 does not play board 1 in movement M" if result.board == 1 else None

        (problem,) = check_event(event, movement)
        assert Location("t.csv", 5) == problem.location

    def test_penalty_for_unknown_pair(self) -> None:
        """A penalty for a pair not in the list is reported."""
        event = Event(pairs=[Pair(PairId(1))], penalties=[Penalty(PairId(8), F(-1))])
        assert ["penalty for unknown pair 8"] == [p.message for p in check_event(event)]

    def test_problem_text(self) -> None:
        """Problems read FILE:LINE:COLUMN: error|warning: message."""
        assert "f:3:4: warning: odd" == str(Problem("odd", Location("f", 3, 4), warning=True))
        assert "error: bad" == str(Problem("bad"))
