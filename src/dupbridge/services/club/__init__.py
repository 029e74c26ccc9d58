"""The face-to-face club evening: setup, table-side entry, the Director's scoring desk,
live results, exports and imports (issue 15; see ``docs/club-evening.md``).

* :mod:`~dupbridge.services.club.setup`: the evening's settings, movement and players;
* :mod:`~dupbridge.services.club.evening`: the checks and answers of an evening in memory;
* :mod:`~dupbridge.services.club.service`: the store: results written once, the audit log;
* :mod:`~dupbridge.services.club.results`: rankings, travellers, exports and imports.
"""

from dupbridge.services.club.evening import (
    Checked,
    EntryError,
    Evening,
    Instruction,
    Line,
    RoundEnd,
    Submission,
)
from dupbridge.services.club.service import (
    Accepted,
    ClubService,
    EveningNotFoundError,
    State,
)
from dupbridge.services.club.setup import (
    TEAM_FAMILIES,
    Entry,
    EveningSetup,
    LeadCheck,
    LeadRule,
    SetupError,
    read_players_csv,
)

__all__ = [
    "TEAM_FAMILIES",
    "Accepted",
    "Checked",
    "ClubService",
    "Entry",
    "EntryError",
    "Evening",
    "EveningNotFoundError",
    "EveningSetup",
    "Instruction",
    "LeadCheck",
    "LeadRule",
    "Line",
    "RoundEnd",
    "SetupError",
    "State",
    "Submission",
    "read_players_csv",
]
