"""Benchmark: the robots' card play by simulation against the old robot (issue 14).

Fixed random boards (seeded), four robots at each table, the auction by one bidding function
(the old robot's ``robot_call`` until the new bidding system is wired in: ``run(bidding=...)``)
so that both robots play the same contracts. Each board is played four times in the same run:

* **old**: four old robots (``robots.baseline.robot_card``);
* **new**: four new robots (``robots.play.choose_card`` at the ``standard`` level, each from
  its own seat's view and the public play record only);
* **match**: new North-South against old East-West, and old North-South against new
  East-West, as in a team match: the IMPs between the two tables are the new robot's gain
  (the same contract at both tables, so the card play alone makes the difference).

Per board: declarer's tricks against double dummy for the contract reached, and the IMPs of
the declaring side against par (``analysis.par``). Reported: the new robot's IMP gain (the
match), the average IMP difference against par new vs old, the boards whose contract is at the
par level or better, declarer's average tricks against double dummy, and the layouts solved
per card.

Run: ``.venv/bin/python benchmarks/robots.py`` (``--boards N``, ``--budget S`` seconds per
card, ``--seed N``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from dupbridge.analysis.dd import dd_table
from dupbridge.analysis.par import board_par
from dupbridge.core.auction import Auction
from dupbridge.core.boards import Board
from dupbridge.core.calls import Call
from dupbridge.core.cards import Card, Hand
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat, Side
from dupbridge.core.table import Phase, Table
from dupbridge.core.views import view_for
from dupbridge.robots.baseline import robot_call, robot_card
from dupbridge.robots.bidding import choose_call, read_auction
from dupbridge.robots.constraints import HandConstraint
from dupbridge.robots.play import decide
from dupbridge.scoring.contract_score import score
from dupbridge.scoring.imps import imps

Bidding = Callable[[Auction, Hand], Call]
Reader = Callable[[Auction, Seat], Mapping[Seat, HandConstraint]]


@dataclass
class Played:
    """One board at one table: the contract's declarer side score and tricks."""

    ns_score: int
    tricks: int | None
    samples: list[int]


def _auction(board: Board, deal: Deal, bidding: Bidding) -> Table:
    table = Table(board, deal)
    while table.phase is Phase.AUCTION:
        seat = table.turn
        assert seat is not None
        table.make_call(seat, bidding(table.auction, deal[seat]))
    return table


def _play(
    board: Board,
    deal: Deal,
    *,
    bidding: Bidding,
    new_sides: set[Side],
    budget_s: float,
    rng: random.Random,
    reader: Reader | None,
) -> Played:
    table = _auction(board, deal, bidding)
    samples: list[int] = []
    if table.phase is not Phase.PLAY:
        return Played(0, None, samples)
    play = table.play
    assert play is not None
    while table.phase is Phase.PLAY:
        seat = table.turn
        assert seat is not None
        chooser = table.declarer if seat is table.dummy else seat
        assert chooser is not None
        if chooser.side in new_sides:
            constraints = reader(table.auction, chooser) if reader is not None else None
            view = view_for(table, chooser)
            decision = decide(view, constraints, budget_s=budget_s, rng=rng, history=play.plays())
            if len(view.legal_cards) > 1:
                samples.append(decision.samples)
            card: Card = decision.card
        else:
            card = robot_card(table)
        table.play_card(seat, card)
    contract, declarer, tricks = table.contract, table.declarer, table.result
    assert contract is not None
    assert declarer is not None
    assert tricks is not None
    own = score(contract, tricks, board.vulnerability.is_vulnerable(declarer))
    return Played(own if declarer.side is Side.NS else -own, tricks, samples)


