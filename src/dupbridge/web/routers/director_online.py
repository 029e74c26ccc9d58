"""Rulings on the engine at an online table (issue 16, docs/director.md): the Director
switches the table to recording mode from the point of the irregularity (Law 81C3), reads
the pending decision with its law, the options and who chooses, enters the facts, the
player's choice (Law 10C) and his own answers, then lets play go on online from the
rectified state. Each step is an event of the table's own log with his name and the time,
stored before the answer and published to the seats (``TableService.direct``).

Director only. A step refused answers the app's error shape with the law (409), a stale
``expected_seq`` answers ``stale`` (409); nothing is logged either way.
"""

from __future__ import annotations

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
from dupbridge.services.director.online_ruling import (
    answer_action,
    choice_action,
    online_ruling_view,
)
from dupbridge.services.live import LiveTable
from dupbridge.services.online import (
    DirectorCommand,
    DirectorRecording,
    DirectorResume,
    DirectorStep,
)
from dupbridge.services.tables import TableService
from dupbridge.web.access import DirectorOnly
from dupbridge.web.deps import Service
from dupbridge.web.errors import error_body
from dupbridge.web.pages import render
from dupbridge.web.routers.director_pages import LABELS

__all__ = ["router"]

router = APIRouter(tags=["director console"])

API = "/api/director/tables/{table_id}/engine"


class StepIn(BaseModel):
    """What every step carries: the last seq of the log the Director saw, and a key that
    makes a repeated request enter nothing twice."""

    expected_seq: int = Field(description="The last seq of the table's log the Director saw.")
    key: str = Field(default_factory=lambda: uuid.uuid4().hex, max_length=100)


class OpenIn(StepIn):
    """The point of the irregularity."""

    from_seq: int | None = Field(
        None,
        description="The last stored event that stands (later actions are withdrawn); "
        "null: the head.",
    )


async def _step(
    service: TableService, principal: Principal, table_id: str, command: DirectorCommand,
    body: StepIn,
) -> tuple[int, dict[str, Any]]:  # fmt: skip
    """Carry out one step at the table: 201 and the ack with the ruling's view, 409 and the
    refusal with its law (or ``stale``); nothing is logged when refused."""
    try:
        answer = await service.direct(table_id, principal, command, body.expected_seq, body.key)
    except ActionError as error:  # refused: the Law and the head
        return error_body(error, (await service.live(table_id)).head)
    if answer["type"] == "stale":
        return 409, answer
    live = await service.live(table_id)
    async with live.lock:
        answer["ruling"] = online_ruling_view(live)
    return 201, answer


async def _direct(
    service: TableService, principal: Principal, table_id: str, command: DirectorCommand,
    body: StepIn,
) -> JSONResponse:  # fmt: skip
    status, answer = await _step(service, principal, table_id, command, body)
    return JSONResponse(answer, status_code=status)


@router.get(API, response_model=None)
async def engine_view(principal: DirectorOnly, service: Service, table_id: str) -> dict[str, Any]:
    """The table's ruling: state, pending decision with its law, options and who chooses,
    rulings so far, the Director's steps."""
    live = await service.live(table_id)
    async with live.lock:
        return online_ruling_view(live)


@router.post(API, status_code=201, response_model=None)
async def engine_open(
    principal: DirectorOnly, service: Service, table_id: str, body: OpenIn
) -> JSONResponse:
    """Switch the table to recording mode from the point of the irregularity (Law 81C3)."""
    return await _direct(service, principal, table_id, DirectorRecording(body.from_seq), body)


class ActionIn(StepIn):
    """One record action (docs/table-records.md)."""

    action: dict[str, Any] = Field(description="A record action: change, report, call, ...")


@router.post(API + "/actions", status_code=201, response_model=None)
async def engine_action(
    principal: DirectorOnly, service: Service, table_id: str, body: ActionIn
) -> JSONResponse:
    """Enter what happened, or a Director's answer (``director``: tricks, facts...)."""
    return await _direct(service, principal, table_id, DirectorStep(body.action), body)


