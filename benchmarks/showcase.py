"""Benchmark: the showcase robots' contracts against par, and against the old robot (issue 12).

The robots of the ``make run`` sample session (``services.sample_event.play_table``: SAYC
bidding with the auction read by each robot, card play at the sample's level, each from its
own seat's view) play a fixed set of boards, one table each, and so does the old robot
(``robots.baseline``: its bidding and its card play) in the same run. The boards are the
sample session's own: dealt from the sample's seed in the same order, so the first 21 are the
boards of ``make run``'s Mitchell and the rest continue the same generator.

Per board, against par (``analysis.par``, double dummy, the board's dealer and vulnerability):

* the **IMP loss**: the IMPs between North-South's score and par, whichever way, since the
  same robots sit on both sides and every IMP one side gains over par the other loses (a
  board passed out scores 0 against par);
* the **contract's loss**: the same for the contract reached scored at its declarer's
  double-dummy tricks (the auction's worth, whatever the card play made of it): issue 12
  compares the robots' contracts with par;
* the declaring side's IMPs against par, as ``benchmarks/robots.py`` counts them (boards
  passed out left out), to compare with issue 14's figures.

Reported: the average losses of the showcase robots and of the old robot, their differences and
ratio, and the verdict on issue 14's figure for the contracts (the new robots at least 2 IMPs a
board better than the old). The robots play at full strength (the sample gives each pair a
skill below 1 to spread the travellers; ``--skill`` reproduces that).

Run: ``.venv/bin/python benchmarks/showcase.py`` (100 boards; ``--boards N`` for fewer;
``--first 101 --boards 200`` or ``--seed N`` for another set, to check that a change to the
robots is not tuned to the fixed 100).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from dupbridge.analysis.dd import DDTable, dd_table
from dupbridge.analysis.par import board_par
from dupbridge.core.boards import Board
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Side
from dupbridge.core.table import Phase, Table
from dupbridge.robots.baseline import robot_call, robot_card
from dupbridge.scoring.contract_score import score
from dupbridge.scoring.imps import imps
from dupbridge.services.sample_event import SAMPLE_LEVEL, SAMPLE_SEED, play_table
from dupbridge.tournament.outcomes import Played

#: Issue 14's target: the new robots at least this many IMPs a board better than the old.
TARGET_GAIN = 2.0


def old_robot(board: Board, deal: Deal) -> Played:
    """The old robot (``robots.baseline``) bids and plays the board at all four seats."""
    table = Table(board, deal)
    while table.phase is Phase.AUCTION:
        seat = table.turn
        assert seat is not None
        table.make_call(seat, robot_call(table.auction, deal[seat]))
    while table.phase is Phase.PLAY:
        seat = table.turn
        assert seat is not None
        table.play_card(seat, robot_card(table))
    if table.contract is None:
        return Played()
    return Played(table.contract, table.result)


def ns_score(played: Played, board: Board) -> int:
    """North-South's score of the board (0 when it was passed out; Law 77)."""
    contract = played.contract
    if contract is None or contract.declarer is None or played.tricks is None:
        return 0
    declarer = contract.declarer
    own = score(contract, played.tricks, board.vulnerability.is_vulnerable(declarer))
    return own if declarer.side is Side.NS else -own


def loss(played: Played, board: Board, par_ns: int) -> int:
    """The IMPs between North-South's score and par, whichever way."""
    return abs(imps(ns_score(played, board) - par_ns))


def at_double_dummy(played: Played, table: DDTable) -> Played:
    """The contract reached, with the tricks its declarer takes double dummy: the auction's
    worth, whatever the card play then made of it."""
    contract = played.contract
    if contract is None or contract.declarer is None:
        return played
    return Played(contract, table.tricks(contract.strain, contract.declarer))


def declaring_vs_par(played: Played, board: Board, par_ns: int) -> int | None:
    """The declaring side's IMPs against par (None when the board was passed out)."""
    contract = played.contract
    if contract is None or contract.declarer is None:
        return None
    sign = 1 if contract.declarer.side is Side.NS else -1
    return imps((ns_score(played, board) - par_ns) * sign)


