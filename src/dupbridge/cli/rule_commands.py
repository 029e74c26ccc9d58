"""``dupbridge rule``: the Director's assistant at a live table (docs/rulings.md).

Load a table record (or enter the board, the deal and the auction so far), report what
happened, and the wizard walks through the ruling: the irregularity, the law, each option with
a paraphrase of the law, who chooses; it applies the answers and writes the updated record.

Every answer is one line on standard input, so a session can be scripted::

    printf '2\\nc E 2H\\nno\\nno\\nq\\n' | dupbridge rule record.json --out ruled.json

Commands when no ruling is pending (``?`` lists them):

=================================  =============================================================
``c SEAT CALL``                    a call (``c E 1H``); ``8S`` and up is a bid above seven
``s SEAT CALL``                    a call made at the same moment as the previous one (Law 33)
``x SEAT CARD [CARD...]``          cards exposed during the auction (Law 24)
``p SEAT CARD``                    a card played (during the auction: led early, Law 24)
``change SEAT CALL``               a player changes his last call (Law 25)
``ui SEAT AGAINST FACTS``          unauthorized information reported by SEAT (Law 16B)
``mi SEAT AGAINST FACTS``          misinformation reported by SEAT (Laws 20F, 21B)
``review LAW stands``              end-of-play review: the score stands
``review LAW SCORE``               end-of-play review: adjusted score (``A60/40``, Law 12C2)
``state``                          the table's state as JSON
``q``                              save the record and quit (also at the end of input)
=================================  =============================================================

While a ruling is pending, answer with the number or the name of an option (``yes``/``no``
for the Director's questions), or ``call SEAT CALL`` for a call the Laws give a meaning to
(an acceptance by calling, Law 27A1; the correct player's call, 28B...).
"""

from __future__ import annotations

import json
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import typer

from dupbridge.cli.app import app, console, fail
from dupbridge.core.boards import dealer_of
from dupbridge.core.calls import parse_call
from dupbridge.core.errors import DupbridgeError
from dupbridge.core.events import BoardStarted
from dupbridge.core.seats import Seat
from dupbridge.core.table import Phase, Table
from dupbridge.i18n import N_, _
from dupbridge.rulings import describe
from dupbridge.services.records import (
    RecordError,
    RecordRun,
    apply_action,
    run_record,
    state_json,
)

__all__ = ["rule"]

_YES = {"y", "yes", "true", "t", "1", "tak", "ja", "jah", "да"}
_NO = {"n", "no", "false", "f", "0", "nie", "nej", "ei", "нет"}


@app.command()
def rule(
    file: Path | None = typer.Argument(None, help="A table record (JSON) to rule on."),
    out: Path | None = typer.Option(
        None, "--out", help="Where to write the updated record (default: FILE, or stdout)."
    ),
    director: str | None = typer.Option(None, "--director", help="The Director's name."),
    time: str | None = typer.Option(
        None, "--time", help="The time recorded with each answer (default: now)."
    ),
    profile: str | None = typer.Option(
        None, "--profile", help="National profile for a new record: wbf, sweden, estonia..."
    ),
) -> None:
    """The Director's assistant: report an irregularity, walk through the Laws' options,
    apply the ruling and write the table record."""
    record = _load(file) if file is not None else _new_record(profile)
    record["mode"] = "recording"
    actions = list(record.get("actions", []))
    record["actions"] = []
    try:
        run = run_record(record)
    except RecordError as error:
        fail(str(error))
    table = run.table
    for index, action in enumerate(actions):
        try:
            apply_action(table, action)
        except (DupbridgeError, ValueError) as error:
            console.print(
                _(
                    "action {index} of the record is refused and dropped with the rest: {error}"
                ).format(index=index, error=error),
                markup=False,
            )
            break
        record["actions"].append(action)
    session = _Session(table, record, director, time)
    session.loop()
    text = json.dumps(record, indent=2, ensure_ascii=False) + "\n"
    target = out if out is not None else file
    if target is None:
        sys.stdout.write(text)
    else:
        try:
            target.write_text(text, encoding="utf-8")
        except OSError as error:
            fail(_("cannot write {path}: {error}").format(path=target, error=error.strerror))
        console.print(_("Table record written to {path}").format(path=target), markup=False)


