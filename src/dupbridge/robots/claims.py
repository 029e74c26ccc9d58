"""A robot's claims: its answer to an opponent's claim, and the claims it makes as declarer.

**Answering** (:func:`claim_holds`): accept unless what the robot sees proves the claim wrong.

Law 68A: a claim is a statement that the claimer's side will win a number of tricks; Law 69A:
an opponent may agree to it; Law 68D: an opponent who disputes it stops play and the
Director is called. A robot opponent sees its own cards, dummy's once faced, the cards
played and the claimer's remaining cards, which he faces with his claim (Law 68C,
``core.views``); the only cards it cannot see are then its partner's. It deals the cards
it cannot see (respecting the suits each player has shown out of and the hand sizes), once
with the claimer holding the highest of them if his hand is hidden and several times at
random, and solves each layout double dummy
(:func:`dupbridge.analysis.simulation.solve_layouts`). The claim is accepted
when the claimer's side makes the tricks it claims in at least one of these layouts: the
robot gives the claimer the benefit of cards it cannot see, and disputes a claim only when
what it sees shows that the claimer's side cannot take what it claims, as a defender
holding a winning trump would. A certain claim (below) is never disputed. (Before the
claimer's hand was faced to the robots, about 2 % of the defenders' answers to certain
claims of random boards were disputes, each stopping a robot table for the Director.)

**Claiming** (:func:`certain_claim`): a robot declarer claims every remaining trick when its
side is on lead and the claim holds on every layout of the cards it cannot see and against
every defence, with a line it states in the claim (Law 68C: the order of play): the hand on
lead holds only top winners (no outstanding card of its suits is higher), and the defenders
hold no trump, or the hand on lead has at least as many trumps as are outstanding and draws
them first (a defender must follow to a trump lead while he holds one, Law 44C, so none is
left to ruff with). Declarer sees only his own hand, dummy and the cards played: whatever the
defenders hold, each lead from the hand on lead wins and keeps the lead there. Anything less
certain is played out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from dupbridge.core.cards import CARDS, FULL_PACK, Card, Suit
from dupbridge.core.explanations import Part
from dupbridge.core.play import trick_winner
from dupbridge.core.seats import SEATS, Seat
from dupbridge.core.views import TableView
from dupbridge.i18n import N_

__all__ = ["CLAIM_LAYOUTS", "Certain", "certain_claim", "claim_holds"]

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
        view: the robot's own view while the claim is pending (with the claimer's hand,
            faced with the claim, Law 68C: a certain claim is then never refused).
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


#: A certain claim: the tricks the claimer's side will have in all, the line (the cards of the
#: hand on lead in the order it plays them) and the statement's parts (language-neutral,
#: :mod:`dupbridge.core.explanations`).
Certain = tuple[int, tuple[Card, ...], list[Part]]


def _written(cards: Sequence[Card]) -> str:
    return " ".join(card.suit.symbol + str(card)[1:] for card in cards)


def certain_claim(view: TableView, history: Sequence[tuple[Seat, Card]]) -> Certain | None:
    """Declarer's claim of every remaining trick, if it is certain from what he sees (see the
    module docstring), else None. ``view`` is declarer's own view, ``history`` every card
    played so far, in order (Law 45A: played face up)."""
    declarer, contract = view.declarer, view.contract
    leader = view.turn
    if (
        declarer is None
        or contract is None
        or leader is None
        or leader.side is not declarer.side
        or view.current_trick
        or view.viewer is not declarer
    ):
        return None
    ours = [view.hands.get(seat) for seat in (declarer, declarer.partner)]
    if ours[0] is None or ours[1] is None:
        return None  # dummy not yet faced: declarer never leads before it is
    held = ours[0].mask | ours[1].mask
    for _seat, card in history:
        held |= card.bit
    outstanding = [card for card in CARDS if not held & card.bit]
    hand = list(view.hands[leader])
    partner = list(view.hands[leader.partner])
    if len(hand) < 2:
        return None
    # Every card of the hand on lead beats every card it has not got, partner's included,
    # so that it wins the trick itself and keeps the lead.
    rivals = [*outstanding, *partner]
    best = {suit: max((c.rank for c in rivals if c.suit is suit), default=0) for suit in Suit}
    if any(card.rank < best[card.suit] for card in hand):
        return None  # a card that could lose a trick, or pass the lead
    trump = contract.strain.suit
    theirs = sum(1 for card in outstanding if card.suit is trump) if trump is not None else 0
    trumps = sorted((card for card in hand if card.suit is trump), key=lambda card: -card.rank)
    if theirs > len(trumps):
        return None  # a defender might keep a trump to ruff a winner
    rest = sorted(
        (card for card in hand if card.suit is not trump), key=lambda card: (-card.suit, -card.rank)
    )
    line = (*trumps, *rest)
    if not _partner_follows(line, partner, trump):
        return None
    won = view.tricks[declarer.side]
    total = won + len(hand)
    if theirs:
        statement: list[Part] = [
            (
                N_("I draw the outstanding trumps, and every card left is a winner: {cards}"),
                {"cards": _written(line)},
            ),
        ]
    else:
        statement = [
            (
                N_("every card left in the hand on lead is a winner: {cards}"),
                {"cards": _written(line)},
            ),
        ]
    return total, line, statement


def _partner_follows(line: Sequence[Card], partner: list[Card], trump: Suit | None) -> bool:
    """Whether the partner of the hand on lead can play to each card of ``line`` without
    winning the trick: he follows suit (lower, as every card of the line is the highest),
    or discards a card that is not a trump; only a hand left with trumps alone must ruff."""
    left = sorted(partner, key=lambda card: card.rank)
    for led in line:
        same = [card for card in left if card.suit is led.suit]
        if same:
            left.remove(same[0])
            continue
        spare = [card for card in left if card.suit is not trump]
        if spare:
            left.remove(spare[0])
        elif left:
            return False  # only trumps: he must ruff and take the lead
    return True
