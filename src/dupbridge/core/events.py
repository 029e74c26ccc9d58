"""The events of a table's life: an append-only, numbered log that is the truth (DESIGN §2.5).

*Action* events record what a player did (a call, a card, a claim) or, in recording mode, what
was reported to the Director and what the players and the Director decided (an exposed card, a
changed call, a chosen option, the Director's answers); ``Table.replay`` feeds them back through
the same commands. *Derived* events (the auction ended, a trick was completed, play ended, an
irregularity was flagged, a rectification was applied) are consequences the table announces;
replay regenerates them and ignores the copies in the log.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from dupbridge.core.boards import Board
from dupbridge.core.calls import Call, Strain
from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.kinds import Edition, IrregularityName
from dupbridge.core.lawref import LawRef
from dupbridge.core.phases import Mode
from dupbridge.core.play import Trick
from dupbridge.core.rectify import Effect
from dupbridge.core.seats import Seat

__all__ = [
    "AgreementWithdrawn",
    "AttentionDrawn",
    "AuctionEnded",
    "BidAboveSevenMade",
    "BoardStarted",
    "CallChanged",
    "CallDeemed",
    "CallMade",
    "CardPlayed",
    "CardsExposed",
    "ClaimAccepted",
    "ClaimMade",
    "ClaimRejected",
    "Conceded",
    "ConcessionObjected",
    "DirectorAnswered",
    "Event",
    "InformationReported",
    "IrregularityFlagged",
    "OptionChosen",
    "PlayContinued",
    "PlayEnded",
    "Rectified",
    "TrickCompleted",
]


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event; ``seq`` is the event's position in the log, from 0."""

    derived: ClassVar[bool] = False
    seq: int


@dataclass(frozen=True, slots=True)
class BoardStarted(Event):
    """The first event of every log: the board, its deal, the edition of the Laws, the mode
    and, in recording mode, the name of the rule set (edition and national profile)."""

    board: Board
    deal: Deal
    edition: Edition = Edition.E2017
    mode: Mode = Mode.STRICT
    rules: str | None = None


@dataclass(frozen=True, slots=True)
class CallMade(Event):
    """``seat`` made ``call``, perhaps alerted and explained (Laws 20, 40).

    ``simultaneous`` (recording mode): the call was made at the same moment as the previous
    call and is deemed to come after it (Law 33).
    """

    seat: Seat
    call: Call
    alert: bool = False
    explanation: str | None = None
    simultaneous: bool = False


@dataclass(frozen=True, slots=True)
class AuctionEnded(Event):
    """The auction ended (Law 22): with a contract, or passed out when ``contract`` is None."""

    derived: ClassVar[bool] = True
    contract: Contract | None


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """A card was played from ``seat``'s hand (dummy's cards are played by declarer)."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class TrickCompleted(Event):
    """The fourth card of a trick was played; ``trick.winner`` leads next (Law 44G)."""

    derived: ClassVar[bool] = True
    trick: Trick


@dataclass(frozen=True, slots=True)
class ClaimMade(Event):
    """``seat`` claimed that his side will end with ``tricks`` tricks in all (Law 68A)."""

    seat: Seat
    tricks: int
    statement: str | None = None


@dataclass(frozen=True, slots=True)
class ClaimAccepted(Event):
    """An opponent of the claimer agreed to the claim (Law 69A)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class ClaimRejected(Event):
    """An opponent of the claimer disputed the claim; the Director is called (Law 68D)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class Conceded(Event):
    """``seat`` conceded ``tricks`` of the remaining tricks to the opponents (Law 68B)."""

    seat: Seat
    tricks: int


@dataclass(frozen=True, slots=True)
class PlayEnded(Event):
    """Play is over: declarer's side has ``declarer_tricks`` tricks (by play, claim or
    concession)."""

    derived: ClassVar[bool] = True
    declarer_tricks: int
    how: str


# --- recording mode (docs/rulings.md) -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BidAboveSevenMade(Event):
    """``seat`` bid more than seven (Law 38): ``level`` (8 or more) in ``strain``."""

    seat: Seat
    level: int
    strain: Strain


@dataclass(frozen=True, slots=True)
class CardsExposed(Event):
    """``seat``'s ``cards`` could be seen by his partner: during the auction (Law 24), or
    during play (a defender's, Law 49; declarer's, 48). ``deliberate``: exposed other than
    by accident (Law 50B: a major penalty card)."""

    seat: Seat
    cards: tuple[Card, ...]
    deliberate: bool = False


@dataclass(frozen=True, slots=True)
class CallChanged(Event):
    """``seat`` tried to replace his last call by ``call`` (Law 25)."""

    seat: Seat
    call: Call


@dataclass(frozen=True, slots=True)
class InformationReported(Event):
    """``seat`` reported unauthorized information (Law 16B), misinformation (Laws 20F,
    21B) or another irregularity the table cannot see (a board or a hand that is wrong,
    Laws 13-15; a defective trick, 67; a disagreement on the tricks won, 79; dummy's
    warning, 43B2(a)); ``facts`` is what he says happened, for the Director's judgement;
    ``details`` a JSON object of the particulars (a trick number...)."""

    seat: Seat
    kind: str
    facts: str = ""
    against: Seat | None = None
    details: str = ""


@dataclass(frozen=True, slots=True)
class AttentionDrawn(Event):
    """``seat`` drew attention to a revoke by ``offender`` (Laws 61-64), the one on trick
    ``trick`` (None: his last revoke not yet ruled on). ``when``: ``"play"`` (the default
    during play), ``"after_play"``, ``"after_next_call"`` (Law 64B4) or ``"after_round"``
    (64B5)."""

    seat: Seat
    offender: Seat
    trick: int | None = None
    when: str = ""


@dataclass(frozen=True, slots=True)
class PlayContinued(Event):
    """At the request of ``seat``, of the non-claiming side, and with all four players
    agreeing, play continues after a claim, which is void (2017 Law 68D2(b))."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class ConcessionObjected(Event):
    """``seat`` objected at once to his partner's concession: there is no concession and
    play continues (Law 68B2)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class AgreementWithdrawn(Event):
    """Within the Correction Period ``seat`` withdraws his side's agreement to a claim or
    concession, or asks for a concession of his own side to be cancelled (Laws 69B, 71)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class OptionChosen(Event):
    """``seat`` chose ``option`` in the pending ruling (Law 10C)."""

    seat: Seat
    option: str


