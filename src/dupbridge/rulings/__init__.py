"""The Director's Laws engine: irregularity -> options -> rectification -> ruling record.

``rulebook_for(edition, profile)`` gives the rules of rectification a recording-mode
:class:`~dupbridge.core.table.Table` consults (docs/rulings.md); ``rulings_of(table)`` reads
its rulings back from the event log; :mod:`dupbridge.rulings.adjust` holds Law 12 adjusted
scores.
"""

from __future__ import annotations

from dupbridge.rulings.adjust import (
    AdjustedScore,
    AdjustedScoreError,
    AssignedResult,
    parse_adjusted,
)
from dupbridge.rulings.engine import RulingsEngine, rulebook_for
from dupbridge.rulings.irregularities import IRREGULARITIES, IrregularityKind, describe
from dupbridge.rulings.ruling import Decision, Ruling, rulings_of

__all__ = [
    "IRREGULARITIES",
    "AdjustedScore",
    "AdjustedScoreError",
    "AssignedResult",
    "Decision",
    "IrregularityKind",
    "Ruling",
    "RulingsEngine",
    "describe",
    "parse_adjusted",
    "rulebook_for",
    "rulings_of",
]
