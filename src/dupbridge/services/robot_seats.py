"""Robots in the empty seats of online tables, playing through the same protocol as a person.

:class:`RobotSeats` attaches robots to seats of tables of the
:class:`~dupbridge.services.tables.TableService`. A robot listens to its table
(``service.listen``) and, at each change, reads the frame its seat would receive over a
WebSocket (``service.frame``: its own view, built by ``core.views``, and the events it may
see). It decides from that frame alone, never from the table: :func:`robot_action` turns the
frame into a :class:`~dupbridge.core.views.TableView` and asks the robots
(:mod:`dupbridge.robots`) for a call or a card. It then sends the command through
``service.handle`` with its seat, the ``expected_seq`` it saw and an idempotency key, like a
client, so the table checks it as it checks a person's.

* Calls carry the robot's alert and explanation (Laws 20F, 40B); the table sends the
  explanation to the robot's opponents only.
* Cards: the level chosen (``basic``, ``fast`` or ``standard``), with the auction read as
  hand constraints (``read_auction``) and the public record of the play (the cards each seat
  played, from the events: every card is played face up, Law 45A).
* A robot declarer (``fast`` and ``standard``) claims the remaining tricks when they are
  certain on every layout of the cards it cannot see, stating its line (Law 68C,
  :func:`dupbridge.robots.claims.certain_claim`); it claims once a board.
* A claim by an opponent is accepted unless what the robot sees shows it wrong: its own
  cards, dummy's and the claimer's, faced with the claim (Law 68C;
  :func:`dupbridge.robots.claims.claim_holds`, double dummy); a dispute calls the Director
  (Law 68D).
* An opponent's request to take back a call (Law 25A, online with consent) is granted; while
  its partner's request waits for an answer, the robot does not call over it.
* On taking its seat, a robot logs it (``RobotSits``, once per seat and board), so that the
  log tells every process where robots sit.
* A robot never acts out of turn: it acts only when its view offers it legal calls or cards,
  or a question that it may answer; and never while the Director rules at the table on the
  engine (the frame's ``director_ruling``, Law 9B2): it waits for the frame that ends it.

``pace_s`` is the pause before each action (its thinking time counts towards it): about a
second at a table with a person, 0 at a table of robots.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
import uuid
from collections.abc import Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from types import MappingProxyType
from typing import Any

from dupbridge.core.calls import parse_call
from dupbridge.core.cards import Card, Hand
from dupbridge.core.commands import AcceptClaim, Claim, MakeCall, PlayCard, RejectClaim
from dupbridge.core.contract import Contract
from dupbridge.core.errors import ActionError
from dupbridge.core.explanations import neutral_explanation
from dupbridge.core.play import Trick
from dupbridge.core.seats import SEATS, Seat, Side, Vulnerability
from dupbridge.core.table import Phase
from dupbridge.core.views import AuctionEntry, TableView
from dupbridge.robots.bidding import choose_call, read_auction
from dupbridge.robots.constraints import HandConstraint
from dupbridge.services.online import AnswerUndo, OnlineCommand, RobotSits
from dupbridge.services.table_errors import ClosedTableError
from dupbridge.services.tables import StoreUnavailableError, TableService

__all__ = ["LEVELS", "RobotMemory", "RobotSeats", "robot_action", "view_from_json"]

_LOG = logging.getLogger(__name__)

#: The robots' playing levels (``dupbridge.robots.play.LEVELS``, named here so that the
#: server need not load the double-dummy solver to check a setting).
LEVELS = ("basic", "fast", "standard")


def view_from_json(data: Mapping[str, Any]) -> TableView:
    """The :class:`TableView` of a frame's ``view`` (the JSON that ``services.wire`` sends
    to a seat): exactly what the seat sees, nothing more."""
    viewer = Seat.from_str(str(data["viewer"]))
    contract = data.get("contract")
    declarer = data.get("declarer")
    previous = data.get("previous_trick")
    tricks = data.get("tricks", {})
    done = int(tricks.get("NS", 0)) + int(tricks.get("EW", 0))
    previous_trick = None
    if previous is not None:
        cards = tuple(Card.from_str(text) for text in previous["cards"])
        assert len(cards) == 4
        previous_trick = Trick(
            done,
            Seat.from_str(previous["leader"]),
            (cards[0], cards[1], cards[2], cards[3]),
            Seat.from_str(previous["winner"]),
        )
    return TableView(
        viewer=viewer,
        board=int(data["board"]),
        dealer=Seat.from_str(str(data["dealer"])),
        vulnerability=Vulnerability.from_str(str(data["vulnerability"])),
        phase=Phase(str(data["phase"])),
        turn=None if data.get("turn") is None else Seat.from_str(str(data["turn"])),
        auction=tuple(
            AuctionEntry(
                Seat.from_str(entry["seat"]),
                parse_call(entry["call"]),
                bool(entry.get("alert", False)),
                entry.get("explanation"),
            )
            for entry in data.get("auction", [])
        ),
        contract=None if contract is None else Contract.from_str(str(contract)),
        declarer=None if declarer is None else Seat.from_str(str(declarer)),
        hands=MappingProxyType(
            {
                Seat.from_str(letter): Hand.of(Card.from_str(text) for text in cards)
                for letter, cards in data.get("hands", {}).items()
            }
        ),
        played=MappingProxyType(
            {
                Seat.from_str(letter): tuple(Card.from_str(text) for text in cards)
                for letter, cards in data.get("played", {}).items()
            }
        ),
        current_trick=tuple(
            (Seat.from_str(item["seat"]), Card.from_str(item["card"]))
            for item in data.get("current_trick", [])
        ),
        previous_trick=previous_trick,
        tricks=MappingProxyType(
            {Side.NS: int(tricks.get("NS", 0)), Side.EW: int(tricks.get("EW", 0))}
        ),
        legal_calls=tuple(parse_call(text) for text in data.get("legal_calls", [])),
        legal_cards=tuple(Card.from_str(text) for text in data.get("legal_cards", [])),
        result=data.get("result"),
    )


class RobotMemory:
    """What one robot remembers of its table from the frames it received: the last seq,
    every card played in order (public: played face up, Law 45A) and the last claim."""

    def __init__(self) -> None:
        self.since = -1
        self.plays: list[tuple[Seat, Card]] = []
        self.claim: tuple[Seat, int] | None = None
        self.constraints: dict[Seat, HandConstraint] | None = None

    def absorb(self, frame: Mapping[str, Any]) -> None:
        """Take in a frame's events (those after :attr:`since`)."""
        for event in frame.get("events", []):
            kind = event.get("type")
            if kind == "CardPlayed":
                self.plays.append((Seat.from_str(event["seat"]), Card.from_str(event["card"])))
            elif kind == "ClaimMade":
                self.claim = (Seat.from_str(event["seat"]), int(event["tricks"]))
        self.since = int(frame.get("seq", self.since))

    def agrees(self, view: Mapping[str, Any]) -> bool:
        """Whether the view shows as many cards played as the events did (a frame read while
        a command is being stored may show the table a step ahead of its events)."""
        if view.get("phase") != Phase.PLAY.value:
            return True
        tricks = view.get("tricks", {})
        done = int(tricks.get("NS", 0)) + int(tricks.get("EW", 0))
        return 4 * done + len(view.get("current_trick", [])) == len(self.plays)


