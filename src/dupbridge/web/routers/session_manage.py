"""The Director's management of online sessions, behind ``require(Role.DIRECTOR)``: create a
session with its Conditions of Contest, enter pairs and single players (the partnership
desk), issue one-time sign-in links, start it, change the clock and the time-out rules,
let a robot play for a missing player or seat a substitute, correct a result (Law 79C) and
close it. Every form answers with the management page, or with the refusal and its reason
(nothing changed)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from dupbridge.i18n import _
from dupbridge.services.access import AccessError
from dupbridge.services.sessions import SessionConfig, SessionError
from dupbridge.web.identity import Access, DirectorOnly
from dupbridge.web.pages import render
from dupbridge.web.routers.director_api import desk_of
from dupbridge.web.routers.sessions import ranking_rows, refused, sessions_of

__all__ = ["router"]

router = APIRouter(prefix="/manage/sessions", tags=["session management"])

Text = Annotated[str, Form()]


def _back(session_id: str, message: str = "") -> Response:
    suffix = "?done=1" if message else ""
    return RedirectResponse(f"/manage/sessions/{session_id}{suffix}", status_code=303)


async def _changed(request: Request, session_id: str, change: Callable[[], object]) -> Response:
    """Make one change to the session (``change`` may return something to await), then
    the management page again; or the refusal and its reason (nothing changed)."""
    try:
        made = change()
        if isinstance(made, Awaitable):
            await made
    except SessionError as error:
        return refused(request, error)
    return _back(session_id)


@router.get("", response_class=HTMLResponse)
async def manage_list(request: Request, director: DirectorOnly) -> HTMLResponse:
    """Every session, newest first, and the form to create one."""
    rows = list(reversed(sessions_of(request).sessions()))
    return render(request, "session/manage_list.html", sessions=rows, defaults=SessionConfig())


@router.post("")
async def create(
    *,
    request: Request,
    director: DirectorOnly,
    name: Text,
    method: Text = "mp",
    movement: Text = "",
    boards_per_round: Annotated[int, Form()] = 2,
    seconds_per_board: Annotated[float, Form()] = 450,
    warning_s: Annotated[float, Form()] = 120,
    overtime: Text = "finish",
    unstarted: Text = "score",
    timeout_score: Text = "A-/A-",
    ranking: Text = "round",
    correction_s: Annotated[float, Form()] = 1800,
    allow_list: Text = "",
    pin: Text = "",
) -> Response:
    """Create a session with its conditions (and a PIN; one is made up if none is given)."""
    try:
        config = SessionConfig(
            name=name.strip() or _("Online pairs"),
            method=method,
            movement=movement.strip().lower(),
            boards_per_round=boards_per_round,
            seconds_per_board=seconds_per_board,
            warning_s=warning_s,
            overtime=overtime,
            unstarted=unstarted,
            timeout_score=timeout_score.strip(),
            ranking=ranking,
            correction_s=correction_s,
            allow_list=tuple(part.strip() for part in allow_list.split(",") if part.strip()),
        )
        session_id, _pin = sessions_of(request).create(config, pin=pin.strip() or None)
    except (SessionError, AccessError) as error:
        return render(request, "session/refused.html", 409, message=str(error))
    return _back(session_id)


async def _page(request: Request, session_id: str, **extra: Any) -> HTMLResponse:
    sessions = sessions_of(request)
    view = sessions.view(session_id)
    scored = await sessions.ranking(session_id, director=True)
    return render(
        request,
        "session/manage.html",
        view=view,
        pin=sessions.pin_of(session_id),
        movement=sessions.movement(session_id),
        movement_name=sessions.movement_name(session_id),
        rows=ranking_rows(scored),
        files=sessions.files(session_id) is not None,
        **extra,
    )


@router.get("/{session_id}", response_class=HTMLResponse)
async def manage(request: Request, session_id: str, director: DirectorOnly) -> HTMLResponse:
    """One session: entries, the round and its boards, the clock, the ranking, the close."""
    try:
        return await _page(request, session_id)
    except SessionError as error:
        return refused(request, error)


@router.post("/{session_id}/pairs")
async def add_pair(
    *,
    request: Request,
    session_id: str,
    director: DirectorOnly,
    first: Text,
    second: Text,
    first_member: Text = "",
    second_member: Text = "",
) -> Response:
    """Enter a pair."""
    members = (first_member.strip(), second_member.strip())
    sessions = sessions_of(request)
    return await _changed(
        request, session_id, lambda: sessions.add_pair(session_id, (first, second), members)
    )


@router.post("/{session_id}/teams")
async def add_team(
    *,
    request: Request,
    session_id: str,
    director: DirectorOnly,
    names: Annotated[list[str], Form()],
) -> Response:
    """Enter a team of four."""
    sessions = sessions_of(request)
    return await _changed(request, session_id, lambda: sessions.add_team(session_id, tuple(names)))


@router.post("/{session_id}/singles")
async def add_single(
    *, request: Request, session_id: str, director: DirectorOnly, name: Text, member: Text = ""
) -> Response:
    """A single player at the partnership desk."""
    sessions = sessions_of(request)
    return await _changed(
        request, session_id, lambda: sessions.add_single(session_id, name, member.strip())
    )


@router.post("/{session_id}/links", response_class=HTMLResponse)
async def issue_link(
    *,
    request: Request,
    session_id: str,
    director: DirectorOnly,
    access: Access,
    number: Annotated[int, Form()],
) -> HTMLResponse:
    """A one-time sign-in link for player ``number`` (shown once)."""
    try:
        sessions_of(request).view(session_id)
        token = access.issue_link(session_id, number)
    except SessionError as error:
        return refused(request, error)
    except AccessError as error:
        return render(request, "session/refused.html", 409, message=str(error))
    link = f"{str(request.base_url).rstrip('/')}/signin/link/{token}?next=/sessions/{session_id}"
    return await _page(request, session_id, link=link, link_number=number)


@router.post("/{session_id}/start")
async def start(request: Request, session_id: str, director: DirectorOnly) -> Response:
    """Build the movement, deal the boards and start round 1."""
    sessions = sessions_of(request)
    return await _changed(request, session_id, lambda: sessions.start(session_id))


@router.post("/{session_id}/clock")
async def clock(
    *,
    request: Request,
    session_id: str,
    director: DirectorOnly,
    seconds_per_board: Annotated[float, Form()],
    warning_s: Annotated[float, Form()],
    overtime: Text,
    unstarted: Text,
    timeout_score: Text,
) -> Response:
    """Change the clock and what happens when time runs out."""
    sessions = sessions_of(request)
    return await _changed(
        request,
        session_id,
        lambda: sessions.set_clock(
            session_id,
            seconds_per_board=seconds_per_board,
            warning_s=warning_s,
            overtime=overtime,
            unstarted=unstarted,
            timeout_score=timeout_score.strip(),
        ),
    )


@router.post("/{session_id}/robot")
async def robot(
    *,
    request: Request,
    session_id: str,
    director: DirectorOnly,
    number: Annotated[int, Form()],
    on: Annotated[bool, Form()] = True,
) -> Response:
    """A robot plays for a missing player (or stops)."""

    async def change() -> None:
        await sessions_of(request).robot_for(session_id, number, on)
        payload = {"player": number, "on": on}  # an entry of the session's log
        desk_of(request).store.append(session_id, "robot", director.name, payload)

    return await _changed(request, session_id, change)


@router.post("/{session_id}/substitute")
async def substitute(
    *,
    request: Request,
    session_id: str,
    director: DirectorOnly,
    number: Annotated[int, Form()],
    name: Text,
) -> Response:
    """A substitute plays under a missing player's number."""

    def change() -> None:
        sessions_of(request).substitute(session_id, number, name)
        payload = {"player": number, "name": name.strip()}  # an entry of the session's log
        desk_of(request).store.append(session_id, "substitute", director.name, payload)

    return await _changed(request, session_id, change)


@router.post("/{session_id}/correct")
async def correct(
    *,
    request: Request,
    session_id: str,
    director: DirectorOnly,
    table: Text,
    outcome: Text = "",
    note: Text = "",
) -> Response:
    """Change a board's result: an artificial score (``A60/A40``), a result (``4S|N|=``), or
    empty to let the table's own result stand (refused after the correction period)."""
    sessions = sessions_of(request)
    return await _changed(
        request,
        session_id,
        lambda: sessions.correct(
            session_id, table, outcome.strip() or None, note, director=director
        ),
    )


@router.post("/{session_id}/close")
async def close(request: Request, session_id: str, director: DirectorOnly) -> Response:
    """Close the session: the results are written and the correction period begins."""
    sessions = sessions_of(request)
    return await _changed(request, session_id, lambda: sessions.close(session_id))
