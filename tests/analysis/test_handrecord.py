"""Hand records as a person sees them: PDF pages rendered to PNG, text read back, and HTML."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from dupbridge.analysis.dd import DDTable
from dupbridge.analysis.dealing import DealingKey, deal_set
from dupbridge.analysis.handrecord import (
    HandRecordBoard,
    analyse_boards,
    par_lines,
    render_html,
    render_pdf,
    suit_ranks,
    write_pdf,
)
from dupbridge.analysis.notation import par_text
from dupbridge.analysis.par import Par, ParContract
from dupbridge.core.boards import Board
from dupbridge.core.calls import Strain
from dupbridge.core.cards import Suit
from dupbridge.core.seats import Seat

KEY = DealingKey(bytes(range(32)))
NEEDS_POPPLER = pytest.mark.skipif(
    shutil.which("pdftoppm") is None or shutil.which("pdftotext") is None,
    reason="pdftoppm/pdftotext (poppler-utils) not installed: run scripts/ensure-tools.sh",
)


@pytest.fixture(scope="module")
def session() -> list[HandRecordBoard]:
    """36 boards dealt from a fixed key, with double-dummy tables and par."""
    return analyse_boards((b.board, b.deal) for b in deal_set(KEY, range(1, 37)))


def page_text(pdf: Path, page: int) -> str:
    result = subprocess.run(
        ["pdftotext", "-layout", "-f", str(page), "-l", str(page), str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout


@pytest.mark.slow
@NEEDS_POPPLER
class TestPdf:
    def test_36_boards_on_six_pages(self, session: list[HandRecordBoard], tmp_path: Path) -> None:
        """36 boards print on six A4 pages, six boards each, every page with ink in each cell."""
        pdf = tmp_path / "records.pdf"
        write_pdf(session, pdf, title="Club pairs", subtitle="Tuesday")
        subprocess.run(
            ["pdftoppm", "-r", "60", "-png", str(pdf), str(tmp_path / "page")], check=True
        )
        pages = sorted(tmp_path.glob("page-*.png"))
        assert 6 == len(pages)
        for path in pages:
            with Image.open(path) as image:
                grey = image.convert("L")
                width, height = grey.size
                assert abs(width / height - 210 / 297) < 0.01  # A4 portrait
                for row in range(3):
                    for column in range(2):
                        box = (
                            int(width * (0.08 + 0.45 * column)),
                            int(height * (0.12 + 0.29 * row)),
                            int(width * (0.45 + 0.45 * column)),
                            int(height * (0.35 + 0.29 * row)),
                        )
                        cell = grey.crop(box)
                        dark = sum(cell.histogram()[:128])
                        assert dark > 200, f"{path.name}: empty board cell {row},{column}"

    def test_pages_show_their_boards(self, session: list[HandRecordBoard], tmp_path: Path) -> None:
        """Each page's text holds its six board numbers, dealers, hands, HCP and par."""
        pdf = tmp_path / "records.pdf"
        pdf.write_bytes(render_pdf(session, title="Club pairs"))
        for page in range(1, 7):
            text = page_text(pdf, page)
            assert "Club pairs" in text
            assert f"page {page} of 6" in text
            for item in session[(page - 1) * 6 : page * 6]:
                number = item.board.number
                assert f"Board {number}" in text
                north = item.deal[Seat.N]
                assert "♠" + suit_ranks(north, Suit.SPADES) in text.replace(" ", "")
                assert item.par is not None
                assert par_lines(item.par)[0].split(":")[0] + ":" in text
        assert "Dealer N" in page_text(pdf, 1)

    def test_four_boards_to_a_page(self, session: list[HandRecordBoard], tmp_path: Path) -> None:
        """With four boards to a page, 36 boards take nine pages."""
        pdf = tmp_path / "records.pdf"
        write_pdf(session, pdf, per_page=4)
        subprocess.run(["pdftoppm", "-r", "20", "-png", str(pdf), str(tmp_path / "p")], check=True)
        assert 9 == len(list(tmp_path.glob("p-*.png")))
        assert "Board 36" in page_text(pdf, 9)


