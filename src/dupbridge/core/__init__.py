"""The core of dupbridge: cards, seats, deals, boards, calls, auction, play, table, views.

Pure and standard-library only (DESIGN §2.1): no I/O, no clock, no globals.
"""

from dupbridge.core.auction import Auction, LegalCalls
from dupbridge.core.boards import Board, dealer_of, vulnerability_of
from dupbridge.core.calls import (
    ALL_BIDS,
    DOUBLE,
    PASS,
    REDOUBLE,
    Bid,
    Call,
    Double,
    Pass,
    Redouble,
    Strain,
    parse_call,
)
from dupbridge.core.cards import CARDS, Card, Hand, Rank, Suit
from dupbridge.core.contract import Contract, Risk
from dupbridge.core.deal import DEAL_COUNT, Deal, DealStatus
from dupbridge.core.errors import (
    ActionError,
    DupbridgeError,
    ImpossibleActionError,
    InvalidCallError,
    InvalidCardError,
    InvalidContractError,
    InvalidDealError,
    IrregularityError,
    NotationError,
)
from dupbridge.core.events import (
    AuctionEnded,
    BoardStarted,
    CallMade,
    CardPlayed,
    ClaimAccepted,
    ClaimMade,
    ClaimRejected,
    Conceded,
    Event,
    PlayEnded,
    TrickCompleted,
)
from dupbridge.core.lawref import LawRef
from dupbridge.core.play import LegalCards, Play, Trick
from dupbridge.core.seats import SEATS, Seat, Side, Vulnerability
from dupbridge.core.table import Phase, Table
from dupbridge.core.views import Role, TableView, view_for

__all__ = [
    "ALL_BIDS",
    "CARDS",
    "DEAL_COUNT",
    "DOUBLE",
    "PASS",
    "REDOUBLE",
    "SEATS",
    "ActionError",
    "Auction",
    "AuctionEnded",
    "Bid",
    "Board",
    "BoardStarted",
    "Call",
    "CallMade",
    "Card",
    "CardPlayed",
    "ClaimAccepted",
    "ClaimMade",
    "ClaimRejected",
    "Conceded",
    "Contract",
    "Deal",
    "DealStatus",
    "Double",
    "DupbridgeError",
    "Event",
    "Hand",
    "ImpossibleActionError",
    "InvalidCallError",
    "InvalidCardError",
    "InvalidContractError",
    "InvalidDealError",
    "IrregularityError",
    "LawRef",
    "LegalCalls",
    "LegalCards",
    "NotationError",
    "Pass",
    "Phase",
    "Play",
    "PlayEnded",
    "Rank",
    "Redouble",
    "Risk",
    "Role",
    "Seat",
    "Side",
    "Strain",
    "Suit",
    "Table",
    "TableView",
    "Trick",
    "TrickCompleted",
    "Vulnerability",
    "dealer_of",
    "parse_call",
    "view_for",
    "vulnerability_of",
]
