"""One mapping from the project's errors to answers (DESIGN §5): notation 422, a refused
action 409 with the Law and the seat, another seat's action 403, an unknown table 404, a
command at a table that takes no more (its online session is closed) 410. The Director's
assistant and scores answer in their own shape, ``{"detail", "law"}``: an unknown ruling 404,
a step taken on a stale view 409, anything else refused 422 (:func:`director_body`).

HTTP responses and WebSocket error frames share :func:`error_body`, so a client reads the same
object either way.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from dupbridge.core.errors import ActionError, IrregularityError, NotationError
from dupbridge.i18n import _
from dupbridge.services.director.assistant import (
    AssistantError,
    RulingNotFoundError,
    StaleStepError,
)
from dupbridge.services.director.scores import ScoresError
from dupbridge.services.live import CorruptLogError
from dupbridge.services.online import SettingsError
from dupbridge.services.table_errors import ClosedTableError
from dupbridge.services.tables import ForbiddenError, StoreUnavailableError, UnknownTableError

__all__ = ["DIRECTOR_MAPPED", "MAPPED", "director_body", "error_body", "install_error_handlers"]

#: The errors mapped to an answer (anything else is a bug and a 500).
MAPPED: tuple[type[Exception], ...] = (
    NotationError,
    SettingsError,
    ActionError,
    ForbiddenError,
    UnknownTableError,
    ClosedTableError,
    CorruptLogError,
    StoreUnavailableError,
    ValidationError,
    RequestValidationError,
)

#: The Director's errors (assistant and scores), mapped by :func:`director_body`.
DIRECTOR_MAPPED: tuple[type[Exception], ...] = (AssistantError, ScoresError)


def _validation_message(error: ValidationError | RequestValidationError) -> str:
    parts = []
    for item in error.errors():
        where = ".".join(str(part) for part in item.get("loc", ())) or _("frame")
        parts.append(f"{where}: {item.get('msg', '')}")
    return "; ".join(parts)


def error_body(error: Exception, head: int | None = None) -> tuple[int, dict[str, Any]]:
    """The HTTP status and the JSON error object for ``error``."""
    body: dict[str, Any] = {"type": "error", "law": None, "seat": None, "head": head}
    if isinstance(error, ActionError):
        status = 409
        body["error"] = error.irregularity if isinstance(error, IrregularityError) else "refused"
        body["message"] = str(error)
        body["law"] = None if error.law is None else str(error.law)
        seat = error.seat
        body["seat"] = getattr(seat, "letter", None if seat is None else str(seat))
    elif isinstance(error, ForbiddenError):
        status, body["error"], body["message"] = 403, "forbidden", str(error)
    elif isinstance(error, UnknownTableError):
        status, body["error"], body["message"] = 404, "unknown_table", str(error)
    elif isinstance(error, ClosedTableError):
        status, body["error"], body["message"] = 410, "closed", str(error)
    elif isinstance(error, ValidationError | RequestValidationError):
        status, body["error"] = 422, "malformed"
        body["message"] = _validation_message(error)
    elif isinstance(error, StoreUnavailableError):
        status, body["error"], body["message"] = 503, "store_unavailable", str(error)
    elif isinstance(error, CorruptLogError):
        status, body["error"], body["message"] = 500, "corrupt_log", str(error)
    else:
        status, body["error"], body["message"] = 422, "notation", str(error)
    body["status"] = status
    return status, body


def director_body(error: AssistantError | ScoresError) -> tuple[int, dict[str, Any]]:
    """The HTTP status and the JSON body of a Director's step refused: the message and the
    law it names, if any."""
    status = 404 if isinstance(error, RulingNotFoundError) else 422
    if isinstance(error, StaleStepError):
        status = 409
    return status, {"detail": str(error), "law": getattr(error, "law", None)}


async def _handle_director(_request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, AssistantError | ScoresError)
    status, body = director_body(error)
    return JSONResponse(body, status_code=status)


async def _handle(_request: Request, error: Exception) -> JSONResponse:
    status, body = error_body(error)
    return JSONResponse(body, status_code=status)


_HTTP_ERRORS = {401: "unauthorized", 404: "not_found", 405: "method_not_allowed", 422: "malformed"}


async def _handle_http(_request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, StarletteHTTPException)
    body = {
        "type": "error",
        "status": error.status_code,
        "error": _HTTP_ERRORS.get(error.status_code, "http"),
        "message": str(error.detail),
        "law": None,
        "seat": None,
        "head": None,
    }
    return JSONResponse(body, status_code=error.status_code, headers=error.headers)


def install_error_handlers(app: FastAPI) -> None:
    """Map every project error (and the framework's own HTTP errors) to one error shape."""
    for kind in MAPPED:
        app.add_exception_handler(kind, _handle)
    for kind in DIRECTOR_MAPPED:
        app.add_exception_handler(kind, _handle_director)
    app.add_exception_handler(StarletteHTTPException, _handle_http)
