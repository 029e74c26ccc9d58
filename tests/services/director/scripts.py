"""Scripting the ruling assistant from a scenario record (tests/rulings/records/): each
action becomes the step a Director would take on the assistant."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

RECORDS = Path(__file__).parents[2] / "rulings" / "records"
SCENARIOS = sorted(RECORDS.glob("*.json"))


#: The scenarios of SPEC sections 6.1 (auction) and 6.2 (play) and the rest of the records.
def _in_spec(path: Path) -> bool:
    data = json.loads(path.read_text(encoding="utf-8"))
    return bool(data.get("spec_row") or data.get("spec_play_row"))


SPEC_SCENARIOS = [path for path in SCENARIOS if _in_spec(path)]


def scenario(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def start_fields(record: dict[str, Any]) -> dict[str, Any]:
    """The fields the Director types or picks to open the ruling."""
    fields = {"board": record["board"], "deal": record["deal"], "edition": record["edition"]}
    for key in ("dealer", "vulnerability", "profile"):
        if key in record:
            fields[key] = record[key]
    return fields


def step_of(action: dict[str, Any]) -> tuple[str, Any]:
    """The assistant's step for a record action: a player's choice, the Director's yes or
    no, or an action taken down as it happened."""
    if "choose" in action:
        return "choose", action["choose"]["option"]
    answers = action.get("director")
    if isinstance(answers, dict) and len(answers) == 1:
        ((key, value),) = answers.items()
        if isinstance(value, bool) and key not in ("score_stands",):
            return "answer", value
    return "act", action


def comparable(state: dict[str, Any]) -> dict[str, Any]:
    """The final state without the Director's name and time stamped by the assistant."""
    state = json.loads(json.dumps(state))
    for ruling in state.get("rulings", []):
        ruling.pop("director", None)
        ruling.pop("time", None)
    return state


def role_cookie(secret: str, role: str, name: str = "A. Director") -> str:
    """The signed cookie of a principal with ``role`` (web tests)."""
    from dupbridge.services.access import Principal, Role
    from dupbridge.web.identity import PrincipalCookies

    number = 3 if role in ("player", "table") else None
    session = "s1" if role in ("player", "table", "kibitzer") else None
    principal = Principal(Role(role), name, session_id=session, number=number)
    return PrincipalCookies(secret).dump(principal)
