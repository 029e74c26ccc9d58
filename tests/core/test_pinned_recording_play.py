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
    AttentionDrawn,
    CardPlayed,
    IrregularityFlagged,
    Rectified,
    TrickCompleted,
)
from dupbridge.core.kinds import IrregularityName, RevokeKind
from dupbridge.core.lawref import LawRef
from dupbridge.core.rectify import Establish, Notice, Revoked
from dupbridge.core.rulings_state import Irregularity, Revoke
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
        """Law 50D1 (52): South's DA, a major penalty card, must be played at the first
        legal opportunity; his DK on declarer's diamond lead is flagged at once."""
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

    def test_a_lead_that_complies(self) -> None:
        """South leads the S4 as required: it is simply played and the restriction ends."""
        table = refuse_norths_opening_lead("require_spades")
        events = play(table, "S:S4")
        assert 1 == len(events)
        assert [] == rec(table).restrictions
        assert [] == rec(table).revokes_json()


def establish(index: int, code: str, seq: int) -> Rectified:
    return Rectified(seq, Establish(index, law(code)))


class TestARevokeBecomesEstablished:
    def test_when_the_offenders_partner_plays_to_the_next_trick(self) -> None:
        """Law 63A1: North revoked on trick one; declarer's lead to trick two does not
        establish it, South's card to it does, and only once."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA", "E:HA")
        assert (CardPlayed(13, Seat.E, card("D5")),) == play(table, "E:D5")
        events = play(table, "S:DA")
        assert (CardPlayed(14, Seat.S, card("DA")), establish(0, "63A1", 15)) == events
        assert [revoke_json(established=True)] == rec(table).revokes_json()
        assert law("63A1") == rec(table).revokes[0].established
        assert 1 == len(play(table, "W:D2", "N:D8")) - 1  # the trick, no second Establish

    def test_not_by_a_card_to_the_same_trick(self) -> None:
        """Dummy revoked on trick one; declarer's own card to that trick does not establish
        it (Law 63A1 speaks of the following trick); his lead to trick two does."""
        table, _spy = bid()
        events = play(table, "S:H7", "W:S3", "N:H3", "E:HA")
        assert not any(isinstance(event, Rectified) for event in events)
        events = play(table, "E:D5")
        assert (CardPlayed(13, Seat.E, card("D5")), establish(0, "63A1", 14)) == events

    def test_a_corrected_revoke_is_never_established(self) -> None:
        """Law 62: attention drawn before South or North played to trick two, North's revoke
        was corrected; their cards to the next trick establish nothing."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA")
        table.draw_attention(Seat.E, Seat.N, 1, "play")
        events = play(table, "N:H3", "E:HA", "E:D5", "S:DA")
        assert not any(isinstance(event, Rectified) for event in events)
        assert rec(table).revokes[0].established is None


