"""Every page of the results website is valid HTML: html5lib's strict parser accepts it,
every element is closed in order, and no id is used twice."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import html5lib
import pytest

from dupbridge.services.event_results import publish
from dupbridge.services.sample_event import sample_event_with_plays
from dupbridge.services.sample_teams import sample_teams_event
from dupbridge.tournament.event_scoring import Method, ScoringOptions, score_event

#: Elements that have no end tag.
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}  # fmt: skip
#: Elements whose end tag HTML lets a page leave out (none of ours do).
OPTIONAL_END: set[str] = set()


class Checker(HTMLParser):
    """Unclosed and mis-nested elements and duplicate ids, each with its line."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, int]] = []
        self.ids: dict[str, int] = {}
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        line = self.getpos()[0]
        for name, value in attrs:
            if name == "id" and value is not None:
                if value in self.ids:
                    self.problems.append(
                        f"line {line}: id {value!r} also on line {self.ids[value]}"
                    )
                self.ids[value] = line
        if tag not in VOID:
            self.stack.append((tag, line))

    def handle_endtag(self, tag: str) -> None:
        line = self.getpos()[0]
        if tag in VOID:
            return
        if not self.stack:
            self.problems.append(f"line {line}: </{tag}> closes nothing")
            return
        open_tag, opened = self.stack.pop()
        if open_tag != tag:
            self.problems.append(f"line {line}: </{tag}> closes <{open_tag}> of line {opened}")

    def close(self) -> None:
        super().close()
        self.problems.extend(f"line {line}: <{tag}> never closed" for tag, line in self.stack)


def problems_of(text: str) -> list[str]:
    """What is wrong with a page: html5lib strict errors, then the checker's findings."""
    found: list[str] = []
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
    try:
        parser.parse(text)
    except html5lib.html5parser.ParseError as error:
        found.append(f"html5lib: {error}")
    checker = Checker()
    checker.feed(text)
    checker.close()
    return found + checker.problems


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("html")
    event, plays = sample_event_with_plays(11, tables=3, boards_per_round=1)
    publish(score_event(event), folder / "pairs", plays=plays, analyse=False)
    teams, team_plays = sample_teams_event(11, boards_per_match=1)
    publish(score_event(teams, ScoringOptions(Method.TEAMS_VP)), folder / "teams",
            plays=team_plays, analyse=False)  # fmt: skip
    return sorted((folder).rglob("*.html"))


def test_checker_finds_mistakes() -> None:
    """The checker itself: a mis-nested tag, an unclosed one and a duplicate id are found."""
    page = '<!DOCTYPE html><html lang="en"><head><title>t</title></head><body><p id="a"><b>x</p><div id="a"></body></html>'
    found = problems_of(page)
    assert any("</p> closes <b>" in problem for problem in found)
    assert any("id 'a'" in problem for problem in found)
    assert any("html5lib" in problem for problem in found)


def test_every_page_is_valid(sites: list[Path]) -> None:
    """Ranking, board, score-card, match and hand-record pages of a pairs and a teams site."""
    kinds = {path.parent.name for path in sites}
    assert {"boards", "pairs", "matches"} <= kinds
    assert any(path.name == "handrecord.html" for path in sites)
    for path in sites:
        assert [] == problems_of(path.read_text(encoding="utf-8")), path.name
