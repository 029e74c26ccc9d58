"""Recording mode: a table that accepts irregularities and applies the Director's rulings.

A recording-mode :class:`~dupbridge.core.table.Table` holds a :class:`Recorder` (this module)
and a :class:`~dupbridge.core.rectify.Rulebook`. The recorder keeps what strict mode never
needs: the calls standing in the auction (an accepted call out of rotation breaks the
rotation, Law 29A), the irregular calls and their fate, the pending decision, obligations on
calls (forced passes), cards exposed during the auction and penalty cards, lead rights and
restrictions, and the board's review flags. Every change goes through an effect of
:mod:`dupbridge.core.rectify`, logged as a :class:`~dupbridge.core.events.Rectified` event.

The recorder judges nothing: it detects what is irregular (a call out of rotation, an
insufficient bid, an inadmissible double, a bid by a player obliged to pass, a call after the
final pass) and asks the rulebook what follows.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from dupbridge.core.auction import Auction, LegalCalls
from dupbridge.core.calls import PASS, Bid, Call, Double, Pass, Redouble, Strain
from dupbridge.core.cards import Card, Suit, suit_mask
from dupbridge.core.errors import ImpossibleActionError, IrregularityError
from dupbridge.core.events import (
    AuctionEnded,
    BidAboveSevenMade,
    CallChanged,
    CallDeemed,
    CallMade,
    CardPlayed,
    CardsExposed,
    DirectorAnswered,
    Event,
    InformationReported,
    IrregularityFlagged,
    OptionChosen,
    Rectified,
)
from dupbridge.core.lawref import LawRef
from dupbridge.core.play import LegalCards, Play
from dupbridge.core.recording_play import PlayRecorder, details_json
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
    Rulebook,
    Span,
    Stand,
    Standing,
    Watch,
)
from dupbridge.core.seats import Seat
from dupbridge.i18n import _

if TYPE_CHECKING:
    from dupbridge.core.table import Table

__all__ = ["RecordedAuction", "Recorder", "ReviewItem"]

_SUIT_MASKS = tuple(suit_mask(suit) for suit in Suit)
_SPOTS = tuple(suit_mask(suit) & ~(0b11111 << (13 * suit + 8)) for suit in Suit)  # 2-9


def _law(code: str, edition: str) -> LawRef:
    return LawRef.parse(code, edition)


class RecordedAuction(Auction):
    """An auction whose calls may stand out of rotation (Laws 28, 29A accept them).

    ``seat_of(i)`` is the seat that made call ``i``; after each call the turn passes to that
    seat's left-hand opponent.
    """

    __slots__ = ("_seats",)

    def __init__(self, dealer: Seat, calls: Iterable[tuple[Seat, Call]] = ()) -> None:
        self._seats: list[Seat] = []
        super().__init__(dealer)
        for seat, call in calls:
            self.append_by(seat, call)

    def _append(self, call: Call) -> None:
        seat = self._turn
        assert seat is not None
        super()._append(call)
        self._seats.append(seat)

    def append_by(self, seat: Seat, call: Call) -> None:
        """Append ``call`` by ``seat`` whether or not it is his turn, unchecked."""
        self._turn = seat
        self._append(call)

    def seat_of(self, index: int) -> Seat:
        """The seat that made the call at ``index``."""
        return self._seats[index]

    def pairs(self) -> tuple[tuple[Seat, Call], ...]:
        """The standing calls with the seats that made them."""
        return tuple(zip(self._seats, self._calls, strict=True))

    def check_for(self, seat: Seat, call: Call) -> None:
        """Raise the error for ``seat`` making ``call`` now, as if it were his turn."""
        saved = self._turn
        self._turn = seat
        try:
            self.check(call)
        finally:
            self._turn = saved

    def legal_calls_for(self, seat: Seat) -> LegalCalls:
        """The calls ``seat`` could legally make now if it were his turn."""
        saved = self._turn
        self._turn = seat
        try:
            return self.legal_calls()
        finally:
            self._turn = saved

    def copy(self) -> RecordedAuction:
        """An independent copy of this auction."""
        return RecordedAuction(self.dealer, self.pairs())


class _OnlyCalls(LegalCalls):
    """A legal-calls view holding exactly some calls (a call to repeat, Laws 31A1, 32A1)."""

    __slots__ = ("_only",)

    def __init__(self, calls: tuple[Call, ...]) -> None:
        super().__init__(35, False, False, False)
        self._only = calls

    def __contains__(self, call: object) -> bool:
        return call in self._only

    def __len__(self) -> int:
        return len(self._only)

    def __iter__(self):  # type: ignore[no-untyped-def]  # same as the base class
        return iter(self._only)

    def __getitem__(self, index: int) -> Call:
        return self._only[index]


class ReviewItem:
    """A review the Director must decide at the end of play, and his decision."""

    __slots__ = ("decision", "review")

    def __init__(self, review: Review, decision: str | None = None) -> None:
        self.review = review
        self.decision = decision


class Recorder(PlayRecorder):
    """The recording-mode state of one table and the commands that change it (the play's
    half comes from :class:`~dupbridge.core.recording_play.PlayRecorder`)."""

    def __init__(self, table: Table, rulebook: Rulebook) -> None:
        self.table = table
        self.rulebook = rulebook
        self.standing: list[Standing] = []
        #: For every call made (event seq): "standing", "irregular" or "cancelled".
        self.status: dict[int, str] = {}
        self.pending: Pending | None = None
        self.watches: list[Watch] = []
        self.obligations: dict[Seat, list[Obligation]] = {}
        self.exposed: dict[Seat, list[tuple[Card, bool]]] = {}
        self.penalty: dict[Seat, dict[Card, bool]] = {}
        self.lead_rights: list[LeadRight] = []
        self.restrictions: list[Restriction] = []
        self.designated: dict[Seat, Card] = {}
        self.marks: set[str] = set()
        self.reviews: list[ReviewItem] = []
        self.ended = False
        self._at_end: tuple[dict[Seat, list[tuple[Card, bool]]], list[LeadRight]] | None = None
        self._init_play()

    # --- queries ---------------------------------------------------------------------------

    @property
    def auction(self) -> RecordedAuction:
        """The standing auction."""
        auction = self.table.auction
        assert isinstance(auction, RecordedAuction)
        return auction

    def duties(self, seat: Seat) -> list[Obligation]:
        """The obligations on ``seat``'s calls now."""
        return self.obligations.get(seat, [])

    def must_pass(self, seat: Seat) -> bool:
        """Whether ``seat`` is obliged to pass at his turn."""
        return any(o.duty is Duty.PASS for o in self.obligations.get(seat, ()))

    def legal_calls(self) -> LegalCalls:
        """The calls the player to call may make, obeying his obligations."""
        table = self.table
        from dupbridge.core.table import Phase  # noqa: PLC0415 - avoids an import cycle

        if table.phase is not Phase.AUCTION:
            return LegalCalls(35, False, False, False)
        auction = self.auction
        seat = auction.turn
        legal = auction.legal_calls()
        if seat is None:
            return legal
        for obligation in self.obligations.get(seat, ()):
            if obligation.duty is Duty.PASS:
                return LegalCalls(35, False, False, True)
            if obligation.duty is Duty.REPEAT and obligation.call is not None:
                return _OnlyCalls((obligation.call,))
        if any(o.duty is Duty.NO_DOUBLE for o in self.obligations.get(seat, ())):
            last = auction.last_bid
            return LegalCalls(0 if last is None else last.rank + 1, False, False, True)
        return legal

    def legal_cards(self, seat: Seat | None) -> LegalCards:
        """The cards ``seat`` may play now, obeying lead restrictions and penalty cards."""
        from dupbridge.core.table import Phase  # noqa: PLC0415 - avoids an import cycle

        table = self.table
        play = table.play
        if table.phase is not Phase.PLAY or play is None or table.pending_claim is not None:
            return LegalCards(0)
        turn = play.turn
        if turn is None or (seat is not None and seat is not turn):
            return LegalCards(0)
        return LegalCards(self._allowed_mask(turn, play))

    def _allowed_mask(self, seat: Seat, play: Play, *, penalties: bool = True) -> int:
        legal = play.legal_cards(seat).mask
        committed = self.committed.get(seat)
        if committed is not None and legal & committed[0].bit:
            return committed[0].bit  # Laws 57C3, 57D: played early, played now
        current = play.current_trick
        if not current:
            restricted = legal
            for restriction in self.restrictions:
                if restriction.seat is not seat or restriction.on_play:
                    continue
                if restriction.require is not None:
                    restricted &= _SUIT_MASKS[restriction.require]
                for suit in restriction.prohibit:
                    restricted &= ~_SUIT_MASKS[suit]
            if restricted:  # Law 59: unable to comply, any legal card
                legal = restricted
        else:
            legal = self._play_restricted(seat, play, legal, current[0].suit)
        penalties_held = self.penalty.get(seat) if penalties else None
        if penalties_held:
            designated = self.designated.get(seat)
            if designated is not None and legal & designated.bit:
                return designated.bit
            majors = sum(card.bit for card, major in penalties_held.items() if major)
            if legal & majors:  # Law 50D1(a): a major penalty card at the first chance
                return legal & majors
            for card, major in penalties_held.items():
                if not major:  # Law 50C: no other card below an honour of that suit first
                    narrowed = legal & ~(_SPOTS[card.suit] & ~card.bit)
                    if narrowed:
                        legal = narrowed
        return legal

    def _play_restricted(self, seat: Seat, play: Play, legal: int, led: Suit) -> int:
        """Law 57A: declarer's choice for the offender's partner's card to this trick
        (following suit comes first, Law 44C; Law 59 when he cannot comply)."""
        number = play.trick_number
        follows = legal & _SUIT_MASKS[led]
        for restriction in self.restrictions:
            if restriction.seat is not seat or restriction.trick != number:
                continue
            if restriction.rank is not None:
                if follows:
                    bits = (follows >> (13 * led)) & 0x1FFF
                    rank = (
                        bits.bit_length() - 1
                        if restriction.rank == "highest"
                        else ((bits & -bits).bit_length() - 1)
                    )
                    legal = 1 << (13 * led + rank)
                continue
            if follows:
                continue  # he must follow suit: he cannot comply (Law 59)
            if restriction.require is not None and legal & _SUIT_MASKS[restriction.require]:
                legal &= _SUIT_MASKS[restriction.require]
            for suit in restriction.prohibit:
                if legal & ~_SUIT_MASKS[suit]:
                    legal &= ~_SUIT_MASKS[suit]
        return legal

    def standing_position(self, seq: int) -> int | None:
        """The position in the standing auction of the call made by event ``seq``."""
        for position, entry in enumerate(self.standing):
            if entry.seq == seq:
                return position
        return None

    # --- commands --------------------------------------------------------------------------

    def make_call(
        self,
        seat: Seat,
        call: Call,
        alert: bool,
        explanation: str | None,
        simultaneous: bool,
    ) -> tuple[Event, ...]:
        from dupbridge.core.table import Phase  # noqa: PLC0415 - avoids an import cycle

        table = self.table
        start = len(table._events)
        phase = table.phase
        edition = self.rulebook.edition
        if simultaneous:
            self._check_simultaneous(seat)
        if phase is Phase.DIRECTOR:
            pending = self.pending
            if pending is None or seat not in pending.callers:
                raise self._pending_error(seat)
            seq = self._log_call(seat, call, alert, explanation, simultaneous)
            self.status[seq] = "irregular"
            self._apply(self.rulebook.call_over(table, pending, seat, call, seq))
            self._settle()
            return table.events[start:]
        if phase is Phase.FINISHED:
            table._require("make_call", seat)
        if phase is Phase.PLAY:
            play = table.play
            if play is not None and play.cards_played:
                raise ImpossibleActionError(
                    _("{seat} cannot call: the auction period is over (Law 17D)").format(
                        seat=seat.title
                    ),
                    seat=seat,
                    law=_law("17D", edition),
                )
            seq = self._log_call(seat, call, alert, explanation, simultaneous)
            self._process(seat, call, seq)
            self._settle()
            return table.events[start:]
        turn = self.auction.turn
        if turn is not None and seat is turn:
            self._check_duties(seat, call, self.obligations.get(seat, []))
        seq = self._log_call(seat, call, alert, explanation, simultaneous)
        self._process(seat, call, seq)
        self._settle()
        return table.events[start:]

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
            self._flag(seat, call, seq, "call_after_final_pass", _law("39", edition), turn=None)
            return
        auction = self.auction
        turn = auction.turn
        assert turn is not None
        if seat is not turn and seat is turn.lho and self.must_pass(turn):
            # Law 28A: a call at RHO's turn when RHO must pass is in rotation; RHO passes.
            table._log(CallDeemed(len(table._events), turn, PASS, _law("28A", edition)))
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
                self._flag(seat, call, seq, error.irregularity, _law("36", edition), turn=turn)
            else:
                name = "call_by_player_obliged_to_pass"
                self._flag(seat, call, seq, name, _law("37", edition), turn=turn)
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
            self._flag(seat, call, seq, error.irregularity, _law(code, edition), turn=turn)
            return
        self._stand(seat, call, seq)

    def bid_above_seven(self, seat: Seat, level: int, strain: Strain) -> tuple[Event, ...]:
        from dupbridge.core.table import Phase  # noqa: PLC0415 - avoids an import cycle

        table = self.table
        start = len(table._events)
        if table.phase is not Phase.AUCTION:
            if table.phase is Phase.DIRECTOR:
                raise self._pending_error(seat)
            raise ImpossibleActionError(
                _("{seat} cannot bid now: the auction is over").format(seat=seat.title),
                seat=seat,
            )
        seq = len(table._events)
        table._log(BidAboveSevenMade(seq, seat, level, strain))
        self.status[seq] = "irregular"
        ruling = len(table._events)
        law = _law("38", self.rulebook.edition)
        table._log(IrregularityFlagged(ruling, "bid_above_seven", law, seat))
        irregularity = Irregularity(
            "bid_above_seven",
            law,
            seat,
            ruling,
            seq=seq,
            turn=self.auction.turn,
            level=level,
            strain=strain,
        )
        self._apply(self.rulebook.irregularity(table, irregularity))
        self._settle()
        return table.events[start:]

    def expose(
        self, seat: Seat, cards: tuple[Card, ...], led: bool, deliberate: bool = False
    ) -> tuple[Event, ...]:
        """Cards exposed (or a card led) during the auction, Law 24; cards exposed during
        the play, Laws 48-50."""
        from dupbridge.core.table import Phase  # noqa: PLC0415 - avoids an import cycle

        table = self.table
        edition = self.rulebook.edition
        if table.phase is Phase.DIRECTOR:
            raise self._pending_error(seat)
        play = table.play
        in_play = table.phase is Phase.PLAY and play is not None and table.pending_claim is None
        if table.phase is not Phase.AUCTION and not in_play:
            raise ImpossibleActionError(
                _("{seat} cannot expose cards now: the board is over or a claim is pending").format(
                    seat=seat.title
                ),
                seat=seat,
                law=_law("49", edition),
            )
        hand = table.deal[seat] if play is None else play.hand(seat)
        shown = {card for card, _led in self.exposed.get(seat, ())}
        if not cards:
            raise ImpossibleActionError(_("no card was named"), seat=seat, law=_law("24", edition))
        for card in cards:
            if card not in hand:
                raise ImpossibleActionError(
                    _("{seat} does not hold {card}").format(seat=seat.title, card=card), seat=seat
                )
            if card in shown:
                raise ImpossibleActionError(
                    _("{card} of {seat} is already face up on the table").format(
                        card=card, seat=seat.title
                    ),
                    seat=seat,
                )
        if in_play:
            penalties = self.penalty.get(seat, {})
            for card in cards:
                if card in penalties:
                    raise ImpossibleActionError(
                        _("{card} of {seat} is already a penalty card").format(
                            card=card, seat=seat.title
                        ),
                        seat=seat,
                    )
        start = len(table._events)
        seq = len(table._events)
        if led:
            table._log(CardPlayed(seq, seat, cards[0]))
        else:
            table._log(CardsExposed(seq, seat, cards, deliberate))
        ruling = len(table._events)
        if in_play:
            name = "card_exposed_during_play"
            law = _law("48" if seat.side is table.declarer.side else "49", edition)  # type: ignore[union-attr]
        else:
            name = "card_led_during_auction" if led else "card_exposed_during_auction"
            law = _law("24", edition)
        table._log(IrregularityFlagged(ruling, name, law, seat))
        irregularity = Irregularity(
            name,
            law,
            seat,
            ruling,
            seq=seq,
            turn=self.auction.turn if not in_play else None,
            cards=cards,
            facts=(("deliberate", "true" if deliberate else "false"),),
        )
        self._apply(self.rulebook.irregularity(table, irregularity))
        self._settle()
        return table.events[start:]

    def change_call(self, seat: Seat, call: Call) -> tuple[Event, ...]:
        """``seat`` replaces his last call by ``call`` (Law 25)."""
        from dupbridge.core.table import Phase  # noqa: PLC0415 - avoids an import cycle

        table = self.table
        edition = self.rulebook.edition
        if table.phase is Phase.DIRECTOR:
            raise self._pending_error(seat)
        play = table.play
        if table.phase is Phase.FINISHED or (play is not None and play.cards_played):
            raise ImpossibleActionError(
                _("{seat} cannot change a call after the auction period (Law 25A5)").format(
                    seat=seat.title
                ),
                seat=seat,
                law=_law("25A5", edition),
            )
        position = self.last_call_position(seat)
        if position is None:
            raise ImpossibleActionError(
                _("{seat} has made no call to change").format(seat=seat.title),
                seat=seat,
                law=_law("25", edition),
            )
        if any(entry.seat is seat.partner for entry in self.standing[position + 1 :]):
            raise ImpossibleActionError(
                _("{seat} cannot change his call: his partner has called since (Law 25A4)").format(
                    seat=seat.title
                ),
                seat=seat,
                law=_law("25A4", edition),
            )
        if call == self.standing[position].call:
            raise ImpossibleActionError(
                _("{call} is the call {seat} already made").format(call=call, seat=seat.title),
                seat=seat,
            )
        start = len(table._events)
        seq = len(table._events)
        table._log(CallChanged(seq, seat, call))
        self.status[seq] = "irregular"
        ruling = len(table._events)
        law = _law("25", edition)
        table._log(IrregularityFlagged(ruling, "change_of_call", law, seat))
        irregularity = Irregularity(
            "change_of_call", law, seat, ruling, seq=seq, call=call, position=position
        )
        self._apply(self.rulebook.irregularity(table, irregularity))
        self._settle()
        return table.events[start:]

    def report(
        self,
        seat: Seat,
        kind: str,
        facts: str,
        against: Seat | None,
        details: Mapping[str, object] | None = None,
    ) -> tuple[Event, ...]:
        """An irregularity the table cannot see, reported: unauthorized information (Law 16),
        misinformation (Laws 20, 21), a board or hand that is wrong (13-15), a defective trick
        (67), a disagreement on the tricks won (79), dummy's warning (43B2(a))."""
        from dupbridge.core.table import Phase  # noqa: PLC0415 - avoids an import cycle

        table = self.table
        edition = self.rulebook.edition
        laws = REPORTS
        if kind not in laws:
            raise ImpossibleActionError(
                _("unknown report {kind!r} (expected {known})").format(
                    kind=kind, known=", ".join(laws)
                ),
                seat=seat,
            )
        if table.phase is Phase.DIRECTOR:
            raise self._pending_error(seat)
        details = dict(details or {})
        text = details_json(details) if details else ""
        self._check_report(seat, kind, against, details)
        start = len(table._events)
        seq = len(table._events)
        table._log(InformationReported(seq, seat, kind, facts, against, text))
        ruling = len(table._events)
        law = _report_law(kind, edition)
        table._log(IrregularityFlagged(ruling, kind, law, against or seat))
        facts_pairs: tuple[tuple[str, str], ...] = (("facts", facts), ("reporter", seat.letter))
        if against is not None:
            facts_pairs += (("against", against.letter),)
        facts_pairs += tuple(
            (str(key), json.dumps(value)) for key, value in sorted(details.items())
        )
        position = self.last_call_position(seat)
        irregularity = Irregularity(
            kind, law, against or seat, ruling, seq=seq, position=position, facts=facts_pairs
        )
        self._apply(self.rulebook.irregularity(table, irregularity))
        self._settle()
        return table.events[start:]

    def _check_report(
        self, seat: Seat, kind: str, against: Seat | None, details: Mapping[str, object]
    ) -> None:
        """One clear error for a report that makes no sense now (nothing is logged)."""
        from dupbridge.core.table import Phase  # noqa: PLC0415 - avoids an import cycle

        table = self.table
        edition = self.rulebook.edition
        law = _report_law(kind, edition)
        play = table.play
        needs_against = (
            "incorrect_number_of_cards",
            "missing_card",
            "cards_from_wrong_board",
            "defective_trick",
        )
        if kind in needs_against and against is None:
            raise ImpossibleActionError(
                _("a {kind} report names the player concerned ('against')").format(kind=kind),
                seat=seat,
                law=law,
            )
        if kind == "cards_from_wrong_board" and (
            table.phase is not Phase.AUCTION or self.last_call_position(against) is None  # type: ignore[arg-type]
        ):
            raise ImpossibleActionError(
                _("Law 15A concerns calls made with cards from a wrong board during the auction"),
                seat=seat,
                law=law,
            )
        if kind == "defective_trick":
            trick = details.get("trick")
            done = 0 if play is None else len(play.tricks)
            if isinstance(trick, bool) or not isinstance(trick, int) or not 1 <= trick <= done:
                raise ImpossibleActionError(
                    _(
                        "a defective trick report needs 'trick', a completed trick (1 to {n})"
                    ).format(n=done),
                    seat=seat,
                    law=law,
                )
            if details.get("cards", "omitted") not in ("omitted", "surplus"):
                raise ImpossibleActionError(
                    _("'cards' is 'omitted' or 'surplus'"), seat=seat, law=law
                )
        if kind == "tricks_disputed" and (table.phase is not Phase.FINISHED or play is None):
            raise ImpossibleActionError(
                _("the tricks won are agreed once play is over (Law 79A)"), seat=seat, law=law
            )
        if kind == "dummy_suggested_play" and (
            play is None or table.phase is Phase.AUCTION or seat is not table.dummy
        ):
            raise ImpossibleActionError(
                _(
                    "Law 45F concerns dummy indicating a card during play; {seat} is not dummy"
                ).format(seat=seat.title),
                seat=seat,
                law=law,
            )
        if kind == "dummy_warned_wrong_hand":
            declarer = table.declarer
            if (
                play is None
                or table.phase is not Phase.PLAY
                or table.pending_claim is not None
                or play.current_trick
                or declarer is None
                or seat is not declarer.partner
                or play.turn not in (declarer, declarer.partner)
            ):
                raise ImpossibleActionError(
                    _(
                        "Law 43B2(a) is dummy warning declarer about the hand to lead from, "
                        "when declarer's side is on lead"
                    ),
                    seat=seat,
                    law=law,
                )

    def choose(self, seat: Seat, option: str) -> tuple[Event, ...]:
        """The chooser of the pending ruling takes ``option``."""
        table = self.table
        pending = self.pending
        edition = self.rulebook.edition
        if pending is None:
            raise ImpossibleActionError(
                _("there is no pending ruling to choose an option in"),
                seat=seat,
                law=_law("10C1", edition),
            )
        if pending.chooser is None:
            raise ImpossibleActionError(
                _("the Director must answer this question, not {seat}: {question}").format(
                    seat=seat.title, question=pending.question
                ),
                seat=seat,
                law=pending.law,
            )
        if seat is not pending.chooser:
            raise ImpossibleActionError(
                _("{seat} may not choose here; the choice is {chooser}'s ({law})").format(
                    seat=seat.title, chooser=pending.chooser.title, law=pending.law
                ),
                seat=seat,
                law=pending.law,
            )
        if option not in pending.options:
            raise ImpossibleActionError(
                _("{option!r} is not on offer; {seat} may choose {options} ({law})").format(
                    option=option,
                    seat=seat.title,
                    options=", ".join(pending.options),
                    law=pending.law,
                ),
                seat=seat,
                law=pending.law,
            )
        start = len(table._events)
        table._log(OptionChosen(len(table._events), seat, option))
        self._apply(self.rulebook.choice(table, pending, option))
        self._settle()
        return table.events[start:]

    def director(self, answers: Mapping[str, object]) -> tuple[Event, ...]:
        """The Director answers the pending question (or decides a review)."""
        table = self.table
        pending = self.pending
        if pending is not None and pending.chooser is not None:
            keys = set(answers) - _DIRECTOR_FACTS
            if keys:
                raise ImpossibleActionError(
                    _("the pending choice is {chooser}'s ({law}), not the Director's").format(
                        chooser=pending.chooser.title, law=pending.law
                    ),
                    law=pending.law,
                )
        try:
            text = json.dumps(dict(answers), sort_keys=True, ensure_ascii=False)
        except (TypeError, ValueError):
            raise ImpossibleActionError(
                _("the Director's answers must be plain data (text, numbers, yes/no, lists)")
            ) from None
        effects = self.rulebook.answer(table, pending, answers)  # raises before logging
        start = len(table._events)
        table._log(DirectorAnswered(len(table._events), text))
        self._apply(effects)
        self._settle()
        return table.events[start:]

    # --- internals -------------------------------------------------------------------------

    def last_call_position(self, seat: Seat) -> int | None:
        """The position of ``seat``'s last standing call."""
        for position in range(len(self.standing) - 1, -1, -1):
            if self.standing[position].seat is seat:
                return position
        return None

    def _check_simultaneous(self, seat: Seat) -> None:
        last = next((e for e in reversed(self.table._events) if not e.derived), None)
        if not isinstance(last, CallMade) or last.seat is seat:
            raise ImpossibleActionError(
                _("a simultaneous call must follow the call it was made with (Law 33)"),
                seat=seat,
                law=_law("33", self.rulebook.edition),
            )

    def _check_duties(self, seat: Seat, call: Call, duties: Sequence[Obligation]) -> None:
        if any(o.duty is Duty.PASS for o in duties):
            return  # a forced pass comes first; a bid then is ruled under Law 37
        for obligation in duties:
            if obligation.duty is Duty.REPEAT and obligation.call is not None:
                if call != obligation.call:
                    raise ImpossibleActionError(
                        _("{seat} must repeat his call {call} ({law})").format(
                            seat=seat.title, call=obligation.call, law=obligation.law
                        ),
                        seat=seat,
                        law=obligation.law,
                    )
            elif obligation.duty is Duty.NO_DOUBLE and isinstance(call, Double | Redouble):
                raise ImpossibleActionError(
                    _("{seat} may make any sufficient bid or pass, but not {call} ({law})").format(
                        seat=seat.title, call=call, law=obligation.law
                    ),
                    seat=seat,
                    law=obligation.law,
                )

    def _pending_error(self, seat: Seat) -> ImpossibleActionError:
        pending = self.pending
        if pending is None:
            return ImpossibleActionError(
                _("a ruling is pending: nothing may happen until the Director rules (Law 9B2)"),
                seat=seat,
                law=_law("9B2", self.rulebook.edition),
            )
        who = _("the Director") if pending.chooser is None else pending.chooser.title
        return ImpossibleActionError(
            _(
                "a ruling is pending ({law}): nothing may happen until {who} answers: "
                "{question} (Law 9B2)"
            ).format(law=pending.law, who=who, question=pending.question),
            seat=seat,
            law=_law("9B2", self.rulebook.edition),
        )

    def _out_of_rotation(self, seat: Seat, call: Call) -> tuple[str, LawRef]:
        edition = self.rulebook.edition
        if isinstance(call, Pass):
            return "pass_out_of_rotation", _law("30", edition)
        if isinstance(call, Bid):
            return "bid_out_of_rotation", _law("31", edition)
        try:
            self.auction.check_for(seat, call)
        except IrregularityError as error:
            return error.irregularity, _law("36", edition)
        kind = "double" if isinstance(call, Double) else "redouble"
        return f"{kind}_out_of_rotation", _law("32", edition)

    def _log_call(
        self, seat: Seat, call: Call, alert: bool, explanation: str | None, simultaneous: bool
    ) -> int:
        table = self.table
        seq = len(table._events)
        table._log(CallMade(seq, seat, call, alert, explanation, simultaneous))
        if simultaneous:
            ruling = len(table._events)
            law = _law("33", self.rulebook.edition)
            table._log(IrregularityFlagged(ruling, "simultaneous_call", law, seat))
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
        ruling = len(table._events)
        table._log(IrregularityFlagged(ruling, name, law, seat))
        irregularity = Irregularity(name, law, seat, ruling, seq=seq, call=call, turn=turn)
        self._apply(self.rulebook.irregularity(table, irregularity))

    def _stand(self, seat: Seat, call: Call, seq: int | None) -> None:
        """Append a call to the standing auction and fire what waits for it."""
        self.standing.append(Standing(seat, call, seq))
        self.auction.append_by(seat, call)
        if seq is not None:
            self.status[seq] = "standing"
        duties = self.obligations.get(seat)
        if duties:
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
        from dupbridge.core.table import Phase  # noqa: PLC0415 - avoids an import cycle

        table = self.table
        auction = RecordedAuction(table.board.dealer)
        for entry in self.standing:
            auction.append_by(entry.seat, entry.call)
        table.auction = auction
        if self.ended and not auction.is_complete:
            # The auction reopens during the Clarification Period (Laws 21B1, 25A5).
            self.ended = False
            table.play = None
            table._phase = Phase.AUCTION
            self.penalty.clear()
            self.restrictions.clear()
            self.designated.clear()
            if self._at_end is not None:
                exposed, rights = self._at_end
                self.exposed = {seat: list(cards) for seat, cards in exposed.items()}
                self.lead_rights = list(rights)
                self._at_end = None

    def _apply(self, effects: Iterable[Effect]) -> None:
        table = self.table
        for effect in effects:
            table._log(Rectified(len(table._events), effect))
            self._apply_one(effect)

    def _apply_one(self, effect: Effect) -> None:
        if self._apply_play_effect(effect):
            return
        if isinstance(effect, Pend):
            self.pending = effect.pending
        elif isinstance(effect, Resolve):
            self.pending = None
            for seq, status in self.status.items():
                if status == "irregular":
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
        # Note: nothing to change; it is the ruling record's.

    def _settle(self) -> None:
        """Bring the phase in line with the state: end the auction when it is complete
        (after Law 17D3's check), and ask the rulebook before each turn to play."""
        from dupbridge.core.table import Phase  # noqa: PLC0415 - avoids an import cycle

        table = self.table
        for _guard in range(200):
            if self.pending is not None:
                table._phase = Phase.DIRECTOR
                return
            if table._phase is Phase.FINISHED:
                if not self.play_over and table.play is not None:
                    self.play_ended_once()
                    continue
                return
            if table.pending_claim is not None:
                return
            if table._phase is Phase.DIRECTOR:
                if self.ended and table.play is None:  # a ruling after a passed-out auction
                    table._phase = Phase.FINISHED
                    return
                table._phase = Phase.PLAY if self.ended else Phase.AUCTION
            if not self.ended:
                auction = self.auction
                if not auction.is_complete:
                    table._phase = Phase.AUCTION
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
                table._phase = Phase.PLAY
                return
            self._apply(effects)
        raise AssertionError("recording mode did not settle")  # pragma: no cover

    def _deprived_position(self) -> int | None:
        """Law 17D3: among the passes that would end the auction, the first one made out of
        rotation, depriving a player of his turn."""
        standing = self.standing
        for position in range(max(0, len(standing) - 3), len(standing)):
            before = standing[position - 1].seat.lho if position else self.table.board.dealer
            if standing[position].seat is not before:
                return position
        return None

    def _retention(self, position: int) -> None:
        table = self.table
        entry = self.standing[position]
        ruling = len(table._events)
        law = _law("17D3", self.rulebook.edition)
        table._log(IrregularityFlagged(ruling, "retention_of_right_to_call", law, entry.seat))
        irregularity = Irregularity(
            "retention_of_right_to_call", law, entry.seat, ruling, position=position
        )
        self._apply(self.rulebook.irregularity(table, irregularity))

    def _end_auction(self) -> None:
        from dupbridge.core.table import Phase  # noqa: PLC0415 - avoids an import cycle

        table = self.table
        auction = self.auction
        contract = auction.contract
        table._log(AuctionEnded(len(table._events), contract))
        self.ended = True
        self.obligations.clear()
        self.watches.clear()
        self._at_end = (
            {seat: list(cards) for seat, cards in self.exposed.items()},
            list(self.lead_rights),
        )
        if contract is None:
            table._phase = Phase.FINISHED
            self.exposed.clear()
            self.lead_rights.clear()
            return
        declarer = contract.declarer
        assert declarer is not None
        table.play = Play(table.deal, declarer, contract.strain.suit)
        table._phase = Phase.PLAY
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


_DIRECTOR_FACTS = frozenset({"name", "time", "note", "specified"})

#: The reports a recording-mode table takes, with the law each concerns (2017 numbering).
REPORTS: dict[str, str] = {
    "unauthorized_information": "16B",
    "misinformation": "21B",
    "incorrect_number_of_cards": "13",
    "missing_card": "14",
    "cards_from_wrong_board": "15A",
    "wrong_board": "15B",
    "defective_trick": "67",
    "tricks_disputed": "79",
    "dummy_warned_wrong_hand": "43B2(a)",
    "dummy_suggested_play": "45F",
}
#: Where the 2007 Laws number a report's law differently (2007 Law 17D: cards from a wrong
#: board; 15: wrong board played).
REPORTS_2007: dict[str, str] = {"cards_from_wrong_board": "17D", "wrong_board": "15"}


def _report_law(kind: str, edition: str) -> LawRef:
    code = REPORTS_2007.get(kind, REPORTS[kind]) if edition == "2007" else REPORTS[kind]
    return _law(code, edition)
