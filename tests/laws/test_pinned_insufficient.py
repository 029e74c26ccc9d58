"""Law 27, the insufficient bid, step by step: what mutation testing found unpinned (issue 19).

Each test states the whole ruling an edition gives (the laws cited, the text the Director
reads, what happens to the calls, who must pass, the lead right, the reviews, what follows), so
that a mutant that changes any part of it fails here. The facts are built inside the tests:
mutmut activates a mutant after collection (docs/performance.md, "Mutation testing").
"""

from __future__ import annotations

from dupbridge.core.calls import parse_call
from dupbridge.core.rectify import Span
from dupbridge.laws import LAWS_2007, LAWS_2017
from dupbridge.laws.steps import (
    Ask,
    AwaitCall,
    CallFacts,
    Do,
    Forced,
    Meaning,
    Offer,
    Option,
    Rectify,
    Role,
)

PARTNER_PASSES = (Forced(Role.PARTNER, Span.REST_OF_AUCTION),)

#: Law 27B1(b), 2017: the replacement is a comparable call (Law 23A).
COMPARABLE_QUESTION = (
    "Is {seat}'s {call} a comparable call to the insufficient {original} (Law 23A: the same "
    "or a similar meaning, a subset of its meanings, or the same purpose)?"
)
COMPARABLE_DOUBLE_QUESTION = (
    "Is {seat}'s {call} a comparable call to the insufficient {original} (Law 23A)?"
)
SAME_MEANING_2007 = (
    "Has {seat}'s {call} the same meaning as the insufficient {original}, or a more precise "
    "one wholly within its possible meanings (2007 Law 27B1(b))?"
)


def facts(
    call: str,
    original: str = "1H",
    *,
    legal: bool = True,
    insufficient: bool = False,
    lowest: bool = False,
) -> CallFacts:
    """The replacement ``call`` of the insufficient ``original``."""
    return CallFacts(parse_call(call), parse_call(original), legal, insufficient, lowest)


def stands_2017() -> Rectify:
    """Law 27B1(b) (2017): a comparable replacement stands; no 16C, no 26; review 27D."""
    return Rectify(
        ("27B1(b)", "23A", "26A"),
        "{call} is comparable: it stands with no further rectification and no lead "
        "restrictions; at the end of play the Director checks for damage (Law 27D)",
        do=(Do.STAND,),
        reviews=("27D",),
    )


def stands_2007() -> Rectify:
    """2007 Law 27B1(b): the same or a more precise meaning stands; review 27D."""
    return Rectify(
        ("27B1(b)",),
        "{call} has the same or a more precise meaning: it stands with no further "
        "rectification; at the end of play the Director checks for damage (Law 27D)",
        do=(Do.STAND,),
        reviews=("27D",),
    )


def not_comparable_2017() -> Rectify:
    """Law 27B2: the replacement stands, partner passes throughout, lead right, 16C, 72C."""
    return Rectify(
        ("27B2", "16C", "lead_restriction", "72C"),
        "{call} stands; {partner} must pass whenever it is his turn to call; if {seat} "
        "becomes a defender declarer may restrict his partner's first lead; information from "
        "{original} is unauthorized for {seat}'s side",
        do=(Do.STAND,),
        forced=PARTNER_PASSES,
        lead=True,
        reviews=("72C",),
    )


def cancelled_double() -> Rectify:
    """Law 27B3: the attempted double or redouble is cancelled; partner passes throughout;
    the offender replaces it by a sufficient bid or a pass, no double (27B3)."""
    return Rectify(
        ("27B3", "16C", "lead_restriction", "72C"),
        "the attempted {call} is cancelled; {seat} must replace the insufficient bid by a "
        "sufficient bid or a pass, and {partner} must pass whenever it is his turn; declarer "
        "may restrict a lead if {seat} defends",
        forced=PARTNER_PASSES,
        lead=True,
        reviews=("72C",),
        then=AwaitCall(
            Role.OFFENDER, "27B3", LAWS_2017.ib_second_replacement, raw=True, no_double=True
        ),
    )


