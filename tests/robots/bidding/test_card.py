"""The system card and the self-explaining calls (Laws 20F, 40B: opponents are told the
partnership's agreements; conventional calls are alerted)."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from dupbridge.core.auction import Auction
from dupbridge.core.calls import parse_call
from dupbridge.core.cards import Hand
from dupbridge.core.explanations import render_explanation
from dupbridge.core.seats import Seat
from dupbridge.robots.bidding import RULES, choose_call, system_card

DOCS = Path(__file__).resolve().parents[3] / "docs" / "robots.md"


def _call(dealer: str, calls: str, hand: str) -> tuple[str, bool, str]:
    auction = Auction(Seat.from_str(dealer), [parse_call(c) for c in calls.split()])
    seat = auction.turn
    assert seat is not None
    call, alert, explanation = choose_call(auction, Hand.from_pbn(hand), seat)
    rendered = render_explanation(explanation)
    assert rendered is not None
    return str(call), alert, rendered


def test_docs_card_is_generated() -> None:
    """docs/robots.md shows exactly the card the rules generate."""
    text = DOCS.read_text(encoding="utf-8")
    start = text.index("<!-- system-card:start -->\n") + len("<!-- system-card:start -->\n")
    end = text.index("<!-- system-card:end -->")
    assert text[start:end] == system_card()


def test_docs_examples_run() -> None:
    """Every >>> example in docs/robots.md gives the output shown."""
    result = doctest.testfile(str(DOCS), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5
    assert result.failed == 0


def test_card_lists_every_section() -> None:
    """The card has a heading for every section of the rules and names the conventions."""
    card = system_card()
    for rule in RULES:
        assert "#### " + rule.section in card
    for name in ("Stayman", "transfer to ♥", "Jacoby 2NT", "RKCB", "negative double", "Michaels"):
        assert name in card


@pytest.mark.parametrize(
    ("dealer", "calls", "hand", "call", "alert"),
    [
        ("N", "1NT P", "Q2.KJ765.432.432", "2D", True),  # Jacoby transfer
        ("N", "1NT P", "KJ76.Q2.K432.432", "2C", False),  # Stayman, not alerted (ACBL)
        ("N", "", "AKQ4.AKJ3.KQ7.A8", "2C", True),  # strong, artificial
        ("N", "1C 1H", "KJ32.32.Q432.432", "X", True),  # negative double
        ("N", "1S P 3S P 4NT P", "KQJ54.K32.Q74.43", "5C", True),  # RKCB response
        ("N", "", "KJ4.AQ3.K976.Q82", "1NT", False),  # natural
        ("N", "1H", "AJ32.2.KQ32.A432", "X", False),  # takeout double: standard, explained
    ],
)
def test_alerts(dealer: str, calls: str, hand: str, call: str, alert: bool) -> None:
    """Conventional calls are alerted, natural ones (and Stayman, as ACBL) are not."""
    made, alerted, _explanation = _call(dealer, calls, hand)
    assert (made, alerted) == (call, alert)


def test_explanations_state_the_conditions() -> None:
    """An explanation is built from the rule: HCP range, lengths, balance, convention."""
    assert _call("N", "", "KJ4.AQ3.K976.Q82")[2] == "15-17 HCP, balanced"
    assert _call("N", "", "54.KQJ983.Q74.32")[2] == (
        "weak two, 5-11 HCP, at most 4 ♠, exactly 6 ♥, at most 4 ♦, at most 4 ♣"
    )
    assert "takeout double" in _call("N", "1H", "AJ32.2.KQ32.A432")[2]
    assert "forcing" in _call("N", "1H P", "KJ54.98.Q743.J32")[2]


def test_not_the_robots_turn() -> None:
    """Asking for a call out of turn is a clear error naming the seats."""
    auction = Auction(Seat.N)
    with pytest.raises(ValueError, match="not South's turn to call \\(turn: North\\)"):
        choose_call(auction, Hand.from_pbn("KJ4.AQ3.K976.Q82"), Seat.S)


def test_robot_bids_from_its_own_view() -> None:
    """From its own seat's view (never more), a robot at a table bids a legal call each turn
    and the auction ends (Law 22)."""
    from dupbridge import Deal, Table, view_for

    deal = Deal.from_pbn("N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876")
    table = Table(1, deal)
    for _turn in range(40):
        seat = table.turn
        if seat is None or not view_for(table, seat).legal_calls:
            break
        view = view_for(table, seat)
        assert set(view.hands) == {seat}
        call, _alert, _explanation = choose_call(view, view.hands[seat], seat)
        assert call in view.legal_calls
        table.make_call(seat, call)
    assert not view_for(table, Seat.N).legal_calls
