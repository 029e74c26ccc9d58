"""Behaviours of the play that mutation testing found unpinned (issue 19, core/play.py).

Each test states what the play must say or keep; a mutant that changes it fails here. The
errors are compared in full: the words a player or Director reads, the seat, the law and the
irregularity's name. Every value is built inside the test (a mutant is activated after the
tests are collected).
"""

from __future__ import annotations

import pytest

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

PBN = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876"


def card(text: str) -> Card:
    return Card.from_str(text)


def south_declares() -> Play:
    """South declares at no trumps: West makes the opening lead (Law 41A)."""
    return Play(Deal.from_pbn(PBN), Seat.S, None)


def play_through(play: Play, moves: str) -> None:
    """Play ``"W:S3 N:SA ..."`` card by card, each legal."""
    for move in moves.split():
        seat, text = move.split(":")
        play.play(Seat.from_str(seat), card(text))


class TestRevokeNamesTheSuitLed:
    @pytest.mark.parametrize(
        ("lead", "other", "suit"),
        [("S3", "H3", "spade"), ("H2", "S2", "heart"), ("D2", "C2", "diamond"),
         ("C6", "D8", "club")],
    )  # fmt: skip
    def test_the_refusal_in_words(self, lead: str, other: str, suit: str) -> None:
        """A card of another suit while holding the suit led is refused (Law 44C); the
        message names the player, the card and the suit led, and cites the law."""
        play = south_declares()
        play.play(Seat.W, card(lead))
        with pytest.raises(IrregularityError) as caught:
            play.check(Seat.N, card(other))
        error = caught.value
        assert (
            f"North must follow suit: {other} is not a {suit} and North holds one (Law 44C)"
            == error.message
            == str(error)
        )
        assert Seat.N is error.seat
        assert "revoke" == error.irregularity
        assert 1 == play.cards_played


class TestCardsThatCannotBePlayed:
    def test_after_the_thirteenth_trick(self) -> None:
        """Once thirteen tricks are played (Law 44G ends with the last) no card can be."""
        play = south_declares()
        while play.turn is not None:
            play.play(play.turn, play.legal_cards()[0])
        last = play.tricks[-1].cards[0]
        with pytest.raises(ImpossibleActionError) as caught:
            play.check(Seat.E, last)
        error = caught.value
        assert f"East cannot play {last}: all thirteen tricks have been played" == str(error)
        assert Seat.E is error.seat
        assert error.law is None

    def test_a_card_not_held_and_a_card_played(self) -> None:
        """A card not in the hand, or already played, is impossible; the message says which."""
        play = south_declares()
        with pytest.raises(ImpossibleActionError) as caught:
            play.check(Seat.W, card("SA"))
        assert "West does not hold SA" == str(caught.value)
        assert Seat.W is caught.value.seat
        play.play(Seat.W, card("S3"))
        with pytest.raises(ImpossibleActionError) as caught:
            play.check(Seat.W, card("S3"))
        assert "West has already played S3" == str(caught.value)
        assert Seat.W is caught.value.seat


class TestOutOfTurnInWords:
    def test_opening_lead(self) -> None:
        """An opening lead out of turn (Law 54) names the card and whose lead it is."""
        play = south_declares()
        with pytest.raises(IrregularityError) as caught:
            play.play(Seat.E, card("SJ"))
        error = caught.value
        assert "opening lead out of turn: East led SJ but it is West's lead (Law 54)" == str(error)
        assert Seat.E is error.seat
        assert "opening_lead_out_of_turn" == error.irregularity

    def test_later_lead(self) -> None:
        """A later lead out of turn by a defender (Law 56) names the card and the leader."""
        play = south_declares()
        play_through(play, "W:S3 N:SA E:S8 S:S4")  # North won: North leads
        with pytest.raises(IrregularityError) as caught:
            play.play(Seat.E, card("SJ"))
        error = caught.value
        assert "lead out of turn: East led SJ but it is North's lead (Law 56)" == str(error)
        assert Seat.E is error.seat
        assert "lead_out_of_turn" == error.irregularity

    @pytest.mark.parametrize(
        ("seat", "text", "law"),
        [(Seat.W, "H6", "Law 57A"), (Seat.S, "S5", "Law 57C3")],
    )
    def test_premature_play(self, seat: Seat, text: str, law: str) -> None:
        """A card played before one's turn in a trick is a premature play: Law 57 for a
        defender, 57C3 for declarer; the message names the card and whose turn it is."""
        play = south_declares()
        play_through(play, "W:S3 N:SA E:S8 S:S4 N:S2")  # East is next
        with pytest.raises(IrregularityError) as caught:
            play.play(seat, card(text))
        error = caught.value
        expected = f"play out of turn: {seat.title} played {text} but it is East's turn ({law})"
        assert expected == str(error)
        assert seat is error.seat
        assert "premature_play" == error.irregularity
        assert 5 == play.cards_played


