"""Revokes (Laws 61-64) and the defective trick (67), 2017 form.

The revoke trick transfer (Law 64) is stated in :meth:`RevokeLaws.revoke_adjustment` from the
facts the engine gathers (:class:`RevokeFacts`).
"""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.kinds import NoticeTime, RevokeKind
from dupbridge.core.rectify import Span
from dupbridge.i18n import N_
from dupbridge.laws.base import EditionBase
from dupbridge.laws.steps import (
    Ask,
    Do,
    Rectify,
    Step,
)

__all__ = ["Adjustment", "RevokeFacts", "RevokeLaws"]

_NEXT = Span.NEXT_TURN
_REST = Span.REST_OF_AUCTION


@dataclass(frozen=True, slots=True)
class RevokeFacts:
    """What Law 64 needs to know about one established revoke.

    Attributes:
        kind: ``"follow"``, ``"restriction"``, ``"dummy"`` (a card of dummy),
            ``"penalty_card"`` (the only cards of the suit were penalty cards on the table)
            or ``"defective"`` (deemed by Law 67B1).
        trick: the revoke trick (1-13).
        won_by_offender: whether the offending *player* won the revoke trick (a trick won in
            dummy is not won by declarer); None when it was not completed in play.
        os_won_revoke_trick: whether the offending side won it (None as above).
        os_later: tricks the offending side won after the revoke trick (in play, or by the
            claim, concession or ruling that ended play).
        repeated: a later revoke in the same suit by the same player, an earlier one having
            been established (64B2).
        other_side_revoked: the other side revoked on the board too (2007 64B7).
        other_side_established: ... and that revoke is established (2017 64B7).
        corrected_62c3: corrected under 2017 Law 62C3 (64B8).
        when: when attention was first drawn: ``"play"``, ``"after_play"``,
            ``"after_next_call"`` (64B4) or ``"after_round"`` (64B5).
    """

    kind: RevokeKind
    trick: int
    won_by_offender: bool | None
    os_won_revoke_trick: bool | None
    os_later: int
    repeated: bool = False
    other_side_revoked: bool = False
    other_side_established: bool = False
    corrected_62c3: bool = False
    when: NoticeTime = NoticeTime.PLAY


@dataclass(frozen=True, slots=True)
class Adjustment:
    """The tricks a revoke transfers to the non-offending side, the laws and why."""

    tricks: int
    laws: tuple[str, ...]
    text: str


