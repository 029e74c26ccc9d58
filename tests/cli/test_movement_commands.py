"""`dupbridge movement suggest`, `show` and `validate`."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge.cli.__main__ import COMMAND_MODULES
from dupbridge.cli.app import app
from dupbridge.tournament.movements import mitchell
from dupbridge.tournament.movements.files import dumps, dumps_csv, load
from tests.conftest import shared_file


@pytest.fixture(scope="module")
def runner() -> CliRunner:
    for module in COMMAND_MODULES:
        importlib.import_module(module)
    return CliRunner()


class TestList:
    def test_families(self, runner: CliRunner) -> None:
        """list names every family show can build."""
        result = runner.invoke(app, ["movement", "list"])
        assert 0 == result.exit_code
        for name in ("mitchell", "howell", "round-robin", "rainbow"):
            assert name in result.output


class TestSuggest:
    def test_seven_tables(self, runner: CliRunner) -> None:
        """7 tables and 26 boards: the complete Howell (13 x 2) fits exactly, then the
        Mitchell; each with its reason."""
        result = runner.invoke(app, ["movement", "suggest", "--tables", "7", "--boards", "26"])
        assert 0 == result.exit_code, result.output
        assert "13 x 2" in result.output
        assert "7 x 4" in result.output
        assert "show one: dupbridge movement show howell --tables 7 --boards-per-round 2" in (
            result.output.replace("\n", " ")
        )

    @pytest.mark.parametrize(
        ("tables", "boards", "message"),
        [
            ("seven", "26", "not a number of tables"),
            ("7.25", "26", "whole or half"),
            ("7", "4", "at least 8"),
        ],
    )
    def test_bad_input(self, runner: CliRunner, tables: str, boards: str, message: str) -> None:
        """Bad numbers give one error line and exit 2, no traceback."""
        result = runner.invoke(app, ["movement", "suggest", "--tables", tables, "--boards", boards])
        assert 2 == result.exit_code
        assert message in result.output
        assert "Traceback" not in result.output


class TestShow:
    def test_grid_cards_and_pdf(self, runner: CliRunner, tmp_path: Path) -> None:
        """show prints the verdict, the grid and the guide cards, and writes the PDF, the
        movement file and RoundData CSV."""
        pdf, saved, csv = tmp_path / "m.pdf", tmp_path / "m.yaml", tmp_path / "m.csv"
        result = runner.invoke(
            app,
            ["movement", "show", "mitchell", "--tables", "8", "--boards-per-round", "3",
             "--table-cards", "--pdf", str(pdf), "--save", str(saved), "--csv", str(csv)],
        )  # fmt: skip
        assert 0 == result.exit_code, result.output
        assert "Mitchell 8 tables (skip): valid" in result.output
        assert "Pair 1 EW: starts at table 1 East-West" in result.output
        assert "Table 8" in result.output
        assert pdf.read_bytes().startswith(b"%PDF-")
        assert mitchell(8, 3) == load(saved).movements[0].movement
        assert dumps_csv(mitchell(8, 3)) == csv.read_text(encoding="utf-8")

    def test_three_table_howell(self, runner: CliRunner) -> None:
        """The 3-table Howell: in half-sets (no sharing) with an even number of boards a
        round, else the sharing variant, the sharing marked."""
        even = runner.invoke(app, ["movement", "show", "howell", "--tables", "3"])
        assert 0 == even.exit_code, even.output
        assert "Howell 3 tables (half sets): valid" in even.output
        assert "shares boards" not in even.output
        odd = runner.invoke(
            app, ["movement", "show", "howell", "--tables", "3", "--boards-per-round", "3"]
        )
        assert 0 == odd.exit_code, odd.output
        assert "shares boards" in odd.output

    def test_impossible(self, runner: CliRunner) -> None:
        """An impossible movement is one error line (exit 2)."""
        result = runner.invoke(app, ["movement", "show", "rainbow", "--tables", "9"])
        assert 2 == result.exit_code
        assert "prime number of tables" in result.output

    def test_unknown_family(self, runner: CliRunner) -> None:
        """An unknown name says which families exist."""
        result = runner.invoke(app, ["movement", "show", "chaos", "--tables", "5"])
        assert 2 == result.exit_code
        assert "dupbridge builds mitchell" in result.output

    @pytest.mark.oracle
    def test_library_movement(self, runner: CliRunner) -> None:
        """A movement from the KoPS library, chosen by its key."""
        path = shared_file("movements-kops-howell", "movements.json")
        result = runner.invoke(app, ["movement", "show", str(path), "--name", "5-9", "--no-cards"])
        assert 0 == result.exit_code, result.output
        assert "KoPS 5-9: valid" in result.output


class TestValidate:
    def test_bad_csv_reported_by_line(self, runner: CliRunner, tmp_path: Path) -> None:
        """A set at two tables in one round is an error at its line; exit 1."""
        path = tmp_path / "bad.csv"
        path.write_text(
            "Table,Round,NS,EW,LowBoard,HighBoard\n1,1,1,2,1,2\n2,1,3,4,1,2\n", encoding="utf-8"
        )
        result = runner.invoke(app, ["movement", "validate", str(path)])
        assert 1 == result.exit_code
        assert f"{path}:2:1: error: round 1: set 1 (boards 1-2) is at tables 1, 2" in (
            result.output.replace("\n", " ")
        )

    def test_unreadable(self, runner: CliRunner, tmp_path: Path) -> None:
        """A file that is no movement is one line."""
        path = tmp_path / "x.yaml"
        path.write_text("hello: world\n", encoding="utf-8")
        result = runner.invoke(app, ["movement", "validate", str(path)])
        assert 1 == result.exit_code
        assert "not a movement file" in result.output

    @pytest.mark.oracle
    def test_kops_library(self, runner: CliRunner) -> None:
        """The KoPS library validates: one verdict line per movement, all valid."""
        path = shared_file("movements-kops-howell", "movements.json")
        result = runner.invoke(app, ["movement", "validate", str(path)])
        assert 0 == result.exit_code, result.output
        assert 69 == result.output.count(": valid (")


class TestLayout:
    @pytest.mark.parametrize("args", [["howell", "--tables", "7"], ["mitchell", "--tables", "15"]])
    def test_grid_fits_80_columns(self, args: list[str]) -> None:
        """Law 8: the grid, wrapped by rounds, fits 80 columns whole (nothing cut to `…`),
        every round shown once; it stays readable when piped to `less`."""
        import os
        import subprocess
        import sys

        run = subprocess.run(
            [sys.executable, "-m", "dupbridge.cli", "movement", "show", *args, "--no-cards"],
            capture_output=True,
            text=True,
            check=False,
            env={**os.environ, "COLUMNS": "80"},
        )
        assert 0 == run.returncode, run.stderr
        lines = run.stdout.splitlines()
        assert [] == [line for line in lines if len(line) > 80]
        assert "…" not in run.stdout
        headers = [word for line in lines for word in line.split() if word.startswith("R")]
        rounds = [int(word[1:]) for word in headers if word[1:].isdigit()]
        assert rounds == list(range(1, max(rounds) + 1))
        assert "\x1b[" not in run.stdout

    def test_problems_go_to_stderr(self, runner: CliRunner, tmp_path: Path) -> None:
        """`movement validate` writes each problem to standard error; exit 1."""
        path = tmp_path / "bad.csv"
        path.write_text(
            "Table,Round,NS,EW,LowBoard,HighBoard\n1,1,1,2,1,2\n2,1,3,4,1,2\n", encoding="utf-8"
        )
        result = runner.invoke(app, ["movement", "validate", str(path)])
        assert 1 == result.exit_code
        assert f"{path}:2:1: error:" in result.stderr
        assert "error:" not in result.stdout

    @pytest.mark.oracle
    def test_suggest_prefers_the_club_library(self, runner: CliRunner) -> None:
        """With the club's KoPS library the published movement for the field comes first,
        so its table and pair numbers match the club's cards (Law 8A), and the command to
        print it names the library, the movement and its boards per round."""
        path = shared_file("movements-kops-howell", "movements.json")
        result = runner.invoke(
            app,
            ["movement", "suggest", "--tables", "7", "--boards", "26", "--library", str(path)],
        )
        assert 0 == result.exit_code, result.output
        text = result.stdout
        assert text.index("7-13 (KoPS 7-13)") < text.index("(Howell 7 tables)")
        hint = f"dupbridge movement show {path} --name 7-13 --boards-per-round 2"
        assert hint in " ".join(text.split())
        shown = runner.invoke(app, ["movement", "show", str(path), "--name", "7-13",
                                    "--boards-per-round", "2", "--no-cards"])  # fmt: skip
        assert 0 == shown.exit_code, shown.output
        assert "KoPS 7-13" in shown.stdout

    @pytest.mark.oracle
    @pytest.mark.parametrize(
        ("tables", "boards", "key"),
        [("5", "27", "5-9"), ("10", "26", "10-13"), ("7.5", "24", "8-12")],
    )
    def test_library_from_the_environment(
        self, runner: CliRunner, tables: str, boards: str, key: str
    ) -> None:
        """DUPBRIDGE_MOVEMENT_LIBRARY names the library when --library is not given; for N
        tables the suggestion is the KoPS movement."""
        path = shared_file("movements-kops-howell", "movements.json")
        result = runner.invoke(
            app,
            ["movement", "suggest", "--tables", tables, "--boards", boards],
            env={"DUPBRIDGE_MOVEMENT_LIBRARY": str(path), "COLUMNS": "200"},
        )
        assert 0 == result.exit_code, result.output
        assert f"--name {key} " in result.stdout.splitlines()[-1] + " "
        assert "The club's library comes first" in result.stdout

    def test_library_that_does_not_fit(self, runner: CliRunner, tmp_path: Path) -> None:
        """A library with nothing for the field says so, and dupbridge's movements follow;
        an empty DUPBRIDGE_MOVEMENT_LIBRARY is no library; a missing one is an error."""
        library = tmp_path / "club.yaml"
        library.write_text(dumps(mitchell(5, 4)), encoding="utf-8")
        args = ["movement", "suggest", "--tables", "7", "--boards", "26"]
        result = runner.invoke(app, [*args, "--library", str(library)])
        assert 0 == result.exit_code, result.output
        assert "The library has no movement that fits 7 tables" in " ".join(result.stdout.split())
        assert "show one: dupbridge movement show howell" in result.stdout
        quiet = runner.invoke(app, args, env={"DUPBRIDGE_MOVEMENT_LIBRARY": ""})
        assert 0 == quiet.exit_code
        assert "library" not in quiet.stdout
        missing = runner.invoke(app, [*args, "--library", str(tmp_path / "none.json")])
        assert (1, "") == (missing.exit_code, missing.stdout)
        assert "no movement library here" in missing.stderr
