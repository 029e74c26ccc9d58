"""The 2007 edition where it differs in the auction (laws/laws2007.py: Laws 25A, 26, 30-32,
36, 51B2; SPEC §6.1): what mutation testing found unpinned (issue 19).

Each ruling is stated whole and built inside the test, so that mutmut's mutant is active when
it is built (docs/performance.md, "Mutation testing").
"""

from __future__ import annotations

from dupbridge.core.calls import Bid, Strain, parse_call
from dupbridge.core.cards import Suit
from dupbridge.core.rectify import Span
from dupbridge.laws import LAWS_2007
from dupbridge.laws.steps import (
    Ask,
    AwaitCall,
    CallFacts,
    Forced,
    LeadForm,
    LeadRule,
    Position,
    Rectify,
    Role,
    Rule,
    Withdrawn,
)

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
PARTNER_THROUGHOUT = (Forced(Role.PARTNER, Span.REST_OF_AUCTION),)
RELATED = LeadForm.REQUIRE_OR_PROHIBIT


def facts(call: str, original: str = "1H") -> CallFacts:
    return CallFacts(parse_call(call), parse_call(original), True, False, False)


def partner_throughout_31a2b() -> Rectify:
    """2007 Law 31A2(b): partner passes throughout; 2007 Law 26; Law 23."""
    return Rectify(
        ("31A2(b)", "26", "23"),
        "{partner} must pass whenever it is his turn; if {seat} becomes a defender declarer "
        "may restrict his partner's first lead (2007 Law 31A2(b))",
        forced=PARTNER_THROUGHOUT,
        lead=True,
        reviews=("23",),
    )


class TestLeadRule2007:
    def test_suit_bids_relate_to_their_suit(self) -> None:
        """2007 Law 26A2: a withdrawn suit bid relates to its suit: declarer may require or
        prohibit it; 26B: a notrump bid, a pass, a double relate to no suit: prohibit any."""
        assert LeadRule("26A2", RELATED, (Strain.HEARTS,)) == LAWS_2007.lead_rule(
            Bid(1, Strain.HEARTS), None
        )
        any_suit = LeadRule("26B", LeadForm.PROHIBIT_ONE)
        assert any_suit == LAWS_2007.lead_rule(Bid(1, Strain.NOTRUMP), None)
        assert any_suit == LAWS_2007.lead_rule(parse_call("Pass"), None)
        assert any_suit == LAWS_2007.lead_rule(parse_call("X"), None)
        assert any_suit == LAWS_2007.lead_rule(None, None)

    def test_a_denomination_named(self) -> None:
        """The denomination a call specified (Law 29C), given as a strain: a suit relates,
        notrump does not."""
        assert LeadRule("26A2", RELATED, (Strain.CLUBS,)) == LAWS_2007.lead_rule(Strain.CLUBS, None)
        assert LeadRule("26B", LeadForm.PROHIBIT_ONE) == LAWS_2007.lead_rule(Strain.NOTRUMP, None)

    def test_the_directors_word(self) -> None:
        """The suits the Director found the call related to override the bid's own suit;
        notrump among them is dropped, and none at all means 26B."""
        assert LeadRule("26A2", RELATED, (Strain.SPADES,)) == LAWS_2007.lead_rule(
            Bid(2, Strain.CLUBS), (Strain.SPADES, Strain.NOTRUMP)
        )
        assert LeadRule("26B", LeadForm.PROHIBIT_ONE) == LAWS_2007.lead_rule(
            Bid(2, Strain.CLUBS), ()
        )
        assert LeadRule("26B", LeadForm.PROHIBIT_ONE) == LAWS_2007.lead_rule(
            Bid(2, Strain.CLUBS), (Strain.NOTRUMP,)
        )

    def test_lead_options(self) -> None:
        """2007 Law 26A2: require or prohibit one of the related suits, or restrict nothing;
        26B: prohibit any one of the four suits (whatever the offender bid), or nothing."""
        rule = LeadRule("26A2", RELATED, (Strain.HEARTS, Strain.SPADES))
        assert (
            ("require_hearts", H, frozenset()),
            ("require_spades", S, frozenset()),
            ("prohibit_hearts", None, frozenset({H})),
            ("prohibit_spades", None, frozenset({S})),
            ("no_restriction", None, frozenset()),
        ) == LAWS_2007.lead_options(rule, (D,), (H, S))
        assert (
            ("prohibit_spades", None, frozenset({S})),
            ("prohibit_hearts", None, frozenset({H})),
            ("prohibit_diamonds", None, frozenset({D})),
            ("prohibit_clubs", None, frozenset({C})),
            ("no_restriction", None, frozenset()),
        ) == LAWS_2007.lead_options(LeadRule("26B", LeadForm.PROHIBIT_ONE), (H,), ())

    def test_withdrawn_lead(self) -> None:
        """2007 Law 26 asks no question of comparability: any withdrawn call gives declarer
        the lead right (by the 2007 form of its suits)."""
        for withdrawn in (Withdrawn.ORIGINAL, Withdrawn.CALL):
            assert Rectify(
                ("26",),
                "if {seat} becomes a defender, declarer may restrict his partner's first lead",
                lead=True,
                withdrawn=withdrawn,
            ) == LAWS_2007.withdrawn_lead("27B4", withdrawn=withdrawn)
        default = LAWS_2007.withdrawn_lead("26B")
        assert isinstance(default, Rectify)
        assert Withdrawn.ORIGINAL is default.withdrawn


