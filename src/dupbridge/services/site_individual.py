"""The results website of an individual event (Law 4: each player scores alone).

:func:`render_individual_site` writes, into one folder, pages like those of a pairs event
(:mod:`dupbridge.services.results_site`) but by player:

* ``index.html``: the ranking by player (place, number, name, boards, matchpoints and
  percentage) and the list of boards;
* ``boards/board-N.html`` for every board: the hand diagram, makeable contracts and par, and
  the traveller, each line with the four players who sat North, East, South and West at it
  (four different players at every table), their score and matchpoints, and the auction and
  play when known;
* ``players/player-N.html`` for every player: his score card, board by board with his seat,
  his partner and his opponents of that round, his score and matchpoints (Law 12C3: a
  side's score is both its members'; an artificial score may be the player's own, Law
  12C2(c));
* ``handrecord.html`` (when the deals are known), ``style.css`` and ``viewer.js``.

Names are escaped by Jinja2's autoescaping, and every text goes through the catalogs.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from dupbridge.analysis.notation import check_ten
from dupbridge.core.seats import Seat
from dupbridge.core.written import seat_text
from dupbridge.formats.individual import SEAT_ORDER, IndividualEvent, IndividualLine
from dupbridge.formats.records import BoardRecord
from dupbridge.i18n import _, get_language
from dupbridge.scoring.rounding import format_fixed
from dupbridge.services.results_site import publish_site, site_environment
from dupbridge.services.site_format import (
    board_head,
    hand_record_html,
    number,
    outcome_cells,
    signed,
)
from dupbridge.services.site_plays import viewer_data

__all__ = ["LineKey", "render_individual_site"]

#: A traveller line of an individual event: its board, round and table.
LineKey = tuple[int, int, int]

_NAMES = ("index.html", "style.css", "viewer.js", "boards", "players")


def line_key(line: IndividualLine) -> LineKey:
    """The key of a line's auction and play: (board, round, table)."""
    return (line.board, line.round or 0, line.table or 0)


