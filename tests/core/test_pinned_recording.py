"""Recording mode's commands as mutation testing found them unpinned (issue 19,
core/recording.py): what each refuses and why (in words naming the player and the law, the
table unchanged), and the events each logs for the Director (Laws 9B2, 10C1, 13-25, 38, 39,
43B2(a), 45F, 48-50, 67, 79).

Every table is built inside its test (a mutant is activated after the tests are collected).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from dupbridge import PASS, Card, Deal, ImpossibleActionError, Phase, Seat, Table, parse_call
from dupbridge.core.calls import Strain
from dupbridge.core.events import (
    BidAboveSevenMade,
    CallChanged,
    CallMade,
    CardPlayed,
    CardsExposed,
    DirectorAnswered,
    Event,
    InformationReported,
    IrregularityFlagged,
    OptionChosen,
)
from dupbridge.core.lawref import LawRef
from dupbridge.core.recording import CODES_2007, REPORTS, REPORTS_2007
from dupbridge.i18n import use_language
from dupbridge.rulings import rulebook_for

PBN = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876"

PENDING_29A = (
    "a ruling is pending (Law 29A (2017)): nothing may happen until South answers: Does South "
    "accept East's 1S, made out of rotation at North's turn? (Law 9B2) (Law 9B2 (2017))"
)


def recording(edition: str = "2017") -> Table:
    """Board 1: North deals."""
    return Table(
        1, Deal.from_pbn(PBN), edition=edition, mode="recording", rulebook=rulebook_for(edition)
    )


def calls(table: Table, words: str, first: Seat = Seat.N) -> None:
    seat = first
    for word in words.split():
        table.make_call(seat, parse_call(word))
        seat = seat.lho


def card(text: str) -> Card:
    return Card.from_str(text)


def refused(
    table: Table, attempt: Callable[[], object], message: str, seat: Seat | None, law: str | None
) -> None:
    """The attempt is refused in these words, for this seat and law; nothing is logged."""
    before = table.events
    with pytest.raises(ImpossibleActionError) as caught:
        attempt()
    error = caught.value
    assert message == str(error)
    assert seat is error.seat
    assert (None if law is None else LawRef.parse(law, "2017")) == error.law
    assert before == table.events


def flagged(events: tuple[Event, ...]) -> list[tuple[int, str, LawRef, Seat]]:
    return [
        (e.seq, e.irregularity, e.law, e.seat) for e in events if isinstance(e, IrregularityFlagged)
    ]


def out_of_rotation() -> Table:
    """East bids 1S at North's turn: South is to choose (Law 29A)."""
    table = recording()
    table.make_call(Seat.E, parse_call("1S"))
    return table


def after_the_lead() -> Table:
    """1H by North; East has led the SJ."""
    table = recording()
    calls(table, "1H Pass Pass Pass")
    table.play_card(Seat.E, card("SJ"))
    return table


class TestNothingWhileARulingIsPending:
    """Law 9B2: while South is to choose, nobody acts but the players the ruling waits for."""

    def test_every_action_is_refused(self) -> None:
        table = out_of_rotation()
        attempts = (
            (lambda: table.make_call(Seat.W, PASS), Seat.W),
            (lambda: table.bid_above_seven(Seat.S, 8, Strain.NOTRUMP), Seat.S),
            (lambda: table.expose_cards(Seat.S, [card("SA")]), Seat.S),
            (lambda: table.change_call(Seat.S, parse_call("1S")), Seat.S),
            (lambda: table.report(Seat.S, "misinformation", "facts", against=Seat.E), Seat.S),
        )
        for attempt, seat in attempts:
            refused(table, attempt, PENDING_29A, seat, "9B2")

    def test_a_caller_may_call_over_it(self) -> None:
        """Law 28B: North, whose turn it was, calls: East's 1S is cancelled, North's 1H
        stands."""
        table = out_of_rotation()
        events = table.make_call(Seat.N, parse_call("1H"), alert=True, explanation="natural")
        assert CallMade(4, Seat.N, parse_call("1H"), True, "natural", False) == events[0]
        rec = table.recording
        assert rec is not None
        assert {1: "cancelled", 4: "standing"} == rec.status
        assert [(Seat.N, "1H")] == [(s.seat, str(s.call)) for s in rec.standing]
        assert Seat.E is table.turn