def robot_action(
    seat: Seat,
    frame: Mapping[str, Any],
    memory: RobotMemory,
    *,
    level: str = "basic",
    budget_s: float = 1.0,
    rng: random.Random | None = None,
) -> OnlineCommand | None:
    """What the robot in ``seat`` does now, decided from its own frame alone (None: wait).

    ``memory`` must have absorbed the frame's events (:meth:`RobotMemory.absorb`).
    """
    data = frame["view"]
    online = frame.get("online") or {}
    if online.get("director_ruling"):
        return None  # the Director rules at the table: no seat acts (Law 9B2)
    view = view_from_json(data)
    if view.phase is Phase.AUCTION:
        requester = online.get("undo_request")
        if requester is not None:
            asker = Seat.from_str(str(requester))
            if asker.side is not seat.side:
                return AnswerUndo(seat, grant=True)  # Law 25A, online with consent
            return None  # partner's (or its own) request waits for the opponents' answer
        if not view.legal_calls:
            return None
        hand = view.hands[seat]
        call, alert, explanation = choose_call(view, hand, seat)
        return MakeCall(seat, call, alert, explanation)
    if view.phase is not Phase.PLAY:
        return None
    if view.turn is None:
        return _claim_answer(seat, view, online, memory, rng)
    if not view.legal_cards:
        return None
    if level != "basic" and seat is view.declarer and memory.claim is None:
        from dupbridge.robots.claims import certain_claim  # noqa: PLC0415 - loads DDS

        certain = certain_claim(view, memory.plays)
        if certain is not None:  # Law 68C: the claim with its line of play
            tricks, _line, statement = certain
            return Claim(seat, tricks, neutral_explanation(statement))
    from dupbridge.robots.play import choose_card  # noqa: PLC0415 - loads DDS on first use

    if memory.constraints is None:
        memory.constraints = read_auction(view, seat)
    card = choose_card(
        view,
        memory.constraints,
        level=level,  # type: ignore[arg-type]
        budget_s=budget_s,
        rng=rng,
        history=memory.plays,
    )
    return PlayCard(view.turn, card)


