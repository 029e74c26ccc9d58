"""`dupbridge deal / analyse / handrecord / claim-check` (docs/analysis.md)."""

from __future__ import annotations

import hashlib
import importlib
import json
import stat
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from dupbridge.analysis.dd import DDTable, dd_table
from dupbridge.analysis.dealing import DealingKey, deal_board
from dupbridge.cli.__main__ import COMMAND_MODULES
from dupbridge.cli.analysis_commands import line_from_statement, read_key_file
from dupbridge.cli.app import app
from dupbridge.core.calls import parse_call
from dupbridge.core.cards import Card
from dupbridge.core.deal import Deal
from dupbridge.core.table import Table
from dupbridge.formats import dup, pbn

KEY = DealingKey(bytes(range(32)))
DEAL = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"


@pytest.fixture(scope="module")
def runner() -> CliRunner:
    for module in COMMAND_MODULES:
        importlib.import_module(module)
    return CliRunner()


def invoke(runner: CliRunner, *args: str) -> Any:
    return runner.invoke(app, list(args))


def error_lines(result: Any) -> list[str]:
    return [line for line in result.stderr.splitlines() if line.startswith("error:")]


class TestDeal:
    def test_new_key_saved_beside_the_output(self, runner: CliRunner, tmp_path: Path) -> None:
        """Without a key, a new one is saved to OUT.key, readable by its owner only."""
        out = tmp_path / "set.pbn"
        result = invoke(runner, "deal", "--boards", "1-36", "--out", str(out))
        assert 0 == result.exit_code, result.stderr
        games = pbn.load_path(out)
        assert list(range(1, 37)) == [game.board for game in games]
        key_path = tmp_path / "set.key"
        assert 0o600 == stat.S_IMODE(key_path.stat().st_mode)
        key = read_key_file(key_path)
        assert [deal_board(key, n).deal for n in range(1, 37)] == [g.deal for g in games]
        assert key.fingerprint in result.stderr

    def test_key_never_in_the_output(self, runner: CliRunner, tmp_path: Path) -> None:
        """The secret appears in no output file and no message (Law 6E: nobody may predict)."""
        key = DealingKey(hashlib.sha256(b"a director's key").digest())
        key_file = tmp_path / "k.key"
        key_file.write_text(key.to_str() + "\n")
        secret = key.secret.hex()
        for name in ("set.pbn", "set.dup", "set.dlm"):
            out = tmp_path / name
            result = invoke(runner, "deal", "--out", str(out), "--key-file", str(key_file))
            assert 0 == result.exit_code, result.stderr
            data = out.read_bytes()
            assert key.secret not in data
            for start in range(0, 64, 16):  # no 16-digit piece of the key, in any case
                assert secret[start : start + 16].encode() not in data.lower()
                assert secret[start : start + 16] not in (result.stdout + result.stderr).lower()

    def test_reproducible_from_the_key_file(self, runner: CliRunner, tmp_path: Path) -> None:
        """The same key file deals the same boards again, in any format."""
        key_file = tmp_path / "k.key"
        key_file.write_text("# my key\n" + KEY.to_str() + "\n")
        first, second = tmp_path / "a.pbn", tmp_path / "b.pbn"
        for out in (first, second):
            invoke(
                runner, "deal", "--boards", "37-40", "--out", str(out), "--key-file", str(key_file)
            )
        assert first.read_text() == second.read_text()
        games = pbn.load_path(first)
        assert [deal_board(KEY, n).deal for n in range(37, 41)] == [g.deal for g in games]

    def test_key_on_the_command_line(self, runner: CliRunner, tmp_path: Path) -> None:
        """--key gives the key itself; a different key gives a different set."""
        out, other = tmp_path / "a.pbn", tmp_path / "b.pbn"
        invoke(runner, "deal", "--boards", "1-4", "--out", str(out), "--key", KEY.to_str())
        another = DealingKey(bytes(32))
        invoke(runner, "deal", "--boards", "1-4", "--out", str(other), "--key", another.to_str())
        assert [g.deal for g in pbn.load_path(out)] == [
            deal_board(KEY, n).deal for n in range(1, 5)
        ]
        assert pbn.load_path(out)[0].deal != pbn.load_path(other)[0].deal

    def test_dealing_machine_file(self, runner: CliRunner, tmp_path: Path) -> None:
        """A .dup file for a Duplimate machine holds the same deals."""
        out = tmp_path / "set.dup"
        result = invoke(runner, "deal", "--boards", "1-8", "--out", str(out), "--key", KEY.to_str())
        assert 0 == result.exit_code, result.stderr
        records = dup.load_path(out)
        assert [deal_board(KEY, n).deal for n in range(1, 9)] == [r.deal for r in records]

    @pytest.mark.parametrize(
        ("args", "message"),
        [
            (("--boards", "0-3"), "not a board number: 0"),
            (("--boards", "1-3,3"), "board 3 is asked for twice"),
            (("--key", "12345"), "5 hexadecimal digits; expected 64"),
            (("--key", "z" * 64), "'z' is not a hexadecimal digit"),
            (("--out", "set.txt"), "unknown file format"),
        ],
    )
    def test_bad_input(
        self, runner: CliRunner, tmp_path: Path, args: tuple[str, ...], message: str
    ) -> None:
        """Bad boards, keys or outputs give one clear error line and exit 2."""
        base = ["deal", "--out", str(tmp_path / "set.pbn"), *args]
        result = invoke(runner, *base)
        assert 2 == result.exit_code
        lines = error_lines(result)
        assert 1 == len(lines)
        assert message in lines[0]

    def test_unreadable_key_file(self, runner: CliRunner, tmp_path: Path) -> None:
        """An unreadable key file is named with the line of the bad key (bad content: exit 1)."""
        key_file = tmp_path / "bad.key"
        key_file.write_text("# comment\nnot a key\n")
        result = invoke(
            runner, "deal", "--out", str(tmp_path / "s.pbn"), "--key-file", str(key_file)
        )
        assert 1 == result.exit_code  # bad content
        assert f"{key_file}:2: not a dealing key" in error_lines(result)[0]

    def test_existing_key_is_not_overwritten(self, runner: CliRunner, tmp_path: Path) -> None:
        """A key file beside the output is never replaced by a new key."""
        (tmp_path / "set.key").write_text(KEY.to_str())
        result = invoke(runner, "deal", "--out", str(tmp_path / "set.pbn"))
        assert 2 == result.exit_code
        assert "set.key exists" in error_lines(result)[0]
        assert KEY == read_key_file(tmp_path / "set.key")


