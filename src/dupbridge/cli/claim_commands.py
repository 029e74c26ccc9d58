"""``dupbridge claim-check RECORD.json``: the Director's view of a claim (Laws 68-71): double
dummy from the point of the claim, and the line the claimer stated."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import typer
from rich.text import Text

from dupbridge.cli.app import console, err_console
from dupbridge.cli.render import card_text, deal_diagram
from dupbridge.core.cards import Card
from dupbridge.core.errors import InvalidCardError, NotationError
from dupbridge.core.events import ClaimMade
from dupbridge.core.seats import SEATS, Seat, Side
from dupbridge.core.written import side_text
from dupbridge.i18n import N_, _
from dupbridge.services.records import RecordError, run_record

if TYPE_CHECKING:  # the solver (endplay) loads only when the command runs
    from dupbridge.analysis.claims import ClaimCheck, LineCheck

__all__ = ["claim_check", "line_from_statement"]


def fail(message: str, code: int = 2) -> NoReturn:
    """One error line on standard error (never wrapped: it names files), then exit."""
    err_console.print(_("error: {message}").format(message=message), markup=False, soft_wrap=True)
    raise typer.Exit(code)


_CARD_WORD = re.compile(r"^(?:[SHDC♠♥♦♣](?:10|[2-9TJQKA])|(?:10|[2-9TJQKA])[SHDC♠♥♦♣])$", re.I)


def line_from_statement(statement: str) -> list[Card]:
    """The cards named in a claim statement, in order (``"SA, SK then HQ"`` -> SA SK HQ)."""
    words = re.split(r"[\s,;.]+", statement)
    return [Card.from_str(word) for word in words if _CARD_WORD.match(word)]


def _parse_line(text: str) -> list[Card]:
    cards = []
    for word in re.split(r"[\s,;]+", text.strip()):
        if not word:
            continue
        try:
            cards.append(Card.from_str(word))
        except InvalidCardError as error:
            fail(_("--line: {error}").format(error=error))
    return cards


def _line_json(check: LineCheck | None) -> dict[str, Any] | None:
    if check is None:
        return None
    return {
        "holds": check.holds,
        "tricks": check.assured,
        "refutation": [f"{seat.letter}:{card}" for seat, card in check.refutation],
    }


def _claim_json(check: ClaimCheck, line: Sequence[Card]) -> dict[str, Any]:
    return {
        "claimer": check.claimer.letter,
        "claimed": check.claimed_total,
        "won": check.won,
        "double_dummy": {side.name: tricks for side, tricks in check.double_dummy.items()},
        "line": [str(card) for card in line],
        "best": _line_json(check.best),
        "worst": _line_json(check.worst),
        "outstanding_trumps": [str(card) for card in check.outstanding_trumps],
    }


def claim_check(
    record: Path = typer.Argument(..., help=N_("A table record (JSON, docs/table-records.md).")),
    seat: str | None = typer.Option(
        None, "--seat", help=N_("The claimer (default: the record's claim).")
    ),
    tricks: int | None = typer.Option(
        None, "--tricks", help=N_("Tricks claimed in all (default: the record's claim).")
    ),
    line: str | None = typer.Option(
        None,
        "--line",
        help=N_(
            'The stated line, cards in order: "SA SK HQ" (default: cards named in the statement).'
        ),
    ),
    unstated: str = typer.Option(
        "both", "--unstated", help=N_("Claimer's unnamed plays: best, worst or both.")
    ),
    as_json: bool = typer.Option(False, "--json", help=N_("Print one JSON object.")),
) -> None:
    """Check a claim for the Director: double dummy from here and the stated line (Law 70)."""
    from dupbridge.analysis.claims import ClaimCheckError, check_table_claim

    try:
        data = json.loads(record.read_text(encoding="utf-8"))
    except OSError as error:
        fail(_("cannot read {path}: {error}").format(path=record, error=error.strerror or error))
    except json.JSONDecodeError as error:
        fail(
            _("{path}:{line}:{column}: not JSON: {message}").format(
                path=record, line=error.lineno, column=error.colno, message=error.msg
            ),
            code=1,
        )
    try:
        run = run_record(data)
    except RecordError as error:
        fail(f"{record}: {error}", code=1)
    if run.error is not None:
        fail(
            _("{path}: action {index} was refused: {message}").format(
                path=record, index=run.error.index, message=run.error.message
            ),
            code=1,
        )
    table = run.table
    claims = [event for event in table.events if isinstance(event, ClaimMade)]
    last = claims[-1] if claims else None
    try:
        claimer = Seat.from_str(seat) if seat is not None else (last.seat if last else None)
    except NotationError as error:
        fail(str(error))
    total = tricks if tricks is not None else (last.tricks if last else None)
    if claimer is None or total is None:
        fail(_("{path} has no claim: give --seat and --tricks").format(path=record))
    if line is not None:
        cards = _parse_line(line)
    elif last is not None and last.statement and claimer is last.seat:
        cards = line_from_statement(last.statement)
    else:
        cards = []
    if unstated not in ("best", "worst", "both"):
        fail(_("--unstated is best, worst or both, not {mode!r}").format(mode=unstated))
    try:
        check = check_table_claim(
            table,
            claimer,
            total,
            cards,
            unstated=None if unstated == "both" else unstated,  # type: ignore[arg-type]
        )
    except ClaimCheckError as error:  # the claim or line asked for does not fit the table
        fail(str(error))
    if as_json:
        print(json.dumps(_claim_json(check, cards)))
        return
    _print_claim(table, check, cards)


def _print_claim(table: Any, check: ClaimCheck, line: Sequence[Card]) -> None:
    play = table.play
    hands = {seat: play.hand(seat) for seat in SEATS}
    trick = Text()
    leader = play.leader
    for offset, card in enumerate(play.current_trick):
        trick.append(f"{leader.next(offset).letter} ")
        trick.append_text(card_text(card))
        trick.append("  ")
    console.print(
        deal_diagram(
            hands,
            title=_("Board {n}: claim by {seat} (Laws 68-70)").format(
                n=table.board.number, seat=check.claimer.title
            ),
            centre=trick,
        )
    )
    side = check.claimer.side
    left = check.double_dummy[Side.NS] + check.double_dummy[Side.EW]
    lines = [
        _("Claimed: {total} tricks in all ({won} won, {rest} of the {left} left)").format(
            total=check.claimed_total, won=check.won, rest=check.claimed_from_here, left=left
        ),
        _("Double dummy from here: {side} {mine}, opponents {theirs}").format(
            side=side_text(side),
            mine=check.double_dummy[side],
            theirs=check.double_dummy[side.opponents],
        ),
        _("Stated line: {cards}").format(cards=" ".join(str(c) for c in line) or _("none")),
    ]
    if check.outstanding_trumps:
        lines.append(
            _("Trumps still held by the opponents (Law 70C): {cards}").format(
                cards=" ".join(str(card) for card in check.outstanding_trumps)
            )
        )
    lines.extend(str(result) for result in (check.best, check.worst) if result is not None)
    if check.worst is None:
        lines.append(_("(careless unstated play is checked once 6 or fewer tricks are left)"))
    for text in lines:
        console.print(text, markup=False, highlight=False)
