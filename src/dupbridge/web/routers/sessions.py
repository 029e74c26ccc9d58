"""The online session's public pages: the lobby ``/`` (play a board with three robots in one
click; the live ranking of the robot session running beside it), a session's page (its
rounds and clock, the signed-in player's table, the ranking as the conditions allow), the
ranking fragment the pages refresh, and the results files after the close."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Annotated, Any

from fastapi import APIRouter, Form, HTTPException, Request
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response

from dupbridge.core.boards import Board
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat
from dupbridge.i18n import _
from dupbridge.i18n.formats import decimal_text, percent_text
from dupbridge.scoring.rounding import format_fixed
from dupbridge.services.access import Principal, Role
from dupbridge.services.online import TableSettings
from dupbridge.services.sessions import (
    SessionClosedError,
    SessionError,
    SessionForbiddenError,
    SessionService,
    UnknownSessionError,
)
from dupbridge.services.sessions.autoplay import call_maybe_async
from dupbridge.services.sessions.individual import IndividualScore
from dupbridge.tournament.event_scoring import Method, ScoredEvent
from dupbridge.web.deps import Service, Tokens
from dupbridge.web.identity import CurrentPrincipal
from dupbridge.web.pages import render

__all__ = ["player_rows", "ranking_rows", "refused", "router", "sessions_of"]

router = APIRouter(tags=["sessions"])

#: The results files a closed session hands out.
RESULT_FILES = {"results.pbn", "results.xml", "play.pbn"}


def sessions_of(request: Request) -> SessionService:
    """The session service of the app."""
    sessions: SessionService = request.state.sessions
    return sessions


def refused(request: Request, error: SessionError) -> HTMLResponse:
    """A page saying what was refused and why (nothing changed)."""
    status = 409
    if isinstance(error, UnknownSessionError):
        status = 404
    elif isinstance(error, SessionForbiddenError):
        status = 403
    elif isinstance(error, SessionClosedError):
        status = 410
    return render(request, "session/refused.html", status, message=str(error))


def _score_text(scored: ScoredEvent, total: Fraction, percent: Fraction | None) -> str:
    """A ranking's figure, rounded as the results website rounds it (exactly, halves away from
    zero) and written the active language's way (``62.35%``, Swedish ``62,35 %``)."""
    if percent is not None:
        return percent_text(format_fixed(percent, 2))
    if scored.method is Method.TEAMS_VP:
        return decimal_text(format_fixed(total, 2))
    if scored.method.in_imps:
        return decimal_text(("+" if total >= 0 else "") + format_fixed(total, 1))
    return decimal_text(format_fixed(total, 1))


def ranking_rows(scored: ScoredEvent | None) -> list[dict[str, Any]]:
    """The ranking as rows for the pages: place, pair number, names, score, boards."""
    if scored is None:
        return []
    rows = []
    for field in scored.fields:
        for placing, score in field.placings:
            place = str(placing.place) if not placing.shared else f"{placing.place}-{placing.last}"
            rows.append(
                {
                    "place": place,
                    "pair": placing.key.number,
                    "names": " – ".join(scored.event.pair(placing.key).names),
                    "score": _score_text(scored, score.total, score.percent),
                    "boards": score.boards_played,
                }
            )
    return rows


def player_rows(players: list[IndividualScore]) -> list[dict[str, Any]]:
    """An individual event's ranking as rows for the pages: place, player number, name,
    percentage, boards."""
    return [
        {
            "place": score.place,
            "pair": score.player,
            "names": score.name,
            "score": percent_text(format_fixed(score.percent, 2)),
            "boards": score.boards,
        }
        for score in players
    ]


async def _ranking_context(
    sessions: SessionService, session_id: str, principal: Principal
) -> dict[str, Any]:
    view = sessions.view(session_id)
    director = principal.role in (Role.DIRECTOR, Role.PLAYING_DIRECTOR)
    scored = await sessions.ranking(session_id, director=director)
    rows = ranking_rows(scored)
    if view.config.individual:  # players, not pairs (Law 4)
        rows = player_rows(await sessions.player_ranking(session_id, director=director))
    hidden = not rows and view.state == "running" and view.config.ranking == "end"
    return {"view": view, "rows": rows, "hidden": hidden, "scored": scored}


