"""What the checks of a PBN game share: where they report, section tokens grouped into
calls or cards with their annotations, note references and where a token is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Protocol

from dupbridge.formats._pbn_sections import (
    RawTag,
    Tag,
)
from dupbridge.formats._pbn_values import SUFFIXES
from dupbridge.i18n import _

__all__ = [
    "NOTE_REF",
    "Locate",
    "NoteRefs",
    "Report",
    "SectionToken",
    "SectionUnit",
    "as_tag",
    "check_rows",
    "group_units",
    "note_ref",
    "note_texts",
    "ref_place",
    "section_notes",
    "token_place",
]


class Report(Protocol):
    """Where the checks report: line, column, message, and whether it is a warning."""

    def __call__(self, line: int, column: int, message: str, warning: bool = False) -> None:
        """Record one problem."""


#: Finds the column of the ``index``-th token of a line (cells if ``table``).
Locate = Callable[[int, int, bool], int]


#: Note references of a section: the number, the line and (-1 - index) of the token in its row
#: where it first appears.
NoteRefs = dict[int, tuple[int, int]]


def section_notes(tags: Sequence[RawTag]) -> list[tuple[str | None, RawTag]]:
    """The Note tags, each with the section it follows (Auction, Play, or None)."""
    notes: list[tuple[str | None, RawTag]] = []
    current: str | None = None
    for tag in tags:
        name = tag[0]
        if name == "Note":
            notes.append((current, tag))
        elif name in ("Auction", "Play"):
            current = name
    return notes


def note_texts(notes: list[tuple[str | None, RawTag]], section: str) -> dict[int, str]:
    """The text of each note after ``section``, as :meth:`Game.notes` gives them."""
    texts: dict[int, str] = {}
    for current, tag in notes:
        if current == section:
            number, _sep, text = tag[1].partition(":")
            if number.strip().isdecimal():
                texts.setdefault(int(number), text.strip())
    return texts


def as_tag(tag: RawTag) -> Tag:
    """A tag as a :class:`Tag` value (for the checks that read its fields by name)."""
    return tag if type(tag) is Tag else tuple.__new__(Tag, tag)


class SectionToken:
    """A section token with where it is."""

    __slots__ = ("index", "line", "text")

    def __init__(self, text: str, line: int, index: int) -> None:
        self.text = text
        self.line = line
        self.index = index


def _tokens(tag: Tag) -> list[SectionToken]:
    tokens: list[SectionToken] = []
    for row, line in zip(tag.section, tag.rows_at or (0,) * len(tag.section), strict=True):
        tokens.extend(SectionToken(text, line, index) for index, text in enumerate(row))
    return tokens


class SectionUnit:
    """A call or card with its annotations and irregularity marks."""

    __slots__ = ("marks", "note", "notes", "token", "tokens")

    def __init__(self, token: SectionToken, marks: list[SectionToken]) -> None:
        self.token = token
        self.marks = marks
        self.tokens: list[SectionToken] = []
        self.note: int | None = None
        self.notes: list[tuple[int, SectionToken]] = []


def group_units(
    tag: Tag, report: Report, locate: Locate, what: str, *, plus_is_unit: bool = False
) -> tuple[list[SectionUnit], SectionToken | None]:
    """Group a section into units; check annotations. Returns the units and the end mark."""

    def at(token: SectionToken) -> tuple[int, int]:
        return token.line or tag.line or 1, locate(token.line, token.index, False)

    units: list[SectionUnit] = []
    marks: list[SectionToken] = []
    end: SectionToken | None = None
    for token in _tokens(tag):
        text = token.text
        first = text[0]
        if first == "^" and text != "^S":
            if len(text) != 2 or text[1] not in ("I", "R", "L"):
                report(*at(token), _("{text!r} is not an irregularity mark").format(text=text))
            if marks:
                report(*at(token), _("two irregularity marks on one {what}").format(what=what))
            marks.append(token)
            continue
        if first in "=$!?":
            if not units:
                report(*at(token), _("{text!r} annotates nothing").format(text=text))
                continue
            _annotate(units[-1], token, report, at, what)
            continue
        if end is not None:
            if end.text == "+":
                report(
                    *at(token),
                    _("{text!r} after '+' (the rest is to be continued)").format(text=text),
                )
            continue
        if text == "*" or (text == "+" and not plus_is_unit):
            end = token
            if marks:
                report(
                    *at(marks[0]), _("an irregularity mark must precede a {what}").format(what=what)
                )
                marks = []
            continue
        units.append(SectionUnit(token, marks))
        marks = []
    return units, end


def _annotate(
    unit: SectionUnit,
    token: SectionToken,
    report: Report,
    at: Callable[[SectionToken], tuple[int, int]],
    what: str,
) -> None:
    """Check one annotation: a note =n=, a suffix (! ? !! ?? !? ?!) or a NAG $n.

    Suffixes and NAGs $1-$9 assess the call or card (a call takes $1-$6 only): one
    assessment at most. Any other NAG ($0, $10-$255) comments on it: one such NAG at most.
    """
    text = token.text
    kinds = {_annotation_kind(other.text) for other in unit.tokens}
    kind = _annotation_kind(text)
    if text[0] == "=":
        body = text[1:-1] if len(text) > 1 and text.endswith("=") else ""
        if not body.isdecimal() or not 1 <= int(body) <= 32:
            report(*at(token), _("{text!r} is not a note reference =1= to =32=").format(text=text))
            return
        if kind in kinds:
            report(*at(token), _("a {what} has one note at most").format(what=what))
            return
        unit.note = int(body)
        unit.notes.append((int(body), token))
    elif text[0] == "$":
        body = text[1:]
        if not body.isdecimal():
            report(*at(token), _("{text!r}: a NAG is $ and a number").format(text=text))
            return
        if int(body) > 255:
            report(*at(token), _("{text!r}: NAGs go from $0 to $255").format(text=text))
            return
        if what == _("call") and 7 <= int(body) <= 9:
            report(*at(token), _("{text!r}: NAGs $7-$9 assess cards, not calls").format(text=text))
            return
    elif text not in SUFFIXES:
        report(*at(token), _("{text!r} is not a suffix (! ? !! ?? !? ?!)").format(text=text))
        return
    if kind in kinds and kind != "note":
        report(
            *at(token),
            _("a {what} has one assessment (suffix or NAG $1-$9) at most").format(what=what)
            if kind == "assessment"
            else _("a {what} has one NAG at most").format(what=what),
        )
        return
    unit.tokens.append(token)


def _annotation_kind(text: str) -> str:
    if text[0] == "=":
        return "note"
    if text[0] == "$":
        return "assessment" if text[1:].isdecimal() and 1 <= int(text[1:]) <= 9 else "nag"
    return "assessment"


def check_rows(tag: Tag, report: Report, most: int, message: str) -> None:
    for row, line in zip(tag.section, tag.rows_at, strict=False):
        if len(row) <= most:
            continue
        units = [t for t in row if t[0] not in "=$!?^" or t == "^S"]
        if len(units) > most:
            report(line, 1, message, True)


NOTE_REF = re.compile(r"=([1-9]|[12]\d|3[0-2])=")


_NOTE_REFS: dict[str, int] = {f"={number}=": number for number in range(1, 33)}


def note_ref(word: str) -> int | None:
    """The number of a note reference ``=n=`` (1 to 32), or None."""
    number = _NOTE_REFS.get(word)
    if number is None and NOTE_REF.fullmatch(word):
        number = int(word[1:-1])
    return number


def token_place(tag: Tag, index: int, locate: Locate) -> tuple[int, int]:
    """The line and column of the ``index``-th token of a section."""
    for row, line in zip(tag.section, tag.rows_at, strict=False):
        if index < len(row):
            return line, locate(line, index, False)
        index -= len(row)
    return tag.line or 1, tag.column or 1


def ref_place(tag: Tag, index: int) -> tuple[int, int]:
    """Where the ``index``-th token of a section is: its line and (-1 - index in its row)."""
    section = tag.section
    for row, line in zip(section, tag.rows_at or (0,) * len(section), strict=True):
        if index < len(row):
            return line or tag.line or 1, -1 - index
        index -= len(row)
    return tag.line or 1, -1
