"""Find English catalog messages left untranslated in a rendered page (issue 17, must-show 4).

The English catalog is the template ``dupbridge.pot``: every msgid is a sentence or word a
user may read. A page rendered in another language must show none of them, except the few
that the language's own catalog writes the same way (notation such as "IMP", "NS", numbers)
and an explicit short list of allowed exceptions.
"""

from __future__ import annotations

import re
from functools import cache
from html.parser import HTMLParser

from babel.messages.pofile import read_po

from dupbridge.i18n import LOCALE_DIR

__all__ = ["ALLOWED", "untranslated", "untranslated_text", "visible_text"]

#: Messages that may appear in English on a translated page: notation, names of programs and
#: formats, and words too short to tell a language by.
ALLOWED = frozenset(
    {
        "dupbridge",
        "PBN",
        "USEBIO",
        "JSON",
        "CSV",
        "PDF",
        "HTML",
        "IMP",
        "IMPs",
        "VP",
        "MP",
        "NT",
        "OK",
    }
)
#: English words a translation may keep inside its own sentence: the analysis term some
#: languages use as is (sv, lv "Double dummy") and the name of the keyboard's Enter key.
ALLOWED_PHRASES = ("Double dummy", "double dummy", "Enter")
#: Text that is not language: web addresses, and the column names of the players' CSV file
#: (the file's own format, read in English whatever the page's language).
ALLOWED_PATTERNS = re.compile(r"https?://\S+|pair,\s?name 1,\s?name 2,\s?member 1,\s?member 2")
#: Shorter messages than this are never checked ("NS", "A", "10").
MIN_LENGTH = 4

_PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\(?\w*\)?[sd]")


class _Text(HTMLParser):
    """Collects the text a reader sees: text nodes outside script/style, and titles."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in {"script", "style", "template"}:
            self._hidden += 1
        for name, value in attrs:
            if name in {"title", "alt", "placeholder", "aria-label"} and value:
                self.parts.append(value)
            if name == "value" and tag == "input" and value and ("type", "submit") in attrs:
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in {"script", "style", "template"} and self._hidden:
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden and data.strip():
            self.parts.append(data)


def visible_text(html: str) -> str:
    """The text of ``html`` a reader sees, one fragment a line, spaces collapsed."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    return "\n".join(" ".join(part.split()) for part in parser.parts)


def _pattern(msgid: str) -> re.Pattern[str] | None:
    """A regex matching ``msgid`` with any text in its placeholders, or None if too short."""
    pieces = _PLACEHOLDER.split(msgid)
    literal = "".join(pieces)
    if len(literal.strip(" :.,()-/")) < MIN_LENGTH or not re.search(r"[A-Za-z]{2}", literal):
        return None
    body = r".+?".join(_piece(piece) for piece in pieces)
    return re.compile(r"(?<!\w)" + body + r"(?!\w)")


def _piece(piece: str) -> str:
    # The literal text between placeholders; a space next to a placeholder stays a space, so
    # that "Place {place}" does not match the Swedish "Placering 1".
    core = re.escape(" ".join(piece.split()))
    if not core:
        return r"\s+" if piece else ""
    before = r"\s+" if piece[0].isspace() else ""
    after = r"\s+" if piece[-1].isspace() else ""
    return before + core + after


@cache
def _checks(language: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The English messages to look for on a page in ``language``."""
    with (LOCALE_DIR / language / "LC_MESSAGES" / "dupbridge.po").open("rb") as handle:
        catalog = read_po(handle)
    same: set[str] = set()
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for msgid in ids:
            if msgid in strings:  # the language writes it the same way (notation, a name)
                same.add(msgid)
    with (LOCALE_DIR / "dupbridge.pot").open("rb") as handle:
        template = read_po(handle)
    checks = []
    for message in template:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for msgid in ids:
            if not msgid or msgid in ALLOWED or msgid in same:
                continue
            pattern = _pattern(msgid)
            if pattern is not None:
                checks.append((msgid, pattern))
    return tuple(checks)


def untranslated(html: str, language: str) -> list[str]:
    """The English catalog messages shown untranslated in the visible text of ``html``."""
    return untranslated_text(visible_text(html), language)


def untranslated_text(text: str, language: str) -> list[str]:
    """The English catalog messages found untranslated in plain ``text``."""
    for phrase in ALLOWED_PHRASES:
        text = text.replace(phrase, " ")
    text = ALLOWED_PATTERNS.sub(" ", text)
    return sorted({msgid for msgid, pattern in _checks(language) if pattern.search(text)})
