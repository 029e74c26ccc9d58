"""What the Director sees while he rules on the engine at an online table (issue 16,
docs/director.md): the table's state in recording mode, the pending decision with its law,
the options each paraphrased to read aloud and who chooses (Law 10C), the rulings so far
with their laws, and for a claim the claim checks. The steps themselves are events of the
table's log (:mod:`dupbridge.services.live_ruling`); this module builds the view and turns
a choice or a yes/no answer into the record action it stands for.
"""

from __future__ import annotations

from typing import Any

from dupbridge.core.seats import Seat
from dupbridge.core.table import Phase, Table
from dupbridge.i18n import _
from dupbridge.services.director.assistant import AssistantError
from dupbridge.services.director.view import claim_checks, pending_view
from dupbridge.services.live import LiveTable
from dupbridge.services.records import RecordRun, state_json

__all__ = ["answer_action", "choice_action", "online_ruling_view"]


def choice_action(table: Table, option: str) -> dict[str, Any]:
    """The record action of the entitled player's choice (Law 10C), entered by the Director.

    Raises:
        AssistantError: if no player has a choice to make, or ``option`` is not one.
    """
    pending = table.pending
    if pending is None or pending.chooser is None:
        raise AssistantError(_("no player has a choice to make now"))
    if option not in pending.options:
        raise AssistantError(
            _("{option!r} is not one of the options: {options}").format(
                option=option, options=", ".join(pending.options)
            ),
            pending.law.code,
        )
    return {"choose": {"seat": pending.chooser.letter, "option": option}}


def answer_action(table: Table, yes: bool) -> dict[str, Any]:
    """The record action of the Director's yes-or-no answer to the pending question.

    Raises:
        AssistantError: if the table waits for no yes-or-no answer of the Director.
    """
    pending = table.pending
    if pending is None or pending.chooser is not None or pending.options == ("tricks", "line"):
        raise AssistantError(_("there is no yes-or-no question for the Director now"))
    return {"director": {pending.options[0]: yes}}


def online_ruling_view(live: LiveTable) -> dict[str, Any]:
    """The Director's view of a table while (and after) he rules on the engine."""
    table = live.table
    state = state_json(RecordRun(table, None))
    pending = pending_view(table) if table.recording is not None else None
    if live.ruling_open and pending is None and table.phase is not Phase.FINISHED:
        status = _("No decision is pending: play may go on.")
    elif pending is not None:
        status = pending["question"]
    else:
        status = ""
    opened = [
        {"seq": seq, **payload}
        for seq, payload in live.rows
        if payload.get("type") in {"DirectorRecording", "DirectorStep", "DirectorResumed"}
    ]
    return {
        "table": live.id,
        "head": live.head,
        "recording": live.recording,
        "open": live.ruling_open,
        "status": status,
        "pending": pending,
        "claim_checks": claim_checks(table),
        # the Director sees all four hands as they are now (Law 81C)
        "hands": {
            seat.letter: [
                str(card) for card in (table.play.hand(seat) if table.play else table.deal[seat])
            ]
            for seat in Seat
        },
        "rulings": state["rulings"] if live.recording else [],
        "steps": opened,
        "state": state,
    }
