"""Par scores and contracts: oracle against DDS's PAR and PAR2 lines and real PBN files."""

from __future__ import annotations

import re

import pytest

from dupbridge.analysis.dd import DDTable, dd_tables
from dupbridge.analysis.par import Par, ParContract, board_par, par, sides_par
from dupbridge.core.boards import Board
from dupbridge.core.calls import Strain
from dupbridge.core.contract import Contract, Risk
from dupbridge.core.errors import NotationError
from dupbridge.core.seats import Seat, Side, Vulnerability
from dupbridge.formats import pbn
from dupbridge.scoring import score
from tests.analysis.ddsfile import DDSCase
from tests.conftest import shared_file


def dds_levels_text(contract: ParContract) -> str:
    """A contract as DDS's Par() writes it: ``NS 23S`` (2S or 3S make), ``EW 4Sx``."""
    strain = "N" if contract.strain is Strain.NOTRUMP else contract.strain.letter
    if contract.doubled:
        return f"{contract.declarer_text} {contract.level}{strain}x"
    levels = "".join(
        str(level) for level in range(contract.level, contract.level + contract.result + 1)
    )
    return f"{contract.declarer_text} {levels}{strain}"


def dds_dealer_text(contract: ParContract) -> str:
    """A contract as DDS's DealerPar() writes it: ``2S-NS+1``, ``4S*-EW-1``."""
    strain = "N" if contract.strain is Strain.NOTRUMP else contract.strain.letter
    text = f"{contract.level}{strain}{'*' if contract.doubled else ''}-{contract.declarer_text}"
    return text + (f"{contract.result:+d}" if contract.result else "")


def table_of(rows: dict[Strain, tuple[int, int, int, int]]) -> DDTable:
    """A table with the given rows and 6 tricks for everybody elsewhere."""
    return DDTable(tuple(rows.get(strain, (6, 6, 6, 6)) for strain in Strain))


@pytest.mark.oracle
@pytest.mark.slow
class TestOracle:
    def test_sides_par_equals_every_par_line(
        self, dds_cases: list[DDSCase], dds_tables: list[DDTable]
    ) -> None:
        """Every PAR line of list100.txt: both sides' scores and contracts."""
        for case, table in zip(dds_cases, dds_tables, strict=True):
            ns_first, ew_first = sides_par(table, case.vulnerability)
            actual = [
                f"NS {ns_first.score}",
                f"EW {ew_first.score_for(Side.EW)}",
                "NS:" + ",".join(dds_levels_text(c) for c in ns_first.contracts),
                "EW:" + ",".join(dds_levels_text(c) for c in ew_first.contracts),
            ]
            assert case.par == actual, f"list100.txt line {case.line}"

    def test_dealer_par_equals_every_par2_line(
        self, dds_cases: list[DDSCase], dds_tables: list[DDTable]
    ) -> None:
        """Every PAR2 line (par knowing the dealer): score and the set of contracts."""
        for case, table in zip(dds_cases, dds_tables, strict=True):
            result = par(table, case.vulnerability, case.dealer)
            assert case.par2[0] == str(result.score), f"list100.txt line {case.line}"
            assert sorted(case.par2[1:]) == sorted(dds_dealer_text(c) for c in result.contracts)

    def test_par_scores_follow_law_77(
        self, dds_cases: list[DDSCase], dds_tables: list[DDTable]
    ) -> None:
        """Each par contract scores the par score by Law 77 with its double-dummy tricks."""
        for case, table in zip(dds_cases, dds_tables, strict=True):
            result = par(table, case.vulnerability, case.dealer)
            for contract in result.contracts:
                for seat in contract.declarers:
                    assert contract.tricks == table[contract.strain, seat]
                    points = score(
                        contract.contract(seat),
                        contract.tricks,
                        case.vulnerability.is_vulnerable(seat),
                    )
                    assert result.score == (points if seat.side is Side.NS else -points)

    @pytest.mark.parametrize(
        "path", [("endplay-tests", "example2.pbn"), ("deal-formats-16boards", "test.pbn")]
    )
    def test_optimum_score_of_real_files(self, path: tuple[str, str]) -> None:
        """OptimumScore (and Minimax, where given) of real PBN files equal our par."""
        games = [g for g in pbn.load_path(shared_file(*path)) if g.deal is not None]
        deals = list(dict.fromkeys(g.deal for g in games if g.deal is not None))
        tables = dict(zip(deals, dd_tables(deals), strict=True))
        for game in games:
            assert game.deal is not None
            assert game.dealer is not None
            assert game.vulnerability is not None
            result = par(tables[game.deal], game.vulnerability, game.dealer)
            written = game.get("OptimumScore")
            assert written is not None
            assert Par.from_pbn(written).score == result.score, f"board {game.board}"
            minimax = game.get("Minimax")
            if minimax is not None:
                match = re.fullmatch(r"(\d)([CDHSN])([DR]?)([NESW])(-?\d+)", minimax)
                assert match is not None
                level, strain, doubled, seat, points = match.groups()
                assert int(points) == result.score
                assert any(
                    c.level == int(level)
                    and c.strain is Strain.from_str(strain)
                    and c.doubled == bool(doubled)
                    and Seat.from_str(seat) in c.declarers
                    for c in result.contracts
                ), f"board {game.board}: {minimax} not in {result}"


