"""Robot card play: plain rules at ``basic``, a few layouts at ``fast``, simulation within a
time budget at ``standard`` (issue 14).

The one entry point is :func:`choose_card`. It takes the seat's
:class:`~dupbridge.core.views.TableView`, never the table: the robot knows only its own cards,
dummy's once faced, and the cards it saw played (Law 45A: every card is played face up). It
always returns one of ``view.legal_cards``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Literal

from dupbridge.core.cards import Card
from dupbridge.core.seats import Seat
from dupbridge.core.views import TableView
from dupbridge.robots.constraints import HandConstraint
from dupbridge.robots.play.heuristics import basic_card
from dupbridge.robots.play.knowledge import PlayHistory, knowledge_of
from dupbridge.robots.play.simulation import MAX_SAMPLES, Decision, simulate

__all__ = [
    "DEFAULT_BUDGET_S",
    "FAST_LAYOUTS",
    "LEVELS",
    "Decision",
    "Level",
    "choose_card",
    "decide",
]

#: A robot's playing strength.
Level = Literal["basic", "fast", "standard"]
#: The levels, weakest first.
LEVELS: tuple[Level, ...] = ("basic", "fast", "standard")
#: The ``fast`` level's layouts per card, by the number of tricks already played (the last
#: entry for every later trick): none for the first two tricks, where one layout costs most
#: to solve (the conventions play them, as at ``basic``), then a few. The layouts are solved
#: in one batch, so the card depends on the random source alone, not on the machine's speed.
FAST_LAYOUTS: tuple[int, ...] = (0, 0, 2, 3, 4, 6, 8)
#: The default time for one card at the ``standard`` level, in seconds.
DEFAULT_BUDGET_S = 1.0


def decide(
    view: TableView,
    constraints: Mapping[Seat, HandConstraint] | None = None,
    *,
    level: Level = "standard",
    budget_s: float = DEFAULT_BUDGET_S,
    rng: random.Random | None = None,
    history: PlayHistory | None = None,
    max_samples: int = MAX_SAMPLES,
) -> Decision:
    """The card :func:`choose_card` plays, with the samples the simulation used."""
    if level not in LEVELS:
        raise ValueError(f"unknown robot level {level!r}: expected one of {', '.join(LEVELS)}")
    if budget_s < 0:
        raise ValueError(f"a time budget cannot be negative ({budget_s} s)")
    knowledge = knowledge_of(view, history)
    legal = tuple(view.legal_cards)
    if len(legal) == 1:
        return Decision(legal[0], 0)
    if level == "basic" or _all_equal(legal):
        return Decision(basic_card(knowledge, legal), 0)
    if level == "fast":
        done = sum(view.tricks.values())
        layouts = min(max_samples, FAST_LAYOUTS[min(done, len(FAST_LAYOUTS) - 1)])
        if layouts == 0:
            return Decision(basic_card(knowledge, legal), 0)
        return simulate(
            knowledge,
            legal,
            constraints,
            budget_s=budget_s,
            rng=rng if rng is not None else random.Random(),
            max_samples=layouts,
            first_batch=layouts,
        )
    return simulate(
        knowledge,
        legal,
        constraints,
        budget_s=budget_s,
        rng=rng if rng is not None else random.Random(),
        max_samples=max_samples,
    )


def _all_equal(legal: tuple[Card, ...]) -> bool:
    """Whether the legal cards are one run of touching cards (the choice changes nothing)."""
    suits = {card.suit for card in legal}
    if len(suits) != 1:
        return False
    ranks = sorted(card.rank for card in legal)
    return ranks[-1] - ranks[0] == len(ranks) - 1


def choose_card(
    view: TableView,
    constraints: Mapping[Seat, HandConstraint] | None = None,
    *,
    level: Level = "standard",
    budget_s: float = DEFAULT_BUDGET_S,
    rng: random.Random | None = None,
    history: PlayHistory | None = None,
) -> Card:
    """The robot's card for the seat whose view this is (declarer's view for dummy's card).

    Args:
        view: the seat's view at its turn to play (``view_for(table, seat)``).
        constraints: what the auction says about each other hand (``read_auction``); none
            by default.
        level: ``"basic"`` (plain rules, no simulation), ``"fast"`` (plain rules for the
            first two tricks, then a few layouts: :data:`FAST_LAYOUTS`) or ``"standard"``
            (simulation within ``budget_s``).
        budget_s: the most time to think, in seconds (keep it within the event's clock).
        rng: the random source of the simulation (seed it to repeat a decision).
        history: every card played so far in order (``table.play.plays()``): the public
            record a player remembers; without it the robot knows only what the view shows.

    Raises:
        ValueError: if the view is not a seat's view at its turn to play, or a setting is
            not one of the above.
    """
    return decide(view, constraints, level=level, budget_s=budget_s, rng=rng, history=history).card
