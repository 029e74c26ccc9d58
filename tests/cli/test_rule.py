"""`dupbridge rule`, the Director's wizard, and `dupbridge replay --json` in recording mode."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from dupbridge.cli.__main__ import COMMAND_MODULES
from dupbridge.cli.app import app

DEAL = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876"


@pytest.fixture(scope="module")
def runner() -> CliRunner:
    import importlib

    for module in COMMAND_MODULES:
        importlib.import_module(module)
    return CliRunner()


def write(tmp_path: Path, *actions: dict[str, Any], **fields: Any) -> Path:
    path = tmp_path / "record.json"
    data = {"board": 1, "deal": DEAL, "edition": "2017", "actions": list(actions), **fields}
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def replay(runner: CliRunner, path: Path) -> dict[str, Any]:
    result = runner.invoke(app, ["replay", "--json", str(path)])
    state: dict[str, Any] = json.loads(result.stdout)
    return state


class TestWizard:
    def test_insufficient_bid_ruled_and_written(self, runner: CliRunner, tmp_path: Path) -> None:
        """Law 27: the wizard shows the law and the options, takes the choice, the
        replacement and the Director's answers, and writes a record that replays to the
        ruling (partner passes throughout, Law 27B2; lead right, 26B)."""
        path = write(tmp_path, {"seat": "N", "call": "1S"}, {"seat": "E", "call": "1H"})
        out = tmp_path / "ruled.json"
        answers = "refuse\nc E 2H\nno\n2\nq\n"
        result = runner.invoke(
            app,
            ["rule", str(path), "--out", str(out), "--director", "Anna", "--time", "20:15"],
            input=answers,
        )
        assert 0 == result.exit_code, result.output
        assert "Law 27A1" in result.output
        assert "1. accept:" in result.output
        assert "Law 27B1(b)" in result.output
        record = json.loads(out.read_text(encoding="utf-8"))
        assert "recording" == record["mode"]
        assert {"choose": {"seat": "S", "option": "refuse"}} == record["actions"][2]
        assert {"comparable": False, "name": "Anna", "time": "20:15"} == record["actions"][5][
            "director"
        ]
        state = replay(runner, out)
        assert [{"seat": "W", "span": "rest_of_auction", "law": "27B2", "ruling": 3}] == state[
            "forced_passes"
        ]
        ruling = state["rulings"][0]
        assert ("Anna", "20:15") == (ruling["director"], ruling["time"])
        assert "27B2" in ruling["laws"]

    def test_new_record_from_prompts(self, runner: CliRunner, tmp_path: Path) -> None:
        """Without a record the wizard asks for the board, the deal and the calls so far;
        here a bid out of rotation (Law 31) accepted by the LHO (29A)."""
        out = tmp_path / "new.json"
        answers = f"1\n{DEAL}\n1H Pass\nc W 1S\naccept\nq\n"
        result = runner.invoke(app, ["rule", "--out", str(out), "--edition", "2007"], input=answers)
        assert 0 == result.exit_code, result.output
        assert "bid out of rotation (Law 29A (2007))" in " ".join(result.output.split())
        record = json.loads(out.read_text(encoding="utf-8"))
        assert "2007" == record["edition"]
        state = replay(runner, out)
        assert ["1H", "Pass", "1S"] == state["auction"]
        assert "N" == state["turn"]

    def test_bad_answers_are_refused_one_line_each(self, runner: CliRunner, tmp_path: Path) -> None:
        """An option not on offer, a wrong command: one clear line each; the ruling waits."""
        path = write(tmp_path, {"seat": "N", "call": "1S"}, {"seat": "E", "call": "1H"})
        answers = "cancel\nc W 2C\naccept\nfrobnicate\nq\n"
        result = runner.invoke(
            app, ["rule", str(path), "--out", str(tmp_path / "o.json")], input=answers
        )
        assert 0 == result.exit_code
        output = " ".join(result.output.split())
        assert "refused: 'cancel' is not on offer" in output
        assert "refused: a ruling is pending" in output
        assert "not understood: 'frobnicate'" in output
        record = json.loads((tmp_path / "o.json").read_text(encoding="utf-8"))
        assert 3 == len(record["actions"])  # only "accept" was added

    def test_review_and_adjusted_score(self, runner: CliRunner, tmp_path: Path) -> None:
        """Law 12C2: at the end the Director decides the review with an artificial score."""
        path = write(
            tmp_path,
            {"seat": "N", "call": "1S"},
            {"seat": "E", "call": "1H"},
            {"choose": {"seat": "S", "option": "refuse"}},
            {"seat": "E", "call": "Pass"},
            {"director": {"comparable": False}},
            *({"seat": s, "call": "Pass"} for s in "SWNE"),
        )
        answers = "review 72C A60/40\nq\n"
        result = runner.invoke(app, ["rule", str(path), "--time", "t"], input=answers)
        assert 0 == result.exit_code, result.output
        state = replay(runner, path)
        assert "A60%/A40%" == state["adjusted_score"]["artificial"]
        assert state["reviews"][0]["decision"].startswith("A60%/A40%")

    def test_record_to_stdout(self, runner: CliRunner, tmp_path: Path) -> None:
        """Without FILE or --out the record goes to standard output."""
        answers = f"3\n{DEAL}\n\nq\n"
        result = runner.invoke(app, ["rule"], input=answers)
        assert 0 == result.exit_code
        assert '"board": 3' in result.output

    def test_unreadable_record(self, runner: CliRunner, tmp_path: Path) -> None:
        """A record that is not JSON: one error line with line and column, exit 1."""
        path = tmp_path / "bad.json"
        path.write_text("{oops", encoding="utf-8")
        result = runner.invoke(app, ["rule", str(path)], input="q\n")
        assert 1 == result.exit_code  # bad content
        assert "not JSON" in " ".join(result.output.split())


NT_BY_EAST = [
    {"seat": "N", "call": "Pass"},
    {"seat": "E", "call": "1NT"},
    {"seat": "S", "call": "Pass"},
    {"seat": "W", "call": "Pass"},
    {"seat": "N", "call": "Pass"},
]
TRICK_ONE = [
    {"seat": s, "card": c} for s, c in (("S", "H7"), ("W", "H2"), ("N", "H3"), ("E", "HA"))
]


class TestWizardInPlay:
    def test_lead_out_of_turn_and_penalty_card(self, runner: CliRunner, tmp_path: Path) -> None:
        """Laws 56B, 50D: the wizard takes a lead out of turn, shows declarer's options, and
        after the refusal the penalty card shows in the table's summary."""
        path = write(tmp_path, *NT_BY_EAST, *TRICK_ONE)
        out = tmp_path / "ruled.json"
        result = runner.invoke(
            app, ["rule", str(path), "--out", str(out)], input="p N SA\nrefuse\nq\n"
        )
        assert 0 == result.exit_code, result.output
        output = " ".join(result.output.split())
        assert "Ruling on lead out of turn (Law 56 (2017))" in output
        assert "1. accept:" in output
        assert "penalty cards of North: SA(major)" in output
        state = replay(runner, out)
        assert {"N": [{"card": "SA", "kind": "major"}]} == state["penalty_cards"]

    def test_revoke_and_disputed_claim(self, runner: CliRunner, tmp_path: Path) -> None:
        """Laws 61-64, 70: attention drawn to a revoke, a disputed claim laid out for the
        Director (the cards left, double dummy), his trick count, the transfer at the end."""
        plays = "E:CA S:CJ W:C6 N:D8 E:CK S:CT W:C7 N:C3"
        revoke = [{"seat": s, "card": c} for s, c in (p.split(":") for p in plays.split())]
        path = write(tmp_path, *NT_BY_EAST, *TRICK_ONE, *revoke)
        answers = "revoke E N\nclaim E 9 cash the clubs\nreject S\ntricks 8\nq\n"
        result = runner.invoke(app, ["rule", str(path), "--time", "t"], input=answers)
        assert 0 == result.exit_code, result.output
        output = " ".join(result.output.split())
        assert "revoke by North: D8 on trick 2 (established, noticed)" in output
        assert "Cards left:" in output
        assert "tricks N, or line" in output
        assert "Law 64: 1 trick to E-W" in output
        state = replay(runner, path)
        assert (9, 8) == (state["result"], state["result_before_transfers"])


