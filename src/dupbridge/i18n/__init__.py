"""Translation of every human-readable message (English source strings).

All user-facing text in dupbridge goes through :func:`_` (or :func:`ngettext`), with an English
source string and ``str.format`` placeholders filled *after* translation, so that translating
dupbridge into Polish, Swedish, Latvian, Estonian or Russian is a matter of catalogs only
(``src/dupbridge/i18n/locales/<lang>/LC_MESSAGES/dupbridge.po``, compiled to ``.mo`` by
``python -m dupbridge.i18n.compile``).

Only the standard library is used here, so every layer, the functional core included, may
import this module. The active language is the one piece of process state: the imperative
shell (CLI, web) chooses it with :func:`set_language`; the core never does.
"""

from __future__ import annotations

import gettext as _gettext
from pathlib import Path

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "_",
    "get_language",
    "ngettext",
    "set_language",
]

DOMAIN = "dupbridge"
LOCALE_DIR = Path(__file__).parent / "locales"
#: The languages of the source texts of the Laws (SPEC §1.1), English being the source.
LANGUAGES: tuple[str, ...] = ("en", "pl", "sv", "lv", "et", "ru")

_state: dict[str, _gettext.NullTranslations | str] = {
    "translations": _gettext.NullTranslations(),
    "language": "en",
}


def set_language(language: str) -> None:
    """Make ``language`` the language of every later message.

    Args:
        language: one of :data:`LANGUAGES`; a language without a compiled catalog falls
            back to English silently (the source strings are English).

    Raises:
        ValueError: if the language is not one dupbridge supports.
    """
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; dupbridge speaks {', '.join(LANGUAGES)}")
    _state["translations"] = _gettext.translation(
        DOMAIN, localedir=str(LOCALE_DIR), languages=[language], fallback=True
    )
    _state["language"] = language


def get_language() -> str:
    """The language chosen by the last :func:`set_language` (English by default)."""
    return str(_state["language"])


def _(message: str) -> str:
    """Translate ``message`` (an English source string) into the active language."""
    translations = _state["translations"]
    assert isinstance(translations, _gettext.NullTranslations)
    return translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message whose form depends on the number ``n``."""
    translations = _state["translations"]
    assert isinstance(translations, _gettext.NullTranslations)
    return translations.ngettext(singular, plural, n)


def N_(message: str) -> str:  # noqa: N802 - the gettext convention for "mark only"
    """Mark ``message`` for extraction without translating it now (module-level tables)."""
    return message
