"""The shared base of every edition's laws: citations and the pieces several laws use.

:class:`EditionBase` holds what the law families (:mod:`dupbridge.laws.insufficient`,
:mod:`~dupbridge.laws.rotation`, :mod:`~dupbridge.laws.information`, :mod:`~dupbridge.laws.leads`,
:mod:`~dupbridge.laws.play_irregularities`, :mod:`~dupbridge.laws.revokes`,
:mod:`~dupbridge.laws.claims`, :mod:`~dupbridge.laws.board`) build on: the edition's name and
law citations, and the steps of Laws 23 (comparable call), 26 (lead right) and 29 (accepting
a call out of rotation) in their 2017 form. Its public methods are hooks an edition may
override (:class:`~dupbridge.laws.laws2007.Laws2007` does).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar

from dupbridge.core.calls import Call, Strain
from dupbridge.core.cards import Suit
from dupbridge.core.lawref import LawRef
from dupbridge.core.rectify import Span
from dupbridge.i18n import N_
from dupbridge.laws.steps import (
    Ask,
    CallFacts,
    Do,
    Forced,
    LeadForm,
    LeadRule,
    Meaning,
    Offer,
    Option,
    Rectify,
    Role,
    Step,
    Withdrawn,
)

__all__ = ["SUIT_WORDS", "EditionBase", "suit_word"]

_NEXT = Span.NEXT_TURN
_REST = Span.REST_OF_AUCTION


SUIT_WORDS = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds",
              Suit.CLUBS: "clubs"}  # fmt: skip


def suit_word(suit: Suit) -> str:
    """The option word for a suit: ``spades``, ``hearts``, ``diamonds``, ``clubs``."""
    return SUIT_WORDS[suit]


class EditionBase(ABC):
    """What every part of an edition shares: its name, its citations, and the auction pieces
    several laws use (a comparable call, Law 23; the lead right, 26; acceptance, 29)."""

    @property
    @abstractmethod
    def name(self) -> str:
        """The edition: ``"2017"`` or ``"2007"``."""

    #: Citations that moved between editions (SPEC §1.3): the key names the rule, or is the
    #: 2017 code a shared step cites.
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
        return LawRef.parse(self.cite(code), str(self.name))

    # --- shared pieces -----------------------------------------------------------------------

    def lead_rule(
        self, withdrawn: Call | Strain | None, specified: tuple[Strain, ...] | None
    ) -> LeadRule:
        """Declarer's lead right when ``withdrawn`` was withdrawn and not replaced by a
        comparable call: Law 26B, prohibit any one suit the offender has not specified in
        the legal auction."""
        del withdrawn, specified
        return LeadRule("26B", LeadForm.PROHIBIT_ONE)

    def comparable(self, yes_law: str, no_law: str) -> Step:
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
            ),
        )

    def comparable_on(self, facts: CallFacts, yes_law: str, no_law: str) -> Step:
        del facts
        return self.comparable(yes_law, no_law)

    def withdrawn_lead_on(self, facts: CallFacts, law: str) -> Step:
        del facts
        return self.withdrawn_lead(law)

    def accept_or_refuse(self, refuse: Step, *, cancel_laws: tuple[str, ...]) -> Offer:
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
                        do=(Do.ACCEPT,),
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
                        do=(Do.CANCEL,),
                        then=refuse,
                    ),
                ),
            ),
            callers=((Role.LHO, Meaning.ACCEPT), (Role.TURN, Meaning.FORFEIT)),
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
            do=(Do.CANCEL,),
        )

    def withdrawn_lead(self, law: str, *, withdrawn: Withdrawn = Withdrawn.ORIGINAL) -> Step:
        """Law 26: was the withdrawn call replaced by a comparable one?"""
        question = (
            N_("Is {original}, which stands, comparable to {seat}'s cancelled {call} (Law 23A)?")
            if withdrawn == Withdrawn.CALL
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
            ),
        )

    def penalty_reviews(self) -> tuple[str, ...]:
        """The end-of-play review when a penalty card may have helped (2017 Law 50E4)."""
        return ("50E4",)
