"""Behaviours of seats, sides and vulnerability that mutation testing found unpinned (issue 19,
core/seats.py): the notations read, the refusals in words, the default step of rotation.
"""

from __future__ import annotations

import pytest

from dupbridge import NotationError, Seat, Side, Vulnerability


class TestRotation:
    def test_next_is_one_step_clockwise_by_default(self) -> None:
        """The next seat is the left-hand opponent, the next in rotation (Law 17C)."""
        assert [Seat.E, Seat.S, Seat.W, Seat.N] == [seat.next() for seat in Seat]
        assert all(seat.next() is seat.lho for seat in Seat)


class TestSideNotation:
    @pytest.mark.parametrize(
        ("text", "side"),
        [("NS", Side.NS), ("SN", Side.NS), ("n-s", Side.NS), ("S/N", Side.NS),
         ("EW", Side.EW), ("WE", Side.EW), ("e/w", Side.EW), ("W-E", Side.EW)],
    )  # fmt: skip
    def test_both_orders_and_separators(self, text: str, side: Side) -> None:
        """A side is read in either order of its two seats, in any case, with or without a
        separator."""
        assert side is Side.from_str(text)

    def test_every_side_is_true(self) -> None:
        """North-South has the value 0 but is a side: ``if side`` is true for both."""
        assert bool(Side.NS)
        assert bool(Side.EW)


class TestVulnerabilityNotation:
    @pytest.mark.parametrize(
        ("text", "vulnerability"),
        [("N/S", Vulnerability.NS), ("E/W", Vulnerability.EW), ("N-S", Vulnerability.NS),
         ("all", Vulnerability.BOTH), ("None", Vulnerability.NONE)],
    )  # fmt: skip
    def test_with_separators(self, text: str, vulnerability: Vulnerability) -> None:
        """Vulnerability is read with ``/`` or ``-`` between the seats (Law 2's markings)."""
        assert vulnerability is Vulnerability.from_str(text)


class TestRefusalsInWords:
    def test_not_a_seat(self) -> None:
        with pytest.raises(NotationError) as caught:
            Seat.from_str("Q")
        assert "not a seat: 'Q' (expected N, E, S or W)" == str(caught.value)

    def test_not_a_side(self) -> None:
        """North-East is no partnership: sides are NS and EW."""
        with pytest.raises(NotationError) as caught:
            Side.from_str("NE")
        assert "not a side: 'NE' (expected NS or EW)" == str(caught.value)

    def test_not_a_vulnerability(self) -> None:
        with pytest.raises(NotationError) as caught:
            Vulnerability.from_str("Some")
        assert "not a vulnerability: 'Some' (expected None, NS, EW or All)" == str(caught.value)
