"""Calls (Law 18) and contracts, with their notation."""

from __future__ import annotations

import pytest

from dupbridge import (
    ALL_BIDS,
    DOUBLE,
    PASS,
    REDOUBLE,
    Bid,
    Contract,
    InvalidCallError,
    InvalidContractError,
    Risk,
    Seat,
    Strain,
    parse_call,
)


class TestParseCall:
    @pytest.mark.parametrize(
        ("text", "canonical"),
        [("1NT", "1NT"), ("1N", "1NT"), ("1nt", "1NT"), ("7S", "7S"), ("4♠", "4S"),
         ("P", "Pass"), ("Pass", "Pass"), ("pass", "Pass"), ("X", "X"), ("Dbl", "X"),
         ("XX", "XX"), ("Rdbl", "XX"), ("rdbl", "XX"), ("2 H", "2H")],
    )  # fmt: skip
    def test_reads_common_forms_and_prints_pbn(self, text: str, canonical: str) -> None:
        """parse_call reads the usual spellings; str() prints canonical PBN."""
        assert canonical == str(parse_call(text))

    def test_shared_values(self) -> None:
        """Parsing returns the shared values, so identity and equality agree."""
        assert parse_call("1N") is parse_call("1NT")
        assert PASS is parse_call("P")
        assert DOUBLE is parse_call("X")
        assert REDOUBLE is parse_call("XX")

    @pytest.mark.parametrize("text", ["8S", "0NT", "9C"])
    def test_no_bid_above_seven(self, text: str) -> None:
        """Law 38: there is no bid above the seven level."""
        with pytest.raises(InvalidCallError, match="Law 38"):
            parse_call(text)

    @pytest.mark.parametrize("text", ["1Z", "", "Double double", "XXX", "1"])
    def test_not_a_call(self, text: str) -> None:
        """Text that is no call raises a ValueError naming it."""
        with pytest.raises(ValueError, match="not a call"):
            parse_call(text)

    def test_repr_round_trip(self) -> None:
        """repr() evaluates back to an equal call."""
        for call in (*ALL_BIDS, PASS, DOUBLE, REDOUBLE):
            assert call == eval(repr(call))  # noqa: S307 - the repr contract under test


class TestBidOrder:
    def test_rank_order(self) -> None:
        """Law 18E: within a level NT > spades > hearts > diamonds > clubs; higher levels
        supersede lower ones (Law 18B)."""
        assert list(ALL_BIDS) == sorted(ALL_BIDS)
        assert Bid(1, Strain.NOTRUMP) < Bid(2, Strain.CLUBS)
        assert Bid(1, Strain.SPADES).supersedes(Bid(1, Strain.HEARTS))
        assert not Bid(1, Strain.HEARTS).supersedes(Bid(1, Strain.HEARTS))
        assert 35 == len(ALL_BIDS)

    def test_level_must_be_one_to_seven(self) -> None:
        """A Bid value cannot be built above seven (Law 38) or below one."""
        with pytest.raises(InvalidCallError):
            Bid(8, Strain.CLUBS)
        with pytest.raises(InvalidCallError):
            Bid(0, Strain.CLUBS)


class TestContract:
    @pytest.mark.parametrize(
        ("text", "level", "strain", "risk", "declarer"),
        [("4SX", 4, Strain.SPADES, Risk.DOUBLED, None), ("3NT", 3, Strain.NOTRUMP, Risk.UNDOUBLED, None),
         ("6HXX S", 6, Strain.HEARTS, Risk.REDOUBLED, Seat.S), ("4S*", 4, Strain.SPADES, Risk.DOUBLED, None),
         ("2C by W", 2, Strain.CLUBS, Risk.UNDOUBLED, Seat.W), ("1NTXN", 1, Strain.NOTRUMP, Risk.DOUBLED, Seat.N)],
    )  # fmt: skip
    def test_from_str(
        self, text: str, level: int, strain: Strain, risk: Risk, declarer: Seat | None
    ) -> None:
        """Contract.from_str reads level, denomination, X/XX and an optional declarer."""
        assert Contract(level, strain, risk, declarer) == Contract.from_str(text)

    def test_str(self) -> None:
        """str() writes 4SX, with the declarer's letter when known."""
        assert "4SX" == str(Contract.from_str("4SX"))
        assert "4SXN" == str(Contract.from_str("4SX").with_declarer(Seat.N))
        assert Seat.S is Contract.from_str("4S N").dummy

    @pytest.mark.parametrize("text", ["8S", "4SXXX", "Pass", "", "4Z"])
    def test_bad_contract(self, text: str) -> None:
        """Text that is no contract raises InvalidContractError naming it."""
        with pytest.raises(InvalidContractError):
            Contract.from_str(text)
