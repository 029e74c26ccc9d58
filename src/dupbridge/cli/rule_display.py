"""What the Director's wizard (``dupbridge rule``) shows: the table's state and the pending
ruling, in the words a Director would use (never the record's keys)."""

from __future__ import annotations

from dupbridge.core.events import BoardStarted
from dupbridge.core.lawref import LawRef
from dupbridge.core.rectify import Duty, Span
from dupbridge.core.seats import Seat
from dupbridge.core.table import Phase, Table
from dupbridge.core.written import law_text, side_text
from dupbridge.i18n import N_, _, ngettext, pgettext
from dupbridge.rulings import describe

__all__ = ["duty_text", "irregularity_text", "option_text", "pending_lines", "state_lines"]


#: The play-period irregularities the rulings engine names but does not describe, in words
#: (Laws 53-57, 50, 61-67, 68-71, 13-15, 43, 45), so that no key reaches the Director.
_PLAY_IRREGULARITIES = {
    "opening_lead_out_of_turn": N_("opening lead out of turn"),
    "opening_lead_by_declaring_side": N_("opening lead by the declaring side"),
    "lead_out_of_turn": N_("lead out of turn"),
    "declarer_lead_out_of_turn": N_("lead out of turn by declarer"),
    "premature_lead": N_("premature lead by a defender"),
    "premature_play": N_("premature play by a defender"),
    "play_at_rho_turn": N_("play when it was the right-hand opponent's turn"),
    "premature_play_by_declarer": N_("premature play by declarer"),
    "card_exposed_during_play": N_("card exposed during the play"),
    "declarer_card_exposed": N_("card exposed by declarer"),
    "penalty_card_not_played": N_("penalty card not played"),
    "revoke": N_("revoke"),
    "defective_trick": N_("defective trick"),
    "contested_claim": N_("contested claim"),
    "claim_play_continued": N_("play continued after a claim"),
    "concession_objected": N_("concession objected to"),
    "agreement_withdrawn": N_("agreement to a claim withdrawn"),
    "concession_cancelled": N_("concession cancelled"),
    "dummy_warned_wrong_hand": N_("dummy warned declarer against leading from the wrong hand"),
    "dummy_suggested_play": N_("dummy suggested a play"),
    "incorrect_number_of_cards": N_("incorrect number of cards"),
    "missing_card": N_("missing card"),
    "cards_from_wrong_board": N_("cards from the wrong board"),
    "wrong_board": N_("board played at the wrong table or by the wrong players"),
    "tricks_disputed": N_("number of tricks disputed"),
}


def irregularity_text(name: str) -> str:
    """The irregularity in words (``lead out of turn``), never its key."""
    if name in _PLAY_IRREGULARITIES:
        return _(_PLAY_IRREGULARITIES[name])
    text = describe(name)
    return text.replace("_", " ") if text == name else text


def _penalty_kind(major: bool) -> str:
    """A penalty card's kind (Law 50B, 50C), in words."""
    return pgettext("penalty card", "major") if major else pgettext("penalty card", "minor")


#: The options' names as the Director reads them (Laws 50D, 53, 54, 55, 10C); the engine's
#: keys stay English (answers and records use them).
_OPTION_WORDS = {
    "accept": N_("accept"),
    "refuse": N_("refuse"),
    "keep": N_("keep"),
    "withdraw": N_("withdraw"),
    "change": N_("change"),
    "spread": N_("spread"),
    "lowest": N_("lowest"),
    "highest": N_("highest"),
    "lead_from_dummy": N_("lead from dummy"),
    "lead_from_declarer": N_("lead from declarer's hand"),
    "require_spades": N_("require a spade lead"),
    "require_hearts": N_("require a heart lead"),
    "require_diamonds": N_("require a diamond lead"),
    "require_clubs": N_("require a club lead"),
    "prohibit_spades": N_("prohibit a spade lead"),
    "prohibit_hearts": N_("prohibit a heart lead"),
    "prohibit_diamonds": N_("prohibit a diamond lead"),
    "prohibit_clubs": N_("prohibit a club lead"),
}


