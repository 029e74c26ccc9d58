"""The results website of a scored event: static pages a club puts on its web site.

:func:`render_site` writes, into one folder:

* ``index.html``: the session's name, date and the top, the ranking of each field (place,
  pair, names, score; on a phone place, pair, names and percentage), the method, a link to
  the hand record and the list of boards; for teams the matches round by round (a Swiss
  event's pairings), the cross-table of a round robin and the VP scale;
* ``boards/board-N.html`` for every board: the hand diagram with each hand's high-card
  points, dealer and vulnerability, the makeable contracts and par (double dummy; computed
  when the deal is known and the file did not say), the traveller, and for each line whose
  auction and play are known, the auction and a trick-by-trick replay (``viewer.js``);
* ``pairs/pair-ID.html`` for every pair (team): its score card;
* ``matches/match-R-H-A.html`` for every team match: both tables board by board;
* ``handrecord.html``: the deals for printing (:func:`dupbridge.analysis.handrecord.render_html`);
* ``style.css`` (screen, phone, print) and ``viewer.js``.

Par is written in the one notation of :func:`dupbridge.analysis.notation.par_text`; a ten
as the ``ten`` setting says. Every string goes through :func:`dupbridge.i18n._`; Jinja2
autoescaping keeps names from any file safe to show. The pages need no JavaScript except for
the replay, and open from the disk (``file://``) as well as from a web server.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup

from dupbridge.analysis.notation import check_ten
from dupbridge.core.seats import Side
from dupbridge.formats.records import BoardRecord
from dupbridge.i18n import _, get_language, ngettext
from dupbridge.i18n.formats import decimal_text, percent_text
from dupbridge.scoring.crossimps import CrossImpTotal
from dupbridge.scoring.rounding import format_fixed
from dupbridge.services import site_teams
from dupbridge.services.site_format import (
    analysed_boards,
    board_head,
    event_date_text,
    hand_record_html,
    number,
    outcome_cells,
    signed,
)
from dupbridge.services.site_plays import PlayKey, play_key, viewer_data
from dupbridge.tournament.event_scoring import (
    BoardScore,
    MatchScore,
    Method,
    PairScore,
    ScoredEvent,
    ScoredResult,
)
from dupbridge.tournament.results import PairId

__all__ = ["SITE_FILES", "analysed", "publish_site", "render_site", "site_environment"]

#: The files every site has (board, pair and match pages come in addition).
SITE_FILES = ("index.html", "style.css", "viewer.js")

_FOLDERS = ("boards", "pairs", "matches")


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
    env.filters["json_script"] = _json_script
    env.filters["suits"] = _suits
    return env


_SUIT_SPANS = {
    "♠": '<span class="sym">♠</span>',
    "♥": '<span class="sym red">♥</span>',
    "♦": '<span class="sym red">♦</span>',
    "♣": '<span class="sym">♣</span>',
}


def _suits(text: object) -> Markup:
    # Escaped text whose suit symbols are wrapped, the red ones marked for colour and print.
    escaped = str(Markup.escape(str(text)))
    for symbol, span in _SUIT_SPANS.items():
        escaped = escaped.replace(symbol, span)
    return Markup(escaped)  # noqa: S704 - the text was escaped first


def _json_script(value: Any) -> Markup:
    # JSON inside <script type="application/json">: "<", ">" and "&" escaped so that no
    # name from a file can close the element.
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(text)  # noqa: S704 - escaped above


class _Site:
    def __init__(self, scored: ScoredEvent, plays: Mapping[PlayKey, BoardRecord], ten: str) -> None:
        self.scored = scored
        self.event = scored.event
        self.method = scored.method
        self.scale = scored.options.scale.factor if self.method is Method.MATCHPOINTS else 1
        self.env = _environment()
        self.board_numbers = sorted({board.board for board in scored.boards})
        self.plays = plays
        self.ten = ten
        self.hand_record = any(self.event.board(n).deal is not None for n in self.board_numbers)

    # --- formatting ---------------------------------------------------------------------

    def pair_name(self, pair: PairId) -> str:
        names = self.event.pair(pair).names
        if self.method.teams and names:
            return names[0]
        return self.event.pair(pair).label

    def roster(self, pair: PairId) -> str:
        """A team's players (the names after the team's own), joined."""
        names = self.event.pair(pair).names
        return ", ".join(names[1:]) if self.method.teams else ""

    def value_text(self, line: ScoredResult, side: Side) -> str:
        if self.method is Method.MATCHPOINTS:
            return number(line.value(side) * self.scale)
        return number(line.value(side))

    def percent_text(self, line: ScoredResult, side: Side) -> str:
        value = line.percent_of(side)
        return "" if value is None else decimal_text(format_fixed(value))

    def line_row(self, line: ScoredResult, ident: str) -> dict[str, Any]:
        points = line.ns_points
        result = line.result
        record = self.plays.get(play_key(result))
        return {
            "ns": result.ns,
            "ew": result.ew,
            "ns_name": self.pair_name(result.ns),
            "ew_name": self.pair_name(result.ew),
            "ns_roster": self.roster(result.ns),
            "ew_roster": self.roster(result.ew),
            "ns_number": f"{result.ns.section}{result.ns.number}",
            "ew_number": f"{result.ew.section}{result.ew.number}",
            "ns_slug": result.ns.slug,
            "ew_slug": result.ew.slug,
            "table": result.table or "",
            "round": result.round or "",
            "outcome": outcome_cells(line.result.outcome, self.ten),
            "ns_points": str(points) if points is not None and points > 0 else "",
            "ew_points": str(-points) if points is not None and points < 0 else "",
            "score": signed(points) if points is not None else "",
            "zero": points == 0,
            "ns_value": self.value_text(line, Side.NS),
            "ew_value": self.value_text(line, Side.EW),
            "ns_percent": self.percent_text(line, Side.NS),
            "ew_percent": self.percent_text(line, Side.EW),
            "average": number(
                line.ns  # already per comparison (--cross-imps average)
                if self.scored.options.cross_imps is CrossImpTotal.AVERAGE
                else line.ns / line.comparisons
            )
            if line.comparisons
            else "",
            "group": result.group or "",
            "viewer": viewer_data(record, ident, ten=self.ten) if record is not None else None,
        }

    # --- pages --------------------------------------------------------------------------

    def top_text(self) -> str:
        """The top on a board (matchpoints), the most common one when they differ."""
        if self.method is not Method.MATCHPOINTS:
            return ""
        tops = Counter(board.top for board in self.scored.boards if board.top is not None)
        if not tops:
            return ""
        return number(Fraction(tops.most_common(1)[0][0]) * self.scale)

    def common(self, depth: int) -> dict[str, Any]:
        prefix = "../" * depth
        event = self.event
        return {
            "lang": get_language(),
            "root": prefix,
            "event_name": event.name or _("Results"),
            "event_date": event_date_text(event.date),
            "event_site": event.site,
            "method_title": self.method.title,
            "matchpoints": self.method is Method.MATCHPOINTS,
            "cross": self.method is Method.CROSS_IMPS,
            "teams": self.method.teams,
            "boards": self.board_numbers,
            "top": self.top_text(),
            "hand_record": self.hand_record,
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
                        "roster": self.roster(placing.key),
                        "total": self.total_text(pair),
                        "percent": (
                            decimal_text(format_fixed(pair.percent))
                            if pair.percent is not None
                            else ""
                        ),
                        "boards": pair.boards_played,
                        "penalty": signed(pair.penalty * self.scale) if pair.penalty else "",
                        "capped": signed(-pair.capped) if pair.capped else "",
                    }
                )
            fields.append({"title": ranking.title, "rows": rows})
        penalties = any(row["penalty"] for field in fields for row in field["rows"])
        capped = any(row["capped"] for field in fields for row in field["rows"])
        template = self.env.get_template("index.html")
        return template.render(
            **self.common(0), fields=fields, penalties=penalties, capped=capped,
            total_title=self.method.unit, problems=[str(p) for p in self.scored.problems],
            rounds=site_teams.rounds(self.scored), cross_table=site_teams.cross_table(self.scored),
            vp_scale=site_teams.vp_scale(self.scored),
            victory_points=self.method is Method.TEAMS_VP,
        )  # fmt: skip

    def total_text(self, pair: PairScore) -> str:
        return number(pair.total * self.scale)

    def board_page(self, number_: int) -> str:
        info = self.event.board(number_)
        travellers = [
            self.traveller(board, index)
            for index, board in enumerate(self.scored.boards_numbered(number_))
        ]
        template = self.env.get_template("board.html")
        return template.render(
            **self.common(1),
            **board_head(info, number_, self.board_numbers, self.ten),
            travellers=travellers,
            viewers=[row["viewer"] for t in travellers for row in t["rows"] if row["viewer"]],
        )

    def traveller(self, board: BoardScore, index: int) -> dict[str, Any]:
        title = []
        if self.method.teams and self.scored.matches:
            title.append(_("Round {n}").format(n=board.session))
        elif len(self.event.sessions) > 1:
            title.append(_("Session {session}").format(session=board.session))
        if board.section:
            title.append(_("Section {section}").format(section=board.section))
        datums = ", ".join(signed(datum) for datum in board.datums)
        ordered = sorted(
            board.results, key=lambda line: (line.result.ns.sort_key, line.result.table or 0)
        )
        teams: dict[PairId, None] = {}
        for line in ordered:
            teams.update({line.result.ns: None, line.result.ew: None})
        return {
            "title": ", ".join(title),
            "rosters": [
                (self.pair_name(team), self.roster(team)) for team in teams if self.roster(team)
            ],
            "rows": [
                self.line_row(line, f"play-{index}-{position}")
                for position, line in enumerate(ordered, start=1)
            ],
            "top": number(Fraction(board.top) * self.scale) if board.top is not None else "",
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
                    "outcome": outcome_cells(line.result.outcome, self.ten),
                    "points": signed(_own_points(line, side)),
                    "value": self.value_text(line, side),
                    "percent": self.percent_text(line, side),
                    "field": self.field_summary(line, side),
                }
            )
        template = self.env.get_template("pair.html")
        return template.render(
            **self.common(1),
            pair=pair_id,
            names=self.pair_name(pair_id),
            roster=self.roster(pair_id),
            place=self.placing_of(pair_id),
            total=self.total_text(pair),
            total_title=self.method.unit,
            percent=percent_text(format_fixed(pair.percent)) if pair.percent is not None else "",
            rows=rows,
            penalty=signed(pair.penalty * self.scale) if pair.penalty else "",
            capped=signed(-pair.capped) if pair.capped else "",
            matches=[
                self.own_match(match, pair_id)
                for match in self.scored.matches
                if pair_id in (match.home, match.away)
            ],
        )

    def own_match(self, match: MatchScore, pair_id: PairId) -> dict[str, Any]:
        home = match.home == pair_id
        return {
            "round": match.session,
            "opponent": self.pair_name(match.away if home else match.home),
            "imps": number(match.home_imps if home else match.away_imps)
            + " – "
            + number(match.away_imps if home else match.home_imps),
            "vp": decimal_text(format_fixed(match.home_vp if home else match.away_vp)),
            "page": site_teams.match_page_name(match),
        }

    def match_page(self, match: MatchScore) -> str:
        boards = []
        for board, home_gain, away_gain in match.boards:
            tables = [
                line
                for scored_board in self.scored.boards_numbered(board)
                if scored_board.session == match.session
                for line in scored_board.results
                if {line.result.ns, line.result.ew} == {match.home, match.away}
            ]
            tables.sort(key=lambda line: line.result.ns != match.home)
            boards.append(
                {
                    "board": board,
                    "tables": [
                        {"outcome": outcome_cells(line.result.outcome, self.ten),
                         "score": signed(line.ns_points) if line.ns_points is not None else ""}
                        for line in tables
                    ],
                    "home": number(home_gain) if home_gain > 0 else "",
                    "away": number(away_gain) if away_gain > 0 else "",
                }
            )  # fmt: skip
        template = self.env.get_template("match.html")
        return template.render(
            **self.common(1),
            match=site_teams.match_row(self.scored, match),
            home_roster=self.roster(match.home),
            away_roster=self.roster(match.away),
            rows=boards,
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
            signed(points) + (f" ×{count}" if count > 1 else "")
            for points, count in sorted(counts.items(), reverse=True)
        ]
        if adjusted:
            parts.append(ngettext("{n} adjusted", "{n} adjusted", adjusted).format(n=adjusted))
        return ", ".join(parts)

    def hand_record_page(self) -> str:
        subtitle = " · ".join(
            part for part in (event_date_text(self.event.date), self.event.site) if part
        )
        return hand_record_html((self.event.board(n) for n in self.board_numbers),
                                title=self.event.name or _("Hand record"),
                                subtitle=subtitle, ten=self.ten)  # fmt: skip

    def render(self, out: Path) -> list[str]:
        folders = [f for f in _FOLDERS if f != "matches" or self.scored.matches]
        for folder in folders:
            (out / folder).mkdir(parents=True, exist_ok=True)
        (out / "index.html").write_text(self.index(), encoding="utf-8")
        for name in ("style.css", "viewer.js"):
            text = self.env.get_template(name).render()
            (out / name).write_text(text, encoding="utf-8")
        for n in self.board_numbers:
            (out / "boards" / f"board-{n}.html").write_text(self.board_page(n), encoding="utf-8")
        for pair_id, pair in self.scored.pairs.items():
            if not pair.entries:
                continue
            (out / "pairs" / f"pair-{pair_id.slug}.html").write_text(
                self.pair_page(pair_id, pair), encoding="utf-8"
            )
        for match in self.scored.matches:
            (out / "matches" / site_teams.match_page_name(match)).write_text(
                self.match_page(match), encoding="utf-8"
            )
        names = [*SITE_FILES, *folders]
        if self.hand_record:
            (out / "handrecord.html").write_text(self.hand_record_page(), encoding="utf-8")
            names.append("handrecord.html")
        return names


def _own_points(line: ScoredResult, side: Side) -> int | None:
    points = line.ns_points
    if points is None:
        return None
    return points if side is Side.NS else -points


def render_site(
    scored: ScoredEvent,
    out_dir: Path,
    *,
    plays: Mapping[PlayKey, BoardRecord] | None = None,
    ten: str = "10",
    analyse: bool = False,
) -> Path:
    """Write the results website of ``scored`` into ``out_dir``; return ``index.html``.

    Args:
        scored: the scored event.
        out_dir: the folder (created if needed).
        plays: the auction and play of traveller lines (see
            :mod:`dupbridge.services.site_plays`), shown by the hand viewer.
        ten: how a ten is written on every page: ``10`` or ``T``.
        analyse: compute the makeable contracts and par of boards whose deal is known and
            whose file did not give them (double dummy; about a second a board).

    The pages are built in a temporary folder beside ``out_dir`` and moved in at the end, so
    a failure never leaves a half-written site over a good one.

    Raises:
        OSError: if the folder cannot be written.
        ValueError: if ``ten`` is not ``10`` or ``T``.
    """
    check_ten(ten)
    if analyse:
        scored = analysed(scored)
    site = _Site(scored, plays or {}, ten)
    return publish_site(out_dir, site.render, stale=("matches", "handrecord.html"))


def analysed(scored: ScoredEvent) -> ScoredEvent:
    """``scored`` with the makeable contracts and par of every board whose deal is known and
    whose file did not give them (double dummy, one batch run of the solver)."""
    boards = dict(scored.event.boards)
    done = analysed_boards(boards)
    if done is boards:
        return scored
    return replace(scored, event=replace(scored.event, boards=done))


def publish_site(
    out_dir: Path, build: Callable[[Path], list[str]], *, stale: Iterable[str] = ()
) -> Path:
    """Build a results site with ``build`` (it writes into the folder it is given and returns
    the names it wrote) in a temporary folder beside ``out_dir``, then move its files in, so
    that a failure never leaves a half-written site over a good one; the names in ``stale``
    that this site does not have are removed (pages of an earlier site). Returns
    ``index.html``.

    Raises:
        OSError: if the folder cannot be written.
    """
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=out_dir.parent, prefix=".site-") as temp:
        built = Path(temp)
        names = build(built)
        _replace_into(built, out_dir, names, stale)
    return out_dir / "index.html"


def _replace_into(built: Path, out_dir: Path, names: Sequence[str], old: Iterable[str]) -> None:
    for name in set(old) - set(names):
        stale = out_dir / name  # a page of an earlier site this one does not have
        if stale.is_dir():
            shutil.rmtree(stale)
        elif stale.exists():
            stale.unlink()
    for name in names:
        target = out_dir / name
        if target.is_dir():
            shutil.rmtree(target)
        elif target.exists():
            target.unlink()
        (built / name).replace(target)


def site_environment() -> Environment:
    """The templates of the results websites (``templates/results``), with the filters and
    the catalogs their pages use."""
    return _environment()
