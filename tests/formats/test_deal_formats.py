"""Deal files clubs have: BRI, DGE, BER, BHG, RZD, CDS and hand-record CSV, read and written."""

from __future__ import annotations

import contextlib
import importlib
import itertools
import random
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from dupbridge.cli.__main__ import COMMAND_MODULES
from dupbridge.cli.app import app
from dupbridge.core.boards import dealer_of, vulnerability_of
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.formats import ber, bhg, bri, cds, dge, handcsv, pbn, rzd
from dupbridge.formats.problems import FormatError, Problem, Severity
from dupbridge.formats.records import BoardRecord
from dupbridge.formats.registry import format_for_path, read_records
from tests.conftest import shared_file

DEALS = "deal-formats-16boards"
#: Board 1 of the 16-deal set, the deal the hand-built fixtures below spell out.
BOARD_1 = Deal.from_pbn("N:65.A53.JT7.AK762 AK87.QT4.AK98.95 JT9.982.Q532.Q83 Q432.KJ76.64.JT4")
#: Each hand one suit: North the spades, East the hearts, South the diamonds, West the clubs.
SUITED = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
#: The formats as (module, extension); all of them both read and write.
FORMATS = [
    (bri, ".bri"),
    (dge, ".dge"),
    (ber, ".ber"),
    (bhg, ".bhg"),
    (rzd, ".rzd"),
    (cds, ".cds"),
    (handcsv, ".csv"),
]
IDS = [extension for _module, extension in FORMATS]


def _records(first: int, count: int, seed: int = 1) -> list[BoardRecord]:
    rng = random.Random(seed)
    return [
        BoardRecord(board=number, deal=Deal.random(rng)) for number in range(first, first + count)
    ]


def _bytes(module: ModuleType, records: list[BoardRecord]) -> bytes:
    written = module.dumps(records)
    return written.encode("ascii") if isinstance(written, str) else written


def _problems(module: ModuleType, data: bytes) -> list[Problem]:
    return [problem for item in module.read(data, "x") for problem in item.problems]


def _errors(module: ModuleType, data: bytes) -> list[str]:
    return [p.message for p in _problems(module, data) if p.severity is Severity.ERROR]


class TestEveryFormat:
    @pytest.mark.parametrize(("module", "extension"), FORMATS, ids=IDS)
    def test_written_then_read(self, module: ModuleType, extension: str) -> None:
        """Deals written read back the same, with dealer and vulnerability by Law 2."""
        records = _records(1, 20)
        data = _bytes(module, records)
        assert [] == _problems(module, data)
        again = module.loads(data, strict=True)
        assert [(r.board, r.deal) for r in records] == [(r.board, r.deal) for r in again]
        assert [(dealer_of(n), vulnerability_of(n)) for n in range(1, 21)] == [
            (r.dealer, r.vulnerability) for r in again
        ]

    @pytest.mark.parametrize(("module", "extension"), FORMATS, ids=IDS)
    def test_registered_by_extension(self, module: ModuleType, extension: str) -> None:
        """`convert` and `validate` find the format by the file's extension."""
        file_format = format_for_path(f"deals{extension.upper()}")
        records = _records(1, 3)
        assert file_format.write is not None
        data = file_format.write(records)
        assert data == _bytes(module, records)
        read, problems = read_records(file_format, data, "x")
        assert ([], [r.deal for r in records]) == (problems, [r.deal for r in read])

    @pytest.mark.parametrize(("module", "extension"), FORMATS, ids=IDS)
    def test_empty_file_is_an_error(self, module: ModuleType, extension: str) -> None:
        """An empty file is one error at 1:1, never an empty list of boards."""
        items = list(module.read(b"", "x"))
        assert [None] == [item.record for item in items]
        assert [(1, 1, "the file is empty")] == [
            (p.line, p.column, p.message) for p in items[0].problems
        ]
        with pytest.raises(FormatError, match="the file is empty"):
            module.loads(b"", strict=True)

    @pytest.mark.parametrize(("module", "extension"), FORMATS, ids=IDS)
    def test_writer_needs_full_deals(self, module: ModuleType, extension: str) -> None:
        """A board without its four hands cannot be written; the board is named."""
        with pytest.raises(FormatError, match="board 2 has no full deal"):
            module.dumps([*_records(1, 1), BoardRecord(board=2)])
        with pytest.raises(FormatError, match="there are no boards to write"):
            module.dumps([])

    @pytest.mark.parametrize(("module", "extension"), FORMATS, ids=IDS)
    def test_corrupt_bytes_never_raise(self, module: ModuleType, extension: str) -> None:
        """Any bytes give boards or located errors: no exception, no silent empty result."""

        @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
        @given(
            st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255)), max_size=8),
            st.integers(0, 64),
        )
        def check(flips: list[tuple[int, int]], cut: int) -> None:
            data = bytearray(_bytes(module, _records(1, 4, seed=3)))
            for where, byte in flips:
                data[where % len(data)] = byte
            data = data[: len(data) - cut]
            items = list(module.read(bytes(data), "fuzz"))
            records = [item.record for item in items if item.record is not None]
            problems = [p for item in items for p in item.problems]
            assert all(p.line >= 1 and p.column >= 1 for p in problems)
            if not records:
                assert any(p.is_error for p in problems)
            with contextlib.suppress(FormatError):
                module.loads(bytes(data), strict=True)

        check()