def _claim_answer(
    seat: Seat,
    view: TableView,
    online: Mapping[str, Any],
    memory: RobotMemory,
    rng: random.Random | None,
) -> OnlineCommand | None:
    """The robot's answer to a pending claim by an opponent (Laws 68A, 69A), if it has one
    to give: dummy leaves it to declarer, and a robot that agreed already waits."""
    if memory.claim is None:
        return None
    claimer, tricks = memory.claim
    if claimer.side is seat.side or seat is (
        None if view.declarer is None else view.declarer.partner
    ):
        return None
    if seat.letter in online.get("claim_agreed", []):
        return None
    from dupbridge.robots.claims import claim_holds  # noqa: PLC0415 - loads DDS on first use

    if claim_holds(view, memory.plays, claimer, tricks, rng=rng):
        return AcceptClaim(seat)
    return RejectClaim(seat)


class _Robot:
    """One robot at one seat of one table."""

    def __init__(self, owner: RobotSeats, table_id: str, seat: Seat, pace_s: float) -> None:
        self.owner = owner
        self.pace_s = pace_s
        self.table_id = table_id
        self.seat = seat
        self.memory = RobotMemory()
        self.wake = asyncio.Event()
        self.wake.set()
        self.rng = random.Random(
            None if owner.seed is None else f"{owner.seed}:{table_id}:{seat.letter}"
        )
        self.task = asyncio.create_task(self.run(), name=f"robot {table_id} {seat.letter}")

    async def run(self) -> None:
        service = self.owner.service
        try:
            await self.announce(service)
            while True:
                await self.wake.wait()
                self.wake.clear()
                while await self.step(service):
                    pass
                if self.over:
                    return
        except asyncio.CancelledError:
            raise
        except Exception:  # a robot must never take the server down
            _LOG.exception("robot %s at table %s stopped", self.seat.letter, self.table_id)
        finally:
            self.owner.gone(self)

    over = False

    async def announce(self, service: TableService) -> None:
        """Log once that a robot plays this seat (:class:`RobotSits`), so that every server
        process sees it in the log (the table page links the robots' card, Laws 40A1, 40B2);
        nothing when the log says so already or the board is over."""
        key = f"robot-sits-{self.seat.letter}-{uuid.uuid4().hex}"
        for attempt in range(20):
            live = await service.live(self.table_id)
            if self.seat in live.robot_seats or live.finished:
                return
            try:
                answer = await service.handle(
                    self.table_id, self.seat, RobotSits(self.seat), live.head, key
                )
            except StoreUnavailableError:
                await asyncio.sleep(0.2 * (attempt + 1))
                continue
            except (ClosedTableError, ActionError) as error:
                _LOG.info("robot %s at %s not logged: %s", self.seat.letter, self.table_id, error)
                return
            if answer.get("type") == "ack":
                return
            await asyncio.sleep(0)  # stale: the table moved on; look again

    async def step(self, service: TableService) -> bool:
        """Read the seat's frame and act once; True when it should look again at once."""
        live = await service.live(self.table_id)
        frame = await service.frame(live, self.seat, self.memory.since)
        self.memory.absorb(frame)
        if frame["view"]["phase"] == Phase.FINISHED.value:
            self.over = True
            return False
        if not self.memory.agrees(frame["view"]):
            return False  # a command is being written: its events come with the next update
        started = time.monotonic()
        command = await self.owner.think(self, frame)
        if command is None:
            return False
        pause = self.pace_s - (time.monotonic() - started)
        if pause > 0:
            await asyncio.sleep(pause)
        key = f"robot-{self.seat.letter}-{uuid.uuid4().hex}"
        for attempt in range(5):
            try:
                answer = await service.handle(
                    self.table_id, self.seat, command, int(frame["seq"]), key
                )
            except StoreUnavailableError:
                await asyncio.sleep(0.2 * (attempt + 1))  # the same key: stored at most once
                continue
            except ClosedTableError as error:  # its session is closed: the robot leaves
                _LOG.info("robot %s at %s stops: %s", self.seat.letter, self.table_id, error)
                self.over = True
                return False
            except ActionError as error:  # the table moved on under it: look again later
                _LOG.info("robot %s at %s refused: %s", self.seat.letter, self.table_id, error)
                return False
            return answer.get("type") == "stale" or answer.get("type") == "ack"
        return False


