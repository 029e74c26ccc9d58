"""Recording mode during the play, as mutation testing found it unpinned (issue 19,
core/recording_play.py): how each card is sorted (played; a revoke, Law 61A; a penalty card
not played, 52; a lead or play out of turn, 54-57; a card exposed, 48-49), revokes
established (63A), attention drawn to them (61-64) and the trick transfers (64A).

The irregularity the table hands the rulebook is checked through a rulebook that records what
it is given and otherwise answers as the real one. Every table is built inside its test (a
mutant is activated after the tests are collected).

The deal: North AKQ2.J3.T98.5432, East JT98.AKQ.765.AKQ, South 7654.T987.AKQ.JT, West
3.6542.J432.9876. East declares 1NT, West is dummy and South makes the opening lead.
"""

from __future__ import annotations

from typing import Any

import pytest

from dupbridge import Card, Deal, ImpossibleActionError, Phase, Seat, Table, parse_call
from dupbridge.core.cards import Suit
from dupbridge.core.events import (
    CardPlayed,
    IrregularityFlagged,
    PlayEnded,
    Rectified,
    TrickCompleted,
)
from dupbridge.core.kinds import IrregularityName, RevokeKind
from dupbridge.core.lawref import LawRef
from dupbridge.core.rectify import Revoked
from dupbridge.core.rulings_state import Irregularity, Restriction, Revoke
from dupbridge.rulings import rulebook_for

PBN = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876"


class Spy:
    """The real rulebook of an edition, keeping each irregularity the table hands it."""

    def __init__(self, edition: str) -> None:
        self.inner = rulebook_for(edition)
        self.seen: list[Irregularity] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def irregularity(self, table: Table, irregularity: Irregularity) -> Any:
        self.seen.append(irregularity)
        return self.inner.irregularity(table, irregularity)


def card(text: str) -> Card:
    return Card.from_str(text)


def bid(edition: str = "2017") -> tuple[Table, Spy]:
    """East declares 1NT (West is dummy); South is to make the opening lead."""
    spy = Spy(edition)
    table = Table(1, Deal.from_pbn(PBN), edition=edition, mode="recording", rulebook=spy)  # type: ignore[arg-type]
    for word in ["Pass", "1NT", "Pass", "Pass", "Pass"]:
        turn = table.turn
        assert turn is not None
        table.make_call(turn, parse_call(word))
    return table, spy


def play(table: Table, *moves: str) -> tuple[Any, ...]:
    """Play ``"S:H7"``-like moves; the events of the last one."""
    events: tuple[Any, ...] = ()
    for move in moves:
        seat, text = move.split(":")
        events = table.play_card(Seat.from_str(seat), card(text))
    return events


def rec(table: Table) -> Any:
    recorder = table.recording
    assert recorder is not None
    return recorder


def revoke_json(**changes: object) -> dict[str, object]:
    """North's SA on South's H7 lead to trick 1, as revokes_json shows it, with changes."""
    entry: dict[str, object] = {
        "seat": "N",
        "card": "SA",
        "trick": 1,
        "suit": "H",
        "kind": "follow",
        "established": False,
        "noticed": None,
        "corrected": False,
        "ruling": None,
        "transfer": None,
    }
    entry.update(changes)
    return entry


