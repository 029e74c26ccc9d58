"""Claims, concessions and a disagreement on the tricks won (rulings/claims.py): the facts the
Director is shown and his decision (Laws 68C, 69B, 70, 71, 79B); what mutation testing found
unpinned (issue 19).

Each table is played inside its test (the records' deal, board 1), so that mutmut's mutant is
active when the engine answers. Most tests start from the ending of the contested-claim
record (c70) played two tricks further: North declares 2S, South is dummy; after ten tricks
(East-West 6, North-South 4) South is on lead and the cards left are

    North  S AK, D T      East  S JT, D 6
    South  S 5, H T, D K  West  D 43, C 6

(spades trumps). The trick counts of a line or of double dummy come from the solver, which
has its own tests (tests/rulings/test_solver.py); here they are checked to be laid out in the
right words for the right side and the right mode. For instance, with North's SA named first
and his side's other cards at their worst, South leads the DK, North must ruff it with the
SA, and East ruffs the DT: two tricks; at their best, three.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dupbridge.core.cards import Card
from dupbridge.core.errors import ImpossibleActionError
from dupbridge.core.events import DirectorAnswered, Event, IrregularityFlagged, PlayEnded, Rectified
from dupbridge.core.lawref import LawRef
from dupbridge.core.rectify import Note, Pend, Resolve, SetResult
from dupbridge.core.seats import Seat
from dupbridge.rulings.claims import claim_line, claim_maker
from dupbridge.rulings.solver import ExhaustiveSolver
from dupbridge.services.records import run_record
from tests.rulings.test_auction_pins import DEAL, director, state

RECORDS = Path(__file__).parent / "records"


def record(name: str) -> list[dict[str, Any]]:
    """The actions of a scenario record (tests/rulings/records)."""
    data = json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    actions: list[dict[str, Any]] = data["record"]["actions"]
    return actions


def card(seat: str, text: str) -> dict[str, Any]:
    return {"seat": seat, "card": text}


#: Ten tricks of 2S by North (see the module docstring); South is on lead.
ENDING = [
    *record("c70_2017_contested_claim_ruled")[:38],
    *(card("E", "HA"), card("S", "H7"), card("W", "H6"), card("N", "C4")),
    *(card("E", "D5"), card("S", "DA"), card("W", "D2"), card("N", "D8")),
]

CARDS_LEFT = "Cards left: N: AK..T.; E: JT..6.; S: 5.T.K.; W: ..43.6"
NS_FACTS = [
    f"North's side has 4 tricks; 3 left to play. {CARDS_LEFT}",
    "trumps the opponents still hold: SJ ST (Law 70C)",
    "double dummy from here: North's side takes 3 of the 3 tricks left",
]
EW_FACTS = [
    f"East's side has 6 tricks; 3 left to play. {CARDS_LEFT}",
    "trumps the opponents still hold: SA SK S5 (Law 70C)",
    "double dummy from here: East's side takes 0 of the 3 tricks left",
]
EXPLANATIONS = [
    "a line of play to check: the cards in order, with 'unstated' best or worst (default "
    "worst: doubtful points against the claimer, Law 70A)",
]


def claim(seat: str, tricks: int, statement: str | None = None) -> dict[str, Any]:
    action: dict[str, Any] = {"seat": seat, "claim": tricks}
    if statement is not None:
        action["statement"] = statement
    return action


def reject(seat: str) -> dict[str, Any]:
    return {"seat": seat, "reject_claim": True}


def ruling_of(result: dict[str, Any]) -> dict[str, Any]:
    ruling: dict[str, Any] = result["rulings"][-1]
    return ruling


def refused(actions: list[dict[str, Any]], edition: str = "2017") -> str:
    result = state(actions, edition, refused=True)
    assert result["phase"] == "director"
    return str(result["error"]["message"])


def events_of(actions: list[dict[str, Any]]) -> list[Event]:
    record_ = {"board": 1, "deal": DEAL, "edition": "2017", "mode": "recording"}
    run = run_record({**record_, "actions": actions}, claims=ExhaustiveSolver())
    assert run.error is None, run.error
    return list(run.table.events)


#: North's claim disputed by East (Law 70).
NORTH_CONTESTED = [*ENDING, claim("N", 7), reject("E")]
#: East's claim (his side 6 tricks and one more) disputed by North.
EAST_CONTESTED = [*ENDING, claim("E", 7), reject("N")]


class TestClaimLine:
    """Law 68C: a claim is stated with the line of play; the cards it names, in order."""

    def test_cards_in_order_once(self) -> None:
        assert claim_line("SA, hk then d10 and CT; SA again, ♠Q ♥10") == (
            Card.from_str("SA"),
            Card.from_str("HK"),
            Card.from_str("DT"),
            Card.from_str("CT"),
            Card.from_str("SQ"),
            Card.from_str("HT"),
        )

    def test_words_are_not_cards(self) -> None:
        assert claim_line(None) == ()
        assert claim_line("") == ()
        assert claim_line("XSA SA5 S1 SAK 0SA H1O cash") == ()
        assert claim_line("(S10),D2.") == (Card.from_str("ST"), Card.from_str("D2"))


class TestContestedClaimFacts:
    """Law 70: the facts laid out before the Director adjudicates a disputed claim: cards
    left, the outstanding trumps (70C), double dummy, the stated line at worst (70A) and best."""

    def test_declarer_claim_pending(self) -> None:
        result = state([*ENDING, claim("N", 7, "SA, s5 then HA and d10, DT c4"), reject("E")])
        pending = result["pending"]
        assert (pending["irregularity"], pending["law"], pending["chooser"]) == (
            "contested_claim",
            "70",
            "director",
        )
        assert pending["options"] == ["tricks", "line"]
        assert pending["explanations"] == ["the tricks North's side takes in all", *EXPLANATIONS]
        assert pending["question"].startswith(
            "North's claim is disputed. How many tricks in all does North's side take?"
        )
        ruling = ruling_of(result)
        assert ruling["laws"] == ["70A", "70B", "70C", "70D", "70E"]
        # Declarer's line may name dummy's cards (S5) but not an opponent's (HA) nor a card
        # already played (C4).
        assert ruling["rectification"] == [
            *NS_FACTS,
            "line SA S5 DT, the claimer's other cards at their worst: 2 tricks from here",
            "line SA S5 DT, the claimer's other cards at their best: 3 tricks from here",
        ]

    def test_defender_claim(self) -> None:
        """A defender's line names only his own cards (SA is declarer's, D6 and SJ are his);
        North-South hold three trumps (70C)."""
        result = state([*ENDING, claim("E", 7, "sj then d6, SA"), reject("N")])
        assert result["pending"]["explanations"] == [
            "the tricks East's side takes in all",
            *EXPLANATIONS,
        ]
        assert ruling_of(result)["rectification"] == [
            *EW_FACTS,
            "line SJ D6, the claimer's other cards at their worst: 0 tricks from here",
            "line SJ D6, the claimer's other cards at their best: 0 tricks from here",
        ]

    def test_no_card_of_the_claimer_named(self) -> None:
        for statement in (None, "trumps first", "HA only"):
            result = state([*ENDING, claim("N", 7, statement), reject("E")])
            assert ruling_of(result)["rectification"] == NS_FACTS

    def test_one_trick_and_no_trump_out(self) -> None:
        """Singular texts; no outstanding trump (70C): "none". Here North ruffed the HA with
        the SK and cashed the SA, drawing the ST: East keeps the SJ, and North-South hold no
        trump left against East's claim."""
        ending = [
            *record("c70_2017_contested_claim_ruled")[:38],
            *(card("E", "HA"), card("S", "H7"), card("W", "H6"), card("N", "SK")),
            *(card("N", "SA"), card("E", "ST"), card("S", "S5"), card("W", "D2")),
        ]
        east = state([*ending, claim("E", 6, "SJ"), reject("N")])
        # Double dummy East ruffs the third round of diamonds or the HT with the SJ: one
        # trick (in notrump it would take none).
        assert ruling_of(east)["rectification"][:3] == [
            "East's side has 5 tricks; 3 left to play. Cards left: N: ..T8.4; E: J..65.; "
            "S: .T.AK.; W: ..43.6",
            "trumps the opponents still hold: none (Law 70C)",
            "double dummy from here: East's side takes 1 of the 3 tricks left",
        ]
        north = state([*ending, claim("N", 7, "DA DT"), reject("E")])
        assert ruling_of(north)["rectification"][2:] == [
            "double dummy from here: North's side takes 2 of the 3 tricks left",
            "line DA DT, the claimer's other cards at their worst: 1 trick from here",
            "line DA DT, the claimer's other cards at their best: 2 tricks from here",
        ]


