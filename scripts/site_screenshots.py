"""Screenshots of the results website in Chromium, for docs/results-site.md.

Builds the sample pairs event (analysed, with every table's auction and play) and the
sample teams event, then saves PNG screenshots at 390 × 844 (a phone) and 1280 × 800 of the
ranking, a board page and its hand viewer, a score card, a team event's ranking and a match
page, into ``docs/img/`` (or the folder given). Needs Debian's ``chromium`` and Playwright
for Python (the test extras)::

    .venv/bin/python scripts/site_screenshots.py [docs/img]
"""

from __future__ import annotations

import re
import shutil
import sys
import tempfile
from pathlib import Path

from PIL import Image
from playwright.sync_api import sync_playwright

from dupbridge.services.event_results import publish
from dupbridge.services.sample_event import sample_event_with_plays
from dupbridge.services.sample_teams import sample_teams_event
from dupbridge.tournament.event_scoring import Method, ScoringOptions, score_event

ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]  # fmt: skip
SIZES = {"phone": (390, 844), "desktop": (1280, 800)}
#: The most a screenshot may be tall, in CSS pixels (long pages are cut there).
MAX_HEIGHT = {"phone": 1500, "desktop": 1100}


def build(folder: Path) -> tuple[Path, Path]:
    """The pairs site and the teams site, written under ``folder``."""
    event, plays = sample_event_with_plays(analyse=True)
    pairs = folder / "pairs-site"
    publish(score_event(event), pairs, plays=plays, analyse=False)
    teams_event, team_plays = sample_teams_event()
    teams = folder / "teams-site"
    publish(score_event(teams_event, ScoringOptions(Method.TEAMS_VP)), teams, plays=team_plays)
    return pairs, teams


def shrink(path: Path) -> None:
    """Keep a screenshot small: 64 colours (text and a few tints need no more)."""
    with Image.open(path) as image:
        small = image.convert("RGB").quantize(colors=64, method=Image.Quantize.MEDIANCUT)
    small.save(path, optimize=True)


def liveliest_board(site: Path) -> Path:
    """The board page whose traveller has the most different scores (the best example)."""

    def spread(page: Path) -> int:
        text = page.read_text(encoding="utf-8")
        return len(set(re.findall(r'<td class="num phone">([^<]*)</td>', text)))

    return max(sorted((site / "boards").iterdir()), key=spread)


def shoot(pairs: Path, teams: Path, out: Path) -> list[Path]:
    """Take the screenshots; return their paths."""
    executable = shutil.which("chromium")
    if executable is None:
        raise SystemExit("site_screenshots: no chromium on PATH (scripts/ensure-tools.sh)")
    pages = {
        "index": pairs / "index.html",
        "board": liveliest_board(pairs),
        "scorecard": pairs / "pairs" / "pair-1-ns.html",
        "match": next(iter(sorted((teams / "matches").iterdir()))),
        "teams": teams / "index.html",
    }
    out.mkdir(parents=True, exist_ok=True)
    written = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, headless=True, args=ARGS)
        for size, (width, height) in SIZES.items():
            context = browser.new_context(viewport={"width": width, "height": height})
            page = context.new_page()
            for name, path in pages.items():
                page.goto(path.as_uri())
                if name == "board":
                    # The hand viewer of the first line, six cards into the play.
                    page.locator("a.play-link").first.click()
                    viewer = page.locator(".viewer:target")
                    for _step in range(6):
                        viewer.get_by_role("button", name="Next card").click()
                    target = out / f"viewer-{size}.png"
                    viewer.screenshot(path=str(target))
                    written.append(target)
                    page.evaluate("window.scrollTo(0, 0)")
                full = page.evaluate("document.documentElement.scrollHeight")
                clip = {"x": 0, "y": 0, "width": width, "height": min(full, MAX_HEIGHT[size])}
                target = out / f"{name}-{size}.png"
                page.screenshot(path=str(target), clip=clip, full_page=True)
                written.append(target)
            context.close()
        browser.close()
    for path in written:
        shrink(path)
    return written


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/img")
    with tempfile.TemporaryDirectory() as temp:
        pairs, teams = build(Path(temp))
        for path in shoot(pairs, teams, out):
            sys.stdout.write(f"{path}\n")


if __name__ == "__main__":
    main()