class TestACardInTurn:
    def test_a_legal_card_is_played_and_nothing_else(self) -> None:
        """A card in turn that complies with every obligation is simply played."""
        table, spy = bid()
        events = play(table, "S:H7")
        assert (CardPlayed(7, Seat.S, card("H7")),) == events
        play_ = table.play
        assert play_ is not None
        assert [card("H7")] == list(play_.current_trick)
        assert Seat.W is play_.turn
        assert [] == spy.seen
        assert [] == rec(table).revokes_json()

    def test_the_fourth_card_completes_the_trick(self) -> None:
        """The trick is logged when its fourth card is played; East's HA wins it."""
        table, _spy = bid()
        events = play(table, "S:H7", "W:H2", "N:H3", "E:HA")
        assert 2 == len(events)
        assert CardPlayed(10, Seat.E, card("HA")) == events[0]
        completed = events[1]
        assert isinstance(completed, TrickCompleted)
        assert 11 == completed.seq
        assert 1 == completed.trick.number
        assert Seat.S is completed.trick.leader
        play_ = table.play
        assert play_ is not None
        assert Seat.E is play_.turn
        assert 2 == play_.trick_number

    def test_failure_to_follow_suit_is_recorded_silently(self) -> None:
        """Laws 44C, 61A: North holds hearts but discards SA; the revoke is played and
        recorded, nobody is called and play goes on."""
        table, spy = bid()
        events = play(table, "S:H7", "W:H2", "N:SA")
        revoke = Revoke(Seat.N, card("SA"), 1, Suit.HEARTS, RevokeKind.FOLLOW, False)
        assert (CardPlayed(9, Seat.N, card("SA")), Rectified(10, Revoked(revoke))) == events
        assert Phase.PLAY is table.phase
        assert table.pending is None
        assert [] == spy.seen
        play_ = table.play
        assert play_ is not None
        assert [card("H7"), card("H2"), card("SA")] == list(play_.current_trick)
        assert Seat.E is play_.turn
        assert [revoke_json()] == rec(table).revokes_json()

    def test_a_revoke_by_dummy(self) -> None:
        """Law 64B3 concerns a card of dummy: West discards S3 on a heart lead."""
        table, _spy = bid()
        events = play(table, "S:H7", "W:S3")
        revoke = Revoke(Seat.W, card("S3"), 1, Suit.HEARTS, RevokeKind.DUMMY, False)
        assert Rectified(9, Revoked(revoke)) == events[-1]
        assert [revoke_json(seat="W", card="S3", kind="dummy")] == rec(table).revokes_json()

    def test_a_revoke_by_declarer(self) -> None:
        """Declarer's failure to follow suit is a revoke like a defender's (Law 61A)."""
        table, _spy = bid()
        events = play(table, "S:H7", "W:H2", "N:H3", "E:CA")
        revoke = Revoke(Seat.E, card("CA"), 1, Suit.HEARTS, RevokeKind.FOLLOW, False)
        assert (CardPlayed(10, Seat.E, card("CA")), Rectified(11, Revoked(revoke))) == events[:2]
        assert isinstance(events[2], TrickCompleted)
        assert [revoke_json(seat="E", card="CA")] == rec(table).revokes_json()


def flagged(table: Table, spy: Spy, seat: Seat, text: str) -> Irregularity:
    """``seat`` plays ``text``: the one irregularity the rulebook is handed, with the table's
    flag event and the card logged just before it."""
    seq = table.next_seq
    events = table.play_card(seat, card(text))
    assert CardPlayed(seq, seat, card(text)) == events[0]
    assert 1 == len(spy.seen)
    irregularity = spy.seen[0]
    assert IrregularityFlagged(seq + 1, irregularity.name, irregularity.law, seat) == events[1]
    assert seq + 1 == irregularity.ruling
    assert seq == irregularity.seq
    assert seat is irregularity.seat
    assert (card(text),) == irregularity.cards
    assert irregularity.index is None
    assert () == irregularity.facts
    return irregularity


def law(code: str, edition: str = "2017") -> LawRef:
    return LawRef.parse(code, edition)


