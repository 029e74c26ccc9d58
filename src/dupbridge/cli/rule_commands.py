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
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

import typer

from dupbridge.cli.app import console, err_console, fail
from dupbridge.cli.rule_display import irregularity_text, option_text, pending_lines, state_lines
from dupbridge.core.boards import dealer_of
from dupbridge.core.calls import parse_call
from dupbridge.core.deal import Deal
from dupbridge.core.errors import DupbridgeError, NotationError
from dupbridge.core.seats import Seat
from dupbridge.core.table import Table
from dupbridge.i18n import N_, _
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
    file: Path | None = typer.Argument(
        None, help=N_("A table record (JSON) to rule on; without it, the wizard asks.")
    ),
    out: Path | None = typer.Option(
        None, "--out", help=N_("Where to write the updated record (default: FILE, or stdout).")
    ),
    director: str | None = typer.Option(None, "--director", help=N_("The Director's name.")),
    time: str | None = typer.Option(
        None, "--time", help=N_("The time recorded with each answer (default: now).")
    ),
    edition: str = typer.Option(
        "2017", "--edition", help=N_("Laws edition for a new record: 2017 or 2007.")
    ),
    profile: str | None = typer.Option(
        None, "--profile", help=N_("National profile for a new record: wbf, sweden, estonia...")
    ),
) -> None:
    """The Director's assistant: report an irregularity, walk through the Laws' options,
    apply the ruling and write the table record.

    Exit status 0 when the record is saved with no ruling left open; 1 when a ruling is
    still pending at the end (the record is saved all the same: run the wizard on it again to
    finish); 2 when the record cannot be read or written."""
    if edition not in ("2017", "2007"):
        fail(_("--edition is 2017 or 2007, not {edition!r}").format(edition=edition))
    record = _load(file) if file is not None else _new_record(edition, profile)
    record["mode"] = "recording"
    session = _Session(record, director, time)
    session.replay_record()
    session.loop()
    text = json.dumps(session.record, indent=2, ensure_ascii=False) + "\n"
    target = out if out is not None else file
    if target is None:
        sys.stdout.write(text)
    else:
        try:
            target.write_text(text, encoding="utf-8")
        except OSError as error:
            fail(_("cannot write {path}: {error}").format(path=target, error=error.strerror))
        console.print(_("Table record written to {path}").format(path=target), markup=False)
    if not session.record.get("deal"):
        err_console.print(
            _("The deal is still to be entered: run dupbridge rule on the record to add it."),
            markup=False,
        )
    pending = session.table.pending
    if pending is not None:
        err_console.print(
            _(
                "The ruling on the {what} is not finished; the answers so far are saved. "
                "Run dupbridge rule on the record to go on."
            ).format(what=irregularity_text(pending.irregularity)),
            markup=False,
        )
        raise typer.Exit(1)


class _Session:
    """One wizard session over a live table."""

    def __init__(self, record: dict[str, Any], director: str | None, time: str | None) -> None:
        self.record = record
        self.director = director
        self.time = time
        self.table = self.fresh_table()

    def fresh_table(self) -> Table:
        """A table with the record's board and deal and no actions (the placeholder deal
        while the deal is still to be entered: only the auction can be ruled on then)."""
        empty = {**self.record, "actions": []}
        if not empty.get("deal"):
            empty["deal"] = PLACEHOLDER_DEAL
        try:
            return run_record(empty).table
        except RecordError as error:
            fail(str(error), code=1)

    def replay_record(self) -> None:
        """Apply the record's actions; the first refused one is reported and dropped with
        the rest."""
        actions = list(self.record.get("actions", []))
        self.record["actions"] = []
        self.table = self.fresh_table()
        for index, action in enumerate(actions):
            try:
                apply_action(self.table, action)
            except (DupbridgeError, ValueError) as error:
                console.print(
                    _(
                        "action {index} of the record is refused and dropped with the rest: {error}"
                    ).format(index=index, error=error),
                    markup=False,
                )
                break
            self.record["actions"].append(action)

    def needs_deal(self, action: dict[str, Any]) -> bool:
        """Cards are involved (a card, exposed cards, a revoke, a claim or concession: the
        laws on leads, penalty cards, revokes and claims need them) and the deal is still
        missing."""
        if self.record.get("deal"):
            return False
        keys = {"card", "expose", "revoke", "claim", "concede", "accept_claim", "reject_claim"}
        return bool(keys & action.keys())

    def ask_deal(self) -> bool:
        """Ask for the deal until it is given (True) or put off again (False)."""
        while True:
            text = _ask(
                _(
                    "The cards matter now: the deal (PBN, e.g. {example}), or Enter to wait: "
                ).format(example=EXAMPLE_DEAL)
            )
            if text is None or not text.strip():
                console.print(
                    _("Without the deal that cannot be recorded yet; the rest is kept."),
                    markup=False,
                )
                return False
            try:
                Deal.from_pbn(text.strip())
            except NotationError as error:
                console.print(_("That deal is not readable: {error}").format(error=error),
                              markup=False)  # fmt: skip
                continue
            self.record["deal"] = text.strip()
            self.replay_record()
            return True

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
        else:  # an option said as shown, "designate SA" for designate_SA
            spoken = "_".join(line.split()).lower()
            said = " ".join(line.split()).lower()  # or as shown, in the user's language
            option = next(
                (
                    o
                    for o in pending.options
                    if spoken == o.lower() or said == option_text(o).lower()
                ),
                line,
            )
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
        if self.needs_deal(action) and not self.ask_deal():
            return
        try:
            apply_action(self.table, action)
        except (DupbridgeError, ValueError) as error:
            console.print(_("refused: {error}").format(error=error), markup=False)
            return
        self.record["actions"].append(action)
        self.show()

    def show(self) -> None:
        for line in state_lines(self.table):
            console.print(line, markup=False)

    def show_pending(self) -> None:
        for line in pending_lines(self.table):
            console.print(line, markup=False)


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
            ),
            code=1,
        )
    if not isinstance(data, dict):
        fail(_("{path}: a table record must be a JSON object").format(path=file), code=1)
    return data