class TestChoices:
    def test_no_choice_without_a_ruling(self) -> None:
        table = recording()
        message = "there is no pending ruling to choose an option in (Law 10C1 (2017))"
        refused(table, lambda: table.choose(Seat.N, "accept"), message, Seat.N, "10C1")

    def test_only_the_chooser_chooses_among_the_options(self) -> None:
        """Law 29A: the choice is the LHO's (South's), between accept and refuse."""
        table = out_of_rotation()
        message = "West may not choose here; the choice is South's (Law 29A (2017))"
        refused(table, lambda: table.choose(Seat.W, "accept"), message, Seat.W, "29A")
        message = "'maybe' is not on offer; South may choose accept, refuse (Law 29A (2017))"
        refused(table, lambda: table.choose(Seat.S, "maybe"), message, Seat.S, "29A")
        events = table.choose(Seat.S, "accept")
        assert OptionChosen(4, Seat.S, "accept") == events[0]
        assert table.pending is None

    def test_a_players_choice_is_not_the_directors(self) -> None:
        table = out_of_rotation()
        message = "the pending choice is South's (Law 29A (2017)), not the Director's"
        refused(table, lambda: table.director(artificial=True), message, None, "29A")

    def test_the_director_may_note_facts_meanwhile(self) -> None:
        """The Director's notes are taken while a player chooses; they are logged as
        given, sorted by key, in any language."""
        table = out_of_rotation()
        events = table.director(time="12:00", note="Zażółć")
        assert [DirectorAnswered(4, '{"note": "Zażółć", "time": "12:00"}')] == list(events)
        assert table.pending is not None

    def test_a_directors_question_is_not_a_players_choice(self) -> None:
        """Law 15B: whether the board was played before is for the Director to find."""
        table = recording()
        table.report(Seat.N, "wrong_board", "facts")
        pending = table.pending
        assert pending is not None
        message = (
            "the Director must answer this question, not North: Has any player at this table "
            "played this board before (Law 15B1)? (Law 15B (2017))"
        )
        refused(table, lambda: table.choose(Seat.N, "x"), message, Seat.N, "15B")
        message = "the Director's answers must be plain data (text, numbers, yes/no, lists)"
        refused(table, lambda: table.director(x=object()), message, None, None)


class TestCallsAndBids:
    def test_no_call_once_the_lead_is_made(self) -> None:
        """Law 17D: the auction period ends when the opening lead is faced."""
        table = after_the_lead()
        message = "South cannot call: the auction period is over (Law 17D) (Law 17D (2017))"
        refused(table, lambda: table.make_call(Seat.S, PASS), message, Seat.S, "17D")

    def test_a_bid_above_seven(self) -> None:
        """Law 38: the bid, its flag and the Director's question name the bid above seven."""
        table = recording()
        calls(table, "1H")
        events = table.bid_above_seven(Seat.E, 8, Strain.HEARTS)
        assert BidAboveSevenMade(2, Seat.E, 8, Strain.HEARTS) == events[0]
        assert [(3, "bid_above_seven", LawRef(38, "", "2017"), Seat.E)] == flagged(events)
        rec = table.recording
        assert rec is not None
        assert "irregular" == rec.status[2]
        pending = table.pending
        assert pending is not None
        assert "Did South call over East's bid above seven before the Director ruled?" == (
            pending.question
        )

    def test_no_bid_above_seven_after_the_auction(self) -> None:
        for table in (after_the_lead(), recording()):
            if table.phase is Phase.AUCTION:
                calls(table, "Pass Pass Pass Pass")
            message = "South cannot bid now: the auction is over"
            refused(
                table,
                lambda t=table: t.bid_above_seven(Seat.S, 8, Strain.NOTRUMP),
                message,
                Seat.S,
                None,
            )


