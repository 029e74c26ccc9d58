"""What goes on the wire: per-viewer JSON of table views and of logged events.

Every frame a viewer receives is built here from :func:`dupbridge.core.views.view_for` (the
one authority on what a seat may see, DESIGN §2.10) and from the stored log, projected for
that viewer: the deal in ``BoardStarted`` is never sent; an explanation goes to the caller's
opponents only (Law 20F), to all four after the board if the event says so; chat goes to the
four players only. A kibitzer whose board is still in play somewhere in the session gets a
*withheld* view: the board's number and phase, no call and no card.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from dupbridge.core.cards import CARDS, Card
from dupbridge.core.events import CallMade
from dupbridge.core.explanations import render_explanation
from dupbridge.core.seats import Seat, Side
from dupbridge.core.table import Phase, Table
from dupbridge.core.views import Role, TableView, view_for
from dupbridge.scoring import score

__all__ = [
    "KIBITZER",
    "Viewer",
    "project_event",
    "project_events",
    "score_json",
    "table_view",
    "view_json",
    "withheld_view",
]

Viewer = Seat | Role
#: The viewer a kibitzer is.
KIBITZER = Role.SPECTATOR

#: Stored event types that only the four players receive.
_PLAYERS_ONLY = frozenset({"ChatSent"})


#: Each card's text by index: every frame names dozens of cards, four frames an action.
_CARD_TEXT: tuple[str, ...] = tuple(str(card) for card in CARDS)


def _cards(cards: Iterable[Card]) -> list[str]:
    text = _CARD_TEXT
    return [text[card.index] for card in cards]


def _viewer_name(viewer: Viewer) -> str:
    return viewer.letter if isinstance(viewer, Seat) else "kibitzer"


def view_json(view: TableView, explanations: Mapping[int, str] | None = None) -> dict[str, Any]:
    """The JSON object of a view; ``explanations`` (by position in the auction) are added
    after the board when the event shows them to all four."""
    auction = []
    for position, entry in enumerate(view.auction):
        explanation = entry.explanation
        if explanation is None and explanations is not None:
            explanation = explanations.get(position)
        item: dict[str, Any] = {"seat": entry.seat.letter, "call": str(entry.call)}
        if entry.alert:
            item["alert"] = True
        if explanation is not None:
            item["explanation"] = explanation
        auction.append(item)
    previous = view.previous_trick
    return {
        "viewer": _viewer_name(view.viewer),
        "board": view.board,
        "dealer": view.dealer.letter,
        "vulnerability": str(view.vulnerability),
        "phase": view.phase.value,
        "turn": None if view.turn is None else view.turn.letter,
        "auction": auction,
        "contract": None if view.contract is None else str(view.contract),
        "declarer": None if view.declarer is None else view.declarer.letter,
        "hands": {seat.letter: _cards(hand) for seat, hand in view.hands.items()},
        "played": {seat.letter: _cards(cards) for seat, cards in view.played.items()},
        "current_trick": [
            {"seat": seat.letter, "card": _CARD_TEXT[card.index]}
            for seat, card in view.current_trick
        ],
        "previous_trick": None
        if previous is None
        else {
            "leader": previous.leader.letter,
            "cards": _cards(previous.cards),
            "winner": previous.winner.letter,
        },
        "tricks": {str(Side.NS): view.tricks[Side.NS], str(Side.EW): view.tricks[Side.EW]},
        "legal_calls": [str(call) for call in view.legal_calls],
        "legal_cards": _cards(view.legal_cards),
        "result": view.result,
        "claim": None,
        "score": None,
        "withheld": False,
    }


def withheld_view(table: Table) -> dict[str, Any]:
    """A kibitzer's view while the board is in play at some table of the session: the board
    and how far it has gone, nothing of the deal, the auction or the play."""
    board = table.board
    return {
        "viewer": "kibitzer",
        "board": board.number,
        "dealer": board.dealer.letter,
        "vulnerability": str(board.vulnerability),
        "phase": table.phase.value,
        "turn": None,
        "auction": [],
        "contract": None,
        "declarer": None,
        "hands": {},
        "played": {},
        "current_trick": [],
        "previous_trick": None,
        "tricks": {str(Side.NS): 0, str(Side.EW): 0},
        "legal_calls": [],
        "legal_cards": [],
        "result": None,
        "claim": None,
        "score": None,
        "withheld": True,
    }


def _all_explanations(table: Table) -> dict[int, str]:
    calls = [event for event in table.events if isinstance(event, CallMade)]
    return {
        position: str(render_explanation(event.explanation))
        for position, event in enumerate(calls)
        if event.explanation is not None
    }


def score_json(table: Table) -> dict[str, int] | None:
    """Each side's score once the board is over (Law 77; a passed-out board scores 0),
    None before."""
    if table.phase is not Phase.FINISHED:
        return None
    contract = table.contract
    if contract is None or contract.declarer is None or table.result is None:
        return {str(Side.NS): 0, str(Side.EW): 0}
    side = contract.declarer.side
    points = score(contract, table.result, table.board.vulnerability.is_vulnerable(side))
    ns = points if side is Side.NS else -points
    return {str(Side.NS): ns, str(Side.EW): -ns}


def table_view(table: Table, viewer: Viewer, *, explanations_after_board: bool) -> dict[str, Any]:
    """The JSON view of ``table`` for a seat or a kibitzer whose board is released (after
    the board every hand shows, Law 66D, and so do explanations if the event says so).

    It adds the claim waiting for the opponents' answer (made to the whole table, Law 68C)
    and, once the board is over, the score (Law 77)."""
    view = view_for(table, viewer, spectators_see_hands=table.phase is Phase.FINISHED)
    shown = (
        _all_explanations(table)
        if explanations_after_board and table.phase is Phase.FINISHED
        else None
    )
    out = view_json(view, shown)
    claim = table.pending_claim
    if claim is not None:
        out["claim"] = {
            "seat": claim.seat.letter,
            "tricks": claim.tricks,
            "statement": render_explanation(claim.statement),
        }
    out["score"] = score_json(table)
    return out


def project_event(
    payload: Mapping[str, Any],
    seq: int,
    viewer: Viewer,
    *,
    finished: bool,
    explanations_after_board: bool,
) -> dict[str, Any] | None:
    """The stored event at ``seq`` as ``viewer`` may see it (None: not for this viewer).

    ``seq`` is the event's place in the stored log (the core's own number is dropped)."""
    kind = payload.get("type")
    if kind in _PLAYERS_ONLY and not isinstance(viewer, Seat):
        return None
    out = {key: value for key, value in payload.items() if key != "seq"}
    out["seq"] = seq
    if kind == "BoardStarted":
        out.pop("deal", None)  # the hands reach each viewer through his view only
        out.pop("rules", None)
    elif kind == "DirectorStep" and viewer is not Role.DIRECTOR:
        out.pop("action", None)  # what the Director entered reaches the seats as the view
    elif kind == "CallMade" and "explanation" in out:
        caller = Seat.from_str(str(payload.get("seat")))
        sees = (
            not isinstance(viewer, Seat)
            or viewer.side is not caller.side
            or (finished and explanations_after_board)
        )
        if not sees or out["explanation"] is None:
            out.pop("explanation")
        else:  # a robot's explanation in the viewer's language (Law 20F)
            out["explanation"] = render_explanation(str(out["explanation"]))
    elif kind == "ClaimMade" and out.get("statement") is not None:
        out["statement"] = render_explanation(str(out["statement"]))  # a robot's line
    return out


def project_events(
    rows: Iterable[tuple[int, Mapping[str, Any]]],
    viewer: Viewer,
    *,
    finished: bool,
    explanations_after_board: bool,
) -> list[dict[str, Any]]:
    """:func:`project_event` over ``(seq, payload)`` pairs, leaving out what the viewer may
    not receive."""
    out = []
    for seq, payload in rows:
        projected = project_event(
            payload,
            seq,
            viewer,
            finished=finished,
            explanations_after_board=explanations_after_board,
        )
        if projected is not None:
            out.append(projected)
    return out
