"""Card play by simulation, the method GIB made standard.

At each decision the robot deals the cards it cannot see many times, consistently with the
auction's constraints and the play so far (:mod:`~dupbridge.robots.play.sampler`), solves
every layout double dummy (DDS, in batches, through :func:`dupbridge.analysis.simulation.
solve_layouts`), and plays the card with the best total over the layouts. A card's value is
the average of the tricks its side takes from here plus the share of layouts in which the
side reaches its goal (the contract for declarer, its defeat for the defenders), so that a
safe line is preferred to an extra trick at the cost of the contract. Cards within a small
margin of the best are equal, and the conventions choose among them (:func:`~dupbridge.
robots.play.heuristics.preferred`: lead conventions, signals, the lowest of equals).

The simulation stops at the time budget (measured, with the next batch sized to fit it) or
at ``max_samples`` layouts.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field

from dupbridge.analysis.simulation import BATCH, solve_layouts
from dupbridge.core.cards import Card
from dupbridge.core.seats import Seat
from dupbridge.robots.constraints import HandConstraint
from dupbridge.robots.play.heuristics import preferred, signal_hints
from dupbridge.robots.play.knowledge import Knowledge
from dupbridge.robots.play.sampler import Sampler

__all__ = ["MAX_SAMPLES", "Decision", "simulate"]

#: At most this many layouts per decision.
MAX_SAMPLES = 400
#: Values within this margin of the best are equal (a tenth of a trick on average).
_MARGIN = 0.1
#: The first batch, before the time a layout takes is known.
_FIRST_BATCH = 2


@dataclass(frozen=True, slots=True)
class Decision:
    """A chosen card, with what the simulation saw: ``samples`` layouts solved and each
    card's value (average tricks plus the share of layouts reaching the goal)."""

    card: Card
    samples: int
    values: Mapping[Card, float] = field(default_factory=dict)
    relaxed: bool = False


def simulate(
    knowledge: Knowledge,
    legal: tuple[Card, ...],
    constraints: Mapping[Seat, HandConstraint] | None,
    *,
    budget_s: float,
    rng: random.Random,
    max_samples: int = MAX_SAMPLES,
    first_batch: int = _FIRST_BATCH,
) -> Decision:
    """Choose among ``legal`` by simulation within ``budget_s`` seconds (the first batch of
    ``first_batch`` layouts is always solved: with ``first_batch == max_samples`` the choice
    depends on ``rng`` alone, never on the machine's speed)."""
    start = time.perf_counter()
    deadline = start + budget_s
    sampler = Sampler(knowledge, constraints, rng, signal_hints(knowledge))
    totals = dict.fromkeys(legal, 0.0)
    samples = 0
    batch = first_batch
    per_layout = 0.0
    while samples < max_samples:
        layouts = sampler.draw(min(batch, max_samples - samples, BATCH))
        if not layouts:
            break
        solved = solve_layouts(layouts, knowledge.trump, knowledge.leader, knowledge.trick)
        for scores in solved:
            for card in legal:
                tricks = scores.get(card, 0)
                totals[card] += tricks + (1.0 if tricks >= knowledge.needed else 0.0)
        samples += len(layouts)
        now = time.perf_counter()
        per_layout = (now - start) / samples
        left = deadline - now
        if left < per_layout:
            break
        batch = max(1, int(left / per_layout * 0.8))
    if samples == 0:
        return Decision(preferred(knowledge, list(legal)), 0)
    values = {card: total / samples for card, total in totals.items()}
    best = max(values.values())
    equal = [card for card in legal if values[card] >= best - _MARGIN]
    return Decision(preferred(knowledge, equal), samples, values, sampler.relaxed)