class TestReplayRecording:
    def test_pending_ruling_in_json(self, runner: CliRunner, tmp_path: Path) -> None:
        """docs/table-records.md: `pending` names the irregularity, the law, the options and
        who chooses; the exit status is 0 (nothing was refused)."""
        path = write(
            tmp_path, {"seat": "N", "call": "1S"}, {"seat": "E", "call": "1H"}, mode="recording"
        )
        result = runner.invoke(app, ["replay", "--json", str(path)])
        assert 0 == result.exit_code
        state = json.loads(result.stdout)
        assert {
            "irregularity": "insufficient_bid",
            "law": "27A1",
            "options": ["accept", "refuse"],
            "chooser": "S",
        }.items() <= state["pending"].items()
        for key in ("forced_passes", "lead_restrictions", "penalty_cards", "rulings", "reviews"):
            assert key in state

    def test_refused_choice_reported(self, runner: CliRunner, tmp_path: Path) -> None:
        """A choice by the wrong player stops the replay with one error naming the law."""
        path = write(
            tmp_path,
            {"seat": "N", "call": "1S"},
            {"seat": "E", "call": "1H"},
            {"choose": {"seat": "W", "option": "accept"}},
            mode="recording",
        )
        result = runner.invoke(app, ["replay", "--json", str(path)])
        assert 1 == result.exit_code
        state = json.loads(result.stdout)
        assert {"action": 2, "law": "27A1"}.items() <= state["error"].items()
        assert "the choice is South's" in state["error"]["message"]

    def test_strict_record_unchanged(self, runner: CliRunner, tmp_path: Path) -> None:
        """Strict mode keeps refusing an insufficient bid (Law 27) and has no rulings."""
        path = write(tmp_path, {"seat": "N", "call": "1S"}, {"seat": "E", "call": "1H"})
        state = replay(runner, path)
        assert "27" == state["error"]["law"]
        assert ([], None) == (state["rulings"], state["pending"])


SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")


class TestNewRuling:
    def test_wrong_answers_are_asked_again(self, runner: CliRunner, tmp_path: Path) -> None:
        """A mistyped board number, deal or call is asked again; the run goes on to the
        ruling (Law 27A1 for the insufficient bid)."""
        out = tmp_path / "new.json"
        answers = "x\n0\n1\nN:AKQ2.J3\n\n1S 1Q\n1S 1H\nrefuse\nc E 2D\nno\nno\nq\n"
        result = runner.invoke(app, ["rule", "--out", str(out), "--time", "t"], input=answers)
        assert 0 == result.exit_code, result.output
        output = " ".join(result.output.split())
        assert "A board number is a whole number from 1." in output
        assert "That deal is not readable" in output
        assert "Those are not all calls" in output
        assert "Law 27A1" in output
        record = json.loads(out.read_text(encoding="utf-8"))
        assert "deal" not in record  # to be completed later
        assert {"seat": "E", "call": "2D"} == record["actions"][3]

    def test_pending_ruling_saved_and_exit_1(self, runner: CliRunner, tmp_path: Path) -> None:
        """The input ends with the ruling open: the answers so far are saved, exit 1."""
        out = tmp_path / "open.json"
        result = runner.invoke(app, ["rule", "--out", str(out)], input="1\n\n1S 1H\n")
        assert 1 == result.exit_code
        assert "is not finished" in " ".join(result.output.split())
        record = json.loads(out.read_text(encoding="utf-8"))
        assert [{"seat": "N", "call": "1S"}, {"seat": "E", "call": "1H"}] == record["actions"]

    def test_deal_asked_when_cards_matter(self, runner: CliRunner, tmp_path: Path) -> None:
        """An auction ruling needs no cards; a card played asks for the deal, and a
        mistyped deal loses none of the answers before it (Law 24: a card shown early)."""
        path = tmp_path / "later.json"
        first = runner.invoke(
            app, ["rule", "--out", str(path)], input="1\n\n1S 1H\nrefuse\nc E 2D\nno\nno\nq\n"
        )
        assert 0 == first.exit_code, first.output
        answers = f"p W C9\nN:AKQ2\n{DEAL}\nq\n"
        second = runner.invoke(app, ["rule", str(path)], input=answers)
        output = " ".join(second.output.split())
        assert "The cards matter now" in output
        assert "That deal is not readable" in output
        record = json.loads(path.read_text(encoding="utf-8"))
        assert DEAL == record["deal"]
        assert {"seat": "W", "card": "C9"} == record["actions"][-1]
        assert 7 == len(record["actions"])  # the six answers before it kept

    def test_messages_use_no_record_keys(self, runner: CliRunner, tmp_path: Path) -> None:
        """Law 27B2: the forced pass reads as a Director says it, no `rest_of_auction`."""
        path = write(tmp_path, {"seat": "N", "call": "1S"}, {"seat": "E", "call": "1H"})
        answers = "refuse\nc E 2H\nno\n2\nq\n"
        result = runner.invoke(app, ["rule", str(path), "--time", "t"], input=answers)
        assert 0 == result.exit_code, result.output
        output = " ".join(result.output.split())
        assert "West must pass whenever it is his turn to call" in output
        assert [] == SNAKE.findall(output.replace(str(path), ""))

    def test_input_ends_before_the_board(self, runner: CliRunner) -> None:
        """Nothing typed at all: one clear line, exit 1, nothing written."""
        result = runner.invoke(app, ["rule"], input="")
        assert 1 == result.exit_code
        assert "nothing was saved" in result.output


