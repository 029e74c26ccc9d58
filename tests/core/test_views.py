"""Views: what each seat, a spectator and the Director may see (Laws 41D, 66)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dupbridge import Card, Deal, Phase, Role, Seat, Table, parse_call, view_for

DEAL = Deal.from_pbn("N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876")


def bid(table: Table, text: str) -> None:
    for word in text.split():
        assert table.turn is not None
        table.make_call(table.turn, parse_call(word))


class TestSeatViews:
    def test_own_hand_only_during_the_auction(self) -> None:
        """During the auction a player sees only his own hand."""
        table = Table(1, DEAL)
        for seat in Seat:
            view = view_for(table, seat)
            assert {seat} == set(view.hands)
            assert DEAL[seat] == view.hands[seat]

    def test_dummy_after_the_opening_lead(self) -> None:
        """Law 41D: dummy's cards are seen by all once the opening lead is faced, not before."""
        table = Table(1, DEAL)
        bid(table, "1NT Pass Pass Pass")  # North declares, South is dummy
        assert Seat.S not in view_for(table, Seat.E).hands
        table.play_card(Seat.E, Card.from_str("HA"))
        for seat in Seat:
            assert Seat.S in view_for(table, seat).hands
        assert {Seat.W, Seat.S} == set(view_for(table, Seat.W).hands)

    def test_declarer_has_legal_cards_for_dummy(self) -> None:
        """Declarer plays dummy's cards (Law 41D): his view offers dummy's legal cards."""
        table = Table(1, DEAL)
        bid(table, "1NT Pass Pass Pass")
        table.play_card(Seat.E, Card.from_str("HA"))
        assert Seat.S is table.turn
        assert view_for(table, Seat.N).legal_cards
        assert () == view_for(table, Seat.S).legal_cards

    def test_explanations_go_to_opponents(self) -> None:
        """Law 20F: an explanation is given to the opponents, not to the caller's partner."""
        table = Table(1, DEAL)
        table.make_call(Seat.N, parse_call("1C"), alert=True, explanation="2+ clubs")
        assert "2+ clubs" == view_for(table, Seat.E).auction[0].explanation
        assert view_for(table, Seat.S).auction[0].explanation is None
        assert view_for(table, Seat.S).auction[0].alert

    def test_spectators_and_director(self) -> None:
        """A spectator sees no hand unless allowed; the Director sees all four."""
        table = Table(1, DEAL)
        assert {} == view_for(table, Role.SPECTATOR).hands
        assert 4 == len(view_for(table, Role.SPECTATOR, spectators_see_hands=True).hands)
        assert 4 == len(view_for(table, Role.DIRECTOR).hands)


class TestViewValues:
    def test_views_are_immutable(self) -> None:
        """A view is a value: its mappings cannot be changed by whoever receives it."""
        view = view_for(Table(1, DEAL), Seat.N)
        for mapping in (view.hands, view.played, view.tricks, view.face_up):
            assert not isinstance(mapping, dict)
            with pytest.raises(TypeError):
                mapping[Seat.E] = ()  # type: ignore[index]

    def test_pending_decision_shows_no_engine_internals(self) -> None:
        """The pending decision is shown with its law, chooser and options, never the
        engine's continuation (Law 10C1: the options are explained to the table)."""
        from dupbridge.rulings import rulebook_for

        table = Table(1, DEAL, mode="recording", rulebook=rulebook_for("2017"))
        bid(table, "1S")
        table.make_call(Seat.E, parse_call("1H"))  # insufficient (Law 27)
        pending = view_for(table, Seat.W).pending
        assert pending is not None
        assert (27, "A1") == (pending.law.number, pending.law.part)
        assert Seat.S == pending.chooser
        assert not hasattr(pending, "token")


