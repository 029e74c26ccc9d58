"""Server-rendered pages: one Jinja2 environment, the request's language, one ``render``.

Every page extends ``base.html`` (the viewport, ``/static/base.css``, a header with the
language switch and who is signed in, and ``<main id="main">``). Templates live in
``templates/<area>/`` and call ``_()``, ``ngettext()`` and ``pgettext()``, which translate into
the request's language: ``?lang=xx``, else the ``dupbridge_lang`` cookie, else
Accept-Language, else English. A ``?lang=`` choice is remembered in that cookie.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from fastapi import Request
from fastapi.responses import HTMLResponse
from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.types import ASGIApp, Receive, Scope, Send

from dupbridge.i18n import LANGUAGES, N_, _, ngettext, pgettext, use_language
from dupbridge.web.deps import language_of
from dupbridge.web.identity import principal_of

__all__ = [
    "LANGUAGE_COOKIE",
    "LANGUAGE_NAMES",
    "STATIC_DIR",
    "RequestLanguage",
    "environment",
    "page_language",
    "render",
]

#: The cookie that remembers the language a visitor chose.
LANGUAGE_COOKIE = "dupbridge_lang"

#: Static files, served at ``/static``.
STATIC_DIR = Path(__file__).parent / "static"

#: Each language by its own name (the language switch shows these, untranslated).
LANGUAGE_NAMES: dict[str, str] = {
    "en": "English",
    "pl": "Polski",
    "sv": "Svenska",
    "lv": "Latviešu",
    "et": "Eesti",
    "ru": "Русский",
}

#: The roles as the header names them.
ROLE_NAMES: dict[str, str] = {
    "player": N_("player"),
    "kibitzer": N_("kibitzer"),
    "table": N_("table"),
    "playing_director": N_("playing Director"),
    "director": N_("Director"),
}


@functools.cache
def environment() -> Environment:
    """The pages' Jinja2 environment (autoescaped, the i18n callables installed)."""
    env = Environment(
        loader=PackageLoader("dupbridge.web", "templates"),
        autoescape=select_autoescape(("html", "xml")),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(
        _=_,
        ngettext=ngettext,
        pgettext=pgettext,
        LANGUAGES=LANGUAGES,
        LANGUAGE_NAMES=LANGUAGE_NAMES,
    )
    return env


def page_language(request: Request) -> str:
    """The language of a page for ``request`` (an unknown ``?lang=`` falls back to the rest)."""
    asked = request.query_params.get("lang")
    if asked in LANGUAGES:
        return str(asked)
    cookie = request.cookies.get(LANGUAGE_COOKIE)
    if cookie in LANGUAGES:
        return str(cookie)
    return language_of(None, request.headers.get("accept-language"))


def _switch_links(request: Request) -> list[tuple[str, str, str]]:
    """(code, name, URL of this page in that language) for the language switch."""
    links = []
    for code in LANGUAGES:
        query = {key: value for key, value in request.query_params.items() if key != "lang"}
        query["lang"] = code
        links.append((code, LANGUAGE_NAMES[code], f"{request.url.path}?{urlencode(query)}"))
    return links


def render(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    """``template`` rendered in the request's language, as an HTML response.

    The context always has ``request``, ``lang``, ``languages`` (the switch's links) and
    ``principal`` (who is signed in; anonymous if nobody).
    """
    lang = page_language(request)
    principal = principal_of(request)
    with use_language(lang):
        html = (
            environment()
            .get_template(template)
            .render(
                request=request,
                lang=lang,
                languages=_switch_links(request),
                principal=principal,
                role_name=_(ROLE_NAMES[principal.role.value])
                if principal.role.value in ROLE_NAMES
                else "",
                **context,
            )
        )
    response = HTMLResponse(html, status_code=status)
    if request.query_params.get("lang") in LANGUAGES:
        response.set_cookie(LANGUAGE_COOKIE, lang, max_age=365 * 86400, samesite="lax")
    return response


class RequestLanguage:
    """ASGI middleware: every HTTP request is served in its page language
    (:func:`page_language`: ``?lang=``, the language cookie, then Accept-Language).

    Without it only the template spoke the reader's language, and a text a route made before
    rendering (a scoring method's name, a movement's name, an error) stayed English.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        with use_language(page_language(Request(scope))):
            await self.app(scope, receive, send)
