"""The errors of dupbridge, kept in three kinds (DESIGN.md §2.6).

* :class:`NotationError` (a ``ValueError``): text that is no card, call, deal or contract.
* :class:`ImpossibleActionError`: an action that cannot happen at all (a card the player does
  not hold, a call after the board is over, a command the current phase does not take).
* :class:`IrregularityError`: an infraction of a Law that really happens at tables (a call
  out of rotation, an insufficient bid, a revoke). In strict mode the Table refuses it with
  the Law it breaks; in recording mode it is accepted and handed to the Director.

Every action error names the seat and, where one applies, the Law.
"""

from __future__ import annotations

from dupbridge.core.lawref import LawRef

__all__ = [
    "ActionError",
    "DupbridgeError",
    "ImpossibleActionError",
    "InvalidCallError",
    "InvalidCardError",
    "InvalidContractError",
    "InvalidDealError",
    "IrregularityError",
    "NotationError",
]


class DupbridgeError(Exception):
    """Base class of every error dupbridge raises on purpose."""


class NotationError(DupbridgeError, ValueError):
    """Text that does not denote what it should (a card, a call, a deal, a contract)."""


class InvalidCardError(NotationError):
    """Text that is not a card, e.g. ``"S1"``."""


class InvalidCallError(NotationError):
    """Text that is not a call, e.g. ``"8S"`` or ``"1Z"``."""


class InvalidContractError(NotationError):
    """Text that is not a contract, e.g. ``"8S"`` or ``"4Q"``."""


class InvalidDealError(NotationError):
    """A deal that is not four hands of thirteen distinct cards.

    Attributes:
        problems: every problem found, each a readable sentence.
    """

    def __init__(self, message: str, problems: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.problems = problems


class ActionError(DupbridgeError):
    """A command the table refused; the table is unchanged.

    Attributes:
        seat: the seat that acted (None if unknown).
        law: the Law that the action would break, when one applies.
    """

    def __init__(self, message: str, *, seat: object = None, law: LawRef | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.seat = seat
        self.law = law

    def __str__(self) -> str:
        if self.law is None or str(self.law) in self.message:
            return self.message
        return f"{self.message} ({self.law})"


class ImpossibleActionError(ActionError):
    """An action that cannot be taken at all (no such card in hand, board already over)."""


class IrregularityError(ActionError):
    """An infraction of the Laws, refused in strict mode.

    Attributes:
        irregularity: a short machine name for the infraction (``"insufficient_bid"``).
    """

    def __init__(
        self,
        message: str,
        *,
        seat: object = None,
        law: LawRef | None = None,
        irregularity: str = "irregularity",
    ) -> None:
        super().__init__(message, seat=seat, law=law)
        self.irregularity = irregularity
