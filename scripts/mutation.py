"""Mutation testing of the core packages with mutmut 3, bounded in time (issue 19).

``make mutation`` runs this script. For each module pattern it mutates (``--only``, default
the four central packages core, scoring, laws and rulings) it builds a working copy in
``.mutation/`` (the sources, the tests and a pyproject.toml whose ``[tool.mutmut]`` section is
written here), runs ``mutmut run`` there with the package's own tests, stops it when the time
budget is spent, and writes the report: mutants killed, survived, timed out and not yet
checked per module, and the diff of every surviving mutant (``.mutation/report.txt``).

Hypothesis runs derandomized (the ``mutation`` profile of tests/conftest.py), so that a
mutant's verdict does not depend on the examples drawn. A surviving mutant is either pinned
by a new test or, when it cannot change behaviour, listed as equivalent in
``docs/mutation-equivalent.txt`` (one mutant name a line, ``#`` comments), which the report
leaves out of the score.

Examples::

    make mutation                                     # core scoring laws rulings, 20 min each
    make mutation MUTATE="scoring" BUDGET=600
    python scripts/mutation.py --only core/contract.py --tests tests/core --budget 300
    python scripts/mutation.py --only scoring --resume            # finish an interrupted run
    python scripts/mutation.py --only scoring --resume --recheck  # survivors, with new tests

``--resume`` keeps the working copy and mutmut's verdicts so far (the sources and mutants are
not rebuilt) and copies the current tests, docs and ``tests/conftest.py`` into it; mutmut then
tests only the mutants not yet checked. ``--recheck`` first names every surviving or untested
mutant to mutmut, which runs it again against the tests now covering it, then goes on with
the mutants not yet checked, all within the one budget.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / ".mutation"
EQUIVALENT = ROOT / "docs" / "mutation-equivalent.txt"
DEFAULT_PACKAGES = ("core", "scoring", "laws", "rulings")
#: mutmut's verdicts (``mutmut results --all true``) and how the report counts them.
KILLED = {"killed", "caught by type check"}
SURVIVED = {"survived"}
TIMEOUT = {"timeout", "suspicious"}
#: What ``--recheck`` tests again: survivors, and mutants that no test covered.
RECHECK = {"survived", "no tests"}


def mutmut_section(pattern: str, tests: list[str]) -> str:
    """The ``[tool.mutmut]`` section for mutating ``src/dupbridge/<pattern>``."""
    only = f"src/dupbridge/{pattern}"
    if not only.endswith(".py"):
        only = only.rstrip("/") + "/*"
    lines = [
        "[tool.mutmut]",
        'source_paths = ["src"]',
        f"only_mutate = [{only!r}]".replace("'", '"'),
        "pytest_add_cli_args_test_selection = [" + ", ".join(f'"{test}"' for test in tests) + "]",
        # tests/laws/test_structure.py reads the modules' source (their length, their imports),
        # which in mutmut's copy is the trampolined code: it is no test of behaviour there.
        'pytest_add_cli_args = ["-q", "-p", "no:cacheprovider", "-x", '
        '"--ignore=tests/laws/test_structure.py"]',
        'process_isolation = "forkserver"',
        # Tests that check the documentation against the code read docs/ and the README.
        'also_copy = ["docs", "README.md"]',
        "use_git_change_detection = false",
        "use_setproctitle = false",
    ]
    return "\n".join(lines) + "\n"


def prepare(workdir: Path, pattern: str, tests: list[str]) -> None:
    """A fresh working copy: sources, tests, and pyproject.toml with the mutmut section."""
    if workdir.exists():
        shutil.rmtree(workdir)
    workdir.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "src", workdir / "src", ignore=ignore)
    shutil.copytree(ROOT / "tests", workdir / "tests", ignore=ignore)
    shutil.copytree(ROOT / "docs", workdir / "docs", ignore=ignore)
    shutil.copy2(ROOT / "README.md", workdir / "README.md")
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    text = re.sub(r"(?ms)^\[tool\.mutmut\].*?(?=^\[|\Z)", "", text)
    (workdir / "pyproject.toml").write_text(
        text + "\n" + mutmut_section(pattern, tests), encoding="utf-8"
    )


def refresh(workdir: Path) -> None:
    """Copy the current tests and docs into an existing working copy (sources untouched);
    ``mutmut run`` copies them on into its ``mutants/`` folder."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("tests", "docs"):
        shutil.copytree(ROOT / folder, workdir / folder, ignore=ignore, dirs_exist_ok=True)


