"""Laws 28-39 step by step, 2017 form: calls out of rotation and inadmissible calls; what
mutation testing found unpinned (issue 19).

Each test states the whole ruling (the laws, the text, what happens to the calls, who must pass
and for how long, the lead right, the reviews, what follows), built inside the test so that
mutmut's mutant is active when it is built (docs/performance.md, "Mutation testing").
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
    Position,
    Rectify,
    Role,
    Rule,
)

BOTH_PASS = (
    Forced(Role.OFFENDER, Span.REST_OF_AUCTION),
    Forced(Role.PARTNER, Span.REST_OF_AUCTION),
)
LHO_CALLED = ((Role.LHO, Meaning.LHO_CALLED),)


def facts(call: str, original: str = "1H") -> CallFacts:
    return CallFacts(parse_call(call), parse_call(original), True, False, False)


def refused(offer: Offer, cancel_law: str) -> object:
    """The step after the LHO refuses (Law 29B), checking the laws the refusal cites."""
    assert (Role.LHO, "29A") == (offer.chooser, offer.law)
    refuse = offer.options[1]
    assert "refuse" == refuse.name
    assert isinstance(refuse.step, Rectify)
    assert ("29B", cancel_law) == refuse.step.laws
    return refuse.step.then


def bid_at_rho_turn(artificial_pass: bool) -> Rectify:
    """Law 31A: the auction reverts to the RHO; his call decides (31A1, 31A2)."""
    return Rectify(
        ("31A",),
        "the auction reverts to {rho}; what follows depends on his call (Law 31A)",
        then=AwaitCall(Role.RHO, "31A", Rule(LAWS_2017.after_rho_31, (artificial_pass,))),
    )


def bid_at_partner_turn() -> Rectify:
    """Law 31B: partner free (16C2); the offender's call judged as in 31A2."""
    return Rectify(
        ("31B1", "16C2"),
        "{partner} may make any legal call at his turn (information from {call} is "
        "unauthorized for him); {seat} may make any legal call at his turn and the Director "
        "rules on it as in Law 31A2 (Law 31B2)",
        then=AwaitCall(
            Role.OFFENDER, "31B2", Rule(LAWS_2017.comparable_on, ("31A2(a)", "31A2(b)"))
        ),
    )


class TestChangeOfCallAtTheLHOsTurn:
    def test_only_at_the_lhos_turn_after_calling(self) -> None:
        """Laws 30B2, 31C, 32C (2017): a call at the LHO's turn by a player who has called
        before is a change of call, whether or not anyone had bid; at another seat's turn,
        or before his first call, it is not."""
        for any_bid in (True, False):
            assert LAWS_2017.is_change_of_call(
                position=Position.LHO, any_bid=any_bid, offender_called=True
            )
            assert not LAWS_2017.is_change_of_call(
                position=Position.LHO, any_bid=any_bid, offender_called=False
            )
            for position in (Position.RHO, Position.PARTNER):
                assert not LAWS_2017.is_change_of_call(
                    position=position, any_bid=any_bid, offender_called=True
                )


class TestPassOutOfRotation:
    def test_at_the_rhos_turn(self) -> None:
        """Law 30A: a natural pass at the RHO's turn: the offender passes at his next turn,
        72C; Law 30C: an artificial pass is ruled as a bid (Law 31A)."""
        then = refused(LAWS_2017.pass_out_of_rotation(Position.RHO, any_bid=True), "30")
        expected = Ask(
            "artificial",
            "30C",
            "Is {seat}'s pass artificial, or a pass of his partner's artificial call (Law 30C)?",
            yes=bid_at_rho_turn(artificial_pass=True),
            no=Rectify(
                ("30A", "72C"),
                "{seat} must pass at his next turn to call (Law 30A)",
                forced=(Forced(Role.OFFENDER, Span.NEXT_TURN),),
                reviews=("72C",),
            ),
        )
        assert expected == then

    def test_at_partners_or_lhos_turn(self) -> None:
        """Law 30B1: partner may call freely (16C2); the offender's call at his turn is judged
        comparable (30B1(b)(i)) or not (30B1(b)(ii)). An artificial pass there is ruled by
        Law 31B (30C)."""
        for position in (Position.PARTNER, Position.LHO):
            then = refused(LAWS_2017.pass_out_of_rotation(position, any_bid=False), "30")
            expected = Ask(
                "artificial",
                "30C",
                "Is {seat}'s pass artificial, or a pass of his partner's artificial call "
                "(Law 30C)?",
                yes=bid_at_partner_turn(),
                no=Rectify(
                    ("30B1(a)", "16C2"),
                    "{partner} may make any legal call at his turn (information from the "
                    "cancelled pass is unauthorized for him); {seat} may make any legal call at "
                    "his turn and the Director rules on it (Law 30B1(b))",
                    then=AwaitCall(
                        Role.OFFENDER,
                        "30B1(b)",
                        Rule(LAWS_2017.comparable_on, ("30B1(b)(i)", "30B1(b)(ii)")),
                    ),
                ),
            )
            assert expected == then


