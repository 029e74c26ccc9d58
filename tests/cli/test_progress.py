"""Progress on long jobs: a spinner or bar on a terminal's standard error, nothing when the
output is piped (so files and scripts get only the results)."""

from __future__ import annotations

import os
import select
import subprocess
import sys
from pathlib import Path

import pytest

KEY = "00" * 32


def run_in_pty(args: list[str]) -> tuple[int, str]:
    """Run `dupbridge ARGS` on a pseudo-terminal; its exit status and everything it wrote."""
    master, slave = os.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "dupbridge.cli", *args],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env={**os.environ, "TERM": "xterm", "COLUMNS": "100"},
        close_fds=True,
    )
    os.close(slave)
    data = b""
    try:
        while select.select([master], [], [], 120)[0]:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            data += chunk
    finally:
        code = process.wait(timeout=120)
        os.close(master)
    return code, data.decode("utf-8", "replace")


def test_dealing_shows_a_spinner_on_a_terminal(tmp_path: Path) -> None:
    """Law 6E dealing of a set: the terminal sees `dealing 8 boards...` while it runs."""
    code, text = run_in_pty(
        ["deal", "--boards", "1-8", "--out", str(tmp_path / "s.pbn"), "--key", KEY]
    )
    assert 0 == code, text
    assert "dealing 8 boards..." in text


@pytest.mark.slow
def test_analysing_shows_a_progress_bar_on_a_terminal(tmp_path: Path) -> None:
    """Double dummy for a set shows its bar (`double dummy` with boards done of all)."""
    source = tmp_path / "s.pbn"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "dupbridge.cli",
            "deal",
            "--boards",
            "1-4",
            "--out",
            str(source),
            "--key",
            KEY,
        ],
        check=True,
        capture_output=True,
    )
    code, text = run_in_pty(["analyse", str(source), "--out", str(tmp_path / "dd.pbn")])
    assert 0 == code, text
    assert "double dummy" in text
    assert "/4" in text


def test_nothing_when_piped(tmp_path: Path) -> None:
    """Piped, standard error holds no spinner, only the one-line report."""
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "dupbridge.cli",
            "deal",
            "--boards",
            "1-8",
            "--out",
            str(tmp_path / "s.pbn"),
            "--key",
            KEY,
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert 0 == run.returncode
    assert "dealing 8 boards..." not in run.stderr + run.stdout
    assert "\x1b[" not in run.stderr
