"""The club evening at the tables and in the room (issue 15): the table device's page and
its JSON (check a result, send it with an idempotency key), and the live pages: the
ranking that refreshes as results come in, each board's traveller and each pair's score
card.

A table device signs in with the session PIN and its table number (``POST /signin/table``);
it may then enter results for its own table only. The live pages are open to everyone when
the event allows it, else to the Director.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, Field

from dupbridge.core.errors import DupbridgeError
from dupbridge.i18n import _
from dupbridge.services.access import Principal, Role
from dupbridge.services.club import Evening, EveningNotFoundError, Submission
from dupbridge.services.club.results import ranking, score_card, traveller
from dupbridge.services.club.views import table_view
from dupbridge.tournament.results import PairId
from dupbridge.web.access import CurrentPrincipal, require
from dupbridge.web.pages import render
from dupbridge.web.routers.club import club_service

__all__ = ["ResultIn", "router"]

router = APIRouter(tags=["club"])

TableOnly = Annotated[Principal, require(Role.TABLE)]


class ResultIn(BaseModel):
    """A result as the table page sends it."""

    round: int = Field(ge=1, le=99)
    board: int = Field(ge=1, le=999)
    contract: str = Field(max_length=60)
    declarer: str = Field(default="", max_length=1)
    result: str = Field(default="", max_length=3)
    lead: str = Field(default="", max_length=3)
    key: str = Field(default="", max_length=100)


def _evening(request: Request, evening_id: str) -> Evening:
    try:
        return club_service(request).load(evening_id)
    except EveningNotFoundError as missing:
        raise HTTPException(404, str(missing)) from None


def _table_of(principal: Principal, evening_id: str) -> int:
    if principal.session_id != evening_id or principal.number is None:
        raise HTTPException(403, _("this device is signed in for another evening"))
    return principal.number


def _refused(error: Exception, status: int = 422) -> JSONResponse:
    return JSONResponse({"ok": False, "message": str(error)}, status_code=status)


def _submission(body: ResultIn) -> Submission:
    return Submission(body.board, body.contract, body.declarer, body.result, body.lead)


# -- the table device ----------------------------------------------------------------------


@router.get("/club/{evening_id}/join", response_class=HTMLResponse)
def club_join(request: Request, evening_id: str) -> HTMLResponse:
    """The sign-in form of a table device: table number and the session PIN."""
    evening = _evening(request, evening_id)
    return render(request, "club/join.html", evening=evening, tables=evening.movement.tables)


@router.get("/club/{evening_id}/table", response_class=HTMLResponse)
def club_table(request: Request, principal: CurrentPrincipal, evening_id: str) -> Response:
    """The table's entry page (the device must be signed in for a table of this evening)."""
    evening = _evening(request, evening_id)
    if principal.role is not Role.TABLE or principal.session_id != evening_id:
        return render(
            request, "club/join.html", 401, evening=evening, tables=evening.movement.tables
        )
    table = _table_of(principal, evening_id)
    if table not in evening.movement.tables:
        return render(
            request, "club/join.html", 403, evening=evening, tables=evening.movement.tables,
            error=_("there is no table {table} in this movement").format(table=table),
        )  # fmt: skip
    return render(
        request,
        "club/table.html",
        evening=evening,
        table=table,
        view=table_view(evening, table),
        messages=_page_messages(),
    )


@router.get("/club/{evening_id}/table/state")
def club_table_state(request: Request, principal: TableOnly, evening_id: str) -> dict[str, Any]:
    """The table's rounds, boards (entered or not) and end-of-round instructions."""
    table = _table_of(principal, evening_id)
    return table_view(_evening(request, evening_id), table)


@router.post("/club/{evening_id}/table/check")
def club_table_check(
    request: Request, principal: TableOnly, evening_id: str, body: ResultIn
) -> JSONResponse:
    """Check a result and give North-South's score (Law 77) without storing it."""
    table = _table_of(principal, evening_id)
    try:
        checked = club_service(request).preview(evening_id, table, body.round, _submission(body))
    except DupbridgeError as error:
        return _refused(error)
    return JSONResponse(
        {"ok": True, "ns_score": checked.ns_score, "warnings": list(checked.warnings)}
    )


@router.post("/club/{evening_id}/table/results")
def club_table_result(
    request: Request, principal: TableOnly, evening_id: str, body: ResultIn
) -> JSONResponse:
    """Store a result East-West confirmed, once per idempotency key (a repeated key gets
    the stored result back with ``duplicate``)."""
    table = _table_of(principal, evening_id)
    try:
        accepted = club_service(request).submit(
            evening_id, table, body.round, _submission(body), key=body.key,
            who=principal.name or f"table {table}",
        )  # fmt: skip
    except DupbridgeError as error:
        return _refused(error, 409 if "already" in str(error) else 422)
    return JSONResponse(
        {
            "ok": True,
            "duplicate": accepted.duplicate,
            "board": accepted.line.board,
            "round": accepted.line.round,
            "ns_score": accepted.checked.ns_score,
            "flags": list(accepted.line.flags),
        }
    )


