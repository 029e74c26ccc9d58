"""The rulings engine: an edition's steps walked against a recording-mode table.

:class:`RulingsEngine` implements the core's :class:`~dupbridge.core.rectify.Rulebook`. For each
irregularity the table reports, it asks the edition (``dupbridge.laws``) for the step that
rectifies it and turns the step into effects: a decision for a player or the Director
(:class:`~dupbridge.core.rectify.Pend`), forced passes, lead rights, reviews, and the ruling's
record (:class:`~dupbridge.core.rectify.Note`). It keeps no state: whatever it must remember
(the step it waits on and the facts of the case) travels in the tokens the table stores.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from dupbridge.core.calls import PASS, Bid, Call, Pass, Strain
from dupbridge.core.cards import Card, Suit
from dupbridge.core.errors import ImpossibleActionError, IrregularityError
from dupbridge.core.events import IrregularityFlagged
from dupbridge.core.lawref import LawRef
from dupbridge.core.recording import RecordedAuction, Recorder
from dupbridge.core.rectify import (
    Await,
    Cancel,
    Decide,
    Designate,
    Drop,
    Duty,
    Effect,
    Expose,
    Irregularity,
    LeadRight,
    Mark,
    Note,
    Obligation,
    Oblige,
    PenaltyCard,
    Pend,
    Pending,
    PickUp,
    Proceed,
    Release,
    Replace,
    Resolve,
    Restrict,
    Restriction,
    ReturnExposed,
    Review,
    Span,
    Stand,
    Watch,
)
from dupbridge.core.seats import Seat
from dupbridge.core.table import Table
from dupbridge.i18n import N_, _
from dupbridge.laws import EDITIONS, WBF, WBF_2007, LawsEdition, Profile, find_profile
from dupbridge.laws.steps import (
    Ask,
    AwaitCall,
    CallFacts,
    Judge,
    LeadForm,
    LeadRule,
    Offer,
    Position,
    Rectify,
    Role,
    Step,
)
from dupbridge.rulings.adjust import AdjustedScoreError, parse_adjusted
from dupbridge.rulings.play import PlayRulings, QueueChoice
from dupbridge.rulings.solver import ClaimSolver, ExhaustiveSolver

__all__ = ["RulingsEngine", "rulebook_for"]


@dataclass(frozen=True, slots=True)
class Case:
    """The facts of one ruling, carried from step to step."""

    ruling: int
    name: str
    offender: Seat
    call: Call | None = None
    seq: int | None = None
    turn: Seat | None = None
    original: Call | None = None
    position: int | None = None
    reporter: Seat | None = None
    strain: Strain | None = None
    specified: tuple[Strain, ...] | None = None
    #: A call made while the ruling was pending: (seat, call, event) — the premature
    #: replacement of Law 27C, or the LHO's call before rectification (36A-39B).
    early: tuple[Seat, Call, int] | None = None
    #: The awaited call just ruled on, and its event.
    current: Call | None = None
    current_seq: int | None = None
    # --- the play ---
    #: The card at issue (a lead out of turn, a premature play, a revoke...) and all the
    #: cards of the case (cards exposed together).
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    #: The revoke concerned (an index into the table's revokes), the other revokes to
    #: correct with it (2017 Law 62C3), the trick concerned.
    index: int | None = None
    others: tuple[int, ...] = ()
    trick: int | None = None
    #: Cards exposed deliberately (Law 50B).
    deliberate: bool = False
    #: The player whose side's tricks the Director decides (Laws 69B, 70, 71, 79).
    side_seat: Seat | None = None
    #: The call the offender's LHO made over a cancelled call (2007 Law 17D2).
    lho_call: Call | None = None


@dataclass(frozen=True, slots=True)
class Flow:
    """A token: the step a pending decision or a watch belongs to, and the case."""

    step: Step
    case: Case


@dataclass(frozen=True, slots=True)
class LeadChoice:
    """A token: declarer's choice at a lead (Laws 26, 50D2, 51B) or of a penalty card to play
    (51A); ``options`` gives each option's (name, required suit, prohibited suits)."""

    kind: str
    seat: Seat
    law: LawRef
    options: tuple[tuple[str, Suit | None, frozenset[Suit]], ...] = ()
    cards: tuple[Card, ...] = ()
    case: Case | None = None


