"""A hand record made with ``dupbridge --lang pl handrecord`` is Polish (issue 17, must-show 3b).

Where the hand record names the SPEC 5.1 concepts it uses the Polish seed's words: the makeable
contracts grid's rows are the declarers ("rozgrywający", named in the row headings' titles) and
its no-trump column is "bez atu" (the ``<abbr>`` of NT; with ``--notation local`` the column
itself reads BA). The dummy ("dziadek") is never named on a hand record: no line of it is
about the dummy (the footer's "double dummy" is the analysis, "w widne karty" in Polish).
"""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from dupbridge.cli.app import app
from dupbridge.i18n import set_language
from tests.untranslated import untranslated, visible_text


def hand_record(tmp_path: Path, *options: str) -> str:
    deals, out = tmp_path / "set.pbn", tmp_path / "hr.html"
    runner = CliRunner()
    try:
        made = runner.invoke(
            app, ["deal", "--boards", "1-4", "--out", str(deals), "--key-file", str(tmp_path / "k")]
        )
        assert 0 == made.exit_code, made.output
        result = runner.invoke(
            app, ["--lang", "pl", *options, "handrecord", str(deals), "--out", str(out)]
        )
    finally:
        set_language("en")
    assert 0 == result.exit_code, result.output
    return out.read_text(encoding="utf-8")


def test_polish_hand_record_names_the_concepts_in_polish(tmp_path: Path) -> None:
    html = hand_record(tmp_path)
    assert '<html lang="pl">' in html
    assert '<abbr title="bez atu">NT</abbr>' in html  # international notation by default
    assert html.count('title="rozgrywający"') == 4 * 5  # the corner and N S E W, per board
    assert "Rozdaje " in visible_text(html)  # "Dealer {seat}"
    assert "dziadek" not in html  # the dummy is never named on a hand record
    assert [] == untranslated(html, "pl")


def test_local_notation_writes_ba(tmp_path: Path) -> None:
    html = hand_record(tmp_path, "--notation", "local")
    assert '<abbr title="bez atu">BA</abbr>' in html