class TestPar:
    def test_nobody_makes_anything(self) -> None:
        """With at most six tricks anywhere, par is to pass the board out (score 0)."""
        result = par(table_of({}), Vulnerability.BOTH, Seat.N)
        assert result.is_pass_out
        assert 0 == result.score
        assert "Pass" == result.par_contract()

    def test_vulnerable_game(self) -> None:
        """NS making ten tricks in hearts vulnerable, EW nothing: par NS 4H, +620 (Law 77)."""
        table = table_of({Strain.HEARTS: (10, 3, 10, 3)})
        result = par(table, Vulnerability.NS, Seat.N)
        assert 620 == result.score
        assert (ParContract(4, Strain.HEARTS, (Seat.N, Seat.S), False, 0),) == result.contracts
        assert "NS 620" == result.optimum_score()
        assert "NS 4H" == result.par_contract()

    def test_sacrifice(self) -> None:
        """EW, not vulnerable, sacrifice in 4SX one down (-100) against NS's 4H (+620)."""
        table = table_of({Strain.HEARTS: (10, 3, 10, 3), Strain.SPADES: (4, 9, 4, 9)})
        result = par(table, Vulnerability.NS, Seat.E)
        assert 100 == result.score
        assert -100 == result.score_for(Side.EW)
        assert (ParContract(4, Strain.SPADES, (Seat.E, Seat.W), True, -1),) == result.contracts
        assert "EW 4SX-1" == result.par_contract()
        assert Contract(4, Strain.SPADES, Risk.DOUBLED, Seat.W) == result.contracts[0].contract(
            Seat.W
        )

    def test_board_par_uses_law_2(self) -> None:
        """board_par takes dealer and vulnerability from the board number (Law 2)."""
        table = table_of({Strain.HEARTS: (10, 3, 10, 3)})
        assert par(table, Vulnerability.NS, Seat.E) == board_par(table, Board.numbered(2))

    def test_only_declarers_who_make_it(self) -> None:
        """When only North makes the contract, only North is named; PBN's ParContract still
        starts with the side, as the PBN standard asks."""
        table = table_of({Strain.NOTRUMP: (9, 4, 8, 4)})
        result = par(table, Vulnerability.NONE, Seat.N)
        assert (Seat.N,) == result.contracts[0].declarers
        assert "N 3NT" == result.contracts[0].to_str()
        assert "NS 3NT" == result.par_contract()

    def test_contract_of_another_declarer_refused(self) -> None:
        """A par contract is only played by a seat that makes it."""
        contract = ParContract(3, Strain.NOTRUMP, (Seat.N,), False, 0)
        with pytest.raises(ValueError, match="does not declare"):
            contract.contract(Seat.S)


class TestPbnValues:
    @pytest.mark.parametrize(
        ("score", "contracts", "expected"),
        [
            ("NS 620", "NS 4H", Par(620, (ParContract(4, Strain.HEARTS, (Seat.N, Seat.S), False, 0),))),
            ("NS +90", "", Par(90, ())),
            ("EW 100", "EW 2S+1", Par(-100, (ParContract(2, Strain.SPADES, (Seat.E, Seat.W), False, 1),))),
            ("NS 100", "EW 4SX-1; EW 4HX-1", Par(100, (
                ParContract(4, Strain.SPADES, (Seat.E, Seat.W), True, -1),
                ParContract(4, Strain.HEARTS, (Seat.E, Seat.W), True, -1),
            ))),
            ("NS 0", "Pass", Par(0, ())),
        ],
    )  # fmt: skip
    def test_read(self, score: str, contracts: str, expected: Par) -> None:
        """OptimumScore and ParContract values read into a Par."""
        assert expected == Par.from_pbn(score, contracts)

    def test_round_trip(self) -> None:
        """A Par written as PBN values reads back equal."""
        value = Par(-1430, (ParContract(6, Strain.NOTRUMP, (Seat.E, Seat.W), False, 0),))
        assert value == Par.from_pbn(value.optimum_score(), value.par_contract())

    def test_one_seat_written_as_its_side(self) -> None:
        """A contract only West makes is written 'EW 6NT' in PBN (the side comes first)."""
        value = Par(-1430, (ParContract(6, Strain.NOTRUMP, (Seat.W,), False, 0),))
        assert "EW 6NT" == value.par_contract()
        assert (Seat.E, Seat.W) == Par.from_pbn("NS -1430", value.par_contract()).contracts[
            0
        ].declarers

    def test_same_side_contract_written_once(self) -> None:
        """North and South each making 3NT alone give one PBN contract, not two."""
        value = Par(
            400,
            tuple(ParContract(3, Strain.NOTRUMP, (seat,), False, 0) for seat in (Seat.N, Seat.S)),
        )
        assert "NS 3NT" == value.par_contract()

    @pytest.mark.parametrize("text", ["420", "NS", "XY 420", "NS four"])
    def test_bad_optimum_score(self, text: str) -> None:
        """An OptimumScore that is not 'side score' is named in the error."""
        with pytest.raises(NotationError, match="OptimumScore"):
            Par.from_pbn(text)

    @pytest.mark.parametrize("text", ["NS", "NE 4H", "NS 8H", "NS 4H+x", "Q 4H"])
    def test_bad_par_contract(self, text: str) -> None:
        """A ParContract that is not 'declarers contract result' is named in the error."""
        with pytest.raises(NotationError, match="not a par contract"):
            Par.from_pbn("NS 0", text)

    def test_symbols(self) -> None:
        """Suit symbols are a rendering option."""
        contract = ParContract(4, Strain.SPADES, (Seat.E, Seat.W), True, -2)
        assert "EW 4♠X-2" == contract.to_str(symbols=True)
