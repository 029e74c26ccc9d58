"""The pieces every edition shares (laws/base.py): citations, Law 23's comparable call,
Law 26's lead right, Law 28B's forfeit and Law 29's acceptance; what mutation testing found
unpinned (issue 19).

Each step is stated whole and built inside the test, so that mutmut's mutant is active when it
is built (docs/performance.md, "Mutation testing").
"""

from __future__ import annotations

import pytest

from dupbridge.core.calls import Strain, parse_call
from dupbridge.core.cards import Suit
from dupbridge.core.lawref import LawRef
from dupbridge.core.rectify import Span
from dupbridge.laws import LAWS_2007, LAWS_2017, find_edition
from dupbridge.laws.base import suit_word
from dupbridge.laws.steps import (
    Ask,
    CallFacts,
    Do,
    Forced,
    LeadForm,
    LeadRule,
    Meaning,
    Offer,
    Option,
    Rectify,
    Role,
    Withdrawn,
)


def facts(call: str, original: str = "1H") -> CallFacts:
    return CallFacts(parse_call(call), parse_call(original), True, False, False)


def comparable(yes_law: str, no_law: str) -> Ask:
    """Law 23A: comparable, no rectification (23C review); not comparable, partner passes at
    his next turn, 26B, 16C, 72C (Laws 30B1(b), 31A2, 32A2)."""
    return Ask(
        "comparable",
        "23A",
        "Is {seat}'s {call} a comparable call to his cancelled {original} (Law 23A: the same or "
        "a similar meaning, a subset of its meanings, or the same purpose)?",
        yes=Rectify(
            (yes_law, "23A", "23B", "23C"),
            "{call} is comparable: the auction and play go on without further rectification "
            "and no lead restrictions; at the end of play the Director checks whether the "
            "non-offending side was damaged (Law 23C)",
            reviews=("23C",),
        ),
        no=Rectify(
            (no_law, "16C", "26B", "72C"),
            "{call} is not comparable: {partner} must pass at his next turn; if {seat} becomes "
            "a defender declarer may prohibit a lead (Law 26B); information from the cancelled "
            "call is unauthorized for {seat}'s side",
            forced=(Forced(Role.PARTNER, Span.NEXT_TURN),),
            lead=True,
            reviews=("72C",),
        ),
    )


def withdrawn_lead(law: str, question: str, withdrawn: Withdrawn) -> Ask:
    """Law 26A: comparable, no lead restrictions; 26B: otherwise declarer's lead right."""
    return Ask(
        "comparable",
        "26A",
        question,
        yes=Rectify(("26A",), "comparable: no lead restrictions (Law 26A)"),
        no=Rectify(
            (law, "16C"),
            "not comparable: if {seat} becomes a defender, declarer may restrict a lead",
            lead=True,
            withdrawn=withdrawn,
        ),
    )


class TestCitations:
    def test_suit_words(self) -> None:
        """The option words for the suits a lead restriction names (Law 26B)."""
        assert "spades" == suit_word(Suit.SPADES)
        assert "hearts" == suit_word(Suit.HEARTS)
        assert "diamonds" == suit_word(Suit.DIAMONDS)
        assert "clubs" == suit_word(Suit.CLUBS)

    def test_cite_by_rule_or_code(self) -> None:
        """A rule named by key is cited by its 2017 code; any other code is cited as it is."""
        assert "26B" == LAWS_2017.cite("lead_restriction")
        assert "72C" == LAWS_2017.cite("awareness")
        assert "27B1(a)" == LAWS_2017.cite("27B1(a)")
        assert "27B1(a)" == LAWS_2007.cite("27B1(a)")

    def test_ref_carries_the_edition(self) -> None:
        """A reference is the cited code in this edition (2017 Law 72C is 2007 Law 23)."""
        assert LawRef(72, "C", "2017") == LAWS_2017.ref("awareness")
        assert LawRef(27, "B2", "2017") == LAWS_2017.ref("27B2")
        assert LawRef(23, "", "2007") == LAWS_2007.ref("72C")

    def test_unknown_edition(self) -> None:
        """Only the 2017 and 2007 Laws are implemented; the refusal names the edition asked
        for, as typed, and both known ones (spaces around a known name are forgiven)."""
        assert LAWS_2017 is find_edition(" 2017 ")
        with pytest.raises(ValueError) as refused:
            find_edition(" 1997")
        assert "unknown edition of the Laws: ' 1997' (expected 2017 or 2007)" == str(refused.value)

    def test_penalty_reviews(self) -> None:
        """2017 Law 50E4: the review when a penalty card's information may have helped."""
        assert ("50E4",) == LAWS_2017.penalty_reviews()


