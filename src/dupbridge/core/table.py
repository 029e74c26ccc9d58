"""One board's life at a table: auction, play, result, as a state machine over an event log.

The :class:`Table` takes commands (``make_call``, ``play_card``, ``claim``, ``concede``,
``accept_claim``, ``reject_claim``). Each returns the events it caused or raises a specific
error and leaves the table exactly as it was. Which commands each phase accepts is the data
in :data:`ACCEPTS`. ``Table.replay(events)`` rebuilds a table from its log.

Modes (DESIGN §2.6): in ``strict`` mode (online play) an irregularity is refused with an error
naming the Law it breaks. Recording mode, where irregularities are accepted and handed to the
Director, is built on this table by the rulings engine.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from dupbridge.core.auction import Auction, LegalCalls
from dupbridge.core.boards import Board
from dupbridge.core.calls import Bid, Call, Double, Pass
from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ImpossibleActionError, IrregularityError
from dupbridge.core.events import (
    AuctionEnded,
    BoardStarted,
    CallMade,
    CardPlayed,
    ClaimAccepted,
    ClaimMade,
    ClaimRejected,
    Conceded,
    Event,
    PlayEnded,
    TrickCompleted,
)
from dupbridge.core.lawref import EDITIONS, LawRef
from dupbridge.core.play import LegalCards, Play
from dupbridge.core.seats import Seat, Side
from dupbridge.i18n import _

__all__ = ["ACCEPTS", "MODES", "Phase", "Table"]

#: The modes a table can run in.
MODES: tuple[str, ...] = ("strict",)


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
        mode: ``"strict"``.

    Raises:
        InvalidDealError: if the deal is not four hands of thirteen distinct cards.
        ValueError: for an unknown edition or mode.
    """

    __slots__ = ("_claim", "_events", "_phase", "_result", "auction", "board", "deal", "play")

    def __init__(
        self,
        board: Board | int,
        deal: Deal,
        *,
        edition: str = "2017",
        mode: str = "strict",
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
        self.auction = Auction(board.dealer)
        self.play: Play | None = None
        self._phase = Phase.AUCTION
        self._claim: ClaimMade | None = None
        self._result: int | None = None
        self._events: list[Event] = [BoardStarted(0, board, deal, edition, mode)]

    # --- queries --------------------------------------------------------------------------

    @property
    def edition(self) -> str:
        """The edition of the Laws in force at this table."""
        start = self._events[0]
        assert isinstance(start, BoardStarted)
        return start.edition

    @property
    def mode(self) -> str:
        """``"strict"``."""
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
        """The contract, once the auction has ended with a bid."""
        return self.auction.contract

    @property
    def declarer(self) -> Seat | None:
        """Declarer, once there is a contract."""
        return self.auction.declarer

    @property
    def dummy(self) -> Seat | None:
        """Dummy, once there is a contract."""
        declarer = self.auction.declarer
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
        """The calls the player to call may make (none outside the auction)."""
        if self._phase is not Phase.AUCTION:
            return LegalCalls(35, False, False, False)
        return self.auction.legal_calls()

    def legal_cards(self, seat: Seat | None = None) -> LegalCards:
        """The cards ``seat`` (default: the seat to play) may play now (none out of turn)."""
        play = self.play
        if self._phase is not Phase.PLAY or play is None or self._claim is not None:
            return LegalCards(0)
        return play.legal_cards(seat)

    # --- commands -------------------------------------------------------------------------

    def make_call(
        self, seat: Seat, call: Call, *, alert: bool = False, explanation: str | None = None
    ) -> tuple[Event, ...]:
        """``seat`` makes ``call`` (alerted and explained if so).

        Returns:
            The events caused: the call, and the end of the auction if it ended.

        Raises:
            IrregularityError: a call out of rotation (Laws 28-32), an insufficient bid
                (27), an inadmissible double or redouble (36), a call after the final pass
                (39). The table is unchanged.
            ImpossibleActionError: if the board is over or a ruling is pending.
        """
        if self._phase is not Phase.AUCTION:
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
        if contract is None:
            self._phase = Phase.FINISHED
        else:
            declarer = contract.declarer
            assert declarer is not None
            self.play = Play(self.deal, declarer, contract.strain.suit)
            self._phase = Phase.PLAY
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
        if self._phase is not Phase.PLAY or self._claim is not None or play is None:
            self._require("play_card", seat, card=card)
        assert play is not None
        trick = play.play(seat, card)
        log = self._events
        event = CardPlayed(len(log), seat, card)
        log.append(event)
        if trick is None:
            return (event,)
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
        self._events.append(event)
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
        return tuple(events)

    def reject_claim(self, seat: Seat) -> tuple[Event, ...]:
        """An opponent disputes the pending claim: the Director is called (Laws 68D, 70).

        Raises:
            ImpossibleActionError: if no claim is pending or ``seat`` is on the claimer's side.
        """
        self._pending_claim_for(seat, "reject_claim")
        event = ClaimRejected(len(self._events), seat)
        self._phase = Phase.DIRECTOR
        self._events.append(event)
        return (event,)

    # --- replay ---------------------------------------------------------------------------

    @classmethod
    def replay(cls, events: Iterable[Event]) -> Table:
        """Rebuild a table from its event log (derived events are regenerated, not read).

        Raises:
            ValueError: if the log does not start with ``BoardStarted``.
            ActionError: if an action in the log is refused (the log is corrupt).
        """
        iterator = iter(events)
        start = next(iterator, None)
        if not isinstance(start, BoardStarted):
            raise ValueError(_("an event log must start with BoardStarted"))
        table = cls(start.board, start.deal, edition=start.edition, mode=start.mode)
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
                event.seat, event.call, alert=event.alert, explanation=event.explanation
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
