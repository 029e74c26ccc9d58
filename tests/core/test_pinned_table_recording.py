"""Behaviours of recording mode's own commands that mutation testing found unpinned (issue 19,
core/table_recording.py).

In strict mode these commands are refused, in words naming the seat and the law broken; in
recording mode they reach the recorder, which hands the facts to the rulebook. Every table is
built inside its test (a mutant is activated after the tests are collected).
"""

from __future__ import annotations

import pytest

from dupbridge import (
    Card,
    Deal,
    ImpossibleActionError,
    IrregularityError,
    Phase,
    Seat,
    Table,
    parse_call,
)
from dupbridge.core.calls import Strain
from dupbridge.core.events import (
    AttentionDrawn,
    BidAboveSevenMade,
    CallChanged,
    CardsExposed,
    DirectorAnswered,
    InformationReported,
    OptionChosen,
)
from dupbridge.core.lawref import LawRef
from dupbridge.rulings import rulebook_for

PBN = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876"


def strict_table() -> Table:
    return Table(1, Deal.from_pbn(PBN))


def recording_table() -> Table:
    return Table(1, Deal.from_pbn(PBN), mode="recording", rulebook=rulebook_for("2017"))


def card(text: str) -> Card:
    return Card.from_str(text)


class TestStrictModeRefusesWhatOnlyADirectorRules:
    def test_cards_exposed_during_the_auction(self) -> None:
        """Law 24: exposing cards is refused in strict mode; the message lists every card."""
        table = strict_table()
        with pytest.raises(IrregularityError) as caught:
            table.expose_cards(Seat.N, [card("SA"), card("SK")])
        error = caught.value
        assert "North exposed SA SK during the auction (Law 24)" == str(error)
        assert Seat.N is error.seat
        assert LawRef(24) == error.law
        assert "card_exposed_during_auction" == error.irregularity
        assert 1 == len(table.events)

    def test_change_of_call(self) -> None:
        """Law 25: a change of call is refused in strict mode, naming the new call."""
        table = strict_table()
        table.make_call(Seat.N, parse_call("1C"))
        with pytest.raises(IrregularityError) as caught:
            table.change_call(Seat.N, parse_call("1NT"))
        error = caught.value
        assert "North tried to change his call to 1NT (Law 25)" == str(error)
        assert Seat.N is error.seat
        assert LawRef(25) == error.law
        assert "change_of_call" == error.irregularity
        assert 2 == len(table.events)

    def test_bid_above_seven(self) -> None:
        """Law 38: there is no bid above seven; strict mode refuses it naming the bid."""
        table = strict_table()
        with pytest.raises(IrregularityError) as caught:
            table.bid_above_seven(Seat.N, 8, Strain.NOTRUMP)
        error = caught.value
        assert "North bid 8NT: there is no bid above seven (Law 38)" == str(error)
        assert Seat.N is error.seat
        assert LawRef(38) == error.law
        assert "bid_above_seven" == error.irregularity

    @pytest.mark.parametrize("level", [7, 1, True, 8.0, "8"])
    def test_a_level_that_is_not_above_seven(self, level: object) -> None:
        """Law 38 concerns levels 8 and more: seven, a truth value, a float or a text is no
        such level, in either mode, and nothing is logged."""
        for table in (strict_table(), recording_table()):
            with pytest.raises(ImpossibleActionError) as caught:
                table.bid_above_seven(Seat.N, level, Strain.NOTRUMP)  # type: ignore[arg-type]
            error = caught.value
            assert f"{level} is not a level above seven" == str(error)
            assert Seat.N is error.seat
            assert error.law is None
            assert 1 == len(table.events)

    def test_every_ruling_command_needs_recording_mode(self) -> None:
        """Choices, the Director's answers, reports, revokes pointed out and the claim
        disputes of Laws 68-71 exist only at a table with a Director (recording mode)."""
        table = strict_table()
        message = "this table is in strict mode: rulings need recording mode"
        with_seat = (
            lambda: table.choose(Seat.N, "accept"),
            lambda: table.report(Seat.N, "misinformation", "facts"),
            lambda: table.draw_attention(Seat.N, Seat.E),
            lambda: table.continue_play(Seat.N),
            lambda: table.object_to_concession(Seat.N),
            lambda: table.withdraw_agreement(Seat.N),
        )
        for attempt in with_seat:
            with pytest.raises(ImpossibleActionError) as caught:
                attempt()
            assert message == str(caught.value)
            assert Seat.N is caught.value.seat
            assert caught.value.law is None
        for attempt in (
            lambda: table.director(tricks=3),
            lambda: table.director_answers({"tricks": 3}),
        ):
            with pytest.raises(ImpossibleActionError) as caught:
                attempt()
            assert message == str(caught.value)
            assert caught.value.seat is None
        assert table.recording is None
        assert table.pending is None
        assert 1 == len(table.events)


class TestRecordingModeHandsTheFactsOn:
    def test_bid_above_seven_is_ruled(self) -> None:
        """Law 38: in recording mode the bid is logged and the Director's ruling opens."""
        table = recording_table()
        events = table.bid_above_seven(Seat.N, 8, Strain.NOTRUMP)
        assert ["BidAboveSevenMade", "IrregularityFlagged"] == [
            type(event).__name__ for event in events[:2]
        ]
        pending = table.pending
        assert pending is not None
        assert "bid_above_seven" == pending.irregularity
        assert Phase.DIRECTOR is table.phase

    def test_deliberate_exposure_is_recorded(self) -> None:
        """Law 50B: a card exposed deliberately, not by accident, is recorded as such."""
        for deliberate in (True, False):
            table = recording_table()
            events = table.expose_cards(Seat.E, [card("SJ")], deliberate=deliberate)
            exposed = events[0]
            assert isinstance(exposed, CardsExposed)
            assert Seat.E is exposed.seat
            assert (card("SJ"),) == exposed.cards
            assert deliberate is exposed.deliberate

    def test_change_of_call_is_ruled(self) -> None:
        """Law 25: in recording mode the change is logged and a ruling on it opens."""
        table = recording_table()
        table.make_call(Seat.N, parse_call("1C"))
        events = table.change_call(Seat.N, parse_call("1NT"))
        assert "CallChanged" == type(events[0]).__name__
        pending = table.pending
        assert pending is not None
        assert "change_of_call" == pending.irregularity
        assert table.recording is not None