class TestContent:
    def test_makeable_grid_and_par_lines(self) -> None:
        """The grid shows the highest level made; par shows score and contracts."""
        board = deal_set(KEY, [5])[0]
        table = DDTable(((6, 7, 6, 7), (8, 5, 8, 5), (10, 3, 10, 3), (4, 9, 4, 9), (9, 4, 8, 4)))
        par = Par(100, (ParContract(4, Strain.SPADES, (Seat.E, Seat.W), True, -1),))
        html = render_html([HandRecordBoard(board.board, board.deal, table, par)])
        assert "Par +100: 4♠x-1 by E-W" in html
        # North's row: NT 3, spades -, hearts 4, diamonds 2, clubs -.
        assert (
            '<th title="declarer">N</th><td>3</td><td>–</td><td>4</td><td>2</td><td>–</td>'
        ) in html

    def test_pass_out_par(self) -> None:
        """A board nobody can make shows par 0, passed out."""
        assert ["Par 0: passed out"] == par_lines(Par(0, ()))

    def test_ew_par_shown_from_their_side(self) -> None:
        """Par is North-South's score, signed: EW's game reads 'Par -420: 4♥ by E-W'."""
        contract = ParContract(4, Strain.HEARTS, (Seat.E, Seat.W), False, 0)
        assert ["Par -420: 4♥ by E-W"] == par_lines(Par(-420, (contract,)))

    def test_par_lines_are_par_text(self) -> None:
        """Several par contracts go one to a line; joined they are the one par notation."""
        contracts = tuple(
            ParContract(4, strain, (Seat.E, Seat.W), True, -1)
            for strain in (Strain.SPADES, Strain.HEARTS)
        )
        value = Par(100, contracts)
        assert ["Par +100: 4♠x-1 by E-W", "or 4♥x-1 by E-W"] == par_lines(value)
        assert par_text(value) == " ".join(par_lines(value))

    def test_ten_setting(self) -> None:
        """A ten is written T everywhere when the setting says so, and nothing else is."""
        board = deal_set(KEY, [1])[0]
        html_t = render_html([HandRecordBoard(board.board, board.deal)], ten="T")
        html_10 = render_html([HandRecordBoard(board.board, board.deal)])
        tens = sum(1 for hand in board.deal.hands for card in hand if card.rank.char == "T")
        assert 4 == tens
        assert html_10.count("10") - html_t.count("10") == 4
        with pytest.raises(ValueError, match="10 or T"):
            render_html([HandRecordBoard(board.board, board.deal)], ten="X")

    def test_ten_and_voids(self) -> None:
        """Tens are written 10 and a void as a dash, as printed records do."""
        board = deal_set(KEY, [1])[0]
        hand = board.deal[Seat.N]
        for suit in Suit:
            ranks = suit_ranks(hand, suit)
            assert "T" not in ranks
            assert ranks == "—" or len(hand.suit(suit)) == len(ranks.replace("10", "X"))

    def test_unanalysed_boards_still_print(self) -> None:
        """Boards without a table or par print their hands only."""
        items = [HandRecordBoard(b.board, b.deal) for b in deal_set(KEY, range(1, 8))]
        assert render_pdf(items).startswith(b"%PDF")
        html = render_html(items)
        assert 'id="board-7"' in html
        assert "Par" not in html.split("<body>")[1].split("<footer>")[0]

    def test_html_pages_and_escaping(self) -> None:
        """HTML groups boards in printed pages and escapes the title."""
        items = [HandRecordBoard(b.board, b.deal) for b in deal_set(KEY, range(1, 14))]
        html = render_html(items, title="<Club> & pairs", per_page=4)
        assert "&lt;Club&gt; &amp; pairs" in html
        assert 4 == html.count('<section class="page per-4">')
        assert all(f'id="board-{n}"' in html for n in range(1, 14))

    def test_vulnerability_and_dealer(self) -> None:
        """Each board shows its Law 2 dealer and vulnerability."""
        item = HandRecordBoard(Board.numbered(2), deal_set(KEY, [2])[0].deal)
        html = render_html([item])
        assert "Dealer E" in html
        assert "Vul N-S" in html

    @pytest.mark.parametrize("per_page", [1, 5, 8])
    def test_boards_per_page(self, per_page: int) -> None:
        """An A4 page holds 4 or 6 boards."""
        with pytest.raises(ValueError, match="4 or 6 boards"):
            render_pdf([], per_page=per_page)
        with pytest.raises(ValueError, match="4 or 6 boards"):
            render_html([], per_page=per_page)
