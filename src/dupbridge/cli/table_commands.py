"""Commands that run one table: ``play`` (deal and play a board in the terminal), ``run``
(the main job of ``make run``) and ``replay`` (run a table record, docs/table-records.md)."""

from __future__ import annotations

import json
import random
import secrets
import select
import sys
from pathlib import Path
from typing import Any

import typer
from rich.text import Text

from dupbridge.cli.app import console, err_console, fail
from dupbridge.core.boards import Board
from dupbridge.core.deal import Deal
from dupbridge.core.errors import NotationError
from dupbridge.core.events import CallMade, CardPlayed, ClaimAccepted, ClaimMade
from dupbridge.core.seats import Seat
from dupbridge.core.table import Table
from dupbridge.i18n import N_, _
from dupbridge.services.records import RecordError, run_record, state_json

__all__ = ["play", "played_tricks", "replay", "table_record"]


def replay(
    file: Path | None = typer.Argument(None, help=N_("A table record (JSON).")),
    stdin: bool = typer.Option(False, "--stdin", help=N_("Read the record from standard input.")),
    as_json: bool = typer.Option(
        False, "--json", help=N_("Print the final state as one JSON object.")
    ),
) -> None:
    """Replay a table record and print the final state (exit 1 if an action was refused)."""
    if stdin == (file is not None):
        fail(_("give a record FILE or --stdin (one of them)"))
    source = "<stdin>" if file is None else str(file)
    try:
        text = sys.stdin.read() if file is None else file.read_text(encoding="utf-8")
    except OSError as error:
        fail(_("cannot read {source}: {error}").format(source=source, error=error.strerror))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        _record_failure(
            as_json,
            _("{source}:{line}:{column}: not JSON: {message}").format(
                source=source, line=error.lineno, column=error.colno, message=error.msg
            ),
        )
    try:
        run = run_record(data)
    except RecordError as error:
        _record_failure(as_json, f"{source}: {error}")
    state = state_json(run)
    state["played_tricks"] = played_tricks(run.table)
    if as_json:
        console.print_json(data=state) if sys.stdout.isatty() else print(json.dumps(state))
    else:
        _print_state(state)
    if run.error is not None:
        if not as_json:
            err_console.print(
                Text(
                    _("error: action {index}: {message}").format(
                        index=run.error.index, message=run.error.message
                    ),
                    style="bold red",
                ),
                soft_wrap=True,
            )
        raise typer.Exit(1)


def _input_waiting() -> bool:
    """Piped input with text in it, ready now (a terminal, an empty or idle pipe: no)."""
    if sys.stdin is None or sys.stdin.isatty():
        return False
    try:
        ready, _w, _x = select.select([sys.stdin], [], [], 0)
        buffer = getattr(sys.stdin, "buffer", None)
        return bool(ready) and buffer is not None and bool(buffer.peek(1))
    except (OSError, ValueError, AttributeError):
        return False


def played_tricks(table: Table) -> list[dict[str, Any]]:
    """Each trick so far: its leader, its cards in the order played and its winner (``null``
    while the trick is in progress): the record players may inspect after play (Law 66D)."""
    play = table.play
    if play is None:
        return []
    tricks: list[dict[str, Any]] = [
        {
            "number": trick.number,
            "leader": trick.leader.letter,
            "cards": [
                {"seat": seat.letter, "card": str(trick.card_of(seat))} for seat in trick.seats()
            ],
            "winner": trick.winner.letter,
        }
        for trick in play.tricks
    ]
    leader = play.leader
    if play.current_trick and leader is not None:
        tricks.append(
            {
                "number": len(play.tricks) + 1,
                "leader": leader.letter,
                "cards": [
                    {"seat": leader.next(offset).letter, "card": str(card)}
                    for offset, card in enumerate(play.current_trick)
                ],
                "winner": None,
            }
        )
    return tricks


def _record_failure(as_json: bool, message: str) -> typer.Exit:
    """A record that cannot be read (bad content): one error, exit 1."""
    if as_json:
        print(json.dumps({"error": {"action": None, "message": message, "law": None}}))
        raise typer.Exit(1)
    fail(message, code=1)