def in_play() -> Table:
    """East declares 1NT (West is dummy); South leads H7 and East wins the first trick."""
    table = recording_table()
    for word in ["Pass", "1NT", "Pass", "Pass", "Pass"]:
        turn = table.turn
        assert turn is not None
        table.make_call(turn, parse_call(word))
    for move in ["S:H7", "W:H2", "N:H3", "E:HA"]:
        seat, text = move.split(":")
        table.play_card(Seat.from_str(seat), card(text))
    return table


class TestEachCommandRecordsWhatItIsTold:
    def test_the_bid_above_seven(self) -> None:
        """Law 38: the level and the denomination bid are recorded as made."""
        table = recording_table()
        made = table.bid_above_seven(Seat.N, 9, Strain.SPADES)[0]
        assert isinstance(made, BidAboveSevenMade)
        assert (Seat.N, 9, Strain.SPADES) == (made.seat, made.level, made.strain)

    def test_the_changed_call(self) -> None:
        """Law 25: the call the player changed to is recorded."""
        table = recording_table()
        table.make_call(Seat.N, parse_call("1C"))
        changed = table.change_call(Seat.N, parse_call("1NT"))[0]
        assert isinstance(changed, CallChanged)
        assert (Seat.N, parse_call("1NT")) == (changed.seat, changed.call)

    def test_an_exposure_is_accidental_unless_said(self) -> None:
        """Law 50B: a card is exposed by accident unless the Director is told otherwise."""
        table = recording_table()
        exposed = table.expose_cards(Seat.E, [card("SJ")])[0]
        assert isinstance(exposed, CardsExposed)
        assert exposed.deliberate is False

    def test_the_choice(self) -> None:
        """Law 29A: the player entitled to accept a call out of rotation chooses; his seat
        and option are recorded."""
        table = recording_table()
        table.make_call(Seat.E, parse_call("1H"))
        chosen = table.choose(Seat.S, "refuse")[0]
        assert isinstance(chosen, OptionChosen)
        assert (Seat.S, "refuse") == (chosen.seat, chosen.option)

    def test_the_directors_answers(self) -> None:
        """Law 15B1: told the board was played before, the Director cancels it; his answers
        are recorded and the board is over."""
        table = in_play()
        table.report(Seat.N, "wrong_board")
        answered = table.director_answers({"played_before": True})[0]
        assert isinstance(answered, DirectorAnswered)
        assert "played_before" in answered.answers
        assert Phase.FINISHED is table.phase

    def test_a_report_in_full_and_bare(self) -> None:
        """Laws 20F, 21B: the facts, the player reported against and the particulars are
        recorded; a bare report records none of them."""
        table = in_play()
        full = table.report(Seat.N, "misinformation", "told 1NT was weak", Seat.E, {"trick": 1})
        reported = full[0]
        assert isinstance(reported, InformationReported)
        assert (Seat.N, "misinformation", "told 1NT was weak", Seat.E, '{"trick": 1}') == (
            reported.seat,
            reported.kind,
            reported.facts,
            reported.against,
            reported.details,
        )
        bare = in_play().report(Seat.N, "misinformation")[0]
        assert isinstance(bare, InformationReported)
        assert ("", None, "") == (bare.facts, bare.against, bare.details)

    def test_attention_drawn_to_a_revoke(self) -> None:
        """Law 61: attention is drawn to the revoke on the trick named, by the player who
        draws it; a trick with no revoke is refused."""
        table = in_play()
        table.play_card(Seat.E, card("CA"))
        table.play_card(Seat.S, card("DA"))  # South holds clubs: a revoke (Law 61A)
        with pytest.raises(ImpossibleActionError):
            table.draw_attention(Seat.E, Seat.S, 5)
        drawn = table.draw_attention(Seat.E, Seat.S, 2, "play")[0]
        assert isinstance(drawn, AttentionDrawn)
        assert (Seat.E, Seat.S, 2, "play") == (drawn.seat, drawn.offender, drawn.trick, drawn.when)

    def test_attention_drawn_by_default(self) -> None:
        """Without a trick, the offender's last revoke; without a time, during play it is
        recorded as drawn during play."""
        table = in_play()
        table.play_card(Seat.E, card("CA"))
        table.play_card(Seat.S, card("DA"))
        drawn = table.draw_attention(Seat.E, Seat.S)[0]
        assert isinstance(drawn, AttentionDrawn)
        assert (None, "play") == (drawn.trick, drawn.when)

    def test_attention_drawn_after_the_next_call(self) -> None:
        """Law 64B4: attention drawn to a revoke once a non-offender has called on the next
        deal is recorded with that time, not the default after play."""
        table = in_play()
        table.play_card(Seat.E, card("CA"))
        table.play_card(Seat.S, card("DA"))
        while table.phase is Phase.PLAY:
            turn = table.turn
            assert turn is not None
            table.play_card(turn, table.legal_cards()[0])
        drawn = table.draw_attention(Seat.E, Seat.S, 2, "after_next_call")[0]
        assert isinstance(drawn, AttentionDrawn)
        assert "after_next_call" == drawn.when
