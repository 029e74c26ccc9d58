"""Every command: a usage error exits 2, bad content exits 1, and the error goes to standard
error (standard output stays for results)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge.cli.app import app
from dupbridge.cli.commands import COMMANDS

DEAL = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876"


@pytest.mark.parametrize("name", [spec.name for spec in COMMANDS])
def test_unknown_option_is_a_usage_error(name: str) -> None:
    """An option the command does not have: exit 2, the message on standard error."""
    result = CliRunner().invoke(app, [name, "--no-such-option"])
    assert 2 == result.exit_code
    assert "--no-such-option" in result.stderr
    assert "" == result.stdout


def bad_json(tmp_path: Path) -> Path:
    path = tmp_path / "bad.json"
    path.write_text("{oops", encoding="utf-8")
    return path


@pytest.mark.parametrize("command", ["replay", "rule", "claim-check", "movement validate"])
def test_file_that_is_not_json_is_bad_content(command: str, tmp_path: Path) -> None:
    """A file whose content cannot be read: exit 1, located error on standard error."""
    result = CliRunner().invoke(app, [*command.split(), str(bad_json(tmp_path))], input="q\n")
    assert 1 == result.exit_code, result.output
    assert "bad.json:1" in result.stderr


def test_refused_action_goes_to_stderr(tmp_path: Path) -> None:
    """Law 27: replay's refusal of an insufficient bid is on standard error, exit 1."""
    path = tmp_path / "r.json"
    actions = [{"seat": "N", "call": "1S"}, {"seat": "E", "call": "1H"}]
    path.write_text(json.dumps({"board": 1, "deal": DEAL, "actions": actions}))
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert 1 == result.exit_code
    assert "error: action 1:" in result.stderr
    assert "error:" not in result.stdout


def test_call_after_a_passed_out_board_names_laws_22_and_39(tmp_path: Path) -> None:
    """Laws 22 and 39: after four passes no call may follow; strict mode refuses it."""
    path = tmp_path / "r.json"
    actions = [{"seat": s, "call": "Pass"} for s in "NESW"] + [{"seat": "N", "call": "1C"}]
    path.write_text(json.dumps({"board": 1, "deal": DEAL, "actions": actions}))
    result = CliRunner().invoke(app, ["replay", "--json", str(path)])
    assert 1 == result.exit_code
    error = json.loads(result.stdout)["error"]
    assert {"action": 4, "law": "39"}.items() <= error.items()
    assert "Laws 22, 39" in error["message"]


def test_mistyped_command_suggests_the_nearest() -> None:
    """A mistyped command is a usage error (exit 2) that names the command meant."""
    result = CliRunner().invoke(app, ["replya"])
    assert 2 == result.exit_code
    assert "did you mean 'replay'" in result.stderr
