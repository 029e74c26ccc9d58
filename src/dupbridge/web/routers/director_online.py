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

from fastapi import APIRouter, Body
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from dupbridge.core.errors import ActionError
from dupbridge.services.access import Principal
from dupbridge.services.director.online_ruling import (
    answer_action,
    choice_action,
    online_ruling_view,
)
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

__all__ = ["router"]

router = APIRouter(prefix="/api/director/tables", tags=["director console"])


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


async def _direct(
    service: TableService, principal: Principal, table_id: str, command: DirectorCommand,
    body: StepIn,
) -> JSONResponse:  # fmt: skip
    try:
        answer = await service.direct(table_id, principal, command, body.expected_seq, body.key)
    except ActionError as error:  # refused: the Law and the head
        status, refused = error_body(error, (await service.live(table_id)).head)
        return JSONResponse(refused, status_code=status)
    if answer["type"] == "stale":
        return JSONResponse(answer, status_code=409)
    live = await service.live(table_id)
    async with live.lock:
        answer["ruling"] = online_ruling_view(live)
    return JSONResponse(answer, status_code=201)


@router.get("/{table_id}/engine", response_model=None)
async def engine_view(principal: DirectorOnly, service: Service, table_id: str) -> dict[str, Any]:
    """The table's ruling: state, pending decision with its law, options and who chooses,
    rulings so far, the Director's steps."""
    live = await service.live(table_id)
    async with live.lock:
        return online_ruling_view(live)


@router.post("/{table_id}/engine", status_code=201, response_model=None)
async def engine_open(
    principal: DirectorOnly, service: Service, table_id: str, body: OpenIn
) -> JSONResponse:
    """Switch the table to recording mode from the point of the irregularity (Law 81C3)."""
    return await _direct(service, principal, table_id, DirectorRecording(body.from_seq), body)


class ActionIn(StepIn):
    """One record action (docs/table-records.md)."""

    action: dict[str, Any] = Field(description="A record action: change, report, call, ...")


@router.post("/{table_id}/engine/actions", status_code=201, response_model=None)
async def engine_action(
    principal: DirectorOnly, service: Service, table_id: str, body: ActionIn
) -> JSONResponse:
    """Enter what happened, or a Director's answer (``director``: tricks, facts...)."""
    return await _direct(service, principal, table_id, DirectorStep(body.action), body)


@router.post("/{table_id}/engine/choose", status_code=201, response_model=None)
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


@router.post("/{table_id}/engine/answer", status_code=201, response_model=None)
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


@router.post("/{table_id}/engine/resume", status_code=201, response_model=None)
async def engine_resume(
    principal: DirectorOnly, service: Service, table_id: str, body: StepIn
) -> JSONResponse:
    """The ruling is complete: play goes on online from the rectified state."""
    return await _direct(service, principal, table_id, DirectorResume(), body)