def run(
    boards: int,
    budget_s: float,
    seed: int,
    *,
    bidding: Bidding = robot_call,
    reader: Reader | None = None,
) -> dict[str, float]:
    """Play the boards and print one line per board; return the summary figures."""
    deals = random.Random(seed)  # the boards, fixed by the seed alone
    rng = random.Random(seed + 1)  # the robots' sampling
    settings: dict[str, Any] = {
        "bidding": bidding,
        "budget_s": budget_s,
        "rng": rng,
        "reader": reader,
    }
    started = time.perf_counter()
    old_vs_par: list[int] = []
    new_vs_par: list[int] = []
    gains: list[int] = []
    at_par = 0
    played_boards = 0
    dd_diff: dict[str, list[int]] = {"old": [], "new": []}
    samples: list[int] = []
    for number in range(1, boards + 1):
        board = Board.numbered(number)
        deal = Deal.random(deals)
        table = _auction(board, deal, bidding)
        contract, declarer = table.contract, table.declarer
        dd = dd_table(deal)
        par = board_par(dd, board)
        if contract is None or declarer is None:
            continue  # passed out: no card play to compare
        played_boards += 1
        side = declarer.side
        par_level = max((c.level for c in par.contracts), default=0)
        at_par += contract.level >= par_level
        dd_tricks = dd[contract.strain, declarer]
        line = [f"board {number:3d} {contract} by {declarer.letter}: DD {dd_tricks}"]
        results = {}
        for name, sides in (("old", set()), ("new", {Side.NS, Side.EW})):
            result = _play(board, deal, **settings, new_sides=sides)
            results[name] = result
            samples.extend(result.samples)
            assert result.tricks is not None
            dd_diff[name].append(result.tricks - dd_tricks)
            line.append(f"{name} {result.tricks}")
        old_vs_par.append(
            imps((results["old"].ns_score - par.score) * (1 if side is Side.NS else -1))
        )
        new_vs_par.append(
            imps((results["new"].ns_score - par.score) * (1 if side is Side.NS else -1))
        )
        new_ns = _play(board, deal, **settings, new_sides={Side.NS})
        new_ew = _play(board, deal, **settings, new_sides={Side.EW})
        samples.extend(new_ns.samples + new_ew.samples)
        gains.append(imps(new_ns.ns_score - new_ew.ns_score))
        line.append(f"match {new_ns.tricks}/{new_ew.tricks} ({gains[-1]:+d} IMPs)")
        print(" ".join(line), flush=True)
    elapsed = time.perf_counter() - started
    count = max(1, played_boards)
    summary = {
        "boards": float(boards),
        "played": float(played_boards),
        "gain": statistics.fmean(gains) if gains else 0.0,
        "par_diff": statistics.fmean(n - o for n, o in zip(new_vs_par, old_vs_par, strict=True))
        if gains
        else 0.0,
        "old_vs_par": statistics.fmean(old_vs_par) if gains else 0.0,
        "new_vs_par": statistics.fmean(new_vs_par) if gains else 0.0,
        "at_par": 100.0 * at_par / count,
        "old_dd": statistics.fmean(dd_diff["old"]) if gains else 0.0,
        "new_dd": statistics.fmean(dd_diff["new"]) if gains else 0.0,
        "samples": statistics.fmean(samples) if samples else 0.0,
        "seconds": elapsed,
    }
    print(
        f"\n{boards} boards ({played_boards} played), {budget_s:g} s a card, seed {seed}, "
        f"{elapsed:.0f} s"
    )
    print(f"new robot's gain over the old (team match):   {summary['gain']:+.2f} IMPs a board")
    print(
        f"declaring side's IMPs against par:            old {summary['old_vs_par']:+.2f}, "
        f"new {summary['new_vs_par']:+.2f} (difference {summary['par_diff']:+.2f})"
    )
    print(f"contracts at the par level or better:         {summary['at_par']:.0f}%")
    print(
        f"declarer's tricks against double dummy:       old {summary['old_dd']:+.2f}, "
        f"new {summary['new_dd']:+.2f}"
    )
    print(f"layouts solved per card (new robot):          {summary['samples']:.0f}")
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=16, help="boards to play (default 16)")
    parser.add_argument(
        "--budget", type=float, default=0.05, help="seconds per card for the new robot"
    )
    parser.add_argument("--seed", type=int, default=14, help="seed of the boards")
    parser.add_argument(
        "--sayc",
        action="store_true",
        help="bid with the SAYC robots and feed their reading of the auction to the card play",
    )
    args = parser.parse_args()
    if args.boards < 1 or args.budget < 0:
        parser.error("--boards must be at least 1 and --budget not negative")
    if args.sayc:
        run(args.boards, args.budget, args.seed, bidding=sayc_call, reader=read_auction)
    else:
        run(args.boards, args.budget, args.seed)


def sayc_call(auction: Auction, hand: Hand) -> Call:
    """The SAYC robots' call (``robots.bidding.choose_call``) for the player to call."""
    seat = auction.turn
    assert seat is not None
    return choose_call(auction, hand, seat)[0]


if __name__ == "__main__":
    main()
