"""Laws 16, 17D3, 20-21, 24 and 25: information, the right to call, exposed cards, changes of
call (2017 form).
"""

from __future__ import annotations

from dupbridge.core.rectify import Span
from dupbridge.i18n import N_
from dupbridge.laws.base import EditionBase
from dupbridge.laws.steps import (
    Ask,
    Do,
    Forced,
    Meaning,
    Offer,
    Option,
    Rectify,
    Role,
    Step,
    Withdrawn,
)

__all__ = ["InformationLaws"]

_NEXT = Span.NEXT_TURN
_REST = Span.REST_OF_AUCTION


class InformationLaws(EditionBase):
    """Laws 16B, 17D3, 21B, 24 and 25."""

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
            )
        return Rectify(
            ("24", "24A"),
            N_(
                "a single card below an honour, not led: it stays face up on the table until "
                "the auction ends, with no further rectification (Law 24A; see 24E)"
            ),
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
                        do=(Do.WITHDRAW_LHO,),
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
            do=(Do.REPLACE,),
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
        do_accept = (Do.REPLACE, Do.WITHDRAW_LHO) if lho_called else (Do.REPLACE,)
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
                        then=self.changed_lead(accepted=True),
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
                        do=(Do.KEEP_ORIGINAL,),
                        then=self.changed_lead(accepted=False),
                    ),
                ),
            ),
            callers=((Role.LHO, Meaning.ACCEPT),),
        )

    def changed_lead(self, *, accepted: bool) -> Step:
        return self.withdrawn_lead(
            "26B", withdrawn=Withdrawn.ORIGINAL if accepted else Withdrawn.CALL
        )

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
                            do=(Do.WITHDRAW_REPORTER,),
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
            do=(Do.REVERT,),
        )
