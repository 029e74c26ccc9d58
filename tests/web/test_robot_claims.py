"""A robot declarer claims at an online table, and its human opponents answer the claim as
they answer a person's (Laws 68A, 68C, 69A; 68D: a dispute stops play for the Director)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path

from dupbridge.core.boards import Board
from dupbridge.core.calls import parse_call
from dupbridge.core.cards import Card
from dupbridge.core.commands import AcceptClaim, MakeCall, PlayCard, RejectClaim
from dupbridge.core.deal import Deal
from dupbridge.core.events import ClaimMade
from dupbridge.core.seats import Seat
from dupbridge.core.table import Phase
from dupbridge.i18n import use_language
from dupbridge.services.bus import make_bus
from dupbridge.services.robot_seats import RobotSeats
from dupbridge.services.tables import TableService
from dupbridge.services.wire import table_view
from dupbridge.store import EventStore, make_engine, upgrade
from tests.async_run import run_async

#: North holds the top four spades and hearts, the top three diamonds and ♣AK.
DEAL = "N:AKQJ.AKQJ.AKQ.AK T98.T98.JT9.QJT9 5432.5432.5432.2 76.76.876.876543"


async def _until(predicate: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.01)


def _robot_claims_then(tmp_path: Path, answers: tuple[type, ...]) -> dict[str, object]:
    """North (a robot, ``standard``) declares 7NT; East (a person) leads ♣Q, West follows;
    North claims. East and West then answer with ``answers``. What the table shows after."""
    seen: dict[str, object] = {}

    async def main() -> None:
        engine = make_engine(f"sqlite:///{tmp_path / 'claims.sqlite3'}")
        upgrade(engine)
        service = TableService(EventStore(engine), make_bus(None))
        await service.start()
        try:
            table_id, _session = await service.create_table(Deal.from_pbn(DEAL), Board.numbered(1))
            live = await service.live(table_id)
            for call in ("7NT", "Pass", "Pass", "Pass"):  # the auction, called for all four
                turn = live.table.turn
                assert turn is not None
                await service.handle(
                    table_id, turn, MakeCall(turn, parse_call(call)), live.head, f"c{live.head}"
                )
            robots = RobotSeats(service, level="standard", budget_s=0.05, seed=2)
            await robots.attach(table_id, [Seat.N, Seat.S])
            await service.handle(
                table_id, Seat.E, PlayCard(Seat.E, Card.from_str("CQ")), live.head, "lead"
            )
            await _until(lambda: live.table.turn is Seat.W)
            await service.handle(
                table_id, Seat.W, PlayCard(Seat.W, Card.from_str("C3")), live.head, "follow"
            )
            # The claim is stored (not only made at the table) before the opponents answer.
            await _until(lambda: any(row.get("type") == "ClaimMade" for _seq, row in live.rows))
            with use_language("pl"):
                seen["pl"] = table_view(live.table, Seat.E, explanations_after_board=False)
            seen["en"] = table_view(live.table, Seat.W, explanations_after_board=False)
            for seat, answer in zip((Seat.E, Seat.W), answers, strict=False):
                reply = await service.handle(
                    table_id, seat, answer(seat), live.head, f"a{seat.letter}"
                )
                assert reply["type"] == "ack", reply
            await _until(lambda: live.table.phase is not Phase.PLAY)
            seen["phase"] = live.table.phase
            seen["claims"] = [e for e in live.table.events if isinstance(e, ClaimMade)]
            seen["tricks"] = live.table.result
            await robots.close()
        finally:
            await service.close()
            engine.dispose()

    run_async(main())
    return seen


def test_human_opponents_accept_a_robot_claim(tmp_path: Path) -> None:
    """Law 68A: after the first trick the robot declarer, holding only top cards, claims all
    thirteen tricks with its line (Law 68C), shown to each opponent in his language; both
    opponents accept (Law 69A) and the board ends with thirteen tricks for North-South."""
    seen = _robot_claims_then(tmp_path, (AcceptClaim, AcceptClaim))
    claims = seen["claims"]
    assert isinstance(claims, list)
    assert len(claims) == 1
    assert claims[0].seat is Seat.N
    assert claims[0].tricks == 13
    polish, english = seen["pl"], seen["en"]
    assert isinstance(polish, dict)
    assert isinstance(english, dict)
    assert english["claim"]["statement"].startswith("every card left in the hand on lead")
    assert "♠A ♠K ♠Q ♠J" in polish["claim"]["statement"]
    assert polish["claim"]["statement"] != english["claim"]["statement"]
    assert seen["phase"] is Phase.FINISHED
    assert seen["tricks"] == 13


def test_a_human_opponent_disputes_a_robot_claim(tmp_path: Path) -> None:
    """Law 68D: East disputes the robot's claim; play stops and the Director is called."""
    seen = _robot_claims_then(tmp_path, (RejectClaim,))
    assert seen["phase"] is Phase.DIRECTOR
    assert seen["tricks"] is None  # no result until the Director rules (Law 70)
