"""The PBN reader: a line-by-line lexer and parser that collects problems and never hangs.

Every line is scanned once by regular expressions with no nested repetition (linear time);
the common lines (a tag alone on its line, a row of calls or cards) take a fast path. Tags may
span lines, ``{...}`` comments may span lines, ``;`` comments run to the end of the line and
``%`` starts an escape line (``% PBN 2.1``, ``% EXPORT``). An empty line ends a game.

A whole text (:func:`split_lines`) is checked for forbidden characters and long lines in one
pass, so that the line loop need not look at every character again; the tags of a game are
kept as plain tuples (see :data:`~dupbridge.formats._pbn_game.RawTag`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from dupbridge.formats._pbn_check import check_game
from dupbridge.formats._pbn_game import (
    Game,
)
from dupbridge.formats._pbn_sections import (
    RawTag,
    auction_is_over,
    split_section_token,
)
from dupbridge.formats._pbn_values import (
    CALLS,
    CARD_TOKENS,
    NO_INHERITANCE,
    Column,
    PbnValueError,
    parse_columns,
    spaced_columns,
)
from dupbridge.formats.problems import Problem, Severity
from dupbridge.i18n import _

__all__ = ["Parser", "decode", "split_lines", "token_columns"]

#: A line that is exactly one tag pair (the fast path); the value is a run of plain characters
#: and escapes, written so that the engine takes a whole run of plain characters at a time.
_TAG_LINE = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*) "([^"\\]*(?:\\.[^"\\]*)*)"\][ \t]*')
#: The tokens of a line; each alternative is linear and ``str`` always succeeds once started.
_TOKEN = re.compile(
    r'[ \t]+|(?P<lb>\[)|(?P<rb>\])|(?P<str>"(?:[^"\\]|\\.)*(?:(?P<close>")|\\?$))|(?P<semi>;.*)'
    r"|(?P<brace>\{[^}]*\}?)|(?P<word>[^\s\[\]\"{};]+)"
)
#: Characters that send a section line to the slow path.
_SPECIAL = re.compile(r'[\[\]{}";%!?=$^]')
_TABLE_SPECIAL = re.compile(r'[\[\]{}";%]')
#: Characters PBN does not allow: control characters and the C1 range of ISO 8859-1.
_BAD_CHAR = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
#: A line of control characters and spaces only, with at least one control character.
_CONTROL_ONLY = re.compile(
    r"[\x00-\x08\x0b-\x1f\x7f \t]*[\x00-\x08\x0b-\x1f\x7f][\x00-\x08\x0b-\x1f\x7f \t]*"
)
_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_UNESCAPE = re.compile(r'\\([\\"])')
_DIRECTIVE = re.compile(r"%\s*(EXPORT|IMPORT|PBN\s+(\d+\.\d+))\s*$", re.IGNORECASE)
#: The section each tag name opens (filled as names are met): "A" auction, "P" play, "T" a
#: table, "N" a note (no section, but it must follow one), "" none.
_KINDS: dict[str, str] = {"Auction": "A", "Play": "P", "Note": "N", "Table": ""}
MAX_LINE = 254  # 255 with the line end
#: The characters PBN allows in an ASCII text (the test for a whole text at once).
_ALLOWED_ASCII = bytes(range(0x20, 0x7F)) + b"\t\n"
#: Words of an Auction or Play line that are one token each (calls, cards, note references,
#: the marks of missing or further play): such a line is split on spaces and nothing more.
_PLAIN_WORDS: frozenset[str] = frozenset(
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
            clean = _BAD_CHAR.search(text) is None
    if clean and lines:
        clean = max(map(len, lines)) <= MAX_LINE
    return lines, clean


def _unescape(text: str) -> str:
    return _UNESCAPE.sub(r"\1", text) if "\\" in text else text


def _split_word(word: str) -> tuple[str, ...]:
    parts = _SPLIT.get(word)
    if parts is None:
        parts = tuple(split_section_token(word))
        if len(_SPLIT) < 4096:
            _SPLIT[word] = parts
    return parts


def token_columns(line: str, table: bool) -> list[int]:
    """The 1-based columns of the section tokens of ``line`` (cells for a table)."""
    columns: list[int] = []
    for match in _TOKEN.finditer(line):
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


class Parser:
    """Feed it lines; it yields each game when the game ends (see :meth:`feed_lines`)."""

    def __init__(self, source: str = "<string>") -> None:
        self.source = source
        self.export = False
        self.version: str | None = None
        self._prev: dict[str, RawTag] | None = {}
        self._prev_tags: list[RawTag] = []
        self._sticky: dict[str, str] = {}
        self._comment: list[str] | None = None
        self._comment_at = (0, 0)
        self._comment_depth = 1
        self._comment_warned = False
        self._source_lines: list[str] = []
        self._problems: list[Problem] = []
        # the tags of the last game of each board (for '#' on a tag describing the board),
        # the games ended in the middle of a line, the last game read
        self._by_board: dict[str, list[RawTag]] = {}
        self._ready: list[Game] = []
        self._last: Game | None = None
        self._new_game()

    def _new_game(self) -> None:
        self._tags: list[RawTag] = []
        self._names: dict[str, int] = {}
        self._game_comments: list[str] = []
        self._comments: dict[int, list[str]] = {}  # tag index -> comments after it
        self._located: dict[int, list[int]] = {}
        self._problems = []
        self._lines: dict[int, str] = {}
        # the open section: its kind ("A" auction, "P" play, "T" table, "X" discarded, ""
        # none), the index of its tag, its rows and their lines, a table's columns
        self._kind = ""
        self._at = -1
        self._rows: list[tuple[str, ...]] = []
        self._rows_at: list[int] = []
        self._columns: tuple[Column, ...] | None = None
        self._seen_section = False
        self._game_line = 0
        # the tag being assembled across tokens: state 0 none, 1 name, 2 value, 3 close
        self._state = 0
        self._t_name = ""
        self._t_value = ""
        self._t_at = (0, 0)
        self._t_value_at = (0, 0)

    def report(self, line: int, column: int, message: str, warning: bool = False) -> None:
        """Record a problem in the current game."""
        self._problems.append(
            Problem(
                line,
                column,
                message,
                Severity.WARNING if warning else Severity.ERROR,
                self.source,
            )
        )

    # --- lines ------------------------------------------------------------------------------

    def feed_lines(self, lines: Iterable[str], *, clean: bool = False) -> Iterator[Game]:
        """Parse ``lines`` (without their line ends); yield each game as it ends.

        The loop takes the common lines itself: a tag alone on its line, a row of calls,
        cards or table cells; everything else goes to :meth:`feed`.

        Args:
            lines: the lines; a list is kept to find columns in when reporting.
            clean: the lines are known to be clean (see :func:`split_lines`).
        """
        # a list of lines is kept by the caller: positions are looked up in it
        keep = True
        if isinstance(lines, list):
            keep = False
            self._source_lines = lines
        if not clean:
            lines = self._checked_lines(lines)
        tag_line = _TAG_LINE.fullmatch
        plain = _PLAIN_WORDS.__contains__
        special = _SPECIAL.search
        table_special = _TABLE_SPECIAL.search
        kinds = _KINDS
        lineno = 0
        for lineno, line in enumerate(lines, 1):
            if self._comment is None and self._state == 0:
                if not line:
                    game = self._end_game(lineno)
                    if game is not None:
                        yield game
                    continue
                first = line[0]
                if first == "[":
                    match = tag_line(line)
                    if match is not None:
                        if keep:
                            self._lines[lineno] = line
                        name, value = match.groups()
                        if self._kind:
                            self._close_section()
                        names = self._names
                        if (
                            kinds.get(name) == ""
                            and name not in names
                            and self._game_line
                            and "\\" not in value
                            and "\t" not in value
                            and value[:1] != "#"
                            and name not in self._sticky
                        ):
                            # a plain tag (what _tag does, for the common case)
                            names[name] = len(self._tags)
                            self._tags.append((name, value, (), (), lineno, len(name) + 4, ()))
                        else:
                            self._tag(name, _unescape(value), lineno, len(name) + 4, 0)
                            if self._ready:
                                yield from self._drain()
                        continue
                elif first not in {"%", "{", ";"}:
                    kind = self._kind
                    if kind in {"A", "P"}:
                        words = line.split()
                        if words and all(map(plain, words)):
                            if keep:
                                self._lines[lineno] = line
                            self._rows.append(tuple(words))
                            self._rows_at.append(lineno)
                            continue
                        if table_special(line) is None:
                            if keep:
                                self._lines[lineno] = line
                            if special(line) is None:
                                tokens = tuple(words)
                            else:
                                tokens = tuple(
                                    part
                                    for word in words
                                    for part in (_split_word(word) if special(word) else (word,))
                                )
                            if tokens:
                                self._rows.append(tokens)
                                self._rows_at.append(lineno)
                            continue
                    elif kind == "T" and table_special(line) is None:
                        if keep:
                            self._lines[lineno] = line
                        cells = tuple(line.split())
                        if cells:
                            self._section_row(lineno, cells)
                        continue
            game = self.feed(lineno, line)
            if self._ready:
                yield from self._drain()
            if game is not None:
                yield game
        game = self.finish(lineno + 1)
        if self._ready:
            yield from self._drain()
        if game is not None:
            yield game

    def _drain(self) -> list[Game]:
        ready = self._ready
        self._ready = []
        return ready

    def _checked_lines(self, lines: Iterable[str]) -> Iterator[str]:
        """The lines without a final carriage return, each checked for its length and
        characters as it is read (the problems go to the game being read)."""
        bad_char = _BAD_CHAR.search
        # lines of control characters only (a Ctrl-Z ending the file): held back until it
        # is known whether anything follows them
        held: list[tuple[int, str]] = []
        for lineno, raw in enumerate(lines, 1):
            line = raw[:-1] if raw[-1:] == "\r" else raw
            if len(line) > MAX_LINE or bad_char(line) is not None:
                if _CONTROL_ONLY.fullmatch(line):
                    held.append((lineno, line))
                    continue
                yield from self._release(held)
                self._line_problems(lineno, line)
            elif held and line.strip():
                yield from self._release(held)
            yield line
        for lineno, line in held:
            bad = _BAD_CHAR.search(line)
            column = bad.start() + 1 if bad is not None else 1
            message = _(
                "character U+{code:04X} after the last game is ignored (an end-of-file mark)"
            ).format(code=ord(bad.group()) if bad is not None else 0)
            problem = Problem(lineno, column, message, Severity.WARNING, self.source)
            if self._tags or self._last is None:
                self._problems.append(problem)
            else:
                self._last.problems.append(problem)
            yield ""

    def _release(self, held: list[tuple[int, str]]) -> Iterator[str]:
        """The held lines of control characters, reported as errors: more text follows."""
        for lineno, line in held:
            self._line_problems(lineno, line)
            yield line
        held.clear()

    def _line_problems(self, lineno: int, line: str) -> None:
        if len(line) > MAX_LINE:
            self.report(
                lineno,
                MAX_LINE + 1,
                _("the line has {n} characters; PBN allows {max} before the line end").format(
                    n=len(line), max=MAX_LINE
                ),
            )
        bad = _BAD_CHAR.search(line)
        if bad is not None:
            self.report(
                lineno,
                bad.start() + 1,
                _("character U+{code:04X} is not allowed in PBN").format(code=ord(bad.group())),
            )

    def feed(self, lineno: int, line: str) -> Game | None:
        """Parse one line (its length and characters already checked); return the game it
        ended, if any."""
        start = 0
        if self._comment is not None:
            end = self._comment_end(lineno, line)
            if end < 0:
                if not line.strip() and not self._comment_warned:
                    self._comment_warned = True
                    self.report(
                        *self._comment_at,
                        _("the comment '{' runs on across an empty line (the end of a game)"),
                        warning=True,
                    )
                self._comment.append(line)
                return None
            self._comment.append(line[:end])
            self._add_comment("\n".join(self._comment))
            self._comment = None
            start = end + 1
        if start == 0:
            if line.startswith("%"):
                self._directive(line)
                return None
            if not line.strip():
                return self._end_game(lineno)
        self._lines[lineno] = line
        self._scan(lineno, line, start)
        return None

    def _directive(self, line: str) -> None:
        match = _DIRECTIVE.match(line)
        if match is None:
            return
        word = match.group(1).upper()
        if word == "EXPORT":
            self.export = True
        elif word == "IMPORT":
            self.export = False
        else:
            self.version = match.group(2)

    def _scan(self, lineno: int, line: str, start: int) -> None:
        row: list[str] = []
        table_comment = 0
        tokens_before = start > 0
        outside_reported = False
        kind = self._kind
        search = _TOKEN.search
        position = start
        while True:
            match = search(line, position)
            if match is None:
                break
            position = match.end()
            group = match.lastgroup
            if group is None:
                continue
            column = match.start() + 1
            text = match.group()
            state = self._state
            if group in {"brace", "semi"}:
                if kind == "T" and state == 0:
                    table_comment = column
                if group == "semi":
                    self._add_comment(text[1:])
                else:
                    position = self._brace(lineno, line, match.start())
                tokens_before = True
                continue
            if state == 0:
                if group == "lb":
                    if self.export and (tokens_before or column != 1):
                        self.report(
                            lineno,
                            column,
                            _("in export format every tag starts its own line at column 1"),
                            warning=True,
                        )
                    if row:
                        self._section_row(lineno, tuple(row))
                        row = []
                    self._state = 1
                    self._t_at = (lineno, column)
                    self._t_name = ""
                    kind = ""
                elif group == "rb":
                    self.report(lineno, column, _("']' without a tag to close"))
                elif kind and (group == "word" or kind == "T"):
                    if group == "str":
                        closed = match.group("close") is not None
                        if kind != "T":
                            self.report(
                                lineno, column, _("a quoted string cannot appear in this section")
                            )
                        else:
                            row.append(_unescape(text[1:-1] if closed else text[1:]))
                            if not closed:
                                self.report(lineno, column, _("the string has no closing quote"))
                    elif kind == "T":
                        if "%" in text:
                            self.report(
                                lineno,
                                column + text.index("%"),
                                _("'%' is not allowed in a table"),
                            )
                        row.append(text)
                    else:
                        row.extend(split_section_token(text))
                elif not outside_reported:
                    outside_reported = True
                    self.report(
                        lineno,
                        column,
                        _("{text!r} is outside any tag or section").format(text=text[:40]),
                    )
            elif state == 1:
                if group == "word":
                    self._t_name = text
                    self._state = 2
                elif group == "rb":
                    self.report(lineno, column, _("a tag needs a name and a value"))
                    self._state = 0
                else:
                    self.report(lineno, column, _("a tag name must follow '['"))
                    self._state = 0
            elif state == 2:
                if group == "str":
                    closed = match.group("close") is not None
                    self._t_value = _unescape(text[1:-1] if closed else text[1:])
                    self._t_value_at = (lineno, column + 1)
                    if not closed:
                        self.report(lineno, column, _("the tag value has no closing quote"))
                        self._finish_tag()
                        kind = self._kind
                    else:
                        self._state = 3
                elif group == "rb":
                    self.report(
                        lineno,
                        column,
                        _("tag {name} has no value (expected a value in double quotes)").format(
                            name=self._t_name
                        ),
                    )
                    self._state = 0
                else:
                    close = line.find("]", match.start())
                    if close >= 0 and '"' not in line[match.start() : close]:
                        # a value without quotes, up to the ']' (read, with a warning)
                        self.report(
                            lineno,
                            column,
                            _(
                                "the value of tag {name} must be in double quotes; "
                                "it is read up to the ']'"
                            ).format(name=self._t_name),
                            warning=True,
                        )
                        self._t_value = line[match.start() : close].strip()
                        self._t_value_at = (lineno, column)
                        self._state = 3
                        position = close
                        continue
                    self.report(
                        lineno,
                        column,
                        _("the value of tag {name} must be in double quotes").format(
                            name=self._t_name
                        ),
                    )
                    self._t_value = text
                    self._t_value_at = (lineno, column)
                    self._state = 3
            else:  # state 3: expecting "]"
                if group != "rb":
                    self.report(
                        lineno,
                        column,
                        _("']' expected after the value of tag {name}").format(name=self._t_name),
                    )
                self._finish_tag()
                kind = self._kind
            tokens_before = True
        if row and self._kind:
            if table_comment and self._kind == "T":
                self.report(
                    lineno, table_comment, _("comments are not allowed in the rows of a table")
                )
            self._section_row(lineno, tuple(row))

    def _brace(self, lineno: int, line: str, at: int) -> int:
        """Read a ``{...}`` comment starting at ``at``; braces nested inside it are kept in
        it, with a warning. Returns where scanning goes on (the line's end if the comment
        runs on to the next lines)."""
        depth = 0
        for index in range(at, len(line)):
            char = line[index]
            if char == "{":
                depth += 1
                if depth == 2:
                    self._nested_warning(lineno, index + 1)
            elif char == "}":
                depth -= 1
                if depth == 0:
                    self._add_comment(line[at + 1 : index])
                    return index + 1
        self._comment = [line[at + 1 :]]
        self._comment_at = (lineno, at + 1)
        self._comment_depth = depth
        self._comment_warned = False
        return len(line)

    def _nested_warning(self, lineno: int, column: int) -> None:
        self.report(
            lineno,
            column,
            _("a '{' inside a comment: the comment ends at its matching '}'"),
            warning=True,
        )

    def _comment_end(self, lineno: int, line: str) -> int:
        """Where the open comment ends on ``line`` (the index of its closing '}'), or -1."""
        depth = self._comment_depth
        if depth == 1 and "{" not in line:
            return line.find("}")
        for index, char in enumerate(line):
            if char == "{":
                depth += 1
                self._nested_warning(lineno, index + 1)
            elif char == "}":
                depth -= 1
                if depth == 0:
                    return index
        self._comment_depth = depth
        return -1

    def _finish_tag(self) -> None:
        self._state = 0
        line, column = self._t_value_at
        self._tag(self._t_name, self._t_value, line, column, self._t_at[1])

    def _add_comment(self, text: str) -> None:
        if self._tags:
            self._comments.setdefault(len(self._tags) - 1, []).append(text)
        else:
            self._game_comments.append(text)

    # --- tags and sections --------------------------------------------------------------

    def _close_section(self) -> None:
        if self._kind and self._kind != "X" and self._rows:
            index = self._at
            name, value, _section, comments, line, column, _rows_at = self._tags[index]
            self._tags[index] = (
                name,
                value,
                tuple(self._rows),
                comments,
                line,
                column,
                tuple(self._rows_at),
            )
        self._kind = ""
        if self._rows:
            self._rows = []
            self._rows_at = []

    def _tag(self, name: str, value: str, line: int, column: int, bracket: int) -> None:
        if self._kind:
            self._close_section()
        if not self._game_line:
            self._game_line = line
        if bracket and _TAG_NAME.fullmatch(name) is None:  # 0: the fast path checked it
            self.report(line, bracket + 1, _("{name!r} is not a tag name").format(name=name))
            return
        if "\t" in value:
            self.report(line, column + value.index("\t"), _("a tab is not allowed in a tag value"))
        kind = _KINDS.get(name)
        if kind is None:
            kind = "T" if name.endswith("Table") and name != "Table" else ""
            if len(_KINDS) < 4096:
                _KINDS[name] = kind
        names = self._names
        if name in names and name != "Note":
            first = self._tags[names[name]]
            if self._starts_game(name, value):
                # games written one after the other with no empty line between them
                ended = self._end_game(line)
                if ended is not None:
                    self._ready.append(ended)
                self._game_line = line
                self.report(
                    line,
                    column,
                    _(
                        "tag {name} again with no empty line before it: a new game starts here"
                    ).format(name=name),
                    warning=True,
                )
                names = self._names
            else:
                self.report(
                    line,
                    column,
                    _(
                        "tag {name} is given twice in this game (first on line {first}); "
                        "the first value is kept"
                    ).format(name=name, first=first[4]),
                    warning=True,
                )
                self._kind = "X" if kind else ""
                return
        if value and value[0] == "#":
            value = self._inherit(name, value, line, column)
        elif name in self._sticky:
            del self._sticky[name]
        if kind == "N":
            kind = ""
            if not self._seen_section:
                self.report(
                    line, column, _("a Note must follow the Auction or Play section it explains")
                )
        if kind:
            if kind == "T":
                try:
                    self._columns = parse_columns(value)
                except PbnValueError as error:
                    self.report(line, column, str(error))
                    self._columns = None
                else:
                    if spaced_columns(value):
                        self.report(
                            line,
                            column,
                            _("the columns of {name} are separated by spaces; PBN uses ';'").format(
                                name=name
                            ),
                            warning=True,
                        )
            else:
                self._seen_section = True
            self._kind = kind
            self._at = len(self._tags)
        names[name] = len(self._tags)
        self._tags.append((name, value, (), (), line, column, ()))

    def _starts_game(self, name: str, value: str) -> bool:
        """Whether a tag given again starts a new game: it is the game's first tag (games
        written one after the other), or another Board."""
        tags = self._tags
        if not tags or self._state:
            return False
        if tags[0][0] == name:
            return True
        index = self._names.get(name)
        return name == "Board" and index is not None and tags[index][1] != value

    def _inherit(self, name: str, value: str, line: int, column: int) -> str:
        if value != "#" and not value.startswith("##"):
            self._sticky.pop(name, None)
            return value
        if name in NO_INHERITANCE:
            return self._inherit_board_tag(name, line, column)
        if value.startswith("##"):
            self._sticky[name] = value[2:]
            return value[2:]
        self._sticky.pop(name, None)
        prev = self._prev
        if prev is None:
            # the previous game's tags by name (the last of each name), made when first asked
            prev = self._prev = {tag[0]: tag for tag in self._prev_tags}
        previous = prev.get(name)
        if previous is None:
            self.report(
                line,
                column,
                _(
                    "'#' copies tag {name} from the previous game, which has none: "
                    "the value is unknown"
                ).format(name=name),
                warning=True,
            )
            return "?"
        return previous[1]

    def _inherit_board_tag(self, name: str, line: int, column: int) -> str:
        """``#`` on a tag describing the board (Deal, Dealer...): the value of the previous
        game of the same board (the other room of a match), with a warning; the previous
        game if this one's board is not known yet."""
        board_at = self._names.get("Board")
        source: dict[str, RawTag] | None
        if board_at is not None:
            tags = self._by_board.get(self._tags[board_at][1])
            source = None if tags is None else {tag[0]: tag for tag in tags}
        else:
            if self._prev is None:
                self._prev = {tag[0]: tag for tag in self._prev_tags}
            source = self._prev
        previous = None if source is None else source.get(name)
        if previous is None or previous[1] in ("", "?"):
            self.report(
                line,
                column,
                _(
                    "the value of {name} describes this board, and no earlier game of this "
                    "board gives it to copy with '#': the value is unknown"
                ).format(name=name),
                warning=True,
            )
            return "?"
        self.report(
            line,
            column,
            _(
                "the value of {name} describes this board: '#' copies it from the earlier "
                "game of the same board (line {line})"
            ).format(name=name, line=previous[4]),
            warning=True,
        )
        return previous[1]

    def _section_row(self, lineno: int, row: tuple[str, ...]) -> None:
        kind = self._kind
        if not kind:
            return
        columns = self._columns
        if kind == "T" and columns is not None and len(row) != len(columns):
            self.report(
                lineno,
                1,
                _("this row of {name} has {n} entries; the table has {m} columns").format(
                    name=self._tags[self._at][0] if self._at >= 0 else "?",
                    n=len(row),
                    m=len(columns),
                ),
            )
        self._rows.append(row)
        self._rows_at.append(lineno)

    # --- games ------------------------------------------------------------------------------

    def _end_game(self, lineno: int) -> Game | None:
        if self._state:
            self.report(
                self._t_at[0],
                self._t_at[1],
                _("the tag is not closed before the end of the game"),
            )
            self._state = 0
        if self._kind:
            self._close_section()
        tags = self._tags
        if not tags:
            problems = self._problems
            self._new_game()
            self._problems = problems
            return None
        for index, comments in self._comments.items():
            name, value, section, _none, line, column, rows_at = tags[index]
            tags[index] = (name, value, section, tuple(comments), line, column, rows_at)
        if self._sticky:
            names = self._names
            for name, value in self._sticky.items():
                if name not in names:
                    tags.append((name, value, (), (), 0, 0, ()))
        game = Game.read(
            tuple(tags), self._game_comments or None, None, self._game_line, self.source
        )
        check_game(game, self.report, self._locate, self.export)
        problems = self._problems
        if problems:
            if len(problems) > 1:
                problems.sort(key=lambda problem: (problem.line, problem.column))
            game.problems = problems
        self._prev_tags = tags
        self._prev = None
        board_at = self._names.get("Board")
        if board_at is not None:
            self._by_board[tags[board_at][1]] = tags
        self._last = game
        self._new_game()
        return game

    def _locate(self, lineno: int, index: int, table: bool) -> int:
        key = lineno if not table else -lineno
        columns = self._located.get(key)
        if columns is None:
            line = self._lines.get(lineno)
            if line is None and 0 < lineno <= len(self._source_lines):
                line = self._source_lines[lineno - 1].removesuffix("\r")
            if line is None:
                return 1
            columns = self._located[key] = token_columns(line, table)
        return columns[index] if 0 <= index < len(columns) else 1

    def _check_cut(self, game: Game, kind: str, line: int, tokens: int) -> None:
        """The input ended inside an Auction or Play section: an auction not over, or a
        trick of fewer than four cards, with no end mark (``+`` or ``*``) means the file
        was cut short."""
        if kind == "A":
            auction = game.auction
            if auction is None or auction.end is not None or auction_is_over(auction):
                return
            message = _(
                "the file ends inside the Auction before the auction is over, with no '+' "
                "or '*': it seems cut short"
            )
        else:
            play = game.play
            if play is None or play.end is not None or not play.tricks:
                return
            if len(play.tricks[-1]) == 4:
                return
            message = _(
                "the file ends inside the Play in the middle of a trick, with no '+' or '*': "
                "it seems cut short"
            )
        column = self._locate(line, tokens - 1, False) if tokens else 1
        game.problems.append(Problem(line, column, message, Severity.ERROR, self.source))

    def finish(self, lineno: int) -> Game | None:
        """End of input: close what is open and return the last game, if any."""
        if self._comment is not None:
            line, column = self._comment_at
            self.report(line, column, _("the comment '{' is never closed with '}'"))
            self._add_comment("\n".join(self._comment))
            self._comment = None
        open_section = self._kind if self._rows else ""
        rows_at = tuple(self._rows_at)
        last_row = self._rows[-1] if self._rows else ()
        game = self._end_game(lineno)
        if game is not None and open_section in ("A", "P") and rows_at:
            self._check_cut(game, open_section, rows_at[-1], len(last_row))
        if game is None and self._problems:
            game = Game(problems=self._problems, line=1, source=self.source)
            self._problems = []
        return game