class TestDirectorTricks:
    """Law 70: the Director's number of tricks sets the result; for a contested claim it lies
    between the tricks the side has won and those plus the tricks left."""

    def test_declarer_side(self) -> None:
        for tricks in (4, 7):
            result = state([*NORTH_CONTESTED, director(tricks=tricks)])
            assert (result["phase"], result["result"], result["pending"]) == (
                "finished",
                tricks,
                None,
            )
            ruling = ruling_of(result)
            assert ruling["rectification"] == [
                *NS_FACTS,
                f"the Director rules that North's side takes {tricks} tricks in all",
            ]
            assert ruling["laws"] == ["70A", "70B", "70C", "70D", "70E"]
            assert ruling["decisions"][-1]["answer"] == {"tricks": tricks}
        for bad in (3, 8, True, "7", 6.0):
            assert refused([*NORTH_CONTESTED, director(tricks=bad)]) == (
                f"'tricks' must be a whole number from 4 to 7, not {bad!r} (Law 70 (2017))"
            )

    def test_events_logged(self) -> None:
        """Law 70: the decision closes the question and ends play with the Director's number
        ("claim ruling"), every effect logged under the claim's ruling."""
        events = events_of([*NORTH_CONTESTED, director(tricks=6)])
        (flagged,) = [e for e in events if isinstance(e, IrregularityFlagged)]
        answered = max(i for i, e in enumerate(events) if isinstance(e, DirectorAnswered))
        after = events[answered + 1 :]
        assert [e.effect for e in after[:3] if isinstance(e, Rectified)] == [
            Resolve(ruling=flagged.seq),
            Note(
                tuple(LawRef(70, part, "2017") for part in "ABCDE"),
                "the Director rules that North's side takes 6 tricks in all",
                ruling=flagged.seq,
            ),
            SetResult(6, "claim ruling", ruling=flagged.seq),
        ]
        assert after[3] == PlayEnded(after[3].seq, 6, "claim ruling")
        assert len(after) == 4

    def test_line_events_logged(self) -> None:
        """Law 70: a line checked closes the question and opens the same one again, every
        effect logged under the claim's ruling."""
        events = events_of([*NORTH_CONTESTED, director(line="SA")])
        (flagged,) = [e for e in events if isinstance(e, IrregularityFlagged)]
        pends = [
            e.effect for e in events if isinstance(e, Rectified) and isinstance(e.effect, Pend)
        ]
        answered = max(i for i, e in enumerate(events) if isinstance(e, DirectorAnswered))
        after = [e.effect for e in events[answered + 1 :] if isinstance(e, Rectified)]
        assert len(after) == len(events) - answered - 1 == 3
        assert [type(e) for e in after] == [Resolve, Note, Pend]
        assert {e.ruling for e in after} == {flagged.seq}
        assert after[2] == pends[0] == pends[-1]

    def test_defender_side(self) -> None:
        """East's side takes 7 in all: declarer 6."""
        for tricks, declarer in ((6, 7), (7, 6), (9, 4)):
            result = state([*EAST_CONTESTED, director(tricks=tricks)])
            assert (result["phase"], result["result"]) == ("finished", declarer)
            assert ruling_of(result)["rectification"][-1] == (
                f"the Director rules that East's side takes {tricks} tricks in all"
            )
        for bad in (5, 10):
            assert refused([*EAST_CONTESTED, director(tricks=bad)]) == (
                f"'tricks' must be a whole number from 6 to 9, not {bad} (Law 70 (2017))"
            )

    def test_no_answer(self) -> None:
        """Through the table's API the Director may answer nothing (only his name), or only
        'unstated' with no line: both are refused and the question stays open."""
        record_ = {"board": 1, "deal": DEAL, "edition": "2017", "mode": "recording"}
        table = run_record({**record_, "actions": NORTH_CONTESTED}, claims=ExhaustiveSolver()).table
        events = table.events
        for answers, message in (
            ({}, "the Director was asked for 'tricks' (or a 'line' to check), not -"),
            (
                {"name": "Ann Lee"},
                "the Director was asked for 'tricks' (or a 'line' to check), not -",
            ),
            ({"unstated": "best"}, "a line names cards North's side still holds, in order; not -"),
        ):
            with pytest.raises(ImpossibleActionError) as caught:
                table.director(**answers)
            assert str(caught.value) == f"{message} (Law 70 (2017))"
            assert table.events == events

    def test_unknown_answers(self) -> None:
        assert refused([*NORTH_CONTESTED, director(tricks=7, foo=1, bar=2)]) == (
            "the Director was asked for 'tricks' (or a 'line' to check), not bar, foo "
            "(Law 70 (2017))"
        )


