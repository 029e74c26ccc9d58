"""Robots in the empty seats of online tables (issue 13, Robots; issue 14): they play through
the same protocol as a person, see only their own seat's frame, answer claims and undo
requests, and a table of four robots finishes a board in under a second."""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dupbridge.analysis.dd import dd_table
from dupbridge.core.boards import Board
from dupbridge.core.calls import Strain, parse_call
from dupbridge.core.cards import Hand
from dupbridge.core.commands import Claim, MakeCall, PlayCard
from dupbridge.core.deal import Deal
from dupbridge.core.event_json import event_to_json
from dupbridge.core.events import CallMade, ClaimAccepted, ClaimRejected
from dupbridge.core.seats import SEATS, Seat
from dupbridge.core.table import Phase, Table
from dupbridge.robots.bidding import choose_call
from dupbridge.services.access import Principal, Role
from dupbridge.services.bus import make_bus
from dupbridge.services.online import DirectorRecording, DirectorResume, RequestUndo
from dupbridge.services.robot_seats import RobotMemory, RobotSeats, robot_action
from dupbridge.services.tables import TableService
from dupbridge.services.wire import project_events, table_view
from dupbridge.store import EventStore, make_engine, upgrade
from dupbridge.web.app import create_app
from tests.async_run import run_async

from .conftest import DEAL, settings_for
from .protocol import command, create


@asynccontextmanager
async def _service(tmp_path: Path) -> AsyncIterator[TableService]:
    engine = make_engine(f"sqlite:///{tmp_path / 'robots.sqlite3'}")
    upgrade(engine)
    service = TableService(EventStore(engine), make_bus(None))
    await service.start()
    try:
        yield service
    finally:
        await service.close()
        engine.dispose()


def _run(test: Callable[[TableService], Coroutine[Any, Any, None]], tmp_path: Path) -> None:
    async def main() -> None:
        async with _service(tmp_path) as service:
            await test(service)

    run_async(main())


async def _until(predicate: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.01)


def test_four_robots_finish_a_board_in_under_a_second(tmp_path: Path) -> None:
    """A table of four robots (basic card play, no pause) plays a whole board through the
    service; every call carries an explanation, the log replays, and a board takes under a
    second (the median of five boards; each bounded by a timeout)."""
    import dupbridge.robots.play  # noqa: F401 - loaded before the clock starts

    async def test(service: TableService) -> None:
        robots = RobotSeats(service, level="basic", seed=7)
        times = []
        for number in range(1, 6):
            deal = Deal.random(random.Random(number))
            table_id, _session = await service.create_table(deal, Board.numbered(number))
            started = time.perf_counter()
            await robots.attach(table_id, SEATS)
            await asyncio.wait_for(robots.wait(table_id), timeout=10)
            times.append(time.perf_counter() - started)
            live = await service.live(table_id)
            assert live.finished
            calls = [event for _seq, event in live.actions if isinstance(event, CallMade)]
            assert calls
            assert all(call.explanation for call in calls)
            stored = await asyncio.to_thread(service.store.events, table_id, -1)
            assert [row.payload for row in stored] == [payload for _seq, payload in live.rows]
            assert not robots.seats(table_id)  # the robots left the finished table
        await robots.close()
        assert statistics.median(times) < 1.0, times

    _run(test, tmp_path)


def _frame(table: Table, seat: Seat) -> dict[str, Any]:
    """The frame the service sends ``seat`` with the whole log (as ``TableService.frame``)."""
    rows = [(seq, event_to_json(event)) for seq, event in enumerate(table.events)]
    return {
        "type": "update",
        "since": -1,
        "seq": len(rows) - 1,
        "events": project_events(rows, seat, finished=False, explanations_after_board=False),
        "view": table_view(table, seat, explanations_after_board=False),
        "online": {"undo_request": None, "claim_agreed": [], "director_called": None},
    }


