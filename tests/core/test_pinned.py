"""Behaviours of the auction and the play that mutation testing found unpinned (issue 19).

Each test states one rule of the Laws the core must keep; a mutant that breaks it fails here.
"""

from __future__ import annotations

import pytest

from dupbridge import (
    Auction,
    Card,
    Deal,
    ImpossibleActionError,
    IrregularityError,
    Play,
    Seat,
    Suit,
    parse_call,
)
from dupbridge.core.auction import LegalCalls
from dupbridge.core.calls import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Pass
from dupbridge.core.contract import Risk

DEAL = Deal.from_pbn("N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876")


def card(text: str) -> Card:
    return Card.from_str(text)


class TestLegalCallsAtTheStart:
    def test_every_bid_and_pass_but_no_double(self) -> None:
        """At the start of the auction every bid from 1♣ and Pass are legal, and no double or
        redouble (Laws 18, 19A: there is nothing to double yet)."""
        legal = Auction(Seat.N).legal_calls()
        assert (PASS, *ALL_BIDS) == tuple(legal)
        assert parse_call("1C") in legal
        assert parse_call("7NT") in legal
        assert DOUBLE not in legal
        assert REDOUBLE not in legal
        assert 36 == len(legal)

    def test_after_a_bid_only_higher_bids(self) -> None:
        """After 1NT the lowest sufficient bid is 2♣ (Law 18D); the opponent may double."""
        auction = Auction(Seat.N)
        auction.add(parse_call("1NT"))
        legal = auction.legal_calls()
        assert parse_call("1NT") not in legal
        assert parse_call("2C") in legal
        assert DOUBLE in legal
        assert (PASS, DOUBLE, parse_call("2C")) == tuple(legal)[:3]

    def test_no_calls_after_the_auction(self) -> None:
        """After the final pass no call is legal (Law 22)."""
        auction = Auction(Seat.N)
        for text in ("Pass", "Pass", "Pass", "Pass"):
            auction.add(parse_call(text))
        assert 0 == len(auction.legal_calls())


class TestTricks:
    def test_trick_numbers_count_from_one(self) -> None:
        """Tricks are numbered 1 to 13 in the order they were played (Law 65)."""
        play = Play(DEAL, Seat.S, None)  # West leads
        numbers = []
        while play.turn is not None:
            trick = play.play(play.turn, play.legal_cards()[0])
            if trick is not None:
                numbers.append(trick.number)
        assert list(range(1, 14)) == numbers

    def test_legal_cards_for_a_seat_not_on_turn(self) -> None:
        """A seat whose turn it is not has no legal card (Law 44: play is in rotation)."""
        play = Play(DEAL, Seat.S, None)
        assert 13 == len(play.legal_cards(Seat.W))
        for seat in (Seat.N, Seat.E, Seat.S):
            assert 0 == len(play.legal_cards(seat))


class TestFromPlays:
    def test_keeps_the_trump_suit(self) -> None:
        """A ruff wins the trick in a rebuilt play (Laws 44E, 62): the trump suit is kept."""
        # South is void in clubs here: on West's club lead he ruffs with a spade.
        deal = Deal.from_pbn(
            "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQJ4. 3.6542.32.JT9876"
        ).validated()
        plays = [(Seat.W, card("C9")), (Seat.N, card("C2")), (Seat.E, card("CA")),
                 (Seat.S, card("S4"))]  # fmt: skip
        play = Play.from_plays(deal, Seat.S, Suit.SPADES, plays)
        assert Seat.S == play.tricks[0].winner
        no_trumps = Play.from_plays(deal, Seat.S, None, plays)
        assert Seat.E == no_trumps.tricks[0].winner

    def test_honours_the_leader(self) -> None:
        """The first trick of a rebuilt play is led by the leader given (Law 54A)."""
        plays = [(Seat.N, card("S2")), (Seat.E, card("S8")), (Seat.S, card("S4")),
                 (Seat.W, card("S3"))]  # fmt: skip
        play = Play.from_plays(DEAL, Seat.S, None, plays, leader=Seat.N)
        assert Seat.N == play.tricks[0].leader
        assert Seat.E == play.tricks[0].winner

    def test_a_card_not_held_is_refused(self) -> None:
        """A card that the seat does not hold cannot be placed (Law 44: one's own cards)."""
        with pytest.raises(ImpossibleActionError, match="does not hold"):
            Play.from_plays(DEAL, Seat.S, None, [(Seat.W, card("SA"))])


class TestPlace:
    def test_place_refuses_a_card_not_held(self) -> None:
        """Recording a card that is not in the hand is impossible, not an irregularity."""
        play = Play(DEAL, Seat.S, None)
        with pytest.raises(ImpossibleActionError, match="does not hold"):
            play.place(Seat.W, card("SA"))
        assert 13 == len(play.legal_cards())

    def test_place_accepts_a_revoke(self) -> None:
        """A card that fails to follow suit is placed as it happened (Law 61A)."""
        play = Play(DEAL, Seat.S, None)
        play.place(Seat.W, card("C9"))
        play.place(Seat.N, card("SA"))  # North holds clubs: a revoke, recorded
        assert Seat.E == play.turn


