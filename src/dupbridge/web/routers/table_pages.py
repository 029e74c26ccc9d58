"""The table page: a seat's page (``/tables/{id}/play?token=``), a kibitzer's page
(``/tables/{id}/watch``) and the board's review after play (``/tables/{id}/review``).

The pages are shells: the server renders the frame of the page, its texts (through the
catalogs) and where to connect; every card and call reaches the browser only in the frames of
the WebSocket protocol (docs/server.md), built for the viewer alone by
:mod:`dupbridge.services.wire`, and in the review once the board is over for the viewer.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse

from dupbridge.core.seats import Seat
from dupbridge.i18n import _, use_language
from dupbridge.services.table_review import TravellerEntry, review_json
from dupbridge.services.tables import ForbiddenError, TableService, UnknownTableError
from dupbridge.web.deps import Language, Service, Tokens, ViewerSeat
from dupbridge.web.pages import page_language, render
from dupbridge.web.routers.robot_pages import CARD_PATH
from dupbridge.web.routers.table_texts import page_texts
from dupbridge.web.schemas import ErrorOut

__all__ = ["router"]

router = APIRouter(prefix="/tables", tags=["table pages"])

_REVIEW_ERRORS: dict[int | str, dict[str, Any]] = {
    403: {"model": ErrorOut, "description": "A seat token for another seat or table."},
    404: {"model": ErrorOut, "description": "No such table."},
    409: {"model": ErrorOut, "description": "The board is not over for this viewer yet."},
}


async def _traveller(service: TableService, session_id: str, board: int) -> list[TravellerEntry]:
    """The session's tables that played ``board`` and have finished it."""
    records = await asyncio.to_thread(service.store.session_tables, session_id)
    entries = []
    for record in records:
        if record.board_number != board or record.finished_at is None:
            continue
        live = await service.live(record.id)
        entries.append(TravellerEntry(record.id, record.name, live.table))
    return entries


@router.get("/{table_id}/review", responses=_REVIEW_ERRORS)
async def review(table_id: str, service: Service, seat: ViewerSeat, lang: Language) -> Any:
    """The board after play: every hand (Law 66D), the double-dummy table, par and the
    traveller so far (the session's finished tables of the same board). A player sees it
    once play is over at his table; a kibitzer once the board is over at every table of the
    session (and the event's delay has passed). Before that: 409, and nothing is computed.
    """
    with use_language(lang):
        live = await service.live(table_id)
        over = live.finished if seat is not None else await service.released(live)
        if not over:
            return JSONResponse(
                {
                    "type": "error",
                    "status": 409,
                    "error": "not_over",
                    "message": _("the board is not over yet: its review shows after play"),
                },
                status_code=409,
            )
        others = await _traveller(service, live.session_id, live.board_number)
        table = live.table
        return await asyncio.to_thread(review_json, table, others, live.id)


async def _page(
    request: Request, service: TableService, table_id: str, seat: Seat | None, token: str | None
) -> HTMLResponse:
    """The page of a seat (``seat`` and its token) or of a kibitzer (None)."""
    lang = page_language(request)
    with use_language(lang):
        try:
            live = await service.live(table_id)
        except UnknownTableError as error:
            return render(
                request, "table/error.html", 404, title=_("No such table"), message=str(error)
            )
        if seat is None and not live.settings.kibitzers:
            return render(
                request,
                "table/error.html",
                403,
                title=_("No kibitzers"),
                message=_("this event has no kibitzers"),
            )
        title = _("Board {n}").format(n=live.board_number)
        if seat is not None:
            title = _("{board}: {seat}").format(board=title, seat=seat.title)
        strings = page_texts()
    # Laws 40A1, 40B2: wherever a robot sits, its opponents may read the robots' card. The
    # log says where robots sit (``RobotSeated``), whichever process runs them; the robots of
    # this process count too, before their first event is stored.
    robots = getattr(request.state, "robots", None)
    robot_seats = set(live.robot_seats)
    if robots is not None:
        robot_seats |= robots.seats(table_id)
    config = {
        "table": table_id,
        "seat": None if seat is None else seat.letter,
        "token": token,
        "socket": f"/tables/{table_id}/ws" if seat is not None else f"/tables/{table_id}/kibitz",
        "review": f"/tables/{table_id}/review",
        "lang": lang,
    }
    return render(
        request,
        "table/page.html",
        title=title,
        role="seat" if seat is not None else "kibitzer",
        strings=strings,
        config=config,
        system_card=f"{CARD_PATH}?lang={lang}" if robot_seats else None,
    )


@router.get("/{table_id}/play", response_class=HTMLResponse)
async def seat_page(
    table_id: str,
    request: Request,
    service: Service,
    tokens: Tokens,
    token: Annotated[str, Query(description="The seat's signed token.")] = "",
) -> HTMLResponse:
    """A seat's table page: its hand, dummy after the opening lead, the auction, the trick,
    the bidding box and the cards it may play, as the frames of its socket bring them."""
    try:
        with use_language(page_language(request)):
            if not token:
                raise ForbiddenError(_("a seat token is needed to sit at a table"))
            seat = tokens.seat_of(table_id, token)
    except ForbiddenError as error:
        with use_language(page_language(request)):
            title = _("This seat cannot be opened")
        return render(request, "table/error.html", 403, title=title, message=str(error))
    return await _page(request, service, table_id, seat, token)


@router.get("/{table_id}/watch", response_class=HTMLResponse)
async def kibitzer_page(table_id: str, request: Request, service: Service) -> HTMLResponse:
    """A kibitzer's page: nothing of the board until it is over at every table of the
    session (and the event's delay has passed), then everything."""
    return await _page(request, service, table_id, None, None)
