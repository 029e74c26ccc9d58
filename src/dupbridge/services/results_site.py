"""The results website of a scored event: static pages a club puts on its web site.

:func:`render_site` writes, into one folder:

* ``index.html``: the ranking of each field (place, pair, names, score), the method, and the
  list of boards;
* ``boards/board-N.html`` for every board: the hand diagram, dealer and vulnerability, the
  par and the makeable contracts when they are known (PBN DoubleDummyTricks, OptimumScore),
  and the traveller with each result's score and matchpoints, percentage or IMPs (and the
  datum at Butler);
* ``pairs/pair-ID.html`` for every pair (team): its personal score card, each board's result
  with what the rest of the field scored on it;
* ``style.css``, shared, for the screen, a phone (the tables scroll sideways, the diagram
  stacks) and print (no navigation, page breaks between boards).

Every string goes through :func:`dupbridge.i18n._`; the pages carry the active language.
Jinja2 autoescaping keeps names from any file safe to show.
"""

from __future__ import annotations

import shutil
import tempfile
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

from dupbridge.core.calls import Strain
from dupbridge.core.cards import SUITS_DESCENDING
from dupbridge.core.contract import Contract
from dupbridge.core.seats import SEATS, Seat, Side
from dupbridge.i18n import _, get_language, ngettext
from dupbridge.scoring.crossimps import CrossImpTotal
from dupbridge.scoring.rounding import format_fixed
from dupbridge.tournament.event_scoring import (
    BoardScore,
    Method,
    PairScore,
    ScoredEvent,
    ScoredResult,
)
from dupbridge.tournament.results import BoardInfo, PairId, Played

__all__ = ["SITE_FILES", "render_site"]

#: The files every site has (board and pair pages come in addition).
SITE_FILES = ("index.html", "style.css")

_RED = {"♥", "♦"}


