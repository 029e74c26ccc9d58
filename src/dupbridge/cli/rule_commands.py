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
``x SEAT CARD... deliberate``      during play: cards a defender exposed on purpose (Law 50B)
``revoke SEAT OFFENDER [TRICK]``   SEAT draws attention to OFFENDER's revoke (Laws 61-64); add
                                   ``after_next_call`` (64B4) or ``after_round`` (64B5)
``claim SEAT N [STATEMENT]``       a claim of N tricks in all, with the line stated (Law 68)
``accept SEAT`` / ``reject SEAT``  an opponent agrees to (69A) or disputes (70) the claim
``concede SEAT [N]``               a concession of N (default all) remaining tricks (68B)
``continue SEAT``                  play continues after a claim, all four agreeing (68D2(b))
``object SEAT``                    partner objects at once to a defender's concession (68B2)
``withdraw SEAT``                  agreement or concession withdrawn (Laws 69B, 71)
``report KIND SEAT [AGAINST] ...`` a report with ``key=value`` details (see below)
``review LAW stands``              end-of-play review: the score stands
``review LAW SCORE``               end-of-play review: adjusted score (``A60/40``, Law 12C2)
``state``                          the table's state as JSON
``q``                              save the record and quit (also at the end of input)
=================================  =============================================================

Reports (KIND): ``incorrect_number_of_cards`` (Law 13), ``missing_card`` (14, ``found=played``,
``elsewhere`` or ``not_found``), ``cards_from_wrong_board`` (15A), ``wrong_board`` (15B),
``defective_trick`` (67: ``trick=3 cards=omitted``), ``tricks_disputed`` (79, after play),
``dummy_warned_wrong_hand`` (43B2(a)).

