"""What online play adds to the table's command vocabulary: settings and service commands.

The table commands (a call, a card, a claim and its answers, a concession) are those of
:mod:`dupbridge.core.commands`, carried out by ``Table.execute`` in strict mode. Online play
adds four commands that are no table action and are carried out by the table service:

* ``undo_request`` / ``undo_answer``: a player asks to take back his last call; an opponent
  grants or refuses it. Allowed only when the table's settings allow undo, during the auction
  and before the player's partner has called since (the spirit of Law 25A: an unintended call
  may be replaced until partner calls; online, the opponents consent, as on BBO).
* ``director_call``: a player calls the Director to the table (Law 9B1(a)).
* ``chat``: a message to the four players of the table.

The Director's console adds :class:`DirectorRuling` (a ruling on a disputed claim),
:class:`DirectorMessage`, :class:`DirectorScore` (an adjusted score, its revision or its
withdrawal) and :class:`DirectorAttended` (a call attended), which no seat can send:
:func:`decode_online` does not know them.
Nor does it know :class:`RobotSits`, which a robot sends when it takes a seat
(``services.robot_seats``), so that the log itself says where robots sit.

Every frame is decoded by :func:`decode_online`, one discriminated union on ``type``: the
service commands here, the table commands through :func:`dupbridge.core.command_json.decode_command`
(the one decoder of the table vocabulary).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar, TypeAlias

from dupbridge.core.command_json import decode_command
from dupbridge.core.commands import Command, CommandError
from dupbridge.core.seats import Seat
from dupbridge.i18n import _

__all__ = [
    "CHAT_LIMIT",
    "ONLINE_TABLE_COMMANDS",
    "SERVICE_COMMAND_TYPES",
    "AnswerUndo",
    "CallDirector",
    "DirectorAttended",
    "DirectorCommand",
    "DirectorMessage",
    "DirectorRecording",
    "DirectorResume",
    "DirectorRuling",
    "DirectorScore",
    "DirectorStep",
    "OnlineCommand",
    "RequestUndo",
    "RobotSits",
    "SendChat",
    "ServiceCommand",
    "SettingsError",
    "TableSettings",
    "decode_online",
]

#: The longest chat message or Director call reason, in characters.
CHAT_LIMIT = 500

#: The table commands a player may send online (strict mode: irregularities are refused, so
#: the recording-mode commands are the Director's console's, not the players').
ONLINE_TABLE_COMMANDS: tuple[str, ...] = (
    "call",
    "card",
    "claim",
    "accept_claim",
    "reject_claim",
    "concede",
)

UNDO_MODES: tuple[str, ...] = ("none", "law25a", "director")
CLAIM_MODES: tuple[str, ...] = ("both", "one")


class SettingsError(ValueError):
    """Table settings that are not valid (the message names the setting)."""


@dataclass(frozen=True, slots=True)
class TableSettings:
    """The settings of an online event's tables, with the defaults of the Laws and of
    BBO/RealBridge practice.

    Attributes:
        explanations_after_board: whether all four players see every explanation once the
            board is over. During the board an explanation reaches the caller's two opponents
            only (self-alerts, Law 20F); the partner never sees it while it could help him.
        undo: ``"law25a"`` (default): a player may ask to take back his last call during the
            auction until his partner calls (Law 25A), and one opponent's consent grants it;
            ``"director"``: the request goes to the Director (the queue's undo request), who
            rules on it at the table on the engine (Law 25A, docs/director.md); the opponents
            do not answer it. ``"none"``: no undo at all.
        claims: ``"both"`` (default): a claim ends play when both opponents accept it
            (Law 69A, as on BBO); ``"one"``: one opponent's acceptance is enough. One rejection
            always stops play and calls the Director (Laws 68D, 70).
        kibitzer_delay: seconds kibitzers wait, after the board is over at every table of the
            session that plays it, before they see it. Never while it is still in play
            anywhere in the session.
        kibitzers: whether kibitzers may watch at all.
    """

    explanations_after_board: bool = False
    undo: str = "law25a"
    claims: str = "both"
    kibitzer_delay: float = 0.0
    kibitzers: bool = True

    def __post_init__(self) -> None:
        if self.undo not in UNDO_MODES:
            raise SettingsError(
                _("unknown undo setting {value!r} (expected {known})").format(
                    value=self.undo, known=", ".join(UNDO_MODES)
                )
            )
        if self.claims not in CLAIM_MODES:
            raise SettingsError(
                _("unknown claims setting {value!r} (expected {known})").format(
                    value=self.claims, known=", ".join(CLAIM_MODES)
                )
            )
        if not 0 <= self.kibitzer_delay <= 86_400:
            raise SettingsError(
                _("kibitzer_delay must be between 0 and 86400 seconds, not {value}").format(
                    value=self.kibitzer_delay
                )
            )

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableSettings:
        """The settings in a JSON object; absent keys take their defaults.

        Raises:
            SettingsError: for an unknown key or a value of the wrong kind.
        """
        known = {field.name: field for field in fields(cls)}
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise SettingsError(
                _("unknown table settings: {names} (known: {known})").format(
                    names=", ".join(unknown), known=", ".join(known)
                )
            )
        values: dict[str, Any] = {}
        for name, value in data.items():
            default = getattr(cls(), name)
            if isinstance(default, bool):
                ok = isinstance(value, bool)
            elif isinstance(default, float):
                ok = isinstance(value, int | float) and not isinstance(value, bool)
            else:
                ok = isinstance(value, str)
            if not ok:
                raise SettingsError(
                    _("table setting {name!r} has the wrong type: {value!r}").format(
                        name=name, value=value
                    )
                )
            values[name] = float(value) if isinstance(default, float) else value
        return cls(**values)

    def to_json(self) -> dict[str, Any]:
        """The settings as a JSON object (read back by :meth:`from_json`)."""
        return asdict(self)


@dataclass(frozen=True, slots=True)
class RequestUndo:
    """``seat`` asks to take back his last call (Law 25A, online: with consent)."""

    type: ClassVar[str] = "undo_request"
    seat: Seat


@dataclass(frozen=True, slots=True)
class AnswerUndo:
    """An opponent of the player asking for an undo grants or refuses it."""

    type: ClassVar[str] = "undo_answer"
    seat: Seat
    grant: bool


@dataclass(frozen=True, slots=True)
class CallDirector:
    """``seat`` calls the Director to the table (Law 9B1(a))."""

    type: ClassVar[str] = "director_call"
    seat: Seat
    reason: str = ""


@dataclass(frozen=True, slots=True)
class SendChat:
    """``seat`` writes ``text`` to the four players of the table."""

    type: ClassVar[str] = "chat"
    seat: Seat
    text: str


@dataclass(frozen=True, slots=True)
class DirectorRuling:
    """The Director's ruling on a disputed claim (Laws 68D, 69-71): ``tricks``, the number of
    tricks the claimer's side ends the board with, or None: play continues from the position
    (2017 Law 68D2(b)). Never decoded from a seat's frame: only the Director's console sends
    it, through ``TableService.direct``."""

    type: ClassVar[str] = "director_ruling"
    tricks: int | None


@dataclass(frozen=True, slots=True)
class DirectorMessage:
    """A message from the Director to the players of a table (one table, or each table of a
    session in turn). Only the Director's console sends it, as :class:`DirectorRuling`."""

    type: ClassVar[str] = "director_message"
    text: str

    def __post_init__(self) -> None:
        if not self.text.strip() or len(self.text) > CHAT_LIMIT:
            raise CommandError(
                _("a message must be a text of 1 to {limit} characters").format(limit=CHAT_LIMIT)
            )

    def payload(self, director: str, at: str) -> dict[str, Any]:
        """The ``DirectorMessage`` event, with the Director's name and the time."""
        return {"type": "DirectorMessage", "director": director, "at": at, "text": self.text}


#: The kinds of :class:`DirectorScore`: a score given (Law 12C, a board not played: Law
#: 12C2(a)), a result corrected (Law 79C), and the compensating entries that replace or
#: withdraw the one in force.
SCORE_ACTIONS: tuple[str, ...] = (
    "adjusted_score",
    "not_played",
    "correction",
    "revision",
    "withdrawal",
)


@dataclass(frozen=True, slots=True)
class DirectorScore:
    """The Director's score on the board of a table (Law 12C): ``score`` in the notation of
    :func:`dupbridge.tournament.results.parse_outcome` (``"30% 4SN=; 70% 4SN-1"``,
    ``"A60/40"``), or None for a withdrawal (the table's own result stands again).
    ``revises`` names the seq of the ``DirectorScored`` event a revision or a withdrawal
    compensates: that event stays in the log. Only the Director's console sends it."""

    type: ClassVar[str] = "director_score"
    kind: str
    score: str | None
    laws: tuple[str, ...] = ()
    revises: int | None = None
    note: str = ""

    def __post_init__(self) -> None:
        if self.kind not in SCORE_ACTIONS:
            raise CommandError(_("unknown kind of score {kind!r}").format(kind=self.kind))
        if (self.kind == "revision") != (self.revises is not None) and self.kind != "withdrawal":
            raise CommandError(
                _("a revision names the entry it replaces, and only a withdrawal may do so too")
            )
        if (self.score is None) != (self.kind == "withdrawal"):
            raise CommandError(_("a withdrawal has no score; every other entry has one"))
        if len(self.note) > CHAT_LIMIT:
            raise CommandError(
                _("'{name}' is longer than {limit} characters").format(
                    name="note", limit=CHAT_LIMIT
                )
            )

    def payload(self, director: str, at: str) -> dict[str, Any]:
        """The ``DirectorScored`` event, with the Director's name and the time."""
        return {
            "type": "DirectorScored",
            "director": director,
            "at": at,
            "kind": self.kind,
            "score": self.score,
            "laws": list(self.laws),
            "revises": self.revises,
            "note": self.note,
        }


@dataclass(frozen=True, slots=True)
class DirectorAttended:
    """The Director has attended the call at ``call_seq`` of the table's log (a player's
    call, a disputed claim, an undo request; -1: the board over time). Only the Director's
    console sends it."""

    type: ClassVar[str] = "director_attended"
    call_seq: int
    note: str = ""

    def payload(self, director: str, at: str) -> dict[str, Any]:
        """The ``DirectorAttended`` event, with the Director's name and the time."""
        return {"type": "DirectorAttended", "director": director, "at": at,
                "call_seq": self.call_seq, "note": self.note}  # fmt: skip


@dataclass(frozen=True, slots=True)
class DirectorRecording:
    """The Director switches the table to recording mode from the point of the irregularity
    (``from_seq``: the last stored event that stands; None: the head) to rule on it with the
    rulings engine (Law 81C3; :mod:`dupbridge.services.live_ruling`)."""

    type: ClassVar[str] = "director_recording"
    from_seq: int | None = None


@dataclass(frozen=True, slots=True)
class DirectorStep:
    """One record action the Director enters while he rules (docs/table-records.md): what
    happened, a player's choice (Law 10C), or his own answer."""

    type: ClassVar[str] = "director_step"
    action: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class DirectorResume:
    """The Director's ruling is complete: play goes on online from the rectified state."""

    type: ClassVar[str] = "director_resume"


@dataclass(frozen=True, slots=True)
class RobotSits:
    """A robot takes ``seat`` (logged once as ``RobotSeated``): every server process, and
    the table page, learns from the log that a robot plays there, whichever process runs it
    (Laws 40A1, 40B2: its opponents may read the robots' system card). Only the robots send
    it: a seat's frame cannot (:func:`decode_online` does not know it)."""

    type: ClassVar[str] = "robot_sits"
    seat: Seat


#: What the Director's console sends to a table (never a seat).
DirectorCommand: TypeAlias = (
    DirectorRuling
    | DirectorMessage
    | DirectorRecording
    | DirectorStep
    | DirectorResume
    | DirectorScore
    | DirectorAttended
)

ServiceCommand: TypeAlias = RequestUndo | AnswerUndo | CallDirector | SendChat
OnlineCommand: TypeAlias = Command | ServiceCommand | RobotSits


def _seat_of(data: Mapping[str, object]) -> Seat:
    if "seat" not in data:
        raise CommandError(_("the action has no 'seat'"))
    return Seat.from_str(str(data["seat"]))


def _text(data: Mapping[str, object], name: str, *, required: bool) -> str:
    value = data.get(name, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise CommandError(_("'{name}' must be a non-empty text").format(name=name))
    if len(value) > CHAT_LIMIT:
        raise CommandError(
            _("'{name}' is longer than {limit} characters").format(name=name, limit=CHAT_LIMIT)
        )
    return value


def _grant(data: Mapping[str, object]) -> bool:
    value = data.get("grant")
    if not isinstance(value, bool):
        raise CommandError(_("'grant' must be true or false"))
    return value


_SERVICE_DECODERS: dict[str, Callable[[Mapping[str, object]], ServiceCommand]] = {
    "undo_request": lambda data: RequestUndo(_seat_of(data)),
    "undo_answer": lambda data: AnswerUndo(_seat_of(data), _grant(data)),
    "director_call": lambda data: CallDirector(
        _seat_of(data), _text(data, "reason", required=False)
    ),
    "chat": lambda data: SendChat(_seat_of(data), _text(data, "text", required=True)),
}

#: Every service command class by its JSON ``type``.
SERVICE_COMMAND_TYPES: dict[str, type[ServiceCommand]] = {
    cls.type: cls for cls in (RequestUndo, AnswerUndo, CallDirector, SendChat)
}


def decode_online(data: object) -> OnlineCommand:
    """Read one online command from its JSON object: a table command or a service command,
    chosen by ``type``.

    Raises:
        CommandError: if the object is not an online command (the message names the field).
        NotationError: if a call, card or seat in it is not valid notation.
    """
    if not isinstance(data, Mapping):
        raise CommandError(_("a command must be a JSON object"))
    kind = data.get("type")
    if isinstance(kind, str) and kind in _SERVICE_DECODERS:
        return _SERVICE_DECODERS[kind](data)
    if kind not in ONLINE_TABLE_COMMANDS:
        raise CommandError(
            _("unknown command type {kind!r}; known: {known}").format(
                kind=kind, known=", ".join((*ONLINE_TABLE_COMMANDS, *_SERVICE_DECODERS))
            )
        )
    return decode_command(data)
