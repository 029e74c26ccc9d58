"""Claim checks for the Director (Laws 68-71): tricks from here, and stated lines of play.

Two questions come up when a claim is disputed (Law 70):

* How many of the remaining tricks does each side take double dummy from here, the trick in
  progress included? (:func:`claim_tricks`, one DDS call.)
* Does the line the claimer stated, an ordered list of cards (Law 68C asks the claimer to give
  the order), win the claimed tricks against every defence? (:func:`check_line`.) The
  claimer's side plays the next card of the line whenever it is that hand's turn and the card
  can be led, can follow suit or is a trump that can ruff (a named card is never thrown
  away as a discard); where the line says nothing, the claimer's side plays

  - ``"best"``: double-dummy best for the claimer, the most the Director could ever award
    (an unstated finesse that happens to work is taken, which Law 70E1 would not allow);
  - ``"worst"``: any legal card at all, careless ones included: a line that holds then
    cannot fail however the claimer's side plays the cards he did not name (Law 70A resolves
    doubtful points against the claimer; for a defender's claim this also covers every
    choice of his partner, which Law 70D2 will not rely on).

  Between the two bounds lies the Director's judgement of what is "normal" play.

The search is exhaustive (alpha-beta on "can the claimer's side reach N tricks", with a
transposition table at trick boundaries keyed by relative ranks, and equal cards merged), cut
short wherever a bound
decides it: master trumps, the tricks the hand on lead is sure to cash, and double dummy,
which bounds the line from above and is exact once the line is used up (or, for the last
trick needed, cannot bind before it is won) in the ``"best"`` check. DDS answers those
questions through one play analyser rooted at the position, so any ending can be checked; the
``"worst"`` check searches every play and is limited to endings of :data:`EXHAUSTIVE_LIMIT`
tricks. The bounds change only the time taken: the tests compare the answers with the plain
exhaustive search.

Everything takes plain core values, so the rulings layer (which sits below analysis) can
receive :func:`claim_tricks` and :func:`check_line` by injection.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from dupbridge.analysis import _solver
from dupbridge.analysis.claim_search import LineSearch
from dupbridge.core.cards import Card, Hand, Suit, suit_mask
from dupbridge.core.deal import Deal
from dupbridge.core.errors import DupbridgeError
from dupbridge.core.play import Play
from dupbridge.core.seats import Seat, Side
from dupbridge.core.table import Table
from dupbridge.core.written import unstated_text
from dupbridge.i18n import _, ngettext

__all__ = [
    "ClaimCheck",
    "ClaimCheckError",
    "LineCheck",
    "Position",
    "Unstated",
    "card_tricks",
    "check_line",
    "check_table_claim",
    "claim_tricks",
]

#: How the claimer's unstated plays are made in :func:`check_line`.
Unstated = Literal["best", "worst"]


#: The largest ending checked with the claimer's unstated plays at their worst (every play
#: is searched, so the time grows steeply with the tricks left).
EXHAUSTIVE_LIMIT = 6

_SUIT_MASKS = tuple(suit_mask(suit) for suit in Suit)


class ClaimCheckError(DupbridgeError, ValueError):
    """A position or a stated line that cannot be checked (with what is wrong)."""


@dataclass(frozen=True, slots=True)
class Position:
    """A moment of the play: the cards each seat still holds, trumps, and the trick in progress.

    ``trick`` holds the 0 to 3 cards already played to the current trick, starting with
    ``leader``'s; those cards are no longer in ``remaining``.
    """

    remaining: Deal
    trump: Suit | None
    leader: Seat
    trick: tuple[Card, ...] = ()

    @property
    def turn(self) -> Seat:
        """The seat to play next."""
        return self.leader.next(len(self.trick))

    @property
    def tricks_left(self) -> int:
        """Tricks still to be won, the one in progress included."""
        return (sum(len(hand) for hand in self.remaining.hands) + len(self.trick)) // 4

    @classmethod
    def from_play(cls, play: Play) -> Position:
        """The position of a core ``Play`` now.

        Raises:
            ClaimCheckError: if all thirteen tricks have been played.
        """
        leader = play.leader
        if leader is None:
            raise ClaimCheckError(_("all thirteen tricks have been played"))
        return cls(play.remaining_deal(), play.trump, leader, play.current_trick)

    def validated(self) -> Position:
        """This position, if it is one that can arise in play.

        Raises:
            ClaimCheckError: naming the problem (a card in two places, hands of the wrong
                sizes, more than three cards in the trick, a revoke in the trick).
        """
        if len(self.trick) > 3:
            raise ClaimCheckError(
                _("a trick in progress has at most three cards, not {n}").format(n=len(self.trick))
            )
        seen = 0
        for card in self.trick:
            if seen & card.bit:
                raise ClaimCheckError(_("{card} is played twice").format(card=card))
            seen |= card.bit
        for seat, hand in self.remaining:
            clash = seen & hand.mask
            if clash:
                raise ClaimCheckError(
                    _("{card} is in more than one place ({seat})").format(
                        card=next(iter(Hand(clash))), seat=seat.title
                    )
                )
            seen |= hand.mask
        played = {self.leader.next(i) for i in range(len(self.trick))}
        sizes = {len(hand) + (1 if seat in played else 0) for seat, hand in self.remaining}
        if len(sizes) != 1:
            raise ClaimCheckError(
                _("the hands do not fit together: {sizes} cards (with the trick)").format(
                    sizes=", ".join(f"{seat.letter} {len(hand)}" for seat, hand in self.remaining)
                )
            )
        if self.trick:
            led = self.trick[0].suit
            for offset, card in enumerate(self.trick[1:], start=1):
                seat = self.leader.next(offset)
                if card.suit is not led and self.remaining[seat].has_suit(led):
                    raise ClaimCheckError(
                        _("{seat} played {card} to the trick but still holds a {suit}").format(
                            seat=seat.title, card=card, suit=led.letter
                        )
                    )
        return self


@dataclass(frozen=True, slots=True)
class LineCheck:
    """Whether a stated line wins the claimed tricks against every defence.

    ``tricks`` and ``assured`` count tricks from the position on, the trick in progress
    included. ``refutation`` (empty when the line holds) is a way the play can go, seat by
    seat, that leaves the claimer's side short; after it, the claimer cannot reach the
    claimed number even with best play.
    """

    claimer: Seat
    tricks: int
    unstated: Unstated
    assured: int
    refutation: tuple[tuple[Seat, Card], ...] = field(default=())

    @property
    def holds(self) -> bool:
        """Whether the line wins at least the claimed tricks against every defence."""
        return self.assured >= self.tricks

    def __str__(self) -> str:
        if self.holds:
            return ngettext(
                "the line wins {n} trick against any defence ({mode} unstated play)",
                "the line wins {n} tricks against any defence ({mode} unstated play)",
                self.assured,
            ).format(n=self.assured, mode=unstated_text(self.unstated))
        play = " ".join(f"{seat.letter}:{card}" for seat, card in self.refutation)
        return ngettext(
            "the line can be held to {n} trick, {k} claimed ({mode} unstated play); "
            "for example {play}",
            "the line can be held to {n} tricks, {k} claimed ({mode} unstated play); "
            "for example {play}",
            self.assured,
        ).format(n=self.assured, k=self.tricks, mode=unstated_text(self.unstated), play=play or "-")


@dataclass(frozen=True, slots=True)
class ClaimCheck:
    """Everything the Director sees about a claim at a table (Law 70).

    ``won`` is the tricks the claimer's side has already won; ``claimed_total`` the tricks
    claimed in all (Law 68A counts the total); the double-dummy numbers and the line checks
    count the tricks still to play.
    """

    claimer: Seat
    claimed_total: int
    won: int
    double_dummy: dict[Side, int]
    best: LineCheck | None
    worst: LineCheck | None
    outstanding_trumps: tuple[Card, ...]

    @property
    def claimed_from_here(self) -> int:
        """Tricks claimed among those still to play."""
        return self.claimed_total - self.won


def _check_position(position: Position) -> Position:
    if not isinstance(position, Position):
        raise TypeError(f"not a Position: {position!r}")
    return position.validated()


def claim_tricks(
    remaining: Deal, trump: Suit | None, leader: Seat, trick: Sequence[Card] = ()
) -> dict[Side, int]:
    """Tricks each side takes double dummy from here, the trick in progress included.

    Args:
        remaining: the cards each seat still holds.
        trump: the trump suit (None for no trumps).
        leader: who led (or is to lead) the current trick.
        trick: the cards already played to it, leader's first.

    Raises:
        ClaimCheckError: if the position cannot arise in play.
    """
    position = _check_position(Position(remaining, trump, leader, tuple(trick)))
    left = position.tricks_left
    if left == 0:
        return {Side.NS: 0, Side.EW: 0}
    masks = [hand.mask for hand in remaining.hands]
    best = _solver.solve_position(masks, trump, leader, position.trick)
    mover = position.turn.side
    tricks = best[0][1]
    return {mover: tricks, mover.opponents: left - tricks}


def card_tricks(
    remaining: Deal, trump: Suit | None, leader: Seat, trick: Sequence[Card] = ()
) -> dict[Card, int]:
    """For each card the player to move may play, the tricks his side then takes from here.

    Tricks count from the trick in progress on (it included), double dummy (DDS).

    Raises:
        ClaimCheckError: if the position cannot arise in play, or no trick is left.
    """
    position = _check_position(Position(remaining, trump, leader, tuple(trick)))
    if position.tricks_left == 0:
        raise ClaimCheckError(_("all thirteen tricks have been played"))
    masks = [hand.mask for hand in remaining.hands]
    scored = _solver.solve_position(masks, trump, leader, position.trick, all_cards=True)
    return dict(scored)


def check_line(
    remaining: Deal,
    trump: Suit | None,
    leader: Seat,
    trick: Sequence[Card],
    *,
    declarer: Seat,
    claimer: Seat,
    line: Sequence[Card],
    tricks: int,
    unstated: Unstated = "best",
) -> LineCheck:
    """Whether the claimer's stated ``line`` wins ``tricks`` of the remaining tricks.

    Args:
        remaining, trump, leader, trick: the position (see :func:`claim_tricks`).
        declarer: the declarer (a declarer's claim covers dummy's cards as well).
        claimer: the seat claiming: declarer, or a defender.
        line: the cards the claimer said he would play, in order; each must still be held
            by the claimer (or dummy, for declarer).
        tricks: the tricks claimed among those still to play.
        unstated: ``"best"`` or ``"worst"``, how the claimer's unnamed cards are played.

    Raises:
        ClaimCheckError: for an impossible position, a line card the claimer's side does not
            hold or names twice, a claim outside 0 .. tricks left, or dummy as claimer.
    """
    position = _check_position(Position(remaining, trump, leader, tuple(trick)))
    if claimer is declarer.partner:
        raise ClaimCheckError(_("dummy may not claim; declarer claims for his side (Law 68)"))
    if unstated not in ("best", "worst"):
        raise ClaimCheckError(
            _("unstated play is 'best' or 'worst', not {mode!r}").format(mode=unstated)
        )
    left = position.tricks_left
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= left:
        if isinstance(tricks, bool) or not isinstance(tricks, int):
            raise ClaimCheckError(_("a claim is of a number of tricks, not {n!r}").format(n=tricks))
        raise ClaimCheckError(
            ngettext(
                "a claim of {n} trick is impossible with {left} left to play",
                "a claim of {n} tricks is impossible with {left} left to play",
                tricks,
            ).format(n=tricks, left=left)
        )
    controlled = (declarer, declarer.partner) if claimer is declarer else (claimer,)
    owners: list[tuple[int, int]] = []
    named = 0
    for card in line:
        owner = remaining.holder(card)
        if named & card.bit:
            raise ClaimCheckError(_("the line names {card} twice").format(card=card))
        named |= card.bit
        if owner is None or owner not in controlled:
            where = (
                _("it has been played")
                if owner is None
                else _("{seat} holds it").format(seat=owner.title)
            )
            raise ClaimCheckError(
                _("the line names {card}, which the claimer cannot play: {where}").format(
                    card=card, where=where
                )
            )
        owners.append((int(owner), card.index))
    if unstated == "worst" and left > EXHAUSTIVE_LIMIT:
        raise ClaimCheckError(
            _(
                "a check with the claimer's unstated plays at their worst searches every "
                "play, which is limited to {limit} tricks ({left} are left); check with "
                "'best' unstated play, or once fewer tricks are left"
            ).format(limit=EXHAUSTIVE_LIMIT, left=left)
        )
    search = LineSearch(position, claimer.side, owners, unstated)
    assured, refutation = search.solve(tricks)
    return LineCheck(claimer, tricks, unstated, assured, refutation)


def check_table_claim(
    table: Table,
    claimer: Seat,
    total: int,
    line: Sequence[Card] = (),
    *,
    unstated: Unstated | None = None,
) -> ClaimCheck:
    """The Director's view of a claim at a core Table (Laws 68-70).

    Args:
        table: a table in the play (a pending claim is fine).
        claimer: the seat claiming.
        total: tricks claimed in all by the claimer's side (as ``Table.claim`` counts).
        line: the cards the claimer stated, in order.
        unstated: check the line with only ``"best"`` or ``"worst"`` unstated play; by
            default both (``"worst"`` only in endings of :data:`EXHAUSTIVE_LIMIT` tricks or
            fewer, else ``ClaimCheck.worst`` is None).

    Raises:
        ClaimCheckError: if the table is not in the play, or the claim or line is impossible.
    """
    play = table.play
    if play is None or play.is_complete or table.declarer is None:
        raise ClaimCheckError(_("there is no play in progress to claim in"))
    position = Position.from_play(play)
    won = play.tricks_won(claimer.side)
    from_here = total - won
    trumps: tuple[Card, ...] = ()
    if play.trump is not None:
        opponents = claimer.side.opponents.seats
        trumps = tuple(
            card
            for seat in opponents
            for card in position.remaining[seat]
            if card.suit is play.trump
        )
    dd = claim_tricks(position.remaining, position.trump, position.leader, position.trick)
    modes: tuple[Unstated, ...]
    if unstated is not None:
        modes = (unstated,)
    elif position.tricks_left <= EXHAUSTIVE_LIMIT:
        modes = ("best", "worst")
    else:
        modes = ("best",)
    checks: dict[str, LineCheck] = {}
    for mode in modes:
        checks[mode] = check_line(
            position.remaining,
            position.trump,
            position.leader,
            position.trick,
            declarer=table.declarer,
            claimer=claimer,
            line=line,
            tricks=from_here,
            unstated=mode,
        )
    return ClaimCheck(claimer, total, won, dd, checks.get("best"), checks.get("worst"), trumps)