def allowed_cards(table: Table, seat: Seat) -> set[Card]:
    """What a seat may know, computed from the log independently of views.py."""
    allowed = set(table.deal[seat])
    play = table.play
    if table.phase is Phase.FINISHED:
        return {Card.from_index(i) for i in range(52)}
    if play is not None and play.cards_played > 0:
        allowed |= set(table.deal[play.dummy])  # dummy's hand, as dealt
    if table.pending_claim is not None:
        allowed |= set(table.deal[table.pending_claim.seat])  # faced with the claim, Law 68C
    if play is not None:
        allowed |= set(play.current_trick)
        if play.tricks:
            allowed |= set(play.tricks[-1].cards)
    return allowed


@settings(max_examples=60)
@given(st.integers(min_value=0, max_value=2**32))
def test_no_view_leaks_a_card(seed: int) -> None:
    """Property: at every moment, no seat's view shows a card it may not see."""
    rng = random.Random(seed)
    deal = Deal.random(rng)
    table = Table(rng.randrange(1, 17), deal)
    while table.phase in (Phase.AUCTION, Phase.PLAY):
        for seat in Seat:
            view = view_for(table, seat)
            assert view.visible_cards() <= allowed_cards(table, seat), seat
        spectator = view_for(table, Role.SPECTATOR)
        assert all(seat is table.dummy for seat in spectator.hands)
        turn = table.turn
        assert turn is not None
        if table.phase is Phase.AUCTION:
            legal = table.legal_calls()
            table.make_call(turn, legal[min(rng.randrange(len(legal)), rng.randrange(2))])
        else:
            cards = table.legal_cards()
            table.play_card(turn, cards[rng.randrange(len(cards))])


def _play_to_a_claim(rng: random.Random) -> tuple[Table, Seat]:
    """A table in play after a random auction and some random cards, and a seat that may
    claim (not dummy)."""
    while True:
        table = Table(rng.randrange(1, 17), Deal.random(rng))
        while table.phase is Phase.AUCTION:
            legal = table.legal_calls()
            turn = table.turn
            assert turn is not None
            table.make_call(turn, legal[min(rng.randrange(len(legal)), rng.randrange(3))])
        if table.phase is not Phase.PLAY:
            continue  # passed out: deal again
        for _ in range(rng.randrange(0, 48)):
            turn = table.turn
            assert turn is not None
            cards = table.legal_cards()
            table.play_card(turn, cards[rng.randrange(len(cards))])
        claimer = rng.choice([seat for seat in Seat if seat is not table.dummy])
        return table, claimer


@settings(max_examples=40)
@given(st.integers(min_value=0, max_value=2**32))
def test_a_claimer_faces_his_hand(seed: int) -> None:
    """Law 68C: while a claim waits for its answer, and while the Director rules on a
    disputed one, every seat and a spectator see the claimer's remaining cards, and nothing
    else becomes visible."""
    rng = random.Random(seed)
    table, claimer = _play_to_a_claim(rng)
    play = table.play
    assert play is not None
    before = {seat: view_for(table, seat) for seat in Seat}
    won = play.tricks_won(claimer.side)
    table.claim(claimer, won + rng.randrange(0, 13 - len(play.tricks) + 1))
    remaining = play.hand(claimer)
    for seat in Seat:
        view = view_for(table, seat)
        assert remaining == view.hands[claimer], seat
        assert set(view.hands) == set(before[seat].hands) | {claimer}, seat
        assert view.visible_cards() <= allowed_cards(table, seat), seat
    spectator = view_for(table, Role.SPECTATOR)
    assert remaining == spectator.hands[claimer]
    opponent = claimer.next()
    table.reject_claim(opponent)  # disputed: the Director rules (Law 68D), the hand stays faced
    assert Phase.DIRECTOR == table.phase
    for seat in Seat:
        assert remaining == view_for(table, seat).hands[claimer], seat


def test_no_claim_no_faced_hand() -> None:
    """Without a claim the defenders see only their own hands and dummy's (Law 41D)."""
    table = Table(1, DEAL)
    bid(table, "1C Pass Pass Pass")
    table.play_card(Seat.E, table.legal_cards()[0])
    assert {Seat.E, Seat.S} == set(view_for(table, Seat.E).hands)  # North declares, South is dummy