class TestChangesOfCall:
    def test_refusals(self) -> None:
        """Law 25: a change needs a call to change, before partner has called (25A4) and
        before the auction period is over (25A5), and a different call."""
        table = recording()
        message = "North has made no call to change (Law 25 (2017))"
        refused(table, lambda: table.change_call(Seat.N, parse_call("1S")), message, Seat.N, "25")
        calls(table, "1H Pass Pass")
        message = (
            "North cannot change his call: his partner has called since (Law 25A4) "
            "(Law 25A4 (2017))"
        )
        refused(table, lambda: table.change_call(Seat.N, parse_call("1S")), message, Seat.N, "25A4")
        message = "Pass is the call South already made"
        refused(table, lambda: table.change_call(Seat.S, PASS), message, Seat.S, None)
        message = "South cannot change a call after the auction period (Law 25A5) (Law 25A5 (2017))"
        played = after_the_lead()
        refused(
            played, lambda: played.change_call(Seat.S, parse_call("1S")), message, Seat.S, "25A5"
        )
        passed = recording()
        calls(passed, "Pass Pass Pass Pass")
        message = message.replace("South", "North")
        refused(
            passed, lambda: passed.change_call(Seat.N, parse_call("1S")), message, Seat.N, "25A5"
        )

    def test_a_change_is_logged_and_ruled(self) -> None:
        """Law 25: the change and its flag; the Director asks whether the first call was
        unintended (25A), naming both calls."""
        table = recording()
        calls(table, "1C 1H")
        events = table.change_call(Seat.N, parse_call("1D"))
        assert CallChanged(3, Seat.N, parse_call("1D")) == events[0]
        assert [(4, "change_of_call", LawRef(25, "", "2017"), Seat.N)] == flagged(events)
        rec = table.recording
        assert rec is not None
        assert "irregular" == rec.status[3]
        pending = table.pending
        assert pending is not None
        assert (
            "Was 1C unintended: a mechanical error or a slip of the tongue, not a change of mind "
            "(Law 25A2), so that 1D is what North meant to call?"
        ) == pending.question


class TestExposedCards:
    def test_refusals(self) -> None:
        """Laws 24, 49: a card must be named, held, and not already face up."""
        table = recording()
        calls(table, "1H")
        refused(
            table,
            lambda: table.expose_cards(Seat.W, []),
            "no card was named (Law 24 (2017))",
            Seat.W,
            "24",
        )
        refused(
            table,
            lambda: table.expose_cards(Seat.W, [card("SA")]),
            "West does not hold SA",
            Seat.W,
            None,
        )
        table.expose_cards(Seat.W, [card("D2")])
        message = "D2 of West is already face up on the table"
        refused(table, lambda: table.expose_cards(Seat.W, [card("D2")]), message, Seat.W, None)
        passed = recording()
        calls(passed, "Pass Pass Pass Pass")
        message = (
            "North cannot expose cards now: the board is over or a claim is pending (Law 49 (2017))"
        )
        refused(passed, lambda: passed.expose_cards(Seat.N, [card("SA")]), message, Seat.N, "49")
        played = after_the_lead()
        refused(
            played,
            lambda: played.expose_cards(Seat.E, [card("SJ")]),
            "East does not hold SJ",
            Seat.E,
            None,
        )

    def test_during_the_auction(self) -> None:
        """Law 24: a card exposed, or a card led, during the auction."""
        table = recording()
        calls(table, "1H")
        events = table.expose_cards(Seat.W, [card("D2"), card("C6")], deliberate=True)
        assert CardsExposed(2, Seat.W, (card("D2"), card("C6")), True) == events[0]
        assert [(3, "card_exposed_during_auction", LawRef(24, "", "2017"), Seat.W)] == flagged(
            events
        )
        table = recording()
        calls(table, "1H")
        events = table.play_card(Seat.E, card("HA"))
        assert CardPlayed(2, Seat.E, card("HA")) == events[0]
        assert [(3, "card_led_during_auction", LawRef(24, "", "2017"), Seat.E)] == flagged(events)
        rec = table.recording
        assert rec is not None
        assert {Seat.E: [(card("HA"), True)]} == rec.exposed

    def test_during_the_play(self) -> None:
        """Law 49: a defender's card exposed in the play becomes a penalty card (50) and
        cannot be exposed again; Law 48: declarer's is not."""
        table = after_the_lead()
        events = table.expose_cards(Seat.W, [card("D2")])
        assert [(8, "card_exposed_during_play", LawRef(49, "", "2017"), Seat.W)] == (
            flagged(events)
        )
        rec = table.recording
        assert rec is not None
        assert {Seat.W: {card("D2"): False}} == rec.penalty
        message = "D2 of West is already a penalty card"
        refused(table, lambda: table.expose_cards(Seat.W, [card("D2")]), message, Seat.W, None)
        events = table.expose_cards(Seat.N, [card("C2")])
        assert [(events[1].seq, "card_exposed_during_play", LawRef(48, "", "2017"), Seat.N)] == (
            flagged(events)
        )
        assert Seat.N not in rec.penalty


