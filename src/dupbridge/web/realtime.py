"""The real-time protocol: a WebSocket per seat and per kibitzer (docs/server.md).

Each connection runs a receiver and a sender side by side. The receiver reads command frames,
has the service carry them out and queues the answer; the sender turns the service's
notifications into frames built for this viewer alone (``view_for``) and sends everything
queued, in order. ``since=seq`` on connecting sends exactly the events after ``seq``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from enum import Enum
from typing import Any

from fastapi import APIRouter, HTTPException, Query, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from dupbridge.core.errors import DupbridgeError
from dupbridge.core.seats import Seat
from dupbridge.i18n import _, use_language
from dupbridge.services.access import Role
from dupbridge.services.live import LiveTable
from dupbridge.services.online import decode_online
from dupbridge.services.tables import (
    ForbiddenError,
    StoreUnavailableError,
    TableService,
    UnknownTableError,
)
from dupbridge.services.wire import KIBITZER, Viewer
from dupbridge.web.deps import language_of, ws_service, ws_tokens
from dupbridge.web.errors import error_body
from dupbridge.web.identity import AUTH_COOKIE, PrincipalCookies
from dupbridge.web.schemas import command_adapter, command_body

__all__ = ["ConnectionState", "router"]

router = APIRouter(tags=["realtime"])

#: Close code of a connection refused for a malformed request (4000 + the HTTP status, as
#: for every refusal at connection: 4403 forbidden, 4404 unknown table).
_CLOSE_BAD_REQUEST = 4422


class ConnectionState(Enum):
    """Where a connection is in its life."""

    CONNECTING = "connecting"
    OPEN = "open"
    CLOSED = "closed"


class Connection:
    """One viewer's socket: what it was last sent and what is queued for it."""

    def __init__(  # noqa: PLR0917 - one connection's six parts, named at the one call site
        self,
        websocket: WebSocket,
        service: TableService,
        live: LiveTable,
        viewer: Viewer,
        since: int,
        lang: str,
    ) -> None:
        self.websocket = websocket
        self.service = service
        self.live = live
        self.viewer = viewer
        self.sent = since
        self.lang = lang
        self.state = ConnectionState.CONNECTING
        self.queue: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()

    def notify(self, what: str, at: float | None) -> None:
        """The service's callback: the log grew, or the board is released at ``at``."""
        self.queue.put_nowait((what, at))

    async def run(self) -> None:
        """Serve the connection until the client leaves."""
        self.service.listen(self.live.id, self.notify)
        self.state = ConnectionState.OPEN
        try:
            await self._send_update(force=True)
            receiver = asyncio.create_task(self._receive())
            sender = asyncio.create_task(self._send())
            done, pending = await asyncio.wait(
                {receiver, sender}, return_when=asyncio.FIRST_COMPLETED
            )
            for task in pending:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            for task in done:
                error = task.exception()
                if error is not None and not isinstance(error, WebSocketDisconnect):
                    raise error
        finally:
            self.state = ConnectionState.CLOSED
            self.service.unlisten(self.live.id, self.notify)

    async def _send_update(self, *, force: bool = False) -> None:
        if not force and self.live.head == self.sent:
            return  # nothing new (the frame's seq would be the head)
        seq, withheld, text = await self.service.frame_text(
            self.live, self.viewer, self.sent, self.lang
        )
        if not force and seq == self.sent:
            return
        if not withheld:
            self.sent = seq
        await self.websocket.send_text(text)

    async def _send(self) -> None:
        while True:
            what, value = await self.queue.get()
            if what == "answer":
                await self.websocket.send_text(json.dumps(value, separators=(",", ":")))
            elif what == "release":
                if self.viewer is KIBITZER:
                    await asyncio.sleep(max(0.0, float(value) - time.time()))
                    await self._send_update(force=True)
            else:
                await self._send_update()

    async def _receive(self) -> None:
        while True:
            text = await self.websocket.receive_text()
            answer = await self._answer(text)
            self.queue.put_nowait(("answer", answer))

    async def _answer(self, text: str) -> dict[str, Any]:
        key: str | None = None
        with use_language(self.lang):
            try:
                data = json.loads(text)
                if isinstance(data, dict) and isinstance(data.get("key"), str):
                    key = data["key"]
                if not isinstance(self.viewer, Seat):
                    raise ForbiddenError(_("kibitzers watch; they do not act"))
                frame = command_adapter.validate_python(data)
                command = decode_online(command_body(frame))
                return await self.service.handle(
                    self.live.id, self.viewer, command, frame.expected_seq, frame.key
                )
            except json.JSONDecodeError as error:
                _status, body = error_body(
                    ValueError(
                        _("not JSON: {error} (line {line}, column {column})").format(
                            error=error.msg, line=error.lineno, column=error.colno
                        )
                    ),
                    self.live.head,
                )
                body["error"] = "malformed"
            except (DupbridgeError, ValidationError, ValueError) as error:
                _status, body = error_body(error, self.live.head)
        if key is not None:
            body["key"] = key
        return body


