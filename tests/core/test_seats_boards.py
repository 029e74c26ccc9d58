"""Seats, sides, vulnerability and the board markings of Law 2."""

from __future__ import annotations

import pytest

from dupbridge import Board, NotationError, Seat, Side, Vulnerability, dealer_of, vulnerability_of

# Law 2's table for boards 1-16, transcribed from the law text (dealer, vulnerable side).
LAW_2_TABLE = {
    1: ("N", "None"), 2: ("E", "NS"), 3: ("S", "EW"), 4: ("W", "All"),
    5: ("N", "NS"), 6: ("E", "EW"), 7: ("S", "All"), 8: ("W", "None"),
    9: ("N", "EW"), 10: ("E", "All"), 11: ("S", "None"), 12: ("W", "NS"),
    13: ("N", "All"), 14: ("E", "None"), 15: ("S", "NS"), 16: ("W", "EW"),
}  # fmt: skip


class TestSeat:
    def test_rotation_is_clockwise(self) -> None:
        """Law 17C: calls and plays go clockwise; LHO is next, RHO previous."""
        assert Seat.E is Seat.N.lho
        assert Seat.W is Seat.N.rho
        assert Seat.S is Seat.N.partner
        assert [Seat.N, Seat.E, Seat.S, Seat.W] == [Seat.N.next(i) for i in range(4)]

    def test_every_seat_relations_are_consistent(self) -> None:
        """Partner's partner is oneself; LHO's RHO is oneself; partners share a side."""
        for seat in Seat:
            assert seat is seat.partner.partner
            assert seat is seat.lho.rho
            assert seat.side is seat.partner.side
            assert seat.side is not seat.lho.side

    def test_sides(self) -> None:
        """NS and EW are the two sides, each the other's opponents."""
        assert (Seat.N, Seat.S) == Side.NS.seats
        assert Side.EW is Side.NS.opponents
        assert Side.EW is Side.from_str("WE")

    def test_bad_seat(self) -> None:
        """A letter that is no seat raises NotationError naming it."""
        with pytest.raises(NotationError, match="'Q'"):
            Seat.from_str("Q")


class TestVulnerability:
    @pytest.mark.parametrize(
        ("vul", "ns", "ew"),
        [(Vulnerability.NONE, False, False), (Vulnerability.NS, True, False),
         (Vulnerability.EW, False, True), (Vulnerability.BOTH, True, True)],
    )  # fmt: skip
    def test_who_is_vulnerable(self, vul: Vulnerability, ns: bool, ew: bool) -> None:
        """Each vulnerability makes exactly its sides vulnerable."""
        assert (ns, ns, ew, ew) == (
            vul.is_vulnerable(Seat.N), vul.is_vulnerable(Side.NS),
            vul.is_vulnerable(Seat.E), vul.is_vulnerable(Side.EW),
        )  # fmt: skip
        assert vul is Vulnerability.from_sides(ns, ew)

    @pytest.mark.parametrize(
        ("text", "vul"),
        [
            ("Love", Vulnerability.NONE),
            ("-", Vulnerability.NONE),
            ("Both", Vulnerability.BOTH),
            ("E-W", Vulnerability.EW),
        ],
    )
    def test_from_str(self, text: str, vul: Vulnerability) -> None:
        """PBN names and common variants are read."""
        assert vul is Vulnerability.from_str(text)


class TestBoardLaw2:
    @pytest.mark.parametrize(("number", "expected"), sorted(LAW_2_TABLE.items()))
    def test_first_sixteen_boards(self, number: int, expected: tuple[str, str]) -> None:
        """Law 2: dealer and vulnerability of boards 1-16 as tabled in the law."""
        board = Board.numbered(number)
        assert expected == (board.dealer.letter, board.vulnerability.value)

    @pytest.mark.parametrize("number", range(17, 200))
    def test_pattern_repeats_every_sixteen(self, number: int) -> None:
        """Law 2: boards 17-32 (and so on) are marked as boards 1-16."""
        base = (number - 1) % 16 + 1
        assert (dealer_of(base), vulnerability_of(base)) == (
            dealer_of(number),
            vulnerability_of(number),
        )

    @pytest.mark.parametrize("number", [0, -3, True, 2.5])
    def test_board_numbers_start_at_one(self, number: object) -> None:
        """A board number must be a positive whole number."""
        with pytest.raises(NotationError, match="board number"):
            Board.numbered(number)  # type: ignore[arg-type]

    def test_markings_may_differ(self) -> None:
        """Law 2: a board marked differently keeps its markings for the session."""
        board = Board(1, Seat.S, Vulnerability.BOTH)
        assert not board.follows_law_2
        assert Board.numbered(1).follows_law_2
