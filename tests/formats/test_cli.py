"""`dupbridge convert`, `dupbridge validate` and `dupbridge formats`."""

from __future__ import annotations

import importlib
import itertools
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge.cli.__main__ import COMMAND_MODULES
from dupbridge.cli.app import app
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.formats import dup, lin, pbn
from dupbridge.formats.records import BoardRecord
from tests.conftest import shared_file

GOOD = (
    '[Board "1"]\n[Dealer "N"]\n'
    '[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n'
)


@pytest.fixture(scope="module")
def runner() -> CliRunner:
    for module in COMMAND_MODULES:
        importlib.import_module(module)
    return CliRunner()


class TestValidate:
    def test_csv_is_told_apart_by_its_content(self, runner: CliRunner, tmp_path: Path) -> None:
        """A .csv is a travellers CSV when it starts with a header of columns, and a
        hand-record CSV (deals only) when it starts with a quoted hand."""
        from dupbridge.formats import handcsv

        deal = Deal.from_pbn(GOOD.split('"')[5])
        hands = tmp_path / "hands.csv"
        record = BoardRecord(board=1, dealer=Seat.N, vulnerability=Vulnerability.NONE, deal=deal)
        hands.write_text(handcsv.dumps([record]), encoding="utf-8")
        result = runner.invoke(app, ["validate", str(hands)])
        assert 0 == result.exit_code, result.stderr
        assert f"{hands}: 1 board, 0 errors, 0 warnings" in result.stderr
        travellers = tmp_path / "travellers.csv"
        travellers.write_text("board,ns,ew,contract,declarer,result\n1,1,2,4S,N,=\n")
        result = runner.invoke(app, ["validate", str(travellers)])
        assert 0 == result.exit_code, result.stderr
        assert f"{travellers}: 1 result, 0 errors, 0 warnings" in result.stderr

    def test_clean_file(self, runner: CliRunner, tmp_path: Path) -> None:
        """A file with no problem prints nothing on stdout and exits 0."""
        path = tmp_path / "good.pbn"
        path.write_text(GOOD)
        result = runner.invoke(app, ["validate", str(path)])
        assert 0 == result.exit_code
        assert "" == result.stdout
        assert f"{path}: 1 board, 0 errors, 0 warnings" in result.stderr

    def test_problems_one_per_line(self, runner: CliRunner, tmp_path: Path) -> None:
        """Each problem is FILE:LINE:COLUMN: error|warning: message; an error exits 1."""
        path = tmp_path / "bad.pbn"
        path.write_text(GOOD + '[Result "C-2"]\n[Colour "blue"]\n')
        result = runner.invoke(app, ["validate", str(path)])
        assert 1 == result.exit_code
        assert [
            f"{path}:4:10: error: tag Result: not a result: 'C-2' (expected declarer's tricks, "
            "like 9, or NS 9 EW 4)",
            f"{path}:5:2: warning: unknown tag Colour: kept as it is",
        ] == result.stdout.splitlines()

    def test_warnings_alone_exit_zero(self, runner: CliRunner, tmp_path: Path) -> None:
        """Warnings are printed but do not fail the file."""
        path = tmp_path / "warn.pbn"
        path.write_text(GOOD + '[Colour "blue"]\n')
        assert 0 == runner.invoke(app, ["validate", str(path)]).exit_code

    def test_format_from_option(self, runner: CliRunner, tmp_path: Path) -> None:
        """--from names the format of a file whose extension does not."""
        path = tmp_path / "board.txt"
        path.write_text("md|3SAKQJHAKQDAKQCAK,S2,S3,|mb|1C|mb|1C|")
        result = runner.invoke(app, ["validate", "--from", "lin", str(path)])
        assert 1 == result.exit_code
        assert "insufficient bid 1C after 1C" in result.stdout

    @pytest.mark.parametrize(
        ("name", "message"),
        [
            ("missing.pbn", "error: cannot read"),
            ("board.xyz", "error: unknown file format '.xyz'"),
            ("noextension", "has no extension: name its format with --from or --to"),
        ],
    )
    def test_one_clear_error(
        self, runner: CliRunner, tmp_path: Path, name: str, message: str
    ) -> None:
        """A file that cannot be read gives one error line and exit code 2, no traceback."""
        path = tmp_path / name
        if name != "missing.pbn":
            path.write_text("x")
        result = runner.invoke(app, ["validate", str(path)])
        assert 2 == result.exit_code
        assert message in result.stderr
        assert 1 == len(result.stderr.strip().splitlines())
        assert result.exception is None or isinstance(result.exception, SystemExit)