class TestRecordingRefusals:
    def test_place_out_of_rotation_mid_trick(self) -> None:
        """Recording mode places a card mid-trick only for the seat in rotation; the error
        names the seat, the card and whose turn it is."""
        play = south_declares()
        play.place(Seat.W, card("S3"))
        with pytest.raises(ImpossibleActionError) as caught:
            play.place(Seat.S, card("S4"))
        error = caught.value
        assert "South cannot play S4: it is North's turn in this trick" == str(error)
        assert Seat.S is error.seat
        assert Seat.N is play.turn
        assert 1 == play.cards_played

    def test_lead_from_mid_trick(self) -> None:
        """The hand to lead can be named only between tricks (Law 43B2(a))."""
        play = south_declares()
        play.place(Seat.W, card("S3"))
        with pytest.raises(ImpossibleActionError) as caught:
            play.lead_from(Seat.E)
        assert "the hand to lead can change only between tricks" == str(caught.value)
        assert Seat.E is caught.value.seat
        assert Seat.N is play.turn


class TestPlayedAndCopy:
    def test_played_is_what_left_the_hand(self) -> None:
        """``played`` is the cards a seat has played, ``hand`` what it still holds."""
        play = south_declares()
        play_through(play, "W:S3 N:SA E:S8 S:S4 N:H3")
        assert Hand.of([card("SA"), card("H3")]) == play.played(Seat.N)
        assert Hand.from_pbn("KQ2.J.T98.5432") == play.hand(Seat.N)
        assert Hand.of([card("S8")]) == play.played(Seat.E)
        assert Hand() == play.played(Seat.W).remove(card("S3"))
        assert 1 == len(play.played(Seat.W))
        assert 11 == len(play.hand(Seat.N))

    def test_a_copy_is_the_same_play_and_independent(self) -> None:
        """A copy has the same state; playing on in it leaves the original untouched."""
        deal = Deal.from_pbn(PBN)
        play = Play(deal, Seat.S, Suit.HEARTS)
        play_through(play, "W:S3 N:SA E:S8 S:S4 N:H3")
        copy = play.copy()
        assert (Seat.S, Suit.HEARTS, Seat.E) == (copy.declarer, copy.trump, copy.turn)
        assert play.tricks == copy.tricks
        assert play.current_trick == copy.current_trick
        assert [play.hand(seat) for seat in Seat] == [copy.hand(seat) for seat in Seat]
        assert [play.played(seat) for seat in Seat] == [copy.played(seat) for seat in Seat]
        assert (1, 0) == (copy.tricks_won(Side.NS), copy.tricks_won(Side.EW))
        assert play.plays() == copy.plays()
        play_through(copy, "E:HA S:H7 W:H2")
        assert 8 == copy.cards_played
        assert 3 == copy.trick_number
        assert (1, 1) == (copy.tricks_won(Side.NS), copy.tricks_won(Side.EW))
        assert Seat.E is copy.turn
        # The original is where it was.
        assert 5 == play.cards_played
        assert (card("H3"),) == play.current_trick
        assert 1 == len(play.tricks)
        assert (1, 0) == (play.tricks_won(Side.NS), play.tricks_won(Side.EW))
        assert card("HA") in play.hand(Seat.E)
        assert Seat.E is play.turn