class TestAttentionDrawnToARevoke:
    def test_the_ruling_opened(self) -> None:
        """Laws 61-62: East draws attention to North's revoke before it is established: the
        table logs it, flags the revoke (61A) and hands it to the rulebook with whose turn
        and when; the revoke is corrected and North's SA goes back to his hand."""
        table, spy = bid()
        play(table, "S:H7", "W:H2", "N:SA")
        events = table.draw_attention(Seat.E, Seat.N, 1, "play")
        assert AttentionDrawn(11, Seat.E, Seat.N, 1, "play") == events[0]
        assert IrregularityFlagged(12, IrregularityName.REVOKE, law("61A"), Seat.N) == events[1]
        assert Rectified(13, Notice(0, Seat.E, "play", ruling=12)) == events[2]
        assert [
            Irregularity(
                IrregularityName.REVOKE,
                law("61A"),
                Seat.N,
                12,
                turn=Seat.E,
                index=0,
                facts=(("when", "play"),),
            )
        ] == spy.seen
        assert [revoke_json(noticed={"by": "E", "when": "play"}, corrected=True, ruling=12)] == (
            rec(table).revokes_json()
        )
        play_ = table.play
        assert play_ is not None
        assert [card("H7"), card("H2")] == list(play_.current_trick)
        assert Seat.N is play_.turn
        assert play_.hand(Seat.N).mask & card("SA").bit
        assert [] == rec(table).queue

    def test_the_cards_played_after_it_wait(self) -> None:
        """Law 62C1: East's HA, played after the revoke, is set aside; once North plays a
        legal card East keeps it and it is played again, completing the trick."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA", "E:HA")
        table.draw_attention(Seat.E, Seat.N, None, "")
        assert [(Seat.E, card("HA"))] == rec(table).queue
        play_ = table.play
        assert play_ is not None
        assert [card("H7"), card("H2")] == list(play_.current_trick)
        assert 1 == play_.trick_number
        play(table, "N:H3")
        assert Phase.DIRECTOR is table.phase
        events = table.choose(Seat.E, "keep")
        assert [] == rec(table).queue
        assert isinstance(events[-1], TrickCompleted)
        assert [card("H7"), card("H2"), card("H3"), card("HA")] == list(events[-1].trick.cards)
        play_ = table.play
        assert play_ is not None
        assert Seat.E is play_.turn
        assert 2 == play_.trick_number

    def test_a_card_set_aside_can_be_withdrawn(self) -> None:
        """Law 62C1: East withdraws his HA instead; it goes back to his hand and he plays
        again."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA", "E:HA")
        table.draw_attention(Seat.E, Seat.N)
        play(table, "N:H3")
        table.choose(Seat.E, "withdraw")
        assert [] == rec(table).queue
        play_ = table.play
        assert play_ is not None
        assert [card("H7"), card("H2"), card("H3")] == list(play_.current_trick)
        assert Seat.E is play_.turn
        assert play_.hand(Seat.E).mask & card("HA").bit
        events = play(table, "E:HK")
        assert isinstance(events[-1], TrickCompleted)

    @pytest.mark.parametrize("when", ["after_play", "after_round", "later"])
    def test_during_play_when_is_play(self, when: str) -> None:
        """During play attention is drawn "during play" and at no other time."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA")
        before = table.events
        with pytest.raises(ImpossibleActionError) as caught:
            table.draw_attention(Seat.E, Seat.N, 1, when)
        assert f"'when' must be play now, not {when!r}" == str(caught.value)
        assert Seat.E is caught.value.seat
        assert caught.value.law is None
        assert before == table.events

    @pytest.mark.parametrize("trick", [0, 14, True, "1", 1.0])
    def test_a_trick_number_is_1_to_13(self, trick: object) -> None:
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA")
        with pytest.raises(ImpossibleActionError) as caught:
            table.draw_attention(Seat.E, Seat.N, trick, "play")  # type: ignore[arg-type]
        assert f"a trick number is 1 to 13, not {trick!r}" == str(caught.value)
        assert Seat.E is caught.value.seat
        assert caught.value.law is None

    @pytest.mark.parametrize("trick", [1, 13])
    def test_the_bounds_are_trick_numbers(self, trick: int) -> None:
        """Tricks 1 and 13 are trick numbers: North made no revoke on trick 13, which is the
        refusal for a revoke not found, not for the number."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:H3")
        with pytest.raises(ImpossibleActionError) as caught:
            table.draw_attention(Seat.E, Seat.N, trick, "play")
        assert (
            f"North has made no revoke on trick {trick} that is not already ruled on (Law 61A (2017))"
            == str(caught.value)
        )
        assert Seat.E is caught.value.seat
        assert law("61A") == caught.value.law

    def test_no_revoke_by_that_player(self) -> None:
        """Law 61A: South made no revoke (North did); without a trick number the refusal
        says so in general."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA")
        with pytest.raises(ImpossibleActionError) as caught:
            table.draw_attention(Seat.E, Seat.S)
        assert "South has made no revoke that is not already ruled on (Law 61A (2017))" == str(
            caught.value
        )
        assert law("61A") == caught.value.law
        with pytest.raises(ImpossibleActionError) as caught:
            table.draw_attention(Seat.E, Seat.N, 2)
        assert (
            "North has made no revoke on trick 2 that is not already ruled on (Law 61A (2017))"
            == str(caught.value)
        )

    def test_a_revoke_already_ruled_on(self) -> None:
        """Once attention was drawn to North's revoke it is not ruled on a second time."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA")
        table.draw_attention(Seat.E, Seat.N)
        with pytest.raises(ImpossibleActionError) as caught:
            table.draw_attention(Seat.W, Seat.N)
        assert "North has made no revoke that is not already ruled on (Law 61A (2017))" == str(
            caught.value
        )

    def test_before_any_card(self) -> None:
        """Law 61A: with no card played there is no revoke; during the auction neither."""
        table = Table(1, Deal.from_pbn(PBN), mode="recording", rulebook=rulebook_for("2017"))
        for attempt in (table, bid()[0]):
            with pytest.raises(ImpossibleActionError) as caught:
                attempt.draw_attention(Seat.E, Seat.N)
            assert (
                "there has been no play yet: no revoke to draw attention to (Law 61A (2017))"
                == str(caught.value)
            )
            assert Seat.E is caught.value.seat
            assert law("61A") == caught.value.law

    def test_while_a_ruling_is_pending(self) -> None:
        """Law 9B2: nothing happens while the Director is asked."""
        table, _spy = bid()
        play(table, "N:SA")
        with pytest.raises(ImpossibleActionError) as caught:
            table.draw_attention(Seat.E, Seat.N)
        assert str(caught.value).startswith("a ruling is pending (Law 54C (2017)): ")
        assert law("9B2") == caught.value.law