class TestInsufficientBidAcceptedOrReplaced:
    def test_the_lho_accepts_or_the_offender_replaces(self) -> None:
        """Law 27A1: the offender's LHO may accept the insufficient bid (and accepts it by
        calling); 27B: otherwise it is cancelled and the offender replaces it, the replacement
        ruled as it comes, even if insufficient (raw); 27C: a replacement made before the
        ruling is that call."""
        expected = Offer(
            Role.LHO,
            "27A1",
            "Does {lho} accept {seat}'s insufficient bid {call}?",
            (
                Option(
                    "accept",
                    "{call} is treated as legal and the auction goes on from it; {lho} calls "
                    "next (Law 27A1)",
                    Rectify(
                        ("27A1",),
                        "{lho} accepted the insufficient bid {call} (Law 27A1)",
                        do=(Do.ACCEPT,),
                    ),
                ),
                Option(
                    "refuse",
                    "{seat} must replace {call} by a legal call; the Director then rules on "
                    "the replacement (Law 27B)",
                    Rectify(
                        ("27B",),
                        "{call} is not accepted: {seat} must replace it by a legal call",
                        do=(Do.CANCEL,),
                        then=AwaitCall(Role.OFFENDER, "27B", LAWS_2017.ib_replacement, raw=True),
                    ),
                ),
            ),
            callers=((Role.LHO, Meaning.ACCEPT), (Role.OFFENDER, Meaning.PREMATURE)),
        )
        assert expected == LAWS_2017.insufficient_bid()

    def test_the_2007_offer_is_the_same(self) -> None:
        """2007 Law 27A and B open the same way: accept, or replace by a legal call."""
        offer = LAWS_2007.insufficient_bid()
        refuse = offer.options[1].step
        assert isinstance(refuse, Rectify)
        assert AwaitCall(Role.OFFENDER, "27B", LAWS_2007.ib_replacement, raw=True) == refuse.then


class TestLowestSufficientBid:
    def test_2017_asks_whether_the_same_denominations_are_specified(self) -> None:
        """2017 Law 27B1(a): the lowest sufficient bid in its denomination (2♥ for 1♥)
        stands without rectification if it specifies the same denomination(s); otherwise
        27B1(b) asks whether it is comparable, and if not 27B2 applies."""
        expected = Ask(
            "same_denominations",
            "27B1(a)",
            "{call} is the lowest sufficient bid in its denomination: does it specify the same "
            "denomination(s) as the insufficient {original} (Law 27B1(a))?",
            yes=Rectify(
                ("27B1(a)",),
                "{call} stands with no further rectification, no lead restrictions, and the "
                "withdrawn bid gives no unauthorized information; at the end of play the "
                "Director checks for damage (Law 27D)",
                do=(Do.STAND,),
                reviews=("27D",),
            ),
            no=Ask(
                "comparable",
                "27B1(b)",
                COMPARABLE_QUESTION,
                yes=stands_2017(),
                no=not_comparable_2017(),
            ),
        )
        assert expected == LAWS_2017.ib_replacement(facts("2H", lowest=True))

    def test_2017_asks_it_of_another_denomination_too(self) -> None:
        """2017 Law 27B1(a) is about the denominations the calls specify, not the one named:
        2♦ over an artificial 1♥ may show hearts, so the question is asked."""
        step = LAWS_2017.ib_replacement(facts("2D", lowest=True))
        assert isinstance(step, Ask)
        assert ("same_denominations", "27B1(a)") == (step.key, step.law)

    def test_2007_needs_the_same_denomination(self) -> None:
        """2007 Law 27B1(a): only a bid in the same denomination can stand freely (if neither
        bid is artificial); 2♦ for 1♥ goes to 27B1(b), the same or a more precise meaning."""
        expected_b = Ask(
            "same_meaning",
            "27B1(b)",
            SAME_MEANING_2007,
            yes=stands_2007(),
            no=LAWS_2007.ib_not_comparable(),
        )
        assert expected_b == LAWS_2007.ib_replacement(facts("2D", lowest=True))
        same = LAWS_2007.ib_replacement(facts("2H", lowest=True))
        assert isinstance(same, Ask)
        assert ("not_artificial", "27B1(a)") == (same.key, same.law)
        assert expected_b == same.no
        assert isinstance(same.yes, Rectify)
        assert ("27B1(a)",) == same.yes.laws
        assert (Do.STAND,) == same.yes.do
        assert ("27D",) == same.yes.reviews

    def test_2007_not_comparable_text(self) -> None:
        """2007 Law 27B2: partner passes throughout; the lead right is 2007 Law 26."""
        rule = LAWS_2007.ib_not_comparable()
        assert ("27B2", "16C", "lead_restriction", "72C") == rule.laws
        assert rule.text.endswith("(2007 Law 26)")
        assert PARTNER_PASSES == rule.forced


