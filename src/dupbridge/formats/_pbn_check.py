"""The checks of one PBN game, run when the reader finishes it.

Tag values are checked against their notation (:mod:`._pbn_check_tags`); the Auction against
the Laws (:mod:`._pbn_check_auction`); the Play against the deal and the Laws
(:mod:`._pbn_check_play`); notes against their references; tables against their column
specifications and sort order.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from itertools import chain

from dupbridge.formats._pbn_check_auction import check_auction
from dupbridge.formats._pbn_check_base import (
    NOTE_REF,
    Locate,
    NoteRefs,
    Report,
    as_tag,
    section_notes,
)
from dupbridge.formats._pbn_check_play import check_play
from dupbridge.formats._pbn_check_tags import (
    CHECKS,
    check_dependencies,
    check_export_order,
    check_rubber,
    unknown_tag,
)
from dupbridge.formats._pbn_game import Game
from dupbridge.formats._pbn_sections import (
    RawTag,
    Tag,
)
from dupbridge.formats._pbn_values import (
    PbnValueError,
    parse_columns,
)
from dupbridge.i18n import _

__all__ = ["check_game"]


_NOTE = re.compile(r"(\d+):(.*)", re.DOTALL)


def check_game(game: Game, report: Report, locate: Locate, export: bool) -> None:
    """Check ``game`` and report every problem found (see the module docstring).

    The values of the tags the game parses itself (Dealer, Deal, Contract...) are left in
    its cache, so that its accessors need not parse them again.
    """
    cache = game.reader_cache()
    tags: dict[str, RawTag] = {}
    tables: list[RawTag] = []
    checks = CHECKS
    for tag in game.raw_tags():
        name = tag[0]
        check = checks.get(name, unknown_tag)
        if check is not None:
            check(tag, tags.setdefault(name, tag) is tag, cache, report)
        elif name not in tags:
            tags[name] = tag
        if tag[2] and name.endswith("Table"):
            tables.append(tag)
    cache["_index"] = tags
    notes = section_notes(game.raw_tags()) if "Note" in tags else []
    if export:
        check_export_order(game, tags, report)
    check_dependencies(game, tags, report)
    # the note references (=n=) of each section, where the fast paths found them all
    refs: dict[str, NoteRefs] = {}
    check_auction(game, tags, notes, refs, report=report, locate=locate, export=export)
    check_play(game, tags, refs, report=report, locate=locate, export=export)
    _check_notes(tags, notes, refs, report, locate)
    check_rubber(tags, report)
    for tag in tables:
        _check_table_order(as_tag(tag), report, locate)


def _check_notes(
    tags: dict[str, RawTag],
    notes: list[tuple[str | None, RawTag]],
    found: dict[str, NoteRefs],
    report: Report,
    locate: Locate,
) -> None:
    refs: dict[str, NoteRefs] = {"Auction": {}, "Play": {}}
    for name in ("Auction", "Play"):
        known = found.get(name)
        if known is not None:
            refs[name] = known
            continue
        section_tag = tags.get(name)
        if section_tag is None or "=" not in "".join(chain.from_iterable(section_tag[2])):
            continue
        section, rows_at = section_tag[2], section_tag[6]
        for row, line in zip(section, rows_at or (0,) * len(section), strict=True):
            for index, text in enumerate(row):
                if text[0] == "=" and NOTE_REF.fullmatch(text):
                    # where it is: (line, token index), found only if it must be reported
                    refs[name].setdefault(
                        int(text[1:-1]), (line or section_tag[4] or 1, -1 - index)
                    )
    given: dict[str, dict[int, Tag]] = {"Auction": {}, "Play": {}}
    for current, raw in notes:
        tag = as_tag(raw)
        match = _NOTE.fullmatch(tag.value)
        line, column = tag.line or 1, tag.column or 1
        if match is None:
            report(line, column, _("a Note is its number, a colon and its text (1:forcing)"))
            continue
        number = int(match.group(1))
        if not 1 <= number <= 32:
            report(line, column, _("note {n}: notes are numbered 1 to 32").format(n=number))
            continue
        if current is None:
            continue
        if number in given[current]:
            report(line, column, _("note {n} is given twice").format(n=number))
            continue
        given[current][number] = tag
    for name in ("Auction", "Play"):
        for number, (line, column) in refs[name].items():
            if number not in given[name]:
                report(
                    line,
                    locate(line, -1 - column, False) if column < 0 else column,
                    _("={n}= has no Note {n} after the {section}").format(n=number, section=name),
                )
        for number, tag in given[name].items():
            if number not in refs[name]:
                report(
                    tag.line or 1,
                    tag.column or 1,
                    _("note {n} is not referred to in the {section}").format(
                        n=number, section=name
                    ),
                    True,
                )


def _check_table_order(tag: Tag, report: Report, locate: Locate) -> None:
    try:
        columns = parse_columns(tag.value)
    except PbnValueError:
        return
    for position, column in enumerate(columns):
        if column.order is None:
            continue
        previous: Decimal | str | None = None
        for row, line in zip(tag.section, tag.rows_at or (0,) * len(tag.section), strict=True):
            if position >= len(row):
                continue
            cell = row[position].lstrip("^")
            if cell in ("", "-", "?"):
                continue
            key: Decimal | str
            try:
                key = Decimal(cell)
            except InvalidOperation:
                key = cell
            if previous is not None and _out_of_order(previous, key, column.order):
                report(
                    line or tag.line or 1,
                    locate(line, position, True),
                    _("{table}: the rows must be sorted on {column} in {order} order").format(
                        table=tag.name,
                        column=column.name,
                        order=_("ascending") if column.order == "-" else _("descending"),
                    ),
                )
                break
            previous = key


def _out_of_order(previous: Decimal | str, key: Decimal | str, order: str) -> bool:
    if isinstance(previous, Decimal) and isinstance(key, Decimal):
        return key < previous if order == "-" else key > previous
    if isinstance(previous, str) and isinstance(key, str):
        return key < previous if order == "-" else key > previous
    return False