class TestClaimsConcessionsAndTheResult:
    @pytest.mark.parametrize(("edition", "code"), [("2017", "63A4"), ("2007", "63A3")])
    def test_agreeing_to_the_opponents_claim(self, edition: str, code: str) -> None:
        """Declarer's claim does not establish North's revoke (Law 63A3 is a claim by the
        offending side); North's agreement to it does: Law 63A4 of 2017, 63A3 of 2007."""
        table, _spy = bid(edition)
        play(table, "S:H7", "W:H2", "N:SA")
        events = table.claim(Seat.E, 9)
        assert 1 == len(events)
        assert rec(table).revokes[0].established is None
        events = table.accept_claim(Seat.N)
        assert Rectified(events[-1].seq, Establish(0, law(code, edition))) == events[-1]
        assert Phase.FINISHED is table.phase
        assert 9 == table.result
        assert 9 == rec(table).base_result
        assert rec(table).play_over is True
        assert [revoke_json(established=True)] == rec(table).revokes_json()

    def test_a_claim_by_the_offending_side(self) -> None:
        """Law 63A3: South claims; his partner's revoke is established at once."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA", "E:HA")
        events = table.claim(Seat.S, 3)
        assert (events[0], establish(0, "63A3", 14)) == events

    def test_a_concession_by_the_offending_side(self) -> None:
        """Law 63A3: South concedes the rest; North's revoke is established."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA", "E:HA")
        events = table.concede(Seat.S)
        assert establish(0, "63A3", 15) == events[-1]
        assert 13 == table.result

    def test_the_trick_transferred_after_play(self) -> None:
        """Law 64A2: attention drawn during play to North's established revoke; declarer
        claims seven tricks in all, North agrees, and one trick goes to East-West."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA", "E:HA", "E:D5", "S:DA", "W:D2", "N:D8")
        table.draw_attention(Seat.E, Seat.N, 1, "play")
        assert rec(table).play_over is False
        table.claim(Seat.E, 7)
        table.accept_claim(Seat.N)
        assert 7 == rec(table).base_result
        assert 8 == table.result
        transfer = {"tricks": 1, "to": "EW", "law": "64A2"}
        assert [
            revoke_json(
                established=True,
                noticed={"by": "E", "when": "play"},
                ruling=20,
                transfer=transfer,
            )
        ] == rec(table).revokes_json()

    def test_no_trick_when_the_offenders_won_none(self) -> None:
        """Law 64B1: North-South won neither the revoke trick nor a later one (declarer
        claims all thirteen): attention drawn after play transfers nothing."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA", "E:HA")
        table.claim(Seat.E, 13)
        table.accept_claim(Seat.N)
        events = table.draw_attention(Seat.S, Seat.N)
        assert AttentionDrawn(events[0].seq, Seat.S, Seat.N, None, "after_play") == events[0]
        assert 13 == rec(table).base_result
        assert 13 == table.result
        assert {"tricks": 0, "to": "EW", "law": "64B1"} == rec(table).revokes_json()[0]["transfer"]

    def test_a_trick_transferred_from_declarer(self) -> None:
        """Law 64A2: declarer revoked on trick one (South won it) and his side won later
        tricks (the claim's count): one goes to North-South, so declarer's nine become
        eight."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:H3", "E:CA", "S:DA", "W:D2", "N:D8", "E:D5")
        table.claim(Seat.E, 9)
        table.accept_claim(Seat.S)
        assert 9 == table.result
        table.draw_attention(Seat.N, Seat.E, 1, "after_play")
        assert 8 == table.result
        assert 9 == rec(table).base_result
        entry = rec(table).revokes_json()[0]
        assert {"tricks": 1, "to": "NS", "law": "64A2"} == entry["transfer"]
        assert {"by": "N", "when": "after_play"} == entry["noticed"]

    def test_attention_drawn_after_the_next_call(self) -> None:
        """Law 64B4: attention first drawn after a call on the next board: no transfer."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:H3", "E:CA", "S:DA", "W:D2", "N:D8", "E:D5")
        table.claim(Seat.E, 9)
        table.accept_claim(Seat.S)
        table.draw_attention(Seat.N, Seat.E, 1, "after_next_call")
        assert 9 == table.result
        entry = rec(table).revokes_json()[0]
        assert {"tricks": 0, "to": "NS", "law": "64B4"} == entry["transfer"]
        assert {"by": "N", "when": "after_next_call"} == entry["noticed"]

    @pytest.mark.parametrize("when", ["play", "later"])
    def test_after_play_when_is_after_play_or_later(self, when: str) -> None:
        """Laws 64B4, 64B5: after play attention is drawn after play, after the next call or
        after the round, never "during play"."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA", "E:HA")
        table.concede(Seat.S)
        with pytest.raises(ImpossibleActionError) as caught:
            table.draw_attention(Seat.E, Seat.N, None, when)
        assert f"'when' must be after_play, after_next_call, after_round now, not {when!r}" == str(
            caught.value
        )
        assert Seat.E is caught.value.seat


class TestReportDetails:
    def test_details_are_canonical_json(self) -> None:
        """A report's details are kept as JSON text, keys sorted, letters as they are."""
        table, _spy = bid()
        events = table.report(
            Seat.N, "unauthorized_information", "facts", Seat.E, {"z": "żółw", "a": [1, True]}
        )
        assert '{"a": [1, true], "z": "żółw"}' == events[0].details  # type: ignore[attr-defined]

    def test_no_details_is_empty_text(self) -> None:
        table, _spy = bid()
        events = table.report(Seat.N, "unauthorized_information", "facts", Seat.E)
        assert "" == events[0].details  # type: ignore[attr-defined]

    @pytest.mark.parametrize("kind", ["object", "circular"])
    def test_details_must_be_plain_data(self, kind: str) -> None:
        """An object JSON cannot hold, or a list holding itself, is refused; nothing is
        logged."""
        table, _spy = bid()
        value: object = object()
        if kind == "circular":
            circular: list[object] = []
            circular.append(circular)
            value = circular
        before = table.events
        with pytest.raises(ImpossibleActionError) as caught:
            table.report(Seat.N, "unauthorized_information", "facts", Seat.E, {"z": value})
        assert "report details must be plain data (text, numbers, yes/no, lists)" == str(
            caught.value
        )
        assert caught.value.seat is None
        assert caught.value.law is None
        assert caught.value.__cause__ is None
        assert caught.value.__suppress_context__ is True
        assert before == table.events