class TestDirectorLine:
    """Law 70: a line the Director enters is checked, its other cards at their worst (70A,
    the default) or best; the question stays open until he gives the tricks."""

    def test_worst_by_default_then_tricks(self) -> None:
        text = "line SA, the claimer's other cards at their worst: 2 tricks from here"
        for line in ("SA", ["SA"]):
            result = state([*NORTH_CONTESTED, director(line=line)])
            assert result["error"] is None
            assert result["phase"] == "director"
            assert result["pending"]["law"] == "70"
            assert result["pending"]["options"] == ["tricks", "line"]
            ruling = ruling_of(result)
            assert ruling["rectification"] == [*NS_FACTS, text]
            # The line's note cites the law of the question (70).
            assert ruling["laws"] == ["70A", "70B", "70C", "70D", "70E", "70"]
            assert [d["answer"] for d in ruling["decisions"]] == [{"line": line}, None]
        worst = state([*NORTH_CONTESTED, director(line="SA", unstated="worst")])
        assert ruling_of(worst)["rectification"][-1] == text
        ruled = state([*NORTH_CONTESTED, director(line=["S5", "HT"]), director(tricks=6)])
        assert ruled["result"] == 6
        assert ruling_of(ruled)["rectification"][-2:] == [
            "line S5 HT, the claimer's other cards at their worst: 3 tricks from here",
            "the Director rules that North's side takes 6 tricks in all",
        ]

    def test_best(self) -> None:
        result = state([*NORTH_CONTESTED, director(line="SA", unstated="best")])
        assert ruling_of(result)["rectification"][-1] == (
            "line SA, the claimer's other cards at their best: 3 tricks from here"
        )
        east = state([*EAST_CONTESTED, director(line="ST D6", unstated="best")])
        assert ruling_of(east)["rectification"] == [
            *EW_FACTS,
            "line ST D6, the claimer's other cards at their best: 0 tricks from here",
        ]

    def test_refused(self) -> None:
        assert refused([*NORTH_CONTESTED, director(line="SA", unstated="bad")]) == (
            "'unstated' is best or worst, not 'bad' (Law 70 (2017))"
        )
        assert refused([*NORTH_CONTESTED, director(line="S5 D6 SJ")]) == (
            "a line names cards North's side still holds, in order; not D6 SJ (Law 70 (2017))"
        )
        assert refused([*NORTH_CONTESTED, director(line="")]) == (
            "a line names cards North's side still holds, in order; not - (Law 70 (2017))"
        )
        assert refused([*NORTH_CONTESTED, director(line="S5 XX")]) == (
            "not a card: 'XX' (expected suit and rank, like SA or H10) (Law 70 (2017))"
        )
        # A defender's line holds only his own cards.
        assert refused([*EAST_CONTESTED, director(line="SA")]) == (
            "a line names cards East's side still holds, in order; not SA (Law 70 (2017))"
        )


