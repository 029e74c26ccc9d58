"""Double-dummy tables through DDS: oracle against DDS's own answers and real PBN files."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from dupbridge.analysis.dd import DDTable, dd_table, dd_tables
from dupbridge.core.calls import Strain
from dupbridge.core.cards import Card
from dupbridge.core.deal import Deal
from dupbridge.core.errors import InvalidDealError, NotationError
from dupbridge.core.seats import Seat
from dupbridge.formats import pbn
from tests.analysis.ddsfile import DDSCase
from tests.conftest import shared_file

#: DDS's first test hand (list1.txt) and its TABLE line (S, H, D, C, NT × N, E, S, W).
DEAL = Deal.from_pbn("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
TABLE = (5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6)
DDS_STRAINS = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP)


def expected_table() -> DDTable:
    rows = [[0, 0, 0, 0] for _ in Strain]
    for index, tricks in enumerate(TABLE):
        rows[DDS_STRAINS[index // 4]][index % 4] = tricks
    return DDTable(tuple((r[0], r[1], r[2], r[3]) for r in rows))


@pytest.mark.oracle
@pytest.mark.slow
class TestOracle:
    def test_every_table_of_dds_list100(
        self, dds_cases: list[DDSCase], dds_tables: list[DDTable]
    ) -> None:
        """All 100 TABLE lines of DDS's list100.txt: 2,000 numbers, each equal."""
        assert 100 == len(dds_cases)
        for case, table in zip(dds_cases, dds_tables, strict=True):
            actual = {(strain, seat): table[strain, seat] for strain, seat in case.table}
            assert case.table == actual, f"list100.txt line {case.line}"

    @pytest.mark.parametrize(
        "path", [("endplay-tests", "example2.pbn"), ("deal-formats-16boards", "test.pbn")]
    )
    def test_real_pbn_files(self, path: tuple[str, str]) -> None:
        """DoubleDummyTricks and OptimumResultTable of real PBN files equal our tables."""
        games = [g for g in pbn.load_path(shared_file(*path)) if g.deal is not None]
        deals = list(dict.fromkeys(game.deal for game in games if game.deal is not None))
        tables = dict(zip(deals, dd_tables(deals), strict=True))
        checked = 0
        for game in games:
            assert game.deal is not None
            table = tables[game.deal]
            written = game.get("DoubleDummyTricks")
            if written is not None:
                assert written.lower() == table.to_pbn(), f"board {game.board}"
                checked += 1
            result_table = game.table("OptimumResultTable")
            if result_table is not None:
                rows = [" ".join(row) for row in result_table.rows]
                assert table == DDTable.from_optimum_result_table(rows), f"board {game.board}"
                checked += 1
        assert checked >= len(games)


