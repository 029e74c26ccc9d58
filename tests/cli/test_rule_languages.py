"""`dupbridge rule --lang sv`: the Director's wizard in Swedish, its options and the law
paraphrases included (issue 17, must show 4)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge.cli.app import app
from dupbridge.i18n import set_language
from dupbridge.i18n.compile import compile_catalogs
from tests.cli.test_rule import NT_BY_EAST, TRICK_ONE, write


@pytest.fixture(autouse=True)
def catalogs() -> Iterator[None]:
    compile_catalogs()
    yield
    set_language("en")


def test_lead_out_of_turn_in_swedish(tmp_path: Path) -> None:
    """Law 56B, 54: a lead out of turn ruled in Swedish shows the options' names and their
    paraphrases in Swedish (the Laws' 'spelförare', 'straffkort'), and the Director may answer
    with the option as shown ('avböja')."""
    path = write(tmp_path, *NT_BY_EAST, *TRICK_ONE)
    out = tmp_path / "ruled.json"
    result = CliRunner().invoke(
        app, ["--lang", "sv", "rule", str(path), "--out", str(out)], input="p N SA\navböja\nq\n"
    )
    assert 0 == result.exit_code, result.output
    output = " ".join(result.output.split())
    assert "1. acceptera:" in output
    assert "avböja:" in output
    assert "Beslut om utspel utom tur (lag 56 (2017))" in output
    assert "1. accept:" not in output
    assert "spelförare" in output
    assert "straffkort" in output.lower()
    assert "(stort)" in output  # the penalty card's kind, Law 50B
    record = json.loads(out.read_text(encoding="utf-8"))
    assert {"choose": {"seat": "E", "option": "refuse"}} in record["actions"]