class TestConvert:
    @pytest.mark.oracle
    def test_pbn_to_dup_to_lin_to_pbn(self, runner: CliRunner, tmp_path: Path) -> None:
        """The 16 deals go PBN -> DUP -> LIN -> PBN and stay the same deals."""
        source = shared_file("deal-formats-16boards", "test.pbn")
        steps = [source, tmp_path / "a.dup", tmp_path / "b.lin", tmp_path / "c.pbn"]
        for before, after in itertools.pairwise(steps):
            result = runner.invoke(app, ["convert", str(before), str(after)])
            assert 0 == result.exit_code, result.stderr
            assert "16 boards" in result.stderr
        first = {g.board: g.deal for g in pbn.load_path(source)}
        last = {g.board: g.deal for g in pbn.load_path(steps[-1])}
        assert first == last

    @pytest.mark.oracle
    def test_pbn_to_pbn_keeps_comments_and_tables(self, runner: CliRunner, tmp_path: Path) -> None:
        """PBN to PBN goes game to game: every tag, table and comment is kept."""
        source = shared_file("pbn-reference-tests", "correct_20.pbn")
        target = tmp_path / "out.pbn"
        assert 0 == runner.invoke(app, ["convert", str(source), str(target)]).exit_code
        before, after = pbn.load_path(source), pbn.load_path(target)
        assert [sorted(t.name for t in g.tags) for g in before] == [
            sorted(t.name for t in g.tags if t.name in g2)
            for g, g2 in zip(after, before, strict=True)
        ]

    def test_errors_stop_the_conversion(self, runner: CliRunner, tmp_path: Path) -> None:
        """A source with errors is reported and nothing is written, unless --keep-going."""
        source = tmp_path / "bad.pbn"
        source.write_text(GOOD + '[Result "C-2"]\n')
        target = tmp_path / "out.lin"
        result = runner.invoke(app, ["convert", str(source), str(target)])
        assert 1 == result.exit_code
        assert "has 1 error; nothing written" in result.stderr
        assert not target.exists()
        result = runner.invoke(app, ["convert", "--keep-going", str(source), str(target)])
        assert 0 == result.exit_code
        (board,) = lin.load_path(target)
        assert Deal.from_pbn(GOOD.split('"')[5]) == board.record.deal

    def test_writer_refusal_is_one_line(self, runner: CliRunner, tmp_path: Path) -> None:
        """A dealing-machine file cannot hold a board without its deal: one clear error."""
        source = tmp_path / "partial.pbn"
        source.write_text('[Board "1"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ - - -"]\n')
        result = runner.invoke(app, ["convert", str(source), str(tmp_path / "x.dup")])
        assert 2 == result.exit_code
        assert "cannot write" in result.stderr
        assert "board 1 has no full deal" in result.stderr

    def test_to_option_overrides_extension(self, runner: CliRunner, tmp_path: Path) -> None:
        """--to names the output format whatever the target's extension."""
        source = tmp_path / "deals.dup"
        source.write_bytes(dup.dumps([BoardRecord(board=1, deal=Deal.from_index(7))]))
        target = tmp_path / "deals.out"
        assert (
            0 == runner.invoke(app, ["convert", "--to", "dlm", str(source), str(target)]).exit_code
        )
        assert target.read_text(encoding="latin-1").startswith("[Document]")


def test_formats_lists_the_registry(runner: CliRunner) -> None:
    """`dupbridge formats` lists every registered format with its extensions."""
    result = runner.invoke(app, ["formats"])
    assert 0 == result.exit_code
    for name, extension in (("pbn", ".pbn"), ("lin", ".lin"), ("dup", ".dup"), ("dlm", ".dlm")):
        assert name in result.stdout
        assert extension in result.stdout


def test_convert_warns_about_what_the_target_cannot_hold(runner: CliRunner, tmp_path: Path) -> None:
    """A contract and result with no auction cannot be written in LIN (it gives the contract by
    its calls): convert says so on standard error rather than dropping it silently."""
    source = tmp_path / "c.pbn"
    source.write_text(GOOD + '[Declarer "S"]\n[Contract "4S"]\n[Result "10"]\n')
    target = tmp_path / "c.lin"
    result = runner.invoke(app, ["convert", str(source), str(target)])
    assert 0 == result.exit_code, result.stderr
    assert f"{target}: warning: the contract 4S (South) and its result (10 tricks)" in " ".join(
        result.stderr.split()
    )
    assert target.exists()
