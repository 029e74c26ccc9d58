"""The Director's desk in the service: the correction period (Law 79C), the audit log, and
results loaded from the files clubs already have (travellers CSV, USEBIO, PBN)."""

from __future__ import annotations

import pytest

from dupbridge.services.club import (
    ClubService,
    EntryError,
    EveningSetup,
    SetupError,
    State,
    Submission,
)
from dupbridge.services.club.results import (
    pbn_text,
    ranking,
    read_results,
    travellers_csv,
    usebio_xml,
)
from dupbridge.tournament import travellers


def _played(service: ClubService, **options: object) -> str:
    setup = EveningSetup(name="Club", family="howell", tables=4, **options)  # type: ignore[arg-type]
    evening_id = service.create(setup, "director")
    service.set_state(evening_id, State.PLAYING, "director")
    evening = service.load(evening_id)
    contracts = ["4S", "3NT", "2H", "5DX", "PASS", "1NT", "4H"]
    for round in (1, 2, 3):
        for table in evening.movement.tables:
            for index, board in enumerate(evening.boards_at(round, table)):
                contract = contracts[(round + table + index) % len(contracts)]
                submission = (
                    Submission(board, "PASS")
                    if contract == "PASS"
                    else Submission(
                        board, contract, "NESW"[table % 4], ["=", "+1", "-1"][index % 3]
                    )
                )
                service.submit(
                    evening_id, table, round, submission, key=f"{round}{table}{board}", who="t"
                )
    return evening_id


def test_the_correction_period_ends(service: ClubService) -> None:
    """Law 79C: after the end of play, scoring errors may be corrected until the period the
    Tournament Organizer set has expired; then the desk refuses, until play is reopened."""
    evening_id = _played(service, correction_minutes=0)
    line = next(iter(service.load(evening_id).lines.values()))
    service.set_state(evening_id, State.FINISHED, "director")
    with pytest.raises(EntryError, match="correction period ended"):
        service.correct(
            evening_id, line.table, line.round, Submission(line.board, "A60/40"), who="director"
        )
    service.set_state(evening_id, State.PLAYING, "director")
    service.correct(
        evening_id, line.table, line.round, Submission(line.board, "A60/40"), who="director"
    )
    assert "A60/40" == service.load(evening_id).lines[line.where].cells["contract"]


def test_within_the_correction_period(service: ClubService) -> None:
    """Within the period a late change is taken and logged with before and after."""
    evening_id = _played(service, correction_minutes=30)
    line = next(iter(service.load(evening_id).lines.values()))
    service.set_state(evening_id, State.FINISHED, "director")
    service.remove(evening_id, line.table, line.round, line.board, who="Maria", note="late")
    last = service.audit(evening_id)[-1]
    assert ("Maria", "delete", "late") == (last.who, last.action, last.note)
    assert last.before is not None
    assert last.after is None
    assert line.where not in service.load(evening_id).lines


@pytest.mark.parametrize(
    ("name", "export"),
    [("t.csv", travellers_csv), ("r.xml", usebio_xml), ("r.pbn", pbn_text)],
)
def test_loading_results_files(service: ClubService, name: str, export: object) -> None:
    """Results exported as travellers CSV, USEBIO or PBN and loaded into a new evening of the
    same movement are placed at the same rounds and tables, with the same outcomes."""
    source = service.load(_played(service))
    target_id = service.create(EveningSetup(name="Copy", family="howell", tables=4), "director")
    data = export(source).encode("utf-8")  # type: ignore[operator]
    lines, problems = read_results(service.load(target_id), name, data)
    assert [] == problems
    assert len(source.lines) == service.import_lines(target_id, lines, who="director", note=name)
    copied = service.load(target_id)

    def outcomes(evening: object) -> dict[tuple[int, int, int], str]:
        return {key: str(line.outcome) for key, line in evening.lines.items()}  # type: ignore[attr-defined]

    assert outcomes(source) == outcomes(copied)


def test_a_line_the_movement_cannot_have_is_reported(service: ClubService) -> None:
    """A traveller line for pairs that did not meet on that board is a located problem, and
    nothing of it is stored."""
    evening_id = service.create(EveningSetup(name="Club", family="howell", tables=4), "director")
    evening = service.load(evening_id)
    play = evening.movement.plays(1)[0]
    wrong = next(e.number for e in evening.movement.real_entrants if e not in play.seats)
    text = f"board,ns,ew,contract,declarer,result\n1,{play.seats[0].number},{wrong},4S,N,=\n"
    lines, problems = read_results(evening, "t.csv", text.encode())
    assert [] == lines
    assert problems
    assert problems[0].startswith("t.csv:2")


def test_a_team_evening(service: ClubService) -> None:
    """A round robin of four teams (Law 86: each board in both rooms) entered at the tables
    is ranked by the library's team scoring (VPs), each team once."""
    setup = EveningSetup(
        name="Teams", family="round-robin", tables=4, teams=True, method="teams-vp"
    )
    evening_id = service.create(setup, "director")
    service.set_state(evening_id, State.PLAYING, "director")
    evening = service.load(evening_id)
    count = 0
    for round in evening.movement.round_numbers:
        for table in evening.movement.tables:
            for board in evening.boards_at(round, table):
                count += 1
                service.submit(
                    evening_id, table, round,
                    Submission(board, "4S", "N", ["=", "-1", "+1"][count % 3]),
                    key=str(count), who="t",
                )  # fmt: skip
    rows = ranking(service.load(evening_id))
    assert ["1", "2", "3", "4"] == sorted(row.pair for row in rows)
    assert all(row.names.startswith("Team ") for row in rows)
    with pytest.raises(SetupError, match="for pairs"):
        EveningSetup(family="howell", teams=True, method="teams-vp")


def test_the_lead_goes_into_the_exports(service: ClubService) -> None:
    """The opening lead a table entered is kept in the travellers CSV."""
    evening_id = service.create(EveningSetup(name="Club", family="howell", tables=4), "director")
    service.set_state(evening_id, State.PLAYING, "director")
    play = service.load(evening_id).movement.plays(3)[0]
    service.submit(
        evening_id, play.table, play.round, Submission(3, "4H", "S", "=", "SQ"), key="k", who="t"
    )
    read = travellers.loads(travellers_csv(service.load(evening_id)))
    assert ["SQ"] == [str(result.outcome.lead) for result in read.event.results]  # type: ignore[union-attr]
