"""Hand records: the deals of a session for the players, as PDF (reportlab) or HTML (Jinja2).

Each board shows the four hands in the usual compass layout with suit symbols, the board
number, dealer and vulnerability (Law 2), each hand's high-card points, the makeable
contracts (the highest level each declarer makes in each denomination, double dummy) and
par. Six boards fit on an A4 page (four with ``per_page=4``), ready to print.

PDF is written in DejaVu Sans, embedded, so that Polish, Latvian and Russian letters and the
suit symbols print (:mod:`dupbridge.i18n.pdffonts`; the standard PDF fonts are the fallback
where DejaVu Sans is not installed, and a text they cannot print stops with a clear error).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from typing import IO

from jinja2 import Environment, PackageLoader, select_autoescape
from reportlab.lib.colors import Color, HexColor
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

from dupbridge.analysis.dd import PBN_STRAIN_ORDER, DDTable, Executor, dd_tables
from dupbridge.analysis.notation import check_ten, par_contract_text, par_text, ranks_text
from dupbridge.analysis.par import Par, board_par
from dupbridge.core.boards import Board
from dupbridge.core.calls import Strain
from dupbridge.core.cards import SUITS_DESCENDING, Hand, Suit
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.core.written import seat_text, strain_text
from dupbridge.i18n import _, get_language
from dupbridge.i18n.pdffonts import PdfFonts, pdf_fonts

__all__ = [
    "PER_PAGE",
    "HandRecordBoard",
    "analyse_boards",
    "render_html",
    "render_pdf",
    "write_pdf",
]

#: How many boards an A4 page can hold.
PER_PAGE: tuple[int, ...] = (4, 6)

_RED = HexColor("#c8102e")
_BLACK = HexColor("#000000")
_GREY = HexColor("#9a9a9a")
_LIGHT = HexColor("#f1f1f1")
_SEAT_ORDER = (Seat.N, Seat.S, Seat.E, Seat.W)  # rows of the makeable-contracts grid
_PAR_WIDTH = 96.0  # design units left of South's hand, where the par lines go
_SMALLEST = 5.0  # points: the smallest par line (still legible on paper)


@dataclass(frozen=True, slots=True)
class HandRecordBoard:
    """One board of a hand record: the board, its deal, and (when analysed) table and par."""

    board: Board
    deal: Deal
    table: DDTable | None = None
    par: Par | None = None


def analyse_boards(
    boards: Iterable[tuple[Board, Deal]],
    *,
    executor: Executor | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[HandRecordBoard]:
    """Double-dummy tables and par for each board (one batch run of the solver).

    Raises:
        InvalidDealError: for a deal that is not four hands of thirteen distinct cards.
    """
    items = list(boards)
    tables = dd_tables([deal for _board, deal in items], executor=executor, progress=progress)
    return [
        HandRecordBoard(board, deal, table, board_par(table, board))
        for (board, deal), table in zip(items, tables, strict=True)
    ]


# --- what each board shows, shared by the PDF and the HTML ----------------------------------


def vulnerability_text(vulnerability: Vulnerability) -> str:
    """``None``, ``N-S``, ``E-W`` or ``All``, as hand records write it."""
    return {
        Vulnerability.NONE: _("None"),
        Vulnerability.NS: _("N-S"),
        Vulnerability.EW: _("E-W"),
        Vulnerability.BOTH: _("All"),
    }[vulnerability]


def suit_ranks(hand: Hand, suit: Suit, *, ten: str = "10") -> str:
    """The ranks held in ``suit`` (a ten written ``10`` or ``T``, the ``ten`` setting), or a
    dash for a void."""
    return ranks_text(hand.suit(suit), ten=ten, separator="")


def makeable(table: DDTable, strain: Strain, seat: Seat) -> str:
    """The highest level ``seat`` makes in ``strain``, or a dash."""
    level = table.makeable_level(strain, seat)
    return str(level) if level else "\u2013"


def par_lines(par: Par) -> list[str]:
    """Par in the notation of :func:`~dupbridge.analysis.notation.par_text`, one line per
    contract: ``Par +620: 4♥ by N-S``, then ``or 4♠ by N-S`` for each other par contract.

    Joined with spaces the lines are exactly :func:`par_text`.
    """
    if len(par.contracts) <= 1:
        return [par_text(par)]
    first = Par(par.score, par.contracts[:1])
    return [par_text(first)] + [
        _("or {contract}").format(contract=par_contract_text(contract))
        for contract in par.contracts[1:]
    ]


def _title_lines(title: str, subtitle: str) -> tuple[str, str]:
    return title or _("Hand record"), subtitle


# --- PDF --------------------------------------------------------------------------------------


class _PdfBoard:
    """Draws one board in a cell whose top-left corner is (x, y), on a design grid of
    269 × 247 points scaled by ``scale``."""

    WIDTH = 269.0
    HEIGHT = 247.0

    def __init__(
        self, canvas: Canvas, x: float, y: float, scale: float, ten: str = "10", *, fonts: PdfFonts
    ) -> None:
        self.ten = ten
        self.fonts = fonts
        self.canvas = canvas
        self.x = x
        self.y = y
        self.scale = scale

    def _at(self, dx: float, dy: float) -> tuple[float, float]:
        return self.x + dx * self.scale, self.y - dy * self.scale

    def text(
        self,
        dx: float,
        dy: float,
        text: str,
        size: float = 9.0,
        *,
        bold: bool = False,
        colour: Color = _BLACK,
        align: str = "left",
    ) -> None:
        self.fonts.check((text,))
        canvas = self.canvas
        x, y = self._at(dx, dy)
        canvas.setFillColor(colour)
        canvas.setFont(self.fonts.bold if bold else self.fonts.regular, size * self.scale)
        if align == "centre":
            canvas.drawCentredString(x, y, text)
        elif align == "right":
            canvas.drawRightString(x, y, text)
        else:
            canvas.drawString(x, y, text)

    def symbol(self, dx: float, dy: float, suit: Suit | Strain, size: float = 9.0) -> float:
        """Draw a suit symbol; return its width in design units."""
        if isinstance(suit, Strain) and suit is Strain.NOTRUMP:
            notrump = strain_text(Strain.NOTRUMP)  # NT, or BA in Polish local notation
            self.text(dx, dy, notrump, size * 0.9, bold=True)
            return float(self.canvas.stringWidth(notrump, self.fonts.bold, size * 0.9))
        glyph = suit.symbol
        red = glyph in "♥♦"
        canvas = self.canvas
        x, y = self._at(dx, dy)
        canvas.setFillColor(_RED if red else _BLACK)
        canvas.setFont(self.fonts.symbols, size * 0.85 * self.scale)
        canvas.drawString(x, y, glyph)
        return float(canvas.stringWidth(glyph, self.fonts.symbols, size * 0.85))

    def hand(self, dx: float, dy: float, hand: Hand, size: float = 10.0) -> None:
        line = size * 1.2
        for row, suit in enumerate(SUITS_DESCENDING):
            width = self.symbol(dx, dy + row * line, suit, size)
            self.text(dx + width + 3.0, dy + row * line, suit_ranks(hand, suit, ten=self.ten), size)

    def draw(self, item: HandRecordBoard) -> None:
        canvas = self.canvas
        board, deal = item.board, item.deal
        x, y = self.x, self.y
        w, h = self.WIDTH * self.scale, self.HEIGHT * self.scale
        canvas.setStrokeColor(_GREY)
        canvas.setLineWidth(0.6)
        canvas.rect(x, y - h, w, h, stroke=1, fill=0)

        # Top left: board number, dealer, vulnerability (Law 2).
        self.text(8, 16, _("Board {n}").format(n=board.number), 11, bold=True)
        self.text(8, 29, _("Dealer {seat}").format(seat=board.dealer.letter), 8.5)
        self.text(8, 40, _("Vul {vul}").format(vul=vulnerability_text(board.vulnerability)), 8.5)

        # The hands: North on top, West and East at the sides, South below.
        self.hand(106, 16, deal[Seat.N])
        self.hand(8, 92, deal[Seat.W])
        self.hand(184, 92, deal[Seat.E])
        self.hand(106, 168, deal[Seat.S])

        # The centre: compass with high-card points; vulnerable seats in red.
        cx, cy, side = 134.0, 100.0, 42.0
        left, top = self._at(cx - side / 2, cy - side / 2)
        canvas.setFillColor(_LIGHT)
        canvas.setStrokeColor(_GREY)
        canvas.rect(left, top - side * self.scale, side * self.scale, side * self.scale, 1, 1)
        for seat, (ox, oy) in {
            Seat.N: (0.0, -12.0),
            Seat.S: (0.0, 18.0),
            Seat.W: (-13.0, 3.0),
            Seat.E: (13.0, 3.0),
        }.items():
            vulnerable = board.vulnerability.is_vulnerable(seat)
            self.text(
                cx + ox,
                cy + oy,
                str(deal[seat].hcp),
                8.5,
                bold=True,
                colour=_RED if vulnerable else _BLACK,
                align="centre",
            )
        self.text(cx, cy + 3.5, board.dealer.letter, 6.5, colour=_GREY, align="centre")

        if item.table is not None:
            self._grid(item.table)
        if item.par is not None:
            for row, (line, bold) in enumerate(self._par_rows(par_lines(item.par))[:6]):
                self._mixed(8, 178 + row * 10, line, 8.0, bold=bold, width=_PAR_WIDTH)

    def _par_rows(self, lines: list[str]) -> list[tuple[str, bool]]:
        """The par lines as drawn: one too wide for its place is broken after its colon
        ("Par -1520:" / "7NT by E-W"), as the longer wordings of some languages need."""
        rows: list[tuple[str, bool]] = []
        for index, line in enumerate(lines):
            head, colon, rest = line.partition(": ")
            wide = self._mixed_width(line, 8.0, bold=index == 0) > _PAR_WIDTH
            if wide and colon:
                rows += [(head + ":", index == 0), ("  " + rest, index == 0)]
            else:
                rows.append((line, index == 0))
        return rows

    def _mixed_width(self, text: str, size: float, *, bold: bool) -> float:
        font = self.fonts.bold if bold else self.fonts.regular
        width = 0.0
        for char in text:
            if char in "♠♥♦♣":
                width += float(self.canvas.stringWidth(char, self.fonts.symbols, size * 0.85))
                width += 1.0
            else:
                width += float(self.canvas.stringWidth(char, font, size))
        return width

    def _mixed(
        self, dx: float, dy: float, text: str, size: float, *, bold: bool, width: float = 0.0
    ) -> None:
        """Text in which suit symbols are drawn in their own font and colour, made smaller
        when it would be wider than ``width`` (a long par line in Russian or Latvian would run
        into South's hand)."""
        if width:
            natural = self._mixed_width(text, size, bold=bold)
            if natural > width:
                size = max(_SMALLEST, size * width / natural)
        position = dx
        for char in text:
            if char in "♠♥♦♣":
                position += self.symbol(position, dy, Suit.from_str(char), size) + 1.0
            else:
                self.text(position, dy, char, size, bold=bold)
                font = self.fonts.bold if bold else self.fonts.regular
                position += float(self.canvas.stringWidth(char, font, size))

    def _grid(self, table: DDTable) -> None:
        """The makeable-contracts grid: declarers N S E W by NT ♠ ♥ ♦ ♣."""
        gx, gy, cell, line = 186.0, 178.0, 14.0, 10.5
        for column, strain in enumerate(PBN_STRAIN_ORDER):
            cx = gx + 12 + column * cell
            if strain is Strain.NOTRUMP:
                self.text(cx + 1, gy, strain_text(Strain.NOTRUMP), 7, bold=True)
            else:
                self.symbol(cx + 2, gy, strain, 8.5)
        for row, seat in enumerate(_SEAT_ORDER):
            ry = gy + (row + 1) * line
            self.text(gx, ry, seat_text(seat), 8, bold=True)
            for column, strain in enumerate(PBN_STRAIN_ORDER):
                self.text(
                    gx + 12 + column * cell + 5.5,
                    ry,
                    makeable(table, strain, seat),
                    8,
                    align="centre",
                )


def render_pdf(
    boards: Sequence[HandRecordBoard],
    *,
    title: str = "",
    subtitle: str = "",
    per_page: int = 6,
    ten: str = "10",
) -> bytes:
    """The hand record as a PDF document (A4, ``per_page`` boards to a page).

    Raises:
        ValueError: for a number of boards per page other than 4 or 6.
    """
    out = BytesIO()
    write_pdf(boards, out, title=title, subtitle=subtitle, per_page=per_page, ten=ten)
    return out.getvalue()


def write_pdf(
    boards: Sequence[HandRecordBoard],
    target: IO[bytes] | Path | str,
    *,
    title: str = "",
    subtitle: str = "",
    per_page: int = 6,
    ten: str = "10",
) -> None:
    """Write the hand record as PDF to a binary file or a path (a ten written ``ten``).

    Raises:
        ValueError: for a number of boards per page other than 4 or 6, or a ten that is not
            written 10 or T.
        PdfFontError: for a text the standard PDF fonts cannot print when DejaVu Sans is
            not installed (Polish, Latvian or Russian letters).
        OSError: if the file cannot be written.
    """
    if per_page not in PER_PAGE:
        raise ValueError(_("a page holds 4 or 6 boards, not {n}").format(n=per_page))
    check_ten(ten)
    heading, sub = _title_lines(title, subtitle)
    document = BytesIO()  # drawn in full first: a PDF that cannot be drawn writes nothing
    _draw_pdf(boards, document, heading, sub, per_page, ten=ten)
    if isinstance(target, (str, Path)):
        Path(target).write_bytes(document.getvalue())
    else:
        target.write(document.getvalue())


def _draw_pdf(
    boards: Sequence[HandRecordBoard],
    stream: IO[bytes],
    title: str,
    subtitle: str,
    per_page: int,
    *,
    ten: str = "10",
) -> None:
    page_w, page_h = A4
    margin = 28.0
    header = 34.0
    footer = 16.0
    rows = per_page // 2
    cell_w = (page_w - 2 * margin) / 2
    cell_h = (page_h - 2 * margin - header - footer) / rows
    scale = min(cell_w / _PdfBoard.WIDTH, cell_h / _PdfBoard.HEIGHT)
    pages = max(1, math.ceil(len(boards) / per_page))
    fonts = pdf_fonts()
    footer_text = _("Makeable contracts and par are double dummy (every card known).")
    fonts.check((title, subtitle, footer_text))
    canvas = Canvas(stream, pagesize=A4, pageCompression=1)
    canvas.setTitle(title)
    canvas.setAuthor("dupbridge")
    canvas.setSubject(_("Hand record"))
    for page in range(pages):
        canvas.setFillColor(_BLACK)
        canvas.setFont(fonts.bold, 14)
        canvas.drawString(margin, page_h - margin - 12, title)
        if subtitle:
            canvas.setFont(fonts.regular, 9)
            canvas.drawString(margin, page_h - margin - 25, subtitle)
        chunk = boards[page * per_page : (page + 1) * per_page]
        for index, item in enumerate(chunk):
            column, row = index % 2, index // 2
            x = margin + column * cell_w + (cell_w - _PdfBoard.WIDTH * scale) / 2
            # Centred in its cell: with four to a page the spare height is shared out.
            y = page_h - margin - header - row * cell_h - (cell_h - _PdfBoard.HEIGHT * scale) / 2
            _PdfBoard(canvas, x, y, scale, ten, fonts=fonts).draw(item)
        canvas.setFillColor(_GREY)
        canvas.setFont(fonts.regular, 7.5)
        canvas.drawRightString(
            page_w - margin,
            margin - 4,
            _("page {page} of {pages}").format(page=page + 1, pages=pages),
        )
        canvas.drawString(margin, margin - 4, footer_text)
        canvas.showPage()
    canvas.save()


# --- HTML -------------------------------------------------------------------------------------

_ENVIRONMENT = Environment(
    loader=PackageLoader("dupbridge.analysis", "templates"),
    autoescape=select_autoescape(("html", "j2")),
    trim_blocks=True,
    lstrip_blocks=True,
)


def render_html(
    boards: Sequence[HandRecordBoard],
    *,
    title: str = "",
    subtitle: str = "",
    per_page: int = 6,
    ten: str = "10",
) -> str:
    """The hand record as one self-contained HTML page (prints ``per_page`` boards to A4).

    Raises:
        ValueError: for a number of boards per page other than 4 or 6, or a ten that is not
            written 10 or T.
    """
    check_ten(ten)
    if per_page not in PER_PAGE:
        raise ValueError(_("a page holds 4 or 6 boards, not {n}").format(n=per_page))
    heading, sub = _title_lines(title, subtitle)
    pages = [list(boards[i : i + per_page]) for i in range(0, len(boards), per_page)] or [[]]
    template = _ENVIRONMENT.get_template("handrecord.html.j2")
    return template.render(
        title=heading,
        subtitle=sub,
        pages=pages,
        per_page=per_page,
        board_view=lambda item: _board_view(item, ten),
        strains=PBN_STRAIN_ORDER,
        strain_text=strain_text,
        seats=_SEAT_ORDER,
        lang=get_language(),
        _=_,
    )


def _hand_view(hand: Hand, ten: str) -> list[dict[str, str | bool]]:
    return [
        {
            "symbol": suit.symbol,
            "red": suit in (Suit.HEARTS, Suit.DIAMONDS),
            "ranks": suit_ranks(hand, suit, ten=ten),
        }
        for suit in SUITS_DESCENDING
    ]


def _board_view(item: HandRecordBoard, ten: str = "10") -> dict[str, object]:
    """Everything the template shows of one board, as plain strings."""
    board, deal = item.board, item.deal
    grid: list[dict[str, object]] = []
    if item.table is not None:
        table = item.table
        grid = [
            {
                "seat": seat_text(seat),
                "cells": [makeable(table, strain, seat) for strain in PBN_STRAIN_ORDER],
            }
            for seat in _SEAT_ORDER
        ]
    return {
        "number": board.number,
        "dealer": seat_text(board.dealer),
        "vulnerability": vulnerability_text(board.vulnerability),
        "hands": {seat.letter: _hand_view(deal[seat], ten) for seat in Seat},
        "hcp": {seat.letter: deal[seat].hcp for seat in Seat},
        "vulnerable": {seat.letter: board.vulnerability.is_vulnerable(seat) for seat in Seat},
        "grid": grid,
        "par": par_lines(item.par) if item.par is not None else [],
    }