#: A valid deal that stands in while the real one is still to be entered (auction rulings
#: need no cards); it is never written into the record.
PLACEHOLDER_DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
EXAMPLE_DEAL = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876"


def _new_record(edition: str, profile: str | None) -> dict[str, Any]:
    """Ask for what an auction ruling needs: the board number and the calls so far; the deal
    may be given now or when cards are involved. A wrong answer is asked again."""
    number = _ask_until(
        _("Board number: "),
        lambda text: int(text) if text.isdigit() and int(text) >= 1 else None,
        _("A board number is a whole number from 1."),
    )
    record: dict[str, Any] = {"board": number, "edition": edition}
    if profile:
        record["profile"] = profile
    deal = _ask_until(
        _("The deal (PBN, e.g. {example}), or Enter to give it later: ").format(
            example=EXAMPLE_DEAL
        ),
        _deal_or_later,
        _("That deal is not readable; type it again, or press Enter to give it later."),
    )
    if deal:
        record["deal"] = deal
    dealer = dealer_of(number)
    calls = _ask_until(
        _("The calls so far, from the dealer ({dealer}), e.g. 1H Pass 2H; Enter for none: ").format(
            dealer=dealer.title
        ),
        _calls_or_none,
        _("Those are not all calls (1H, 2NT, Pass, X, XX); type them again."),
    )
    seat = dealer
    actions = []
    for call in calls:
        actions.append({"seat": seat.letter, "call": call})
        seat = Seat(seat.lho)
    record["actions"] = actions
    return record


T = TypeVar("T")


def _ask_until(prompt: str, parse: Callable[[str], T | None], again: str) -> T:
    """Ask until ``parse`` accepts the answer; at the end of the input, stop (nothing to
    save yet)."""
    while True:
        text = _ask(prompt)
        if text is None:
            fail(_("the input ended before the board was entered; nothing was saved"), code=1)
        value = parse(text.strip())
        if value is not None:
            return value
        console.print(again, markup=False)


def _deal_or_later(text: str) -> str | None:
    if not text:
        return ""
    try:
        Deal.from_pbn(text)
    except NotationError as error:
        console.print(str(error), markup=False)
        return None
    return text


def _calls_or_none(text: str) -> list[str] | None:
    words = text.split()
    for word in words:
        try:
            parse_call(word)
        except NotationError as error:
            console.print(str(error), markup=False)
            return None
    return words


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


_HELP = N_(
    "c SEAT CALL | s SEAT CALL (simultaneous, Law 33) | x SEAT CARD... [deliberate] (exposed, "
    "Laws 24, 49) | p SEAT CARD | change SEAT CALL (Law 25) | ui SEAT AGAINST FACTS (Law 16B) | "
    "mi SEAT AGAINST FACTS (Law 21B) | revoke SEAT OFFENDER [TRICK] [after_next_call|after_round] "
    "(Laws 61-64) | claim SEAT N [STATEMENT] | accept SEAT | reject SEAT | concede SEAT [N] | "
    "continue SEAT (68D2(b)) | object SEAT (68B2) | withdraw SEAT (69B, 71) | "
    "report KIND SEAT [AGAINST] [key=value...] (Laws 13-15, 43B2(a), 67, 79) | "
    "review LAW stands | review LAW A60/40 | state | q"
)