class _Session:
    """One wizard session over a live table."""

    def __init__(
        self, table: Table, record: dict[str, Any], director: str | None, time: str | None
    ) -> None:
        self.table = table
        self.record = record
        self.director = director
        self.time = time

    def loop(self) -> None:
        self.show()
        while True:
            pending = self.table.pending
            if pending is not None:
                self.show_pending()
                line = _ask(_("Answer> "))
            else:
                line = _ask(_("Action (? for help)> "))
            if line is None or line.strip().lower() in ("q", "quit", "exit"):
                return
            line = line.strip()
            if not line:
                continue
            action = self.pending_action(line) if pending is not None else self.action(line)
            if action is None:
                continue
            self.apply(action)

    # --- parsing the Director's lines ----------------------------------------------------

    def pending_action(self, line: str) -> dict[str, Any] | None:
        pending = self.table.pending
        assert pending is not None
        words = line.split()
        if words[0].lower() in ("call", "c") and len(words) == 3:
            return {"seat": words[1].upper(), "call": words[2]}
        if words[0].lower() in ("specified", "note") and len(words) > 1:
            return self.stamped({words[0].lower(): " ".join(words[1:])})
        if pending.chooser is None:
            key = pending.options[0]
            answer = line.lower()
            if answer in _YES or answer == "1":
                return self.stamped({key: True})
            if answer in _NO or answer == "2":
                return self.stamped({key: False})
            console.print(_("answer yes or no (or 1 / 2)"), markup=False)
            return None
        option = line
        if line.isdigit() and 1 <= int(line) <= len(pending.options):
            option = pending.options[int(line) - 1]
        return {"choose": {"seat": pending.chooser.letter, "option": option}}

    def action(self, line: str) -> dict[str, Any] | None:
        words = line.split()
        head = words[0].lower()
        if head in ("?", "help"):
            console.print(_(_HELP), markup=False)
            return None
        if head == "state":
            console.print_json(data=state_json(RecordRun(self.table, None)))
            return None
        try:
            if head in ("c", "call", "s") and len(words) == 3:
                action: dict[str, Any] = {"seat": words[1].upper(), "call": words[2]}
                if head == "s":
                    action["simultaneous"] = True
                return action
            if head in ("x", "expose") and len(words) >= 3:
                return {"seat": words[1].upper(), "expose": words[2:]}
            if head in ("p", "play") and len(words) == 3:
                return {"seat": words[1].upper(), "card": words[2]}
            if head == "change" and len(words) == 3:
                return {"seat": words[1].upper(), "change": words[2]}
            if head in ("ui", "mi") and len(words) >= 3:
                kind = "unauthorized_information" if head == "ui" else "misinformation"
                return {
                    "seat": words[1].upper(),
                    "report": kind,
                    "against": words[2].upper(),
                    "facts": " ".join(words[3:]),
                }
            if head == "review" and len(words) >= 3:
                decision: dict[str, Any] = {"review": words[1]}
                if words[2].lower() == "stands":
                    decision["score_stands"] = True
                else:
                    decision["adjusted_score"] = " ".join(words[2:])
                return self.stamped(decision)
        except IndexError:
            pass
        console.print(_("not understood: {line!r} (? lists the commands)").format(line=line),
                      markup=False)  # fmt: skip
        return None

    def stamped(self, answers: dict[str, Any]) -> dict[str, Any]:
        if self.director:
            answers["name"] = self.director
        answers["time"] = self.time or datetime.now().astimezone().isoformat(timespec="seconds")
        return {"director": answers}

    # --- applying and showing ------------------------------------------------------------

    def apply(self, action: dict[str, Any]) -> None:
        try:
            apply_action(self.table, action)
        except (DupbridgeError, ValueError) as error:
            console.print(_("refused: {error}").format(error=error), markup=False)
            return
        self.record["actions"].append(action)
        self.show()

    def show(self) -> None:
        table = self.table
        rec = table.recording
        assert rec is not None
        calls = " ".join(f"{e.seat.letter}:{e.call}" for e in rec.standing) or "-"
        start = table.events[0]
        rules = start.rules if isinstance(start, BoardStarted) else None
        lines = [
            _("Board {board} ({rules}), dealer {dealer}: {calls}").format(
                board=table.board.number,
                rules=rules or table.edition,
                dealer=table.board.dealer.letter,
                calls=calls,
            )
        ]
        if table.contract is not None:
            lines.append(
                _("Contract {contract} by {declarer}").format(
                    contract=table.contract.to_str(declarer=False), declarer=table.declarer
                )
            )
        if table.phase is Phase.FINISHED:
            lines.append(_("The board is finished."))
        elif table.turn is not None and table.pending is None:
            lines.append(_("{seat} to {act}").format(
                seat=table.turn.title,
                act=_("call") if table.phase is Phase.AUCTION else _("play")))  # fmt: skip
        lines.extend(
            _("  {seat}: {duty} ({span}, {law})").format(
                seat=seat.title, duty=duty.duty.value, span=duty.span.value, law=duty.law
            )
            for seat, duties in sorted(rec.obligations.items())
            for duty in duties
        )
        lines.extend(
            _("  declarer may restrict {seat}'s first lead ({law})").format(
                seat=right.seat.title, law=right.law
            )
            for right in rec.lead_rights
        )
        lines.extend(
            _("  lead restriction on {seat} ({law})").format(seat=r.seat.title, law=r.law)
            for r in rec.restrictions
        )
        lines.extend(
            _("  penalty cards of {seat}: {cards}").format(
                seat=seat.title,
                cards=" ".join(f"{c}({'major' if m else 'minor'})" for c, m in cards.items()),
            )
            for seat, cards in sorted(rec.penalty.items())
        )
        lines.extend(
            _("  review at the end of play: {text}").format(text=item.review.text)
            for item in rec.reviews
            if item.decision is None
        )
        for line in lines:
            console.print(line, markup=False)

    def show_pending(self) -> None:
        pending = self.table.pending
        assert pending is not None
        console.print(
            _("Ruling on {what} ({law})").format(
                what=describe(pending.irregularity), law=pending.law
            ),
            markup=False,
        )
        console.print("  " + pending.question, markup=False)
        if pending.chooser is None:
            console.print(_("  The Director answers: 1. yes  2. no"), markup=False)
        else:
            console.print(
                _("  {seat} chooses (without consulting partner, Law 10C2):").format(
                    seat=pending.chooser.title
                ),
                markup=False,
            )
            for number, (option, text) in enumerate(
                zip(pending.options, pending.explanations, strict=False), start=1
            ):
                console.print(f"  {number}. {option}: {text}", markup=False)
        if pending.callers:
            console.print(
                _("  or enter a call by {seats}: call SEAT CALL").format(
                    seats=", ".join(seat.title for seat in pending.callers)
                ),
                markup=False,
            )


