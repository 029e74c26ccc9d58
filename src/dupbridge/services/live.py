"""A table as the server holds it: the core Table folded from the stored log, plus what
online play adds (a pending undo request, the opponents' agreement to a claim, a Director
call) and the idempotency keys seen.

The stored log holds the core's events (action and derived, as
:func:`dupbridge.core.event_json.event_to_json` writes them) and the service's own events
(``UndoRequested``, ``UndoAnswered``, ``ClaimAgreed``, ``DirectorCalled``, ``ChatSent``,
``RobotSeated``, ``SeatDisconnected`` and ``SeatReconnected`` (written by the server
when a player's connection closes during play and when he comes back), ``DirectorRuled``,
``DirectorMessage``, ``DirectorScored``: the Director's score, Law 12C;
``DirectorAttended``: a call attended; and a ruling on the engine:
``DirectorRecording``, ``DirectorStep``, ``DirectorResumed``, see
:mod:`dupbridge.services.live_ruling`).
Folding it replays the core's action events through ``Table.execute`` (derived ones are
regenerated) and the service events through this module; an undo that was granted withdraws
the calls from the undone one on, and the Table is rebuilt by ``Table.replay`` from the calls
that stand. A server process that restarts rebuilds every table exactly so.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dupbridge.core.commands import AcceptClaim, Command, MakeCall, PlayCard, command_of
from dupbridge.core.errors import ImpossibleActionError
from dupbridge.core.event_json import EVENT_TYPES, event_from_json
from dupbridge.core.events import BoardStarted, CallMade, ClaimMade, Event
from dupbridge.core.lawref import LawRef
from dupbridge.core.seats import Seat
from dupbridge.core.table import Phase, Table
from dupbridge.i18n import _
from dupbridge.services import live_ruling
from dupbridge.services.online import (
    AnswerUndo,
    CallDirector,
    DirectorAttended,
    DirectorCommand,
    DirectorMessage,
    DirectorRecording,
    DirectorRuling,
    DirectorScore,
    DirectorStep,
    OnlineCommand,
    RequestUndo,
    RobotSits,
    SendChat,
    TableSettings,
)
from dupbridge.services.records import apply_action

__all__ = ["QUIET_EVENTS", "SERVICE_EVENTS", "CorruptLogError", "LiveTable", "UndoRequest"]

_LAW_25A = LawRef(25, "A")
_LAW_69A = LawRef(69, "A")
_LAW_70 = LawRef(70)
_LAW_81C3 = LawRef(81, "C3")

#: The event types the table service logs itself (not the core's).
SERVICE_EVENTS = frozenset(
    {
        "UndoRequested",
        "UndoAnswered",
        "ClaimAgreed",
        "DirectorCalled",
        "ChatSent",
        "DirectorRuled",
        "DirectorMessage",
        *live_ruling.RULING_EVENTS,
        "DirectorScored",
        "DirectorAttended",
        "RobotSeated",
        "SeatDisconnected",
        "SeatReconnected",
    }
)

#: The events that change nothing a command depends on: a seat's connection closing or
#: opening again (the server's presence events) and a chat message. A command sent before
#: them means what it meant when it was sent (see :meth:`LiveTable.quiet_since`). A call, a
#: card, a claim and its answers, an undo, a Director call, a robot seated and everything
#: the Director writes are not quiet.
QUIET_EVENTS = frozenset({"SeatDisconnected", "SeatReconnected", "ChatSent"})


class CorruptLogError(ValueError):
    """A stored log that does not replay (an unknown event type, a refused action)."""


@dataclass(frozen=True, slots=True)
class UndoRequest:
    """``seat`` asked to take back his calls from the one stored at ``from_seq``."""

    seat: Seat
    from_seq: int


class LiveTable:
    """One table in memory, in step with its stored log up to :attr:`head`."""

    def __init__(
        self, table_id: str, session_id: str, board_number: int, settings: TableSettings
    ) -> None:
        self.id = table_id
        self.session_id = session_id
        self.board_number = board_number
        self.settings = settings
        self.lock = asyncio.Lock()
        self.released_at: float | None = None
        self.reset()

    def reset(self) -> None:
        """Forget the log (before folding it again from the store)."""
        self.head = -1
        self.rows: list[tuple[int, dict[str, Any]]] = []
        self.actions: list[tuple[int, Event]] = []
        self.batches: dict[str, tuple[int, int]] = {}
        self._batch_keys: dict[int, str] = {}
        self.start: BoardStarted | None = None
        self._table: Table | None = None
        self.undo_request: UndoRequest | None = None
        self.claim_agreed: set[Seat] = set()
        self.director_called: Seat | None = None
        # A ruling on the engine (live_ruling): the table is in recording mode once one
        # opened; ``ruling_open`` while the Director rules; his steps, by stored seq.
        self.recording = False
        self.ruling_open = False
        self.steps: list[tuple[int, dict[str, Any]]] = []
        #: The ``DirectorScored`` events, (seq, payload), oldest first: the last one says
        #: the score in force (None: the table's own result stands).
        self.director_scores: list[tuple[int, dict[str, Any]]] = []
        self.robot_seats: set[Seat] = set()
        #: The seats whose player's connection closed (``SeatDisconnected``, by its seq) and
        #: who has not come back (``SeatReconnected``).
        self.disconnected: dict[Seat, int] = {}
        #: The frames encoded at :attr:`head` (``services.frames``), by (viewer, since,
        #: language, released): built once for all the sockets that share one.
        self.frame_texts: tuple[int, dict[tuple[Any, ...], tuple[bool, str]]] = (-2, {})

    @property
    def table(self) -> Table:
        """The core table."""
        if self._table is None:
            raise CorruptLogError(_("the table's log has no BoardStarted event"))
        return self._table

    @property
    def finished(self) -> bool:
        """Whether play is over (or the board passed out)."""
        return self._table is not None and self._table.phase is Phase.FINISHED

    # --- folding ----------------------------------------------------------------------------

    def fold(self, seq: int, batch: int, payload: Mapping[str, Any], key: str | None) -> None:
        """Apply one stored row: replay a core action, skip a derived event, apply a service
        event.

        Raises:
            CorruptLogError: if the row does not follow the head or does not replay.
        """
        kind = payload.get("type")
        event: Event | None = None
        if kind in EVENT_TYPES:
            cls = EVENT_TYPES[str(kind)]
            if not cls.derived:
                try:
                    event = event_from_json(payload)
                    if isinstance(event, BoardStarted):
                        self.start = event
                        self._table = Table.replay([event])
                    else:
                        self.table.execute(command_of(event))
                except ValueError as error:  # notation, or an action the table refuses
                    raise CorruptLogError(
                        _("event {seq} of table {table} does not replay: {error}").format(
                            seq=seq, table=self.id, error=error
                        )
                    ) from error
        elif kind not in SERVICE_EVENTS:
            raise CorruptLogError(
                _("event {seq} of table {table} has an unknown type {kind!r}").format(
                    seq=seq, table=self.id, kind=kind
                )
            )
        self.record(seq, batch, payload, key, event)

    def record(
        self,
        seq: int,
        batch: int,
        payload: Mapping[str, Any],
        key: str | None,
        event: Event | None,
    ) -> None:
        """Note a stored row whose core action (``event``, if any) is already executed."""
        if seq != self.head + 1:
            raise CorruptLogError(
                _("event {seq} of table {table} does not follow {head}").format(
                    seq=seq, table=self.id, head=self.head
                )
            )
        self.head = seq
        self.rows.append((seq, dict(payload)))
        if key is not None:
            self._batch_keys[batch] = key
        batch_key = self._batch_keys.get(batch)
        if batch_key is not None:
            self.batches[batch_key] = (batch, seq)
        if event is not None and not isinstance(event, BoardStarted):
            self.actions.append((seq, event))
            self.undo_request = None  # any action makes a pending request moot
            if isinstance(event, ClaimMade) or self.table.pending_claim is None:
                self.claim_agreed.clear()
        kind = payload.get("type")
        if kind == "UndoRequested":
            self.undo_request = UndoRequest(
                Seat.from_str(str(payload["seat"])), int(payload["from_seq"])
            )
        elif kind == "UndoAnswered":
            self.undo_request = None
            if payload.get("grant"):
                self._withdraw_from(int(payload["from_seq"]))
        elif kind == "ClaimAgreed":
            self.claim_agreed.add(Seat.from_str(str(payload["seat"])))
        elif kind == "DirectorCalled":
            self.director_called = Seat.from_str(str(payload["seat"]))
        elif kind == "DirectorRuled":
            self._apply_ruling(payload)
        elif kind == "RobotSeated":
            self.robot_seats.add(Seat.from_str(str(payload["seat"])))
        elif kind == "SeatDisconnected":
            self.disconnected[Seat.from_str(str(payload["seat"]))] = seq
        elif kind == "SeatReconnected":
            self.disconnected.pop(Seat.from_str(str(payload["seat"])), None)
        elif kind == "DirectorScored":
            self.director_scores.append((seq, dict(payload)))
        elif kind in live_ruling.RULING_EVENTS:
            self._apply_engine_ruling(seq, payload)

    def _apply_engine_ruling(self, seq: int, payload: Mapping[str, Any]) -> None:
        """Apply a stored ``DirectorRecording``, ``DirectorStep`` or ``DirectorResumed``."""
        kind = payload.get("type")
        try:
            if kind == live_ruling.OPENED:
                point = int(payload["from_seq"])
                self.actions = [(at, event) for at, event in self.actions if at <= point]
                self.steps = [(at, action) for at, action in self.steps if at <= point]
                self.recording = self.ruling_open = True
                self.undo_request = None
                self.claim_agreed.clear()
                self._rebuild()
            elif kind == live_ruling.STEP:
                action = dict(payload["action"])
                apply_action(self.table, action)
                self.steps.append((seq, action))
            else:
                self.ruling_open = False
        except (KeyError, TypeError, ValueError) as error:
            raise CorruptLogError(
                _("event {seq} of table {table} does not replay: {error}").format(
                    seq=seq, table=self.id, error=error
                )
            ) from error

    def _rebuild(self) -> None:
        """The core table again from the board and the actions (and steps) that stand: in
        recording mode once the Director has ruled on the engine, else by ``Table.replay``."""
        assert self.start is not None
        if self.recording:
            self._table = live_ruling.rebuild(self.start, self.actions, self.steps)
        else:
            self._table = Table.replay([self.start, *(event for _seq, event in self.actions)])

    def trial(self) -> Table:
        """A copy of the core table as it stands, to try the Director's next step on."""
        assert self.start is not None
        return live_ruling.rebuild(self.start, self.actions, self.steps)

    def execute(self, command: Command) -> tuple[Event, ...]:
        """Carry out a seat's table command. After a ruling on the engine the table is in
        recording mode: a call or card it flags as an irregularity is refused with its law,
        as strict mode refuses it, and the table is rebuilt as it was; while the Director
        rules, no seat acts (Law 9B2).

        Raises:
            ActionError: if the command is refused (nothing has changed).
        """
        if self.ruling_open:
            raise live_ruling.waiting_error()
        events = self.table.execute(command)
        if self.recording and isinstance(command, MakeCall | PlayCard):
            refused = live_ruling.irregularity_of(events)
            if refused is not None:
                self._rebuild()
                raise refused
        return events

    def _withdraw_from(self, from_seq: int) -> None:
        """Withdraw the actions stored from ``from_seq`` on and rebuild the Table from the
        ones that stand (``Table.replay``)."""
        self.actions = [(seq, event) for seq, event in self.actions if seq < from_seq]
        self.steps = [(seq, action) for seq, action in self.steps if seq < from_seq]
        self._rebuild()

    def service_payload(self, actor: Seat, command: OnlineCommand) -> dict[str, Any] | None:
        """The service event a command records, or None for a core table command."""
        seat = actor.letter
        if self.ruling_open and isinstance(command, RequestUndo | AnswerUndo):
            raise live_ruling.waiting_error()
        match command:
            case SendChat(text=text):
                return {"type": "ChatSent", "seat": seat, "text": text}
            case RobotSits():
                if actor in self.robot_seats:
                    raise ImpossibleActionError(
                        _("a robot already plays {seat}").format(seat=actor.title), seat=actor
                    )
                return {"type": "RobotSeated", "seat": seat}
            case CallDirector(reason=reason):
                return {"type": "DirectorCalled", "seat": seat, "reason": reason}
            case RequestUndo():
                return {"type": "UndoRequested", "seat": seat, "from_seq": self.undoable(actor)}
            case AnswerUndo(grant=grant):
                if self.settings.undo == "director":
                    raise ImpossibleActionError(
                        _("at this table the Director rules on undo requests (Law 25A)"),
                        seat=actor,
                        law=_LAW_25A,
                    )
                request = self.undo_request
                if request is None:
                    raise ImpossibleActionError(
                        _("there is no undo request to answer"), seat=actor, law=_LAW_25A
                    )
                if request.seat.side is actor.side:
                    raise ImpossibleActionError(
                        _("only an opponent of {seat} answers his undo request").format(
                            seat=request.seat.title
                        ),
                        seat=actor,
                        law=_LAW_25A,
                    )
                return {
                    "type": "UndoAnswered",
                    "seat": seat,
                    "grant": grant,
                    "from_seq": request.from_seq,
                }
            case AcceptClaim() if self.settings.claims == "both":
                claim = self.table.pending_claim
                if (
                    claim is not None
                    and claim.seat.side is not actor.side
                    and actor not in self.claim_agreed
                    and not self.claim_agreed
                ):
                    return {"type": "ClaimAgreed", "seat": seat}
                if actor in self.claim_agreed:
                    raise ImpossibleActionError(
                        _(
                            "{seat} has already accepted the claim; his partner must answer too "
                            "(Law 69A)"
                        ).format(seat=actor.title),
                        seat=actor,
                        law=_LAW_69A,
                    )
                return None
            case _:
                return None

    def presence_payload(
        self, seat: Seat, *, connected: bool, player: str, at: str
    ) -> dict[str, Any] | None:
        """The server's event for a seat's connection that opened or closed, or None if
        there is nothing to log: ``SeatDisconnected`` when a player's last connection closes
        while the board is in play (auction or play), ``SeatReconnected`` when a
        disconnected player comes back. A robot's seat never counts."""
        if seat in self.robot_seats or self._table is None:
            return None
        if connected:
            if seat not in self.disconnected:
                return None
            return {"type": "SeatReconnected", "seat": seat.letter, "player": player, "at": at}
        if seat in self.disconnected or self.table.phase not in {Phase.AUCTION, Phase.PLAY}:
            return None
        return {"type": "SeatDisconnected", "seat": seat.letter, "player": player, "at": at}

    def undoable(self, actor: Seat) -> int:
        """The stored seq of ``actor``'s last call, if he may ask to take it back (Law 25A:
        during the auction, until his partner has called)."""
        if self.settings.undo == "none":
            raise ImpossibleActionError(
                _("undo is not allowed at this table"), seat=actor, law=_LAW_25A
            )
        if self.table.phase is not Phase.AUCTION:
            raise ImpossibleActionError(
                _("a call can be taken back only during the auction (Law 25A)"),
                seat=actor,
                law=_LAW_25A,
            )
        if self.undo_request is not None:
            raise ImpossibleActionError(
                _("an undo request is already waiting for an answer"), seat=actor, law=_LAW_25A
            )
        for seq, event in reversed(self.actions):
            if isinstance(event, CallMade):
                if event.seat is actor.partner:
                    break
                if event.seat is actor:
                    return seq
        raise ImpossibleActionError(
            _(
                "{seat} has no call to take back: none, or his partner has called since (Law 25A)"
            ).format(seat=actor.title),
            seat=actor,
            law=_LAW_25A,
        )

    def ruling_payload(self, director: str, tricks: int | None, at: str) -> dict[str, Any]:
        """The ``DirectorRuled`` event of the Director's ruling on the disputed claim: the
        claimer's side ends with ``tricks`` tricks in all (Laws 69-71: the Director decides the
        result, doubtful points against the claimer, 70A; the score follows, Law 77), or, with
        ``tricks`` None, play continues from the position and the claim is void (2017 Law
        68D2(b), the four players agreeing).

        Raises:
            ImpossibleActionError: if no disputed claim waits for the Director, or the tricks
                are not a result the claimer's side can end with (nothing changes).
        """
        table = self.table
        claim = table.pending_claim
        play = table.play
        if self.recording:  # the engine holds the claim's decision: it is answered there
            raise ImpossibleActionError(
                _("the table is in recording mode: rule on the claim on the engine"),
                law=_LAW_70,
            )
        if table.phase is not Phase.DIRECTOR or claim is None or play is None:
            raise ImpossibleActionError(
                _("there is no disputed claim at this table for the Director to rule on"),
                law=_LAW_70,
            )
        payload: dict[str, Any] = {
            "type": "DirectorRuled",
            "director": director,
            "at": at,
            "claimer": claim.seat.letter,
            "claimed": claim.tricks,
        }
        if tricks is None:
            if table.edition == "2007":
                raise ImpossibleActionError(
                    _("the 2007 Laws do not let play continue after a disputed claim (Law 70)"),
                    law=_LAW_70,
                )
            return payload | {"ruling": "play_continues", "law": "68D2(b)"}
        won = play.tricks_won(claim.seat.side)
        high = won + 13 - len(play.tricks)
        if isinstance(tricks, bool) or not isinstance(tricks, int) or not won <= tricks <= high:
            raise ImpossibleActionError(
                _(
                    "the claimer's side cannot end with {tricks} tricks: it has {won} and "
                    "{left} remain, so between {won} and {high}"
                ).format(tricks=tricks, won=won, left=high - won, high=high),
                law=_LAW_70,
            )
        return payload | {"ruling": "tricks", "tricks": tricks, "law": "70"}

    def director_payload(
        self, director: str, command: DirectorCommand, at: str
    ) -> tuple[dict[str, Any], bool]:
        """The event of a Director's command at ``at`` and whether it ends the board.

        Raises:
            ActionError: if the table refuses it (nothing changes).
        """
        match command:
            case DirectorMessage(text=text):
                message = {"type": "DirectorMessage", "director": director, "at": at}
                return message | {"text": text}, False
            case DirectorRuling(tricks=tricks):
                return self.ruling_payload(director, tricks, at), tricks is not None
            case DirectorRecording(from_seq=from_seq):
                point = self.head if from_seq is None else from_seq
                opened = live_ruling.open_payload(
                    director, at, point, head=self.head, phase=self.table.phase,
                    is_open=self.ruling_open,
                )  # fmt: skip
                return opened, False
            case DirectorScore(revises=int() as revised) if (
                not self.director_scores or self.director_scores[-1][0] != revised
            ):  # checked under the table's lock: of two revisions of one score, one passes
                last = self.director_scores[-1][0] if self.director_scores else _("none")
                raise ImpossibleActionError(
                    _(
                        "event {seq} is not the Director's score in force at this table; "
                        "revise the one in force ({last})"
                    ).format(seq=revised, last=last)
                )
            case DirectorScore() | DirectorAttended():  # no change to the play
                return command.payload(director, at), False
            case DirectorStep(action=action):
                if not self.ruling_open:
                    raise ImpossibleActionError(
                        _("open a ruling at this table first (Law 81C3)"), law=_LAW_81C3
                    )
                trial = self.trial()
                step = live_ruling.step_payload(director, at, action, trial)
                return step, trial.phase is Phase.FINISHED
            case _:
                resumed = live_ruling.resume_payload(director, at, self.table, self.ruling_open)
                return resumed, False

    def _apply_ruling(self, payload: Mapping[str, Any]) -> None:
        """Apply a stored ``DirectorRuled`` event to the core table (its own API: the claim
        is cleared and the board ends with the tricks, or play resumes)."""
        table = self.table
        claim = table.pending_claim
        play = table.play
        if table.phase is not Phase.DIRECTOR or claim is None or play is None:
            raise CorruptLogError(_("a Director's ruling with no disputed claim to rule on"))
        table.clear_claim()
        self.claim_agreed.clear()
        if payload.get("ruling") == "tricks":
            tricks = int(payload["tricks"])
            declarer = tricks if claim.seat.side is play.declarer.side else 13 - tricks
            table.finish(declarer, "ruling")
        else:
            table.enter(Phase.PLAY)

    # --- queries ------------------------------------------------------------------------------

    def quiet_since(self, seq: int) -> bool:
        """Whether every event stored after ``seq`` is one of :data:`QUIET_EVENTS`: the
        table and its online state are then as a client that saw event ``seq`` saw them."""
        if seq < 0 or seq > self.head:
            return False
        return all(
            self.rows[at][1].get("type") in QUIET_EVENTS for at in range(seq + 1, len(self.rows))
        )

    def rows_since(self, since: int) -> list[tuple[int, dict[str, Any]]]:
        """The stored rows after ``since`` (the log is numbered from 0 without gaps)."""
        return self.rows[since + 1 :]

    def online_state(self) -> dict[str, Any]:
        """What online play adds to the view: a pending undo request, the opponents who
        agreed to a claim, a Director call."""
        request = self.undo_request
        return {
            "undo_request": None if request is None else request.seat.letter,
            "claim_agreed": sorted(seat.letter for seat in self.claim_agreed),
            "director_called": None
            if self.director_called is None
            else self.director_called.letter,
            "director_ruling": self.ruling_open,
        }
