"""Writing USEBIO 1.2: a scored event (places, percentages or totals, every traveller line
with its matchpoints or IMPs) or an event's results not scored.

:func:`dumps` and :func:`dumps_event` are also importable from :mod:`dupbridge.formats.usebio`.
The document written is one the reader reads back as the same event: pairs (with their
direction in a Mitchell, Law 78 fields), names and member numbers (``NATIONAL_ID_NUMBER``),
boards with their hands, and each line's contract, declarer, lead, tricks and score, or its
adjusted score (``A60/40``, Law 12C).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from xml.sax.saxutils import escape, quoteattr

from dupbridge.core.seats import SEATS, Vulnerability
from dupbridge.formats.individual import SEAT_ORDER, IndividualEvent, IndividualLine
from dupbridge.scoring.rounding import format_fixed
from dupbridge.tournament.event_scoring import Method, ScoredEvent, ScoredResult
from dupbridge.tournament.results import BoardInfo, Event, Pair, PairId, Played, Result

__all__ = [
    "DOCTYPE",
    "METHOD_NAMES",
    "PLAYER_NUMBER_TAGS",
    "dumps",
    "dumps_event",
    "dumps_individual",
]

DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'

#: The USEBIO name of each scoring method.
METHOD_NAMES = {
    Method.MATCHPOINTS: "MATCH_POINTS",
    Method.BUTLER: "BUTLER_IMPS",
    Method.CROSS_IMPS: "CROSS_IMPS",
    Method.TOTAL_POINTS: "AGGREGATE",
    Method.TEAMS_IMPS: "IMPS",
    Method.TEAMS_VP: "VPS",
}


#: The elements of an individual event's TRAVELLER_LINE that name its four players
#: (North, East, South, West).
PLAYER_NUMBER_TAGS = (
    "NORTH_PLAYER_NUMBER",
    "EAST_PLAYER_NUMBER",
    "SOUTH_PLAYER_NUMBER",
    "WEST_PLAYER_NUMBER",
)


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
        out.append(_element(tag, METHOD_NAMES[method], 2))
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
        for index, name in enumerate(pair.names):
            member = pair.members[index].strip() if index < len(pair.members) else ""
            out += ["            <PLAYER>", _element("PLAYER_NAME", name, 7)]
            if member:
                out.append(_element("NATIONAL_ID_NUMBER", member, 7))
            out.append("            </PLAYER>")
    out.append("          </TEAM>" if event.teams else "          </PAIR>")
    return out


def _hands(info: BoardInfo) -> list[str]:
    if info.deal is None:
        return []
    names = {Vulnerability.NONE: "Love", Vulnerability.NS: "North-South",
             Vulnerability.EW: "East-West", Vulnerability.BOTH: "All"}  # fmt: skip
    out = [_element("VULNERABILITY", names[info.vulnerability], 5)]
    for seat in SEATS:
        hand = info.deal[seat]
        out += ["          <HAND>", _element("DIRECTION", seat.title, 6)]
        for suit_name, ranks in zip(
            ("SPADES", "HEARTS", "DIAMONDS", "CLUBS"), hand.to_pbn().split("."), strict=True
        ):
            out.append(_element(suit_name, ranks, 6))
        out.append("          </HAND>")
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
    out += _hands(info)
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


def _individual_line(event: IndividualEvent, line: IndividualLine) -> list[str]:
    out = ["          <TRAVELLER_LINE>"]
    out += [_element(tag, player, 6) for tag, player in zip(PLAYER_NUMBER_TAGS, line.players,
                                                             strict=True)]  # fmt: skip
    outcome = line.outcome
    if isinstance(outcome, Played) and outcome.contract is not None:
        declarer = outcome.contract.declarer
        assert declarer is not None
        out += [
            _element("CONTRACT", outcome.contract.to_str(declarer=False), 6),
            _element("PLAYED_BY", declarer.letter, 6),
            _element("LEAD", str(outcome.lead) if outcome.lead is not None else "", 6),
            _element("TRICKS", outcome.tricks, 6),
            _element("SCORE", event.ns_points(line), 6),
        ]
    elif isinstance(outcome, Played):
        out += [_element("CONTRACT", "PASS" if outcome.passed_out else "", 6),
                _element("SCORE", event.ns_points(line), 6)]  # fmt: skip
    else:
        out.append(_element("CONTRACT", str(outcome), 6))
    if line.table is not None:
        out.append(_element("TABLE_NUMBER", line.table, 6))
    if line.round is not None:
        out.append(_element("ROUND_NUMBER", line.round, 6))
    # A side's matchpoints are North's and East's (Law 12C3: both members of a side).
    north, east = line.points_of(SEAT_ORDER[0]), line.points_of(SEAT_ORDER[1])
    if north is not None and east is not None:
        out.append(_element("NS_MATCH_POINTS", _number(north), 6))
        out.append(_element("EW_MATCH_POINTS", _number(east), 6))
    out.append("          </TRAVELLER_LINE>")
    return out


def dumps_individual(event: IndividualEvent) -> str:
    """An individual event as a USEBIO 1.2 document: ``EVENT_TYPE="INDIVIDUAL"``, the
    ``PARTICIPANTS`` as ``PLAYER`` elements (number, name, member number, place, percentage
    and matchpoints), and every board with its hands and traveller lines, each naming its
    four players (``NORTH_PLAYER_NUMBER``...)."""
    out = ['<?xml version="1.0" encoding="utf-8"?>', DOCTYPE, '<USEBIO Version="1.2">']
    if event.site:
        out += ["  <CLUB>", _element("CLUB_NAME", event.site, 2), "  </CLUB>"]
    out.append('  <EVENT EVENT_TYPE="INDIVIDUAL">')
    out.append(_element("BOARD_SCORING_METHOD", METHOD_NAMES[Method.MATCHPOINTS], 2))
    out.append(_element("EVENT_DESCRIPTION", event.name or "dupbridge event", 2))
    if event.date:
        out.append(_element("DATE", event.date, 2))
    out.append(_element("SESSION_COUNT", 1, 2))
    out.append(_element("SECTION_COUNT", 1, 2))
    out.append(_element("BOARDS_PLAYED", len({line.board for line in event.lines}), 2))
    out.append(_element("WINNER_TYPE", 1, 2))
    out += [
        '    <SESSION SESSION_ID="1">',
        '      <SECTION SECTION_ID="A">',
        "        <PARTICIPANTS>",
    ]
    for player in event.players:
        out += ["          <PLAYER>", _element("PLAYER_NUMBER", player.number, 6),
                _element("PLAYER_NAME", player.name, 6)]  # fmt: skip
        if player.member.strip():
            out.append(_element("NATIONAL_ID_NUMBER", player.member.strip(), 6))
        standing = event.standing(player.number)
        if standing is not None:
            out.append(_element("BOARDS_PLAYED", standing.boards, 6))
            out.append(_element("TOTAL_SCORE", _number(standing.matchpoints), 6))
            out.append(_element("PERCENTAGE", _number(standing.percent), 6))
            out.append(_element("PLACE", standing.place, 6))
        out.append("          </PLAYER>")
    out.append("        </PARTICIPANTS>")
    for number in sorted({line.board for line in event.lines}):
        out += ["        <BOARD>", _element("BOARD_NUMBER", number, 5)]
        out += _hands(event.board(number))
        lines = [line for line in event.lines if line.board == number]
        for line in sorted(lines, key=lambda line: (line.round or 0, line.table or 0)):
            out += _individual_line(event, line)
        out.append("        </BOARD>")
    out += ["      </SECTION>", "    </SESSION>", "  </EVENT>", "</USEBIO>", ""]
    return "\n".join(out)