@pytest.mark.parametrize(
    ("module", "size"), [(bri, 128), (dge, 128), (ber, 52), (cds, 14)], ids=str
)
def test_truncated_binary_file(module: ModuleType, size: int) -> None:
    """A file cut inside a board: an error naming the board and where it starts."""
    data = _bytes(module, _records(1, 3))[:-5]
    items = list(module.read(data, "x.bin"))
    assert 2 == sum(item.record is not None for item in items)
    (problem,) = [p for item in items for p in item.problems]
    assert (3, 1) == (problem.line, problem.column)
    assert (
        f"the file ends in the middle of board 3: {size - 5} of its {size} bytes "
        f"(from byte {2 * size} on)"
    ) == problem.message
    with pytest.raises(FormatError, match=r"x\.bin:3:1: error: the file ends in the middle"):
        module.loads(data, strict=True, source="x.bin")


def test_unnumbered_files_start_where_told() -> None:
    """Files without board numbers are boards 1, 2... unless the first number is given."""
    records = _records(17, 4)
    data = bri.dumps(records)
    assert [1, 2, 3, 4] == [r.board for r in bri.loads(data)]
    again = bri.loads(data, first=17)
    assert [(r.board, r.deal, dealer_of(r.board or 0)) for r in records] == [
        (r.board, r.deal, r.dealer) for r in again
    ]


@pytest.mark.parametrize("module", [bri, dge, ber, bhg, rzd], ids=str)
def test_first_board_must_be_a_board_number(module: ModuleType) -> None:
    """Boards are numbered from 1 (Law 2): a first board 0 is refused, not misnumbered."""
    data = _bytes(module, _records(1, 2))
    with pytest.raises(ValueError, match="must be 1 or more, not 0"):
        module.loads(data, first=0)


def test_writers_need_consecutive_boards() -> None:
    """A file without board numbers cannot skip a board: the missing board is named."""
    records = _records(1, 3)
    for module in (bri, dge, ber, bhg, rzd):
        with pytest.raises(FormatError, match="board 2 is missing"):
            module.dumps([records[0], records[2]])
    assert [1, 3] == [r.board for r in cds.loads(cds.dumps([records[0], records[2]]))]
    with pytest.raises(FormatError, match="board 1 is given twice"):
        handcsv.dumps([records[0], records[0]])


class TestBri:
    FIXTURE = (
        b"091014232530313440414748520102070816182427283233454904050619202629363839424651"
        + b" " * 32
        + bytes(18)
    )

    def test_layout(self) -> None:
        """Card numbers 01-52 (spades ace first) for N, E, S; West has the rest."""
        (record,) = bri.loads(self.FIXTURE, strict=True)
        assert BOARD_1 == record.deal
        suited = "".join(f"{n:02d}" for n in range(1, 40)).encode() + bri.FILLER
        assert SUITED == bri.loads(suited)[0].deal
        assert suited == bri.dumps([BoardRecord(board=1, deal=SUITED)])

    @pytest.mark.parametrize(("text", "column"), [(b"00", 1), (b"53", 1), (b"x1", 1)])
    def test_bad_card_number(self, text: bytes, column: int) -> None:
        """A card number must be 01-52; the error names the board and the byte."""
        (problem,) = _problems(bri, text + self.FIXTURE[2:])
        assert (1, column) == (problem.line, problem.column)
        assert f"board 1: {text.decode()!r} is not a card number 01-52" == problem.message

    def test_card_given_twice(self) -> None:
        """A card in two hands is reported with both places."""
        data = self.FIXTURE[:26] + b"09" + self.FIXTURE[28:]
        assert ["board 1: card number 09 is given twice (bytes 1 and 27)"] == _errors(bri, data)

    def test_unusual_filler_is_a_warning(self) -> None:
        """Other bytes than 32 spaces and 18 zeros: a warning; the deal is still read."""
        data = self.FIXTURE[:100] + b"Z" + self.FIXTURE[101:]
        (item,) = list(bri.read(data, "x"))
        assert item.record is not None
        assert BOARD_1 == item.record.deal
        assert [(1, 101, Severity.WARNING)] == [
            (p.line, p.column, p.severity) for p in item.problems
        ]


