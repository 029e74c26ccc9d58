"""Dependencies that read like types (DESIGN §5): the service, the language, the seat a
signed token opens, the organiser's permission."""

from __future__ import annotations

import hmac
from typing import Annotated

from fastapi import Depends, Header, HTTPException, Query, Request, WebSocket
from itsdangerous import BadSignature, URLSafeSerializer

from dupbridge.core.seats import Seat
from dupbridge.i18n import LANGUAGES, _
from dupbridge.services.tables import ForbiddenError, TableService
from dupbridge.web.settings import Settings

__all__ = [
    "CurrentSeat",
    "Language",
    "OrganiserAllowed",
    "SeatTokens",
    "Service",
    "language_of",
]


class SeatTokens:
    """Signs and reads the per-seat tokens: a token opens one seat of one table."""

    def __init__(self, secret: str) -> None:
        self._serializer = URLSafeSerializer(secret, salt="dupbridge-seat")

    def issue(self, table_id: str, seat: Seat) -> str:
        """The token of ``seat`` at table ``table_id``."""
        return str(self._serializer.dumps([table_id, seat.letter]))

    def seat_of(self, table_id: str, token: str) -> Seat:
        """The seat ``token`` opens at ``table_id``.

        Raises:
            ForbiddenError: if the token is forged or belongs to another table.
        """
        try:
            value = self._serializer.loads(token)
        except BadSignature as error:
            raise ForbiddenError(_("this seat token is not valid")) from error
        if not isinstance(value, list) or len(value) != 2 or value[0] != table_id:
            raise ForbiddenError(_("this seat token is for another table"))
        return Seat.from_str(str(value[1]))


def _service(request: Request) -> TableService:
    service: TableService = request.state.service
    return service


def _tokens(request: Request) -> SeatTokens:
    tokens: SeatTokens = request.state.tokens
    return tokens


def language_of(lang: str | None, accept: str | None) -> str:
    """The language asked for: ``lang`` if given, else the first of Accept-Language that
    dupbridge speaks, else English."""
    if lang:
        if lang not in LANGUAGES:
            raise HTTPException(
                422,
                _("unknown language {lang!r}; dupbridge speaks {known}").format(
                    lang=lang, known=", ".join(LANGUAGES)
                ),
            )
        return lang
    for part in (accept or "").split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in LANGUAGES:
            return tag
    return "en"


def _language(
    lang: Annotated[str | None, Query(description="Language of messages.")] = None,
    accept_language: Annotated[str | None, Header()] = None,
) -> str:
    return language_of(lang, accept_language)


def _current_seat(
    table_id: str,
    request: Request,
    token: Annotated[str | None, Query(description="The seat's signed token.")] = None,
    authorization: Annotated[str | None, Header()] = None,
) -> Seat:
    if token is None and authorization and authorization.lower().startswith("bearer "):
        token = authorization[7:].strip()
    if not token:
        raise ForbiddenError(_("a seat token is needed to act at a table"))
    return _tokens(request).seat_of(table_id, token)


def _optional_seat(
    table_id: str,
    request: Request,
    token: Annotated[str | None, Query(description="A seat token; none: a kibitzer.")] = None,
) -> Seat | None:
    return None if not token else _tokens(request).seat_of(table_id, token)


def _organiser(request: Request, authorization: Annotated[str | None, Header()] = None) -> None:
    settings: Settings = request.state.settings
    key = settings.organiser_key
    if key is None:
        return
    given = (authorization or "").removeprefix("Bearer ").strip()
    if not hmac.compare_digest(given.encode(), key.get_secret_value().encode()):
        raise HTTPException(401, _("creating tables needs the organiser's key"))


def ws_service(websocket: WebSocket) -> TableService:
    """The service, for WebSocket routes."""
    service: TableService = websocket.state.service
    return service


def ws_tokens(websocket: WebSocket) -> SeatTokens:
    """The token signer, for WebSocket routes."""
    tokens: SeatTokens = websocket.state.tokens
    return tokens


Service = Annotated[TableService, Depends(_service)]
Tokens = Annotated[SeatTokens, Depends(_tokens)]
Language = Annotated[str, Depends(_language)]
CurrentSeat = Annotated[Seat, Depends(_current_seat)]
ViewerSeat = Annotated[Seat | None, Depends(_optional_seat)]
OrganiserAllowed = Annotated[None, Depends(_organiser)]