def withdraw(seat: str) -> dict[str, Any]:
    return {"seat": seat, "withdraw_agreement": True}


class TestOtherJudgements:
    """Laws 69B, 71 and 79B: the same facts and decision when an agreement is withdrawn, a
    concession cancelled or the tricks won disputed; the number of tricks may be any from 0
    to 13 (it is not bounded by the tricks left)."""

    def test_agreement_withdrawn(self) -> None:
        """Law 69B: East-West agreed to North's claim, then East withdraws the agreement:
        the question is for East's side; its tricks in all set declarer's by difference."""
        accepted = [*ENDING, claim("N", 7, "SA SK"), {"seat": "E", "accept_claim": True}]
        result = state([*accepted, withdraw("E")])
        pending = result["pending"]
        assert (pending["irregularity"], pending["law"]) == ("agreement_withdrawn", "69B")
        assert pending["explanations"] == ["the tricks East's side takes in all", *EXPLANATIONS]
        ruling = ruling_of(result)
        assert ruling["laws"] == ["69B"]
        # Not a contested claim: the claim's line is not checked among the facts.
        assert ruling["rectification"] == EW_FACTS
        for tricks, declarer in ((0, 13), (6, 7), (13, 0)):
            ruled = state([*accepted, withdraw("E"), director(tricks=tricks)])
            assert (ruled["phase"], ruled["result"]) == ("finished", declarer)
            assert ruling_of(ruled)["rectification"][-1] == (
                f"the Director rules that East's side takes {tricks} tricks in all"
            )
        for bad in (-1, 14):
            assert refused([*accepted, withdraw("E"), director(tricks=bad)]) == (
                f"'tricks' must be a whole number from 0 to 13, not {bad} (Law 69B (2017))"
            )

    def test_concession_cancelled_in_a_large_ending(self) -> None:
        """Law 71: North conceded the rest at trick 2 of 1NT by East; twelve tricks left is
        beyond the solver: no trump text in notrump, double dummy and a line not known."""
        actions = [*record("c71_2017_concession_cancelled")[:11]]
        result = state(actions)
        assert (result["pending"]["irregularity"], result["pending"]["law"]) == (
            "concession_cancelled",
            "71",
        )
        assert ruling_of(result)["laws"] == ["71"]
        facts = [
            "North's side has 0 tricks; 12 left to play. Cards left: N: AKQ2.J.T98.5432; "
            "E: JT98.KQ.765.AKQ; S: 7654.T98.AKQ.JT; W: 3.654.J432.9876",
            "double dummy: not computed (no solver for so large an ending)",
        ]
        assert ruling_of(result)["rectification"] == facts
        line = state([*actions, director(line="SA SK", unstated="best")])
        assert ruling_of(line)["rectification"] == [
            *facts,
            "line SA SK, the claimer's other cards at their best: not known",
        ]
        ruled = state([*actions, director(tricks=3)])
        assert ruled["result"] == 10

    @pytest.mark.parametrize("edition", ["2017", "2007"])
    def test_tricks_disputed(self, edition: str) -> None:
        """Laws 79B1 and 69B: East disputes the tricks after agreeing to North's claim. The
        disagreement follows a claim, so the Director applies 69B to East-West, the side that
        agreed to lose tricks: the question is for East's side, with the tricks won in play
        and the result recorded, and 79B1 and 69B are cited, not 79B2 (before: a question for
        declarer's side citing 79B2, as if there had been no claim)."""
        actions = [
            *ENDING,
            claim("N", 7, "SA SK"),
            {"seat": "E", "accept_claim": True},
            {"seat": "E", "report": "tricks_disputed"},
        ]
        result = state(actions, edition)
        pending = result["pending"]
        assert (pending["irregularity"], pending["law"]) == ("tricks_disputed", "69B")
        assert pending["question"].startswith("East's side agreed to lose tricks.")
        assert pending["explanations"] == ["the tricks East's side takes in all", *EXPLANATIONS]
        ruling = ruling_of(result)
        assert ruling["laws"] == ["79B1", "69B"]
        assert ruling["rectification"] == [
            "tricks won in play: East's side 6 of 10; result recorded 7",
            *EW_FACTS,
        ]
        ruled = state([*actions, director(tricks=8)], edition)
        assert (ruled["phase"], ruled["result"]) == ("finished", 5)
        assert ruling_of(ruled)["rectification"][-1] == (
            "the Director rules that East's side takes 8 tricks in all"
        )

    @pytest.mark.parametrize("edition", ["2017", "2007"])
    @pytest.mark.parametrize("reporter", ["N", "S"])
    def test_tricks_disputed_by_the_claimers_side(self, edition: str, reporter: str) -> None:
        """Laws 79B1, 68B1 and 71: North's claim of 7 conceded the rest; when North or
        South (dummy) disputes the tricks after East agreed, the Director applies Law 71,
        cancelling a concession of a trick North-South had won or could not lose, and the
        question is for the reporter's side (before: 79B2 and declarer's side, as if there
        had been no claim)."""
        actions = [
            *ENDING,
            claim("N", 7, "SA SK"),
            {"seat": "E", "accept_claim": True},
            {"seat": reporter, "report": "tricks_disputed"},
        ]
        result = state(actions, edition)
        pending = result["pending"]
        assert (pending["irregularity"], pending["law"]) == ("tricks_disputed", "71")
        title = {"N": "North", "S": "South"}[reporter]
        assert pending["question"].startswith(f"{title}'s side conceded tricks.")
        ruling = ruling_of(result)
        assert ruling["laws"] == ["79B1", "71"]
        assert ruling["rectification"] == [
            f"tricks won in play: {title}'s side 4 of 10; result recorded 7",
            *(fact.replace("North's", f"{title}'s") for fact in NS_FACTS),
        ]
        assert state([*actions, director(tricks=5)], edition)["result"] == 5

    @pytest.mark.parametrize("edition", ["2017", "2007"])
    def test_tricks_disputed_after_a_concession(self, edition: str) -> None:
        """Laws 79B1 and 71: West conceded one of the three tricks left; West's report is a
        disagreement after a concession, so the question is under 71 for West's side."""
        actions = [*ENDING, {"seat": "W", "concede": 1}, {"seat": "W", "report": "tricks_disputed"}]
        result = state(actions, edition)
        assert result["pending"]["law"] == "71"
        assert ruling_of(result)["laws"] == ["79B1", "71"]
        assert state([*actions, director(tricks=8)], edition)["result"] == 5

    @pytest.mark.parametrize("edition", ["2017", "2007"])
    def test_tricks_disputed_after_a_contested_claim(self, edition: str) -> None:
        """Law 79B2: after the Director ruled on a contested claim (70) there is no agreed
        claim or concession to reopen under 69B or 71; the Director rules the score."""
        actions = [
            *ENDING,
            claim("N", 7, "SA SK"),
            reject("E"),
            director(tricks=7),
            {"seat": "E", "report": "tricks_disputed"},
        ]
        result = state(actions, edition)
        assert result["pending"]["law"] == "79B"
        assert ruling_of(result)["laws"] == ["79B2"]

    def test_revoke_transfer_after_the_decision(self) -> None:
        """Laws 69B and 64A1: West's revoke won trick 1 and North claimed 11, agreed; East
        withdraws the agreement and the Director gives East-West 1 trick in all: declarer's
        12 tricks (not the 11 claimed) get the revoke trick alone (Law 64A1: East-West won no
        later trick), 13."""
        actions = [
            *record("p09_2017_revoke_two_tricks_transferred")[:11],
            claim("N", 11),
            {"seat": "E", "accept_claim": True},
            {"seat": "N", "revoke": "W"},
            withdraw("E"),
        ]
        before = state(actions)
        # West ruffed the HA lead (S3) and led the C9 to trick 2.
        assert ruling_of(before)["rectification"] == [
            "East's side has 1 trick; 12 left to play. Cards left: N: AKQ2.J.T98.5432; "
            "E: JT98.KQ.765.AKQ; S: 7654.T98.AKQ.JT; W: .6542.J432.876",
            "trumps the opponents still hold: SA SK SQ S2 S7 S6 S5 S4 (Law 70C)",
            "double dummy: not computed (no solver for so large an ending)",
        ]
        result = state([*actions, director(tricks=1)])
        assert (result["result_before_transfers"], result["result"]) == (12, 13)
        revoke = result["rulings"][0]
        assert revoke["irregularity"] == "revoke"
        assert revoke["rectification"][-1] == (
            "the offender won the revoke trick: it goes to the non-offending side, with one "
            "later trick of the offending side if it won one (Law 64A1): 1 trick to N-S"
        )

    def test_tricks_disputed_after_all_thirteen(self) -> None:
        """Law 79B: after the thirteen tricks were played the facts are only the tricks won
        in play and the result recorded; no card is left to lay out."""
        actions = [
            *record("q64b6_2017_revoke_on_trick_twelve"),
            {"seat": "W", "report": "tricks_disputed"},
        ]
        result = state(actions)
        assert result["pending"]["explanations"] == [
            "the tricks East's side takes in all",
            *EXPLANATIONS,
        ]
        assert ruling_of(result)["rectification"] == [
            "tricks won in play: East's side 7 of 13; result recorded 7"
        ]
        assert state([*actions, director(tricks=9)])["result"] == 9

    def test_the_last_claim_is_checked(self) -> None:
        """Laws 68D2(b) and 70: East's claim was void (play continued at North's request);
        North's later claim is the one disputed, and its line (SA) is checked, not East's."""
        result = state(
            [
                *ENDING,
                claim("E", 7, "SJ"),
                {"seat": "N", "continue_play": True},
                claim("N", 7, "SA"),
                reject("E"),
            ]
        )
        assert ruling_of(result)["rectification"] == [
            *NS_FACTS,
            "line SA, the claimer's other cards at their worst: 2 tricks from here",
            "line SA, the claimer's other cards at their best: 3 tricks from here",
        ]


