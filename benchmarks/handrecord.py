"""Benchmark: a hand record against bare double dummy for the same deals, in the same run.

Issue 19's target: a hand record (double-dummy tables, par, the PDF) takes no more than 0.5 s
over the raw solver for the same deals. Two comparisons, each interleaved (raw, ours, ours,
raw) and repeated, with the median of each side:

1. *Library*: ``analyse_boards`` + ``render_pdf`` in this process against endplay's batch call
   (``calc_all_tables`` in batches of 40, then ``par`` per table) in this process.
2. *Command line*: ``dupbridge handrecord deals.pbn --out x.pdf`` as a fresh process against a
   fresh ``python`` process that imports endplay and makes the same batch calls: what a user
   waits for, imports included.

Wall clock (DDS uses every core). Run: ``.venv/bin/python benchmarks/handrecord.py
[--boards 32] [--repeat 3]``.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from endplay.dds import calc_all_tables, par
from endplay.types import Deal, Player

from dupbridge.analysis.dealing import DealingKey, deal_set
from dupbridge.analysis.handrecord import analyse_boards, render_pdf
from dupbridge.core.boards import Board

KEY = DealingKey(bytes.fromhex("5eed" * 16))
TARGET = 0.5

RAW_SCRIPT = """
import sys
from endplay.dds import calc_all_tables, par
from endplay.types import Deal, Player
lines = open(sys.argv[1]).read().split()
deals = [Deal(line.replace("_", " ")) for line in lines[1::3]]
numbers = [int(n) for n in lines[0::3]]
dealers = lines[2::3]
tables = []
for i in range(0, len(deals), 40):
    tables.extend(calc_all_tables(deals[i : i + 40]))
for number, dealer, table in zip(numbers, dealers, tables):
    par(table, number, Player.find(dealer))
"""


def raw_in_process(deals: list[str], numbers: list[int]) -> float:
    """endplay alone on the deals (its deal objects built before the clock starts)."""
    endplay_deals = [Deal(text) for text in deals]
    start = time.perf_counter()
    tables = []
    for i in range(0, len(endplay_deals), 40):
        tables.extend(calc_all_tables(endplay_deals[i : i + 40]))
    for number, table in zip(numbers, tables, strict=True):
        par(table, number, Player.find(Board.numbered(number).dealer.letter))
    return time.perf_counter() - start


def ours_in_process(boards: list[tuple[Board, object]]) -> float:
    """The library's hand record: analysis and the PDF."""
    start = time.perf_counter()
    analysed = analyse_boards(boards)  # type: ignore[arg-type]
    render_pdf(analysed, title="Benchmark")
    return time.perf_counter() - start


def wall(command: list[str]) -> float:
    """Seconds of wall clock for one run of ``command`` (which must succeed)."""
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)  # noqa: S603
    return time.perf_counter() - start


def write_pbn(path: Path, items: list[tuple[Board, str]]) -> None:
    """A minimal PBN file of the deals."""
    games = []
    for board, deal in items:
        games.append(
            f'[Board "{board.number}"]\n[Dealer "{board.dealer.letter}"]\n'
            f'[Vulnerable "{board.vulnerability.value}"]\n[Deal "{deal}"]\n'
        )
    path.write_text("\n".join(games), encoding="utf-8")


def main() -> None:
    """Measure both comparisons and print the medians and the differences."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=32)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    dealt = deal_set(KEY, range(1, options.boards + 1))
    pbn_deals = [item.deal.to_pbn() for item in dealt]
    numbers = [item.board.number for item in dealt]
    boards = [(item.board, item.deal) for item in dealt]

    raw_lib: list[float] = []
    ours_lib: list[float] = []
    raw_cli: list[float] = []
    ours_cli: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        pbn = folder / "deals.pbn"
        write_pbn(pbn, [(item.board, item.deal.to_pbn()) for item in dealt])
        listing = folder / "deals.txt"
        listing.write_text(
            "\n".join(
                f"{item.board.number} {text.replace(' ', '_')} {item.board.dealer.letter}"
                for item, text in zip(dealt, pbn_deals, strict=True)
            ),
            encoding="utf-8",
        )
        raw_command = [sys.executable, "-c", RAW_SCRIPT, str(listing)]
        cli = [sys.executable, "-m", "dupbridge.cli", "handrecord", str(pbn)]
        ours_command = [*cli, "--out", str(folder / "records.pdf")]
        ours_in_process(boards[:4])  # warm up: imports, fonts
        for round_ in range(options.repeat):
            order = (0, 1, 1, 0) if round_ % 2 == 0 else (1, 0, 0, 1)
            for which in order:
                if which:
                    ours_lib.append(ours_in_process(boards))
                    ours_cli.append(wall(ours_command))
                else:
                    raw_lib.append(raw_in_process(pbn_deals, numbers))
                    raw_cli.append(wall(raw_command))
    results = (
        ("library (in process)", statistics.median(ours_lib), statistics.median(raw_lib)),
        ("command line (fresh process)", statistics.median(ours_cli), statistics.median(raw_cli)),
    )
    print(f"hand record of {options.boards} boards, median of {2 * options.repeat} runs each:")
    for name, ours, raw in results:
        verdict = "met" if ours - raw <= TARGET else "NOT met"
        print(
            f"  {name:<29} hand record {ours:6.2f} s, raw DDS {raw:6.2f} s: "
            f"+{ours - raw:.2f} s, ratio {ours / raw:.2f} (target +{TARGET} s: {verdict})"
        )


if __name__ == "__main__":
    main()
