"""The boxes the fast commands draw without Rich: they fit the terminal's width, wrap at words,
fall back to ASCII where the output cannot encode box-drawing characters, and use colour only
on a terminal."""

from __future__ import annotations

import io

import pytest

from dupbridge.cli.plain import COLOUR_STYLES, NO_STYLES, panel, styles_for, table
from dupbridge.cli.quick import program_help


@pytest.mark.parametrize("width", [50, 80, 132])
def test_help_fits_the_width(width: int) -> None:
    """Every line of `dupbridge --help` is at most the terminal's width, and no word of a
    command's help is lost to wrapping."""
    lines = program_help("dupbridge", width, NO_STYLES)
    assert [] == [line for line in lines if len(line) > width]
    words = " ".join(lines).replace("│", " ").split()
    assert {"Movements", "(Law", "8):", "seats."} <= set(words)


def test_table_narrows_its_last_column() -> None:
    """A table wider than the terminal wraps its last column; the rows' cells stay whole."""
    rows = [["pbn", "Portable Bridge Notation 2.1 with many more words than fit"]]
    lines = table("Formats", ["Name", "Description"], rows, 40)
    assert max(len(line) for line in lines) <= 40
    assert len(lines) > 5  # title, three rules, the head and the row on two lines or more
    assert " pbn " in lines[4]


def test_ascii_when_the_output_cannot_encode_boxes() -> None:
    stream = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    lines = panel("Options", [["--help", "", "Show this message and exit."]], 40, stream=stream)
    assert lines[0].startswith("+- Options ")
    assert all(line.isascii() for line in lines)


def test_colour_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert COLOUR_STYLES == styles_for(Terminal())
    assert NO_STYLES == styles_for(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert NO_STYLES == styles_for(Terminal())