def pbn_file(path: Path, *deals: str) -> Path:
    text = "".join(f'[Board "{n}"]\n[Deal "{deal}"]\n\n' for n, deal in enumerate(deals, start=1))
    path.write_text(text)
    return path


class TestAnalyse:
    def test_tags_written(self, runner: CliRunner, tmp_path: Path) -> None:
        """DoubleDummyTricks, OptimumResultTable, OptimumScore and ParContract are added."""
        source = pbn_file(tmp_path / "in.pbn", DEAL)
        out = tmp_path / "out.pbn"
        result = invoke(runner, "analyse", str(source), "--out", str(out))
        assert 0 == result.exit_code, result.stderr
        game = pbn.load_path(out)[0]
        table = dd_table(Deal.from_pbn(DEAL))
        assert table.to_pbn() == game["DoubleDummyTricks"]
        rows = [" ".join(row) for row in game.table("OptimumResultTable").rows]  # type: ignore[union-attr]
        assert table == DDTable.from_optimum_result_table(rows)
        # Board 1: North deals, nobody vulnerable; DDS's PAR2 for this deal is -110, 2S by EW.
        assert "NS -110" == game["OptimumScore"]
        assert "EW 2S" == game["ParContract"]

    def test_output_validates_cleanly(self, runner: CliRunner, tmp_path: Path) -> None:
        """What analyse writes draws no warning from validate: a par only North makes is
        written with its side, 'NS 2S+1', as the PBN standard asks (not 'N 2S+1')."""
        only_north = "N:AJ.A74.A865.KT52 832.KQ963.KJT92. KQT65.J52.43.976 974.T8.Q7.AQJ843"
        source = pbn_file(tmp_path / "in.pbn", only_north)
        out = tmp_path / "out.pbn"
        assert 0 == invoke(runner, "analyse", str(source), "--out", str(out)).exit_code
        assert "NS 2S+1" == pbn.load_path(out)[0]["ParContract"]
        checked = invoke(runner, "validate", str(out))
        assert "0 errors, 0 warnings" in checked.stdout + checked.stderr

    @pytest.mark.slow
    def test_worker_processes(self, runner: CliRunner, tmp_path: Path) -> None:
        """--workers spreads the deals over a process pool; the tags are the same."""
        rotated = "E:" + DEAL[2:]
        source = pbn_file(tmp_path / "in.pbn", DEAL, rotated)
        here, pooled = tmp_path / "here.pbn", tmp_path / "pooled.pbn"
        invoke(runner, "analyse", str(source), "--out", str(here))
        result = invoke(runner, "analyse", str(source), "--out", str(pooled), "--workers", "2")
        assert 0 == result.exit_code, result.stderr
        assert here.read_text() == pooled.read_text()

    def test_bad_deal_is_located(self, runner: CliRunner, tmp_path: Path) -> None:
        """A hand of 12 cards is reported as FILE:LINE:COLUMN and nothing is written."""
        short = DEAL.replace("T98 ", "T9 ")
        source = pbn_file(tmp_path / "in.pbn", DEAL, short)
        out = tmp_path / "out.pbn"
        result = invoke(runner, "analyse", str(source), "--out", str(out))
        assert 1 == result.exit_code  # bad content
        assert f"{source}:5:" in result.stderr
        assert "North 12" in result.stderr
        assert not out.exists()

    def test_duplicated_card_is_located(self, runner: CliRunner, tmp_path: Path) -> None:
        """A card in two hands is named, with its line."""
        twice = DEAL.replace("KJ3", "KJQ")
        source = pbn_file(tmp_path / "in.pbn", twice)
        result = invoke(runner, "analyse", str(source), "--out", str(tmp_path / "o.pbn"))
        assert 1 == result.exit_code  # bad content
        assert f"{source}:2:" in result.stderr
        assert "CQ is in more than one hand" in result.stderr

    def test_keep_going(self, runner: CliRunner, tmp_path: Path) -> None:
        """--keep-going analyses the good boards and leaves the bad ones as they were."""
        source = pbn_file(tmp_path / "in.pbn", DEAL, DEAL.replace("T98 ", "T9 "))
        out = tmp_path / "out.pbn"
        result = invoke(runner, "analyse", str(source), "--out", str(out), "--keep-going")
        assert 0 == result.exit_code, result.stderr
        games = pbn.load_path(out)
        assert "DoubleDummyTricks" in games[0]
        assert "DoubleDummyTricks" not in games[1]

    def test_missing_file(self, runner: CliRunner, tmp_path: Path) -> None:
        """A file that cannot be read is one error line."""
        result = invoke(
            runner, "analyse", str(tmp_path / "no.pbn"), "--out", str(tmp_path / "o.pbn")
        )
        assert 2 == result.exit_code
        assert "cannot read" in error_lines(result)[0]