def _scrambled(table: Table, seat: Seat, rng: random.Random) -> Table:
    """The same actions at a table whose cards ``seat`` cannot see are dealt otherwise: the
    hidden hands exchange their unplayed cards, each keeping its length in every suit (so
    that every card played stays legal)."""
    play = table.play
    visible = {seat}
    if play is not None and play.cards_played > 0 and table.dummy is not None:
        visible.add(table.dummy)
    if table.dummy is seat and table.declarer is not None:
        visible.add(table.declarer)
    hidden = [other for other in SEATS if other not in visible]
    played = {other: Hand() for other in SEATS}
    if play is not None:
        for who, card in play.plays():
            played[who] = played[who].add(card)
    hands = {other: table.deal[other] for other in SEATS}
    for suit_cards in _suits():
        pool = [c for other in hidden for c in hands[other] if c in suit_cards]
        pool = [c for c in pool if not any(c in played[o] for o in hidden)]
        rng.shuffle(pool)
        for other in hidden:
            keep = [c for c in hands[other] if c not in suit_cards or c in played[other]]
            count = sum(1 for c in hands[other] if c in suit_cards and c not in played[other])
            hands[other] = Hand.of([*keep, *pool[:count]])
            pool = pool[count:]
    scrambled = Table(table.board, Deal(*(hands[other] for other in SEATS)))
    for event in table.events[1:]:
        if isinstance(event, CallMade):
            scrambled.execute(MakeCall(event.seat, event.call, event.alert, event.explanation))
        elif hasattr(event, "card") and not hasattr(event, "trick"):
            scrambled.execute(PlayCard(event.seat, event.card))  # type: ignore[attr-defined]
    return scrambled


def _suits() -> list[set[Any]]:
    from dupbridge.core.cards import CARDS, Suit

    return [{card for card in CARDS if card.suit is suit} for suit in Suit]


def test_the_robot_never_peeks() -> None:
    """At every decision of a whole board, a robot given the frame of a table whose hidden
    cards are dealt otherwise (its own view unchanged) makes the same decision, at the fast
    level with simulation: it decides from its own seat's frame alone."""
    rng = random.Random(3)
    for number in (1, 2):
        table = Table(Board.numbered(number), Deal.random(rng))
        differed = 0
        while table.phase in (Phase.AUCTION, Phase.PLAY):
            turn = table.turn
            assert turn is not None
            seat = table.declarer if turn is table.dummy else turn
            assert seat is not None
            other = _scrambled(table, seat, rng)
            differed += other.deal != table.deal
            decisions = []
            for version in (table, other):
                frame = _frame(version, seat)
                memory = RobotMemory()
                memory.absorb(frame)
                decisions.append(
                    robot_action(
                        seat, frame, memory, level="fast", rng=random.Random(len(table.events))
                    )
                )
            assert decisions[0] == decisions[1]
            assert decisions[0] is not None
            table.execute(decisions[0])  # type: ignore[arg-type]
            if isinstance(decisions[0], Claim):
                break  # declarer claimed the rest (the same claim from either table)
        assert differed > 40  # the hidden cards really were dealt otherwise


def test_claims_checked_double_dummy(tmp_path: Path) -> None:
    """Law 68A, 69A, 68D: North (a person) claims in 1NT. The robots East and West accept a
    claim the double-dummy analysis of the real deal allows, and dispute one that East's own
    clubs refute: play stops for the Director."""
    deal = Deal.from_pbn(DEAL)
    possible = dd_table(deal)[Strain.NOTRUMP, Seat.N]

    async def claim(service: TableService, tricks: int) -> Table:
        table_id, _session = await service.create_table(deal, Board.numbered(1))
        live = await service.live(table_id)
        for call in ("1NT", "Pass", "Pass", "Pass"):  # the auction, called for all four
            turn = live.table.turn
            assert turn is not None
            command = MakeCall(turn, parse_call(call))
            await service.handle(table_id, turn, command, live.head, f"h{live.head}")
        robots = RobotSeats(service, level="basic", seed=1)
        await robots.attach(table_id, [Seat.E, Seat.W])
        await _until(lambda: live.table.turn is Seat.S)
        # East (a robot) led; North claims at once, dummy's card to play.
        answer: dict[str, Any] = {"type": "stale"}
        while answer["type"] == "stale":  # East's card may still be on its way to the log
            answer = await service.handle(
                table_id, Seat.N, Claim(Seat.N, tricks), live.head, "claim"
            )
        assert answer["type"] == "ack", answer
        await _until(lambda: live.table.phase is not Phase.PLAY)
        await robots.close()
        return live.table

    async def test(service: TableService) -> None:
        accepted = await claim(service, possible - 1)
        assert any(isinstance(event, ClaimAccepted) for event in accepted.events)
        assert accepted.phase is Phase.FINISHED
        disputed = await claim(service, 13)
        assert any(isinstance(event, ClaimRejected) for event in disputed.events)
        assert disputed.phase is Phase.DIRECTOR

    _run(test, tmp_path)


