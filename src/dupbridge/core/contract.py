"""Contracts: the final bid with its doubled or redoubled status, and declarer (Laws 19D, 22A)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum

from dupbridge.core.calls import Bid, Strain
from dupbridge.core.errors import InvalidContractError, NotationError
from dupbridge.core.seats import Seat
from dupbridge.i18n import _

__all__ = ["Contract", "Risk"]


class Risk(IntEnum):
    """Undoubled, doubled or redoubled; the value is the scoring multiplier's exponent."""

    UNDOUBLED = 0
    DOUBLED = 1
    REDOUBLED = 2

    @property
    def suffix(self) -> str:
        """``""``, ``"X"`` or ``"XX"`` as written after a contract."""
        return ("", "X", "XX")[self]

    @property
    def multiplier(self) -> int:
        """1, 2 or 4: how the trick score is multiplied (Law 77)."""
        return 1 << self


_CONTRACT_RE = re.compile(
    r"^\s*([1-7])\s*(NT|N|SA|[CDHS♣♦♥♠])\s*(XX|X|\*\*|\*|R|D)?\s*(?:BY\s+)?([NESW])?\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Contract:
    """A contract: level, strain, risk and (when known) declarer.

    ``str(Contract.from_str("4SX"))`` is ``"4SX"``; with a declarer it is ``"4SXN"``.
    """

    level: int
    strain: Strain
    risk: Risk = Risk.UNDOUBLED
    declarer: Seat | None = None

    def __post_init__(self) -> None:
        if isinstance(self.level, bool) or not isinstance(self.level, int):
            raise InvalidContractError(_("a contract's level must be a number"))
        if not 1 <= self.level <= 7:
            raise InvalidContractError(
                _("no contract at level {level}: contracts go from 1 to 7 (Law 38A)").format(
                    level=self.level
                )
            )

    @classmethod
    def from_bid(
        cls, bid: Bid, risk: Risk = Risk.UNDOUBLED, declarer: Seat | None = None
    ) -> Contract:
        """The contract of a final bid."""
        return cls(bid.level, bid.strain, risk, declarer)

    @classmethod
    def from_str(cls, text: str) -> Contract:
        """Parse ``"4SX"``, ``"3NT"``, ``"6HXX S"``, ``"4S*"``, ``"2C by W"``.

        The declarer is optional (a trailing N, E, S or W). Doubles may also be written ``*``
        (PBN) or ``D``/``R``.

        Raises:
            InvalidContractError: naming the text, if it is not a contract.
        """
        match = _CONTRACT_RE.match(text)
        if match is None:
            raise InvalidContractError(
                _("not a contract: {text!r} (expected level, denomination, X or XX: 4SX)").format(
                    text=text
                )
            )
        level, strain, risk, declarer = match.groups()
        risk_value = {
            None: Risk.UNDOUBLED, "X": Risk.DOUBLED, "*": Risk.DOUBLED, "D": Risk.DOUBLED,
            "XX": Risk.REDOUBLED, "**": Risk.REDOUBLED, "R": Risk.REDOUBLED,
        }[risk.upper() if risk else None]  # fmt: skip
        try:
            return cls(
                int(level),
                Strain.from_str(strain),
                risk_value,
                Seat.from_str(declarer) if declarer else None,
            )
        except NotationError as error:  # pragma: no cover - the pattern admits only valid parts
            raise InvalidContractError(str(error)) from None

    @property
    def bid(self) -> Bid:
        """The final bid."""
        return Bid(self.level, self.strain)

    @property
    def tricks_needed(self) -> int:
        """Tricks declarer must win: the level plus six."""
        return self.level + 6

    @property
    def dummy(self) -> Seat | None:
        """Declarer's partner."""
        return None if self.declarer is None else self.declarer.partner

    def with_declarer(self, declarer: Seat) -> Contract:
        """This contract played by ``declarer``."""
        return Contract(self.level, self.strain, self.risk, declarer)

    def to_str(self, *, symbols: bool = False, declarer: bool = True) -> str:
        """``"4SX"`` (and the declarer's letter, if known and asked for)."""
        strain = self.strain.symbol if symbols else self.strain.letter
        text = f"{self.level}{strain}{self.risk.suffix}"
        if declarer and self.declarer is not None:
            text += self.declarer.letter
        return text

    def __str__(self) -> str:
        return self.to_str()

    def __repr__(self) -> str:
        return f"Contract.from_str({self.to_str()!r})"
