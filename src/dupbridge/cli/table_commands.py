"""Commands that run one table: ``play`` (deal and play a board in the terminal), ``run``
(the main job of ``make run``) and ``replay`` (run a table record, docs/table-records.md)."""

from __future__ import annotations

import json
import random
import secrets
import sys
from pathlib import Path
from typing import Any

import typer
from rich.text import Text

from dupbridge.cli.app import console, fail
from dupbridge.cli.render import auction_table, card_text, deal_diagram
from dupbridge.core.boards import Board
from dupbridge.core.calls import parse_call
from dupbridge.core.cards import Card, Hand
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ActionError, NotationError
from dupbridge.core.events import CallMade, CardPlayed, ClaimAccepted, ClaimMade
from dupbridge.core.seats import SEATS, Seat, Side
from dupbridge.core.table import Phase, Table
from dupbridge.i18n import _
from dupbridge.scoring import score
from dupbridge.services.records import RecordError, run_record, state_json
from dupbridge.services.robot import robot_call, robot_card

__all__ = ["play", "replay", "run"]


def replay(
    file: Path | None = typer.Argument(None, help="A table record (JSON)."),
    stdin: bool = typer.Option(False, "--stdin", help="Read the record from standard input."),
    as_json: bool = typer.Option(False, "--json", help="Print the final state as one JSON object."),
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
    if as_json:
        console.print_json(data=state) if sys.stdout.isatty() else print(json.dumps(state))
    else:
        _print_state(state)
    if run.error is not None:
        if not as_json:
            console.print(
                Text(
                    _("error: action {index}: {message}").format(
                        index=run.error.index, message=run.error.message
                    ),
                    style="bold red",
                )
            )
        raise typer.Exit(1)


def _record_failure(as_json: bool, message: str) -> typer.Exit:
    if as_json:
        print(json.dumps({"error": {"action": None, "message": message, "law": None}}))
        raise typer.Exit(2)
    fail(message)


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
    board: int = typer.Option(1, "--board", min=1, help="Board number (dealer and vulnerability)."),
    seat: str = typer.Option("S", "--seat", help="Your seat: N, E, S or W."),
    auto: bool = typer.Option(False, "--auto", help="Robots at all four seats."),
    seed: int | None = typer.Option(None, "--seed", help="Reproducible deal from this seed."),
    edition: str = typer.Option("2017", "--edition", help="Laws edition: 2017 or 2007."),
    record: Path | None = typer.Option(None, "--record", help="Write the table record here."),
) -> None:
    """Deal a board and play it in the terminal; robots take the other seats."""
    try:
        human = None if auto or not sys.stdin.isatty() else Seat.from_str(seat)
    except NotationError as error:
        fail(str(error))
    rng: random.Random = secrets.SystemRandom() if seed is None else random.Random(seed)
    deal = Deal.random(rng)
    try:
        table = Table(Board.numbered(board), deal, edition=edition)
    except ValueError as error:
        fail(str(error))
    _play_out(table, human)
    if record is not None:
        record.write_text(json.dumps(table_record(table), indent=2) + "\n", encoding="utf-8")
        console.print(_("Table record written to {path}").format(path=record), markup=False)


def run(
    seed: int | None = typer.Option(None, "--seed", help="Seed of the sample event."),
    out: Path = typer.Option(Path("out/sample-results"), "--out", help="Folder of the site."),
) -> None:
    """The main job: robots play a sample club session; its results website is written."""
    from dupbridge.services.sample_event import SAMPLE_SEED, build_sample_site

    try:
        index = build_sample_site(out, SAMPLE_SEED if seed is None else seed)
    except OSError as error:
        fail(_("cannot write {path}: {reason}").format(path=out, reason=error.strerror))
    console.print(
        _("Results of the sample session: open {path} in a browser.").format(
            path=index.resolve().as_uri()
        ),
        markup=False,
        soft_wrap=True,
    )
    console.print(_("To play a board yourself, run: dupbridge play"), markup=False)


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


