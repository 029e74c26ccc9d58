"""Scripted players for the session tests: they play chosen seats through
:meth:`~dupbridge.services.tables.TableService.handle`, as a person's client does (the Laws
engine checks every call and card). Unlike the server's robots
(:class:`dupbridge.services.robot_seats.RobotSeats`, which see only their own seat), these
read the whole table to choose quickly: they are test scaffolding, never server code."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
from collections.abc import Iterable

from dupbridge.core.commands import MakeCall, PlayCard
from dupbridge.core.errors import DupbridgeError
from dupbridge.core.seats import Seat
from dupbridge.core.table import Phase, Table
from dupbridge.robots.baseline import robot_call, robot_card
from dupbridge.services.tables import TableService

__all__ = ["LocalRobots", "actor_of", "next_action"]


def next_action(
    table: Table,
    seats: frozenset[Seat],
    rng: random.Random | None = None,
    error_rate: float = 0.0,
) -> MakeCall | PlayCard | None:
    """The command one of ``seats`` sends now (a robot's choice), or None if none of them
    is to act (declarer plays dummy's cards, Law 45B). With ``rng``, the robot now and then
    (``error_rate``) makes another legal call or plays another legal card, as club players
    do, so that the tables of a session do not all score the same."""
    seat = table.turn
    if seat is None:
        return None
    erring = rng is not None and rng.random() < error_rate
    if table.phase is Phase.AUCTION:
        if seat not in seats:
            return None
        call = robot_call(table.auction, table.deal[seat])
        if erring and rng is not None:
            call = rng.choice(list(table.legal_calls())[:6])
        return MakeCall(seat, call)
    if table.phase is Phase.PLAY:
        player = table.declarer if seat is table.dummy else seat
        if player not in seats:
            return None
        card = robot_card(table)
        if erring and rng is not None:
            card = rng.choice(list(table.legal_cards()))
        return PlayCard(seat, card)
    return None


def actor_of(table: Table, command: MakeCall | PlayCard) -> Seat:
    """Who sends ``command``: declarer for dummy's cards (Law 45B), else its seat."""
    if isinstance(command, PlayCard) and command.seat is table.dummy and table.declarer:
        return table.declarer
    return command.seat


class LocalRobots:
    """Robots for seats of the table service's tables.

    Args:
        service: the table service.
        pace_s: seconds a robot waits before acting (0: at once).
        error_rate: how often a robot makes another legal choice than its best.
        seed: the robots' seed (each table gets its own generator from it).
    """

    def __init__(
        self,
        service: TableService,
        *,
        pace_s: float = 0.0,
        error_rate: float = 0.05,
        seed: int = 0,
    ) -> None:
        self.service = service
        self.pace_s = pace_s
        self.error_rate = error_rate
        self.seed = seed
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._seats: dict[str, frozenset[Seat]] = {}
        self._keys = itertools.count(1)

    async def attach(self, table_id: str, seats: Iterable[Seat]) -> None:
        """Play ``seats`` at ``table_id`` (besides those robots play there already) until
        the board is over."""
        chosen = frozenset(seats) | self._seats.get(table_id, frozenset())
        await self.detach(table_id)
        if chosen:
            self._seats[table_id] = chosen
            self._tasks[table_id] = asyncio.create_task(self._run(table_id, chosen))

    async def detach(self, table_id: str) -> None:
        """Stop playing at ``table_id``."""
        self._seats.pop(table_id, None)
        task = self._tasks.pop(table_id, None)
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def close(self) -> None:
        """Stop every robot."""
        for table_id in list(self._tasks):
            await self.detach(table_id)

    async def _run(self, table_id: str, seats: frozenset[Seat]) -> None:
        changed = asyncio.Event()

        def listener(_what: str, _at: float | None) -> None:
            changed.set()

        rng = random.Random(f"{self.seed}:{table_id}")
        self.service.listen(table_id, listener)
        try:
            while True:
                changed.clear()
                live = await self.service.live(table_id)
                if live.table.phase is Phase.FINISHED:
                    return
                command = next_action(live.table, seats, rng, self.error_rate)
                if command is None:
                    await changed.wait()
                    continue
                if self.pace_s:
                    await asyncio.sleep(self.pace_s)
                try:
                    await self.service.handle(
                        table_id,
                        actor_of(live.table, command),
                        command,
                        live.head,
                        f"robot-{next(self._keys)}-{live.head}",
                    )
                except DupbridgeError:
                    await asyncio.sleep(0.05)  # someone else acted first: look again
        finally:
            self.service.unlisten(table_id, listener)
