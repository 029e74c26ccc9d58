"""The walk of an edition's steps (:mod:`dupbridge.laws.steps`) against a recording-mode table.

:class:`StepWalker` turns a step into effects: a decision for a player or the Director
(:class:`~dupbridge.core.rectify.Pend`), forced passes, lead rights, reviews, and the ruling's
record (:class:`~dupbridge.core.rectify.Note`). The engine's other parts build on it:
revokes (:mod:`dupbridge.rulings.revokes`), claims (:mod:`~dupbridge.rulings.claims`), the
play (:mod:`~dupbridge.rulings.play`), leads (:mod:`~dupbridge.rulings.leads`).
"""

from __future__ import annotations

import dataclasses

from dupbridge.core.calls import PASS, Bid, Call, Strain
from dupbridge.core.cards import Suit
from dupbridge.core.errors import ImpossibleActionError, IrregularityError
from dupbridge.core.recording import RecordedAuction, Recorder
from dupbridge.core.rectify import (
    Await,
    Cancel,
    Duty,
    Effect,
    LeadRight,
    Note,
    Obligation,
    Oblige,
    Pend,
    Pending,
    Proceed,
    Release,
    Replace,
    Review,
    Span,
    Stand,
    Watch,
)
from dupbridge.core.seats import Seat
from dupbridge.core.table import Table
from dupbridge.i18n import N_, _
from dupbridge.laws import LawsEdition, Profile
from dupbridge.laws.steps import (
    Ask,
    AwaitCall,
    CallFacts,
    Do,
    Judge,
    Meaning,
    Offer,
    Rectify,
    Role,
    Step,
    Withdrawn,
)
from dupbridge.rulings.case import (
    Case,
    Flow,
    TextValues,
    call_text,
    recorder,
    suit_name,
)
from dupbridge.rulings.solver import ClaimSolver, ExhaustiveSolver

__all__ = ["REVIEWS", "REVIEW_DEFAULT", "StepWalker", "keepable", "strains", "sufficient"]


