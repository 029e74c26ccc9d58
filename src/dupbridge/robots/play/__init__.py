"""Robot card play: simulation at the ``standard`` level, plain rules at ``basic`` (issue 14).

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

__all__ = ["DEFAULT_BUDGET_S", "LEVELS", "Decision", "Level", "choose_card", "decide"]

#: A robot's playing strength.
Level = Literal["basic", "standard"]
#: The levels, weakest first.
LEVELS: tuple[Level, ...] = ("basic", "standard")
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
        level: ``"basic"`` (plain rules, no simulation) or ``"standard"`` (simulation).
        budget_s: the most time to think, in seconds (keep it within the event's clock).
        rng: the random source of the simulation (seed it to repeat a decision).
        history: every card played so far in order (``table.play.plays()``): the public
            record a player remembers; without it the robot knows only what the view shows.

    Raises:
        ValueError: if the view is not a seat's view at its turn to play, or a setting is
            not one of the above.
    """
    return decide(view, constraints, level=level, budget_s=budget_s, rng=rng, history=history).card
