"""`dupbridge run` (make run): the server with the demo club, its address printed, a demo
Director's account that signs in, the lobby with the robot session's live ranking."""

from __future__ import annotations

from pathlib import Path

import httpx

from tests.web.demo_server import demo_server


def test_run_serves_the_demo_club(tmp_path: Path) -> None:
    with demo_server(tmp_path) as server:
        assert f"dupbridge serving on {server.base}" in server.log.read_text()
        assert (tmp_path / "dupbridge.sqlite3").exists()  # the SQLite default
        with httpx.Client(base_url=server.base, timeout=10) as client:
            lobby = client.get("/")
            assert lobby.status_code == 200
            assert "Play a board with three robots" in lobby.text
            assert "Robot club pairs" in lobby.text  # the robot session runs beside it
            name, password = server.director
            signed = client.post("/signin/director", data={"name": name, "password": password})
            assert signed.status_code == 303
            assert client.get("/manage/sessions").status_code == 200
