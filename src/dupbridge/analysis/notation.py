"""How par and cards are written for players: one notation for the site and the hand record.

:func:`par_text` is the one place par is worded for people: ``Par +420: 4♠ by N``,
``Par -100: 5♦x-1 by E-W``, ``Par 0: passed out``. The score is North-South's (as PBN's
``OptimumScore`` and every hand record give it), signed; each contract is level, suit symbol,
``x`` when doubled, the over- or undertricks double dummy when not exactly made, and who
declares it: one seat (``N``) or a side (``N-S``) when either partner can. Several par
contracts are separated by ``or``. Machine files keep PBN's own notation
(:meth:`~dupbridge.analysis.par.Par.par_contract`: ``NS 4S``, ``EW 5DX-1``).

A ten is written ``10`` or ``T`` everywhere a card or a holding is shown, as the ``ten``
setting of :func:`ranks_text` and :func:`card_text` chooses (``10`` by default, as printed
hand records do).

:func:`parse_par_text` reads par kept as text by an event (``NS 4H NS 420`` from PBN's
ParContract and OptimumScore, ``3D N +130`` as some scorers write it) back into a
:class:`~dupbridge.analysis.par.Par`, so that it too is shown in this one notation.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from dupbridge.analysis.par import Par, ParContract
from dupbridge.core.cards import Card, Rank
from dupbridge.core.contract import Contract, Risk
from dupbridge.core.errors import NotationError
from dupbridge.core.seats import Seat, Side
from dupbridge.core.written import rank_text, risk_text, seat_text, strain_text
from dupbridge.i18n import _

__all__ = [
    "TEN_STYLES",
    "card_text",
    "check_ten",
    "contract_text",
    "par_contract_text",
    "par_score_text",
    "par_text",
    "parse_par_text",
    "ranks_text",
]

#: The ways of writing a ten: ``10`` (printed hand records) or ``T`` (PBN, BBO).
TEN_STYLES = ("10", "T")


def check_ten(ten: str) -> str:
    """``ten`` if it is one of :data:`TEN_STYLES`.

    Raises:
        ValueError: naming the two choices.
    """
    if ten not in TEN_STYLES:
        raise ValueError(_("a ten is written 10 or T, not {ten!r}").format(ten=ten))
    return ten


def ranks_text(ranks: Iterable[Rank], *, ten: str = "10", separator: str = " ") -> str:
    """The ranks of a holding, high first as given (``A K 10 3``), or a dash for a void."""
    check_ten(ten)
    texts = [rank_text(rank, ten=ten) for rank in ranks]
    return separator.join(texts) or "\u2014"


def card_text(card: Card, *, ten: str = "10") -> str:
    """A card with its suit symbol first: ``♠A``, ``♥10`` (or ``♥T``)."""
    check_ten(ten)
    return card.suit.symbol + rank_text(card.rank, ten=ten)


def _declarers(declarers: tuple[Seat, ...]) -> str:
    if len(declarers) == 1:
        return seat_text(declarers[0])
    side = declarers[0].side
    return _("N-S") if side is Side.NS else _("E-W")


def contract_text(contract: Contract) -> str:
    """A contract for people: ``4♠``, ``3NT``, ``5♦x``, ``7♣xx`` (no declarer)."""
    return f"{contract.level}{strain_text(contract.strain)}{risk_text(contract.risk).lower()}"


def par_contract_text(contract: ParContract) -> str:
    """One par contract: ``4♠ by N``, ``5♦x-1 by E-W``, ``3NT+1 by N-S``."""
    double = risk_text(Risk.DOUBLED).lower() if contract.doubled else ""
    text = f"{contract.level}{strain_text(contract.strain)}{double}"
    if contract.result:
        text += f"{contract.result:+d}"
    return _("{contract} by {declarer}").format(
        contract=text, declarer=_declarers(contract.declarers)
    )


def par_score_text(par: Par) -> str:
    """North-South's par score, signed: ``+420``, ``-100``, ``0``."""
    return f"{par.score:+d}" if par.score else "0"


def par_text(par: Par) -> str:
    """Par in the one notation players see: ``Par +420: 4♠ by N``."""
    if par.is_pass_out:
        return _("Par 0: passed out")
    contracts = _(" or ").join(par_contract_text(contract) for contract in par.contracts)
    return _("Par {score}: {contracts}").format(score=par_score_text(par), contracts=contracts)


_OPTIMUM = re.compile(r"\b(NS|EW)\s+([+-]?\d+)(?![\d.A-Za-z])")
_PBN_CONTRACT = re.compile(r"\b(NS|EW|[NESW])\s+(\d(?:NT|[CDHSN])X{0,2}(?:[+-]\d+)?)(?=[\s,;]|$)")
_LOOSE = re.compile(r"^\s*(\d(?:NT|[CDHSN])X{0,2})\s+([NESW]{1,2})\s+([+-]?\d+)\s*$")


def parse_par_text(text: str) -> Par | None:
    """Par read from an event's text (``NS 4H NS 420``, ``EW 5DX-1 NS 100``, ``3D N +130``).

    Returns None when the text is not par in any notation known here (the caller then
    shows the text as it is).
    """
    cleaned = text.strip().upper().replace(",", " ").replace(";", " ")
    if not cleaned:
        return None
    loose = _LOOSE.match(cleaned)
    if loose:
        contract_part, who, score = loose.groups()
        try:
            seats = tuple(Seat.from_str(letter) for letter in who)
            contract = Contract.from_str(contract_part)
        except NotationError:
            return None
        doubled = contract.risk.suffix != ""
        return Par(int(score), (ParContract(contract.level, contract.strain, seats, doubled, 0),))
    optimum = None
    for match in _OPTIMUM.finditer(cleaned):
        # "NS 4H NS 420": the score is the pair that is not followed by a denomination.
        optimum = match
    if optimum is None:
        return None
    value = int(optimum.group(2))
    score = value if optimum.group(1) == "NS" else -value
    pieces = [f"{match.group(1)} {match.group(2)}" for match in _PBN_CONTRACT.finditer(cleaned)]
    if "PASS" in cleaned.split() and not pieces:
        return Par(0, ())
    try:
        par = Par.from_pbn(f"NS {score}", "; ".join(pieces))
    except NotationError:
        return None
    return par