def test_undo_request_granted_and_robot_calls_again(tmp_path: Path) -> None:
    """Law 25A online: North (a person) asks to take back his opening bid after East (a
    robot) has called over it; a robot opponent grants it, both calls are withdrawn, and East
    calls again over North's new call."""

    async def test(service: TableService) -> None:
        table_id, _session = await service.create_table(Deal.from_pbn(DEAL), Board.numbered(1))
        robots = RobotSeats(service, level="basic", seed=2)
        await robots.attach(table_id, [Seat.E, Seat.W])
        live = await service.live(table_id)
        await service.handle(table_id, Seat.N, MakeCall(Seat.N, parse_call("1S")), 0, "n1")
        await _until(lambda: len(live.table.auction.calls) == 2)
        await service.handle(table_id, Seat.N, RequestUndo(Seat.N), live.head, "undo")
        await _until(lambda: live.undo_request is None and not live.table.auction.calls)
        head = live.head
        await service.handle(table_id, Seat.N, MakeCall(Seat.N, parse_call("1C")), head, "n2")
        await _until(lambda: len(live.table.auction.calls) == 2)
        assert live.table.auction.calls[0] == parse_call("1C")
        await robots.close()

    _run(test, tmp_path)


def test_bad_settings_are_refused() -> None:
    """An unknown level or a negative pace is refused with a message naming it."""
    with pytest.raises(ValueError, match="unknown robot level 'expert'"):
        RobotSeats(None, level="expert")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not negative"):
        RobotSeats(None, pace_s=-1)  # type: ignore[arg-type]


# --- over HTTP: POST /tables with "robots" ------------------------------------------------


def _robot_client(db_url: str) -> TestClient:
    return TestClient(create_app(settings_for(db_url, robot_pace=0.0, robot_level="basic")))


def _played_deal() -> Deal:
    """The first seeded deal on which the robots reach a contract while North passes
    throughout (so that the board has a play)."""
    for seed in range(100):
        deal = Deal.random(random.Random(seed))
        auction = Table(Board.numbered(1), deal).auction
        while not auction.is_complete:
            seat = auction.turn
            assert seat is not None
            call = (
                parse_call("Pass") if seat is Seat.N else choose_call(auction, deal[seat], seat)[0]
            )
            auction.add(call)
        if auction.contract is not None:
            return deal
    raise AssertionError("no deal with a contract")


def test_one_person_and_three_robots_over_http(db_url: str) -> None:
    """A person at North (a scripted HTTP client: he passes, and plays his first legal card)
    and three robots complete a board. Law 20F: North reads the robots' explanations of his
    opponents' calls (East, West), never of his partner's (South), during the auction and
    after it."""
    import dupbridge.robots.play  # noqa: F401 - loaded before the clock starts

    with _robot_client(db_url) as client:
        created = create(client, _played_deal().to_pbn(), robots=["E", "S", "W"])
        assert set(created["seats"]) == {"N"}
        assert set(created["seat_urls"]) == {"N"}
        table_id, token = created["table"], created["seats"]["N"]
        seen_calls: dict[str, list[dict[str, Any]]] = {"E": [], "S": [], "W": []}
        deadline = time.monotonic() + 60
        since = -1
        view: dict[str, Any] = {}
        while time.monotonic() < deadline:
            frame = client.get(f"/tables/{table_id}/view?token={token}&since={since}").json()
            since = frame["seq"]
            for event in frame["events"]:
                if event["type"] == "CallMade" and event["seat"] != "N":
                    seen_calls[event["seat"]].append(event)
            view = frame["view"]
            if view["phase"] == "finished":
                break
            if view["legal_calls"]:
                body = command("call", "N", frame["seq"], call="Pass")
            elif view["legal_cards"]:
                body = command("card", view["turn"], frame["seq"], card=view["legal_cards"][0])
            else:
                time.sleep(0.01)
                continue
            answer = client.post(f"/tables/{table_id}/commands?token={token}", json=body)
            assert answer.status_code in (200, 409), answer.text
        assert view["phase"] == "finished"
        assert view["contract"] is not None
        assert view["result"] is not None
        assert seen_calls["E"]
        assert seen_calls["W"]
        assert all(event.get("explanation") for event in seen_calls["E"] + seen_calls["W"])
        assert all("explanation" not in event for event in seen_calls["S"])
        for entry in view["auction"]:
            if entry["seat"] in ("E", "W"):
                assert entry.get("explanation")
            else:
                assert "explanation" not in entry