def noticed_established_revoke() -> Table:
    """North revokes on trick one (SA on the H7), South's DA to trick two establishes it
    (Law 63A1) and East draws attention to it during play."""
    table, _spy = bid()
    play(table, "S:H7", "W:H2", "N:SA", "E:HA", "E:D5", "S:DA", "W:D2", "N:D8")
    table.draw_attention(Seat.E, Seat.N, 1, "play")
    return table


class TestTheDirectorsEffectsOnPlay:
    def test_declarer_spreads_his_hand(self) -> None:
        """Law 54A: declarer spreads his hand after North's opening lead out of turn: West
        becomes declarer, East dummy, and North's SA stands as the lead."""
        table, _spy = bid()
        play(table, "N:SA")
        table.director(dummy_seen=False)
        table.choose(Seat.E, "spread")
        play_ = table.play
        assert play_ is not None
        assert (Seat.W, Seat.E) == (play_.declarer, play_.dummy)
        assert [card("SA")] == list(play_.current_trick)
        assert Seat.E is play_.turn
        assert play_.trump is None
        assert play_.hand(Seat.E).mask & card("HA").bit

    @pytest.mark.parametrize(
        ("option", "hand"), [("lead_from_dummy", "W"), ("lead_from_declarer", "E")]
    )
    def test_the_hand_declarer_must_lead_from(self, option: str, hand: str) -> None:
        """Law 43B2(a): dummy warned declarer, having breached 43A2 first; South chooses the
        hand declarer leads from."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:H3", "E:HA")
        table.report(Seat.W, "dummy_warned_wrong_hand", "facts")
        table.director(dummy_violation=True)
        table.choose(Seat.S, option)
        play_ = table.play
        assert play_ is not None
        assert Seat.from_str(hand) is play_.turn
        assert Seat.from_str(hand) is play_.leader

    def test_a_concession_objected_reopens_play(self) -> None:
        """Law 68B2: South concedes the rest and North objects at once: the result and the
        transfer go, play resumes; when play ends again (declarer's claim of seven, agreed)
        the transfer is ruled again on the new result (Law 64A2)."""
        table = noticed_established_revoke()
        table.concede(Seat.S)
        assert (Phase.FINISHED, 13, 12) == (table.phase, table.result, rec(table).base_result)
        assert rec(table).play_over is True
        table.object_to_concession(Seat.N)
        assert (Phase.PLAY, None, None) == (table.phase, table.result, rec(table).base_result)
        assert rec(table).play_over is False
        assert {} == rec(table).transfers
        assert table.pending_claim is None
        assert rec(table).revokes_json()[0]["transfer"] is None
        table.claim(Seat.E, 7)
        table.accept_claim(Seat.N)
        assert (Phase.FINISHED, 8, 7) == (table.phase, table.result, rec(table).base_result)
        assert rec(table).play_over is True
        assert {"tricks": 1, "to": "EW", "law": "64A2"} == rec(table).revokes_json()[0]["transfer"]

    def test_the_director_rules_a_disputed_claim(self) -> None:
        """Law 70: South disputes declarer's claim of ten; the Director rules nine, and the
        trick transferred for North's revoke (64A2) makes ten."""
        table = noticed_established_revoke()
        table.claim(Seat.E, 10)
        table.reject_claim(Seat.S)
        table.director(tricks=9, line="cashes the clubs")
        assert Phase.FINISHED is table.phase
        assert table.pending_claim is None
        assert 9 == rec(table).base_result
        assert 10 == table.result

    def test_an_agreement_withdrawn(self) -> None:
        """Law 69B: South withdraws his agreement to declarer's claim of ten; the Director
        gives South's side four tricks, declarer nine, one more for the revoke (64A2)."""
        table = noticed_established_revoke()
        table.claim(Seat.E, 10)
        table.accept_claim(Seat.S)
        assert (11, 10) == (table.result, rec(table).base_result)
        table.withdraw_agreement(Seat.S)
        table.director(tricks=4, line="the club loser")
        assert Phase.FINISHED is table.phase
        assert (10, 9) == (table.result, rec(table).base_result)

    def test_the_board_cancelled(self) -> None:
        """Law 13: West turns out to have had a wrong number of cards, found after play: the
        result is cancelled, with its transfer, and the board stays finished."""
        table = noticed_established_revoke()
        table.claim(Seat.E, 10)
        table.accept_claim(Seat.S)
        table.report(Seat.N, "incorrect_number_of_cards", "", Seat.W)
        assert law("13") == rec(table).cancelled
        assert Phase.FINISHED is table.phase
        assert table.result is None
        assert rec(table).base_result is None
        assert {} == rec(table).transfers
        assert rec(table).play_over is True
        assert table.pending_claim is None


class TestWhichRevokeAttentionIsDrawnTo:
    def test_an_earlier_revoke_by_the_player_named(self) -> None:
        """North revoked on trick one, dummy on trick two: attention drawn to North's
        revoke finds his (the first recorded), wherever it lies in the list."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA", "E:HA", "E:CA", "S:CJ", "W:D2")
        assert [0, 1] == [
            index for index, state in enumerate(rec(table).revokes) if state.revoke.trick
        ]
        events = table.draw_attention(Seat.E, Seat.N)
        assert (
            Rectified(events[2].seq, Notice(0, Seat.E, "play", ruling=events[1].seq)) == (events[2])
        )
        assert rec(table).revokes[1].noticed is None

    def test_the_revoke_on_the_trick_named(self) -> None:
        """North revoked on tricks one and two: naming trick one finds the first; without a
        trick number the last one not yet ruled on is meant."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA", "E:HA", "E:CA", "S:CJ", "W:C6", "N:D8")
        assert [1, 2] == [state.revoke.trick for state in rec(table).revokes]
        events = table.draw_attention(Seat.E, Seat.N, 1)
        assert Notice(0, Seat.E, "play", ruling=events[1].seq) == events[2].effect  # type: ignore[attr-defined]
        assert rec(table).revokes[1].noticed is None

    def test_the_last_one_by_default(self) -> None:
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA", "E:HA", "E:CA", "S:CJ", "W:C6", "N:D8")
        events = table.draw_attention(Seat.E, Seat.N)
        assert Notice(1, Seat.E, "play", ruling=events[1].seq) == events[2].effect  # type: ignore[attr-defined]

    def test_an_established_revoke_already_noticed(self) -> None:
        """Attention was drawn to North's established revoke (not corrected, Law 63B): it is
        not ruled on a second time."""
        table = noticed_established_revoke()
        assert rec(table).revokes[0].corrected is False
        with pytest.raises(ImpossibleActionError) as caught:
            table.draw_attention(Seat.W, Seat.N)
        assert "North has made no revoke that is not already ruled on (Law 61A (2017))" == str(
            caught.value
        )