class TestTables:
    def test_one_deal(self) -> None:
        """The table of DDS's first test hand equals DDS's own TABLE line."""
        assert expected_table() == dd_table(DEAL)

    def test_indexing(self) -> None:
        """table[strain, declarer] is the tricks that declarer takes in that strain."""
        table = dd_table(DEAL)
        assert 8 == table[Strain.SPADES, Seat.E]
        assert 8 == table.tricks(Strain.SPADES, Seat.W)
        assert 2 == table.makeable_level(Strain.SPADES, Seat.W)
        assert 0 == table.makeable_level(Strain.NOTRUMP, Seat.N)

    def test_rotating_the_deal_rotates_the_table(self) -> None:
        """Turning every hand one seat clockwise turns every result with it."""
        rotated = Deal(DEAL.west, DEAL.north, DEAL.east, DEAL.south)
        table, turned = dd_tables([DEAL, rotated])
        for strain in Strain:
            for seat in Seat:
                assert table[strain, seat] == turned[strain, seat.next()]

    def test_declarer_and_defenders_add_up(self) -> None:
        """Partners take the same tricks as declarer within one (lead), never more than 13."""
        table = dd_table(DEAL)
        for strain in Strain:
            for seat in Seat:
                assert abs(table[strain, seat] - table[strain, seat.partner]) <= 1
                assert table[strain, seat] + table[strain, seat.lho] in (12, 13, 14)

    @pytest.mark.parametrize("chunk", [1, 3, 40])
    def test_batches_give_the_same_tables(self, chunk: int) -> None:
        """Any batch size gives the tables one at a time would."""
        deals = [DEAL, Deal(DEAL.east, DEAL.south, DEAL.west, DEAL.north), DEAL]
        assert [dd_table(d) for d in deals] == dd_tables(deals, chunk_size=chunk)

    def test_progress_counts_every_deal(self) -> None:
        """The progress callback is told about every deal."""
        seen: list[int] = []
        dd_tables([DEAL] * 5, chunk_size=2, progress=seen.append)
        assert [2, 2, 1] == seen

    def test_thread_executor(self) -> None:
        """An executor runs the batches; the tables come back in order."""
        deals = [DEAL, Deal(DEAL.south, DEAL.west, DEAL.north, DEAL.east)]
        with ThreadPoolExecutor(2) as pool:
            assert [dd_table(d) for d in deals] == dd_tables(deals, executor=pool, chunk_size=1)

    def test_any_object_with_submit(self) -> None:
        """Anything with submit(fn, *args) -> future.result() will do (a Dask client, say)."""

        class Done:
            def __init__(self, value: object) -> None:
                self.value = value

            def result(self) -> object:
                return self.value

        class Inline:
            calls = 0

            def submit(self, fn: Callable[..., object], /, *args: object) -> Done:
                self.calls += 1
                return Done(fn(*args))

        executor = Inline()
        deals = [DEAL, Deal(DEAL.west, DEAL.north, DEAL.east, DEAL.south), DEAL]
        assert [dd_table(d) for d in deals] == dd_tables(deals, executor=executor, chunk_size=2)
        assert 2 == executor.calls

    @pytest.mark.slow
    def test_process_executor(self) -> None:
        """A process pool (as for a large archive) gives the same tables."""
        deals = [DEAL, Deal(DEAL.south, DEAL.west, DEAL.north, DEAL.east)]
        with ProcessPoolExecutor(2) as pool:
            assert [dd_table(d) for d in deals] == dd_tables(deals, executor=pool, chunk_size=1)

    def test_empty(self) -> None:
        """No deals, no tables."""
        assert [] == dd_tables([])

    @pytest.mark.parametrize("chunk", [0, 41])
    def test_bad_chunk(self, chunk: int) -> None:
        """The solver takes 1 to 40 full tables per call."""
        with pytest.raises(ValueError, match="between 1 and 40"):
            dd_tables([DEAL], chunk_size=chunk)


class TestBadDeals:
    def test_twelve_cards(self) -> None:
        """A hand of 12 cards is refused before solving, naming the seat (Law 1)."""
        short = Deal(DEAL.north.remove(Card.from_str("SQ")), DEAL.east, DEAL.south, DEAL.west)
        with pytest.raises(InvalidDealError, match="North has 12 cards"):
            dd_table(short)

    def test_fourteen_cards(self) -> None:
        """A hand of 14 cards is refused, naming the seat."""
        long = Deal(DEAL.north, DEAL.east.add(Card.from_str("SQ")), DEAL.south, DEAL.west)
        with pytest.raises(InvalidDealError, match="East has 14 cards"):
            dd_tables([DEAL, long])

    def test_duplicated_card(self) -> None:
        """A card in two hands is refused, naming the card."""
        card = Card.from_str("SK")
        twice = Deal(DEAL.north.add(card), DEAL.east, DEAL.south, DEAL.west)
        with pytest.raises(InvalidDealError, match="SK is in more than one hand"):
            dd_table(twice)


class TestPbnValues:
    def test_double_dummy_tricks_round_trip(self) -> None:
        """DoubleDummyTricks is 20 hex digits, N S E W × NT S H D C, and reads back."""
        table = expected_table()
        assert "65657656576867568675" == table.to_pbn()
        assert table == DDTable.from_pbn("65657656576867568675")

    def test_optimum_result_table_round_trip(self) -> None:
        """The OptimumResultTable rows read back to the same table."""
        table = expected_table()
        assert "N NT  6" == table.optimum_result_table()[0]
        assert table == DDTable.from_optimum_result_table(table.optimum_result_table())

    @pytest.mark.parametrize("text", ["123", "g" * 20, "e" * 20])
    def test_bad_double_dummy_tricks(self, text: str) -> None:
        """A DoubleDummyTricks value that is not 20 digits up to 13 is an error."""
        with pytest.raises(NotationError, match="DoubleDummyTricks"):
            DDTable.from_pbn(text)

    def test_bad_result_table(self) -> None:
        """A row that is not 'declarer denomination tricks' is named in the error."""
        with pytest.raises(NotationError, match="'N NT'"):
            DDTable.from_optimum_result_table(["N NT"])
        with pytest.raises(NotationError, match="20 rows"):
            DDTable.from_optimum_result_table(["N NT 7"])

    def test_table_checks_its_values(self) -> None:
        """A table holds 5 × 4 counts from 0 to 13."""
        with pytest.raises(ValueError, match="not a double-dummy table"):
            DDTable(((14, 0, 0, 0),) * 5)
