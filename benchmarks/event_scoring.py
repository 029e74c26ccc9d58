"""Benchmark: score a whole event through the public API, against the matchpoint kernel.

The event: a 1,000-pair Mitchell (500 tables) of 30 boards, every board played at every
table (15,000 traveller lines), written as a travellers CSV with contract, declarer and
result columns, contracts drawn like real ones (a few popular contracts per board, some wild
ones). Two things are timed in the same run:

* the whole event: :func:`dupbridge.tournament.travellers.loads` of the CSV text, then
  :func:`dupbridge.tournament.event_scoring.score_event` (matchpoints, every result, every
  pair's total and the two rankings);
* the kernel: :func:`dupbridge.scoring.matchpoints.matchpoint_field` on the same NS scores
  (Law 78A units of every result, vectorised): the floor any event scorer has to pay.

The ratio (event ÷ kernel) is the figure to watch on a shared machine; the target (issue 19)
is the whole event in under 100 ms. Times are the best of several interleaved runs, in
wall-clock seconds, or with ``--clock cpu`` in this process's CPU seconds (steadier when
other jobs share the cores). Run: ``.venv/bin/python benchmarks/event_scoring.py
[--pairs N] [--boards N] [--repeat K] [--method mp|imp-butler|cross-imp] [--clock cpu]``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from dupbridge.scoring.matchpoints import matchpoint_field
from dupbridge.tournament import travellers
from dupbridge.tournament.event_scoring import Method, ScoredEvent, ScoringOptions, score_event

CONTRACTS = ("4S", "3NT", "4H", "2S", "3D", "5C", "6NT", "1NT", "2H", "3C")


def make_csv(pairs: int, boards: int, seed: int) -> str:
    """A Mitchell's travellers: NS pair ``t`` and EW pair ``t`` at table ``t`` on every board."""
    rng = random.Random(seed)
    tables = pairs // 2
    lines = ["board,table,ns,ew,contract,declarer,result"]
    for board in range(1, boards + 1):
        popular = [(rng.choice(CONTRACTS), rng.choice("NESW")) for _k in range(4)]
        for table in range(1, tables + 1):
            if rng.random() < 0.85:
                contract, declarer = rng.choice(popular)
            else:
                contract, declarer = rng.choice(CONTRACTS), rng.choice("NESW")
            needed = int(contract[0]) + 6
            tricks = max(0, min(13, needed + rng.choice((-2, -1, -1, 0, 0, 0, 1, 1))))
            result = "=" if tricks == needed else f"{tricks - needed:+d}"
            lines.append(f"{board},{table},{table},{table},{contract},{declarer},{result}")
    return "\n".join(lines) + "\n"


def whole_event(text: str, options: ScoringOptions) -> ScoredEvent:
    """The public API end to end: read the CSV, score the event."""
    read = travellers.loads(text, "bench.csv", mitchell=True)
    assert not read.problems, read.problems[:3]
    return score_event(read.event, options)


def best_time(function: Callable[[], object], repeat: int, clock: Callable[[], float]) -> float:
    best = float("inf")
    for _run in range(repeat):
        start = clock()
        function()
        best = min(best, clock() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--boards", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--method", default="mp", choices=("mp", "imp-butler", "cross-imp"))
    parser.add_argument("--clock", default="wall", choices=("wall", "cpu"))
    args = parser.parse_args()
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    text = make_csv(args.pairs, args.boards, seed=19)
    options = ScoringOptions(Method(args.method))
    scored = whole_event(text, options)
    field = [[line.ns_points or 0 for line in board.results] for board in scored.boards]
    matchpoint_field(field)  # warm numpy up
    event = kernel = float("inf")
    for _round in range(args.repeat):  # interleaved, so load changes hit both alike
        event = min(event, best_time(lambda: whole_event(text, options), 1, clock))
        kernel = min(kernel, best_time(lambda: matchpoint_field(field), 5, clock))
    lines = sum(len(board.results) for board in scored.boards)
    print(f"event: {args.pairs} pairs, {args.boards} boards, {lines} lines, method {args.method}"
          f" ({args.clock} clock)")  # fmt: skip
    print(f"matchpoint kernel (matchpoint_field):   {kernel * 1e3:9.2f} ms")
    print(f"travellers.loads + score_event:         {event * 1e3:9.2f} ms  "
          f"({event / kernel:6.1f}x the kernel)")  # fmt: skip
    print(f"target < 100 ms: {'met' if event < 0.1 else 'MISSED'}")


if __name__ == "__main__":
    main()