class TestChangeOfCall2007:
    def test_only_after_a_bid(self) -> None:
        """2007 Laws 30B3, 31: a call at the LHO's turn after the offender called is a change
        of call if a bid had been made; a pass before any bid is Law 30A's."""
        assert LAWS_2007.is_change_of_call(
            position=Position.LHO, any_bid=True, offender_called=True
        )
        assert not LAWS_2007.is_change_of_call(
            position=Position.LHO, any_bid=False, offender_called=True
        )
        assert not LAWS_2007.is_change_of_call(
            position=Position.LHO, any_bid=True, offender_called=False
        )
        assert not LAWS_2007.is_change_of_call(
            position=Position.PARTNER, any_bid=True, offender_called=True
        )

    def test_unintended_question(self) -> None:
        """2007 Law 25A1: corrected without a pause for thought; Swedish Law 112D with
        bidding boxes: only a mechanical mis-pull."""
        assert (
            "Did {seat} take {original} out of the bidding box by a mechanical mis-pull, "
            "meaning {call} (Swedish Law 112D; 2007 Law 25A)?",
            "25A",
        ) == LAWS_2007.unintended_question(bidding_boxes=True)
        assert (
            "Was {original} unintended, and did {seat} put {call} in its place without a pause "
            "for thought (2007 Law 25A1)?",
            "25A",
        ) == LAWS_2007.unintended_question(bidding_boxes=False)


class TestPassOutOfRotation2007:
    def test_before_any_bid(self) -> None:
        """2007 Law 30A: before any bid, the offender passes at his next turn (Law 23)."""
        expected = Rectify(
            ("30A", "23"),
            "no bid had been made: {seat} must pass at his next turn (2007 Law 30A)",
            forced=(Forced(Role.OFFENDER, Span.NEXT_TURN),),
            reviews=("23",),
        )
        for position in (Position.RHO, Position.PARTNER, Position.LHO):
            assert expected == LAWS_2007.pass_refused(position, any_bid=False)

    def test_at_the_rhos_turn_after_a_bid(self) -> None:
        """2007 Law 30B1: at the RHO's turn, the offender passes at his next turn."""
        assert Rectify(
            ("30B1",),
            "{seat} must pass at his next turn (2007 Law 30B1)",
            forced=(Forced(Role.OFFENDER, Span.NEXT_TURN),),
        ) == LAWS_2007.pass_refused(Position.RHO, any_bid=True)

    def test_at_partners_turn_after_a_bid(self) -> None:
        """2007 Law 30B2: the offender passes throughout; partner may bid or pass at that
        turn but not double or redouble."""
        assert Rectify(
            ("30B2(a)", "30B2(b)", "23"),
            "{seat} must pass whenever it is his turn; at this turn {partner} may make any "
            "sufficient bid or pass but may not double or redouble (2007 Law 30B2)",
            forced=(Forced(Role.OFFENDER, Span.REST_OF_AUCTION),),
            no_double=Role.PARTNER,
            no_double_law="30B2(b)",
            reviews=("23",),
        ) == LAWS_2007.pass_refused(Position.PARTNER, any_bid=True)


