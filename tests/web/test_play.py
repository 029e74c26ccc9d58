"""Four seats and a kibitzer play boards over WebSockets; every frame is a per-viewer view
(``core.views``) and shows no card its viewer may not see (Laws 41D, 20F; DESIGN §2.10)."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dupbridge.core.calls import parse_call
from dupbridge.core.cards import Card
from dupbridge.core.commands import MakeCall, PlayCard
from dupbridge.core.deal import Deal
from dupbridge.core.seats import SEATS, Seat
from dupbridge.core.table import Phase, Table
from dupbridge.robots.baseline import robot_call, robot_card
from dupbridge.services.wire import KIBITZER
from dupbridge.web.app import create_app
from tests.web.conftest import DEAL, settings_for
from tests.web.protocol import command, create, expected_view, reference

_CARD = re.compile(r"^[SHDC][2-9TJQKA]$")


def card_strings(value: Any) -> set[str]:
    """Every string in a frame that is a card."""
    if isinstance(value, str):
        return {value} if _CARD.match(value) else set()
    if isinstance(value, dict):
        return set().union(*(card_strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(card_strings(v) for v in value)) if value else set()
    return set()


def allowed_cards(table: Table, deal: Deal, viewer: Seat | None) -> set[str]:
    """The cards ``viewer`` may see now: his own hand, dummy's once the opening lead is
    faced, the claimer's while his claim is pending (Law 68C), every card played; all 52 once
    the board is over (a kibitzer: only then)."""
    if table.phase is Phase.FINISHED:
        return {str(card) for _seat, hand in deal for card in hand}
    seen: set[str] = set()
    if viewer is not None:
        seen.update(str(card) for card in deal[viewer])
        if table.dummy is not None and table.dummy_exposed:
            seen.update(str(card) for card in deal[table.dummy])
        if table.pending_claim is not None:
            seen.update(str(card) for card in deal[table.pending_claim.seat])
    if table.play is not None:
        for trick in table.play.tricks:
            seen.update(str(card) for card in trick.cards)
        seen.update(str(card) for card in table.play.current_trick)
    return seen


def next_command(table: Table, choose: Any) -> tuple[Seat, MakeCall | PlayCard]:
    """The acting seat (declarer for dummy) and a legal command chosen by ``choose``."""
    turn = table.turn
    assert turn is not None
    if table.phase is Phase.AUCTION:
        return turn, MakeCall(turn, choose(list(table.legal_calls())))
    actor = table.declarer if turn is table.dummy else turn
    assert actor is not None
    return actor, PlayCard(turn, choose(list(table.legal_cards())))


def frame_of(command_value: MakeCall | PlayCard, seq: int) -> dict[str, Any]:
    """The wire frame of a core command."""
    if isinstance(command_value, MakeCall):
        extra: dict[str, Any] = {"call": str(command_value.call)}
        if command_value.alert:
            extra |= {"alert": True, "explanation": command_value.explanation}
        return command("call", command_value.seat.letter, seq, **extra)
    return command("card", command_value.seat.letter, seq, card=str(command_value.card))


class Board:
    """Four seat sockets (and a kibitzer) at one table, with the reference table."""

    def __init__(self, client: TestClient, deal: str, stack: Any, kibitzer: bool) -> None:
        created = create(client, deal)
        self.table_id = created["table"]
        self.deal = Deal.from_pbn(deal)
        self.table = reference(deal)
        self.seq = 0
        self.sockets = {
            seat: stack.enter_context(
                client.websocket_connect(
                    f"/tables/{self.table_id}/ws?token={created['seats'][seat.letter]}"
                )
            )
            for seat in SEATS
        }
        self.kibitzer = (
            stack.enter_context(client.websocket_connect(f"/tables/{self.table_id}/kibitz"))
            if kibitzer
            else None
        )
        self.frames: dict[Seat | None, list[dict[str, Any]]] = {seat: [] for seat in SEATS}
        self.frames[None] = []
        for seat, socket in self.sockets.items():
            self.check(seat, socket.receive_json())
        if self.kibitzer is not None:
            self.check(None, self.kibitzer.receive_json())

    def check(self, viewer: Seat | None, frame: dict[str, Any]) -> None:
        """The frame is ``core.views``' view for its viewer and shows no hidden card."""
        assert frame["type"] == "update"
        assert frame["seq"] == self.seq
        self.frames[viewer].append(frame)
        if viewer is None:
            released = self.table.phase is Phase.FINISHED
            assert expected_view(self.table, KIBITZER, released=released) == frame["view"]
            if not released:
                assert frame["view"]["hands"] == {}
                assert card_strings(frame) == set()
        else:
            assert expected_view(self.table, viewer) == frame["view"]
        assert card_strings(frame) <= allowed_cards(self.table, self.deal, viewer)

    def act(self, actor: Seat, value: MakeCall | PlayCard) -> None:
        """Send a command from ``actor``'s socket; every socket receives its frame."""
        socket = self.sockets[actor]
        socket.send_json(frame_of(value, self.seq))
        events = self.table.execute(value)
        first = self.seq + 1
        self.seq += len(events)
        answers = [socket.receive_json(), socket.receive_json()]
        ack = next(frame for frame in answers if frame["type"] == "ack")
        assert (first, self.seq) == (ack["seq"], ack["last"])
        self.check(actor, next(frame for frame in answers if frame["type"] == "update"))
        for seat, other in self.sockets.items():
            if seat is not actor:
                self.check(seat, other.receive_json())
        if self.kibitzer is not None:
            self.check(None, self.kibitzer.receive_json())
            if self.table.phase is Phase.FINISHED:
                self.check(None, self.kibitzer.receive_json())  # the board is released