def played_a_trick() -> Table:
    """1H by North; East led the SJ and North won the first trick with the SA."""
    table = recording()
    calls(table, "1H Pass Pass Pass")
    for seat, text in (("E", "SJ"), ("S", "S4"), ("W", "S3"), ("N", "SA")):
        table.play_card(Seat.from_str(seat), card(text))
    return table


class TestReports:
    def test_the_laws_of_the_reports(self) -> None:
        """Each report concerns a law (2017 numbering); the 2007 Laws number two of them
        differently: cards from a wrong board (2007 Law 17D) and a wrong board (15)."""
        assert {
            "unauthorized_information": "16B",
            "misinformation": "21B",
            "incorrect_number_of_cards": "13",
            "missing_card": "14",
            "cards_from_wrong_board": "15A",
            "wrong_board": "15B",
            "defective_trick": "67",
            "tricks_disputed": "79",
            "dummy_warned_wrong_hand": "43B2(a)",
            "dummy_suggested_play": "45F",
        } == REPORTS
        assert {"cards_from_wrong_board": "17D", "wrong_board": "15"} == REPORTS_2007
        assert {"17D": "22B", "25A4": "25A2", "25A5": "25A3"} == CODES_2007

    def test_an_unknown_report(self) -> None:
        table = recording()
        message = (
            "unknown report 'bogus' (expected unauthorized_information, misinformation, "
            "incorrect_number_of_cards, missing_card, cards_from_wrong_board, wrong_board, "
            "defective_trick, tricks_disputed, dummy_warned_wrong_hand, dummy_suggested_play)"
        )
        refused(table, lambda: table.report(Seat.W, "bogus", "facts"), message, Seat.W, None)

    @pytest.mark.parametrize(
        ("kind", "law"),
        [
            ("incorrect_number_of_cards", "13"),
            ("missing_card", "14"),
            ("cards_from_wrong_board", "15A"),
            ("defective_trick", "67"),
        ],
    )
    def test_reports_that_name_the_player_concerned(self, kind: str, law: str) -> None:
        table = recording()
        message = f"a {kind} report names the player concerned ('against') (Law {law} (2017))"
        refused(table, lambda: table.report(Seat.W, kind, "facts"), message, Seat.W, law)

    def test_a_report_is_logged_with_its_facts(self) -> None:
        """Law 21B: the report, its facts and details (sorted), and the flag under the
        player it is against."""
        table = recording()
        calls(table, "1NT")
        facts = "North's 1NT explained 12-14"
        events = table.report(
            Seat.E, "misinformation", facts, against=Seat.S, details={"b": 2, "a": "x"}
        )
        assert (
            InformationReported(2, Seat.E, "misinformation", facts, Seat.S, '{"a": "x", "b": 2}')
            == events[0]
        )
        assert [(3, "misinformation", LawRef(21, "B", "2017"), Seat.S)] == flagged(events)

    def test_a_report_against_nobody_is_flagged_under_the_reporter(self) -> None:
        """Law 15B (2007 Law 15): a wrong board; the Director asks whether it was played."""
        for edition, law in (("2017", LawRef(15, "B", "2017")), ("2007", LawRef(15, "", "2007"))):
            table = recording(edition)
            events = table.report(Seat.W, "wrong_board", "facts")
            assert InformationReported(1, Seat.W, "wrong_board", "facts", None, "") == events[0]
            assert [(2, "wrong_board", law, Seat.W)] == flagged(events)
            assert table.pending is not None

    def test_cards_from_a_wrong_board(self) -> None:
        """Law 15A (2007 Law 17D): only during the auction, about a player who called."""
        for edition, law in (("2017", LawRef(15, "A", "2017")), ("2007", LawRef(17, "D", "2007"))):
            table = recording(edition)
            calls(table, "1H")
            message = (
                "Law 15A concerns calls made with cards from a wrong board during the auction "
                f"({law})"
            )
            with pytest.raises(ImpossibleActionError) as caught:
                table.report(Seat.W, "cards_from_wrong_board", "facts", against=Seat.W)
            assert message == str(caught.value)
            assert law == caught.value.law
            events = table.report(Seat.W, "cards_from_wrong_board", "facts", against=Seat.N)
            assert [(3, "cards_from_wrong_board", law, Seat.N)] == flagged(events)
        table = recording()
        calls(table, "1H Pass Pass Pass")
        message = (
            "Law 15A concerns calls made with cards from a wrong board during the auction "
            "(Law 15A (2017))"
        )
        refused(
            table,
            lambda: table.report(Seat.W, "cards_from_wrong_board", "f", against=Seat.N),
            message,
            Seat.W,
            "15A",
        )

    def test_the_details_of_board_reports_are_checked(self) -> None:
        """Laws 13C, 14B and 79B3: where a missing card was found is one of three places, and
        a surplus card or a call after the round is a yes or a no; anything else is refused
        with the value named, and nothing is logged."""
        table = played_a_trick()
        before = len(table.events)
        refused(
            table,
            lambda: table.report(Seat.W, "missing_card", "f", Seat.N, {"found": "nowhere"}),
            "'found' is 'elsewhere', 'played' or 'not_found', not 'nowhere' (Law 14 (2017))",
            Seat.W,
            "14",
        )
        refused(
            table,
            lambda: table.report(
                Seat.W, "incorrect_number_of_cards", "f", Seat.N, {"surplus": "yes"}
            ),
            "'surplus' is true or false, not 'yes' (Law 13 (2017))",
            Seat.W,
            "13",
        )
        refused(
            table,
            lambda: table.report(Seat.W, "tricks_disputed", "f", None, {"after_round": 1}),
            "'after_round' is true or false, not 1 (Law 79 (2017))",
            Seat.W,
            "79",
        )
        assert before == len(table.events)
        events = table.report(Seat.W, "missing_card", "f", Seat.N, {"found": "played"})
        assert [(before + 1, "missing_card", LawRef(14, "", "2017"), Seat.N)] == flagged(events)

    def test_a_defective_trick(self) -> None:
        """Law 67: the report names a completed trick (a number, not a truth value) and
        whether a card was omitted or is surplus."""
        table = played_a_trick()
        message = (
            "a defective trick report needs 'trick', a completed trick (1 to 1) (Law 67 (2017))"
        )
        for details in ({"trick": True}, {"trick": "1"}, {"trick": 0}, {"trick": 2}, {}):
            refused(
                table,
                lambda d=details: table.report(Seat.W, "defective_trick", "f", Seat.N, d),
                message,
                Seat.W,
                "67",
            )
        message = "'cards' is 'omitted' or 'surplus' (Law 67 (2017))"
        refused(
            table,
            lambda: table.report(
                Seat.W, "defective_trick", "f", Seat.N, {"trick": 1, "cards": "x"}
            ),
            message,
            Seat.W,
            "67",
        )
        events = table.report(
            Seat.W, "defective_trick", "f", Seat.N, {"trick": 1, "cards": "surplus"}
        )
        assert [(12, "defective_trick", LawRef(67, "", "2017"), Seat.N)] == flagged(events)
        auction = recording()
        message = message.replace(
            "'cards' is 'omitted' or 'surplus'",
            "a defective trick report needs 'trick', a completed trick (1 to 0)",
        )
        refused(
            auction,
            lambda: auction.report(Seat.W, "defective_trick", "f", Seat.N, {"trick": 1}),
            message,
            Seat.W,
            "67",
        )

    def test_tricks_disputed_only_once_play_is_over(self) -> None:
        """Law 79A: the tricks won are agreed at the end of play."""
        message = "the tricks won are agreed once play is over (Law 79A) (Law 79 (2017))"
        playing = played_a_trick()
        passed = recording()
        calls(passed, "Pass Pass Pass Pass")
        for table in (playing, passed):
            refused(
                table,
                lambda t=table: t.report(Seat.S, "tricks_disputed", "f"),
                message,
                Seat.S,
                "79",
            )

    def test_dummy_suggesting_a_play(self) -> None:
        """Law 45F: only dummy, in the play."""
        table = recording()
        calls(table, "1H Pass Pass")
        message = (
            "Law 45F concerns dummy indicating a card during play; South is not dummy "
            "(Law 45F (2017))"
        )
        refused(
            table, lambda: table.report(Seat.S, "dummy_suggested_play", "f"), message, Seat.S, "45F"
        )
        calls(table, "Pass", Seat.W)
        message = message.replace("South", "West")
        refused(
            table, lambda: table.report(Seat.W, "dummy_suggested_play", "f"), message, Seat.W, "45F"
        )
        events = table.report(Seat.S, "dummy_suggested_play", "f")
        assert [(7, "dummy_suggested_play", LawRef(45, "F", "2017"), Seat.S)] == flagged(events)

    def test_dummy_warning_declarer(self) -> None:
        """Law 43B2(a): dummy may warn declarer not to lead from the wrong hand, when
        declarer's side is on lead and no card of the trick is played yet."""
        message = (
            "Law 43B2(a) is dummy warning declarer about the hand to lead from, when "
            "declarer's side is on lead (Law 43B2(a) (2017))"
        )
        table = recording()
        calls(table, "1H Pass Pass")

        def warn(seat: Seat = Seat.S, t: Table = table) -> object:
            return t.report(seat, "dummy_warned_wrong_hand", "f")

        refused(table, warn, message, Seat.S, "43B2(a)")  # the auction
        calls(table, "Pass", Seat.W)
        refused(table, warn, message, Seat.S, "43B2(a)")  # the defenders are on lead
        for seat, text in (("E", "SJ"), ("S", "S4"), ("W", "S3"), ("N", "SA")):
            table.play_card(Seat.from_str(seat), card(text))
        refused(table, lambda: warn(Seat.W), message, Seat.W, "43B2(a)")  # not dummy
        refused(table, lambda: warn(Seat.N), message, Seat.N, "43B2(a)")  # declarer
        table.play_card(Seat.N, card("SK"))
        refused(table, warn, message, Seat.S, "43B2(a)")  # the trick has begun
        table = played_a_trick()
        events = table.report(Seat.S, "dummy_warned_wrong_hand", "f")
        assert [(12, "dummy_warned_wrong_hand", LawRef(43, "B2(a)", "2017"), Seat.S)] == flagged(
            events
        )