@dataclass(frozen=True, slots=True)
class DirectorAnswered(Event):
    """The Director answered the pending question or decided a review; ``answers`` is a JSON
    object (text, so that the event stays an immutable value)."""

    answers: str


@dataclass(frozen=True, slots=True)
class IrregularityFlagged(Event):
    """The table saw (or was told of) an irregularity: a ruling opens, its id is ``seq``."""

    derived: ClassVar[bool] = True
    irregularity: IrregularityName
    law: LawRef
    seat: Seat


@dataclass(frozen=True, slots=True)
class CallDeemed(Event):
    """A pass is deemed made by ``seat``, who was obliged to pass, because his left-hand
    opponent called at his turn (Law 28A)."""

    derived: ClassVar[bool] = True
    seat: Seat
    call: Call
    law: LawRef


@dataclass(frozen=True, slots=True)
class Rectified(Event):
    """A rectification primitive was applied (see :mod:`dupbridge.core.rectify`)."""

    derived: ClassVar[bool] = True
    effect: Effect


def _slot_setter(cls: type, name: str) -> Callable[[object, Any], None]:
    """The setter of slot ``name`` of ``cls`` (for building a frozen value field by field)."""
    descriptor: Any = getattr(cls, name)
    setter: Callable[[object, Any], None] = descriptor.__set__
    return setter


# --- fast constructors for the strict table's hot path ------------------------------------
# A frozen dataclass sets each field through ``object.__setattr__``; these build the same
# values (equal, same hash, same repr) by setting the slots directly, about twice as fast.
_new = object.__new__
_SET_CALL = (
    _slot_setter(CallMade, "seq"),
    _slot_setter(CallMade, "seat"),
    _slot_setter(CallMade, "call"),
)
_SET_CALL_REST = (
    _slot_setter(CallMade, "alert"),
    _slot_setter(CallMade, "explanation"),
    _slot_setter(CallMade, "simultaneous"),
)
_SET_CARD = (
    _slot_setter(CardPlayed, "seq"),
    _slot_setter(CardPlayed, "seat"),
    _slot_setter(CardPlayed, "card"),
)
_SET_TRICK = (_slot_setter(TrickCompleted, "seq"), _slot_setter(TrickCompleted, "trick"))


def card_played(seq: int, seat: Seat, card: Card) -> CardPlayed:
    """``CardPlayed(seq, seat, card)``, built without the dataclass's checks (hot path)."""
    event = _new(CardPlayed)
    set_seq, set_seat, set_card = _SET_CARD
    set_seq(event, seq)
    set_seat(event, seat)
    set_card(event, card)
    return event


def call_made(seq: int, seat: Seat, call: Call, alert: bool, explanation: str | None) -> CallMade:
    """``CallMade(seq, seat, call, alert, explanation)``, built as :func:`card_played`."""
    event = _new(CallMade)
    set_seq, set_seat, set_call = _SET_CALL
    set_seq(event, seq)
    set_seat(event, seat)
    set_call(event, call)
    set_alert, set_explanation, set_simultaneous = _SET_CALL_REST
    set_alert(event, alert)
    set_explanation(event, explanation)
    set_simultaneous(event, False)
    return event


def trick_completed(seq: int, trick: Trick) -> TrickCompleted:
    """``TrickCompleted(seq, trick)``, built as :func:`card_played`."""
    event = _new(TrickCompleted)
    set_seq, set_trick = _SET_TRICK
    set_seq(event, seq)
    set_trick(event, trick)
    return event
