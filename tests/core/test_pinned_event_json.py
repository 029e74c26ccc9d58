"""The JSON form of every event, field by field, and every refusal in words (issue 19,
core/event_json.py).

The stored log is the truth (DESIGN §2.5): each event must encode to its canonical text forms
and read back equal, and a stored object that is no event must be refused with a message that
names what is wrong. Every value is built inside the test (a mutant is activated after the
tests are collected).
"""

from __future__ import annotations

import json
from enum import Enum

import pytest

from dupbridge.core.boards import Board
from dupbridge.core.calls import Strain, parse_call
from dupbridge.core.cards import Card, Hand
from dupbridge.core.contract import Contract, Risk
from dupbridge.core.deal import Deal
from dupbridge.core.effects import Note, Transfer
from dupbridge.core.errors import NotationError
from dupbridge.core.event_json import (
    EVENT_TYPES,
    EventJSONError,
    event_from_json,
    event_to_json,
    value_to_json,
)
from dupbridge.core.events import (
    AgreementWithdrawn,
    AttentionDrawn,
    AuctionEnded,
    BidAboveSevenMade,
    BoardStarted,
    CallChanged,
    CallDeemed,
    CallMade,
    CardPlayed,
    CardsExposed,
    ClaimAccepted,
    ClaimMade,
    ClaimRejected,
    Conceded,
    ConcessionObjected,
    DirectorAnswered,
    Event,
    InformationReported,
    IrregularityFlagged,
    OptionChosen,
    PlayContinued,
    PlayEnded,
    Rectified,
    TrickCompleted,
)
from dupbridge.core.kinds import Edition, IrregularityName
from dupbridge.core.lawref import LawRef
from dupbridge.core.phases import Mode
from dupbridge.core.play import Trick
from dupbridge.core.seats import Seat, Side, Vulnerability

PBN = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876"
BOARD_JSON = {"number": 5, "dealer": "N", "vulnerability": "NS"}


def card(text: str) -> Card:
    return Card.from_str(text)


def trick() -> Trick:
    return Trick(1, Seat.E, (card("HA"), card("H7"), card("H2"), card("H3")), Seat.E)


TRICK_JSON = {"number": 1, "leader": "E", "cards": ["HA", "H7", "H2", "H3"], "winner": "E"}


def round_trip(event: Event, expected: dict[str, object]) -> None:
    """``event`` encodes to ``expected`` exactly, and the JSON text reads back equal."""
    data = event_to_json(event)
    assert expected == data
    assert list(expected) == list(data)  # the type first, then the fields in order
    assert event == event_from_json(json.loads(json.dumps(data)))


