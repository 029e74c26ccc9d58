"""`dupbridge score` and `dupbridge sample-site` (`dupbridge run` is tested in
tests/web/test_sessions_run.py)."""

from __future__ import annotations

import importlib
import re
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


IMP_CSV = CSV.replace("A60/40", "A+/A-") + "1,7,8,4H,S,,=\n1,9,10,4H,S,,+1\n"


class TestScoringOptions:
    def test_datum_presets(self, runner: CliRunner, travellers: Path) -> None:
        """--datum picks a named Butler datum; ebu (drop top and bottom) is the default."""
        travellers.write_text(IMP_CSV, encoding="utf-8")
        outputs = {}
        for preset in ("ebu", "plain", "jfr"):
            args = ["score", str(travellers), "--method", "imp-butler", "--datum", preset]
            result = runner.invoke(app, args)
            assert 0 == result.exit_code, result.output
            outputs[preset] = result.stdout
        default = runner.invoke(app, ["score", str(travellers), "--method", "imp-butler"])
        assert outputs["ebu"] == default.stdout
        assert outputs["ebu"] != outputs["plain"]

    def test_unknown_datum_preset(self, runner: CliRunner, travellers: Path) -> None:
        """An unknown preset is a usage error naming the presets."""
        result = runner.invoke(app, ["score", str(travellers), "--datum", "acbl"])
        assert 2 == result.exit_code
        assert "ebu, plain, jfr" in result.stderr

    def test_cross_imps_per_comparison(self, runner: CliRunner, travellers: Path) -> None:
        """--cross-imps average prints each total divided by its comparisons: board 2 has
        3 results, board 1 five (and an A+/A- sit-in), so totals shrink."""
        travellers.write_text(IMP_CSV, encoding="utf-8")
        base = ["score", str(travellers), "--method", "cross-imp"]
        summed = runner.invoke(app, base)
        averaged = runner.invoke(app, [*base, "--cross-imps", "average"])
        assert 0 == summed.exit_code == averaged.exit_code, averaged.output
        assert summed.stdout != averaged.stdout
        bad = runner.invoke(app, [*base, "--cross-imps", "mean"])
        assert 2 == bad.exit_code
        assert "--cross-imps must be one of sum, average" in bad.stderr


class TestErrorsThatHelp:
    @pytest.mark.parametrize(
        ("text", "expected"),
        [
            ("board,ns,contract\n1,1,4S\n", "1:1: error: the header has no ew column (accepted "
             "names: ew, ew pair"),
            ("board,ns,ew,contract,declarer,result,score\n1,1,2,4S,N,=,abc\n",
             "2:14: error: score 'abc': not a score: expected North-South's points"),
            ("board,ns,ew,contract,declarer,result\n1,1,2,4S,Q,=\n",
             "2:10: error: declarer 'Q': not a seat: 'Q' (expected N, E, S or W)"),
            ("board,ns,ew,contract,declarer,result\n", "1:1: error: no results"),
        ],
    )  # fmt: skip
    def test_bad_content_exits_1(
        self, runner: CliRunner, tmp_path: Path, text: str, expected: str
    ) -> None:
        """Bad content: each problem located once on standard error (never 'error:' twice,
        never Python's own words), nothing on standard output, exit 1."""
        path = tmp_path / "bad.csv"
        path.write_text(text, encoding="utf-8")
        result = runner.invoke(app, ["score", str(path)])
        assert 1 == result.exit_code
        assert f"{path}:{expected}" in " ".join(result.stderr.split())
        assert "" == result.stdout
        assert all(line.count("error:") <= 1 for line in result.stderr.splitlines())
        assert "invalid literal" not in result.stderr
        assert "Traceback" not in result.output


