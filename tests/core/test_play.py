"""The play: leads, following suit, trick winners (Laws 41, 44, 53-57)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dupbridge import (
    Card,
    Deal,
    Hand,
    ImpossibleActionError,
    IrregularityError,
    Play,
    Seat,
    Side,
    Suit,
)
from dupbridge.core.play import trick_winner

DEAL = Deal.from_pbn("N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.from_str(word) for word in text.split())


class TestTrickWinner:
    @pytest.mark.parametrize(
        ("played", "trump", "winner"),
        [("S2 SA SK S3", None, Seat.E), ("S2 H3 D4 C5", None, Seat.N),
         ("S2 H3 D4 C5", Suit.CLUBS, Seat.W), ("S2 H3 HA SA", Suit.HEARTS, Seat.S),
         ("HK HA S2 H2", Suit.HEARTS, Seat.E), ("D2 D3 DT D9", Suit.SPADES, Seat.S)],
    )  # fmt: skip
    def test_highest_trump_else_highest_of_suit_led(
        self, played: str, trump: Suit | None, winner: Seat
    ) -> None:
        """Law 44E/F: highest trump wins; without trumps, the highest card of the suit led."""
        assert winner is trick_winner(Seat.N, cards(played), trump)  # type: ignore[arg-type]

    @given(st.permutations(range(52)), st.sampled_from(list(Seat)),
           st.sampled_from([None, *Suit]), st.integers(min_value=2, max_value=4))  # fmt: skip
    def test_any_trick_against_the_rule_spelled_out(
        self, order: list[int], leader: Seat, trump: Suit | None, size: int
    ) -> None:
        """Property (Laws 44E, 44F): the winner is the player of the highest trump if any
        trump was played, else of the highest card of the suit led; for any four cards, and
        for the first two or three of a trick."""
        played = tuple(Card.from_index(index) for index in order[:size])
        led = played[0].suit
        trumps = [card for card in played if trump is not None and card.suit is trump]
        best = max(trumps or [card for card in played if card.suit is led], key=lambda c: c.rank)
        expected = leader.next(played.index(best))
        assert expected is trick_winner(leader, played, trump)


class TestPlay:
    def test_opening_lead_by_declarers_lho(self) -> None:
        """Law 41A: the defender on declarer's left makes the opening lead."""
        play = Play(DEAL, Seat.S, Suit.HEARTS)
        assert Seat.W is play.turn
        with pytest.raises(IrregularityError, match="Law 54") as raised:
            play.play(Seat.E, Card.from_str("SJ"))
        assert "opening_lead_out_of_turn" == raised.value.irregularity
        assert 0 == play.cards_played

    def test_declaring_side_opening_lead_is_law_24(self) -> None:
        """Law 54E: an opening lead attempted by the declaring side is dealt with by Law 24."""
        play = Play(DEAL, Seat.S, None)
        with pytest.raises(IrregularityError, match="Law 54E"):
            play.play(Seat.N, Card.from_str("SA"))

    def test_must_follow_suit(self) -> None:
        """Law 44C: a player must follow suit if able; refusal leaves the play unchanged."""
        play = Play(DEAL, Seat.S, None)
        play.play(Seat.W, Card.from_str("S3"))
        assert {Card.from_str(c) for c in ("SA", "SK", "SQ", "S2")} == set(play.legal_cards())
        with pytest.raises(IrregularityError, match=r"must follow suit.*Law 44C") as raised:
            play.play(Seat.N, Card.from_str("HJ"))
        assert "revoke" == raised.value.irregularity
        assert 1 == play.cards_played

    def test_may_discard_when_void(self) -> None:
        """Law 44D: a player unable to follow may play any card."""
        play = Play(DEAL, Seat.N, None)  # East leads
        play.play(Seat.E, Card.from_str("HA"))
        play.play(Seat.S, Card.from_str("HT"))
        play.play(Seat.W, Card.from_str("H2"))
        play.play(Seat.N, Card.from_str("H3"))
        play.play(Seat.E, Card.from_str("SJ"))  # East won trick 1 and leads a spade
        play.play(Seat.S, Card.from_str("S4"))
        assert 1 == len(play.legal_cards())  # West holds one spade
        play.play(Seat.W, Card.from_str("S3"))
        play.play(Seat.N, Card.from_str("SA"))
        assert Seat.N is play.turn  # Law 44G: the winner leads
        play.play(Seat.N, Card.from_str("S2"))
        play.play(Seat.E, Card.from_str("S8"))
        play.play(Seat.S, Card.from_str("S5"))
        assert play.hand(Seat.W) == Hand.of(play.legal_cards())  # void: any card (Law 44D)

    def test_premature_play_and_later_leads(self) -> None:
        """Laws 56/57: a defender's lead or play out of turn is refused with its law."""
        play = Play(DEAL, Seat.S, None)
        play.play(Seat.W, Card.from_str("S3"))
        with pytest.raises(IrregularityError, match="Law 57"):
            play.play(Seat.E, Card.from_str("SJ"))

    def test_cards_not_held(self) -> None:
        """Playing a card one does not hold, or twice, is impossible."""
        play = Play(DEAL, Seat.S, None)
        with pytest.raises(ImpossibleActionError, match="does not hold"):
            play.play(Seat.W, Card.from_str("SA"))
        play.play(Seat.W, Card.from_str("S3"))
        with pytest.raises(ImpossibleActionError, match="already played"):
            play.play(Seat.W, Card.from_str("S3"))