class TestJumpReplacement:
    def test_a_jump_is_not_27b1a(self) -> None:
        """Law 27B1(a) covers only the lowest sufficient bid: a jump to 3♥ for 1♥ is judged
        by 27B1(b) alone (comparable: it stands; otherwise 27B2)."""
        expected = Ask(
            "comparable",
            "27B1(b)",
            COMPARABLE_QUESTION,
            yes=stands_2017(),
            no=not_comparable_2017(),
        )
        assert expected == LAWS_2017.ib_replacement(facts("3H"))

    def test_a_pass_is_not_27b1a(self) -> None:
        """A pass is no bid: Law 27B1(a) cannot apply, whatever the facts say of its
        denomination; 27B1(b) then 27B2."""
        step = LAWS_2017.ib_replacement(facts("Pass", lowest=True))
        assert isinstance(step, Ask)
        assert ("comparable", "27B1(b)") == (step.key, step.law)
        assert not_comparable_2017() == step.no

    def test_2007_jump_in_the_same_denomination(self) -> None:
        """2007 Law 27B1(a) too needs the lowest sufficient bid: a jump in hearts goes to
        27B1(b)."""
        step = LAWS_2007.ib_replacement(facts("3H"))
        assert isinstance(step, Ask)
        assert ("same_meaning", "27B1(b)") == (step.key, step.law)


class TestDoubleForAnInsufficientBid:
    def test_inadmissible_double_is_cancelled(self) -> None:
        """Law 27B3: a double or redouble that is not even legal is cancelled; the offender
        must bid sufficiently or pass (he may not double), partner passes throughout, lead
        right, 72C."""
        assert cancelled_double() == LAWS_2017.ib_replacement(facts("XX", legal=False))
        assert cancelled_double() == LAWS_2017.ib_replacement(facts("X", legal=False))

    def test_legal_double_asks_whether_comparable(self) -> None:
        """Law 27B3 excepts 27B1(b): a legal double comparable to the insufficient bid
        stands; otherwise it is cancelled as in 27B3."""
        expected = Ask(
            "comparable",
            "27B1(b)",
            COMPARABLE_DOUBLE_QUESTION,
            yes=stands_2017(),
            no=cancelled_double(),
        )
        assert expected == LAWS_2017.ib_replacement(facts("X", "1H"))
        assert expected == LAWS_2017.ib_replacement(facts("XX", "1H"))

    def test_2007_asks_the_same_meaning(self) -> None:
        """2007 Law 27B1(b) asks the same question of a double: the same or a more precise
        meaning."""
        step = LAWS_2007.ib_replacement(facts("X"))
        assert isinstance(step, Ask)
        assert ("same_meaning", "27B1(b)", SAME_MEANING_2007) == (step.key, step.law, step.question)
        assert stands_2007() == step.yes


