"""Leads: out of turn (Laws 53-56) and declarer's lead restrictions (26, 50D2, 51B), 2017 form."""

from __future__ import annotations

from dupbridge.core.cards import Suit
from dupbridge.core.rectify import Span
from dupbridge.i18n import N_
from dupbridge.laws.base import SUIT_WORDS, EditionBase
from dupbridge.laws.steps import (
    Ask,
    Do,
    LeadForm,
    LeadRule,
    Meaning,
    Offer,
    Option,
    Rectify,
    Role,
    Step,
)

__all__ = ["LeadLaws", "combinations"]

_NEXT = Span.NEXT_TURN
_REST = Span.REST_OF_AUCTION


def combinations(suits: tuple[Suit, ...], size: int) -> list[tuple[Suit, ...]]:
    """The ``size``-suit combinations of ``suits``, in order (Law 51B2(b))."""
    if size == 0:
        return [()]
    result: list[tuple[Suit, ...]] = []
    for index, suit in enumerate(suits):
        result.extend((suit, *rest) for rest in combinations(suits[index + 1 :], size - 1))
    return result


class LeadLaws(EditionBase):
    """Laws 26 (at the lead), 50D2, 51B and 53-56."""

    def opening_lead_out_of_turn(self) -> Step:
        """Law 54: a faced opening lead out of turn by a defender."""
        accept = Rectify(
            ("54B", "53A", "41D"),
            N_(
                "the lead of {card} stands and dummy is spread; the second card to the trick "
                "comes from declarer's hand (Law 54B1)"
            ),
            do=(Do.PLACE,),
        )
        offer = Offer(
            Role.DECLARER,
            "54",
            N_("{seat} faced the opening lead {card} out of turn: what does declarer choose?"),
            (
                Option(
                    "accept",
                    N_(
                        "accept the lead: dummy is spread and {declarer} plays second "
                        "(Laws 54B, 53A)"
                    ),
                    accept,
                ),
                Option(
                    "spread",
                    N_(
                        "{declarer} spreads his hand and becomes dummy; {dummy} becomes "
                        "declarer and the lead of {card} stands (Law 54A)"
                    ),
                    Rectify(
                        ("54A",),
                        N_(
                            "{declarer} spread his hand: {dummy} is now declarer and the lead "
                            "of {card} stands (Law 54A)"
                        ),
                        do=(Do.SPREAD,),
                    ),
                ),
                Option(
                    "refuse",
                    N_(
                        "{seat} takes the card back as a major penalty card and {turn} leads; "
                        "Law 50D applies (Law 54D)"
                    ),
                    Rectify(
                        ("54D", "50D"),
                        N_(
                            "declarer refused the lead: {card} is a major penalty card and "
                            "{turn} leads (Laws 54D, 50D)"
                        ),
                        do=(Do.PENALTY_MAJOR,),
                        reviews=self.penalty_reviews(),
                    ),
                ),
            ),
            callers=((Role.DECLARER, Meaning.ACCEPT),),
        )
        return Ask(
            "dummy_seen",
            "54C",
            N_(
                "Could declarer have seen any of dummy's cards (other than cards exposed during "
                "the auction under Law 24)? If so he must accept the lead (Law 54C)."
            ),
            yes=Rectify(
                ("54C", "53A"),
                N_(
                    "declarer could have seen dummy's cards: he must accept the lead of {card}, "
                    "and remains declarer (Law 54C)"
                ),
                do=(Do.PLACE,),
            ),
            no=offer,
            callers=((Role.DECLARER, Meaning.ACCEPT),),
        )

    def opening_lead_by_declaring_side(self) -> Rectify:
        """Law 54E: an attempted opening lead by declarer or dummy is ruled by Law 24."""
        return Rectify(
            ("54E", "24", "24D", "16C"),
            N_(
                "an opening lead by the declaring side is ruled by Law 24: {seat} will not "
                "defend, so {card} goes back to his hand (Law 24D); information from it is "
                "unauthorized for his side"
            ),
        )

    def lead_out_of_turn(self, *, last_trick: bool) -> Step:
        """Law 56: a defender's faced lead out of turn (after the opening lead)."""
        refuse = Rectify(
            ("56B", "50D"),
            N_("{card} is retracted as a major penalty card and {turn} leads (Laws 56B, 50D)"),
            do=(Do.PENALTY_MAJOR,),
            reviews=self.penalty_reviews(),
        )
        if last_trick:
            return Rectify(
                ("53A", "56B", "50D"),
                N_(
                    "a lead out of turn at trick thirteen must be retracted: {card} is a major "
                    "penalty card and {turn} leads (Laws 53A, 56B)"
                ),
                do=(Do.PENALTY_MAJOR,),
            )
        return Offer(
            Role.DECLARER,
            "56",
            N_("{seat} led {card} out of turn ({turn} was on lead): what does declarer choose?"),
            (
                Option(
                    "accept",
                    N_("the lead stands; {lho} plays next (Laws 56A, 53A)"),
                    Rectify(
                        ("56A", "53A"), N_("declarer accepted the lead of {card}"), do=(Do.PLACE,)
                    ),
                ),
                Option(
                    "refuse",
                    N_("{seat} retracts {card}, a major penalty card; {turn} leads (Law 56B)"),
                    refuse,
                ),
            ),
            callers=((Role.LHO, Meaning.ACCEPT), (Role.TURN, Meaning.PROPER_LEAD)),
        )

    def declarer_lead_out_of_turn(self, *, last_trick: bool, defenders_turn: bool) -> Step:
        """Law 55: declarer led out of turn from his hand or dummy's."""
        if defenders_turn:
            retract = Rectify(
                ("55B1", "55C"),
                N_(
                    "{card} goes back to {hand}'s hand with no further rectification; {turn} "
                    "leads (Law 55B1); if declarer then plays on information from his "
                    "infraction, Law 16 applies (55C)"
                ),
            )
        else:
            retract = Rectify(
                ("55B2", "55C"),
                N_(
                    "{card} is withdrawn and declarer must lead from the correct hand, {turn} "
                    "(Law 55B2)"
                ),
            )
        if last_trick:
            return Rectify(
                ("53A", *retract.laws),
                N_("a lead out of turn at trick thirteen must be retracted (Law 53A)"),
                then=retract,
            )
        return Offer(
            Role.LHO,
            "55A",
            N_(
                "Declarer led {card} from {hand} out of turn ({turn} was on lead): do the "
                "defenders accept it? If they differ, {lho}, next in turn, decides (Law 55A)."
            ),
            (
                Option(
                    "accept",
                    N_("the lead stands; {lho} plays next (Laws 55A, 53A)"),
                    Rectify(
                        ("55A", "53A"),
                        N_("the defenders accepted the lead of {card}"),
                        do=(Do.PLACE,),
                    ),
                ),
                Option("refuse", N_("the lead is retracted (Law 55B)"), retract),
            ),
            callers=((Role.LHO, Meaning.ACCEPT), (Role.TURN, Meaning.PROPER_LEAD)),
        )

    def proper_lead(self) -> Rectify:
        """Law 53B: the proper leader, an opponent of the offender, leads in turn."""
        return Rectify(
            ("53B", "16C"),
            N_(
                "{turn} made his proper lead: it stands and {card} goes back to {hand}'s hand; "
                "information from it is unauthorized for {seat}'s side (Laws 53B, 16C)"
            ),
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
            (f"prohibit_{SUIT_WORDS[suit]}", None, frozenset({suit})) for suit in allowed
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
            (f"require_{SUIT_WORDS[suit]}", suit, frozenset()) for suit in suits
        ]
        options.extend((f"prohibit_{SUIT_WORDS[suit]}", None, frozenset({suit})) for suit in suits)
        if len(suits) > 1:  # Law 51B2(b): one or more of the suits
            for size in range(2, len(suits) + 1):
                for combo in combinations(suits, size):
                    name = "prohibit_" + "_and_".join(SUIT_WORDS[s] for s in combo)
                    options.append((name, None, frozenset(combo)))
        if self.neither_allowed(several=len(suits) > 1):
            options.append(("no_restriction", None, frozenset()))
        return tuple(options)

    def neither_allowed(self, *, several: bool) -> bool:
        """Whether declarer may neither require nor prohibit (Laws 50D2(b), 51B2(c))."""
        del several
        return True
