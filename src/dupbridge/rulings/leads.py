"""Declarer's choices at a lead or a play: the lead restrictions of Law 26, and what Laws 50D2,
51A and 51B give him when a defender has penalty cards.
"""

from __future__ import annotations

import dataclasses

from dupbridge.core.calls import Bid, Strain
from dupbridge.core.cards import Card, Suit
from dupbridge.core.kinds import IrregularityName
from dupbridge.core.play import Play
from dupbridge.core.recording import Recorder
from dupbridge.core.rectify import (
    Designate,
    Drop,
    Effect,
    LeadRight,
    Note,
    Pend,
    Pending,
    PickUp,
    Restrict,
    Restriction,
)
from dupbridge.core.seats import Seat
from dupbridge.core.table import Table
from dupbridge.i18n import _
from dupbridge.laws import LawsEdition
from dupbridge.laws.steps import (
    LeadForm,
    LeadRule,
)
from dupbridge.rulings.case import (
    Case,
    LeadChoice,
    LeadChoiceKind,
    recorder,
    suit_name,
    suits_name,
)
from dupbridge.rulings.walker import StepWalker

__all__ = ["LeadRulings", "describe_penalties", "lead_explanation", "specified_suits"]


class LeadRulings(StepWalker):
    """Declarer's choices at a lead: Law 26 lead rights, Laws 50D2 and 51B for a partner's
    penalty cards, 51A which penalty card to play."""

    # --- lead restrictions and penalty cards ---------------------------------------------------

    def _offer_lead_right(
        self, table: Table, rec: Recorder, index: int, right: LeadRight
    ) -> list[Effect]:
        token = right.token
        assert isinstance(token, tuple)
        rule, case = token
        assert isinstance(rule, LeadRule)
        assert isinstance(case, Case)
        specified = specified_suits(rec, right.offender)
        related = tuple(Suit(int(s)) for s in rule.suits if s is not Strain.NOTRUMP)
        if rule.form is LeadForm.REQUIRE_OR_PROHIBIT:
            related = tuple(s for s in related if s not in specified)
            if not related:  # 2007 Law 26A1: every such suit was specified legally
                return [
                    Drop(index, ruling=right.ruling),
                    Note(
                        (self.laws.ref("26A1"),),
                        _(
                            "{seat} specified the suit of the withdrawn call legally: no lead "
                            "restriction"
                        ).format(seat=right.offender.title),
                        ruling=right.ruling,
                    ),
                ]
        allowed = tuple(
            s for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS) if s not in specified
        )
        options = self.laws.lead_options(rule, allowed, related)
        choice = LeadChoice(LeadChoiceKind.LEAD, right.seat, right.law, options, case=case)
        pending = self._lead_pending(table, choice, right.offender, penalty=False)
        pending = dataclasses.replace(pending, ruling=right.ruling)
        return [Drop(index, ruling=right.ruling), Pend(pending, ruling=right.ruling)]

    def _lead_pending(
        self, table: Table, choice: LeadChoice, offender: Seat, *, penalty: bool
    ) -> Pending:
        declarer = table.declarer
        assert declarer is not None
        seat = choice.seat
        if penalty:
            question = _(
                "{seat} is to lead while {offender} has major penalty cards ({cards}): does "
                "declarer ({declarer}) require or prohibit a lead?"
            ).format(
                seat=seat.title,
                offender=offender.title,
                cards=" ".join(str(c) for c in choice.cards),
                declarer=declarer.title,
            )
        else:
            question = _(
                "{seat} is to lead for the first time since his partner {offender}'s call was "
                "withdrawn: does declarer ({declarer}) restrict the lead ({law})?"
            ).format(
                seat=seat.title, offender=offender.title, declarer=declarer.title, law=choice.law
            )
        explanations = tuple(
            lead_explanation(seat, name, require, prohibit, penalty)
            for name, require, prohibit in choice.options
        )
        return Pending(
            0,
            IrregularityName.PENALTY_CARDS if penalty else IrregularityName.LEAD_RESTRICTION,
            choice.law,
            declarer,
            tuple(name for name, _req, _pro in choice.options),
            question,
            explanations,
            token=choice,
        )

    def _lead_chosen(
        self, table: Table, pending: Pending, choice: LeadChoice, option: str
    ) -> list[Effect]:
        rec = recorder(table)
        ruling = pending.ruling
        seat = choice.seat
        chosen = next(item for item in choice.options if item[0] == option)
        _name, require, prohibit = chosen
        if choice.kind == LeadChoiceKind.DESIGNATE:
            card = next(c for c in choice.cards if option == f"designate_{c}")
            return [
                Designate(seat, card, ruling=ruling),
                Note(
                    (choice.law,), _("declarer designates {card}").format(card=card), ruling=ruling
                ),
            ]
        effects: list[Effect] = []
        if require is not None or prohibit:
            effects.append(
                Restrict(
                    Restriction(seat, choice.law, require, frozenset(prohibit), ruling),
                    ruling=ruling,
                )
            )
        if choice.kind == LeadChoiceKind.PENALTY and (require is not None or prohibit):
            suits = set(prohibit) | ({require} if require is not None else set())
            holder = seat.partner
            back = tuple(c for c in rec.penalty.get(holder, {}) if c.suit in suits)
            if back:
                effects.append(PickUp(holder, back, ruling=ruling))
        effects.append(
            Note(
                (choice.law,),
                lead_explanation(
                    seat, option, require, prohibit, choice.kind == LeadChoiceKind.PENALTY
                ),
                ruling=ruling,
            )
        )
        return effects

    def _playable_majors(self, rec: Recorder, seat: Seat, play: object) -> tuple[Card, ...]:

        assert isinstance(play, Play)
        majors = [c for c, major in rec.penalty.get(seat, {}).items() if major]
        if len(majors) < 2:
            return ()
        legal = play.legal_mask(seat)
        if not play.current_trick:
            for restriction in rec.restrictions:
                if restriction.seat is seat:
                    narrowed = legal
                    if restriction.require is not None:
                        narrowed &= sum(1 << (13 * restriction.require + r) for r in range(13))
                    for suit in restriction.prohibit:
                        narrowed &= ~sum(1 << (13 * suit + r) for r in range(13))
                    if narrowed:
                        legal = narrowed
        return tuple(sorted((c for c in majors if legal & c.bit), reverse=True))