class _IndividualSite:
    def __init__(
        self, event: IndividualEvent, plays: Mapping[LineKey, BoardRecord], ten: str
    ) -> None:
        self.event = event
        self.plays = plays
        self.ten = ten
        self.env = site_environment()
        self.board_numbers = sorted({line.board for line in event.lines})
        self.hand_record = any(event.board(n).deal is not None for n in self.board_numbers)

    def common(self, depth: int) -> dict[str, Any]:
        event = self.event
        return {
            "lang": get_language(),
            "root": "../" * depth,
            "event_name": event.name or _("Results"),
            "event_date": event.date,
            "event_site": event.site,
            "method_title": _("Individual, matchpoints"),
            "top": "",
            "boards": self.board_numbers,
            "hand_record": self.hand_record,
        }

    def player_cell(self, player: int) -> dict[str, Any]:
        return {"number": player, "name": self.event.name_of(player)}

    def side_value(self, line: IndividualLine, first: Seat, percent: bool) -> str:
        # A side's value; the two members' own when they differ (Law 12C2(c)).
        values = []
        for seat in (first, first.partner):
            value = line.percent_of(seat) if percent else line.points_of(seat)
            values.append(
                "" if value is None else (format_fixed(value) if percent else number(value))
            )
        return values[0] if values[0] == values[1] else " / ".join(values)

    def index(self) -> str:
        rows = [
            {
                "place": standing.place,
                "player": standing.player,
                "name": self.event.name_of(standing.player),
                "boards": standing.boards,
                "total": number(standing.matchpoints),
                "percent": format_fixed(standing.percent),
            }
            for standing in self.event.standings
        ]
        return self.env.get_template("individual_index.html").render(**self.common(0), rows=rows)

    def board_page(self, board: int) -> str:
        info = self.event.board(board)
        lines = sorted(
            (line for line in self.event.lines if line.board == board),
            key=lambda line: (line.round or 0, line.table or 0),
        )
        rows = []
        for position, line in enumerate(lines, start=1):
            points = self.event.ns_points(line)
            record = self.plays.get(line_key(line))
            rows.append(
                {
                    "table": line.table or "",
                    "round": line.round or "",
                    "players": [self.player_cell(line.player(seat)) for seat in SEAT_ORDER],
                    "outcome": outcome_cells(line.outcome, self.ten),
                    "ns_points": str(points) if points is not None and points > 0 else "",
                    "ew_points": str(-points) if points is not None and points < 0 else "",
                    "zero": points == 0,
                    "ns_value": self.side_value(line, Seat.N, percent=False),
                    "ew_value": self.side_value(line, Seat.E, percent=False),
                    "ns_percent": self.side_value(line, Seat.N, percent=True),
                    "ew_percent": self.side_value(line, Seat.E, percent=True),
                    "viewer": viewer_data(record, f"play-{position}", ten=self.ten)
                    if record is not None
                    else None,
                }
            )
        tops = {line.top for line in lines if line.top is not None}
        return self.env.get_template("individual_board.html").render(
            **self.common(1),
            **board_head(info, board, self.board_numbers, self.ten),
            rows=rows,
            board_top=number(max(tops)) if tops else "",
            viewers=[row["viewer"] for row in rows if row["viewer"]],
        )

    def player_page(self, player: int) -> str:
        rows = []
        mine = [line for line in self.event.lines if line.seat_of(player) is not None]
        for line in sorted(mine, key=lambda line: (line.round or 0, line.board)):
            seat = line.seat_of(player)
            assert seat is not None
            points = self.event.ns_points(line)
            own = None if points is None else (points if seat in (Seat.N, Seat.S) else -points)
            percent = line.percent_of(seat)
            rows.append(
                {
                    "board": line.board,
                    "round": line.round or "",
                    "seat": seat_text(seat),
                    "partner": self.player_cell(line.player(seat.partner)),
                    "opponents": [
                        self.player_cell(line.player(seat.lho)),
                        self.player_cell(line.player(seat.rho)),
                    ],
                    "outcome": outcome_cells(line.outcome, self.ten),
                    "points": signed(own),
                    "value": number(line.points_of(seat)),
                    "percent": "" if percent is None else format_fixed(percent),
                }
            )
        standing = self.event.standing(player)
        return self.env.get_template("individual_player.html").render(
            **self.common(1),
            player=player,
            name=self.event.name_of(player),
            place=standing.place if standing else "",
            total=number(standing.matchpoints) if standing else "",
            percent=format_fixed(standing.percent) if standing else "",
            rows=rows,
        )

    def hand_record_page(self) -> str:
        subtitle = " · ".join(part for part in (self.event.date, self.event.site) if part)
        return hand_record_html((self.event.board(n) for n in self.board_numbers),
                                title=self.event.name or _("Hand record"),
                                subtitle=subtitle, ten=self.ten)  # fmt: skip

    def render(self, out: Path) -> list[str]:
        for folder in ("boards", "players"):
            (out / folder).mkdir(parents=True, exist_ok=True)
        (out / "index.html").write_text(self.index(), encoding="utf-8")
        for name in ("style.css", "viewer.js"):
            (out / name).write_text(self.env.get_template(name).render(), encoding="utf-8")
        for n in self.board_numbers:
            (out / "boards" / f"board-{n}.html").write_text(self.board_page(n), encoding="utf-8")
        played = sorted({player for line in self.event.lines for player in line.players})
        for player in played:
            (out / "players" / f"player-{player}.html").write_text(
                self.player_page(player), encoding="utf-8"
            )
        names = list(_NAMES)
        if self.hand_record:
            (out / "handrecord.html").write_text(self.hand_record_page(), encoding="utf-8")
            names.append("handrecord.html")
        return names


def render_individual_site(
    event: IndividualEvent,
    out_dir: Path,
    *,
    plays: Mapping[LineKey, BoardRecord] | None = None,
    ten: str = "10",
) -> Path:
    """Write the results website of an individual event into ``out_dir``; return
    ``index.html``. ``plays`` are the auction and play of lines, by (board, round, table).

    The pages are built in a temporary folder beside ``out_dir`` and moved in at the end, so
    a failure never leaves a half-written site over a good one.

    Raises:
        OSError: if the folder cannot be written.
        ValueError: if ``ten`` is not ``10`` or ``T``.
    """
    check_ten(ten)
    return publish_site(out_dir, _IndividualSite(event, plays or {}, ten).render)
