"""The rectification effects: the state-changing primitives a rulebook answers with.

Cancel calls, oblige a player to pass, register a lead restriction, make cards penalty cards,
open a question for a player or the Director, transfer tricks... The table applies each effect
and logs it as a :class:`~dupbridge.core.events.Rectified` event (see
:mod:`dupbridge.core.rectify`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dupbridge.core.calls import Call
from dupbridge.core.cards import Card
from dupbridge.core.lawref import LawRef
from dupbridge.core.rulings_state import Duty, Obligation, Pending, Restriction, Revoke, Watch
from dupbridge.core.seats import Seat, Side

__all__ = [
    "Await",
    "Cancel",
    "CancelBoard",
    "Commit",
    "Corrected",
    "Decide",
    "Designate",
    "Drop",
    "Effect",
    "Establish",
    "Expose",
    "LeadFrom",
    "LeadRight",
    "Mark",
    "Note",
    "Notice",
    "Oblige",
    "PenaltyCard",
    "Pend",
    "PickUp",
    "Place",
    "Proceed",
    "Release",
    "Reopen",
    "Replace",
    "Resolve",
    "Restrict",
    "ReturnExposed",
    "Review",
    "Revoked",
    "SetAside",
    "SetResult",
    "Spread",
    "Stand",
    "Transfer",
    "Withdraw",
]


# --- effects ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Effect:
    """Base of every rectification primitive; ``ruling`` names the ruling that applies it."""

    ruling: int = field(default=0, kw_only=True)


@dataclass(frozen=True, slots=True)
class Pend(Effect):
    """Open a decision and wait for it (the table enters DIRECTOR)."""

    pending: Pending


@dataclass(frozen=True, slots=True)
class Resolve(Effect):
    """Close the pending decision."""


@dataclass(frozen=True, slots=True)
class Stand(Effect):
    """Make ``call`` by ``seat`` stand in the auction, in rotation or not (an accepted
    irregular call, Laws 27A, 29A; a pass substituted or deemed by law, 28A, 37B, 38C)."""

    seat: Seat
    call: Call
    seq: int | None = None


@dataclass(frozen=True, slots=True)
class Proceed(Effect):
    """Judge ``call``, made by ``seat`` while a ruling was pending and already logged by event
    ``seq``, as if it were made now (the call that accepted an irregular call, Laws 27A1 and
    29A; the correct player's call, 28B; the call that stands after 37A)."""

    seat: Seat
    call: Call
    seq: int


@dataclass(frozen=True, slots=True)
class Cancel(Effect):
    """Cancel the standing calls from ``position`` on (Laws 17D3, 21B, 25A6, 36A, 38B)."""

    position: int


@dataclass(frozen=True, slots=True)
class Replace(Effect):
    """Put ``call`` in place of the standing call at ``position`` (Law 25A)."""

    position: int
    call: Call
    seq: int | None = None


@dataclass(frozen=True, slots=True)
class Oblige(Effect):
    """Impose an obligation on ``seat``'s calls."""

    seat: Seat
    obligation: Obligation


@dataclass(frozen=True, slots=True)
class Release(Effect):
    """Lift ``seat``'s obligations of a duty (all of them if ``duty`` is None)."""

    seat: Seat
    duty: Duty | None = None


@dataclass(frozen=True, slots=True)
class Await(Effect):
    """Wait for ``watch.seat``'s next call."""

    watch: Watch


@dataclass(frozen=True, slots=True)
class Expose(Effect):
    """Cards of ``seat`` lie face up on the table until the auction ends (Law 24)."""

    seat: Seat
    cards: tuple[Card, ...]
    led: bool = False


@dataclass(frozen=True, slots=True)
class ReturnExposed(Effect):
    """``seat``'s exposed cards are picked up and returned to the hand (Law 24D)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class PenaltyCard(Effect):
    """``card`` of defender ``seat`` becomes a penalty card, major or minor (Law 50B)."""

    seat: Seat
    card: Card
    major: bool


@dataclass(frozen=True, slots=True)
class PickUp(Effect):
    """``cards`` are no longer penalty cards and go back to the hand (Laws 50D2(a), 51B)."""

    seat: Seat
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class LeadRight(Effect):
    """Declarer's right, at ``seat``'s first turn to lead, to restrict that lead because
    ``offender``'s call was withdrawn (Law 26). The rulebook offers it when the time comes."""

    seat: Seat
    offender: Seat
    law: LawRef
    token: object = None


@dataclass(frozen=True, slots=True)
class Drop(Effect):
    """Remove a lead right (offered, or void because the offender became declarer or
    dummy); ``index`` is its position among the table's lead rights."""

    index: int


@dataclass(frozen=True, slots=True)
class Restrict(Effect):
    """Put a lead restriction in force."""

    restriction: Restriction


@dataclass(frozen=True, slots=True)
class Designate(Effect):
    """Declarer designates which of ``seat``'s penalty cards is played now (Law 51A)."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class Mark(Effect):
    """Remember that a one-time decision was taken (e.g. declarer's choice under Law 50D2 at
    a given trick), so it is not offered again."""

    key: str


@dataclass(frozen=True, slots=True)
class Review(Effect):
    """Flag the board for the Director's end-of-play review (Laws 16B3, 16C3, 21B3, 23C, 27D,
    50E4, 72C): he decides whether to award an adjusted score (Law 12)."""

    law: LawRef
    text: str


@dataclass(frozen=True, slots=True)
class Decide(Effect):
    """The Director's decision on a review (``index`` into the reviews): the score stands, or
    an adjusted score (described by ``outcome``)."""

    index: int
    outcome: str


@dataclass(frozen=True, slots=True)
class Note(Effect):
    """What a ruling applied, for the ruling record: the laws and a paraphrase."""

    laws: tuple[LawRef, ...]
    text: str


@dataclass(frozen=True, slots=True)
class Place(Effect):
    """``card`` of ``seat`` is played (a lead by ``seat`` when the trick is empty): an
    accepted lead out of turn (Law 53), a card set aside that stands again (62C)."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class Withdraw(Effect):
    """``card``, played or set aside, goes back to ``seat``'s hand (Laws 47, 52B2, 62B)."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class SetAside(Effect):
    """The cards played after a revoke that is being corrected are taken back and wait, in
    order, to be played again or withdrawn (Law 62C)."""

    plays: tuple[tuple[Seat, Card], ...]


@dataclass(frozen=True, slots=True)
class Commit(Effect):
    """``card`` of ``seat`` is deemed played and must be played at his proper turn (Laws
    57C3, 57D)."""

    seat: Seat
    card: Card
    law: LawRef


@dataclass(frozen=True, slots=True)
class Spread(Effect):
    """After an opening lead out of turn is faced, declarer lays his cards face up and so
    becomes dummy, the presumed dummy (``declarer``) playing the hand (Law 54A)."""

    declarer: Seat


@dataclass(frozen=True, slots=True)
class LeadFrom(Effect):
    """The next trick is led from ``seat``'s hand (Law 43B2(a): a defender chose it)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class Revoked(Effect):
    """Record a revoke the table saw; its index among the table's revokes names it."""

    revoke: Revoke


