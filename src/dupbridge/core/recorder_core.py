"""Recording mode's machinery: rectifications applied as logged effects (DESIGN §2.6).

:class:`RecorderCore` processes a call that stands (or not) in the recorded auction, logs the
irregularities it sees, and applies the rulebook's effects (:mod:`dupbridge.core.rectify`) as
:class:`~dupbridge.core.events.Rectified` events, settling the table afterwards: the auction
resumes, ends, or play goes on. The commands live in :class:`~dupbridge.core.recording.Recorder`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from dupbridge.core.calls import PASS, Call, Pass
from dupbridge.core.cards import Card
from dupbridge.core.errors import IrregularityError
from dupbridge.core.events import (
    AuctionEnded,
    CallDeemed,
    CallMade,
    IrregularityFlagged,
    Rectified,
)
from dupbridge.core.kinds import IrregularityName
from dupbridge.core.lawref import LawRef
from dupbridge.core.phases import Phase
from dupbridge.core.play import Play
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
    Standing,
)
from dupbridge.core.seats import Seat
from dupbridge.i18n import _

if TYPE_CHECKING:
    pass
from dupbridge.core.recorded_auction import RecordedAuction
from dupbridge.core.recording_state import RecorderState, ReviewItem

__all__ = ["RecorderCore"]


class RecorderCore(RecorderState):
    """The machinery of recording mode: the rulebook's effects applied to the table."""

    def _process(self, seat: Seat, call: Call, seq: int) -> None:
        """Judge a call already logged: stand it, or flag the irregularity it is."""
        table = self.table
        edition = self.rulebook.edition
        while not self.ended and self.auction.is_complete:
            # The call comes after calls that completed the auction (an accepted pass, a
            # substituted one): Law 17D3 first, else the auction is over.
            skipped = self._deprived_position()
            if skipped is not None:
                self._retention(skipped)
            else:
                self._end_auction()
        if self.ended:
            self._flag(
                seat, call, seq, "call_after_final_pass", LawRef.parse("39", edition), turn=None
            )
            return
        auction = self.auction
        turn = auction.turn
        assert turn is not None
        if seat is not turn and seat is turn.lho and self.must_pass(turn):
            # Law 28A: a call at RHO's turn when RHO must pass is in rotation; RHO passes.
            table.log_event(CallDeemed(table.next_seq, turn, PASS, LawRef.parse("28A", edition)))
            self._stand(turn, PASS, None)
            turn = seat
        if seat is not turn:
            name, law = self._out_of_rotation(seat, call)
            self._flag(seat, call, seq, name, law, turn=turn)
            return
        duties = self.obligations.get(seat, [])
        if any(o.duty is Duty.REPEAT for o in duties):
            # The call he had to make is made: whatever it turns out to be, the duty is spent.
            duties = [o for o in duties if o.duty is not Duty.REPEAT]
            if duties:
                self.obligations[seat] = duties
            else:
                del self.obligations[seat]
        if any(o.duty is Duty.PASS for o in duties) and not isinstance(call, Pass):
            try:
                auction.check(call)
            except IrregularityError as error:
                self._flag(
                    seat, call, seq, error.irregularity, LawRef.parse("36", edition), turn=turn
                )
            else:
                name = "call_by_player_obliged_to_pass"
                self._flag(seat, call, seq, name, LawRef.parse("37", edition), turn=turn)
            return
        for watch in self.watches:
            if watch.raw and watch.seat is seat:
                self.watches.remove(watch)
                self.status[seq] = "irregular"
                self._apply(self.rulebook.watched_call(table, watch, call, seq))
                if self.status.get(seq) == "irregular" and self.pending is None:
                    self.status[seq] = "cancelled"
                return
        try:
            auction.check(call)
        except IrregularityError as error:
            code = "27" if error.irregularity == "insufficient_bid" else "36"
            self._flag(seat, call, seq, error.irregularity, LawRef.parse(code, edition), turn=turn)
            return
        self._stand(seat, call, seq)

    def _log_call(
        self, seat: Seat, call: Call, alert: bool, explanation: str | None, simultaneous: bool
    ) -> int:
        table = self.table
        seq = table.next_seq
        table.log_event(CallMade(seq, seat, call, alert, explanation, simultaneous))
        if simultaneous:
            ruling = table.next_seq
            law = LawRef.parse("33", self.rulebook.edition)
            table.log_event(
                IrregularityFlagged(ruling, IrregularityName.SIMULTANEOUS_CALL, law, seat)
            )
            self._apply(
                [
                    Note(
                        (law,),
                        _(
                            "{seat}'s call was made at the same moment as the call of the "
                            "player in turn; it is deemed to come after it"
                        ).format(seat=seat.title),
                        ruling=ruling,
                    )
                ]
            )
        return seq

    def _flag(
        self, seat: Seat, call: Call, seq: int, name: str, law: LawRef, *, turn: Seat | None
    ) -> None:
        table = self.table
        self.status[seq] = "irregular"
        ruling = table.next_seq
        table.log_event(IrregularityFlagged(ruling, IrregularityName(name), law, seat))
        irregularity = Irregularity(
            IrregularityName(name), law, seat, ruling, seq=seq, call=call, turn=turn
        )
        self._apply(self.rulebook.irregularity(table, irregularity))

    def _stand(self, seat: Seat, call: Call, seq: int | None) -> None:
        """Append a call to the standing auction and fire what waits for it."""
        self.standing.append(Standing(seat, call, seq))
        self.auction.append_by(seat, call)
        if seq is not None:
            self.status[seq] = "standing"
        duties = self.obligations.get(seat)
        if duties:
            position = len(self.standing) - 1
            self._spent += [
                (seat, o, position)
                for o in duties
                if o.span is Span.NEXT_TURN and o.duty is Duty.PASS
            ]
            kept = [o for o in duties if o.span is not Span.NEXT_TURN]
            if kept:
                self.obligations[seat] = kept
            else:
                del self.obligations[seat]
        fired = [w for w in self.watches if not w.raw and w.seat is seat]
        for watch in fired:
            self.watches.remove(watch)
        for watch in fired:
            self._apply(self.rulebook.watched_call(self.table, watch, call, seq or -1))

    def _rebuild(self) -> None:
        table = self.table
        auction = RecordedAuction(table.board.dealer)
        for entry in self.standing:
            auction.append_by(entry.seat, entry.call)
        table.auction = auction
        if self.ended and not auction.is_complete:
            # The auction reopens during the Clarification Period (Laws 21B1, 25A5).
            self.ended = False
            table.play = None
            table.enter(Phase.AUCTION)
            self.penalty.clear()
            self.restrictions.clear()
            self.designated.clear()
            if self._at_end is not None:
                exposed, rights = self._at_end
                self.exposed = {seat: list(cards) for seat, cards in exposed.items()}
                self.lead_rights = list(rights)
                self._at_end = None
            self._restore_duties()

    def _restore_duties(self) -> None:
        """The auction reopens: the duties on calls still unfulfilled when it ended bind
        again. A player who must pass "when next it is his turn to call" (Laws 24B, 24C,
        30A, 30B1(b)(ii), 31A2(b), 32A2(b)) or "whenever it is his turn" (Law 27B2, 27B3)
        has not had that turn yet; a repeat duty (Laws 31A1, 32A1) is still owed; a ruling
        waiting for a player's next call (Laws 27B, 30B1(b), 31B2, 32B2) still waits. The
        reopened auction is the same auction (Law 21B1 changes a call "without other
        rectification" for the changer's side, and lifts nothing from the other side).

        A duty rests on the auction as it stood when it was imposed: a repeat on the
        offender's RHO's pass (Laws 31A1, 32A1: "if that opponent passes"), a partner's pass
        on the offender's call (31A2(b)). If that call no longer stands (it was the call
        changed, or came after it), the duty lapses with it."""
        if self._duties_at_end is None:
            return
        obligations, watches = self._duties_at_end
        self._duties_at_end = None
        for seat, pending in obligations.items():
            duties = [o for o in pending if self._basis_stands(seat, o)]
            now = self.obligations.get(seat, [])
            if any(o.duty is Duty.REPEAT for o in now):
                # a later ruling named the call he must make; the earlier one lapses
                duties = [o for o in duties if o.duty is not Duty.REPEAT]
            kept = [o for o in duties if o not in now] + now
            if kept:
                self.obligations[seat] = kept
        self.watches[:0] = [w for w in watches if w not in self.watches]

    def _owed_again(self, position: int) -> None:
        """The calls from ``position`` on are cancelled: a player whose pass there
        fulfilled a duty to pass at his next turn (Laws 24B, 30A, 31A2(b)...) has not had
        that turn after all, and owes it again (a cancelled call is as if not made: Laws
        17D3, 21B1, 25A6), unless the duty's own basis is cancelled too."""
        owed = [(s, o, p) for s, o, p in self._spent if p >= position]
        if not owed:
            return
        self._spent = [entry for entry in self._spent if entry[2] < position]
        for seat, obligation, _position in owed:
            if not self._basis_stands(seat, obligation):
                continue
            duties = self.obligations.setdefault(seat, [])
            if obligation not in duties:
                duties.append(obligation)

    def _basis_stands(self, seat: Seat, obligation: Obligation) -> bool:
        """Whether the last call standing when ``obligation`` was imposed still stands."""
        basis = self._basis.get((seat, obligation))
        if basis is None:
            return True
        position, entry = basis
        return position < len(self.standing) and self.standing[position] == entry

    def _apply(self, effects: Iterable[Effect]) -> None:
        table = self.table
        for effect in effects:
            table.log_event(Rectified(table.next_seq, effect))
            self._apply_one(effect)

    def _apply_one(self, effect: Effect) -> None:
        if self._apply_play_effect(effect):
            return
        if isinstance(effect, Pend):
            self.pending = effect.pending
        elif isinstance(effect, Resolve):
            self.pending = None
            # The calls the ruling was about (made before its flag) are settled now; a
            # call made while it was pending (a premature replacement, Law 27C) waits for
            # the rest of the ruling, and is cancelled in the end if nothing makes it stand.
            for seq, status in self.status.items():
                if status == "irregular" and seq < effect.ruling:
                    self.status[seq] = "cancelled"
        elif isinstance(effect, Stand):
            self._stand(effect.seat, effect.call, effect.seq)
        elif isinstance(effect, Proceed):
            self._process(effect.seat, effect.call, effect.seq)
        elif isinstance(effect, Cancel):
            for entry in self.standing[effect.position :]:
                if entry.seq is not None:
                    self.status[entry.seq] = "cancelled"
            del self.standing[effect.position :]
            self._owed_again(effect.position)
            self._rebuild()
        elif isinstance(effect, Replace):
            old = self.standing[effect.position]
            if old.seq is not None:
                self.status[old.seq] = "cancelled"
            self.standing[effect.position] = Standing(old.seat, effect.call, effect.seq)
            if effect.seq is not None:
                self.status[effect.seq] = "standing"
            self._rebuild()
        elif isinstance(effect, Oblige):
            last = len(self.standing) - 1
            self._basis[effect.seat, effect.obligation] = (
                (last, self.standing[last]) if self.standing else None
            )
            duties = self.obligations.setdefault(effect.seat, [])
            if effect.obligation.duty is Duty.REPEAT:
                # the latest ruling names the call he must make; an earlier one lapses
                duties[:] = [o for o in duties if o.duty is not Duty.REPEAT]
            duties.append(effect.obligation)
        elif isinstance(effect, Release):
            kept = [
                o
                for o in self.obligations.get(effect.seat, [])
                if effect.duty is not None and o.duty is not effect.duty
            ]
            if kept:
                self.obligations[effect.seat] = kept
            else:
                self.obligations.pop(effect.seat, None)
        elif isinstance(effect, Await):
            self.watches.append(effect.watch)
        elif isinstance(effect, Expose):
            self.exposed.setdefault(effect.seat, []).extend((c, effect.led) for c in effect.cards)
        elif isinstance(effect, ReturnExposed):
            self.exposed.pop(effect.seat, None)
        elif isinstance(effect, PenaltyCard):
            self.penalty.setdefault(effect.seat, {})[effect.card] = effect.major
        elif isinstance(effect, PickUp):
            cards = self.penalty.get(effect.seat, {})
            for card in effect.cards:
                cards.pop(card, None)
            if not cards:
                self.penalty.pop(effect.seat, None)
        elif isinstance(effect, LeadRight):
            self.lead_rights.append(effect)
        elif isinstance(effect, Drop):
            del self.lead_rights[effect.index]
        elif isinstance(effect, Restrict):
            self.restrictions.append(effect.restriction)
        elif isinstance(effect, Designate):
            self.designated[effect.seat] = effect.card
        elif isinstance(effect, Mark):
            self.marks.add(effect.key)
        elif isinstance(effect, Review):
            self.reviews.append(ReviewItem(effect))
        elif isinstance(effect, Decide):
            self.reviews[effect.index].decision = effect.outcome

    def _settle(self) -> None:
        """Bring the phase in line with the state (:meth:`_settle_phase`); once no ruling
        is pending, a call still labelled irregular has been ruled on without being made to
        stand: it is cancelled (Laws 25B2, 39A, and every call out of the auction)."""
        self._settle_phase()
        if self.pending is None:
            for seq, status in self.status.items():
                if status == "irregular":
                    self.status[seq] = "cancelled"

    def _settle_phase(self) -> None:
        """End the auction when it is complete (after Law 17D3's check), and ask the
        rulebook before each turn to play."""
        table = self.table
        for _guard in range(200):
            if self.pending is not None:
                table.enter(Phase.DIRECTOR)
                return
            if table.phase is Phase.FINISHED:
                if not self.play_over and table.play is not None:
                    self.play_ended_once()
                    continue
                return
            if table.pending_claim is not None:
                return
            if table.phase is Phase.DIRECTOR:
                if self.ended and table.play is None:  # a ruling after a passed-out auction
                    table.enter(Phase.FINISHED)
                    return
                table.enter(Phase.PLAY if self.ended else Phase.AUCTION)
            if not self.ended:
                auction = self.auction
                if not auction.is_complete:
                    table.enter(Phase.AUCTION)
                    return
                skipped = self._deprived_position()
                if skipped is not None:
                    self._retention(skipped)
                    continue
                self._end_auction()
                continue
            play = table.play
            if play is None or play.is_complete or table.pending_claim is not None:
                return
            turn = play.turn
            assert turn is not None
            effects = self.rulebook.before_turn(table, turn)
            if not effects:
                table.enter(Phase.PLAY)
                return
            self._apply(effects)
        raise AssertionError("recording mode did not settle")  # pragma: no cover

    def _retention(self, position: int) -> None:
        table = self.table
        entry = self.standing[position]
        ruling = table.next_seq
        edition = self.rulebook.edition
        # Law 17D3 is numbered 17E2 in the 2007 Laws (as REPORTS_2007 renumbers the reports).
        law = LawRef.parse("17E2" if edition == "2007" else "17D3", edition)
        table.log_event(
            IrregularityFlagged(
                ruling, IrregularityName.RETENTION_OF_RIGHT_TO_CALL, law, entry.seat
            )
        )
        irregularity = Irregularity(
            IrregularityName.RETENTION_OF_RIGHT_TO_CALL, law, entry.seat, ruling, position=position
        )
        self._apply(self.rulebook.irregularity(table, irregularity))

    def _end_auction(self) -> None:
        table = self.table
        auction = self.auction
        contract = auction.contract
        table.log_event(AuctionEnded(table.next_seq, contract))
        self.ended = True
        self._duties_at_end = (
            {seat: list(duties) for seat, duties in self.obligations.items()},
            list(self.watches),
        )
        self.obligations.clear()
        self.watches.clear()
        self._at_end = (
            {seat: list(cards) for seat, cards in self.exposed.items()},
            list(self.lead_rights),
        )
        if contract is None:
            table.enter(Phase.FINISHED)
            self.exposed.clear()
            self.lead_rights.clear()
            return
        declarer = contract.declarer
        assert declarer is not None
        table.play = Play(table.deal, declarer, contract.strain.suit)
        table.enter(Phase.PLAY)
        self._apply(self.rulebook.auction_ended(table))

    def _after_card(self, seat: Seat, card: Card) -> None:
        play = self.table.play
        assert play is not None
        cards = self.penalty.get(seat)
        if cards is not None and card in cards:
            del cards[card]
            if not cards:
                del self.penalty[seat]
        self.designated.pop(seat, None)
        self.exposed.pop(seat, None)
        if play.current_trick and len(play.current_trick) == 1:
            # A lead: a requirement is spent once obeyed; prohibitions last while he keeps it.
            self.restrictions = [
                r
                if r.require is None or r.seat is not seat or r.on_play
                else Restriction(r.seat, r.law, None, r.prohibit, r.ruling)
                for r in self.restrictions
            ]
            self.restrictions = [r for r in self.restrictions if r.require or r.prohibit or r.rank]
        if not play.current_trick:
            leader = play.turn
            self.restrictions = [r for r in self.restrictions if r.seat is leader and not r.on_play]
