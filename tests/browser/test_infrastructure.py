"""The browser-test setup itself: a missing Chromium skips, or fails under CI."""

from __future__ import annotations

import pytest

from tests.browser.conftest import CHROMIUM_ARGS, unavailable


def test_missing_browser_skips_outside_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    """Away from CI a missing browser skips the tests with one line naming why."""
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="browser tests skipped: no chromium"):
        unavailable("no chromium on PATH")


def test_missing_browser_fails_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under CI=true a missing browser fails, with one clear line."""
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match=r"no chromium on PATH \(CI=true"):
        unavailable("no chromium on PATH")


def test_chromium_switches() -> None:
    """Chromium runs without sandbox and GPU and never calls home."""
    assert {"--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"} == set(CHROMIUM_ARGS)  # fmt: skip