class TestBidOutOfRotation2007:
    def test_at_the_rhos_turn(self) -> None:
        """2007 Law 31A as 2017: the auction reverts to the RHO, whose call decides."""
        for artificial_pass in (True, False):
            assert Rectify(
                ("31A",),
                "the auction reverts to {rho}; what follows depends on his call (Law 31A)",
                then=AwaitCall(Role.RHO, "31A", Rule(LAWS_2007.after_rho_31, (artificial_pass,))),
            ) == LAWS_2007.bid_refused(Position.RHO, artificial_pass=artificial_pass)

    def test_at_partners_turn(self) -> None:
        """2007 Law 31B: partner passes throughout; if the offender then changes his call,
        declarer may restrict a lead (2007 Law 26); repeating it brings none."""
        rule = LAWS_2007.bid_refused(Position.PARTNER, artificial_pass=False)
        assert isinstance(rule, Rectify)
        assert ("31B", "16D", "23") == rule.laws
        assert (
            "{partner} must pass whenever it is his turn; if {seat} changes {original} to "
            "another call, declarer may restrict a lead (2007 Law 31B)"
        ) == rule.text
        assert (PARTNER_THROUGHOUT, ("23",), False) == (rule.forced, rule.reviews, rule.lead)
        final = rule.then
        assert isinstance(final, AwaitCall)
        assert (Role.OFFENDER, "31B", False, False) == (
            final.role,
            final.law,
            final.raw,
            final.no_double,
        )
        assert Rectify(
            ("26",), "{seat} repeated {original}: no lead restrictions (2007 Law 26)"
        ) == final.then(facts("1H", "1H"))
        assert Rectify(
            ("26",),
            "{original} was changed to {call}: if {seat} becomes a defender, declarer may "
            "restrict his partner's first lead (2007 Law 26)",
            lead=True,
        ) == final.then(facts("2H", "1H"))

    def test_after_the_rho_called(self) -> None:
        """2007 Law 31A2: a new bid in the denomination of the cancelled one: partner passes
        at his next turn (a); any other call: partner passes throughout (b)."""
        rule = LAWS_2007.rho_called_rule(False)
        assert Ask(
            "same_denomination",
            "31A2",
            "Is {seat}'s {call} in the same denomination as his cancelled {original} (for an "
            "artificial call, the denomination it specified: Law 29C)?",
            yes=Rectify(
                ("31A2(a)", "23"),
                "same denomination: {partner} must pass at his next turn (2007 Law 31A2(a))",
                forced=(Forced(Role.PARTNER, Span.NEXT_TURN),),
                reviews=("23",),
            ),
            no=partner_throughout_31a2b(),
        ) == rule(facts("2H"))
        assert partner_throughout_31a2b() == rule(facts("Pass"))
        assert partner_throughout_31a2b() == rule(facts("X"))
        assert partner_throughout_31a2b() == LAWS_2007.rho_called_rule(True)(facts("2H"))


class TestDoubleOutOfRotation2007:
    def test_at_partners_turn(self) -> None:
        """2007 Law 32A: partner passes throughout; a change of the double brings the lead
        right (2007 Law 26)."""
        rule = LAWS_2007.double_refused(Position.PARTNER)
        assert isinstance(rule, Rectify)
        assert ("32A", "16D", "23") == rule.laws
        assert (
            "{partner} must pass whenever it is his turn (2007 Law 32A); declarer may restrict "
            "a lead if {seat} changes {original} to another call"
        ) == rule.text
        assert (PARTNER_THROUGHOUT, ("23",)) == (rule.forced, rule.reviews)
        final = rule.then
        assert isinstance(final, AwaitCall)
        assert (Role.OFFENDER, "32") == (final.role, final.law)
        changed = final.then(facts("2C", "X"))
        assert isinstance(changed, Rectify)
        assert changed.lead

    def test_at_the_rhos_turn(self) -> None:
        """2007 Law 32B: the auction reverts to the RHO: if he passes the offender repeats
        his double (32B1); if he calls, the offender calls freely and partner passes
        throughout (32B2), with the lead right if the double is changed."""
        rule = LAWS_2007.double_refused(Position.RHO)
        assert isinstance(rule, Rectify)
        assert ("32B",) == rule.laws
        assert "the auction reverts to {rho}; what follows depends on his call (Law 32B)" == (
            rule.text
        )
        assert () == rule.forced
        awaited = rule.then
        assert isinstance(awaited, AwaitCall)
        assert (Role.RHO, "32B") == (awaited.role, awaited.law)
        assert Rectify(
            ("32B1",),
            "{rho} passed: {seat} must repeat his {original}; no rectification (Law 32B1)",
            repeat=True,
        ) == awaited.then(facts("Pass", "X"))
        after = awaited.then(facts("2C", "X"))
        assert isinstance(after, Rectify)
        assert ("32B2", "23") == after.laws
        assert (
            "{rho} called: {seat} may make any legal call, and {partner} must pass whenever it "
            "is his turn (2007 Law 32B2)"
        ) == after.text
        assert (PARTNER_THROUGHOUT, ("23",), False) == (after.forced, after.reviews, after.repeat)
        final = after.then
        assert isinstance(final, AwaitCall)
        assert (Role.OFFENDER, "32B2") == (final.role, final.law)
        assert not final.then(facts("X", "X")).lead  # type: ignore[union-attr]


class TestPenaltyCardsAndInadmissibleDoubles2007:
    def test_no_neither_with_several_suits(self) -> None:
        """2007 Law 51B2 has no option (c); 50D2 with one suit still lets declarer do
        neither."""
        assert not LAWS_2007.neither_allowed(several=True)
        assert LAWS_2007.neither_allowed(several=False)

    def test_inadmissible_double_lead_at_once(self) -> None:
        """2007 Law 36 with the 2007 Law 26: the lead right follows at once."""
        assert LAWS_2007.inadmissible_lead()
