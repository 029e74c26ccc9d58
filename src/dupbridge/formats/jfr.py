"""JFR Pary traveller pages (the Polish club scoring program) as an event's results.

JFR Pary publishes a pairs event as web pages: ``PREFIX.html`` (a frameset), one traveller page
per board ``PREFIXnnn.html`` (whose table may instead be loaded from the fragment
``PREFIXnnn.txt``: ``wb120802001.txt``, ``impy001.txt``), and the final ranking
``W-PREFIX.html``. :func:`load_pages` takes any of them and reads the whole event:

* each traveller row: the North-South and East-West pair numbers, the contract (suit images
  whose ``alt`` is the denomination, ``×`` doubled), declarer, lead, the result against the
  contract (``=``, ``+1``, ``-2``) and the score in the NS or the EW column (kept as the
  recorded score, so Law 77 is checked on every line); ``PASS`` a passed-out board; ``TD`` a
  director's artificial score (Law 12C2) with the two sides' values as JFR printed them: a
  percentage each at matchpoints (the ``%`` column: 60/0 against an absent pair), IMPs each
  at Butler (the ``IMP`` column);
* the deal of the board, from the hand diagram of an ``.html`` page;
* rounds: consecutive boards that the same pairs played against each other form a round (a
  condition such as a cap of IMPs won per round needs them);
* a pair that has only director's rows never sat down: it is the phantom (absent pair), scored
  against but not ranked;
* from ``W-PREFIX.html`` when it is there: the pairs' names and the ``±`` corrections
  (penalties, Law 90).

:attr:`JfrEvent.method` is matchpoints or Butler, by the traveller's last column. JFR's own
figures come out with ``--factoring linear`` (matchpoints) and, for its Butler datum,
``--datum-drop`` and ``--datum-rounding toward-zero`` (docs/scoring.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

from dupbridge.core.cards import Card, Hand
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.errors import NotationError
from dupbridge.core.seats import Seat
from dupbridge.i18n import _
from dupbridge.scoring.adjusted import Artificial, ArtificialScore, parse_number
from dupbridge.tournament.event_scoring import Method
from dupbridge.tournament.results import (
    BoardInfo,
    Event,
    Location,
    Outcome,
    Pair,
    PairId,
    Penalty,
    Played,
    Problem,
    Result,
    parse_tricks,
)

__all__ = [
    "JfrEvent",
    "JfrTraveller",
    "event_pages",
    "load_pages",
    "read_traveller",
]


@dataclass(frozen=True)
class JfrEvent:
    """An event read from JFR Pary pages, with every problem found."""

    event: Event
    problems: tuple[Problem, ...]
    method: Method | None = None


@dataclass(frozen=True)
class JfrTraveller:
    """One board's traveller as read: its results, the unit of its last columns, the deal."""

    board: int
    results: tuple[Result, ...]
    unit: str  # "%" or "IMP"
    deal: Deal | None
    problems: tuple[Problem, ...]


