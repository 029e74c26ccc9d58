"""The 2007 Laws of Duplicate Bridge: where they differ from 2017.

Source: the Swedish 2007 text (seed 001) as summarised in SPEC §1.3 and §6.1. The 2007 Laws
have no "comparable call": an insufficient bid's replacement is judged on artificiality and
meaning (27B1), calls out of rotation bring longer forced passes (30-32), and the lead
restrictions of Law 26 depend on whether the withdrawn call related to specific suits. Law 23
is "awareness of potential damage" (2017: 72C), 16D the withdrawn-call information (2017: 16C),
17E2 the retention of the right to call (2017: 17D3). The play and the board are in
:mod:`dupbridge.laws.laws2007_play`.
"""

from __future__ import annotations

from typing import ClassVar

from dupbridge.core.calls import Bid, Call, Pass, Strain
from dupbridge.core.cards import Suit
from dupbridge.core.kinds import Edition
from dupbridge.core.rectify import Span
from dupbridge.i18n import N_
from dupbridge.laws.base import SUIT_WORDS
from dupbridge.laws.laws2007_play import Laws2007Play
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
    Step,
    Withdrawn,
)

__all__ = ["Laws2007"]

_NEXT = Span.NEXT_TURN
_REST = Span.REST_OF_AUCTION