def specified_suits(rec: Recorder, offender: Seat) -> set[Suit]:
    """The suits ``offender`` named in his standing bids (read as natural)."""
    suits: set[Suit] = set()
    for entry in rec.standing:
        if entry.seat is offender and isinstance(entry.call, Bid):
            suit = entry.call.strain.suit
            if suit is not None:
                suits.add(suit)
    return suits


def describe_penalties(laws: LawsEdition, shown: list[tuple[Card, bool]]) -> str:
    count = len(shown)
    majors = [
        laws.penalty_card_is_major(count=count, honour=c.rank.is_honour, deliberate=led)
        for c, led in shown
    ]
    if all(majors):
        return _("major")
    return _("minor")


def lead_explanation(
    seat: Seat, name: str, require: Suit | None, prohibit: frozenset[Suit], penalty: bool
) -> str:
    if require is not None:
        text = _("{seat} must lead a {suit}").format(seat=seat.title, suit=suit_name(require))
        if penalty:
            text += _("; the penalty cards of that suit are picked up")
        return text
    if prohibit:
        text = _("{seat} may not lead {suits} for as long as he keeps the lead").format(
            seat=seat.title,
            suits=_(" or ").join(suits_name(s) for s in sorted(prohibit, reverse=True)),
        )
        if penalty:
            text += _("; the penalty cards of those suits are picked up")
        return text
    if name.startswith("designate_"):
        return name
    if penalty:
        return _("no requirement or prohibition: the penalty cards stay on the table")
    return _("declarer imposes no restriction")
