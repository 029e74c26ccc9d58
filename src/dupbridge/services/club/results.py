"""What an evening's results look like to people and to other programs.

* :func:`ranking` and :func:`traveller`, :func:`score_card`: the rows of the live pages,
  computed by the scoring library on the evening's event (Law 78), so that the ranking the
  room sees is the one ``dupbridge score`` gives on the exported travellers;
* exports: the travellers CSV, USEBIO 1.2 and PBN (with each board's ScoreTable), and the
  results website (:mod:`dupbridge.services.results_site`) as a zip file;
* :func:`read_results`: results from a travellers CSV, a USEBIO or a PBN file, placed in the
  evening's movement (each line's round and table found from its board and pairs).
"""

from __future__ import annotations

import io
import tempfile
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from dupbridge.core.errors import DupbridgeError
from dupbridge.core.seats import Side
from dupbridge.formats import pbn, usebio
from dupbridge.formats.pbn_events import event_from_games, results_games
from dupbridge.formats.problems import FormatError
from dupbridge.i18n import _
from dupbridge.i18n.formats import decimal_text
from dupbridge.scoring.rounding import format_fixed
from dupbridge.services.club.evening import Evening, Line
from dupbridge.services.event_results import publish
from dupbridge.tournament import travellers
from dupbridge.tournament.event_scoring import ScoredEvent
from dupbridge.tournament.movements import ResultNotInMovementError
from dupbridge.tournament.results import Event, PairId, Played

__all__ = [
    "RankRow",
    "TravellerRow",
    "pbn_text",
    "ranking",
    "read_results",
    "site_zip",
    "traveller",
    "travellers_csv",
    "usebio_xml",
]


@dataclass(frozen=True)
class RankRow:
    """One line of a ranking: place, pair, names, total and percentage (as shown)."""

    field: str
    place: str
    pair: str
    names: str
    total: str
    percent: str
    boards: int


@dataclass(frozen=True)
class TravellerRow:
    """One line of a traveller as shown: who, the contract, the score and the points."""

    round: int | None
    table: int | None
    ns: str
    ew: str
    contract: str
    declarer: str
    lead: str
    result: str
    ns_score: str
    ns_points: str
    ew_points: str
    group: str


def _value(scored: ScoredEvent, value: Fraction) -> str:
    """A total written the active language's way (``12.5``, Polish ``12,5``)."""
    if scored.options.method.in_imps:
        return decimal_text(format_fixed(value, 2))
    scaled = value * scored.options.scale.factor
    return decimal_text(format_fixed(scaled, 1 if value.denominator > 1 else 0))


def ranking(evening: Evening) -> list[RankRow]:
    """The ranking so far, field by field (empty before the first result)."""
    scored = evening.scored()
    if scored is None:
        return []
    rows = []
    event = evening.event()
    for field in scored.fields:
        for placing, pair in field.placings:
            percent = pair.percent
            names = event.pair(placing.key).names
            if names:
                label = " – ".join(names)
            elif event.teams:
                label = _("Team {team}").format(team=placing.key)
            else:
                label = _("Pair {pair}").format(pair=placing.key)
            rows.append(
                RankRow(
                    field.title,
                    placing.label,
                    str(placing.key),
                    label,
                    _value(scored, pair.total),
                    "" if percent is None else decimal_text(format_fixed(percent, 2)),
                    pair.boards_played,
                )
            )
    return rows


def line_points(evening: Evening) -> dict[tuple[int, int, int], tuple[str, str, str]]:
    """Each stored line's NS score and the points of each side so far, by ``(round, table,
    board)`` (one scoring of the whole evening)."""
    scored = evening.scored()
    if scored is None:
        return {}
    found = {}
    for board_score in scored.boards:
        for line in board_score.results:
            result = line.result
            found[(result.round or 0, result.table or 0, result.board)] = (
                "" if line.ns_points is None else str(line.ns_points),
                _value(scored, line.value(Side.NS)),
                _value(scored, line.value(Side.EW)),
            )
    return found


def traveller(evening: Evening, board: int) -> list[TravellerRow]:
    """Board ``board``'s traveller with each line's score and points so far."""
    scored = evening.scored()
    if scored is None:
        return []
    rows = []
    for board_score in scored.boards_numbered(board):
        for line in board_score.results:
            result = line.result
            outcome = result.outcome
            contract = declarer = lead = made = ""
            if isinstance(outcome, Played) and outcome.contract is not None:
                contract = outcome.contract.to_str(declarer=False)
                declarer = outcome.contract.declarer.letter if outcome.contract.declarer else ""
                made = outcome.result_text
                lead = str(outcome.lead) if outcome.lead is not None else ""
            else:
                contract = str(outcome)
            stored = evening.lines.get((result.round or 0, result.table or 0, board))
            if stored is not None and stored.cells.get("lead"):
                lead = stored.cells["lead"]
            rows.append(
                TravellerRow(
                    result.round, result.table, str(result.ns), str(result.ew), contract,
                    declarer, lead, made,
                    "" if line.ns_points is None else str(line.ns_points),
                    _value(scored, line.value(Side.NS)), _value(scored, line.value(Side.EW)),
                    result.group or "",
                )
            )  # fmt: skip
    rows.sort(key=lambda row: (row.round or 0, row.table or 0))
    return rows


