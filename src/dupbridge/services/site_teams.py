"""The team pages of the results website: matches, rounds, the cross-table, the VP scale.

A scored team event (:class:`~dupbridge.tournament.event_scoring.ScoredEvent` with
``matches``) gives each match its session (the round), home and away teams, the IMPs each
team won on every board and in all, and the victory points (WBF scale, Law 78D allows the
conversion). From them:

* the rounds: who played whom in each round, IMPs each way and VPs (a Swiss event's pairings
  round by round);
* the cross-table, when every team met every other exactly once (a round robin);
* a page per match: both tables of every board side by side, the IMPs each way, and the
  rosters of the two teams;
* the VP scale of the event's match length.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction
from typing import Any

from dupbridge.i18n import _
from dupbridge.scoring.vp import vp_table
from dupbridge.services.site_format import fixed, number
from dupbridge.tournament.event_scoring import MatchScore, ScoredEvent
from dupbridge.tournament.results import PairId

__all__ = ["cross_table", "match_page_name", "rounds", "vp_scale"]


def match_page_name(match: MatchScore) -> str:
    """The file name of a match's page."""
    return f"match-{match.session}-{match.home.slug}-{match.away.slug}.html"


def _label(scored: ScoredEvent, team: PairId) -> str:
    # A team's first name is the team's own; the others are its players.
    names = scored.event.pair(team).names
    return names[0] if names and names[0] else scored.event.pair(team).label


def match_row(scored: ScoredEvent, match: MatchScore) -> dict[str, Any]:
    """One match as the pages list it."""
    return {
        "session": match.session,
        "home": _label(scored, match.home),
        "away": _label(scored, match.away),
        "home_id": str(match.home),
        "away_id": str(match.away),
        "home_slug": match.home.slug,
        "away_slug": match.away.slug,
        "home_imps": number(match.home_imps),
        "away_imps": number(match.away_imps),
        "home_vp": fixed(match.home_vp),
        "away_vp": fixed(match.away_vp),
        "boards": len(match.boards),
        "page": match_page_name(match),
    }


def rounds(scored: ScoredEvent) -> list[dict[str, Any]]:
    """The matches round by round (a Swiss event's pairings), in table order, each round
    with the teams' victory points so far, best first (what a Swiss event pairs on next)."""
    by_round: dict[int, list[MatchScore]] = defaultdict(list)
    for match in scored.matches:
        by_round[match.session].append(match)
    totals: dict[PairId, Fraction] = defaultdict(Fraction)
    result = []
    for session, matches in sorted(by_round.items()):
        for match in matches:
            totals[match.home] += match.home_vp
            totals[match.away] += match.away_vp
        standing = sorted(totals.items(), key=lambda item: (-item[1], item[0].sort_key))
        result.append(
            {
                "round": session,
                "matches": [match_row(scored, match) for match in matches],
                "standing": [
                    {"id": str(team), "name": _label(scored, team), "vp": fixed(vp)}
                    for team, vp in standing
                ],
            }
        )
    return result


def cross_table(scored: ScoredEvent) -> dict[str, Any] | None:
    """The round robin's cross-table (VPs of the row team against the column team, and the
    IMPs), or None when the teams did not each meet every other exactly once."""
    teams = sorted({team for m in scored.matches for team in (m.home, m.away)},
                   key=lambda team: team.sort_key)  # fmt: skip
    if len(teams) < 3:
        return None
    met: Counter[frozenset[PairId]] = Counter(frozenset((m.home, m.away)) for m in scored.matches)
    if len(met) != len(teams) * (len(teams) - 1) // 2 or any(n != 1 for n in met.values()):
        return None
    cells: dict[tuple[PairId, PairId], tuple[str, str, str]] = {}
    for m in scored.matches:
        page = match_page_name(m)
        cells[m.home, m.away] = (fixed(m.home_vp),
                                 f"{number(m.home_imps)}–{number(m.away_imps)}", page)  # fmt: skip
        cells[m.away, m.home] = (fixed(m.away_vp),
                                 f"{number(m.away_imps)}–{number(m.home_imps)}", page)  # fmt: skip
    totals = {
        team: scored.pairs[team].total if team in scored.pairs else Fraction(0) for team in teams
    }

    def cell(row: PairId, column: PairId) -> dict[str, str] | None:
        if row == column:
            return None
        vp, imps, page = cells[row, column]
        return {"vp": vp, "imps": imps, "page": page}

    return {
        "teams": [
            {"id": str(team), "slug": team.slug, "name": _label(scored, team)} for team in teams
        ],
        "rows": [
            {
                "id": str(row),
                "slug": row.slug,
                "name": _label(scored, row),
                "cells": [cell(row, column) for column in teams],
                "total": number(totals[row]),
            }
            for row in teams
        ],
    }


def vp_scale(scored: ScoredEvent) -> dict[str, Any] | None:
    """The WBF VP scale for the event's (most common) match length: winner's and loser's VPs
    by IMP margin, in rows of margins."""
    if not scored.matches:
        return None
    lengths = Counter(len(match.boards) for match in scored.matches if match.boards)
    if not lengths:
        return None
    boards = lengths.most_common(1)[0][0]
    table = vp_table(boards)
    rows = [
        {"margin": str(margin) if margin < len(table) - 1 else f"{margin}+",
         "winner": fixed(value), "loser": fixed(20 - value)}
        for margin, value in enumerate(table)
    ]  # fmt: skip
    return {"boards": boards, "rows": rows,
            "title": _("VP scale for {n} boards (WBF)").format(n=boards)}  # fmt: skip
