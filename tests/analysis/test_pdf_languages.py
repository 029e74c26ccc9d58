"""PDFs print every language's letters and the suit symbols (issue 17: hand records and
movement cards in PDF, in all six languages).

The standard PDF fonts lack Cyrillic and most Polish and Latvian letters; the PDFs are written
in DejaVu Sans (:mod:`dupbridge.i18n.pdffonts`), and ``pdftotext`` reads the words back.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge.cli.app import app
from dupbridge.i18n import set_language, use_language
from dupbridge.i18n.pdffonts import PdfFontError, PdfFonts, pdf_fonts

NEEDS_POPPLER = pytest.mark.skipif(
    shutil.which("pdftotext") is None,
    reason="pdftotext (poppler-utils) not installed: run scripts/ensure-tools.sh",
)
NEEDS_DEJAVU = pytest.mark.skipif(
    not pdf_fonts().embedded,
    reason="DejaVu Sans (fonts-dejavu-core) not installed: run scripts/ensure-tools.sh",
)


def pdf_text(pdf: Path) -> str:
    result = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    )
    return result.stdout


def hand_record_pdf(tmp_path: Path, language: str) -> str:
    deals, out = tmp_path / "set.pbn", tmp_path / f"hr-{language}.pdf"
    runner = CliRunner()
    try:
        made = runner.invoke(
            app, ["deal", "--boards", "1-2", "--out", str(deals), "--key-file", str(tmp_path / "k")]
        )
        assert 0 == made.exit_code, made.output
        result = runner.invoke(
            app, ["--lang", language, "handrecord", str(deals), "--out", str(out)]
        )
    finally:
        set_language("en")
    assert 0 == result.exit_code, result.output
    return pdf_text(out)


@NEEDS_POPPLER
@NEEDS_DEJAVU
@pytest.mark.parametrize(
    ("language", "words"),
    [
        # "Board {n}", "Dealer {seat}" (the seed's "сдающий", Law 2) and the footer's analysis.
        ("ru", ["Сдача 1", "Сдающий", "Выполнимые контракты", "в открытую"]),
        # Latvian long vowels and softened consonants ("Dalītājs", seed 000 Law 2).
        ("lv", ["Kaste 1", "Dalītājs", "lapa 1 no 1"]),
        ("pl", ["Rozdanie 1", "Rozdaje"]),
    ],
)
def test_hand_record_pdf_prints_the_language_and_the_suits(
    tmp_path: Path, language: str, words: list[str]
) -> None:
    text = hand_record_pdf(tmp_path, language)
    for word in words:
        assert word in text, (word, text[:400])
    for symbol in "♠♥♦♣":
        assert symbol in text
    assert "\ufffd" not in text
    assert "■" not in text


@NEEDS_POPPLER
@NEEDS_DEJAVU
def test_movement_cards_pdf_in_russian(tmp_path: Path) -> None:
    from dupbridge.tournament.movements.mitchell import mitchell
    from dupbridge.tournament.movements.pdf import cards_pdf

    out = tmp_path / "cards.pdf"
    with use_language("ru"):
        out.write_bytes(cards_pdf(mitchell(tables=3, boards_per_round=2)))
    text = pdf_text(out)
    assert "Тур" in text, text[:400]
    assert "Стол" in text


def test_standard_fonts_refuse_letters_they_cannot_print() -> None:
    """Without DejaVu Sans the fallback fonts print Western letters and the suit symbols, and a
    Cyrillic or Latvian text stops with an error naming the text and the font to install."""
    fallback = PdfFonts("Helvetica", "Helvetica-Bold", "ZapfDingbats", embedded=False)
    fallback.check(["Bräde 1 ♠", "Giver Öst", "Jagaja õ"])  # Swedish, Estonian: printable
    with pytest.raises(PdfFontError, match="fonts-dejavu-core") as raised:
        fallback.check(["Board 1", "Сдача 1"])
    assert "Сдача 1" in str(raised.value)
    with pytest.raises(PdfFontError):
        fallback.check(["Dalītājs N"])


@pytest.mark.parametrize(("language", "written"), [("pl", "25.11.2026"), ("sv", "2026-11-25")])
def test_hand_record_date_is_written_the_language_way(
    tmp_path: Path, language: str, written: str
) -> None:
    """The PBN date (``2026.11.25``) in the hand record's subtitle, in CLDR's order."""
    deals, out = tmp_path / "set.pbn", tmp_path / "hr.html"
    runner = CliRunner()
    made = runner.invoke(
        app, ["deal", "--boards", "1-2", "--out", str(deals), "--key-file", str(tmp_path / "k")]
    )
    assert 0 == made.exit_code, made.output
    pbn = deals.read_text(encoding="utf-8").replace('[Date "?"]', '[Date "2026.11.25"]')
    deals.write_text(pbn, encoding="utf-8")
    try:
        result = runner.invoke(
            app, ["--lang", language, "handrecord", str(deals), "--out", str(out)]
        )
    finally:
        set_language("en")
    assert 0 == result.exit_code, result.output
    html = out.read_text(encoding="utf-8")
    assert written in html
    assert "2026.11.25" not in html


@NEEDS_POPPLER
@NEEDS_DEJAVU
def test_the_grid_follows_the_local_notation(tmp_path: Path) -> None:
    """Issue 17, notation per language: with ``--notation local`` the makeable-contracts grid
    heads no trumps as the language writes it (Polish "BA", bez atu) and names the seats in
    its letters (Swedish East "Ö"); the international notation keeps "NT" and "E"."""
    deals = tmp_path / "set.pbn"
    runner = CliRunner()
    made = runner.invoke(
        app, ["deal", "--boards", "1", "--out", str(deals), "--key-file", str(tmp_path / "k")]
    )
    assert 0 == made.exit_code, made.output
    texts = {}
    try:
        for language, style in (("pl", "local"), ("sv", "local"), ("pl", "international")):
            out = tmp_path / f"hr-{language}-{style}.pdf"
            result = runner.invoke(
                app,
                [
                    "--lang",
                    language,
                    "--notation",
                    style,
                    "handrecord",
                    str(deals),
                    "--out",
                    str(out),
                ],
            )
            assert 0 == result.exit_code, result.output
            texts[language, style] = pdf_text(out)
    finally:
        set_language("en")
    polish_local, swedish_local = texts["pl", "local"], texts["sv", "local"]
    assert "BA" in polish_local
    assert "NT" not in polish_local
    assert "NT" in texts["pl", "international"]
    grid_rows = [line.split()[0] for line in swedish_local.splitlines() if line.split()]
    assert "Ö" in grid_rows
