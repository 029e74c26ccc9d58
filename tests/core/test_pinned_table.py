"""Behaviours of the Table's commands that mutation testing found unpinned (issue 19,
core/table.py).

Each refusal is compared in full (the words, the seat, the law, the irregularity's name) and
the table is checked to be unchanged. Every table is built inside its test (a mutant is
activated after the tests are collected).
"""

from __future__ import annotations

import pytest

from dupbridge import (
    AuctionEnded,
    BoardStarted,
    CallMade,
    Card,
    Deal,
    ImpossibleActionError,
    IrregularityError,
    Phase,
    PlayEnded,
    Seat,
    Suit,
    Table,
    parse_call,
)
from dupbridge.core.events import ClaimMade, Conceded
from dupbridge.core.lawref import LawRef
from dupbridge.rulings import rulebook_for

PBN = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876"


def deal() -> Deal:
    return Deal.from_pbn(PBN)


def three_no_trumps() -> Table:
    """North declares 3NT (South is dummy); East leads (Law 41A)."""
    table = Table(1, deal())
    for word in ["1NT", "Pass", "3NT", "Pass", "Pass", "Pass"]:
        turn = table.turn
        assert turn is not None
        table.make_call(turn, parse_call(word))
    return table


class TestATableIsBuiltOnlyForKnownRules:
    def test_unknown_edition(self) -> None:
        """Only the 2017 and 2007 Laws are known; the message lists them."""
        with pytest.raises(ValueError) as caught:
            Table(1, deal(), edition="2019")
        assert "unknown edition of the Laws: '2019' (expected 2017 or 2007)" == str(caught.value)

    def test_unknown_mode(self) -> None:
        """A table is strict or recording; the message lists the modes."""
        with pytest.raises(ValueError) as caught:
            Table(1, deal(), mode="casual")
        assert "unknown table mode: 'casual' (expected strict, recording)" == str(caught.value)

    def test_recording_mode_needs_a_rulebook(self) -> None:
        """A recording table rectifies by the Laws, so it needs their rules."""
        with pytest.raises(ValueError) as caught:
            Table(1, deal(), mode="recording")
        assert "recording mode needs a rulebook (the rules of rectification)" == str(caught.value)

    def test_the_rulebook_of_another_edition(self) -> None:
        """The rulebook must be of the edition the table plays."""
        with pytest.raises(ValueError) as caught:
            Table(1, deal(), mode="recording", rulebook=rulebook_for("2007"))
        assert "the rulebook is for the 2007 Laws but the table plays 2017" == str(caught.value)

    def test_the_edition_and_mode_are_recorded(self) -> None:
        """The first event records the edition, the mode and the rulebook's name."""
        rulebook = rulebook_for("2007")
        table = Table(1, deal(), edition="2007", mode="recording", rulebook=rulebook)
        assert "2007" == table.edition
        assert "recording" == table.mode
        strict = Table(1, deal())
        assert ("2017", "strict") == (strict.edition, strict.mode)
        assert Phase.AUCTION is strict.phase
        assert Seat.N is strict.turn


class TestCallOutOfRotationInStrictMode:
    @pytest.mark.parametrize(
        ("text", "law", "kind"),
        [("Pass", 30, "pass"), ("1H", 31, "bid"), ("X", 32, "double"),
         ("XX", 32, "redouble")],
    )  # fmt: skip
    def test_names_the_call_the_turn_and_the_law(self, text: str, law: int, kind: str) -> None:
        """Laws 30, 31 and 32 (a pass, a bid, a double or redouble out of rotation): the
        call is refused, naming the caller, the call and whose turn it is."""
        table = Table(1, deal())
        with pytest.raises(IrregularityError) as caught:
            table.make_call(Seat.E, parse_call(text))
        error = caught.value
        expected = f"call out of rotation: East called {text} but it is North's turn (Law {law})"
        assert expected == str(error)
        assert Seat.E is error.seat
        assert LawRef(law) == error.law
        assert f"{kind}_out_of_rotation" == error.irregularity
        assert 1 == len(table.events)


