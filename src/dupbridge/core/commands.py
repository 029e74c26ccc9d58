"""The table's command vocabulary: one typed value per thing a player or the Director can do.

Every entry point turns what it receives into one of these values and hands it to
:meth:`dupbridge.core.table.Table.execute`, the one dispatcher: table records and the CLI
(:func:`dupbridge.core.command_json.decode_command` on a JSON object), the web (the same
decoder on a WebSocket or HTTP frame) and replay (:func:`command_of` on a logged action
event). Nothing else decodes actions.

A command is what someone asks for; the events it produces are what happened. The fields are
those of the matching action event in :mod:`dupbridge.core.events`, without the sequence
number. The JSON form is the table-record action (docs/table-records.md), e.g.
``{"seat": "S", "call": "1NT", "alert": true}``; a ``"type"`` member naming the command
(``{"type": "call", "seat": "S", "call": "1NT"}``) is accepted too, as a web frame sends it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeAlias

from dupbridge.core.calls import Call, Strain
from dupbridge.core.cards import Card
from dupbridge.core.errors import NotationError
from dupbridge.core.events import (
    AgreementWithdrawn,
    AttentionDrawn,
    BidAboveSevenMade,
    CallChanged,
    CallMade,
    CardPlayed,
    CardsExposed,
    ClaimAccepted,
    ClaimMade,
    ClaimRejected,
    Conceded,
    ConcessionObjected,
    DirectorAnswered,
    Event,
    InformationReported,
    OptionChosen,
    PlayContinued,
)
from dupbridge.core.seats import Seat
from dupbridge.i18n import _

__all__ = [
    "COMMAND_TYPES",
    "RECORD_KEYS",
    "AcceptClaim",
    "BidAboveSeven",
    "ChangeCall",
    "ChooseOption",
    "Claim",
    "Command",
    "CommandError",
    "Concede",
    "ContinuePlay",
    "DirectorDecides",
    "DrawAttention",
    "ExposeCards",
    "MakeCall",
    "ObjectToConcession",
    "PlayCard",
    "RejectClaim",
    "Report",
    "WithdrawAgreement",
    "command_of",
    "encode_command",
    "pairs_of",
]


class CommandError(NotationError):
    """A command object that cannot be read: not an object, no or several action keys, a
    missing or mistyped field. The message names the field."""


@dataclass(frozen=True, slots=True)
class MakeCall:
    """``seat`` makes ``call``, perhaps alerted and explained (Laws 20, 40); ``simultaneous``
    in recording mode: made at the same moment as the previous call (Law 33)."""

    type: ClassVar[str] = "call"
    seat: Seat
    call: Call
    alert: bool = False
    explanation: str | None = None
    simultaneous: bool = False


@dataclass(frozen=True, slots=True)
class PlayCard:
    """``seat`` plays ``card`` (declarer names dummy's cards as dummy's seat)."""

    type: ClassVar[str] = "card"
    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class Claim:
    """``seat`` claims that his side will take ``tricks`` tricks in all (Law 68A)."""

    type: ClassVar[str] = "claim"
    seat: Seat
    tricks: int
    statement: str | None = None


@dataclass(frozen=True, slots=True)
class AcceptClaim:
    """An opponent of the claimer agrees to the claim (Law 69A)."""

    type: ClassVar[str] = "accept_claim"
    seat: Seat


@dataclass(frozen=True, slots=True)
class RejectClaim:
    """An opponent of the claimer disputes it; the Director is called (Law 68D)."""

    type: ClassVar[str] = "reject_claim"
    seat: Seat


@dataclass(frozen=True, slots=True)
class Concede:
    """``seat`` concedes ``tricks`` (None: all) of the remaining tricks (Law 68B)."""

    type: ClassVar[str] = "concede"
    seat: Seat
    tricks: int | None = None


@dataclass(frozen=True, slots=True)
class BidAboveSeven:
    """Recording mode: ``seat`` bids more than seven (Law 38)."""

    type: ClassVar[str] = "above_seven"
    seat: Seat
    level: int
    strain: Strain


@dataclass(frozen=True, slots=True)
class ExposeCards:
    """Recording mode: ``seat``'s ``cards`` were exposed (Laws 24, 48-50)."""

    type: ClassVar[str] = "expose"
    seat: Seat
    cards: tuple[Card, ...]
    deliberate: bool = False


