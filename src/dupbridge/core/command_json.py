"""Commands from JSON: the one decoder of table-record actions and web frames.

:func:`decode_command` turns a table-record action (docs/table-records.md) or a web frame
(``{"type": "call", ...}``) into one of the typed commands of :mod:`dupbridge.core.commands`;
every entry point that receives JSON (table records and the CLI, the web) goes through it.
A bad object is refused with a :class:`~dupbridge.core.commands.CommandError` that names the
action and the field, never read as a silent default. The encoder, the other way, is
:func:`dupbridge.core.commands.encode_command`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, TypeAlias

from dupbridge.core.calls import Strain, parse_call
from dupbridge.core.cards import Card
from dupbridge.core.commands import (
    COMMAND_TYPES,
    RECORD_KEYS,
    AcceptClaim,
    BidAboveSeven,
    ChangeCall,
    ChooseOption,
    Claim,
    Command,
    CommandError,
    Concede,
    ContinuePlay,
    DirectorDecides,
    DrawAttention,
    ExposeCards,
    MakeCall,
    ObjectToConcession,
    PlayCard,
    RejectClaim,
    Report,
    WithdrawAgreement,
    pairs_of,
)
from dupbridge.core.errors import InvalidCallError
from dupbridge.core.seats import Seat
from dupbridge.i18n import _

__all__ = ["decode_command"]

_ABOVE_SEVEN = re.compile(r"^\s*(\d+)\s*([A-Za-z♠♥♦♣♤♡♢♧]+)\s*$")


def decode_command(data: object, *, recording: bool = False) -> Command:
    """Read one command from its JSON object (a table-record action or a web frame).

    Args:
        data: the decoded JSON object.
        recording: whether the table records irregularities; only then is a bid above
            seven (``"8S"``) a command (Law 38) rather than text that is no call.

    Raises:
        CommandError: if the object is not a command (the message names the field).
        NotationError: if a call, card or seat in it is not valid notation.
    """
    if not isinstance(data, Mapping):
        raise CommandError(_("an action must be a JSON object"))
    kind = _kind_of(data)
    if kind == "choose":
        value = data.get("choose", data)
        if not isinstance(value, Mapping) or "seat" not in value or "option" not in value:
            raise CommandError(_("'choose' needs an object with 'seat' and 'option'"))
        return ChooseOption(Seat.from_str(str(value["seat"])), str(value["option"]))
    if kind == "director":
        value = data.get("director", data.get("answers"))
        if not isinstance(value, Mapping) or not value:
            raise CommandError(
                _("'director' needs an object of answers, e.g. {example}").format(
                    example='{"comparable": true}'
                )
            )
        return DirectorDecides(pairs_of(value))
    if "seat" not in data:
        raise CommandError(_("the action has no 'seat'"))
    seat = Seat.from_str(str(data["seat"]))
    decoder: Decoder = _DECODERS[kind]
    return decoder(seat, data.get(kind, _MISSING), data, recording)


def _kind_of(data: Mapping[str, object]) -> str:
    if "type" in data:
        kind = data["type"]
        if not isinstance(kind, str) or kind not in COMMAND_TYPES:
            raise CommandError(
                _("unknown command type {kind!r}; known: {known}").format(
                    kind=kind, known=", ".join(COMMAND_TYPES)
                )
            )
        return kind
    keys = [key for key in RECORD_KEYS if key in data]
    if len(keys) != 1:
        raise CommandError(
            _("an action needs exactly one of {keys}; this one has {found}").format(
                keys=", ".join(RECORD_KEYS), found=", ".join(keys) or _("none")
            )
        )
    return keys[0]


#: A decoder: (acting seat, the value of the action key, the whole object, recording mode).
Decoder: TypeAlias = Callable[[Seat, object, Mapping[str, object], bool], Command]


#: The value of an action key a web frame left out (a frame names its action by ``type``).
_MISSING: Any = object()


def _given(command: str, value: object, data: Mapping[str, object], field: str = "") -> object:
    """The value of ``field`` in ``data``, else ``value`` (the action key's own value).

    Raises:
        CommandError: if neither is given (or it is null), naming the action and its field
            instead of reading the missing value as some other value.
    """
    found = data.get(field, value) if field else value
    if found is _MISSING or found is None:
        if not field:
            raise _missing(command, command)
        message = _("the '{command}' action has no '{field}' (or '{key}')")
        raise CommandError(message.format(command=command, field=field, key=command))
    return found


def _missing(command: str, field: str) -> CommandError:
    message = _("the '{command}' action has no '{field}'")
    return CommandError(message.format(command=command, field=field))


def _field(command: str, data: Mapping[str, object], field: str) -> object:
    """The value of ``field`` in ``data``, which only it gives.

    Raises:
        CommandError: if it is not given (or null), naming the action and the field.
    """
    found = data.get(field)
    if found is None:
        raise _missing(command, field)
    return found


def _int_field(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CommandError(
            _("'{name}' must be a whole number of tricks, not {value!r}").format(
                name=name, value=value
            )
        )
    return value


def _whole_number(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CommandError(
            _("'{name}' must be a whole number, not {value!r}").format(name=name, value=value)
        )
    return value


def _text(value: object) -> str | None:
    return None if value is None else str(value)


def _true_only(key: str, value: object) -> None:
    if value is not True:
        raise CommandError(_("'{key}' takes the value true").format(key=key))


def _call(seat: Seat, value: object, data: Mapping[str, object], recording: bool) -> Command:
    text = str(_given("call", value, data))
    try:
        call = parse_call(text)
    except InvalidCallError:
        match = _ABOVE_SEVEN.match(text)
        if not recording or match is None or int(match.group(1)) <= 7:
            raise  # strict mode: a bid above seven is no call at all (notation, Law 38)
        return BidAboveSeven(seat, int(match.group(1)), Strain.from_str(match.group(2)))
    return MakeCall(
        seat,
        call,
        alert=bool(data.get("alert", False)),
        explanation=_text(data.get("explanation")),
        simultaneous=bool(data.get("simultaneous", False)),
    )


def _above_seven(seat: Seat, value: object, data: Mapping[str, object], _r: bool) -> Command:
    level = _whole_number(_field("above_seven", data, "level"), "level")
    return BidAboveSeven(seat, level, Strain.from_str(str(_field("above_seven", data, "strain"))))


def _card(seat: Seat, value: object, data: Mapping[str, object], _r: bool) -> Command:
    return PlayCard(seat, Card.from_str(str(_given("card", value, data))))


def _claim(seat: Seat, value: object, data: Mapping[str, object], _r: bool) -> Command:
    tricks = _given("claim", value, data, "tricks")
    return Claim(seat, _int_field(tricks, "claim"), _text(data.get("statement")))


def _concede(seat: Seat, value: object, data: Mapping[str, object], _r: bool) -> Command:
    tricks = data.get("tricks", value)  # none given: all the remaining tricks (Law 68B)
    all_of_them = tricks is True or tricks is None or tricks is _MISSING
    return Concede(seat, None if all_of_them else _int_field(tricks, "concede"))


def _accept(seat: Seat, value: object, data: Mapping[str, object], _r: bool) -> Command:
    return RejectClaim(seat) if value is False else AcceptClaim(seat)


def _reject(seat: Seat, value: object, data: Mapping[str, object], _r: bool) -> Command:
    return AcceptClaim(seat) if value is False else RejectClaim(seat)


def _expose(seat: Seat, value: object, data: Mapping[str, object], _r: bool) -> Command:
    value = _given("expose", value, data, "cards")
    texts = value if isinstance(value, list) else str(value).split()
    cards = tuple(Card.from_str(str(text)) for text in texts)
    return ExposeCards(seat, cards, deliberate=bool(data.get("deliberate", False)))


def _change(seat: Seat, value: object, data: Mapping[str, object], _r: bool) -> Command:
    return ChangeCall(seat, parse_call(str(_given("change", value, data, "call"))))


def _report(seat: Seat, value: object, data: Mapping[str, object], _r: bool) -> Command:
    against = data.get("against")
    details = data.get("details")
    if details is not None and not isinstance(details, Mapping):
        raise CommandError(
            _("'details' must be an object, e.g. {example}").format(example='{"trick": 5}')
        )
    return Report(
        seat,
        str(_given("report", value, data, "kind")),
        str(data.get("facts", "") or ""),
        None if against is None else Seat.from_str(str(against)),
        () if details is None else pairs_of(details),
    )


def _revoke(seat: Seat, value: object, data: Mapping[str, object], _r: bool) -> Command:
    trick = data.get("trick")
    offender = _given("revoke", value, data, "offender")
    return DrawAttention(
        seat,
        Seat.from_str(str(offender)),
        None if trick is None else _whole_number(trick, "trick"),
        str(data.get("when", "") or ""),
    )


def _flag(cls: type[ContinuePlay | ObjectToConcession | WithdrawAgreement], key: str) -> Decoder:
    def decode(seat: Seat, value: object, data: Mapping[str, object], _r: bool) -> Command:
        if "type" not in data:
            _true_only(key, value)
        return cls(seat)

    return decode


_DECODERS: dict[str, Decoder] = {
    "call": _call,
    "above_seven": _above_seven,
    "card": _card,
    "claim": _claim,
    "concede": _concede,
    "accept_claim": _accept,
    "reject_claim": _reject,
    "expose": _expose,
    "change": _change,
    "report": _report,
    "revoke": _revoke,
    "continue_play": _flag(ContinuePlay, "continue_play"),
    "object_concession": _flag(ObjectToConcession, "object_concession"),
    "withdraw_agreement": _flag(WithdrawAgreement, "withdraw_agreement"),
}