class TestClaimAndConcessionRefusals:
    def test_dummy_neither_claims_nor_concedes(self) -> None:
        """Law 43A1: dummy takes no part in the play; declarer claims and concedes (68)."""
        table = three_no_trumps()
        for attempt, verb in (
            (lambda: table.claim(Seat.S, 9), "claim; declarer claims"),
            (lambda: table.concede(Seat.S), "concede; declarer concedes"),
        ):
            with pytest.raises(ImpossibleActionError) as caught:
                attempt()
            error = caught.value
            assert f"dummy (South) may not {verb} for his side (Law 68) (Law 43A1)" == str(error)
            assert Seat.S is error.seat
            assert LawRef(43, "A1") == error.law
        assert Phase.PLAY is table.phase
        assert table.pending_claim is None

    @pytest.mark.parametrize("tricks", [14, -1, True])
    def test_claim_out_of_range(self, tricks: int) -> None:
        """Law 68A: a claim is of a number of tricks the side can still end with."""
        table = three_no_trumps()
        with pytest.raises(ImpossibleActionError) as caught:
            table.claim(Seat.N, tricks)
        error = caught.value
        assert (
            f"North cannot claim {tricks} tricks: his side has 0 and 13 remain, so a claim "
            "must be between 0 and 13 (Law 68A)"
        ) == str(error)
        assert Seat.N is error.seat
        assert LawRef(68) == error.law
        assert table.pending_claim is None

    @pytest.mark.parametrize("tricks", [14, 0, True])
    def test_concession_out_of_range(self, tricks: int) -> None:
        """Law 68B: a concession is of one or more of the tricks that remain."""
        table = three_no_trumps()
        with pytest.raises(ImpossibleActionError) as caught:
            table.concede(Seat.N, tricks)
        error = caught.value
        assert f"North cannot concede {tricks} tricks: 13 remain (Law 68B)" == str(error)
        assert Seat.N is error.seat
        assert LawRef(68, "B") == error.law
        assert Phase.PLAY is table.phase

    def test_only_an_opponent_answers_a_claim(self) -> None:
        """Law 69A: agreement comes from the side that did not claim."""
        table = three_no_trumps()
        table.claim(Seat.N, 9)
        for attempt in (lambda: table.accept_claim(Seat.S), lambda: table.reject_claim(Seat.S)):
            with pytest.raises(ImpossibleActionError) as caught:
                attempt()
            error = caught.value
            assert (
                "South is on the claimer's side; only an opponent answers a claim (Law 69A)"
                == str(error)
            )
            assert Seat.S is error.seat
            assert LawRef(69, "A") == error.law
        assert Phase.PLAY is table.phase
        assert table.pending_claim is not None


class TestReplay:
    def test_a_log_starts_with_the_board(self) -> None:
        """An event log without its BoardStarted event cannot be replayed."""
        with pytest.raises(ValueError) as caught:
            Table.replay([])
        assert "an event log must start with BoardStarted" == str(caught.value)


def recording(edition: str = "2017") -> Table:
    return Table(1, deal(), edition=edition, mode="recording", rulebook=rulebook_for(edition))