class TestValidateTravellers:
    def test_travellers_checked_like_score(self, runner: CliRunner, tmp_path: Path) -> None:
        """validate reads a travellers CSV as score does: FILE:LINE:COLUMN for each problem,
        a summary, exit 1."""
        path = tmp_path / "t.csv"
        path.write_text(CSV + "3,1,2,8S,N,,=\n", encoding="utf-8")
        result = runner.invoke(app, ["validate", str(path)])
        assert 1 == result.exit_code
        assert f"{path}:8:7: error: contract '8S'" in result.stdout
        assert f"{path}: 6 results, 1 error, 0 warnings" in result.stderr

    def test_good_travellers(self, runner: CliRunner, travellers: Path) -> None:
        """A good travellers file passes with exit 0."""
        result = runner.invoke(app, ["validate", str(travellers)])
        assert 0 == result.exit_code, result.output
        assert "6 results, 0 errors, 0 warnings" in result.stderr

    def test_header_and_empty(self, runner: CliRunner, tmp_path: Path) -> None:
        """A header without a required column and a file without results are errors."""
        for text, message in (
            ("board,ns\n1,1\n", "the header has no ew column"),
            ("board,ns,ew\n", "no results"),
        ):
            path = tmp_path / "t.csv"
            path.write_text(text, encoding="utf-8")
            result = runner.invoke(app, ["validate", str(path)])
            assert 1 == result.exit_code
            assert message in result.stdout

    def test_bad_movement_file_says_error_once(
        self, runner: CliRunner, travellers: Path, tmp_path: Path
    ) -> None:
        """A --movement file without the needed columns: one line, 'error:' said once."""
        movement = tmp_path / "m.csv"
        movement.write_text("junk,stuff\n1,2\n", encoding="utf-8")
        result = runner.invoke(app, ["score", str(travellers), "--movement", str(movement)])
        assert 2 == result.exit_code
        assert 1 == result.stderr.count("error:")
        assert f"{movement}:1:1: the header needs the columns" in " ".join(result.stderr.split())


def test_site_per_comparison_column(runner: CliRunner, tmp_path: Path) -> None:
    """With --cross-imps average each line's NS figure already is per comparison: the
    board page's per-comparison column shows the same figure, not divided again."""
    travellers = tmp_path / "t.csv"
    travellers.write_text(IMP_CSV, encoding="utf-8")
    out = tmp_path / "site"
    args = ["score", str(travellers), "--method", "cross-imp", "--cross-imps", "average"]
    assert 0 == runner.invoke(app, [*args, "--out", str(out)]).exit_code
    page = (out / "boards" / "board-1.html").read_text(encoding="utf-8")
    rows = re.findall(
        r'<td class="num strong">([^<]*)</td><td class="num strong">[^<]*</td>\s*'
        r'<td class="num[^"]*">([^<]*)</td>',
        page,
    )
    compared = [(ns, per) for ns, per in rows if per]  # the A+/A- line compares nothing
    assert (5, 4) == (len(rows), len(compared))
    assert all(ns == per_comparison for ns, per_comparison in compared)
    assert any("." in ns for ns, _per in compared)  # 3 comparisons: fractions of an IMP


def test_own_output_scored_by_its_own_method(runner: CliRunner, tmp_path: Path) -> None:
    """dupbridge reads what it writes: its results.pbn and results.xml of a Butler event are
    scored by Butler again with no --method (the file names its method)."""
    travellers = tmp_path / "t.csv"
    travellers.write_text(IMP_CSV, encoding="utf-8")
    out = tmp_path / "site"
    first = runner.invoke(
        app, ["score", str(travellers), "--method", "imp-butler", "--out", str(out)]
    )
    assert 0 == first.exit_code, first.stderr
    for written in ("results.pbn", "results.xml"):
        again = runner.invoke(app, ["score", str(out / written)])
        assert 0 == again.exit_code, again.stderr
        assert "IMP" in again.stdout
        rows = [line for line in first.stdout.splitlines() if line.startswith("│")]
        assert rows == [line for line in again.stdout.splitlines() if line.startswith("│")]


@pytest.mark.parametrize("language", ["pl", "sv", "ru"])
def test_ranking_table_writes_decimals_the_language_way(
    runner: CliRunner, travellers: Path, language: str
) -> None:
    """The terminal's ranking has the same figures as the English one, with a decimal comma
    (issue 17: number formats per language); the results.pbn file keeps its points."""
    from dupbridge.i18n import set_language

    english = runner.invoke(app, ["score", str(travellers)])
    try:
        local = runner.invoke(app, ["--lang", language, "score", str(travellers)])
    finally:
        set_language("en")
    assert 0 == english.exit_code == local.exit_code, local.output
    figures = re.findall(r"\b\d+\.\d\d\b", english.output)
    assert len(figures) >= 6  # totals and percentages of six pairs
    assert figures == [f.replace(",", ".") for f in re.findall(r"\b\d+,\d\d\b", local.output)]
    assert not re.search(r"\b\d+\.\d\d\b", local.output)
