"""The bidding robot's public face: a call with its alert and explanation, and the reading of
an auction as hand constraints.

Law 20F: a player explains his side's calls to opponents on request; Law 40B: special
partnership understandings are disclosed. Every robot call therefore carries an explanation,
built from the rule's conditions as language-neutral data (rendered in each reader's
language), and conventional calls are alerted.
"""

from __future__ import annotations

from dupbridge.core.auction import Auction
from dupbridge.core.calls import Call
from dupbridge.core.cards import Hand, Suit
from dupbridge.core.explanations import Part, neutral_explanation
from dupbridge.core.seats import Seat
from dupbridge.core.views import TableView
from dupbridge.i18n import N_, _
from dupbridge.robots.bidding.engine import Reading, decide, read_calls
from dupbridge.robots.bidding.rules import Rule
from dupbridge.robots.constraints import HandConstraint

__all__ = [
    "choose_call",
    "describe",
    "describe_parts",
    "explain",
    "explanation_of",
    "is_forced",
    "read_auction",
]

_SYMBOL = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}


def describe_parts(
    hcp: tuple[int, int],
    lengths: tuple[tuple[int, int], ...],
    balanced: bool | None,
    points: bool = False,
) -> list[Part]:
    """The conditions as short phrases, each a catalog template with its values (rendered
    in a viewer's language later): ``11-15 HCP``, ``6+ ♥``, ``balanced``. With ``points``
    the range counts points (HCP plus shape with a fit), not HCP: ``10-12 points``."""
    parts: list[Part] = []
    low, high = hcp
    if (low, high) != (0, 37):
        if points:
            templates = (
                N_("{low}+ points"),
                N_("at most {high} points"),
                N_("{low} points"),
                N_("{low}-{high} points"),
            )
        else:
            templates = (
                N_("{low}+ HCP"),
                N_("at most {high} HCP"),
                N_("{low} HCP"),
                N_("{low}-{high} HCP"),
            )
        if high >= 37:
            parts.append((templates[0], {"low": low}))
        elif low == 0:
            parts.append((templates[1], {"high": high}))
        elif low == high:
            parts.append((templates[2], {"low": low}))
        else:
            parts.append((templates[3], {"low": low, "high": high}))
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        least, most = lengths[suit]
        symbol = _SYMBOL[suit]
        if (least, most) == (0, 13):
            continue
        if least == most:
            parts.append((N_("exactly {n} {suit}"), {"n": least, "suit": symbol}))
        elif most == 13:
            parts.append((N_("{n}+ {suit}"), {"n": least, "suit": symbol}))
        elif least == 0:
            parts.append((N_("at most {n} {suit}"), {"n": most, "suit": symbol}))
        else:
            parts.append((N_("{low}-{high} {suit}"), {"low": least, "high": most, "suit": symbol}))
    if balanced:
        parts.append((N_("balanced"), {}))
    return parts


def _rendered(parts: list[Part]) -> list[str]:
    return [_(template).format(**values) for template, values in parts]


def describe(
    hcp: tuple[int, int],
    lengths: tuple[tuple[int, int], ...],
    balanced: bool | None,
    points: bool = False,
) -> list[str]:
    """The conditions as short phrases in the active language: ``11-15 HCP``, ``6+ ♥``,
    ``balanced`` (``10-12 points`` with ``points``)."""
    return _rendered(describe_parts(hcp, lengths, balanced, points))


def explanation_of(rule: Rule | None) -> list[Part]:
    """The explanation of a call made by ``rule`` (None: a call the auction forced), as
    catalog templates with their values (:mod:`dupbridge.core.explanations`)."""
    if rule is None:
        return [(N_("forced: bidding on in a forcing auction"), {})]
    parts: list[Part] = []
    if rule.note:
        parts.append((rule.note, {}))
    parts.extend(describe_parts(rule.hcp, rule.lengths, rule.balanced, rule.trump is not None))
    if rule.forcing == "1":
        parts.append((N_("forcing"), {}))
    elif rule.forcing == "game":
        parts.append((N_("forcing to game"), {}))
    if not parts:
        return [(N_("natural"), {})]
    return parts


def explain(rule: Rule | None) -> str:
    """The explanation of a call made by ``rule`` in the active language (None: a call the
    auction forced)."""
    return ", ".join(_rendered(explanation_of(rule)))


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

    The explanation is language-neutral (:func:`dupbridge.core.explanations.neutral_explanation`):
    stored with the call, it is rendered in each opponent's language when his view is built
    (:func:`dupbridge.core.explanations.render_explanation`).

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
    return decision.call, alert, neutral_explanation(explanation_of(rule))


def read_auction(auction: Auction | TableView, seat_of_reader: Seat) -> dict[Seat, HandConstraint]:
    """What each other player's calls show, as :class:`HandConstraint` (the rules run
    backwards); the reader's own seat is left out."""
    shown = read_calls(_auction_of(auction).dealer, _auction_of(auction).calls)
    return {seat: shown[seat][0] for seat in shown if seat is not seat_of_reader}


def is_forced(auction: Auction | TableView, seat: Seat) -> bool:
    """Whether the auction is forcing for ``seat`` (partner's last bid was forcing and the
    right-hand opponent passed, or the partnership is forced to game below game)."""
    return Reading(_auction_of(auction), seat, Hand()).forcing
