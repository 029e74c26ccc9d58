"""Double dummy of many layouts at once (card play by simulation, issue 14)."""

from __future__ import annotations

import random

import pytest

from dupbridge.analysis.claims import card_tricks
from dupbridge.analysis.simulation import BATCH, solve_layouts
from dupbridge.core.cards import Hand, Suit
from dupbridge.core.deal import Deal
from dupbridge.core.play import Play
from dupbridge.core.seats import Seat


def positions(count: int, seed: int) -> list[Play]:
    """Random deals played some cards in (lowest legal card each time)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        play = Play(Deal.random(rng), Seat.S, rng.choice([None, *Suit]))
        for _ in range(rng.randrange(4, 30)):
            play.play(play.turn, min(play.legal_cards()))  # type: ignore[arg-type]
        out.append(play)
    return out


def test_agrees_with_solving_each_layout_alone() -> None:
    """Each layout's answer is the one the single-position solver gives (DDS SolveBoard)."""
    for play in positions(6, 1):
        leader = play.leader
        assert leader is not None
        remaining = play.remaining_deal()
        masks = [hand.mask for hand in remaining.hands]
        (batched,) = solve_layouts([masks], play.trump, leader, play.current_trick)
        assert batched == card_tricks(remaining, play.trump, leader, play.current_trick)


def test_a_batch_of_different_layouts() -> None:
    """Several layouts of one position come back in order, each solved on its own."""
    play = positions(1, 2)[0]
    leader = play.leader
    assert leader is not None
    remaining = play.remaining_deal()
    mover = play.turn
    assert mover is not None
    hidden = [seat for seat in Seat if seat is not mover]
    rng = random.Random(3)
    layouts = []
    for _ in range(5):
        pool = [card for seat in hidden for card in remaining[seat]]
        rng.shuffle(pool)
        masks = [0, 0, 0, 0]
        masks[mover] = remaining[mover].mask
        for seat in hidden:
            size = len(remaining[seat])
            for card in pool[:size]:
                masks[seat] |= card.bit
            pool = pool[size:]
        layouts.append(masks)
    results = solve_layouts(layouts, play.trump, leader, play.current_trick)
    for masks, result in zip(layouts, results, strict=True):
        alone = Deal.from_hands({seat: Hand(masks[seat]) for seat in Seat})
        assert result == card_tricks(alone, play.trump, leader, play.current_trick)


def test_too_many_layouts_are_refused() -> None:
    """More layouts than one batch holds is a clear error."""
    play = positions(1, 4)[0]
    masks = [hand.mask for hand in play.remaining_deal().hands]
    with pytest.raises(ValueError, match=f"at most {BATCH}"):
        solve_layouts([masks] * (BATCH + 1), play.trump, Seat.N, ())


def test_a_layout_that_does_not_fit_is_refused() -> None:
    """A layout with hands of the wrong sizes is named in the error."""
    play = positions(1, 5)[0]
    leader = play.leader
    assert leader is not None
    masks = [hand.mask for hand in play.remaining_deal().hands]
    broken = list(masks)
    broken[(int(leader) + 3) % 4] = 0
    with pytest.raises(ValueError, match="layout 2"):
        solve_layouts([masks, broken], play.trump, leader, play.current_trick)
