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


class TestContractPinned:
    """Behaviours that mutation testing of core/contract.py found unpinned (issue 19)."""

    @pytest.mark.parametrize(
        ("text", "risk"),
        [("4SD", Risk.DOUBLED), ("4Sd", Risk.DOUBLED), ("4S**", Risk.REDOUBLED),
         ("4SR", Risk.REDOUBLED), ("4Sr", Risk.REDOUBLED), ("4S*", Risk.DOUBLED)],
    )  # fmt: skip
    def test_every_written_form_of_a_double(self, text: str, risk: Risk) -> None:
        """D and R (any case) and PBN's * and ** mark a doubled or redoubled contract (Law 19D)."""
        assert Contract(4, Strain.SPADES, risk) == Contract.from_str(text)

    @pytest.mark.parametrize("level", [True, False, 4.0, "4", None])
    def test_level_must_be_a_whole_number(self, level: object) -> None:
        """A bool, a float or a text is no level, even one equal to a level."""
        with pytest.raises(InvalidContractError) as raised:
            Contract(level, Strain.SPADES)  # type: ignore[arg-type]
        assert "a contract's level must be a number" == str(raised.value)

    @pytest.mark.parametrize("level", [0, 8, -1])
    def test_level_one_to_seven_named_in_the_error(self, level: int) -> None:
        """A contract above seven or below one is refused, naming the level and Law 38A."""
        with pytest.raises(InvalidContractError) as raised:
            Contract(level, Strain.SPADES)
        assert f"no contract at level {level}: contracts go from 1 to 7 (Law 38A)" == str(
            raised.value
        )

    def test_not_a_contract_names_the_text(self) -> None:
        """The error repeats the text and shows the expected form."""
        with pytest.raises(InvalidContractError) as raised:
            Contract.from_str("9Q")
        assert "not a contract: '9Q' (expected level, denomination, X or XX: 4SX)" == str(
            raised.value
        )

    def test_symbols(self) -> None:
        """to_str(symbols=True) writes the suit symbol; without it, the letter."""
        contract = Contract(4, Strain.SPADES, Risk.DOUBLED, Seat.N)
        assert "4♠XN" == contract.to_str(symbols=True)
        assert "4♠X" == contract.to_str(symbols=True, declarer=False)
        assert "4SXN" == contract.to_str()
        assert "3NT" == Contract(3, Strain.NOTRUMP).to_str(symbols=True)

    def test_from_bid_keeps_risk_and_declarer(self) -> None:
        """The contract of a final bid (Law 22A): its level and strain, risk and declarer."""
        bid = Bid(5, Strain.DIAMONDS)
        contract = Contract.from_bid(bid, Risk.REDOUBLED, Seat.E)
        assert Contract(5, Strain.DIAMONDS, Risk.REDOUBLED, Seat.E) == contract
        assert Contract(5, Strain.DIAMONDS) == Contract.from_bid(bid)
        assert bid == contract.bid
        assert 11 == contract.tricks_needed
        assert Seat.W is contract.dummy
        assert Contract.from_bid(bid).dummy is None