class TestSecondInsufficientBid:
    def test_27b4_offer(self) -> None:
        """Law 27B4: replacing the insufficient bid by another insufficient bid, the LHO may
        accept the second (27A1; the first was withdrawn, so 26B's lead right is judged by
        whether the accepted bid is comparable); otherwise the Director rules as in 27B3:
        it is cancelled, the offender bids sufficiently or passes (no double), partner passes
        throughout, 26B and 72C."""
        expected = Offer(
            Role.LHO,
            "27B4",
            "{seat} replaced his insufficient bid by another one, {call}: does {lho} accept it?",
            (
                Option(
                    "accept",
                    "{call} is treated as legal (Laws 27A1, 27B4)",
                    Rectify(
                        ("27A1", "27B4"),
                        "{lho} accepted the second insufficient bid {call}",
                        do=(Do.STAND,),
                        then=LAWS_2017.withdrawn_lead("26B"),
                    ),
                ),
                Option(
                    "refuse",
                    "{call} is cancelled; {seat} must make a sufficient bid or pass and "
                    "{partner} must pass whenever it is his turn (Laws 27B4, 27B3)",
                    Rectify(
                        ("27B4", "27B3", "16C", "26B", "72C"),
                        "{call} is cancelled; {seat} must make a sufficient bid or pass, and "
                        "{partner} must pass whenever it is his turn; declarer may restrict a "
                        "lead if {seat} defends",
                        forced=PARTNER_PASSES,
                        forced_law="27B3",
                        lead=True,
                        reviews=("72C",),
                        then=AwaitCall(
                            Role.OFFENDER,
                            "27B3",
                            LAWS_2017.ib_second_replacement,
                            raw=True,
                            no_double=True,
                        ),
                    ),
                ),
            ),
            callers=((Role.LHO, Meaning.ACCEPT),),
        )
        assert expected == LAWS_2017.ib_replacement(facts("1D", insufficient=True, legal=False))

    def test_accepted_second_bid_asks_for_the_lead_right(self) -> None:
        """Law 26: the accepted 1♦ stands in place of the withdrawn 1♥; declarer's lead right
        depends on whether it is comparable (26A) or not (26B, information 16C)."""
        offer = LAWS_2017.ib_again()
        accept = offer.options[0].step
        assert isinstance(accept, Rectify)
        lead = accept.then
        assert isinstance(lead, Ask)
        assert ("comparable", "26A") == (lead.key, lead.law)
        assert isinstance(lead.no, Rectify)
        assert (("26B", "16C"), True) == (lead.no.laws, lead.no.lead)

    def test_yet_another_insufficient_bid(self) -> None:
        """Law 27B4 again on the second replacement: the LHO may accept a further
        insufficient bid (27A1), else it is cancelled and the offender tries again, still
        under 27B3 (no double)."""
        expected = Offer(
            Role.LHO,
            "27B4",
            "{seat} made another insufficient bid, {call}: does {lho} accept it?",
            (
                Option(
                    "accept",
                    "{call} is treated as legal (Law 27A1)",
                    Rectify(("27A1",), "{lho} accepted {call}", do=(Do.STAND,)),
                ),
                Option(
                    "refuse",
                    "{call} is cancelled; {seat} must make a sufficient bid or pass",
                    Rectify(
                        ("27B4",),
                        "{call} is cancelled; {seat} must make a sufficient bid or pass",
                        then=AwaitCall(
                            Role.OFFENDER,
                            "27B3",
                            LAWS_2017.ib_second_replacement,
                            raw=True,
                            no_double=True,
                        ),
                    ),
                ),
            ),
            callers=((Role.LHO, Meaning.ACCEPT),),
        )
        step = LAWS_2017.ib_second_replacement(facts("1C", insufficient=True, legal=False))
        assert expected == step

    def test_sufficient_second_replacement_stands(self) -> None:
        """Law 27B3: a sufficient bid or a pass replaces the insufficient bid and stands
        (the forced passes were imposed with the cancellation)."""
        expected = Rectify(
            ("27B3",), "{call} replaces the insufficient bid (Law 27B3)", do=(Do.STAND,)
        )
        assert expected == LAWS_2017.ib_second_replacement(facts("2H"))
        assert expected == LAWS_2017.ib_second_replacement(facts("Pass"))
