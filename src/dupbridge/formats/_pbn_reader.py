"""The PBN reader: a line-by-line lexer and parser that collects problems and never hangs.

Every line is scanned once by regular expressions with no nested repetition (linear time);
the common lines (a tag alone on its line, a row of calls or cards) take a fast path. Tags may
span lines, ``{...}`` comments may span lines, ``;`` comments run to the end of the line and
``%`` starts an escape line (``% PBN 2.1``, ``% EXPORT``). An empty line ends a game.

A whole text (:func:`~dupbridge.formats._pbn_text.split_lines`) is checked for forbidden
characters and long lines in one pass, so that the line loop need not look at every character
again; the tags of a game are kept as plain tuples (see
:data:`~dupbridge.formats._pbn_sections.RawTag`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from dupbridge.formats._pbn_assembler import GameAssembler
from dupbridge.formats._pbn_game import Game
from dupbridge.formats._pbn_sections import split_section_token
from dupbridge.formats._pbn_text import (
    BAD_CHAR,
    CONTROL_ONLY,
    DIRECTIVE,
    MAX_LINE,
    PLAIN_WORDS,
    SPECIAL,
    TABLE_SPECIAL,
    TAG_KINDS,
    TAG_LINE,
    TOKEN,
    split_word,
    unescape,
)
from dupbridge.formats.problems import Problem, Severity
from dupbridge.i18n import _

__all__ = ["Parser"]


class Parser(GameAssembler):
    """Feed it lines; it yields each game when the game ends (see :meth:`feed_lines`)."""

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
            self.source_lines = lines
        if not clean:
            lines = self._checked_lines(lines)
        tag_line = TAG_LINE.fullmatch
        plain = PLAIN_WORDS.__contains__
        special = SPECIAL.search
        table_special = TABLE_SPECIAL.search
        kinds = TAG_KINDS
        lineno = 0
        for lineno, line in enumerate(lines, 1):
            if self.comment is None and self.state == 0:
                if not line:
                    game = self.end_game(lineno)
                    if game is not None:
                        yield game
                    continue
                first = line[0]
                if first == "[":
                    match = tag_line(line)
                    if match is not None:
                        if keep:
                            self.lines[lineno] = line
                        name, value = match.groups()
                        if self.kind:
                            self.close_section()
                        names = self.names
                        if (
                            kinds.get(name) == ""
                            and name not in names
                            and self.game_line
                            and "\\" not in value
                            and "\t" not in value
                            and value[:1] != "#"
                            and name not in self.sticky
                        ):
                            # a plain tag (what _tag does, for the common case)
                            names[name] = len(self.tags)
                            self.tags.append((name, value, (), (), lineno, len(name) + 4, ()))
                        else:
                            self.add_tag(name, unescape(value), lineno, len(name) + 4, 0)
                            if self.ready:
                                yield from self.drain()
                        continue
                elif first not in {"%", "{", ";"}:
                    kind = self.kind
                    if kind in {"A", "P"}:
                        words = line.split()
                        if words and all(map(plain, words)):
                            if keep:
                                self.lines[lineno] = line
                            self.rows.append(tuple(words))
                            self.rows_at.append(lineno)
                            continue
                        if table_special(line) is None:
                            if keep:
                                self.lines[lineno] = line
                            if special(line) is None:
                                tokens = tuple(words)
                            else:
                                tokens = tuple(
                                    part
                                    for word in words
                                    for part in (split_word(word) if special(word) else (word,))
                                )
                            if tokens:
                                self.rows.append(tokens)
                                self.rows_at.append(lineno)
                            continue
                    elif kind == "T" and table_special(line) is None:
                        if keep:
                            self.lines[lineno] = line
                        cells = tuple(line.split())
                        if cells:
                            self.section_row(lineno, cells)
                        continue
            game = self.feed(lineno, line)
            if self.ready:
                yield from self.drain()
            if game is not None:
                yield game
        game = self.finish(lineno + 1)
        if self.ready:
            yield from self.drain()
        if game is not None:
            yield game

    def _checked_lines(self, lines: Iterable[str]) -> Iterator[str]:
        """The lines without a final carriage return, each checked for its length and
        characters as it is read (the problems go to the game being read)."""
        bad_char = BAD_CHAR.search
        # lines of control characters only (a Ctrl-Z ending the file): held back until it
        # is known whether anything follows them
        held: list[tuple[int, str]] = []
        for lineno, raw in enumerate(lines, 1):
            line = raw[:-1] if raw[-1:] == "\r" else raw
            if len(line) > MAX_LINE or bad_char(line) is not None:
                if CONTROL_ONLY.fullmatch(line):
                    held.append((lineno, line))
                    continue
                yield from self._release(held)
                self._line_problems(lineno, line)
            elif held and line.strip():
                yield from self._release(held)
            yield line
        for lineno, line in held:
            bad = BAD_CHAR.search(line)
            column = bad.start() + 1 if bad is not None else 1
            message = _(
                "character U+{code:04X} after the last game is ignored (an end-of-file mark)"
            ).format(code=ord(bad.group()) if bad is not None else 0)
            problem = Problem(lineno, column, message, Severity.WARNING, self.source)
            if self.tags or self.last is None:
                self.problems.append(problem)
            else:
                self.last.problems.append(problem)
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
        bad = BAD_CHAR.search(line)
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
        if self.comment is not None:
            end = self._comment_end(lineno, line)
            if end < 0:
                if not line.strip() and not self.comment_warned:
                    self.comment_warned = True
                    self.report(
                        *self.comment_at,
                        _("the comment '{' runs on across an empty line (the end of a game)"),
                        warning=True,
                    )
                self.comment.append(line)
                return None
            self.comment.append(line[:end])
            self.add_comment("\n".join(self.comment))
            self.comment = None
            start = end + 1
        if start == 0:
            if line.startswith("%"):
                self._directive(line)
                return None
            if not line.strip():
                return self.end_game(lineno)
        self.lines[lineno] = line
        self._scan(lineno, line, start)
        return None

    def _directive(self, line: str) -> None:
        match = DIRECTIVE.match(line)
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
        kind = self.kind
        search = TOKEN.search
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
            state = self.state
            if group in {"brace", "semi"}:
                if kind == "T" and state == 0:
                    table_comment = column
                if group == "semi":
                    self.add_comment(text[1:])
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
                        self.section_row(lineno, tuple(row))
                        row = []
                    self.state = 1
                    self.t_at = (lineno, column)
                    self.t_name = ""
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
                            row.append(unescape(text[1:-1] if closed else text[1:]))
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
                    self.t_name = text
                    self.state = 2
                elif group == "rb":
                    self.report(lineno, column, _("a tag needs a name and a value"))
                    self.state = 0
                else:
                    self.report(lineno, column, _("a tag name must follow '['"))
                    self.state = 0
            elif state == 2:
                if group == "str":
                    closed = match.group("close") is not None
                    self.t_value = unescape(text[1:-1] if closed else text[1:])
                    self.t_value_at = (lineno, column + 1)
                    if not closed:
                        self.report(lineno, column, _("the tag value has no closing quote"))
                        self._finish_tag()
                        kind = self.kind
                    else:
                        self.state = 3
                elif group == "rb":
                    self.report(
                        lineno,
                        column,
                        _("tag {name} has no value (expected a value in double quotes)").format(
                            name=self.t_name
                        ),
                    )
                    self.state = 0
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
                            ).format(name=self.t_name),
                            warning=True,
                        )
                        self.t_value = line[match.start() : close].strip()
                        self.t_value_at = (lineno, column)
                        self.state = 3
                        position = close
                        continue
                    self.report(
                        lineno,
                        column,
                        _("the value of tag {name} must be in double quotes").format(
                            name=self.t_name
                        ),
                    )
                    self.t_value = text
                    self.t_value_at = (lineno, column)
                    self.state = 3
            else:  # state 3: expecting "]"
                if group != "rb":
                    self.report(
                        lineno,
                        column,
                        _("']' expected after the value of tag {name}").format(name=self.t_name),
                    )
                self._finish_tag()
                kind = self.kind
            tokens_before = True
        if row and self.kind:
            if table_comment and self.kind == "T":
                self.report(
                    lineno, table_comment, _("comments are not allowed in the rows of a table")
                )
            self.section_row(lineno, tuple(row))

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
                    self.add_comment(line[at + 1 : index])
                    return index + 1
        self.comment = [line[at + 1 :]]
        self.comment_at = (lineno, at + 1)
        self.comment_depth = depth
        self.comment_warned = False
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
        depth = self.comment_depth
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
        self.comment_depth = depth
        return -1

    def _finish_tag(self) -> None:
        self.state = 0
        line, column = self.t_value_at
        self.add_tag(self.t_name, self.t_value, line, column, self.t_at[1])
