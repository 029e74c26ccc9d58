"""Double-dummy tables: the tricks each declarer takes in each denomination.

The tables come from DDS through endplay (``CalcAllTables``, the solver's own batch call,
which runs on every core). A large archive can be spread over a process pool here or a Dask
cluster elsewhere by passing an ``executor``: anything with ``submit(fn, *args)`` returning a
future with ``result()`` (``concurrent.futures`` executors and ``dask.distributed.Client``
both qualify).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from dupbridge.analysis import _solver
from dupbridge.core.calls import Strain
from dupbridge.core.deal import Deal
from dupbridge.core.errors import NotationError
from dupbridge.core.seats import Seat
from dupbridge.i18n import _

__all__ = [
    "PBN_DECLARER_ORDER",
    "PBN_STRAIN_ORDER",
    "DDTable",
    "Executor",
    "Future",
    "dd_table",
    "dd_tables",
]

#: The order of DoubleDummyTricks and OptimumResultTable in PBN: declarers N, S, E, W ...
PBN_DECLARER_ORDER: tuple[Seat, Seat, Seat, Seat] = (Seat.N, Seat.S, Seat.E, Seat.W)
#: ... and for each declarer the denominations NT, S, H, D, C.
PBN_STRAIN_ORDER: tuple[Strain, ...] = (
    Strain.NOTRUMP,
    Strain.SPADES,
    Strain.HEARTS,
    Strain.DIAMONDS,
    Strain.CLUBS,
)


class Future(Protocol):
    """A pending result (``concurrent.futures.Future``, ``dask.distributed.Future``)."""

    def result(self) -> Any:
        """Wait for and return the result."""
        ...


class Executor(Protocol):
    """What ``dd_tables`` needs of an executor: ``submit(fn, *args) -> Future``."""

    def submit(self, fn: Callable[..., Any], /, *args: Any) -> Future:
        """Schedule ``fn(*args)``."""
        ...


@dataclass(frozen=True, slots=True)
class DDTable:
    """Tricks declarer takes double dummy, for each denomination and declarer.

    ``table[Strain.HEARTS, Seat.S]`` is the number of tricks South takes as declarer in
    hearts against the best defence, with every card known to every player.
    """

    #: ``rows[strain][seat]``: strains in core order C, D, H, S, NT; seats N, E, S, W.
    rows: tuple[tuple[int, int, int, int], ...]

    def __post_init__(self) -> None:
        if len(self.rows) != 5 or any(
            len(row) != 4 or any(not 0 <= t <= 13 for t in row) for row in self.rows
        ):
            raise ValueError(f"not a double-dummy table: {self.rows!r}")

    def __getitem__(self, key: tuple[Strain, Seat]) -> int:
        strain, seat = key
        return self.rows[strain][seat]

    def tricks(self, strain: Strain, declarer: Seat) -> int:
        """Tricks ``declarer`` takes in ``strain``."""
        return self.rows[strain][declarer]

    def makeable_level(self, strain: Strain, declarer: Seat) -> int:
        """The highest level ``declarer`` makes in ``strain`` (0 if not even one)."""
        return max(0, self.rows[strain][declarer] - 6)

    # --- PBN ------------------------------------------------------------------------------

    def to_pbn(self) -> str:
        """The ``DoubleDummyTricks`` value: 20 hex digits, N S E W × NT S H D C."""
        return "".join(
            format(self.rows[strain][seat], "x")
            for seat in PBN_DECLARER_ORDER
            for strain in PBN_STRAIN_ORDER
        )

    @classmethod
    def from_pbn(cls, text: str) -> DDTable:
        """Read a ``DoubleDummyTricks`` value (20 hex digits, N S E W × NT S H D C).

        Raises:
            NotationError: if the text is not 20 digits from 0 to d (13).
        """
        digits = text.strip()
        if len(digits) != 20 or any(ch not in "0123456789abcdefABCDEF" for ch in digits):
            raise NotationError(
                _("not a DoubleDummyTricks value: {text!r} (expected 20 hex digits)").format(
                    text=text
                )
            )
        values = [int(ch, 16) for ch in digits]
        if max(values) > 13:
            raise NotationError(
                _("not a DoubleDummyTricks value: {text!r} has a count above 13").format(text=text)
            )
        rows = [[0, 0, 0, 0] for _strain in Strain]
        position = 0
        for seat in PBN_DECLARER_ORDER:
            for strain in PBN_STRAIN_ORDER:
                rows[strain][seat] = values[position]
                position += 1
        return cls(tuple((r[0], r[1], r[2], r[3]) for r in rows))

    def optimum_result_table(self) -> list[str]:
        """The rows of PBN's ``OptimumResultTable`` (``Declarer;Denomination\\2R;Result\\2R``)."""
        return [
            f"{seat.letter} {strain.letter:>2} {self.rows[strain][seat]:>2}"
            for seat in PBN_DECLARER_ORDER
            for strain in PBN_STRAIN_ORDER
        ]

    @classmethod
    def from_optimum_result_table(cls, rows: Iterable[str]) -> DDTable:
        """Read the rows of an ``OptimumResultTable`` (declarer, denomination, tricks).

        Raises:
            NotationError: naming the row, if a row is not ``N NT 7`` or an entry is missing
                or repeated.
        """
        found: dict[tuple[Strain, Seat], int] = {}
        for row in rows:
            parts = row.split()
            try:
                if len(parts) != 3:
                    raise NotationError(row)
                seat = Seat.from_str(parts[0])
                strain = Strain.from_str(parts[1])
                tricks = int(parts[2])
            except (NotationError, ValueError):
                raise NotationError(
                    _("not an OptimumResultTable row: {row!r} (expected like N NT 7)").format(
                        row=row
                    )
                ) from None
            if not 0 <= tricks <= 13 or (strain, seat) in found:
                raise NotationError(
                    _("not an OptimumResultTable row: {row!r} (repeated or out of range)").format(
                        row=row
                    )
                )
            found[strain, seat] = tricks
        if len(found) != 20:
            raise NotationError(
                _("an OptimumResultTable needs 20 rows, not {n}").format(n=len(found))
            )
        return cls(
            tuple(
                (found[s, Seat.N], found[s, Seat.E], found[s, Seat.S], found[s, Seat.W])
                for s in Strain
            )
        )

    def __str__(self) -> str:
        lines = ["    " + " ".join(f"{s.letter:>2}" for s in PBN_STRAIN_ORDER)]
        for seat in PBN_DECLARER_ORDER:
            cells = " ".join(f"{self.rows[s][seat]:>2}" for s in PBN_STRAIN_ORDER)
            lines.append(f"{seat.letter:>3} {cells}")
        return "\n".join(lines)