class TestACardOutOfTurn:
    """A card out of turn is flagged and handed to the rulebook, with the law that governs
    it and whose turn it was; it is not played until the Director rules."""

    @pytest.mark.parametrize(
        ("move", "name", "code"),
        [
            ("N:SA", "opening_lead_out_of_turn", "54"),
            ("E:SJ", "opening_lead_by_declaring_side", "54E"),
            ("W:S3", "opening_lead_by_declaring_side", "54E"),
        ],
    )
    def test_the_opening_lead(self, move: str, name: str, code: str) -> None:
        """Law 54: a defender's opening lead out of turn; 54E: declarer or dummy leads."""
        table, spy = bid()
        seat, text = move.split(":")
        irregularity = flagged(table, spy, Seat.from_str(seat), text)
        assert IrregularityName(name) is irregularity.name
        assert law(code) == irregularity.law
        assert Seat.S is irregularity.turn
        play_ = table.play
        assert play_ is not None
        assert 0 == play_.cards_played

    @pytest.mark.parametrize(
        ("move", "name", "code"),
        [
            ("S:DA", "lead_out_of_turn", "56"),
            ("N:SA", "lead_out_of_turn", "56"),
            ("W:S3", "declarer_lead_out_of_turn", "55"),
        ],
    )
    def test_a_later_lead(self, move: str, name: str, code: str) -> None:
        """East won trick one and is to lead: a defender's lead is Law 56's, dummy's (for
        declarer) Law 55's."""
        table, spy = bid()
        play(table, "S:H7", "W:H2", "N:H3", "E:HA")
        seat, text = move.split(":")
        irregularity = flagged(table, spy, Seat.from_str(seat), text)
        assert IrregularityName(name) is irregularity.name
        assert law(code) == irregularity.law
        assert Seat.E is irregularity.turn

    @pytest.mark.parametrize(
        ("moves", "move", "name", "code", "turn"),
        [
            # South, who led, plays again before North: a lead to the next trick (57A)
            (["S:H7"], "S:DA", "premature_lead", "57A", "W"),
            (["S:H7", "W:H2"], "S:DA", "premature_lead", "57A", "N"),
            # South plays again after North played: a card exposed (49)
            (["S:H7", "W:H2", "N:H3"], "S:DA", "card_exposed_during_play", "49", "E"),
            (["S:H7", "W:H2", "N:H3"], "N:SA", "card_exposed_during_play", "49", "E"),
            # dummy, having played, plays again: declarer's card exposed (48)
            (["S:H7", "W:H2"], "W:S3", "declarer_card_exposed", "48", "N"),
            (["S:H7", "W:H2", "N:H3"], "W:S3", "declarer_card_exposed", "48", "E"),
            # declarer plays from hand before his turn (57C3)
            (["S:H7"], "E:HA", "premature_play_by_declarer", "57C3", "W"),
            (["S:H7", "W:H2"], "E:HA", "premature_play_by_declarer", "57C3", "N"),
            # North plays at West's turn, his partner having led (57D)
            (["S:H7"], "N:H3", "play_at_rho_turn", "57D", "W"),
        ],
    )
    def test_during_a_trick(
        self, moves: list[str], move: str, name: str, code: str, turn: str
    ) -> None:
        """Laws 48, 49, 57: a card played during a trick by a player not in turn."""
        table, spy = bid()
        play(table, *moves)
        seat, text = move.split(":")
        irregularity = flagged(table, spy, Seat.from_str(seat), text)
        assert IrregularityName(name) is irregularity.name
        assert law(code) == irregularity.law
        assert Seat.from_str(turn) is irregularity.turn
        play_ = table.play
        assert play_ is not None
        assert len(moves) == play_.cards_played

    @pytest.mark.parametrize(
        ("move", "name", "code"),
        [
            ("N:D8", "premature_play", "57A"),
            ("W:D2", "premature_play_by_declarer", "57C3"),
        ],
    )
    def test_after_declarers_lead(self, move: str, name: str, code: str) -> None:
        """East leads to trick two and South is to play: North, whose partner has not played
        yet, plays before him (57A); dummy's card before its turn is declarer's (57C3)."""
        table, spy = bid()
        play(table, "S:H7", "W:H2", "N:H3", "E:HA", "E:D5")
        seat, text = move.split(":")
        irregularity = flagged(table, spy, Seat.from_str(seat), text)
        assert IrregularityName(name) is irregularity.name
        assert law(code) == irregularity.law
        assert Seat.S is irregularity.turn