def test_a_table_of_four_robots_over_http(db_url: str) -> None:
    """POST /tables with four robots gives no seat token; the board is over within a second
    (the median of three boards, each bounded), as a kibitzer then sees."""
    import dupbridge.robots.play  # noqa: F401 - loaded before the clock starts

    with _robot_client(db_url) as client:
        times = []
        for number in (1, 2, 3):
            deal = Deal.random(random.Random(number)).to_pbn()
            started = time.monotonic()
            created = create(client, deal, board=number, robots=["N", "E", "S", "W"])
            assert created["seats"] == {}
            view: dict[str, Any] = {}
            while time.monotonic() < started + 20:
                view = client.get(f"/tables/{created['table']}/view").json()["view"]
                if view["phase"] == "finished" and view["hands"]:  # released once stored
                    break
                time.sleep(0.01)
            times.append(time.monotonic() - started)
            assert view["phase"] == "finished"
            assert view["hands"]  # released to kibitzers: every hand shows
        assert statistics.median(times) < 1.0, times


def test_robots_wait_while_the_director_rules(tmp_path: Path) -> None:
    """Law 9B2: while the Director rules at the table on the engine no seat acts. A robot
    whose turn it is reads ``director_ruling`` in its frame and does not even try (it used
    to send its call, be refused and send it again at each update); once the Director lets
    play go on, it calls."""

    async def test(service: TableService) -> None:
        director = Principal(Role.DIRECTOR, "Maria Nowak")
        table_id, _session = await service.create_table(Deal.from_pbn(DEAL), Board.numbered(1))
        await service.handle(table_id, Seat.N, MakeCall(Seat.N, parse_call("1S")), 0, "n1")
        live = await service.live(table_id)
        await service.direct(table_id, director, DirectorRecording(None), live.head, "open")
        tried: list[object] = []
        handle = service.handle

        async def counted(table: str, actor: Seat, command: Any, *args: Any) -> Any:
            tried.append(command)
            return await handle(table, actor, command, *args)

        service.handle = counted  # type: ignore[method-assign]
        robots = RobotSeats(service, level="basic", seed=3)
        await robots.attach(table_id, [Seat.E, Seat.W], pace_s=0)
        await _until(lambda: live.robot_seats == {Seat.E, Seat.W})
        await asyncio.sleep(0.3)
        assert not [command for command in tried if isinstance(command, MakeCall)]
        assert len(live.table.auction.calls) == 1
        await service.direct(table_id, director, DirectorResume(), live.head, "resume")
        await _until(lambda: len(live.table.auction.calls) == 2)
        assert [type(command) for command in tried if isinstance(command, MakeCall)] == [MakeCall]
        await robots.close()

    _run(test, tmp_path)


def test_robot_action_waits_on_the_director_ruling_flag() -> None:
    table = Table(Board.numbered(1), Deal.from_pbn(DEAL))
    frame = _frame(table, Seat.N)  # North deals: his turn to call
    memory = RobotMemory()
    memory.absorb(frame)
    assert isinstance(robot_action(Seat.N, frame, memory), MakeCall)
    ruling = frame | {"online": frame["online"] | {"director_ruling": True}}
    assert robot_action(Seat.N, ruling, memory) is None