def _ask(prompt: str) -> str | None:
    console.print(prompt, end="", markup=False)
    line = sys.stdin.readline()
    if not line:
        console.print()
        return None
    return line.rstrip("\n")


def _load(file: Path) -> dict[str, Any]:
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except OSError as error:
        fail(_("cannot read {path}: {error}").format(path=file, error=error.strerror))
    except json.JSONDecodeError as error:
        fail(
            _("{path}:{line}:{column}: not JSON: {message}").format(
                path=file, line=error.lineno, column=error.colno, message=error.msg
            )
        )
    if not isinstance(data, dict):
        fail(_("{path}: a table record must be a JSON object").format(path=file))
    return data


def _new_record(profile: str | None) -> dict[str, Any]:
    """Ask for the board, the deal, the edition and the calls so far."""
    number_text = _ask(_("Board number: ")) or ""
    if not number_text.strip().isdigit() or int(number_text) < 1:
        fail(_("a board number is a whole number from 1, not {text!r}").format(text=number_text))
    number = int(number_text)
    deal = (_ask(_("Deal (PBN, e.g. N:AKQ2.J3.T98.5432 ...): ")) or "").strip()
    edition = (_ask(_("Edition of the Laws [2017]: ")) or "").strip() or "2017"
    calls = _ask(_("Calls so far from the dealer (e.g. 1H Pass 2H), empty for none: ")) or ""
    record: dict[str, Any] = {"board": number, "deal": deal, "edition": edition}
    if profile:
        record["profile"] = profile
    seat = dealer_of(number)
    actions = []
    for word in calls.split():
        try:
            parse_call(word)
        except ValueError as error:
            fail(str(error))
        actions.append({"seat": seat.letter, "call": word})
        seat = Seat(seat.lho)
    record["actions"] = actions
    return record


_HELP = N_(
    "c SEAT CALL | s SEAT CALL (simultaneous, Law 33) | x SEAT CARD... (exposed, Law 24) | "
    "p SEAT CARD | change SEAT CALL (Law 25) | ui SEAT AGAINST FACTS (Law 16B) | "
    "mi SEAT AGAINST FACTS (Law 21B) | review LAW stands | review LAW A60/40 | state | q"
)
