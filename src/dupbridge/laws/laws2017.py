"""The 2017 Laws of Duplicate Bridge: rectification of auction-period irregularities.

One method per rectification the Laws define (DESIGN §2.8); each returns a step
(:mod:`dupbridge.laws.steps`) that the rulings engine walks. The texts paraphrase the Laws
(seed 003, English 2017); law codes are 2017 numbering. :class:`~dupbridge.laws.laws2007.Laws2007`
overrides exactly the methods where the 2007 edition differs (SPEC §1.3, §6.1).
"""

from __future__ import annotations

from typing import ClassVar

from dupbridge.core.calls import Bid, Call, Double, Pass, Redouble, Strain
from dupbridge.core.cards import Suit
from dupbridge.core.lawref import LawRef
from dupbridge.core.rectify import Span
from dupbridge.i18n import N_
from dupbridge.laws.play_laws import PlayLaws
from dupbridge.laws.steps import (
    Ask,
    AwaitCall,
    CallFacts,
    Forced,
    LeadForm,
    LeadRule,
    Offer,
    Option,
    Position,
    Rectify,
    Role,
    Rule,
    Step,
)

__all__ = ["Laws2017"]

_NEXT = Span.NEXT_TURN
_REST = Span.REST_OF_AUCTION


class Laws2017(PlayLaws):
    """The WBF Laws of Duplicate Bridge 2017 (the default edition, SPEC §1.5); the play and
    board-level rectifications come from :class:`~dupbridge.laws.play_laws.PlayLaws`."""

    name = "2017"

    #: Citations that moved between editions (SPEC §1.3): the key names the rule.
    CITATIONS: ClassVar[dict[str, str]] = {
        "withdrawn_information": "16C",
        "withdrawn_information_os": "16C2",
        "awareness": "72C",
        "retention": "17D3",
        "comparable": "23A",
        "comparable_review": "23C",
        "lead_restriction": "26B",
        "end_of_auction_period": "17D",
    }

    def cite(self, key: str) -> str:
        """The law code of a rule that is numbered differently in each edition."""
        return self.CITATIONS.get(key, key)

    def ref(self, code: str) -> LawRef:
        """A reference to ``code`` in this edition."""
        return LawRef.parse(self.cite(code), self.name)

    # --- shared pieces -----------------------------------------------------------------------

    def lead_rule(
        self, withdrawn: Call | Strain | None, specified: tuple[Strain, ...] | None
    ) -> LeadRule:
        """Declarer's lead right when ``withdrawn`` was withdrawn and not replaced by a
        comparable call: Law 26B, prohibit any one suit the offender has not specified in
        the legal auction."""
        del withdrawn, specified
        return LeadRule("26B", LeadForm.PROHIBIT_ONE)

    def _comparable(self, yes_law: str, no_law: str) -> Step:
        """Laws 30B1(b), 31A2, 32A2: the offender's call at his turn, against his cancelled
        call."""
        return Ask(
            "comparable",
            "23A",
            N_(
                "Is {seat}'s {call} a comparable call to his cancelled {original} (Law 23A: "
                "the same or a similar meaning, a subset of its meanings, or the same purpose)?"
            ),
            yes=Rectify(
                (yes_law, "23A", "23B", "23C"),
                N_(
                    "{call} is comparable: the auction and play go on without further "
                    "rectification and no lead restrictions; at the end of play the Director "
                    "checks whether the non-offending side was damaged (Law 23C)"
                ),
                reviews=("23C",),
            ),
            no=Rectify(
                (no_law, "16C", "26B", "72C"),
                N_(
                    "{call} is not comparable: {partner} must pass at his next turn; if "
                    "{seat} becomes a defender declarer may prohibit a lead (Law 26B); "
                    "information from the cancelled call is unauthorized for {seat}'s side"
                ),
                forced=(Forced(Role.PARTNER, _NEXT),),
                lead=True,
                reviews=("72C",),
                unauthorized=True,
            ),
        )

    def _comparable_on(self, facts: CallFacts, yes_law: str, no_law: str) -> Step:
        del facts
        return self._comparable(yes_law, no_law)

    def _withdrawn_lead_on(self, facts: CallFacts, law: str) -> Step:
        del facts
        return self._withdrawn_lead(law)

    def _accept_or_refuse(self, refuse: Step, *, cancel_laws: tuple[str, ...]) -> Offer:
        """Law 29: the offender's LHO may accept a call out of rotation by calling over it;
        otherwise it is cancelled and Laws 30-32 apply."""
        return Offer(
            Role.LHO,
            "29A",
            N_("Does {lho} accept {seat}'s {call}, made out of rotation at {turn}'s turn?"),
            (
                Option(
                    "accept",
                    N_(
                        "{lho} accepts {call}: it stands as if in rotation, there is no "
                        "rectification, and {lho} calls next (Law 29A)"
                    ),
                    Rectify(
                        ("29A",),
                        N_("{lho} accepted {seat}'s {call}: no rectification (Law 29A)"),
                        do=("accept",),
                    ),
                ),
                Option(
                    "refuse",
                    N_(
                        "{call} is cancelled, the auction goes back to {turn}, and the "
                        "offending side is rectified under {laws}"
                    ),
                    Rectify(
                        ("29B", *cancel_laws),
                        N_("{call} is cancelled; the auction reverts to {turn} (Law 29B)"),
                        do=("cancel",),
                        then=refuse,
                    ),
                ),
            ),
            callers=((Role.LHO, "accept"), (Role.TURN, "forfeit")),
        )

    def forfeit(self) -> Rectify:
        """Law 28B: the player whose turn it was called over the call out of rotation."""
        return Rectify(
            ("28B", "16C2"),
            N_(
                "{turn} called at his turn before the Director ruled: {seat}'s {call} is "
                "cancelled without rectification and the auction goes on as if it had not been "
                "made; no lead restrictions; information from it is unauthorized for "
                "{seat}'s side (Law 28B)"
            ),
            do=("cancel",),
            unauthorized=True,
        )

    # --- Law 27: insufficient bid ------------------------------------------------------------

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
                        do=("accept",),
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
                        do=("cancel",),
                        then=AwaitCall(Role.OFFENDER, "27B", self.ib_replacement, raw=True),
                    ),
                ),
            ),
            callers=((Role.LHO, "accept"), (Role.OFFENDER, "premature")),
        )

    def ib_replacement(self, facts: CallFacts) -> Step:
        """Law 27B1-B4: rule on the call that replaces an insufficient bid."""
        call = facts.call
        if facts.insufficient:
            return self._ib_again()
        if isinstance(call, Double | Redouble):
            if not facts.legal:
                return self._ib_double()
            return Ask(
                "comparable",
                "27B1(b)",
                N_(
                    "Is {seat}'s {call} a comparable call to the insufficient {original} (Law 23A)?"
                ),
                yes=self._ib_no_rectification("27B1(b)"),
                no=self._ib_double(),
            )
        comparable = Ask(
            "comparable",
            "27B1(b)",
            N_(
                "Is {seat}'s {call} a comparable call to the insufficient {original} "
                "(Law 23A: the same or a similar meaning, a subset of its meanings, or the same "
                "purpose)?"
            ),
            yes=self._ib_no_rectification("27B1(b)"),
            no=Rectify(
                ("27B2", "16C", "26B", "72C"),
                N_(
                    "{call} stands; {partner} must pass whenever it is his turn to call; if "
                    "{seat} becomes a defender declarer may restrict his partner's first lead; "
                    "information from {original} is unauthorized for {seat}'s side"
                ),
                do=("stand",),
                forced=(Forced(Role.PARTNER, _REST),),
                lead=True,
                reviews=("72C",),
                unauthorized=True,
            ),
        )
        if isinstance(call, Bid) and facts.lowest_in_strain:
            return Ask(
                "same_denominations",
                "27B1(a)",
                N_(
                    "{call} is the lowest sufficient bid in its denomination: does it specify "
                    "the same denomination(s) as the insufficient {original} (Law 27B1(a))?"
                ),
                yes=Rectify(
                    ("27B1(a)",),
                    N_(
                        "{call} stands with no further rectification, no lead restrictions, and "
                        "the withdrawn bid gives no unauthorized information; at the end of play "
                        "the Director checks for damage (Law 27D)"
                    ),
                    do=("stand",),
                    reviews=("27D",),
                ),
                no=comparable,
            )
        return comparable

    def _ib_no_rectification(self, law: str) -> Rectify:
        return Rectify(
            (law, "23A", "26A"),
            N_(
                "{call} is comparable: it stands with no further rectification and no lead "
                "restrictions; at the end of play the Director checks for damage (Law 27D)"
            ),
            do=("stand",),
            reviews=("27D",),
        )

    def _ib_double(self) -> Rectify:
        """Law 27B3: an attempted double or redouble (not comparable) is cancelled."""
        return Rectify(
            ("27B3", "16C", "26B", "72C"),
            N_(
                "the attempted {call} is cancelled; {seat} must replace the insufficient bid by "
                "a sufficient bid or a pass, and {partner} must pass whenever it is his turn; "
                "declarer may restrict a lead if {seat} defends"
            ),
            forced=(Forced(Role.PARTNER, _REST),),
            lead=True,
            reviews=("72C",),
            unauthorized=True,
            then=AwaitCall(
                Role.OFFENDER, "27B3", self._ib_second_replacement, raw=True, no_double=True
            ),
        )

    def _ib_again(self) -> Offer:
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
                        do=("stand",),
                        then=self._withdrawn_lead("26B"),
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
                        unauthorized=True,
                        then=AwaitCall(
                            Role.OFFENDER,
                            "27B3",
                            self._ib_second_replacement,
                            raw=True,
                            no_double=True,
                        ),
                    ),
                ),
            ),
            callers=((Role.LHO, "accept"),),
        )

    def _ib_second_replacement(self, facts: CallFacts) -> Step:
        if facts.insufficient:
            return Offer(
                Role.LHO,
                "27B4",
                N_("{seat} made another insufficient bid, {call}: does {lho} accept it?"),
                (
                    Option(
                        "accept",
                        N_("{call} is treated as legal (Law 27A1)"),
                        Rectify(("27A1",), N_("{lho} accepted {call}"), do=("stand",)),
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
                                self._ib_second_replacement,
                                raw=True,
                                no_double=True,
                            ),
                        ),
                    ),
                ),
                callers=((Role.LHO, "accept"),),
            )
        return Rectify(
            ("27B3",), N_("{call} replaces the insufficient bid (Law 27B3)"), do=("stand",)
        )

    def _withdrawn_lead(self, law: str, *, withdrawn: str = "original") -> Step:
        """Law 26: was the withdrawn call replaced by a comparable one?"""
        question = (
            N_("Is {original}, which stands, comparable to {seat}'s cancelled {call} (Law 23A)?")
            if withdrawn == "call"
            else N_(
                "Is {call}, which stands, comparable to {seat}'s withdrawn {original} (Law 23A)?"
            )
        )
        return Ask(
            "comparable",
            "26A",
            question,
            yes=Rectify(("26A",), N_("comparable: no lead restrictions (Law 26A)")),
            no=Rectify(
                (law, "16C"),
                N_("not comparable: if {seat} becomes a defender, declarer may restrict a lead"),
                lead=True,
                withdrawn=withdrawn,
                unauthorized=True,
            ),
        )

    # --- Laws 29-32: calls out of rotation ---------------------------------------------------

    def is_change_of_call(
        self, *, position: Position, any_bid: bool, offender_called: bool
    ) -> bool:
        """Laws 30B2, 31C, 32C: a call at the LHO's turn by a player who has already called
        is a change of call (Law 25)."""
        del any_bid
        return position is Position.LHO and offender_called

    def pass_out_of_rotation(self, position: Position, *, any_bid: bool) -> Offer:
        """Law 30 (after Law 29): a pass out of rotation."""
        del any_bid
        refused = Ask(
            "artificial",
            "30C",
            N_(
                "Is {seat}'s pass artificial, or a pass of his partner's artificial call (Law 30C)?"
            ),
            yes=self._bid_refused(position, artificial_pass=True),
            no=self._pass_refused(position),
        )
        return self._accept_or_refuse(refused, cancel_laws=("30",))

    def _pass_refused(self, position: Position) -> Step:
        if position is Position.RHO:
            return Rectify(
                ("30A", "72C"),
                N_("{seat} must pass at his next turn to call (Law 30A)"),
                forced=(Forced(Role.OFFENDER, _NEXT),),
                reviews=("72C",),
                unauthorized=True,
            )
        return Rectify(
            ("30B1(a)", "16C2"),
            N_(
                "{partner} may make any legal call at his turn (information from the cancelled "
                "pass is unauthorized for him); {seat} may make any legal call at his turn and "
                "the Director rules on it (Law 30B1(b))"
            ),
            unauthorized=True,
            then=AwaitCall(
                Role.OFFENDER,
                "30B1(b)",
                Rule(self._comparable_on, ("30B1(b)(i)", "30B1(b)(ii)")),
            ),
        )

    def bid_out_of_rotation(self, position: Position, *, any_bid: bool) -> Offer:
        """Law 31 (after Law 29): a bid out of rotation."""
        del any_bid
        return self._accept_or_refuse(
            self._bid_refused(position, artificial_pass=False), cancel_laws=("31",)
        )

    def _bid_refused(self, position: Position, *, artificial_pass: bool) -> Step:
        del artificial_pass
        if position is Position.RHO:
            return Rectify(
                ("31A",),
                N_("the auction reverts to {rho}; what follows depends on his call (Law 31A)"),
                then=AwaitCall(Role.RHO, "31A", self._after_rho_31),
            )
        return Rectify(
            ("31B1", "16C2"),
            N_(
                "{partner} may make any legal call at his turn (information from {call} is "
                "unauthorized for him); {seat} may make any legal call at his turn and the "
                "Director rules on it as in Law 31A2 (Law 31B2)"
            ),
            unauthorized=True,
            then=AwaitCall(
                Role.OFFENDER, "31B2", Rule(self._comparable_on, ("31A2(a)", "31A2(b)"))
            ),
        )

    def _after_rho_31(self, facts: CallFacts) -> Step:
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
            then=AwaitCall(
                Role.OFFENDER, "31A2", Rule(self._comparable_on, ("31A2(a)", "31A2(b)"))
            ),
        )

    def double_out_of_rotation(self, position: Position) -> Offer:
        """Law 32: an (admissible) double or redouble out of rotation."""
        if position is Position.RHO:
            refused: Step = Rectify(
                ("32A",),
                N_("the auction reverts to {rho}; what follows depends on his call (Law 32A)"),
                then=AwaitCall(Role.RHO, "32A", self._after_rho_32),
            )
        else:
            refused = Rectify(
                ("32B1", "16C2"),
                N_(
                    "{partner} may make any legal call (information from {call} is unauthorized "
                    "for him); {seat} may make any legal call at his turn and the Director rules "
                    "on it as in Law 32A2 (Law 32B2)"
                ),
                unauthorized=True,
                then=AwaitCall(
                    Role.OFFENDER, "32B2", Rule(self._comparable_on, ("32A2(a)", "32A2(b)"))
                ),
            )
        return self._accept_or_refuse(refused, cancel_laws=("32",))

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
            then=AwaitCall(
                Role.OFFENDER, "32A2", Rule(self._comparable_on, ("32A2(a)", "32A2(b)"))
            ),
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
                do=("cancel", "cancel_later"),
            ),
            no=Rectify(
                (*laws, "16C", "72C"),
                text,
                do=("cancel",),
                forced=(Forced(Role.PARTNER, _REST),),
                forced_law=laws[-1],
                reviews=("72C",),
                unauthorized=True,
                then=AwaitCall(Role.OFFENDER, "36B3", Rule(self._withdrawn_lead_on, ("26B",))),
            ),
            callers=((Role.LHO, "lho_called"),),
        )

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
                do=("accept", "lho_call_stands"),
            ),
            no=Rectify(
                ("37B1", "37B2", "16C", "26B", "72C"),
                N_(
                    "{call} is cancelled and a pass put in its place; {seat} and {partner} "
                    "must pass whenever it is their turn; declarer may restrict a lead if "
                    "{seat} defends"
                ),
                do=("cancel", "substitute_pass"),
                forced=(Forced(Role.OFFENDER, _REST), Forced(Role.PARTNER, _REST)),
                forced_law="37B2",
                lead=True,
                reviews=("72C",),
                unauthorized=True,
            ),
            callers=((Role.LHO, "lho_called"),),
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
                do=("cancel", "cancel_later", "substitute_pass"),
                forced=(Forced(Role.OFFENDER, _REST), Forced(Role.PARTNER, _REST)),
                forced_law="38C",
                unauthorized=True,
            ),
            no=Rectify(
                ("38A", "38B", "38C", "26B", "72C"),
                N_(
                    "the bid above seven is cancelled and a pass substituted; {seat} and "
                    "{partner} must pass whenever it is their turn; declarer may restrict a "
                    "lead if {seat} defends"
                ),
                do=("cancel", "substitute_pass"),
                forced=(Forced(Role.OFFENDER, _REST), Forced(Role.PARTNER, _REST)),
                forced_law="38C",
                lead=True,
                reviews=("72C",),
                unauthorized=True,
            ),
            callers=((Role.LHO, "lho_called"),),
        )

    def call_after_final_pass(self, *, defender: bool, is_pass: bool) -> Step:
        """Law 39: a call after the final pass is cancelled; a defender's bid, double or
        redouble may bring lead restrictions unless his LHO called first."""
        plain = Rectify(
            ("39A", "39B"),
            N_("{call} is cancelled; there is no further rectification (Law 39B)"),
            do=("cancel",),
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
                do=("cancel",),
                lead=True,
                unauthorized=True,
            ),
            callers=((Role.LHO, "lho_called"),),
        )

    # --- Law 24: cards exposed during the auction -------------------------------------------

    def exposed_cards(self, *, count: int, honour: bool, led: bool) -> Rectify:
        """Law 24A-C by what was exposed (``count`` cards so far, honour, led)."""
        if led or honour or count >= 2:
            law = "24C" if count >= 2 else "24B"
            text = (
                N_(
                    "two or more cards exposed: they stay face up on the table until the "
                    "auction ends and {partner} must pass at his next turn to call; the "
                    "information is authorized for the other side, unauthorized for {seat}'s"
                )
                if count >= 2
                else N_(
                    "an honour, or a card led early: it stays face up on the table until the "
                    "auction ends and {partner} must pass at his next turn to call; the "
                    "information is authorized for the other side, unauthorized for {seat}'s"
                )
            )
            return Rectify(
                ("24", law, "16C", "72C"),
                text,
                forced=(Forced(Role.PARTNER, _NEXT),),
                forced_law=law,
                reviews=("72C",),
                unauthorized=True,
            )
        return Rectify(
            ("24", "24A"),
            N_(
                "a single card below an honour, not led: it stays face up on the table until "
                "the auction ends, with no further rectification (Law 24A; see 24E)"
            ),
            unauthorized=True,
        )

    def penalty_card_is_major(self, *, count: int, honour: bool, deliberate: bool) -> bool:
        """Law 50B: minor only for a single card below an honour exposed unintentionally."""
        return count >= 2 or honour or deliberate

    # --- Law 25: change of call --------------------------------------------------------------

    def unintended_question(self, *, bidding_boxes: bool) -> tuple[str, str]:
        """The Director's question for Law 25A and the law it cites."""
        del bidding_boxes
        return (
            N_(
                "Was {original} unintended: a mechanical error or a slip of the tongue, not a "
                "change of mind (Law 25A2), so that {call} is what {seat} meant to call?"
            ),
            "25A",
        )

    def change_of_call(self, *, lho_called: bool, bidding_boxes: bool) -> Ask:
        """Law 25: a change of call, unintended (25A) or not (25B)."""
        question, law = self.unintended_question(bidding_boxes=bidding_boxes)
        withdraw = Offer(
            Role.LHO,
            "25A6",
            N_("{seat}'s call was replaced: does {lho} withdraw the call he made over it?"),
            (
                Option(
                    "withdraw",
                    N_(
                        "{lho}'s call is withdrawn and he calls again; its information is "
                        "authorized for his side, unauthorized for the opponents (Law 25A6)"
                    ),
                    Rectify(
                        ("25A6",),
                        N_("{lho} withdrew the call he had made over {original} (Law 25A6)"),
                        do=("withdraw_lho",),
                    ),
                ),
                Option(
                    "keep",
                    N_("{lho}'s call stands (Law 25A6)"),
                    Rectify(("25A6",), N_("{lho} keeps his call (Law 25A6)")),
                ),
            ),
        )
        unintended = Rectify(
            ("25A1",),
            N_(
                "{call} replaces the unintended {original}; it is subject to the appropriate "
                "law, without the lead restrictions of Law 26 (Law 25A1)"
            ),
            do=("replace",),
            then=withdraw if lho_called else None,
        )
        return Ask(
            "unintended",
            law,
            question,
            yes=unintended,
            no=self._intended_change(lho_called=lho_called),
        )

    def _intended_change(self, *, lho_called: bool) -> Offer:
        do_accept = ("replace", "withdraw_lho") if lho_called else ("replace",)
        return Offer(
            Role.LHO,
            "25B1",
            N_("The change to {call} is not allowed by Law 25A: does {lho} accept it?"),
            (
                Option(
                    "accept",
                    N_(
                        "{original} is withdrawn and {call} stands; the auction goes on; "
                        "Law 26 may apply (Law 25B1)"
                    ),
                    Rectify(
                        ("25B1", "16C"),
                        N_("{lho} accepted the change: {call} stands (Law 25B1)"),
                        do=do_accept,
                        unauthorized=True,
                        then=self._changed_lead(accepted=True),
                    ),
                ),
                Option(
                    "refuse",
                    N_(
                        "the change is cancelled and {original} stands; the auction goes on; "
                        "Law 26 may apply (Law 25B2)"
                    ),
                    Rectify(
                        ("25B2", "16C"),
                        N_("the change to {call} is cancelled; {original} stands (Law 25B2)"),
                        do=("keep_original",),
                        unauthorized=True,
                        then=self._changed_lead(accepted=False),
                    ),
                ),
            ),
            callers=((Role.LHO, "accept"),),
        )

    def _changed_lead(self, *, accepted: bool) -> Step:
        return self._withdrawn_lead("26B", withdrawn="original" if accepted else "call")

    # --- Laws 16, 20, 21: information --------------------------------------------------------

    def misinformation(self, *, can_change: bool) -> Step:
        """Law 21B: a call that could have been based on misinformation may be changed."""
        too_late = Rectify(
            ("21B3",),
            N_(
                "it is too late to change the call; at the end of play the Director awards an "
                "adjusted score if the offending side gained (Law 21B3)"
            ),
            reviews=("21B3",),
        )
        if not can_change:
            return too_late
        return Ask(
            "misinformation",
            "21B1(a)",
            N_(
                "Could {reporter}'s last call well have been influenced by misinformation from "
                "{seat}? (Without evidence to the contrary the Director presumes a mistaken "
                "explanation rather than a mistaken call, Law 21B1(b).)"
            ),
            yes=Offer(
                Role.REPORTER,
                "21B1(a)",
                N_("Does {reporter} change his call?"),
                (
                    Option(
                        "change",
                        N_(
                            "{reporter}'s call is withdrawn and he calls again with no other "
                            "rectification for his side; {seat}, his LHO, may then change a "
                            "later call; Law 16C applies (Laws 21B1, 21B2)"
                        ),
                        Rectify(
                            ("21B1(a)", "21B2", "16C"),
                            N_("{reporter}'s call is withdrawn; he calls again (Law 21B1)"),
                            do=("withdraw_reporter",),
                            reviews=("21B3",),
                        ),
                    ),
                    Option(
                        "keep",
                        N_("{reporter}'s call stands"),
                        Rectify(
                            ("21B1(a)",),
                            N_("{reporter} keeps his call; the Director reviews at the end"),
                            reviews=("21B3",),
                        ),
                    ),
                ),
            ),
            no=Rectify(
                ("21A", "21B1(b)"),
                N_("no change of call; the Director reviews the board at the end of play"),
                reviews=("21B3",),
            ),
        )

    def unauthorized_information(self, *, reserve: bool) -> Rectify:
        """Law 16B: recorded for the Director's judgement at the end of play."""
        if reserve:
            return Rectify(
                ("16B1", "16B2", "16B3"),
                N_(
                    "{reporter} reserves the right to call the Director later; at the end of "
                    "play the Director adjusts the score if an action suggested by the "
                    "information was chosen over a logical alternative and gained (Law 16B3)"
                ),
                reviews=("16B3",),
            )
        return Rectify(
            ("16B1", "16B2", "16B3"),
            N_(
                "the regulations require the Director to be called at once; he records the "
                "facts and decides at the end of play whether to adjust (Law 16B3)"
            ),
            reviews=("16B3",),
        )

    # --- Laws 17D3 and 34: retention of the right to call ------------------------------------

    def retention_of_right_to_call(self) -> Rectify:
        """Law 17D3 (and 34): a pass out of rotation cannot end the auction."""
        return Rectify(
            ("17D3", "34", "16C"),
            N_(
                "the auction does not end: it reverts to {turn}, who missed his turn; the "
                "passes made since are cancelled and the auction goes on normally; {seat}, who "
                "passed out of rotation, is an offender for Law 16C"
            ),
            do=("revert",),
            unauthorized=True,
        )

    # --- lead restrictions at the lead (Laws 26, 50D2, 51B) ---------------------------------

    def lead_options(
        self, rule: LeadRule, allowed: tuple[Suit, ...], related: tuple[Suit, ...]
    ) -> tuple[tuple[str, Suit | None, frozenset[Suit]], ...]:
        """Declarer's options at the offender's partner's first lead: ``(name, required suit,
        prohibited suits)``. ``allowed``: suits declarer may prohibit (not specified by the
        offender in the legal auction); ``related``: suits the withdrawn call related to."""
        del related
        options: list[tuple[str, Suit | None, frozenset[Suit]]] = [
            (f"prohibit_{_SUIT_WORDS[suit]}", None, frozenset({suit})) for suit in allowed
        ]
        if rule.form is LeadForm.PROHIBIT_ONE:
            options.append(("no_restriction", None, frozenset()))
        return tuple(options)

    def penalty_lead_options(
        self, suits: tuple[Suit, ...]
    ) -> tuple[tuple[str, Suit | None, frozenset[Suit]], ...]:
        """Declarer's options when the partner of a defender with major penalty cards is to
        lead (Laws 50D2, 51B): require or prohibit a suit of them, or neither."""
        options: list[tuple[str, Suit | None, frozenset[Suit]]] = [
            (f"require_{_SUIT_WORDS[suit]}", suit, frozenset()) for suit in suits
        ]
        options.extend((f"prohibit_{_SUIT_WORDS[suit]}", None, frozenset({suit})) for suit in suits)
        if len(suits) > 1:  # Law 51B2(b): one or more of the suits
            for size in range(2, len(suits) + 1):
                for combo in _combinations(suits, size):
                    name = "prohibit_" + "_and_".join(_SUIT_WORDS[s] for s in combo)
                    options.append((name, None, frozenset(combo)))
        if self.neither_allowed(several=len(suits) > 1):
            options.append(("no_restriction", None, frozenset()))
        return tuple(options)

    def neither_allowed(self, *, several: bool) -> bool:
        """Whether declarer may neither require nor prohibit (Laws 50D2(b), 51B2(c))."""
        del several
        return True


_SUIT_WORDS = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds",
               Suit.CLUBS: "clubs"}  # fmt: skip


def _combinations(suits: tuple[Suit, ...], size: int) -> list[tuple[Suit, ...]]:
    if size == 0:
        return [()]
    result: list[tuple[Suit, ...]] = []
    for index, suit in enumerate(suits):
        result.extend((suit, *rest) for rest in _combinations(suits[index + 1 :], size - 1))
    return result


SUIT_WORDS = _SUIT_WORDS
