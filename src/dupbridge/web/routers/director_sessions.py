"""The console's decisions on an online session (``/api/director/sessions/{session}/...``,
docs/director.md): adjusted scores, their revisions and withdrawals as events of the board's
table log; penalties (Laws 90, 91), a robot or a substitute for a missing player as entries
of the session's log;
the results worked out again and the audit of both logs. Director only.

And the playing Director's override (:func:`playing_director_refusal`): the table inspector
shows him a board he may still have to play only when he asks for it explicitly, and the
override is logged.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from pydantic import BaseModel, Field

from dupbridge.i18n import _
from dupbridge.services.access import Principal, Role
from dupbridge.services.director.scores import ScoresError
from dupbridge.services.director.session_console import SessionConsole
from dupbridge.services.online import CHAT_LIMIT
from dupbridge.services.sessions import SessionError
from dupbridge.web.access import DirectorOnly, require
from dupbridge.web.pages import render
from dupbridge.web.routers.director_api import desk_of
from dupbridge.web.routers.sessions import sessions_of

__all__ = ["ConsoleViewer", "playing_director_refusal", "router", "session_console"]

router = APIRouter(tags=["director console"])

API = "/api/director/sessions"

#: Who may ask for the table inspector: the Director, and a playing Director (who sees a
#: board he may still have to play only with an explicit override).
ConsoleViewer = Annotated[Principal, require(Role.DIRECTOR, Role.PLAYING_DIRECTOR)]


def session_console(request: Request) -> SessionConsole:
    """The console's decisions on the sessions of the running app."""
    return SessionConsole(sessions_of(request), desk_of(request).store)


def playing_director_refusal(
    request: Request, principal: Principal, table_id: str, override: bool
) -> JSONResponse | None:
    """None when ``principal`` may see the table: the Director always; a playing Director
    when its board is over for everyone, or with ``override`` (then logged in the session's
    log with his name and the time). Otherwise the refusal (403; nothing of the board is
    shown)."""
    if principal.role is Role.DIRECTOR:
        return None
    console = session_console(request)
    to_play = console.still_to_play(table_id)
    if to_play is False:
        return None
    if override and to_play:
        console.override(principal, table_id)
        return None
    if override:  # no such table: the inspector says so
        return None
    return JSONResponse(
        {
            "detail": _(
                "you are a playing Director: this board may still be yours to play, so it is "
                "not shown; to see it anyway ask again with override=true (the override is "
                "logged with your name)"
            )
        },
        status_code=403,
    )


def _refused(error: Exception) -> JSONResponse:
    return JSONResponse({"detail": str(error)}, status_code=422)


async def _answer(work: Awaitable[dict[str, Any]]) -> dict[str, Any] | JSONResponse:
    """The answer of a score, its revision or its withdrawal, or the refusal with its reason
    (422; nothing written)."""
    try:
        return await work
    except (ScoresError, SessionError, ValueError) as error:
        return _refused(error)


async def _entered(enter: Callable[[], Any]) -> dict[str, Any] | JSONResponse:
    """Enter one decision in the session's log (``enter`` returns the entry, or something to
    await for it): its id and time, or the refusal with its reason (422; nothing entered)."""
    try:
        made = enter()
        entry = await made if isinstance(made, Awaitable) else made
    except (ScoresError, SessionError) as error:
        return _refused(error)
    return {"id": entry.id, "at": entry.created_at.isoformat(timespec="seconds")}


class SessionScoreIn(BaseModel):
    """An adjusted score on the board of one table of the session (Law 12C)."""

    table: str = Field(description="The board's table id (``table_id`` of a results line).")
    score: str = Field(description="'30% 4SN=; 70% 4SN-1' (12C1) or 'A60/40' (12C2).")
    kind: str = Field("adjusted_score", description="adjusted_score or not_played.")
    note: str = Field("", max_length=CHAT_LIMIT)


class SessionRevisionIn(BaseModel):
    """A revision of the score in force at a table: the event it revises, the new score."""

    table: str
    seq: int = Field(description="The seq of the DirectorScored event in force.")
    score: str


class SessionWithdrawalIn(BaseModel):
    """The withdrawal of the score in force at a table."""

    table: str
    seq: int


class RobotIn(BaseModel):
    """A robot plays for a missing player (``on``), or no longer does."""

    player: int = Field(ge=1)
    on: bool = True


class SubstituteIn(BaseModel):
    """A substitute plays under a missing player's number."""

    player: int = Field(ge=1)
    name: str = Field(min_length=1, max_length=100)


class SessionPenaltyIn(BaseModel):
    """A procedural (Law 90) or disciplinary (Law 91) penalty on an entry of the session."""

    pair: int = Field(ge=1, description="The entry's number.")
    points: str = Field(description="In the event's unit, negative to take away: '-25'.")
    law: str = Field(description="90 or 91.")
    reason: str = Field("", max_length=CHAT_LIMIT)


@router.get(API + "/{session_id}/results", response_model=None)
async def results(
    request: Request, principal: DirectorOnly, session_id: str
) -> dict[str, Any] | JSONResponse:
    """The session's lines (the Director's marked, each with its board table), its ranking
    worked out from the tables' logs, and the audit of the table and session logs."""
    try:
        return await session_console(request).results(session_id)
    except (ScoresError, SessionError) as error:
        return JSONResponse({"detail": str(error)}, status_code=404)


@router.get(API + "/{session_id}/audit", response_model=None)
async def audit(
    request: Request, principal: DirectorOnly, session_id: str
) -> list[dict[str, Any]] | JSONResponse:
    """Every Director's action on the session, oldest first, from both logs."""
    return session_console(request).audit(session_id)