def bid_spades() -> Table:
    """East declares 1S (West is dummy); South is to make the opening lead."""
    table = Table(1, Deal.from_pbn(PBN), mode="recording", rulebook=rulebook_for("2017"))
    for word in ["Pass", "1S", "Pass", "Pass", "Pass"]:
        turn = table.turn
        assert turn is not None
        table.make_call(turn, parse_call(word))
    return table


class TestThePlayRebuilt:
    def test_a_correction_keeps_the_trump_suit(self) -> None:
        """Law 62: North's revoke in a spade contract is corrected; the play rebuilt without
        his SA is still played in spades."""
        table = bid_spades()
        play(table, "S:H7", "W:H2", "N:SA", "E:HA")
        table.draw_attention(Seat.E, Seat.N)
        play_ = table.play
        assert play_ is not None
        assert Suit.SPADES is play_.trump
        assert Seat.E is play_.declarer

    def test_declarer_spreading_keeps_the_trump_suit(self) -> None:
        """Law 54A in a spade contract: West becomes declarer, still in spades."""
        table = bid_spades()
        play(table, "N:SA")
        table.director(dummy_seen=False)
        table.choose(Seat.E, "spread")
        play_ = table.play
        assert play_ is not None
        assert Suit.SPADES is play_.trump
        assert Seat.W is play_.declarer

    def test_a_claim_pending_stays_pending(self) -> None:
        """Declarer has claimed; he then draws attention to North's revoke, which is
        corrected (Law 62): the claim still awaits its answer, play is not reopened."""
        table, _spy = bid()
        play(table, "S:H7", "W:H2", "N:SA")
        claim = table.claim(Seat.E, 9)[0]
        table.draw_attention(Seat.E, Seat.N)
        assert claim == table.pending_claim
        assert rec(table).revokes[0].corrected is True
        assert table.result is None
        events = table.accept_claim(Seat.S)
        assert 9 == events[-1].declarer_tricks  # type: ignore[attr-defined]