def _play_out(table: Table, human: Seat | None) -> None:
    if human is not None:
        console.print(
            deal_diagram(
                {seat: table.deal[seat] if seat is human else None for seat in SEATS},
                title=_("Board {n}: you are {seat}").format(n=table.board.number, seat=human.title),
            )
        )
    while table.phase is Phase.AUCTION:
        turn = table.turn
        assert turn is not None
        if turn is human:
            _human_call(table, turn)
        else:
            table.make_call(turn, robot_call(table.auction, table.deal[turn]))
    calls = [(e.call, e.alert) for e in table.events if isinstance(e, CallMade)]
    console.print(auction_table(table.board.dealer, calls, table.board.vulnerability))
    if table.contract is None:
        console.print(_("Passed out: both sides score 0 (Law 22B)."))
        return
    console.print(
        _("Contract: {contract} by {declarer}").format(
            contract=table.contract.to_str(symbols=True, declarer=False),
            declarer=table.contract.declarer.title if table.contract.declarer else "?",
        )
    )
    declarer = table.declarer
    controller = {seat: seat for seat in SEATS}
    if declarer is not None:
        controller[declarer.partner] = declarer  # declarer plays dummy's cards (Law 41D)
    play = table.play
    assert play is not None
    while table.phase is Phase.PLAY:
        turn = table.turn
        assert turn is not None
        if human is not None and controller[turn] is human:
            _human_card(table, turn)
        else:
            table.play_card(turn, robot_card(table))
        if play.cards_played == 1 and human is not None and table.dummy is not None:
            console.print(
                deal_diagram(
                    {
                        seat: play.hand(seat) if seat in (human, table.dummy) else None
                        for seat in SEATS
                    },
                    title=_("Dummy is down"),
                )
            )
        if play.current_trick == () and play.tricks:
            trick = play.tricks[-1]
            line = Text(_("Trick {n}: ").format(n=trick.number))
            for who in trick.seats():
                line.append(f"{who.letter} ")
                line.append_text(card_text(trick.card_of(who)))
                line.append("  ")
            line.append(_("won by {seat}").format(seat=trick.winner.title))
            console.print(line)
    _print_result(table)


def _human_call(table: Table, seat: Seat) -> None:
    legal = " ".join(str(call) for call in table.legal_calls())
    while True:
        answer = typer.prompt(
            _("{seat}, your call (legal: {legal})").format(seat=seat.title, legal=legal)
        )
        try:
            table.make_call(seat, parse_call(answer))
        except (NotationError, ActionError) as error:
            console.print(Text(str(error), style="red"))
        else:
            return


def _human_card(table: Table, seat: Seat) -> None:
    hand = Hand.of(table.legal_cards())
    while True:
        answer = typer.prompt(
            _("{seat} to play (legal: {legal})").format(
                seat=seat.title, legal=hand.to_pbn(symbols=True)
            )
        )
        try:
            table.play_card(seat, Card.from_str(answer))
        except (NotationError, ActionError) as error:
            console.print(Text(str(error), style="red"))
        else:
            return


def _print_result(table: Table) -> None:
    contract = table.contract
    result = table.result
    assert contract is not None
    assert contract.declarer is not None
    assert result is not None
    side = contract.declarer.side
    points = score(contract, result, table.board.vulnerability.is_vulnerable(side))
    need = contract.tricks_needed
    outcome = (
        _("made")
        if result == need
        else f"+{result - need}"
        if result > need
        else f"-{need - result}"
    )
    ns = points if side is Side.NS else -points
    console.print(
        _("{contract} by {declarer}, {tricks} tricks ({outcome}): NS {ns:+d}, EW {ew:+d}").format(
            contract=contract.to_str(symbols=True, declarer=False),
            declarer=contract.declarer.title,
            tricks=result,
            outcome=outcome,
            ns=ns,
            ew=-ns,
        )
    )
