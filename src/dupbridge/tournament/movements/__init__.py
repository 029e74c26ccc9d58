"""Movements and pairings: who plays where, with which boards, round by round (Law 8).

Generators (:func:`mitchell`, :func:`howell`, team and individual movements), importers of
the open movement libraries (KoPS, bridgescorer), dupbridge's own file format and
Bridgemate-style RoundData CSV, the validator, and guide and table cards. See
``docs/movements.md``.
"""

from dupbridge.tournament.movements.errors import (
    FileProblem,
    MovementError,
    MovementFileError,
    ResultNotInMovementError,
)
from dupbridge.tournament.movements.mitchell import mitchell
from dupbridge.tournament.movements.model import (
    BoardPlay,
    Entrant,
    Field,
    Kind,
    Movement,
    Place,
    Row,
    SetPlace,
)
from dupbridge.tournament.movements.validate import Problem, Report, validate

__all__ = [
    "BoardPlay",
    "Entrant",
    "Field",
    "FileProblem",
    "Kind",
    "Movement",
    "MovementError",
    "MovementFileError",
    "Place",
    "Problem",
    "Report",
    "ResultNotInMovementError",
    "Row",
    "SetPlace",
    "mitchell",
    "validate",
]
