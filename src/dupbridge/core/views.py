"""What each participant may see of a table (hidden information is first class, DESIGN §2.10).

``view_for(table, seat)`` is a player's view: his own cards; dummy's cards once the opening
lead is faced (Law 41D); while a claim or its dispute is pending, the claimer's cards, which he
faces with his claim (Law 68C); the auction; the trick in progress; the cards he himself has
played; the previous trick while his side has not yet played to the next one (Law 66A).
Spectators see only what is public (dummy, a faced claim) unless the organiser lets them see
all hands; the Director sees all.
The web sends views, never the table. In recording mode the auction shown is the calls that
stand (cancelled and withdrawn ones are gone, Laws 16C, 29B), cards lying face up on the table
(exposed during the auction, Law 24; penalty cards, Law 50A) show to everyone, and so does the
decision the table waits for (the Director explains the options to all, Law 10C1).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import TypeVar

from dupbridge.core.calls import Call
from dupbridge.core.cards import Card, Hand
from dupbridge.core.contract import Contract
from dupbridge.core.events import CallMade
from dupbridge.core.explanations import render_explanation
from dupbridge.core.lawref import LawRef
from dupbridge.core.play import Trick
from dupbridge.core.rectify import Pending
from dupbridge.core.seats import SEATS, Seat, Side, Vulnerability
from dupbridge.core.table import Phase, Table

_K = TypeVar("_K")
_V = TypeVar("_V")

__all__ = ["AuctionEntry", "PendingView", "Role", "TableView", "view_for"]


class Role(Enum):
    """Who is looking, when it is not a player in a seat."""

    SPECTATOR = "spectator"
    DIRECTOR = "director"


@dataclass(frozen=True, slots=True)
class AuctionEntry:
    """One call as the viewer sees it; the explanation shows only to the caller's opponents
    and the Director (Law 20F: it is given to the side that asks)."""

    seat: Seat
    call: Call
    alert: bool
    explanation: str | None


@dataclass(frozen=True, slots=True)
class PendingView:
    """The decision a table waits for, as every participant may see it (Law 10C1: the
    Director explains the options to the table): the engine's own continuation is not in it.
    """

    ruling: int
    irregularity: str
    law: LawRef
    chooser: Seat | None
    options: tuple[str, ...]
    question: str
    explanations: tuple[str, ...] = ()
    callers: tuple[Seat, ...] = ()

    @classmethod
    def of(cls, pending: Pending) -> PendingView:
        """The public part of the table's pending decision."""
        return cls(
            pending.ruling,
            pending.irregularity,
            pending.law,
            pending.chooser,
            pending.options,
            pending.question,
            pending.explanations,
            pending.callers,
        )


def _frozen(mapping: dict[_K, _V]) -> Mapping[_K, _V]:
    return MappingProxyType(mapping)


@dataclass(frozen=True, slots=True)
class TableView:
    """Everything one viewer may see of a table now."""

    viewer: Seat | Role
    board: int
    dealer: Seat
    vulnerability: Vulnerability
    phase: Phase
    turn: Seat | None
    auction: tuple[AuctionEntry, ...]
    contract: Contract | None
    declarer: Seat | None
    hands: Mapping[Seat, Hand]  # the cards still held, only for the hands the viewer may see
    played: Mapping[Seat, tuple[Card, ...]]  # the cards played from each hand the viewer sees
    current_trick: tuple[tuple[Seat, Card], ...]
    previous_trick: Trick | None
    tricks: Mapping[Side, int]
    legal_calls: tuple[Call, ...]
    legal_cards: tuple[Card, ...]
    result: int | None
    #: Cards lying face up before their owner (Laws 24, 50A), seen by everyone.
    face_up: Mapping[Seat, tuple[Card, ...]] = field(default_factory=lambda: MappingProxyType({}))
    #: The decision the table waits for in recording mode.
    pending: PendingView | None = None

    def visible_cards(self) -> set[Card]:
        """Every card this view shows, wherever it is shown."""
        cards: set[Card] = set()
        for shown in self.face_up.values():
            cards.update(shown)
        for hand in self.hands.values():
            cards.update(hand)
        for played in self.played.values():
            cards.update(played)
        cards.update(card for _, card in self.current_trick)
        if self.previous_trick is not None:
            cards.update(self.previous_trick.cards)
        return cards