def run(
    boards: int,
    seed: int = SAMPLE_SEED,
    skill: float = 1.0,
    first: int = 1,
    rng_per_board: bool = False,
) -> dict[str, float]:
    """Play ``boards`` boards with both robots, from board ``first`` of the seed's dealing on
    (the boards before it are dealt and skipped); print a line a board and the summary.

    The robots' random choices (card play by sampling) come from one generator for the whole
    run, as in the sample session; with ``rng_per_board`` each board has its own, seeded by
    its number, so that a change to one board's auction leaves the other boards' play as it
    was (to compare two versions of the robots board by board)."""
    deals = random.Random(seed)  # the sample session's dealing, in its order
    robots_rng = random.Random(seed + 1)
    started = time.perf_counter()
    losses: dict[str, list[int]] = {"showcase": [], "old": []}
    contracts: dict[str, list[int]] = {"showcase": [], "old": []}
    declaring: dict[str, list[int]] = {"showcase": [], "old": []}
    for _skipped in range(1, first):
        Deal.random(deals)
    for number in range(first, first + boards):
        board = Board.numbered(number)
        deal = Deal.random(deals)
        tricks = dd_table(deal)
        par = board_par(tricks, board)
        if rng_per_board:
            robots_rng = random.Random(seed * 100003 + number)
        new, _record = play_table(board, deal, robots_rng, (skill, skill))
        old = old_robot(board, deal)
        line = [f"board {number:3d} par {par.score:+5d}"]
        for name, played in (("showcase", new), ("old", old)):
            losses[name].append(loss(played, board, par.score))
            contracts[name].append(loss(at_double_dummy(played, tricks), board, par.score))
            difference = declaring_vs_par(played, board, par.score)
            if difference is not None:
                declaring[name].append(difference)
            contract = played.contract
            shown = "passed" if contract is None else f"{contract} {played.tricks}"
            line.append(f"{name} {shown} (loss {losses[name][-1]}, contract {contracts[name][-1]})")
        print(" ".join(line), flush=True)
    elapsed = time.perf_counter() - started
    new_loss, old_loss = (statistics.fmean(losses[name]) for name in ("showcase", "old"))
    new_contract, old_contract = (statistics.fmean(contracts[name]) for name in ("showcase", "old"))
    new_decl, old_decl = (statistics.fmean(declaring[name] or [0]) for name in ("showcase", "old"))
    gain = old_loss - new_loss
    contract_gain = old_contract - new_contract
    ratio = new_loss / old_loss if old_loss else float("nan")
    print(
        f"\n{boards} boards of the sample session (seed {seed}, from board {first}), "
        f"card play '{SAMPLE_LEVEL}', "
        f"skill {skill:g}, {elapsed:.0f} s"
    )
    print(
        f"average IMP loss against par:       showcase {new_loss:.2f}, old robot {old_loss:.2f}"
        f" (ratio {ratio:.2f})"
    )
    print(
        f"contracts against par (double dummy): showcase {new_contract:.2f}, "
        f"old robot {old_contract:.2f}; showcase better by {contract_gain:+.2f} IMPs a board"
    )
    print(
        f"declaring side's IMPs against par:  showcase {new_decl:+.2f} "
        f"({len(declaring['showcase'])} boards played), old robot {old_decl:+.2f} "
        f"({len(declaring['old'])} played)"
    )
    verdict = "met" if contract_gain >= TARGET_GAIN else "NOT met"
    print(f"played out, showcase better than the old robot: {gain:+.2f} IMPs a board")
    print(
        f"contracts, showcase better than the old robot: {contract_gain:+.2f} IMPs a board; "
        f"issue 14's figure +{TARGET_GAIN:.2f} (issue 12: the contracts): {verdict}"
    )
    return {
        "boards": float(boards),
        "showcase": new_loss,
        "old": old_loss,
        "gain": gain,
        "contract_showcase": new_contract,
        "contract_old": old_contract,
        "contract_gain": contract_gain,
        "ratio": ratio,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=100, help="boards to play (default 100)")
    parser.add_argument(
        "--seed", type=int, default=SAMPLE_SEED, help="seed of the boards (the sample's)"
    )
    parser.add_argument(
        "--skill", type=float, default=1.0, help="the robots' skill, 0-1 (the sample: 0.90-0.995)"
    )
    parser.add_argument(
        "--first",
        type=int,
        default=1,
        help="the first board to play (default 1; 101 with --boards 200: another set)",
    )
    parser.add_argument(
        "--rng-per-board",
        action="store_true",
        help="a random generator per board for the robots' play (compare versions board by board)",
    )
    args = parser.parse_args()
    if args.boards < 1 or not 0 <= args.skill <= 1:
        parser.error("--boards must be at least 1 and --skill between 0 and 1")
    if args.first < 1:
        parser.error("--first must be at least 1 (boards are numbered from 1)")
    run(args.boards, args.seed, args.skill, args.first, args.rng_per_board)


if __name__ == "__main__":
    main()
