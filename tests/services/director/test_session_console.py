"""The console's decisions on an online session are events of the logs (issue 16, "every
Director action is an event in the table's or the session's log"; must show 3).

A session of five pairs is played to its end by scripted players and robots. The Director
gives one board a weighted score (Law 12C1(c)): a ``DirectorScored`` event of that board's
table log, with his name and the time, which the inspector's log and a replay of the stored
log show. He revises it to an artificial score (Law 12C2): one more event that names the
first, which stays. The ranking each time is the one an independent scoring of the played
results with that line replaced gives. A robot and a substitute are entries of the
session's log; the audit merges both logs.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

import pytest

from dupbridge.scoring.rounding import format_fixed
from dupbridge.services.access import Principal, Role
from dupbridge.services.director.console import OnlineConsole
from dupbridge.services.director.scores import ScoresError
from dupbridge.services.director.session_console import SessionConsole
from dupbridge.services.live import LiveTable
from dupbridge.services.online import TableSettings
from dupbridge.services.sessions import SessionConfig, SessionError
from dupbridge.store import make_engine
from dupbridge.store.director import DirectorStore
from dupbridge.tournament.event_scoring import ScoringOptions, score_event
from dupbridge.tournament.results import parse_outcome
from tests.async_run import run_async
from tests.services.sessions.harness import Harness, harness, play_round

DIRECTOR = Principal(Role.DIRECTOR, "Maria Nowak")
WEIGHTED = "30% 4SN=; 70% 4SN-1"


async def _played_session(h: Harness) -> str:
    config = SessionConfig.from_json(
        {"name": "Console night", "boards_per_round": 1, "seed": 11, "robot_players": [2, 7]}
    )
    session_id, _pin = h.sessions.create(config)
    for k in range(1, 6):
        h.sessions.add_pair(session_id, (f"Anna {k}", f"Bo {k}"))
    await h.sessions.start(session_id)
    while h.sessions.view(session_id).state == "running":
        await play_round(h, session_id)
        h.clock.advance(30)
        await h.sessions.tick(session_id)
    return session_id


def _expected_ranking(event: object, board: int, ns: int, ew: int, score: str) -> list[tuple]:
    """The ranking of the played results with one line replaced, scored by the plain event
    scorer (not through the console, the logs or the session service)."""
    results = [
        replace(r, outcome=parse_outcome(score))
        if (r.board, r.ns.number, r.ew.number) == (board, ns, ew)
        else r
        for r in event.results  # type: ignore[attr-defined]
    ]
    scored = score_event(replace(event, results=results), ScoringOptions())  # type: ignore[type-var]
    return [
        (placing.key.number, format_fixed(placing.total))
        for field in scored.fields
        for placing, _score in field.placings
    ]


def _ranking(results: dict) -> list[tuple]:
    return [(row["pair"], row["total"]) for row in results["ranking"]]


def test_scores_are_table_events_and_a_revision_compensates(tmp_path: Path) -> None:
    async def main() -> None:
        async with harness(tmp_path) as h:
            session_id = await _played_session(h)
            log = DirectorStore(make_engine(h.url))
            console = SessionConsole(h.sessions, log)
            played = await h.sessions.scored(session_id)
            assert played is not None
            before = await console.results(session_id)
            line = next(item for item in before["lines"] if not item["director"])
            table, board = line["table_id"], line["board"]
            ns, ew = line["ns"], line["ew"]

            # Law 12C1(c): a weighted score, an event of the board's table log
            first = await console.adjust(DIRECTOR, session_id, table, WEIGHTED)
            assert first["laws"] == ["12C1(c)"]
            rows = h.tables.store.events(table)
            event = rows[-1].payload
            assert rows[-1].seq == first["seq"]
            assert event["type"] == "DirectorScored"
            assert (event["director"], event["score"], event["kind"]) == (
                "Maria Nowak", WEIGHTED, "adjusted_score")  # fmt: skip
            assert event["at"].endswith("+00:00")
            weighted = await console.results(session_id)
            mine = next(item for item in weighted["lines"] if item["table_id"] == table)
            assert mine["director"] is True
            assert mine["outcome"] == WEIGHTED
            assert _ranking(weighted) == _expected_ranking(played.event, board, ns, ew, WEIGHTED)

            # the table's log decides: a lost stored copy of the score changes nothing
            h.sessions.store.set_outcome(table, None, "")
            assert _ranking(await console.results(session_id)) == _ranking(weighted)

            # the results pages written at the close show it as the Director's line
            files = await h.sessions.close(session_id)
            assert files is not None
            page = files.published.index.parent / "boards" / f"board-{board}.html"
            assert f"Adjusted: {WEIGHTED}" in page.read_text(encoding="utf-8")

            # a revision: a compensating event; the original stays; the ranking follows
            second = await console.revise(DIRECTOR, session_id, table, first["seq"], "A60/40")
            types = [row.payload.get("type") for row in h.tables.store.events(table)]
            assert types.count("DirectorScored") == 2
            stored = [r.payload for r in h.tables.store.events(table)
                      if r.payload.get("type") == "DirectorScored"]  # fmt: skip
            assert stored[0]["score"] == WEIGHTED
            assert (stored[1]["kind"], stored[1]["revises"]) == ("revision", first["seq"])
            revised = await console.results(session_id)
            assert _ranking(revised) == _expected_ranking(played.event, board, ns, ew, "A60/40")
            assert _ranking(revised) != _ranking(weighted)
            # in the correction period (Law 79C) the pages are written again
            assert f"Adjusted: {WEIGHTED}" not in page.read_text(encoding="utf-8")
            audit = [item for item in revised["audit"] if item["type"] == "DirectorScored"]
            assert [(item["kind"], item["revises"]) for item in audit] == [
                ("adjusted_score", None), ("revision", first["seq"])]  # fmt: skip
            assert all(item["director"] == "Maria Nowak" for item in audit)

            # the inspector's log and a replay of the stored log show both events
            inspected = OnlineConsole(h.tables.store, log).inspect(table)
            assert [r["type"] for r in inspected["log"]].count("DirectorScored") == 2
            replayed = LiveTable(table, session_id, board, TableSettings())
            for row in h.tables.store.events(table):
                replayed.fold(row.seq, row.batch, row.payload, row.key)
            assert [seq for seq, _p in replayed.director_scores] == [first["seq"], second["seq"]]

            # only the score in force may be revised; nothing is written otherwise
            count = len(h.tables.store.events(table))
            with pytest.raises(ScoresError, match="in force"):
                await console.revise(DIRECTOR, session_id, table, first["seq"], "A50/50")
            with pytest.raises(ScoresError, match=r"not an adjusted score|table result"):
                await console.adjust(DIRECTOR, session_id, table, "4S|N|=")
            with pytest.raises(ScoresError, match="not part of"):
                await console.adjust(DIRECTOR, session_id, "no-such-table", "A60/40")
            assert len(h.tables.store.events(table)) == count

            # withdrawn: the table's own result stands again, the ranking is as played
            await console.withdraw(DIRECTOR, session_id, table, second["seq"])
            assert _ranking(await console.results(session_id)) == _ranking(before)
            assert [r.payload.get("type") for r in h.tables.store.events(table)].count(
                "DirectorScored"
            ) == 3

    run_async(main())


def test_robot_and_substitute_are_session_events(tmp_path: Path) -> None:
    async def main() -> None:
        async with harness(tmp_path) as h:
            config = SessionConfig.from_json({"name": "Short", "boards_per_round": 1, "seed": 3})
            session_id, _pin = h.sessions.create(config)
            for k in range(1, 5):
                h.sessions.add_pair(session_id, (f"Anna {k}", f"Bo {k}"))
            await h.sessions.start(session_id)
            console = SessionConsole(h.sessions, DirectorStore(make_engine(h.url)))
            await console.robot(DIRECTOR, session_id, 3)
            console.substitute(DIRECTOR, session_id, 4, "Ewa Sub")
            assert 3 in h.sessions.config(session_id).robot_players
            assert h.sessions.store.entries(session_id)[1].names[1] == "Ewa Sub"
            with pytest.raises(ScoresError, match="no player 99"):
                await console.robot(DIRECTOR, session_id, 99)
            with pytest.raises(SessionError, match="name"):
                console.substitute(DIRECTOR, session_id, 4, " ")
            audit = console.audit(session_id)
            assert [(item["log"], item["kind"], item["director"]) for item in audit] == [
                ("session", "robot", "Maria Nowak"),
                ("session", "substitute", "Maria Nowak"),
            ]
            assert "Ewa Sub substitutes for player 4" in audit[1]["text"]
            assert console.still_to_play(h.sessions.view(session_id).boards[0].table_id)

    run_async(main())


def test_of_two_simultaneous_revisions_of_one_score_exactly_one_passes(tmp_path: Path) -> None:
    """A revision compensates the score in force and no other (Law 12C, issue 16): two
    Directors revising the same score at once cannot both do so; the table checks it under
    its lock, so the second finds the first's revision in force and nothing of his is
    written."""

    async def main() -> None:
        async with harness(tmp_path) as h:
            session_id = await _played_session(h)
            console = SessionConsole(h.sessions, DirectorStore(make_engine(h.url)))
            line = next(item for item in (await console.results(session_id))["lines"])
            table = line["table_id"]
            first = await console.adjust(DIRECTOR, session_id, table, WEIGHTED)
            answers = await asyncio.gather(
                console.revise(DIRECTOR, session_id, table, first["seq"], "A60/40"),
                console.revise(DIRECTOR, session_id, table, first["seq"], "A50/50"),
                return_exceptions=True,
            )
            passed = [answer for answer in answers if isinstance(answer, dict)]
            refused = [answer for answer in answers if isinstance(answer, ScoresError)]
            assert len(passed) == 1, answers
            assert len(refused) == 1, answers
            assert "in force" in str(refused[0])
            scored = [row.payload for row in h.tables.store.events(table)
                      if row.payload.get("type") == "DirectorScored"]  # fmt: skip
            assert [(item["kind"], item["revises"]) for item in scored] == [
                ("adjusted_score", None), ("revision", first["seq"]),
            ]  # fmt: skip
            live = await h.tables.live(table)
            assert live.director_scores[-1][0] == passed[0]["seq"]

    run_async(main())