@router.post(API + "/choose", status_code=201, response_model=None)
async def engine_choose(
    principal: DirectorOnly,
    service: Service,
    table_id: str,
    option: Annotated[str, Body()],
    expected_seq: Annotated[int, Body()],
) -> JSONResponse:
    """The player entitled to the pending choice takes ``option`` (Law 10C)."""
    live = await service.live(table_id)
    action = choice_action(live.table, option)
    body = StepIn(expected_seq=expected_seq)
    return await _direct(service, principal, table_id, DirectorStep(action), body)


@router.post(API + "/answer", status_code=201, response_model=None)
async def engine_answer(
    principal: DirectorOnly,
    service: Service,
    table_id: str,
    yes: Annotated[bool, Body()],
    expected_seq: Annotated[int, Body()],
) -> JSONResponse:
    """The Director answers the pending question yes or no."""
    live = await service.live(table_id)
    action = answer_action(live.table, yes)
    body = StepIn(expected_seq=expected_seq)
    return await _direct(service, principal, table_id, DirectorStep(action), body)


@router.post(API + "/resume", status_code=201, response_model=None)
async def engine_resume(
    principal: DirectorOnly, service: Service, table_id: str, body: StepIn
) -> JSONResponse:
    """The ruling is complete: play goes on online from the rectified state."""
    return await _direct(service, principal, table_id, DirectorResume(), body)


# --- the console's page -----------------------------------------------------------------------


def _form_action(form: dict[str, str], live: LiveTable) -> DirectorCommand:
    """The command a button of the page stands for.

    Raises:
        AssistantError: for a choice or answer the table does not wait for.
        ValueError: for a form that is not the page's.
    """
    do = form.get("do", "")
    if do == "open":
        point = form.get("from_seq", "")
        return DirectorRecording(int(point) if point else None)
    if do == "resume":
        return DirectorResume()
    if do == "choose":
        return DirectorStep(choice_action(live.table, form.get("option", "")))
    if do == "answer":
        return DirectorStep(answer_action(live.table, form.get("yes") == "yes"))
    if do == "tricks":
        return DirectorStep({"director": {"tricks": int(form.get("tricks", ""))}})
    if do == "enter":
        seat, what, value = form.get("seat", ""), form.get("what", ""), form.get("value", "")
        if what == "report":
            report = {"seat": seat, "report": "misinformation", "facts": form.get("facts", "")}
            return DirectorStep(report | {"against": value} if value else report)
        if what in {"change", "call", "card"}:
            return DirectorStep({"seat": seat, what: value.strip()})
    raise ValueError(_("unknown form {name!r}").format(name=do))


@router.get("/director/tables/{table_id}/engine", response_class=HTMLResponse)
async def engine_page(
    request: Request, principal: DirectorOnly, service: Service, table_id: str
) -> Response:
    """The ruling on the engine at an online table: the point of the irregularity, then the
    pending decision with its law, the options and who chooses, and "play goes on"."""
    live = await service.live(table_id)
    async with live.lock:
        view = online_ruling_view(live)
        log = [(seq, payload.get("type")) for seq, payload in live.rows]
    return render(request, "director/engine.html", view=view, log=log, seats=("N", "E", "S", "W"),
                  **LABELS)  # fmt: skip


@router.post("/director/tables/{table_id}/engine", response_model=None)
async def engine_step(
    request: Request, principal: DirectorOnly, service: Service, table_id: str
) -> Response:
    """One button of the page: a step at the table, then the page again."""
    form = {key: str(value) for key, value in (await request.form()).items()}
    live = await service.live(table_id)
    try:
        command = _form_action(form, live)
        body = StepIn(expected_seq=int(form.get("seq", "-1")))
    except (AssistantError, ValueError) as error:
        return render(request, "director/missing.html", status=422, error=str(error))
    status, answer = await _step(service, principal, table_id, command, body)
    if status != 201:
        message = answer.get("message") or _("the table has moved on: look again")
        return render(request, "director/missing.html", status=status, error=str(message))
    return RedirectResponse(f"/director/tables/{quote(table_id)}/engine", status_code=303)
