"""The results website of an individual event (``services.site_individual``): the ranking by
player, a traveller whose lines name four players, a score card per player with his own
matchpoints (Law 12C2(c): an artificial score may differ between partners), and every page in
each of the five languages with no English catalog message left (issue 17's check)."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from pathlib import Path

import pytest

from dupbridge.core.deal import Deal
from dupbridge.formats.individual import (
    IndividualEvent,
    IndividualLine,
    IndividualPlayer,
    IndividualStanding,
)
from dupbridge.i18n import use_language
from dupbridge.services.site_individual import render_individual_site
from dupbridge.tournament.results import BoardInfo, parse_outcome
from tests.untranslated import untranslated, visible_text

NAMES = ("Anna Kowalska", "Björn Ek", "Ilze Ozola", "Mart Tamm", "Olga Ivanova", "Jan Nowak",
         "Eva Berg", "Kalle Saar")  # fmt: skip


def _event() -> IndividualEvent:
    one, none = Fraction(1), Fraction(0)
    deal = Deal.random(random.Random(7))
    return IndividualEvent(
        name="Czwartek",
        boards={1: BoardInfo.numbered(1, deal)},
        players=tuple(IndividualPlayer(k, name) for k, name in enumerate(NAMES, start=1)),
        lines=(
            IndividualLine(
                1,
                (1, 3, 2, 4),
                parse_outcome("4S", "N", "10", "HA"),
                table=1,
                round=1,
                matchpoints=(one, none, one, none),
                top=one,
            ),
            IndividualLine(
                1,
                (5, 7, 6, 8),
                parse_outcome("A60/40"),
                table=2,
                round=1,
                matchpoints=(Fraction(3, 5), Fraction(2, 5), Fraction(1, 2), Fraction(2, 5)),
                top=one,
            ),
        ),
        standings=tuple(
            IndividualStanding(k, place, points, 100 * points, 1)
            for k, place, points in (
                (1, "1-2", one),
                (2, "1-2", one),
                (5, "3", Fraction(3, 5)),
                (6, "4", Fraction(1, 2)),
                (7, "5-6", Fraction(2, 5)),
                (8, "5-6", Fraction(2, 5)),
                (3, "7-8", none),
                (4, "7-8", none),
            )
        ),
    )


def test_the_pages_rank_players_and_name_the_four_players_of_each_line(tmp_path: Path) -> None:
    index = render_individual_site(_event(), tmp_path / "site")
    site = index.parent
    ranking = visible_text(index.read_text(encoding="utf-8"))
    assert (
        ranking.index("Anna Kowalska") < ranking.index("Olga Ivanova") < ranking.index("Ilze Ozola")
    )
    assert "100.00" in ranking
    board = (site / "boards" / "board-1.html").read_text(encoding="utf-8")
    rows = board.split("<tbody>")[-1].split("</tr>")[:2]
    for row, players in zip(rows, ((1, 3, 2, 4), (5, 7, 6, 8)), strict=True):
        linked = [int(n) for n in re.findall(r"player-(\d+)\.html", row)]
        assert linked == list(players)  # North, East, South, West in that order
    # the artificial score: North 60 %, his partner South 50 % (Law 12C2(c)), both shown
    assert "60.00 / 50.00" in visible_text(board)
    card = visible_text((site / "players" / "player-6.html").read_text(encoding="utf-8"))
    assert "Olga Ivanova" in card  # his partner
    assert "50.00" in card
    assert "60.00" not in card  # his own score, not his partner's
    assert len(list((site / "players").glob("*.html"))) == 8
    assert (site / "handrecord.html").exists()


@pytest.mark.parametrize("language", ["pl", "sv", "lv", "et", "ru"])
def test_every_page_is_translated(tmp_path: Path, language: str) -> None:
    with use_language(language):
        index = render_individual_site(_event(), tmp_path / "site")
    pages = sorted(index.parent.glob("**/*.html"))
    assert len(pages) == 1 + 1 + 8 + 1
    found = {}
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert f'<html lang="{language}">' in html or page.name == "handrecord.html"
        english = untranslated(html, language)
        if english:
            found[page.name] = english
    assert found == {}
