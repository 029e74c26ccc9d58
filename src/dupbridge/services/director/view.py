"""What the Director sees of a ruling: the state, the pending decision in words to read
aloud, the rulings so far with their laws, and for a claim the claim checks (Laws 68-71).

Everything is built in the active language (the table's: the assistant renders inside
``use_language``); the engine's paraphrases of the Laws come from the rulings engine itself.
"""

from __future__ import annotations

from typing import Any

from dupbridge.core.cards import Card
from dupbridge.core.errors import NotationError
from dupbridge.core.explanations import explanation_parts, render_explanation
from dupbridge.core.seats import Seat, Side
from dupbridge.core.table import Phase, Table
from dupbridge.i18n import _
from dupbridge.rulings import describe
from dupbridge.services.records import RecordRun, state_json
from dupbridge.store.director import StoredRuling

__all__ = ["assistant_view", "claim_checks", "pending_view"]

#: The claim rulings whose question is a number of tricks (Laws 69B, 70, 71, 79).
TRICKS = ("tricks", "line")


def _irregularity_text(name: str) -> str:
    text = describe(name)
    return text.replace("_", " ") if text == name else text


def pending_view(table: Table) -> dict[str, Any] | None:
    """The pending decision: what kind of answer it needs, who gives it, the options each
    with the paraphrase to read aloud, and the law."""
    pending = table.pending
    if pending is None:
        return None
    if pending.options == TRICKS:
        kind = "tricks"
    elif pending.chooser is None:
        kind = "question"
    else:
        kind = "choice"
    options = [
        {
            "name": option,
            "label": option.replace("_", " "),
            "text": pending.explanations[index] if index < len(pending.explanations) else "",
        }
        for index, option in enumerate(pending.options)
    ]
    if pending.chooser is None:
        who = _("The Director decides ({law}).").format(law=pending.law)
    else:
        who = _("{seat} chooses, without consulting partner (Law 10C).").format(
            seat=pending.chooser.title
        )
    read_aloud = [
        _("{what}: {law}.").format(what=_irregularity_text(pending.irregularity), law=pending.law),
        pending.question,
    ]
    if kind == "choice":
        read_aloud.append(who)
        read_aloud.extend(f"{option['label']}: {option['text']}" for option in options)
    if pending.callers:
        read_aloud.append(
            _("A call by {seats} now is also an answer.").format(
                seats=", ".join(seat.title for seat in pending.callers)
            )
        )
    return {
        "kind": kind,
        "irregularity": pending.irregularity,
        "irregularity_text": _irregularity_text(pending.irregularity),
        "law": pending.law.code,
        "question": pending.question,
        "chooser": None if pending.chooser is None else pending.chooser.letter,
        "chooser_text": who,
        "options": options,
        "callers": [seat.letter for seat in pending.callers],
        "read_aloud": read_aloud,
    }


def claim_checks(table: Table) -> dict[str, Any] | None:
    """The claim checks of ``analysis.claims`` for the claim before the table (double
    dummy from here, the stated line at worst and at best, the opponents' trumps), or None
    when no claim is in question. Loads the double-dummy solver on first use."""
    claim = table.pending_claim
    if claim is None or table.play is None or table.play.is_complete:
        return None
    from dupbridge.analysis.claims import (  # noqa: PLC0415 - loads DDS on first use
        ClaimCheckError,
        check_table_claim,
    )

    line: list[Card] = []
    parts = explanation_parts(claim.statement)  # a robot's claim: the cards it named
    said = " ".join(str(v) for _t, values in parts for v in values.values()) if parts else None
    for word in (said or claim.statement or "").replace(",", " ").split():
        try:
            line.append(Card.from_str(word))
        except (NotationError, ValueError):
            line = []
            break
    try:
        check = check_table_claim(table, claim.seat, claim.tricks, line)
    except ClaimCheckError as error:
        return {"error": str(error)}
    side = claim.seat.side
    return {
        "claimer": claim.seat.letter,
        "claimed_total": check.claimed_total,
        "won": check.won,
        "claimed_from_here": check.claimed_from_here,
        "statement": render_explanation(claim.statement) or "",
        "line": [str(card) for card in line],
        "double_dummy": {"NS": check.double_dummy[Side.NS], "EW": check.double_dummy[Side.EW]},
        "double_dummy_claimer": check.double_dummy[side],
        "best": None if check.best is None else _line_json(check.best),
        "worst": None if check.worst is None else _line_json(check.worst),
        "outstanding_trumps": [str(card) for card in check.outstanding_trumps],
    }


def _line_json(line: Any) -> dict[str, Any]:
    return {
        "assured": line.assured,
        "holds": line.holds,
        "text": str(line),
        "refutation": [f"{seat.letter}:{card}" for seat, card in line.refutation],
    }


def _hands(table: Table) -> dict[str, list[str]]:
    """The cards each seat still holds (the Director sees all four)."""
    play = table.play
    return {
        seat.letter: [str(card) for card in (table.deal[seat] if play is None else play.hand(seat))]
        for seat in Seat
    }


def assistant_view(stored: StoredRuling, table: Table) -> dict[str, Any]:
    """The assistant's whole view of a ruling (JSON-ready)."""
    state = state_json(RecordRun(table, None))
    record = stored.record
    deal_known = bool(record.get("deal"))
    if not deal_known:
        state["legal_cards"] = []
    pending = pending_view(table)
    turn = table.turn
    if table.phase is Phase.FINISHED:
        status = _("The board is finished.")
    elif pending is not None:
        status = pending["question"]
    elif turn is not None:
        text = _("{seat} to call") if table.phase is Phase.AUCTION else _("{seat} to play")
        status = text.format(seat=turn.title)
    else:
        status = ""
    return {
        "id": stored.id,
        "director": stored.director,
        "language": stored.language,
        "session_ref": stored.session_ref,
        "table_ref": stored.table_ref,
        "board": table.board.number,
        "edition": table.edition,
        "profile": record.get("profile"),
        "deal_known": deal_known,
        "hands": _hands(table) if deal_known else None,
        "actions": len(record.get("actions", [])),
        "status": status,
        "pending": pending,
        "claim_checks": claim_checks(table) if deal_known else None,
        "rulings": [
            {**ruling, "title": _irregularity_text(ruling["irregularity"])}
            for ruling in state["rulings"]
        ],
        "state": state,
    }
