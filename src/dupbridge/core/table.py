"""One board's life at a table: auction, play, result, as a state machine over an event log.

The :class:`Table` takes commands (``make_call``, ``play_card``, ``claim``, ``concede``,
``accept_claim``, ``reject_claim``). Each returns the events it caused or raises a specific
error and leaves the table exactly as it was. Which commands each phase accepts is the data
in :data:`ACCEPTS`. ``Table.replay(events)`` rebuilds a table from its log.

Modes (DESIGN §2.6): in ``strict`` mode (online play) an irregularity is refused with an error
naming the Law it breaks. In ``recording`` mode (a live table with a Director, or a real record)
the table accepts irregularities as events flagged with what it detected, enters DIRECTOR and
applies the rulings of a :class:`~dupbridge.core.rectify.Rulebook` (``dupbridge.rulings``) as
logged effects; see :mod:`dupbridge.core.recording` and docs/rulings.md. Strict mode pays one
attribute test per command for this.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from enum import Enum
from typing import TYPE_CHECKING

from dupbridge.core.auction import Auction, LegalCalls
from dupbridge.core.boards import Board
from dupbridge.core.calls import Bid, Call, Double, Pass, Strain
from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ImpossibleActionError, IrregularityError
from dupbridge.core.events import (
    AgreementWithdrawn,
    AttentionDrawn,
    AuctionEnded,
    BidAboveSevenMade,
    BoardStarted,
    CallChanged,
    CallMade,
    CardPlayed,
    CardsExposed,
    ClaimAccepted,
    ClaimMade,
    ClaimRejected,
    Conceded,
    ConcessionObjected,
    DirectorAnswered,
    Event,
    InformationReported,
    OptionChosen,
    PlayContinued,
    PlayEnded,
    TrickCompleted,
)
from dupbridge.core.lawref import EDITIONS, LawRef
from dupbridge.core.play import LegalCards, Play, Trick
from dupbridge.core.seats import Seat, Side
from dupbridge.i18n import _

if TYPE_CHECKING:
    from dupbridge.core.recording import Recorder
    from dupbridge.core.rectify import Pending, Rulebook

__all__ = ["ACCEPTS", "MODES", "Phase", "Table"]

#: The modes a table can run in.
MODES: tuple[str, ...] = ("strict", "recording")


class Phase(Enum):
    """Where a board is in its life (DESIGN §2.4)."""

    AUCTION = "auction"
    PLAY = "play"
    DIRECTOR = "director"
    FINISHED = "finished"

    def __str__(self) -> str:
        return self.value


#: Which commands each phase accepts. A claim in progress narrows PLAY further (see
#: :meth:`Table._require`).
ACCEPTS: dict[Phase, frozenset[str]] = {
    Phase.AUCTION: frozenset({"make_call"}),
    Phase.PLAY: frozenset({"play_card", "claim", "concede", "accept_claim", "reject_claim"}),
    Phase.DIRECTOR: frozenset(),
    Phase.FINISHED: frozenset(),
}
_WHILE_CLAIM_PENDING = frozenset({"accept_claim", "reject_claim"})

_LAW_24 = LawRef(24)
_LAW_30 = LawRef(30)
_LAW_31 = LawRef(31)
_LAW_32 = LawRef(32)
_LAW_39 = LawRef(39)
_LAW_43 = LawRef(43, "A1")
_LAW_68 = LawRef(68)
_LAW_68D = LawRef(68, "D")
_LAW_69A = LawRef(69, "A")
_LAW_9B2 = LawRef(9, "B2")


class Table:
    """One board played at one table.

    Args:
        board: the board (or its number, giving dealer and vulnerability by Law 2).
        deal: the four hands; it must be a valid deal.
        edition: ``"2017"`` (default) or ``"2007"``: the Laws the table is run under.
        mode: ``"strict"`` (irregularities refused) or ``"recording"`` (accepted and ruled).
        rulebook: the rules of rectification, required in recording mode (see
            ``dupbridge.rulings.rulebook_for``); its edition must be the table's.

    Raises:
        InvalidDealError: if the deal is not four hands of thirteen distinct cards.
        ValueError: for an unknown edition or mode, or a missing or mismatched rulebook.
    """

    __slots__ = (
        "_auction_open",
        "_claim",
        "_events",
        "_phase",
        "_play_open",
        "_rec",
        "_result",
        "auction",
        "board",
        "deal",
        "play",
    )

    def __init__(
        self,
        board: Board | int,
        deal: Deal,
        *,
        edition: str = "2017",
        mode: str = "strict",
        rulebook: Rulebook | None = None,
    ) -> None:
        if isinstance(board, int):
            board = Board.numbered(board)
        deal.validated()
        if edition not in EDITIONS:
            raise ValueError(
                _("unknown edition of the Laws: {edition!r} (expected {known})").format(
                    edition=edition, known=" or ".join(EDITIONS)
                )
            )
        if mode not in MODES:
            raise ValueError(
                _("unknown table mode: {mode!r} (expected {known})").format(
                    mode=mode, known=", ".join(MODES)
                )
            )
        self.board = board
        self.deal = deal
        self.play: Play | None = None
        self._phase = Phase.AUCTION
        self._claim: ClaimMade | None = None
        self._result: int | None = None
        self._rec: Recorder | None = None
        # Strict mode's fast paths: true while calls (cards) are taken with no other test.
        self._auction_open = mode != "recording"
        self._play_open = False
        if mode == "recording":
            from dupbridge.core.recording import RecordedAuction, Recorder  # noqa: PLC0415

            if rulebook is None:
                raise ValueError(_("recording mode needs a rulebook (the rules of rectification)"))
            if rulebook.edition != edition:
                raise ValueError(
                    _("the rulebook is for the {rules} Laws but the table plays {edition}").format(
                        rules=rulebook.edition, edition=edition
                    )
                )
            self.auction: Auction = RecordedAuction(board.dealer)
            self._rec = Recorder(self, rulebook)
            rules: str | None = rulebook.name
        else:
            self.auction = Auction(board.dealer)
            rules = None
        self._events: list[Event] = [BoardStarted(0, board, deal, edition, mode, rules)]

    # --- queries --------------------------------------------------------------------------

    @property
    def edition(self) -> str:
        """The edition of the Laws in force at this table."""
        start = self._events[0]
        assert isinstance(start, BoardStarted)
        return start.edition

    @property
    def mode(self) -> str:
        """``"strict"`` or ``"recording"``."""
        start = self._events[0]
        assert isinstance(start, BoardStarted)
        return start.mode

    @property
    def phase(self) -> Phase:
        """The current phase."""
        return self._phase

    @property
    def events(self) -> tuple[Event, ...]:
        """The event log, from ``BoardStarted``."""
        return tuple(self._events)

    @property
    def last_seq(self) -> int:
        """The sequence number of the last event (for optimistic concurrency)."""
        return len(self._events) - 1

    @property
    def turn(self) -> Seat | None:
        """Whose turn it is to call or play (dummy's seat for dummy's cards); None otherwise."""
        phase = self._phase
        if phase is Phase.AUCTION:
            return self.auction.turn
        play = self.play
        if phase is Phase.PLAY and play is not None and self._claim is None:
            return play.turn
        return None

    @property
    def contract(self) -> Contract | None:
        """The contract, once the auction has ended with a bid (with the declarer of the
        play: after Law 54A, the presumed dummy)."""
        contract = self.auction.contract
        play = self.play
        if contract is not None and play is not None and play.declarer is not contract.declarer:
            return contract.with_declarer(play.declarer)
        return contract

    @property
    def declarer(self) -> Seat | None:
        """Declarer, once there is a contract (in recording mode, the presumed dummy becomes
        declarer when declarer spreads his hand after an opening lead out of turn, Law 54A)."""
        play = self.play
        return play.declarer if play is not None else self.auction.declarer

    @property
    def dummy(self) -> Seat | None:
        """Dummy, once there is a contract."""
        declarer = self.declarer
        return None if declarer is None else declarer.partner

    @property
    def is_passed_out(self) -> bool:
        """Whether all four passed (Law 22B)."""
        return self.auction.is_passed_out

    @property
    def dummy_exposed(self) -> bool:
        """Whether dummy's hand is on the table: after the opening lead is faced (Law 41D)."""
        return self.play is not None and self.play.cards_played > 0

    @property
    def pending_claim(self) -> ClaimMade | None:
        """The claim awaiting the opponents' answer, if any."""
        return self._claim

    @property
    def result(self) -> int | None:
        """Declarer's side's tricks once play is over (None before, and if passed out)."""
        return self._result

    def tricks(self) -> dict[Side, int]:
        """Tricks won by each side: during play the tricks so far, after play the result."""
        if self._result is not None and self.declarer is not None:
            side = self.declarer.side
            return {side: self._result, side.opponents: 13 - self._result}
        if self.play is None:
            return {Side.NS: 0, Side.EW: 0}
        return {Side.NS: self.play.tricks_won(Side.NS), Side.EW: self.play.tricks_won(Side.EW)}

    def legal_calls(self) -> LegalCalls:
        """The calls the player to call may make (none outside the auction); in recording
        mode only Pass for a player obliged to pass, only the call he must repeat, ..."""
        if not self._auction_open:
            if self._rec is not None:
                return self._rec.legal_calls()
            return LegalCalls(35, False, False, False)
        return self.auction.legal_calls()

    def legal_cards(self, seat: Seat | None = None) -> LegalCards:
        """The cards ``seat`` (default: the seat to play) may play now (none out of turn); in
        recording mode they obey lead restrictions and penalty cards (Laws 26, 50, 51)."""
        play = self.play
        if not self._play_open or play is None:
            if self._rec is not None:
                return self._rec.legal_cards(seat)
            return LegalCards(0)
        return play.legal_cards(seat)

    # --- recording mode -------------------------------------------------------------------

    @property
    def recording(self) -> Recorder | None:
        """The recording-mode state (None in strict mode): standing calls, obligations,
        exposed and penalty cards, lead rights and restrictions, reviews."""
        return self._rec

    @property
    def pending(self) -> Pending | None:
        """The decision the table waits for in recording mode (Law 9B2), if any."""
        return None if self._rec is None else self._rec.pending

    def _recorder(self, seat: Seat | None = None) -> Recorder:
        rec = self._rec
        if rec is None:
            raise ImpossibleActionError(
                _("this table is in strict mode: rulings need recording mode"), seat=seat
            )
        return rec

    def choose(self, seat: Seat, option: str) -> tuple[Event, ...]:
        """The player entitled to a choice after an irregularity takes ``option`` (Law 10C).

        Raises:
            ImpossibleActionError: in strict mode, with nothing pending, when the choice is
                another player's or the Director's, or for an option not on offer. The table
                is unchanged.
        """
        return self._recorder(seat).choose(seat, option)

    def director(self, **answers: object) -> tuple[Event, ...]:
        """The Director answers the pending question (``comparable=True``...) or decides an
        end-of-play review; ``name``, ``time`` and ``note`` are recorded with the ruling.

        Raises:
            ImpossibleActionError: in strict mode, or for answers nobody asked for. The table
                is unchanged.
        """
        return self._recorder().director(answers)

    def director_answers(self, answers: Mapping[str, object]) -> tuple[Event, ...]:
        """:meth:`director` with the answers as a mapping."""
        return self._recorder().director(answers)

    def expose_cards(
        self, seat: Seat, cards: Iterable[Card], *, deliberate: bool = False
    ) -> tuple[Event, ...]:
        """``seat``'s ``cards`` could be seen by his partner: during the auction (Law 24),
        or during play (a defender's become penalty cards, Laws 49, 50; declarer's do not,
        48). ``deliberate``: exposed other than by accident (Law 50B).

        Raises:
            IrregularityError: in strict mode (Law 24).
            ImpossibleActionError: after the board, for cards the seat does not hold.
        """
        cards = tuple(cards)
        if self._rec is None:
            raise IrregularityError(
                _("{seat} exposed {cards} during the auction (Law 24)").format(
                    seat=seat.title, cards=" ".join(str(card) for card in cards)
                ),
                seat=seat,
                law=_LAW_24,
                irregularity="card_exposed_during_auction",
            )
        return self._rec.expose(seat, cards, led=False, deliberate=deliberate)

    def change_call(self, seat: Seat, call: Call) -> tuple[Event, ...]:
        """``seat`` replaces his last call by ``call`` (Law 25: unintended or not).

        Raises:
            IrregularityError: in strict mode (Law 25).
            ImpossibleActionError: when no change is possible (partner has called since,
                the auction period is over).
        """
        if self._rec is None:
            raise IrregularityError(
                _("{seat} tried to change his call to {call} (Law 25)").format(
                    seat=seat.title, call=call
                ),
                seat=seat,
                law=LawRef(25),
                irregularity="change_of_call",
            )
        return self._rec.change_call(seat, call)

    def bid_above_seven(self, seat: Seat, level: int, strain: Strain) -> tuple[Event, ...]:
        """``seat`` bid ``level`` (more than seven) in ``strain`` (Law 38).

        Raises:
            IrregularityError: in strict mode (Law 38).
        """
        if isinstance(level, bool) or not isinstance(level, int) or level <= 7:
            raise ImpossibleActionError(
                _("{level} is not a level above seven").format(level=level), seat=seat
            )
        if self._rec is None:
            raise IrregularityError(
                _("{seat} bid {level}{strain}: there is no bid above seven (Law 38)").format(
                    seat=seat.title, level=level, strain=strain
                ),
                seat=seat,
                law=LawRef(38),
                irregularity="bid_above_seven",
            )
        return self._rec.bid_above_seven(seat, level, strain)

    def report(
        self,
        seat: Seat,
        kind: str,
        facts: str = "",
        against: Seat | None = None,
        details: Mapping[str, object] | None = None,
    ) -> tuple[Event, ...]:
        """``seat`` reports what the table cannot see, with the facts for the Director:
        ``"unauthorized_information"`` (Law 16B), ``"misinformation"`` (20F, 21B),
        ``"incorrect_number_of_cards"`` (13), ``"missing_card"`` (14), ``"cards_from_wrong_board"``
        (15A), ``"wrong_board"`` (15B), ``"defective_trick"`` (67), ``"tricks_disputed"`` (79),
        ``"dummy_warned_wrong_hand"`` (43B2(a)). ``details`` holds particulars such as
        ``{"trick": 5}`` (docs/rulings.md).

        Raises:
            ImpossibleActionError: in strict mode, for another kind of report, or when the
                report makes no sense now (a defective trick before any trick).
        """
        return self._recorder(seat).report(seat, kind, facts, against, details or {})

    def draw_attention(
        self, seat: Seat, offender: Seat, trick: int | None = None, when: str = ""
    ) -> tuple[Event, ...]:
        """``seat`` draws attention to a revoke by ``offender`` (Laws 61-64): his last one not
        yet ruled on, or the one on ``trick``. ``when`` says when it was first raised after
        play: ``"after_play"`` (the default once play is over), ``"after_next_call"`` (a
        non-offender has called on the next deal, Law 64B4) or ``"after_round"`` (64B5).

        Raises:
            ImpossibleActionError: in strict mode, before play, while a ruling is pending, or
                when ``offender`` made no such revoke.
        """
        return self._recorder(seat).draw_attention(seat, offender, trick, when)

    def continue_play(self, seat: Seat) -> tuple[Event, ...]:
        """At the request of ``seat`` (of the side that did not claim), all four agreeing,
        play continues after a claim, which is void (2017 Law 68D2(b)).

        Raises:
            ImpossibleActionError: in strict mode, under the 2007 Laws, with no claim pending,
                or at the claimer's side's request.
        """
        return self._recorder(seat).continue_play(seat)

    def object_to_concession(self, seat: Seat) -> tuple[Event, ...]:
        """``seat`` objects at once to his partner's concession: there is none, and play
        continues (Law 68B2).

        Raises:
            ImpossibleActionError: in strict mode, or when the last action is not his
                partner's concession as a defender.
        """
        return self._recorder(seat).object_to_concession(seat)

    def withdraw_agreement(self, seat: Seat) -> tuple[Event, ...]:
        """Within the Correction Period ``seat`` withdraws his side's agreement to a claim or
        concession (Law 69B), or asks the Director to cancel his side's concession (71).

        Raises:
            ImpossibleActionError: in strict mode, or when play did not end by a claim or
                concession his side agreed to or made.
        """
        return self._recorder(seat).withdraw_agreement(seat)

    # --- commands -------------------------------------------------------------------------

    def make_call(
        self,
        seat: Seat,
        call: Call,
        *,
        alert: bool = False,
        explanation: str | None = None,
        simultaneous: bool = False,
    ) -> tuple[Event, ...]:
        """``seat`` makes ``call`` (alerted and explained if so; ``simultaneous`` with the
        previous call, recording mode only, Law 33).

        Returns:
            The events caused: the call, and the end of the auction if it ended.

        Raises:
            IrregularityError: a call out of rotation (Laws 28-32), an insufficient bid
                (27), an inadmissible double or redouble (36), a call after the final pass
                (39). The table is unchanged. (Recording mode accepts them and rules.)
            ImpossibleActionError: if the board is over or a ruling is pending.
        """
        if not self._auction_open:
            if self._rec is not None:
                return self._rec.make_call(seat, call, alert, explanation, simultaneous)
            self._require("make_call", seat)
        auction = self.auction
        if seat is not auction.turn:
            raise self._call_out_of_rotation(seat, call)
        auction.add(call)
        log = self._events
        event = CallMade(len(log), seat, call, alert, explanation)
        log.append(event)
        if not auction.is_complete:
            return (event,)
        contract = auction.contract
        ended = AuctionEnded(len(log), contract)
        log.append(ended)
        self._auction_open = False
        if contract is None:
            self._phase = Phase.FINISHED
        else:
            declarer = contract.declarer
            assert declarer is not None
            self.play = Play(self.deal, declarer, contract.strain.suit)
            self._phase = Phase.PLAY
            self._play_open = True
        return (event, ended)

    def play_card(self, seat: Seat, card: Card) -> tuple[Event, ...]:
        """Play ``card`` from ``seat``'s hand (dummy's seat for dummy's cards).

        Returns:
            The events caused: the card, the trick if it completed one, the end of play.

        Raises:
            IrregularityError: a lead or play out of turn (Laws 54-57), a failure to follow
                suit (44C), a card shown during the auction (24). The table is unchanged.
            ImpossibleActionError: a card the seat does not hold, play after the board ended
                or while a claim is pending.
        """
        play = self.play
        if not self._play_open or play is None:
            if self._rec is not None:
                return self._rec.play_card(seat, card)
            self._require("play_card", seat, card=card)
        assert play is not None
        trick = play.play(seat, card)
        log = self._events
        event = CardPlayed(len(log), seat, card)
        log.append(event)
        if trick is None:
            return (event,)
        return self._trick_done(play, event, trick)

    def _play_card(self, seat: Seat, card: Card) -> tuple[Event, ...]:
        """:meth:`play_card` without recording mode's checks (the recorder made them)."""
        play = self.play
        if self._phase is not Phase.PLAY or self._claim is not None or play is None:
            self._require("play_card", seat, card=card)
        assert play is not None
        trick = play.play(seat, card)
        log = self._events
        event = CardPlayed(len(log), seat, card)
        log.append(event)
        if trick is None:
            return (event,)
        return self._trick_done(play, event, trick)

    def _trick_done(self, play: Play, event: Event, trick: Trick) -> tuple[Event, ...]:
        log = self._events
        events: list[Event] = [event, TrickCompleted(len(log), trick)]
        log.append(events[1])
        if play.is_complete:
            self._finish(events, play.declarer_tricks, "played")
            log.append(events[-1])
        return tuple(events)

    def claim(self, seat: Seat, tricks: int, statement: str | None = None) -> tuple[Event, ...]:
        """``seat`` claims that his side will have ``tricks`` tricks in all (Law 68A).

        Play stops (Law 68D) until an opponent accepts or disputes the claim.

        Raises:
            ImpossibleActionError: outside play, by dummy, with a claim already pending, or
                for a number of tricks the side cannot end with.
        """
        self._require("claim", seat)
        play = self.play
        assert play is not None
        if seat is play.dummy:
            raise ImpossibleActionError(
                _("dummy ({seat}) may not claim; declarer claims for his side (Law 68)").format(
                    seat=seat.title
                ),
                seat=seat,
                law=_LAW_43,
            )
        low, high = self._claim_range(seat.side)
        if isinstance(tricks, bool) or not isinstance(tricks, int) or not low <= tricks <= high:
            raise ImpossibleActionError(
                _(
                    "{seat} cannot claim {tricks} tricks: his side has {won} and {left} "
                    "remain, so a claim must be between {low} and {high} (Law 68A)"
                ).format(
                    seat=seat.title,
                    tricks=tricks,
                    won=low,
                    left=high - low,
                    low=low,
                    high=high,
                ),
                seat=seat,
                law=_LAW_68,
            )
        event = ClaimMade(len(self._events), seat, tricks, statement)
        self._claim = event
        self._play_open = False
        self._events.append(event)
        if self._rec is not None:
            return self._rec.after_play_action(event)
        return (event,)

    def concede(self, seat: Seat, tricks: int | None = None) -> tuple[Event, ...]:
        """``seat`` concedes ``tricks`` of the remaining tricks (all of them if None), Law 68B.

        Play ends at once with the conceding side taking the rest.

        Raises:
            ImpossibleActionError: outside play, by dummy, while a claim is pending, or for
                more tricks than remain.
        """
        self._require("concede", seat)
        play = self.play
        assert play is not None
        if seat is play.dummy:
            raise ImpossibleActionError(
                _("dummy ({seat}) may not concede; declarer concedes for his side (Law 68)").format(
                    seat=seat.title
                ),
                seat=seat,
                law=_LAW_43,
            )
        low, high = self._claim_range(seat.side)
        remaining = high - low
        count = remaining if tricks is None else tricks
        if isinstance(count, bool) or not isinstance(count, int) or not 0 < count <= remaining:
            raise ImpossibleActionError(
                _("{seat} cannot concede {tricks} tricks: {left} remain (Law 68B)").format(
                    seat=seat.title, tricks=count, left=remaining
                ),
                seat=seat,
                law=LawRef(68, "B"),
            )
        events: list[Event] = [Conceded(len(self._events), seat, count)]
        side_total = high - count
        declarer_side = play.declarer.side
        declarer_tricks = side_total if seat.side is declarer_side else 13 - side_total
        self._finish(events, declarer_tricks, "concession")
        self._events.extend(events)
        if self._rec is not None:
            return self._rec.after_play_action(events[0])
        return tuple(events)

    def accept_claim(self, seat: Seat) -> tuple[Event, ...]:
        """An opponent of the claimer agrees to the pending claim; play ends (Law 69A).

        Raises:
            ImpossibleActionError: if no claim is pending or ``seat`` is on the claimer's side.
        """
        claim = self._pending_claim_for(seat, "accept_claim")
        play = self.play
        assert play is not None
        events: list[Event] = [ClaimAccepted(len(self._events), seat)]
        declarer_side = play.declarer.side
        tricks = claim.tricks if claim.seat.side is declarer_side else 13 - claim.tricks
        self._claim = None
        self._finish(events, tricks, "claim")
        self._events.extend(events)
        if self._rec is not None:
            return self._rec.after_play_action(events[0])
        return tuple(events)

    def reject_claim(self, seat: Seat) -> tuple[Event, ...]:
        """An opponent disputes the pending claim: the Director is called (Laws 68D, 70).

        Raises:
            ImpossibleActionError: if no claim is pending or ``seat`` is on the claimer's side.
        """
        self._pending_claim_for(seat, "reject_claim")
        if self._rec is not None:
            return self._rec.reject_claim(seat)
        event = ClaimRejected(len(self._events), seat)
        self._phase = Phase.DIRECTOR
        self._events.append(event)
        return (event,)

    # --- replay ---------------------------------------------------------------------------

    @classmethod
    def replay(cls, events: Iterable[Event], rulebook: Rulebook | None = None) -> Table:
        """Rebuild a table from its event log (derived events are regenerated, not read).

        Args:
            events: the log, from ``BoardStarted``.
            rulebook: the rules of rectification, for a recording-mode log.

        Raises:
            ValueError: if the log does not start with ``BoardStarted``, or a recording-mode
                log comes without a rulebook.
            ActionError: if an action in the log is refused (the log is corrupt).
        """
        iterator = iter(events)
        start = next(iterator, None)
        if not isinstance(start, BoardStarted):
            raise ValueError(_("an event log must start with BoardStarted"))
        table = cls(
            start.board, start.deal, edition=start.edition, mode=start.mode, rulebook=rulebook
        )
        for event in iterator:
            table.apply(event)
        return table

    def apply(self, event: Event) -> tuple[Event, ...]:
        """Carry out the action an event records (derived events are skipped).

        Raises:
            ActionError: if the action is refused now.
            ValueError: for an event that is no action (``BoardStarted``).
        """
        if event.derived:
            return ()
        if isinstance(event, CallMade):
            return self.make_call(
                event.seat,
                event.call,
                alert=event.alert,
                explanation=event.explanation,
                simultaneous=event.simultaneous,
            )
        if isinstance(event, CardPlayed):
            return self.play_card(event.seat, event.card)
        if isinstance(event, ClaimMade):
            return self.claim(event.seat, event.tricks, event.statement)
        if isinstance(event, ClaimAccepted):
            return self.accept_claim(event.seat)
        if isinstance(event, ClaimRejected):
            return self.reject_claim(event.seat)
        if isinstance(event, Conceded):
            return self.concede(event.seat, event.tricks)
        if isinstance(event, OptionChosen):
            return self.choose(event.seat, event.option)
        if isinstance(event, DirectorAnswered):
            return self.director_answers(json.loads(event.answers))
        if isinstance(event, CardsExposed):
            return self.expose_cards(event.seat, event.cards, deliberate=event.deliberate)
        if isinstance(event, CallChanged):
            return self.change_call(event.seat, event.call)
        if isinstance(event, BidAboveSevenMade):
            return self.bid_above_seven(event.seat, event.level, event.strain)
        if isinstance(event, InformationReported):
            details = json.loads(event.details) if event.details else None
            return self.report(event.seat, event.kind, event.facts, event.against, details)
        if isinstance(event, AttentionDrawn):
            return self.draw_attention(event.seat, event.offender, event.trick, event.when)
        if isinstance(event, PlayContinued):
            return self.continue_play(event.seat)
        if isinstance(event, ConcessionObjected):
            return self.object_to_concession(event.seat)
        if isinstance(event, AgreementWithdrawn):
            return self.withdraw_agreement(event.seat)
        raise ValueError(_("not an action event: {event!r}").format(event=event))

    # --- internals ------------------------------------------------------------------------

    def _require(self, command: str, seat: Seat, *, card: Card | None = None) -> None:
        """Refuse ``command`` if the current phase does not take it (nothing changes)."""
        phase = self._phase
        if command in ACCEPTS[phase]:
            if self._claim is None:
                if command in _WHILE_CLAIM_PENDING:
                    raise ImpossibleActionError(
                        _("there is no claim to answer"), seat=seat, law=_LAW_69A
                    )
                return
            if command in _WHILE_CLAIM_PENDING:
                return
            raise ImpossibleActionError(
                _("play has stopped for {claimer}'s claim; it must be answered first").format(
                    claimer=self._claim.seat.title
                )
                + f" ({_LAW_68D})",
                seat=seat,
                law=_LAW_68D,
            )
        if phase is Phase.AUCTION and command == "play_card":
            raise IrregularityError(
                _("{seat} showed {card} during the auction (Law 24)").format(
                    seat=seat.title, card=card
                ),
                seat=seat,
                law=_LAW_24,
                irregularity="card_exposed_during_auction",
            )
        if phase is Phase.PLAY and command == "make_call":
            raise IrregularityError(
                _("{seat} called after the auction had ended (Law 39)").format(seat=seat.title),
                seat=seat,
                law=_LAW_39,
                irregularity="call_after_final_pass",
            )
        if phase is Phase.FINISHED and command == "make_call" and self.is_passed_out:
            raise ImpossibleActionError(
                _(
                    "the board is over: it was passed out, and no call may follow the final "
                    "pass (Laws 22, 39); {seat}'s call is refused"
                ).format(seat=seat.title),
                seat=seat,
                law=_LAW_39,
            )
        if phase is Phase.FINISHED:
            raise ImpossibleActionError(
                _("the board is over: {seat} cannot {action} now").format(
                    seat=seat.title, action=_command_name(command)
                ),
                seat=seat,
            )
        if phase is Phase.DIRECTOR:
            raise ImpossibleActionError(
                _("a ruling is pending: nothing may happen until the Director rules (Law 9B2)"),
                seat=seat,
                law=_LAW_9B2,
            )
        raise ImpossibleActionError(
            _("{seat} cannot {action} during the {phase}").format(
                seat=seat.title, action=_command_name(command), phase=_phase_name(phase)
            ),
            seat=seat,
        )

    def _log(self, event: Event) -> None:
        """Append an event to the log (recording mode builds its events outside)."""
        self._events.append(event)

    def _pending_claim_for(self, seat: Seat, command: str) -> ClaimMade:
        self._require(command, seat)
        claim = self._claim
        assert claim is not None
        if seat.side is claim.seat.side:
            raise ImpossibleActionError(
                _("{seat} is on the claimer's side; only an opponent answers a claim").format(
                    seat=seat.title
                ),
                seat=seat,
                law=_LAW_69A,
            )
        return claim

    def _claim_range(self, side: Side) -> tuple[int, int]:
        """The fewest and most tricks ``side`` can end with from here."""
        play = self.play
        assert play is not None
        won = play.tricks_won(side)
        remaining = 13 - len(play.tricks)
        return won, won + remaining

    def _finish(self, events: list[Event], declarer_tricks: int, how: str) -> None:
        """End play with ``declarer_tricks`` for declarer's side; ``events`` (not yet in the
        log unless already appended) receives the PlayEnded event."""
        self._result = declarer_tricks
        self._phase = Phase.FINISHED
        self._play_open = False
        unlogged = sum(1 for event in events if event.seq >= len(self._events))
        events.append(PlayEnded(len(self._events) + unlogged, declarer_tricks, how))

    def _call_out_of_rotation(self, seat: Seat, call: Call) -> IrregularityError:
        law = _LAW_30 if isinstance(call, Pass) else _LAW_31 if isinstance(call, Bid) else _LAW_32
        expected = self.auction.turn
        assert expected is not None
        kind = (
            "pass"
            if isinstance(call, Pass)
            else "bid"
            if isinstance(call, Bid)
            else ("double" if isinstance(call, Double) else "redouble")
        )
        return IrregularityError(
            _("call out of rotation: {seat} called {call} but it is {turn}'s turn").format(
                seat=seat.title, call=call, turn=expected.title
            )
            + f" ({law})",
            seat=seat,
            law=law,
            irregularity=f"{kind}_out_of_rotation",
        )

    def __repr__(self) -> str:
        return (
            f"<Table board={self.board.number} phase={self._phase.value} "
            f"events={len(self._events)}>"
        )


def _command_name(command: str) -> str:
    return {
        "make_call": _("call"),
        "play_card": _("play a card"),
        "claim": _("claim"),
        "concede": _("concede"),
        "accept_claim": _("accept a claim"),
        "reject_claim": _("reject a claim"),
    }[command]


def _phase_name(phase: Phase) -> str:
    return {
        Phase.AUCTION: _("auction"),
        Phase.PLAY: _("play"),
        Phase.DIRECTOR: _("Director's ruling"),
        Phase.FINISHED: _("end of the board"),
    }[phase]
