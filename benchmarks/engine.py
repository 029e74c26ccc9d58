"""Benchmark: complete random boards through the Table, against a bare loop.

Each engine board is a fresh ``Table`` (a random deal, Law 2 markings), a random legal auction
(``legal_calls()`` then ``make_call``) and, unless passed out, 52 random legal cards
(``legal_cards()`` then ``play_card``), every action checked and logged as events.

The bare loop draws the same kind of random choices (``rng.choice`` once per call and once per
card) and logs each action, with no legality checks, no state machine and no event objects:
the ratio of the two times is the engine's overhead. Targets: at least 5,000 boards/s on one
core and at most 5 times the bare loop (issue 2), at least 10,000 boards/s (issue 19).

Times are CPU seconds of this process (``time.process_time``), best of several interleaved
runs. Run: ``.venv/bin/python benchmarks/engine.py [--boards N] [--repeat K]``.
"""

from __future__ import annotations

import argparse
import random
import time

from dupbridge import Deal, Phase, Table

PASS_WEIGHT = 0.75  # chance of passing at each turn: realistic auction lengths


def engine_boards(count: int, seed: int) -> tuple[float, int]:
    """Play ``count`` random boards through the Table; return (seconds, total actions)."""
    rng = random.Random(seed)
    deals = [Deal.random(rng) for _ in range(count)]
    actions = 0
    rand, choice = rng.random, rng.choice
    start = time.process_time()
    for number, deal in enumerate(deals, 1):
        table = Table(number, deal)
        make_call, play_card = table.make_call, table.play_card
        while table.phase is Phase.AUCTION:
            legal = table.legal_calls()
            call = legal[0] if rand() < PASS_WEIGHT else choice(legal)
            make_call(table.turn, call)  # type: ignore[arg-type]
            actions += 1
        while table.phase is Phase.PLAY:
            play_card(table.turn, choice(table.legal_cards()))  # type: ignore[arg-type]
            actions += 1
    return time.process_time() - start, actions


def bare_boards(count: int, seed: int) -> tuple[float, int]:
    """The same random draws with no rules: a call drawn from all 38 calls, a card drawn
    from the hand of the seat in rotation; each action is logged, nothing is checked."""
    rng = random.Random(seed)
    deals = [Deal.random(rng) for _ in range(count)]
    calls = ["Pass", "X", "XX", *(f"{level}{s}" for level in range(1, 8) for s in "CDHSN")]
    actions = 0
    rand, choice = rng.random, rng.choice
    start = time.process_time()
    for deal in deals:
        log: list[tuple[int, object]] = []
        passes, bids, turn = 0, 0, 0
        while passes < 3 or (bids == 0 and passes < 4):
            if rand() < PASS_WEIGHT:
                call = calls[0]
                passes += 1
            else:
                call = choice(calls)
                passes, bids = 0, bids + 1
            log.append((turn, call))
            turn = (turn + 1) % 4
            actions += 1
        if bids == 0:
            continue
        hands = [list(hand) for hand in deal.hands]
        for _ in range(52):
            hand = hands[turn]
            card = choice(hand)
            hand.remove(card)
            log.append((turn, card))
            turn = (turn + 1) % 4
            actions += 1
    return time.process_time() - start, actions


def main() -> None:
    """Measure both loops in the same run and print the numbers and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    engine_boards(200, args.seed)  # warm up
    # Interleave the runs and keep the best of each: CPU time of this process only, so other
    # work on the machine does not count against either loop.
    engine_runs, bare_runs = [], []
    for _ in range(args.repeat):
        engine_runs.append(engine_boards(args.boards, args.seed))
        bare_runs.append(bare_boards(args.boards, args.seed))
    engine_time, engine_actions = min(engine_runs)
    bare_time, bare_actions = min(bare_runs)
    engine_rate = args.boards / engine_time
    print(f"boards:               {args.boards}")
    print(
        f"engine (Table):       {engine_rate:9.0f} boards/s  ({engine_actions} actions, "
        f"{1e6 * engine_time / engine_actions:.2f} us/action)"
    )
    print(
        f"bare loop (no rules): {args.boards / bare_time:9.0f} boards/s  ({bare_actions} actions)"
    )
    print(f"overhead ratio:       {engine_time / bare_time:9.2f}  (target <= 5)")
    print(f"target 5000 boards/s: {'met' if engine_rate >= 5000 else 'NOT met'}")
    print(
        f"target 10000 boards/s (issue 19, one core of a quiet machine): "
        f"{'met' if engine_rate >= 10000 else 'NOT met'}"
    )


if __name__ == "__main__":
    main()
