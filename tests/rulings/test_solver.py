"""The pure-Python claim solver (the fallback when no double-dummy solver is injected)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from dupbridge import Card, Deal, Seat
from dupbridge.core.cards import Hand, Suit
from dupbridge.core.play import trick_winner
from dupbridge.core.seats import Side
from dupbridge.rulings.solver import FALLBACK_LIMIT, ExhaustiveSolver


def ending(seed: int, tricks: int) -> tuple[Deal, Suit | None, Seat]:
    """A random ending: ``tricks`` cards in each hand, a random trump and leader."""
    rng = random.Random(seed)
    full = Deal.random(rng)
    hands = [Hand.of(rng.sample(list(full[seat]), tricks)) for seat in Seat]
    trump = rng.choice([None, *Suit])
    return Deal(*hands), trump, rng.choice(list(Seat))


def naive(hands: dict[Seat, list[Card]], trump: Suit | None, leader: Seat, side: Side) -> int:
    """Best play for ``side`` (the other side minimising), by plain minimax: an independent
    statement of double dummy (Laws 44C-44G)."""
    if not hands[leader]:
        return 0

    def play(seat: Seat, trick: list[Card]) -> int:
        if len(trick) == 4:
            winner = trick_winner(leader, tuple(trick), trump)
            rest = naive(hands, trump, winner, side)
            return rest + (1 if winner.side is side else 0)
        held = hands[seat]
        legal = [c for c in held if c.suit is trick[0].suit] if trick else list(held)
        if not legal:
            legal = list(held)
        values = []
        for card in legal:
            held.remove(card)
            values.append(play(seat.lho, [*trick, card]))
            held.append(card)
        return max(values) if seat.side is side else min(values)

    return play(leader, [])


def as_lists(deal: Deal) -> dict[Seat, list[Card]]:
    return {seat: list(deal[seat]) for seat in Seat}


class TestDoubleDummy:
    @settings(max_examples=60, deadline=None)
    @given(seed=st.integers(0, 2**32 - 1), tricks=st.integers(1, 3))
    def test_matches_plain_minimax(self, seed: int, tricks: int) -> None:
        """Double-dummy tricks from an ending equal plain minimax over every legal play."""
        deal, trump, leader = ending(seed, tricks)
        solved = ExhaustiveSolver().double_dummy(deal, trump, leader, ())
        assert solved is not None
        assert naive(as_lists(deal), trump, leader, Side.NS) == solved[Side.NS]
        assert tricks == solved[Side.NS] + solved[Side.EW]

    def test_finesse(self) -> None:
        """North leads toward South's AQ, East holding the K: double dummy both tricks are won."""
        deal = Deal.from_pbn("N:2.2.. K5... AQ... .43..")
        assert {Side.NS: 2, Side.EW: 0} == ExhaustiveSolver().double_dummy(deal, None, Seat.N, ())

    def test_declines_large_endings(self) -> None:
        """Above the limit the fallback declines rather than guess."""
        deal, trump, leader = ending(1, FALLBACK_LIMIT + 1)
        assert ExhaustiveSolver().double_dummy(deal, trump, leader, ()) is None


class TestLine:
    def test_careless_play_can_lose_a_trick(self) -> None:
        """Law 70 "normal" play includes careless play: with the line SA only, North-South
        can lose the last trick if the claimer's other card is played carelessly (worst) but
        not with best play."""
        deal = Deal.from_pbn("N:A2... 43... K5... QJ...")
        solver = ExhaustiveSolver()
        line: Sequence[Card] = (Card.from_str("SA"),)
        best = solver.line_tricks(
            deal, None, Seat.N, (), declarer=Seat.N, claimer=Seat.N, line=line, unstated="best"
        )
        worst = solver.line_tricks(
            deal, None, Seat.N, (), declarer=Seat.N, claimer=Seat.N, line=line, unstated="worst"
        )
        assert 2 == best
        assert 1 == worst

    def test_line_card_not_held(self) -> None:
        """A line naming a card the claimer's side does not hold cannot be checked."""
        deal = Deal.from_pbn("N:A2... 43... K5... QJ...")
        assert (
            ExhaustiveSolver().line_tricks(
                deal,
                None,
                Seat.N,
                (),
                declarer=Seat.N,
                claimer=Seat.N,
                line=(Card.from_str("SQ"),),
                unstated="best",
            )
            is None
        )
