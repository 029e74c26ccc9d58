"""Recording mode's state of one table and what it answers (:mod:`dupbridge.core.recording`).

:class:`RecorderState` holds what a recording-mode table keeps beside the auction and the play
(the calls' fate, the pending decision, obligations, exposed and penalty cards, lead rights and
restrictions, reviews) and answers the queries on it: the legal calls and cards under the
rectifications in force (Laws 23-26, 30-32, 50-51) and why a call or card is refused now.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from dupbridge.core.auction import LegalCalls
from dupbridge.core.calls import Bid, Call, Double, Pass, Redouble
from dupbridge.core.cards import Card, Suit, suit_mask
from dupbridge.core.errors import ImpossibleActionError, IrregularityError
from dupbridge.core.events import (
    CallMade,
)
from dupbridge.core.lawref import LawRef
from dupbridge.core.phases import Phase
from dupbridge.core.play import LegalCards, Play
from dupbridge.core.rectify import (
    Duty,
    LeadRight,
    Obligation,
    Pending,
    Restriction,
    Review,
    Rulebook,
    Standing,
    Watch,
)
from dupbridge.core.seats import Seat
from dupbridge.i18n import _

if TYPE_CHECKING:
    from dupbridge.core.table import Table
from dupbridge.core.recorded_auction import RecordedAuction
from dupbridge.core.recording_claims import ClaimRecorder

__all__ = ["RecorderState", "ReviewItem"]

_SUIT_MASKS = tuple(suit_mask(suit) for suit in Suit)
_SPOTS = tuple(suit_mask(suit) & ~(0b11111 << (13 * suit + 8)) for suit in Suit)  # 2-9


class ReviewItem:
    """A review the Director must decide at the end of play, and his decision."""

    __slots__ = ("decision", "review")

    def __init__(self, review: Review, decision: str | None = None) -> None:
        self.review = review
        self.decision = decision


class RecorderState(ClaimRecorder):
    """The recording-mode state of one table and its queries."""

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
        #: The obligations and watches in force when the auction ended, restored if it
        #: reopens (Laws 21B1, 25A5): they bind the player at his next turn to call.
        self._duties_at_end: tuple[dict[Seat, list[Obligation]], list[Watch]] | None = None
        #: For each obligation imposed, the last standing call then (its position): the
        #: duty rests on the auction up to that call (a repeat on the RHO's pass, Law
        #: 31A1; a partner's pass on the offender's call, 31A2(b)).
        self._basis: dict[tuple[Seat, Obligation], tuple[int, Standing] | None] = {}
        #: Duties to pass at the next turn fulfilled by a standing call (its position):
        #: owed again if that call is cancelled.
        self._spent: list[tuple[Seat, Obligation, int]] = []
        self._init_play()

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
        if table.phase is not Phase.AUCTION:
            return LegalCalls(35, False, False, False)
        auction = self.auction
        seat = auction.turn
        legal = auction.legal_calls()
        if seat is None:
            return legal
        duties = self.obligations.get(seat, ())
        if any(o.duty is Duty.PASS for o in duties):
            # A duty to pass prevails over a duty to repeat, whichever came first: a bid,
            # double or redouble by a player required to pass is inadmissible (Laws 35B,
            # 37), and the repeat duty only binds a call that is legal (Laws 31A1, 32A1).
            return LegalCalls(35, False, False, True)
        for obligation in duties:
            if obligation.duty is Duty.REPEAT and obligation.call is not None:
                return LegalCalls.only((obligation.call,))
        if any(o.duty is Duty.NO_DOUBLE for o in self.obligations.get(seat, ())):
            last = auction.last_bid
            return LegalCalls(0 if last is None else last.rank + 1, False, False, True)
        return legal

    def legal_cards(self, seat: Seat | None) -> LegalCards:
        """The cards ``seat`` may play now, obeying lead restrictions and penalty cards."""
        table = self.table
        play = table.play
        if table.phase is not Phase.PLAY or play is None or table.pending_claim is not None:
            return LegalCards(0)
        turn = play.turn
        if turn is None or (seat is not None and seat is not turn):
            return LegalCards(0)
        return LegalCards(self._allowed_mask(turn, play))

    def _allowed_mask(self, seat: Seat, play: Play, *, penalties: bool = True) -> int:
        legal = play.legal_mask(seat)
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

    def last_call_position(self, seat: Seat) -> int | None:
        """The position of ``seat``'s last standing call."""
        for position in range(len(self.standing) - 1, -1, -1):
            if self.standing[position].seat is seat:
                return position
        return None

    def _check_simultaneous(self, seat: Seat) -> None:
        last = next((e for e in reversed(self.table.log) if not e.derived), None)
        if not isinstance(last, CallMade) or last.seat is seat:
            raise ImpossibleActionError(
                _("a simultaneous call must follow the call it was made with (Law 33)"),
                seat=seat,
                law=LawRef.parse("33", self.rulebook.edition),
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
                law=LawRef.parse("9B2", self.rulebook.edition),
            )
        who = _("the Director") if pending.chooser is None else pending.chooser.title
        return ImpossibleActionError(
            _(
                "a ruling is pending ({law}): nothing may happen until {who} answers: "
                "{question} (Law 9B2)"
            ).format(law=pending.law, who=who, question=pending.question),
            seat=seat,
            law=LawRef.parse("9B2", self.rulebook.edition),
        )

    def _out_of_rotation(self, seat: Seat, call: Call) -> tuple[str, LawRef]:
        edition = self.rulebook.edition
        if isinstance(call, Pass):
            return "pass_out_of_rotation", LawRef.parse("30", edition)
        if isinstance(call, Bid):
            return "bid_out_of_rotation", LawRef.parse("31", edition)
        try:
            self.auction.check_for(seat, call)
        except IrregularityError as error:
            return error.irregularity, LawRef.parse("36", edition)
        kind = "double" if isinstance(call, Double) else "redouble"
        return f"{kind}_out_of_rotation", LawRef.parse("32", edition)

    def _deprived_position(self) -> int | None:
        """Law 17D3: among the passes that would end the auction, the first one made out of
        rotation, depriving a player of his turn."""
        standing = self.standing
        for position in range(max(0, len(standing) - 3), len(standing)):
            before = standing[position - 1].seat.lho if position else self.table.board.dealer
            if standing[position].seat is not before:
                return position
        return None
