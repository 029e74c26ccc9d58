"""The results website in a language's local notation (issue 17: the user may switch between
the local and the international notation)."""

from __future__ import annotations

from pathlib import Path

from dupbridge.i18n import use_language
from dupbridge.i18n.notation import use_notation
from dupbridge.services.results_site import render_site
from dupbridge.tournament.event_scoring import score_event
from tests.services.test_results_site import event, text


def board_words(folder: Path, language: str, style: str) -> str:
    with use_language(language), use_notation(style):
        render_site(score_event(event()), folder)
    return text(folder / "boards" / "board-1.html")


def test_polish_local_notation(tmp_path: Path) -> None:
    """In Polish local notation the board page writes the queen D (dama, Law 1 of seed 003)
    and no trumps BA (bez atu) in the makeable-contracts table; the international notation
    keeps Q and NT."""
    local = board_words(tmp_path / "local", "pl", "local")
    international = board_words(tmp_path / "international", "pl", "international")
    assert "D 4" in local  # North's clubs: queen, four
    assert "Q 4" not in local
    assert " BA " in local
    assert "Q 4" in international
    assert " NT " in international
    assert " BA " not in international


def test_russian_local_seats(tmp_path: Path) -> None:
    """In Russian local notation the makeable contracts name the declarers С Ю В З."""
    words = board_words(tmp_path, "ru", "local")
    assert "С – – 2 4 3" in words  # North: 6 NT tricks, 5 spades, 8 hearts, 10 diamonds, 9 clubs
    assert " БК " in words


def test_hand_record_in_local_notation() -> None:
    """The HTML hand record writes no trumps, the dealer and the declarers in the local
    notation (Russian БК, С В Ю З); the default is the international NT and N E S W."""
    from dupbridge.analysis.dd import DDTable
    from dupbridge.analysis.handrecord import HandRecordBoard, render_html
    from dupbridge.core.boards import Board

    table = DDTable(((6, 7, 6, 7), (8, 5, 8, 5), (10, 3, 10, 3), (4, 9, 4, 9), (9, 4, 8, 4)))
    deal = event().boards[1].deal
    assert deal is not None
    boards = [HandRecordBoard(Board.numbered(1), deal, table)]
    with use_language("ru"):
        international = render_html(boards)
        with use_notation("local"):
            local = render_html(boards)
    assert '<th><abbr title="без козыря">NT</abbr></th>' in international
    assert '<th title="разыгрывающий">N</th><td>3</td>' in international
    assert '<th><abbr title="без козыря">БК</abbr></th>' in local
    assert '<th title="разыгрывающий">С</th><td>3</td>' in local  # North makes 3NT