class TestHandRecord:
    def test_pdf_and_html(self, runner: CliRunner, tmp_path: Path) -> None:
        """An analysed PBN prints as PDF and HTML without solving again."""
        source = pbn_file(tmp_path / "in.pbn", DEAL)
        analysed = tmp_path / "an.pbn"
        invoke(runner, "analyse", str(source), "--out", str(analysed))
        pdf, html = tmp_path / "hr.pdf", tmp_path / "hr.html"
        assert 0 == invoke(runner, "handrecord", str(analysed), "--out", str(pdf)).exit_code
        assert pdf.read_bytes().startswith(b"%PDF")
        result = invoke(runner, "handrecord", str(analysed), "--out", str(html), "--title", "Pairs")
        assert 0 == result.exit_code, result.stderr
        text = html.read_text()
        assert "<h1>Pairs</h1>" in text
        assert "Par -110: 2♠ by " in text  # the one par notation (analysis.notation)

    def test_from_a_dealing_machine_file(self, runner: CliRunner, tmp_path: Path) -> None:
        """A .dup set prints too (double dummy is computed)."""
        machine = tmp_path / "set.dup"
        invoke(runner, "deal", "--boards", "1-2", "--out", str(machine), "--key", KEY.to_str())
        out = tmp_path / "hr.html"
        result = invoke(runner, "handrecord", str(machine), "--out", str(out))
        assert 0 == result.exit_code, result.stderr
        assert 'id="board-2"' in out.read_text()

    @pytest.mark.parametrize(
        ("args", "message"),
        [(("--out", "hr.txt"), "as .pdf or .html"), (("--per-page", "5"), "4 or 6 boards")],
    )
    def test_bad_options(
        self, runner: CliRunner, tmp_path: Path, args: tuple[str, ...], message: str
    ) -> None:
        """A wrong output kind or page size is one error line."""
        source = pbn_file(tmp_path / "in.pbn", DEAL)
        base = ["handrecord", str(source), "--out", str(tmp_path / "hr.pdf"), *args]
        result = invoke(runner, *base)
        assert 2 == result.exit_code
        assert message in error_lines(result)[0]


