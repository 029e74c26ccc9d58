"""Revokes: attention drawn (Law 61), correction (62: cards set aside and played again or
withdrawn), establishment (63) and the trick transfers at the end of play (64).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from dupbridge.core.cards import Card
from dupbridge.core.kinds import IrregularityName, NoticeTime, RevokeKind
from dupbridge.core.play import Play
from dupbridge.core.recording import Recorder
from dupbridge.core.recording_play import RevokeState
from dupbridge.core.rectify import (
    Corrected,
    Effect,
    Establish,
    Mark,
    Note,
    Notice,
    PenaltyCard,
    Pend,
    Pending,
    Place,
    Revoke,
    Revoked,
    SetAside,
    Transfer,
    Withdraw,
)
from dupbridge.core.seats import Seat, Side
from dupbridge.core.table import Table
from dupbridge.core.written import side_text
from dupbridge.i18n import _, ngettext
from dupbridge.laws.revokes import RevokeFacts
from dupbridge.laws.steps import (
    Do,
    Step,
)
from dupbridge.rulings.case import (
    Case,
    QueueChoice,
    recorder,
)
from dupbridge.rulings.walker import StepWalker

__all__ = ["RevokeRulings", "played_to_trick", "sides_on_trick"]


class RevokeRulings(StepWalker):
    """Laws 61-64: a revoke noticed, corrected (62) or established and settled (63, 64)."""

    # --- revokes ---------------------------------------------------------------------------

    def _penalty_revoke(
        self, table: Table, rec: Recorder, case: Case, *, corrected: bool
    ) -> list[Effect]:
        """Law 61A: a failure to play a penalty card when the law requires it is a revoke.
        Attention is drawn to it at once (the Law 52 ruling); corrected when declarer refuses
        the card (52B2), it stands otherwise, and Law 64B3 then transfers no trick."""
        play = table.play
        card = case.card
        assert play is not None
        assert card is not None
        seat = case.offender
        legal = play.legal_mask(seat)
        due = {c.suit for c in rec.penalty.get(seat, {}) if legal & c.bit}
        required = next(iter(due)) if len(due) == 1 else None
        index = len(rec.revokes)
        revoke = Revoke(seat, card, play.trick_number, required, RevokeKind.PENALTY_CARD)
        effects: list[Effect] = [
            Revoked(revoke, ruling=case.ruling),
            Notice(index, play.declarer, NoticeTime.PLAY, ruling=case.ruling),
        ]
        if corrected:
            effects.append(Corrected(index, ruling=case.ruling))
        return effects

    def _revoke_noticed(self, table: Table, rec: Recorder, case: Case) -> list[Effect]:
        laws = self.laws
        index = case.index
        assert index is not None
        state = rec.revokes[index]
        revoke = state.revoke
        play = table.play
        assert play is not None
        case = dataclasses.replace(case, card=revoke.card, cards=(revoke.card,), trick=revoke.trick)
        noticed = state.noticed
        when = NoticeTime(noticed[1]) if noticed is not None else NoticeTime.PLAY
        by = noticed[0] if noticed is not None else case.offender
        before_return = when in (NoticeTime.PLAY, NoticeTime.AFTER_PLAY)
        trick12 = revoke.trick == 12 and before_return
        others = self._same_trick_others(rec, index, play) if laws.both_sides_on_one_trick() else ()
        correctable = state.established is None or trick12 or bool(others)
        if correctable and revoke.kind == RevokeKind.DEFECTIVE:
            correctable = False
        rectify = laws.revoke_noticed(correctable=correctable, other_too=bool(others))
        if correctable and trick12 and state.established is not None:
            rectify = dataclasses.replace(rectify, laws=(laws.trick_twelve(), *rectify.laws))
        step: Step = rectify
        declarer = play.declarer
        dummy = declarer.partner
        if when == NoticeTime.PLAY and by is dummy:
            if revoke.seat is declarer:
                step = laws.dummy_asks_declarer(correctable=correctable)
            elif revoke.seat.side is not declarer.side:
                step = laws.dummy_draws_attention(then=step)
        case = dataclasses.replace(case, others=tuple(others))
        effects = self._run(table, step, case)
        if not correctable and rec.play_over:
            effects += self._transfer_effects(table, rec)
        return effects

    def _same_trick_others(self, rec: Recorder, index: int, play: Play) -> tuple[int, ...]:
        """2017 Law 62C3: the other side's revokes on the same trick, when only one side has
        played to the next trick."""
        revoke = rec.revokes[index].revoke
        others = tuple(
            i
            for i, state in enumerate(rec.revokes)
            if i != index
            and state.revoke.trick == revoke.trick
            and state.revoke.seat.side is not revoke.seat.side
            and not state.corrected
        )
        if not others:
            return ()
        sides = sides_on_trick(play, revoke.trick + 1)
        return others if len(sides) == 1 else ()

    def _correct(self, table: Table, rec: Recorder, tag: Do, case: Case) -> list[Effect]:
        """Law 62B/62C: the revoke card goes back (a defender's from his unfaced hand as a
        major penalty card), the cards played after it are set aside (62C)."""
        laws = self.laws
        index = case.index
        assert index is not None
        ruling = case.ruling
        if tag == Do.AS_ESTABLISHED:
            return [Establish(index, laws.ref("43B2(b)"), ruling=ruling)]
        play = table.play
        assert play is not None
        indices = (index,) if tag == Do.CORRECT else tuple(case.others)
        effects: list[Effect] = []
        plays = play.plays()
        first = rec.revokes[index]
        noticed = first.noticed
        for i in indices:
            state = rec.revokes[i]
            revoke = state.revoke
            pair = (revoke.seat, revoke.card)
            if state.noticed is None and noticed is not None:  # found by the Director (62C3)
                effects.append(Notice(i, noticed[0], noticed[1], ruling=ruling))
            effects.append(Corrected(i, ruling=ruling))
            if tag == Do.CORRECT:
                position = plays.index(pair)
                later = plays[position + 1 :]
                if later:
                    effects.append(SetAside(tuple(later), ruling=ruling))
                effects.append(Withdraw(revoke.seat, revoke.card, ruling=ruling))
                effects += self._withdrawn_penalty(table, revoke, ruling)
            elif plays.index(pair) < plays.index((first.revoke.seat, first.revoke.card)):
                # 2017 Law 62C3: the other side's revoke card came before the one noticed,
                # so it is not among the cards set aside: it goes back now.
                effects += self._other_withdrawn(table, revoke.seat, revoke.card, ruling)
        return effects

    def _other_withdrawn(self, table: Table, seat: Seat, card: Card, ruling: int) -> list[Effect]:
        """2017 Law 62C3: the other side's revoke on the same trick is corrected too; a
        defender's card withdrawn so becomes a penalty card."""
        play = table.play
        assert play is not None
        effects: list[Effect] = [Withdraw(seat, card, ruling=ruling)]
        if seat.side is not play.declarer.side:
            effects.append(PenaltyCard(seat, card, True, ruling=ruling))
        effects.append(
            Note(
                (self.laws.ref("62C3"),),
                _("{seat}'s revoke on the same trick is corrected too: {card} goes back").format(
                    seat=seat.title, card=card
                ),
                ruling=ruling,
            )
        )
        return effects

    def _withdrawn_penalty(self, table: Table, revoke: Revoke, ruling: int) -> list[Effect]:
        laws = self.laws
        play = table.play
        assert play is not None
        if revoke.seat.side is play.declarer.side:
            text = _("{card} goes back to {seat}'s hand with no further rectification (Law 62B2)")
            return [
                Note(
                    (laws.ref("62B2"),),
                    text.format(card=revoke.card, seat=revoke.seat.title),
                    ruling=ruling,
                )
            ]
        if revoke.faced:
            return [
                PenaltyCard(revoke.seat, revoke.card, True, ruling=ruling),
                Note(
                    (laws.ref("62B2"),),
                    _("{card} was a faced card: it stays a penalty card (Law 62B2)").format(
                        card=revoke.card
                    ),
                    ruling=ruling,
                ),
            ]
        return [
            PenaltyCard(revoke.seat, revoke.card, True, ruling=ruling),
            Note(
                (laws.ref("62B1"),),
                _("{card} becomes a major penalty card (Law 62B1)").format(card=revoke.card),
                ruling=ruling,
            ),
        ]

    def _queued(self, table: Table, rec: Recorder, seat: Seat) -> list[Effect] | None:
        """Before each turn while a revoke is corrected: the next card set aside stands again,
        is withdrawn, or its owner chooses (Laws 62C1, 62C2)."""
        if not rec.queue:
            return None
        laws = self.laws
        play = table.play
        assert play is not None
        qseat, qcard = rec.queue[0]
        # The revoke being corrected: the latest ruling that corrected one (an earlier revoke
        # corrected on another trick is done with; 62C3's two share one ruling).
        rulings = [s for s in rec.revokes if s.corrected and s.ruling]
        correcting = max(rulings, key=lambda s: s.ruling or 0) if rulings else None
        ruling = correcting.ruling if correcting is not None else 0
        offenders = correcting.revoke.seat.side if correcting is not None else None
        if qseat is not seat:
            if play.current_trick or not play.hand(qseat).mask & qcard.bit:
                return None  # his turn has not come yet (the offender substitutes first)
            return [Withdraw(qseat, qcard, ruling=ruling)]  # a lead, now from another hand
        if not play.hand(qseat).mask & qcard.bit:
            return [Withdraw(qseat, qcard, ruling=ruling)]  # no longer held: it lapses
        corrected = next(
            (
                s
                for s in rec.revokes
                if s.corrected and (s.revoke.seat, s.revoke.card) == (qseat, qcard)
            ),
            None,
        )
        if corrected is not None:  # 2017 Law 62C3: both revokes are corrected
            return self._other_withdrawn(table, qseat, qcard, ruling)
        legal = play.legal_cards(qseat)
        only = len(legal) == 1 and qcard in legal
        non_offending = offenders is not None and qseat.side is not offenders
        withdrew = f"62C1:{ruling}" in rec.marks
        if only or (not non_offending and not withdrew):
            return [Place(qseat, qcard, ruling=ruling)]
        declarer = play.declarer
        chooser = declarer if qseat.side is declarer.side else qseat
        law = laws.ref("62C1" if non_offending else "62C2")
        token = QueueChoice(qseat, qcard, non_offending, ruling)
        question = (
            _("{seat} played {card} after the revoke: does he leave it played or withdraw it?")
            if non_offending
            else _(
                "the other side withdrew a card: does {seat} leave {card} played or withdraw it "
                "(it then becomes a penalty card if he is a defender)?"
            )
        ).format(seat=qseat.title, card=qcard)
        pending = Pending(
            ruling,
            IrregularityName.REVOKE,
            law,
            chooser,
            ("keep", "withdraw"),
            question,
            (
                _("{card} stays played").format(card=qcard),
                _("{card} goes back to the hand and {seat} plays again ({law})").format(
                    card=qcard, seat=qseat.title, law=law
                ),
            ),
            token=token,
        )
        return [Pend(pending, ruling=ruling)]

    def _queue_chosen(
        self, table: Table, pending: Pending, token: QueueChoice, option: str
    ) -> list[Effect]:
        laws = self.laws
        ruling = token.ruling
        if option == "keep":
            return [Place(token.seat, token.card, ruling=ruling)]
        effects: list[Effect] = [Withdraw(token.seat, token.card, ruling=ruling)]
        if token.non_offending:
            effects.append(Mark(f"62C1:{ruling}", ruling=ruling))
        else:
            play = table.play
            assert play is not None
            if token.seat.side is not play.declarer.side:
                effects.append(PenaltyCard(token.seat, token.card, True, ruling=ruling))
        effects.append(
            Note(
                (pending.law, laws.ref("16C")),
                _("{seat} withdrew {card}").format(seat=token.seat.title, card=token.card),
                ruling=ruling,
            )
        )
        return effects

    # --- the end of play -------------------------------------------------------------------

    def _end_of_play(self, table: Table) -> list[Effect]:
        """Revokes not yet established are established now; trick transfers (Law 64)."""
        rec = recorder(table)
        laws = self.laws
        effects: list[Effect] = [
            Establish(index, laws.ref("63A"))
            for index, state in enumerate(rec.revokes)
            if state.established is None and not state.corrected
        ]
        return effects + self._transfer_effects(table, rec, established=True)

    def _transfer_effects(
        self,
        table: Table,
        rec: Recorder,
        *,
        established: bool = False,
        base: int | None = None,
        states: Sequence[RevokeState] | None = None,
    ) -> list[Effect]:
        """Law 64 for every established revoke attention was drawn to. ``states``: the
        revokes to rule on when they are not yet the recorder's (a revoke deemed by Law 67B1
        in the same ruling), else ``rec.revokes``."""
        laws = self.laws
        play = table.play
        result = rec.base_result if base is None else base
        if play is None or result is None or rec.cancelled is not None:
            return []
        if states is None:
            states = rec.revokes
        law43b3 = laws.ref("43B3")
        declarer_side = play.declarer.side
        effects: list[Effect] = []
        # Law 43B3: dummy, after breaching 43A2, drew attention first: no rectification, the
        # declaring side keeps its score (the Director reviews the defenders' score).
        unrectified = {item.review.ruling for item in rec.reviews if item.review.law == law43b3}
        for index, state in enumerate(states):
            if state.noticed is None or state.ruling in unrectified:
                continue
            if state.established is None and not (established and not state.corrected):
                continue
            facts = self._revoke_facts(
                play, states, index, result, declarer_side, ending=established
            )
            adjustment = laws.revoke_adjustment(facts)
            side = state.revoke.seat.side.opponents
            law = laws.ref(adjustment.laws[0])
            effects.append(Transfer(index, adjustment.tricks, side, law, ruling=state.ruling))
            effects.append(
                Note(
                    tuple(laws.ref(code) for code in adjustment.laws),
                    ngettext(
                        "{text}: {n} trick to {side}",
                        "{text}: {n} tricks to {side}",
                        adjustment.tricks,
                    ).format(text=_(adjustment.text), n=adjustment.tricks, side=side_text(side)),
                    ruling=state.ruling,
                )
            )
        return effects

    def _revoke_facts(
        self,
        play: Play,
        states: Sequence[object],
        index: int,
        result: int,
        declarer_side: Side,
        *,
        ending: bool = False,
    ) -> RevokeFacts:
        """What Law 64 needs to know of revoke ``index``. ``ending``: play is ending, and the
        revokes neither established nor corrected are being established now (Law 63A), so
        they count as established for 64B2 and 64B7."""
        state = states[index]
        assert isinstance(state, RevokeState)
        revoke = state.revoke
        offender = revoke.seat
        side = offender.side
        tricks = play.tricks
        os_total = result if side is declarer_side else 13 - result
        os_played = sum(1 for t in tricks if t.winner.side is side)
        remaining = max(0, os_total - os_played)
        won_by: bool | None = None
        os_won: bool | None = None
        if revoke.trick <= len(tricks):
            trick = tricks[revoke.trick - 1]
            won_by = trick.winner is offender
            os_won = trick.winner.side is side
            later = sum(1 for t in tricks[revoke.trick :] if t.winner.side is side) + remaining
        else:
            later = remaining
        kind = RevokeKind(revoke.kind)
        repeated = False
        other_revoked = False
        other_established = False
        for j, other in enumerate(states):
            assert isinstance(other, RevokeState)
            if j == index or other.noticed is None:
                continue
            settled = other.established is not None or (ending and not other.corrected)
            if other.revoke.seat.side is not side:
                other_revoked = True
                if settled and not other.corrected:
                    other_established = True
            elif (
                other.revoke.seat is offender
                and other.revoke.required is not None
                and other.revoke.required is revoke.required
                and settled
                and (other.revoke.trick, j) < (revoke.trick, index)
            ):
                repeated = True
        law = state.established
        corrected_62c3 = (
            state.corrected
            and revoke.trick != 12
            and not (law is not None and law.code.startswith("43B2"))
        )
        when = NoticeTime(state.noticed[1]) if state.noticed is not None else NoticeTime.PLAY
        return RevokeFacts(
            kind,
            revoke.trick,
            won_by,
            os_won,
            later,
            repeated=repeated,
            other_side_revoked=other_revoked,
            other_side_established=other_established,
            corrected_62c3=corrected_62c3,
            when=when,
        )


def played_to_trick(play: Play) -> set[Seat]:
    leader = play.leader
    if leader is None:
        return set()
    return {leader.next(i) for i in range(len(play.current_trick))}


def sides_on_trick(play: Play, number: int) -> set[Side]:
    """The sides that have played to trick ``number``."""
    if number <= len(play.tricks):
        return {Side.NS, Side.EW}
    if number == len(play.tricks) + 1:
        return {seat.side for seat in played_to_trick(play)}
    return set()