class TestCheck:
    def test_following_suit_is_legal(self) -> None:
        """A card of the suit led passes the check (Law 44C)."""
        play = Play(DEAL, Seat.S, None)
        play.play(Seat.W, card("C9"))
        play.check(Seat.N, card("C2"))

    def test_a_void_discard_is_legal(self) -> None:
        """A player with no card of the suit led may play any card (Law 44D)."""
        play = Play(DEAL, Seat.S, None)
        play.play(Seat.W, card("S3"))
        play.play(Seat.N, card("SA"))
        play.play(Seat.E, card("S8"))
        play.play(Seat.S, card("S4"))  # North wins and leads a heart
        play.play(Seat.N, card("H3"))
        play.play(Seat.E, card("HA"))
        play.play(Seat.S, card("H7"))
        play.play(Seat.W, card("H2"))  # East wins, leads a spade: West has none left
        play.play(Seat.E, card("S9"))
        play.play(Seat.S, card("S5"))
        play.check(Seat.W, card("D2"))

    def test_revoke_is_refused_with_law_44c(self) -> None:
        """A card of another suit while holding the suit led is a revoke (Law 44C)."""
        play = Play(DEAL, Seat.S, None)
        play.play(Seat.W, card("C9"))
        with pytest.raises(IrregularityError) as caught:
            play.check(Seat.N, card("SA"))
        assert (44, "C") == (caught.value.law.number, caught.value.law.part)


class TestPlaysOutOfTurnCiteTheirLaw:
    @pytest.mark.parametrize(
        ("seat", "text", "law", "kind"),
        [
            (Seat.E, "SJ", (54, ""), "opening_lead_out_of_turn"),  # a defender's partner
            (Seat.N, "S2", (54, "E"), "opening_lead_out_of_turn"),  # declarer's side
        ],
    )
    def test_opening_lead(self, seat: Seat, text: str, law: tuple[int, str], kind: str) -> None:
        """An opening lead out of turn cites Law 54 (by declarer's side, 54E)."""
        play = Play(DEAL, Seat.S, None)
        with pytest.raises(IrregularityError) as caught:
            play.play(seat, card(text))
        assert law == (caught.value.law.number, caught.value.law.part)
        assert kind == caught.value.irregularity

    def test_later_leads_and_plays(self) -> None:
        """Later leads out of turn cite Law 56 (defender) or 55 (declarer's side); a play
        before one's turn cites 57 (defender) or 57C3 (declarer's side)."""
        play = Play(DEAL, Seat.S, None)
        for seat, text in ((Seat.W, "S3"), (Seat.N, "SA"), (Seat.E, "S8"), (Seat.S, "S4")):
            play.play(seat, card(text))  # North won: North leads
        cases = {
            Seat.E: ("SJ", (56, ""), "lead_out_of_turn"),
            Seat.S: ("S5", (55, ""), "lead_out_of_turn"),
        }
        for seat, (text, law, kind) in cases.items():
            with pytest.raises(IrregularityError) as caught:
                play.play(seat, card(text))
            assert law == (caught.value.law.number, caught.value.law.part)
            assert kind == caught.value.irregularity
        play.play(Seat.N, card("S2"))  # East is next
        with pytest.raises(IrregularityError) as caught:
            play.play(Seat.W, card("H6"))  # West plays before East
        assert (57, "A") == (caught.value.law.number, caught.value.law.part)
        with pytest.raises(IrregularityError) as caught:
            play.play(Seat.S, card("S5"))  # South (declarer) before East
        assert (57, "C3") == (caught.value.law.number, caught.value.law.part)


class TestAuctionRecordsItsCalls:
    """Found by `make mutation MUTATE=core/auction.py` (perf4 run, issue 19)."""

    def test_the_calls_are_kept_in_order(self) -> None:
        """The auction is the calls in rotation from the dealer (Law 17C); each is kept as
        made, and the seat of each follows from the dealer."""
        auction = Auction(Seat.E)
        calls = [parse_call(text) for text in ("1H", "X", "XX", "Pass", "2C")]
        for call in calls:
            auction.add(call)
        assert tuple(calls) == auction.calls
        assert 5 == len(auction)
        assert [Seat.E, Seat.S, Seat.W, Seat.N, Seat.E] == [auction.seat_of(i) for i in range(5)]

    def test_any_pass_value_is_a_pass(self) -> None:
        """A Pass made as a new value (not the shared ``PASS``) counts as a pass: three of them
        after a bid end the auction (Law 22A2), undoubled."""
        auction = Auction(Seat.N)
        auction.add(parse_call("1S"))
        for _ in range(3):
            auction.add(Pass())
        assert auction.is_complete
        contract = auction.contract
        assert contract is not None
        assert "1SN" == str(contract)
        assert Risk.UNDOUBLED is contract.risk
        assert auction.turn is None