def test_wizard_in_a_terminal(tmp_path: Path) -> None:
    """A Director types at the wizard's prompts on a terminal: a mistyped board, the
    calls, the choice and the answers to an insufficient bid (Law 27B1(b)); the ruling is
    saved (exit 0)."""
    import fcntl
    import os
    import select
    import struct
    import subprocess
    import sys
    import termios

    out = tmp_path / "ruled.json"
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 100, 0, 0))
    process = subprocess.Popen(
        [sys.executable, "-m", "dupbridge.cli", "rule", "--out", str(out), "--time", "t"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env={**os.environ, "TERM": "xterm", "COLUMNS": "100"},
        close_fds=True,
    )
    os.close(slave)
    answers = iter(["seven", "7", "", "1S 1H", "2", "c W 2D", "no", "no", "q"])
    seen = b""
    pending = b""
    try:
        while True:
            ready, _w, _x = select.select([master], [], [], 60)
            assert ready, seen.decode()[-500:]
            try:
                data = os.read(master, 65536)
            except OSError:
                break
            if not data:
                break
            seen += data
            pending += data
            if pending.rstrip(b" ").endswith((b":", b">")):
                os.write(master, (next(answers) + "\n").encode())
                pending = b""
    finally:
        code = process.wait(timeout=60)
        os.close(master)
    text = seen.decode("utf-8", "replace")
    assert 0 == code, text[-1500:]
    assert "A board number is a whole number from 1." in text
    record = json.loads(out.read_text(encoding="utf-8"))
    assert 7 == record["board"]
    assert {"choose": {"seat": "N", "option": "refuse"}} == record["actions"][2]
    assert {"seat": "W", "call": "2D"} == record["actions"][3]


def test_option_typed_as_shown(tmp_path: Path) -> None:
    """Law 27A1: the option may be typed as the wizard shows it, in any case (`Refuse`)."""
    path = write(tmp_path, {"seat": "N", "call": "1S"}, {"seat": "E", "call": "1H"})
    result = CliRunner().invoke(app, ["rule", str(path), "--time", "t"], input="Refuse\nq\n")
    assert 0 == result.exit_code, result.output
    record = json.loads(path.read_text(encoding="utf-8"))
    assert {"choose": {"seat": "S", "option": "refuse"}} == record["actions"][2]
