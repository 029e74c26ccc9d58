"""Scoring a whole event: every traveller by the chosen Law 78 method, totals and rankings.

:func:`score_event` takes an :class:`~dupbridge.tournament.results.Event` and
:class:`ScoringOptions` and returns a :class:`ScoredEvent`:

* pairs events (:mod:`dupbridge.tournament.pairs_scoring`): matchpoints (Law 78A, factored
  to the session's top), Butler (IMPs against a datum), cross-IMPs, or total points (Law
  78C); each board is scored within its section unless ``across_sections``; artificial
  adjusted scores (Law 12C2) get their percentage or IMPs, with the session override of
  12C2(c) computed from the pair's other boards; a sit-out is not a missing result;
* team events (:mod:`dupbridge.tournament.teams_scoring`): each board of a match compares
  its two tables (Law 78B IMPs, or total points); matches convert to VPs on the WBF scale;
* rankings per field (:mod:`dupbridge.tournament.event_ranking`): a section, or each line of
  a Mitchell, ties shared, an optional tie-break (Swedish Law 95); several sessions add up
  after scaling to a common top per board (Swedish Law 97).

Everything is exact (integers over a common denominator, fractions when asked for); only
pages round for display. The result types live in :mod:`dupbridge.tournament.scored` and
are importable from here.
"""

from __future__ import annotations

from dupbridge.tournament.bulk import paused_gc
from dupbridge.tournament.pairs_scoring import score_pairs
from dupbridge.tournament.results import Event
from dupbridge.tournament.scored import (
    BoardScore,
    Field,
    MatchScore,
    Method,
    PairScore,
    ScoredEvent,
    ScoredResult,
    ScoringOptions,
    TieBreakRule,
)
from dupbridge.tournament.teams_scoring import score_teams

__all__ = [
    "DEFAULT_OPTIONS",
    "BoardScore",
    "Field",
    "MatchScore",
    "Method",
    "PairScore",
    "ScoredEvent",
    "ScoredResult",
    "ScoringOptions",
    "TieBreakRule",
    "score_event",
]


#: The options :func:`score_event` uses when given none (matchpoints, Neuberg, ...).
DEFAULT_OPTIONS = ScoringOptions()


def score_event(event: Event, options: ScoringOptions = DEFAULT_OPTIONS) -> ScoredEvent:
    """Score every board of ``event`` and rank its fields.

    Raises:
        ResultsError: listing every result that cannot be scored this way (an adjusted
            score in the wrong unit, a team board without its other table, ...).
    """
    with paused_gc():  # tens of thousands of scored lines, none in a cycle
        if options.method.teams:
            return score_teams(event, options)
        return score_pairs(event, options)
