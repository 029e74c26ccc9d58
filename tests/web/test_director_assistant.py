"""The ruling assistant over HTTP (issue 16, must show 1): for every irregularity of SPEC
sections 6.1 and 6.2, in both editions, a scripted session of a signed-in Director reaches
the final state of the matching record in tests/rulings/records/, and the ruling recorded
carries its laws and edition; the record it keeps is one ``dupbridge replay`` reads."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from dupbridge.cli.app import app as cli_app
from dupbridge.services.records import run_record, state_json
from dupbridge.web.app import create_app
from dupbridge.web.identity import AUTH_COOKIE
from tests.services.director.scripts import (
    SPEC_SCENARIOS,
    comparable,
    role_cookie,
    scenario,
    start_fields,
    step_of,
)
from tests.web.conftest import SECRET, settings_for


@pytest.fixture(scope="module")
def director(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One app for the module, a Director signed in."""
    url = f"sqlite:///{tmp_path_factory.mktemp('director') / 'd.sqlite3'}"
    with TestClient(create_app(settings_for(url)), follow_redirects=False) as client:
        client.cookies.set(AUTH_COOKIE, role_cookie(SECRET, "director"))
        yield client


def ok(answer: Any) -> dict[str, Any]:
    assert answer.status_code in (200, 201), answer.text
    data: dict[str, Any] = answer.json()
    return data


def run_session(client: TestClient, record: dict[str, Any]) -> dict[str, Any]:
    view = ok(client.post("/api/director/rulings", json=start_fields(record)))
    base = f"/api/director/rulings/{view['id']}"
    for action in record["actions"]:
        kind, value = step_of(action)
        if kind == "choose":
            assert view["pending"]["kind"] == "choice"
            assert value in [option["name"] for option in view["pending"]["options"]]
            view = ok(client.post(f"{base}/choose", json={"option": value}))
        elif kind == "answer":
            assert view["pending"]["kind"] == "question"
            view = ok(client.post(f"{base}/answer", json={"yes": value}))
        else:
            view = ok(client.post(f"{base}/actions", json={"action": value}))
    return view


@pytest.mark.parametrize("path", SPEC_SCENARIOS, ids=[p.stem for p in SPEC_SCENARIOS])
def test_scripted_session_reaches_the_records_state(director: TestClient, path: Path) -> None:
    record = scenario(path)["record"]
    view = run_session(director, record)
    assert comparable(view["state"]) == comparable(state_json(run_record(record)))
    assert view["state"]["edition"] == record["edition"]
    assert view["state"]["rulings"], "a ruling is recorded"
    for ruling in view["state"]["rulings"]:
        assert ruling["laws"]
        assert ruling["edition"] == record["edition"]
    kept = ok(director.get(f"/api/director/rulings/{view['id']}/record"))
    assert comparable(state_json(run_record(kept))) == comparable(view["state"])


def test_both_editions_and_every_spec_row_are_covered() -> None:
    rows = {
        (s.get("spec_row"), s.get("spec_play_row"), s["edition"])
        for s in map(scenario, SPEC_SCENARIOS)
    }
    assert {e for _a, _b, e in rows} == {"2017", "2007"}
    assert len({(a, b) for a, b, _e in rows}) == 18 + 12


def test_the_kept_record_replays_with_the_cli(director: TestClient, tmp_path: Path) -> None:
    """The record is a table record ``dupbridge replay --json`` reads, with the Director's
    name on his answers."""
    record = scenario(SPEC_SCENARIOS[0])["record"]
    view = run_session(director, record)
    kept = ok(director.get(f"/api/director/rulings/{view['id']}/record"))
    file = tmp_path / "ruling.json"
    file.write_text(json.dumps(kept), encoding="utf-8")
    result = CliRunner().invoke(cli_app, ["replay", str(file), "--json"])
    assert result.exit_code == 0, result.output
    replayed = json.loads(result.output)
    assert replayed["phase"] == view["state"]["phase"]
    assert replayed["rulings"] == view["state"]["rulings"]


def test_a_refused_step_names_the_law_and_keeps_nothing(director: TestClient) -> None:
    view = ok(director.post("/api/director/rulings", json={"board": 1}))
    base = f"/api/director/rulings/{view['id']}"
    answer = director.post(f"{base}/actions", json={"action": {"seat": "N", "card": "SA"}})
    assert answer.status_code == 422
    assert "deal" in answer.json()["detail"]
    answer = director.post(f"{base}/choose", json={"option": "accept"})
    assert answer.status_code == 422
    assert ok(director.get(f"{base}/record"))["actions"] == []
    assert director.get("/api/director/rulings/nope").status_code == 404
    bad = director.post("/api/director/rulings", json={"board": 1, "deal": "N:AKQ"})
    assert bad.status_code == 422
    assert "deal" in bad.json()["detail"]


def test_a_disputed_claim_runs_the_claim_checks(director: TestClient) -> None:
    """Law 70: the claim's remaining cards and the checks (double dummy, the stated line at
    best and at worst) are laid out; the Director's number of tricks is recorded."""
    record = scenario(next(p for p in Path(SPEC_SCENARIOS[0]).parent.glob("c70_2017_*.json")))[
        "record"
    ]
    actions = record["actions"]
    upto = next(i for i, a in enumerate(actions) if "reject_claim" in a) + 1
    view = run_session(director, {**record, "actions": actions[:upto]})
    assert view["pending"]["kind"] == "tricks"
    checks = view["claim_checks"]
    assert checks is not None
    left = max(len(cards) for cards in view["hands"].values())  # the trick in progress too
    assert checks["double_dummy"]["NS"] + checks["double_dummy"]["EW"] == left
    assert checks["best"] is not None
    for action in actions[upto:]:
        final = ok(
            director.post(f"/api/director/rulings/{view['id']}/actions", json={"action": action})
        )
    assert final["state"]["phase"] == "finished"
    assert any("70" in law for r in final["state"]["rulings"] for law in r["laws"])