def run_budgeted(workdir: Path, budget: float, children: int, names: Sequence[str] = ()) -> bool:
    """Run ``mutmut run`` in ``workdir`` for at most ``budget`` seconds; True if it finished.

    ``names`` (mutant names) makes mutmut test those mutants again, and only those.
    """
    env = {
        **os.environ,
        "DUPBRIDGE_HYPOTHESIS": "mutation",
        "DUPBRIDGE_SHARED_DATA": os.environ.get(
            "DUPBRIDGE_SHARED_DATA", str(ROOT.parent / "shared" / "data")
        ),
    }
    log = (workdir / "mutmut-run.log").open("w", encoding="utf-8")
    process = subprocess.Popen(  # noqa: S603
        [sys.executable, "-m", "mutmut", "run", "--max-children", str(children), *names],
        cwd=workdir,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        process.wait(timeout=budget)
        return process.returncode == 0
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        return False
    finally:
        log.close()


def results(workdir: Path) -> dict[str, str]:
    """Each mutant's name and mutmut's verdict so far."""
    run = subprocess.run(
        [sys.executable, "-m", "mutmut", "results", "--all", "true"],
        cwd=workdir,
        capture_output=True,
        text=True,
        check=False,
    )
    verdicts = {}
    for line in run.stdout.splitlines():
        name, sep, verdict = line.strip().rpartition(": ")
        if sep and name:
            verdicts[name] = verdict.strip()
    return verdicts


def show(workdir: Path, name: str) -> str:
    """The diff of one mutant."""
    run = subprocess.run(  # noqa: S603
        [sys.executable, "-m", "mutmut", "show", name],
        cwd=workdir,
        capture_output=True,
        text=True,
        check=False,
    )
    return run.stdout.strip()


def equivalent_mutants() -> set[str]:
    """The reviewed list of mutants that cannot change behaviour."""
    if not EQUIVALENT.exists():
        return set()
    names = set()
    for line in EQUIVALENT.read_text(encoding="utf-8").splitlines():
        name = line.split("#", 1)[0].strip()
        if name:
            names.add(name)
    return names


def summarise(pattern: str, verdicts: dict[str, str], finished: bool, out: list[str]) -> float:
    """Add the summary of one pattern to ``out``; return its kill rate (0-100)."""
    equivalent = equivalent_mutants()
    counts: Counter[str] = Counter()
    survivors = []
    for name, verdict in sorted(verdicts.items()):
        if name in equivalent:
            counts["equivalent"] += 1
        elif verdict in KILLED:
            counts["killed"] += 1
        elif verdict in SURVIVED:
            counts["survived"] += 1
            survivors.append(name)
        elif verdict in TIMEOUT:
            counts["timeout"] += 1
        else:
            counts["not checked"] += 1
    checked = counts["killed"] + counts["survived"] + counts["timeout"]
    rate = 100.0 * (counts["killed"] + counts["timeout"]) / checked if checked else 0.0
    out.append(
        f"== {pattern}: {len(verdicts)} mutants, {'finished' if finished else 'budget spent'}"
    )
    out.extend(
        f"   {key:<12} {counts[key]}"
        for key in ("killed", "timeout", "survived", "equivalent", "not checked")
    )
    out.append(f"   killed (with timeouts) of the checked non-equivalent: {rate:.1f} %")
    return rate


def main() -> int:
    """Run each pattern within its budget and write the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--only",
        nargs="+",
        default=list(DEFAULT_PACKAGES),
        help="packages or modules under src/dupbridge to mutate (e.g. scoring core/contract.py)",
    )
    parser.add_argument(
        "--tests",
        nargs="+",
        help="the tests to run (default: tests/<package> of each pattern)",
    )
    parser.add_argument("--budget", type=float, default=1200, help="seconds per pattern")
    parser.add_argument("--max-children", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    parser.add_argument("--diffs", type=int, default=200, help="survivor diffs to print at most")
    parser.add_argument(
        "--resume",
        action="store_true",
        help="keep the working copy and its verdicts; refresh its tests; test what is unchecked",
    )
    parser.add_argument(
        "--recheck",
        action="store_true",
        help="with --resume: first test the surviving and untested mutants again",
    )
    options = parser.parse_args()
    tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))  # fail early if broken
    report: list[str] = []
    details: list[str] = []
    for pattern in options.only:
        package = pattern.split("/", 1)[0].removesuffix(".py")
        tests = options.tests or [f"tests/{package}"]
        workdir = WORK / pattern.replace("/", "_").removesuffix(".py")
        start = time.monotonic()
        if options.resume and (workdir / "mutants").is_dir():
            refresh(workdir)
        else:
            prepare(workdir, pattern, tests)
        if options.resume and options.recheck:
            # The survivors first: whether the new tests kill them matters most.
            equivalent = equivalent_mutants()
            again = [
                name
                for name, verdict in results(workdir).items()
                if verdict in RECHECK and name not in equivalent
            ]
            if again:
                run_budgeted(workdir, options.budget, options.max_children, again)
        left = options.budget - (time.monotonic() - start)
        finished = left > 0 and run_budgeted(workdir, left, options.max_children)
        verdicts = results(workdir)
        summarise(pattern, verdicts, finished, report)
        report.append(f"   {time.monotonic() - start:.0f} s; tests: {' '.join(tests)}")
        equivalent = equivalent_mutants()
        survivors = [
            name
            for name, verdict in sorted(verdicts.items())
            if verdict in SURVIVED and name not in equivalent
        ]
        details.extend(show(workdir, name) for name in survivors[: options.diffs])
        print("\n".join(report[-8:]), flush=True)  # noqa: T201 - the run's summary
    text = "\n".join(report) + "\n\n== surviving mutants\n\n" + "\n\n".join(details) + "\n"
    WORK.mkdir(exist_ok=True)
    (WORK / "report.txt").write_text(text, encoding="utf-8")
    print(f"report: {(WORK / 'report.txt').relative_to(ROOT)}")  # noqa: T201
    return 0


if __name__ == "__main__":
    sys.exit(main())
