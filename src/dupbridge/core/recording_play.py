"""Recording mode during the play: what really happened at the table, irregular cards included.

The :class:`~dupbridge.core.recording.Recorder` of a recording-mode table mixes in
:class:`PlayRecorder` (this module). It sees every card played and sorts it:

* a card in turn that complies with every obligation is played;
* a card in turn that breaks the duty to follow suit or a lead or play restriction is a
  *revoke* (Law 61A): it is played and recorded silently, because at a real table nobody knows
  until someone notices; attention drawn to it later (``draw_attention``) opens the ruling
  (Laws 62-64), and the table establishes it by itself when the offending side plays to the
  next trick, claims or concedes, or agrees to a claim (63A);
* a card that fails to play a penalty card when the law requires it is flagged at once (Law 52:
  the penalty card lies face up and declarer sees it);
* a card out of turn is flagged and held, not played: an opening lead out of turn (54), a later
  lead out of turn by a defender (56) or declarer (55), a premature lead or play (57).

It also keeps what the rulings need during play: cards set aside while a revoke is corrected
(62C), cards deemed played that must be played at their turn (57C3, 57D), the revokes and
whether each is established, noticed or corrected, the trick transfers (64A) and the result
before them. As everywhere in recording mode the rulebook decides; the recorder only detects
and applies the effects it is given.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

from dupbridge.core.cards import Card, Suit, suit_mask
from dupbridge.core.errors import ImpossibleActionError
from dupbridge.core.events import (
    AttentionDrawn,
    CardPlayed,
    ClaimAccepted,
    ClaimMade,
    Conceded,
    Event,
    IrregularityFlagged,
    TrickCompleted,
)
from dupbridge.core.kinds import IrregularityName, RevokeKind
from dupbridge.core.lawref import LawRef
from dupbridge.core.phases import Phase
from dupbridge.core.play import Play
from dupbridge.core.rectify import (
    CancelBoard,
    Commit,
    Corrected,
    Effect,
    Establish,
    Irregularity,
    LeadFrom,
    Notice,
    Place,
    Reopen,
    Revoke,
    Revoked,
    SetAside,
    SetResult,
    Spread,
    Transfer,
    Withdraw,
)
from dupbridge.core.seats import Seat, Side
from dupbridge.i18n import _

if TYPE_CHECKING:
    from dupbridge.core.recording import Recorder

__all__ = ["WHEN", "PlayRecorder", "RevokeState"]

_SUIT_MASKS = tuple(suit_mask(suit) for suit in Suit)

#: When attention was first drawn to a revoke (Laws 64B4, 64B5).
WHEN = ("play", "after_play", "after_next_call", "after_round")


class RevokeState:
    """A revoke the table recorded and what became of it (Laws 61-64)."""

    __slots__ = ("corrected", "established", "noticed", "revoke", "ruling")

    def __init__(self, revoke: Revoke) -> None:
        self.revoke = revoke
        #: The law that established it (63A...), or None.
        self.established: LawRef | None = None
        #: Who drew attention to it and when, or None while nobody has.
        self.noticed: tuple[Seat, str] | None = None
        #: Whether it was corrected (Laws 62B, 62C3, 62D).
        self.corrected = False
        #: The ruling opened when attention was drawn to it (0 before).
        self.ruling = 0

    def to_json(self) -> dict[str, object]:
        """``{"seat", "card", "trick", "suit", "kind", "established", "noticed", "corrected",
        "ruling"}``."""
        revoke = self.revoke
        return {
            "seat": revoke.seat.letter,
            "card": str(revoke.card),
            "trick": revoke.trick,
            "suit": None if revoke.required is None else revoke.required.letter,
            "kind": revoke.kind,
            "established": self.established is not None,
            "noticed": None
            if self.noticed is None
            else {"by": self.noticed[0].letter, "when": self.noticed[1]},
            "corrected": self.corrected,
            "ruling": self.ruling or None,
        }


class PlayRecorder:
    """The play-period half of :class:`~dupbridge.core.recording.Recorder`."""

    # Attributes set up by Recorder.__init__ (declared for the type checker).
    revokes: list[RevokeState]
    queue: list[tuple[Seat, Card]]
    committed: dict[Seat, tuple[Card, LawRef]]
    transfers: dict[int, Transfer]
    base_result: int | None
    play_over: bool
    cancelled: LawRef | None

    def _init_play(self) -> None:
        self.revokes = []
        self.queue = []
        self.committed = {}
        self.transfers = {}
        self.base_result = None
        self.play_over = False
        self.cancelled = None

    # --- queries -------------------------------------------------------------------------

    def _me(self) -> Recorder:
        """This mixin as the :class:`~dupbridge.core.recording.Recorder` it is part of."""
        return cast("Recorder", self)

    def allowed_ignoring_penalties(self, seat: Seat, play: Play) -> int:
        """The cards ``seat`` may play now under every obligation but penalty cards."""
        return self._me()._allowed_mask(seat, play, penalties=False)

    # --- the cards -------------------------------------------------------------------------

    def play_card(self, seat: Seat, card: Card) -> tuple[Event, ...]:
        """A card played at the table (recording mode): judged, then played, held for a
        ruling, or recorded as a revoke."""
        rec = self._me()
        table = rec.table
        if table.phase is Phase.AUCTION:
            if card not in table.deal[seat]:
                raise ImpossibleActionError(
                    _("{seat} does not hold {card}").format(seat=seat.title, card=card), seat=seat
                )
            return rec.expose(seat, (card,), led=True)
        play = table.play
        if table.phase is Phase.DIRECTOR:
            pending = rec.pending
            if pending is None or seat not in pending.callers or play is None:
                raise rec._pending_error(seat)
            self._check_holds(seat, card, play)
            start = table.next_seq
            seq = table.next_seq
            table.log_event(CardPlayed(seq, seat, card))
            rec._apply(rec.rulebook.card_over(table, pending, seat, card, seq))
            if rec.pending is None and not self._over():
                self._judge(seat, card, seq)
            rec._settle()
            return table.events[start:]
        if table.phase is Phase.FINISHED or play is None or table.pending_claim is not None:
            table.require("play_card", seat, card=card)
        assert play is not None
        self._check_holds(seat, card, play)
        committed = self.committed.get(seat)
        if (
            committed is not None
            and seat is play.turn
            and card != committed[0]
            and play.legal_mask(seat) & committed[0].bit
        ):
            raise ImpossibleActionError(
                _("{seat}'s {card} was played early and must be played now ({law})").format(
                    seat=seat.title, card=committed[0], law=committed[1]
                ),
                seat=seat,
                law=committed[1],
            )
        start = table.next_seq
        seq = table.next_seq
        table.log_event(CardPlayed(seq, seat, card))
        self._judge(seat, card, seq)
        rec._settle()
        return table.events[start:]

    def _over(self) -> bool:
        return self._me().table.phase is Phase.FINISHED

    def _check_holds(self, seat: Seat, card: Card, play: Play) -> None:
        if play.is_complete or not play.hand(seat).mask & card.bit:
            play.check(seat, card)  # raises the specific error

    def _judge(self, seat: Seat, card: Card, seq: int) -> None:
        """Sort a card already logged: play it, record a revoke, or flag an irregularity."""
        rec = self._me()
        play = rec.table.play
        assert play is not None
        turn = play.turn
        assert turn is not None
        current = play.current_trick
        if seat is turn:
            legal = play.legal_mask(seat)
            if not legal & card.bit:  # failure to follow suit (Laws 44C, 61A)
                led = current[0].suit
                kind = "dummy" if seat is play.dummy else "follow"
                self._revoke(seat, card, play, led, kind)
                return
            if rec._allowed_mask(seat, play) & card.bit:
                self.place(seat, card)
                return
            if self.allowed_ignoring_penalties(seat, play) & card.bit:
                self._flag_card(seat, card, seq, "penalty_card_not_played", "52", turn=turn)
                return
            # a lead or play restriction not complied with (Law 61A); Law 59 was applied
            required = self._required_suit(seat, play)
            self._revoke(seat, card, play, required, "restriction")
            return
        declaring = seat.side is play.declarer.side
        if not current:
            if play.cards_played == 0:
                if declaring:
                    self._flag_card(
                        seat, card, seq, "opening_lead_by_declaring_side", "54E", turn=turn
                    )
                else:
                    self._flag_card(seat, card, seq, "opening_lead_out_of_turn", "54", turn=turn)
            elif declaring:
                self._flag_card(seat, card, seq, "declarer_lead_out_of_turn", "55", turn=turn)
            else:
                self._flag_card(seat, card, seq, "lead_out_of_turn", "56", turn=turn)
            return
        leader = play.leader
        assert leader is not None
        played_here = {leader.next(i) for i in range(len(current))}
        if seat in played_here:
            if declaring:
                name = "declarer_card_exposed"
            elif seat.partner not in played_here:
                name = "premature_lead"
            else:
                name = "card_exposed_during_play"
            code = {"premature_lead": "57A", "card_exposed_during_play": "49"}.get(name, "48")
            self._flag_card(seat, card, seq, name, code, turn=turn)
            return
        if declaring:
            self._flag_card(seat, card, seq, "premature_play_by_declarer", "57C3", turn=turn)
        elif seat.partner not in played_here:
            self._flag_card(seat, card, seq, "premature_play", "57A", turn=turn)
        else:
            self._flag_card(seat, card, seq, "play_at_rho_turn", "57D", turn=turn)

    def _required_suit(self, seat: Seat, play: Play) -> Suit | None:
        rec = self._me()
        for restriction in rec.restrictions:
            if restriction.seat is seat and restriction.require is not None:
                return restriction.require
        return None

    def _flag_card(
        self, seat: Seat, card: Card, seq: int, name: str, code: str, *, turn: Seat | None
    ) -> None:
        rec = self._me()
        table = rec.table
        law = LawRef.parse(code, rec.rulebook.edition)
        ruling = table.next_seq
        table.log_event(IrregularityFlagged(ruling, IrregularityName(name), law, seat))
        irregularity = Irregularity(
            IrregularityName(name), law, seat, ruling, seq=seq, turn=turn, cards=(card,)
        )
        rec._apply(rec.rulebook.irregularity(table, irregularity))

    def _revoke(self, seat: Seat, card: Card, play: Play, required: Suit | None, kind: str) -> None:
        rec = self._me()
        penalties = rec.penalty.get(seat, {})
        faced = card in penalties
        if kind in ("follow", "restriction") and required is not None:
            # the suit led or the suit a restriction requires (Laws 26, 50D2, 57A): when its
            # only cards in the hand lay face up, the revoke failed to play a penalty card
            # (Law 64B3)
            hidden = play.hand(seat).mask & _SUIT_MASKS[required]
            for penalty in penalties:
                hidden &= ~penalty.bit
            if not hidden:
                kind = "penalty_card"
        revoke = Revoke(seat, card, play.trick_number, required, RevokeKind(kind), faced)
        rec._apply([Revoked(revoke)])
        self.place(seat, card)

    def place(self, seat: Seat, card: Card) -> None:
        """Play a card (judged already) and announce what follows: the trick, the end of
        play, a revoke established by this card (Law 63A1)."""
        rec = self._me()
        table = rec.table
        play = table.play
        assert play is not None
        number = play.trick_number
        trick = play.place(seat, card)
        if trick is not None:
            table.log_event(TrickCompleted(table.next_seq, trick))
            if play.is_complete:
                table.finish(play.declarer_tricks, "played")
        rec._after_card(seat, card)
        self.committed.pop(seat, None)
        rec.restrictions = [r for r in rec.restrictions if not (r.on_play and r.seat is seat)]
        law = LawRef.parse("63A1", rec.rulebook.edition)
        rec._apply(
            [
                Establish(index, law)
                for index, state in enumerate(self.revokes)
                if state.established is None
                and not state.corrected
                and state.revoke.seat.side is seat.side
                and number > state.revoke.trick
            ]
        )

    # --- reported actions ------------------------------------------------------------------

    def draw_attention(
        self, seat: Seat, offender: Seat, trick: int | None, when: str
    ) -> tuple[Event, ...]:
        """Attention is drawn to a revoke (Laws 61-64)."""
        rec = self._me()
        table = rec.table
        edition = rec.rulebook.edition
        if table.phase is Phase.DIRECTOR:
            raise rec._pending_error(seat)
        if table.play is None or (table.phase is Phase.PLAY and not table.play.cards_played):
            raise ImpossibleActionError(
                _("there has been no play yet: no revoke to draw attention to"),
                seat=seat,
                law=LawRef.parse("61A", edition),
            )
        finished = table.phase is Phase.FINISHED
        when = when or ("after_play" if finished else "play")
        if when not in WHEN or (when == "play" and finished) or (when != "play" and not finished):
            allowed = ", ".join(WHEN[1:]) if finished else "play"
            raise ImpossibleActionError(
                _("'when' must be {allowed} now, not {when!r}").format(allowed=allowed, when=when),
                seat=seat,
            )
        if trick is not None and (
            isinstance(trick, bool) or not isinstance(trick, int) or not 1 <= trick <= 13
        ):
            raise ImpossibleActionError(
                _("a trick number is 1 to 13, not {trick!r}").format(trick=trick), seat=seat
            )
        index = self._find_revoke(offender, trick)
        if index is None:
            where = _(" on trick {trick}").format(trick=trick) if trick is not None else ""
            raise ImpossibleActionError(
                _("{offender} has made no revoke{where} that is not already ruled on").format(
                    offender=offender.title, where=where
                ),
                seat=seat,
                law=LawRef.parse("61A", edition),
            )
        start = table.next_seq
        table.log_event(AttentionDrawn(table.next_seq, seat, offender, trick, when))
        ruling = table.next_seq
        law = LawRef.parse("61A", edition)
        table.log_event(IrregularityFlagged(ruling, IrregularityName.REVOKE, law, offender))
        rec._apply([Notice(index, seat, when, ruling=ruling)])
        irregularity = Irregularity(
            IrregularityName.REVOKE,
            law,
            offender,
            ruling,
            turn=seat,
            index=index,
            facts=(("when", when),),
        )
        rec._apply(rec.rulebook.irregularity(table, irregularity))
        rec._settle()
        return table.events[start:]

    def _find_revoke(self, offender: Seat, trick: int | None) -> int | None:
        for index in range(len(self.revokes) - 1, -1, -1):
            state = self.revokes[index]
            revoke = state.revoke
            if revoke.seat is not offender or state.noticed is not None or state.corrected:
                continue
            if trick is None or revoke.trick == trick:
                return index
        return None

    def after_play_action(self, event: Event) -> tuple[Event, ...]:
        """A claim, a concession or an agreement to a claim was made (Table): establish the
        offending side's revokes (Law 63A3, 63A4) and settle."""
        rec = self._me()
        table = rec.table
        start = event.seq
        edition = rec.rulebook.edition
        code = "63A3"
        assert isinstance(event, ClaimMade | Conceded | ClaimAccepted)
        side: Side = event.seat.side
        if isinstance(event, ClaimAccepted):  # an opponent of the claimer agreed
            code = "63A4" if edition == "2017" else "63A3"
        law = LawRef.parse(code, edition)
        rec._apply(
            [
                Establish(index, law)
                for index, state in enumerate(self.revokes)
                if state.established is None
                and not state.corrected
                and state.revoke.seat.side is side
            ]
        )
        rec._settle()
        return table.events[start:]

    # --- effects ---------------------------------------------------------------------------

    def _apply_play_effect(self, effect: Effect) -> bool:
        """Apply a play-period effect; False if ``effect`` is not one."""
        rec = self._me()
        table = rec.table
        if isinstance(effect, Place):
            if self.queue and self.queue[0] == (effect.seat, effect.card):
                del self.queue[0]
            self.place(effect.seat, effect.card)
        elif isinstance(effect, Withdraw):
            pair = (effect.seat, effect.card)
            if pair in self.queue:
                self.queue.remove(pair)
            else:
                self._rebuild_without({pair})
        elif isinstance(effect, SetAside):
            self._rebuild_without(set(effect.plays))
            self.queue = list(effect.plays)
        elif isinstance(effect, Commit):
            self.committed[effect.seat] = (effect.card, effect.law)
        elif isinstance(effect, Spread):
            play = table.play
            assert play is not None
            table.play = Play.from_plays(table.deal, effect.declarer, play.trump, play.plays())
        elif isinstance(effect, LeadFrom):
            play = table.play
            assert play is not None
            play.lead_from(effect.seat)
        elif isinstance(effect, Revoked):
            self.revokes.append(RevokeState(effect.revoke))
        elif isinstance(effect, Establish):
            self.revokes[effect.index].established = effect.law
        elif isinstance(effect, Corrected):
            self.revokes[effect.index].corrected = True
        elif isinstance(effect, Notice):
            state = self.revokes[effect.index]
            state.noticed = (effect.by, effect.when)
            state.ruling = effect.ruling
        elif isinstance(effect, Transfer):
            self.transfers[effect.index] = effect
            self._refresh_result()
        elif isinstance(effect, SetResult):
            self._set_result(effect)
        elif isinstance(effect, Reopen):
            self._reopen()
        elif isinstance(effect, CancelBoard):
            self.cancelled = effect.law
            table.clear_claim()
            table.set_result(None)
            self.base_result = None
            self.transfers.clear()
            table.enter(Phase.FINISHED)
            self.play_over = True
        else:
            return False
        return True

    def _rebuild_without(self, removed: set[tuple[Seat, Card]]) -> None:
        """Rebuild the play without some cards (they go back to their hands); the board
        reopens if play was over (Law 62D)."""
        rec = self._me()
        table = rec.table
        play = table.play
        assert play is not None
        plays = [pair for pair in play.plays() if pair not in removed]
        table.play = Play.from_plays(table.deal, play.declarer, play.trump, plays)
        if self.base_result is not None or table.result is not None:
            self._reopen()

    def _reopen(self) -> None:
        rec = self._me()
        table = rec.table
        table.clear_claim()
        table.set_result(None)
        table.enter(Phase.PLAY)
        self.base_result = None
        self.transfers.clear()
        self.play_over = False

    def _set_result(self, effect: SetResult) -> None:
        rec = self._me()
        table = rec.table
        table.clear_claim()
        if table.phase is not Phase.FINISHED or table.result is None:
            table.finish(effect.declarer_tricks, effect.how)
            self.base_result = effect.declarer_tricks
        else:
            self.base_result = effect.declarer_tricks
        self._refresh_result()

    def _refresh_result(self) -> None:
        rec = self._me()
        table = rec.table
        base = self.base_result
        play = table.play
        if base is None or play is None:
            return
        side = play.declarer.side
        total = base
        for transfer in self.transfers.values():
            total += transfer.tricks if transfer.side is side else -transfer.tricks
        table.set_result(max(0, min(13, total)))

    def play_ended_once(self) -> None:
        """When play is over: record the result before transfers and consult the rulebook
        once (revokes established, transfers, Laws 63-64)."""
        rec = self._me()
        table = rec.table
        if self.play_over or table.play is None:
            return
        self.play_over = True
        if self.base_result is None:
            self.base_result = table.result
        rec._apply(rec.rulebook.play_ended(table))

    def revokes_json(self) -> list[dict[str, object]]:
        """The revokes as JSON, with the trick transfer ruled for each (docs/table-records.md)."""
        result: list[dict[str, object]] = []
        for index, state in enumerate(self.revokes):
            entry = state.to_json()
            transfer = self.transfers.get(index)
            entry["transfer"] = (
                None
                if transfer is None
                else {
                    "tricks": transfer.tricks,
                    "to": transfer.side.name,
                    "law": transfer.law.code,
                }
            )
            result.append(entry)
        return result


def details_json(details: Mapping[str, object]) -> str:
    """Report details as canonical JSON text (an immutable event field)."""
    try:
        return json.dumps(dict(details), sort_keys=True, ensure_ascii=False)
    except (TypeError, ValueError):
        raise ImpossibleActionError(
            _("report details must be plain data (text, numbers, yes/no, lists)")
        ) from None
