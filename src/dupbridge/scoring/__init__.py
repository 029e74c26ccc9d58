"""Scoring: Law 77 contract scores and Law 78 methods, as pure functions."""

from dupbridge.scoring.contract_score import ScoreError, score, trick_score, undertrick_penalty
from dupbridge.scoring.imps import IMP_THRESHOLDS, imps

__all__ = ["IMP_THRESHOLDS", "ScoreError", "imps", "score", "trick_score", "undertrick_penalty"]
