"""PBN text: decoding, lines, and the regular expressions that find tags, tokens and comments.

Every line is scanned by regular expressions with no nested repetition (linear time). A whole
text (:func:`split_lines`) is checked for forbidden characters and long lines in one pass.
"""

from __future__ import annotations

import re

from dupbridge.formats._pbn_sections import split_section_token
from dupbridge.formats._pbn_values import (
    CALLS,
    CARD_TOKENS,
)

__all__ = [
    "BAD_CHAR",
    "CONTROL_ONLY",
    "DIRECTIVE",
    "MAX_LINE",
    "PLAIN_WORDS",
    "SPECIAL",
    "TABLE_SPECIAL",
    "TAG_KINDS",
    "TAG_LINE",
    "TAG_NAME",
    "TOKEN",
    "decode",
    "split_lines",
    "split_word",
    "token_columns",
    "unescape",
]

#: A line that is exactly one tag pair (the fast path); the value is a run of plain characters
#: and escapes, written so that the engine takes a whole run of plain characters at a time.
TAG_LINE = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*) "([^"\\]*(?:\\.[^"\\]*)*)"\][ \t]*')


#: The tokens of a line; each alternative is linear and ``str`` always succeeds once started.
TOKEN = re.compile(
    r'[ \t]+|(?P<lb>\[)|(?P<rb>\])|(?P<str>"(?:[^"\\]|\\.)*(?:(?P<close>")|\\?$))|(?P<semi>;.*)'
    r"|(?P<brace>\{[^}]*\}?)|(?P<word>[^\s\[\]\"{};]+)"
)


#: Characters that send a section line to the slow path.
SPECIAL = re.compile(r'[\[\]{}";%!?=$^]')


TABLE_SPECIAL = re.compile(r'[\[\]{}";%]')


#: Characters PBN does not allow: control characters and the C1 range of ISO 8859-1.
BAD_CHAR = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


#: A line of control characters and spaces only, with at least one control character.
CONTROL_ONLY = re.compile(
    r"[\x00-\x08\x0b-\x1f\x7f \t]*[\x00-\x08\x0b-\x1f\x7f][\x00-\x08\x0b-\x1f\x7f \t]*"
)


TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")


_UNESCAPE = re.compile(r'\\([\\"])')


DIRECTIVE = re.compile(r"%\s*(EXPORT|IMPORT|PBN\s+(\d+\.\d+))\s*$", re.IGNORECASE)


#: The section each tag name opens (filled as names are met): "A" auction, "P" play, "T" a
#: table, "N" a note (no section, but it must follow one), "" none.
TAG_KINDS: dict[str, str] = {"Auction": "A", "Play": "P", "Note": "N", "Table": ""}


MAX_LINE = 254  # 255 with the line end


#: The characters PBN allows in an ASCII text (the test for a whole text at once).
_ALLOWED_ASCII = bytes(range(0x20, 0x7F)) + b"\t\n"


#: Words of an Auction or Play line that are one token each (calls, cards, note references,
#: the marks of missing or further play): such a line is split on spaces and nothing more.
PLAIN_WORDS: frozenset[str] = frozenset(
    word
    for word in (
        *CALLS,
        *CARD_TOKENS,
        *(f"={number}=" for number in range(1, 33)),
        "-",
        "*",
        "+",
        "AP",
    )
    if split_section_token(word) == [word]
)


#: The parts of section words already split (a small vocabulary: calls and cards with their
#: annotations).
_SPLIT: dict[str, tuple[str, ...]] = {}


def decode(data: bytes) -> str:
    """Decode a PBN file: UTF-8 (with or without BOM) if it is valid UTF-8, else ISO 8859-1."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def split_lines(text: str) -> tuple[list[str], bool]:
    """The lines of a whole text, and whether they are known to be clean.

    Clean means that no line is too long or holds a character PBN forbids, and that no line
    ends with a carriage return (CR LF line ends are made LF first, if the text has no other
    CR): then :meth:`Parser.feed_lines` need not look at each line's characters.
    """
    clean = True
    if "\r" in text:
        if text.count("\r") == text.count("\r\n"):
            text = text.replace("\r\n", "\n")
        else:
            clean = False
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if clean:
        if text.isascii():
            clean = not text.encode("ascii").translate(None, _ALLOWED_ASCII)
        else:
            clean = BAD_CHAR.search(text) is None
    if clean and lines:
        clean = max(map(len, lines)) <= MAX_LINE
    return lines, clean


def unescape(text: str) -> str:
    return _UNESCAPE.sub(r"\1", text) if "\\" in text else text


def split_word(word: str) -> tuple[str, ...]:
    parts = _SPLIT.get(word)
    if parts is None:
        parts = tuple(split_section_token(word))
        if len(_SPLIT) < 4096:
            _SPLIT[word] = parts
    return parts


def token_columns(line: str, table: bool) -> list[int]:
    """The 1-based columns of the section tokens of ``line`` (cells for a table)."""
    columns: list[int] = []
    for match in TOKEN.finditer(line):
        kind = match.lastgroup
        if kind == "word":
            if table:
                columns.append(match.start() + 1)
            else:
                base = match.start() + 1
                offset = 0
                for part in split_section_token(match.group()):
                    offset = match.group().index(part, offset)
                    columns.append(base + offset)
                    offset += len(part)
        elif kind == "str" and table:
            columns.append(match.start() + 1)
    return columns