class TestDge:
    FIXTURE = (
        b"\x0665\x03A53\x04JT7\x05AK762\x06AK87\x03QT4\x04AK98\x0595"
        b"\x06JT9\x03982\x04Q532\x05Q83\x06Q432\x03KJ76\x0464\x05JT4" + bytes(60)
    )

    def test_layout(self) -> None:
        """Hands N, E, S, W; suits after markers 6, 3, 4, 5; ranks high to low."""
        assert 128 == len(self.FIXTURE)
        (record,) = dge.loads(self.FIXTURE, strict=True)
        assert BOARD_1 == record.deal
        assert self.FIXTURE == dge.dumps([record])

    def test_void_is_a_marker_alone(self) -> None:
        """A void is its marker followed at once by the next marker."""
        data = dge.dumps([BoardRecord(board=1, deal=SUITED)])
        assert data.startswith(b"\x06AKQJT98765432\x03\x04\x05\x06\x03AKQJT98765432\x04\x05")
        assert SUITED == dge.loads(data)[0].deal

    def test_wrong_marker(self) -> None:
        """A marker out of order names the suit, the seat and the byte."""
        data = self.FIXTURE[:3] + b"\x04" + self.FIXTURE[4:]
        (problem,) = _problems(dge, data)
        assert (1, 4) == (problem.line, problem.column)
        assert (
            "board 1: expected the H marker (byte 3) of North's hand, found byte 4"
            == problem.message
        )

    def test_card_given_twice(self) -> None:
        """The same card in two hands is named where it appears the second time."""
        data = self.FIXTURE.replace(b"\x06AK87", b"\x06AK86")
        assert ["board 1: S6 is given twice"] == _errors(dge, data)

    def test_missing_hand(self) -> None:
        """A record that ends before West's clubs is an error, not a short deal."""
        end = self.FIXTURE.index(b"\x05JT4")
        (problem,) = _problems(dge, self.FIXTURE[:end] + bytes(128 - end))
        assert (1, end + 1) == (problem.line, problem.column)
        assert (
            "board 1: expected the C marker (byte 5) of West's hand, found byte 0"
            == problem.message
        )


class TestBer:
    FIXTURE = b"2243332211444142423344121322311221434331134423112431141322341321"[:52]

    def test_layout(self) -> None:
        """One digit a card, spades ace first: 1 North, 2 East, 3 South, 4 West."""
        (record,) = ber.loads(self.FIXTURE, strict=True)
        assert BOARD_1 == record.deal
        assert b"1" * 13 + b"2" * 13 + b"3" * 13 + b"4" * 13 == ber.dumps(
            [BoardRecord(board=1, deal=SUITED)]
        )

    def test_bad_digit(self) -> None:
        """Only 1-4 name a hand: the error names the board and byte."""
        (problem,) = _problems(ber, self.FIXTURE[:7] + b"5" + self.FIXTURE[8:])
        assert (1, 8) == (problem.line, problem.column)
        assert "board 1: '5' is not a hand digit 1-4" in problem.message

    def test_wrong_counts(self) -> None:
        """A hand of 14 cards and one of 12 are reported (Law 1), and no deal is kept."""
        data = b"1" + self.FIXTURE[1:]  # the ace of spades moves from East to North
        (item,) = list(ber.read(data, "x"))
        assert item.record is not None
        assert item.record.deal is None
        assert ["board 1: North has 14 cards, not 13", "board 1: East has 12 cards, not 13"] == [
            p.message for p in item.problems
        ]


