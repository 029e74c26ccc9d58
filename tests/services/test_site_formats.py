"""The results website writes numbers and dates the language's way (issue 17: date and number
formats per language, Babel/CLDR), with the very digits the English site publishes.

The sample club pairs (matchpoints) and teams (IMPs, VPs) sessions are published in each of the
six languages; every percentage, total and VP of the Polish, Swedish, Latvian, Estonian and
Russian pages is the English one with the decimal comma, so no figure is rounded anew.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dupbridge.i18n import LANGUAGES, use_language
from dupbridge.services.event_results import publish
from dupbridge.services.sample_event import sample_event_with_plays
from dupbridge.services.sample_teams import sample_teams_event
from dupbridge.tournament.event_scoring import score_event

#: The date of the sample sessions (PBN ``2017.06.01``) as CLDR writes it in each language.
DATES = {
    "en": "01/06/2017",
    "pl": "1.06.2017",
    "sv": "2017-06-01",
    "lv": "1.06.2017.",
    "et": "1.6.2017",
    "ru": "01.06.2017",
}
#: The percent sign's place (CLDR): after a no-break space in Swedish and Russian.
PERCENT_SUFFIX = {"en": "%", "pl": "%", "sv": "\xa0%", "lv": "%", "et": "%", "ru": "\xa0%"}

NUMBER = r"-?\d+(?:[.,]\d+)?"


def cells(html: str, css: str) -> list[str]:
    return re.findall(rf'<td class="{css}">({NUMBER})</td>', html)


@pytest.fixture(scope="module")
def pairs_sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    event, plays = sample_event_with_plays(7, tables=3, boards_per_round=1, analyse=False)
    scored = score_event(event)
    sites = {}
    for language in LANGUAGES:
        out = tmp_path_factory.mktemp(f"pairs-{language}")
        with use_language(language):
            publish(scored, out, plays=plays, analyse=False)
        sites[language] = out
    return sites


@pytest.fixture(scope="module")
def teams_sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    event, plays = sample_teams_event(7, boards_per_match=2)
    scored = score_event(event)
    sites = {}
    for language in ("en", "pl", "ru"):
        out = tmp_path_factory.mktemp(f"teams-{language}")
        with use_language(language):
            publish(scored, out, plays=plays, analyse=False)
        sites[language] = out
    return sites


def read(site: Path, page: str) -> str:
    return (site / page).read_text(encoding="utf-8")


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_ranking_percentages_use_the_decimal_comma(
    pairs_sites: dict[str, Path], language: str
) -> None:
    english = cells(read(pairs_sites["en"], "index.html"), "num strong percent")
    local = cells(read(pairs_sites[language], "index.html"), "num strong percent")
    assert len(english) >= 6
    assert all("." in value for value in english)
    assert [value.replace(".", ",") for value in english] == local


@pytest.mark.parametrize("language", LANGUAGES)
def test_pair_page_percentage_and_date(pairs_sites: dict[str, Path], language: str) -> None:
    site = pairs_sites[language]
    page = sorted((site / "pairs").glob("pair-*.html"))[0]
    html = read(site, f"pairs/{page.name}")
    english = read(pairs_sites["en"], f"pairs/{page.name}")
    figure = re.search(r"<strong>(\d+\.\d\d)%</strong>", english)
    assert figure is not None, english[:2000]
    expected = figure[1] if language == "en" else figure[1].replace(".", ",")
    assert f"<strong>{expected}{PERCENT_SUFFIX[language]}</strong>" in html
    assert DATES[language] in read(site, "index.html")
    assert "2017.06.01" not in read(site, "index.html")


@pytest.mark.parametrize("language", ["pl", "ru"])
def test_victory_points_use_the_decimal_comma(teams_sites: dict[str, Path], language: str) -> None:
    """Each figure with decimals on the ranking page (the VP totals, the rounds' VPs and
    standings, the VP scale) is the English one with a comma."""
    pattern = r">\s*(\d+[.,]\d\d)\s*<"
    english = re.findall(pattern, read(teams_sites["en"], "index.html"))
    local = re.findall(pattern, read(teams_sites[language], "index.html"))
    assert len(english) >= 4
    assert all("." in value for value in english)
    assert [value.replace(".", ",") for value in english] == local
