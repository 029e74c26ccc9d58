"""The rulings engine: an edition's steps walked against a recording-mode table.

:class:`RulingsEngine` implements the core's :class:`~dupbridge.core.rectify.Rulebook`. For each
irregularity the table reports, it asks the edition (``dupbridge.laws``) for the step that
rectifies it and turns the step into effects (:mod:`dupbridge.rulings.walker`): a decision for a
player or the Director, forced passes, lead rights, reviews, and the ruling's record. It keeps
no state: whatever it must remember (the step it waits on and the facts of the case) travels in
the tokens the table stores (:mod:`dupbridge.rulings.case`). Its parts: the walk
(:mod:`~dupbridge.rulings.walker`), leads (:mod:`~dupbridge.rulings.leads`), the play
(:mod:`~dupbridge.rulings.play`), revokes (:mod:`~dupbridge.rulings.revokes`) and claims
(:mod:`~dupbridge.rulings.claims`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from dupbridge.core.calls import Bid, Call, Pass
from dupbridge.core.cards import Card
from dupbridge.core.errors import ImpossibleActionError
from dupbridge.core.kinds import Edition, IrregularityName
from dupbridge.core.recording import Recorder
from dupbridge.core.rectify import (
    Decide,
    Drop,
    Effect,
    Expose,
    Irregularity,
    Mark,
    Note,
    PenaltyCard,
    Pend,
    Pending,
    Proceed,
    Resolve,
    ReturnExposed,
    Watch,
)
from dupbridge.core.seats import Seat
from dupbridge.core.table import Table
from dupbridge.i18n import _
from dupbridge.laws import EDITIONS, WBF, WBF_2007, Profile, find_profile
from dupbridge.laws.steps import Ask, AwaitCall, Judge, Meaning, Offer, Position
from dupbridge.rulings.adjust import AdjustedScoreError, parse_adjusted
from dupbridge.rulings.case import (
    Case,
    Flow,
    LeadChoice,
    LeadChoiceKind,
    QueueChoice,
    last_ruling,
    recorder,
)
from dupbridge.rulings.leads import LeadRulings, describe_penalties
from dupbridge.rulings.play import PlayRulings
from dupbridge.rulings.solver import ClaimSolver
from dupbridge.rulings.walker import keepable, strains

__all__ = ["RulingsEngine", "rulebook_for"]


class RulingsEngine(PlayRulings, LeadRulings):
    """The rules of rectification of one edition under one national profile: the core's
    :class:`~dupbridge.core.rectify.Rulebook`.

    ``claims`` answers the double-dummy questions of claim rulings (the services layer injects
    one built on DDS); without it a pure-Python search handles small endings.
    """

    # --- Rulebook ------------------------------------------------------------------------------

    def irregularity(self, table: Table, irregularity: Irregularity) -> Sequence[Effect]:
        """Effects of an irregularity the table detected or was told of."""
        rec = recorder(table)
        name = irregularity.name
        seat = irregularity.seat
        case = Case(
            irregularity.ruling,
            name,
            seat,
            call=irregularity.call,
            seq=irregularity.seq,
            turn=irregularity.turn,
            original=irregularity.call,
            position=irregularity.position,
            strain=irregularity.strain,
        )
        laws = self.laws
        if name == IrregularityName.INSUFFICIENT_BID:
            return self._run(table, laws.insufficient_bid(), case)
        if name.endswith("_out_of_rotation") and irregularity.call is not None:
            return self._out_of_rotation(table, rec, case)
        if name in (IrregularityName.INADMISSIBLE_DOUBLE, IrregularityName.INADMISSIBLE_REDOUBLE):
            out = irregularity.turn is not None and irregularity.turn is not seat
            return self._run(table, laws.inadmissible_double(out_of_rotation=out), case)
        if name == IrregularityName.CALL_BY_PLAYER_OBLIGED_TO_PASS:
            return self._run(table, laws.obliged_to_pass(), case)
        if name == IrregularityName.BID_ABOVE_SEVEN:
            return self._run(table, laws.bid_above_seven(), case)
        if name == IrregularityName.CALL_AFTER_FINAL_PASS:
            # Law 39C: a defender; a passed-out board has none
            defender = table.declarer is not None and seat not in (table.declarer, table.dummy)
            step = laws.call_after_final_pass(
                defender=defender, is_pass=isinstance(irregularity.call, Pass)
            )
            return self._run(table, step, case)
        if name in (
            IrregularityName.CARD_EXPOSED_DURING_AUCTION,
            IrregularityName.CARD_LED_DURING_AUCTION,
        ):
            return self._exposure(table, rec, irregularity, case)
        if name == IrregularityName.CHANGE_OF_CALL:
            position = irregularity.position
            assert position is not None
            first = rec.standing[position].call
            case = dataclasses.replace(case, original=first)
            lho_called = keepable(rec, position, seat, irregularity.call)
            step = laws.change_of_call(
                lho_called=lho_called, bidding_boxes=self.profile.bidding_boxes
            )
            return self._run(table, step, case)
        if name == IrregularityName.MISINFORMATION:
            return self._misinformation(table, rec, irregularity, case)
        if name == IrregularityName.UNAUTHORIZED_INFORMATION:
            reporter = Seat.from_str(irregularity.fact("reporter") or seat.letter)
            case = dataclasses.replace(case, reporter=reporter)
            step = laws.unauthorized_information(
                reserve=self.profile.reserve_right_to_call_director
            )
            return self._run(table, step, case)
        if name == IrregularityName.RETENTION_OF_RIGHT_TO_CALL:
            position = irregularity.position
            assert position is not None
            deprived = rec.standing[position - 1].seat.lho if position else table.board.dealer
            case = dataclasses.replace(case, turn=deprived)
            return self._run(table, laws.retention_of_right_to_call(), case)
        effects = self._play_irregularity(table, rec, irregularity, case)
        if effects is not None:
            return effects
        raise ImpossibleActionError(
            _("dupbridge has no rectification for {name}").format(name=name), seat=seat
        )

    def choice(self, table: Table, pending: Pending, option: str) -> Sequence[Effect]:
        """Effects of the chooser's option (the core checked it is on offer)."""
        token = pending.token
        effects: list[Effect] = [Resolve(ruling=pending.ruling)]
        if isinstance(token, LeadChoice):
            return effects + self._lead_chosen(table, pending, token, option)
        if isinstance(token, QueueChoice):
            return effects + self._queue_chosen(table, pending, token, option)
        assert isinstance(token, Flow)
        step = token.step
        assert isinstance(step, Offer)
        for item in step.options:
            if item.name == option:
                return effects + self._run(table, item.step, token.case)
        raise AssertionError(option)  # pragma: no cover - the core checks the option

    def answer(
        self, table: Table, pending: Pending | None, answers: Mapping[str, object]
    ) -> Sequence[Effect]:
        """Effects of the Director's answers."""
        facts = {key: answers[key] for key in answers if key in FACT_KEYS}
        rest = {key: answers[key] for key in answers if key not in FACT_KEYS}
        if pending is None or pending.chooser is not None:
            effects: list[Effect] = []
            if "specified" in facts and pending is not None:
                effects += self._specified(table, pending, facts["specified"])
            if rest:
                effects += self._review_answer(table, rest)
            elif not facts:
                raise ImpossibleActionError(_("the Director's answer is empty"))
            return effects
        token = pending.token
        assert isinstance(token, Flow)
        step = token.step
        if isinstance(step, Judge):
            return self._judged(table, pending, step, token.case, rest)
        assert isinstance(step, Ask)
        unknown = set(rest) - {step.key}
        if unknown:
            raise ImpossibleActionError(
                _("the Director was asked {key!r}, not {unknown} ({law})").format(
                    key=step.key, unknown=", ".join(sorted(unknown)), law=pending.law
                ),
                law=pending.law,
            )
        if step.key not in rest:
            if "specified" in facts:
                return self._specified(table, pending, facts["specified"])
            raise ImpossibleActionError(
                _("the Director must answer {key!r}: {question}").format(
                    key=step.key, question=pending.question
                ),
                law=pending.law,
            )
        value = rest[step.key]
        if not isinstance(value, bool):
            raise ImpossibleActionError(
                _("the answer to {key!r} must be true or false, not {value!r}").format(
                    key=step.key, value=value
                ),
                law=pending.law,
            )
        case = token.case
        if "specified" in facts:
            case = dataclasses.replace(case, specified=strains(facts["specified"]))
        chosen = step.yes if value else step.no
        if value and step.lho_called is not None:
            chosen = step.lho_called
        effects = self._run(table, chosen, case)
        if isinstance(chosen, Offer | Ask) and any(isinstance(e, Pend) for e in effects):
            return effects  # a further question on the same calls (25B1): nothing ruled yet
        return [Resolve(ruling=pending.ruling), *effects]

    def call_over(
        self, table: Table, pending: Pending, seat: Seat, call: Call, seq: int
    ) -> Sequence[Effect]:
        """A call by one of the pending ruling's callers (acceptance by calling and the
        like)."""
        token = pending.token
        assert isinstance(token, Flow)
        step = token.step
        case = token.case
        meaning = self._meaning(table, step, case, seat)
        resolve: list[Effect] = [Resolve(ruling=pending.ruling)]
        if meaning == Meaning.PREMATURE:
            case = dataclasses.replace(case, early=(seat, call, seq))
            # Law 27C: asked again with the replacement in hand, the insufficient bid (which
            # 27A1 may still accept) and the replacement stay under the ruling meanwhile
            effects = self._run(table, step, case)
            asked = any(isinstance(effect, Pend) for effect in effects)
            return effects if asked else [*resolve, *effects]
        if meaning == Meaning.FORFEIT:
            return [
                *resolve,
                *self._run(table, self.laws.forfeit(), case),
                Proceed(seat, call, seq, ruling=case.ruling),
            ]
        if meaning == Meaning.LHO_CALLED:
            assert isinstance(step, Ask)
            case = dataclasses.replace(case, early=(seat, call, seq))
            chosen = step.lho_called or step.yes
            return [*resolve, *self._run(table, chosen, case)]
        # acceptance by calling over the irregular call (Laws 25B1, 27A1, 27B4, 29A)
        assert isinstance(step, Offer)
        accept = next(item for item in step.options if item.name == "accept")
        return [
            *resolve,
            *self._run(table, accept.step, case),
            Proceed(seat, call, seq, ruling=case.ruling),
        ]

    def watched_call(self, table: Table, watch: Watch, call: Call, seq: int) -> Sequence[Effect]:
        """The awaited call has come."""
        token = watch.token
        assert isinstance(token, Flow)
        step = token.step
        assert isinstance(step, AwaitCall)
        return self._awaited(
            table, step, token.case, seat=watch.seat, call=call, seq=seq, raw=watch.raw
        )

    def card_over(
        self, table: Table, pending: Pending, seat: Seat, card: Card, seq: int
    ) -> Sequence[Effect]:
        """A card by one of the pending ruling's callers: an acceptance by playing (Laws 53A,
        52B1(b)) or the proper lead (53B). The table then plays the card itself."""
        token = pending.token
        assert isinstance(token, Flow)
        step = token.step
        case = token.case
        del card, seq
        meaning = self._meaning(table, step, case, seat)
        resolve: list[Effect] = [Resolve(ruling=pending.ruling)]
        if meaning == Meaning.PROPER_LEAD:
            return [*resolve, *self._run(table, self.laws.proper_lead(), case)]
        if isinstance(step, Ask):  # the question before the choice (Law 54C)
            step = step.no if isinstance(step.no, Offer) else step
        if isinstance(step, Offer):
            accept = next(item.step for item in step.options if item.name == "accept")
        else:
            assert isinstance(step, Ask)
            accept = step.yes
        return [*resolve, *self._run(table, accept, case)]

    def play_ended(self, table: Table) -> Sequence[Effect]:
        """Play is over: revokes are established and tricks transferred (Laws 63, 64)."""
        return self._end_of_play(table)

    def auction_ended(self, table: Table) -> Sequence[Effect]:
        """Law 24D-E: exposed cards return to declarer's side or become penalty cards;
        lead rights lapse when the offender is declarer or dummy (Law 26)."""
        rec = recorder(table)
        declarer, dummy = table.declarer, table.dummy
        effects: list[Effect] = []
        for seat, shown in list(rec.exposed.items()):
            ruling = last_ruling(
                table, seat, ("card_exposed_during_auction", "card_led_during_auction")
            )
            effects.append(ReturnExposed(seat, ruling=ruling))
            cards = tuple(card for card, _led in shown)
            if seat is declarer or seat is dummy:
                effects.append(
                    Note(
                        (self.laws.ref("24D"),),
                        _("{seat} is {role}: his exposed cards go back to his hand").format(
                            seat=seat.title, role=_("declarer") if seat is declarer else _("dummy")
                        ),
                        ruling=ruling,
                    )
                )
                continue
            count = len(cards)
            for card, led in shown:
                major = self.laws.penalty_card_is_major(
                    count=count, honour=card.rank.is_honour, deliberate=led
                )
                effects.append(PenaltyCard(seat, card, major, ruling=ruling))
            effects.append(
                Note(
                    (self.laws.ref("24E"), self.laws.ref("50B")),
                    _("{seat} defends: {cards} become penalty cards ({kind})").format(
                        seat=seat.title,
                        cards=" ".join(str(card) for card in cards),
                        kind=describe_penalties(self.laws, shown),
                    ),
                    ruling=ruling,
                )
            )
        for index in range(len(rec.lead_rights) - 1, -1, -1):
            right = rec.lead_rights[index]
            if right.offender is declarer or right.offender is dummy:
                effects.append(Drop(index, ruling=right.ruling))
                effects.append(
                    Note(
                        (right.law,),
                        _("{seat} is not a defender: no lead restriction").format(
                            seat=right.offender.title
                        ),
                        ruling=right.ruling,
                    )
                )
        return effects

    def before_turn(self, table: Table, seat: Seat) -> Sequence[Effect]:
        """Declarer's choices before a lead or a play: Law 26 at the offender's partner's first
        lead, Law 50D2/51B when his partner holds major penalty cards, Law 51A."""
        rec = recorder(table)
        play = table.play
        declarer = table.declarer
        if play is None or declarer is None:
            return ()
        queued = self._queued(table, rec, seat)
        if queued is not None:
            return queued
        leading = not play.current_trick
        trick = play.trick_number
        if leading:
            for index, right in enumerate(rec.lead_rights):
                if right.seat is seat:
                    return self._offer_lead_right(table, rec, index, right)
            partner = seat.partner
            majors = tuple(c for c, major in rec.penalty.get(partner, {}).items() if major)
            key = f"50D2:{trick}:{seat.letter}"
            if (
                majors
                and key not in rec.marks
                and seat is not declarer
                and seat is not declarer.partner
            ):
                suits = tuple(sorted({c.suit for c in majors}, reverse=True))
                options = self.laws.penalty_lead_options(suits)
                law = self.laws.ref("51B" if len(majors) > 1 else "50D2")
                choice = LeadChoice(LeadChoiceKind.PENALTY, seat, law, options, cards=majors)
                ruling = last_ruling(table, partner, None)
                pending = self._lead_pending(table, choice, partner, penalty=True)
                return [
                    Mark(key),
                    Pend(dataclasses.replace(pending, ruling=ruling), ruling=ruling),
                ]
        majors_here = self._playable_majors(rec, seat, play)
        key = f"51A:{play.cards_played}:{seat.letter}"
        if len(majors_here) > 1 and key not in rec.marks and seat not in rec.designated:
            law = self.laws.ref("51A")
            options = tuple((f"designate_{card}", None, frozenset()) for card in majors_here)
            choice = LeadChoice(LeadChoiceKind.DESIGNATE, seat, law, options, cards=majors_here)
            ruling = last_ruling(table, seat, None)
            pending = Pending(
                ruling,
                IrregularityName.PENALTY_CARDS,
                law,
                declarer,
                tuple(name for name, _r, _p in options),
                _(
                    "{seat} has several penalty cards he may play: which does declarer designate?"
                ).format(seat=seat.title),
                tuple(
                    _("{seat} must play {card} now (Law 51A)").format(seat=seat.title, card=card)
                    for card in majors_here
                ),
                token=choice,
            )
            return [Mark(key), Pend(pending, ruling=ruling)]
        return ()

    # --- particular irregularities -------------------------------------------------------------

    def _out_of_rotation(self, table: Table, rec: Recorder, case: Case) -> list[Effect]:
        offender, turn, call = case.offender, case.turn, case.call
        assert turn is not None
        assert call is not None
        position = (
            Position.RHO
            if turn is offender.rho
            else Position.PARTNER
            if turn is offender.partner
            else Position.LHO
        )
        any_bid = rec.auction.last_bid is not None
        last = rec.last_call_position(offender)
        laws = self.laws
        if laws.is_change_of_call(
            position=position, any_bid=any_bid, offender_called=last is not None
        ):
            assert last is not None
            first = rec.standing[last].call
            case = dataclasses.replace(
                case, name=IrregularityName.CHANGE_OF_CALL, original=first, position=last
            )
            if first == call:
                return [
                    Note(
                        (laws.ref("25"),),
                        _("{seat} repeated his own call {call}: nothing changes").format(
                            seat=offender.title, call=call
                        ),
                        ruling=case.ruling,
                    )
                ]
            lho_called = keepable(rec, last, offender, call)
            step = laws.change_of_call(
                lho_called=lho_called, bidding_boxes=self.profile.bidding_boxes
            )
            return self._run(table, step, case)
        if isinstance(call, Pass):
            return self._run(table, laws.pass_out_of_rotation(position, any_bid=any_bid), case)
        if isinstance(call, Bid):
            return self._run(table, laws.bid_out_of_rotation(position, any_bid=any_bid), case)
        return self._run(table, laws.double_out_of_rotation(position), case)

    def _exposure(
        self, table: Table, rec: Recorder, irregularity: Irregularity, case: Case
    ) -> list[Effect]:
        seat = irregularity.seat
        cards = irregularity.cards
        led = irregularity.name == IrregularityName.CARD_LED_DURING_AUCTION
        before = rec.exposed.get(seat, [])
        count = len(before) + len(cards)
        honour = any(card.rank.is_honour for card in cards)
        step = self.laws.exposed_cards(count=count, honour=honour, led=led)
        effects: list[Effect] = [Expose(seat, cards, led, ruling=case.ruling)]
        return effects + self._run(table, step, case)

    def _misinformation(
        self, table: Table, rec: Recorder, irregularity: Irregularity, case: Case
    ) -> list[Effect]:
        reporter = Seat.from_str(irregularity.fact("reporter") or irregularity.seat.letter)
        position = rec.last_call_position(reporter)
        play = table.play
        can_change = (
            position is not None
            and not any(e.seat is reporter.partner for e in rec.standing[position + 1 :])
            and (play is None or not play.cards_played)
        )
        call = rec.standing[position].call if position is not None else None
        case = dataclasses.replace(
            case, reporter=reporter, position=position, call=call, original=call
        )
        return self._run(table, self.laws.misinformation(can_change=can_change), case)

    # --- the Director's other answers ----------------------------------------------------------

    def _specified(self, table: Table, pending: Pending, value: object) -> list[Effect]:
        """The Director states which denominations the irregular call specified (Laws 29C,
        26): the pending decision is reopened with that fact."""
        token = pending.token
        if not isinstance(token, Flow):
            raise ImpossibleActionError(_("'specified' applies to a withdrawn call's ruling"))
        case = dataclasses.replace(token.case, specified=strains(value))
        return [
            Resolve(ruling=pending.ruling),
            Pend(dataclasses.replace(pending, token=Flow(token.step, case)), ruling=pending.ruling),
            Note(
                (self.laws.ref("29C"),),
                _("the Director: the call specified {suits}").format(
                    suits=" ".join(str(s) for s in case.specified or ()) or "-"
                ),
                ruling=pending.ruling,
            ),
        ]

    def _review_answer(self, table: Table, answers: Mapping[str, object]) -> list[Effect]:
        """End-of-play decisions: a review (``review``: law code) and an adjusted score."""
        rec = recorder(table)
        allowed = {"review", "score_stands", "adjusted_score"}
        unknown = set(answers) - allowed
        if unknown:
            raise ImpossibleActionError(
                _("nothing asked the Director about {keys}").format(keys=", ".join(sorted(unknown)))
            )
        effects: list[Effect] = []
        index: int | None = None
        review = answers.get("review")
        if review is not None:
            code = str(review)
            candidates = [
                i
                for i, item in enumerate(rec.reviews)
                if item.review.law.code == code and item.decision is None
            ]
            if not candidates:
                open_ = ", ".join(i.review.law.code for i in rec.reviews if i.decision is None)
                raise ImpossibleActionError(
                    _("no open review under Law {code} (open: {open})").format(
                        code=code, open=open_ or "-"
                    )
                )
            index = candidates[0]
        adjusted = answers.get("adjusted_score")
        stands = answers.get("score_stands")
        if adjusted is None and stands is None:
            raise ImpossibleActionError(
                _("the Director's decision needs 'score_stands' or 'adjusted_score'")
            )
        if adjusted is not None and stands:
            raise ImpossibleActionError(_("the score cannot both stand and be adjusted"))
        ruling = rec.reviews[index].review.ruling if index is not None else 0
        if adjusted is not None:
            try:
                score = parse_adjusted(adjusted, table, self.laws, self.profile)
            except AdjustedScoreError as error:
                raise ImpossibleActionError(str(error)) from None
            if index is not None:
                effects.append(Decide(index, str(score), ruling=ruling))
            effects.append(
                Note(score.laws, _("adjusted score: {score}").format(score=score), ruling=ruling)
            )
        else:
            if index is None:
                raise ImpossibleActionError(_("'score_stands' needs the 'review' it decides"))
            effects.append(Decide(index, "score stands", ruling=ruling))
            effects.append(
                Note(
                    (rec.reviews[index].review.law,),
                    _("the Director reviewed the board: the score stands"),
                    ruling=ruling,
                )
            )
        return effects


FACT_KEYS = frozenset({"name", "time", "note", "specified"})
_EXPOSURES = ("card_exposed_during_auction", "card_led_during_auction")


def rulebook_for(
    edition: str = "2017",
    profile: str | Profile | None = None,
    *,
    claims: ClaimSolver | None = None,
) -> RulingsEngine:
    """The rulings engine for an edition and a national profile (by default the WBF profile of
    that edition); ``claims`` answers the double-dummy questions of claim rulings (default: a
    pure-Python search for small endings, :class:`~dupbridge.rulings.solver.ExhaustiveSolver`).

    Raises:
        ValueError: for an unknown edition or profile, or a profile of another edition.
    """
    laws = EDITIONS.get(edition)
    if laws is None:
        raise ValueError(
            _("unknown edition of the Laws: {edition!r} (expected {known})").format(
                edition=edition, known=" or ".join(EDITIONS)
            )
        )
    if profile is None:
        chosen = WBF if edition == Edition.E2017 else WBF_2007
    elif isinstance(profile, Profile):
        chosen = profile
    else:
        chosen = find_profile(profile)
    return RulingsEngine(laws, chosen, claims)
