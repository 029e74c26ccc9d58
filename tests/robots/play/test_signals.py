"""Lead conventions and defenders' signals: how the robot chooses among equal cards."""

from __future__ import annotations

from dupbridge.core.cards import Card, Hand, Suit
from dupbridge.core.seats import Seat
from dupbridge.core.views import view_for
from dupbridge.robots.play.heuristics import lead_card, preferred, signal_hints
from dupbridge.robots.play.knowledge import Knowledge, knowledge_of
from tests.robots.play.endings import ending_table, play

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def cards(*texts: str) -> list[Card]:
    return [Card.from_str(text) for text in texts]


class TestLeadConventions:
    def test_top_of_a_sequence(self) -> None:
        """From touching honours, the top one is led (KQ.. leads the king)."""
        assert lead_card(Hand.from_pbn("KQ73.2.2.2"), Suit.SPADES) == Card.from_str("SK")

    def test_fourth_best_from_length(self) -> None:
        """From a long suit without a sequence, the fourth highest card is led."""
        assert lead_card(Hand.from_pbn("K9732.2.2.2"), Suit.SPADES) == Card.from_str("S3")

    def test_low_from_three_to_an_honour(self) -> None:
        """From three to an honour, the lowest is led."""
        assert lead_card(Hand.from_pbn("Q73.2.2.2"), Suit.SPADES) == Card.from_str("S3")

    def test_top_of_a_doubleton(self) -> None:
        """From a doubleton, the top card is led."""
        assert lead_card(Hand.from_pbn("73.2.2.2"), Suit.SPADES) == Card.from_str("S7")


def defender(table_cards: dict[Seat, str], contract: str, leader: Seat, *played: str) -> Knowledge:
    table = ending_table(table_cards, contract, declarer=S, leader=leader)
    play(table, *played)
    seat = table.turn
    assert seat is not None
    return knowledge_of(view_for(table, seat), table.play.plays())  # type: ignore[union-attr]


class TestSignals:
    # West leads the diamond ace, dummy plays low; East's spot cards are equal double dummy.
    def test_attitude_high_with_an_honour(self) -> None:
        """On partner's lead, holding an honour in the suit, the defender encourages high."""
        hands = {W: ".2.A5.2", E: "..K873.", N: "AKQ..6.", S: "42..42."}
        knowledge = defender(hands, "1S", W, "DA", "D6")
        assert preferred(knowledge, cards("D8", "D7", "D3")) == Card.from_str("D8")

    def test_attitude_low_without_an_honour(self) -> None:
        """Without an honour the defender discourages with his lowest card."""
        hands = {W: ".2.AK.2", E: "..9873.", N: "AKQ..6.", S: "42..42."}
        knowledge = defender(hands, "1S", W, "DA", "D6")
        assert preferred(knowledge, cards("D9", "D7", "D3")) == Card.from_str("D3")

    def test_count_high_low_with_an_even_number(self) -> None:
        """On declarer's lead the defender shows an even number by playing high first."""
        hands = {W: ".2.A5.2", E: "..9873.", N: "AKQ..6.", S: "42..42."}
        knowledge = defender(hands, "1S", S, "D4", "D5", "D6")
        assert preferred(knowledge, cards("D9", "D8", "D7", "D3")) == Card.from_str("D9")

    def test_count_low_with_an_odd_number(self) -> None:
        """With an odd number the defender plays his lowest card."""
        hands = {W: ".2.A5.2", E: "5..987.", N: "AKQ..6.", S: "4..432."}
        knowledge = defender(hands, "1S", S, "D4", "D5", "D6")
        assert preferred(knowledge, cards("D9", "D8", "D7")) == Card.from_str("D7")

    def test_partner_encouragement_read_as_an_honour(self) -> None:
        """A defender reads partner's high spot on his lead as an honour in the suit."""
        hands = {W: ".2.A5.2", E: "..K873.", N: "AKQ..6.", S: "42..42."}
        table = ending_table(hands, "1S", declarer=S, leader=W)
        play(table, "DA", "D6", "D8", "D2")
        seat = table.turn
        assert seat is W
        knowledge = knowledge_of(view_for(table, seat), table.play.plays())  # type: ignore[union-attr]
        hints = {hint.suit: hint for hint in signal_hints(knowledge)}
        assert hints[Suit.DIAMONDS].seat is E
        assert hints[Suit.DIAMONDS].honour  # the latest diamond signal, the eight, counts
