"""The log's events, pinned (issue 19, core/events.py).

The strict table builds its commonest events (a call, a card, a completed trick) without the
frozen dataclass's checks; each must be the very value the dataclass builds: equal, with the
same hash and repr, every field set. Every value is built inside the test (a mutant is
activated after the tests are collected).
"""

from __future__ import annotations

from dupbridge import Card, Deal, Seat, Table, parse_call
from dupbridge.core.events import (
    AuctionEnded,
    CallMade,
    CardPlayed,
    PlayEnded,
    TrickCompleted,
    call_made,
    card_played,
    trick_completed,
)
from dupbridge.core.play import Trick

PBN = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876"


def card(text: str) -> Card:
    return Card.from_str(text)


class TestFastConstructors:
    def test_a_card_played(self) -> None:
        """``card_played`` is ``CardPlayed(seq, seat, card)``, field by field."""
        event = card_played(7, Seat.W, card("SA"))
        assert CardPlayed(7, Seat.W, card("SA")) == event
        assert (7, Seat.W, card("SA")) == (event.seq, event.seat, event.card)
        assert hash(CardPlayed(7, Seat.W, card("SA"))) == hash(event)
        assert repr(CardPlayed(7, Seat.W, card("SA"))) == repr(event)
        assert type(event) is CardPlayed

    def test_a_call_made(self) -> None:
        """``call_made`` is ``CallMade(seq, seat, call, alert, explanation)``, never made at
        the same moment as another call (Law 33 is for recording mode)."""
        event = call_made(3, Seat.E, parse_call("2C"), True, "Stayman")
        expected = CallMade(3, Seat.E, parse_call("2C"), True, "Stayman")
        assert expected == event
        assert (3, Seat.E, parse_call("2C"), True, "Stayman", False) == (
            event.seq,
            event.seat,
            event.call,
            event.alert,
            event.explanation,
            event.simultaneous,
        )
        assert event.simultaneous is False
        assert hash(expected) == hash(event)
        assert repr(expected) == repr(event)
        plain = call_made(0, Seat.N, parse_call("Pass"), False, None)
        assert CallMade(0, Seat.N, parse_call("Pass")) == plain
        assert (False, None) == (plain.alert, plain.explanation)

    def test_a_trick_completed(self) -> None:
        """``trick_completed`` is ``TrickCompleted(seq, trick)``."""
        trick = Trick(1, Seat.E, (card("HA"), card("H7"), card("H2"), card("H3")), Seat.E)
        event = trick_completed(11, trick)
        assert TrickCompleted(11, trick) == event
        assert (11, trick) == (event.seq, event.trick)
        assert hash(TrickCompleted(11, trick)) == hash(event)
        assert repr(TrickCompleted(11, trick)) == repr(event)


class TestTheStrictTablesLog:
    def test_the_events_of_a_first_trick(self) -> None:
        """A strict table logs, in order and numbered from 0, the board, every call, the end
        of the auction (Law 22), every card and the completed trick (Law 44G)."""
        table = Table(1, Deal.from_pbn(PBN))
        for word in ("1NT", "Pass", "Pass", "Pass"):
            assert table.turn is not None
            table.make_call(table.turn, parse_call(word), alert=word == "1NT")
        for text in ("HA", "H7", "H2", "H3"):
            assert table.turn is not None
            table.play_card(table.turn, card(text))
        events = table.events
        assert list(range(len(events))) == [event.seq for event in events]
        assert CallMade(1, Seat.N, parse_call("1NT"), True) == events[1]
        assert CallMade(2, Seat.E, parse_call("Pass")) == events[2]
        assert isinstance(events[5], AuctionEnded)
        assert CardPlayed(6, Seat.E, card("HA")) == events[6]
        assert CardPlayed(7, Seat.S, card("H7")) == events[7]
        trick = Trick(1, Seat.E, (card("HA"), card("H7"), card("H2"), card("H3")), Seat.E)
        assert TrickCompleted(10, trick) == events[10]
        assert 11 == len(events)

    def test_derived_events_are_marked(self) -> None:
        """What the table announces is derived (replay regenerates it); what a player did
        is not."""
        assert AuctionEnded.derived
        assert TrickCompleted.derived
        assert PlayEnded.derived
        assert not CallMade.derived
        assert not CardPlayed.derived