class TestBidOutOfRotation:
    def test_at_the_rhos_turn(self) -> None:
        """Law 31A: the auction reverts to the RHO, whose call decides."""
        then = refused(LAWS_2017.bid_out_of_rotation(Position.RHO, any_bid=True), "31")
        assert bid_at_rho_turn(artificial_pass=False) == then

    def test_at_partners_turn(self) -> None:
        """Law 31B: partner free with 16C2; the offender's call judged as in 31A2."""
        for position in (Position.PARTNER, Position.LHO):
            then = refused(LAWS_2017.bid_out_of_rotation(position, any_bid=False), "31")
            assert bid_at_partner_turn() == then

    def test_rho_passes(self) -> None:
        """Law 31A1: the RHO passed: the offender must repeat his call, no rectification if
        it is legal."""
        expected = Rectify(
            ("31A1",),
            "{rho} passed: {seat} must repeat his call; if it is legal there is no "
            "rectification (Law 31A1)",
            repeat=True,
        )
        assert expected == LAWS_2017.after_rho_31(facts("Pass"), False)

    def test_rho_calls(self) -> None:
        """Law 31A2: the RHO bid, doubled or redoubled: the offender may make any legal call,
        judged comparable (31A2(a)) or not (31A2(b))."""
        expected = Rectify(
            ("31A2",),
            "{rho} called: {seat} may make any legal call and the Director rules on it",
            then=AwaitCall(
                Role.OFFENDER, "31A2", Rule(LAWS_2017.comparable_on, ("31A2(a)", "31A2(b)"))
            ),
        )
        assert expected == LAWS_2017.after_rho_31(facts("2C"), False)
        assert expected == LAWS_2017.after_rho_31(facts("X"), True)

    def test_the_offenders_call_after_the_rho(self) -> None:
        """Law 31A2(a)/(b) through Law 23A: comparable, no rectification and review 23C; not
        comparable, partner passes at his next turn, lead right, 72C."""
        rule = LAWS_2017.rho_called_rule(True)
        step = rule(facts("2H"))
        assert isinstance(step, Ask)
        assert ("comparable", "23A") == (step.key, step.law)
        assert isinstance(step.yes, Rectify)
        assert isinstance(step.no, Rectify)
        assert ("31A2(a)", "23A", "23B", "23C") == step.yes.laws
        assert ("31A2(b)", "16C", "26B", "72C") == step.no.laws
        assert (Forced(Role.PARTNER, Span.NEXT_TURN),) == step.no.forced


class TestDoubleOutOfRotation:
    def test_at_the_rhos_turn(self) -> None:
        """Law 32A: the auction reverts to the RHO; his call decides."""
        then = refused(LAWS_2017.double_out_of_rotation(Position.RHO), "32")
        assert isinstance(then, Rectify)
        assert ("32A",) == then.laws
        assert "the auction reverts to {rho}; what follows depends on his call (Law 32A)" == (
            then.text
        )
        assert (False, (), ()) == (then.lead, then.forced, then.do)
        awaited = then.then
        assert isinstance(awaited, AwaitCall)
        assert (Role.RHO, "32A", False, False) == (
            awaited.role,
            awaited.law,
            awaited.raw,
            awaited.no_double,
        )
        repeat = Rectify(
            ("32A1",),
            "{rho} passed: {seat} must repeat his {original}; no rectification (Law 32A1)",
            repeat=True,
        )
        assert repeat == awaited.then(facts("Pass", "X"))
        free = Rectify(
            ("32A2",),
            "{rho} called: {seat} may make any legal call and the Director rules on it",
            then=AwaitCall(
                Role.OFFENDER, "32A2", Rule(LAWS_2017.comparable_on, ("32A2(a)", "32A2(b)"))
            ),
        )
        assert free == awaited.then(facts("2C", "X"))

    def test_at_partners_turn(self) -> None:
        """Law 32B: partner may make any legal call (16C2); the offender's call is judged as
        in 32A2."""
        then = refused(LAWS_2017.double_out_of_rotation(Position.PARTNER), "32")
        expected = Rectify(
            ("32B1", "16C2"),
            "{partner} may make any legal call (information from {call} is unauthorized for "
            "him); {seat} may make any legal call at his turn and the Director rules on it as "
            "in Law 32A2 (Law 32B2)",
            then=AwaitCall(
                Role.OFFENDER, "32B2", Rule(LAWS_2017.comparable_on, ("32A2(a)", "32A2(b)"))
            ),
        )
        assert expected == then


