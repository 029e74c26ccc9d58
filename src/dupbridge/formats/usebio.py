"""USEBIO 1.2, the EBU's XML format for bridge results: read and write events.

Reading (:func:`loads`, :func:`load`, :func:`load_path`) accepts what scoring programs
export, in any of their layouts:

* ``EVENT/SESSION/SECTION`` (EBUScore, dupbridge), ``EVENT/SECTION`` without a session (some
  converters), and ``PARTICIPANTS`` and ``BOARD`` directly under ``EVENT`` (Compscore3, as
  re-exported by Pianola and BridgeWebs): ``SESSION`` and ``SECTION`` are optional wrappers
  at any level;
* the ``PARTICIPANTS``: ``PAIR`` with ``PAIR_NUMBER``, ``DIRECTION`` and
  ``PLAYER`` with ``PLAYER_NAME`` and ``NATIONAL_ID_NUMBER`` (the member number, kept in
  :attr:`~dupbridge.tournament.results.Pair.members`); ``TEAM`` with ``TEAM_ID``/``TEAM_NAME``;
* ``BOARD`` elements (directly, or inside a ``MATCH`` of a teams event, whose ``TEAM`` and
  ``OPPOSING_TEAM`` sit North-South in the open room and East-West in the closed one) with
  their ``HAND`` elements and ``TRAVELLER_LINE`` results: ``NS_PAIR_NUMBER``,
  ``EW_PAIR_NUMBER``, ``CONTRACT`` (``4S``, ``3NTx``, ``4H*``, ``PASS``; or an adjusted score),
  ``PLAYED_BY``, ``LEAD``, ``TRICKS`` and ``SCORE`` (North-South's points, or an adjusted score
  such as Compscore's ``A5050`` with no contract: Law 12C2);
* the hands of a ``HANDSET`` outside the ``EVENT`` (Compscore3), kept as the boards' deals;
* an individual event (``EVENT_TYPE="INDIVIDUAL"``, Law 4): ``PLAYER`` participants with
  ``PLAYER_NUMBER``, ``PLAYER_NAME``, ``PLACE``, ``PERCENTAGE`` and ``TOTAL_SCORE``, and
  traveller lines naming four players (``NORTH_PLAYER_NUMBER``...), read into
  :attr:`UsebioEvent.individual` (:class:`~dupbridge.formats.individual.IndividualEvent`).

A ``WINNER_TYPE`` of 2 means two fields (a Mitchell). Every problem is reported with its line
and column; a file with no traveller line at all is an error, never an empty event. Readers
are lenient unless ``strict=True``. Only the XML parser of the standard library is used, with
entity declarations refused (no entity expansion of any kind).

Writing (:func:`dumps`) gives a USEBIO 1.2 document of a
:class:`~dupbridge.tournament.event_scoring.ScoredEvent`: the participants with their place
and percentage (or total), every board with its hands and traveller lines, and each line's
matchpoints (``NS_MATCH_POINTS``) or IMPs (``NS_IMPS``). :func:`dumps_event` writes results
that are not scored (traveller lines only); :func:`dumps_individual` an individual event.
They are in :mod:`dupbridge.formats.usebio_write`.

``dupbridge convert`` reads and writes ``.xml`` through the format registry (one board
record per traveller line).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import IO

from dupbridge.core.cards import Hand
from dupbridge.core.deal import Deal
from dupbridge.core.errors import NotationError
from dupbridge.core.seats import Seat, Side, Vulnerability
from dupbridge.formats.individual import (
    IndividualEvent,
    IndividualLine,
    IndividualPlayer,
    IndividualStanding,
)
from dupbridge.formats.problems import FormatError
from dupbridge.formats.problems import Problem as FormatProblem
from dupbridge.formats.records import BoardRecord
from dupbridge.formats.registry import FileFormat, ReadItem, register
from dupbridge.formats.usebio_write import (
    DOCTYPE,
    PLAYER_NUMBER_TAGS,
    dumps,
    dumps_event,
    dumps_individual,
)
from dupbridge.formats.usebio_xml import XmlNode, parse_xml
from dupbridge.i18n import N_, _
from dupbridge.tournament.event_scoring import Method
from dupbridge.tournament.results import (
    BoardInfo,
    Event,
    Location,
    Outcome,
    Pair,
    PairId,
    Played,
    Problem,
    Result,
    parse_outcome,
)

__all__ = [
    "DOCTYPE",
    "UsebioEvent",
    "dumps",
    "dumps_event",
    "dumps_individual",
    "load",
    "load_path",
    "loads",
]


@dataclass(frozen=True)
class UsebioEvent:
    """An event read from USEBIO, with every problem found; an individual event's players,
    lines and ranking are in ``individual`` (its ``event`` then has the boards only)."""

    event: Event
    problems: tuple[Problem, ...]
    method: Method | None = None
    individual: IndividualEvent | None = None


_BOARD_METHODS = {
    "MATCH_POINTS": Method.MATCHPOINTS,
    "MATCHPOINTS": Method.MATCHPOINTS,
    "MP": Method.MATCHPOINTS,
    "BUTLER_IMPS": Method.BUTLER,
    "BUTLER": Method.BUTLER,
    "IMPS": Method.BUTLER,
    "CROSS_IMPS": Method.CROSS_IMPS,
    "AGGREGATE": Method.TOTAL_POINTS,
    "VPS": Method.TEAMS_VP,
}
_MATCH_METHODS = {"IMPS": Method.TEAMS_IMPS, "VPS": Method.TEAMS_VP, "VP": Method.TEAMS_VP}
_SEAT_NAMES = {"N": Seat.N, "E": Seat.E, "S": Seat.S, "W": Seat.W, "NORTH": Seat.N,
               "EAST": Seat.E, "SOUTH": Seat.S, "WEST": Seat.W}  # fmt: skip
_VUL_NAMES = {"LOVE": Vulnerability.NONE, "NONE": Vulnerability.NONE, "NIL": Vulnerability.NONE,
              "NORTH-SOUTH": Vulnerability.NS, "NS": Vulnerability.NS,
              "EAST-WEST": Vulnerability.EW, "EW": Vulnerability.EW, "ALL": Vulnerability.BOTH,
              "BOTH": Vulnerability.BOTH}  # fmt: skip
#: Elements that hold no results and are not looked into for them.
_LEAVES = {"CLUB", "HANDSET", "TRAVELLER_LINE", "HAND", "PLAYER", "PAIR", "TEAM"}


def loads(data: str | bytes, source: str = "<string>", *, strict: bool = False) -> UsebioEvent:
    """Read a USEBIO document.

    Raises:
        FormatError: if the text is not XML or not USEBIO; with ``strict``, for the first
            error (a file with no traveller line is one).
    """
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if isinstance(data, str) and data.lstrip().startswith("<?xml"):
        # The declaration may name another encoding than the one the text now has.
        rest = data.partition("?>")[2]
        raw = ('<?xml version="1.0" encoding="utf-8"' + "?>" + rest).encode("utf-8")
    root = parse_xml(raw, source)
    event_node = root.find("EVENT")
    if event_node is None:
        problem = FormatProblem(root.line, root.column, _("USEBIO has no EVENT"), source=source)
        raise FormatError(str(problem), (problem,))
    reader = _Reader(event_node, source)
    reader.visit(event_node, 1, "", None)
    for handset in root.walk("HANDSET"):
        for board in handset.walk("BOARD"):
            reader.handset_board(board)
    if not reader.results and not reader.lines:
        reader.problems.append(
            Problem(
                _("no results: no BOARD of this EVENT has a TRAVELLER_LINE ({boards} boards, "
                  "{pairs} pairs read)").format(boards=len(reader.boards),
                                                pairs=len(reader.pairs)),
                Location(source, event_node.line, event_node.column),
            )
        )  # fmt: skip
    problems = reader.problems
    if strict:
        errors = [problem for problem in problems if not problem.warning]
        if errors:
            raise FormatError(str(errors[0]))
    club = root.find("CLUB")
    event = Event(
        name=event_node.value("EVENT_DESCRIPTION"),
        date=event_node.value("DATE"),
        site=club.value("CLUB_NAME") if club is not None else "",
        boards=reader.boards,
        pairs=tuple(reader.pairs.values()),
        results=tuple(reader.results),
        mitchell=reader.mitchell,
        teams=reader.teams,
    )
    individual = None
    if reader.individual:
        individual = IndividualEvent(
            event.name, event.date, event.site, reader.boards,
            tuple(sorted(reader.players.values(), key=lambda p: p.number)),
            tuple(reader.lines), tuple(reader.standings),
        )  # fmt: skip
    return UsebioEvent(event, tuple(problems), reader.method(), individual)


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


def _ident(node: XmlNode, *tags: str) -> str:
    return next((node.value(tag) for tag in tags if node.value(tag)), "")


class _Reader:
    """Walks an EVENT, whatever wraps its participants and boards (Law 78 fields kept)."""

    def __init__(self, event: XmlNode, source: str) -> None:
        self.event = event
        self.source = source
        self.mitchell = event.value("WINNER_TYPE") == "2"
        self.teams = (
            "TEAM" in event.attrs.get("EVENT_TYPE", "").upper()
            or "TEAM" in event.value("EVENT_TYPE").upper()
            or next(event.walk("MATCH"), None) is not None
        )
        # A one-section event's section letter is not part of its pairs' numbers.
        sections = {_ident(s, "SECTION_ID", "SECTION_LETTER") for s in event.walk("SECTION")}
        self.one_section = len(sections) <= 1
        self.pairs: dict[PairId, Pair] = {}
        self.boards: dict[int, BoardInfo] = {}
        self.results: list[Result] = []
        self.problems: list[Problem] = []
        self.sessions = 0
        self.individual = (
            "INDIVIDUAL" in (event.attrs.get("EVENT_TYPE", "") or event.value("EVENT_TYPE")).upper()
        )
        self.players: dict[int, IndividualPlayer] = {}
        self.standings: list[IndividualStanding] = []
        self.lines: list[IndividualLine] = []

    def method(self) -> Method | None:
        match_name = self.event.value("MATCH_SCORING_METHOD").upper()
        if self.teams and match_name in _MATCH_METHODS:
            return _MATCH_METHODS[match_name]
        board_name = self.event.value("BOARD_SCORING_METHOD").upper()
        return _BOARD_METHODS.get(board_name or match_name)

    def where(self, node: XmlNode) -> Location:
        return Location(self.source, node.line, node.column)

    def visit(self, node: XmlNode, session: int, section: str, match: XmlNode | None) -> None:
        for child in node.children:
            tag = child.tag
            if tag == "SESSION":
                self.sessions += 1
                ident = _ident(child, "SESSION_ID", "SESSION_NUMBER")
                self.visit(child, int(ident) if ident.isdigit() else self.sessions, section,
                           match)  # fmt: skip
            elif tag == "SECTION":
                ident = _ident(child, "SECTION_ID", "SECTION_LETTER").upper()
                self.visit(child, session, "" if self.one_section else ident, match)
            elif tag == "MATCH":
                self.visit(child, session, section, child)
            elif tag == "PARTICIPANTS" and self.individual:
                for player in child.walk("PLAYER"):
                    self.player(player)
            elif tag == "BOARD" and self.individual:
                self.individual_board(child)
            elif tag == "PARTICIPANTS":
                teams = list(child.walk("TEAM"))
                for team in teams:
                    self.team(team, section)
                for pair in [] if teams else child.walk("PAIR"):
                    self.pair(pair, section)
            elif tag == "BOARD":
                self.results.extend(self.board(child, match, section, session))
            elif tag not in _LEAVES and child.children:
                self.visit(child, session, section, match)

    def pair(self, node: XmlNode, section: str) -> None:
        direction = node.value("DIRECTION").upper()
        line = (Side.EW if direction.startswith("E") else Side.NS) if self.mitchell else None
        try:
            pair_id = _pair_id(node.value("PAIR_NUMBER"), section, line)
        except NotationError as error:
            self.problems.append(Problem(str(error), self.where(node)))
            return
        players = [player for player in node.walk("PLAYER") if player.value("PLAYER_NAME")]
        names = tuple(player.value("PLAYER_NAME") for player in players)
        members = tuple(player.value("NATIONAL_ID_NUMBER") for player in players)
        self.pairs[pair_id] = Pair(pair_id, names, members=members if any(members) else ())

    def player(self, node: XmlNode) -> None:
        """A participant of an individual event: his number, name, member number and place."""
        text = node.value("PLAYER_NUMBER")
        if not text.isdigit():
            self.problems.append(
                Problem(_("PLAYER_NUMBER {text!r} is not a player number").format(text=text),
                        self.where(node))
            )  # fmt: skip
            return
        number = int(text)
        name = node.value("PLAYER_NAME") or text
        self.players[number] = IndividualPlayer(number, name, node.value("NATIONAL_ID_NUMBER"))
        if node.value("PLACE"):
            try:
                self.standings.append(
                    IndividualStanding(number, node.value("PLACE"),
                                       Fraction(node.value("TOTAL_SCORE") or "0"),
                                       Fraction(node.value("PERCENTAGE") or "0"),
                                       int(node.value("BOARDS_PLAYED") or "0"))
                )  # fmt: skip
            except ValueError as error:
                self.problems.append(Problem(str(error), self.where(node)))

    def individual_board(self, node: XmlNode) -> None:
        """A board of an individual event: each line names its four players."""
        number = self.board_number(node)
        if number is None:
            return
        self.board_info(node, number, keep_deal=False)
        for line in node.walk("TRAVELLER_LINE"):
            try:
                texts = [line.value(tag) for tag in PLAYER_NUMBER_TAGS]
                bad = next((t for t, v in zip(PLAYER_NUMBER_TAGS, texts, strict=True)
                            if not v.isdigit()), None)  # fmt: skip
                if bad is not None:
                    raise NotationError(_("{tag} is not a player number").format(tag=bad))
                players = tuple(int(text) for text in texts)
                if len(set(players)) != 4:
                    raise NotationError(
                        _("the four players of a line must be four different players")
                    )
                outcome = _outcome(line)
                ns = line.value("NS_MATCH_POINTS")
                ew = line.value("EW_MATCH_POINTS")
                ns_mp = Fraction(ns) if ns else None
                ew_mp = Fraction(ew) if ew else None
            except (NotationError, ValueError) as error:
                self.problems.append(
                    Problem(_("board {board}: {error}").format(board=number, error=error),
                            self.where(line))
                )  # fmt: skip
                continue
            table, round_text = line.value("TABLE_NUMBER"), line.value("ROUND_NUMBER")
            self.lines.append(
                IndividualLine(number, (players[0], players[1], players[2], players[3]),
                               outcome, table=int(table) if table.isdigit() else None,
                               round=int(round_text) if round_text.isdigit() else None,
                               matchpoints=(ns_mp, ew_mp, ns_mp, ew_mp))
            )  # fmt: skip

    def team(self, node: XmlNode, section: str) -> None:
        ident = _ident(node, "TEAM_ID", "TEAM_NUMBER")
        if not ident.isdigit():
            return
        name = node.value("TEAM_NAME")
        pair_id = PairId(int(ident), section)
        self.pairs[pair_id] = Pair(pair_id, (name,) if name else ())

    def board_number(self, node: XmlNode) -> int | None:
        text = node.value("BOARD_NUMBER")
        if not text.isdigit() or int(text) < 1:
            self.problems.append(
                Problem(_("BOARD_NUMBER {text!r} is not a board number").format(text=text),
                        self.where(node))
            )  # fmt: skip
            return None
        return int(text)

    def board_info(self, node: XmlNode, number: int, *, keep_deal: bool) -> None:
        info = self.boards.get(number) or BoardInfo.numbered(number)
        vulnerability = _VUL_NAMES.get(node.value("VULNERABILITY").upper().replace(" ", ""))
        dealer = _SEAT_NAMES.get(node.value("DEALER").upper())
        deal = None if keep_deal and info.deal is not None else self.hands(node)
        if vulnerability is not None or deal is not None or dealer is not None:
            info = BoardInfo(number, dealer or info.dealer, vulnerability or info.vulnerability,
                             deal or info.deal, info.dd_tricks, info.par)  # fmt: skip
        self.boards[number] = info

    def handset_board(self, node: XmlNode) -> None:
        number = self.board_number(node)
        if number is not None:
            self.board_info(node, number, keep_deal=True)

    def board(
        self, node: XmlNode, match: XmlNode | None, section: str, session: int
    ) -> list[Result]:
        number = self.board_number(node)
        if number is None:
            return []
        self.board_info(node, number, keep_deal=False)
        results: list[Result] = []
        for line in node.walk("TRAVELLER_LINE"):
            location = self.where(line)
            try:
                ns, ew = self.line_pairs(line, match, section)
                outcome = _outcome(line)
            except (NotationError, ValueError) as error:
                self.problems.append(
                    Problem(_("board {board}: {error}").format(board=number, error=error),
                            location)
                )  # fmt: skip
                continue
            table = line.value("TABLE_NUMBER") or (match.value("TABLE_NUMBER") if match else "")
            round_text = line.value("ROUND_NUMBER") or (
                match.value("ROUND_NUMBER") if match else ""
            )
            results.append(
                Result(number, ns, ew, outcome,
                       table=int(table) if table.isdigit() else None,
                       round=int(round_text) if round_text.isdigit() else None,
                       session=session, location=location)
            )  # fmt: skip
        return results

    def line_pairs(
        self, line: XmlNode, match: XmlNode | None, section: str
    ) -> tuple[PairId, PairId]:
        ns_text = line.value("NS_PAIR_NUMBER") or (match.value("NS_PAIR_NUMBER") if match else "")
        ew_text = line.value("EW_PAIR_NUMBER") or (match.value("EW_PAIR_NUMBER") if match else "")
        if not ns_text and match is not None:
            team, other = _match_teams(match)
            room = (line.value("ROOM") or line.value("DIRECTION")).upper()
            closed = room.startswith(("E", "C", "2"))
            ns_text, ew_text = (other, team) if closed else (team, other)
        if not ns_text or not ew_text:
            raise NotationError(_("the line names no North-South and East-West pair"))
        ns = _pair_id(ns_text, section, Side.NS if self.mitchell else None)
        ew = _pair_id(ew_text, section, Side.EW if self.mitchell else None)
        return ns, ew

    def hands(self, node: XmlNode) -> Deal | None:
        hands: dict[Seat, Hand] = {}
        for hand in node.all("HAND"):
            seat = _SEAT_NAMES.get(hand.value("DIRECTION").upper())
            if seat is None:
                continue
            text = ".".join(
                hand.value(suit).replace("10", "T").replace(" ", "").replace("-", "")
                for suit in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")
            )
            try:
                hands[seat] = Hand.from_pbn(text)
            except NotationError as error:
                self.problems.append(Problem(str(error), self.where(hand)))
        if len(hands) != 4:
            return None
        deal = Deal.from_hands(hands)
        if not deal.is_valid():
            self.problems.append(
                Problem(
                    _("the hands of this board are not a deal: {problems}").format(
                        problems="; ".join(deal.problems())
                    ),
                    self.where(node),
                    warning=True,
                )
            )
            return None
        return deal


def _match_teams(match: XmlNode) -> tuple[str, str]:
    # ``TEAM``/``OPPOSING_TEAM`` numbers, ``HOME_TEAM``/``AWAY_TEAM``, or two TEAM elements.
    team, other = match.value("TEAM"), match.value("OPPOSING_TEAM")
    if team.isdigit() and other.isdigit():
        return team, other
    home, away = match.value("HOME_TEAM"), match.value("AWAY_TEAM")
    if home and away:
        return home, away
    idents = [_ident(node, "TEAM_ID", "TEAM_NUMBER") for node in match.all("TEAM")]
    if len(idents) >= 2:
        return idents[0], idents[1]
    return "", ""


def _outcome(line: XmlNode) -> Outcome:
    contract = line.value("CONTRACT").replace("**", "XX").replace("*", "X")
    score = line.value("SCORE") or line.value("NS_SCORE")
    if not score and line.value("EW_SCORE").lstrip("-").isdigit():
        score = str(-int(line.value("EW_SCORE")))
    numeric = score.lstrip("-").isdigit()
    if not contract and score and not numeric:
        # An adjusted score written in the score (Compscore's ``A5050``, Law 12C2).
        return parse_outcome(score)
    return parse_outcome(
        contract,
        line.value("PLAYED_BY")[:1],
        line.value("TRICKS"),
        line.value("LEAD"),
        score if numeric else "",
    )


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
    # One record a traveller line: the players in their seats (N, E, S, W).
    rows: list[tuple[int, tuple[str | None, ...], Outcome, int | None]] = []
    for result in event.results:
        ns_names, ew_names = event.pair(result.ns).names, event.pair(result.ew).names
        seated = (ns_names[:1], ew_names[:1], ns_names[1:2], ew_names[1:2])
        names = tuple(part[0] if part else None for part in seated)
        rows.append((result.board, names, result.outcome, result.table))
    if read.individual is not None:
        individual = read.individual
        for line in individual.lines:
            names = tuple(individual.name_of(player) for player in line.players)
            rows.append((line.board, names, line.outcome, line.table))
    for index, (board, players, outcome, table) in enumerate(rows, start=1):
        info = event.board(board)
        facts: list[tuple[str, str]] = [("Event", event.name)] if event.name else []
        if table is not None:
            facts.append(("Table", str(table)))
        contract = None
        tricks = None
        passed = False
        if isinstance(outcome, Played):
            contract, tricks, passed = outcome.contract, outcome.tricks, outcome.passed_out
            facts.append(("Score", f"NS {outcome.ns_score(info.vulnerability)}"))
        else:
            facts.append(("Note", f"adjusted score {outcome}"))
        record = BoardRecord(
            board=board,
            dealer=info.dealer,
            vulnerability=info.vulnerability,
            deal=info.deal,
            players=(players[0], players[1], players[2], players[3]),
            contract=contract,
            passed_out=passed,
            result=tricks,
            info=tuple(facts),
        )
        yield ReadItem(record, (), index / max(len(rows), 1))


def _write_records(records: Sequence[BoardRecord]) -> bytes:
    from dupbridge.formats.pbn import Game  # noqa: PLC0415 - the PBN module registers itself
    from dupbridge.formats.pbn_events import event_from_games  # noqa: PLC0415

    games = [Game.from_record(record) for record in records]
    event = event_from_games(games, "<records>").event
    return dumps_event(event).encode("utf-8")


register(FileFormat("usebio", (".xml",), N_("USEBIO 1.2 results (EBU)"), _read, _write_records))
