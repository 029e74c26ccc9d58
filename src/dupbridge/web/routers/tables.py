"""Tables over plain HTTP: create a table from a deal, read a view or the events since a
seq, post a command. Routes parse input, call the service and map the result."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse

from dupbridge.core.boards import Board, dealer_of, vulnerability_of
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ActionError
from dupbridge.core.seats import SEATS, Seat, Vulnerability
from dupbridge.i18n import use_language
from dupbridge.services.online import TableSettings, decode_online
from dupbridge.services.robot_seats import RobotSeats
from dupbridge.services.wire import KIBITZER
from dupbridge.web.deps import CurrentSeat, Language, OrganiserAllowed, Service, Tokens, ViewerSeat
from dupbridge.web.errors import error_body
from dupbridge.web.schemas import (
    AckOut,
    CommandIn,
    CreateTableIn,
    CreateTableOut,
    ErrorOut,
    FrameOut,
    StaleOut,
    command_body,
)

__all__ = ["router"]

router = APIRouter(prefix="/tables", tags=["tables"])

_ERRORS: dict[int | str, dict[str, Any]] = {
    403: {"model": ErrorOut, "description": "A seat token for another seat or table."},
    404: {"model": ErrorOut, "description": "No such table."},
    409: {"model": ErrorOut, "description": "Refused (the Law it breaks) or stale."},
    410: {"model": ErrorOut, "description": "The table's online session is closed."},
    422: {"model": ErrorOut, "description": "Malformed input or bad notation."},
}


@router.post("", status_code=201, response_model=CreateTableOut, responses=_ERRORS)
async def create_table(
    body: CreateTableIn,
    request: Request,
    service: Service,
    tokens: Tokens,
    lang: Language,
    _allowed: OrganiserAllowed,
) -> CreateTableOut:
    """Create a table playing a deal (strict mode, the 2017 Laws); returns a signed token
    for each seat a person plays (``robots`` names the seats robots play). Dealer and
    vulnerability follow the board number (Law 2) unless given."""
    with use_language(lang):
        deal = Deal.from_pbn(body.deal)
        board = Board(
            body.board,
            Seat.from_str(body.dealer) if body.dealer else dealer_of(body.board),
            Vulnerability.from_str(body.vulnerability)
            if body.vulnerability
            else vulnerability_of(body.board),
        )
        settings = TableSettings.from_json(body.settings.model_dump())
        table_id, session_id = await service.create_table(
            deal, board, settings, session_id=body.session, name=body.name
        )
    robot_seats = {Seat.from_str(letter) for letter in body.robots}
    if robot_seats:
        robots: RobotSeats = request.state.robots
        everyone = len(robot_seats) == len(SEATS)
        await robots.attach(table_id, sorted(robot_seats), pace_s=0.0 if everyone else None)
    seat_tokens = {
        seat.letter: tokens.issue(table_id, seat) for seat in SEATS if seat not in robot_seats
    }
    pages = str(request.base_url).rstrip("/")
    base = pages.replace("http", "ws", 1)
    return CreateTableOut(
        table=table_id,
        session=session_id,
        seats=seat_tokens,
        seat_urls={
            letter: f"{base}/tables/{table_id}/ws?token={token}"
            for letter, token in seat_tokens.items()
        },
        kibitzer_url=f"{base}/tables/{table_id}/kibitz",
        play_urls={
            letter: f"{pages}/tables/{table_id}/play?token={token}"
            for letter, token in seat_tokens.items()
        },
        watch_url=f"{pages}/tables/{table_id}/watch",
    )


@router.get(
    "/{table_id}/view",
    response_model=FrameOut,
    response_model_exclude_unset=True,
    responses=_ERRORS,
)
async def read_view(
    table_id: str,
    service: Service,
    seat: ViewerSeat,
    lang: Language,
    since: int = Query(default=-1, ge=-1, description="Send the events after this seq."),
) -> dict[str, Any]:
    """The viewer's view and the events after ``since`` he may see (a seat token opens a
    seat's view; without one, a kibitzer's)."""
    with use_language(lang):
        live = await service.live(table_id)
        since = min(since, live.head)
        return await service.frame(live, KIBITZER if seat is None else seat, since)


@router.post(
    "/{table_id}/commands",
    response_model=AckOut,
    responses={**_ERRORS, 409: {"model": StaleOut | ErrorOut}},
)
async def post_command(
    table_id: str, command: CommandIn, service: Service, seat: CurrentSeat, lang: Language
) -> Any:
    """Carry out one command for the token's seat: stored in one transaction, then
    acknowledged and published. A stale ``expected_seq`` answers 409 with the head."""
    with use_language(lang):
        decoded = decode_online(command_body(command))
        try:
            answer = await service.handle(
                table_id, seat, decoded, command.expected_seq, command.key
            )
        except ActionError as error:  # refused: answer with the Law and the head
            live = await service.live(table_id)
            status, body = error_body(error, live.head)
            return JSONResponse(body, status_code=status)
    if answer["type"] == "stale":
        return JSONResponse(answer, status_code=409)
    return answer