class TestInadmissibleDouble:
    def lho_called(self) -> Rectify:
        """Law 36A: the inadmissible call and every later one are cancelled; no 26B."""
        return Rectify(
            ("36A",),
            "{lho} called before rectification: {call} and every later call are cancelled "
            "and the auction goes on from {turn} as if there had been no irregularity, with "
            "no lead restrictions (Law 36A)",
            do=(Do.CANCEL, Do.CANCEL_LATER),
        )

    def test_in_rotation(self) -> None:
        """Law 36B1-B3: cancelled, the offender substitutes a legal call, partner passes
        throughout, 72C; the lead right follows by Law 26 from the offender's legal call;
        36A if the LHO called first."""
        expected = Ask(
            "lho_called",
            "36A",
            "Did {lho} call over {seat}'s inadmissible {call} before the Director ruled?",
            yes=self.lho_called(),
            no=Rectify(
                ("36B1", "36B2", "16C", "72C"),
                "{call} is cancelled; {seat} must make a legal call instead and {partner} must "
                "pass whenever it is his turn (Law 36B)",
                do=(Do.CANCEL,),
                forced=(Forced(Role.PARTNER, Span.REST_OF_AUCTION),),
                forced_law="36B2",
                reviews=("72C",),
                then=AwaitCall(Role.OFFENDER, "36B3", Rule(LAWS_2017.withdrawn_lead_on, ("26B",))),
            ),
            callers=LHO_CALLED,
        )
        assert expected == LAWS_2017.inadmissible_double(out_of_rotation=False)

    def test_out_of_rotation(self) -> None:
        """Law 36B4: made out of rotation, the double goes back to whoever was due to call;
        the offender then calls as he likes, and his partner must pass for the rest of the
        auction."""
        expected = Ask(
            "lho_called",
            "36A",
            "Did {lho} call over {seat}'s inadmissible {call} before the Director ruled?",
            yes=self.lho_called(),
            no=Rectify(
                ("36B4", "16C", "72C"),
                "{call} is cancelled; the auction reverts to {turn}; {seat} may make any legal "
                "call at his turn and {partner} must pass whenever it is his turn (Law 36B4)",
                do=(Do.CANCEL,),
                forced=(Forced(Role.PARTNER, Span.REST_OF_AUCTION),),
                forced_law="36B4",
                reviews=("72C",),
                then=AwaitCall(Role.OFFENDER, "36B3", Rule(LAWS_2017.withdrawn_lead_on, ("26B",))),
            ),
            callers=LHO_CALLED,
        )
        assert expected == LAWS_2017.inadmissible_double(out_of_rotation=True)

    def test_2007_gives_the_lead_right_at_once(self) -> None:
        """2007 Law 26: the inadmissible double is always changed to another call, so the
        lead right follows at once and nothing is awaited."""
        assert not LAWS_2017.inadmissible_lead()
        assert LAWS_2007.inadmissible_lead()
        no = LAWS_2007.inadmissible_double(out_of_rotation=False).no
        assert isinstance(no, Rectify)
        assert (True, None) == (no.lead, no.then)


class TestActionViolatingObligationToPass:
    def test_law_37(self) -> None:
        """Law 37A: the LHO called first: the call and the later ones stand, no 26B; 37B:
        cancelled, a pass substituted, both offenders pass throughout, lead right, 72C."""
        expected = Ask(
            "lho_called",
            "37A",
            "Did {lho} call over {seat}'s {call} before the Director ruled?",
            yes=Rectify(
                ("37A",),
                "{lho} called before rectification: {call} and the later calls stand; if "
                "{seat} must pass for the rest of the auction he still must; no lead "
                "restrictions (Law 37A)",
                do=(Do.ACCEPT, Do.LHO_CALL_STANDS),
            ),
            no=Rectify(
                ("37B1", "37B2", "16C", "26B", "72C"),
                "{call} is cancelled and a pass put in its place; {seat} and {partner} must "
                "pass whenever it is their turn; declarer may restrict a lead if {seat} defends",
                do=(Do.CANCEL, Do.SUBSTITUTE_PASS),
                forced=BOTH_PASS,
                forced_law="37B2",
                lead=True,
                reviews=("72C",),
            ),
            callers=LHO_CALLED,
        )
        assert expected == LAWS_2017.obliged_to_pass()


