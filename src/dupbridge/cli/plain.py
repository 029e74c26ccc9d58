"""Boxes and tables drawn with the standard library only, for the commands that must start fast.

``dupbridge --help`` and ``dupbridge formats`` are answered without the command-line framework
(Typer, Rich): importing it costs several times Python's own start-up (issue 12). These helpers
draw what Rich would: a titled panel with rounded corners for the help, a table with a heavy
head for lists. Lines are wrapped at words to the terminal's width (``COLUMNS``, else the
terminal, else 80); colours are used only on a terminal, and never with ``NO_COLOR`` set or
``TERM=dumb``; box-drawing characters fall back to ASCII when the output cannot encode them.
"""

from __future__ import annotations

import os
import sys
import textwrap
from collections.abc import Sequence
from typing import NamedTuple, TextIO

__all__ = ["Style", "Styles", "panel", "styles_for", "table", "terminal_width"]


class Style(NamedTuple):
    """An ANSI style: the codes that start it (empty: no style)."""

    codes: str

    def __call__(self, text: str) -> str:
        """``text`` in this style (unchanged when the style is empty or the text blank)."""
        if not self.codes or not text.strip():
            return text
        return f"\x1b[{self.codes}m{text}\x1b[0m"


class Styles(NamedTuple):
    """The styles of one output: Typer's own choices, or none at all."""

    name: Style
    value: Style
    border: Style
    usage: Style
    heading: Style
    title: Style


_PLAIN = Style("")
NO_STYLES = Styles(_PLAIN, _PLAIN, _PLAIN, _PLAIN, _PLAIN, _PLAIN)
COLOUR_STYLES = Styles(
    Style("1;36"), Style("1;33"), Style("2"), Style("33"), Style("1"), Style("3")
)

_ROUND = tuple("╭╮╰╯─│")  # a panel's corners, rule and side
_HEAVY = tuple("┏┓┃━┳┡┩╇│─└┘┴")  # a table's heavy head and light body
_ASCII_ROUND = tuple("++++-|")
_ASCII_HEAVY = tuple("++|=++++|-+++")


def terminal_width() -> int:
    """The width to draw for: ``COLUMNS``, else the terminal's, else 80 characters (what
    ``shutil.get_terminal_size`` answers, without importing ``shutil`` and its archivers)."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return max(int(columns), 20)
    try:
        width = os.get_terminal_size(sys.__stdout__.fileno()).columns if sys.__stdout__ else 0
    except (AttributeError, ValueError, OSError):
        width = 0
    return max(width or 80, 20)


def styles_for(stream: TextIO) -> Styles:
    """Colours on a terminal that shows them; none when piped, with ``NO_COLOR`` or
    ``TERM=dumb``."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return NO_STYLES
    isatty = getattr(stream, "isatty", None)
    return COLOUR_STYLES if isatty is not None and isatty() else NO_STYLES


def _encodable(characters: tuple[str, ...], stream: TextIO) -> bool:
    try:
        "".join(characters).encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _wrap(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, max(width, 1), break_on_hyphens=False) or [""]


def panel(
    title: str,
    rows: Sequence[Sequence[str]],
    width: int,
    styles: Styles = NO_STYLES,
    stream: TextIO = sys.stdout,
) -> list[str]:
    """A panel titled ``title`` of ``rows``: leading cells (names, values) in aligned columns,
    then a help text wrapped to what is left of ``width``. The first cell is a name, the second
    a value word (Typer's layout)."""
    corner_tl, corner_tr, corner_bl, corner_br, rule, side = (
        _ROUND if _encodable(_ROUND, stream) else _ASCII_ROUND
    )
    inner = width - 2
    columns = max(len(row) for row in rows) - 1 if rows else 0
    widths = [
        max((len(row[i]) for row in rows if len(row) > i + 1), default=0) for i in range(columns)
    ]
    lead = sum(widths) + 2 * len(widths)  # each leading column and two spaces after it
    help_width = max(inner - 2 - lead, 20)
    top = f"{corner_tl}{rule} {title} "
    lines = [styles.border(top + rule * max(width - len(top) - 1, 0) + corner_tr)]
    for row in rows:
        cells = list(row[:-1]) + [""] * (columns - len(row) + 1)
        texts = _wrap(row[-1], help_width)
        for number, text in enumerate(texts):
            parts = []
            for index, cell in enumerate(cells):
                shown = cell if number == 0 else ""
                style = styles.name if index == 0 else styles.value
                parts.append(style(shown.ljust(widths[index])) + "  ")
            body = " " + "".join(parts) + text
            padding = max(inner - (1 + lead + len(text)), 0)
            lines.append(styles.border(side) + body + " " * padding + styles.border(side))
    lines.append(styles.border(corner_bl + rule * max(width - 2, 0) + corner_br))
    return lines


def table(
    title: str,
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    width: int,
    styles: Styles = NO_STYLES,
    stream: TextIO = sys.stdout,
) -> list[str]:
    """A table with a heavy head, its title centred above it. When it is wider than
    ``width``, the last column is narrowed and its cells wrapped at words."""
    (tl, tr, hside, hrule, htee, ml, mr, mcross, side, rule, bl, br, btee) = (
        _HEAVY if _encodable(_HEAVY, stream) else _ASCII_HEAVY
    )
    widths = [
        max([len(header), *(len(row[i]) for row in rows)]) for i, header in enumerate(headers)
    ]
    total = sum(widths) + 3 * len(widths) + 1
    if total > width:
        widths[-1] = max(widths[-1] - (total - width), 8)
        total = sum(widths) + 3 * len(widths) + 1

    def line(cells: Sequence[str], bar: str, style: Style) -> list[str]:
        wrapped = [_wrap(cell, widths[i]) for i, cell in enumerate(cells)]
        out = []
        for number in range(max(len(column) for column in wrapped)):
            texts = [
                (column[number] if number < len(column) else "").ljust(widths[i])
                for i, column in enumerate(wrapped)
            ]
            border = styles.border(bar)
            out.append(border + border.join(f" {style(text)} " for text in texts) + border)
        return out

    def rule_line(left: str, fill: str, tee: str, right: str) -> str:
        return styles.border(left + tee.join(fill * (w + 2) for w in widths) + right)

    lines = [styles.title(title.center(total).rstrip())] if title else []
    lines.append(rule_line(tl, hrule, htee, tr))
    lines += line(headers, hside, styles.heading)
    lines.append(rule_line(ml, hrule, mcross, mr))
    for row in rows:
        lines += line(row, side, _PLAIN)
    lines.append(rule_line(bl, rule, btee, br))
    return lines