class TestTheLogSaysWhatHappened:
    def test_the_rules_of_the_table(self) -> None:
        """The first event names the rule set of a recording table, none at a strict one."""
        start = recording().events[0]
        assert isinstance(start, BoardStarted)
        assert rulebook_for("2017").name == start.rules
        strict = Table(1, deal()).events[0]
        assert isinstance(strict, BoardStarted)
        assert strict.rules is None

    def test_calls_keep_their_alert_explanation_and_timing(self) -> None:
        """Law 20: an alerted call and its explanation are recorded; Law 33: a call made
        with the previous one is recorded as simultaneous (recording mode); a call is not
        alerted unless said."""
        table = recording()
        made = table.make_call(Seat.N, parse_call("1C"), alert=True, explanation="any shape")[0]
        assert isinstance(made, CallMade)
        assert (True, "any shape", False) == (made.alert, made.explanation, made.simultaneous)
        plain = table.make_call(Seat.E, parse_call("Pass"))[0]
        assert isinstance(plain, CallMade)
        assert (False, None, False) == (plain.alert, plain.explanation, plain.simultaneous)
        both = table.make_call(Seat.W, parse_call("Pass"), simultaneous=True)[0]
        assert isinstance(both, CallMade)
        assert both.simultaneous is True
        strict = Table(1, deal()).make_call(Seat.N, parse_call("1C"))[0]
        assert isinstance(strict, CallMade)
        assert strict.alert is False

    def test_the_auction_ends_with_its_contract(self) -> None:
        """Law 22A: the last bid becomes the contract; it is played with its trump suit."""
        table = Table(1, deal())
        events = ()
        for word in ["1H", "Pass", "Pass", "Pass"]:
            turn = table.turn
            assert turn is not None
            events = table.make_call(turn, parse_call(word))
        ended = events[-1]
        assert isinstance(ended, AuctionEnded)
        assert ended.contract is not None
        assert table.contract == ended.contract
        assert "1H" == str(ended.contract.bid)
        play = table.play
        assert play is not None
        assert Suit.HEARTS is play.trump

    def test_how_play_ended(self) -> None:
        """Play ends by playing the thirteen tricks, by an agreed claim (Law 69A) or by a
        concession (68B); the log says which, and every event has its place in the log (after
        the start, six calls and the end of the auction, the next event is number 8)."""
        played = three_no_trumps()
        while played.phase is Phase.PLAY:
            turn = played.turn
            assert turn is not None
            last = played.play_card(turn, played.legal_cards()[0])
        ended = last[-1]
        assert isinstance(ended, PlayEnded)
        assert "played" == ended.how
        claimed = three_no_trumps()
        made = claimed.claim(Seat.N, 9, "top tricks")[0]
        assert isinstance(made, ClaimMade)
        assert (8, 9, "top tricks") == (made.seq, made.tricks, made.statement)
        accepted, ended = claimed.accept_claim(Seat.E)
        assert isinstance(ended, PlayEnded)
        assert (9, "claim") == (accepted.seq, ended.how)
        assert claimed.pending_claim is None
        conceded = three_no_trumps()
        concession, ended = conceded.concede(Seat.E)
        assert isinstance(concession, Conceded)
        assert isinstance(ended, PlayEnded)
        assert (8, 13, "concession") == (concession.seq, concession.tricks, ended.how)
        rejected = three_no_trumps()
        rejected.claim(Seat.N, 13)
        assert 9 == rejected.reject_claim(Seat.W)[0].seq


class TestClaimsAndConcessionsCountTricks:
    def test_a_claim_of_the_tricks_already_won(self) -> None:
        """Law 68A: after a trick a side may claim from what it has to all of it plus the
        rest; the bounds in the refusal count the tricks won and left."""
        table = three_no_trumps()
        for text in ["HA", "H7", "H2", "H3"]:  # East leads the ace: East-West win trick one
            turn = table.turn
            assert turn is not None
            table.play_card(turn, Card.from_str(text))
        with pytest.raises(ImpossibleActionError) as caught:
            table.claim(Seat.E, 0)
        assert (
            "East cannot claim 0 tricks: his side has 1 and 12 remain, so a claim must be "
            "between 1 and 13 (Law 68A)"
        ) == str(caught.value)
        table.claim(Seat.E, 1)
        table.accept_claim(Seat.N)
        assert 12 == table.result

    def test_who_concedes_decides_whose_tricks(self) -> None:
        """Law 68B: the remaining tricks go to the conceding side's opponents, whether
        declarer or a defender concedes."""
        by_declarer = three_no_trumps()
        by_declarer.concede(Seat.N)
        assert 0 == by_declarer.result
        by_defender = three_no_trumps()
        by_defender.concede(Seat.W, 4)
        assert 4 == by_defender.result


class TestReplayKeepsTheRules:
    def test_a_recording_log_with_its_rulebook(self) -> None:
        """Replaying a recording table's log rebuilds it under the same edition, mode and
        rule book, with the same events."""
        table = recording("2007")
        table.make_call(Seat.E, parse_call("1H"))  # out of rotation: a ruling opens
        again = Table.replay(table.events, rulebook_for("2007"))
        assert ("2007", "recording") == (again.edition, again.mode)
        assert table.events == again.events
        assert again.pending is not None
