"""The events of a table's life: an append-only, numbered log that is the truth (DESIGN §2.5).

*Action* events record what a player did (a call, a card, a claim); ``Table.replay`` feeds them
back through the same commands. *Derived* events (the auction ended, a trick was completed,
play ended) are consequences the table announces; replay regenerates them and ignores the
copies in the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from dupbridge.core.boards import Board
from dupbridge.core.calls import Call
from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.play import Trick
from dupbridge.core.seats import Seat

__all__ = [
    "AuctionEnded",
    "BoardStarted",
    "CallMade",
    "CardPlayed",
    "ClaimAccepted",
    "ClaimMade",
    "ClaimRejected",
    "Conceded",
    "Event",
    "PlayEnded",
    "TrickCompleted",
]


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event; ``seq`` is the event's position in the log, from 0."""

    derived: ClassVar[bool] = False
    seq: int


@dataclass(frozen=True, slots=True)
class BoardStarted(Event):
    """The first event of every log: the board, its deal, the edition of the Laws and mode."""

    board: Board
    deal: Deal
    edition: str = "2017"
    mode: str = "strict"


@dataclass(frozen=True, slots=True)
class CallMade(Event):
    """``seat`` made ``call``, perhaps alerted and explained (Laws 20, 40)."""

    seat: Seat
    call: Call
    alert: bool = False
    explanation: str | None = None


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
