"""Law 27, the insufficient bid, in its 2017 form (the 2007 edition overrides its hooks)."""

from __future__ import annotations

from typing import ClassVar

from dupbridge.core.calls import Bid, Double, Redouble
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
    Option,
    Rectify,
    Role,
    Step,
)

__all__ = ["InsufficientBidLaws"]

_NEXT = Span.NEXT_TURN
_REST = Span.REST_OF_AUCTION


class InsufficientBidLaws(EditionBase):
    """Law 27: acceptance (27A), the replacement call (27B1-B4), the premature replacement (27C)."""

    #: Hook data for Law 27B1: the Director's question on a replacement (by whether it is a
    #: double or redouble), as (answer key, text).
    IB_QUESTIONS: ClassVar[dict[bool, tuple[str, str]]] = {
        True: (
            "comparable",
            N_("Is {seat}'s {call} a comparable call to the insufficient {original} (Law 23A)?"),
        ),
        False: (
            "comparable",
            N_(
                "Is {seat}'s {call} a comparable call to the insufficient {original} "
                "(Law 23A: the same or a similar meaning, a subset of its meanings, or the same "
                "purpose)?"
            ),
        ),
    }
    #: Law 27B1(b): the laws and text of a replacement that stands without rectification.
    IB_STANDS: ClassVar[tuple[tuple[str, ...], str]] = (
        ("27B1(b)", "23A", "26A"),
        N_(
            "{call} is comparable: it stands with no further rectification and no lead "
            "restrictions; at the end of play the Director checks for damage (Law 27D)"
        ),
    )
    #: Law 27B2: the text of a replacement that stands with partner's forced passes.
    IB_NOT_COMPARABLE: ClassVar[str] = N_(
        "{call} stands; {partner} must pass whenever it is his turn to call; if "
        "{seat} becomes a defender declarer may restrict his partner's first lead; "
        "information from {original} is unauthorized for {seat}'s side"
    )
    #: Law 27B1(a): (answer key, question, text when it stands); 2017 asks about the
    #: denominations specified, 2007 (where the bid must be in the same denomination, see
    #: ``IB_LOWEST_SAME_STRAIN``) whether either bid is artificial.
    IB_LOWEST: ClassVar[tuple[str, str, str]] = (
        "same_denominations",
        N_(
            "{call} is the lowest sufficient bid in its denomination: does it specify "
            "the same denomination(s) as the insufficient {original} (Law 27B1(a))?"
        ),
        N_(
            "{call} stands with no further rectification, no lead restrictions, and "
            "the withdrawn bid gives no unauthorized information; at the end of play "
            "the Director checks for damage (Law 27D)"
        ),
    )
    IB_LOWEST_SAME_STRAIN: ClassVar[bool] = False

    def insufficient_bid(self) -> Offer:
        """Law 27A/B: the LHO accepts the insufficient bid, or it must be replaced."""
        return Offer(
            Role.LHO,
            "27A1",
            N_("Does {lho} accept {seat}'s insufficient bid {call}?"),
            (
                Option(
                    "accept",
                    N_(
                        "{call} is treated as legal and the auction goes on from it; {lho} "
                        "calls next (Law 27A1)"
                    ),
                    Rectify(
                        ("27A1",),
                        N_("{lho} accepted the insufficient bid {call} (Law 27A1)"),
                        do=(Do.ACCEPT,),
                    ),
                ),
                Option(
                    "refuse",
                    N_(
                        "{seat} must replace {call} by a legal call; the Director then rules "
                        "on the replacement (Law 27B)"
                    ),
                    Rectify(
                        ("27B",),
                        N_("{call} is not accepted: {seat} must replace it by a legal call"),
                        do=(Do.CANCEL,),
                        then=AwaitCall(Role.OFFENDER, "27B", self.ib_replacement, raw=True),
                    ),
                ),
            ),
            callers=((Role.LHO, Meaning.ACCEPT), (Role.OFFENDER, Meaning.PREMATURE)),
        )

    def ib_replacement(self, facts: CallFacts) -> Step:
        """Law 27B1-B4: rule on the call that replaces an insufficient bid."""
        call = facts.call
        if facts.insufficient:
            return self.ib_again()
        if isinstance(call, Double | Redouble):
            if not facts.legal:
                return self.ib_double()
            key, question = self.ib_question(double=True)
            return Ask(
                key, "27B1(b)", question, yes=self.ib_no_rectification(), no=self.ib_double()
            )
        key, question = self.ib_question(double=False)
        judged = Ask(
            key,
            "27B1(b)",
            question,
            yes=self.ib_no_rectification(),
            no=self.ib_not_comparable(),
        )
        return self.ib_lowest(facts, otherwise=judged)

    def ib_question(self, *, double: bool) -> tuple[str, str]:
        """Hook: the Director's question on a replacement (Law 27B1(b)), as (answer key,
        text): 2017 asks whether it is a comparable call (Law 23A)."""
        return self.IB_QUESTIONS[double]

    def ib_not_comparable(self) -> Rectify:
        """Hook: Law 27B2, a replacement that is not comparable (2007: not of the same
        meaning) stands and the offender's partner must pass throughout."""
        return Rectify(
            ("27B2", "16C", "lead_restriction", "72C"),
            self.IB_NOT_COMPARABLE,
            do=(Do.STAND,),
            forced=(Forced(Role.PARTNER, _REST),),
            lead=True,
            reviews=("72C",),
        )

    def ib_lowest(self, facts: CallFacts, *, otherwise: Step) -> Step:
        """Hook: Law 27B1(a), the lowest sufficient bid in its denomination specifying the same
        denomination(s) (2007: in the same denomination, neither bid artificial) stands
        without rectification; ``otherwise`` is the 27B1(b) ruling."""
        if not (isinstance(facts.call, Bid) and facts.lowest_in_strain):
            return otherwise
        if self.IB_LOWEST_SAME_STRAIN and not facts.same_strain:
            return otherwise
        key, question, text = self.IB_LOWEST
        return Ask(
            key,
            "27B1(a)",
            question,
            yes=Rectify(("27B1(a)",), text, do=(Do.STAND,), reviews=("27D",)),
            no=otherwise,
        )

    def ib_no_rectification(self) -> Rectify:
        """Hook: Law 27B1(b), a comparable replacement stands without rectification."""
        laws, text = self.IB_STANDS
        return Rectify(laws, text, do=(Do.STAND,), reviews=("27D",))

    def ib_double(self) -> Rectify:
        """Law 27B3: an attempted double or redouble (not comparable) is cancelled."""
        return Rectify(
            ("27B3", "16C", "lead_restriction", "72C"),
            N_(
                "the attempted {call} is cancelled; {seat} must replace the insufficient bid by "
                "a sufficient bid or a pass, and {partner} must pass whenever it is his turn; "
                "declarer may restrict a lead if {seat} defends"
            ),
            forced=(Forced(Role.PARTNER, _REST),),
            lead=True,
            reviews=("72C",),
            then=AwaitCall(
                Role.OFFENDER, "27B3", self.ib_second_replacement, raw=True, no_double=True
            ),
        )

    def ib_again(self) -> Offer:
        """Law 27B4: another insufficient bid; the LHO may accept it, else as in B3."""
        return Offer(
            Role.LHO,
            "27B4",
            N_(
                "{seat} replaced his insufficient bid by another one, {call}: does {lho} accept it?"
            ),
            (
                Option(
                    "accept",
                    N_("{call} is treated as legal (Laws 27A1, 27B4)"),
                    Rectify(
                        ("27A1", "27B4"),
                        N_("{lho} accepted the second insufficient bid {call}"),
                        do=(Do.STAND,),
                        then=self.withdrawn_lead("26B"),
                    ),
                ),
                Option(
                    "refuse",
                    N_(
                        "{call} is cancelled; {seat} must make a sufficient bid or pass and "
                        "{partner} must pass whenever it is his turn (Laws 27B4, 27B3)"
                    ),
                    Rectify(
                        ("27B4", "27B3", "16C", "26B", "72C"),
                        N_(
                            "{call} is cancelled; {seat} must make a sufficient bid or pass, and "
                            "{partner} must pass whenever it is his turn; declarer may restrict a "
                            "lead if {seat} defends"
                        ),
                        forced=(Forced(Role.PARTNER, _REST),),
                        forced_law="27B3",
                        lead=True,
                        reviews=("72C",),
                        then=AwaitCall(
                            Role.OFFENDER,
                            "27B3",
                            self.ib_second_replacement,
                            raw=True,
                            no_double=True,
                        ),
                    ),
                ),
            ),
            callers=((Role.LHO, Meaning.ACCEPT),),
        )

    def ib_second_replacement(self, facts: CallFacts) -> Step:
        if facts.insufficient:
            return Offer(
                Role.LHO,
                "27B4",
                N_("{seat} made another insufficient bid, {call}: does {lho} accept it?"),
                (
                    Option(
                        "accept",
                        N_("{call} is treated as legal (Law 27A1)"),
                        Rectify(("27A1",), N_("{lho} accepted {call}"), do=(Do.STAND,)),
                    ),
                    Option(
                        "refuse",
                        N_("{call} is cancelled; {seat} must make a sufficient bid or pass"),
                        Rectify(
                            ("27B4",),
                            N_("{call} is cancelled; {seat} must make a sufficient bid or pass"),
                            then=AwaitCall(
                                Role.OFFENDER,
                                "27B3",
                                self.ib_second_replacement,
                                raw=True,
                                no_double=True,
                            ),
                        ),
                    ),
                ),
                callers=((Role.LHO, Meaning.ACCEPT),),
            )
        return Rectify(
            ("27B3",), N_("{call} replaces the insufficient bid (Law 27B3)"), do=(Do.STAND,)
        )
