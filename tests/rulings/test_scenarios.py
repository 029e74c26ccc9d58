"""Scenario tests: every row of SPEC §6.1 and §6.2 and every exception of Law 64B, in both
editions where they differ, and more, as table records.

Each file in ``tests/rulings/records/`` is a table record (docs/table-records.md) with the law
it exercises, a paraphrase of what the law text requires (``why``), and the state expected
after the ruling (``expect``, a subset of ``dupbridge replay --json``), perhaps with
``checkpoints`` after the first *n* actions. Expectations come from the law text, not from the
program's output. Matching: a dict matches a dict holding at least its keys; a list matches a
list of the same length item by item; ``{"$contains": [...]}`` every listed item is present,
``{"$first": [...]}`` the list starts so, ``{"$len": n}`` its length, ``{"$has": "text"}`` a
string contains it, ``{"$any": {...}}`` some item matches. ``laws_cited`` is the set of law
codes in all rulings; ``laws_not_cited`` and ``legal_calls_exclude`` list what must be absent.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dupbridge.rulings.solver import ExhaustiveSolver
from dupbridge.services.records import run_record, state_json

RECORDS = Path(__file__).parent / "records"
SCENARIOS = sorted(RECORDS.glob("*.json"))


def state_after(record: dict[str, Any], count: int | None = None) -> dict[str, Any]:
    data = dict(record)
    if count is not None:
        data["actions"] = record["actions"][:count]
    run = run_record(data, claims=ExhaustiveSolver())  # the law, not the solver, is tested
    state = state_json(run)
    state["laws_cited"] = sorted({law for r in state["rulings"] for law in r["laws"]})
    return state


def matches(expected: Any, actual: Any, where: str = "") -> list[str]:
    """The differences between an expectation and the actual value (empty: it matches)."""
    if isinstance(expected, dict) and len(expected) == 1 and next(iter(expected)).startswith("$"):
        op, arg = next(iter(expected.items()))
        if op == "$contains":
            missing = [item for item in arg if item not in actual]
            return [f"{where}: {missing} not in {actual}"] if missing else []
        if op == "$first":
            return [] if actual[: len(arg)] == arg else [f"{where}: {actual[: len(arg)]} != {arg}"]
        if op == "$len":
            return [] if len(actual) == arg else [f"{where}: length {len(actual)} != {arg}"]
        if op == "$has":
            return (
                []
                if isinstance(actual, str) and arg in actual
                else [f"{where}: {actual!r} lacks {arg!r}"]
            )
        if op == "$any":
            if any(not matches(arg, item) for item in actual):
                return []
            return [f"{where}: no item matches {arg}"]
        raise AssertionError(op)
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where}: {actual!r} is not an object"]
        problems: list[str] = []
        for key, value in expected.items():
            if key not in actual:
                problems.append(f"{where}.{key}: missing")
            else:
                problems += matches(value, actual[key], f"{where}.{key}")
        return problems
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{where}: {actual!r} != {expected!r}"]
        problems = []
        for index, (item, got) in enumerate(zip(expected, actual, strict=True)):
            problems += matches(item, got, f"{where}[{index}]")
        return problems
    return [] if expected == actual else [f"{where}: {actual!r} != {expected!r}"]


def check(expect: dict[str, Any], state: dict[str, Any]) -> list[str]:
    expect = dict(expect)
    problems = [
        f"law {law} cited but should not be"
        for law in expect.pop("laws_not_cited", [])
        if law in state["laws_cited"]
    ]
    problems += [
        f"{call} is a legal call but should not be"
        for call in expect.pop("legal_calls_exclude", [])
        if call in state["legal_calls"]
    ]
    return problems + matches(expect, state)


@pytest.mark.parametrize("path", SCENARIOS, ids=[path.stem for path in SCENARIOS])
def test_scenario(path: Path) -> None:
    """The state after the ruling is what the law in the record's ``why`` requires."""
    scenario = json.loads(path.read_text(encoding="utf-8"))
    record = scenario["record"]
    assert record["mode"] == "recording"
    for checkpoint in scenario.get("checkpoints", []):
        state = state_after(record, checkpoint["after"])
        assert state["error"] is None, state["error"]
        problems = check(checkpoint["expect"], state)
        assert not problems, f"after {checkpoint['after']} actions: " + "; ".join(problems)
    state = state_after(record)
    assert state["error"] is None, state["error"]
    problems = check(scenario["expect"], state)
    assert not problems, "; ".join(problems)


def test_every_spec_row_in_both_editions() -> None:
    """SPEC §6.1 has 18 rows; each has a scenario in the 2017 and in the 2007 edition."""
    rows: dict[int, set[str]] = {}
    for path in SCENARIOS:
        scenario = json.loads(path.read_text(encoding="utf-8"))
        if scenario.get("spec_row"):
            rows.setdefault(scenario["spec_row"], set()).add(scenario["edition"])
    assert {row: {"2017", "2007"} for row in range(1, 19)} == rows


def _scenarios() -> list[dict[str, Any]]:
    return [json.loads(path.read_text(encoding="utf-8")) for path in SCENARIOS]


def test_every_play_row_in_both_editions() -> None:
    """SPEC §6.2 (play irregularities) has 12 rows; each has a scenario in 2017 and in 2007
    (Laws 43B2(a), 45E, 50D2, 51B2, 52, 54-58, 62, 64, 67B)."""
    rows: dict[int, set[str]] = {}
    for scenario in _scenarios():
        if scenario.get("spec_play_row"):
            rows.setdefault(scenario["spec_play_row"], set()).add(scenario["edition"])
    assert {row: {"2017", "2007"} for row in range(1, 13)} == rows


def test_every_law_64b_exception() -> None:
    """Every exception of Law 64B has a scenario: B1-B8 in 2017, B1-B7 in 2007 (2007 has no
    Law 62C3 and so no B8)."""
    found: dict[str, set[str]] = {}
    for scenario in _scenarios():
        if scenario.get("law64b"):
            found.setdefault(scenario["law64b"], set()).add(scenario["edition"])
    expected = {f"B{n}": {"2017", "2007"} for n in range(1, 8)}
    expected["B8"] = {"2017"}
    assert expected == found