def _page_messages() -> dict[str, str]:
    # The page's own words, in the request's language (render sets it).
    return {
        "offline": _(
            "Offline: the result waits on this device and is sent when the connection returns."
        ),
        "queued": _("Waiting to be sent"),
        "sent": _("Sent"),
        "refused": _("Refused"),
        "score": _("Score for North-South"),
        "unknown": _("The score is shown when the connection returns."),
        "confirm": _("East-West: confirm"),
        "confirm_hint": _("East-West check the result and confirm."),
        "board": _("Board"),
        "next_round": _("Next round"),
        "passed": _("Passed out"),
        "lead": _("Lead"),
        "no_lead": _("No lead"),
        "tricks": _("Tricks"),
        "declarer": _("Declarer"),
        "contract": _("Contract"),
        "check": _("Check the result"),
        "back": _("Back"),
        "round": _("Round"),
        "done": _("entered"),
        "end": _("End of the round"),
        "session_over": _("All results of this table are entered. Thank you!"),
    }


# -- the live pages ------------------------------------------------------------------------


def _open_live(request: Request, principal: Principal, evening: Evening) -> None:
    if evening.setup.live or principal.role is Role.DIRECTOR:
        return
    state, _finished = club_service(request).state(evening.id)
    if state != "finished":
        raise HTTPException(403, _("the results are shown when play is over"))


def _open_boards(request: Request, principal: Principal, evening: Evening) -> bool:
    # Travellers and score cards show other tables' results: during play only the Director
    # sees them (a player must not learn a board's results before playing it, Law 16).
    if principal.role is Role.DIRECTOR:
        return True
    state, _finished = club_service(request).state(evening.id)
    return state == "finished"


def _boards_closed() -> HTTPException:
    return HTTPException(403, _("the travellers are shown when play is over"))


@router.get("/club/{evening_id}/live", response_class=HTMLResponse)
def club_live(request: Request, principal: CurrentPrincipal, evening_id: str) -> HTMLResponse:
    """The ranking so far; the page refreshes itself as results come in."""
    evening = _evening(request, evening_id)
    _open_live(request, principal, evening)
    return render(
        request,
        "club/live.html",
        evening=evening,
        rows=ranking(evening),
        version=club_service(request).version(evening_id),
        results=len(evening.lines),
        boards=evening.movement.boards if _open_boards(request, principal, evening) else (),
    )


@router.get("/club/{evening_id}/live/version")
def club_live_version(
    request: Request, principal: CurrentPrincipal, evening_id: str
) -> dict[str, int]:
    """The number of the last change (the live page polls it)."""
    evening = _evening(request, evening_id)
    _open_live(request, principal, evening)
    return {"version": club_service(request).version(evening_id)}


@router.get("/club/{evening_id}/live/ranking", response_class=HTMLResponse)
def club_live_ranking(
    request: Request, principal: CurrentPrincipal, evening_id: str
) -> HTMLResponse:
    """The ranking table alone (the live page swaps it in)."""
    evening = _evening(request, evening_id)
    _open_live(request, principal, evening)
    return render(
        request,
        "club/ranking_table.html",
        evening=evening,
        rows=ranking(evening),
        version=club_service(request).version(evening_id),
        results=len(evening.lines),
        cards=_open_boards(request, principal, evening),
    )


@router.get("/club/{evening_id}/traveller/{board}", response_class=HTMLResponse)
def club_traveller(
    request: Request, principal: CurrentPrincipal, evening_id: str, board: int
) -> HTMLResponse:
    """A board's traveller: every result so far with its score and points."""
    evening = _evening(request, evening_id)
    _open_live(request, principal, evening)
    if not _open_boards(request, principal, evening):
        raise _boards_closed()
    if board not in evening.movement.boards:
        raise HTTPException(404, _("no board {board} in this evening").format(board=board))
    return render(
        request,
        "club/traveller.html",
        evening=evening,
        board=board,
        rows=traveller(evening, board),
        boards=evening.movement.boards,
    )


@router.get("/club/{evening_id}/card/{pair}", response_class=HTMLResponse)
def club_card(
    request: Request,
    principal: CurrentPrincipal,
    evening_id: str,
    pair: str,
    line: Annotated[str | None, Query(max_length=2)] = None,
) -> HTMLResponse:
    """A pair's score card: the boards it played, its scores and points."""
    evening = _evening(request, evening_id)
    _open_live(request, principal, evening)
    if not _open_boards(request, principal, evening):
        raise _boards_closed()
    try:
        pair_id = PairId.from_str(f"{pair} {line}" if line else pair)
    except DupbridgeError as error:
        raise HTTPException(404, str(error)) from None
    return render(
        request,
        "club/card.html",
        evening=evening,
        pair=pair_id,
        lines=score_card(evening, pair_id),
        names=evening.event().pair(pair_id).label,
    )
