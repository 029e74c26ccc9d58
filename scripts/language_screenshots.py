"""Screenshots of the results website and a hand record in each of the six languages, for
docs/languages.md (issue 17, must show 5).

Builds the sample pairs event (analysed, with every table's auction and play) once per
language, its website and its hand record (``dupbridge --lang XX handrecord``), and saves
PNG screenshots at 1280 × 800 of the ranking, the liveliest board page and the hand record
into ``docs/img/languages/`` (or the folder given), as ``<lang>-index.png``,
``<lang>-board.png`` and ``<lang>-handrecord.png``. Needs Debian's ``chromium`` and
Playwright for Python (the test extras)::

    .venv/bin/python scripts/language_screenshots.py [docs/img/languages]
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from dupbridge.i18n import LANGUAGES, use_language
from dupbridge.services.event_results import publish
from dupbridge.services.sample_event import sample_event_with_plays
from dupbridge.tournament.event_scoring import score_event

sys.path.insert(0, str(Path(__file__).resolve().parent))
from site_screenshots import ARGS, liveliest_board, shrink

WIDTH, HEIGHT = 1280, 800


def build(folder: Path, language: str) -> dict[str, Path]:
    """The sample site and its hand record in ``language``: the pages to photograph."""
    event, plays = sample_event_with_plays(analyse=True)
    site = folder / language
    with use_language(language):
        publish(score_event(event), site, plays=plays, analyse=False)
    deals = next(site.rglob("*.pbn"))
    record = folder / f"{language}-handrecord.html"
    subprocess.run(  # noqa: S603 - this program, fixed arguments
        [sys.executable, "-m", "dupbridge.cli", "--lang", language, "handrecord", str(deals),
         "--out", str(record)],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return {
        "index": site / "index.html",
        "board": liveliest_board(site),
        "handrecord": record,
    }


def shoot(pages: dict[str, dict[str, Path]], out: Path) -> list[Path]:
    """Take the screenshots (``pages[language][name]``); return their paths."""
    executable = shutil.which("chromium")
    if executable is None:
        raise SystemExit("language_screenshots: no chromium on PATH (scripts/ensure-tools.sh)")
    out.mkdir(parents=True, exist_ok=True)
    written = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, headless=True, args=ARGS)
        context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT})
        page = context.new_page()
        for language, named in pages.items():
            for name, path in named.items():
                page.goto(path.as_uri())
                target = out / f"{language}-{name}.png"
                page.screenshot(path=str(target))
                written.append(target)
        context.close()
        browser.close()
    for path in written:
        shrink(path)
    return written


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/img/languages")
    with tempfile.TemporaryDirectory() as temp:
        pages = {language: build(Path(temp), language) for language in LANGUAGES}
        for path in shoot(pages, out):
            sys.stdout.write(f"{path}\n")


if __name__ == "__main__":
    main()
