"""Behaviours of calls that mutation testing found unpinned (issue 19, core/calls.py): the
refusals in words, the notations read and written, and the order of bids (Law 18).
"""

from __future__ import annotations

import pytest

from dupbridge import DOUBLE, PASS, REDOUBLE, Bid, InvalidCallError, Strain, parse_call


class TestRefusalsInWords:
    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("8S", "not a call: '8S': bids go from 1 to 7 (Law 38)"),
            ("8 s", "not a call: '8 s': bids go from 1 to 7 (Law 38)"),
            ("1Z", "not a call: '1Z' (expected a bid like 1NT or 4S, Pass, X or XX)"),
        ],
    )
    def test_not_a_call(self, text: str, message: str) -> None:
        """A bid above seven cites Law 38, also written with a space; other text that is no
        call is refused with examples of calls."""
        with pytest.raises(InvalidCallError) as caught:
            parse_call(text)
        assert message == str(caught.value)

    def test_no_bid_above_seven(self) -> None:
        """A Bid value above the seven level is refused citing Law 38."""
        with pytest.raises(InvalidCallError) as caught:
            Bid(8, Strain.CLUBS)
        assert "no bid of level 8: bids go from 1 to 7 (Law 38)" == str(caught.value)

    @pytest.mark.parametrize("level", [True, 1.0, "1"])
    def test_a_level_is_a_whole_number(self, level: object) -> None:
        """A bid's level is a number of odd tricks: not a truth value, a float or a text."""
        with pytest.raises(InvalidCallError) as caught:
            Bid(level, Strain.CLUBS)  # type: ignore[arg-type]
        assert "a bid's level must be a number" == str(caught.value)

    def test_a_denomination_is_a_strain(self) -> None:
        with pytest.raises(InvalidCallError) as caught:
            Bid(1, 3)  # type: ignore[arg-type]
        assert "a bid's denomination must be a Strain" == str(caught.value)

    def test_not_a_denomination(self) -> None:
        with pytest.raises(InvalidCallError) as caught:
            Strain.from_str("Z")
        assert "not a denomination: 'Z'" == str(caught.value)


class TestNotation:
    def test_no_bid_is_a_pass(self) -> None:
        """``No bid`` (the British name of Pass, with its space) reads as Pass."""
        assert PASS is parse_call("No bid")
        assert PASS is parse_call(" NB ")

    def test_bid_text_with_and_without_symbols(self) -> None:
        """A bid is written with the strain's letter, or its symbol when asked."""
        bid = parse_call("4S")
        assert isinstance(bid, Bid)
        assert "4S" == bid.to_str()
        assert "4♠" == bid.to_str(symbols=True)
        assert "3NT" == parse_call("3NT").to_str(symbols=True)

    def test_reprs_are_canonical(self) -> None:
        """Each call's repr is the parse_call of its canonical PBN name."""
        assert "parse_call('Pass')" == repr(PASS)
        assert "parse_call('X')" == repr(DOUBLE)
        assert "parse_call('XX')" == repr(REDOUBLE)
        assert "parse_call('1NT')" == repr(parse_call("1N"))
        assert ("Pass", "X", "XX") == tuple(call.to_str() for call in (PASS, DOUBLE, REDOUBLE))


class TestOrder:
    def test_a_bid_is_not_lower_than_itself(self) -> None:
        """Bids are ordered strictly by rank (Law 18B): no bid is below itself."""
        bid = Bid(1, Strain.CLUBS)
        assert not bid < Bid(1, Strain.CLUBS)
        assert bid < Bid(1, Strain.DIAMONDS)

    def test_every_strain_is_true(self) -> None:
        """Clubs has the value 0 but is a strain: ``if strain`` is true for each."""
        assert all(bool(strain) for strain in Strain)
        assert bool(Strain.CLUBS)