class TestNoCardWhenPlayHasStopped:
    def test_while_a_claim_awaits_its_answer(self) -> None:
        """Law 68D: play stops once declarer claims; no card is taken until the claim is
        answered."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:H3", "E:HA")
        table.claim(Seat.E, 10)
        before = table.events
        with pytest.raises(ImpossibleActionError) as caught:
            table.play_card(Seat.E, card("HK"))
        error = caught.value
        assert "play has stopped for East's claim; it must be answered first (Law 68D)" == str(
            error
        )
        assert Seat.E is error.seat
        assert LawRef(68, "D") == error.law
        assert before == table.events

    def test_after_the_board(self) -> None:
        """Once the claim is agreed the board is over: no card is played any more."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:H3", "E:HA")
        table.claim(Seat.E, 10)
        table.accept_claim(Seat.S)
        before = table.events
        with pytest.raises(ImpossibleActionError) as caught:
            table.play_card(Seat.E, card("HK"))
        error = caught.value
        assert "the board is over: East cannot play a card now" == str(error)
        assert Seat.E is error.seat
        assert error.law is None
        assert before == table.events
        assert Phase.FINISHED is table.phase


class TestCardsPlayedEarly:
    def test_a_card_played_at_rhos_turn_must_be_played_at_his_own(self) -> None:
        """Law 57D: North plays H3 while West is to play; it can be played legally to the
        trick, so when his turn comes North may play no other card."""
        table, _spy = bid()
        play(table, "S:H7", "N:H3")
        assert {Seat.N: (card("H3"), law("57D"))} == rec(table).committed
        play(table, "W:H2")
        before = table.events
        with pytest.raises(ImpossibleActionError) as caught:
            table.play_card(Seat.N, card("HJ"))
        error = caught.value
        assert "North's H3 was played early and must be played now (Law 57D (2017))" == str(error)
        assert Seat.N is error.seat
        assert law("57D") == error.law
        assert before == table.events
        events = play(table, "N:H3")
        assert (CardPlayed(13, Seat.N, card("H3")),) == events
        assert {} == rec(table).committed

    def test_another_early_card_is_judged_again(self) -> None:
        """Before his turn, North's second card out of turn is flagged again (57D), not
        refused for the card he owes; the later card is the one he then owes."""
        table, spy = bid()
        play(table, "S:H7", "N:H3")
        spy.seen.clear()
        irregularity = flagged(table, spy, Seat.N, "HJ")
        assert IrregularityName.PLAY_AT_RHO_TURN is irregularity.name
        assert {Seat.N: (card("HJ"), law("57D"))} == rec(table).committed

    def test_declarers_premature_play_is_committed(self) -> None:
        """Law 57C3: declarer's premature play (not a lead) of a legal card stands; East
        must play the HA at his turn."""
        table, _spy = bid()
        play(table, "S:H7", "E:HA")
        assert {Seat.E: (card("HA"), law("57C3"))} == rec(table).committed
        play(table, "W:H2", "N:H3")
        with pytest.raises(ImpossibleActionError) as caught:
            table.play_card(Seat.E, card("HK"))
        assert "East's HA was played early and must be played now (Law 57C3 (2017))" == str(
            caught.value
        )
        events = play(table, "E:HA")
        assert isinstance(events[-1], TrickCompleted)
        assert {} == rec(table).committed