class TestBhg:
    def test_dealer_first(self) -> None:
        """Each line starts with the dealer's hand (Law 2): East's on board 2."""
        records = [BoardRecord(board=n, deal=SUITED) for n in (1, 2)]
        text = bhg.dumps(records)
        assert text.startswith("\r\nABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz\r\n")
        assert text.endswith("\r\nNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzABCDEFGHIJKLM\r\n")
        assert [SUITED, SUITED] == [r.deal for r in bhg.loads(text)]
        assert [SUITED, SUITED] == [r.deal for r in bhg.loads(text.replace("\r\n", "\n"))]

    def test_bad_letter_and_length(self) -> None:
        """A character that is no card letter, or a short line: line and column."""
        line = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
        problems = _problems(bhg, f"\r\n{line[:10]}1{line[11:]}\r\n{line[:40]}\r\n".encode())
        assert [(2, 11), (3, 41)] == [(p.line, p.column) for p in problems]
        assert ["board 1: '1' is not a card letter A-Z or a-z",
                "board 2: a board is 52 letters, not 40"] == [p.message for p in problems]  # fmt: skip

    def test_card_given_twice(self) -> None:
        """A letter used twice is named with both columns."""
        line = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyA"
        assert ["board 1: card A is given twice (columns 1 and 52)"] == _errors(bhg, line.encode())

    def test_blank_lines_only(self) -> None:
        """A file of blank lines holds no boards: an error."""
        assert ["the file holds no boards"] == _errors(bhg, b"\r\n\r\n  \r\n")


class TestRzd:
    def test_layout(self) -> None:
        """Header: count (little-endian) and 11 spaces; 2 bits a card by rank."""
        data = rzd.dumps([BoardRecord(board=1, deal=BOARD_1)])
        assert b"\x01\x00" + b" " * 11 == data[:13]
        assert 0x44 == data[13]  # aces: spades East, hearts North, diamonds East, clubs North
        assert bytes([0b00011011] * 13) == rzd.encode_ranks(SUITED)
        assert SUITED == rzd.decode_ranks(bytes([0b00011011] * 13))

    def test_header_count_must_match(self) -> None:
        """The header's count of boards is checked against the boards in the file."""
        data = b"\x05\x00" + rzd.dumps(_records(1, 2))[2:]
        (problem,) = _problems(rzd, data)
        assert (1, 1, "the header announces 5 boards but the file holds 2") == (
            problem.line,
            problem.column,
            problem.message,
        )

    def test_short_and_empty_files(self) -> None:
        """Too short for the header, or a header and no board: one error each."""
        assert ["the file is 5 bytes long: too short for the 13-byte header"] == _errors(
            rzd, b"\x00" * 5
        )
        assert ["the file holds no boards"] == _errors(rzd, b"\x00\x00" + b" " * 11)

    def test_truncated(self) -> None:
        """A board cut short is named with the byte it starts at."""
        data = rzd.dumps(_records(1, 2))[:-1]
        assert [
            "the header announces 2 boards but the file holds 1",
            "the file ends in the middle of board 2: 12 of its 13 bytes (from byte 26 on)",
        ] == _errors(rzd, data)


class TestCds:
    def test_layout(self) -> None:
        """Board number byte, then the rank bytes with holders turned one seat (0 West)."""
        data = cds.dumps([BoardRecord(board=7, deal=BOARD_1)])
        assert b"\x07\x99" == data[:2]
        assert bytes([7]) + bytes([0b01101100] * 13) == cds.dumps(
            [BoardRecord(board=7, deal=SUITED)]
        )
        (record,) = cds.loads(data, strict=True)
        assert (7, BOARD_1, Seat.S, Vulnerability.BOTH) == (
            record.board,
            record.deal,
            record.dealer,
            record.vulnerability,
        )

    def test_numbers_wrap_past_255(self) -> None:
        """Board 256 is written as 0 after 255; read back in turn it is 256."""
        data = cds.dumps([BoardRecord(board=255, deal=SUITED)])
        data += b"\x00" + data[1:]
        assert [255, 256] == [r.board for r in cds.loads(data, strict=True)]
        assert ["board 1 of the file has the board number 0"] == _errors(cds, data[14:])

    def test_writer_limit(self) -> None:
        """A board number above 255 does not fit in the byte."""
        with pytest.raises(FormatError, match="holds boards 1 to 255, not 256"):
            cds.dumps([BoardRecord(board=256, deal=SUITED)])


