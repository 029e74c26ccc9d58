"""The examples of README.md and docs/*.md run as written: the ``>>>`` examples by doctest,
the shell examples with the ``dupbridge`` command in a fresh folder (one per document, in
order, so a file one example writes is there for the next)."""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
README = ROOT / "README.md"

#: Options whose value is a file the command writes (it need not exist before).
OUTPUT_OPTIONS = {"--out", "--record", "--pdf", "--csv", "--save", "--key-file"}
FILE_TOKEN = re.compile(
    r"^[\w./-]+\.(json|pbn|csv|xml|lin|dup|dlm|bri|dge|ber|bhg|rzd|cds|html|htm|key|yaml|yml|bws|txt)$"
)
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.M | re.S)


def shell_lines(document: Path) -> list[str]:
    """The commands of the document's ``sh``/``console`` blocks (a console block's commands
    are its ``$`` lines; the other lines are their output)."""
    lines: list[str] = []
    for match in FENCE.finditer(document.read_text(encoding="utf-8")):
        language, body = match.group(1), match.group(2)
        if language in ("sh", "bash", "shell"):
            # A line ending in a backslash goes on on the next one: one command.
            joined = body.replace("\\\n", " ")
            lines += [line for line in joined.splitlines() if line.strip()]
        elif language == "console":
            lines += [line[2:] for line in body.splitlines() if line.startswith("$ ")]
    return lines


def needs(line: str) -> list[str]:
    """The files a command line reads (file names not written by it)."""
    words = shlex.split(line, comments=True)
    files: list[str] = []
    for index, word in enumerate(words):
        if not FILE_TOKEN.match(word):
            continue
        if index and words[index - 1] in OUTPUT_OPTIONS:
            continue
        if "convert" in words and index == len(words) - 1:  # convert SOURCE TARGET
            continue
        files.append(word)
    return files


def runnable(line: str, folder: Path) -> bool:
    """A line that runs by itself: a ``dupbridge`` command (not the Makefile), not one that
    waits for a person at the keyboard, whose input files are there."""
    words = shlex.split(line, comments=True)
    if not words or "dupbridge" not in words:
        return False
    if words[0] == "dupbridge" and words[1:2] == ["play"] and "--auto" not in words:
        return False  # a person plays
    if words[0] == "dupbridge" and words[1:2] in (["serve"], ["run"]):
        return False  # a server runs until it is stopped (tests/web starts it and stops it)
    return all((folder / name).exists() for name in needs(line))


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_python_examples(document: Path) -> None:
    """Every ``>>>`` example gives the output shown."""
    result = doctest.testfile(str(document), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert 0 == result.failed


def test_readme_has_python_examples() -> None:
    """The README's library examples are checked (not an empty doctest run)."""
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0


def _has_dupbridge_lines(document: Path) -> bool:
    return any("dupbridge" in shlex.split(line, comments=True) for line in shell_lines(document))


@pytest.mark.slow
@pytest.mark.parametrize(
    "document", [d for d in DOCUMENTS if _has_dupbridge_lines(d)], ids=lambda path: path.name
)
def test_shell_examples(document: Path, tmp_path: Path) -> None:
    """Every self-contained shell example exits 0 when run as written."""
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "COLUMNS": "100",
    }
    ran: list[str] = []
    for line in shell_lines(document):
        if not runnable(line, tmp_path):
            continue
        result = subprocess.run(
            ["/bin/bash", "-c", line],
            cwd=tmp_path,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert 0 == result.returncode, f"{document.name}: {line}\n{result.stderr[-2000:]}"
        ran.append(line)
    assert ran, f"{document.name}: no example could run by itself"
