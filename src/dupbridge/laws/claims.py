"""Claims and concessions (Laws 68-71) and a disagreement on the tricks won (79), 2017 form."""

from __future__ import annotations

import dataclasses

from dupbridge.core.rectify import Span
from dupbridge.i18n import N_
from dupbridge.laws.base import EditionBase
from dupbridge.laws.steps import (
    Do,
    Judge,
    Rectify,
    Role,
)

__all__ = ["ClaimLaws"]

_NEXT = Span.NEXT_TURN
_REST = Span.REST_OF_AUCTION


class ClaimLaws(EditionBase):
    """Laws 68-71 and 79."""

    def contested_claim(self) -> Judge:
        """Law 70: the Director adjudicates a disputed claim."""
        return Judge(
            Role.OFFENDER,
            "70",
            N_(
                "{seat}'s claim is disputed. How many tricks in all does {seat}'s side take? "
                "The Director rules as equitably as possible, doubtful points against the "
                "claimer (70A); a trick to an outstanding trump the claimer did not mention "
                "(70C); no unstated successful line where a normal line would do worse (70D1), "
                "none depending on which opponent holds a card (70E1)"
            ),
            ("70A", "70B", "70C", "70D", "70E"),
            how="claim ruling",
        )

    def claim_play_continued(self) -> Rectify | None:
        """2017 Law 68D2(b): play continues when all four agree (None: not allowed)."""
        return Rectify(
            ("68D2(b)",),
            N_(
                "all four agree: play continues, the claim is void and not adjudicated, Laws 16 "
                "and 50 do not apply to it, and the score obtained stands (Law 68D2(b))"
            ),
            do=(Do.REOPEN,),
        )

    def concession_objected(self) -> Rectify:
        """Law 68B2: a defender's concession to which his partner objects at once."""
        return Rectify(
            ("68B2", "16C"),
            N_(
                "{partner} objected at once: there is no concession and play continues; cards "
                "{seat} exposed are not penalty cards, but their information is unauthorized "
                "for {partner} (Law 68B2)"
            ),
            do=(Do.REOPEN,),
        )

    def agreement_withdrawn(self) -> Judge:
        """Law 69B: an agreement to a claim or concession withdrawn in the Correction Period."""
        return Judge(
            Role.OFFENDER,
            "69B",
            N_(
                "{seat}'s side agreed to lose tricks. Within the Correction Period the agreement "
                "may be withdrawn for a trick it had in fact won (69B1) or would likely have "
                "won had play continued (69B2). How many tricks in all does {seat}'s side get?"
            ),
            ("69B",),
        )

    def concession_cancelled(self) -> Judge:
        """Law 71: a concession cancelled in the Correction Period."""
        return Judge(
            Role.OFFENDER,
            "71",
            N_(
                "{seat}'s side conceded tricks. The Director cancels the concession of a trick "
                "the side had in fact won (71A) or could not lose by any normal play, careless "
                "or inferior play included (71B). How many tricks in all does {seat}'s side get?"
            ),
            ("71",),
        )

    def tricks_disputed_after_claim(self, *, conceded: bool) -> Judge:
        """Law 79B1: the disagreement follows a claim or concession, so the Director applies
        Law 69B to the side that agreed to lose tricks (``conceded`` False) or Law 71 to the
        side that conceded them (by a concession, or by a claim: 68B1); 79B2 and 79B3 do not
        apply. The 2007 Law 79B1 names Law 69 only; its Law 71 cancels a concession within
        the Correction Period of its own force, so both editions send the conceding side
        there.
        """
        step = self.concession_cancelled() if conceded else self.agreement_withdrawn()
        return dataclasses.replace(step, laws=("79B1", *step.laws))

    def tricks_disputed(self, *, after_round: bool) -> Judge:
        """Law 79B2 (with no claim or concession) and 79B3 (the Director called after the
        round): a disagreement on the tricks won."""
        question = (
            N_(
                "The players disagree on the tricks won and the Director was called after the "
                "round: he changes the score for both sides only if clearly convinced of the "
                "table result, else lets the recorded score stand or lowers one side's score "
                "(Law 79B3). How many tricks in all does declarer's side take?"
            )
            if after_round
            else N_(
                "The players disagree on the tricks won (Law 79B). With no claim or concession "
                "the Director rules what score is recorded: how many tricks in all does "
                "declarer's side take?"
            )
        )
        return Judge(Role.DECLARER, "79B", question, ("79B3",) if after_round else ("79B2",))
