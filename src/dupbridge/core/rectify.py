"""The vocabulary of recording mode: irregularities, pending rulings and rectification effects.

In recording mode (DESIGN §2.6) the :class:`~dupbridge.core.table.Table` accepts what really
happened at a table, irregularities included. It *detects* the irregularities it can see (it
knows what is legal) and hands each one to a :class:`Rulebook`: the rules of rectification live
in ``dupbridge.laws`` and ``dupbridge.rulings`` (above the core), which answer with *effects*,
the state-changing primitives of :mod:`dupbridge.core.effects` (cancel calls, oblige a player
to pass, register a lead restriction, make cards penalty cards, open a question for a player or
the Director...); what they leave at the table is in :mod:`dupbridge.core.rulings_state`.
The table applies each effect and logs it as a derived event, so ``Table.replay(events,
rulebook)`` reproduces everything and ``legal_calls``/``legal_cards`` obey what was ruled.

The core never judges: it only knows the mechanics (whose turn it is, which calls stand, which
cards must or may not be played). Which law applies, which options there are and who chooses
are the rulebook's business.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from dupbridge.core.calls import Call
from dupbridge.core.cards import Card
from dupbridge.core.effects import (
    Await,
    Cancel,
    CancelBoard,
    Commit,
    Corrected,
    Decide,
    Designate,
    Drop,
    Effect,
    Establish,
    Expose,
    LeadFrom,
    LeadRight,
    Mark,
    Note,
    Notice,
    Oblige,
    PenaltyCard,
    Pend,
    PickUp,
    Place,
    Proceed,
    Release,
    Reopen,
    Replace,
    Resolve,
    Restrict,
    ReturnExposed,
    Review,
    Revoked,
    SetAside,
    SetResult,
    Spread,
    Stand,
    Transfer,
    Withdraw,
)
from dupbridge.core.rulings_state import (
    Duty,
    Irregularity,
    Obligation,
    Pending,
    Restriction,
    Revoke,
    Span,
    Standing,
    Watch,
)
from dupbridge.core.seats import Seat

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