class _Values(dict[str, str]):
    """Placeholders for the texts; an unknown one shows as itself."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class RulingsEngine(PlayRulings):
    """The rules of rectification of one edition under one national profile.

    ``claims`` answers the double-dummy questions of claim rulings (the services layer injects
    one built on DDS); without it a pure-Python search handles small endings.
    """

    def __init__(
        self, edition: LawsEdition, profile: Profile, claims: ClaimSolver | None = None
    ) -> None:
        if profile.edition != edition.name:
            raise ValueError(
                _("the {profile} profile uses the {rules} Laws, not {edition}").format(
                    profile=profile.key, rules=profile.edition, edition=edition.name
                )
            )
        self.laws = edition
        self.profile = profile
        self.claims: ClaimSolver = claims if claims is not None else ExhaustiveSolver()

    @property
    def name(self) -> str:
        """``"2017/wbf"``, ``"2007/sweden"``..."""
        return f"{self.laws.name}/{self.profile.key}"

    @property
    def edition(self) -> str:
        """The edition of the Laws."""
        return self.laws.name

    def __repr__(self) -> str:
        return f"rulebook_for({self.laws.name!r}, {self.profile.key!r})"

    # --- Rulebook ------------------------------------------------------------------------------

    def irregularity(self, table: Table, irregularity: Irregularity) -> Sequence[Effect]:
        """Effects of an irregularity the table detected or was told of."""
        rec = _recorder(table)
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
        if name == "insufficient_bid":
            return self._run(table, laws.insufficient_bid(), case)
        if name.endswith("_out_of_rotation") and irregularity.call is not None:
            return self._out_of_rotation(table, rec, case)
        if name in ("inadmissible_double", "inadmissible_redouble"):
            out = irregularity.turn is not None and irregularity.turn is not seat
            return self._run(table, laws.inadmissible_double(out_of_rotation=out), case)
        if name == "call_by_player_obliged_to_pass":
            return self._run(table, laws.obliged_to_pass(), case)
        if name == "bid_above_seven":
            return self._run(table, laws.bid_above_seven(), case)
        if name == "call_after_final_pass":
            defender = seat is not table.declarer and seat is not table.dummy
            step = laws.call_after_final_pass(
                defender=defender, is_pass=isinstance(irregularity.call, Pass)
            )
            return self._run(table, step, case)
        if name in ("card_exposed_during_auction", "card_led_during_auction"):
            return self._exposure(table, rec, irregularity, case)
        if name == "change_of_call":
            position = irregularity.position
            assert position is not None
            first = rec.standing[position].call
            case = dataclasses.replace(case, original=first)
            lho_called = _keepable(rec, position, seat, irregularity.call)
            step = laws.change_of_call(
                lho_called=lho_called, bidding_boxes=self.profile.bidding_boxes
            )
            return self._run(table, step, case)
        if name == "misinformation":
            return self._misinformation(table, rec, irregularity, case)
        if name == "unauthorized_information":
            reporter = Seat.from_str(irregularity.fact("reporter") or seat.letter)
            case = dataclasses.replace(case, reporter=reporter)
            step = laws.unauthorized_information(
                reserve=self.profile.reserve_right_to_call_director
            )
            return self._run(table, step, case)
        if name == "retention_of_right_to_call":
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
        facts = {key: answers[key] for key in answers if key in _FACTS}
        rest = {key: answers[key] for key in answers if key not in _FACTS}
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
            case = dataclasses.replace(case, specified=_strains(facts["specified"]))
        chosen = step.yes if value else step.no
        if value and step.lho_called is not None:
            chosen = step.lho_called
        return [Resolve(ruling=pending.ruling), *self._run(table, chosen, case)]

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
        if meaning == "premature":
            case = dataclasses.replace(case, early=(seat, call, seq))
            return [*resolve, *self._run(table, step, case)]
        if meaning == "forfeit":
            return [
                *resolve,
                *self._run(table, self.laws.forfeit(), case),
                Proceed(seat, call, seq, ruling=case.ruling),
            ]
        if meaning == "lho_called":
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
        if meaning == "proper_lead":
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
        rec = _recorder(table)
        declarer, dummy = table.declarer, table.dummy
        effects: list[Effect] = []
        for seat, shown in list(rec.exposed.items()):
            ruling = _last_ruling(
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
                        kind=_describe_penalties(self.laws, shown),
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
        rec = _recorder(table)
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
                choice = LeadChoice("penalty", seat, law, options, cards=majors)
                ruling = _last_ruling(table, partner, None)
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
            choice = LeadChoice("designate", seat, law, options, cards=majors_here)
            ruling = _last_ruling(table, seat, None)
            pending = Pending(
                ruling,
                "penalty_cards",
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

    # --- walking steps -------------------------------------------------------------------------

    def _run(self, table: Table, step: Step | None, case: Case) -> list[Effect]:
        if step is None:
            return []
        if isinstance(step, Rectify):
            return self._rectify(table, step, case)
        if isinstance(step, Judge):
            return self._judge_pending(table, step, case)
        if isinstance(step, Offer):
            chooser = self._seat(table, step.chooser, case)
            callers = self._callers(table, step.callers, case)
            pending = Pending(
                case.ruling,
                case.name,
                self.laws.ref(step.law),
                chooser,
                tuple(item.name for item in step.options),
                self._text(table, step.question, case),
                tuple(self._text(table, item.explanation, case, step) for item in step.options),
                callers=callers,
                token=Flow(step, case),
            )
            return [Pend(pending, ruling=case.ruling)]
        if isinstance(step, Ask):
            callers = self._callers(table, step.callers, case)
            pending = Pending(
                case.ruling,
                case.name,
                self.laws.ref(step.law),
                None,
                (step.key,),
                self._text(table, step.question, case),
                (_("true or false"),),
                callers=callers,
                token=Flow(step, case),
            )
            return [Pend(pending, ruling=case.ruling)]
        seat = self._seat(table, step.role, case)
        assert seat is not None
        early = case.early
        if early is not None and step.raw and early[0] is seat:
            # Law 27C: the replacement was made before the ruling; rule on it now.
            case = dataclasses.replace(case, early=None)
            return self._awaited(
                table, step, case, seat=seat, call=early[1], seq=early[2], raw=True
            )
        effects: list[Effect] = []
        if step.no_double:
            obligation = Obligation(
                Duty.NO_DOUBLE, Span.NEXT_TURN, self.laws.ref(step.law), ruling=case.ruling
            )
            effects.append(Oblige(seat, obligation, ruling=case.ruling))
        effects.append(
            Await(Watch(seat, case.ruling, step.raw, Flow(step, case)), ruling=case.ruling)
        )
        return effects

    def _awaited(
        self,
        table: Table,
        step: AwaitCall,
        case: Case,
        *,
        seat: Seat,
        call: Call,
        seq: int,
        raw: bool,
    ) -> list[Effect]:
        rec = _recorder(table)
        auction = rec.auction
        legal, insufficient, lowest = True, False, False
        if raw:
            try:
                auction.check_for(seat, call)
            except IrregularityError as error:
                legal = False
                insufficient = error.irregularity == "insufficient_bid"
            if isinstance(call, Bid) and not insufficient:
                last = auction.last_bid
                lowest = (
                    last is None
                    or call.level == 1
                    or (call.level - 1 == 0 or not _sufficient(call.level - 1, call.strain, last))
                )
        facts = CallFacts(call, case.original, legal, insufficient, lowest)
        released: list[Effect] = []
        if step.no_double:
            released.append(Release(seat, Duty.NO_DOUBLE, ruling=case.ruling))
        case = dataclasses.replace(case, current=call, current_seq=seq)
        return released + self._run(table, step.then(facts), case)

    def _rectify(self, table: Table, step: Rectify, case: Case) -> list[Effect]:
        rec = _recorder(table)
        laws = self.laws
        ruling = case.ruling
        effects: list[Effect] = [
            Note(
                tuple(laws.ref(code) for code in step.laws),
                self._text(table, step.text, case),
                ruling=ruling,
            )
        ]
        for tag in step.do:
            effects += self._do(table, rec, tag, case)
        for forced in step.forced:
            seat = self._seat(table, forced.role, case)
            assert seat is not None
            law = laws.ref(step.forced_law or step.laws[0])
            obligation = Obligation(Duty.PASS, forced.span, law, ruling=ruling)
            effects.append(Oblige(seat, obligation, ruling=ruling))
        if step.repeat and case.original is not None:
            law = laws.ref(step.laws[0])
            obligation = Obligation(Duty.REPEAT, Span.NEXT_TURN, law, case.original, ruling)
            effects.append(Oblige(case.offender, obligation, ruling=ruling))
        if step.no_double is not None:
            seat = self._seat(table, step.no_double, case)
            assert seat is not None
            law = laws.ref(step.laws[0])
            obligation = Obligation(Duty.NO_DOUBLE, Span.NEXT_TURN, law, ruling=ruling)
            effects.append(Oblige(seat, obligation, ruling=ruling))
        if step.lead:
            withdrawn: Call | Strain | None = (
                case.current
                if step.withdrawn == "call" and case.current is not None
                else case.call
                if step.withdrawn == "call"
                else case.original
            )
            if withdrawn is None and case.strain is not None:
                withdrawn = case.strain
            rule = laws.lead_rule(withdrawn, case.specified)
            effects.append(
                LeadRight(
                    case.offender.partner,
                    case.offender,
                    laws.ref(rule.law),
                    token=(rule, case),
                    ruling=ruling,
                )
            )
        for code in step.reviews:
            effects.append(
                Review(
                    laws.ref(code),
                    self._text(table, _REVIEWS.get(laws.cite(code), _REVIEW_DEFAULT), case),
                    ruling=ruling,
                )
            )
        return effects + self._run(table, step.then, case)

    def _do(self, table: Table, rec: Recorder, tag: str, case: Case) -> list[Effect]:
        ruling = case.ruling
        offender = case.offender
        if tag in ("cancel", "cancel_later", "keep_original"):
            return []
        if tag == "accept":
            if case.call is None:
                return []
            return [Stand(offender, case.call, case.seq, ruling=ruling)]
        if tag == "stand":
            if case.current is None:
                return []
            return [Stand(offender, case.current, case.current_seq, ruling=ruling)]
        if tag == "substitute_pass":
            if case.turn is offender:
                return [Stand(offender, PASS, None, ruling=ruling)]
            return []
        if tag == "lho_call_stands":
            if case.early is None:
                return []
            seat, call, seq = case.early
            return [Proceed(seat, call, seq, ruling=ruling)]
        if tag == "replace":
            return self._replace(rec, case)
        if tag == "withdraw_lho":
            position = case.position
            assert position is not None
            if position + 1 < len(rec.standing):
                return [Cancel(position + 1, ruling=ruling)]
            return []
        if tag in ("revert", "withdraw_reporter"):
            position = case.position
            if position is None or position >= len(rec.standing):
                return []
            return [Cancel(position, ruling=ruling)]
        return self._play_do(table, rec, tag, case)

    def _replace(self, rec: Recorder, case: Case) -> list[Effect]:
        """Laws 25A1, 25B1: the changed call takes the first call's place."""
        position = case.position
        call = case.call
        assert position is not None
        assert call is not None
        ruling = case.ruling
        seat = case.offender
        before = RecordedAuction(rec.table.board.dealer)
        for entry in rec.standing[:position]:
            before.append_by(entry.seat, entry.call)
        try:
            before.check_for(seat, call)
        except IrregularityError:
            # Subject to the appropriate law: the offender makes the call again at his turn,
            # where the table judges it (an insufficient bid, an inadmissible double...).
            law = self.laws.ref("25A1")
            obligation = Obligation(Duty.REPEAT, Span.NEXT_TURN, law, call, ruling)
            return [Cancel(position, ruling=ruling), Oblige(seat, obligation, ruling=ruling)]
        effects: list[Effect] = [Replace(position, call, case.seq, ruling=ruling)]
        before.append_by(seat, call)
        for offset, entry in enumerate(rec.standing[position + 1 :], start=position + 1):
            try:
                before.check_for(entry.seat, entry.call)
            except IrregularityError:
                effects.append(Cancel(offset, ruling=ruling))
                break
            before.append_by(entry.seat, entry.call)
        return effects

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
            case = dataclasses.replace(case, name="change_of_call", original=first, position=last)
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
            lho_called = _keepable(rec, last, offender, call)
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
        led = irregularity.name == "card_led_during_auction"
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

    # --- lead restrictions and penalty cards ---------------------------------------------------

    def _offer_lead_right(
        self, table: Table, rec: Recorder, index: int, right: LeadRight
    ) -> list[Effect]:
        token = right.token
        assert isinstance(token, tuple)
        rule, case = token
        assert isinstance(rule, LeadRule)
        assert isinstance(case, Case)
        specified = _specified_suits(rec, right.offender)
        related = tuple(Suit(int(s)) for s in rule.suits if s is not Strain.NOTRUMP)
        if rule.form is LeadForm.REQUIRE_OR_PROHIBIT:
            related = tuple(s for s in related if s not in specified)
            if not related:  # 2007 Law 26A1: every such suit was specified legally
                return [
                    Drop(index, ruling=right.ruling),
                    Note(
                        (right.law,),
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
        choice = LeadChoice("lead", right.seat, right.law, options, case=case)
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
            _lead_explanation(seat, name, require, prohibit, penalty)
            for name, require, prohibit in choice.options
        )
        return Pending(
            0,
            "penalty_cards" if penalty else "lead_restriction",
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
        rec = _recorder(table)
        ruling = pending.ruling
        seat = choice.seat
        chosen = next(item for item in choice.options if item[0] == option)
        _name, require, prohibit = chosen
        if choice.kind == "designate":
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
        if choice.kind == "penalty" and (require is not None or prohibit):
            suits = set(prohibit) | ({require} if require is not None else set())
            holder = seat.partner
            back = tuple(c for c in rec.penalty.get(holder, {}) if c.suit in suits)
            if back:
                effects.append(PickUp(holder, back, ruling=ruling))
        effects.append(
            Note(
                (choice.law,),
                _lead_explanation(seat, option, require, prohibit, choice.kind == "penalty"),
                ruling=ruling,
            )
        )
        return effects

    def _playable_majors(self, rec: Recorder, seat: Seat, play: object) -> tuple[Card, ...]:
        from dupbridge.core.play import Play  # noqa: PLC0415 - a type used once

        assert isinstance(play, Play)
        majors = [c for c, major in rec.penalty.get(seat, {}).items() if major]
        if len(majors) < 2:
            return ()
        legal = play.legal_cards(seat).mask
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

    # --- the Director's other answers ----------------------------------------------------------

    def _specified(self, table: Table, pending: Pending, value: object) -> list[Effect]:
        """The Director states which denominations the irregular call specified (Laws 29C,
        26): the pending decision is reopened with that fact."""
        token = pending.token
        if not isinstance(token, Flow):
            raise ImpossibleActionError(_("'specified' applies to a withdrawn call's ruling"))
        case = dataclasses.replace(token.case, specified=_strains(value))
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
        rec = _recorder(table)
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

    # --- helpers ---------------------------------------------------------------------------

    def _meaning(self, table: Table, step: Step, case: Case, seat: Seat) -> str:
        callers = step.callers if isinstance(step, Offer | Ask) else ()
        meanings = [m for role, m in callers if self._seat(table, role, case) is seat]
        if "forfeit" in meanings:
            return "forfeit"
        if meanings == ["proper_lead"]:  # the next hand's card is an acceptance (53A)
            return "proper_lead"
        return meanings[0] if meanings else "accept"

    def _callers(
        self, table: Table, callers: tuple[tuple[Role, str], ...], case: Case
    ) -> tuple[Seat, ...]:
        seats: list[Seat] = []
        for role, meaning in callers:
            seat = self._seat(table, role, case)
            if seat is None or seat in seats:
                continue
            if meaning in ("forfeit", "proper_lead") and seat.side is case.offender.side:
                continue  # Laws 28B, 53B: only an opponent's action counts
            if meaning == "premature" and case.early is not None:
                continue
            seats.append(seat)
        return tuple(seats)

    def _seat(self, table: Table, role: Role, case: Case) -> Seat | None:
        offender = case.offender
        if role is Role.OFFENDER:
            return offender
        if role is Role.PARTNER:
            return offender.partner
        if role is Role.LHO:
            return offender.lho
        if role is Role.RHO:
            return offender.rho
        if role is Role.DECLARER:
            return table.declarer
        if role is Role.TURN:
            return case.turn
        if role is Role.DUMMY:
            return table.dummy
        if role is Role.DEFENDER:
            declarer = table.declarer
            return None if declarer is None else declarer.lho
        return case.reporter

    def _text(self, table: Table, text: str, case: Case, step: Step | None = None) -> str:
        offender = case.offender
        call = case.current if case.current is not None else case.call
        original = case.original if case.original is not None else case.call
        declarer = table.declarer
        values = _Values(
            seat=offender.title,
            partner=offender.partner.title,
            lho=offender.lho.title,
            rho=offender.rho.title,
            turn=case.turn.title if case.turn is not None else "-",
            call=_call_text(call, case),
            original=_call_text(original, case),
            declarer=declarer.title if declarer is not None else _("declarer"),
            reporter=case.reporter.title if case.reporter is not None else "-",
            laws=_("Laws 30-32"),
            card=str(case.card) if case.card is not None else "-",
            hand=offender.title,
            dummy=table.dummy.title if table.dummy is not None else _("dummy"),
            trick=str(case.trick) if case.trick is not None else "-",
            suit=_suit_word(table.play.current_trick[0].suit)
            if table.play is not None and table.play.current_trick
            else "-",
        )
        del step
        return _(text).format_map(values)


def _keepable(rec: Recorder, position: int, seat: Seat, call: Call | None) -> bool:
    """Whether the LHO called over the call at ``position`` and his call would still be legal
    with ``call`` in its place (else it is withdrawn anyway, Law 25A6)."""
    later = rec.standing[position + 1 :]
    if call is None or not any(entry.seat is seat.lho for entry in later):
        return False
    auction = RecordedAuction(rec.table.board.dealer)
    for entry in rec.standing[:position]:
        auction.append_by(entry.seat, entry.call)
    try:
        auction.check_for(seat, call)
        auction.append_by(seat, call)
        for entry in later:
            auction.check_for(entry.seat, entry.call)
            auction.append_by(entry.seat, entry.call)
    except IrregularityError:
        return False
    return True


def _sufficient(level: int, strain: Strain, last: Bid) -> bool:
    return Bid(level, strain).rank > last.rank


def _call_text(call: Call | None, case: Case) -> str:
    if call is not None:
        return str(call)
    if case.strain is not None:
        return _("a bid above seven in {strain}").format(strain=case.strain)
    return "-"


def _strains(value: object) -> tuple[Strain, ...]:
    if value is None or value == "":
        return ()
    items = value if isinstance(value, list | tuple) else str(value).replace(",", " ").split()
    try:
        return tuple(Strain.from_str(str(item)) for item in items)
    except ValueError:
        raise ImpossibleActionError(
            _("'specified' must list denominations such as \"S H\", not {value!r}").format(
                value=value
            )
        ) from None


def _specified_suits(rec: Recorder, offender: Seat) -> set[Suit]:
    """The suits ``offender`` named in his standing bids (read as natural)."""
    suits: set[Suit] = set()
    for entry in rec.standing:
        if entry.seat is offender and isinstance(entry.call, Bid):
            suit = entry.call.strain.suit
            if suit is not None:
                suits.add(suit)
    return suits


def _describe_penalties(laws: LawsEdition, shown: list[tuple[Card, bool]]) -> str:
    count = len(shown)
    majors = [
        laws.penalty_card_is_major(count=count, honour=c.rank.is_honour, deliberate=led)
        for c, led in shown
    ]
    if all(majors):
        return _("major")
    return _("minor")


def _lead_explanation(
    seat: Seat, name: str, require: Suit | None, prohibit: frozenset[Suit], penalty: bool
) -> str:
    if require is not None:
        text = _("{seat} must lead a {suit}").format(seat=seat.title, suit=_suit_word(require))
        if penalty:
            text += _("; the penalty cards of that suit are picked up")
        return text
    if prohibit:
        text = _("{seat} may not lead {suits} for as long as he keeps the lead").format(
            seat=seat.title,
            suits=_(" or ").join(_suits_word(s) for s in sorted(prohibit, reverse=True)),
        )
        if penalty:
            text += _("; the penalty cards of those suits are picked up")
        return text
    if name.startswith("designate_"):
        return name
    if penalty:
        return _("no requirement or prohibition: the penalty cards stay on the table")
    return _("declarer imposes no restriction")


def _suit_word(suit: Suit) -> str:
    return (_("club"), _("diamond"), _("heart"), _("spade"))[suit]


def _suits_word(suit: Suit) -> str:
    return (_("clubs"), _("diamonds"), _("hearts"), _("spades"))[suit]


def _last_ruling(table: Table, seat: Seat, names: tuple[str, ...] | None) -> int:
    for event in reversed(table.events):
        if (
            isinstance(event, IrregularityFlagged)
            and event.seat is seat
            and (names is None or event.irregularity in names)
        ):
            return event.seq
    return 0


def _recorder(table: Table) -> Recorder:
    rec = table.recording
    assert rec is not None
    return rec


_FACTS = frozenset({"name", "time", "note", "specified"})
_EXPOSURES = ("card_exposed_during_auction", "card_led_during_auction")

_REVIEW_DEFAULT = N_("at the end of play the Director decides whether to adjust the score")
_REVIEWS: dict[str, str] = {
    "72C": N_(
        "Law 72C: if {seat} could have known that the irregularity could well damage the other "
        "side, the Director adjusts at the end of play should {seat}'s side have gained"
    ),
    "23": N_(
        "Law 23 (2007): if {seat} could have known that the irregularity could well damage the "
        "other side, the Director adjusts at the end of play should {seat}'s side have gained"
    ),
    "23C": N_(
        "Law 23C: if the outcome could well have been different without the help of the "
        "infraction and the other side was damaged, the Director assigns an adjusted score"
    ),
    "27D": N_(
        "Law 27D: if the outcome could well have been different without the help of the "
        "insufficient bid and the other side was damaged, the Director assigns an adjusted score"
    ),
    "16B3": N_(
        "Law 16B3: if an action suggested by the unauthorized information was chosen over a "
        "logical alternative and gained, the Director assigns an adjusted score"
    ),
    "21B3": N_(
        "Law 21B3: if the side that gave the misinformation gained by it, the Director awards an "
        "adjusted score"
    ),
    "64C": N_(
        "Law 64C: if the trick transfer does not make up for the damage the revoke caused the "
        "non-offending side, the Director assigns an adjusted score"
    ),
    "50E4": N_(
        "Law 50E4: if without the help of the penalty card the result could well have been "
        "different and the non-offending side was damaged, the Director adjusts"
    ),
    "50E3": N_(
        "2007 Law 50E3: if the exposed card passed information that damaged the non-offending "
        "side, the Director adjusts"
    ),
    "45F": N_(
        "Law 45F: where dummy prompted declarer's play and this harmed the defence, "
        "the Director adjusts the score"
    ),
    "43B3": N_(
        "Law 43B3: if the defenders gained through their irregularity the Director adjusts only "
        "their score; the declaring side keeps its table result"
    ),
}


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
        chosen = WBF if edition == "2017" else WBF_2007
    elif isinstance(profile, Profile):
        chosen = profile
    else:
        chosen = find_profile(profile)
    return RulingsEngine(laws, chosen, claims)
