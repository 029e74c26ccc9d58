"""`dupbridge score` on what clubs bring: nothing silent (a file with no results is an error
naming it), no local path on a published page, JFR Pary pages and dupbridge's own output."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge.cli.__main__ import COMMAND_MODULES
from dupbridge.cli.app import app
from tests.conftest import shared_file


def team_game(board: int, room: str, contract: str, tricks: int) -> str:
    """One table's result of a team match in PBN."""
    return (
        f'[Board "{board}"]\n[Declarer "N"]\n[Contract "{contract}"]\n[Result "{tricks}"]\n'
        f'[HomeTeam "Lions"]\n[VisitTeam "Tigers"]\n[Room "{room}"]\n\n'
    )


TEAMS = (
    team_game(1, "Open", "4S", 10)
    + team_game(1, "Closed", "4S", 9)
    + team_game(2, "Open", "3NT", 9)
)


@pytest.fixture(scope="module")
def runner() -> CliRunner:
    for module in COMMAND_MODULES:
        importlib.import_module(module)
    return CliRunner()


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("empty.xml", '<USEBIO Version="1.2"><EVENT><PARTICIPANTS/></EVENT></USEBIO>'),
        ("empty.csv", "board,ns,ew,contract,declarer,result\n"),
        ("empty.pbn", '[Event "Nothing"]\n[Board "1"]\n'),
    ],
)
def test_no_results_is_an_error(runner: CliRunner, tmp_path: Path, name: str, text: str) -> None:
    """A file that yields no result: exit 1, an error naming the file, nothing written."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "site"
    result = runner.invoke(app, ["score", str(path), "--out", str(out)])
    assert 1 == result.exit_code
    assert re.search(rf"{re.escape(name)}:1:\d+: error: no results", result.output)
    assert not out.exists()


def test_published_warning_names_the_file_only(runner: CliRunner, tmp_path: Path) -> None:
    """A warning about the input shown on the results site names the file, not its folder."""
    path = tmp_path / "teams.pbn"
    path.write_text(TEAMS, encoding="utf-8")
    out = tmp_path / "site"
    result = runner.invoke(
        app, ["score", str(path), "--method", "teams-imp", "--provisional", "--out", str(out)]
    )
    assert 0 == result.exit_code, result.output
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "teams.pbn:17:1" in page
    assert str(tmp_path) not in page


def test_own_output_scores_the_same(runner: CliRunner, tmp_path: Path) -> None:
    """results.pbn and results.xml written by --out score, with no option, to the same
    ranking with the names (a Mitchell: two fields)."""
    out = tmp_path / "site"
    assert 0 == runner.invoke(app, ["sample-site", "--out", str(out)]).exit_code
    first = runner.invoke(app, ["score", str(out / "results.xml")])
    second = runner.invoke(app, ["score", str(out / "results.pbn")])
    assert 0 == first.exit_code, first.output
    assert 0 == second.exit_code, second.output
    assert first.output == second.output
    assert "East-West" in first.output


@pytest.mark.oracle
def test_jfr_pages(runner: CliRunner, tmp_path: Path) -> None:
    """A JFR Pary event scored from its frameset page: JFR's winner, 61.38 %."""
    path = shared_file("jfr-pary-mp-wb120802", "wb120802.html")
    out = tmp_path / "site"
    result = runner.invoke(app, ["score", str(path), "--factoring", "linear", "--out", str(out)])
    assert 0 == result.exit_code, result.output
    assert "61.38" in result.output
    assert (out / "index.html").exists()


def test_jfr_page_without_travellers(runner: CliRunner, tmp_path: Path) -> None:
    """A page with no JFR traveller beside it: exit 1, the error names the page."""
    page = tmp_path / "index.html"
    page.write_text("<html><body>Club news</body></html>", encoding="utf-8")
    out = tmp_path / "site"
    result = runner.invoke(app, ["score", str(page), "--out", str(out)])
    assert 1 == result.exit_code
    assert "index.html:1:1: error: no JFR Pary traveller" in result.output
    assert not out.exists()