class TestEveryEventRoundTrips:
    def test_board_started(self) -> None:
        """The board, its deal in PBN, the edition, the mode and the rule set."""
        event = BoardStarted(
            0, Board(5, Seat.N, Vulnerability.NS), Deal.from_pbn(PBN), Edition.E2007,
            Mode.RECORDING, "2007/se",
        )  # fmt: skip
        round_trip(
            event,
            {"type": "BoardStarted", "seq": 0, "board": BOARD_JSON, "deal": PBN,
             "edition": "2007", "mode": "recording", "rules": "2007/se"},
        )  # fmt: skip

    def test_board_started_defaults(self) -> None:
        """A stored board without edition, mode or rules is a 2017 strict board."""
        event = event_from_json(
            {"type": "BoardStarted", "seq": 0, "board": BOARD_JSON, "deal": PBN}
        )
        assert BoardStarted(0, Board(5, Seat.N, Vulnerability.NS), Deal.from_pbn(PBN)) == event
        assert isinstance(event, BoardStarted)
        assert (Edition.E2017, Mode.STRICT, None) == (event.edition, event.mode, event.rules)

    def test_call_made(self) -> None:
        """A call with its alert, explanation and simultaneity (Laws 20, 33)."""
        event = CallMade(3, Seat.S, parse_call("2NT"), True, "20-21", True)
        round_trip(
            event,
            {"type": "CallMade", "seq": 3, "seat": "S", "call": "2NT", "alert": True,
             "explanation": "20-21", "simultaneous": True},
        )  # fmt: skip

    def test_call_made_defaults(self) -> None:
        """Without alert, explanation or simultaneity a call is plain."""
        event = event_from_json({"type": "CallMade", "seq": 3, "seat": "S", "call": "X"})
        assert CallMade(3, Seat.S, parse_call("X"), False, None, False) == event
        assert isinstance(event, CallMade)
        assert (False, None, False) == (event.alert, event.explanation, event.simultaneous)

    def test_auction_ended(self) -> None:
        """With a contract in its text form, or passed out (Law 22)."""
        contract = Contract(4, Strain.SPADES, Risk.DOUBLED, Seat.S)
        round_trip(
            AuctionEnded(5, contract), {"type": "AuctionEnded", "seq": 5, "contract": "4SXS"}
        )
        round_trip(AuctionEnded(5, None), {"type": "AuctionEnded", "seq": 5, "contract": None})
        assert AuctionEnded(5, None) == event_from_json({"type": "AuctionEnded", "seq": 5})

    def test_cards_and_tricks(self) -> None:
        """A card by its text; a trick by number, leader, cards and winner (Law 44G)."""
        round_trip(
            CardPlayed(6, Seat.E, card("HA")),
            {"type": "CardPlayed", "seq": 6, "seat": "E", "card": "HA"},
        )
        round_trip(
            TrickCompleted(10, trick()), {"type": "TrickCompleted", "seq": 10, "trick": TRICK_JSON}
        )

    def test_claims_and_concessions(self) -> None:
        """A claim with its statement (Law 68A), its answers, a concession (68B) and the end
        of play."""
        round_trip(
            ClaimMade(12, Seat.N, 9, "all the trumps"),
            {"type": "ClaimMade", "seq": 12, "seat": "N", "tricks": 9,
             "statement": "all the trumps"},
        )  # fmt: skip
        assert ClaimMade(12, Seat.N, 9) == event_from_json(
            {"type": "ClaimMade", "seq": 12, "seat": "N", "tricks": 9}
        )
        for cls in (ClaimAccepted, ClaimRejected, PlayContinued, ConcessionObjected,
                    AgreementWithdrawn):  # fmt: skip
            round_trip(cls(13, Seat.W), {"type": cls.__name__, "seq": 13, "seat": "W"})
        round_trip(
            Conceded(14, Seat.E, 2), {"type": "Conceded", "seq": 14, "seat": "E", "tricks": 2}
        )
        round_trip(
            PlayEnded(15, 9, "claim"),
            {"type": "PlayEnded", "seq": 15, "declarer_tricks": 9, "how": "claim"},
        )

    def test_recording_mode_actions(self) -> None:
        """A bid above seven (Law 38), exposed cards (24, 50B), a changed call (25)."""
        round_trip(
            BidAboveSevenMade(2, Seat.E, 8, Strain.NOTRUMP),
            {"type": "BidAboveSevenMade", "seq": 2, "seat": "E", "level": 8, "strain": "NT"},
        )
        round_trip(
            CardsExposed(3, Seat.W, (card("SA"), card("D2")), True),
            {"type": "CardsExposed", "seq": 3, "seat": "W", "cards": ["SA", "D2"],
             "deliberate": True},
        )  # fmt: skip
        assert CardsExposed(3, Seat.W, (card("SA"),)) == event_from_json(
            {"type": "CardsExposed", "seq": 3, "seat": "W", "cards": ["SA"]}
        )
        round_trip(
            CallChanged(4, Seat.N, parse_call("Pass")),
            {"type": "CallChanged", "seq": 4, "seat": "N", "call": "Pass"},
        )

    def test_reports_and_revokes(self) -> None:
        """A report with its facts, the seat it is against and its particulars (Law 16B...);
        attention drawn to a revoke (Laws 61-64), with and without a trick."""
        round_trip(
            InformationReported(5, Seat.S, "misinformation", "no alert", Seat.W, '{"a": 1}'),
            {"type": "InformationReported", "seq": 5, "seat": "S", "kind": "misinformation",
             "facts": "no alert", "against": "W", "details": '{"a": 1}'},
        )  # fmt: skip
        assert InformationReported(5, Seat.S, "tricks_disputed") == event_from_json(
            {"type": "InformationReported", "seq": 5, "seat": "S", "kind": "tricks_disputed"}
        )
        round_trip(
            AttentionDrawn(6, Seat.N, Seat.E, 3, "after_play"),
            {"type": "AttentionDrawn", "seq": 6, "seat": "N", "offender": "E", "trick": 3,
             "when": "after_play"},
        )  # fmt: skip
        assert AttentionDrawn(6, Seat.N, Seat.E) == event_from_json(
            {"type": "AttentionDrawn", "seq": 6, "seat": "N", "offender": "E", "trick": None}
        )

    def test_choices_and_the_directors_answers(self) -> None:
        """A chosen option (Law 10C) and the Director's answers as JSON text."""
        round_trip(
            OptionChosen(7, Seat.S, "accept"),
            {"type": "OptionChosen", "seq": 7, "seat": "S", "option": "accept"},
        )
        round_trip(
            DirectorAnswered(8, '{"comparable": true}'),
            {"type": "DirectorAnswered", "seq": 8, "answers": '{"comparable": true}'},
        )

    def test_irregularities_and_deemed_calls(self) -> None:
        """An irregularity flagged, with its law and edition (Law 27A1 (2017)), and a pass
        deemed made (Law 28A), its law without an edition."""
        round_trip(
            IrregularityFlagged(
                9, IrregularityName.INSUFFICIENT_BID, LawRef.parse("27A1", "2017"), Seat.E
            ),
            {"type": "IrregularityFlagged", "seq": 9, "irregularity": "insufficient_bid",
             "law": "Law 27A1 (2017)", "seat": "E"},
        )  # fmt: skip
        round_trip(
            CallDeemed(11, Seat.W, parse_call("Pass"), LawRef.parse("28A")),
            {"type": "CallDeemed", "seq": 11, "seat": "W", "call": "Pass", "law": "Law 28A"},
        )
        deemed = event_from_json(
            {"type": "CallDeemed", "seq": 1, "seat": "W", "call": "Pass", "law": "Law 28A (2007)"}
        )
        assert isinstance(deemed, CallDeemed)
        assert LawRef(28, "A", "2007") == deemed.law

    def test_rectified_is_encoded_for_the_audit_trail(self) -> None:
        """A rectification encodes with its effect as a typed object (never read back)."""
        effect = Transfer(1, 2, Side.EW, LawRef.parse("64A1", "2017"), ruling=4)
        assert {
            "type": "Rectified",
            "seq": 12,
            "effect": {"type": "Transfer", "ruling": 4, "index": 1, "tricks": 2, "side": "EW",
                       "law": "Law 64A1 (2017)"},
        } == event_to_json(Rectified(12, effect))  # fmt: skip

    def test_every_type_is_known(self) -> None:
        """Every event class is listed under its own name; all but ``Rectified`` read back."""
        assert 23 == len(EVENT_TYPES)
        assert all(name == cls.__name__ for name, cls in EVENT_TYPES.items())
        assert EVENT_TYPES["Rectified"] is Rectified
        assert EVENT_TYPES["BoardStarted"] is BoardStarted


