"""How the results website writes numbers, contracts, hands and the analysis of a board.

Shared by the pages of :mod:`dupbridge.services.results_site`,
:mod:`dupbridge.services.site_teams` and :mod:`dupbridge.services.site_individual`. Par goes
through the one notation of :func:`dupbridge.analysis.notation.par_text`; a ten is written as
the site's ``ten`` setting.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from dupbridge.analysis.dd import PBN_DECLARER_ORDER, PBN_STRAIN_ORDER, DDTable, dd_tables
from dupbridge.analysis.handrecord import HandRecordBoard, render_html
from dupbridge.analysis.notation import card_text, par_text, parse_par_text, ranks_text
from dupbridge.analysis.par import Par, board_par
from dupbridge.core.calls import Strain
from dupbridge.core.cards import SUITS_DESCENDING, Card
from dupbridge.core.contract import Contract
from dupbridge.core.seats import SEATS, Seat, Side
from dupbridge.core.written import risk_text, seat_text, strain_text
from dupbridge.i18n import _
from dupbridge.i18n.formats import date_text, decimal_text, parse_date
from dupbridge.scoring.rounding import format_fixed
from dupbridge.tournament.results import BoardInfo, Outcome, Played

__all__ = [
    "STRAIN_HEADERS",
    "Cell",
    "analysed_boards",
    "board_head",
    "board_table",
    "contract_cells",
    "diagram",
    "event_date_text",
    "fixed",
    "hand_record_html",
    "lead_text",
    "makeable_rows",
    "number",
    "outcome_cells",
    "par_of",
    "par_words",
    "signed",
    "strain_headers",
    "vulnerability_text",
]

RED = {"♥", "♦"}

#: The denominations of the makeable-contracts table, as hand records order them.
STRAIN_HEADERS = [("NT", False), ("♠", False), ("♥", True), ("♦", True), ("♣", False)]


def strain_headers() -> list[tuple[str, bool]]:
    """:data:`STRAIN_HEADERS` in the active notation (no trumps ``NT``, Polish local ``BA``)."""
    return [(strain_text(Strain.NOTRUMP), False), *STRAIN_HEADERS[1:]]


def number(value: Fraction | None, places: int = 2) -> str:
    """A whole number as it is, else with ``places`` decimals in the active language's way
    (``12``, ``12.50``, Polish ``12,50``)."""
    if value is None:
        return ""
    if value.denominator == 1:
        return str(value.numerator)
    return decimal_text(format_fixed(value, places))


def fixed(value: Fraction | int, places: int = 2) -> str:
    """``value`` with exactly ``places`` decimals, rounded half away from zero and written the
    active language's way (VPs ``12.50``, Polish ``12,50``)."""
    return decimal_text(format_fixed(value, places))


def event_date_text(text: str) -> str:
    """An event's date (PBN ``2012.08.02``) in the active language's way (``02.08.2012``);
    a date that is not whole (``2012.08.??``) is shown as written."""
    day = parse_date(text)
    return text if day is None else date_text(day)


def signed(value: Fraction | int | None) -> str:
    """A score with its sign (``+420``, ``-50``, ``0``)."""
    if value is None:
        return ""
    text = number(Fraction(value))
    return text if value <= 0 else "+" + text


@dataclass(frozen=True)
class Cell:
    """A piece of text, red when it is a heart or diamond symbol."""

    text: str
    red: bool = False


def contract_cells(contract: Contract) -> list[Cell]:
    """A contract as cells: level, denomination (red for ♥ ♦), ``x``/``xx``."""
    cells = [Cell(str(contract.level))]
    symbol = strain_text(contract.strain)
    cells.append(Cell(symbol, symbol in RED))
    if contract.risk.suffix:
        cells.append(Cell(risk_text(contract.risk).lower()))
    return cells


def lead_text(card: Card, ten: str) -> str:
    """The opening lead, suit symbol first."""
    return card_text(card, ten=ten)


def diagram(info: BoardInfo, ten: str) -> dict[str, Any] | None:
    """The four hands (suit, red, ranks) and each hand's high-card points."""
    if info.deal is None:
        return None
    hands = {}
    for seat in SEATS:
        hand = info.deal[seat]
        hands[seat.letter] = {
            "rows": [
                (suit.symbol, suit.symbol in RED, ranks_text(hand.suit(suit), ten=ten))
                for suit in SUITS_DESCENDING
            ],
            "hcp": hand.hcp,
        }
    return hands


def board_table(info: BoardInfo) -> DDTable | None:
    """The double-dummy table of a board, when all twenty counts are known."""
    counts = {(seat, Strain(strain)): tricks for seat, strain, tricks in info.dd_tricks}
    if len(counts) != 20:
        return None
    return DDTable(
        tuple(tuple(counts[seat, strain] for seat in SEATS) for strain in Strain)  # type: ignore[misc]
    )


