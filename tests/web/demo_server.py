"""`dupbridge run` (the demo club) as a subprocess on 127.0.0.1, for the run and browser
tests; every wait is bounded."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

from tests.web.servers import free_port


@dataclass
class DemoServer:
    """A running demo club: its address, the demo Director and the server's output."""

    base: str
    director: tuple[str, str]
    log: Path
    folder: Path


@contextmanager
def demo_server(folder: Path, *, pace: float = 0.0, start_s: float = 60.0) -> Iterator[DemoServer]:
    """Run ``dupbridge run`` in ``folder`` (its SQLite default there) until the block ends."""
    port = free_port()
    env = {
        **os.environ,
        "DUPBRIDGE_ROBOT_PACE": str(pace),
        "DUPBRIDGE_RESULTS_DIR": str(folder / "results"),
    }
    env.pop("DUPBRIDGE_DATABASE_URL", None)
    log = folder / "run.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "dupbridge.cli", "run", "--port", str(port)],
            cwd=folder, stdout=out, stderr=subprocess.STDOUT, env=env,
        )  # fmt: skip
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + start_s
        while True:
            assert process.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            try:
                if httpx.get(f"{base}/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.3)
        found = re.search(r"name (\S+), password (\S+)", log.read_text())
        assert found is not None, log.read_text()
        yield DemoServer(base, (found.group(1), found.group(2)), log, folder)
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
