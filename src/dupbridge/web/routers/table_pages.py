"""The table page: a seat's page (``/tables/{id}/play?token=``), a kibitzer's page
(``/tables/{id}/watch``) and the board's review after play (``/tables/{id}/review``).

The pages are shells: the server renders the frame of the page, its texts (through the
catalogs) and where to connect; every card and call reaches the browser only in the frames of
the WebSocket protocol (docs/server.md), built for the viewer alone by
:mod:`dupbridge.services.wire`, and in the review once the board is over for the viewer.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from dupbridge.i18n import _, use_language
from dupbridge.services.table_review import TravellerEntry, review_json
from dupbridge.services.tables import TableService
from dupbridge.web.deps import Language, Service, ViewerSeat
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
