"""Rich renderings of deals, auctions and tricks for the terminal."""

from __future__ import annotations

from rich.table import Table as RichTable
from rich.text import Text

from dupbridge.core.calls import Call
from dupbridge.core.cards import SUITS_DESCENDING, Card, Hand
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.core.written import call_text, rank_text, vulnerability_text
from dupbridge.i18n import _

__all__ = ["auction_table", "card_text", "deal_diagram", "hand_lines"]

_RED = {"♥", "♦"}


def card_text(card: Card) -> Text:
    """A card with its suit symbol, red for hearts and diamonds."""
    symbol = card.suit.symbol
    return Text(symbol + rank_text(card.rank), style="red" if symbol in _RED else "")


def hand_lines(hand: Hand | None) -> Text:
    """Four lines, spades to clubs; ``?`` lines for a hidden hand."""
    text = Text()
    for index, suit in enumerate(SUITS_DESCENDING):
        if index:
            text.append("\n")
        symbol = suit.symbol
        text.append(symbol + " ", style="red" if symbol in _RED else "")
        if hand is None:
            text.append("?")
        else:
            ranks = "".join(rank_text(rank) for rank in hand.suit(suit))
            text.append(ranks or "—")
    return text


def deal_diagram(
    hands: dict[Seat, Hand | None], title: str = "", centre: Text | str = ""
) -> RichTable:
    """The usual compass layout: North on top, West and East at the sides, South below."""
    grid = RichTable.grid(padding=(0, 2))
    grid.add_column(min_width=14)
    grid.add_column(min_width=14)
    grid.add_column(min_width=14)
    if title:
        grid.title = title
    grid.add_row("", _labelled(Seat.N, hands.get(Seat.N)), "")
    grid.add_row(_labelled(Seat.W, hands.get(Seat.W)), centre, _labelled(Seat.E, hands.get(Seat.E)))
    grid.add_row("", _labelled(Seat.S, hands.get(Seat.S)), "")
    return grid


def _labelled(seat: Seat, hand: Hand | None) -> Text:
    text = Text(seat.title + "\n", style="bold")
    text.append_text(hand_lines(hand))
    return text


def auction_table(dealer: Seat, calls: list[tuple[Call, bool]], vul: Vulnerability) -> RichTable:
    """The auction in four columns W N E S, starting at the dealer's column."""
    table = RichTable(
        title=_("Auction (dealer {dealer}, vulnerable: {vul})").format(
            dealer=dealer.title, vul=vulnerability_text(vul)
        )
    )
    order = (Seat.W, Seat.N, Seat.E, Seat.S)
    for seat in order:
        style = "red" if vul.is_vulnerable(seat) else ""
        table.add_column(seat.title, style=style, min_width=6)
    cells: list[str] = [""] * order.index(dealer)
    for call, alert in calls:
        cells.append(call_text(call) + ("!" if alert else ""))
    while cells:
        row, cells = cells[:4], cells[4:]
        table.add_row(*(row + [""] * (4 - len(row))))
    return table
