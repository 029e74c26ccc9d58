"""Pinned behaviour of core/boards.py: board numbers and what Law 2 gives them (issue 19,
mutation testing)."""

from __future__ import annotations

import pytest

from dupbridge.core.boards import Board, dealer_of, vulnerability_of
from dupbridge.core.errors import NotationError
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.i18n import use_language


@pytest.mark.parametrize("number", [0, -4, True, 2.0, "3"])
def test_not_a_board_number(number: object) -> None:
    """Boards are numbered from 1 (Law 2); anything else is refused, quoting it."""
    for check in (dealer_of, vulnerability_of, Board.numbered):
        with pytest.raises(NotationError) as refused:
            check(number)  # type: ignore[arg-type]
        assert f"not a board number: {number!r} (boards are numbered from 1)" == str(refused.value)
    with pytest.raises(NotationError):
        Board(number, Seat.N, Vulnerability.NONE)  # type: ignore[arg-type]


def test_refusal_translated() -> None:
    """The refusal goes through the catalogs."""
    with use_language("pl"), pytest.raises(NotationError) as refused:
        dealer_of(0)
    assert "to nie numer rozdania: 0 (rozdania numeruje się od 1)" == str(refused.value)