@router.get("/", response_class=HTMLResponse)
async def lobby(request: Request, principal: CurrentPrincipal) -> HTMLResponse:
    """The lobby: a table with three robots in one click, the robot session's live ranking
    and the club's sessions."""
    sessions = sessions_of(request)
    rows = list(reversed(sessions.sessions()))
    live = next((row for row in rows if row.state == "running"), None)
    context: dict[str, Any] = {"sessions": rows[:20], "live": None}
    if live is not None:
        context["live"] = await _ranking_context(sessions, live.id, principal)
    return render(request, "session/lobby.html", **context)


@router.post("/lobby/play")
async def play_with_robots(request: Request, service: Service, tokens: Tokens) -> Response:
    """Sit South at a new table with three robots (North, East and West) and go to it."""
    number = random.randint(1, 16)
    deal = Deal.random(random.Random())
    table_id, _session = await service.create_table(
        deal, Board.numbered(number), TableSettings(), name=_("A board with three robots")
    )
    robots = request.state.robots
    await call_maybe_async(robots.attach, table_id, [Seat.N, Seat.E, Seat.W])
    token = tokens.issue(table_id, Seat.S)
    return RedirectResponse(f"/tables/{table_id}/play?token={token}", status_code=303)


@router.get("/sessions/{session_id}", response_class=HTMLResponse)
async def session_page(
    request: Request, session_id: str, principal: CurrentPrincipal
) -> HTMLResponse:
    """A session: its state, round and clock, the signed-in player's table, the ranking."""
    sessions = sessions_of(request)
    try:
        context = await _ranking_context(sessions, session_id, principal)
    except SessionError as error:
        return refused(request, error)
    view = context["view"]
    mine = None
    if (
        principal.role is Role.PLAYER
        and principal.session_id == session_id
        and view.state == "running"
    ):
        assert principal.number is not None
        mine = sessions.my_boards(session_id, principal.number)
    files = sessions.files(session_id) if view.state == "closed" else None
    return render(
        request,
        "session/page.html",
        mine=mine,
        me=principal,
        files=files is not None,
        **context,
    )


@router.get("/sessions/{session_id}/ranking", response_class=HTMLResponse)
async def ranking_fragment(
    request: Request, session_id: str, principal: CurrentPrincipal
) -> HTMLResponse:
    """The ranking as an HTML fragment (the pages refresh it)."""
    try:
        context = await _ranking_context(sessions_of(request), session_id, principal)
    except SessionError as error:
        return refused(request, error)
    return render(request, "session/_ranking.html", **context)


@router.post("/sessions/{session_id}/play")
async def go_to_table(
    request: Request,
    session_id: str,
    principal: CurrentPrincipal,
    tokens: Tokens,
    table: Annotated[str, Form()],
) -> Response:
    """A signed-in player goes to his seat at a board table of the session (a seat that is
    not his is refused)."""
    if principal.role is not Role.PLAYER or principal.session_id != session_id:
        raise HTTPException(403, _("sign in as a player of this session first"))
    assert principal.number is not None
    try:
        seat = sessions_of(request).seat_at(session_id, principal.number, table)
    except SessionError as error:
        return refused(request, error)
    token = tokens.issue(table, seat)
    return RedirectResponse(f"/tables/{table}/play?token={token}", status_code=303)


@router.get("/sessions/{session_id}/results/{name:path}")
async def results_file(request: Request, session_id: str, name: str) -> Response:
    """A closed session's results: the website (``index.html`` and its pages in
    ``boards/``, ``pairs/``, ``players/``...), the PBN and USEBIO files; nothing outside the
    session's folder."""
    folder = sessions_of(request).files(session_id)
    if folder is None:
        raise HTTPException(404, _("this session has no results yet"))
    root = folder.resolve()
    path = (folder / name).resolve()
    if not path.is_relative_to(root) or path == root or not path.is_file():
        raise HTTPException(404, _("no such results file"))
    if name in RESULT_FILES:
        return FileResponse(path, filename=name)
    return FileResponse(path)
