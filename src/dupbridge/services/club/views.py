"""What a table's device shows, as JSON-ready values: the round it is in, its boards (done
or not), who sits where, and at the end of the round where everyone and the boards go."""

from __future__ import annotations

import json
from typing import Any

from dupbridge.core.seats import Side
from dupbridge.i18n import _
from dupbridge.services.club.evening import Evening, RoundEnd
from dupbridge.tournament.movements import Entrant
from dupbridge.tournament.results import BoardInfo

__all__ = ["audit_text", "pair_label", "round_end_view", "table_view"]


def pair_label(evening: Evening, entrant: Entrant) -> str:
    """``"Pair 3: Ann Smith – Bob Jones"`` (or the bare pair when no names were entered)."""
    entry = evening.setup.entry(entrant)
    if evening.setup.teams:
        pair = _("Team {team}").format(team=entrant)
    else:
        pair = _("Pair {pair}").format(pair=entrant)
    if entry is None or not entry.names:
        return pair
    return f"{pair}: {' – '.join(entry.names)}"


def round_end_view(evening: Evening, end: RoundEnd) -> dict[str, Any]:
    """The end of a round as the page shows it."""
    return {
        "round": end.round,
        "last": end.last,
        "pairs": [
            {"pair": pair_label(evening, item.pair), "text": item.text, "table": item.table,
             "side": None if item.side is None else item.side.name, "sits_out": item.sits_out}
            for item in end.pairs
        ],
        "boards": end.boards,
        "boards_by": end.boards_by.title,
        "boards_text": _("{seat}: {boards}").format(seat=end.boards_by.title, boards=end.boards),
    }  # fmt: skip


def table_view(evening: Evening, table: int) -> dict[str, Any]:
    """The whole evening of ``table``: every round's boards (entered or not), who sits where
    and where everyone goes after it, so that the page works on while offline; ``round``
    is the first round with a board to enter (None when all are entered)."""
    movement = evening.movement
    if table not in movement.tables:
        return {
            "table": table,
            "error": _("there is no table {table} in this movement").format(table=table),
        }
    rounds = []
    for round in movement.round_numbers:
        boards = evening.boards_at(round, table)
        item: dict[str, Any] = {
            "round": round,
            "boards": [
                {"board": board, "done": (round, table, board) in evening.lines,
                 "vulnerability": _vulnerability(evening, board)}
                for board in boards
            ],
            "end": round_end_view(evening, evening.round_end(round, table)),
        }  # fmt: skip
        if boards:
            ns, ew = evening.seated(round, table)
            item["ns"], item["ew"] = pair_label(evening, ns), pair_label(evening, ew)
        else:
            item["ns"] = item["ew"] = ""
            item["sit_out"] = _("no play at this table this round")
        rounds.append(item)
    return {
        "table": table,
        "lead": str(evening.setup.lead),
        "round": evening.current_round(table),
        "rounds": rounds,
    }


def _vulnerability(evening: Evening, board: int) -> str:
    info = evening.boards.get(board)
    vulnerability = (info or BoardInfo.numbered(board)).vulnerability
    ns = vulnerability.is_vulnerable(Side.NS)
    ew = vulnerability.is_vulnerable(Side.EW)
    if ns and ew:
        return _("All vulnerable")
    if ns:
        return _("N-S vulnerable")
    if ew:
        return _("E-W vulnerable")
    return _("None vulnerable")


def audit_text(stored: str | None) -> str:
    """An audit row's line (JSON) in words: ``"NS 10 v EW 1: 3NTX E = lead SQ, form A"``."""
    if not stored:
        return ""
    try:
        line = json.loads(stored)
    except ValueError:
        return stored
    result = " ".join(
        part for part in (line.get("contract", ""), line.get("declarer", ""),
                          line.get("result", "")) if part
    )  # fmt: skip
    text = _("NS {ns} v EW {ew}: {result}").format(
        ns=line.get("ns", "?"), ew=line.get("ew", "?"), result=result
    )
    if line.get("lead"):
        text += " " + _("lead {card}").format(card=line["lead"])
    if line.get("group"):
        text += ", " + _("form {group}").format(group=line["group"])
    return text