class Laws2007(Laws2007Play):
    """The WBF Laws of Duplicate Bridge 2007 (an option; Sweden's edition in seed 001)."""

    name = Edition.E2007

    CITATIONS: ClassVar[dict[str, str]] = {
        "withdrawn_information": "16D",
        "withdrawn_information_os": "16D2",
        "awareness": "23",
        "retention": "17E2",
        "lead_restriction": "26",
        "end_of_auction_period": "22",
        # 2017 numbers used by shared steps, as 2007 numbers:
        "16C": "16D",
        "16C2": "16D2",
        "72C": "23",
        "17D3": "17E2",
        "17D": "22",
        "25A6": "25A4",
        "53B": "53C",
        "15A": "17D",
    }

    # --- Law 27 (2007): the replacement of an insufficient bid, as data (2007 Law 27B) ----
    IB_QUESTIONS: ClassVar[dict[bool, tuple[str, str]]] = dict.fromkeys(
        (True, False),
        (
            "same_meaning",
            N_(
                "Has {seat}'s {call} the same meaning as the insufficient {original}, or a more "
                "precise one wholly within its possible meanings (2007 Law 27B1(b))?"
            ),
        ),
    )
    IB_STANDS: ClassVar[tuple[tuple[str, ...], str]] = (
        ("27B1(b)",),
        N_(
            "{call} has the same or a more precise meaning: it stands with no further "
            "rectification; at the end of play the Director checks for damage (Law 27D)"
        ),
    )
    IB_NOT_COMPARABLE: ClassVar[str] = N_(
        "{call} stands; {partner} must pass whenever it is his turn to call; if "
        "{seat} becomes a defender declarer may restrict his partner's first lead "
        "(2007 Law 26)"
    )
    IB_LOWEST: ClassVar[tuple[str, str, str]] = (
        "not_artificial",
        N_(
            "{call} is the lowest sufficient bid in the denomination of {original}: in "
            "the Director's opinion, is neither bid artificial, beyond dispute (2007 Law "
            "27B1(a))?"
        ),
        N_(
            "{call} stands and the auction goes on as if there had been no "
            "irregularity; at the end of play the Director checks for damage "
            "(Law 27D)"
        ),
    )
    IB_LOWEST_SAME_STRAIN: ClassVar[bool] = True

    # --- Law 26 (2007): the withdrawn call and its suits -----------------------------------

    def lead_rule(
        self, withdrawn: Call | Strain | None, specified: tuple[Strain, ...] | None
    ) -> LeadRule:
        """2007 Law 26: a withdrawn call that related only to specific suits (26A) lets
        declarer require or prohibit such a suit; any other (26B) lets him prohibit any suit.

        Without the Director's word (``specified``), a suit bid relates to its own suit and
        nothing else does (notrump, pass, double, redouble)."""
        if specified is not None:
            suits = tuple(strain for strain in specified if strain is not Strain.NOTRUMP)
        elif isinstance(withdrawn, Bid):
            suits = () if withdrawn.strain is Strain.NOTRUMP else (withdrawn.strain,)
        elif isinstance(withdrawn, Strain):
            suits = () if withdrawn is Strain.NOTRUMP else (withdrawn,)
        else:
            suits = ()
        if suits:
            return LeadRule("26A2", LeadForm.REQUIRE_OR_PROHIBIT, suits)
        return LeadRule("26B", LeadForm.PROHIBIT_ONE)

    def lead_options(
        self, rule: LeadRule, allowed: tuple[Suit, ...], related: tuple[Suit, ...]
    ) -> tuple[tuple[str, Suit | None, frozenset[Suit]], ...]:
        """2007 Law 26A2: require or prohibit a related suit the offender did not specify
        legally; 26B: prohibit any one suit."""
        options: list[tuple[str, Suit | None, frozenset[Suit]]] = []
        if rule.form is LeadForm.REQUIRE_OR_PROHIBIT:
            options.extend((f"require_{SUIT_WORDS[suit]}", suit, frozenset()) for suit in related)
            options.extend(
                (f"prohibit_{SUIT_WORDS[suit]}", None, frozenset({suit})) for suit in related
            )
        else:
            options.extend(
                (f"prohibit_{SUIT_WORDS[suit]}", None, frozenset({suit}))
                for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
            )
        del allowed
        options.append(("no_restriction", None, frozenset()))
        return tuple(options)

    def _final_call(self, law: str) -> AwaitCall:
        """2007 Law 26 applies when the withdrawn call is changed to a different final call
        in that round: wait for the offender's call."""
        return AwaitCall(Role.OFFENDER, law, Rule(self._final_call_on))

    def _final_call_on(self, facts: CallFacts) -> Step:
        if facts.same_call:
            return Rectify(
                ("26",),
                N_("{seat} repeated {original}: no lead restrictions (2007 Law 26)"),
            )
        return Rectify(
            ("26",),
            N_(
                "{original} was changed to {call}: if {seat} becomes a defender, declarer "
                "may restrict his partner's first lead (2007 Law 26)"
            ),
            lead=True,
        )

    def withdrawn_lead(self, law: str, *, withdrawn: Withdrawn = Withdrawn.ORIGINAL) -> Step:
        del law
        return Rectify(
            ("26",),
            N_("if {seat} becomes a defender, declarer may restrict his partner's first lead"),
            lead=True,
            withdrawn=withdrawn,
        )

    # --- Laws 29-32 (2007) -------------------------------------------------------------------

    def is_change_of_call(
        self, *, position: Position, any_bid: bool, offender_called: bool
    ) -> bool:
        """2007: a call at the LHO's turn after the offender has called is a change of call
        (Laws 30B3, 31 footnote, 32 by the same rule), except a pass before any bid (30A)."""
        if position is not Position.LHO or not offender_called:
            return False
        return any_bid

    def pass_refused(self, position: Position, *, any_bid: bool) -> Step:
        """2007 Law 30: forced passes by whether a bid had been made and whose turn it was."""
        if not any_bid:
            return Rectify(
                ("30A", "23"),
                N_("no bid had been made: {seat} must pass at his next turn (2007 Law 30A)"),
                forced=(Forced(Role.OFFENDER, _NEXT),),
                reviews=("23",),
            )
        if position is Position.RHO:
            return Rectify(
                ("30B1",),
                N_("{seat} must pass at his next turn (2007 Law 30B1)"),
                forced=(Forced(Role.OFFENDER, _NEXT),),
            )
        return Rectify(
            ("30B2(a)", "30B2(b)", "23"),
            N_(
                "{seat} must pass whenever it is his turn; at this turn {partner} may make any "
                "sufficient bid or pass but may not double or redouble (2007 Law 30B2)"
            ),
            forced=(Forced(Role.OFFENDER, _REST),),
            no_double=Role.PARTNER,
            no_double_law="30B2(b)",
            reviews=("23",),
        )

    def bid_refused(self, position: Position, *, artificial_pass: bool) -> Step:
        """2007 Law 31B: at partner's turn, partner passes throughout (at the RHO's: 31A as
        2017)."""
        if position is Position.RHO:
            return super().bid_refused(position, artificial_pass=artificial_pass)
        return Rectify(
            ("31B", "16D", "23"),
            N_(
                "{partner} must pass whenever it is his turn; if {seat} changes {original} "
                "to another call, declarer may restrict a lead (2007 Law 31B)"
            ),
            forced=(Forced(Role.PARTNER, _REST),),
            reviews=("23",),
            then=self._final_call("31B"),
        )

    def rho_called_rule(self, artificial_pass: bool) -> Rule:
        """2007 Law 31A2: the forced passes depend on the denomination of the new call."""
        return Rule(self._same_denomination, (artificial_pass,))

    def _same_denomination(self, facts: CallFacts, artificial_pass: bool) -> Step:
        rest = Rectify(
            ("31A2(b)", "26", "23"),
            N_(
                "{partner} must pass whenever it is his turn; if {seat} becomes a defender "
                "declarer may restrict his partner's first lead (2007 Law 31A2(b))"
            ),
            forced=(Forced(Role.PARTNER, _REST),),
            lead=True,
            reviews=("23",),
        )
        if artificial_pass or not isinstance(facts.call, Bid):
            return rest
        return Ask(
            "same_denomination",
            "31A2",
            N_(
                "Is {seat}'s {call} in the same denomination as his cancelled {original} (for an "
                "artificial call, the denomination it specified: Law 29C)?"
            ),
            yes=Rectify(
                ("31A2(a)", "23"),
                N_("same denomination: {partner} must pass at his next turn (2007 Law 31A2(a))"),
                forced=(Forced(Role.PARTNER, _NEXT),),
                reviews=("23",),
            ),
            no=rest,
        )

    def double_refused(self, position: Position) -> Step:
        """2007 Law 32: at partner's turn forced passes; at the RHO's, by his call (32B)."""
        if position is Position.PARTNER:
            return Rectify(
                ("32A", "16D", "23"),
                N_(
                    "{partner} must pass whenever it is his turn (2007 Law 32A); declarer may "
                    "restrict a lead if {seat} changes {original} to another call"
                ),
                forced=(Forced(Role.PARTNER, _REST),),
                reviews=("23",),
                then=self._final_call("32"),
            )
        return Rectify(
            ("32B",),
            N_("the auction reverts to {rho}; what follows depends on his call (Law 32B)"),
            then=AwaitCall(Role.RHO, "32B", self._after_rho_32_2007),
        )

    def _after_rho_32_2007(self, facts: CallFacts) -> Step:
        if isinstance(facts.call, Pass):
            return Rectify(
                ("32B1",),
                N_("{rho} passed: {seat} must repeat his {original}; no rectification (Law 32B1)"),
                repeat=True,
            )
        return Rectify(
            ("32B2", "23"),
            N_(
                "{rho} called: {seat} may make any legal call, and {partner} must pass whenever "
                "it is his turn (2007 Law 32B2)"
            ),
            forced=(Forced(Role.PARTNER, _REST),),
            reviews=("23",),
            then=self._final_call("32B2"),
        )

    # --- Law 25 (2007) -----------------------------------------------------------------------

    def unintended_question(self, *, bidding_boxes: bool) -> tuple[str, str]:
        """2007 Law 25A1: only when corrected without pause for thought; with bidding boxes in
        Sweden, only a mechanical mis-pull from the box (Swedish Law 112D)."""
        if bidding_boxes:
            return (
                N_(
                    "Did {seat} take {original} out of the bidding box by a mechanical mis-pull, "
                    "meaning {call} (Swedish Law 112D; 2007 Law 25A)?"
                ),
                "25A",
            )
        return (
            N_(
                "Was {original} unintended, and did {seat} put {call} in its place without a "
                "pause for thought (2007 Law 25A1)?"
            ),
            "25A",
        )

    # --- Laws 50D2, 51B (2007) ---------------------------------------------------------------

    def neither_allowed(self, *, several: bool) -> bool:
        """2007 Law 51B2 has no "neither" when the penalty cards are in several suits."""
        return not several

    def inadmissible_lead(self) -> bool:
        """2007 Law 36 with Law 26 in its 2007 form: the double is always changed to another
        call, so declarer has the lead right at once."""
        return True
