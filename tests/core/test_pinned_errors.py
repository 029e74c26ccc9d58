"""Pinned behaviour of core/errors.py: the three kinds of error and what each carries
(DESIGN §2.6; issue 19, mutation testing)."""

from __future__ import annotations

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
from dupbridge.core.lawref import LawRef


class TestKinds:
    def test_notation_errors_are_value_errors(self) -> None:
        """Text that denotes nothing is a ValueError as well as a dupbridge error."""
        for cls in (InvalidCardError, InvalidCallError, InvalidContractError, InvalidDealError):
            assert issubclass(cls, NotationError)
        assert issubclass(NotationError, ValueError)
        assert issubclass(NotationError, DupbridgeError)
        assert not issubclass(ActionError, ValueError)

    def test_action_errors(self) -> None:
        """Impossible actions and irregularities are both refused actions."""
        assert issubclass(ImpossibleActionError, ActionError)
        assert issubclass(IrregularityError, ActionError)
        assert issubclass(ActionError, DupbridgeError)


class TestInvalidDeal:
    def test_problems(self) -> None:
        """A bad deal lists every problem found, none unless given."""
        error = InvalidDealError("bad deal", ("N has 12 cards", "SA twice"))
        assert "bad deal" == str(error)
        assert ("N has 12 cards", "SA twice") == error.problems
        assert () == InvalidDealError("bad deal").problems


class TestActionError:
    def test_defaults(self) -> None:
        """Without seat or Law the message is the whole text."""
        error = ActionError("no such card")
        assert ("no such card", None, None) == (error.message, error.seat, error.law)
        assert "no such card" == str(error)
        assert ("no such card",) == error.args

    def test_the_law_is_appended(self) -> None:
        """The Law broken follows the message in brackets (Law 31 for a bid out of turn)."""
        error = ImpossibleActionError("not your turn", seat="N", law=LawRef(31, "A"))
        assert "not your turn (Law 31A)" == str(error)
        assert "not your turn" == error.message
        assert ("N", LawRef(31, "A")) == (error.seat, error.law)

    def test_a_law_already_named_is_not_repeated(self) -> None:
        """A message that already cites its Law is left as it is."""
        error = ActionError("insufficient bid, Law 27B1(a) applies", law=LawRef(27, "B1(a)"))
        assert "insufficient bid, Law 27B1(a) applies" == str(error)


class TestIrregularityError:
    def test_fields(self) -> None:
        """An irregularity carries its machine name, seat and Law (Law 64 for a revoke)."""
        error = IrregularityError("revoke", seat="E", law=LawRef(64), irregularity="revoke")
        assert ("E", LawRef(64), "revoke") == (error.seat, error.law, error.irregularity)
        assert "revoke (Law 64)" == str(error)
        assert "revoke" == error.message

    def test_defaults(self) -> None:
        """Unnamed, it is just an irregularity, with no seat or Law."""
        error = IrregularityError("out of turn")
        assert ("irregularity", None, None) == (error.irregularity, error.seat, error.law)
        assert "out of turn" == str(error)