def _print_state(state: dict[str, Any]) -> None:
    lines = [
        _("Board {board}: dealer {dealer}, vulnerable {vul}").format(
            board=state["board"], dealer=state["dealer"], vul=state["vulnerability"]
        ),
        _("Auction: {calls}").format(calls=" ".join(state["auction"]) or "-"),
        _("Phase: {phase}; turn: {turn}").format(phase=state["phase"], turn=state["turn"] or "-"),
    ]
    if state["contract"]:
        by = f" {state['declarer']}" if state["declarer"] else ""
        lines.append(_("Contract: {contract}").format(contract=state["contract"] + by))
    if state["legal_calls"]:
        lines.append(_("Legal calls: {calls}").format(calls=" ".join(state["legal_calls"])))
    if state["legal_cards"]:
        lines.append(_("Legal cards: {cards}").format(cards=" ".join(state["legal_cards"])))
    lines.append(
        _("Tricks: NS {ns}, EW {ew}").format(ns=state["tricks"]["NS"], ew=state["tricks"]["EW"])
    )
    if state["score"] is not None:
        lines.append(
            _("Score: NS {ns}, EW {ew}").format(ns=state["score"]["NS"], ew=state["score"]["EW"])
        )
    for line in lines:
        console.print(line, markup=False)


def play(
    board: int = typer.Option(
        1, "--board", min=1, help=N_("Board number (dealer and vulnerability).")
    ),
    seat: str = typer.Option("S", "--seat", metavar="SEAT", help=N_("Your seat: N, E, S or W.")),
    auto: bool = typer.Option(False, "--auto", help=N_("Robots at all four seats.")),
    seed: int | None = typer.Option(None, "--seed", help=N_("Reproducible deal from this seed.")),
    edition: str = typer.Option("2017", "--edition", help=N_("Laws edition: 2017 or 2007.")),
    record: Path | None = typer.Option(None, "--record", help=N_("Write the table record here.")),
    pace: float = typer.Option(
        0.6, "--pace", metavar="SECONDS", help=N_("Pause after each robot action on a terminal.")
    ),
) -> None:
    """Deal a board and play it in the terminal; robots take the other seats.

    With piped input, each line is your next call or card (a line the Laws refuse, or the
    end of the input before the board is over, stops with an error naming the line)."""
    from dupbridge.cli.play_view import (
        HumanInput,
        InputEndedError,
        KeyboardInput,
        LineInput,
        LiveView,
        PlainView,
        View,
        play_board,
    )

    try:
        you = Seat.from_str(seat)
    except NotationError as error:
        fail(str(error))
    if pace < 0:
        fail(_("--pace takes a number of seconds from 0, not {pace}").format(pace=pace))
    human = None if auto else you
    if auto and _input_waiting():
        fail(
            _(
                "--auto seats robots only, so the piped input would be ignored; without "
                "--auto it is read as your calls and cards"
            )
        )
    source: HumanInput = KeyboardInput() if sys.stdin.isatty() else LineInput(sys.stdin)
    rng: random.Random = secrets.SystemRandom() if seed is None else random.Random(seed)
    deal = Deal.random(rng)
    try:
        table = Table(Board.numbered(board), deal, edition=edition)
    except ValueError as error:
        fail(str(error))
    view: View = (
        LiveView(console, table, human, pace if human is not None else pace / 3)
        if console.is_terminal
        else PlainView(console, table, human)
    )
    try:
        play_board(table, human, view, source, None if seed is None else random.Random(seed))
    except InputEndedError as error:
        fail(str(error), code=1)
    if record is not None:
        record.write_text(json.dumps(table_record(table), indent=2) + "\n", encoding="utf-8")
        console.print(_("Table record written to {path}").format(path=record), markup=False)


def table_record(table: Table) -> dict[str, Any]:
    """The table record (docs/table-records.md) of a table's actions so far."""
    actions: list[dict[str, Any]] = []
    for event in table.events:
        if isinstance(event, CallMade):
            action: dict[str, Any] = {"seat": event.seat.letter, "call": str(event.call)}
            if event.alert:
                action["alert"] = True
            if event.explanation:
                action["explanation"] = event.explanation
            actions.append(action)
        elif isinstance(event, CardPlayed):
            actions.append({"seat": event.seat.letter, "card": str(event.card)})
        elif isinstance(event, ClaimMade):
            actions.append({"seat": event.seat.letter, "claim": event.tricks})
        elif isinstance(event, ClaimAccepted):
            actions.append({"seat": event.seat.letter, "accept_claim": True})
    return {
        "board": table.board.number,
        "deal": table.deal.to_pbn(),
        "edition": table.edition,
        "mode": table.mode,
        "actions": actions,
    }