class TestBidAboveSeven:
    def test_law_38(self) -> None:
        """Law 38B, 38C: the bid and later calls are cancelled and a pass substituted, both
        offenders pass throughout (38C imposes it); 38D: 26B and 72C unless the LHO called
        after the infraction and before rectification."""
        expected = Ask(
            "lho_called",
            "38D",
            "Did {lho} call over {seat}'s bid above seven before the Director ruled?",
            yes=Rectify(
                ("38A", "38B", "38C", "38D"),
                "the bid above seven and every later call are cancelled and a pass "
                "substituted; {seat} and {partner} must pass whenever it is their turn; {lho} "
                "called before rectification, so no lead restrictions and no review of the "
                "damage of the forced passes (Law 38D)",
                do=(Do.CANCEL, Do.CANCEL_LATER, Do.SUBSTITUTE_PASS),
                forced=BOTH_PASS,
                forced_law="38C",
            ),
            no=Rectify(
                ("38A", "38B", "38C", "26B", "72C"),
                "the bid above seven is cancelled and a pass substituted; {seat} and {partner} "
                "must pass whenever it is their turn; declarer may restrict a lead if {seat} "
                "defends",
                do=(Do.CANCEL, Do.SUBSTITUTE_PASS),
                forced=BOTH_PASS,
                forced_law="38C",
                lead=True,
                reviews=("72C",),
            ),
            callers=LHO_CALLED,
        )
        assert expected == LAWS_2017.bid_above_seven()


class TestCallAfterTheFinalPass:
    def plain(self) -> Rectify:
        return Rectify(
            ("39A", "39B"),
            "{call} is cancelled; there is no further rectification (Law 39B)",
            do=(Do.CANCEL,),
        )

    def test_declaring_side_or_a_pass(self) -> None:
        """Law 39A, 39B: any call by declarer's side, or a defender's pass, is cancelled with
        no further rectification."""
        assert self.plain() == LAWS_2017.call_after_final_pass(defender=False, is_pass=False)
        assert self.plain() == LAWS_2017.call_after_final_pass(defender=False, is_pass=True)
        assert self.plain() == LAWS_2017.call_after_final_pass(defender=True, is_pass=True)

    def test_defenders_bid(self) -> None:
        """Law 39C: a defender's bid, double or redouble may bring 26B, unless his LHO
        called over it before rectification (39B)."""
        expected = Ask(
            "lho_called",
            "39B",
            "Did {lho} call over {seat}'s {call} before the Director ruled?",
            yes=self.plain(),
            no=Rectify(
                ("39A", "39C", "26B"),
                "{call} is cancelled; declarer may restrict {partner}'s first lead (Law 39C)",
                do=(Do.CANCEL,),
                lead=True,
            ),
            callers=LHO_CALLED,
        )
        assert expected == LAWS_2017.call_after_final_pass(defender=True, is_pass=False)


class TestArtificialPassOutOfRotation2007:
    def test_no_denomination_to_compare(self) -> None:
        """2007 Law 31A2: after the RHO called, the offender's partner passes once if the
        offender's new call is in the denomination of his cancelled bid (31A2(a)), throughout
        otherwise (31A2(b)); an artificial pass out of rotation (ruled as a bid, 30C) named no
        denomination, so 31A2(b) applies at once."""
        after = LAWS_2007.after_rho_31(facts("2C", "Pass"), True)
        assert isinstance(after, Rectify)
        assert isinstance(after.then, AwaitCall)
        step = after.then.then(facts("2H", "Pass"))
        assert isinstance(step, Rectify)
        assert ("31A2(b)", "26", "23") == step.laws
        assert (Forced(Role.PARTNER, Span.REST_OF_AUCTION),) == step.forced
        natural = LAWS_2007.after_rho_31(facts("2C", "1H"), False)
        assert isinstance(natural, Rectify)
        assert isinstance(natural.then, AwaitCall)
        asked = natural.then.then(facts("2H", "1H"))
        assert isinstance(asked, Ask)
        assert ("same_denomination", "31A2") == (asked.key, asked.law)