def _masks(deal: Deal) -> tuple[int, int, int, int]:
    deal.validated()
    north, east, south, west = deal.hands
    return (north.mask, east.mask, south.mask, west.mask)


def solve_masks(chunk: Sequence[tuple[int, int, int, int]]) -> list[_solver.TableRow]:
    """Tables of up to ``MAX_TABLES`` deals given as hand masks (what an executor runs).

    A module-level function of plain values, so that a process pool or a Dask worker can
    import and run it.
    """
    return _solver.tables(chunk)


def dd_table(deal: Deal) -> DDTable:
    """The double-dummy table of one deal.

    Raises:
        InvalidDealError: if the deal is not four hands of thirteen distinct cards.
    """
    return DDTable(_solver.tables([_masks(deal)])[0])


def dd_tables(
    deals: Iterable[Deal],
    *,
    executor: Executor | None = None,
    progress: Callable[[int], None] | None = None,
    chunk_size: int = _solver.MAX_TABLES,
) -> list[DDTable]:
    """The double-dummy tables of many deals, in order, by the solver's batch call.

    Args:
        deals: the deals; each must be valid.
        executor: where to run the batches; by default here, where DDS itself uses every
            core. A ``concurrent.futures.ProcessPoolExecutor`` or a Dask client spreads the
            batches over processes or machines.
        progress: called with the number of deals just finished after each batch.
        chunk_size: deals per batch call (at most the solver's limit of 40).

    Raises:
        InvalidDealError: for the first deal that is not valid, before any solving.
        ValueError: for a chunk size outside 1 .. 40.
    """
    if not 1 <= chunk_size <= _solver.MAX_TABLES:
        raise ValueError(f"chunk size must be between 1 and {_solver.MAX_TABLES}")
    all_masks = [_masks(deal) for deal in deals]
    chunks = [all_masks[i : i + chunk_size] for i in range(0, len(all_masks), chunk_size)]
    rows: list[_solver.TableRow] = []
    if executor is None:
        for chunk in chunks:
            rows.extend(solve_masks(chunk))
            if progress is not None:
                progress(len(chunk))
    else:
        futures = [(len(chunk), executor.submit(solve_masks, chunk)) for chunk in chunks]
        for size, future in futures:
            rows.extend(future.result())
            if progress is not None:
                progress(size)
    return [DDTable(row) for row in rows]
