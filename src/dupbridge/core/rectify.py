"""The vocabulary of recording mode: irregularities, pending rulings and rectification effects.

In recording mode (DESIGN §2.6) the :class:`~dupbridge.core.table.Table` accepts what really
happened at a table, irregularities included. It *detects* the irregularities it can see (it
knows what is legal) and hands each one to a :class:`Rulebook`: the rules of rectification live
in ``dupbridge.laws`` and ``dupbridge.rulings`` (above the core), which answer with *effects*,
the state-changing primitives defined here (cancel calls, oblige a player to pass, register a
lead restriction, make cards penalty cards, open a question for a player or the Director...).
The table applies each effect and logs it as a derived event, so ``Table.replay(events,
rulebook)`` reproduces everything and ``legal_calls``/``legal_cards`` obey what was ruled.

The core never judges: it only knows the mechanics (whose turn it is, which calls stand, which
cards must or may not be played). Which law applies, which options there are and who chooses
are the rulebook's business.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Protocol

from dupbridge.core.calls import Call, Strain
from dupbridge.core.cards import Card, Suit
from dupbridge.core.lawref import LawRef
from dupbridge.core.seats import Seat, Side

if TYPE_CHECKING:
    from dupbridge.core.table import Table

__all__ = [
    "Await",
    "Cancel",
    "CancelBoard",
    "Commit",
    "Corrected",
    "Decide",
    "Designate",
    "Drop",
    "Duty",
    "Effect",
    "Establish",
    "Expose",
    "Irregularity",
    "LeadFrom",
    "LeadRight",
    "Mark",
    "Note",
    "Notice",
    "Obligation",
    "Oblige",
    "PenaltyCard",
    "Pend",
    "Pending",
    "PickUp",
    "Place",
    "Proceed",
    "Release",
    "Reopen",
    "Replace",
    "Resolve",
    "Restrict",
    "Restriction",
    "ReturnExposed",
    "Review",
    "Revoke",
    "Revoked",
    "Rulebook",
    "SetAside",
    "SetResult",
    "Span",
    "Spread",
    "Stand",
    "Standing",
    "Transfer",
    "Watch",
    "Withdraw",
]


class Span(Enum):
    """How long an obligation lasts (SPEC §3.0 primitives)."""

    #: Only the next time it is the player's turn to call (e.g. Laws 24B, 30A, 31A2(b)).
    NEXT_TURN = "next_turn"
    #: Every turn until the auction ends (e.g. Laws 27B2, 36B2, 37B2, 38C).
    REST_OF_AUCTION = "rest_of_auction"


class Duty(Enum):
    """What an obligation requires of the player at his turn to call."""

    #: Only Pass (a forced pass).
    PASS = "pass"  # noqa: S105 - the call Pass, not a password
    #: Only the call out of rotation again (Laws 31A1, 32A1: "must repeat").
    REPEAT = "repeat"
    #: Any sufficient bid or pass, no double or redouble (2007 Law 30B2(b); Law 27B3).
    NO_DOUBLE = "no_double"


@dataclass(frozen=True, slots=True)
class Obligation:
    """A duty on one player's calls, imposed by a ruling."""

    duty: Duty
    span: Span
    law: LawRef
    call: Call | None = None  # the call to repeat (Duty.REPEAT)
    ruling: int = 0


