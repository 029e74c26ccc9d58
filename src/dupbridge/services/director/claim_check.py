"""Claim checks from the cards left (Laws 68-70): at a face-to-face table the Director often
has no record of the play, only the cards still in the players' hands. He enters them (PBN,
as many cards in each hand), the trumps, who is on lead and the cards already played to the
trick, the claimer and the declarer, the tricks claimed from here and the line stated; the
checks of ``dupbridge.analysis.claims`` run on that position. They bound what could be
normal play; the number of tricks is the Director's decision (Law 70A)."""

from __future__ import annotations

from typing import Any

from dupbridge.core.cards import Card, Suit
from dupbridge.core.deal import Deal
from dupbridge.core.errors import NotationError
from dupbridge.core.seats import Seat, Side
from dupbridge.i18n import _
from dupbridge.services.director.assistant import AssistantError

__all__ = ["check_remaining"]


def _cards(text: str, what: str) -> tuple[Card, ...]:
    try:
        return tuple(Card.from_str(word) for word in text.replace(",", " ").split())
    except NotationError as error:
        raise AssistantError(_("{what}: {error}").format(what=what, error=error)) from None


def check_remaining(
    *,
    remaining: str,
    trump: str,
    leader: str,
    declarer: str,
    claimer: str,
    tricks: int,
    trick: str = "",
    line: str = "",
) -> dict[str, Any]:
    """The claim checks of a position given by the cards left.

    Args:
        remaining: the cards still held, PBN (``N:AK.Q.. QJ.K.. T9.J.. 87.A..``).
        trump: the trump suit letter, or ``NT``.
        leader: the seat that led to the trick in progress (or is on lead).
        declarer: declarer's seat.
        claimer: the claiming seat.
        tricks: tricks claimed among those still to play (the trick in progress included).
        trick: the cards already played to the trick in progress, leader's first.
        line: the cards of the line the claimer stated, in order.

    Raises:
        AssistantError: naming the field that is wrong, or why the position is impossible.
    """
    from dupbridge.analysis.claims import (  # noqa: PLC0415 - loads DDS on first use
        EXHAUSTIVE_LIMIT,
        ClaimCheckError,
        Position,
        Unstated,
        check_line,
        claim_tricks,
    )

    try:
        deal = Deal.from_pbn(remaining.strip())
    except NotationError as error:
        raise AssistantError(_("the cards left: {error}").format(error=error)) from None
    try:
        trumps = None if trump.strip().upper() in ("NT", "N", "") else Suit.from_str(trump)
        seats = {name: Seat.from_str(value) for name, value in
                 (("leader", leader), ("declarer", declarer), ("claimer", claimer))}  # fmt: skip
    except NotationError as error:
        raise AssistantError(str(error)) from None
    in_trick = _cards(trick, _("the trick in progress"))
    stated = _cards(line, _("the line stated"))
    try:
        position = Position(deal, trumps, seats["leader"], in_trick).validated()
        dd = claim_tricks(position.remaining, position.trump, position.leader, position.trick)
        checks: dict[str, Any] = {}
        modes: tuple[Unstated, ...] = (
            ("best", "worst") if position.tricks_left <= EXHAUSTIVE_LIMIT else ("best",)
        )
        for mode in modes:
            result = check_line(
                position.remaining,
                position.trump,
                position.leader,
                position.trick,
                declarer=seats["declarer"],
                claimer=seats["claimer"],
                line=stated,
                tricks=tricks,
                unstated=mode,
            )
            checks[mode] = {
                "assured": result.assured,
                "holds": result.holds,
                "text": str(result),
                "refutation": [f"{seat.letter}:{card}" for seat, card in result.refutation],
            }
    except ClaimCheckError as error:
        raise AssistantError(str(error)) from None
    side = seats["claimer"].side
    opponents = side.opponents.seats
    outstanding = [
        str(card)
        for seat in opponents
        for card in position.remaining[seat]
        if trumps is not None and card.suit is trumps
    ]
    return {
        "tricks_left": position.tricks_left,
        "claimed_from_here": tricks,
        "double_dummy": {"NS": dd[Side.NS], "EW": dd[Side.EW]},
        "double_dummy_claimer": dd[side],
        "line": [str(card) for card in stated],
        "best": checks.get("best"),
        "worst": checks.get("worst"),
        "outstanding_trumps": outstanding,
    }
