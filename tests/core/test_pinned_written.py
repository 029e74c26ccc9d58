"""The words that stand for a value in a message, pinned (issue 19, core/written.py).

A side, the vulnerability, the claimer's unstated play and a law's citation reach a player in
his own language; ranks and risks in the notation chosen. Every value is built inside the
test (a mutant is activated after the tests are collected).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from dupbridge.core.calls import Strain
from dupbridge.core.cards import Card, Hand, Rank, Suit
from dupbridge.core.contract import Contract, Risk
from dupbridge.core.lawref import LawRef
from dupbridge.core.seats import Seat, Side, Vulnerability
from dupbridge.core.written import (
    card_text,
    contract_text,
    hand_text,
    law_text,
    rank_text,
    ranks_text,
    risk_text,
    side_text,
    unstated_text,
    vulnerability_text,
)
from dupbridge.i18n import set_language, use_language
from dupbridge.i18n.notation import set_notation, use_notation


@pytest.fixture(autouse=True)
def defaults() -> Iterator[None]:
    yield
    set_language("en")
    set_notation("international")


class TestRanks:
    def test_the_ten_as_asked(self) -> None:
        """Only the ten follows ``ten``; every other rank keeps its letter or digit."""
        assert "10" == rank_text(Rank.TEN, ten="10")
        assert "T" == rank_text(Rank.TEN)
        assert "A" == rank_text(Rank.ACE, ten="10")
        assert "9" == rank_text(Rank.NINE, ten="10")
        with use_language("pl"), use_notation("local"):
            assert "T" == rank_text(Rank.TEN, ten="T")
            assert "10" == rank_text(Rank.TEN)
            assert "D" == rank_text(Rank.QUEEN, ten="T")

    def test_a_holding_with_its_separator(self) -> None:
        """The ranks of a holding are joined by ``separator`` (none by default); a void is a
        dash whatever the separator."""
        honours = [Rank.ACE, Rank.KING, Rank.TEN]
        assert "AKT" == ranks_text(honours)
        assert "A K 10" == ranks_text(honours, ten="10", separator=" ")
        assert "A-K-T" == ranks_text(honours, separator="-")
        assert "-" == ranks_text([], separator=" ")
        assert "-" == ranks_text([])

    def test_a_hand_with_the_ten_as_asked(self) -> None:
        """A hand passes ``ten`` on to every suit."""
        hand = Hand.from_pbn("AKT.T2..T98")
        assert "♠AK10 ♥102 ♦- ♣1098" == hand_text(hand, ten="10")
        assert "♠AKT ♥T2 ♦- ♣T98" == hand_text(hand)


class TestRisks:
    def test_the_three_risks(self) -> None:
        """Undoubled is nothing; doubled ``X``; redoubled ``XX`` (Law 19)."""
        assert ["", "X", "XX"] == [risk_text(risk) for risk in Risk]
        assert "" == risk_text(Risk.UNDOUBLED)
        assert "XX" == risk_text(Risk.REDOUBLED)

    def test_a_contract_without_a_declarer(self) -> None:
        """A contract whose declarer is not known is written without a seat, asked or not."""
        contract = Contract(3, Strain.HEARTS, Risk.DOUBLED)
        assert "3♥X" == contract_text(contract)
        assert "3♥X" == contract_text(contract, declarer=False)
        assert "3♥XW" == contract_text(Contract(3, Strain.HEARTS, Risk.DOUBLED, Seat.W))


class TestSides:
    def test_in_english(self) -> None:
        """The sides as the English catalog writes them."""
        assert ("N-S", "E-W") == (side_text(Side.NS), side_text(Side.EW))

    def test_in_swedish_and_russian(self) -> None:
        """Each catalog writes the sides in its own compass words: Swedish Ö-V for East-West
        (seed 001, Law 2: Öst, Väst), Russian С-Ю and В-З."""
        with use_language("sv"):
            assert ("N-S", "Ö-V") == (side_text(Side.NS), side_text(Side.EW))
        with use_language("ru"):
            assert ("С-Ю", "В-З") == (side_text(Side.NS), side_text(Side.EW))


class TestVulnerability:
    def test_in_english(self) -> None:
        """Who is vulnerable (Law 2): ``None``, ``NS``, ``EW`` or ``All``."""
        assert {
            Vulnerability.NONE: "None",
            Vulnerability.NS: "NS",
            Vulnerability.EW: "EW",
            Vulnerability.BOTH: "All",
        } == {vul: vulnerability_text(vul) for vul in Vulnerability}

    def test_in_swedish(self) -> None:
        """The Swedish catalog's words: ``ingen``, ``NS``, ``ÖV``, ``alla``."""
        with use_language("sv"):
            assert ["ingen", "NS", "ÖV", "alla"] == [
                vulnerability_text(vul)
                for vul in (
                    Vulnerability.NONE,
                    Vulnerability.NS,
                    Vulnerability.EW,
                    Vulnerability.BOTH,
                )
            ]

    def test_in_russian(self) -> None:
        """Russian writes each side in its compass letters: ``С-Ю`` and ``В-З`` (the
        vulnerable-sides context, not another use of ``NS``)."""
        with use_language("ru"):
            assert ["никто", "С-Ю", "В-З", "все"] == [
                vulnerability_text(vul)
                for vul in (
                    Vulnerability.NONE,
                    Vulnerability.NS,
                    Vulnerability.EW,
                    Vulnerability.BOTH,
                )
            ]


class TestUnstatedPlay:
    def test_best_and_worst(self) -> None:
        """The claimer's unstated plays at their best or worst (Law 70), in words."""
        assert ("best", "worst") == (unstated_text("best"), unstated_text("worst"))
        with use_language("pl"):
            assert ("najlepszy", "najgorszy") == (unstated_text("best"), unstated_text("worst"))

    def test_any_other_mode_as_given(self) -> None:
        """A mode that is neither is kept as it is."""
        assert "normal" == unstated_text("normal")
        with use_language("sv"):
            assert "normal" == unstated_text("normal")


class TestLawCitations:
    def test_with_and_without_an_edition(self) -> None:
        """A law is cited with its edition when it has one: ``Law 56 (2017)``, ``Law 64B4``."""
        assert "Law 56 (2017)" == law_text(LawRef.parse("56", "2017"))
        assert "Law 64B4" == law_text(LawRef.parse("64B4"))
        assert "Law 64B4 (2007)" == law_text(LawRef.parse("64B4", "2007"))

    def test_in_each_language(self) -> None:
        """Swedish ``lag``, Polish ``przepis``, Russian ``Правило``."""
        law = LawRef.parse("56", "2017")
        for lang, word in (("sv", "lag"), ("pl", "przepis"), ("ru", "Правило")):
            with use_language(lang):
                assert f"{word} 56 (2017)" == law_text(law)
                assert f"{word} 12C1" == law_text(LawRef.parse("12C1"))

    def test_a_citation_already_in_words(self) -> None:
        """A citation given as text is kept as it is, in any language."""
        assert "Law 12C1" == law_text("Law 12C1")
        with use_language("sv"):
            assert "Laws 61-64" == law_text("Laws 61-64")


class TestCardsInEveryNotation:
    def test_a_card_with_the_ten(self) -> None:
        """A card is its suit symbol then its rank, the ten as asked."""
        assert "♦10" == card_text(Card(Suit.DIAMONDS, Rank.TEN), ten="10")
        assert "♦T" == card_text(Card(Suit.DIAMONDS, Rank.TEN))