def accept(seat: str) -> dict[str, Any]:
    return {"seat": seat, "accept_claim": True}


#: North's claim, stated "SA SK", agreed by East (Law 69A).
NORTH_AGREED = [*ENDING, claim("N", 7, "SA SK"), accept("E")]


class TestWhoseLine:
    """Laws 68C, 69B, 71 and 79B1: whose cards a line the Director checks may name.

    The reading: whatever side the question is about (under 69B the side that agreed to lose
    tricks and withdraws its agreement; under 71 the side that conceded; under 79B1, which
    sends a dispute after a claim or concession back to 69B or 71, the reporter's side as
    69B or 71 asks about it), the
    Director rules on the claim or concession as it was made. Law 68C has the claimer state
    the line by which he will take his tricks; 69A scores the board as if the claimed tricks
    had been won or lost in play, and 69B2 asks whether the agreeing side would likely have
    won a trick had play gone on, that is, had the claimer played his claim out against its
    defence; 71B asks whether any normal play of the remaining cards could lose the trick the
    conceder gave away. So the line names the cards of the side that made the claim or
    concession (declarer's and dummy's for declarer, a defender's own for a defender, as
    under Law 70), while the figure the Director is shown is given for the side the question
    asks about. The opponents of that line are not named: their every play is searched.

    Before, the line was checked against the cards of the player who reported or withdrew:
    after North's agreed claim "SA SK", East's report (79B) and East's withdrawal (69B)
    refused SA SK as not East's side's, and took East's own cards as if East had claimed.
    """

    @pytest.mark.parametrize("edition", ["2017", "2007"])
    def test_tricks_disputed_after_a_claim(self, edition: str) -> None:
        """Laws 79B1 and 69B: East disputes the tricks after North's agreed claim, which
        the Director rules under 69B for East's side; North's line is checked and what it
        leaves is given for East's side (1 of the 3 tricks left with SA first and North's
        other cards at their worst, see the module docstring), East's cards are not a line."""
        actions = [*NORTH_AGREED, {"seat": "E", "report": "tricks_disputed"}]
        result = state([*actions, director(line="SA SK")], edition)
        assert result["phase"] == "director"
        assert ruling_of(result)["rectification"][-1] == (
            "North's line SA SK, the claimer's other cards at their worst: East's side takes "
            "1 of the 3 tricks left"
        )
        assert refused([*actions, director(line="SJ D6")], edition) == (
            "a line names cards North's side still holds, in order; not SJ D6 "
            f"(Law 69B ({edition}))"
        )
        ruled = state([*actions, director(line="SA SK"), director(tricks=7)], edition)
        assert (ruled["phase"], ruled["result"]) == ("finished", 6)

    @pytest.mark.parametrize("edition", ["2017", "2007"])
    def test_agreement_withdrawn(self, edition: str) -> None:
        """Law 69B: East withdraws East-West's agreement to North's claim; the line is
        North's, and what it leaves is given for East's side, the side the question asks
        about (1 of the 3 tricks left at North's worst, none at his best)."""
        actions = [*NORTH_AGREED, withdraw("E")]
        worst = state([*actions, director(line="SA SK")], edition)
        assert worst["pending"]["law"] == "69B"
        assert ruling_of(worst)["rectification"] == [
            *EW_FACTS,
            "North's line SA SK, the claimer's other cards at their worst: East's side takes "
            "1 of the 3 tricks left",
        ]
        best = state([*actions, director(line="SA SK", unstated="best")], edition)
        assert ruling_of(best)["rectification"][-1] == (
            "North's line SA SK, the claimer's other cards at their best: East's side takes "
            "0 of the 3 tricks left"
        )
        assert refused([*actions, director(line="SJ D6")], edition) == (
            "a line names cards North's side still holds, in order; not SJ D6 "
            f"(Law 69B ({edition}))"
        )
        ruled = state([*actions, director(line="SA SK"), director(tricks=7)], edition)
        assert (ruled["phase"], ruled["result"]) == ("finished", 6)

    def test_agreement_to_a_defenders_claim_withdrawn(self) -> None:
        """Law 69B: North withdraws his side's agreement to East's claim; a defender's line
        names his own cards only (SJ D6, not partner West's C6 nor declarer's SA)."""
        actions = [*ENDING, claim("E", 7, "SJ D6"), accept("N"), withdraw("N")]
        result = state([*actions, director(line="SJ D6")])
        assert ruling_of(result)["rectification"][-1] == (
            "East's line SJ D6, the claimer's other cards at their worst: North's side takes "
            "3 of the 3 tricks left"
        )
        assert refused([*actions, director(line="SA")]) == (
            "a line names cards East's side still holds, in order; not SA (Law 69B (2017))"
        )
        assert refused([*actions, director(line="SJ C6")]) == (
            "a line names cards East's side still holds, in order; not C6 (Law 69B (2017))"
        )

    def test_claimers_concession_cancelled_by_dummy(self) -> None:
        """Law 71 (with 68B1, a claim concedes the rest): South, dummy, asks to cancel the
        concession in North's claim of 7; the line is declarer's claim, North's and dummy's
        cards (before, only South's own cards were taken)."""
        actions = [*NORTH_AGREED, withdraw("S")]
        assert state(actions)["pending"]["law"] == "71"
        result = state([*actions, director(line="SA S5")])
        assert ruling_of(result)["rectification"][-1].startswith(
            "line SA S5, the claimer's other cards at their worst: "
        )

    def test_defenders_concession_cancelled(self) -> None:
        """Law 71: East concedes the rest and withdraws; the line names East's cards."""
        actions = [*ENDING, {"seat": "E", "concede": True}, withdraw("E")]
        assert state(actions)["pending"]["law"] == "71"
        result = state([*actions, director(line="SJ")])
        assert ruling_of(result)["rectification"][-1] == (
            "line SJ, the claimer's other cards at their worst: 0 tricks from here"
        )
        assert refused([*actions, director(line="SA")]) == (
            "a line names cards East's side still holds, in order; not SA (Law 71 (2017))"
        )

    def test_claim_maker(self) -> None:
        """The claim or concession that ended the play; a claim voided by play continuing
        (Law 68D2(b)) ended nothing."""
        assert claim_maker_of([*NORTH_AGREED, withdraw("E")]) is Seat.N
        assert claim_maker_of([*ENDING, {"seat": "E", "concede": True}]) is Seat.E
        voided = [*ENDING, claim("E", 7, "SJ"), {"seat": "N", "continue_play": True}]
        assert claim_maker_of(voided) is None
        played_out = [
            *voided,
            *(card("S", "DK"), card("W", "D3"), card("N", "DT"), card("E", "D6")),
            *(card("S", "HT"), card("W", "D4"), card("N", "SK"), card("E", "ST")),
            *(card("N", "SA"), card("E", "SJ"), card("S", "S5"), card("W", "C6")),
        ]
        assert claim_maker_of(played_out) is None
        assert claim_maker_of([*voided, claim("N", 7, "SA")]) is Seat.N


def claim_maker_of(actions: list[dict[str, Any]]) -> Seat | None:
    record_ = {"board": 1, "deal": DEAL, "edition": "2017", "mode": "recording"}
    run = run_record({**record_, "actions": actions}, claims=ExhaustiveSolver())
    assert run.error is None, run.error
    return claim_maker(run.table)
