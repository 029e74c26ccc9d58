"""The JSON form of table events, for the event store and the audit trail (DESIGN §2.5).

Every event encodes to a JSON object ``{"type": "CardPlayed", "seq": 7, "seat": "W", "card":
"SA"}``: the class name as ``type``, then its fields in their canonical text forms (a seat by
its letter, a call by ``str(call)``, a card by ``str(card)``, a deal by ``Deal.to_pbn()``, a
Law by ``str(LawRef)``, a trick by its leader and cards). Derived events (tricks completed,
rectifications) are encoded too, so the stored log is a full audit trail; they are never
needed back, since :meth:`Table.replay <dupbridge.core.table.Table.replay>` regenerates them.
:func:`event_from_json` reads ``BoardStarted``, every action event and the plain derived ones
(the auction and the play ended, a trick completed, an irregularity flagged, a call deemed).

Only the standard library is used: the core stays pure.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any, TypeVar

from dupbridge.core.boards import Board
from dupbridge.core.calls import Call, Strain, parse_call
from dupbridge.core.cards import Card, Hand
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.errors import NotationError
from dupbridge.core.events import (
    AgreementWithdrawn,
    AttentionDrawn,
    AuctionEnded,
    BidAboveSevenMade,
    BoardStarted,
    CallChanged,
    CallDeemed,
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
    IrregularityFlagged,
    OptionChosen,
    PlayContinued,
    PlayEnded,
    Rectified,
    TrickCompleted,
)
from dupbridge.core.kinds import Edition
from dupbridge.core.lawref import LawRef
from dupbridge.core.phases import Mode
from dupbridge.core.play import Trick
from dupbridge.core.seats import Seat, Side, Vulnerability
from dupbridge.i18n import _

__all__ = ["EVENT_TYPES", "EventJSONError", "event_from_json", "event_to_json", "value_to_json"]

#: Every event class by the ``type`` of its JSON form.
EVENT_TYPES: dict[str, type[Event]] = {
    cls.__name__: cls
    for cls in (
        BoardStarted,
        CallMade,
        AuctionEnded,
        CardPlayed,
        TrickCompleted,
        ClaimMade,
        ClaimAccepted,
        ClaimRejected,
        Conceded,
        PlayEnded,
        BidAboveSevenMade,
        CardsExposed,
        CallChanged,
        InformationReported,
        AttentionDrawn,
        PlayContinued,
        ConcessionObjected,
        AgreementWithdrawn,
        OptionChosen,
        DirectorAnswered,
        IrregularityFlagged,
        CallDeemed,
        Rectified,
    )
}


_E = TypeVar("_E", Edition, Mode)


def _closed(kind: type[_E], value: object, name: str) -> _E:
    """``value`` as a member of the closed set ``kind`` (an edition, a mode)."""
    try:
        return kind(str(value))
    except ValueError:
        raise EventJSONError(
            _("{name} must be one of {known}, not {value!r}").format(
                name=name, known=", ".join(kind), value=value
            )
        ) from None


class EventJSONError(NotationError):
    """A JSON object that is not a stored event (unknown type, missing or mistyped field)."""


# --- encoding -----------------------------------------------------------------------------


def value_to_json(value: object) -> Any:
    """The JSON form of one field value (recursively for tuples, mappings and dataclasses)."""
    if isinstance(value, Seat):
        return value.letter
    if isinstance(value, Side | Vulnerability | Strain):
        return str(value)
    if value is None or isinstance(value, bool | int | str | float):
        return value
    if isinstance(value, Card | Contract | LawRef | Hand):
        return str(value)
    if isinstance(value, Call):
        return str(value)
    if isinstance(value, Deal):
        return value.to_pbn()
    if isinstance(value, Board):
        return {
            "number": value.number,
            "dealer": value.dealer.letter,
            "vulnerability": str(value.vulnerability),
        }
    if isinstance(value, Trick):
        return {
            "number": value.number,
            "leader": value.leader.letter,
            "cards": [str(card) for card in value.cards],
            "winner": value.winner.letter,
        }
    if isinstance(value, Enum):
        return value.value if isinstance(value.value, str | int) else value.name
    if isinstance(value, tuple | list | frozenset | set):
        items = [value_to_json(item) for item in value]
        return sorted(items, key=str) if isinstance(value, frozenset | set) else items
    if isinstance(value, Mapping):
        return {str(value_to_json(key)): value_to_json(item) for key, item in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {"type": type(value).__name__}
        for field in dataclasses.fields(value):
            out[field.name] = value_to_json(getattr(value, field.name))
        return out
    return str(value)


def event_to_json(event: Event) -> dict[str, Any]:
    """The JSON object of ``event``: its class name as ``type``, then its fields."""
    out: dict[str, Any] = {"type": type(event).__name__}
    for field in dataclasses.fields(event):
        out[field.name] = value_to_json(getattr(event, field.name))
    return out


# --- decoding -----------------------------------------------------------------------------


def _field(data: Mapping[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    if name not in data:
        raise EventJSONError(
            _("the {kind} event has no '{name}'").format(kind=data.get("type"), name=name)
        )
    value = data[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise EventJSONError(
            _("'{name}' of the {kind} event has the wrong type: {value!r}").format(
                name=name, kind=data.get("type"), value=value
            )
        )
    return value


def _seat(data: Mapping[str, Any], name: str = "seat") -> Seat:
    return Seat.from_str(_field(data, name, str))


def _opt_seat(data: Mapping[str, Any], name: str) -> Seat | None:
    value = data.get(name)
    return None if value is None else Seat.from_str(str(value))


def _opt_text(data: Mapping[str, Any], name: str) -> str | None:
    value = data.get(name)
    return None if value is None else str(value)


def _inner(data: Mapping[str, Any], name: str) -> dict[str, Any]:
    """The object ``name`` inside an event, its keys written ``name.key`` and the event's
    type kept, so that an error in it names the event and the whole path."""
    value = _field(data, name, Mapping)
    inner = {f"{name}.{key}": item for key, item in value.items()}
    inner["type"] = data.get("type")
    return inner


def _trick(data: Mapping[str, Any]) -> Trick:
    value = _inner(data, "trick")
    cards = tuple(Card.from_str(str(text)) for text in _field(value, "trick.cards", list))
    if len(cards) != 4:
        raise EventJSONError(_("a trick has four cards, not {count}").format(count=len(cards)))
    return Trick(
        _field(value, "trick.number", int),
        _seat(value, "trick.leader"),
        (cards[0], cards[1], cards[2], cards[3]),
        _seat(value, "trick.winner"),
    )


def _board_started(seq: int, data: Mapping[str, Any]) -> Event:
    board = _inner(data, "board")
    return BoardStarted(
        seq,
        Board(
            _field(board, "board.number", int),
            _seat(board, "board.dealer"),
            Vulnerability.from_str(_field(board, "board.vulnerability", str)),
        ),
        Deal.from_pbn(_field(data, "deal", str)),
        _closed(Edition, data.get("edition", "2017"), "edition"),
        _closed(Mode, data.get("mode", "strict"), "mode"),
        _opt_text(data, "rules"),
    )


_EDITION_SUFFIX = re.compile(r"^(.*?)\s*\((\d{4})\)\s*$")


def _law(data: Mapping[str, Any]) -> LawRef:
    """A Law as ``str(LawRef)`` writes it: ``"Law 31"`` or ``"Law 31 (2017)"``."""
    text = _field(data, "law", str)
    match = _EDITION_SUFFIX.match(text)
    if match is None:
        return LawRef.parse(text)
    return LawRef.parse(match.group(1), match.group(2))


def _contract(data: Mapping[str, Any]) -> Contract | None:
    value = data.get("contract")
    return None if value is None else Contract.from_str(str(value))


_Decoder = Callable[[int, Mapping[str, Any]], Event]

_DECODERS: dict[str, _Decoder] = {
    "BoardStarted": _board_started,
    "CallMade": lambda seq, d: CallMade(
        seq,
        _seat(d),
        parse_call(_field(d, "call", str)),
        bool(d.get("alert", False)),
        _opt_text(d, "explanation"),
        bool(d.get("simultaneous", False)),
    ),
    "AuctionEnded": lambda seq, d: AuctionEnded(seq, _contract(d)),
    "CardPlayed": lambda seq, d: CardPlayed(seq, _seat(d), Card.from_str(_field(d, "card", str))),
    "TrickCompleted": lambda seq, d: TrickCompleted(seq, _trick(d)),
    "ClaimMade": lambda seq, d: ClaimMade(
        seq, _seat(d), _field(d, "tricks", int), _opt_text(d, "statement")
    ),
    "ClaimAccepted": lambda seq, d: ClaimAccepted(seq, _seat(d)),
    "ClaimRejected": lambda seq, d: ClaimRejected(seq, _seat(d)),
    "Conceded": lambda seq, d: Conceded(seq, _seat(d), _field(d, "tricks", int)),
    "PlayEnded": lambda seq, d: PlayEnded(
        seq, _field(d, "declarer_tricks", int), _field(d, "how", str)
    ),
    "BidAboveSevenMade": lambda seq, d: BidAboveSevenMade(
        seq, _seat(d), _field(d, "level", int), Strain.from_str(_field(d, "strain", str))
    ),
    "CardsExposed": lambda seq, d: CardsExposed(
        seq,
        _seat(d),
        tuple(Card.from_str(str(text)) for text in _field(d, "cards", list)),
        bool(d.get("deliberate", False)),
    ),
    "CallChanged": lambda seq, d: CallChanged(seq, _seat(d), parse_call(_field(d, "call", str))),
    "InformationReported": lambda seq, d: InformationReported(
        seq,
        _seat(d),
        _field(d, "kind", str),
        str(d.get("facts", "")),
        _opt_seat(d, "against"),
        str(d.get("details", "")),
    ),
    "AttentionDrawn": lambda seq, d: AttentionDrawn(
        seq,
        _seat(d),
        _seat(d, "offender"),
        None if d.get("trick") is None else _field(d, "trick", int),
        str(d.get("when", "")),
    ),
    "PlayContinued": lambda seq, d: PlayContinued(seq, _seat(d)),
    "ConcessionObjected": lambda seq, d: ConcessionObjected(seq, _seat(d)),
    "AgreementWithdrawn": lambda seq, d: AgreementWithdrawn(seq, _seat(d)),
    "OptionChosen": lambda seq, d: OptionChosen(seq, _seat(d), _field(d, "option", str)),
    "DirectorAnswered": lambda seq, d: DirectorAnswered(seq, _field(d, "answers", str)),
    "IrregularityFlagged": lambda seq, d: IrregularityFlagged(
        seq, _field(d, "irregularity", str), _law(d), _seat(d)
    ),
    "CallDeemed": lambda seq, d: CallDeemed(
        seq, _seat(d), parse_call(_field(d, "call", str)), _law(d)
    ),
}


def event_from_json(data: object) -> Event:
    """Read one event from its JSON object (see :func:`event_to_json`).

    ``Rectified`` (a derived event of recording mode) is not read back: replay regenerates it.

    Raises:
        EventJSONError: for an object that is no event, an unknown or unreadable type, or a
            missing or mistyped field (the message names it).
        NotationError: for a seat, call, card or deal that is not valid notation.
    """
    if not isinstance(data, Mapping):
        raise EventJSONError(_("an event must be a JSON object"))
    kind = data.get("type")
    decoder = _DECODERS.get(kind) if isinstance(kind, str) else None
    if decoder is None:
        raise EventJSONError(
            _("cannot read an event of type {kind!r}; readable: {known}").format(
                kind=kind, known=", ".join(_DECODERS)
            )
        )
    try:
        return decoder(_field(data, "seq", int), data)
    except NotationError:
        raise
    except ValueError as error:  # a Law reference or a field that is no value
        raise EventJSONError(str(error)) from error