class RobotSeats:
    """Robots that play empty seats of the tables of ``service``, as a person would.

    Args:
        service: the table service.
        level: the card-play level: ``basic`` (plain rules), ``fast`` (a few double-dummy
            layouts a card from the third trick) or ``standard`` (simulation within a time
            budget of a second a card).
        pace_s: the pause before each robot action, in seconds (human speed when a person
            sits at the table, e.g. 0.6 to 1.0; 0 for a table of robots).
        seed: seeds the robots' random choices (None: unseeded).
    """

    def __init__(
        self,
        service: TableService,
        *,
        level: str = "basic",
        pace_s: float = 0.0,
        seed: int | None = None,
        budget_s: float = 1.0,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown robot level {level!r}: expected one of {', '.join(LEVELS)}")
        if pace_s < 0 or budget_s < 0:
            raise ValueError("pace_s and budget_s are seconds, not negative")
        self.service = service
        self.level = level
        self.pace_s = pace_s
        self.seed = seed
        self.budget_s = budget_s
        self._robots: dict[str, dict[Seat, _Robot]] = {}
        self._listeners: dict[str, Any] = {}
        # One thread thinks for every robot: the double-dummy solver keeps per-thread memory,
        # and the event loop must stay free for the tables while a robot thinks.
        self._thinker = ThreadPoolExecutor(1, thread_name_prefix="dupbridge-robot")

    def seats(self, table_id: str) -> frozenset[Seat]:
        """The seats robots play at ``table_id``."""
        return frozenset(self._robots.get(table_id, {}))

    async def attach(
        self, table_id: str, seats: Iterable[Seat], *, pace_s: float | None = None
    ) -> None:
        """Put robots in ``seats`` of table ``table_id`` (seats already played by a robot
        keep theirs); they act at once if it is their turn. ``pace_s`` overrides the pace
        for this table (e.g. 0 when robots fill all four seats).

        Raises:
            UnknownTableError: if there is no such table.
        """
        await self.service.live(table_id)  # raises UnknownTableError
        robots = self._robots.setdefault(table_id, {})
        for seat in seats:
            if seat not in SEATS:
                raise ValueError(f"not a seat: {seat!r}")
            if seat not in robots:
                pace = self.pace_s if pace_s is None else pace_s
                robots[seat] = _Robot(self, table_id, seat, max(0.0, pace))
        if table_id not in self._listeners:

            def listener(what: str, _at: float | None) -> None:
                if what == "update":
                    for robot in self._robots.get(table_id, {}).values():
                        robot.wake.set()

            self._listeners[table_id] = listener
            self.service.listen(table_id, listener)

    async def detach(self, table_id: str) -> None:
        """Take the robots away from ``table_id`` (nothing happens if there are none)."""
        robots = dict(self._robots.get(table_id, {}))
        for robot in robots.values():
            robot.task.cancel()
        for robot in robots.values():
            with contextlib.suppress(asyncio.CancelledError):
                await robot.task

    def gone(self, robot: _Robot) -> None:
        """``robot`` has stopped (its board is over): when a table has no robot left, stop
        listening to it, so that a finished table may leave memory."""
        robots = self._robots.get(robot.table_id)
        if robots is None or robots.get(robot.seat) is not robot:
            return
        del robots[robot.seat]
        if not robots:
            del self._robots[robot.table_id]
            listener = self._listeners.pop(robot.table_id, None)
            if listener is not None:
                self.service.unlisten(robot.table_id, listener)

    async def wait(self, table_id: str) -> None:
        """Wait until every robot of ``table_id`` has seen the board end."""
        tasks = [robot.task for robot in self._robots.get(table_id, {}).values()]
        if tasks:
            await asyncio.gather(*tasks)

    async def close(self) -> None:
        """Take every robot away and stop the thinking thread."""
        for table_id in list(self._robots):
            await self.detach(table_id)
        self._robots.clear()
        for table_id, listener in list(self._listeners.items()):
            self.service.unlisten(table_id, listener)
        self._listeners.clear()
        self._thinker.shutdown(wait=True)

    async def think(self, robot: _Robot, frame: Mapping[str, Any]) -> OnlineCommand | None:
        """The robot's decision, off the event loop when it may take time."""
        data = frame["view"]
        slow = (data["phase"] == Phase.PLAY.value and self.level != "basic") or (
            data["phase"] == Phase.PLAY.value and data.get("turn") is None
        )

        def decide() -> OnlineCommand | None:
            return robot_action(
                robot.seat,
                frame,
                robot.memory,
                level=self.level,
                budget_s=self.budget_s,
                rng=robot.rng,
            )

        if not slow:
            return decide()
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thinker, decide)
