"""What a ruling leaves at a recording-mode table: obligations, restrictions, the decision the
table waits for, the watches on players' next calls, the calls that stand, and revokes.

These values are created by the rulebook's effects (:mod:`dupbridge.core.effects`) and kept by the
table's recorder (:mod:`dupbridge.core.recording`); :mod:`dupbridge.core.rectify` explains how
the pieces fit together.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from dupbridge.core.calls import Call, Strain
from dupbridge.core.cards import Card, Suit
from dupbridge.core.kinds import IrregularityName, RestrictionRank, RevokeKind
from dupbridge.core.lawref import LawRef
from dupbridge.core.seats import Seat

__all__ = [
    "Duty",
    "Irregularity",
    "Obligation",
    "Pending",
    "Restriction",
    "Revoke",
    "Span",
    "Standing",
    "Watch",
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

    name: IrregularityName
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
    irregularity: IrregularityName
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
    rank: RestrictionRank | None = None

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
    kind: RevokeKind = RevokeKind.FOLLOW
    #: The card was a penalty card lying face up (Law 62B2: no penalty when corrected).
    faced: bool = False
