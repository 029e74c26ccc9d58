"""`dupbridge replay`: table records in, final state out (docs/table-records.md)."""

from __future__ import annotations

import json
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


def record(*actions: dict[str, Any], board: int = 1, deal: str = DEAL) -> dict[str, Any]:
    return {
        "board": board,
        "deal": deal,
        "edition": "2017",
        "mode": "strict",
        "actions": list(actions),
    }


def calls(seats: str, words: str) -> list[dict[str, Any]]:
    return [{"seat": s, "call": c} for s, c in zip(seats.split(), words.split(), strict=True)]


def run_json(runner: CliRunner, tmp_path: Path, data: object) -> tuple[int, dict[str, Any]]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    result = runner.invoke(app, ["replay", "--json", str(path)])
    return result.exit_code, json.loads(result.stdout)


class TestReplayJson:
    def test_claimed_board(self, runner: CliRunner, tmp_path: Path) -> None:
        """A record with an auction, an opening lead and an accepted claim (Laws 68-69)."""
        data = record(
            *calls("N E S W N E S W", "1NT Pass 3NT Pass Pass X Pass Pass"),
            {"seat": "N", "call": "Pass"},
            {"seat": "E", "card": "HA"},
            {"seat": "N", "claim": 9},
            {"seat": "W", "accept_claim": True},
        )
        code, state = run_json(runner, tmp_path, data)
        assert 0 == code
        assert "finished" == state["phase"]
        assert "3NTX" == state["contract"]
        assert "N" == state["declarer"]  # North named notrumps first (Law 41A)
        assert {"NS": 9, "EW": 4} == state["tricks"]
        assert {"NS": 550, "EW": -550} == state["score"]
        assert state["error"] is None

    def test_auction_in_progress(self, runner: CliRunner, tmp_path: Path) -> None:
        """During the auction the state lists the legal calls of the player to call."""
        code, state = run_json(runner, tmp_path, record(*calls("N E", "1H X")))
        assert 0 == code
        assert ("auction", "S", None) == (state["phase"], state["turn"], state["contract"])
        assert ["Pass", "XX", "1S"] == state["legal_calls"][:3]
        assert "None" == state["vulnerability"]

    def test_passed_out(self, runner: CliRunner, tmp_path: Path) -> None:
        """A passed-out board: contract Pass, both sides score 0 (Law 22B)."""
        _, state = run_json(runner, tmp_path, record(*calls("N E S W", "P P P P")))
        assert ("finished", "Pass") == (state["phase"], state["contract"])
        assert {"NS": 0, "EW": 0} == state["score"]

    def test_play_lists_legal_cards(self, runner: CliRunner, tmp_path: Path) -> None:
        """During play the state lists the legal cards for the seat to play (Law 44C)."""
        data = record(*calls("N E S W", "1NT P P P"), {"seat": "E", "card": "SJ"})
        _, state = run_json(runner, tmp_path, data)
        assert ("play", "S") == (state["phase"], state["turn"])
        assert ["S7", "S6", "S5", "S4"] == state["legal_cards"]


class TestRefusedActions:
    @pytest.mark.parametrize(
        ("actions", "law", "fragment"),
        [
            (calls("N E", "1H 1C"), "27", "insufficient"),
            ([{"seat": "E", "call": "1H"}], "31", "out of rotation"),
            ([*calls("N", "1H"), {"seat": "E", "call": "8S"}], None, "Law 38"),
            ([*calls("N E S W", "P P P P"), {"seat": "N", "call": "1C"}], "39", "Laws 22, 39"),
            ([*calls("N E S W", "1NT P P P"), {"seat": "E", "card": "SA"}], None, "does not hold"),
            ([*calls("N E S W", "1NT P P P"), {"seat": "E", "card": "SZ"}], None, "not a card"),
        ],
    )
    def test_first_refusal_is_reported_with_state_before(
        self,
        runner: CliRunner,
        tmp_path: Path,
        actions: list[dict[str, Any]],
        law: str | None,
        fragment: str,
    ) -> None:
        """The first refused action is reported with its index, message and law; the state
        is the state before it, and the exit status is 1."""
        code, state = run_json(runner, tmp_path, record(*actions))
        assert 1 == code
        error = state["error"]
        assert len(actions) - 1 == error["action"]
        assert fragment in error["message"]
        assert law == error["law"]
        assert len([a for a in actions[:-1] if "call" in a]) == len(state["auction"])

    def test_bad_deal(self, runner: CliRunner, tmp_path: Path) -> None:
        """A deal with a 12-card hand: one clear error naming the problem, exit 1."""
        bad = DEAL.replace("AKQ2.", "AKQ.", 1)
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(record(deal=bad)))
        result = runner.invoke(app, ["replay", str(path)])
        assert 1 == result.exit_code  # bad content
        assert "North has 12 cards" in result.stderr
        assert "Traceback" not in result.output

    def test_not_json(self, runner: CliRunner, tmp_path: Path) -> None:
        """A file that is not JSON is reported with its line and column."""
        path = tmp_path / "x.json"
        path.write_text('{"board": 1,\n  "deal": }')
        result = runner.invoke(app, ["replay", str(path)])
        assert 1 == result.exit_code  # bad content
        assert "x.json:2:11: not JSON" in result.stderr

    def test_stdin(self, runner: CliRunner) -> None:
        """--stdin reads the record from standard input."""
        result = runner.invoke(app, ["replay", "--stdin", "--json"], input=json.dumps(record()))
        assert 0 == result.exit_code
        assert "N" == json.loads(result.stdout)["turn"]


def test_play_command_plays_a_whole_board(runner: CliRunner, tmp_path: Path) -> None:
    """`dupbridge play --auto` deals, bids, plays to the end, scores, and writes a record
    that `replay` reproduces."""
    out = tmp_path / "played.json"
    result = runner.invoke(app, ["play", "--auto", "--seed", "11", "--record", str(out)])
    assert 0 == result.exit_code, result.output
    replayed = runner.invoke(app, ["replay", "--json", str(out)])
    state = json.loads(replayed.stdout)
    assert state["phase"] == "finished"
    assert f"NS {state['score']['NS']:+d}" in result.stdout


class TestPlayedTricks:
    def test_each_trick_with_leader_cards_and_winner(
        self, runner: CliRunner, tmp_path: Path
    ) -> None:
        """Law 66D: the JSON state lists each trick's leader, its cards in the order played
        and its winner; the trick in progress has no winner yet."""
        data = record(
            *calls("N E S W", "1NT P P P"),
            *({"seat": s, "card": c} for s, c in (("E", "SJ"), ("S", "S4"), ("W", "S3"))),
            {"seat": "N", "card": "SA"},
            {"seat": "N", "card": "D8"},
        )
        code, state = run_json(runner, tmp_path, data)
        assert 0 == code
        first, second = state["played_tricks"]
        assert {"number": 1, "leader": "E", "winner": "N"}.items() <= first.items()
        assert ["E:SJ", "S:S4", "W:S3", "N:SA"] == [
            f"{c['seat']}:{c['card']}" for c in first["cards"]
        ]
        assert {"number": 2, "leader": "N", "winner": None}.items() <= second.items()
        assert [{"seat": "N", "card": "D8"}] == second["cards"]

    def test_no_tricks_during_the_auction(self, runner: CliRunner, tmp_path: Path) -> None:
        """Before the opening lead there is no trick to show."""
        _, state = run_json(runner, tmp_path, record(*calls("N E", "1NT P")))
        assert [] == state["played_tricks"]
