"""Guide cards and table cards as a printable PDF (reportlab), returned as bytes.

Guide cards come first, two or three to a page, one per entrant; then one table card per page
(to stand on the table). The output is reproducible: the same movement gives the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import (
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.flowables import Flowable

from dupbridge.i18n import _
from dupbridge.i18n.pdffonts import PdfFonts, pdf_fonts
from dupbridge.tournament.movements.cards import GuideCard, TableCard, guide_cards, table_cards
from dupbridge.tournament.movements.model import Movement

__all__ = ["cards_pdf"]


def _grid(fonts: PdfFonts) -> TableStyle:
    return TableStyle(
        [
            ("FONT", (0, 0), (-1, 0), fonts.bold, 9),
            ("FONT", (0, 1), (-1, -1), fonts.regular, 9),
            ("GRID", (0, 0), (-1, -1), 0.4, colors.grey),
            ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8e8e8")),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ]
    )


def _text(value: str) -> str:
    """Escape text for a reportlab paragraph."""
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _guide(card: GuideCard, movement: Movement, styles: dict[str, ParagraphStyle]) -> Flowable:
    header: list[object] = [_("Round"), _("Table"), _("Sit"), _("Against"), _("Boards"), _("Then")]
    body: list[list[object]] = [header]
    small = styles["small"]
    for line in card.lines:
        then = line.next + (f" - {line.note}" if line.note else "")
        body.append(
            [
                str(line.round),
                "" if line.table is None else str(line.table),
                line.where,
                Paragraph(_text(line.opponents), small),
                line.boards,
                Paragraph(_text(then), small),
            ]
        )
    table = Table(
        body, colWidths=[14 * mm, 14 * mm, 24 * mm, 38 * mm, 20 * mm, 70 * mm], repeatRows=1
    )
    table.setStyle(_grid(pdf_fonts()))
    title = Paragraph(
        _text(_("{movement} - guide card: {card}").format(movement=movement.name, card=card.title)),
        styles["Heading3"],
    )
    return KeepTogether([title, table, Spacer(1, 6 * mm)])


def _table(
    card: TableCard, movement: Movement, styles: dict[str, ParagraphStyle]
) -> list[Flowable]:
    header: list[object] = [
        _("Round"),
        _("Who sits where"),
        _("Boards"),
        _("North takes the boards"),
        _("Note"),
    ]
    body: list[list[object]] = [header]
    small = styles["small"]
    body.extend(
        [
            str(line.round),
            Paragraph(_text(line.seats), small),
            line.boards,
            Paragraph(_text(line.boards_next), small),
            Paragraph(_text(line.note), small),
        ]
        for line in card.lines
    )
    table = Table(body, colWidths=[14 * mm, 62 * mm, 22 * mm, 42 * mm, 40 * mm], repeatRows=1)
    table.setStyle(_grid(pdf_fonts()))
    title = Paragraph(
        _text(_("{name} - table {table}").format(name=movement.name, table=card.table)),
        styles["Heading1"],
    )
    return [
        title,
        Paragraph(_text(movement.description), styles["Normal"]),
        Spacer(1, 4 * mm),
        table,
    ]


def cards_pdf(
    movement: Movement,
    *,
    guide: bool = True,
    tables: bool = True,
) -> bytes:
    """The guide cards (``guide``) and table cards (``tables``) of ``movement`` as a PDF,
    in DejaVu Sans where it is installed (:mod:`dupbridge.i18n.pdffonts`).

    Raises:
        PdfFontError: for a text the standard PDF fonts cannot print when DejaVu Sans is not
            installed (Polish, Latvian or Russian letters).
    """
    fonts = pdf_fonts()
    fonts.check((movement.name, movement.description, _("Who sits where"), _("Against")))
    styles = getSampleStyleSheet()
    sheet: dict[str, ParagraphStyle] = {
        name: ParagraphStyle(
            name,
            parent=styles[name],
            fontName=fonts.bold if name.startswith("Heading") else fonts.regular,
        )
        for name in ("Heading1", "Heading3", "Normal")
    }
    sheet["small"] = ParagraphStyle(
        "small", parent=sheet["Normal"], fontSize=8, leading=9.5, fontName=fonts.regular
    )
    story: list[Flowable] = []
    if guide:
        story.extend(_guide(card, movement, sheet) for card in guide_cards(movement))
    if tables:
        cards: Sequence[TableCard] = table_cards(movement)
        for index, card in enumerate(cards):
            if story and (index or guide):
                story.append(PageBreak())
            story.extend(_table(card, movement, sheet))
    if not story:
        story.append(Paragraph(_text(movement.name), sheet["Heading1"]))
    buffer = io.BytesIO()
    document = SimpleDocTemplate(
        buffer,
        pagesize=A4,
        leftMargin=12 * mm,
        rightMargin=12 * mm,
        topMargin=12 * mm,
        bottomMargin=12 * mm,
        title=movement.name,
        author="dupbridge",
        invariant=1,
    )
    document.build(story)
    return buffer.getvalue()