class TestHandCsv:
    ROW = '"65","A53","JT7","AK762","AK87","QT4","AK98","95","JT9","982","Q532","Q83",'
    ROW += '"Q432","KJ76","64","JT4","1","N/-"\r\n'

    def test_layout(self) -> None:
        """Four suits for N, E, S, W, then board and dealer/vulnerability."""
        (record,) = handcsv.loads(self.ROW, strict=True)
        assert (1, BOARD_1, Seat.N, Vulnerability.NONE) == (
            record.board,
            record.deal,
            record.dealer,
            record.vulnerability,
        )
        assert self.ROW == handcsv.dumps([record])

    def test_markings_are_the_files(self) -> None:
        """Dealer and vulnerability are taken as the file gives them, not from Law 2."""
        (record,) = handcsv.loads(self.ROW.replace("N/-", "W/All"))
        assert (Seat.W, Vulnerability.BOTH) == (record.dealer, record.vulnerability)
        assert handcsv.dumps([record]).endswith('"1","W/All"\r\n')

    def test_spreadsheet_variants(self) -> None:
        """Semicolons, no quotes, 10 for the ten, lower case and - for a void are read."""
        row = "65;a53;j107;AK762;AK87;QT4;AK98;95;JT9;982;Q532;Q83;Q432;KJ76;64;JT4;1;N/-\n"
        (record,) = handcsv.loads(row, strict=True)
        assert BOARD_1 == record.deal
        void = handcsv.dumps([BoardRecord(board=1, deal=SUITED)]).replace('""', '"-"')
        assert SUITED == handcsv.loads(void, strict=True)[0].deal

    def test_header_row_is_skipped_with_a_warning(self) -> None:
        """A first row whose board cell has no digit is a header: a warning, then the boards."""
        header = ",".join(f'"{seat} {suit}"' for seat in "NESW" for suit in "SHDC")
        header += ',"Board","Dealer/Vul"\r\n'
        items = list(handcsv.read((header + self.ROW).encode(), "x.csv"))
        assert [None, 1] == [item.record.board if item.record else None for item in items]
        (problem,) = items[0].problems
        column = header.index('"Board"') + 2
        assert (Severity.WARNING, 1, column) == (problem.severity, problem.line, problem.column)

    @pytest.mark.parametrize(
        ("old", "new", "where", "message"),
        [
            ('"A53"', '"AX3"', (1, 8), "board 1: 'X' is not a rank (AKQJT98765432)"),
            ('"A53"', '"A55"', (1, 9), "board 1: H5 is given twice"),
            ('"1"', '"one"', (1, 102), "'one' is not a board number"),
            ('"N/-"', '"X/-"', (1, 106), "board 1: 'X/-' is not dealer/vulnerability"),
            ('"JT4",', "", (1, 104), "a row has 18 cells"),
            ('"N/-"', '"N/-', (1, 105), "this quote is never closed"),
        ],
    )
    def test_bad_cells(self, old: str, new: str, where: tuple[int, int], message: str) -> None:
        """A bad cell is an error at its line and column."""
        problems = _problems(handcsv, self.ROW.replace(old, new, 1).encode())
        errors = [p for p in problems if p.is_error]
        assert errors
        assert where == (errors[0].line, errors[0].column)
        assert errors[0].message.startswith(message)

    def test_card_in_two_hands(self) -> None:
        """A card in two hands breaks the deal (Law 1); the board is still listed."""
        row = self.ROW.replace('"AK87"', '"AK86"')
        (item,) = list(handcsv.read(row.encode(), "x"))
        assert item.record is not None
        assert item.record.deal is None
        assert "board 1: S6 is in more than one hand (North, East)" in [
            p.message for p in item.problems
        ]


