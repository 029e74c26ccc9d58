"""Benchmark: deals and analysis (issue 7), each against a baseline measured in the same run.

1. Double-dummy tables and par for 100 deals through dupbridge (``dd_tables`` + ``par``) and
   through endplay's batch call directly (``endplay.dds.calc_all_tables`` in batches of 40 +
   ``endplay.dds.par``), in the order raw, dupbridge, dupbridge, raw on two halves so that both
   solve the same deals in the same conditions. Target: ratio at most 1.1.
2. A 36-board hand record with double dummy and par (``analyse_boards`` + ``render_pdf``),
   against the raw solver's time for the same 36 tables. Target: under 4 s.
3. Secure dealing (``deal_set``: HMAC-SHA256 index + decoding + Law 2 board) in deals per
   second, against ``random.shuffle`` of a pack dealt into four hands. Target: 20,000/s.
4. Claim checks with 9 or fewer tricks left: ``claim_tricks`` (double dummy from here) against
   endplay's ``solve_board`` on the same positions, and ``check_line`` for a typical claim
   (the claimer's side on lead cashes the winners of the hand on lead). Target: p99 < 5 ms.

Wall-clock seconds for the solver (DDS runs on every core); dealing, pure Python on one core,
is timed in CPU seconds of this process so that other work on the machine does not skew it.
Run: ``.venv/bin/python benchmarks/analysis.py`` (``--quick`` for fewer deals and positions).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from endplay.dds import calc_all_tables, solve_board
from endplay.dds import par as endplay_par
from endplay.dds.ddtable import DDTable
from endplay.dds.solve import SolveMode
from endplay.types import Deal as EndplayDeal
from endplay.types import Denom, Player

from dupbridge.analysis.claims import Position, check_line, claim_tricks
from dupbridge.analysis.dd import dd_tables
from dupbridge.analysis.dealing import DealingKey, deal_set
from dupbridge.analysis.handrecord import analyse_boards, render_pdf
from dupbridge.analysis.par import board_par
from dupbridge.core.boards import Board
from dupbridge.core.cards import Card, Hand, Suit
from dupbridge.core.deal import Deal
from dupbridge.core.play import Play
from dupbridge.core.seats import Seat

KEY = DealingKey(bytes.fromhex("5eed" * 16))


def deals(first: int, count: int) -> list[Deal]:
    return [item.deal for item in deal_set(KEY, range(first, first + count))]


def raw_tables_and_par(batch: Sequence[Deal], first: int) -> float:
    """endplay alone: its deals built beforehand, then the batch call and par per table."""
    endplay_deals = [EndplayDeal(deal.to_pbn()) for deal in batch]
    start = time.perf_counter()
    tables: list[DDTable] = []
    for i in range(0, len(endplay_deals), 40):
        tables.extend(calc_all_tables(endplay_deals[i : i + 40]))
    for offset, table in enumerate(tables):
        endplay_par(
            table, first + offset, Player.find(Board.numbered(first + offset).dealer.letter)
        )
    return time.perf_counter() - start


def our_tables_and_par(batch: Sequence[Deal], first: int) -> float:
    start = time.perf_counter()
    tables = dd_tables(batch)
    for offset, table in enumerate(tables):
        board_par(table, Board.numbered(first + offset))
    return time.perf_counter() - start


def bench_tables(count: int) -> None:
    half = count // 2
    first, second = deals(1, half), deals(1 + half, count - half)
    raw = raw_tables_and_par(first, 1)
    ours = our_tables_and_par(first, 1)
    ours += our_tables_and_par(second, 1 + half)
    raw += raw_tables_and_par(second, 1 + half)
    print(f"DD tables + par, {count} deals: dupbridge {ours:.2f} s, endplay batch {raw:.2f} s")
    print(f"  ratio dupbridge / endplay = {ours / raw:.3f} (target <= 1.1)")


def bench_hand_record() -> None:
    boards = deal_set(KEY, range(101, 137))
    raw = raw_tables_and_par([b.deal for b in boards], 101)
    start = time.perf_counter()
    analysed = analyse_boards((b.board, b.deal) for b in boards)
    pdf = render_pdf(analysed, title="Benchmark")
    ours = time.perf_counter() - start
    print(
        f"36-board hand record with DD and par: {ours:.2f} s ({len(pdf) // 1024} KiB PDF); "
        f"the raw solver alone takes {raw:.2f} s for the same tables"
    )
    print(f"  ratio hand record / raw solver = {ours / raw:.3f} (target: under 4 s in all)")
    start = time.perf_counter()
    render_pdf(analysed, title="Benchmark")
    print(f"  the same PDF from an analysed PBN (no solving): {time.perf_counter() - start:.2f} s")


def shuffled_deal(rng: random.Random, pack: list[int]) -> Deal:
    rng.shuffle(pack)
    masks = [0, 0, 0, 0]
    for position, card in enumerate(pack):
        masks[position // 13] |= 1 << card
    return Deal(*(Hand(mask) for mask in masks))


def bench_dealing(count: int) -> None:
    rng = random.Random(1)
    pack = list(range(52))
    start = time.process_time()
    for _ in range(count):
        shuffled_deal(rng, pack)
    baseline = count / (time.process_time() - start)
    start = time.process_time()
    deal_set(KEY, range(1, count + 1))
    ours = count / (time.process_time() - start)
    print(f"secure dealing: {ours:,.0f} deals/s; random.shuffle baseline {baseline:,.0f} deals/s")
    print(f"  ratio secure / shuffle = {ours / baseline:.3f} (target: at least 20,000 deals/s)")


def positions(count: int, seed: int) -> list[tuple[Play, Seat]]:
    """Random plays stopped at a trick's start with 1 to 9 tricks left; the claimer is the
    declaring side's player on lead if any, else the defender on lead."""
    rng = random.Random(seed)
    found: list[tuple[Play, Seat]] = []
    while len(found) < count:
        deal = Deal.from_index(rng.randrange(2**90))
        trump = None if rng.random() < 0.25 else Suit(rng.randrange(4))
        play = Play(deal, Seat(rng.randrange(4)), trump)
        for _ in range(4 * (13 - rng.randrange(1, 10))):
            seat = play.turn
            assert seat is not None
            play.play(seat, rng.choice(list(play.legal_cards())))
        leader = play.leader
        assert leader is not None
        declarer = play.declarer
        claimer = declarer if leader.side is declarer.side else leader
        found.append((play, claimer))
    return found