def option_text(name: str) -> str:
    """An option's name as said aloud, in the active language: ``lead from dummy`` for
    ``lead_from_dummy``; ``same denominations`` for a name without a translation."""
    if name in _OPTION_WORDS:
        return _(_OPTION_WORDS[name])
    return name.replace("_", " ")


def duty_text(seat: Seat, duty: Duty, span: Span, law: LawRef | str) -> str:
    """A player's duty on his calls, as the Director states it (Laws 23-32)."""
    if duty is Duty.PASS:
        text = (
            _("{seat} must pass at his next turn to call ({law})")
            if span is Span.NEXT_TURN
            else _(
                "{seat} must pass whenever it is his turn to call, to the end of the auction "
                "({law})"
            )
        )
    elif duty is Duty.REPEAT:
        text = _("{seat} must repeat the call he made out of rotation ({law})")
    else:
        text = (
            _("{seat} may not double or redouble at his next turn ({law})")
            if span is Span.NEXT_TURN
            else _("{seat} may not double or redouble for the rest of the auction ({law})")
        )
    return text.format(seat=seat.title, law=law_text(law))


def state_lines(table: Table) -> list[str]:
    """The table's state: board, calls that stand, whose turn, duties and restrictions."""
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
        turn = _("{seat} to call") if table.phase is Phase.AUCTION else _("{seat} to play")
        lines.append(turn.format(seat=table.turn.title))
    lines.extend(
        "  " + duty_text(seat, duty.duty, duty.span, duty.law)
        for seat, duties in sorted(rec.obligations.items())
        for duty in duties
    )
    lines.extend(
        _("  declarer may restrict {seat}'s first lead ({law})").format(
            seat=right.seat.title, law=law_text(right.law)
        )
        for right in rec.lead_rights
    )
    lines.extend(
        _("  lead restriction on {seat} ({law})").format(seat=r.seat.title, law=law_text(r.law))
        for r in rec.restrictions
    )
    lines.extend(
        _("  penalty cards of {seat}: {cards}").format(
            seat=seat.title,
            cards=" ".join(f"{c}({_penalty_kind(m)})" for c, m in cards.items()),
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
            seat=seat.title, card=card, law=law_text(law)
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
            ngettext(
                "  Law 64: {n} trick to {side} for revoke {index} ({law})",
                "  Law 64: {n} tricks to {side} for revoke {index} ({law})",
                transfer.tricks,
            ).format(
                n=transfer.tricks,
                side=side_text(transfer.side),
                index=index + 1,
                law=law_text(transfer.law),
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
                law=law_text(rec.cancelled)
            )
        )
    return lines


def pending_lines(table: Table) -> list[str]:
    """The pending ruling: the irregularity, the law, the question and the options."""
    table_pending = table.pending
    assert table_pending is not None
    pending = table_pending
    lines: list[str] = []
    lines.append(
        _("Ruling on {what} ({law})").format(
            what=irregularity_text(pending.irregularity), law=law_text(pending.law)
        )
    )
    lines.append("  " + pending.question)
    facts = _facts_of(table, pending.ruling)
    lines.extend("  " + fact for fact in facts)
    if pending.options == ("tricks", "line"):
        lines.append(_("  The Director answers: tricks N, or line CARD... [worst|best]"))
    elif pending.chooser is None:
        lines.append(_("  The Director answers: 1. yes  2. no"))
    else:
        lines.append(
            _("  {seat} chooses (without consulting partner, Law 10C2):").format(
                seat=pending.chooser.title
            )
        )
        for number, (option, text) in enumerate(
            zip(pending.options, pending.explanations, strict=False), start=1
        ):
            lines.append(f"  {number}. {option_text(option)}: {text}")
    if pending.callers:
        lines.append(
            _("  or enter a call by {seats}: call SEAT CALL").format(
                seats=", ".join(seat.title for seat in pending.callers)
            )
        )
    return lines


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
