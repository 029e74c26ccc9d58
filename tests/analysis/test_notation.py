"""The one notation of par and tens for people (site, hand record), and reading par text."""

from __future__ import annotations

import pytest

from dupbridge.analysis.notation import (
    card_text,
    contract_text,
    par_text,
    parse_par_text,
    ranks_text,
)
from dupbridge.analysis.par import Par, ParContract
from dupbridge.core.calls import Strain
from dupbridge.core.cards import Card, Rank
from dupbridge.core.contract import Contract
from dupbridge.core.seats import Seat

NS, EW = (Seat.N, Seat.S), (Seat.E, Seat.W)


class TestParText:
    @pytest.mark.parametrize(
        ("par", "expected"),
        [
            (Par(420, (ParContract(4, Strain.SPADES, (Seat.N,), False, 0),)), "Par +420: 4♠ by N"),
            (Par(100, (ParContract(5, Strain.DIAMONDS, EW, True, -1),)), "Par +100: 5♦x-1 by E-W"),
            (Par(-630, (ParContract(3, Strain.NOTRUMP, EW, False, 1),)), "Par -630: 3NT+1 by E-W"),
            (Par(0, ()), "Par 0: passed out"),
            (Par(-100, (ParContract(5, Strain.CLUBS, NS, True, -1), ParContract(5, Strain.DIAMONDS, NS, True, -1))),
             "Par -100: 5♣x-1 by N-S or 5♦x-1 by N-S"),
        ],
    )  # fmt: skip
    def test_examples(self, par: Par, expected: str) -> None:
        """Score is North-South's, signed; contract, x when doubled, result, who declares."""
        assert expected == par_text(par)

    def test_contract_text(self) -> None:
        """Contracts as people read them: suit symbols, NT, lower-case x."""
        assert "4♥xx" == contract_text(Contract.from_str("4HXX"))
        assert "3NT" == contract_text(Contract.from_str("3NT"))


class TestTens:
    def test_ten_setting(self) -> None:
        """A ten is written 10 or T as the setting says; other ranks never change."""
        ranks = (Rank.ACE, Rank.TEN, Rank.TWO)
        assert "A 10 2" == ranks_text(ranks)
        assert "AT2" == ranks_text(ranks, ten="T", separator="")
        assert "♥10" == card_text(Card.from_str("HT"))
        assert "♥T" == card_text(Card.from_str("HT"), ten="T")
        assert "—" == ranks_text(())

    def test_bad_setting(self) -> None:
        """A ten written any other way is refused, naming the two choices."""
        with pytest.raises(ValueError, match="10 or T"):
            ranks_text((Rank.TEN,), ten="X")


class TestReadingParText:
    @pytest.mark.parametrize(
        ("text", "expected"),
        [
            ("NS 4H NS 420", "Par +420: 4♥ by N-S"),
            ("EW 5DX-1 NS 100", "Par +100: 5♦x-1 by E-W"),
            ("NS -110 EW 2S", "Par -110: 2♠ by E-W"),
            ("3D N +130", "Par +130: 3♦ by N"),
            ("Pass NS 0", "Par 0: passed out"),
            ("EW 2S; EW 3D NS -110", "Par -110: 2♠ by E-W or 3♦ by E-W"),
        ],
    )
    def test_known_forms(self, text: str, expected: str) -> None:
        """PBN's ParContract with OptimumScore in either order, and 'contract seat score'."""
        found = parse_par_text(text)
        assert found is not None
        assert expected == par_text(found)

    @pytest.mark.parametrize("text", ["", "par unknown", "NS", "4H"])
    def test_unknown_text(self, text: str) -> None:
        """Text that is not par in a known notation gives None (shown as it is)."""
        assert parse_par_text(text) is None