class TestTheAuctionAndPendingRulings:
    def test_a_card_led_during_the_auction(self) -> None:
        """Law 24: a card faced during the auction is exposed (led), not played."""
        table = Table(1, Deal.from_pbn(PBN), mode="recording", rulebook=rulebook_for("2017"))
        with pytest.raises(ImpossibleActionError) as caught:
            table.play_card(Seat.N, card("S3"))
        error = caught.value
        assert "North does not hold S3" == str(error)
        assert Seat.N is error.seat
        assert error.law is None
        assert 1 == len(table.events)
        events = table.play_card(Seat.N, card("SA"))
        assert CardPlayed(1, Seat.N, card("SA")) == events[0]
        assert (
            IrregularityFlagged(2, IrregularityName.CARD_LED_DURING_AUCTION, law("24"), Seat.N)
            == (events[1])
        )
        assert Phase.AUCTION is table.phase

    def test_only_the_callers_may_play_while_a_ruling_is_pending(self) -> None:
        """Law 9B2: while the Director is asked about North's opening lead out of turn,
        South may not play; declarer (the caller) may, but only a card he holds."""
        table, _spy = bid()
        play(table, "N:SA")
        before = table.events
        with pytest.raises(ImpossibleActionError) as caught:
            table.play_card(Seat.S, card("H7"))
        assert str(caught.value).startswith("a ruling is pending (Law 54C (2017)): ")
        assert Seat.S is caught.value.seat
        assert law("9B2") == caught.value.law
        with pytest.raises(ImpossibleActionError) as caught:
            table.play_card(Seat.E, card("H7"))
        assert "East does not hold H7" == str(caught.value)
        assert Seat.E is caught.value.seat
        assert before == table.events

    def test_declarer_accepts_the_lead_by_playing(self) -> None:
        """Law 54B (53A): declarer plays to the lead out of turn, which accepts it: the lead
        stands and East's card is the second to the trick."""
        table, _spy = bid()
        play(table, "N:SA")
        events = play(table, "E:SJ")
        assert CardPlayed(10, Seat.E, card("SJ")) == events[0]
        assert Phase.PLAY is table.phase
        assert table.pending is None
        play_ = table.play
        assert play_ is not None
        assert [card("SA"), card("SJ")] == list(play_.current_trick)
        assert Seat.S is play_.turn
        assert [] == rec(table).revokes_json()

    def test_the_accepting_card_can_be_a_revoke(self) -> None:
        """Declarer accepts by playing the HA to North's SA while holding spades: a revoke
        (Law 61A) on trick one."""
        table, _spy = bid()
        play(table, "N:SA")
        events = play(table, "E:HA")
        revoke = Revoke(Seat.E, card("HA"), 1, Suit.SPADES, RevokeKind.FOLLOW, False)
        assert Rectified(14, Revoked(revoke)) == events[-1]
        assert [revoke_json(seat="E", card="HA", suit="S")] == rec(table).revokes_json()


class TestACardThatAnswersARuling:
    def test_the_proper_leader_leads(self) -> None:
        """Law 53 (56): South led out of turn while East was on lead; East leads his CA
        instead: the proper lead stands and the DA goes back to South's hand."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:H3", "E:HA", "S:DA")
        assert Phase.DIRECTOR is table.phase
        events = play(table, "E:CA")
        assert CardPlayed(15, Seat.E, card("CA")) == events[0]
        assert Phase.PLAY is table.phase
        play_ = table.play
        assert play_ is not None
        assert [card("CA")] == list(play_.current_trick)
        assert Seat.S is play_.turn
        assert play_.hand(Seat.S).mask & card("DA").bit

    def test_dummy_accepts_by_playing(self) -> None:
        """Law 53A (56): dummy's card to South's lead out of turn accepts it."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:H3", "E:HA", "S:DA")
        play(table, "W:D2")
        play_ = table.play
        assert play_ is not None
        assert [card("DA"), card("D2")] == list(play_.current_trick)
        assert Seat.N is play_.turn

    def test_the_accepting_card_is_judged_too(self) -> None:
        """Law 55A: declarer led the HK out of turn and South, on lead, follows with the H9,
        which accepts it; but South's HT is a penalty card he had to play (Law 52): the H9
        is flagged as his card, with its own event."""
        table, spy = bid()
        play(table, "S:H7", "W:H2")
        table.expose_cards(Seat.S, [card("HT")])
        play(table, "N:H3", "E:HA", "E:D5", "S:DA", "W:D2", "N:D8", "E:HK")
        spy.seen.clear()
        events = play(table, "S:H9")
        assert CardPlayed(26, Seat.S, card("H9")) == events[0]
        assert [
            Irregularity(
                IrregularityName.PENALTY_CARD_NOT_PLAYED,
                law("52"),
                Seat.S,
                30,
                seq=26,
                turn=Seat.S,
                cards=(card("H9"),),
            )
        ] == spy.seen
        play_ = table.play
        assert play_ is not None
        assert [card("HK")] == list(play_.current_trick)