class _Cells(HTMLParser):
    """The rows of every table as lists of cell texts (an image counts as its ``alt``)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[tuple[int, list[str]]] = []
        self._row: list[str] | None = None
        self._cell: list[str] | None = None
        self._line = 1

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tr":
            self._row = []
            self._line = self.getpos()[0]
        elif tag == "td" and self._row is not None:
            self._cell = []
        elif tag == "br" and self._cell is not None:
            self._cell.append("\n")
        elif tag == "img" and self._cell is not None:
            self._cell.append(f"\x01{(dict(attrs).get('alt') or '').upper()}\x01")

    def handle_endtag(self, tag: str) -> None:
        if tag == "td" and self._row is not None and self._cell is not None:
            self._row.append("".join(self._cell).replace("\xa0", " ").strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.rows.append((self._line, self._row))
            self._row = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def _plain(cell: str) -> str:
    return cell.replace("\x01", "").strip()


_STRAINS = {"NT": "NT", "N": "NT", "S": "S", "H": "H", "D": "D", "C": "C"}


def _value(text: str) -> Fraction:
    return parse_number(text)


def read_traveller(text: str, board: int, source: str) -> JfrTraveller:
    """Read one traveller: an ``.html`` page or its ``.txt`` fragment (see the module)."""
    parser = _Cells()
    parser.feed(text)
    results: list[Result] = []
    problems: list[Problem] = []
    unit = ""
    hands: list[Hand] = []
    for line, cells in parser.rows:
        plain = [_plain(cell) for cell in cells]
        if not unit and plain[-1:] in (["%"], ["IMP"]) and "zapis" in plain:
            unit = plain[-1]
        diagram = [cell for cell in cells if cell.count("\x01") == 8 and "\n" in cell]
        for cell in diagram:
            try:
                hands.append(_hand(cell))
            except (NotationError, ValueError):
                continue
        if diagram:
            continue
        if len(cells) < 9 or plain[0] or not plain[1].isdigit() or not plain[2].isdigit():
            continue
        where = Location(source, line, 1)
        try:
            outcome = _outcome(plain, cells, unit)
        except (NotationError, ValueError) as error:
            problems.append(
                Problem(_("board {board}: {error}").format(board=board, error=error), where)
            )
            continue
        results.append(Result(board, PairId(int(plain[1])), PairId(int(plain[2])), outcome,
                              location=where))  # fmt: skip
    deal = None
    if len(hands) == 4:  # the diagram's order: North, West, East, South
        north, west, east, south = hands
        candidate = Deal.from_hands({Seat.N: north, Seat.E: east, Seat.S: south, Seat.W: west})
        deal = candidate if candidate.is_valid() else None
    return JfrTraveller(board, tuple(results), unit, deal, tuple(problems))


def _hand(cell: str) -> Hand:
    suits = {}
    for part in cell.split("\n"):
        match = re.match(r"\x01([SHDC])\x01\s*(.*)$", part.strip())
        if match is None:
            raise ValueError(part)
        suits[match.group(1)] = match.group(2).replace("10", "T").replace(" ", "")
    return Hand.from_pbn(".".join(suits.get(suit, "") for suit in "SHDC"))


def _outcome(plain: list[str], cells: list[str], unit: str) -> Outcome:
    contract_text = cells[3].replace("\x01", " ").replace("×", "X").replace("x", "X")
    words = contract_text.upper().split()
    if words and words[0] == "TD":
        ns, ew = _value(plain[-2]), _value(plain[-1])
        if unit == "IMP":
            return ArtificialScore(Artificial(imps=ns), Artificial(imps=ew))
        return ArtificialScore(Artificial(percent=ns), Artificial(percent=ew))
    if words and words[0] == "PASS":
        return Played()
    match = re.fullmatch(r"(\d)\s*(NT|[SHDCN])\s*(X{0,2})", "".join(words))
    if match is None:
        raise NotationError(_("contract {text!r} is not a contract").format(text=_plain(cells[3])))
    declarer = plain[4]
    contract = Contract.from_str(
        f"{match.group(1)}{_STRAINS[match.group(2)]}{match.group(3)} {declarer}"
    )
    lead_text = cells[5].replace("\x01", "").replace(" ", "").upper()
    lead = Card.from_str(lead_text) if lead_text else None
    ns_col, ew_col = plain[7], plain[8]
    score = int(ns_col) if ns_col else -int(ew_col) if ew_col else None
    return Played(contract, parse_tricks(plain[6], contract), lead, score)


#: A board's page: the event's prefix, the board number (three digits), ``.html`` or ``.txt``.
_SUFFIXES = (".html", ".htm", ".txt")


def _pages_of(folder: Path, prefix: str) -> dict[int, Path]:
    pattern = re.compile(re.escape(prefix) + r"(\d{3})\.(?:html?|txt)$", re.IGNORECASE)
    pages: dict[int, Path] = {}
    for candidate in sorted(folder.iterdir()):
        match = pattern.match(candidate.name)
        if match is None or int(match.group(1)) < 1:
            continue
        number = int(match.group(1))
        if number not in pages or candidate.suffix.lower() == ".txt":
            pages[number] = candidate
    return pages


def _prefixes(path: Path) -> list[str]:
    # The frameset PREFIX.html, the ranking W-PREFIX.html / PREFIXWYN.html, a board's page.
    stem = path.stem
    found = [stem]
    if stem.upper().startswith("W-"):
        found.append(stem[2:])
    if stem.upper().endswith("WYN"):
        found.append(stem[:-3])
    if re.search(r"\d{3}$", stem):
        found.append(stem[:-3])
    return found


def event_pages(path: Path) -> tuple[str, dict[int, Path]]:
    """The event's prefix and the traveller page of each of its boards (a ``.txt``
    fragment preferred to its ``.html`` page, which may only load it)."""
    for prefix in _prefixes(path):
        pages = _pages_of(path.parent, prefix)
        if pages:
            return prefix, pages
    return path.stem, {}


def _text(path: Path) -> str:
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1250")


def load_pages(path: Path) -> JfrEvent:
    """Read the event of a JFR Pary page (traveller, fragment, frameset or ranking).

    Problems are located by file name only (never a folder path: it may be published).

    An event with no traveller page beside ``path`` comes back empty, with an error naming
    the page.

    Raises:
        OSError: if a page cannot be read.
    """
    prefix, pages = event_pages(path)
    problems: list[Problem] = []
    results: list[Result] = []
    boards: dict[int, BoardInfo] = {}
    units: set[str] = set()
    for number, page in sorted(pages.items()):
        traveller = read_traveller(_text(page), number, page.name)
        if not traveller.results and page.suffix.lower() != ".txt":
            html_only = traveller.deal
            fragment = page.with_suffix(".txt")
            if fragment.exists():
                traveller = read_traveller(_text(fragment), number, fragment.name)
                traveller = JfrTraveller(number, traveller.results, traveller.unit,
                                         html_only, traveller.problems)  # fmt: skip
        if not traveller.results:
            continue
        html = page.with_suffix(".html")
        deal = traveller.deal
        if deal is None and html.exists() and html != page:
            deal = read_traveller(_text(html), number, html.name).deal
        units.add(traveller.unit)
        problems.extend(traveller.problems)
        results.extend(traveller.results)
        boards[number] = BoardInfo.numbered(number, deal)
    if not results:
        problem = Problem(
            _("no JFR Pary traveller found beside this page (PREFIXnnn.html or .txt pages)"),
            Location(path.name, 1, 1),
        )
        return JfrEvent(Event(), (*problems, problem), None)
    results = _with_rounds(results)
    names, penalties = _ranking(path.parent / f"W-{prefix}.html", problems)
    played = {pair for r in results if isinstance(r.outcome, Played) for pair in (r.ns, r.ew)}
    everyone = {pair for r in results for pair in (r.ns, r.ew)}
    phantoms = frozenset(everyone - played)
    pairs = tuple(Pair(pair, names.get(pair.number, ())) for pair in sorted(everyone,
                  key=lambda p: p.sort_key))  # fmt: skip
    event = Event(
        name=_title(path, prefix),
        boards=boards,
        pairs=pairs,
        results=tuple(results),
        penalties=tuple(penalties),
        phantoms=phantoms,
    )
    method = Method.BUTLER if units == {"IMP"} else Method.MATCHPOINTS if units == {"%"} else None
    return JfrEvent(event, tuple(problems), method)


def _with_rounds(results: list[Result]) -> list[Result]:
    # Consecutive boards played by the same pairs against each other are one round.
    lineups: dict[int, frozenset[frozenset[PairId]]] = {}
    for result in results:
        lineups[result.board] = lineups.get(result.board, frozenset()) | {
            frozenset((result.ns, result.ew))
        }
    rounds: dict[int, int] = {}
    current = 0
    previous: frozenset[frozenset[PairId]] | None = None
    for board in sorted(lineups):
        if lineups[board] != previous:
            current += 1
            previous = lineups[board]
        rounds[board] = current
    return [
        Result(r.board, r.ns, r.ew, r.outcome, table=r.table, round=rounds[r.board],
               session=r.session, location=r.location)
        for r in results
    ]  # fmt: skip


def _title(path: Path, prefix: str) -> str:
    for candidate in (path.parent / f"{prefix}.html", path):
        if candidate.exists() and candidate.suffix.lower() in (".html", ".htm"):
            match = re.search(r"<title>(.*?)</title>", _text(candidate), re.IGNORECASE | re.S)
            if match is not None and not match.group(1).upper().startswith("ROZDANIE"):
                return match.group(1).strip()
    return ""


def _ranking(
    path: Path, problems: list[Problem]
) -> tuple[dict[int, tuple[str, ...]], list[Penalty]]:
    """Names and ``±`` corrections of the final ranking ``W-PREFIX.html`` (when present)."""
    names: dict[int, tuple[str, ...]] = {}
    penalties: list[Penalty] = []
    if not path.exists():
        return names, penalties
    parser = _Cells()
    parser.feed(_text(path))
    for line, cells in parser.rows:
        plain = [_plain(cell) for cell in cells]
        if len(plain) != 11 or not plain[2].isdigit():
            continue
        number = int(plain[2])
        names[number] = tuple(name.strip() for name in plain[3].split("\n") if name.strip())
        if plain[7]:
            try:
                value = _value(plain[7])
            except NotationError:
                problems.append(
                    Problem(_("pair {pair}: correction {text!r} is not a number").format(
                        pair=number, text=plain[7]), Location(path.name, line, 1), warning=True)
                )  # fmt: skip
                continue
            if value:
                penalties.append(
                    Penalty(PairId(number), value, location=Location(path.name, line, 1))
                )
    return names, penalties
