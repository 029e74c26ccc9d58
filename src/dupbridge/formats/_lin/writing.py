"""The LIN writer: one board a line, or the vugraph form (see :mod:`dupbridge.formats.lin`)."""

from __future__ import annotations

from collections.abc import Iterable

from dupbridge.core.boards import dealer_of, vulnerability_of
from dupbridge.core.seats import SEATS, Seat
from dupbridge.formats._lin.notation import (
    DEALER_DIGIT,
    LIN_SEATS,
    VUL_LETTER,
    call_text,
    hand_text,
)
from dupbridge.formats.problems import Problem, Severity
from dupbridge.formats.records import BoardRecord
from dupbridge.i18n import _

__all__ = ["clean", "unwritable", "write_lin"]


def _md(record: BoardRecord) -> str:
    assert record.deal is not None
    dealer = record.dealer or (dealer_of(record.board) if record.board else Seat.N)
    digit = {seat: digit for digit, seat in DEALER_DIGIT.items()}[dealer]
    return digit + ",".join(hand_text(record.deal[seat]) for seat in LIN_SEATS)


def clean(text: str) -> str:
    """A value LIN can hold: no ``|`` (it separates pairs) and no line breaks."""
    return " ".join(text.replace("|", "/").split())


def _names(record: BoardRecord) -> str:
    by_seat = dict(zip(SEATS, record.players, strict=True))
    # a comma separates the names, so a name holding one is written with a space
    return ",".join(clean((by_seat[seat] or "").replace(",", " ")) for seat in LIN_SEATS)


def _board_pairs(record: BoardRecord) -> list[str]:
    pairs: list[str] = []
    if record.deal is not None:
        pairs.append(f"md|{_md(record)}|")
    pairs.append("rh||")
    if record.board is not None:
        pairs.append(f"ah|Board {record.board}|")
    vulnerability = record.vulnerability
    if vulnerability is None and record.board is not None:
        vulnerability = vulnerability_of(record.board)
    if vulnerability is not None:
        pairs.append(f"sv|{VUL_LETTER[vulnerability]}|")
    for made in record.calls:
        pairs.append(f"mb|{call_text(made)}|")
        if made.explanation:
            pairs.append(f"an|{clean(made.explanation)}|")
    if record.calls:
        pairs.append("pg||")
    for index, card in enumerate(record.play):
        pairs.append(f"pc|{card}|")
        if index % 4 == 3:
            pairs.append("pg||")
    if record.claim is not None:
        pairs.append(f"mc|{record.claim}|")
    return pairs


def _result_text(record: BoardRecord) -> str:
    if record.passed_out:
        return "PASS"
    contract = record.contract
    if contract is None or contract.declarer is None:
        return ""
    strain = "N" if contract.strain.letter == "NT" else contract.strain.letter
    text = f"{contract.level}{strain}{contract.declarer.letter}{contract.risk.suffix}"
    if record.result is None:
        return text
    over = record.result - contract.tricks_needed
    return text + ("=" if over == 0 else f"{over:+d}")


def unwritable(record: BoardRecord, *, vugraph: bool) -> list[str]:
    """What LIN cannot hold of ``record`` (each as a sentence): LIN gives the contract by
    the calls that reach it, so a contract and result with no auction, or a board passed
    out with no calls, are lost, except in the vugraph form whose ``rs`` holds them."""
    if record.calls or vugraph:
        return []
    if record.passed_out:
        return [_("the board was passed out, but with no calls LIN cannot say so")]
    if record.contract is not None:
        declarer = record.contract.declarer
        contract = record.contract.to_str(declarer=False)
        if declarer is not None:
            contract = f"{contract} ({declarer.title})"
        if record.result is not None:
            return [
                _(
                    "the contract {contract} and its result ({n} tricks) have no auction: "
                    "LIN cannot hold them without the calls"
                ).format(contract=contract, n=record.result)
            ]
        return [
            _(
                "the contract {contract} has no auction: LIN cannot hold it without the calls"
            ).format(contract=contract)
        ]
    return []


def write_lin(
    records: Iterable[BoardRecord],
    *,
    vugraph: bool | None = None,
    problems: list[Problem] | None = None,
) -> str:
    """Write ``records`` as LIN (see :func:`dupbridge.formats.lin.dumps`); what a record
    holds that LIN cannot is reported in ``problems`` as a warning on the board's line."""
    boards = list(records)
    if vugraph is None:
        vugraph = any(record.info_value("Room") in ("Open", "Closed") for record in boards)
    if problems is not None:
        first_line = 3 if vugraph else 1
        for index, record in enumerate(boards):
            for message in unwritable(record, vugraph=vugraph):
                problems.append(Problem(first_line + index, 1, message, Severity.WARNING, "<lin>"))
    if not vugraph:
        return "".join(
            f"pn|{_names(record)}|st||" + "".join(_board_pairs(record)) + "\n" for record in boards
        )
    first = boards[0] if boards else BoardRecord()
    numbers = [record.board for record in boards if record.board is not None]
    event = clean(first.info_value("Event") or "")
    stage = clean(first.info_value("Stage") or "")
    home = clean(first.info_value("HomeTeam") or "")
    away = clean(first.info_value("VisitTeam") or "")
    lines = [
        f"vg|{event},{stage},I,{min(numbers, default=1)},{max(numbers, default=1)},"
        f"{home},0,{away},0|",
        "rs|" + ",".join(_result_text(record) for record in boards) + "|",
    ]
    for record in boards:
        room = "c" if record.info_value("Room") == "Closed" else "o"
        lines.append(
            f"qx|{room}{record.board or 0}|pn|{_names(record)}|" + "".join(_board_pairs(record))
        )
    return "\n".join(lines) + "\n"
