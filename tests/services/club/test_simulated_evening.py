"""Point 5: a whole simulated evening (7 tables, 27 boards, three devices that go offline at
times and resend, a fouled board (Law 87), two adjusted scores (Law 12C2 and a weighted
12C1(c))) gives the ranking that ``dupbridge score`` gives on the exported travellers; the
USEBIO export reads back through ``dupbridge.formats``."""

from __future__ import annotations

import importlib
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge.cli.__main__ import COMMAND_MODULES
from dupbridge.cli.app import app
from dupbridge.formats import usebio
from dupbridge.services.club import ClubService, EveningSetup, State, Submission
from dupbridge.services.club.results import ranking, travellers_csv, usebio_xml

CONTRACTS = ["1NT", "2S", "3NT", "4H", "4S", "3D", "5C", "2HX", "6NT", "PASS"]
OFFLINE_TABLES = {2, 4, 6}


class Device:
    """A table's device: entries wait in its queue while it is offline, and each is sent
    again (the same idempotency key) when the answer was lost."""

    def __init__(self, service: ClubService, evening_id: str, table: int) -> None:
        self.service, self.evening_id, self.table = service, evening_id, table
        self.queue: list[tuple[int, Submission, str]] = []
        self.sent = 0

    def enter(self, round: int, submission: Submission, online: bool) -> None:
        self.sent += 1
        self.queue.append((round, submission, f"t{self.table}-{self.sent}"))
        if online:
            self.flush(resend=False)

    def flush(self, *, resend: bool) -> None:
        for round, submission, key in self.queue:
            self.service.submit(
                self.evening_id, self.table, round, submission, key=key, who=f"table {self.table}"
            )
            if resend:  # the answer was lost on the way: the page sends it again
                again = self.service.submit(
                    self.evening_id, self.table, round, submission, key=key, who="table"
                )
                assert again.duplicate
        self.queue.clear()


def _submission(rng: random.Random, board: int) -> Submission:
    contract = rng.choice(CONTRACTS)
    if contract == "PASS":
        return Submission(board, "PASS")
    level = int(contract[0])
    tricks = max(0, min(13, level + 6 + rng.choice([-2, -1, -1, 0, 0, 0, 1, 1])))
    over = tricks - level - 6
    return Submission(board, contract, rng.choice("NESW"), "=" if over == 0 else f"{over:+d}")


@pytest.fixture(scope="module")
def runner() -> CliRunner:
    for module in COMMAND_MODULES:
        importlib.import_module(module)
    return CliRunner()


def test_simulated_evening(service: ClubService, runner: CliRunner, tmp_path: Path) -> None:
    setup = EveningSetup(
        name="Club evening", family="howell", tables=7, boards_per_round=3, rounds=9
    )
    evening_id = service.create(setup, "director")
    service.set_state(evening_id, State.PLAYING, "director")
    movement = service.load(evening_id).movement
    assert (7, 27) == (len(movement.tables), len(movement.boards))
    rng = random.Random(15)
    devices = {table: Device(service, evening_id, table) for table in movement.tables}
    for round in movement.round_numbers:
        for table in movement.tables:
            device = devices[table]
            online = table not in OFFLINE_TABLES or rng.random() < 0.5
            for board in service.load(evening_id).boards_at(round, table):
                device.enter(round, _submission(rng, board), online)
        for table in OFFLINE_TABLES:  # connections come back now and then
            if rng.random() < 0.5:
                devices[table].flush(resend=True)
    for device in devices.values():
        device.flush(resend=True)
    evening = service.load(evening_id)
    assert 7 * 27 == len(evening.lines)
    # A fouled board (Law 87): two forms, each matchpointed alone, then factored.
    fouled = list(movement.plays(5))
    service.foul(
        evening_id, 5,
        {(p.round, p.table): ("A" if i < 3 else "B") for i, p in enumerate(fouled)},
        who="director",
    )  # fmt: skip
    # Two adjusted scores: an artificial one (Law 12C2) and a weighted one (Law 12C1(c)).
    first, second = movement.plays(8)[0], movement.plays(20)[1]
    service.correct(evening_id, first.table, first.round, Submission(8, "A60/40"), who="director")
    service.correct(
        evening_id, second.table, second.round, Submission(20, "60% 4SN=; 40% 4SN-1"),
        who="director",
    )  # fmt: skip
    evening = service.load(evening_id)
    ours = ranking(evening)
    assert 14 == len(ours)

    exported = tmp_path / "travellers.csv"
    exported.write_text(travellers_csv(evening), encoding="utf-8")
    out = tmp_path / "site"
    result = runner.invoke(app, ["score", str(exported), "--out", str(out)])
    assert 0 == result.exit_code, result.output
    theirs = {}
    root = ET.parse(out / "results.xml").getroot()  # noqa: S314 - the file the test just wrote
    for pair in root.iter("PAIR"):
        theirs[pair.findtext("PAIR_NUMBER")] = (pair.findtext("PLACE"), pair.findtext("PERCENTAGE"))
    assert {row.pair: (row.place, row.percent) for row in ours} == theirs

    read = usebio.loads(usebio_xml(evening).encode("utf-8"), "club.xml")
    assert not [p for p in read.problems if not p.warning]

    def key(result: object) -> tuple[int, int, int, str]:
        return (result.board, result.ns.number, result.ew.number, str(result.outcome))  # type: ignore[attr-defined]

    assert sorted(map(key, evening.event().results)) == sorted(map(key, read.event.results))
    audit = service.audit(evening_id)
    assert 7 * 27 == sum(1 for row in audit if row.action == "enter")
    assert 2 == sum(1 for row in audit if row.action == "correct")
    assert all(row.before for row in audit if row.action in ("correct", "foul"))
