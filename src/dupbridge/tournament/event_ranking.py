"""Rankings of a scored event: its fields (a section, a line of a Mitchell) and tie-breaks.

Equal totals share a place; matchpoint events rank on each pair's percentage of its own tops,
IMP events on the total; phantoms (and pairs with nothing scored) take no place. The optional
tie-break is Swedish Law 95's: board by board at matchpoints, IMPs won ÷ IMPs lost at teams.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from fractions import Fraction

from dupbridge.core.seats import Side
from dupbridge.i18n import _
from dupbridge.scoring.ranking import (
    TieBreak,
    quotient_tiebreak,
    rank,
    swedish_matchpoint_tiebreak,
)
from dupbridge.tournament.results import Event, PairId
from dupbridge.tournament.scored import Field, Method, PairScore, ScoringOptions, TieBreakRule

__all__ = ["rank_fields", "tie_break"]


def _field_groups(
    event: Event, pairs: Mapping[PairId, PairScore], options: ScoringOptions
) -> dict[tuple[str, Side | None], list[PairId]]:
    groups: dict[tuple[str, Side | None], list[PairId]] = defaultdict(list)
    for pair_id in pairs:
        section = "" if options.across_sections else pair_id.section
        line = pair_id.line if event.mitchell else None
        groups[section, line].append(pair_id)
    return groups


def _field_title(section: str, line: Side | None, many: bool) -> str:
    if line is not None and section:
        return _("Section {section}, {line}").format(section=section, line=line.name)
    if line is not None:
        return _("North-South") if line is Side.NS else _("East-West")
    if section and many:
        return _("Section {section}").format(section=section)
    return _("Ranking")


def rank_fields(
    event: Event, pairs: Mapping[PairId, PairScore], options: ScoringOptions
) -> tuple[Field, ...]:
    """Rank every field of the event: each section apart unless scored across sections, and
    in a Mitchell NS and EW apart; phantoms and pairs with nothing scored take no place."""
    groups = _field_groups(event, pairs, options)
    fields: list[Field] = []
    for (section, line), members in sorted(
        groups.items(), key=lambda item: (item[0][0], -1 if item[0][1] is None else item[0][1])
    ):
        active = [
            pid
            for pid in members
            if (pairs[pid].entries or pairs[pid].penalty) and pid not in event.phantoms
        ]
        totals: dict[PairId, Fraction] = {}
        for pid in active:
            score = pairs[pid]
            share = score.percent
            totals[pid] = share if share is not None else score.total
        breaker = tie_break(pairs, options)
        placings = rank(totals, breaker, order=lambda pid: pid.sort_key)
        fields.append(
            Field(
                _field_title(section, line, len(groups) > 1),
                section,
                line,
                tuple((placing, pairs[placing.key]) for placing in placings),
            )
        )
    return tuple(fields)


def tie_break(
    pairs: Mapping[PairId, PairScore], options: ScoringOptions
) -> TieBreak[PairId] | None:
    """The tie-break the options ask for (Swedish Law 95), or None to share tied places."""
    if options.tie_break is TieBreakRule.NONE:
        return None
    if options.method.teams:
        return quotient_tiebreak(
            {pid: score.won for pid, score in pairs.items()},
            {pid: score.lost for pid, score in pairs.items()},
        )
    board_scores: dict[PairId, dict[int, Fraction]] = {}
    for pid, score in pairs.items():
        board_scores[pid] = {}
        for line, side in score.entries:
            value = line.percent_of(side)
            board_scores[pid][line.result.board] = value if value is not None else line.value(side)
    average = Fraction(50) if options.method is Method.MATCHPOINTS else Fraction(0)
    return swedish_matchpoint_tiebreak(board_scores, average)
