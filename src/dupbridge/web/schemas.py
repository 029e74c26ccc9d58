"""Wire schemas, one per use (DESIGN §5): what comes in, what goes out.

Incoming commands are one discriminated union on ``type`` (:data:`CommandIn`); a validated
frame is turned into the typed command by :func:`dupbridge.services.online.decode_online`,
which hands the table commands to the core's one decoder. Outgoing views are built from the
core's ``TableView`` (:mod:`dupbridge.services.wire`), never from the Table.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

__all__ = [
    "AckOut",
    "CommandIn",
    "CreateTableIn",
    "CreateTableOut",
    "ErrorOut",
    "FrameOut",
    "StaleOut",
    "TableViewOut",
    "command_adapter",
]

SeatLetter = Annotated[str, Field(pattern="^[NESWnesw]$", examples=["S"])]


class _Frame(BaseModel):
    """What every command carries: the acting seat, the last event the client saw and a
    key that makes sending it twice harmless."""

    model_config = ConfigDict(extra="forbid")

    seat: SeatLetter
    expected_seq: int = Field(ge=0, description="The seq of the last event the client saw.")
    key: str = Field(min_length=1, max_length=100, description="The idempotency key.")


class CallIn(_Frame):
    """A call, perhaps alerted and explained (Laws 20, 40; self-alerts)."""

    type: Literal["call"]
    call: str = Field(examples=["1NT", "Pass", "X"])
    alert: bool = False
    explanation: str | None = Field(default=None, max_length=500)


class CardIn(_Frame):
    """A card (declarer sends dummy's cards with dummy's seat)."""

    type: Literal["card"]
    card: str = Field(examples=["SA", "H7"])


class ClaimIn(_Frame):
    """A claim of ``tricks`` tricks in all for the claimer's side (Law 68A)."""

    type: Literal["claim"]
    tricks: int = Field(ge=0, le=13)
    statement: str | None = Field(default=None, max_length=500)


class AcceptClaimIn(_Frame):
    """An opponent accepts the claim (Law 69A)."""

    type: Literal["accept_claim"]


class RejectClaimIn(_Frame):
    """An opponent rejects the claim: the Director is called (Laws 68D, 70)."""

    type: Literal["reject_claim"]


class ConcedeIn(_Frame):
    """A concession of ``tricks`` (all the rest if absent) of the remaining tricks (68B)."""

    type: Literal["concede"]
    tricks: int | None = Field(default=None, ge=1, le=13)


class UndoRequestIn(_Frame):
    """Ask to take back one's last call before partner calls (Law 25A, with consent)."""

    type: Literal["undo_request"]


class UndoAnswerIn(_Frame):
    """An opponent grants or refuses the undo request."""

    type: Literal["undo_answer"]
    grant: bool


class DirectorCallIn(_Frame):
    """Call the Director to the table (Law 9B1(a))."""

    type: Literal["director_call"]
    reason: str = Field(default="", max_length=500)


class ChatIn(_Frame):
    """A message to the four players."""

    type: Literal["chat"]
    text: str = Field(min_length=1, max_length=500)


CommandIn = Annotated[
    CallIn
    | CardIn
    | ClaimIn
    | AcceptClaimIn
    | RejectClaimIn
    | ConcedeIn
    | UndoRequestIn
    | UndoAnswerIn
    | DirectorCallIn
    | ChatIn,
    Field(discriminator="type"),
]

#: Validates one incoming command frame (WebSocket and HTTP alike).
command_adapter: TypeAdapter[Any] = TypeAdapter(CommandIn)


def command_body(frame: BaseModel) -> dict[str, Any]:
    """The command's own fields (without ``expected_seq`` and ``key``) for the decoder."""
    return frame.model_dump(exclude={"expected_seq", "key"}, exclude_none=True)


class TableSettingsIn(BaseModel):
    """The event's table settings (see docs/server.md); absent fields take the defaults."""

    model_config = ConfigDict(extra="forbid")

    explanations_after_board: bool = False
    undo: Literal["none", "law25a", "director"] = "law25a"
    claims: Literal["both", "one"] = "both"
    kibitzer_delay: float = Field(default=0.0, ge=0, le=86_400)
    kibitzers: bool = True


class CreateTableIn(BaseModel):
    """A table to create from a deal (PBN ``Deal`` tag text)."""

    model_config = ConfigDict(extra="forbid")

    deal: str = Field(
        examples=["N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
    )
    board: int = Field(default=1, ge=1)
    dealer: SeatLetter | None = None
    vulnerability: Literal["None", "NS", "EW", "All"] | None = None
    session: str | None = Field(default=None, description="Join this session's tables.")
    name: str = Field(default="", max_length=200)
    settings: TableSettingsIn = Field(default_factory=TableSettingsIn)
    robots: list[SeatLetter] = Field(
        default_factory=list,
        max_length=4,
        description="Seats played by robots: the answer has tokens for the other seats only.",
    )


class CreateTableOut(BaseModel):
    """The new table: its id, its session and a signed token for each seat."""

    table: str
    session: str
    seats: dict[str, str]
    seat_urls: dict[str, str]
    kibitzer_url: str
    play_urls: dict[str, str] = Field(
        default_factory=dict, description="Each seat's table page (a browser opens it)."
    )
    watch_url: str = Field(default="", description="The kibitzers' table page.")


class AckOut(BaseModel):
    """The command was stored at ``seq``..``last``."""

    type: Literal["ack"]
    key: str
    seq: int
    last: int


class StaleOut(BaseModel):
    """The client's ``expected_seq`` is not the head: nothing changed."""

    type: Literal["stale"]
    head: int
    message: str


class ErrorOut(BaseModel):
    """A refused or unreadable command: nothing changed."""

    type: Literal["error"]
    status: int
    error: str
    message: str
    law: str | None = None
    seat: str | None = None
    head: int | None = None


class AuctionEntryOut(BaseModel):
    """One call as the viewer sees it."""

    seat: str
    call: str
    alert: bool = False
    explanation: str | None = None


class TrickOut(BaseModel):
    """A quitted trick."""

    leader: str
    cards: list[str]
    winner: str


class PlayedCardOut(BaseModel):
    """A card of the trick in progress."""

    seat: str
    card: str


class ClaimOut(BaseModel):
    """A claim waiting for the opponents' answer (Law 68)."""

    seat: str
    tricks: int
    statement: str | None = None


class TableViewOut(BaseModel):
    """What one viewer may see of the table now (``dupbridge.core.views.view_for``)."""

    viewer: str
    board: int
    dealer: str
    vulnerability: str
    phase: str
    turn: str | None
    auction: list[AuctionEntryOut]
    contract: str | None
    declarer: str | None
    hands: dict[str, list[str]]
    played: dict[str, list[str]]
    current_trick: list[PlayedCardOut]
    previous_trick: TrickOut | None
    tricks: dict[str, int]
    legal_calls: list[str]
    legal_cards: list[str]
    result: int | None
    claim: ClaimOut | None = None
    score: dict[str, int] | None = None
    withheld: bool


class FrameOut(BaseModel):
    """The events after ``since`` that the viewer may see, and his view at ``seq``."""

    type: Literal["update"]
    since: int
    seq: int
    events: list[dict[str, Any]]
    view: TableViewOut
    online: dict[str, Any]
