"""The table service: the command handler of online play (one unit of work per command).

:meth:`TableService.handle` takes one online command from the seat that sent it, with the
``expected_seq`` the client saw and its idempotency key, and answers:

* a command whose key was seen before gets the first answer again and nothing happens;
* a command for another seat raises :class:`ForbiddenError` and nothing happens;
* a command the ``gate`` refuses (its session is closed) raises :class:`ClosedTableError`;
* a stale ``expected_seq`` changes nothing and answers ``stale`` with the head seq (one
  older than the head only by presence or chat events, ``LiveTable.quiet_since``, is not);
* a command the table refuses raises the core's ``ActionError`` (with the Law it breaks) and
  changes nothing (strict mode, DESIGN §2.6);
* an accepted command's events are written in ONE transaction; only then is it acknowledged
  and published (to this process's connections at once, to the others through the bus).

Several server processes may serve one table: the store's key on (table, seq) lets exactly one
of two commands written at the same seq through; the other process reloads the log and
answers ``stale``, unless what the first wrote is only quiet events (a seat's connection
logged by the other process, chat): then it carries the command out at the new head, as it
would have had it known of them. Messages are translated in the caller's language
(``dupbridge.i18n.use_language`` around the call).
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any, TypeVar

from dupbridge.core.boards import Board
from dupbridge.core.commands import DirectorDecides, PlayCard
from dupbridge.core.deal import Deal
from dupbridge.core.event_json import event_to_json
from dupbridge.core.events import Event
from dupbridge.core.seats import Seat
from dupbridge.core.table import Phase, Table
from dupbridge.i18n import _
from dupbridge.services.access import Principal, Role
from dupbridge.services.bus import Bus
from dupbridge.services.frames import build_frame, encoded_frame
from dupbridge.services.live import LiveTable
from dupbridge.services.online import (
    AnswerUndo,
    CallDirector,
    DirectorCommand,
    DirectorRuling,
    OnlineCommand,
    RequestUndo,
    RobotSits,
    SendChat,
    TableSettings,
)
from dupbridge.services.pipeline import Committer, Outbox
from dupbridge.services.table_errors import (
    ClosedTableError,
    ForbiddenError,
    StoreUnavailableError,
    TableGate,
    UnknownTableError,
)
from dupbridge.services.wire import KIBITZER, Viewer
from dupbridge.store import ConflictError, EventStore, NewEvent

__all__ = [
    "ForbiddenError",
    "Listener",
    "StoreUnavailableError",
    "TableService",
    "UnknownTableError",
]

_T = TypeVar("_T")
#: How many times a command is tried again at the new head when another process wrote only
#: quiet events at its seq first (each try reloads the log).
_CLASHES = 3

#: A connection's callback: ``("update", None)`` when the log grew, ``("release", at)`` when
#: kibitzers may see the board from time ``at`` (``time.time()`` seconds).
Listener = Callable[[str, float | None], None]


class TableService:
    """The tables of one server process, in step with the store and the bus.

    Args:
        store: the event store.
        bus: the bus to the other server processes.
        threads: threads for database work (SQLite: 1, a single writer).
        persist: False only to measure what persistence costs (nothing is stored).
    """

    def __init__(
        self, store: EventStore, bus: Bus, *, threads: int | None = None, persist: bool = True
    ) -> None:
        self.store = store
        self.bus = bus
        self.persist = persist
        if threads is None:
            threads = 1 if store.dialect == "sqlite" else 8
        self._executor = ThreadPoolExecutor(threads, thread_name_prefix="dupbridge-db")
        self._live: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Future[LiveTable]] = {}
        self._listeners: dict[str, set[Listener]] = {}
        self._committer = Committer(store)
        self._outbox: Outbox[tuple[LiveTable, list[NewEvent], bool]] = Outbox(self._send)
        self.node = uuid.uuid4().hex
        self.gate: TableGate | None = None  # installed by the session service
        self._seated: dict[tuple[str, Seat], int] = {}  # open connections of each seat

    async def start(self) -> None:
        """Begin receiving the other processes' messages."""
        await self.bus.start(self._on_message)
        self._outbox.start()

    async def close(self) -> None:
        """Stop the bus and the database threads."""
        await self._outbox.close()  # sends what is queued
        await self.bus.close()
        await self._committer.close()  # writes what is queued
        self._executor.shutdown(wait=True)

    @property
    def write_groups(self) -> int:
        """Transactions the group writer has committed (fewer than commands under load)."""
        return self._committer.groups

    async def _db(self, function: Callable[..., _T], *args: Any) -> _T:
        return await asyncio.get_running_loop().run_in_executor(self._executor, function, *args)

    # --- tables -----------------------------------------------------------------------------

    async def create_table(
        self,
        deal: Deal,
        board: Board,
        settings: TableSettings | None = None,
        *,
        session_id: str | None = None,
        name: str = "",
    ) -> tuple[str, str]:
        """Create a table playing ``deal`` as ``board`` (strict mode, 2017 Laws); a new
        session is opened when none is named.

        Returns:
            The table's id and its session's id.

        Raises:
            InvalidDealError: if the deal is not four hands of thirteen distinct cards.
            UnknownTableError: if ``session_id`` names no session.
        """
        settings = settings or TableSettings()
        table = Table(board, deal)  # validates the deal
        start = table.events[0]
        table_id = uuid.uuid4().hex
        new_session = session_id is None
        session = session_id or uuid.uuid4().hex

        def write() -> None:
            if not new_session and not self.store.session_exists(session):
                raise UnknownTableError(_("there is no session {id!r}").format(id=session))
            with self.store.unit_of_work() as uow:
                if new_session:
                    uow.create_session(session, name, settings.to_json())
                uow.create_table(table_id, session, board.number, settings.to_json(), name)
                uow.append(table_id, [NewEvent(0, 0, event_to_json(start), "system")])

        await self._db(write)
        return table_id, session

    async def live(self, table_id: str) -> LiveTable:
        """The table ``table_id`` in memory, loaded from its log on first use.

        Raises:
            UnknownTableError: if there is no such table.
        """
        live = self._live.get(table_id)
        if live is not None:
            return live
        loading = self._loading.get(table_id)
        if loading is not None:
            return await asyncio.shield(loading)
        future: asyncio.Future[LiveTable] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            live = await self._load(table_id)
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: waiters re-raise it
            raise
        finally:
            del self._loading[table_id]
        self._live[table_id] = live
        future.set_result(live)
        return live

    async def _load(self, table_id: str) -> LiveTable:
        record = await self._db(self.store.table, table_id)
        if record is None:
            raise UnknownTableError(_("there is no table {id!r}").format(id=table_id))
        live = LiveTable(
            record.id,
            record.session_id,
            record.board_number,
            TableSettings.from_json(record.settings),
        )
        await self._catch_up(live)
        return live

    async def _catch_up(self, live: LiveTable) -> None:
        """Fold the rows stored after the head (written by another process)."""
        for row in await self._db(self.store.events, live.id, live.head):
            live.fold(row.seq, row.batch, row.payload, row.key)

    async def _reload(self, live: LiveTable) -> None:
        live.reset()
        await self._catch_up(live)

    async def _forget(self, live: LiveTable) -> None:
        """Rebuild ``live`` from the store, or drop it from memory if the store cannot be
        read now (it is loaded again on next use)."""
        try:
            await self._reload(live)
        except Exception:  # the store is down: forget the table rather than guess
            self._live.pop(live.id, None)

    # --- commands ---------------------------------------------------------------------------

    async def handle(
        self, table_id: str, actor: Seat, command: OnlineCommand, expected_seq: int, key: str
    ) -> dict[str, Any]:
        """Carry out ``command`` sent by the player in seat ``actor``.

        Returns:
            ``{"type": "ack", "key", "seq", "last"}`` (the command's events are stored at
            ``seq``..``last``; the same answer for a key seen before) or ``{"type": "stale",
            "head", "message"}``.

        Raises:
            UnknownTableError: if there is no such table.
            ForbiddenError: if ``actor`` acts for another seat (nothing is logged).
            ClosedTableError: if the gate refuses: the session is closed (nothing is logged).
            ActionError: if the table refuses the command (the Law it breaks; nothing is
                logged).
        """
        live = await self.live(table_id)
        async with live.lock:
            self._authorise(live, actor, command)
            if key in live.batches:
                return _ack(key, live.batches[key])
            if self.gate is not None and (refusal := await self.gate(live.id, live.session_id)):
                raise ClosedTableError(refusal)
            if expected_seq > live.head:
                await self._catch_up(live)
                if key in live.batches:
                    return _ack(key, live.batches[key])
            for _attempt in range(_CLASHES):
                if not live.quiet_since(expected_seq):  # the head, or only quiet events after
                    break
                payloads, events, finished = self._execute(live, actor, command)
                answer = await _to_the_end(
                    self._store(
                        live,
                        actor.letter,
                        key,
                        payloads=payloads,
                        events=events,
                        finished=finished,
                    )
                )
                if answer is not None:
                    return answer
            return self._stale(live, expected_seq)

    async def direct(
        self,
        table_id: str,
        principal: Principal,
        command: DirectorCommand,
        expected_seq: int | None,
        key: str,
    ) -> dict[str, Any]:
        """Carry out the Director's ruling on a disputed claim (Laws 68D, 69-71; see
        :meth:`LiveTable.ruling_payload`), a step of his ruling on the engine
        (:mod:`~dupbridge.services.live_ruling`), his message to the table or his score
        (Law 12C): one event with his name and the time, stored before the answer and
        published to the seats like any event. ``expected_seq`` None (a message only): at
        whatever the head is.

        Returns:
            As :meth:`handle`.

        Raises:
            ForbiddenError: if ``principal`` is not a Director (Law 81: the Director rules).
            UnknownTableError: if there is no such table.
            ActionError: if there is no disputed claim to rule on, or the tricks are not
                possible (nothing is logged).
        """
        if principal.role is not Role.DIRECTOR:
            raise ForbiddenError(_("only the Director rules at a table (Law 81)"))
        live = await self.live(table_id)
        async with live.lock:
            if key in live.batches:
                return _ack(key, live.batches[key])
            if expected_seq is None or expected_seq > live.head:
                await self._catch_up(live)
            if expected_seq is None and not isinstance(command, DirectorRuling):
                expected_seq = live.head
            for _attempt in range(_CLASHES):
                if expected_seq is None or not live.quiet_since(expected_seq):
                    break
                payload, finished = live.director_payload(principal.name, command, _now())
                answer = await _to_the_end(
                    self._store(
                        live,
                        "director",
                        key,
                        payloads=[payload],
                        events=[None],
                        finished=finished,
                    )
                )
                if answer is not None:
                    return answer
            return self._stale(live, -1 if expected_seq is None else expected_seq)

    async def presence(
        self, table_id: str, seat: Seat, *, connected: bool, player: str = ""
    ) -> None:
        """Log that ``seat``'s player has left the table while it plays, or is back (the
        Director's queue, docs/director.md): his last connection to this process closing is
        leaving. The server's own event (``LiveTable.presence_payload``); no seat sends it.

        Raises:
            StoreUnavailableError: if the event cannot be written (nothing is logged).
        """
        count = self._seated.get((table_id, seat), 0) + (1 if connected else -1)
        self._seated[(table_id, seat)] = count
        if count <= 0:
            del self._seated[(table_id, seat)]
        elif not connected:
            return  # another connection of the seat is still open
        live = await self.live(table_id)
        async with live.lock:
            await self._catch_up(live)
            for _attempt in range(_CLASHES):  # another process wrote first: log it anew
                payload = live.presence_payload(seat, connected=connected, player=player, at=_now())
                if payload is None:
                    return
                key = uuid.uuid4().hex
                store = self._store(
                    live, "server", key, payloads=[payload], events=[None],
                    finished=False,
                )  # fmt: skip
                if await _to_the_end(store) is not None:
                    return

    async def _store(
        self,
        live: LiveTable,
        actor: str,
        key: str,
        *,
        payloads: list[dict[str, Any]],
        events: list[Event | None],
        finished: bool,
    ) -> dict[str, Any] | None:
        """Write one command's events (they are already applied to ``live.table``; service
        events are applied by ``live.record``), note them and publish them; the answer. None:
        another process wrote at this seq first, and ``live`` is now rebuilt from the log
        (the caller decides whether the command still stands at the new head)."""
        first = live.head + 1
        new = [
            NewEvent(first + i, first, payload, actor, key if i == 0 else None)
            for i, payload in enumerate(payloads)
        ]
        if self.persist:
            try:
                await self._committer.write(live.id, new, finished)
            except ConflictError:
                # Another process wrote at this seq first: the table ran ahead of the
                # store, so rebuild it from the log and answer as the log says.
                await self._reload(live)
                if key in live.batches:
                    return _ack(key, live.batches[key])
                return None
            except Exception as error:
                # Not stored (or not known to be): the table ran ahead of the store.
                await self._forget(live)
                raise StoreUnavailableError(
                    _(
                        "the table's record cannot be written now; the command is not "
                        "acknowledged: send it again with the same key"
                    )
                ) from error
        for item, event in zip(new, events, strict=True):
            live.record(item.seq, item.batch, item.payload, item.key, event)
        await self._publish(live, new, finished)
        return _ack(key, (first, new[-1].seq))

    def _stale(self, live: LiveTable, expected_seq: int) -> dict[str, Any]:
        return {
            "type": "stale",
            "head": live.head,
            "message": _(
                "the table has moved on: you saw event {expected}, the last is {head}; "
                "resynchronise and try again"
            ).format(expected=expected_seq, head=live.head),
        }

    def _authorise(self, live: LiveTable, actor: Seat, command: OnlineCommand) -> None:
        if isinstance(command, DirectorDecides):
            raise ForbiddenError(_("only the Director answers for the Director (Law 81)"))
        seat = command.seat
        if isinstance(command, PlayCard):
            table = live.table
            dummy = table.dummy
            if dummy is not None and seat is dummy and table.phase is Phase.PLAY:
                if actor is table.declarer:
                    return
                raise ForbiddenError(
                    _("dummy's cards are played by declarer, not by {seat} (Law 45B)").format(
                        seat=actor.title
                    )
                )
        if seat is not actor:
            raise ForbiddenError(
                _("{actor} may not act for {seat}").format(actor=actor.title, seat=seat.title)
            )

    def _execute(
        self, live: LiveTable, actor: Seat, command: OnlineCommand
    ) -> tuple[list[dict[str, Any]], list[Event | None], bool]:
        """The payloads to store, the core events among them and whether play ends.

        Raises:
            ActionError: if the command is refused (nothing has changed).
        """
        table = live.table
        service = live.service_payload(actor, command)
        if service is not None:
            return [service], [None], False
        assert not isinstance(
            command, RequestUndo | AnswerUndo | CallDirector | SendChat | RobotSits
        )
        events = live.execute(command)
        return (
            [event_to_json(event) for event in events],
            list(events),
            table.phase is Phase.FINISHED,
        )

    # --- publication ------------------------------------------------------------------------

    def listen(self, table_id: str, listener: Listener) -> None:
        """Call ``listener`` whenever the table's log grows or its board is released."""
        self._listeners.setdefault(table_id, set()).add(listener)

    def unlisten(self, table_id: str, listener: Listener) -> None:
        """Stop calling ``listener``; a finished table nobody watches leaves memory (it is
        loaded from the store again if needed)."""
        listeners = self._listeners.get(table_id)
        if listeners is not None:
            listeners.discard(listener)
            if not listeners:
                del self._listeners[table_id]
                live = self._live.get(table_id)
                if live is not None and live.finished and not live.lock.locked():
                    del self._live[table_id]

    def _notify(self, table_id: str, what: str, at: float | None = None) -> None:
        for listener in tuple(self._listeners.get(table_id, ())):
            listener(what, at)

    async def _publish(self, live: LiveTable, new: list[NewEvent], finished: bool) -> None:
        """This process's connections at once; the other processes through the outbox, in
        order, so that the answer does not wait for the bus."""
        self._notify(live.id, "update")
        await self._outbox.put((live, new, finished))

    async def _send(self, item: tuple[LiveTable, list[NewEvent], bool]) -> None:
        live, new, finished = item
        rows = [
            {"seq": row.seq, "batch": row.batch, "payload": row.payload, "key": row.key}
            for row in new
        ]
        await self.bus.publish({"origin": self.node, "table": live.id, "rows": rows})
        if finished:
            await self._release_if_over(live)

    async def _release_if_over(self, live: LiveTable) -> None:
        """When the board is over at every table of the session, kibitzers of all those
        tables may see it after the delay."""
        records = await self._db(self.store.session_tables, live.session_id)
        same = [record for record in records if record.board_number == live.board_number]
        if not same or any(record.finished_at is None for record in same):
            return
        at = _release_time(same, live.settings.kibitzer_delay)
        ids = [record.id for record in same]
        for table_id in ids:
            self._mark_released(table_id, at)
        await self.bus.publish({"origin": self.node, "release": ids, "at": at})

    def _mark_released(self, table_id: str, at: float) -> None:
        live = self._live.get(table_id)
        if live is not None:
            live.released_at = at
        self._notify(table_id, "release", at)

    async def _on_message(self, message: dict[str, Any]) -> None:
        if message.get("origin") == self.node:
            return
        if "release" in message:
            for table_id in message["release"]:
                self._mark_released(str(table_id), float(message["at"]))
            return
        table_id = str(message.get("table"))
        live = self._live.get(table_id)
        if live is None:
            return  # not served here: it will be loaded from the store when needed
        async with live.lock:
            rows = message.get("rows") or []
            if rows and rows[0]["seq"] == live.head + 1:
                for row in rows:
                    live.fold(row["seq"], row["batch"], row["payload"], row["key"])
            elif not rows or rows[-1]["seq"] > live.head:
                await self._catch_up(live)
        self._notify(table_id, "update")

    # --- what a viewer sees -----------------------------------------------------------------

    async def released(self, live: LiveTable) -> bool:
        """Whether kibitzers may see the board now: over at every table of the session that
        plays it, and the delay has passed."""
        if not live.finished:
            return False
        if live.released_at is None:
            records = await self._db(self.store.session_tables, live.session_id)
            same = [record for record in records if record.board_number == live.board_number]
            if any(record.finished_at is None for record in same):
                return False
            live.released_at = _release_time(same, live.settings.kibitzer_delay)
        return time.time() >= live.released_at

    async def frame(self, live: LiveTable, viewer: Viewer, since: int) -> dict[str, Any]:
        """The frame that brings ``viewer`` from event ``since`` to the head: the events he
        may see in between and his view now (a withheld view for a kibitzer whose board is
        still in play somewhere in the session)."""
        released = viewer is not KIBITZER or await self.released(live)
        async with live.lock:  # a command being stored has changed the table, not the log
            return build_frame(live, viewer, since, released=released)

    async def frame_text(
        self, live: LiveTable, viewer: Viewer, since: int, lang: str
    ) -> tuple[int, bool, str]:
        """:meth:`frame` in ``lang`` as JSON: (its seq, whether withheld, the text), encoded
        once for all the sockets that share it (``services.frames``)."""
        released = viewer is not KIBITZER or await self.released(live)
        async with live.lock:
            return encoded_frame(live, viewer, since, lang, released=released)


async def _to_the_end(work: Awaitable[_T]) -> _T:
    """Await ``work`` (storing a command and recording it in memory) to its end even if the
    caller is cancelled meanwhile (its client left), so that the table in memory never runs
    ahead of its log; the cancellation is passed on afterwards."""
    task = asyncio.ensure_future(work)
    try:
        return await asyncio.shield(task)
    except asyncio.CancelledError:
        await asyncio.wait({task})
        if not task.cancelled():
            task.exception()  # retrieved: the caller is gone
        raise


def _ack(key: str, batch: tuple[int, int]) -> dict[str, Any]:
    return {"type": "ack", "key": key, "seq": batch[0], "last": batch[1]}


def _release_time(records: list[Any], delay: float) -> float:
    finished = [record.finished_at for record in records]
    last = max(finished)
    if last.tzinfo is None:  # SQLite keeps no zone: the store writes UTC
        last = last.replace(tzinfo=UTC)
    return float(last.timestamp()) + delay


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