class TestLegalCallsOnly:
    def test_a_view_of_exactly_the_given_calls(self) -> None:
        """``LegalCalls.only`` is the view a recording table gives a player who must repeat a
        call or pass (Laws 30, 31, 32): exactly those calls, in that order."""
        one_heart = parse_call("1H")
        view = LegalCalls.only([one_heart, PASS])
        assert isinstance(view, LegalCalls)
        assert (one_heart, PASS) == tuple(view)
        assert one_heart in view
        assert DOUBLE not in view
        assert () == tuple(LegalCalls.only(()))


class TestAuctionErrorsNameTheirLaw:
    """Each call the auction refuses names its law, the irregularity and the player, in words
    (found by `make mutation MUTATE=core/auction.py`: these details were unpinned in tests/core)."""

    @pytest.mark.parametrize(
        ("calls", "call", "text", "flagged", "seat"),
        [
            (
                "Pass Pass Pass Pass",
                "1C",
                "call 1C after the auction has ended (Law 39)",
                (39, "call_after_final_pass"),
                None,
            ),
            ("1NT", "1S", "insufficient bid 1S after 1NT by East (Law 27)",
             (27, "insufficient_bid"), Seat.E),
            ("", "X", "inadmissible double by North: there is no bid to double "
             "(Law 36, see Law 19A1)", (36, "inadmissible_double"), Seat.N),
            ("1H Pass", "X", "inadmissible double by South: the last bid was made by South's "
             "own side (Law 36, see Law 19A1)", (36, "inadmissible_double"), Seat.S),
            ("1H X Pass", "X", "inadmissible double by West: 1H is already doubled "
             "(Law 36, see Law 19A1)", (36, "inadmissible_double"), Seat.W),
            ("1H", "XX", "inadmissible redouble by East: there is no double to redouble "
             "(Law 36, see Law 19B1)", (36, "inadmissible_redouble"), Seat.E),
            ("1H X XX", "XX", "inadmissible redouble by West: 1H is already redoubled "
             "(Law 36, see Law 19B1)", (36, "inadmissible_redouble"), Seat.W),
            ("1H X Pass", "XX", "inadmissible redouble by West: the double was made by West's "
             "own side (Law 36, see Law 19B1)", (36, "inadmissible_redouble"), Seat.W),
        ],
    )  # fmt: skip
    def test_refused_call(
        self, calls: str, call: str, text: str, flagged: tuple[int, str], seat: Seat | None
    ) -> None:
        """Laws 39 (after the final pass), 27 (insufficient), 36 with 19A and 19B
        (inadmissible double or redouble): refused with the error that says so."""
        auction = Auction(Seat.N)
        for made in calls.split():
            auction.add(parse_call(made))
        before = auction.calls
        with pytest.raises(IrregularityError) as caught:
            auction.add(parse_call(call))
        error = caught.value
        assert text == str(error)
        assert error.law is not None
        assert flagged == (error.law.number, error.irregularity)
        assert "" == error.law.part
        assert seat is error.seat
        assert before == auction.calls  # nothing changes

    def test_not_a_call(self) -> None:
        """Something that is not a call is refused as impossible, quoting it."""
        auction = Auction(Seat.N)
        with pytest.raises(ImpossibleActionError) as caught:
            auction.add("1C")  # type: ignore[arg-type]
        assert "not a call: '1C'" == str(caught.value)
        assert () == auction.calls


class TestAuctionValue:
    """The auction as a value: its state at the start, copies, equality and text (found by
    `make mutation MUTATE=core/auction.py`: no test in tests/core reached them)."""

    def test_nothing_doubled_at_the_start(self) -> None:
        """Before any call there is no bid, so nothing is doubled (Law 19)."""
        auction = Auction(Seat.S)
        assert Risk.UNDOUBLED is auction.risk
        assert auction.last_bid is None
        assert Seat.S is auction.turn

    def test_a_copy_is_equal_and_independent(self) -> None:
        auction = Auction(Seat.E)
        for text in ("1H", "X"):
            auction.add(parse_call(text))
        copy = auction.copy()
        assert copy == auction
        assert Seat.E is copy.dealer
        copy.add(PASS)
        assert copy != auction
        assert 2 == len(auction)
        assert auction != Auction(Seat.N, auction.calls[:0])
        assert Auction(Seat.E) != Auction(Seat.W)
        assert auction != "1H X"

    def test_texts(self) -> None:
        auction = Auction(Seat.E)
        for text in ("1H", "X"):
            auction.add(parse_call(text))
        assert "<Auction dealer=E [1H X]>" == repr(auction)
        assert "<LegalCalls Pass XX 1S 1NT>" == repr(LegalCalls.only(auction.legal_calls()[:4]))
