"""Cards, calls, contracts and seats as people read them, in the active notation.

The one place where the core's objects meet the notation table of
:mod:`dupbridge.i18n.notation`: in the international notation (the default) these give what
``to_str(symbols=True)`` gives (``♠A``, ``1NT``, ``Pass``, ``4♥X``); in the local one the
language's own letters (Polish ``♠D``, ``1BA``, ``pas``; Swedish seats ``N Ö S V``). Machine
notation (``str()``, PBN, table records) never changes with the language.

Also the few words that stand for a value in a message (a side, the vulnerability, the
claimer's unstated play), so that no English key reaches a player in another language.
"""

from __future__ import annotations

from collections.abc import Iterable

from dupbridge.core.calls import Bid, Call, Double, Pass, Strain
from dupbridge.core.cards import SUITS_DESCENDING, Card, Hand, Rank
from dupbridge.core.contract import Contract, Risk
from dupbridge.core.lawref import LawRef
from dupbridge.core.seats import Seat, Side, Vulnerability
from dupbridge.i18n import _, pgettext
from dupbridge.i18n.notation import notation

__all__ = [
    "call_text",
    "card_text",
    "contract_text",
    "hand_text",
    "law_text",
    "rank_text",
    "ranks_text",
    "risk_text",
    "seat_text",
    "side_text",
    "strain_text",
    "unstated_text",
    "vulnerability_text",
]


def rank_text(rank: Rank, *, ten: str | None = None) -> str:
    """A rank: ``A``, ``9``; the ten as ``ten`` says, else as the notation writes it (``T``
    international, ``10`` local); a Polish queen is ``D`` in local notation."""
    if rank is Rank.TEN and ten is not None:
        return ten
    return notation().rank(rank.char)


def ranks_text(ranks: Iterable[Rank], *, ten: str | None = None, separator: str = "") -> str:
    """The ranks of a holding, high first as given (``AKT3``), or ``-`` for a void."""
    return separator.join(rank_text(rank, ten=ten) for rank in ranks) or "-"


def card_text(card: Card, *, ten: str | None = None) -> str:
    """A card with its suit symbol first: ``♠A``, ``♥T`` (``♥10`` with ``ten="10"``, or in a
    local notation)."""
    return card.suit.symbol + rank_text(card.rank, ten=ten)


def hand_text(hand: Hand, *, ten: str | None = None) -> str:
    """A hand, each suit after its symbol: ``♠AK3 ♥QJ2 ♦- ♣T98765``."""
    return " ".join(suit.symbol + ranks_text(hand.suit(suit), ten=ten) for suit in SUITS_DESCENDING)


def strain_text(strain: Strain) -> str:
    """A strain: its suit symbol, or no trumps as the notation writes them (``NT``, ``BA``)."""
    return notation().strain(strain.letter)


def risk_text(risk: Risk) -> str:
    """``""``, the double's ``X`` or the redouble's ``XX``."""
    table = notation()
    return ("", table.double, table.redouble)[risk]


def seat_text(seat: Seat) -> str:
    """A seat's letter: ``N``; Swedish ``Ö`` for East in local notation."""
    return notation().seat(seat.letter)


def call_text(call: Call) -> str:
    """A call: ``1NT``, ``4♠``, ``Pass``, ``X``, ``XX`` (Polish local: ``1BA``, ``pas``)."""
    table = notation()
    if isinstance(call, Bid):
        return f"{call.level}{strain_text(call.strain)}"
    if isinstance(call, Pass):
        return table.pass_
    if isinstance(call, Double):
        return table.double
    return table.redouble


def contract_text(contract: Contract, *, declarer: bool = True) -> str:
    """A contract: ``4♠X`` and, when known and asked for, its declarer's letter (``4♠XS``)."""
    text = f"{contract.level}{strain_text(contract.strain)}{risk_text(contract.risk)}"
    if declarer and contract.declarer is not None:
        text += seat_text(contract.declarer)
    return text


def side_text(side: Side) -> str:
    """A side, as the catalogs write it (``N-S``; Swedish ``Ö-V`` for East-West)."""
    return _("N-S") if side is Side.NS else _("E-W")


def vulnerability_text(vulnerability: Vulnerability) -> str:
    """Who is vulnerable, as a value in a message: ``None``, ``NS``, ``EW`` or ``All``."""
    words = {
        Vulnerability.NONE: pgettext("vulnerable sides", "None"),
        Vulnerability.NS: pgettext("vulnerable sides", "NS"),
        Vulnerability.EW: pgettext("vulnerable sides", "EW"),
        Vulnerability.BOTH: pgettext("vulnerable sides", "All"),
    }
    return words[vulnerability]


def unstated_text(mode: str) -> str:
    """The claimer's unstated plays at their ``best`` or ``worst`` (Law 70), in words."""
    if mode == "best":
        return pgettext("unstated play", "best")
    if mode == "worst":
        return pgettext("unstated play", "worst")
    return mode


def law_text(law: LawRef | str) -> str:
    """A law cited for people: ``Law 56 (2017)``; Swedish ``lag 56 (2017)``, Polish ``przepis
    56 (2017)``. A citation already in words is kept as it is."""
    if not isinstance(law, LawRef):
        return law
    if law.edition:
        return _("Law {code} ({edition})").format(code=law.code, edition=law.edition)
    return _("Law {code}").format(code=law.code)