class TestWholeBoard:
    """A board played by four sockets from a PBN deal, watched by a kibitzer."""

    def test_each_seat_sees_its_own_hand_then_dummy_and_the_kibitzer_waits(
        self, client: TestClient
    ) -> None:
        """Before the opening lead a seat's frames hold only its own cards; after it, dummy's
        too (Law 41D); the kibitzer sees no hand until the board is over."""
        from contextlib import ExitStack

        with ExitStack() as stack:
            board = Board(client, DEAL, stack, kibitzer=True)
            north = Seat.N
            board.act(north, MakeCall(north, parse_call("1NT"), True, "15-17 balanced"))
            while board.table.phase is not Phase.FINISHED:
                table = board.table
                turn = table.turn
                assert turn is not None
                if table.phase is Phase.AUCTION:
                    hand = table.deal[turn]
                    board.act(turn, MakeCall(turn, robot_call(table.auction, hand)))
                else:
                    actor = table.declarer if turn is table.dummy else turn
                    assert actor is not None
                    board.act(actor, PlayCard(turn, robot_card(table)))
            dummy = board.table.dummy
            assert dummy is not None
            for seat in SEATS:
                frames = board.frames[seat]
                shown = [set(frame["view"]["hands"]) for frame in frames]
                lead = next(i for i, frame in enumerate(frames) if frame["view"]["current_trick"])
                assert all(hands == {seat.letter} for hands in shown[:lead])
                assert all(hands == {seat.letter, dummy.letter} for hands in shown[lead:-1])
                assert set("NESW") == shown[-1]
            kibitzed = board.frames[None]
            assert all(frame["view"]["withheld"] for frame in kibitzed[:-2])
            assert set("NESW") == set(kibitzed[-1]["view"]["hands"])

    def test_an_explanation_reaches_the_two_opponents_only(self, client: TestClient) -> None:
        """A self-alerted call's explanation goes to the caller's opponents, never to his
        partner (Law 20F)."""
        from contextlib import ExitStack

        with ExitStack() as stack:
            board = Board(client, DEAL, stack, kibitzer=False)
            board.act(Seat.N, MakeCall(Seat.N, parse_call("1NT"), True, "15-17 balanced"))
            texts = {seat: str(board.frames[seat][-1]) for seat in SEATS}
            assert "15-17 balanced" in texts[Seat.E]
            assert "15-17 balanced" in texts[Seat.W]
            assert "15-17 balanced" not in texts[Seat.S]


#: Every deal by its index (Deal.from_index): 52! / (13!)^4 of them.
_deals = st.integers(min_value=0, max_value=53_644_737_765_488_792_839_237_440_000 - 1)


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(index=_deals, data=st.data())
def test_random_legal_boards_through_the_protocol(
    tmp_path_factory: Any, index: int, data: st.DataObject
) -> None:
    """Random legal boards played through the sockets: every frame of every seat equals
    ``core.views``' view and holds no card hidden from its seat."""
    from contextlib import ExitStack

    url = f"sqlite:///{tmp_path_factory.mktemp('prop') / 'tables.sqlite3'}"
    deal = Deal.from_index(index).to_pbn()
    with TestClient(create_app(settings_for(url))) as client, ExitStack() as stack:
        board = Board(client, deal, stack, kibitzer=data.draw(st.booleans()))
        while board.table.phase is not Phase.FINISHED:
            actor, value = next_command(
                board.table, lambda options: data.draw(st.sampled_from(options))
            )
            board.act(actor, value)
        assert board.table.result is not None or board.table.is_passed_out


def test_cards_in_frames_are_real_cards() -> None:
    """The leak check recognises every card of the pack and nothing else."""
    pack = {str(Card.from_str(text)) for text in card_strings(DEAL.replace(".", " "))}
    assert set() == pack
    assert {"SA"} == card_strings({"x": ["SA", "S1", "1NT"]})
