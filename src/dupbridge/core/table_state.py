"""The state of one board at a table and the only code that changes it (DESIGN §2.4, §2.5).

:class:`TableState` holds the deal, the auction, the play, the phase and the event log, answers
every query about them, and offers the few methods through which the state moves on
(:meth:`~TableState.log_event`, :meth:`~TableState.enter`, :meth:`~TableState.finish`): the
commands of :class:`~dupbridge.core.table.Table` and its recorders
(:mod:`dupbridge.core.recording`) change the table through these and nothing else. Which phase
takes which command, and which phase may follow which, is data in :mod:`dupbridge.core.phases`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from dupbridge.core.auction import Auction, LegalCalls
from dupbridge.core.boards import Board
from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ImpossibleActionError, IrregularityError
from dupbridge.core.events import (
    BoardStarted,
    ClaimMade,
    Event,
    PlayEnded,
)
from dupbridge.core.lawref import LawRef
from dupbridge.core.phases import (
    ACCEPTS,
    TRANSITIONS,
    WHILE_CLAIM_PENDING,
    Phase,
    command_name,
    phase_name,
)
from dupbridge.core.play import Play
from dupbridge.core.seats import Seat, Side
from dupbridge.i18n import _

if TYPE_CHECKING:
    from dupbridge.core.recording import Recorder


__all__ = ["TableState"]

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


class TableState:
    """A board's state at a table: the deal, auction, play, phase and event log, with its
    queries; the base of :class:`~dupbridge.core.table.Table`, which adds the commands."""

    __slots__ = (
        "_auction_open",
        "_claim",
        "_events",
        "_play_open",
        "_rec",
        "_result",
        "auction",
        "board",
        "deal",
        "phase",
        "play",
    )

    board: Board
    deal: Deal
    auction: Auction
    play: Play | None
    #: The current phase. A plain attribute (read on every command, issue 19); only
    #: :meth:`enter` changes it, by a transition the phase table allows.
    phase: Phase
    _claim: ClaimMade | None
    _result: int | None
    _rec: Recorder | None
    _auction_open: bool
    _play_open: bool
    _events: list[Event]

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
        if self._play_open:  # strict mode's play with no claim pending: the hot path
            return self.play.turn  # type: ignore[union-attr]
        if self._auction_open:  # strict mode's auction
            return self.auction.turn
        phase = self.phase
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

    def legal_cards(self, seat: Seat | None = None) -> tuple[Card, ...]:
        """The cards ``seat`` (default: the seat to play) may play now (none out of turn),
        spades to clubs and high to low; in recording mode they obey lead restrictions and
        penalty cards (Laws 26, 50, 51)."""
        if self._play_open:  # strict mode's play with no claim pending: the hot path
            return self.play.legal_cards(seat)  # type: ignore[union-attr]
        if self._rec is not None:
            return self._rec.legal_cards(seat)
        return ()

    # --- the table's own state, changed only here (its recorders call these) ------------

    @property
    def next_seq(self) -> int:
        """The sequence number the next logged event will have."""
        return len(self._events)

    @property
    def log(self) -> Sequence[Event]:
        """The live event log, read-only (``events`` is a copy)."""
        return self._events

    def log_event(self, event: Event) -> None:
        """Append ``event`` to the log; its ``seq`` must be :attr:`next_seq`."""
        assert event.seq == len(self._events), (event, len(self._events))
        self._events.append(event)

    def enter(self, phase: Phase) -> None:
        """Move the board to ``phase``, by a transition :data:`~dupbridge.core.phases.
        TRANSITIONS` allows."""
        assert (self.phase, phase) in TRANSITIONS, (self.phase, phase)
        self.phase = phase

    def finish(self, declarer_tricks: int, how: str) -> PlayEnded:
        """End play with ``declarer_tricks`` for declarer's side (by play, claim, concession
        or ruling) and log the :class:`PlayEnded` event, which is returned."""
        self._result = declarer_tricks
        self.enter(Phase.FINISHED)
        self._play_open = False
        ended = PlayEnded(len(self._events), declarer_tricks, how)
        self._events.append(ended)
        return ended

    def set_result(self, declarer_tricks: int | None) -> None:
        """Set (or clear) declarer's side's tricks after a ruling (Laws 64, 69B, 71)."""
        self._result = declarer_tricks

    def clear_claim(self) -> None:
        """Forget the pending claim (it was answered, withdrawn or ruled on)."""
        self._claim = None

    # --- internals ------------------------------------------------------------------------

    def require(self, command: str, seat: Seat, *, card: Card | None = None) -> None:
        """Refuse ``command`` if the current phase does not take it (nothing changes)."""
        phase = self.phase
        if command in ACCEPTS[phase]:
            if self._claim is None:
                if command in WHILE_CLAIM_PENDING:
                    raise ImpossibleActionError(
                        _("there is no claim to answer"), seat=seat, law=_LAW_69A
                    )
                return
            if command in WHILE_CLAIM_PENDING:
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
                    seat=seat.title, action=command_name(command)
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
                seat=seat.title, action=command_name(command), phase=phase_name(phase)
            ),
            seat=seat,
        )

    def __repr__(self) -> str:
        return (
            f"<Table board={self.board.number} phase={self.phase.value} events={len(self._events)}>"
        )
