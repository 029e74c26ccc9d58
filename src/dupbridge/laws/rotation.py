"""Laws 28-39: calls out of rotation (28-32) and inadmissible calls (35-39), 2017 form."""

from __future__ import annotations

from dupbridge.core.calls import Pass
from dupbridge.core.rectify import Span
from dupbridge.i18n import N_
from dupbridge.laws.base import EditionBase
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
    Step,
)

__all__ = ["RotationLaws"]

_NEXT = Span.NEXT_TURN
_REST = Span.REST_OF_AUCTION


class RotationLaws(EditionBase):
    """Laws 28-32 (after Law 29) and 35-39."""

    def is_change_of_call(
        self, *, position: Position, any_bid: bool, offender_called: bool
    ) -> bool:
        """Laws 30B2, 31C, 32C: a call at the LHO's turn by a player who has already called
        is a change of call (Law 25)."""
        del any_bid
        return position is Position.LHO and offender_called

    def pass_out_of_rotation(self, position: Position, *, any_bid: bool) -> Offer:
        """Law 30 (after Law 29): a pass out of rotation."""
        refused = Ask(
            "artificial",
            "30C",
            N_(
                "Is {seat}'s pass artificial, or a pass of his partner's artificial call (Law 30C)?"
            ),
            yes=self.bid_refused(position, artificial_pass=True),
            no=self.pass_refused(position, any_bid=any_bid),
        )
        return self.accept_or_refuse(refused, cancel_laws=("30",))

    def pass_refused(self, position: Position, *, any_bid: bool) -> Step:
        """Hook: Law 30A/30B1, a (natural) pass out of rotation that is not accepted."""
        del any_bid
        if position is Position.RHO:
            return Rectify(
                ("30A", "72C"),
                N_("{seat} must pass at his next turn to call (Law 30A)"),
                forced=(Forced(Role.OFFENDER, _NEXT),),
                reviews=("72C",),
            )
        return Rectify(
            ("30B1(a)", "16C2"),
            N_(
                "{partner} may make any legal call at his turn (information from the cancelled "
                "pass is unauthorized for him); {seat} may make any legal call at his turn and "
                "the Director rules on it (Law 30B1(b))"
            ),
            then=AwaitCall(
                Role.OFFENDER,
                "30B1(b)",
                Rule(self.comparable_on, ("30B1(b)(i)", "30B1(b)(ii)")),
            ),
        )

    def bid_out_of_rotation(self, position: Position, *, any_bid: bool) -> Offer:
        """Law 31 (after Law 29): a bid out of rotation."""
        del any_bid
        return self.accept_or_refuse(
            self.bid_refused(position, artificial_pass=False), cancel_laws=("31",)
        )

    def bid_refused(self, position: Position, *, artificial_pass: bool) -> Step:
        """Hook: Law 31A/31B (and 30C), a bid out of rotation that is not accepted."""
        if position is Position.RHO:
            return Rectify(
                ("31A",),
                N_("the auction reverts to {rho}; what follows depends on his call (Law 31A)"),
                then=AwaitCall(Role.RHO, "31A", Rule(self.after_rho_31, (artificial_pass,))),
            )
        return Rectify(
            ("31B1", "16C2"),
            N_(
                "{partner} may make any legal call at his turn (information from {call} is "
                "unauthorized for him); {seat} may make any legal call at his turn and the "
                "Director rules on it as in Law 31A2 (Law 31B2)"
            ),
            then=AwaitCall(Role.OFFENDER, "31B2", Rule(self.comparable_on, ("31A2(a)", "31A2(b)"))),
        )

    def after_rho_31(self, facts: CallFacts, artificial_pass: bool) -> Step:
        """Law 31A: the offender's RHO, whose turn it was, has called: he passed (31A1) or
        made another call (31A2)."""
        if isinstance(facts.call, Pass):
            return Rectify(
                ("31A1",),
                N_(
                    "{rho} passed: {seat} must repeat his call; if it is legal there is no "
                    "rectification (Law 31A1)"
                ),
                repeat=True,
            )
        return Rectify(
            ("31A2",),
            N_("{rho} called: {seat} may make any legal call and the Director rules on it"),
            then=AwaitCall(Role.OFFENDER, "31A2", self.rho_called_rule(artificial_pass)),
        )

    def rho_called_rule(self, artificial_pass: bool) -> Rule:
        """Hook: how the offender's call is ruled on after his RHO called (Law 31A2: is it
        comparable?)."""
        del artificial_pass
        return Rule(self.comparable_on, ("31A2(a)", "31A2(b)"))

    def double_out_of_rotation(self, position: Position) -> Offer:
        """Law 32: an (admissible) double or redouble out of rotation."""
        return self.accept_or_refuse(self.double_refused(position), cancel_laws=("32",))

    def double_refused(self, position: Position) -> Step:
        """Hook: Law 32A/32B, a double or redouble out of rotation that is not accepted."""
        if position is Position.RHO:
            return Rectify(
                ("32A",),
                N_("the auction reverts to {rho}; what follows depends on his call (Law 32A)"),
                then=AwaitCall(Role.RHO, "32A", self._after_rho_32),
            )
        return Rectify(
            ("32B1", "16C2"),
            N_(
                "{partner} may make any legal call (information from {call} is unauthorized "
                "for him); {seat} may make any legal call at his turn and the Director rules "
                "on it as in Law 32A2 (Law 32B2)"
            ),
            then=AwaitCall(Role.OFFENDER, "32B2", Rule(self.comparable_on, ("32A2(a)", "32A2(b)"))),
        )

    def _after_rho_32(self, facts: CallFacts) -> Step:
        if isinstance(facts.call, Pass):
            return Rectify(
                ("32A1",),
                N_("{rho} passed: {seat} must repeat his {original}; no rectification (Law 32A1)"),
                repeat=True,
            )
        return Rectify(
            ("32A2",),
            N_("{rho} called: {seat} may make any legal call and the Director rules on it"),
            then=AwaitCall(Role.OFFENDER, "32A2", Rule(self.comparable_on, ("32A2(a)", "32A2(b)"))),
        )

    # --- Laws 35-39: inadmissible calls ------------------------------------------------------

    def inadmissible_double(self, *, out_of_rotation: bool) -> Ask:
        """Law 36: a double or redouble not permitted by Law 19 (never acceptable)."""
        laws = ("36B4",) if out_of_rotation else ("36B1", "36B2")
        text = (
            N_(
                "{call} is cancelled; the auction reverts to {turn}; {seat} may make any legal "
                "call at his turn and {partner} must pass whenever it is his turn (Law 36B4)"
            )
            if out_of_rotation
            else N_(
                "{call} is cancelled; {seat} must make a legal call instead and {partner} must "
                "pass whenever it is his turn (Law 36B)"
            )
        )
        return Ask(
            "lho_called",
            "36A",
            N_("Did {lho} call over {seat}'s inadmissible {call} before the Director ruled?"),
            yes=Rectify(
                ("36A",),
                N_(
                    "{lho} called before rectification: {call} and every later call are "
                    "cancelled and the auction goes on from {turn} as if there had been no "
                    "irregularity, with no lead restrictions (Law 36A)"
                ),
                do=(Do.CANCEL, Do.CANCEL_LATER),
            ),
            no=Rectify(
                (*laws, "16C", "72C"),
                text,
                do=(Do.CANCEL,),
                forced=(Forced(Role.PARTNER, _REST),),
                forced_law=laws[-1],
                reviews=("72C",),
                lead=self.inadmissible_lead(),
                then=None
                if self.inadmissible_lead()
                else AwaitCall(Role.OFFENDER, "36B3", Rule(self.withdrawn_lead_on, ("26B",))),
            ),
            callers=((Role.LHO, Meaning.LHO_CALLED),),
        )

    def inadmissible_lead(self) -> bool:
        """Hook: whether declarer's lead right follows an inadmissible double at once (2007
        Law 26: the double is always changed to another call) rather than by Law 26 after the
        offender's legal call (2017 Law 36B3)."""
        return False

    def obliged_to_pass(self) -> Ask:
        """Law 37: a bid, double or redouble by a player required to pass."""
        return Ask(
            "lho_called",
            "37A",
            N_("Did {lho} call over {seat}'s {call} before the Director ruled?"),
            yes=Rectify(
                ("37A",),
                N_(
                    "{lho} called before rectification: {call} and the later calls stand; if "
                    "{seat} must pass for the rest of the auction he still must; no lead "
                    "restrictions (Law 37A)"
                ),
                do=(Do.ACCEPT, Do.LHO_CALL_STANDS),
            ),
            no=Rectify(
                ("37B1", "37B2", "16C", "26B", "72C"),
                N_(
                    "{call} is cancelled and a pass put in its place; {seat} and {partner} "
                    "must pass whenever it is their turn; declarer may restrict a lead if "
                    "{seat} defends"
                ),
                do=(Do.CANCEL, Do.SUBSTITUTE_PASS),
                forced=(Forced(Role.OFFENDER, _REST), Forced(Role.PARTNER, _REST)),
                forced_law="37B2",
                lead=True,
                reviews=("72C",),
            ),
            callers=((Role.LHO, Meaning.LHO_CALLED),),
        )

    def bid_above_seven(self) -> Ask:
        """Law 38: a bid of more than seven (never played)."""
        return Ask(
            "lho_called",
            "38D",
            N_("Did {lho} call over {seat}'s bid above seven before the Director ruled?"),
            yes=Rectify(
                ("38A", "38B", "38C", "38D"),
                N_(
                    "the bid above seven and every later call are cancelled and a pass "
                    "substituted; {seat} and {partner} must pass whenever it is their turn; "
                    "{lho} called before rectification, so no lead restrictions and no review of "
                    "the damage of the forced passes (Law 38D)"
                ),
                do=(Do.CANCEL, Do.CANCEL_LATER, Do.SUBSTITUTE_PASS),
                forced=(Forced(Role.OFFENDER, _REST), Forced(Role.PARTNER, _REST)),
                forced_law="38C",
            ),
            no=Rectify(
                ("38A", "38B", "38C", "26B", "72C"),
                N_(
                    "the bid above seven is cancelled and a pass substituted; {seat} and "
                    "{partner} must pass whenever it is their turn; declarer may restrict a "
                    "lead if {seat} defends"
                ),
                do=(Do.CANCEL, Do.SUBSTITUTE_PASS),
                forced=(Forced(Role.OFFENDER, _REST), Forced(Role.PARTNER, _REST)),
                forced_law="38C",
                lead=True,
                reviews=("72C",),
            ),
            callers=((Role.LHO, Meaning.LHO_CALLED),),
        )

    def call_after_final_pass(self, *, defender: bool, is_pass: bool) -> Step:
        """Law 39: a call after the final pass is cancelled; a defender's bid, double or
        redouble may bring lead restrictions unless his LHO called first."""
        plain = Rectify(
            ("39A", "39B"),
            N_("{call} is cancelled; there is no further rectification (Law 39B)"),
            do=(Do.CANCEL,),
        )
        if not defender or is_pass:
            return plain
        return Ask(
            "lho_called",
            "39B",
            N_("Did {lho} call over {seat}'s {call} before the Director ruled?"),
            yes=plain,
            no=Rectify(
                ("39A", "39C", "26B"),
                N_("{call} is cancelled; declarer may restrict {partner}'s first lead (Law 39C)"),
                do=(Do.CANCEL,),
                lead=True,
            ),
            callers=((Role.LHO, Meaning.LHO_CALLED),),
        )
