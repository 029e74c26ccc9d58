"""`dupbridge run` (make run): the server with the demo club, its address printed, a demo
Director's account that signs in, the lobby with the robot session's live ranking."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.web.servers import free_port


def test_run_serves_the_demo_club(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "DUPBRIDGE_ROBOT_PACE": "0", "DUPBRIDGE_RESULTS_DIR": str(tmp_path / "r")}
    env.pop("DUPBRIDGE_DATABASE_URL", None)
    log = tmp_path / "run.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "dupbridge.cli", "run", "--port", str(port)],
            cwd=tmp_path, stdout=out, stderr=subprocess.STDOUT, env=env,
        )  # fmt: skip
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            try:
                if httpx.get(f"{base}/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.3)
        output = log.read_text()
        assert f"dupbridge serving on {base}" in output
        found = re.search(r"name (\S+), password (\S+)", output)
        assert found is not None, output
        assert (tmp_path / "dupbridge.sqlite3").exists()  # the SQLite default
        with httpx.Client(base_url=base, timeout=10) as client:
            lobby = client.get("/")
            assert lobby.status_code == 200
            assert "Play a board with three robots" in lobby.text
            assert "Robot club pairs" in lobby.text  # the robot session runs beside it
            signed = client.post(
                "/signin/director", data={"name": found.group(1), "password": found.group(2)}
            )
            assert signed.status_code == 303
            assert client.get("/manage/sessions").status_code == 200
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