class RevokeLaws(EditionBase):
    """Laws 61-64 and 67."""

    def revoke_noticed(self, *, correctable: bool, other_too: bool) -> Rectify:
        """Law 62 (attention drawn before establishment, or 62D on trick 12): corrected; Law
        63B: an established revoke stands and Law 64 follows at the end of play."""
        if correctable:
            laws = ("62A", "62B", "62C", "16C")
            do = (Do.CORRECT, Do.CORRECT_OTHER) if other_too else (Do.CORRECT,)
            return Rectify(
                ("62C3", *laws) if other_too else laws,
                N_(
                    "the revoke must be corrected: {seat} takes back {card} and plays a legal "
                    "card; the non-offending side may withdraw cards played after it, then the "
                    "next offender may (Laws 62A-62C)"
                ),
                do=do,
            )
        return Rectify(
            ("63A", "63B", "64A", "64C"),
            N_(
                "the revoke is established: the trick stands as played, and at the end of play "
                "tricks are transferred by Law 64A unless 64B applies; the Director checks "
                "that the non-offending side is compensated (Law 64C)"
            ),
            reviews=("64C",),
        )

    def trick_twelve(self) -> str:
        """The law that corrects an established revoke on trick 12 (62D1)."""
        return "62D1"

    def both_sides_on_one_trick(self) -> bool:
        """2017 Law 62C3: both sides revoked on one trick and only one side has played to the
        next: both revokes are corrected."""
        return True

    def dummy_asks_declarer(self, *, correctable: bool) -> Ask:
        """Laws 61B2(a), 43B2(b): dummy asks declarer about a possible revoke."""
        return Ask(
            "dummy_violation",
            "43B2(b)",
            N_(
                "Had dummy ({dummy}) breached Law 43A2 (exchanged hands, left his seat to watch "
                "declarer, looked at a defender's hand) before asking about the revoke?"
            ),
            yes=Rectify(
                ("43B2(b)", "62B", "64A"),
                N_(
                    "declarer must replace {card} by a legal card, and Law 64 applies as if the "
                    "revoke were established (Law 43B2(b))"
                ),
                do=(Do.CORRECT, Do.AS_ESTABLISHED),
                reviews=("64C",),
            ),
            no=self.revoke_noticed(correctable=correctable, other_too=False),
        )

    def dummy_draws_attention(self, *, then: Step) -> Ask:
        """Laws 43A1(b), 43B3: dummy draws attention to a defender's irregularity in play."""
        return Ask(
            "dummy_violation",
            "43B3",
            N_(
                "Dummy ({dummy}) drew attention to {seat}'s revoke during play. Had he breached "
                "Law 43A2 first?"
            ),
            yes=Rectify(
                ("43B3",),
                N_(
                    "no immediate rectification: play continues as if there had been no "
                    "irregularity; at the end the Director adjusts only the defenders' score if "
                    "they gained (Law 43B3)"
                ),
                reviews=("43B3",),
            ),
            no=Rectify(
                ("43A1(b)", "90"),
                N_(
                    "dummy may not draw attention to an irregularity during play (Law 43A1(b); "
                    "a procedural penalty may follow, Law 90); the revoke is ruled as usual"
                ),
                then=then,
            ),
        )

    def revoke_adjustment(self, facts: RevokeFacts) -> Adjustment:
        """Law 64A/64B: the tricks an established revoke transfers at the end of play."""
        exception = self.no_transfer(facts)
        if exception is not None:
            code, text = exception
            return Adjustment(0, (code, "64C"), text)
        if facts.kind == RevokeKind.DEFECTIVE:
            return self._a2(facts, "67B1")
        if facts.won_by_offender:
            tricks = 1 + min(1, facts.os_later)
            return Adjustment(
                tricks,
                ("64A1",),
                N_(
                    "the offender won the revoke trick: it goes to the non-offending side, with "
                    "one later trick of the offending side if it won one (Law 64A1)"
                ),
            )
        return self._a2(facts, "64A2")

    def _a2(self, facts: RevokeFacts, law: str) -> Adjustment:
        if facts.os_won_revoke_trick or facts.os_later > 0:
            return Adjustment(
                1,
                (law, "64A2") if law != "64A2" else ("64A2",),  # each law cited once
                N_(
                    "the offender did not win the revoke trick and his side won it or a later "
                    "trick: one trick goes to the non-offending side (Law 64A2)"
                ),
            )
        return Adjustment(
            0,
            ("64B1",),
            N_("the offending side won neither the revoke trick nor any later one (Law 64B1)"),
        )

    def no_transfer(self, facts: RevokeFacts) -> tuple[str, str] | None:
        """The 2017 exceptions of Law 64B, by law."""
        if facts.when == NoticeTime.AFTER_NEXT_CALL:
            return "64B4", N_(
                "attention was first drawn after a non-offender called on the next deal (Law 64B4)"
            )
        if facts.when == NoticeTime.AFTER_ROUND:
            return "64B5", N_("attention was first drawn after the round ended (Law 64B5)")
        if facts.corrected_62c3:
            return "64B8", N_("the revoke was corrected under Law 62C3 (Law 64B8)")
        if facts.kind in (RevokeKind.DUMMY, RevokeKind.PENALTY_CARD):
            return "64B3", N_(
                "the revoke was a failure to play a penalty card or a card of dummy (Law 64B3)"
            )
        if facts.trick == 12 and facts.kind != RevokeKind.DEFECTIVE:
            return "64B6", N_("the revoke was on the twelfth trick (Law 64B6)")
        if facts.other_side_established:
            return "64B7", N_(
                "both sides revoked on this board and both revokes are established (Law 64B7)"
            )
        if facts.repeated:
            return "64B2", N_(
                "a later revoke in the same suit by the same player after his first was "
                "established (Law 64B2; the Director adjusts if the later revokes cost the "
                "non-offending side tricks, 64C2(a))"
            )
        return None

    # --- Law 67: defective trick -------------------------------------------------------------

    def defective_trick(self, *, cards: str, both_sides_played_on: bool = True) -> Rectify:
        """Law 67: a defective trick. Noticed before a player of each side has played to the
        next trick (67A) it is put right at once and is no revoke; noticed later (67B) an
        omission is a deemed revoke (67B1) and extra cards go back to the hand (67B2)."""
        if not both_sides_played_on:
            if cards == "surplus":
                return Rectify(
                    ("67A", "67A2", "45E", "58B"),
                    N_(
                        "attention was drawn before a player of each side played to the next "
                        "trick: {seat}'s extra card is dealt with as a fifth card played to a "
                        "trick or as simultaneous cards (Laws 67A2, 45E, 58B)"
                    ),
                )
            return Rectify(
                ("67A", "67A1"),
                N_(
                    "attention was drawn before a player of each side played to the next "
                    "trick: {seat} puts trick {trick} right by supplying a card he can legally "
                    "play; this is not a revoke and Law 64 does not apply (Law 67A1)"
                ),
            )
        if cards == "surplus":
            return Rectify(
                ("67B2",),
                N_(
                    "the Director restores {seat}'s extra cards to his hand, leaving the card "
                    "faced to trick {trick}; ownership of the trick does not change; a restored "
                    "card may show an earlier revoke, and an exposed one of a defender is a "
                    "penalty card (Law 67B2)"
                ),
            )
        return Rectify(
            ("67B1", "64A2"),
            N_(
                "{seat} had omitted to play to trick {trick}: he places a card of the suit led "
                "(any card without one) among his played cards, without changing who won the "
                "trick; he is deemed to have revoked and loses one trick by Law 64A2 (67B1)"
            ),
            do=(Do.DEEMED_REVOKE,),
        )