def score_card(evening: Evening, pair: PairId) -> list[tuple[int, str, TravellerRow]]:
    """The boards ``pair`` played: ``(board, side, line)`` in round order."""
    card = []
    for board in evening.movement.boards:
        for row in traveller(evening, board):
            if row.ns == str(pair):
                card.append((board, "NS", row))
            elif row.ew == str(pair):
                card.append((board, "EW", row))
    card.sort(key=lambda item: (item[2].round or 0, item[0]))
    return card


# -- exports -------------------------------------------------------------------------------


def travellers_csv(evening: Evening) -> str:
    """Every result as travellers CSV (``dupbridge score`` reads it)."""
    return travellers.dumps(evening.event())


def _scored(evening: Evening) -> ScoredEvent:
    scored = evening.scored()
    if scored is None:
        raise DupbridgeError(_("no results yet: nothing to export"))
    return scored


def usebio_xml(evening: Evening) -> str:
    """The scored evening as USEBIO 1.2."""
    return usebio.dumps(_scored(evening))


def pbn_text(evening: Evening) -> str:
    """The scored evening as PBN: every board with its ScoreTable, the TotalScoreTable."""
    return pbn.dumps(results_games(_scored(evening)))


def site_zip(evening: Evening) -> bytes:
    """The results website (ranking, travellers, score cards, PBN, USEBIO) as a zip."""
    scored = _scored(evening)
    out = io.BytesIO()
    with tempfile.TemporaryDirectory(prefix="dupbridge-club-") as folder:
        publish(scored, Path(folder), analyse=False)
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
            for path in sorted(Path(folder).rglob("*")):
                if path.is_file() and not path.name.startswith(".tmp-"):
                    archive.write(path, path.relative_to(folder).as_posix())
    return out.getvalue()


# -- imports -------------------------------------------------------------------------------


def read_results(evening: Evening, name: str, data: bytes) -> tuple[list[Line], list[str]]:
    """The results of a travellers CSV (``.csv``), USEBIO (``.xml``) or PBN (``.pbn``) file,
    each placed in the evening's movement; and every problem, located (``FILE:LINE``).

    A line whose pairs did not meet on that board in this movement is a problem, not a
    guess. Adjusted and weighted scores are kept as the file gives them.
    """
    suffix = Path(name).suffix.lower()
    problems: list[str] = []
    try:
        if suffix == ".csv":
            read = travellers.loads(
                data.decode("utf-8-sig", errors="replace"), name, mitchell=evening.setup.mitchell
            )
            event, found = read.event, list(read.problems)
        elif suffix == ".xml":
            usebio_read = usebio.loads(data, name)
            event, found = usebio_read.event, list(usebio_read.problems)
        elif suffix == ".pbn":
            pbn_read = event_from_games(
                pbn.loads(data, source=name), name, mitchell=evening.setup.mitchell
            )
            event, found = pbn_read.event, list(pbn_read.problems)
        else:
            return [], [
                _("{name}: unknown kind of results file (expected .csv, .xml or .pbn)").format(
                    name=name
                )
            ]
    except (FormatError, DupbridgeError) as error:
        return [], [str(error)]
    problems.extend(str(problem) for problem in found if not problem.warning)
    return _placed(evening, event, problems), problems


def _placed(evening: Evening, event: Event, problems: list[str]) -> list[Line]:
    lines: list[Line] = []
    movement = evening.movement
    for result in event.results:
        where = f"{result.location}: " if result.location is not None else ""
        try:
            play = movement.check_result(
                result.board, result.ns, result.ew, round=result.round, table=result.table
            )
        except ResultNotInMovementError as error:
            problems.append(f"{where}{error}")
            continue
        outcome = result.outcome
        if isinstance(outcome, Played):
            if outcome.contract is not None:
                assert outcome.contract.declarer is not None
                cells = {
                    "contract": outcome.contract.to_str(declarer=False),
                    "declarer": outcome.contract.declarer.letter,
                    "result": str(outcome.tricks),
                    "lead": str(outcome.lead) if outcome.lead is not None else "",
                }
            elif outcome.passed_out:
                cells = {"contract": "PASS", "declarer": "", "result": "", "lead": ""}
            else:
                problems.append(
                    _("{where}board {board}: a score without its contract cannot be stored "
                      "here").format(where=where, board=result.board)
                )  # fmt: skip
                continue
        else:
            cells = {"contract": str(outcome), "declarer": "", "result": "", "lead": ""}
        ns, ew = play.seats[0], play.seats[1]
        lines.append(
            Line(play.round, play.table, result.board, ns, ew, cells, result.group, by="import")
        )
    return lines


def placements(rows: Sequence[RankRow]) -> dict[str, str]:
    """Each pair's place, from :func:`ranking`'s rows."""
    return {row.pair: row.place for row in rows}