def makeable_rows(info: BoardInfo) -> list[dict[str, Any]]:
    """One row per declarer (N, S, E, W), one level per denomination (a dash below one)."""
    if not info.dd_tricks:
        return []
    tricks = {(seat, Strain(strain)): count for seat, strain, count in info.dd_tricks}
    rows = []
    for seat in (Seat.N, Seat.S, Seat.E, Seat.W):
        cells = []
        for strain in PBN_STRAIN_ORDER:
            count = tricks.get((seat, strain))
            level = None if count is None else count - 6
            cells.append(str(level) if level is not None and level >= 1 else "–")
        rows.append({"seat": seat_text(seat), "cells": cells})
    return rows


def par_of(info: BoardInfo) -> Par | None:
    """The board's par, read from its text (None when there is none or it cannot be read)."""
    return parse_par_text(info.par) if info.par else None


def par_words(info: BoardInfo) -> str:
    """Par in the one notation (``Par +420: 4♠ by N``), or the text as the file gave it."""
    if not info.par:
        return ""
    found = par_of(info)
    return par_text(found) if found is not None else _("Par: {par}").format(par=info.par)


def analysed_boards(boards: dict[int, BoardInfo]) -> dict[int, BoardInfo]:
    """The boards, with double-dummy tricks and par added where the deal is known and they
    are not (one batch run of the solver)."""
    todo = [
        number
        for number, info in sorted(boards.items())
        if info.deal is not None and info.deal.is_valid() and board_table(info) is None
    ]
    if not todo:
        return boards
    tables = dd_tables([boards[number].deal for number in todo])  # type: ignore[misc]
    result = dict(boards)
    for number, table in zip(todo, tables, strict=True):
        info = boards[number]
        result[number] = with_analysis(info, table)
    return result


def with_analysis(info: BoardInfo, table: DDTable, par: Par | None = None) -> BoardInfo:
    """``info`` with the tricks of ``table`` and par (computed unless given), kept in the
    PBN notation of ParContract and OptimumScore."""
    best = par if par is not None else board_par(table, info.board)
    tricks = tuple(
        (seat, strain, table.tricks(strain, seat))
        for seat in PBN_DECLARER_ORDER
        for strain in PBN_STRAIN_ORDER
    )
    kept = info.par or f"{best.par_contract()} {best.optimum_score()}"
    return replace(info, dd_tricks=tricks, par=kept)


def vulnerability_text(info: BoardInfo) -> str:
    """Who is vulnerable (Law 2), in words."""
    vul = info.vulnerability
    ns, ew = vul.is_vulnerable(Side.NS), vul.is_vulnerable(Side.EW)
    if ns and ew:
        return _("All vulnerable")
    if ns:
        return _("North-South vulnerable")
    if ew:
        return _("East-West vulnerable")
    return _("None vulnerable")


def board_head(info: BoardInfo, board: int, boards: Sequence[int], ten: str) -> dict[str, Any]:
    """What the head of board ``board``'s page shows (``templates/results/board_deal.html``,
    on every results site): the pager over ``boards``, the dealer and the vulnerability, the
    hand diagram, the makeable contracts and par."""
    index = boards.index(board)
    return {
        "number": board,
        "dealer": info.dealer.title,
        "vulnerability": vulnerability_text(info),
        "diagram": diagram(info, ten),
        "makeable": makeable_rows(info),
        "strain_headers": strain_headers(),
        "par": par_words(info),
        "previous": boards[index - 1] if index > 0 else None,
        "next": boards[index + 1] if index + 1 < len(boards) else None,
    }


def hand_record_html(boards: Iterable[BoardInfo], *, title: str, subtitle: str, ten: str) -> str:
    """The hand record page of a results site: every board whose deal is known and valid,
    with its double-dummy table and par when known."""
    items = [
        HandRecordBoard(info.board, info.deal, board_table(info), par_of(info))
        for info in boards
        if info.deal is not None and info.deal.is_valid()
    ]
    return render_html(items, title=title, subtitle=subtitle, ten=ten)


def outcome_cells(outcome: Outcome, ten: str) -> dict[str, Any]:
    """A traveller line's or a score card's outcome as the pages show it: the contract's
    cells, declarer, result and opening lead of a played board, or the words of a board
    passed out or of an adjusted score (Law 12C)."""
    empty = {"contract": [], "declarer": "", "result": "", "lead": "", "lead_red": False}
    if isinstance(outcome, Played):
        if outcome.contract is not None:
            declarer = outcome.contract.declarer
            return {
                "contract": contract_cells(outcome.contract),
                "declarer": seat_text(declarer) if declarer else "",
                "result": outcome.result_text,
                "lead": lead_text(outcome.lead, ten) if outcome.lead else "",
                "lead_red": outcome.lead is not None and outcome.lead.suit.symbol in "♥♦",
                "adjusted": "",
            }
        return {**empty, "adjusted": _("Passed out") if outcome.passed_out else ""}
    return {**empty, "adjusted": _("Adjusted: {score}").format(score=outcome)}