@pytest.mark.oracle
class TestSixteenDeals:
    """The 16 deals of ../shared/data/deal-formats-16boards in every deal-file format."""

    @pytest.mark.parametrize(("module", "extension"), FORMATS, ids=IDS)
    def test_same_deals_as_the_pbn(self, module: ModuleType, extension: str) -> None:
        """Each file holds the PBN's 16 deals, dealers and vulnerabilities, with no problem."""
        games = pbn.load_path(shared_file(DEALS, "test.pbn"))
        expected = [(g.board, g.deal, g.dealer, g.vulnerability) for g in games]
        path = shared_file(DEALS, "test" + extension)
        records, problems = read_records(format_for_path(path), path.read_bytes(), str(path))
        assert [] == problems
        assert 16 == len(expected)
        assert expected == [(r.board, r.deal, r.dealer, r.vulnerability) for r in records]

    @pytest.mark.parametrize(("module", "extension"), FORMATS, ids=IDS)
    def test_written_back_byte_for_byte(self, module: ModuleType, extension: str) -> None:
        """Writing the deals read from the file gives the file back exactly."""
        original = shared_file(DEALS, "test" + extension).read_bytes()
        assert original == _bytes(module, module.loads(original, strict=True))

    def test_every_file_of_the_set_agrees(self) -> None:
        """All twelve files (PBN, JFR PBN, LIN, DUP, DLM and the seven here) hold one deal set."""
        folder = shared_file(DEALS, "test.pbn").parent
        paths = sorted(folder.glob("test*.*"))
        assert 12 == len(paths)
        deals = {}
        for path in paths:
            records, problems = read_records(format_for_path(path), path.read_bytes(), path.name)
            assert [] == [p for p in problems if p.is_error]
            deals[path.name] = {r.board: r.deal for r in records}
        expected = deals["test.pbn"]
        assert list(range(1, 17)) == sorted(expected)
        assert dict.fromkeys(deals, expected) == deals

    def test_pbn_written_as_every_format(self) -> None:
        """The PBN's deals written in each format are the real files, byte for byte."""
        records = [g.to_record() for g in pbn.load_path(shared_file(DEALS, "test.pbn"))]
        for module, extension in FORMATS:
            assert shared_file(DEALS, "test" + extension).read_bytes() == _bytes(module, records)


@pytest.fixture(scope="module")
def runner() -> CliRunner:
    for module in COMMAND_MODULES:
        importlib.import_module(module)
    return CliRunner()


class TestCli:
    def test_formats_lists_them(self, runner: CliRunner) -> None:
        """`dupbridge formats` lists every deal-file format with its extension."""
        result = runner.invoke(app, ["formats"])
        assert 0 == result.exit_code
        for name in ("bri", "dge", "ber", "bhg", "rzd", "cds", "csv"):
            assert name in result.stdout
            assert f".{name}" in result.stdout

    def test_convert_through_every_format(self, runner: CliRunner, tmp_path: Path) -> None:
        """PBN -> BRI -> DGE -> BER -> BHG -> RZD -> CDS -> CSV -> PBN keeps the deals."""
        records = _records(1, 8, seed=5)
        source = tmp_path / "start.pbn"
        source.write_text(pbn.dumps([pbn.Game.from_record(r) for r in records]))
        steps = [source] + [tmp_path / f"step{ext}" for _m, ext in FORMATS]
        steps.append(tmp_path / "end.pbn")
        for before, after in itertools.pairwise(steps):
            result = runner.invoke(app, ["convert", str(before), str(after)])
            assert 0 == result.exit_code, result.stderr
            assert "8 boards" in result.stderr
        assert [(r.board, r.deal) for r in records] == [
            (g.board, g.deal) for g in pbn.load_path(steps[-1])
        ]

    @pytest.mark.oracle
    def test_convert_real_bri_to_pbn(self, runner: CliRunner, tmp_path: Path) -> None:
        """`dupbridge convert test.bri out.pbn` gives the 16 deals of test.pbn."""
        target = tmp_path / "out.pbn"
        result = runner.invoke(app, ["convert", str(shared_file(DEALS, "test.bri")), str(target)])
        assert 0 == result.exit_code, result.stderr
        expected = {g.board: g.deal for g in pbn.load_path(shared_file(DEALS, "test.pbn"))}
        assert expected == {g.board: g.deal for g in pbn.load_path(target)}

    def test_validate_corrupt_file(self, runner: CliRunner, tmp_path: Path) -> None:
        """A corrupt file: located errors, one a line, exit 1, no traceback."""
        path = tmp_path / "bad.rzd"
        path.write_bytes(rzd.dumps(_records(1, 2))[:-4])
        result = runner.invoke(app, ["validate", str(path)])
        assert 1 == result.exit_code
        assert [
            f"{path}:1:1: error: the header announces 2 boards but the file holds 1",
            f"{path}:2:1: error: the file ends in the middle of board 2: 9 of its 13 bytes "
            "(from byte 26 on)",
        ] == result.stdout.splitlines()
        assert result.exception is None or isinstance(result.exception, SystemExit)
