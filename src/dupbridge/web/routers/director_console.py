"""The console's live side for online sessions (docs/director.md): the queue of Director
calls of a session, the table inspector and the Director's ruling on a disputed claim,
applied to the table itself (``TableService.direct``), as JSON (``/api/director/...``) and as
pages (``/director/...``). Director only: never reachable with a seat token."""

from __future__ import annotations

import asyncio
import json
import uuid
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Body, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from pydantic import BaseModel, Field

from dupbridge.core.errors import ActionError
from dupbridge.i18n import _
from dupbridge.services.access import Principal
from dupbridge.services.director.assistant import AssistantError
from dupbridge.services.director.console import OnlineConsole
from dupbridge.services.director.scores import ScoresError
from dupbridge.services.online import CHAT_LIMIT, DirectorMessage, DirectorRuling
from dupbridge.services.tables import TableService, UnknownTableError
from dupbridge.web.access import DirectorOnly
from dupbridge.web.deps import Service
from dupbridge.web.errors import error_body
from dupbridge.web.pages import page_language, render
from dupbridge.web.routers.director_api import desk_of
from dupbridge.web.routers.director_pages import LABELS
from dupbridge.web.routers.director_sessions import ConsoleViewer, playing_director_refusal

__all__ = ["router"]

router = APIRouter(tags=["director console"])


def _console(request: Request) -> OnlineConsole:
    online = desk_of(request).online
    if online is None:
        raise ScoresError(_("this server keeps no tables"))
    return online


def _refused(error: Exception, status: int = 422) -> JSONResponse:
    return JSONResponse({"detail": str(error)}, status_code=status)


@router.get("/api/director/sessions/{session_id}/queue", response_model=None)
async def queue(
    request: Request, principal: DirectorOnly, session_id: str, board_minutes: float = 10
) -> list[dict[str, Any]] | JSONResponse:
    """The Director calls not yet attended: table, board, who called, how long ago (a board
    still not finished ``board_minutes`` after its table opened is a call too)."""
    try:
        return _console(request).queue(session_id, board_minutes=board_minutes)
    except ScoresError as error:
        return _refused(error)


@router.get("/api/director/tables/{table_id}", response_model=None)
async def inspect(
    request: Request, principal: ConsoleViewer, table_id: str, override: bool = False
) -> dict[str, Any] | JSONResponse:
    """The table inspector: hands, log with times, auction, double dummy, claim checks (a
    playing Director: only with ``override`` while the board may still be his to play)."""
    if refusal := playing_director_refusal(request, principal, table_id, override):
        return refusal
    try:
        return _console(request).inspect(table_id)
    except ScoresError as error:
        return _refused(error, 404)


@router.post("/api/director/tables/{table_id}/attended", status_code=201, response_model=None)
async def attended(  # noqa: PLR0917 - FastAPI's parameters
    request: Request,
    principal: DirectorOnly,
    service: Service,
    table_id: str,
    seq: Annotated[int, Body(embed=True)],
    note: Annotated[str, Body(embed=True, max_length=CHAT_LIMIT)] = "",
) -> dict[str, Any] | JSONResponse:
    """Mark a call attended: a ``DirectorAttended`` event of the table's log with the
    Director's name and the time."""
    try:
        command = _console(request).attend(table_id, seq, note)
    except ScoresError as error:
        return _refused(error)
    return await service.direct(table_id, principal, command, None, uuid.uuid4().hex)


@router.post("/api/director/tables/{table_id}/ruling", status_code=201, response_model=None)
async def rule_table(
    request: Request, principal: DirectorOnly, table_id: str
) -> dict[str, Any] | JSONResponse:
    """Open the table's log in the ruling assistant (recording mode)."""
    try:
        console = _console(request)
        record = console.to_record(table_id)
        return desk_of(request).assistant.open_record(
            principal.name,
            record,
            language=page_language(request),
            session_ref=console.inspect(table_id)["session"],
            table_ref=table_id,
        )
    except (ScoresError, AssistantError) as error:
        return _refused(error)


class ClaimRulingIn(BaseModel):
    """The Director's ruling on a disputed claim at an online table."""

    tricks: int | None = Field(
        description="Tricks the claimer's side ends with (Laws 69-71); null: play continues "
        "(2017 Law 68D2(b))."
    )
    expected_seq: int = Field(description="The last seq of the table's log the Director saw.")
    key: str = Field(default_factory=lambda: uuid.uuid4().hex, max_length=100)


async def _claim_ruling(
    service: TableService, principal: Principal, table_id: str, body: ClaimRulingIn
) -> tuple[int, dict[str, Any]]:
    try:
        answer = await service.direct(
            table_id, principal, DirectorRuling(body.tricks), body.expected_seq, body.key
        )
    except ActionError as error:  # refused: the Law and the head
        return error_body(error, (await service.live(table_id)).head)
    return (409 if answer["type"] == "stale" else 201), answer


@router.post("/api/director/tables/{table_id}/claim-ruling", status_code=201, response_model=None)
async def claim_ruling(
    principal: DirectorOnly, service: Service, table_id: str, body: ClaimRulingIn
) -> JSONResponse:
    """Rule on the table's disputed claim: the claimer's side ends with ``tricks`` tricks
    (Laws 69-71, scored by Law 77), or play continues (2017 Law 68D2(b)). An event of the
    table's log with the Director's name and the time, stored, then published to the seats."""
    status, answer = await _claim_ruling(service, principal, table_id, body)
    return JSONResponse(answer, status_code=status)


class MessageIn(BaseModel):
    """The Director's message to the players of a table, or of every table of a session."""

    text: str = Field(min_length=1, max_length=CHAT_LIMIT)