@dataclass(frozen=True, slots=True)
class ChangeCall:
    """Recording mode: ``seat`` tries to replace his last call by ``call`` (Law 25)."""

    type: ClassVar[str] = "change"
    seat: Seat
    call: Call


@dataclass(frozen=True, slots=True)
class Report:
    """Recording mode: ``seat`` reports what the table cannot see (Laws 13-16, 20F, 21B, 43B2,
    67, 79), with the facts for the Director and particulars in ``details``."""

    type: ClassVar[str] = "report"
    seat: Seat
    kind: str
    facts: str = ""
    against: Seat | None = None
    details: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class DrawAttention:
    """Recording mode: ``seat`` draws attention to a revoke by ``offender`` (Laws 61-64)."""

    type: ClassVar[str] = "revoke"
    seat: Seat
    offender: Seat
    trick: int | None = None
    when: str = ""


@dataclass(frozen=True, slots=True)
class ContinuePlay:
    """Recording mode: play continues after a claim, all four agreeing (Law 68D2(b))."""

    type: ClassVar[str] = "continue_play"
    seat: Seat


@dataclass(frozen=True, slots=True)
class ObjectToConcession:
    """Recording mode: ``seat`` objects at once to his partner's concession (Law 68B2)."""

    type: ClassVar[str] = "object_concession"
    seat: Seat


@dataclass(frozen=True, slots=True)
class WithdrawAgreement:
    """Recording mode: an agreement to a claim or concession is withdrawn (Laws 69B, 71)."""

    type: ClassVar[str] = "withdraw_agreement"
    seat: Seat


@dataclass(frozen=True, slots=True)
class ChooseOption:
    """``seat`` chooses ``option`` in the pending ruling (Law 10C)."""

    type: ClassVar[str] = "choose"
    seat: Seat
    option: str


@dataclass(frozen=True, slots=True)
class DirectorDecides:
    """The Director answers the pending question or decides a review (Laws 81-85); the
    answers are kept as sorted ``(key, value)`` pairs so that the command is a value."""

    type: ClassVar[str] = "director"
    answers: tuple[tuple[str, Any], ...]

    @property
    def answers_map(self) -> dict[str, Any]:
        """The answers as a dict."""
        return dict(self.answers)


Command: TypeAlias = (
    MakeCall
    | PlayCard
    | Claim
    | AcceptClaim
    | RejectClaim
    | Concede
    | BidAboveSeven
    | ExposeCards
    | ChangeCall
    | Report
    | DrawAttention
    | ContinuePlay
    | ObjectToConcession
    | WithdrawAgreement
    | ChooseOption
    | DirectorDecides
)

#: Every command class by its JSON ``type``.
COMMAND_TYPES: dict[str, type[Command]] = {
    cls.type: cls
    for cls in (
        MakeCall,
        PlayCard,
        Claim,
        AcceptClaim,
        RejectClaim,
        Concede,
        BidAboveSeven,
        ExposeCards,
        ChangeCall,
        Report,
        DrawAttention,
        ContinuePlay,
        ObjectToConcession,
        WithdrawAgreement,
        ChooseOption,
        DirectorDecides,
    )
}

#: The keys a table-record action may use, one per action (``above_seven`` is written as a
#: ``call``; see docs/table-records.md).
RECORD_KEYS: tuple[str, ...] = tuple(key for key in COMMAND_TYPES if key != "above_seven")


def pairs_of(mapping: Mapping[str, object]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((str(key), value) for key, value in mapping.items()))


# --- from logged events (replay) -------------------------------------------------------------