@dataclass(frozen=True, slots=True)
class Establish(Effect):
    """Revoke ``index`` became established (Law 63A)."""

    index: int
    law: LawRef


@dataclass(frozen=True, slots=True)
class Corrected(Effect):
    """Revoke ``index`` is corrected (Laws 62B, 62C3, 62D): its card goes back (a separate
    :class:`Withdraw`, or when its turn comes if it was set aside)."""

    index: int


@dataclass(frozen=True, slots=True)
class Notice(Effect):
    """Attention was drawn to revoke ``index`` by ``by``; ``when`` is ``"play"``, ``"after_play"``,
    ``"after_next_call"`` (64B4) or ``"after_round"`` (64B5)."""

    index: int
    by: Seat
    when: str


@dataclass(frozen=True, slots=True)
class Transfer(Effect):
    """``tricks`` tricks go to ``side`` at the end of play (Laws 64A, 67B1); ``index`` is the
    revoke that causes it."""

    index: int
    tricks: int
    side: Side
    law: LawRef


@dataclass(frozen=True, slots=True)
class SetResult(Effect):
    """The Director sets the number of tricks of declarer's side (Laws 69B, 70, 71, 79B);
    play is over."""

    declarer_tricks: int
    how: str


@dataclass(frozen=True, slots=True)
class Reopen(Effect):
    """Play continues after a claim or a concession that is void (Laws 68B2, 68D2(b))."""


@dataclass(frozen=True, slots=True)
class CancelBoard(Effect):
    """The board is over with no table result: the score is the Director's adjusted score
    (Laws 13, 15)."""

    law: LawRef
