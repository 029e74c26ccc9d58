"""The board after play, as the table page shows it: all four hands, the double-dummy table,
par and the board's traveller so far.

Nothing here is computed before the board is over for the one who asks: a player once play
has ended at his table (then every hand may be seen, Law 66D), a kibitzer once the board is
released (over at every table of the session and the event's delay passed). The double-dummy
table and par come from :mod:`dupbridge.analysis` (DDS through endplay, imported here only
when a finished board is first reviewed) and are kept per deal.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from dupbridge.core.boards import Board
from dupbridge.core.calls import Strain
from dupbridge.core.deal import Deal
from dupbridge.core.seats import SEATS, Seat, Vulnerability
from dupbridge.core.table import Phase, Table
from dupbridge.i18n import _
from dupbridge.services.wire import score_json

__all__ = ["TravellerEntry", "analysis_json", "review_json", "traveller_row"]

#: The denominations in the order a double-dummy table is shown: NT first, then the suits.
SHOWN_STRAINS: tuple[Strain, ...] = (
    Strain.NOTRUMP,
    Strain.SPADES,
    Strain.HEARTS,
    Strain.DIAMONDS,
    Strain.CLUBS,
)


@dataclass(frozen=True, slots=True)
class TravellerEntry:
    """One finished table of the session that played the same board."""

    table_id: str
    name: str
    table: Table


#: One solver call at a time: the review runs in worker threads, the solver is shared.
_SOLVER = threading.Lock()


@functools.lru_cache(maxsize=512)
def _analysis(deal_pbn: str, dealer: str, vulnerability: str, number: int) -> dict[str, Any]:
    from dupbridge.analysis.dd import dd_table  # noqa: PLC0415 - DDS only when a board is over
    from dupbridge.analysis.par import board_par  # noqa: PLC0415

    deal = Deal.from_pbn(deal_pbn)
    board = Board(number, Seat.from_str(dealer), Vulnerability.from_str(vulnerability))
    table = dd_table(deal)
    par = board_par(table, board)
    return {
        "strains": [strain.letter for strain in SHOWN_STRAINS],
        "dd": {
            seat.letter: {strain.letter: table.tricks(strain, seat) for strain in SHOWN_STRAINS}
            for seat in SEATS
        },
        "par": {
            "score": par.score,
            "contracts": [
                {
                    "level": contract.level,
                    "strain": contract.strain.letter,
                    "doubled": contract.doubled,
                    "declarers": [seat.letter for seat in contract.declarers],
                    "result": contract.result,
                }
                for contract in par.contracts
            ],
        },
    }


def analysis_json(table: Table) -> dict[str, Any]:
    """The double-dummy table (tricks by declarer and denomination) and par of the table's
    deal, for its dealer and vulnerability (Law 2).

    Raises:
        ValueError: if play is not over at ``table`` (nothing is analysed before).
    """
    if table.phase is not Phase.FINISHED:
        raise ValueError(_("the board is still in play: it is analysed once it is over"))
    board = table.board
    with _SOLVER:
        return _analysis(
            table.deal.to_pbn(), board.dealer.letter, str(board.vulnerability), board.number
        )


def traveller_row(entry: TravellerEntry) -> dict[str, Any]:
    """One line of the traveller: the contract, declarer, tricks and each side's score."""
    table = entry.table
    contract = table.contract
    return {
        "table": entry.table_id,
        "name": entry.name,
        "contract": None if contract is None else contract.to_str(declarer=False),
        "declarer": None if table.declarer is None else table.declarer.letter,
        "tricks": table.result,
        "score": score_json(table),
    }


def review_json(table: Table, others: Iterable[TravellerEntry], own_id: str) -> dict[str, Any]:
    """What the page shows after the board: the deal, the analysis and the traveller
    (this table and the session's other finished tables of the same board, best NS score
    first).

    Raises:
        ValueError: if play is not over at ``table``.
    """
    out = analysis_json(table)
    rows = [traveller_row(entry) for entry in others if entry.table.phase is Phase.FINISHED]
    rows.sort(key=lambda row: (-(row["score"] or {}).get("NS", 0), row["name"], row["table"]))
    for row in rows:
        row["this"] = row["table"] == own_id
    return {
        "board": table.board.number,
        "deal": {seat.letter: [str(card) for card in table.deal[seat]] for seat in SEATS},
        **out,
        "traveller": rows,
    }