def refuse_norths_opening_lead(restriction: str) -> Table:
    """North leads SA out of turn; declarer could not see dummy and refuses the lead (Law
    54D): the SA is a major penalty card and South, to lead, gets declarer's ``restriction``
    (Law 50D2)."""
    table, _spy = bid()
    play(table, "N:SA")
    table.director(dummy_seen=False)
    table.choose(Seat.E, "refuse")
    table.choose(Seat.E, restriction)
    assert Phase.PLAY is table.phase
    return table


class TestPenaltyCardsAndRestrictions:
    def test_a_penalty_card_not_played_when_due(self) -> None:
        """Law 50D1 (52): South's DA, a major penalty card, is due as soon as he may legally
        play it; his DK on declarer's diamond lead is flagged at once."""
        table, spy = bid()
        play(table, "S:H7", "W:H2")
        table.expose_cards(Seat.S, [card("DA")])
        play(table, "N:H3", "E:HA", "E:D5")
        spy.seen.clear()
        irregularity = flagged(table, spy, Seat.S, "DK")
        assert IrregularityName.PENALTY_CARD_NOT_PLAYED is irregularity.name
        assert law("52") == irregularity.law
        assert Seat.S is irregularity.turn
        assert Phase.DIRECTOR is table.phase
        assert [] == rec(table).revokes_json()

    def test_the_only_cards_of_the_suit_lay_face_up(self) -> None:
        """Law 64B3: North's one heart left, the HJ, is a penalty card; his SA on a heart
        lead is a revoke of the penalty-card kind (no trick transferred for it)."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:H3", "E:HA")
        table.expose_cards(Seat.N, [card("HJ")])
        events = play(table, "E:HK", "S:H8", "W:H4", "N:SA")
        revoke = Revoke(Seat.N, card("SA"), 2, Suit.HEARTS, RevokeKind.PENALTY_CARD, False)
        assert Rectified(22, Revoked(revoke)) == events[1]
        assert [revoke_json(trick=2, kind="penalty_card")] == rec(table).revokes_json()

    def test_a_hidden_card_of_the_suit_makes_it_a_failure_to_follow(self) -> None:
        """North's HJ is a penalty card but his H3 is still in his hand: the SA on a heart
        lead is an ordinary failure to follow suit (Law 61A)."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2")
        table.expose_cards(Seat.N, [card("HJ")])
        events = play(table, "N:SA")
        revoke = Revoke(Seat.N, card("SA"), 1, Suit.HEARTS, RevokeKind.FOLLOW, False)
        assert Rectified(events[0].seq + 1, Revoked(revoke)) == events[1]

    def test_a_penalty_card_played_as_a_revoke(self) -> None:
        """North plays his penalty card SA on a heart lead while holding hearts: a revoke
        with a faced card (Law 62B2 then has it go back as a penalty card)."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2")
        table.expose_cards(Seat.N, [card("SA")])
        events = play(table, "N:SA")
        revoke = Revoke(Seat.N, card("SA"), 1, Suit.HEARTS, RevokeKind.FOLLOW, True)
        assert (CardPlayed(15, Seat.N, card("SA")), Rectified(16, Revoked(revoke))) == events
        assert [revoke_json()] == rec(table).revokes_json()

    def test_a_required_lead_not_made(self) -> None:
        """Law 50D2: declarer requires South to lead spades; South's DA is a revoke of a
        lead restriction (Law 61A) naming the suit due, and the restriction is spent."""
        table = refuse_norths_opening_lead("require_spades")
        assert [Seat.S] == [r.seat for r in rec(table).restrictions]
        events = play(table, "S:DA")
        revoke = Revoke(Seat.S, card("DA"), 1, Suit.SPADES, RevokeKind.RESTRICTION, False)
        assert Rectified(events[0].seq + 1, Revoked(revoke)) == events[1]
        assert 2 == len(events)
        assert [] == rec(table).restrictions
        assert [revoke_json(seat="S", card="DA", suit="S", kind="restriction")] == rec(
            table
        ).revokes_json()

    def test_a_prohibited_lead_made(self) -> None:
        """Law 50D2: declarer prohibits spades; South's S7 is a revoke of the restriction,
        with no suit that was due."""
        table = refuse_norths_opening_lead("prohibit_spades")
        events = play(table, "S:S7")
        revoke = Revoke(Seat.S, card("S7"), 1, None, RevokeKind.RESTRICTION, False)
        assert Rectified(events[0].seq + 1, Revoked(revoke)) == events[1]
        assert [revoke_json(seat="S", card="S7", suit=None, kind="restriction")] == rec(
            table
        ).revokes_json()

    def test_the_suit_due_is_the_revokers_own(self) -> None:
        """Law 61A: the suit a restriction revoke failed to play is the one the offender's
        own restriction requires, not one another player's restriction requires (here a play
        restriction on North, Law 57A3, listed first)."""
        table = refuse_norths_opening_lead("prohibit_spades")
        recorder = rec(table)
        other = Restriction(Seat.N, law("57A3"), Suit.CLUBS, trick=1)
        recorder.restrictions = [other, *recorder.restrictions]
        events = play(table, "S:S7")
        revoke = Revoke(Seat.S, card("S7"), 1, None, RevokeKind.RESTRICTION, False)
        assert Rectified(events[0].seq + 1, Revoked(revoke)) == events[1]

    def test_a_lead_that_complies(self) -> None:
        """South leads the S4 as required: it is simply played and the restriction ends."""
        table = refuse_norths_opening_lead("require_spades")
        events = play(table, "S:S4")
        assert 1 == len(events)
        assert [] == rec(table).restrictions
        assert [] == rec(table).revokes_json()


class TestRestrictionsInForce:
    def test_a_prohibition_lasts_while_he_keeps_the_lead(self) -> None:
        """Law 50D2: declarer prohibits spades; South leads the DA and wins the trick: the
        other cards to it do not lift the prohibition, and South may still lead no spade."""
        table = refuse_norths_opening_lead("prohibit_spades")
        restrictions = list(rec(table).restrictions)
        assert [Seat.S] == [r.seat for r in restrictions]
        for move in ("S:DA", "W:D2", "N:D8", "E:D5"):
            play(table, move)
            assert restrictions == rec(table).restrictions
        play_ = table.play
        assert play_ is not None
        assert Seat.S is play_.turn
        assert not any(c.suit is Suit.SPADES for c in table.legal_cards())

    @pytest.mark.parametrize("text", ["DQ", "DK"])
    def test_a_play_restriction_ends_with_the_card_it_binds(self, text: str) -> None:
        """Law 57A2: North played before his partner; declarer has South play his lowest
        diamond. South's card to the trick, the DQ or not, ends the restriction."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:H3", "E:HA", "E:D5", "N:D8")
        table.choose(Seat.E, "lowest")
        assert [Seat.S] == [r.seat for r in rec(table).restrictions]
        assert (card("DQ"),) == table.legal_cards()
        events = play(table, f"S:{text}")
        assert [] == rec(table).restrictions
        if text == "DK":
            revoke = Revoke(Seat.S, card("DK"), 2, None, RevokeKind.RESTRICTION, False)
            assert Rectified(events[0].seq + 1, Revoked(revoke)) == events[1]
        else:
            assert 1 == len(events)


class TestTheLastTrick:
    def test_play_ends_with_the_thirteenth_trick(self) -> None:
        """Play ends when the thirteenth trick is complete: the result is declarer's side's
        tricks, ended by play."""
        table, _spy = bid()
        while table.phase is Phase.PLAY:
            turn = table.turn
            assert turn is not None
            events = table.play_card(turn, table.legal_cards()[0])
        tricks = [event for event in table.events if isinstance(event, TrickCompleted)]
        assert 13 == len(tricks)
        won = sum(1 for event in tricks if event.trick.winner in (Seat.E, Seat.W))
        ended = events[-1]
        assert isinstance(ended, PlayEnded)
        assert (won, "played") == (ended.declarer_tricks, ended.how)
        assert isinstance(events[-2], TrickCompleted)
        assert Phase.FINISHED is table.phase
        assert won == table.result
        assert won == rec(table).base_result
        assert rec(table).play_over is True
