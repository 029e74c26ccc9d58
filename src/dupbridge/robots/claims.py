"""A robot's answer to an opponent's claim: accept it unless what it sees proves it wrong.

Law 68A: a claim is a statement that the claimer's side will win a number of tricks; Law 69A:
an opponent may agree to it; Law 68D: an opponent who disputes it stops play and the
Director is called. A robot opponent sees its own cards, dummy's once faced and the cards
played, never the claimer's hand (``core.views``). It deals the cards it cannot see
(respecting the suits each player has shown out of and the hand sizes), once with the
claimer holding the highest of them and several times at random, and solves each layout
double dummy (:func:`dupbridge.analysis.simulation.solve_layouts`). The claim is accepted
when the claimer's side makes the tricks it claims in at least one of these layouts: the
robot gives the claimer the benefit of cards it cannot see, and disputes a claim only when
its own cards (or dummy's) show that the claimer's side cannot take what it claims, as a
defender holding a winning trump would.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from dupbridge.core.cards import CARDS, FULL_PACK, Card, Suit
from dupbridge.core.play import trick_winner
from dupbridge.core.seats import SEATS, Seat
from dupbridge.core.views import TableView

__all__ = ["CLAIM_LAYOUTS", "claim_holds"]

#: Random layouts dealt to check a claim (besides the one most favourable to the claimer).
CLAIM_LAYOUTS = 15


def _leader(view: TableView, history: Sequence[tuple[Seat, Card]], trump: Suit | None) -> Seat:
    """Who led to the trick in progress, or leads to the next one."""
    if view.current_trick:
        return view.current_trick[0][0]
    done = len(history) - len(history) % 4
    if done == 0:
        assert view.declarer is not None
        return view.declarer.next(1)  # the opening leader (Law 41A)
    last = history[done - 4 : done]
    return trick_winner(last[0][0], tuple(card for _seat, card in last), trump)


def claim_holds(
    view: TableView,
    history: Sequence[tuple[Seat, Card]],
    claimer: Seat,
    tricks: int,
    *,
    rng: random.Random | None = None,
    layouts: int = CLAIM_LAYOUTS,
) -> bool:
    """Whether the robot whose view this is accepts ``claimer``'s claim of ``tricks`` tricks
    in all for his side (Laws 68A, 69A).

    Args:
        view: the robot's own view while the claim is pending.
        history: every card played so far, in order (the public record of the play).
        claimer: the seat that claimed.
        tricks: the tricks the claimer's side claims in all.
        rng: the random source of the layouts.
        layouts: how many random layouts to deal besides the favourable one.
    """
    from dupbridge.analysis.simulation import (  # noqa: PLC0415 - loads DDS on first use
        BATCH,
        solve_layouts,
    )

    contract = view.contract
    if contract is None or view.declarer is None:
        return True
    trump = contract.strain.suit
    won = view.tricks[claimer.side]
    done = sum(view.tricks.values())
    if tricks <= won:
        return True  # a concession of every trick still to play
    rng = rng or random.Random()
    held = {seat: hand.mask for seat, hand in view.hands.items()}
    played = 0
    voids: dict[Seat, set[Suit]] = {seat: set() for seat in SEATS}
    for number, (seat, card) in enumerate(history):
        played |= card.bit
        led = history[number - number % 4][1].suit
        if card.suit is not led:
            voids[seat].add(led)
    seen = played
    for mask in held.values():
        seen |= mask
    in_trick = {seat for seat, _card in view.current_trick}
    sizes = {seat: 13 - done - (seat in in_trick) for seat in SEATS}
    hidden = [seat for seat in SEATS if seat not in held]
    pool = [card for card in CARDS if (FULL_PACK & ~seen) & card.bit]
    # The claimer's hidden hand first: in the favourable layout it takes the highest cards.
    hidden.sort(key=lambda seat: seat is not claimer)
    dealt = [_deal(sorted(pool, key=lambda card: -card.rank), hidden, sizes, voids)]
    for _ in range(min(layouts, BATCH - 1)):
        shuffled = pool[:]
        rng.shuffle(shuffled)
        dealt.append(_deal(shuffled, hidden, sizes, voids))
    boards = [
        [held.get(seat, masks.get(seat, 0)) for seat in SEATS]
        for masks in dealt
        if masks is not None
    ]
    if not boards:
        return True  # no layout fits what the robot saw: it cannot prove the claim wrong
    leader = _leader(view, history, trump)
    trick = tuple(card for _seat, card in view.current_trick)
    to_play = leader.next(len(trick))
    left = 13 - done
    for scores in solve_layouts(boards, trump, leader, trick):
        best = max(scores.values(), default=0)
        claimers = best if to_play.side is claimer.side else left - best
        if won + claimers >= tricks:
            return True
    return False


def _deal(
    pool: list[Card], hidden: list[Seat], sizes: dict[Seat, int], voids: dict[Seat, set[Suit]]
) -> dict[Seat, int] | None:
    """The pool dealt in its order to the hidden hands, each card to the first of them with
    room that is not void in its suit (None when the voids leave a card nowhere to go)."""
    room = {seat: sizes[seat] for seat in hidden}
    masks = dict.fromkeys(hidden, 0)
    for card in pool:
        for seat in hidden:
            if room[seat] > 0 and card.suit not in voids[seat]:
                masks[seat] |= card.bit
                room[seat] -= 1
                break
        else:
            if any(room.values()):
                return None
    return masks if not any(room.values()) else None
