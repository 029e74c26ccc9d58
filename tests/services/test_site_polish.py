"""The JFR results website built with ``--lang pl`` is Polish from title to footers.

Issue 17, must-show 4b: ``dupbridge --lang pl score wb120802.html --out SITE`` on the JFR Pary
matchpoint event (``../shared/data/jfr-pary-mp-wb120802``), then every page of the site is read
and no English catalog message may appear in its visible text (see tests/untranslated.py).
Skips when the data is absent.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge.cli.app import app
from dupbridge.i18n import _, set_language, use_language
from tests.conftest import shared_file
from tests.untranslated import untranslated, visible_text


@pytest.fixture(scope="module")
def polish_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    source = shared_file("jfr-pary-mp-wb120802", "wb120802.html")
    out = tmp_path_factory.mktemp("jfr-pl") / "site"
    try:
        result = CliRunner().invoke(app, ["--lang", "pl", "score", str(source), "--out", str(out)])
    finally:
        set_language("en")
    assert 0 == result.exit_code, result.output
    return out


def test_every_page_is_polish(polish_site: Path) -> None:
    """No page shows an English catalog message (title, headings, tables, footers)."""
    pages = sorted(polish_site.glob("**/*.html"))
    assert len(pages) > 30  # a ranking, 30 boards, the pairs' cards
    found = {}
    for page in pages:
        english = untranslated(page.read_text(encoding="utf-8"), "pl")
        if english:
            found[page.name] = english
    assert {} == found


def test_footer_and_title_are_polish(polish_site: Path) -> None:
    """The words a Pole reads first and last come from the Polish catalog."""
    html = (polish_site / "index.html").read_text(encoding="utf-8")
    assert '<html lang="pl">' in html
    text = visible_text(html)
    with use_language("pl"):
        ranking = _("Ranking")
    assert ranking != "Ranking"
    assert ranking in text


def test_the_check_finds_english() -> None:
    """The check itself fails on an English page (so the test above can fail)."""
    html = "<html><body><h1>Ranking</h1><footer>Made with dupbridge</footer><p>Board</p></body>"
    assert "Board" in untranslated(html, "pl")
