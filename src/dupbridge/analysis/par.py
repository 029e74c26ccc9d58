"""Par: the result of a board when both sides bid perfectly, knowing every card.

Par is the contract (and score) from which neither side can gain by bidding on: the side that
can make the higher-scoring contract bids it, and the other side sacrifices, doubled, when
going down costs less than letting them make it. It depends on the vulnerability and, when
both sides can make the same contract, on which side bids first, hence on the dealer.
Scores follow Law 77 (computed by DDS's ``DealerParBin`` and ``SidesParBin`` from the
double-dummy table).
"""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.analysis import _solver
from dupbridge.analysis.dd import DDTable
from dupbridge.core.boards import Board
from dupbridge.core.calls import Strain
from dupbridge.core.contract import Contract, Risk
from dupbridge.core.errors import NotationError
from dupbridge.core.seats import Seat, Side, Vulnerability
from dupbridge.i18n import _

__all__ = ["Par", "ParContract", "board_par", "par", "sides_par"]

_SEATS_OF_CODE: tuple[tuple[Seat, ...], ...] = (
    (Seat.N,),
    (Seat.E,),
    (Seat.S,),
    (Seat.W,),
    (Seat.N, Seat.S),
    (Seat.E, Seat.W),
)


@dataclass(frozen=True, slots=True)
class ParContract:
    """One par contract: who may declare it, and the result double dummy.

    ``result`` is the overtricks (0 or more) of a made contract, or minus the undertricks of
    a doubled sacrifice.
    """

    level: int
    strain: Strain
    declarers: tuple[Seat, ...]
    doubled: bool
    result: int

    @property
    def side(self) -> Side:
        """The side that declares."""
        return self.declarers[0].side

    @property
    def tricks(self) -> int:
        """Tricks declarer takes."""
        return self.level + 6 + self.result

    def contract(self, declarer: Seat | None = None) -> Contract:
        """The contract, played by ``declarer`` (by default the first possible declarer).

        Raises:
            ValueError: if ``declarer`` cannot declare this par contract.
        """
        seat = self.declarers[0] if declarer is None else declarer
        if seat not in self.declarers:
            raise ValueError(f"{seat} does not declare this par contract")
        risk = Risk.DOUBLED if self.doubled else Risk.UNDOUBLED
        return Contract(self.level, self.strain, risk, seat)

    @property
    def declarer_text(self) -> str:
        """``N``, ``NS``, ``EW`` ...: who may declare."""
        return "".join(seat.letter for seat in self.declarers)

    def to_str(self, *, symbols: bool = False) -> str:
        """``NS 4H``, ``NS 2S+1``, ``EW 4SX-1`` (``♥`` and so on with ``symbols``)."""
        strain = self.strain.symbol if symbols else self.strain.letter
        text = f"{self.declarer_text} {self.level}{strain}{'X' if self.doubled else ''}"
        if self.result:
            text += f"{self.result:+d}"
        return text

    def pbn_str(self, *, symbols: bool = False) -> str:
        """The contract as PBN's ParContract writes it: the side first (``NS 3NT``)."""
        side = self.side.name
        return side + self.to_str(symbols=symbols)[len(self.declarer_text) :]

    def __str__(self) -> str:
        return self.to_str()


@dataclass(frozen=True, slots=True)
class Par:
    """The par score (North-South's) and every par contract (none when par is a pass-out)."""

    score: int
    contracts: tuple[ParContract, ...]

    def score_for(self, side: Side) -> int:
        """The par score from ``side``'s point of view."""
        return self.score if side is Side.NS else -self.score

    @property
    def is_pass_out(self) -> bool:
        """Whether par is to pass the board out (nobody can make anything)."""
        return not self.contracts

    def optimum_score(self) -> str:
        """PBN's ``OptimumScore`` value: ``NS 420``, ``NS -100``."""
        return f"NS {self.score}"

    def par_contract(self, *, symbols: bool = False) -> str:
        """PBN's ``ParContract`` value: ``NS 4H``, ``EW 4SX-1; EW 4HX-1``, or ``Pass``.

        As the PBN standard asks, each contract starts with the side that declares it (``NS``
        or ``EW``), even when only one of the partners can make it double dummy (who exactly
        is kept by :attr:`ParContract.declarers` and shown by
        :func:`dupbridge.analysis.notation.par_text`).
        """
        if not self.contracts:
            return "Pass"
        texts: list[str] = []
        for contract in self.contracts:
            text = contract.pbn_str(symbols=symbols)
            if text not in texts:
                texts.append(text)
        return "; ".join(texts)

    @classmethod
    def from_pbn(cls, optimum_score: str, par_contract: str = "") -> Par:
        """Read ``OptimumScore`` (``NS 420``, ``NS +90``, ``EW 100``) and ``ParContract``.

        Raises:
            NotationError: if either value cannot be read.
        """
        parts = optimum_score.split()
        try:
            side = Side.from_str(parts[0])
            value = int(parts[1])
            if len(parts) != 2:
                raise ValueError(optimum_score)
        except (IndexError, ValueError):
            raise NotationError(
                _("not an OptimumScore value: {text!r} (expected like NS 420)").format(
                    text=optimum_score
                )
            ) from None
        score = value if side is Side.NS else -value
        text = par_contract.strip()
        contracts: tuple[ParContract, ...] = ()
        if text and text.upper() != "PASS":
            contracts = tuple(
                _parse_par_contract(piece.strip()) for piece in text.replace(",", ";").split(";")
            )
        return cls(score, contracts)

    def __str__(self) -> str:
        return f"{self.optimum_score()} ({self.par_contract()})"


def _parse_par_contract(text: str) -> ParContract:
    error = NotationError(
        _("not a par contract: {text!r} (expected like NS 4H, EW 4SX-1)").format(text=text)
    )
    parts = text.split()
    if len(parts) != 2:
        raise error
    who, rest = parts
    try:
        declarers = tuple(Seat.from_str(letter) for letter in who)
    except NotationError:
        raise error from None
    result = 0
    for sign in "+-":
        if sign in rest:
            rest, tail = rest.split(sign, 1)
            try:
                result = int(sign + tail)
            except ValueError:
                raise error from None
    doubled = rest.upper().endswith("X")
    try:
        contract = Contract.from_str(rest)
    except NotationError:
        raise error from None
    if not declarers or len({seat.side for seat in declarers}) != 1:
        raise error
    return ParContract(contract.level, contract.strain, declarers, doubled, result)


def _from_data(data: _solver.ParData) -> Par:
    score, contracts = data
    return Par(
        score,
        tuple(
            ParContract(level, strain, _SEATS_OF_CODE[seats], doubled, result)
            for level, strain, doubled, seats, result in contracts
            if level  # DDS reports a pass-out as one contract of level 0
        ),
    )


def par(table: DDTable, vulnerability: Vulnerability, dealer: Seat) -> Par:
    """Par for a board's table, vulnerability and dealer (the dealer's side bids first)."""
    return _from_data(_solver.dealer_par(table.rows, vulnerability, dealer))


def board_par(table: DDTable, board: Board) -> Par:
    """Par for a board, with its dealer and vulnerability (Law 2)."""
    return par(table, board.vulnerability, board.dealer)


def sides_par(table: DDTable, vulnerability: Vulnerability) -> tuple[Par, Par]:
    """Par if North-South bid first, and par if East-West do (scores are NS's)."""
    ns_first, ew_first = _solver.sides_par(table.rows, vulnerability)
    return _from_data(ns_first), _from_data(ew_first)
