"""Benchmark: matchpoint a whole field, sort-and-count against the naive all-pairs way.

The field: 1,000 pairs (500 tables), 30 boards, 500 results per board, NS scores drawn like
real ones (multiples of 10, many ties). Each way computes every result's Law 78A units
(2 per lower score, 1 per equal one):

* ``matchpoint_field``: the vectorised sort-and-count dupbridge uses for big fields (numpy);
* ``matchpoint_units``: the pure-Python sort-and-count, board by board;
* the naive way: every result compared with every other, in Python (the baseline).

All three must agree. Targets (issue 4): the whole field in under 5 ms, and at least 30
times faster than the naive way. Times are wall-clock seconds, best of several interleaved
runs. Run: ``.venv/bin/python benchmarks/scoring.py [--boards N] [--results N] [--repeat K]``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from dupbridge.scoring.matchpoints import matchpoint_field, matchpoint_units

Field = list[list[int]]


def make_field(boards: int, results: int, seed: int) -> Field:
    """Realistic NS scores: a few popular contracts per board, and some wild ones."""
    rng = random.Random(seed)
    field = []
    for _board in range(boards):
        popular = [(-1) ** k * 10 * rng.randrange(5, 160) for k in range(6)]
        field.append(
            [
                rng.choice(popular) if rng.random() < 0.85 else 10 * rng.randrange(-250, 250)
                for _result in range(results)
            ]
        )
    return field


def naive(field: Field) -> list[list[int]]:
    """Law 78A read literally: each result against each other result."""
    out = []
    for board in field:
        units = []
        for i, mine in enumerate(board):
            total = 0
            for j, theirs in enumerate(board):
                if i != j:
                    total += 2 if mine > theirs else 1 if mine == theirs else 0
            units.append(total)
        out.append(units)
    return out


def per_board(field: Field) -> list[list[int]]:
    """Pure-Python sort-and-count, board by board."""
    return [matchpoint_units(board) for board in field]


def best_time(function: Callable[[Field], list[list[int]]], field: Field, repeat: int) -> float:
    best = float("inf")
    for _run in range(repeat):
        start = time.perf_counter()
        function(field)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--boards", type=int, default=30)
    parser.add_argument("--results", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    field = make_field(args.boards, args.results, seed=78)
    expected = naive(field)
    assert expected == per_board(field) == matchpoint_field(field), "the three ways disagree"
    matchpoint_field(field)  # warm numpy up
    vector = python = slow = float("inf")
    for _round in range(args.repeat):  # interleaved, so load changes hit all alike
        vector = min(vector, best_time(matchpoint_field, field, 3))
        python = min(python, best_time(per_board, field, 3))
        slow = min(slow, best_time(naive, field, 1))
    fast = vector
    results = args.boards * args.results
    print(f"field: {args.boards} boards x {args.results} results ({results} results)")
    print(f"naive all-pairs (baseline):        {slow * 1e3:9.2f} ms")
    print(f"sort-and-count, Python per board:  {python * 1e3:9.2f} ms  ({slow / python:7.1f}x)")
    print(f"sort-and-count, vectorised field:  {fast * 1e3:9.2f} ms  ({slow / fast:7.1f}x)")
    ok_time = fast < 0.005
    ok_ratio = slow / fast >= 30
    print(f"target < 5 ms: {'met' if ok_time else 'MISSED'}; "
          f"target >= 30x naive: {'met' if ok_ratio else 'MISSED'}")  # fmt: skip


if __name__ == "__main__":
    main()
