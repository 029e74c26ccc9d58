"""Table records: a board and what happened at the table, as JSON (docs/table-records.md).

A record is ``{"board": 7, "deal": "N:...", "edition": "2017", "mode": "strict",
"actions": [...]}``; each action is an object with the acting ``seat`` and one of ``call``,
``card``, ``claim``, ``concede``, ``accept_claim`` or ``reject_claim``; in recording mode
(``"mode": "recording"``, optional ``"profile"``) also ``expose``, ``change``, ``report``,
``revoke``, ``continue_play``, ``object_concession`` and ``withdraw_agreement``, and the
seatless ``{"choose": {"seat": "W", "option": "accept"}}`` and ``{"director": {...}}``
(docs/table-records.md, docs/rulings.md). :func:`run_record` replays the actions through a
:class:`~dupbridge.core.table.Table` and stops at the first one refused; :func:`state_json`
describes the resulting state.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dupbridge.core.boards import Board, dealer_of, vulnerability_of
from dupbridge.core.command_json import decode_command
from dupbridge.core.commands import RECORD_KEYS, CommandError
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ActionError, DupbridgeError, NotationError
from dupbridge.core.events import (
    BidAboveSevenMade,
    CallChanged,
    CallDeemed,
    CallMade,
    DirectorAnswered,
    Rectified,
)
from dupbridge.core.lawref import LawRef
from dupbridge.core.rectify import Duty, Stand
from dupbridge.core.seats import Seat, Side, Vulnerability
from dupbridge.core.table import Phase, Table
from dupbridge.i18n import _
from dupbridge.rulings import AdjustedScoreError, parse_adjusted, rulebook_for, rulings_of
from dupbridge.rulings.engine import RulingsEngine
from dupbridge.rulings.solver import ClaimSolver
from dupbridge.scoring import score
from dupbridge.services.claim_solver import DoubleDummyClaims

__all__ = ["RecordError", "RecordRun", "load_record", "run_record", "state_json"]

#: The action keys a record may use, one per action object.
ACTION_KEYS = RECORD_KEYS
#: The actions that name no acting seat at the top level.
SEATLESS = ("choose", "director")


class RecordError(DupbridgeError, ValueError):
    """A table record that cannot be read at all (not an object, no valid deal, ...)."""


@dataclass(frozen=True, slots=True)
class RefusedAction:
    """The first action of a record that the table refused."""

    index: int
    message: str
    law: LawRef | None


@dataclass(frozen=True, slots=True)
class RecordRun:
    """A replayed record: the table after every accepted action, and the refusal if any."""

    table: Table
    error: RefusedAction | None


def load_record(data: object, *, claims: ClaimSolver | None = None) -> Table:
    """A fresh table for the board and deal of a record (no actions applied).

    In recording mode the rulings engine gets ``claims`` for the Director's claim rulings
    (default: :class:`~dupbridge.services.claim_solver.DoubleDummyClaims`, DDS).

    Raises:
        RecordError: naming the field that is missing or wrong.
    """
    if not isinstance(data, Mapping):
        raise RecordError(_("a table record must be a JSON object"))
    number = data.get("board")
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise RecordError(
            _("field 'board' must be a board number from 1 up, not {value!r}").format(value=number)
        )
    deal_text = data.get("deal")
    if not isinstance(deal_text, str):
        raise RecordError(_("field 'deal' must be a PBN deal string like \"N:AKQ2.J3...\""))
    try:
        deal = Deal.from_pbn(deal_text).validated()
        dealer = Seat.from_str(str(data["dealer"])) if "dealer" in data else dealer_of(number)
        vulnerability = (
            Vulnerability.from_str(str(data["vulnerability"]))
            if "vulnerability" in data
            else vulnerability_of(number)
        )
    except NotationError as error:
        raise RecordError(_("field 'deal': {error}").format(error=error)) from None
    edition = str(data.get("edition", "2017"))
    mode = str(data.get("mode", "strict"))
    profile = data.get("profile")
    try:
        rulebook: RulingsEngine | None = None
        if mode == "recording" or profile is not None:
            rulebook = rulebook_for(
                edition,
                None if profile is None else str(profile),
                claims=claims if claims is not None else DoubleDummyClaims(),
            )
        return Table(
            Board(number, dealer, vulnerability),
            deal,
            edition=edition,
            mode=mode,
            rulebook=rulebook if mode == "recording" else None,
        )
    except ValueError as error:
        raise RecordError(str(error)) from None


def apply_action(table: Table, action: object) -> None:
    """Carry out one record action on ``table`` (decoded by :func:`decode_command`, carried
    out by the table's one dispatcher, :meth:`Table.execute`).

    Raises:
        ActionError: if the table refuses it (the table is unchanged).
        NotationError: if the action's call, card or seat is not valid notation.
        RecordError: if the action object is malformed.
    """
    try:
        command = decode_command(action, recording=table.recording is not None)
    except CommandError as error:
        raise RecordError(str(error)) from None
    table.execute(command)


def run_record(data: object, *, claims: ClaimSolver | None = None) -> RecordRun:
    """Replay a record's actions, stopping at the first refused one (``claims``: see
    :func:`load_record`).

    Raises:
        RecordError: if the record itself (board, deal, actions list) cannot be read.
    """
    table = load_record(data, claims=claims)
    assert isinstance(data, Mapping)
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError(_("field 'actions' must be a list"))
    for index, action in enumerate(actions):
        try:
            apply_action(table, action)
        except ActionError as error:
            return RecordRun(table, RefusedAction(index, str(error), error.law))
        except (NotationError, RecordError) as error:
            return RecordRun(table, RefusedAction(index, str(error), None))
    return RecordRun(table, None)


def state_json(run: RecordRun) -> dict[str, Any]:
    """The state of a replayed record as a JSON-ready dict (docs/table-records.md)."""
    table = run.table
    contract = table.contract
    finished = table.phase is Phase.FINISHED
    if table.is_passed_out:
        contract_text: str | None = "Pass"
    else:
        contract_text = None if contract is None else contract.to_str(declarer=False)
    tricks = table.tricks()
    result: dict[str, Any] = {
        "board": table.board.number,
        "edition": table.edition,
        "mode": table.mode,
        "phase": table.phase.value,
        "turn": None if table.turn is None else table.turn.letter,
        "dealer": table.board.dealer.letter,
        "vulnerability": table.board.vulnerability.value,
        "auction": [str(call) for call in table.auction.calls],
        "contract": contract_text,
        "declarer": None if table.declarer is None else table.declarer.letter,
        "legal_calls": [str(call) for call in table.legal_calls()],
        "legal_cards": [str(card) for card in table.legal_cards()],
        "tricks": {"NS": tricks[Side.NS], "EW": tricks[Side.EW]},
        "result": table.result,
        "score": None,
        "claim": None,
        "error": None,
    }
    claim = table.pending_claim
    if claim is not None:
        result["claim"] = {"seat": claim.seat.letter, "tricks": claim.tricks}
    result.update(recording_json(table))
    rec = table.recording
    if finished and (rec is None or rec.cancelled is None):
        result["score"] = _score_by_side(table)
    if run.error is not None:
        result["error"] = {
            "action": run.error.index,
            "message": run.error.message,
            "law": None if run.error.law is None else run.error.law.code,
        }
    return result


def _score_by_side(table: Table) -> dict[str, int]:
    contract = table.contract
    if contract is None or contract.declarer is None or table.result is None:
        return {"NS": 0, "EW": 0}
    side = contract.declarer.side
    points = score(contract, table.result, table.board.vulnerability.is_vulnerable(side))
    ns = points if side is Side.NS else -points
    return {"NS": ns, "EW": -ns}


def recording_json(table: Table) -> dict[str, Any]:
    """The recording-mode part of the state (empty values in strict mode)."""
    start = table.events[0]
    rules = getattr(start, "rules", None)
    data: dict[str, Any] = {
        "rules": rules,
        "pending": None,
        "forced_passes": [],
        "obligations": [],
        "lead_restrictions": [],
        "exposed_cards": {},
        "penalty_cards": {},
        "reviews": [],
        "rulings": [],
        "auction_record": _auction_record(table),
        "adjusted_score": None,
        "revokes": [],
        "result_before_transfers": None,
        "committed_cards": {},
        "set_aside": [],
        "cancelled": None,
    }
    rec = table.recording
    if rec is None:
        return data
    pending = rec.pending
    if pending is not None:
        data["pending"] = {
            "irregularity": pending.irregularity,
            "law": pending.law.code,
            "options": list(pending.options),
            "chooser": "director" if pending.chooser is None else pending.chooser.letter,
            "question": pending.question,
            "explanations": list(pending.explanations),
            "callers": [seat.letter for seat in pending.callers],
            "ruling": pending.ruling,
        }
    for seat in sorted(rec.obligations):
        for obligation in rec.obligations[seat]:
            entry: dict[str, Any] = {
                "seat": seat.letter,
                "span": obligation.span.value,
                "law": obligation.law.code,
                "ruling": obligation.ruling,
            }
            if obligation.duty is Duty.PASS:
                data["forced_passes"].append(entry)
            else:
                entry["duty"] = obligation.duty.value
                entry["call"] = None if obligation.call is None else str(obligation.call)
                data["obligations"].append(entry)
    for right in rec.lead_rights:
        data["lead_restrictions"].append(
            {
                "seat": right.seat.letter,
                "offender": right.offender.letter,
                "law": right.law.code,
                "status": "declarer's right at the first lead",
                "require": None,
                "prohibit": [],
                "ruling": right.ruling,
            }
        )
    for restriction in rec.restrictions:
        entry = {
            "seat": restriction.seat.letter,
            "offender": restriction.seat.partner.letter,
            "law": restriction.law.code,
            "status": "in force",
            "require": None if restriction.require is None else restriction.require.letter,
            "prohibit": sorted((s.letter for s in restriction.prohibit), reverse=True),
            "ruling": restriction.ruling,
        }
        if restriction.on_play:  # Law 57A: the partner's card to this trick
            entry["status"] = "on his play"
            entry["trick"] = restriction.trick
            entry["rank"] = restriction.rank
        data["lead_restrictions"].append(entry)
    data["revokes"] = rec.revokes_json()
    if rec.transfers:
        data["result_before_transfers"] = rec.base_result
    data["committed_cards"] = {
        seat.letter: str(card) for seat, (card, _law) in sorted(rec.committed.items())
    }
    data["set_aside"] = [{"seat": seat.letter, "card": str(card)} for seat, card in rec.queue]
    data["cancelled"] = None if rec.cancelled is None else rec.cancelled.code
    data["exposed_cards"] = {
        seat.letter: [str(card) for card, _led in cards]
        for seat, cards in sorted(rec.exposed.items())
        if cards
    }
    data["penalty_cards"] = {
        seat.letter: [
            {"card": str(card), "kind": "major" if major else "minor"}
            for card, major in sorted(cards.items(), reverse=True)
        ]
        for seat, cards in sorted(rec.penalty.items())
        if cards
    }
    data["reviews"] = [
        {
            "law": item.review.law.code,
            "ruling": item.review.ruling,
            "text": item.review.text,
            "decision": item.decision,
        }
        for item in rec.reviews
    ]
    data["rulings"] = [ruling.to_json() for ruling in rulings_of(table)]
    engine = rec.rulebook
    for event in table.events:
        if isinstance(event, DirectorAnswered):
            answers = json.loads(event.answers)
            if "adjusted_score" in answers and isinstance(engine, RulingsEngine):
                try:
                    adjusted = parse_adjusted(
                        answers["adjusted_score"], table, engine.laws, engine.profile
                    )
                except AdjustedScoreError:
                    continue
                data["adjusted_score"] = adjusted.to_json()
    return data


def _auction_record(table: Table) -> list[dict[str, Any]]:
    """Every call made, with what became of it: ``standing``, ``cancelled``, ``irregular``
    (a ruling is pending on it), ``deemed`` (Law 28A) or ``substituted`` (Laws 37B, 38C)."""
    rec = table.recording
    entries: list[dict[str, Any]] = []
    for event in table.events:
        status = "standing" if rec is None else rec.status.get(event.seq, "standing")
        if isinstance(event, CallMade):
            entries.append({"seat": event.seat.letter, "call": str(event.call), "status": status})
        elif isinstance(event, BidAboveSevenMade):
            entries.append(
                {
                    "seat": event.seat.letter,
                    "call": f"{event.level}{event.strain}",
                    "status": status,
                }
            )
        elif isinstance(event, CallChanged):
            entries.append(
                {
                    "seat": event.seat.letter,
                    "call": str(event.call),
                    "status": status,
                    "change": True,
                }
            )
        elif isinstance(event, CallDeemed):
            # Law 28A: the pass is deemed made before the call that was made at its turn.
            entries.insert(
                len(entries) - 1,
                {"seat": event.seat.letter, "call": str(event.call), "status": "deemed"},
            )
        elif (
            isinstance(event, Rectified)
            and isinstance(event.effect, Stand)
            and event.effect.seq is None
        ):
            effect = event.effect
            entries.append(
                {"seat": effect.seat.letter, "call": str(effect.call), "status": "substituted"}
            )
    return entries
