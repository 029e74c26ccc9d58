"""USEBIO 1.2, the EBU's XML format for bridge results: read and write events.

Reading (:func:`loads`, :func:`load`, :func:`load_path`) accepts what scoring programs
export: an ``EVENT`` with ``SESSION``/``SECTION`` elements holding the ``PARTICIPANTS``
(``PAIR`` with ``PAIR_NUMBER``, ``DIRECTION`` and ``PLAYER``/``PLAYER_NAME``; ``TEAM`` with
``TEAM_ID``/``TEAM_NAME``) and ``BOARD`` elements (directly, or inside a ``MATCH``) with their
``HAND`` elements and ``TRAVELLER_LINE`` results: ``NS_PAIR_NUMBER``, ``EW_PAIR_NUMBER``,
``CONTRACT`` (``4S``, ``3NTx``, ``PASS``; or an adjusted score such as ``A60/40``),
``PLAYED_BY``, ``LEAD``, ``TRICKS`` and ``SCORE`` (North-South's points). A ``WINNER_TYPE``
of 2 means two fields (a Mitchell). Every problem is reported with its line and column;
readers are lenient unless ``strict=True``. Only the XML parser of the standard library is
used, with entity declarations refused (no entity expansion of any kind).

Writing (:func:`dumps`) gives a USEBIO 1.2 document of a
:class:`~dupbridge.tournament.event_scoring.ScoredEvent`: the participants with their place
and percentage (or total), every board with its hands and traveller lines, and each line's
matchpoints (``NS_MATCH_POINTS``) or IMPs (``NS_IMPS``). :func:`dumps_event` writes results
that are not scored (traveller lines only).

``dupbridge convert`` reads and writes ``.xml`` through the format registry (one board
record per traveller line).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import IO
from xml.parsers import expat
from xml.sax.saxutils import escape, quoteattr

from dupbridge.core.cards import Hand
from dupbridge.core.deal import Deal
from dupbridge.core.errors import NotationError
from dupbridge.core.seats import SEATS, Seat, Side, Vulnerability
from dupbridge.formats.problems import FormatError
from dupbridge.formats.problems import Problem as FormatProblem
from dupbridge.formats.records import BoardRecord
from dupbridge.formats.registry import FileFormat, ReadItem, register
from dupbridge.i18n import _
from dupbridge.scoring.rounding import format_fixed
from dupbridge.tournament.event_scoring import Method, ScoredEvent, ScoredResult
from dupbridge.tournament.results import (
    BoardInfo,
    Event,
    Location,
    Pair,
    PairId,
    Played,
    Problem,
    Result,
    parse_outcome,
)

__all__ = ["UsebioEvent", "dumps", "dumps_event", "load", "load_path", "loads"]

DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'


@dataclass
class _Node:
    tag: str
    attrs: dict[str, str]
    line: int
    column: int
    children: list[_Node] = field(default_factory=list)
    text: str = ""

    def find(self, tag: str) -> _Node | None:
        return next((child for child in self.children if child.tag == tag), None)

    def all(self, tag: str) -> list[_Node]:
        return [child for child in self.children if child.tag == tag]

    def value(self, tag: str) -> str:
        found = self.find(tag)
        return found.text.strip() if found is not None else ""

    def walk(self, tag: str) -> Iterator[_Node]:
        for child in self.children:
            if child.tag == tag:
                yield child
            else:
                yield from child.walk(tag)


class _EntityRefusedError(Exception):
    """An entity declaration in the document (refused: no entity expansion)."""


def _parse_xml(data: bytes, source: str) -> _Node:
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    stack: list[_Node] = []
    root: list[_Node] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        node = _Node(tag.upper(), attrs, parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)
        if stack:
            stack[-1].children.append(node)
        else:
            root.append(node)
        stack.append(node)

    def end(_tag: str) -> None:
        stack.pop()

    def text(data: str) -> None:
        if stack:
            stack[-1].text += data

    def entity(*_args: object) -> None:
        raise _EntityRefusedError

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    parser.EntityDeclHandler = entity
    try:
        parser.Parse(data, True)
    except expat.ExpatError as error:
        problem = FormatProblem(
            error.lineno, error.offset + 1, _("not XML: {message}").format(
                message=expat.ErrorString(error.code)), source=source
        )  # fmt: skip
        raise FormatError(str(problem), (problem,)) from None
    except (LookupError, ValueError) as error:  # an unknown or undecodable encoding
        problem = FormatProblem(
            parser.CurrentLineNumber or 1,
            parser.CurrentColumnNumber + 1,
            _("not XML: cannot decode the text ({reason})").format(reason=error),
            source=source,
        )
        raise FormatError(str(problem), (problem,)) from None
    except _EntityRefusedError:
        problem = FormatProblem(
            parser.CurrentLineNumber,
            parser.CurrentColumnNumber + 1,
            _("entity declarations are not allowed in USEBIO files"),
            source=source,
        )
        raise FormatError(str(problem), (problem,)) from None
    if not root or root[0].tag != "USEBIO":
        problem = FormatProblem(1, 1, _("not a USEBIO file: no USEBIO element"), source=source)
        raise FormatError(str(problem), (problem,))
    return root[0]


@dataclass(frozen=True)
class UsebioEvent:
    """An event read from USEBIO, with every problem found."""

    event: Event
    problems: tuple[Problem, ...]
    method: Method | None = None


_METHODS = {
    "MATCH_POINTS": Method.MATCHPOINTS,
    "MATCHPOINTS": Method.MATCHPOINTS,
    "BUTLER_IMPS": Method.BUTLER,
    "IMPS": Method.BUTLER,
    "CROSS_IMPS": Method.CROSS_IMPS,
    "AGGREGATE": Method.TOTAL_POINTS,
    "VPS": Method.TEAMS_VP,
}
_METHOD_NAMES = {
    Method.MATCHPOINTS: "MATCH_POINTS",
    Method.BUTLER: "BUTLER_IMPS",
    Method.CROSS_IMPS: "CROSS_IMPS",
    Method.TOTAL_POINTS: "AGGREGATE",
    Method.TEAMS_IMPS: "IMPS",
    Method.TEAMS_VP: "VPS",
}
_SEAT_NAMES = {"N": Seat.N, "E": Seat.E, "S": Seat.S, "W": Seat.W, "NORTH": Seat.N,
               "EAST": Seat.E, "SOUTH": Seat.S, "WEST": Seat.W}  # fmt: skip
_VUL_NAMES = {"LOVE": Vulnerability.NONE, "NONE": Vulnerability.NONE, "NIL": Vulnerability.NONE,
              "NORTH-SOUTH": Vulnerability.NS, "NS": Vulnerability.NS,
              "EAST-WEST": Vulnerability.EW, "EW": Vulnerability.EW, "ALL": Vulnerability.BOTH,
              "BOTH": Vulnerability.BOTH}  # fmt: skip


def loads(data: str | bytes, source: str = "<string>", *, strict: bool = False) -> UsebioEvent:
    """Read a USEBIO document.

    Raises:
        FormatError: if the text is not XML or not USEBIO; with ``strict``, for the first
            problem of a traveller line.
    """
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if isinstance(data, str) and data.lstrip().startswith("<?xml"):
        # The declaration may name another encoding than the one the text now has.
        rest = data.partition("?>")[2]
        raw = ('<?xml version="1.0" encoding="utf-8"' + "?>" + rest).encode("utf-8")
    root = _parse_xml(raw, source)
    problems: list[Problem] = []
    event_node = root.find("EVENT")
    if event_node is None:
        problem = FormatProblem(root.line, root.column, _("USEBIO has no EVENT"), source=source)
        raise FormatError(str(problem), (problem,))
    mitchell = event_node.value("WINNER_TYPE") == "2"
    method_name = (
        event_node.value("BOARD_SCORING_METHOD") or event_node.value("MATCH_SCORING_METHOD")
    ).upper()
    teams = "TEAM" in event_node.attrs.get("EVENT_TYPE", "").upper()
    pairs: dict[PairId, Pair] = {}
    boards: dict[int, BoardInfo] = {}
    results: list[Result] = []
    club = root.find("CLUB")
    # A one-section event's section letter is not part of its pairs' numbers.
    one_section = len({s.attrs.get("SECTION_ID", "") for s in event_node.walk("SECTION")}) <= 1
    for session_index, session in enumerate(event_node.all("SESSION"), start=1):
        session_id = session.attrs.get("SESSION_ID", str(session_index))
        session_number = int(session_id) if session_id.isdigit() else session_index
        for section in session.all("SECTION") or [session]:
            section_id = "" if one_section else section.attrs.get("SECTION_ID", "").strip().upper()
            participants = section.find("PARTICIPANTS")
            if participants is not None:
                for pair in participants.all("PAIR"):
                    _read_pair(
                        pair, section_id, mitchell=mitchell, pairs=pairs, problems=problems,
                        source=source,
                    )  # fmt: skip
                for team in participants.all("TEAM"):
                    _read_team(team, section_id, pairs)
            for board in section.walk("BOARD"):
                match = _match_of(section, board)
                results.extend(
                    _read_board(
                        board, match, section=section_id, session=session_number,
                        mitchell=mitchell, boards=boards, problems=problems, source=source,
                    )
                )  # fmt: skip
    if strict:
        errors = [problem for problem in problems if not problem.warning]
        if errors:
            raise FormatError(str(errors[0]))
    event = Event(
        name=event_node.value("EVENT_DESCRIPTION"),
        date=event_node.value("DATE"),
        site=club.value("CLUB_NAME") if club is not None else "",
        boards=boards,
        pairs=tuple(pairs.values()),
        results=tuple(results),
        mitchell=mitchell,
        teams=teams,
    )
    return UsebioEvent(event, tuple(problems), _METHODS.get(method_name))


def load(fp: IO[bytes] | IO[str], *, strict: bool = False) -> UsebioEvent:
    """Read a USEBIO document from an open file."""
    return loads(fp.read(), str(getattr(fp, "name", "<stream>")), strict=strict)


def load_path(path: str | Path, *, strict: bool = False) -> UsebioEvent:
    """Read the USEBIO file at ``path``.

    Raises:
        OSError: if the file cannot be read.
        FormatError: see :func:`loads`.
    """
    return loads(Path(path).read_bytes(), str(path), strict=strict)


def _pair_id(text: str, section: str, line: Side | None) -> PairId:
    pair = PairId.from_str(text, line)
    return PairId(pair.number, pair.section or section, pair.line)


def _read_pair(
    node: _Node,
    section: str,
    *,
    mitchell: bool,
    pairs: dict[PairId, Pair],
    problems: list[Problem],
    source: str,
) -> None:
    direction = node.value("DIRECTION").upper()
    line = (Side.EW if direction.startswith("E") else Side.NS) if mitchell else None
    try:
        pair_id = _pair_id(node.value("PAIR_NUMBER"), section, line)
    except NotationError as error:
        problems.append(Problem(str(error), Location(source, node.line, node.column)))
        return
    names = tuple(
        player.value("PLAYER_NAME") for player in node.all("PLAYER") if player.value("PLAYER_NAME")
    )
    pairs[pair_id] = Pair(pair_id, names)


def _read_team(node: _Node, section: str, pairs: dict[PairId, Pair]) -> None:
    ident = node.attrs.get("TEAM_ID") or node.value("TEAM_ID") or node.value("TEAM_NUMBER")
    if not ident.isdigit():
        return
    name = node.attrs.get("TEAM_NAME") or node.value("TEAM_NAME")
    pair_id = PairId(int(ident), section)
    pairs[pair_id] = Pair(pair_id, (name,) if name else ())


def _match_of(section: _Node, board: _Node) -> _Node | None:
    for match in section.walk("MATCH"):
        if any(child is board for child in match.walk("BOARD")):
            return match
    return None


def _read_board(
    node: _Node,
    match: _Node | None,
    *,
    section: str,
    session: int,
    mitchell: bool,
    boards: dict[int, BoardInfo],
    problems: list[Problem],
    source: str,
) -> list[Result]:
    where = Location(source, node.line, node.column)
    text = node.value("BOARD_NUMBER")
    if not text.isdigit() or int(text) < 1:
        problems.append(Problem(_("BOARD_NUMBER {text!r} is not a board number").format(
            text=text), where))  # fmt: skip
        return []
    number = int(text)
    info = boards.get(number) or BoardInfo.numbered(number)
    vulnerability = _VUL_NAMES.get(node.value("VULNERABILITY").upper().replace(" ", ""))
    deal = _read_hands(node, problems, source)
    if vulnerability is not None or deal is not None:
        info = BoardInfo(
            number,
            info.dealer,
            vulnerability or info.vulnerability,
            deal or info.deal,
            info.dd_tricks,
            info.par,
        )
    boards[number] = info
    results: list[Result] = []
    for line in node.all("TRAVELLER_LINE"):
        location = Location(source, line.line, line.column)
        try:
            ns, ew = _line_pairs(line, match, section, mitchell)
            outcome = parse_outcome(
                line.value("CONTRACT"),
                line.value("PLAYED_BY")[:1],
                line.value("TRICKS"),
                line.value("LEAD"),
                line.value("SCORE") if line.value("SCORE").lstrip("-").isdigit() else "",
            )
        except (NotationError, ValueError) as error:
            problems.append(
                Problem(_("board {board}: {error}").format(board=number, error=error), location)
            )
            continue
        table = line.value("TABLE_NUMBER")
        round_text = line.value("ROUND_NUMBER") or (match.value("ROUND_NUMBER") if match else "")
        results.append(
            Result(
                number,
                ns,
                ew,
                outcome,
                table=int(table) if table.isdigit() else None,
                round=int(round_text) if round_text.isdigit() else None,
                session=session,
                location=location,
            )
        )
    return results


def _line_pairs(
    line: _Node, match: _Node | None, section: str, mitchell: bool
) -> tuple[PairId, PairId]:
    ns_text = line.value("NS_PAIR_NUMBER") or (match.value("NS_PAIR_NUMBER") if match else "")
    ew_text = line.value("EW_PAIR_NUMBER") or (match.value("EW_PAIR_NUMBER") if match else "")
    if not ns_text and match is not None and match.value("TEAM"):
        team, other = match.value("TEAM"), match.value("OPPOSING_TEAM")
        closed = line.value("DIRECTION").upper().startswith("E")
        ns_text, ew_text = (other, team) if closed else (team, other)
    ns = _pair_id(ns_text, section, Side.NS if mitchell else None)
    ew = _pair_id(ew_text, section, Side.EW if mitchell else None)
    return ns, ew


def _read_hands(node: _Node, problems: list[Problem], source: str) -> Deal | None:
    hands: dict[Seat, Hand] = {}
    for hand in node.all("HAND"):
        seat = _SEAT_NAMES.get(hand.value("DIRECTION").upper())
        if seat is None:
            continue
        text = ".".join(
            hand.value(suit).replace("10", "T").replace(" ", "")
            for suit in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")
        )
        try:
            hands[seat] = Hand.from_pbn(text)
        except NotationError as error:
            problems.append(Problem(str(error), Location(source, hand.line, hand.column)))
    if len(hands) != 4:
        return None
    deal = Deal.from_hands(hands)
    if not deal.is_valid():
        problems.append(
            Problem(
                _("the hands of this board are not a deal: {problems}").format(
                    problems="; ".join(deal.problems())
                ),
                Location(source, node.line, node.column),
                warning=True,
            )
        )
        return None
    return deal


# --- writing ------------------------------------------------------------------------------


def _element(name: str, value: object, indent: int) -> str:
    return f"{'  ' * indent}<{name}>{escape(str(value))}</{name}>"


def _number(value: Fraction) -> str:
    return format_fixed(value, 2)


def _line_cells(event: Event, result: Result) -> list[tuple[str, str]]:
    outcome = result.outcome
    cells = [("NS_PAIR_NUMBER", str(result.ns.number)), ("EW_PAIR_NUMBER", str(result.ew.number))]
    if isinstance(outcome, Played) and outcome.contract is not None:
        declarer = outcome.contract.declarer
        assert declarer is not None
        cells += [
            ("CONTRACT", outcome.contract.to_str(declarer=False)),
            ("PLAYED_BY", declarer.letter),
            ("LEAD", str(outcome.lead) if outcome.lead is not None else ""),
            ("TRICKS", str(outcome.tricks)),
            ("SCORE", str(event.ns_score(result, outcome))),
        ]
    elif isinstance(outcome, Played):
        contract = "PASS" if outcome.passed_out else ""
        cells += [("CONTRACT", contract), ("SCORE", str(outcome.ns_score(Vulnerability.NONE)))]
    else:
        cells += [("CONTRACT", str(outcome))]
    if result.table is not None:
        cells.append(("TABLE_NUMBER", str(result.table)))
    if result.round is not None:
        cells.append(("ROUND_NUMBER", str(result.round)))
    return cells


def _write(
    event: Event,
    method: Method | None,
    lines_by_board: dict[int, list[tuple[Result, ScoredResult | None]]],
    standings: dict[PairId, tuple[str, str | None, str | None]],
    scale: Fraction,
) -> str:
    out = ['<?xml version="1.0" encoding="utf-8"?>', DOCTYPE, '<USEBIO Version="1.2">']
    if event.site:
        out += ["  <CLUB>", _element("CLUB_NAME", event.site, 2), "  </CLUB>"]
    event_type = "TEAMS" if event.teams else "PAIRS"
    out.append(f"  <EVENT EVENT_TYPE={quoteattr(event_type)}>")
    if method is not None:
        tag = "MATCH_SCORING_METHOD" if method.teams else "BOARD_SCORING_METHOD"
        out.append(_element(tag, _METHOD_NAMES[method], 2))
    out.append(_element("EVENT_DESCRIPTION", event.name or "dupbridge event", 2))
    if event.date:
        out.append(_element("DATE", event.date, 2))
    sessions = sorted({r.session for r in event.results}) or [1]
    sections = sorted({r.section for r in event.results}) or [""]
    out.append(_element("SESSION_COUNT", len(sessions), 2))
    out.append(_element("SECTION_COUNT", len(sections), 2))
    out.append(_element("BOARDS_PLAYED", len({r.board for r in event.results}), 2))
    out.append(_element("WINNER_TYPE", 2 if event.mitchell else 1, 2))
    for session in sessions:
        out.append(f"    <SESSION SESSION_ID={quoteattr(str(session))}>")
        for section in sections:
            out.append(f"      <SECTION SECTION_ID={quoteattr(section or 'A')}>")
            out.append("        <PARTICIPANTS>")
            for pair in sorted(event.pair_index.values(), key=lambda p: p.id.sort_key):
                if pair.id.section != section:
                    continue
                out.extend(_participant(event, pair, standings.get(pair.id)))
            out.append("        </PARTICIPANTS>")
            for number in sorted(lines_by_board):
                lines = [
                    (r, s)
                    for r, s in lines_by_board[number]
                    if r.session == session and r.section == section
                ]
                if lines:
                    out.extend(_board(event, number, lines, method, scale))
            out.append("      </SECTION>")
        out.append("    </SESSION>")
    out += ["  </EVENT>", "</USEBIO>", ""]
    return "\n".join(out)


def _participant(
    event: Event, pair: Pair, standing: tuple[str, str | None, str | None] | None
) -> list[str]:
    if event.teams:
        attrs = f"TEAM_ID={quoteattr(str(pair.id.number))}"
        if pair.names:
            attrs += f" TEAM_NAME={quoteattr(pair.names[0])}"
        out = [f"          <TEAM {attrs}>"]
    else:
        out = ["          <PAIR>", _element("PAIR_NUMBER", pair.id.number, 6)]
        if pair.id.line is not None:
            out.append(_element("DIRECTION", pair.id.line.name, 6))
    if standing is not None:
        place, percentage, total = standing
        if percentage is not None:
            out.append(_element("PERCENTAGE", percentage, 6))
        if total is not None:
            out.append(_element("TOTAL_SCORE", total, 6))
        out.append(_element("PLACE", place, 6))
    if not event.teams:
        for name in pair.names:
            out += [
                "            <PLAYER>",
                _element("PLAYER_NAME", name, 7),
                "            </PLAYER>",
            ]
    out.append("          </TEAM>" if event.teams else "          </PAIR>")
    return out


def _board(
    event: Event,
    number: int,
    lines: Sequence[tuple[Result, ScoredResult | None]],
    method: Method | None,
    scale: Fraction,
) -> list[str]:
    info = event.board(number)
    out = ["        <BOARD>", _element("BOARD_NUMBER", number, 5)]
    if info.deal is not None:
        names = {Vulnerability.NONE: "Love", Vulnerability.NS: "North-South",
                 Vulnerability.EW: "East-West", Vulnerability.BOTH: "All"}  # fmt: skip
        out.append(_element("VULNERABILITY", names[info.vulnerability], 5))
        for seat in SEATS:
            hand = info.deal[seat]
            out += ["          <HAND>", _element("DIRECTION", seat.title, 6)]
            for suit_name, ranks in zip(
                ("SPADES", "HEARTS", "DIAMONDS", "CLUBS"), hand.to_pbn().split("."), strict=True
            ):
                out.append(_element(suit_name, ranks, 6))
            out.append("          </HAND>")
    for result, scored in lines:
        out.append("          <TRAVELLER_LINE>")
        out += [_element(name, value, 6) for name, value in _line_cells(event, result)]
        if scored is not None and method is not None:
            if method is Method.MATCHPOINTS:
                out.append(_element("NS_MATCH_POINTS", _number(scored.ns * scale), 6))
                out.append(_element("EW_MATCH_POINTS", _number(scored.ew * scale), 6))
            elif method is not Method.TOTAL_POINTS:
                out.append(_element("NS_IMPS", _number(scored.ns), 6))
                out.append(_element("EW_IMPS", _number(scored.ew), 6))
        out.append("          </TRAVELLER_LINE>")
    out.append("        </BOARD>")
    return out


def dumps(scored: ScoredEvent) -> str:
    """A scored event as a USEBIO 1.2 document (places, percentages or totals, and every
    traveller line with its matchpoints or IMPs)."""
    lines: dict[int, list[tuple[Result, ScoredResult | None]]] = {}
    for board in scored.boards:
        for line in board.results:
            lines.setdefault(board.board, []).append((line.result, line))
    standings: dict[PairId, tuple[str, str | None, str | None]] = {}
    for ranking in scored.fields:
        for placing, pair in ranking.placings:
            percent = pair.percent
            standings[placing.key] = (
                placing.label,
                None if percent is None else _number(percent),
                None if percent is not None else _number(pair.total),
            )
    scale = scored.options.scale.factor
    return _write(scored.event, scored.method, lines, standings, scale)


def dumps_event(event: Event) -> str:
    """An event's results, not scored, as a USEBIO 1.2 document (traveller lines only)."""
    lines: dict[int, list[tuple[Result, ScoredResult | None]]] = {}
    for result in event.results:
        lines.setdefault(result.board, []).append((result, None))
    return _write(event, None, lines, {}, Fraction(1))