async def _serve(websocket: WebSocket, table_id: str, token: str | None, since: int) -> None:
    service = ws_service(websocket)
    await websocket.accept()
    try:
        lang = language_of(
            websocket.query_params.get("lang"), websocket.headers.get("accept-language")
        )
    except HTTPException as error:
        body = {"type": "error", "status": 422, "error": "malformed", "message": error.detail}
        await websocket.send_text(json.dumps(body))
        await websocket.close(_CLOSE_BAD_REQUEST)
        return
    with use_language(lang):
        try:
            viewer: Viewer = (
                KIBITZER if token is None else ws_tokens(websocket).seat_of(table_id, token)
            )
            live = await service.live(table_id)
            if viewer is KIBITZER and not live.settings.kibitzers:
                raise ForbiddenError(_("this event has no kibitzers"))
            if not -1 <= since <= live.head:
                raise ValueError(
                    _("since={since} is not in the log (its last event is {head})").format(
                        since=since, head=live.head
                    )
                )
        except (ForbiddenError, UnknownTableError, ValueError) as error:
            status, body = error_body(error)
            await websocket.send_text(json.dumps(body))
            await websocket.close(4000 + status)
            return
    connection = Connection(websocket, service, live, viewer, since, lang)
    if not isinstance(viewer, Seat):
        with contextlib.suppress(WebSocketDisconnect):
            await connection.run()
        return
    # A seat's player: his leaving during play, and his return, are logged for the
    # Director's queue (``TableService.presence``).
    player = _player_name(websocket)
    await _presence(service, table_id, viewer, connected=True, player=player)
    try:
        with contextlib.suppress(WebSocketDisconnect):
            await connection.run()
    finally:
        # written to the end even if this handler is cancelled (the client is gone)
        left = asyncio.ensure_future(
            _presence(service, table_id, viewer, connected=False, player=player)
        )
        _PENDING.add(left)
        left.add_done_callback(_PENDING.discard)
        await asyncio.shield(left)


#: Departures being logged (a reference keeps each task alive to its end).
_PENDING: set[asyncio.Future[None]] = set()


async def _presence(
    service: TableService, table_id: str, seat: Seat, *, connected: bool, player: str
) -> None:
    """Log a seat's arrival or departure; a store that fails loses only that event."""
    with contextlib.suppress(StoreUnavailableError):
        await service.presence(table_id, seat, connected=connected, player=player)


def _player_name(websocket: WebSocket) -> str:
    """The signed-in name behind a seat's socket ("" for none)."""
    cookies: PrincipalCookies | None = getattr(websocket.state, "principal_cookies", None)
    if cookies is None:
        return ""
    principal = cookies.load(websocket.cookies.get(AUTH_COOKIE))
    return "" if principal.role is Role.ANONYMOUS else principal.name


@router.websocket("/tables/{table_id}/ws")
async def seat_socket(
    websocket: WebSocket,
    table_id: str,
    token: str = Query(...),
    since: int = Query(default=-1),
) -> None:
    """A seat's socket: frames of the seat's own view; commands in, answers out."""
    await _serve(websocket, table_id, token, since)


@router.websocket("/tables/{table_id}/kibitz")
async def kibitzer_socket(
    websocket: WebSocket, table_id: str, since: int = Query(default=-1)
) -> None:
    """A kibitzer's socket: nothing of the board until it is over at every table of the
    session (and the event's delay has passed), then everything."""
    await _serve(websocket, table_id, None, since)