class TestThe2007Numbers:
    """The 2007 Laws number three of the refusals' laws differently: the end of the auction
    period is 2007 Law 22B (2017: 17D), and a change of call is barred once partner has
    called by 25A2 (2017: 25A4) and after the auction period by 25A3 (2017: 25A5)."""

    def test_the_refusals_cite_the_2007_laws(self) -> None:
        table = recording("2007")
        calls(table, "1H Pass Pass")
        with pytest.raises(ImpossibleActionError) as caught:
            table.change_call(Seat.N, parse_call("1S"))
        assert (
            "North cannot change his call: his partner has called since (Law 25A2) "
            "(Law 25A2 (2007))"
        ) == str(caught.value)
        assert LawRef(25, "A2", "2007") == caught.value.law
        calls(table, "Pass", Seat.W)
        table.play_card(Seat.E, card("SJ"))
        with pytest.raises(ImpossibleActionError) as caught:
            table.make_call(Seat.S, PASS)
        assert "South cannot call: the auction period is over (Law 22B) (Law 22B (2007))" == str(
            caught.value
        )
        assert LawRef(22, "B", "2007") == caught.value.law
        with pytest.raises(ImpossibleActionError) as caught:
            table.change_call(Seat.S, parse_call("1S"))
        assert (
            "South cannot change a call after the auction period (Law 25A3) (Law 25A3 (2007))"
        ) == str(caught.value)
        assert LawRef(25, "A3", "2007") == caught.value.law

    def test_a_translated_refusal_names_the_law(self) -> None:
        """The law is a placeholder of the translated message (Polish: 'przepis')."""
        table = recording("2007")
        calls(table, "1H Pass Pass")
        with use_language("pl"), pytest.raises(ImpossibleActionError) as caught:
            table.change_call(Seat.N, parse_call("1S"))
        assert "(przepis 25A2)" in str(caught.value)