# --- the format registry ------------------------------------------------------------------


def _read(data: bytes, source: str) -> Iterator[ReadItem]:
    try:
        read = loads(data, source)
    except FormatError as error:
        yield ReadItem(None, error.problems)
        return
    event = read.event
    loose = tuple(
        FormatProblem(
            p.location.line if p.location else 1,
            p.location.column if p.location else 1,
            p.message,
            source=source,
        )
        for p in read.problems
    )
    if loose:
        yield ReadItem(None, loose, 0.0)
    total = max(len(event.results), 1)
    for index, result in enumerate(event.results, start=1):
        info = event.board(result.board)
        ns_names = event.pair(result.ns).names
        ew_names = event.pair(result.ew).names
        outcome = result.outcome
        facts: list[tuple[str, str]] = [("Event", event.name)] if event.name else []
        if result.table is not None:
            facts.append(("Table", str(result.table)))
        contract = None
        tricks = None
        passed = False
        if isinstance(outcome, Played):
            contract, tricks, passed = outcome.contract, outcome.tricks, outcome.passed_out
            facts.append(("Score", f"NS {event.ns_score(result, outcome)}"))
        else:
            facts.append(("Note", f"adjusted score {outcome}"))
        record = BoardRecord(
            board=result.board,
            dealer=info.dealer,
            vulnerability=info.vulnerability,
            deal=info.deal,
            players=(
                ns_names[0] if ns_names else None,
                ew_names[0] if ew_names else None,
                ns_names[1] if len(ns_names) > 1 else None,
                ew_names[1] if len(ew_names) > 1 else None,
            ),
            contract=contract,
            passed_out=passed,
            result=tricks,
            info=tuple(facts),
        )
        yield ReadItem(record, (), index / total)


def _write_records(records: Sequence[BoardRecord]) -> bytes:
    from dupbridge.formats.pbn import Game  # noqa: PLC0415 - the PBN module registers itself
    from dupbridge.formats.pbn_events import event_from_games  # noqa: PLC0415

    games = [Game.from_record(record) for record in records]
    event = event_from_games(games, "<records>").event
    return dumps_event(event).encode("utf-8")


register(FileFormat("usebio", (".xml",), "USEBIO 1.2 results (EBU)", _read, _write_records))
