"""The ruling assistant over the store (issue 16): every scenario record replayed step by
step reaches the record's own final state, in both editions (Laws in each record)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dupbridge.services.director import Assistant, AssistantError
from dupbridge.services.records import run_record, state_json
from dupbridge.store import make_engine, upgrade
from dupbridge.store.director import DirectorStore
from tests.services.director.scripts import (
    SPEC_SCENARIOS,
    comparable,
    scenario,
    start_fields,
    step_of,
)


@pytest.fixture
def assistant(tmp_path: Path) -> Iterator[Assistant]:
    engine = make_engine(f"sqlite:///{tmp_path / 'd.sqlite3'}")
    upgrade(engine)
    yield Assistant(DirectorStore(engine), clock=lambda: "2026-11-25T20:15:00+00:00")
    engine.dispose()


def run_steps(assistant: Assistant, record: dict[str, Any]) -> dict[str, Any]:
    view = assistant.start("A. Director", **start_fields(record))
    for action in record["actions"]:
        kind, value = step_of(action)
        if kind == "choose":
            view = assistant.choose(view["id"], value, "A. Director")
        elif kind == "answer":
            view = assistant.answer(view["id"], value, "A. Director")
        else:
            view = assistant.act(view["id"], value, "A. Director")
    return view


@pytest.mark.parametrize("path", SPEC_SCENARIOS, ids=[p.stem for p in SPEC_SCENARIOS])
def test_assistant_reaches_the_records_state(assistant: Assistant, path: Path) -> None:
    record = scenario(path)["record"]
    view = run_steps(assistant, record)
    expected = state_json(run_record(record))
    assert comparable(view["state"]) == comparable(expected)
    stored = assistant.record(view["id"])
    assert len(stored["actions"]) == len(record["actions"])
    assert stored["edition"] == record["edition"]
    for ruling in view["state"]["rulings"]:
        assert ruling["laws"]
        assert ruling["edition"] == record["edition"]


def test_a_refused_action_is_not_kept(assistant: Assistant) -> None:
    view = assistant.start("A. Director", board=1)
    with pytest.raises(AssistantError, match="deal"):
        assistant.act(view["id"], {"seat": "N", "card": "SA"}, "A. Director")
    with pytest.raises(AssistantError):
        assistant.act(view["id"], {"seat": "N", "call": "9Z"}, "A. Director")
    assert assistant.record(view["id"])["actions"] == []