class _Colour(Enum):
    RED = "red"


class _Number(Enum):
    ONE = 1


class _Pair(Enum):
    BOTH = (1, 2)


class _Odd:
    def __str__(self) -> str:
        return "odd"


class TestFieldValues:
    def test_seats_and_named_values(self) -> None:
        """A seat by its letter; a side, a vulnerability and a strain by their text."""
        assert ["E", "EW", "All", "NT", "C"] == [
            value_to_json(value)
            for value in (Seat.E, Side.EW, Vulnerability.BOTH, Strain.NOTRUMP, Strain.CLUBS)
        ]

    def test_plain_values_unchanged(self) -> None:
        """None, booleans, numbers and text are JSON already."""
        for value in (None, True, False, 0, 7, 2.5, "text"):
            assert value == value_to_json(value)
            assert type(value) is type(value_to_json(value))

    def test_the_core_values_by_their_text(self) -> None:
        """A card, a contract, a Law, a hand, a call and a deal by their canonical text."""
        assert "SA" == value_to_json(card("SA"))
        assert "3NTXXW" == value_to_json(Contract(3, Strain.NOTRUMP, Risk.REDOUBLED, Seat.W))
        assert "Law 50A (2017)" == value_to_json(LawRef.parse("50A", "2017"))
        assert "AK..Q.2" == value_to_json(Hand.from_pbn("AK..Q.2"))
        assert ["Pass", "X", "XX", "7C"] == [
            value_to_json(parse_call(text)) for text in ("Pass", "X", "XX", "7C")
        ]
        assert PBN == value_to_json(Deal.from_pbn(PBN))

    def test_a_board_and_a_trick(self) -> None:
        """A board by number, dealer and vulnerability (Law 2); a trick by number, leader,
        cards in order and winner."""
        assert BOARD_JSON == value_to_json(Board(5, Seat.N, Vulnerability.NS))
        assert TRICK_JSON == value_to_json(trick())

    def test_enums(self) -> None:
        """An enum by its value when that is text or a number, else by its name."""
        assert "red" == value_to_json(_Colour.RED)
        assert 1 == value_to_json(_Number.ONE)
        assert "BOTH" == value_to_json(_Pair.BOTH)
        assert "insufficient_bid" == value_to_json(IrregularityName.INSUFFICIENT_BID)

    def test_collections(self) -> None:
        """Tuples and lists in order; sets sorted by text, whatever their order; mappings
        with text keys."""
        assert ["SA", "H2"] == value_to_json((card("SA"), card("H2")))
        assert ["N", "E"] == value_to_json([Seat.N, Seat.E])
        assert ["D2", "H2", "SA"] == value_to_json(frozenset({card("SA"), card("H2"), card("D2")}))
        assert ["C3", "S4"] == value_to_json({card("S4"), card("C3")})
        assert [10, 9] == value_to_json(frozenset({9, 10}))  # by text: "10" before "9"
        assert {"N": ["SA"], "E": 2} == value_to_json({Seat.N: (card("SA"),), Seat.E: 2})
        assert {"1": "x"} == value_to_json({1: "x"})

    def test_dataclasses_and_anything_else(self) -> None:
        """A dataclass as an object typed by its class, its fields in order; anything else by
        its text."""
        note = Note((LawRef.parse("24"),), "two cards exposed", ruling=2)
        encoded = value_to_json(note)
        assert {"type": "Note", "ruling": 2, "laws": ["Law 24"],
                "text": "two cards exposed"} == encoded  # fmt: skip
        assert ["type", "ruling", "laws", "text"] == list(encoded)
        assert "odd" == value_to_json(_Odd())
        assert "<class 'dupbridge.core.effects.Note'>" == value_to_json(Note)


