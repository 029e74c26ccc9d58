"""Browser tests: Chromium driven through Playwright for Python.

The browser is Debian's ``chromium`` (``scripts/ensure-tools.sh`` installs it; ``make test``
runs that script), never a browser Playwright downloads. When it is missing the browser
tests skip with one line saying so, except under ``CI=true``, where they fail: a CI machine
must run them. Pages are opened from the disk (``file://``, as a club opening its results
folder would) or from :func:`serve`, a web server bound to 127.0.0.1 only.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

#: Chromium's switches for tests: no sandbox (containers), no GPU, and nothing that calls
#: home (updates, sync, background requests).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"browser tests: {reason} (CI=true: they must run here)", pytrace=False)
    pytest.skip(f"browser tests skipped: {reason}")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """A headless Chromium for the whole test session."""
    executable = shutil.which("chromium")
    if executable is None:
        unavailable("no chromium on PATH (scripts/ensure-tools.sh installs it)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("Playwright for Python is not installed (pip install -e '.[test]')")
    with sync_playwright() as playwright:
        try:
            launched = playwright.chromium.launch(
                executable_path=executable, headless=True, args=CHROMIUM_ARGS
            )
        except Exception as error:  # any launch failure is reported the same way
            unavailable(f"chromium did not start: {str(error).splitlines()[0]}")
        yield launched
        launched.close()


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A page in a 390 × 844 viewport (a phone), JavaScript on."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    yield context.new_page()
    context.close()


@pytest.fixture
def desktop(browser: Any) -> Iterator[Any]:
    """A page in a 1280 × 800 viewport, JavaScript on."""
    context = browser.new_context(viewport=DESKTOP, device_scale_factor=1)
    yield context.new_page()
    context.close()


@pytest.fixture
def no_script(browser: Any) -> Iterator[Any]:
    """A phone-sized page with JavaScript off."""
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    yield context.new_page()
    context.close()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def serve() -> Iterator[Any]:
    """``serve(folder)`` starts a web server on 127.0.0.1 (a free port) for ``folder`` and
    returns its base URL; it stops at the end of the test."""
    servers: list[http.server.ThreadingHTTPServer] = []

    def start(folder: Path) -> str:
        handler = functools.partial(_Quiet, directory=str(folder))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A small analysed pairs site (three tables of robots, every auction and play kept)
    and a teams site (four teams, a round robin of two-board matches)."""
    from dupbridge.services.event_results import publish
    from dupbridge.services.sample_event import sample_event_with_plays
    from dupbridge.services.sample_teams import sample_teams_event
    from dupbridge.tournament.event_scoring import Method, ScoringOptions, score_event

    folder = tmp_path_factory.mktemp("sites")
    event, plays = sample_event_with_plays(5, tables=3, boards_per_round=1, analyse=True)
    publish(score_event(event), folder / "pairs", plays=plays, analyse=False)
    teams, team_plays = sample_teams_event(5, boards_per_match=2)
    publish(score_event(teams, ScoringOptions(Method.TEAMS_VP)), folder / "teams",
            plays=team_plays, analyse=False)  # fmt: skip
    return {"pairs": folder / "pairs", "teams": folder / "teams"}