@router.post(API + "/{session_id}/adjusted", status_code=201, response_model=None)
async def adjusted(
    request: Request, principal: DirectorOnly, session_id: str, body: SessionScoreIn
) -> dict[str, Any] | JSONResponse:
    """An adjusted score (Law 12C): a ``DirectorScored`` event of the table's log."""
    return await _answer(
        session_console(request).adjust(
            principal, session_id, body.table, body.score, kind=body.kind, note=body.note
        )
    )


@router.post(API + "/{session_id}/revisions", status_code=201, response_model=None)
async def revision(
    request: Request, principal: DirectorOnly, session_id: str, body: SessionRevisionIn
) -> dict[str, Any] | JSONResponse:
    """Revise the score in force: a compensating event; the original stays."""
    console = session_console(request)
    return await _answer(console.revise(principal, session_id, body.table, body.seq, body.score))


@router.post(API + "/{session_id}/withdrawals", status_code=201, response_model=None)
async def withdrawal(
    request: Request, principal: DirectorOnly, session_id: str, body: SessionWithdrawalIn
) -> dict[str, Any] | JSONResponse:
    """Withdraw the score in force: the table's own result stands again."""
    console = session_console(request)
    return await _answer(console.withdraw(principal, session_id, body.table, body.seq))


@router.post(API + "/{session_id}/robot", status_code=201, response_model=None)
async def robot(
    request: Request, principal: DirectorOnly, session_id: str, body: RobotIn
) -> dict[str, Any] | JSONResponse:
    """A robot for a missing player (or no longer): an entry of the session's log."""
    console = session_console(request)
    return await _entered(lambda: console.robot(principal, session_id, body.player, body.on))


@router.post(API + "/{session_id}/substitute", status_code=201, response_model=None)
async def substitute(
    request: Request, principal: DirectorOnly, session_id: str, body: SubstituteIn
) -> dict[str, Any] | JSONResponse:
    """A substitute for a missing player: an entry of the session's log."""
    console = session_console(request)
    return await _entered(lambda: console.substitute(principal, session_id, body.player, body.name))


@router.post(API + "/{session_id}/penalties", status_code=201, response_model=None)
async def penalty(
    request: Request, principal: DirectorOnly, session_id: str, body: SessionPenaltyIn
) -> dict[str, Any] | JSONResponse:
    """A penalty (Laws 90, 91): an entry of the session's log; the ranking counts it."""
    console = session_console(request)
    return await _entered(
        lambda: console.penalty(
            principal, session_id, body.pair, points=body.points, law=body.law, reason=body.reason
        )
    )


@router.post(
    API + "/{session_id}/penalties/{entry_id}/withdrawal", status_code=201, response_model=None
)
async def penalty_withdrawal(
    request: Request, principal: DirectorOnly, session_id: str, entry_id: int
) -> dict[str, Any] | JSONResponse:
    """Withdraw a penalty: a compensating entry of the session's log."""
    console = session_console(request)
    return await _entered(lambda: console.withdraw_penalty(principal, session_id, entry_id))


# --- the page ---------------------------------------------------------------------------------


async def _scores_page(
    request: Request, session_id: str, error: str | None = None, status: int = 200
) -> HTMLResponse:
    try:
        data = await session_console(request).results(session_id)
    except (ScoresError, SessionError) as missing:
        return render(request, "director/missing.html", status=404, error=str(missing))
    return render(request, "director/session_scores.html", status=status, data=data,
                  error=error)  # fmt: skip


@router.get("/director/sessions/{session_id}/scores", response_class=HTMLResponse)
async def scores_page(request: Request, principal: DirectorOnly, session_id: str) -> HTMLResponse:
    """The console's scores of an online session: the forms for an adjusted score (Law
    12C), a revision or a withdrawal of the score in force, a penalty (Laws 90, 91), a robot
    or a substitute; the audit of both logs, the Director's lines and the ranking."""
    return await _scores_page(request, session_id)


@router.post("/director/sessions/{session_id}/scores", response_model=None)
async def scores_step(request: Request, principal: DirectorOnly, session_id: str) -> Response:
    """One decision (``do``: adjusted, revision, withdrawal, penalty, penalty_withdrawal,
    robot, substitute), then the page again (or the refusal and its reason)."""
    form = {key: str(value) for key, value in (await request.form()).items()}
    console, do = session_console(request), form.get("do", "")
    table, score = form.get("table", ""), form.get("score", "")
    try:
        if do == "adjusted":
            await console.adjust(principal, session_id, table, score,
                                 kind=form.get("kind", "adjusted_score"))  # fmt: skip
        elif do == "revision":
            await console.revise(principal, session_id, table, int(form.get("seq", "")), score)
        elif do == "withdrawal":
            await console.withdraw(principal, session_id, table, int(form.get("seq", "")))
        elif do == "penalty":
            console.penalty(principal, session_id, int(form.get("pair", "")),
                            points=form.get("points", ""), law=form.get("law", ""),
                            reason=form.get("reason", ""))  # fmt: skip
        elif do == "penalty_withdrawal":
            console.withdraw_penalty(principal, session_id, int(form.get("entry", "")))
        elif do == "robot":
            await console.robot(principal, session_id, int(form.get("number", "")))
        elif do == "substitute":
            console.substitute(principal, session_id, int(form.get("number", "")),
                               form.get("name", ""))  # fmt: skip
        else:
            raise ScoresError(_("unknown form {name!r}").format(name=do))
    except (ScoresError, SessionError, ValueError) as error:
        return await _scores_page(request, session_id, error=str(error), status=422)
    return RedirectResponse(f"/director/sessions/{quote(session_id)}/scores", status_code=303)