class TestComparableCall:
    def test_law_23(self) -> None:
        """Laws 30B1(b), 31A2, 32A2 by Law 23A: the offender's call at his turn against his
        cancelled call."""
        assert comparable("31A2(a)", "31A2(b)") == LAWS_2017.comparable("31A2(a)", "31A2(b)")
        assert comparable("32A2(a)", "32A2(b)") == LAWS_2017.comparable_on(
            facts("2H"), "32A2(a)", "32A2(b)"
        )


class TestLeadRight:
    def test_2017_prohibit_one_suit(self) -> None:
        """2017 Law 26B: whatever was withdrawn, declarer may prohibit one suit the offender
        has not specified legally."""
        expected = LeadRule("26B", LeadForm.PROHIBIT_ONE)
        assert expected == LAWS_2017.lead_rule(parse_call("1H"), None)
        assert expected == LAWS_2017.lead_rule(Strain.SPADES, (Strain.SPADES,))
        assert () == expected.suits

    def test_withdrawn_original(self) -> None:
        """Law 26 on the withdrawn call: is the call that stands comparable to it?"""
        question = "Is {call}, which stands, comparable to {seat}'s withdrawn {original} (Law 23A)?"
        assert withdrawn_lead("26B", question, Withdrawn.ORIGINAL) == LAWS_2017.withdrawn_lead(
            "26B"
        )
        assert withdrawn_lead("26B", question, Withdrawn.ORIGINAL) == (
            LAWS_2017.withdrawn_lead_on(facts("Pass"), "26B")
        )

    def test_cancelled_call(self) -> None:
        """Law 26 after Law 25B2: the change was cancelled; is the first call, which stands,
        comparable to it?"""
        question = "Is {original}, which stands, comparable to {seat}'s cancelled {call} (Law 23A)?"
        assert withdrawn_lead("39C", question, Withdrawn.CALL) == LAWS_2017.withdrawn_lead(
            "39C", withdrawn=Withdrawn.CALL
        )


class TestAcceptOrForfeit:
    def test_law_29(self) -> None:
        """Law 29A: the LHO may accept a call out of rotation (by calling over it); 29B:
        otherwise it is cancelled, the auction reverts to the player whose turn it was, and
        the offending side is rectified (Laws 30-32); 28B: that player's own call forfeits
        the rectification."""
        refuse = Rectify(("31B1",), "next")
        expected = Offer(
            Role.LHO,
            "29A",
            "Does {lho} accept {seat}'s {call}, made out of rotation at {turn}'s turn?",
            (
                Option(
                    "accept",
                    "{lho} accepts {call}: it stands as if in rotation, there is no "
                    "rectification, and {lho} calls next (Law 29A)",
                    Rectify(
                        ("29A",),
                        "{lho} accepted {seat}'s {call}: no rectification (Law 29A)",
                        do=(Do.ACCEPT,),
                    ),
                ),
                Option(
                    "refuse",
                    "{call} is cancelled, the auction goes back to {turn}, and the offending "
                    "side is rectified under {laws}",
                    Rectify(
                        ("29B", "31", "16C2"),
                        "{call} is cancelled; the auction reverts to {turn} (Law 29B)",
                        do=(Do.CANCEL,),
                        then=refuse,
                    ),
                ),
            ),
            callers=((Role.LHO, Meaning.ACCEPT), (Role.TURN, Meaning.FORFEIT)),
        )
        assert expected == LAWS_2017.accept_or_refuse(refuse, cancel_laws=("31", "16C2"))

    def test_law_28b(self) -> None:
        """Law 28B: the player whose turn it was called before the ruling: the call out of
        rotation is cancelled with no rectification and no lead restrictions; 16C2."""
        expected = Rectify(
            ("28B", "16C2"),
            "{turn} called at his turn before the Director ruled: {seat}'s {call} is cancelled "
            "without rectification and the auction goes on as if it had not been made; no "
            "lead restrictions; information from it is unauthorized for {seat}'s side "
            "(Law 28B)",
            do=(Do.CANCEL,),
        )
        assert expected == LAWS_2017.forfeit()
