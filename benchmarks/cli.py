"""Benchmark: start-up time of commands that need no double-dummy analysis.

``dupbridge --help`` and ``dupbridge formats`` are timed as fresh processes (wall clock, best
of several interleaved runs), against ``python -c pass`` measured in the same run: the floor
every Python command pays. Target (issue 12): each under 0.3 s wall on an idle machine; the
ratio to the floor is what to compare between machines, and the load average (from
``/proc/loadavg``) before and after is printed with them. Also listed: the heavy libraries each
command imported (none of endplay, matplotlib, reportlab, numpy, networkx, jinja2, nor the
command-line framework Typer, Rich, click and pydantic, nor FastAPI or SQLAlchemy, should be).

Run: ``.venv/bin/python benchmarks/cli.py [--repeat K]``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

COMMANDS: dict[str, list[str]] = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "dupbridge --help": [sys.executable, "-m", "dupbridge.cli", "--help"],
    "dupbridge formats": [sys.executable, "-m", "dupbridge.cli", "formats"],
}
HEAVY = (
    "endplay", "matplotlib", "reportlab", "numpy", "networkx", "jinja2",
    "typer", "rich", "click", "pydantic", "fastapi", "sqlalchemy",
)  # fmt: skip
TARGET_SECONDS = 0.3


def load_average() -> str:
    """The 1, 5 and 15 minute load averages (``/proc/loadavg``), or ``?`` off Linux."""
    try:
        with open("/proc/loadavg", encoding="ascii") as file:
            return " ".join(file.read().split()[:3])
    except OSError:
        return "?"


def wall(command: list[str]) -> float:
    """Seconds of wall clock for one run of ``command``."""
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env={**os.environ, "COLUMNS": "100"})  # noqa: S603
    return time.perf_counter() - start


def heavy_imports(args: list[str]) -> list[str]:
    """The heavy libraries a command imports (``python -X importtime``)."""
    run = subprocess.run(  # noqa: S603
        [sys.executable, "-X", "importtime", "-m", "dupbridge.cli", *args],
        check=True,
        capture_output=True,
        text=True,
    )
    names = {line.rsplit("|", 1)[-1].strip().split(".")[0] for line in run.stderr.splitlines()}
    return [name for name in HEAVY if name in names]


def main() -> None:
    """Time each command, print the best times and the ratio to the floor."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=7)
    options = parser.parse_args()
    before = load_average()
    best = dict.fromkeys(COMMANDS, float("inf"))
    for _round in range(options.repeat):
        for name, command in COMMANDS.items():
            best[name] = min(best[name], wall(command))
    floor = best["python -c pass"]
    print(f"load average before {before}, after {load_average()}; {options.repeat} rounds")
    print(f"{'command':<20} {'best wall s':>11} {'x floor':>8}")
    for name, seconds in best.items():
        print(f"{name:<20} {seconds:>11.3f} {seconds / floor:>8.1f}")
    for name, args in (("dupbridge --help", ["--help"]), ("dupbridge formats", ["formats"])):
        loaded = heavy_imports(args)
        verdict = "ok" if best[name] <= TARGET_SECONDS else "over target"
        print(
            f"{name}: {verdict} ({TARGET_SECONDS} s); heavy imports: {', '.join(loaded) or 'none'}"
        )


if __name__ == "__main__":
    main()
