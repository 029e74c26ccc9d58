"""Signing in and out (``/signin``, ``/signout``) and the role dependencies re-exported for
the routers (:mod:`dupbridge.web.identity`).

A Director signs in with his account; a player with the session, its PIN and his number, or a
one-time link; a table device with the session, its PIN and the table number. Each success
sets the signed cookie and redirects to ``next`` (a path on this server only) or ``/``; a
failure shows the form again with the reason and status 401.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from dupbridge.services.access import AccessError, Principal
from dupbridge.web.identity import (
    AUTH_COOKIE,
    MAX_AGE_S,
    Access,
    CurrentPrincipal,
    DirectorOnly,
    PrincipalCookies,
    require,
)
from dupbridge.web.pages import render

__all__ = ["CurrentPrincipal", "DirectorOnly", "require", "router", "safe_next"]

router = APIRouter(tags=["access"])


def safe_next(target: str | None) -> str:
    """``target`` if it is a path on this server, else ``/`` (no open redirects)."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return "/"
    return target


def _signed_in(request: Request, principal: Principal, target: str | None) -> Response:
    cookies: PrincipalCookies = request.state.principal_cookies
    response = RedirectResponse(safe_next(target), status_code=303)
    response.set_cookie(
        AUTH_COOKIE,
        cookies.dump(principal),
        max_age=MAX_AGE_S,
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )
    return response


def _form(
    request: Request, error: str | None = None, status: int = 200, **values: str
) -> HTMLResponse:
    return render(
        request,
        "access/signin.html",
        status=status,
        error=error,
        next=safe_next(request.query_params.get("next") or values.pop("next", None)),
        values=values,
    )


@router.get("/signin", response_class=HTMLResponse)
async def signin_page(request: Request) -> HTMLResponse:
    """The sign-in page: a Director, a player, or a table device."""
    return _form(request)


@router.post("/signin/director")
async def signin_director(
    *,
    request: Request,
    access: Access,
    name: Annotated[str, Form()],
    password: Annotated[str, Form()],
    next: Annotated[str | None, Form()] = None,
) -> Response:
    """A Director signs in with his account."""
    try:
        principal = access.sign_in_director(name, password)
    except AccessError as error:
        return _form(request, str(error), 401, name=name, next=next or "")
    return _signed_in(request, principal, next)


@router.post("/signin/player")
async def signin_player(
    *,
    request: Request,
    access: Access,
    session: Annotated[str, Form()],
    pin: Annotated[str, Form()],
    number: Annotated[int, Form()],
    next: Annotated[str | None, Form()] = None,
) -> Response:
    """A player signs in to a session with its PIN and his number."""
    try:
        principal = access.sign_in_player(session.strip(), pin, number)
    except AccessError as error:
        return _form(request, str(error), 401, session=session, number=str(number), next=next or "")
    return _signed_in(request, principal, next)


@router.post("/signin/table")
async def signin_table(
    *,
    request: Request,
    access: Access,
    session: Annotated[str, Form()],
    pin: Annotated[str, Form()],
    table: Annotated[int, Form()],
    next: Annotated[str | None, Form()] = None,
) -> Response:
    """A club's device signs in as the device of one table."""
    try:
        principal = access.sign_in_table(session.strip(), pin, table)
    except AccessError as error:
        return _form(request, str(error), 401, session=session, table=str(table), next=next or "")
    return _signed_in(request, principal, next)


@router.get("/signin/link/{token}")
async def signin_link(request: Request, access: Access, token: str) -> Response:
    """A player signs in with a one-time link (a second use is refused)."""
    try:
        principal = access.redeem_link(token)
    except AccessError as error:
        return _form(request, str(error), 401)
    return _signed_in(request, principal, request.query_params.get("next"))


@router.post("/signout")
async def signout(request: Request) -> Response:
    """Forget who was signed in on this browser."""
    response = RedirectResponse("/", status_code=303)
    response.delete_cookie(AUTH_COOKIE)
    return response