def _environment() -> Environment:
    env = Environment(
        loader=PackageLoader("dupbridge.services", "templates/results"),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.globals["_"] = _
    env.globals["ngettext"] = ngettext
    return env


def _number(value: Fraction | None, places: int = 2) -> str:
    if value is None:
        return ""
    if value.denominator == 1:
        return str(value.numerator)
    return format_fixed(value, places)


def _signed(value: Fraction | int | None) -> str:
    if value is None:
        return ""
    text = _number(Fraction(value))
    return text if value <= 0 else "+" + text


@dataclass(frozen=True)
class _Cell:
    text: str
    red: bool = False


def _contract_cells(contract: Contract) -> list[_Cell]:
    cells = [_Cell(str(contract.level))]
    symbol = contract.strain.symbol
    cells.append(_Cell(symbol, symbol in _RED))
    if contract.risk.suffix:
        cells.append(_Cell(contract.risk.suffix))
    return cells


def _hand_rows(info: BoardInfo, seat: Seat) -> list[tuple[str, bool, str]]:
    assert info.deal is not None
    hand = info.deal[seat]
    rows = []
    for suit in SUITS_DESCENDING:
        ranks = " ".join(rank.char for rank in hand.suit(suit)).replace("T", "10")
        rows.append((suit.symbol, suit.symbol in _RED, ranks or "—"))
    return rows


def _makeable(info: BoardInfo) -> list[dict[str, Any]]:
    # One row per declarer (N, S, E, W), one column per denomination, as hand records show.
    if not info.dd_tricks:
        return []
    tricks = {(seat, Strain(strain)): count for seat, strain, count in info.dd_tricks}
    rows = []
    for seat in (Seat.N, Seat.S, Seat.E, Seat.W):
        cells = []
        for strain in (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS):
            count = tricks.get((seat, strain))
            level = None if count is None else count - 6
            cells.append(str(level) if level is not None and level >= 1 else "–")
        rows.append({"seat": seat.letter, "cells": cells})
    return rows


_STRAIN_HEADERS = [("NT", False), ("♠", False), ("♥", True), ("♦", True), ("♣", False)]


class _Site:
    def __init__(self, scored: ScoredEvent) -> None:
        self.scored = scored
        self.event = scored.event
        self.method = scored.method
        self.scale = scored.options.scale.factor if self.method is Method.MATCHPOINTS else 1
        self.env = _environment()
        self.board_numbers = sorted({board.board for board in scored.boards})

    # --- formatting ---------------------------------------------------------------------

    def pair_name(self, pair: PairId) -> str:
        return self.event.pair(pair).label

    def value_text(self, line: ScoredResult, side: Side) -> str:
        if self.method is Method.MATCHPOINTS:
            return _number(line.value(side) * self.scale)
        return _number(line.value(side))

    def percent_text(self, line: ScoredResult, side: Side) -> str:
        value = line.percent_of(side)
        return "" if value is None else format_fixed(value)

    def outcome(self, line: ScoredResult) -> dict[str, Any]:
        outcome = line.result.outcome
        if isinstance(outcome, Played):
            if outcome.contract is not None:
                declarer = outcome.contract.declarer
                return {
                    "contract": _contract_cells(outcome.contract),
                    "declarer": declarer.letter if declarer else "",
                    "result": outcome.result_text,
                    "lead": outcome.lead.to_str(symbols=True) if outcome.lead else "",
                    "lead_red": outcome.lead is not None and outcome.lead.suit.symbol in _RED,
                    "adjusted": "",
                }
            text = _("Passed out") if outcome.passed_out else ""
            return {"contract": [], "declarer": "", "result": "", "lead": "", "lead_red": False,
                    "adjusted": text}  # fmt: skip
        return {"contract": [], "declarer": "", "result": "", "lead": "", "lead_red": False,
                "adjusted": _("Adjusted: {score}").format(score=outcome)}  # fmt: skip

    def line_row(self, line: ScoredResult) -> dict[str, Any]:
        points = line.ns_points
        result = line.result
        return {
            "ns": result.ns,
            "ew": result.ew,
            "ns_slug": result.ns.slug,
            "ew_slug": result.ew.slug,
            "table": result.table or "",
            "round": result.round or "",
            "outcome": self.outcome(line),
            "ns_points": str(points) if points is not None and points > 0 else "",
            "ew_points": str(-points) if points is not None and points < 0 else "",
            "zero": points == 0,
            "ns_value": self.value_text(line, Side.NS),
            "ew_value": self.value_text(line, Side.EW),
            "ns_percent": self.percent_text(line, Side.NS),
            "ew_percent": self.percent_text(line, Side.EW),
            "average": _number(
                line.ns  # already per comparison (--cross-imps average)
                if self.scored.options.cross_imps is CrossImpTotal.AVERAGE
                else line.ns / line.comparisons
            )
            if line.comparisons
            else "",
            "group": result.group or "",
        }

    # --- pages --------------------------------------------------------------------------

    def common(self, depth: int) -> dict[str, Any]:
        prefix = "../" * depth
        event = self.event
        return {
            "lang": get_language(),
            "root": prefix,
            "event_name": event.name or _("Results"),
            "event_date": event.date,
            "event_site": event.site,
            "method_title": self.method.title,
            "matchpoints": self.method is Method.MATCHPOINTS,
            "cross": self.method is Method.CROSS_IMPS,
            "teams": self.method.teams,
            "boards": self.board_numbers,
        }

    def index(self) -> str:
        fields: list[dict[str, Any]] = []
        for ranking in self.scored.fields:
            rows: list[dict[str, Any]] = []
            for placing, pair in ranking.placings:
                rows.append(
                    {
                        "place": placing.label,
                        "pair": placing.key,
                        "slug": placing.key.slug,
                        "names": self.pair_name(placing.key),
                        "total": self.total_text(pair),
                        "percent": format_fixed(pair.percent) if pair.percent is not None else "",
                        "boards": pair.boards_played,
                        "penalty": _signed(pair.penalty * self.scale) if pair.penalty else "",
                        "capped": _signed(-pair.capped) if pair.capped else "",
                    }
                )
            fields.append({"title": ranking.title, "rows": rows})
        matches = [
            {
                "home": self.pair_name(match.home),
                "away": self.pair_name(match.away),
                "home_slug": match.home.slug,
                "away_slug": match.away.slug,
                "imps": f"{_number(match.home_imps)} – {_number(match.away_imps)}",
                "vp": f"{format_fixed(match.home_vp)} – {format_fixed(match.away_vp)}",
            }
            for match in self.scored.matches
        ]
        penalties = any(row["penalty"] for field in fields for row in field["rows"])
        capped = any(row["capped"] for field in fields for row in field["rows"])
        template = self.env.get_template("index.html")
        return template.render(
            **self.common(0), fields=fields, matches=matches, penalties=penalties, capped=capped,
            total_title=self.total_title(), problems=[str(p) for p in self.scored.problems],
        )  # fmt: skip

    def total_text(self, pair: PairScore) -> str:
        return _number(pair.total * self.scale)

    def total_title(self) -> str:
        return self.method.unit

    def board_page(self, number: int) -> str:
        info = self.event.board(number)
        travellers = [self.traveller(board) for board in self.scored.boards_numbered(number)]
        index = self.board_numbers.index(number)
        diagram = None
        if info.deal is not None:
            diagram = {seat.letter: _hand_rows(info, seat) for seat in SEATS}
        template = self.env.get_template("board.html")
        return template.render(
            **self.common(1),
            number=number,
            dealer=info.dealer.title,
            vulnerability=_vulnerability_text(info),
            diagram=diagram,
            makeable=_makeable(info),
            strain_headers=_STRAIN_HEADERS,
            par=info.par,
            travellers=travellers,
            previous=self.board_numbers[index - 1] if index > 0 else None,
            next=self.board_numbers[index + 1] if index + 1 < len(self.board_numbers) else None,
        )

    def traveller(self, board: BoardScore) -> dict[str, Any]:
        title = []
        if len(self.event.sessions) > 1:
            title.append(_("Session {session}").format(session=board.session))
        if board.section:
            title.append(_("Section {section}").format(section=board.section))
        datums = ", ".join(_signed(datum) for datum in board.datums)
        ordered = sorted(
            board.results, key=lambda line: (line.result.ns.sort_key, line.result.table or 0)
        )
        return {
            "title": ", ".join(title),
            "rows": [self.line_row(line) for line in ordered],
            "top": _number(Fraction(board.top) * self.scale) if board.top is not None else "",
            "datum": datums,
            "groups": any(line.result.group for line in board.results),
        }

    def pair_page(self, pair_id: PairId, pair: PairScore) -> str:
        rows = []
        for line, side in pair.entries:
            result = line.result
            opponents = result.pair(side.opponents)
            rows.append(
                {
                    "board": result.board,
                    "session": result.session,
                    "side": side.name,
                    "opponents": opponents,
                    "opponents_slug": opponents.slug,
                    "opponents_name": self.pair_name(opponents),
                    "outcome": self.outcome(line),
                    "points": _signed(_own_points(line, side)),
                    "value": self.value_text(line, side),
                    "percent": self.percent_text(line, side),
                    "field": self.field_summary(line, side),
                }
            )
        placing = self.placing_of(pair_id)
        template = self.env.get_template("pair.html")
        return template.render(
            **self.common(1),
            pair=pair_id,
            names=self.pair_name(pair_id),
            place=placing,
            total=self.total_text(pair),
            total_title=self.total_title(),
            percent=format_fixed(pair.percent) if pair.percent is not None else "",
            rows=rows,
            penalty=_signed(pair.penalty * self.scale) if pair.penalty else "",
            capped=_signed(-pair.capped) if pair.capped else "",
            matches=[
                {
                    "opponent": self.pair_name(m.away if m.home == pair_id else m.home),
                    "imps": _number(m.home_imps if m.home == pair_id else m.away_imps)
                    + " – "
                    + _number(m.away_imps if m.home == pair_id else m.home_imps),
                    "vp": format_fixed(m.home_vp if m.home == pair_id else m.away_vp),
                }
                for m in self.scored.matches
                if pair_id in (m.home, m.away)
            ],
        )

    def placing_of(self, pair_id: PairId) -> str:
        for ranking in self.scored.fields:
            for placing, _pair in ranking.placings:
                if placing.key == pair_id:
                    return placing.label
        return ""

    def field_summary(self, line: ScoredResult, side: Side) -> str:
        # What the rest of the field scored on this board, from this pair's side.
        result = line.result
        counts: Counter[int] = Counter()
        adjusted = 0
        for board in self.scored.boards_numbered(result.board):
            if board.session != result.session:
                continue
            for other in board.results:
                if other is line:
                    continue
                points = _own_points(other, side)
                if points is None:
                    adjusted += 1
                else:
                    counts[points] += 1
        parts = [
            _signed(points) + (f" ×{count}" if count > 1 else "")
            for points, count in sorted(counts.items(), reverse=True)
        ]
        if adjusted:
            parts.append(ngettext("{n} adjusted", "{n} adjusted", adjusted).format(n=adjusted))
        return ", ".join(parts)

    def render(self, out: Path) -> Path:
        (out / "boards").mkdir(parents=True, exist_ok=True)
        (out / "pairs").mkdir(parents=True, exist_ok=True)
        (out / "index.html").write_text(self.index(), encoding="utf-8")
        css = self.env.get_template("style.css").render()
        (out / "style.css").write_text(css, encoding="utf-8")
        for number in self.board_numbers:
            (out / "boards" / f"board-{number}.html").write_text(
                self.board_page(number), encoding="utf-8"
            )
        for pair_id, pair in self.scored.pairs.items():
            if not pair.entries:
                continue
            (out / "pairs" / f"pair-{pair_id.slug}.html").write_text(
                self.pair_page(pair_id, pair), encoding="utf-8"
            )
        return out / "index.html"


def _own_points(line: ScoredResult, side: Side) -> int | None:
    points = line.ns_points
    if points is None:
        return None
    return points if side is Side.NS else -points


def _vulnerability_text(info: BoardInfo) -> str:
    vul = info.vulnerability
    ns, ew = vul.is_vulnerable(Side.NS), vul.is_vulnerable(Side.EW)
    if ns and ew:
        return _("All vulnerable")
    if ns:
        return _("North-South vulnerable")
    if ew:
        return _("East-West vulnerable")
    return _("None vulnerable")


def render_site(scored: ScoredEvent, out_dir: Path) -> Path:
    """Write the results website of ``scored`` into ``out_dir``; return ``index.html``.

    The pages are built in a temporary folder beside ``out_dir`` and moved in at the end, so
    a failure never leaves a half-written site over a good one.

    Raises:
        OSError: if the folder cannot be written.
    """
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=out_dir.parent, prefix=".site-") as temp:
        built = Path(temp)
        _Site(scored).render(built)
        _replace_into(built, out_dir, ("index.html", "style.css", "boards", "pairs"))
    return out_dir / "index.html"


def _replace_into(built: Path, out_dir: Path, names: Sequence[str]) -> None:
    for name in names:
        target = out_dir / name
        if target.is_dir():
            shutil.rmtree(target)
        elif target.exists():
            target.unlink()
        (built / name).replace(target)