def cashable(position: Position, seat: Seat) -> list[Card]:
    """The cards of ``seat`` that are the highest left in their suit, top down."""
    alive = 0
    for _seat, hand in position.remaining:
        alive |= hand.mask
    own = position.remaining[seat].mask
    line = []
    for card in position.remaining[seat]:
        above = alive & (0x1FFF << (13 * card.suit)) & ~((2 << card.index) - 1)
        if not above & ~own:
            line.append(card)
    return line


def percentiles(times: list[float]) -> tuple[float, float, float]:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return statistics.median(ordered) * 1e3, p99 * 1e3, ordered[-1] * 1e3


def bench_claims(count: int) -> None:
    cases = positions(count, seed=7)
    raw_times, dd_times, line_times = [], [], []
    for index, (play, claimer) in enumerate(cases):
        position = Position.from_play(play)
        remaining, trump, leader = position.remaining, position.trump, position.leader
        endplay_deal = EndplayDeal(remaining.to_pbn())
        endplay_deal.first = Player.find(leader.letter)
        endplay_deal.trump = Denom.nt if trump is None else Denom.find(trump.letter)
        # Alternate which goes first: DDS keeps its memory of the last position it solved.
        for turn in (index % 2, 1 - index % 2):
            start = time.perf_counter()
            if turn:
                tricks = claim_tricks(remaining, trump, leader)[claimer.side]
                dd_times.append(time.perf_counter() - start)
            else:
                solve_board(endplay_deal, SolveMode.OptimalOne)
                raw_times.append(time.perf_counter() - start)
        line = cashable(position, leader) if leader.side is claimer.side else []
        start = time.perf_counter()
        check_line(
            remaining, trump, leader, (),
            declarer=play.declarer, claimer=claimer, line=line, tricks=tricks,
        )  # fmt: skip
        line_times.append(time.perf_counter() - start)
    raw = percentiles(raw_times)
    dd = percentiles(dd_times)
    lines = percentiles(line_times)
    print(f"claim checks, {count} positions with 1-9 tricks left (median / p99 / max, ms):")
    print(f"  endplay solve_board      {raw[0]:7.3f} {raw[1]:8.3f} {raw[2]:9.3f}")
    print(f"  claim_tricks             {dd[0]:7.3f} {dd[1]:8.3f} {dd[2]:9.3f}")
    print(f"  check_line (typical)     {lines[0]:7.3f} {lines[1]:8.3f} {lines[2]:9.3f}")
    print(f"  ratio claim_tricks / solve_board at p99 = {dd[1] / raw[1]:.3f} (target p99 < 5 ms)")
    print(f"  check_line p99 = {lines[1]:.3f} ms (target p99 < 5 ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer deals and positions")
    args = parser.parse_args()
    bench_dealing(5_000 if args.quick else 50_000)
    bench_claims(100 if args.quick else 1_000)
    bench_tables(20 if args.quick else 100)
    if not args.quick:
        bench_hand_record()


if __name__ == "__main__":
    main()
