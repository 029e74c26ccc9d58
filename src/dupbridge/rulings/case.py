"""The facts of a ruling and the tokens that carry them from step to step (pure data), with
the helpers every part of the rulings engine shares.

The engine keeps no state: whatever it must remember (the step it waits on and the facts of the
case) travels in tokens the recording-mode table stores (:class:`Flow`, :class:`LeadChoice`,
:class:`QueueChoice`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from dupbridge.core.calls import Call, Strain
from dupbridge.core.cards import Card, Suit
from dupbridge.core.events import IrregularityFlagged
from dupbridge.core.kinds import IrregularityName, NoticeTime
from dupbridge.core.lawref import LawRef
from dupbridge.core.recording import Recorder
from dupbridge.core.seats import Seat
from dupbridge.core.table import Table
from dupbridge.i18n import _
from dupbridge.laws.steps import (
    Step,
)

__all__ = [
    "Case",
    "Flow",
    "LeadChoice",
    "LeadChoiceKind",
    "QueueChoice",
    "TextValues",
    "call_text",
    "last_ruling",
    "recorder",
    "suit_name",
    "suits_name",
]


@dataclass(frozen=True, slots=True)
class Case:
    """The facts of one ruling, carried from step to step."""

    ruling: int
    name: IrregularityName
    offender: Seat
    call: Call | None = None
    seq: int | None = None
    turn: Seat | None = None
    original: Call | None = None
    position: int | None = None
    reporter: Seat | None = None
    strain: Strain | None = None
    specified: tuple[Strain, ...] | None = None
    #: A call made while the ruling was pending: (seat, call, event) — the premature
    #: replacement of Law 27C, or the LHO's call before rectification (36A-39B).
    early: tuple[Seat, Call, int] | None = None
    #: The awaited call just ruled on, and its event.
    current: Call | None = None
    current_seq: int | None = None
    # --- the play ---
    #: The card at issue (a lead out of turn, a premature play, a revoke...) and all the
    #: cards of the case (cards exposed together).
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    #: The revoke concerned (an index into the table's revokes), the other revokes to
    #: correct with it (2017 Law 62C3), the trick concerned.
    index: int | None = None
    others: tuple[int, ...] = ()
    trick: int | None = None
    #: When attention was drawn to a defective trick found after play (Laws 64B4, 64B5),
    #: if the report says so.
    when: NoticeTime | None = None
    #: Cards exposed deliberately (Law 50B).
    deliberate: bool = False
    #: The player whose side's tricks the Director decides (Laws 69B, 70, 71, 79).
    side_seat: Seat | None = None
    #: The call the offender's LHO made over a cancelled call (2007 Law 17D2).
    lho_call: Call | None = None


@dataclass(frozen=True, slots=True)
class Flow:
    """A token: the step a pending decision or a watch belongs to, and the case."""

    step: Step
    case: Case


class LeadChoiceKind(StrEnum):
    """What declarer chooses at a lead or a play."""

    #: A Law 26 lead restriction.
    LEAD = "lead"
    #: Require or prohibit a suit of the partner's major penalty cards (Laws 50D2, 51B).
    PENALTY = "penalty"
    #: Which of several penalty cards must be played (Law 51A).
    DESIGNATE = "designate"


@dataclass(frozen=True, slots=True)
class LeadChoice:
    """A token: declarer's choice at a lead (Laws 26, 50D2, 51B) or of a penalty card to play
    (51A); ``options`` gives each option's (name, required suit, prohibited suits)."""

    kind: LeadChoiceKind
    seat: Seat
    law: LawRef
    options: tuple[tuple[str, Suit | None, frozenset[Suit]], ...] = ()
    cards: tuple[Card, ...] = ()
    case: Case | None = None


class TextValues(dict[str, str]):
    """Placeholders for the texts; an unknown one shows as itself."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


@dataclass(frozen=True, slots=True)
class QueueChoice:
    """A token: whether a card set aside during a revoke's correction stands again or is
    withdrawn (Laws 62C1, 62C2)."""

    seat: Seat
    card: Card
    non_offending: bool
    ruling: int


def call_text(call: Call | None, case: Case) -> str:
    if call is not None:
        return str(call)
    if case.strain is not None:
        return _("a bid above seven in {strain}").format(strain=case.strain)
    return "-"


def suit_name(suit: Suit) -> str:
    return (_("club"), _("diamond"), _("heart"), _("spade"))[suit]


def suits_name(suit: Suit) -> str:
    return (_("clubs"), _("diamonds"), _("hearts"), _("spades"))[suit]


def last_ruling(table: Table, seat: Seat, names: tuple[str, ...] | None) -> int:
    for event in reversed(table.events):
        if (
            isinstance(event, IrregularityFlagged)
            and event.seat is seat
            and (names is None or event.irregularity in names)
        ):
            return event.seq
    return 0


def recorder(table: Table) -> Recorder:
    rec = table.recording
    assert rec is not None
    return rec