def refusal(data: object) -> str:
    with pytest.raises(EventJSONError) as caught:
        event_from_json(data)
    return str(caught.value)


class TestWhatIsNoEvent:
    def test_not_an_object(self) -> None:
        """A list or a text is no event."""
        assert "an event must be a JSON object" == refusal([])
        assert "an event must be a JSON object" == refusal("CardPlayed")

    def test_an_unknown_or_unreadable_type(self) -> None:
        """An unknown type, no type or ``Rectified`` (never read back) is refused, listing
        the readable types."""
        readable = ", ".join(name for name in EVENT_TYPES if name != "Rectified")
        assert f"cannot read an event of type 'Nonsense'; readable: {readable}" == refusal(
            {"type": "Nonsense", "seq": 1}
        )
        assert f"cannot read an event of type None; readable: {readable}" == refusal({"seq": 1})
        assert f"cannot read an event of type 3; readable: {readable}" == refusal({"type": 3})
        assert f"cannot read an event of type ['CardPlayed']; readable: {readable}" == refusal(
            {"type": ["CardPlayed"], "seq": 1}
        )
        assert refusal({"type": "Rectified", "seq": 1}).startswith(
            "cannot read an event of type 'Rectified'; readable: BoardStarted, CallMade, "
        )

    def test_a_missing_field(self) -> None:
        """A missing field is named, with the event's type."""
        assert "the CardPlayed event has no 'card'" == refusal(
            {"type": "CardPlayed", "seq": 1, "seat": "N"}
        )
        assert "the CardPlayed event has no 'seq'" == refusal(
            {"type": "CardPlayed", "seat": "N", "card": "SA"}
        )
        assert "the ClaimMade event has no 'seat'" == refusal(
            {"type": "ClaimMade", "seq": 1, "tricks": 9}
        )

    def test_a_field_of_the_wrong_type(self) -> None:
        """A field of the wrong type is named with its value; a boolean is no number."""
        assert "'seq' of the CardPlayed event has the wrong type: '1'" == refusal(
            {"type": "CardPlayed", "seq": "1", "seat": "N", "card": "SA"}
        )
        assert "'seq' of the CardPlayed event has the wrong type: True" == refusal(
            {"type": "CardPlayed", "seq": True, "seat": "N", "card": "SA"}
        )
        assert "'call' of the CallMade event has the wrong type: 1" == refusal(
            {"type": "CallMade", "seq": 1, "seat": "N", "call": 1}
        )
        assert "'tricks' of the Conceded event has the wrong type: False" == refusal(
            {"type": "Conceded", "seq": 1, "seat": "N", "tricks": False}
        )
        assert "'trick' of the AttentionDrawn event has the wrong type: '3'" == refusal(
            {"type": "AttentionDrawn", "seq": 1, "seat": "N", "offender": "E", "trick": "3"}
        )

    def test_a_trick_of_three_cards(self) -> None:
        """A trick has four cards (Law 44)."""
        bad = dict(TRICK_JSON, cards=["HA", "H7", "H2"])
        assert "a trick has four cards, not 3" == refusal(
            {"type": "TrickCompleted", "seq": 1, "trick": bad}
        )
        assert "the TrickCompleted event has no 'trick'" == refusal(
            {"type": "TrickCompleted", "seq": 1}
        )

    def test_an_unknown_edition_or_mode(self) -> None:
        """The edition and the mode are closed sets, listed in the refusal."""
        board = {"type": "BoardStarted", "seq": 0, "board": BOARD_JSON, "deal": PBN}
        assert "edition must be one of 2017, 2007, not '1997'" == refusal(
            dict(board, edition="1997")
        )
        assert "mode must be one of strict, recording, not 'live'" == refusal(
            dict(board, mode="live")
        )
        assert "'board.number' of the BoardStarted event has the wrong type: '5'" == refusal(
            dict(board, board=dict(BOARD_JSON, number="5"))
        )

    def test_a_field_of_an_object_inside_an_event(self) -> None:
        """A field of the board or of a trick is named by its path, with the event's type."""
        board = {"type": "BoardStarted", "seq": 0, "board": BOARD_JSON, "deal": PBN}
        no_dealer = {key: value for key, value in BOARD_JSON.items() if key != "dealer"}
        assert "the BoardStarted event has no 'board.dealer'" == refusal(
            dict(board, board=no_dealer)
        )
        assert "'board' of the BoardStarted event has the wrong type: 5" == refusal(
            dict(board, board=5)
        )
        trick = {key: value for key, value in TRICK_JSON.items() if key != "winner"}
        assert "the TrickCompleted event has no 'trick.winner'" == refusal(
            {"type": "TrickCompleted", "seq": 1, "trick": trick}
        )
        assert "'trick.cards' of the TrickCompleted event has the wrong type: 'HA'" == refusal(
            {"type": "TrickCompleted", "seq": 1, "trick": dict(TRICK_JSON, cards="HA")}
        )

    def test_a_law_that_is_no_law(self) -> None:
        """A Law reference that cannot be read is refused as no event, its cause kept."""
        with pytest.raises(EventJSONError) as caught:
            event_from_json(
                {"type": "IrregularityFlagged", "seq": 1, "irregularity": "insufficient_bid",
                 "law": "Law ZZ", "seat": "N"}
            )  # fmt: skip
        assert "not a law reference: 'Law ZZ'" == str(caught.value)
        assert isinstance(caught.value.__cause__, ValueError)
        assert not isinstance(caught.value.__cause__, EventJSONError)

    def test_bad_notation_is_a_notation_error(self) -> None:
        """A card that is not valid notation is refused as such, not rewrapped."""
        with pytest.raises(NotationError) as caught:
            event_from_json({"type": "CardPlayed", "seq": 1, "seat": "N", "card": "S1"})
        assert not isinstance(caught.value, EventJSONError)
        assert "not a card: 'S1'" in str(caught.value)