While a ruling is pending, answer with the number or the name of an option (``yes``/``no``
for the Director's questions), ``call SEAT CALL`` for a call the Laws give a meaning to
(an acceptance by calling, Law 27A1; the correct player's call, 28B...) or ``p SEAT CARD`` for
a card they give a meaning to (an acceptance by playing, Law 53A; the proper lead, 53B). When
the Director decides a number of tricks (a disputed claim, Law 70; 69B, 71, 79) the wizard
shows the cards left, the opponents' trumps and the double-dummy tricks; answer ``tricks N``
(or just ``N``), or ask ``line SA HK ... [worst|best]`` to see what a line of play wins.
"""

from __future__ import annotations

import json
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import typer

from dupbridge.cli.app import console, fail
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
        if words[0].lower() in ("p", "play") and len(words) == 3:
            return {"seat": words[1].upper(), "card": words[2]}
        if words[0].lower() in ("specified", "note") and len(words) > 1:
            return self.stamped({words[0].lower(): " ".join(words[1:])})
        if pending.options == ("tricks", "line"):
            return self.tricks_answer(words)
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

    def tricks_answer(self, words: list[str]) -> dict[str, Any] | None:
        """The Director's number of tricks (Laws 69B, 70, 71, 79), or a line to check."""
        head = words[0].lower()
        if head == "line" and len(words) > 1:
            mode = words[-1].lower()
            cards = words[1:-1] if mode in ("worst", "best") else words[1:]
            answer: dict[str, Any] = {"line": cards}
            if mode in ("worst", "best"):
                answer["unstated"] = mode
            return self.stamped(answer)
        number = words[1] if head == "tricks" and len(words) == 2 else words[0]
        if number.isdigit():
            return self.stamped({"tricks": int(number)})
        console.print(_("answer 'tricks N' (or N), or 'line CARD... [worst|best]'"), markup=False)
        return None

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
                deliberate = words[-1].lower() == "deliberate"
                exposed: dict[str, Any] = {
                    "seat": words[1].upper(),
                    "expose": words[2:-1] if deliberate else words[2:],
                }
                if deliberate:
                    exposed["deliberate"] = True
                return exposed
            if head == "revoke" and len(words) >= 3:
                attention: dict[str, Any] = {"seat": words[1].upper(), "revoke": words[2].upper()}
                for word in words[3:]:
                    if word.isdigit():
                        attention["trick"] = int(word)
                    else:
                        attention["when"] = word
                return attention
            if head == "claim" and len(words) >= 3 and words[2].isdigit():
                claim: dict[str, Any] = {"seat": words[1].upper(), "claim": int(words[2])}
                if len(words) > 3:
                    claim["statement"] = " ".join(words[3:])
                return claim
            if head in ("accept", "reject") and len(words) == 2:
                return {"seat": words[1].upper(), f"{head}_claim": True}
            if head == "concede" and len(words) in (2, 3):
                value: Any = int(words[2]) if len(words) == 3 and words[2].isdigit() else True
                return {"seat": words[1].upper(), "concede": value}
            if head in _PLAY_FLAGS and len(words) == 2:
                return {"seat": words[1].upper(), _PLAY_FLAGS[head]: True}
            if head == "report" and len(words) >= 3:
                return _report(words)
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
        lines.extend(
            _("  {seat} must play {card} at his turn ({law})").format(
                seat=seat.title, card=card, law=law
            )
            for seat, (card, law) in sorted(rec.committed.items())
        )
        if rec.queue:
            lines.append(
                _("  set aside while a revoke is corrected: {cards}").format(
                    cards=" ".join(f"{seat.letter}:{card}" for seat, card in rec.queue)
                )
            )
        for state in rec.revokes:
            revoke = state.revoke
            status = (
                _("corrected")
                if state.corrected
                else _("established")
                if state.established is not None
                else _("not established")
            )
            noticed = _("noticed") if state.noticed is not None else _("not noticed")
            lines.append(
                _("  revoke by {seat}: {card} on trick {trick} ({status}, {noticed})").format(
                    seat=revoke.seat.title,
                    card=revoke.card,
                    trick=revoke.trick,
                    status=status,
                    noticed=noticed,
                )
            )
        for index, transfer in sorted(rec.transfers.items()):
            lines.append(
                _("  Law 64: {n} trick(s) to {side} for revoke {index} ({law})").format(
                    n=transfer.tricks, side=transfer.side.name, index=index + 1, law=transfer.law
                )
            )
        if table.pending_claim is not None:
            claim = table.pending_claim
            lines.append(
                _("  {seat} claims {n} tricks in all: {statement}").format(
                    seat=claim.seat.title, n=claim.tricks, statement=claim.statement or "-"
                )
            )
        if table.phase is Phase.FINISHED and table.result is not None:
            lines.append(_("  declarer's side: {n} tricks").format(n=table.result))
        if rec.cancelled is not None:
            lines.append(
                _("  no table result ({law}): the score is the Director's adjusted score").format(
                    law=rec.cancelled
                )
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
        facts = _facts_of(self.table, pending.ruling)
        for fact in facts:
            console.print("  " + fact, markup=False)
        if pending.options == ("tricks", "line"):
            console.print(
                _("  The Director answers: tricks N, or line CARD... [worst|best]"), markup=False
            )
        elif pending.chooser is None:
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


_PLAY_FLAGS = {
    "continue": "continue_play",
    "object": "object_concession",
    "withdraw": "withdraw_agreement",
}


def _report(words: list[str]) -> dict[str, Any]:
    """``report KIND SEAT [AGAINST] [key=value...]``."""
    action: dict[str, Any] = {"seat": words[2].upper(), "report": words[1]}
    details: dict[str, Any] = {}
    for word in words[3:]:
        if "=" in word:
            key, _sep, text = word.partition("=")
            try:
                details[key] = json.loads(text)
            except json.JSONDecodeError:
                details[key] = text
        elif "against" not in action:
            action["against"] = word.upper()
    if details:
        action["details"] = details
    return action


def _facts_of(table: Table, ruling: int) -> list[str]:
    """The facts the engine laid out for the pending ruling (the Laws' notes so far)."""
    from dupbridge.rulings import rulings_of

    for item in rulings_of(table):
        if item.id == ruling and item.irregularity in _FACT_RULINGS:
            return list(item.rectification)
    return []


_FACT_RULINGS = frozenset(
    {"contested_claim", "agreement_withdrawn", "concession_cancelled", "tricks_disputed"}
)

_HELP = N_(
    "c SEAT CALL | s SEAT CALL (simultaneous, Law 33) | x SEAT CARD... [deliberate] (exposed, "
    "Laws 24, 49) | p SEAT CARD | change SEAT CALL (Law 25) | ui SEAT AGAINST FACTS (Law 16B) | "
    "mi SEAT AGAINST FACTS (Law 21B) | revoke SEAT OFFENDER [TRICK] [after_next_call|after_round] "
    "(Laws 61-64) | claim SEAT N [STATEMENT] | accept SEAT | reject SEAT | concede SEAT [N] | "
    "continue SEAT (68D2(b)) | object SEAT (68B2) | withdraw SEAT (69B, 71) | "
    "report KIND SEAT [AGAINST] [key=value...] (Laws 13-15, 43B2(a), 67, 79) | "
    "review LAW stands | review LAW A60/40 | state | q"
)