@dataclass(frozen=True, slots=True)
class Irregularity:
    """An irregularity the table saw (or that was reported to it), handed to the rulebook.

    Attributes:
        name: a short machine name (``"insufficient_bid"``, ``"pass_out_of_rotation"``...).
        law: the Law the irregularity infringes or that governs it.
        seat: the offender.
        ruling: the id of the ruling it opens (the sequence number of its flag event).
        seq: the event that made the irregular action (a call, a report), if any.
        call: the irregular call, if it is one.
        turn: whose turn it was to call when it happened.
        cards: cards exposed or led (Law 24).
        position: an index into the standing calls, where the irregularity concerns one.
        level: the level of a bid above seven (Law 38), and ``strain`` its denomination.
        facts: reported facts (Laws 16, 20, 21, 25), as ``(key, value)`` pairs.
        index: the revoke it concerns (an index into the table's revokes), if any.
    """

    name: str
    law: LawRef
    seat: Seat
    ruling: int
    seq: int | None = None
    call: Call | None = None
    turn: Seat | None = None
    cards: tuple[Card, ...] = ()
    position: int | None = None
    level: int | None = None
    strain: Strain | None = None
    facts: tuple[tuple[str, str], ...] = ()
    index: int | None = None

    def fact(self, key: str) -> str | None:
        """The value of a reported fact, or None."""
        for name, value in self.facts:
            if name == key:
                return value
        return None


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision the table waits for (Law 9B2: nothing else happens meanwhile).

    Attributes:
        ruling: the id of the ruling it belongs to.
        irregularity: the irregularity's machine name.
        law: the Law that gives the choice or asks the question.
        chooser: the player who chooses, or None when the Director must answer.
        options: the option names on offer (for the Director: the questions to answer).
        question: the question in words (translated).
        explanations: one paraphrase of the Law per option, in the order of ``options``.
        callers: the seats whose *call* is taken as part of the ruling now (an acceptance by
            calling, Laws 27A1, 29A; a call by the correct player, 28B; an opponent calling
            before rectification, 36A, 37A, 38D, 39B; a premature replacement, 27C).
        token: the rulebook's continuation; opaque to the core.
    """

    ruling: int
    irregularity: str
    law: LawRef
    chooser: Seat | None
    options: tuple[str, ...]
    question: str
    explanations: tuple[str, ...] = ()
    callers: tuple[Seat, ...] = ()
    token: object = None


@dataclass(frozen=True, slots=True)
class Watch:
    """A continuation of a ruling that waits for a player's next call.

    ``raw`` watches see the player's next call at his turn *before* the table judges it (the
    replacement of an insufficient bid is ruled by Law 27B, not as a new irregularity);
    other watches see his next call once it stands in the auction.
    """

    seat: Seat
    ruling: int
    raw: bool
    token: object = None


@dataclass(frozen=True, slots=True)
class Standing:
    """A call that stands in the auction: who made it, which call, and the event that made
    it (None for a pass deemed or substituted by law)."""

    seat: Seat
    call: Call
    seq: int | None


@dataclass(frozen=True, slots=True)
class Restriction:
    """A lead restriction in force on ``seat`` while he is on lead (Laws 26, 50D2, 51B), or
    a restriction on his next play to trick ``trick`` (Law 57A).

    ``require`` is a suit he must lead (once); ``prohibit`` the suits he may not lead for as
    long as he retains the lead. A play restriction (``trick`` > 0) binds his card to that
    trick: ``rank`` ``"highest"`` or ``"lowest"`` of the suit led (57A1, 57A2), ``require``
    a card of another suit (2017 57A3), ``prohibit`` a suit (57A4). Law 59 applies when he
    cannot comply, and following suit always comes first (Law 44C).
    """

    seat: Seat
    law: LawRef
    require: Suit | None = None
    prohibit: frozenset[Suit] = frozenset()
    ruling: int = 0
    trick: int = 0
    rank: str | None = None

    @property
    def on_play(self) -> bool:
        """Whether it restricts a play to a trick (Law 57A) rather than a lead."""
        return self.trick > 0


@dataclass(frozen=True, slots=True)
class Revoke:
    """A revoke the table saw (Law 61A): ``seat`` played ``card`` to trick ``trick`` when he
    could have complied with ``required`` (a suit: following suit, 44C; or a requirement of
    a rectification). ``kind`` is ``"follow"`` (failure to follow suit), ``"restriction"``
    (a lead or play restriction, Laws 26, 50D2, 51B, 57A), ``"dummy"`` (a card of dummy,
    64B3) or ``"defective"`` (deemed, Law 67B1).
    The table records it silently: it matters once attention is drawn to it."""

    seat: Seat
    card: Card
    trick: int
    required: Suit | None
    kind: str = "follow"
    #: The card was a penalty card lying face up (Law 62B2: no penalty when corrected).
    faced: bool = False


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


class Rulebook(Protocol):
    """The rules of rectification a recording-mode table consults (``dupbridge.rulings``).

    Every method returns the effects to apply, in order. The rulebook keeps no state of its
    own: whatever it must remember travels in the tokens of :class:`Pending` and
    :class:`Watch`, which the table stores and logs.
    """

    @property
    def name(self) -> str:
        """The rule set's name (edition and national profile), recorded in the log."""
        ...

    @property
    def edition(self) -> str:
        """The edition of the Laws: ``"2017"`` or ``"2007"``."""
        ...

    def irregularity(self, table: Table, irregularity: Irregularity) -> Sequence[Effect]:
        """Effects of an irregularity the table detected or was told of."""
        ...

    def choice(self, table: Table, pending: Pending, option: str) -> Sequence[Effect]:
        """Effects of the chooser's ``option`` (already checked to be on offer)."""
        ...

    def answer(
        self, table: Table, pending: Pending | None, answers: Mapping[str, object]
    ) -> Sequence[Effect]:
        """Effects of the Director's answers (to the pending question, or a review)."""
        ...

    def call_over(
        self, table: Table, pending: Pending, seat: Seat, call: Call, seq: int
    ) -> Sequence[Effect]:
        """Effects of a call by one of ``pending.callers`` while the ruling is pending."""
        ...

    def watched_call(self, table: Table, watch: Watch, call: Call, seq: int) -> Sequence[Effect]:
        """Effects of the watched player's call."""
        ...

    def auction_ended(self, table: Table) -> Sequence[Effect]:
        """Effects due when the auction ends (penalty cards, void lead rights: Laws 24D-E)."""
        ...

    def card_over(
        self, table: Table, pending: Pending, seat: Seat, card: Card, seq: int
    ) -> Sequence[Effect]:
        """Effects of a card played by one of ``pending.callers`` while the ruling is pending
        (an acceptance by playing, Law 53A; the proper lead, 53B)."""
        ...

    def play_ended(self, table: Table) -> Sequence[Effect]:
        """Effects due when play ends (revokes established, trick transfers: Laws 63, 64)."""
        ...

    def before_turn(self, table: Table, seat: Seat) -> Sequence[Effect]:
        """Effects due before ``seat`` leads or plays (declarer's choices: Laws 26, 50D2,
        51); an empty sequence when there is nothing to decide."""
        ...