async def _message_table(
    service: TableService, principal: Principal, table_id: str, text: str
) -> dict[str, Any]:
    return await service.direct(table_id, principal, DirectorMessage(text), None, uuid.uuid4().hex)


async def _message_session(
    service: TableService, principal: Principal, session_id: str, text: str
) -> list[dict[str, Any]]:
    """The message in each table's log of the session, one table after the other (each
    stored before the next is written)."""
    DirectorMessage(text)  # refuses an empty or long text before any table is written
    records = await asyncio.to_thread(service.store.session_tables, session_id)
    if not records:
        raise UnknownTableError(_("there is no session {id!r}").format(id=session_id))
    return [
        {"table": record.id, **await _message_table(service, principal, record.id, text)}
        for record in records
    ]


@router.post("/api/director/tables/{table_id}/message", status_code=201, response_model=None)
async def message_table(
    principal: DirectorOnly, service: Service, table_id: str, body: MessageIn
) -> dict[str, Any]:
    """A message from the Director to the four players of a table: an event of the table's
    log with his name and the time, stored, then published to the seats."""
    return await _message_table(service, principal, table_id, body.text)


@router.post("/api/director/sessions/{session_id}/message", status_code=201, response_model=None)
async def message_session(
    principal: DirectorOnly, service: Service, session_id: str, body: MessageIn
) -> list[dict[str, Any]]:
    """A message from the Director to every table of a session (an event in each log)."""
    return await _message_session(service, principal, session_id, body.text)


@router.get("/director/sessions/{session_id}/message", response_class=HTMLResponse)
async def message_page(request: Request, principal: DirectorOnly, session_id: str) -> Response:
    """The form of a message to every table of the session (off the queue page, which
    refreshes itself)."""
    return render(request, "director/message.html", session=session_id)


@router.post("/director/sessions/{session_id}/message", response_model=None)
async def message_step(request: Request, principal: DirectorOnly, session_id: str) -> Response:
    """Send the message to every table of the session, then back to the queue."""
    form = await request.form()
    try:
        await _message_session(
            request.state.service, principal, session_id, str(form.get("text", ""))
        )
    except (UnknownTableError, ValueError) as error:
        return render(request, "director/missing.html", status=422, error=str(error))
    return RedirectResponse(f"/director/sessions/{quote(session_id)}", status_code=303)


@router.get("/director/sessions", response_model=None)
async def queue_form(request: Request, principal: DirectorOnly, session: str = "") -> Response:
    """The home page's form: go to a session's queue."""
    return RedirectResponse(
        f"/director/sessions/{quote(session.strip(), safe='')}", status_code=303
    )


@router.get("/director/sessions/{session_id}", response_class=HTMLResponse)
async def queue_page(request: Request, principal: DirectorOnly, session_id: str) -> Response:
    """The queue of calls of a session."""
    try:
        items = _console(request).queue(session_id)
    except ScoresError as error:
        return render(request, "director/missing.html", status=404, error=str(error))
    return render(request, "director/queue.html", session=session_id, items=items)


@router.get("/director/tables/{table_id}", response_class=HTMLResponse)
async def table_page(
    request: Request, principal: ConsoleViewer, table_id: str, override: bool = False
) -> Response:
    """The table inspector (a playing Director: as :func:`inspect`)."""
    if refusal := playing_director_refusal(request, principal, table_id, override):
        return render(request, "director/missing.html", status=403,
                      error=json.loads(bytes(refusal.body))["detail"])  # fmt: skip
    try:
        data = _console(request).inspect(table_id)
    except ScoresError as error:
        return render(request, "director/missing.html", status=404, error=str(error))
    return render(request, "director/table.html", data=data, seats=("N", "E", "S", "W"),
                  **LABELS)  # fmt: skip


@router.post("/director/tables/{table_id}", response_model=None)
async def table_step(request: Request, principal: DirectorOnly, table_id: str) -> Response:
    """``do``: ``attend`` (a call, by its ``seq``), ``award`` (``tricks``) or ``continue``
    (a disputed claim, Laws 68D, 69-71), or ``rule`` (open the assistant)."""
    form = {key: str(value) for key, value in (await request.form()).items()}
    try:
        console = _console(request)
        if form.get("do") == "message":
            await _message_table(request.state.service, principal, table_id, form.get("text", ""))
            return RedirectResponse(f"/director/tables/{quote(table_id)}", status_code=303)
        if form.get("do") in {"award", "continue"}:
            tricks = int(form.get("tricks", "")) if form["do"] == "award" else None
            body = ClaimRulingIn(tricks=tricks, expected_seq=int(form.get("seq", "-1")))
            status, answer = await _claim_ruling(request.state.service, principal, table_id, body)
            if status != 201:
                return render(request, "director/missing.html", status=status,
                              error=str(answer.get("message", "")))  # fmt: skip
            return RedirectResponse(f"/director/tables/{quote(table_id)}", status_code=303)
        if form.get("do") == "attend":
            command = console.attend(table_id, int(form.get("seq", "-1")))
            await request.state.service.direct(table_id, principal, command, None, uuid.uuid4().hex)
            session = console.inspect(table_id)["session"]
            return RedirectResponse(f"/director/sessions/{session}", status_code=303)
        view = desk_of(request).assistant.open_record(
            principal.name,
            console.to_record(table_id),
            language=page_language(request),
            table_ref=table_id,
        )
    except (ScoresError, AssistantError, ValueError, UnknownTableError) as error:
        return render(request, "director/missing.html", status=422, error=str(error))
    return RedirectResponse(f"/director/assistant/{view['id']}", status_code=303)