def command_of(event: Event) -> Command:
    """The command whose execution logged the action ``event`` (replay feeds these back).

    Raises:
        ValueError: for an event that records no action (``BoardStarted``, derived events).
    """
    match event:
        case CallMade(seat=seat, call=call, alert=alert, explanation=text, simultaneous=sim):
            return MakeCall(seat, call, alert, text, sim)
        case CardPlayed(seat=seat, card=card):
            return PlayCard(seat, card)
        case ClaimMade(seat=seat, tricks=tricks, statement=statement):
            return Claim(seat, tricks, statement)
        case ClaimAccepted(seat=seat):
            return AcceptClaim(seat)
        case ClaimRejected(seat=seat):
            return RejectClaim(seat)
        case Conceded(seat=seat, tricks=tricks):
            return Concede(seat, tricks)
        case BidAboveSevenMade(seat=seat, level=level, strain=strain):
            return BidAboveSeven(seat, level, strain)
        case CardsExposed(seat=seat, cards=cards, deliberate=deliberate):
            return ExposeCards(seat, cards, deliberate)
        case CallChanged(seat=seat, call=call):
            return ChangeCall(seat, call)
        case InformationReported(
            seat=seat, kind=kind, facts=facts, against=against, details=details
        ):
            return Report(seat, kind, facts, against, pairs_of(json.loads(details or "{}")))
        case AttentionDrawn(seat=seat, offender=offender, trick=trick, when=when):
            return DrawAttention(seat, offender, trick, when)
        case PlayContinued(seat=seat):
            return ContinuePlay(seat)
        case ConcessionObjected(seat=seat):
            return ObjectToConcession(seat)
        case AgreementWithdrawn(seat=seat):
            return WithdrawAgreement(seat)
        case OptionChosen(seat=seat, option=option):
            return ChooseOption(seat, option)
        case DirectorAnswered(answers=answers):
            return DirectorDecides(pairs_of(json.loads(answers)))
    raise ValueError(_("not an action event: {event!r}").format(event=event))


def encode_command(command: Command) -> dict[str, Any]:
    """The JSON object of ``command``, in the table-record form with its ``type``;
    :func:`dupbridge.core.command_json.decode_command` reads it back to an equal command."""
    out: dict[str, Any] = {"type": command.type}
    match command:
        case MakeCall():
            out |= {"seat": command.seat.letter, "call": str(command.call)}
            if command.alert:
                out["alert"] = True
            if command.explanation is not None:
                out["explanation"] = command.explanation
            if command.simultaneous:
                out["simultaneous"] = True
        case PlayCard():
            out |= {"seat": command.seat.letter, "card": str(command.card)}
        case Claim():
            out |= {"seat": command.seat.letter, "claim": command.tricks}
            if command.statement is not None:
                out["statement"] = command.statement
        case Concede():
            out |= {"seat": command.seat.letter}
            out["concede"] = True if command.tricks is None else command.tricks
        case BidAboveSeven():
            out |= {"seat": command.seat.letter, "level": command.level}
            out["strain"] = command.strain.letter
        case ExposeCards():
            out |= {"seat": command.seat.letter, "expose": [str(c) for c in command.cards]}
            if command.deliberate:
                out["deliberate"] = True
        case ChangeCall():
            out |= {"seat": command.seat.letter, "change": str(command.call)}
        case Report():
            out |= {"seat": command.seat.letter, "report": command.kind, "facts": command.facts}
            if command.against is not None:
                out["against"] = command.against.letter
            if command.details:
                out["details"] = dict(command.details)
        case DrawAttention():
            out |= {"seat": command.seat.letter, "revoke": command.offender.letter}
            if command.trick is not None:
                out["trick"] = command.trick
            if command.when:
                out["when"] = command.when
        case ChooseOption():
            out |= {"seat": command.seat.letter, "option": command.option}
        case DirectorDecides():
            out["answers"] = dict(command.answers)
        case _:
            out |= {"seat": command.seat.letter, command.type: True}
    return out