def claim_record(tmp_path: Path, statement: str | None = "SA then S9") -> Path:
    """West declares 2S on board 4; after seven tricks West claims 8 in all; North disputes."""
    table = Table(4, Deal.from_pbn(DEAL))
    actions: list[dict[str, Any]] = []
    for call in ("1S", "Pass", "2S", "Pass", "Pass", "Pass"):
        seat = table.turn
        assert seat is not None
        table.make_call(seat, parse_call(call))
        actions.append({"seat": seat.letter, "call": call})
    play = "CT C4 CA CJ H8 H4 HK H9 D5 DA D9 D2 S7 S5 S2 SQ D8 D4 DQ D3 H3 HA H6 H7 C3 C8 CQ C2"
    for word in play.split():
        seat = table.turn
        assert seat is not None
        table.play_card(seat, Card.from_str(word))
        actions.append({"seat": seat.letter, "card": word})
    claim: dict[str, Any] = {"seat": "W", "claim": 8}
    if statement is not None:
        claim["statement"] = statement
    actions += [claim, {"seat": "N", "reject_claim": True}]
    path = tmp_path / "claim.json"
    path.write_text(json.dumps({"board": 4, "deal": DEAL, "actions": actions}))
    return path


class TestClaimCheck:
    def test_json(self, runner: CliRunner, tmp_path: Path) -> None:
        """The record's claim is checked with the cards named in its statement (Law 70)."""
        result = invoke(runner, "claim-check", str(claim_record(tmp_path)), "--json")
        assert 0 == result.exit_code, result.stderr
        data = json.loads(result.stdout)
        assert ("W", 8, 3) == (data["claimer"], data["claimed"], data["won"])
        assert {"EW": 5, "NS": 1} == data["double_dummy"]
        assert ["SA", "S9"] == data["line"]
        assert data["best"]["holds"]
        assert not data["worst"]["holds"]
        assert ["SJ", "S6", "SK"] == data["outstanding_trumps"]

    def test_text(self, runner: CliRunner, tmp_path: Path) -> None:
        """The Director sees the hands left, the numbers and the verdicts."""
        result = invoke(runner, "claim-check", str(claim_record(tmp_path)), "--line", "SA")
        assert 0 == result.exit_code, result.stderr
        assert "Double dummy from here: E-W 5, opponents 1" in result.stdout
        assert "Trumps still held by the opponents (Law 70C): SJ S6 SK" in result.stdout

    def test_record_without_claim(self, runner: CliRunner, tmp_path: Path) -> None:
        """Without a claim in the record, the seat and tricks must be given."""
        path = claim_record(tmp_path)
        data = json.loads(path.read_text())
        data["actions"] = data["actions"][:-2]
        path.write_text(json.dumps(data))
        result = invoke(runner, "claim-check", str(path))
        assert 2 == result.exit_code
        assert "has no claim" in error_lines(result)[0]
        result = invoke(runner, "claim-check", str(path), "--seat", "W", "--tricks", "8", "--json")
        assert 0 == result.exit_code, result.stderr

    @pytest.mark.parametrize(
        ("args", "message"),
        [
            (("--line", "SA SZ"), "not a card: 'SZ'"),
            (("--line", "SK"), "South holds it"),
            (("--tricks", "12"), "impossible with 6 left"),
            (("--unstated", "sloppy"), "best, worst or both"),
        ],
    )
    def test_bad_input(
        self, runner: CliRunner, tmp_path: Path, args: tuple[str, ...], message: str
    ) -> None:
        """A bad line, claim or option is one error line."""
        result = invoke(runner, "claim-check", str(claim_record(tmp_path)), *args)
        assert 2 == result.exit_code
        assert message in error_lines(result)[0]

    def test_not_json(self, runner: CliRunner, tmp_path: Path) -> None:
        """A record that is not JSON is located by line and column."""
        path = tmp_path / "r.json"
        path.write_text("{\n  oops\n}")
        result = invoke(runner, "claim-check", str(path))
        assert 1 == result.exit_code  # bad content
        assert f"{path}:2:3: not JSON" in error_lines(result)[0]


def test_cards_named_in_a_statement() -> None:
    """A statement's card words become the line, in order (Law 68C)."""
    assert [Card.from_str(c) for c in ("SA", "SK", "HQ")] == line_from_statement(
        "I cash SA, SK then ♥Q and the rest are good"
    )
