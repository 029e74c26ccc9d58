"""The PBN game assembler: tags and section rows into games, as the reader finds them.

:class:`GameAssembler` keeps the game being read (its tags, the open section, comments,
problems), handles a tag given again (a new game when the game's first tag or another Board
comes again; otherwise the first value is kept), ``#`` and ``##`` inheritance, and ends each
game by checking it. Its state is public to :class:`~dupbridge.formats._pbn_reader.Parser`,
the lexer built on it.
"""

from __future__ import annotations

from dupbridge.formats._pbn_check import check_game
from dupbridge.formats._pbn_game import Game
from dupbridge.formats._pbn_sections import (
    RawTag,
    auction_is_over,
)
from dupbridge.formats._pbn_text import TAG_KINDS, TAG_NAME, token_columns
from dupbridge.formats._pbn_values import (
    NO_INHERITANCE,
    Column,
    PbnValueError,
    parse_columns,
    spaced_columns,
)
from dupbridge.formats.problems import Problem, Severity
from dupbridge.i18n import _

__all__ = ["GameAssembler"]


class GameAssembler:
    """Assembles games from tags and section rows; reports problems into the game being read."""

    def __init__(self, source: str = "<string>") -> None:
        self.source = source
        self.export = False
        self.version: str | None = None
        self.prev: dict[str, RawTag] | None = {}
        self.prev_tags: list[RawTag] = []
        self.sticky: dict[str, str] = {}
        self.comment: list[str] | None = None
        self.comment_at = (0, 0)
        self.comment_depth = 1
        self.comment_warned = False
        self.source_lines: list[str] = []
        self.problems: list[Problem] = []
        # the tags of the last game of each board (for '#' on a tag describing the board),
        # the games ended in the middle of a line, the last game read
        self.by_board: dict[str, list[RawTag]] = {}
        self.ready: list[Game] = []
        self.last: Game | None = None
        self.new_game()

    def new_game(self) -> None:
        """Forget the game being read: start the next one."""
        self.tags: list[RawTag] = []
        self.names: dict[str, int] = {}
        self.game_comments: list[str] = []
        self.comments: dict[int, list[str]] = {}  # tag index -> comments after it
        self.located: dict[int, list[int]] = {}
        self.problems = []
        self.lines: dict[int, str] = {}
        # the open section: its kind ("A" auction, "P" play, "T" table, "X" discarded, ""
        # none), the index of its tag, its rows and their lines, a table's columns
        self.kind = ""
        self.at = -1
        self.rows: list[tuple[str, ...]] = []
        self.rows_at: list[int] = []
        self.columns: tuple[Column, ...] | None = None
        self.seen_section = False
        self.game_line = 0
        # the tag being assembled across tokens: state 0 none, 1 name, 2 value, 3 close
        self.state = 0
        self.t_name = ""
        self.t_value = ""
        self.t_at = (0, 0)
        self.t_value_at = (0, 0)

    def report(self, line: int, column: int, message: str, warning: bool = False) -> None:
        """Record a problem in the current game."""
        self.problems.append(
            Problem(
                line,
                column,
                message,
                Severity.WARNING if warning else Severity.ERROR,
                self.source,
            )
        )

    def drain(self) -> list[Game]:
        """The games ended in the middle of a line, taken out."""
        ready = self.ready
        self.ready = []
        return ready

    def add_comment(self, text: str) -> None:
        """Keep a comment with the last tag read (before the first tag: with the game)."""
        if self.tags:
            self.comments.setdefault(len(self.tags) - 1, []).append(text)
        else:
            self.game_comments.append(text)

    def close_section(self) -> None:
        """Close the open section: its rows go to its tag."""
        if self.kind and self.kind != "X" and self.rows:
            index = self.at
            name, value, _section, comments, line, column, _rows_at = self.tags[index]
            self.tags[index] = (
                name,
                value,
                tuple(self.rows),
                comments,
                line,
                column,
                tuple(self.rows_at),
            )
        self.kind = ""
        if self.rows:
            self.rows = []
            self.rows_at = []

    def add_tag(self, name: str, value: str, line: int, column: int, bracket: int) -> None:
        """Add a tag read at ``line`` and ``column`` (``bracket`` is the column of its '[', 0
        when the caller has checked the name)."""
        if self.kind:
            self.close_section()
        if not self.game_line:
            self.game_line = line
        if bracket and TAG_NAME.fullmatch(name) is None:  # 0: the fast path checked it
            self.report(line, bracket + 1, _("{name!r} is not a tag name").format(name=name))
            return
        if "\t" in value:
            self.report(line, column + value.index("\t"), _("a tab is not allowed in a tag value"))
        kind = TAG_KINDS.get(name)
        if kind is None:
            kind = "T" if name.endswith("Table") and name != "Table" else ""
            if len(TAG_KINDS) < 4096:
                TAG_KINDS[name] = kind
        names = self.names
        if name in names and name != "Note":
            first = self.tags[names[name]]
            if self._starts_game(name, value):
                # games written one after the other with no empty line between them
                ended = self.end_game(line)
                if ended is not None:
                    self.ready.append(ended)
                self.game_line = line
                self.report(
                    line,
                    column,
                    _(
                        "tag {name} again with no empty line before it: a new game starts here"
                    ).format(name=name),
                    warning=True,
                )
                names = self.names
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
                self.kind = "X" if kind else ""
                return
        if value and value[0] == "#":
            value = self._inherit(name, value, line, column)
        elif name in self.sticky:
            del self.sticky[name]
        if kind == "N":
            kind = ""
            if not self.seen_section:
                self.report(
                    line, column, _("a Note must follow the Auction or Play section it explains")
                )
        if kind:
            if kind == "T":
                try:
                    self.columns = parse_columns(value)
                except PbnValueError as error:
                    self.report(line, column, str(error))
                    self.columns = None
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
                self.seen_section = True
            self.kind = kind
            self.at = len(self.tags)
        names[name] = len(self.tags)
        self.tags.append((name, value, (), (), line, column, ()))

    def _starts_game(self, name: str, value: str) -> bool:
        """Whether a tag given again starts a new game: it is the game's first tag (games
        written one after the other), or another Board."""
        tags = self.tags
        if not tags or self.state:
            return False
        if tags[0][0] == name:
            return True
        index = self.names.get(name)
        return name == "Board" and index is not None and tags[index][1] != value

    def _inherit(self, name: str, value: str, line: int, column: int) -> str:
        if value != "#" and not value.startswith("##"):
            self.sticky.pop(name, None)
            return value
        if name in NO_INHERITANCE:
            return self._inherit_board_tag(name, line, column)
        if value.startswith("##"):
            self.sticky[name] = value[2:]
            return value[2:]
        self.sticky.pop(name, None)
        prev = self.prev
        if prev is None:
            # the previous game's tags by name (the last of each name), made when first asked
            prev = self.prev = {tag[0]: tag for tag in self.prev_tags}
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
        board_at = self.names.get("Board")
        source: dict[str, RawTag] | None
        if board_at is not None:
            tags = self.by_board.get(self.tags[board_at][1])
            source = None if tags is None else {tag[0]: tag for tag in tags}
        else:
            if self.prev is None:
                self.prev = {tag[0]: tag for tag in self.prev_tags}
            source = self.prev
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

    def section_row(self, lineno: int, row: tuple[str, ...]) -> None:
        """Add a row of the open section (a table's row is checked against its columns)."""
        kind = self.kind
        if not kind:
            return
        columns = self.columns
        if kind == "T" and columns is not None and len(row) != len(columns):
            self.report(
                lineno,
                1,
                _("this row of {name} has {n} entries; the table has {m} columns").format(
                    name=self.tags[self.at][0] if self.at >= 0 else "?",
                    n=len(row),
                    m=len(columns),
                ),
            )
        self.rows.append(row)
        self.rows_at.append(lineno)

    def end_game(self, lineno: int) -> Game | None:
        """End the game being read (an empty line, a new game, the end of the input): check
        it and return it, or None if it has no tag."""
        if self.state:
            self.report(
                self.t_at[0],
                self.t_at[1],
                _("the tag is not closed before the end of the game"),
            )
            self.state = 0
        if self.kind:
            self.close_section()
        tags = self.tags
        if not tags:
            problems = self.problems
            self.new_game()
            self.problems = problems
            return None
        for index, comments in self.comments.items():
            name, value, section, _none, line, column, rows_at = tags[index]
            tags[index] = (name, value, section, tuple(comments), line, column, rows_at)
        if self.sticky:
            names = self.names
            for name, value in self.sticky.items():
                if name not in names:
                    tags.append((name, value, (), (), 0, 0, ()))
        game = Game.read(tuple(tags), self.game_comments or None, None, self.game_line, self.source)
        check_game(game, self.report, self.locate, self.export)
        problems = self.problems
        if problems:
            if len(problems) > 1:
                problems.sort(key=lambda problem: (problem.line, problem.column))
            game.problems = problems
        self.prev_tags = tags
        self.prev = None
        board_at = self.names.get("Board")
        if board_at is not None:
            self.by_board[tags[board_at][1]] = tags
        self.last = game
        self.new_game()
        return game

    def locate(self, lineno: int, index: int, table: bool) -> int:
        """The column of the ``index``-th token of line ``lineno`` (a cell if ``table``)."""
        key = lineno if not table else -lineno
        columns = self.located.get(key)
        if columns is None:
            line = self.lines.get(lineno)
            if line is None and 0 < lineno <= len(self.source_lines):
                line = self.source_lines[lineno - 1].removesuffix("\r")
            if line is None:
                return 1
            columns = self.located[key] = token_columns(line, table)
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
        column = self.locate(line, tokens - 1, False) if tokens else 1
        game.problems.append(Problem(line, column, message, Severity.ERROR, self.source))

    def finish(self, lineno: int) -> Game | None:
        """End of input: close what is open and return the last game, if any."""
        if self.comment is not None:
            line, column = self.comment_at
            self.report(line, column, _("the comment '{' is never closed with '}'"))
            self.add_comment("\n".join(self.comment))
            self.comment = None
        open_section = self.kind if self.rows else ""
        rows_at = tuple(self.rows_at)
        last_row = self.rows[-1] if self.rows else ()
        game = self.end_game(lineno)
        if game is not None and open_section in ("A", "P") and rows_at:
            self._check_cut(game, open_section, rows_at[-1], len(last_row))
        if game is None and self.problems:
            game = Game(problems=self.problems, line=1, source=self.source)
            self.problems = []
        return game