class StepWalker:
    """Walks an edition's steps against a table: one edition under one national profile.

    ``claims`` answers the double-dummy questions of claim rulings (the services layer injects
    one built on DDS); without it a pure-Python search handles small endings. Subclasses
    supply the play-period hooks :meth:`_play_do` and :meth:`_judge_pending`.
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
        return str(self.laws.name)

    def __repr__(self) -> str:
        return f"rulebook_for({str(self.laws.name)!r}, {self.profile.key!r})"

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
        rec = recorder(table)
        auction = rec.auction
        legal, insufficient, lowest = True, False, False
        if raw:
            try:
                auction.check_for(seat, call)
            except IrregularityError as error:
                legal = False
                insufficient = error.irregularity == "insufficient_bid"
            if isinstance(call, Bid) and not insufficient:
                # The lowest sufficient bid in its denomination: one level lower would not
                # be sufficient (with no bid standing, only a bid at the one level is).
                last = auction.last_bid
                lowest = call.level == 1 or (
                    last is not None and not sufficient(call.level - 1, call.strain, last)
                )
        facts = CallFacts(call, case.original, legal, insufficient, lowest)
        released: list[Effect] = []
        if step.no_double:
            released.append(Release(seat, Duty.NO_DOUBLE, ruling=case.ruling))
        case = dataclasses.replace(case, current=call, current_seq=seq)
        return released + self._run(table, step.then(facts), case)

    def _rectify(self, table: Table, step: Rectify, case: Case) -> list[Effect]:
        rec = recorder(table)
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
            effects += self._do(table, rec, tag, case, step.suit)
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
            law = laws.ref(step.no_double_law or step.laws[0])
            obligation = Obligation(Duty.NO_DOUBLE, Span.NEXT_TURN, law, ruling=ruling)
            effects.append(Oblige(seat, obligation, ruling=ruling))
        if step.lead:
            withdrawn: Call | Strain | None = (
                case.current
                if step.withdrawn == Withdrawn.CALL and case.current is not None
                else case.call
                if step.withdrawn == Withdrawn.CALL
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
                    self._text(table, REVIEWS.get(laws.cite(code), REVIEW_DEFAULT), case),
                    ruling=ruling,
                )
            )
        return effects + self._run(table, step.then, case)

    def _do(
        self, table: Table, rec: Recorder, tag: Do, case: Case, suit: Suit | None = None
    ) -> list[Effect]:
        ruling = case.ruling
        offender = case.offender
        if tag in (Do.CANCEL, Do.CANCEL_LATER, Do.KEEP_ORIGINAL):
            return []
        if tag == Do.ACCEPT:
            if case.call is None:
                return []
            return [Stand(offender, case.call, case.seq, ruling=ruling)]
        if tag == Do.STAND:
            if case.current is None:
                return []
            return [Stand(offender, case.current, case.current_seq, ruling=ruling)]
        if tag == Do.SUBSTITUTE_PASS:
            if case.turn is offender:
                return [Stand(offender, PASS, None, ruling=ruling)]
            return []
        if tag == Do.LHO_CALL_STANDS:
            if case.early is None:
                return []
            seat, call, seq = case.early
            return [Proceed(seat, call, seq, ruling=ruling)]
        if tag == Do.REPLACE:
            return self._replace(rec, case)
        if tag == Do.WITHDRAW_LHO:
            position = case.position
            assert position is not None
            if position + 1 < len(rec.standing):
                return [Cancel(position + 1, ruling=ruling)]
            return []
        if tag in (Do.REVERT, Do.WITHDRAW_REPORTER):
            position = case.position
            if position is None or position >= len(rec.standing):
                return []
            return [Cancel(position, ruling=ruling)]
        return self._play_do(table, rec, tag, case, suit)

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

    # --- helpers ---------------------------------------------------------------------------

    def _meaning(self, table: Table, step: Step, case: Case, seat: Seat) -> str:
        callers = step.callers if isinstance(step, Offer | Ask) else ()
        meanings = [m for role, m in callers if self._seat(table, role, case) is seat]
        if Meaning.FORFEIT in meanings:
            return "forfeit"
        if meanings == [Meaning.PROPER_LEAD]:  # the next hand's card is an acceptance (53A)
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
            if (
                meaning in (Meaning.FORFEIT, Meaning.PROPER_LEAD)
                and seat.side is case.offender.side
            ):
                continue  # Laws 28B, 53B: only an opponent's action counts
            if meaning == Meaning.PREMATURE and case.early is not None:
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
        values = TextValues(
            seat=offender.title,
            partner=offender.partner.title,
            lho=offender.lho.title,
            rho=offender.rho.title,
            turn=case.turn.title if case.turn is not None else "-",
            call=call_text(call, case),
            original=call_text(original, case),
            declarer=declarer.title if declarer is not None else _("declarer"),
            reporter=case.reporter.title if case.reporter is not None else "-",
            laws=_("Laws 30-32"),
            card=str(case.card) if case.card is not None else "-",
            hand=offender.title,
            dummy=table.dummy.title if table.dummy is not None else _("dummy"),
            trick=str(case.trick) if case.trick is not None else "-",
            suit=suit_name(table.play.current_trick[0].suit)
            if table.play is not None and table.play.current_trick
            else "-",
        )
        del step
        return _(text).format_map(values)

    # --- hooks of the play period ------------------------------------------------------------

    def _play_do(
        self, table: Table, rec: Recorder, tag: Do, case: Case, suit: Suit | None = None
    ) -> list[Effect]:
        """Hook: the play tags of ``Rectify.do`` (:class:`~dupbridge.rulings.play.PlayRulings`)."""
        raise AssertionError(tag)  # pragma: no cover - every engine has the play half

    def _judge_pending(self, table: Table, step: Judge, case: Case) -> list[Effect]:
        """Hook: the Director's number of tricks (see
        :class:`~dupbridge.rulings.claims.ClaimRulings`)."""
        raise AssertionError(step.law)  # pragma: no cover - every engine has the claims half


def keepable(rec: Recorder, position: int, seat: Seat, call: Call | None) -> bool:
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


def sufficient(level: int, strain: Strain, last: Bid) -> bool:
    return Bid(level, strain).rank > last.rank


def strains(value: object) -> tuple[Strain, ...]:
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


#: The paraphrase of each end-of-play review, by the edition's law code (a data table).
REVIEW_DEFAULT = N_("at the end of play the Director decides whether to adjust the score")
REVIEWS: dict[str, str] = {
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
