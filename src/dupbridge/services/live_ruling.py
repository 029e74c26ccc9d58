"""The Director's ruling on the engine at an online table (issue 16, docs/director.md).

Online tables run in strict mode: an irregularity is refused with its law. What reaches the
Director is what strict mode cannot refuse: a call the player did not intend (Law 25A), a
call made on misinformation (Law 21B), a disputed claim (Laws 68D, 70), a player's call to
the table (Law 9B1(a)). The Director rectifies it (Law 81C3) with the rulings engine, in three
kinds of event of the table's own log, each with his name and the time:

* ``DirectorRecording``: the table switches to recording mode from the point of the
  irregularity (``from_seq``, the last stored action that stands; later actions are withdrawn
  as an undo withdraws them). The core table is rebuilt in recording mode
  (:func:`rebuild`) from the actions that stand, and play waits for the Director (Law 9B2).
* ``DirectorStep``: one record action (docs/table-records.md) entered by the Director: what
  happened (a change of call, a report of misinformation, a call or card), the choice of the
  player entitled to it (Law 10C), the Director's own answer.
* ``DirectorResumed``: no decision is pending; the table returns to online play from the
  rectified state. It stays a recording-mode table (its obligations, penalty cards and lead
  restrictions live there), but a seat's call or card that the engine would flag as an
  irregularity is refused with its law, as strict mode refuses it (:func:`irregularity_of`).

This module holds the parts that need no LiveTable: the payloads and the rebuilt table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from dupbridge.core.commands import RECORD_KEYS, command_of
from dupbridge.core.errors import ActionError, ImpossibleActionError, IrregularityError
from dupbridge.core.events import BoardStarted, Event, IrregularityFlagged
from dupbridge.core.lawref import LawRef
from dupbridge.core.table import Phase, Table
from dupbridge.i18n import _
from dupbridge.rulings import rulebook_for
from dupbridge.services.claim_solver import DoubleDummyClaims
from dupbridge.services.records import RecordError, apply_action

__all__ = [
    "OPENED",
    "RESUMED",
    "RULING_EVENTS",
    "STEP",
    "irregularity_of",
    "open_payload",
    "rebuild",
    "resume_payload",
    "step_kind",
    "step_payload",
    "waiting_error",
]

OPENED = "DirectorRecording"
STEP = "DirectorStep"
RESUMED = "DirectorResumed"
#: The service events of a Director's ruling at an online table.
RULING_EVENTS = frozenset({OPENED, STEP, RESUMED})

_LAW_81C3 = LawRef(81, "C3")
_LAW_9B2 = LawRef(9, "B2")


def rebuild(
    start: BoardStarted,
    actions: Iterable[tuple[int, Event]],
    steps: Iterable[tuple[int, Mapping[str, Any]]],
) -> Table:
    """The table in recording mode: the board as dealt, then the stored actions and the
    Director's steps in the order of the log.

    Raises:
        ActionError, NotationError, RecordError: if one of them is refused now.
    """
    rulebook = rulebook_for(str(start.edition), claims=DoubleDummyClaims())
    table = Table(
        start.board, start.deal, edition=str(start.edition), mode="recording", rulebook=rulebook
    )
    merged: list[tuple[int, Event | Mapping[str, Any]]] = [*actions, *steps]
    for _seq, item in sorted(merged, key=lambda pair: pair[0]):
        if isinstance(item, Event):
            if not item.derived:  # derived events are regenerated, not replayed
                table.execute(command_of(item))
        else:
            apply_action(table, item)
    return table


def step_kind(action: Mapping[str, Any]) -> str:
    """The record key that names what an action does (``change``, ``report``, ``choose``,
    ``director``, ``call``, ``card`` ...)."""
    return next((key for key in action if key in RECORD_KEYS and key != "seat"), "action")


def open_payload(
    director: str, at: str, from_seq: int, *, head: int, phase: Phase, is_open: bool
) -> dict[str, Any]:
    """The ``DirectorRecording`` event: the Director rectifies from ``from_seq`` (Law 81C3).

    Raises:
        ImpossibleActionError: if a ruling is already open, the board is over, or the point
            is not a row of the log.
    """
    if is_open:
        raise ImpossibleActionError(
            _("the Director is already ruling at this table"), law=_LAW_81C3
        )
    if phase is Phase.FINISHED:
        raise ImpossibleActionError(
            _("the board is over at this table: adjust the score instead (Law 12)"),
            law=LawRef(12),
        )
    if isinstance(from_seq, bool) or not 0 <= from_seq <= head:
        raise ImpossibleActionError(
            _("the point of the irregularity must be an event of the log, 0 to {head}").format(
                head=head
            ),
            law=_LAW_81C3,
        )
    return {
        "type": OPENED,
        "director": director,
        "at": at,
        "from_seq": from_seq,
        "law": _LAW_81C3.code,
    }


def step_payload(director: str, at: str, action: Mapping[str, Any], trial: Table) -> dict[str, Any]:
    """The ``DirectorStep`` event of one record action, tried first on ``trial`` (a copy of
    the table, which it changes); a Director's answer carries his name and the time.

    Raises:
        ActionError: if the table refuses the action (with its law).
        ImpossibleActionError: if the action is malformed.
    """
    entered = dict(action)
    answers = entered.get("director")
    if isinstance(answers, Mapping):
        entered["director"] = {"name": director, "time": at, **answers}
    pending = trial.pending
    try:
        apply_action(trial, entered)
    except ActionError:
        raise
    except (RecordError, ValueError) as error:
        raise ImpossibleActionError(str(error), law=_LAW_81C3) from None
    payload: dict[str, Any] = {
        "type": STEP,
        "director": director,
        "at": at,
        "step": step_kind(entered),
        "action": entered,
    }
    if pending is not None:
        payload["law"] = pending.law.code
    return payload


def resume_payload(director: str, at: str, table: Table, is_open: bool) -> dict[str, Any]:
    """The ``DirectorResumed`` event: play goes on online from the rectified state.

    Raises:
        ImpossibleActionError: if no ruling is open or a decision is still pending.
    """
    if not is_open:
        raise ImpossibleActionError(_("the Director is not ruling at this table"), law=_LAW_81C3)
    if table.pending is not None or table.phase is Phase.DIRECTOR:
        raise ImpossibleActionError(
            _("a decision is still pending ({law}): answer it before play goes on").format(
                law=table.pending.law if table.pending is not None else _LAW_81C3
            ),
            law=_LAW_9B2,
        )
    return {"type": RESUMED, "director": director, "at": at}


def waiting_error() -> ImpossibleActionError:
    """A seat's action while the Director rules: play waits for him (Law 9B2)."""
    return ImpossibleActionError(
        _("the Director is ruling at this table: play waits for his ruling (Law 9B2)"),
        law=_LAW_9B2,
    )


def irregularity_of(events: Iterable[Event]) -> IrregularityError | None:
    """The error strict online play answers for a seat's action that the recording-mode
    table flagged as an irregularity (None: the action is regular)."""
    for event in events:
        if isinstance(event, IrregularityFlagged):
            return IrregularityError(
                _("{seat}: {irregularity} is not allowed at an online table ({law})").format(
                    seat=event.seat.title,
                    irregularity=str(event.irregularity).replace("_", " "),
                    law=event.law,
                ),
                seat=event.seat,
                law=event.law,
                irregularity=str(event.irregularity),
            )
    return None
