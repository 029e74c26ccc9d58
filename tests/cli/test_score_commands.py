"""`dupbridge score`, `dupbridge sample-site` and `dupbridge run` (make run)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge.cli.__main__ import COMMAND_MODULES
from dupbridge.cli.app import app

CSV = """board,ns,ew,contract,declarer,lead,result
1,1,2,4H,S,SQ,-1
1,3,4,5D,N,D5,9
1,5,6,A60/40,,,
2,1,2,PASS,,,
2,3,4,3NT,E,,+1
2,5,6,4S,N,,=
"""


@pytest.fixture(scope="module")
def runner() -> CliRunner:
    for module in COMMAND_MODULES:
        importlib.import_module(module)
    return CliRunner()


@pytest.fixture
def travellers(tmp_path: Path) -> Path:
    path = tmp_path / "t.csv"
    path.write_text(CSV, encoding="utf-8")
    return path


class TestScore:
    def test_ranking_and_outputs(self, runner: CliRunner, travellers: Path, tmp_path: Path) -> None:
        """The ranking is shown; --out receives index.html, results.pbn and results.xml."""
        out = tmp_path / "out"
        result = runner.invoke(app, ["score", str(travellers), "--out", str(out)])
        assert 0 == result.exit_code, result.output
        assert "Place" in result.output
        assert "Matchpoints" in result.output
        for name in ("index.html", "results.pbn", "results.xml"):
            assert (out / name).is_file()

    @pytest.mark.parametrize("method", ["mp", "cross-imp", "total"])
    def test_methods(self, runner: CliRunner, travellers: Path, method: str) -> None:
        """Each pairs method scores the same file (IMP methods need IMP adjustments)."""
        if method == "cross-imp":
            travellers.write_text(CSV.replace("A60/40", "A+/A-"), encoding="utf-8")
        result = runner.invoke(app, ["score", str(travellers), "--method", method])
        assert 0 == result.exit_code, result.output

    def test_bad_lines_write_nothing(
        self, runner: CliRunner, travellers: Path, tmp_path: Path
    ) -> None:
        """Each bad line is named with its location; nothing is scored or written, and an
        earlier publication stays as it was."""
        out = tmp_path / "out"
        assert 0 == runner.invoke(app, ["score", str(travellers), "--out", str(out)]).exit_code
        before = (out / "index.html").read_text(encoding="utf-8")
        travellers.write_text(CSV + "3,1,2,8S,N,,=\n3,3,4,4S,N,,15\n", encoding="utf-8")
        result = runner.invoke(app, ["score", str(travellers), "--out", str(out)])
        assert 1 == result.exit_code
        assert f"{travellers}:8:7: error: contract '8S': no contract at level 8" in result.output
        assert f"{travellers}:9:13: error: result '15'" in result.output
        assert "nothing scored, nothing written" in " ".join(result.output.split())
        assert before == (out / "index.html").read_text(encoding="utf-8")

    def test_wrong_unit_for_method(self, runner: CliRunner, travellers: Path) -> None:
        """A percentage adjustment cannot be scored at Butler: clear errors, exit 1."""
        result = runner.invoke(app, ["score", str(travellers), "--method", "imp-butler"])
        assert 1 == result.exit_code
        assert "adjusted score A60%/A40% is a percentage" in result.output
        assert "Traceback" not in result.output

    @pytest.mark.parametrize(
        ("args", "message"),
        [
            (["--method", "bogus"], "--method must be one of"),
            (["--factoring", "x"], "--factoring must be one of"),
            (["--round-cap", "lots"], "--round-cap needs a number"),
            (["--phantom", "x"], "not a pair number"),
        ],
    )
    def test_bad_options(
        self, runner: CliRunner, travellers: Path, args: list[str], message: str
    ) -> None:
        """Bad options give one error line and exit 2."""
        result = runner.invoke(app, ["score", str(travellers), *args])
        assert 2 == result.exit_code
        assert message in result.output

    def test_missing_file(self, runner: CliRunner, tmp_path: Path) -> None:
        """A missing file is one error line."""
        result = runner.invoke(app, ["score", str(tmp_path / "none.csv")])
        assert 2 == result.exit_code
        assert "cannot read" in result.output

    def test_phantom_and_mitchell(self, runner: CliRunner, travellers: Path) -> None:
        """--mitchell ranks NS and EW apart; --phantom leaves a pair out of the ranking."""
        result = runner.invoke(app, ["score", str(travellers), "--mitchell", "--phantom", "6EW"])
        assert 0 == result.exit_code, result.output
        assert "North-South" in result.output
        assert "East-West" in result.output

    def test_movement_check(self, runner: CliRunner, tmp_path: Path) -> None:
        """--movement: a result the Mitchell cannot produce is named with its line."""
        path = tmp_path / "m.csv"
        path.write_text(
            "board,round,table,ns,ew,contract,declarer,result\n1,1,1,1,1,4S,N,=\n"
            "1,1,2,2,3,4S,N,=\n",
            encoding="utf-8",
        )
        result = runner.invoke(
            app,
            ["score", str(path), "--mitchell", "--movement", "mitchell", "--tables", "3",
             "--boards-per-round", "1"],
        )  # fmt: skip
        assert 1 == result.exit_code
        assert f"{path}:3:1: error: board 1:" in result.output
        assert "movement Mitchell 3 tables" in " ".join(result.output.split())


class TestSampleAndRun:
    def test_sample_site(self, runner: CliRunner, tmp_path: Path) -> None:
        """sample-site writes the sample event's site and says where it is."""
        result = runner.invoke(app, ["sample-site", "--out", str(tmp_path / "s")])
        assert 0 == result.exit_code, result.output
        assert (tmp_path / "s" / "index.html").is_file()
        assert "index.html" in result.output
        board = (tmp_path / "s" / "boards" / "board-1.html").read_text(encoding="utf-8")
        assert "Makeable contracts" in board  # analysed by default
        assert 'class="viewer' in board  # every table's auction and play

    def test_run(self, runner: CliRunner, tmp_path: Path) -> None:
        """make run: the sample site is written, its index named, and `play` mentioned."""
        result = runner.invoke(app, ["run", "--out", str(tmp_path / "r")])
        assert 0 == result.exit_code, result.output
        assert (tmp_path / "r" / "index.html").as_uri() in result.output
        assert "dupbridge play" in result.output
