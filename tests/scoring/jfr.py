"""Readers for the traveller pages of JFR Pary (the Polish scoring program) used as oracles.

A traveller row gives the NS and EW pair numbers, the contract (suit images whose ``alt`` is
the denomination, ``×`` for doubled), declarer, lead, the result against the contract
(``=``, ``+1``, ``-2``), the score in the NS or the EW column, and the two sides' values
(percentages or IMPs). A director's row reads ``TD`` with only the two values; a passed-out
board reads ``PASS``. Butler pages end with the board's datum ("średnia rozdania").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

__all__ = ["JfrPlace", "JfrRow", "JfrTraveller", "read_ranking", "read_traveller"]


@dataclass(frozen=True)
class JfrRow:
    """One traveller line as JFR printed it."""

    ns: int
    ew: int
    contract: str  # "4H", "1NTX", "PASS" or "TD"
    declarer: str
    lead: str
    result: str  # "=", "+1", "-2" ("" for PASS/TD)
    ns_score: int | None  # the NS score (negative when EW scored), None for TD rows
    ns_value: Fraction  # NS percentage or IMPs as printed
    ew_value: Fraction
    ns_text: str  # the printed value, e.g. "85.71"
    ew_text: str

    @property
    def director(self) -> bool:
        """Whether this is a director's (artificial) row."""
        return self.contract == "TD"


@dataclass(frozen=True)
class JfrTraveller:
    """A board's traveller: its rows and, on Butler pages, the datum."""

    board: int
    rows: tuple[JfrRow, ...]
    datum: int | None


class _Cells(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[list[str]] = []
        self._row: list[str] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tr":
            self._row = []
        elif tag == "td" and self._row is not None:
            self._cell = []
        elif tag == "br" and self._cell is not None:
            self._cell.append("\n")
        elif tag == "img" and self._cell is not None:
            alt = dict(attrs).get("alt") or ""
            self._cell.append(alt.upper())

    def handle_endtag(self, tag: str) -> None:
        if tag == "td" and self._row is not None and self._cell is not None:
            self._row.append("".join(self._cell).replace("\xa0", " ").strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.rows.append(self._row)
            self._row = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def _number(text: str) -> Fraction:
    return Fraction(text.strip())


def read_traveller(path: Path, board: int) -> JfrTraveller:
    """Read one JFR traveller page (an ``.html`` page or the ``.txt`` fragment)."""
    text = path.read_text(encoding="utf-8")
    start = text.find('<div id="pro">')
    if start >= 0:
        text = text[start : text.index("</div>", start)]
    parser = _Cells()
    parser.feed(text)
    rows: list[JfrRow] = []
    datum: int | None = None
    for cells in parser.rows:
        if any("średnia" in cell for cell in cells):
            datum = int(cells[1])
            continue
        if len(cells) < 9 or not cells[1].isdigit() or not cells[2].isdigit():
            continue
        ns, ew = int(cells[1]), int(cells[2])
        contract = cells[3].replace("×", "X").replace(" ", "").upper()
        ns_text, ew_text = cells[-2], cells[-1]
        if contract == "TD":
            rows.append(
                JfrRow(ns, ew, "TD", "", "", "", None, _number(ns_text), _number(ew_text),
                       ns_text, ew_text)
            )  # fmt: skip
            continue
        if contract == "PASS":
            rows.append(
                JfrRow(ns, ew, "PASS", "", "", "", 0, _number(ns_text), _number(ew_text),
                       ns_text, ew_text)
            )  # fmt: skip
            continue
        declarer, lead, result, ns_col, ew_col = cells[4:9]
        score = int(ns_col) if ns_col.strip() else -int(ew_col)
        contract = re.sub(r"^(\d)NT", r"\1N", contract)
        rows.append(
            JfrRow(ns, ew, contract, declarer, lead, result, score, _number(ns_text),
                   _number(ew_text), ns_text, ew_text)
        )  # fmt: skip
    return JfrTraveller(board, tuple(rows), datum)


@dataclass(frozen=True)
class JfrPlace:
    """One line of a JFR final ranking (``W-*.html``)."""

    place: int | None  # None: shares the place of the line above
    pair: int
    names: tuple[str, ...]
    penalty: Fraction  # the "±" column
    total: Fraction


def read_ranking(path: Path) -> list[JfrPlace]:
    """Read a JFR final ranking page: place, pair, names, ± and total of every pair."""
    parser = _Cells()
    parser.feed(path.read_text(encoding="utf-8"))
    lines: list[JfrPlace] = []
    for cells in parser.rows:
        if len(cells) != 11 or not cells[2].isdigit():
            continue
        place = int(cells[1]) if cells[1].strip() else None
        penalty = _number(cells[7]) if cells[7].strip() else Fraction(0)
        names = tuple(name.strip() for name in cells[3].split("\n") if name.strip())
        lines.append(JfrPlace(place, int(cells[2]), names, penalty, _number(cells[8])))
    return lines