@given(st.integers(min_value=0, max_value=2**32), st.sampled_from(list(Seat)),
       st.sampled_from([None, *Suit]))  # fmt: skip
def test_random_legal_play_ends_after_thirteen_tricks(
    seed: int, declarer: Seat, trump: Suit | None
) -> None:
    """Property: random legal play ends with 13 tricks, every card once, the tricks won by
    each side adding to 13, and each trick led by the previous winner (Law 44G)."""
    rng = random.Random(seed)
    deal = Deal.random(rng)
    play = Play(deal, declarer, trump)
    while not play.is_complete:
        legal = play.legal_cards()
        assert len(legal) >= 1
        turn = play.turn
        assert turn is not None
        play.play(turn, legal[rng.randrange(len(legal))])
    assert 13 == len(play.tricks)
    assert 52 == len({card for trick in play.tricks for card in trick.cards})
    assert 13 == play.tricks_won(Side.NS) + play.tricks_won(Side.EW)
    assert declarer.lho is play.tricks[0].leader
    for before, after in zip(play.tricks, play.tricks[1:], strict=False):
        assert before.winner is after.leader
    for trick in play.tricks:
        assert trick.winner is trick_winner(trick.leader, trick.cards, trump)
        for seat in trick.seats():
            assert trick.card_of(seat) in deal[seat]


@given(st.integers(min_value=0, max_value=2**32), st.sampled_from(list(Seat)),
       st.sampled_from([None, *Suit]))  # fmt: skip
def test_legal_cards_and_their_mask_follow_suit(
    seed: int, declarer: Seat, trump: Suit | None
) -> None:
    """Property (Law 44C): at every turn of a random play the legal cards are the cards of
    the suit led that the seat holds, or its whole hand when it has none (or leads), written
    spades to clubs and high to low, as a plain tuple; ``legal_mask`` is their mask; a seat
    not on turn has neither."""
    rng = random.Random(seed)
    play = Play(Deal.random(rng), declarer, trump)
    while not play.is_complete:
        turn = play.turn
        assert turn is not None
        held = list(play.hand(turn))
        led = play.current_trick[0].suit if play.current_trick else None
        following = [card for card in held if card.suit is led]
        expected = sorted(following or held, key=lambda card: (-card.suit, -card.rank))
        legal = play.legal_cards()
        assert type(legal) is tuple
        assert expected == list(legal)
        assert legal == play.legal_cards(turn)
        mask = 0
        for card in expected:
            mask |= card.bit
        assert mask == play.legal_mask() == play.legal_mask(turn)
        other = turn.next(rng.randrange(1, 4))
        assert () == play.legal_cards(other)
        assert 0 == play.legal_mask(other)
        play.play(turn, legal[rng.randrange(len(legal))])
    assert () == play.legal_cards()
    assert 0 == play.legal_mask()


class TestRecordingPlacement:
    """What recording mode needs of the play: cards placed as they really were played."""

    def play(self) -> Play:
        return Play(DEAL, Seat.E, None)

    def test_place_a_revoke(self) -> None:
        """Law 61A: a card that fails to follow suit is refused by play() but placed as it
        happened; the trick is won by the suit led (Law 44F)."""
        play = self.play()
        play.play(Seat.S, Card.from_str("H7"))
        play.play(Seat.W, Card.from_str("H2"))
        with pytest.raises(IrregularityError, match="44C"):
            play.play(Seat.N, Card.from_str("D8"))
        play.place(Seat.N, Card.from_str("D8"))
        trick = play.place(Seat.E, Card.from_str("HA"))
        assert trick is not None
        assert Seat.E is trick.winner

    def test_place_an_accepted_lead_out_of_turn(self) -> None:
        """Law 53A: an accepted lead out of turn leads the trick; rotation follows it."""
        play = self.play()
        play.place(Seat.N, Card.from_str("SA"))
        assert Seat.E is play.turn
        assert Seat.N is play.leader

    def test_place_refuses_out_of_rotation_mid_trick(self) -> None:
        """Away from a lead the placed card must be the seat's in rotation."""
        play = self.play()
        play.place(Seat.S, Card.from_str("H7"))
        with pytest.raises(ImpossibleActionError, match="West's turn"):
            play.place(Seat.N, Card.from_str("H3"))

    def test_from_plays_and_plays_round_trip(self) -> None:
        """The play rebuilt from its cards equals the play (recording mode rebuilds it after a
        withdrawal, Laws 47, 62)."""
        play = self.play()
        for seat, card in (("S", "H7"), ("W", "H2"), ("N", "H3"), ("E", "HA"), ("E", "CA")):
            play.play(Seat.from_str(seat), Card.from_str(card))
        again = Play.from_plays(DEAL, Seat.E, None, play.plays())
        assert play.plays() == again.plays()
        assert (play.turn, play.tricks, play.current_trick) == (
            again.turn,
            again.tricks,
            again.current_trick,
        )

    def test_lead_from(self) -> None:
        """Law 43B2(a): between tricks the hand to lead can be named."""
        play = self.play()
        play.lead_from(Seat.N)
        assert Seat.N is play.turn
        play.place(Seat.N, Card.from_str("SA"))
        with pytest.raises(ImpossibleActionError, match="between tricks"):
            play.lead_from(Seat.S)
