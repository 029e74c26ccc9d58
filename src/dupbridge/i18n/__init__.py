"""Translation of every human-readable message (English source strings).

All user-facing text in dupbridge goes through :func:`_` (or :func:`ngettext`), with an English
source string and ``str.format`` placeholders filled *after* translation, so that translating
dupbridge into Polish, Swedish, Latvian, Estonian or Russian is a matter of catalogs only
(``src/dupbridge/i18n/locales/<lang>/LC_MESSAGES/dupbridge.po``, compiled to ``.mo`` by
``python -m dupbridge.i18n.compile``).

Only the standard library is used here, so every layer, the functional core included, may
import this module. The active language lives in a :class:`contextvars.ContextVar`, so that two
requests served by one process in different languages never see each other's text: the CLI
chooses it once with :func:`set_language`; a server wraps each request or command in
:func:`use_language`. Errors keep their English template and parameters and are rendered in the
language active where they are shown.
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "_",
    "get_language",
    "ngettext",
    "pgettext",
    "set_language",
    "use_language",
]

DOMAIN = "dupbridge"
LOCALE_DIR = Path(__file__).parent / "locales"
#: The languages of the source texts of the Laws (SPEC §1.1), English being the source.
LANGUAGES: tuple[str, ...] = ("en", "pl", "sv", "lv", "et", "ru")

_LANGUAGE: ContextVar[str] = ContextVar("dupbridge_language", default="en")


@lru_cache(maxsize=len(LANGUAGES))
def _translations(language: str) -> _gettext.NullTranslations:
    return _gettext.translation(
        DOMAIN, localedir=str(LOCALE_DIR), languages=[language], fallback=True
    )


def _check(language: str) -> None:
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; dupbridge speaks {', '.join(LANGUAGES)}")


def set_language(language: str) -> None:
    """Make ``language`` the language of every later message in this context.

    Args:
        language: one of :data:`LANGUAGES`; a language without a compiled catalog falls
            back to English silently (the source strings are English).

    Raises:
        ValueError: if the language is not one dupbridge supports.
    """
    _check(language)
    _LANGUAGE.set(language)


@contextmanager
def use_language(language: str) -> Iterator[None]:
    """Speak ``language`` inside the ``with`` block only (one request, one command).

    Raises:
        ValueError: if the language is not one dupbridge supports.
    """
    _check(language)
    token = _LANGUAGE.set(language)
    try:
        yield
    finally:
        _LANGUAGE.reset(token)


def get_language() -> str:
    """The language active in this context (English by default)."""
    return _LANGUAGE.get()


def _(message: str) -> str:
    """Translate ``message`` (an English source string) into the active language."""
    return _translations(_LANGUAGE.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message whose form depends on the number ``n``."""
    return _translations(_LANGUAGE.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """Translate ``message`` in ``context``: one English word used in two senses (``"call"``
    as a verb in "cannot call now" and as a noun) gets a translation for each."""
    return _translations(_LANGUAGE.get()).pgettext(context, message)


def N_(message: str) -> str:  # noqa: N802 - the gettext convention for "mark only"
    """Mark ``message`` for extraction without translating it now (module-level tables)."""
    return message
