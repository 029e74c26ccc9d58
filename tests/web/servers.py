"""Real server processes for the fault and scale-out tests: ``dupbridge serve`` on
127.0.0.1, a free port each, stopped (or killed) by the test; every wait is bounded."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from tests.web.conftest import SECRET

STARTUP_SECONDS = 120.0
FRAME_SECONDS = 20.0


def free_port() -> int:
    """A port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


class Server:
    """One ``dupbridge serve`` process."""

    def __init__(self, database_url: str, log: Path, redis_url: str | None = None) -> None:
        self.database_url = database_url
        self.redis_url = redis_url
        self.log = log
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def http(self) -> str:
        """The base HTTP URL."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        """The base WebSocket URL."""
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Server:
        """Start the process and wait (bounded) until it answers."""
        self.port = free_port()
        command = [
            str(Path(sys.executable).parent / "dupbridge"),
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--database-url",
            self.database_url,
        ]
        if self.redis_url:
            command += ["--redis-url", self.redis_url]
        env = {
            **os.environ,
            "DUPBRIDGE_ENVIRONMENT": "test",
            "DUPBRIDGE_SECRET_KEY": SECRET,
        }
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"server exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(f"{self.http}/health", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.2)
        self.stop()
        raise AssertionError(f"server did not start in {STARTUP_SECONDS} s")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, nothing."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=30)

    def stop(self) -> None:
        """Stop the process (SIGTERM, then SIGKILL)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()

    def post(self, path: str, body: Any, token: str | None = None) -> tuple[int, Any]:
        """POST JSON; the status and the decoded answer."""
        params = {"token": token} if token else None
        answer = httpx.post(f"{self.http}{path}", json=body, params=params, timeout=FRAME_SECONDS)
        return answer.status_code, answer.json()

    def socket(self, table_id: str, token: str, since: int = -1) -> ClientConnection:
        """A seat's socket."""
        connection = connect(
            f"{self.ws}/tables/{table_id}/ws?token={token}&since={since}",
            open_timeout=FRAME_SECONDS,
        )
        return connection.__enter__()  # the caller closes it


def receive(socket: ClientConnection, kind: str | None = None) -> dict[str, Any]:
    """The next frame (of ``kind`` if given; others are skipped), waiting a bounded time."""
    deadline = time.monotonic() + FRAME_SECONDS
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"no {kind or ''} frame in {FRAME_SECONDS} s")
        frame: dict[str, Any] = json.loads(socket.recv(timeout=left))
        if kind is None or frame["type"] == kind:
            return frame
