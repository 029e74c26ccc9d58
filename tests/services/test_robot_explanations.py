"""A robot's explanations are stored without a language and reach each opponent in his own
(Law 20F: the explanation goes to the caller's opponents, never to his partner; issue 14)."""

from __future__ import annotations

import pytest

from dupbridge.core.boards import Board
from dupbridge.core.deal import Deal
from dupbridge.core.event_json import event_to_json
from dupbridge.core.events import CallMade
from dupbridge.core.explanations import (
    MARK,
    explanation_parts,
    neutral_explanation,
    render_explanation,
)
from dupbridge.core.seats import Seat
from dupbridge.core.table import Table
from dupbridge.i18n import use_language
from dupbridge.robots.bidding import choose_call
from dupbridge.services.wire import project_events, table_view

#: North opens 1NT, East passes, South (Q2.KJ765.432.432) transfers with 2♦.
DEAL = "N:AK3.Q84.KJ76.K65 J987.A3.Q985.A87 Q2.KJ765.432.432 T654.T92.AT.QJT9"


def _robots_call_three_times() -> Table:
    table = Table(Board.numbered(1), Deal.from_pbn(DEAL))
    for _turn in range(3):
        seat = table.turn
        assert seat is not None
        call, alert, explanation = choose_call(table.auction, table.deal[seat], seat)
        table.make_call(seat, call, alert=alert, explanation=explanation)
    return table


def _seen(table: Table, viewer: Seat, language: str) -> tuple[list[str | None], list[str | None]]:
    """The explanations of the calls in ``viewer``'s view and in his events, built as the
    server builds his frame: in his language."""
    rows = [(seq, event_to_json(event)) for seq, event in enumerate(table.events)]
    with use_language(language):
        view = table_view(table, viewer, explanations_after_board=False)
        events = project_events(rows, viewer, finished=False, explanations_after_board=False)
    in_view = [entry.get("explanation") for entry in view["auction"]]
    in_events = [event.get("explanation") for event in events if event["type"] == "CallMade"]
    return in_view, in_events


def test_the_log_holds_no_language() -> None:
    """The transfer's explanation is stored as templates and values, the same whatever
    language the server speaks."""
    with use_language("pl"):
        stored_pl = _robots_call_three_times().events
    stored_en = _robots_call_three_times().events
    calls_pl = [event.explanation for event in stored_pl if isinstance(event, CallMade)]
    calls_en = [event.explanation for event in stored_en if isinstance(event, CallMade)]
    assert calls_pl == calls_en
    transfer = calls_en[2]
    assert transfer is not None
    assert transfer.startswith(MARK)
    assert explanation_parts(transfer) == [
        ("transfer to ♥", {}),
        ("{n}+ {suit}", {"n": 5, "suit": "♥"}),
        ("forcing", {}),
    ]


def test_each_opponent_reads_his_own_language_and_partner_nothing() -> None:
    """Law 20F: West (Polish) and East (English), South's opponents, read the robot's 2♦ in
    their own languages, in the view and in the events; North, South's partner, never sees it."""
    table = _robots_call_three_times()
    west_view, west_events = _seen(table, Seat.W, "pl")
    east_view, east_events = _seen(table, Seat.E, "en")
    assert east_view[2] == east_events[2] == "transfer to ♥, 5+ ♥, forcing"
    assert west_view[2] == west_events[2] == "transfer na ♥, 5+ ♥, forsujące"
    north_view, north_events = _seen(table, Seat.N, "pl")
    assert north_view[2] is None
    assert north_events[2] is None
    # North's 1NT goes to East and West, not to South.
    assert east_view[0] == "15-17 HCP, balanced"
    assert _seen(table, Seat.S, "en")[0][0] is None


def test_a_persons_explanation_stays_as_typed() -> None:
    """A person's own words are not translated: both opponents read exactly what he typed."""
    table = Table(Board.numbered(1), Deal.from_pbn(DEAL))
    table.make_call(Seat.N, choose_call(table.auction, table.deal[Seat.N], Seat.N)[0])
    table.make_call(Seat.E, choose_call(table.auction, table.deal[Seat.E], Seat.E)[0])
    call = choose_call(table.auction, table.deal[Seat.S], Seat.S)[0]
    table.make_call(Seat.S, call, alert=True, explanation="Jacoby, 5+ kierów")
    assert _seen(table, Seat.W, "pl")[0][2] == "Jacoby, 5+ kierów"
    assert _seen(table, Seat.E, "en")[0][2] == "Jacoby, 5+ kierów"


def test_only_plain_templates_are_rendered() -> None:
    """Text that starts with the mark but is no plain template with its values (a person's
    joke, a damaged record, a format trick) shows exactly as stored; a bad part is refused
    when it is written."""
    for text in (
        MARK + "not json",
        MARK + "[]",
        MARK + '[["{x.__class__}",{"x":1}]]',
        MARK + '[["{n}+ {suit}",{"n":5}]]',
        MARK + '[["{n!r}",{"n":5}]]',
        MARK + '[["{n}",{"n":[1]}]]',
    ):
        assert render_explanation(text) == text
    assert render_explanation(None) is None
    with pytest.raises(ValueError, match="HCP"):
        neutral_explanation([("{low}-{high} HCP", {"low": 11})])
