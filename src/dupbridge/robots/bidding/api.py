"""The bidding robot's public face: a call with its alert and explanation, and the reading of
an auction as hand constraints.

Law 20F: a player explains his side's calls to opponents on request; Law 40B: special
partnership understandings are disclosed. Every robot call therefore carries an explanation,
built from the rule's conditions in the player's language, and conventional calls are alerted.
"""

from __future__ import annotations

from dupbridge.core.auction import Auction
from dupbridge.core.calls import Call
from dupbridge.core.cards import Hand, Suit
from dupbridge.core.seats import Seat
from dupbridge.core.views import TableView
from dupbridge.i18n import _
from dupbridge.robots.bidding.engine import Reading, decide, read_calls
from dupbridge.robots.bidding.rules import Rule
from dupbridge.robots.constraints import HandConstraint

__all__ = ["choose_call", "describe", "explain", "is_forced", "read_auction"]

_SYMBOL = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}


def describe(
    hcp: tuple[int, int], lengths: tuple[tuple[int, int], ...], balanced: bool | None
) -> list[str]:
    """The conditions as short phrases: ``11-15 HCP``, ``6+ ♥``, ``balanced``."""
    parts: list[str] = []
    low, high = hcp
    if (low, high) != (0, 37):
        if high >= 37:
            parts.append(_("{low}+ HCP").format(low=low))
        elif low == 0:
            parts.append(_("at most {high} HCP").format(high=high))
        elif low == high:
            parts.append(_("{low} HCP").format(low=low))
        else:
            parts.append(_("{low}-{high} HCP").format(low=low, high=high))
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        least, most = lengths[suit]
        symbol = _SYMBOL[suit]
        if (least, most) == (0, 13):
            continue
        if least == most:
            parts.append(_("exactly {n} {suit}").format(n=least, suit=symbol))
        elif most == 13:
            parts.append(_("{n}+ {suit}").format(n=least, suit=symbol))
        elif least == 0:
            parts.append(_("at most {n} {suit}").format(n=most, suit=symbol))
        else:
            parts.append(_("{low}-{high} {suit}").format(low=least, high=most, suit=symbol))
    if balanced:
        parts.append(_("balanced"))
    return parts


def explain(rule: Rule | None) -> str:
    """The explanation of a call made by ``rule`` (None: a call the auction forced)."""
    if rule is None:
        return _("forced: bidding on in a forcing auction")
    parts = []
    if rule.note:
        parts.append(_(rule.note))
    parts.extend(describe(rule.hcp, rule.lengths, rule.balanced))
    if rule.forcing == "1":
        parts.append(_("forcing"))
    elif rule.forcing == "game":
        parts.append(_("forcing to game"))
    if not parts:
        return _("natural")
    return ", ".join(parts)


def _auction_of(view_or_auction: Auction | TableView) -> Auction:
    if isinstance(view_or_auction, Auction):
        return view_or_auction
    if isinstance(view_or_auction, TableView):
        return Auction(view_or_auction.dealer, [entry.call for entry in view_or_auction.auction])
    raise TypeError(
        _("choose_call needs an Auction or a TableView, not {kind}").format(
            kind=type(view_or_auction).__name__
        )
    )


def choose_call(
    view_or_auction: Auction | TableView, hand: Hand, seat: Seat
) -> tuple[Call, bool, str]:
    """The robot's call for ``seat`` holding ``hand``: ``(call, alert, explanation)``.

    The call is always one of the auction's legal calls (Law 18, Law 36 never arises), and a
    forcing bid by partner is never passed.

    Raises:
        ValueError: if it is not ``seat``'s turn to call.
    """
    auction = _auction_of(view_or_auction)
    if auction.turn is not seat:
        raise ValueError(
            _("it is not {seat}'s turn to call (turn: {turn})").format(
                seat=seat.title,
                turn=auction.turn.title if auction.turn is not None else _("none"),
            )
        )
    decision = decide(auction, seat, hand)
    rule = decision.rule
    alert = bool(rule is not None and rule.alert)
    return decision.call, alert, explain(rule)


def read_auction(auction: Auction | TableView, seat_of_reader: Seat) -> dict[Seat, HandConstraint]:
    """What each other player's calls show, as :class:`HandConstraint` (the rules run
    backwards); the reader's own seat is left out."""
    shown = read_calls(_auction_of(auction).dealer, _auction_of(auction).calls)
    return {seat: shown[seat][0] for seat in shown if seat is not seat_of_reader}


def is_forced(auction: Auction | TableView, seat: Seat) -> bool:
    """Whether the auction is forcing for ``seat`` (partner's last bid was forcing and the
    right-hand opponent passed, or the partnership is forced to game below game)."""
    return Reading(_auction_of(auction), seat, Hand()).forcing