def view_for(table: Table, viewer: Seat | Role, *, spectators_see_hands: bool = False) -> TableView:
    """The view of ``table`` for a seat, a spectator or the Director.

    Args:
        table: the table.
        viewer: a seat, ``Role.SPECTATOR`` or ``Role.DIRECTOR``.
        spectators_see_hands: whether the organiser lets spectators see all four hands
            (usual online, not at a face-to-face table).
    """
    play = table.play
    declarer = table.declarer
    dummy = table.dummy
    # After play ends the cards may be inspected (Law 66D), so every view shows the deal.
    sees_all = (
        viewer is Role.DIRECTOR
        or (viewer is Role.SPECTATOR and spectators_see_hands)
        or table.phase is Phase.FINISHED
    )
    visible: set[Seat] = set()
    if sees_all:
        visible.update(SEATS)
    else:
        if isinstance(viewer, Seat):
            visible.add(viewer)
        if dummy is not None and table.dummy_exposed:
            visible.add(dummy)
        claim = table.pending_claim
        if claim is not None:
            visible.add(claim.seat)  # the claimer faces his hand with his claim (Law 68C)
    hands: dict[Seat, Hand] = {}
    played: dict[Seat, tuple[Card, ...]] = {}
    for seat in sorted(visible):
        hands[seat] = table.deal[seat] if play is None else play.hand(seat)
    if play is not None:
        # A player knows the cards he played himself (declarer also played dummy's).
        knows = set(SEATS) if sees_all else set()
        if isinstance(viewer, Seat):
            knows.add(viewer)
            if viewer is declarer and dummy is not None:
                knows.add(dummy)
        for seat in sorted(knows):
            played[seat] = tuple(trick.card_of(seat) for trick in play.tricks)
    current: tuple[tuple[Seat, Card], ...] = ()
    previous: Trick | None = None
    if play is not None:
        leader = play.leader
        if leader is not None:
            current = tuple((leader.next(i), card) for i, card in enumerate(play.current_trick))
        previous = _previous_trick_for(table, viewer, sees_all)
    # Declarer chooses dummy's cards (Law 41D); dummy himself never has a choice to make.
    turn = table.turn
    chooser = declarer if turn is not None and turn is dummy else turn
    is_turn = isinstance(viewer, Seat) and chooser is viewer
    legal_calls = tuple(table.legal_calls()) if is_turn and table.phase is Phase.AUCTION else ()
    legal_cards = tuple(table.legal_cards()) if is_turn and table.phase is Phase.PLAY else ()
    auction = _auction(table, viewer)
    return TableView(
        viewer=viewer,
        board=table.board.number,
        dealer=table.board.dealer,
        vulnerability=table.board.vulnerability,
        phase=table.phase,
        turn=table.turn,
        auction=auction,
        contract=table.contract,
        declarer=declarer,
        hands=_frozen(hands),
        played=_frozen(played),
        current_trick=current,
        previous_trick=previous,
        tricks=_frozen(table.tricks()),
        legal_calls=legal_calls,
        legal_cards=legal_cards,
        result=table.result,
        face_up=_frozen(_face_up(table)),
        pending=None if table.pending is None else PendingView.of(table.pending),
    )


def _auction(table: Table, viewer: Seat | Role) -> tuple[AuctionEntry, ...]:
    """The calls as the viewer sees them: every call in strict mode, the standing ones in
    recording mode (a pass deemed or substituted by law shows without alert)."""
    rec = table.recording
    calls = {event.seq: event for event in table.events if isinstance(event, CallMade)}
    entries: list[tuple[Seat, Call, CallMade | None]]
    if rec is None:
        entries = [(event.seat, event.call, event) for event in calls.values()]
    else:
        entries = [
            (entry.seat, entry.call, calls.get(entry.seq) if entry.seq is not None else None)
            for entry in rec.standing
        ]
    return tuple(
        AuctionEntry(
            seat,
            call,
            event.alert if event is not None else False,
            render_explanation(event.explanation)
            if event is not None and _sees_explanation(viewer, seat)
            else None,
        )
        for seat, call, event in entries
    )


def _face_up(table: Table) -> dict[Seat, tuple[Card, ...]]:
    rec = table.recording
    if rec is None:
        return {}
    shown: dict[Seat, list[Card]] = {}
    for seat, cards in rec.exposed.items():
        shown.setdefault(seat, []).extend(card for card, _led in cards)
    for seat, penalties in rec.penalty.items():
        held = shown.setdefault(seat, [])
        held.extend(card for card in penalties if card not in held)
    return {seat: tuple(cards) for seat, cards in sorted(shown.items()) if cards}


def _sees_explanation(viewer: Seat | Role, caller: Seat) -> bool:
    if isinstance(viewer, Role):
        return True
    return viewer.side is not caller.side


def _previous_trick_for(table: Table, viewer: Seat | Role, sees_all: bool) -> Trick | None:
    """The last quitted trick, while the viewer's side has not played to the next (Law 66A)."""
    play = table.play
    if play is None or not play.tricks:
        return None
    last = play.tricks[-1]
    if sees_all or table.phase is not Phase.PLAY:
        return last
    if not isinstance(viewer, Seat):
        return None
    leader = play.leader
    if leader is None:
        return last
    played_now = {leader.next(i) for i in range(len(play.current_trick))}
    side_seats = viewer.side.seats
    if any(seat in played_now for seat in side_seats):
        return None
    return last
