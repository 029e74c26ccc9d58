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
transposition table at trick boundaries and equal cards merged). In the ``"best"`` check,
double dummy bounds the line from above and DDS solves what follows the line once it is used
up, so any ending can be checked; the ``"worst"`` check searches every play and is limited to
endings of :data:`EXHAUSTIVE_LIMIT` tricks.

Everything takes plain core values, so the rulings layer (which sits below analysis) can
receive :func:`claim_tricks` and :func:`check_line` by injection.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from dupbridge.analysis import _solver
from dupbridge.core.cards import CARDS, Card, Hand, Suit, suit_mask
from dupbridge.core.deal import Deal
from dupbridge.core.errors import DupbridgeError
from dupbridge.core.play import Play
from dupbridge.core.seats import SEATS, Seat, Side
from dupbridge.core.table import Table
from dupbridge.i18n import _

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

#: Endings of at most this many tricks are searched here rather than handed to DDS.
SMALL_ENDING = 3
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
            return _(
                "the line wins {n} trick(s) against any defence ({mode} unstated play)"
            ).format(n=self.assured, mode=self.unstated)
        play = " ".join(f"{seat.letter}:{card}" for seat, card in self.refutation)
        return _(
            "the line can be held to {n} trick(s), {k} claimed ({mode} unstated play); "
            "for example {play}"
        ).format(n=self.assured, k=self.tricks, mode=self.unstated, play=play or "-")


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
        raise ClaimCheckError(
            _("a claim of {n} trick(s) is impossible with {left} left to play").format(
                n=tricks, left=left
            )
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
    search = _Search(position, claimer.side, owners, unstated)
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


# --- the search -------------------------------------------------------------------------------

_Undo = tuple[int, list[int], int] | None


class _Search:
    """Alpha-beta on "the claimer's side takes at least ``need`` more tricks".

    Seats of the claimer's side play the next card of the line when it is theirs and legal;
    otherwise they maximise (``best``) or minimise (``worst``) the claimer's tricks. The
    other side always minimises. Values are memoised at trick boundaries as bounds on the
    tricks still to come, keyed by the four hands and the leader (the line's progress is a
    function of the hands: its next card is the first one still held).
    """

    __slots__ = (
        "claimer_side",
        "dd_cache",
        "leader",
        "left",
        "line",
        "masks",
        "maximise_unstated",
        "side",
        "trick",
        "trump",
        "tt",
    )

    def __init__(
        self, position: Position, side: Side, line: list[tuple[int, int]], unstated: Unstated
    ) -> None:
        self.masks = [hand.mask for hand in position.remaining.hands]
        self.trump = -1 if position.trump is None else int(position.trump)
        self.leader = int(position.leader)
        self.trick = [card.index for card in position.trick]
        self.left = position.tricks_left
        self.side = int(side)
        self.claimer_side = tuple(seat.side is side for seat in SEATS)
        self.line = line
        self.maximise_unstated = unstated == "best"
        self.tt: dict[tuple[int, int, int, int, int], tuple[int, int]] = {}
        self.dd_cache: dict[tuple[int, ...], tuple[int, int]] = {}

    # --- the public part ---------------------------------------------------------------------

    def solve(self, need: int) -> tuple[int, tuple[tuple[Seat, Card], ...]]:
        """The tricks the line assures, and a refutation if that is fewer than ``need``."""
        if self.reach(need):
            value = need
            while value < self.left and self.reach(value + 1):
                value += 1
            return value, ()
        refutation = self.refute(need)
        value = need - 1
        while value > 0 and not self.reach(value):
            value -= 1
        return value, refutation

    # --- the rules ---------------------------------------------------------------------------

    def _next_line_card(self) -> tuple[int, int] | None:
        masks = self.masks
        for owner, index in self.line:
            if masks[owner] >> index & 1:
                return owner, index
        return None

    def _moves(self, seat: int) -> tuple[list[int], bool]:
        """The cards to try for ``seat`` and whether the claimer's side picks among them."""
        held = self.masks[seat]
        legal = held
        if self.trick:
            following = held & _SUIT_MASKS[self.trick[0] // 13]
            if following:
                legal = following
        line_pending = 0
        if self.claimer_side[seat]:
            nxt = self._next_line_card()
            if nxt is not None:
                owner, index = nxt
                suit = index // 13
                # The line leads its cards, follows suit or ruffs with them; it never
                # discards a named card (a discard is an unstated choice).
                if (
                    owner == seat
                    and legal >> index & 1
                    and (not self.trick or suit in (self.trick[0] // 13, self.trump))
                ):
                    return [index], True
                for owner, index in self.line:
                    if owner == seat:
                        line_pending |= 1 << index
            maximise = self.maximise_unstated
        else:
            maximise = False
        alive = self.masks[0] | self.masks[1] | self.masks[2] | self.masks[3]
        for index in self.trick:
            alive |= 1 << index
        moves = []
        mask = legal
        while mask:
            top = mask.bit_length() - 1
            mask ^= 1 << top
            # A card equal to the next higher live card of its suit in the same hand adds
            # nothing to try, unless the line names one of the two.
            above = alive & _SUIT_MASKS[top // 13] & ~((2 << top) - 1)
            if above:
                higher = (above & -above).bit_length() - 1
                named = line_pending >> top & 1 or line_pending >> higher & 1
                if held >> higher & 1 and not named:
                    continue
            moves.append(top)
        if not maximise and self.trick and self._winning_seat() % 2 != self.side:
            # The claimer's opponents are winning the trick: try the cheap cards first.
            moves.reverse()
        return moves, maximise

    def _winning_seat(self) -> int:
        """Who is winning the trick in progress so far (Laws 44E, 44F)."""
        trick = self.trick
        trump = self.trump
        best = 0
        best_card = trick[0]
        for position in range(1, len(trick)):
            card = trick[position]
            if card // 13 == best_card // 13:
                if card > best_card:
                    best, best_card = position, card
            elif card // 13 == trump:
                best, best_card = position, card
        return (self.leader + best) % 4

    def _play(self, seat: int, card: int) -> _Undo:
        """Play a card; return what undoes it, with whether the claimer won the trick."""
        self.masks[seat] ^= 1 << card
        self.trick.append(card)
        if len(self.trick) < 4:
            return None
        winner = self._winning_seat()
        saved = (self.leader, self.trick, 1 if winner % 2 == self.side else 0)
        self.leader = winner
        self.trick = []
        self.left -= 1
        return saved

    def _unplay(self, seat: int, card: int, saved: _Undo) -> None:
        if saved is not None:
            self.leader, self.trick, _won = saved
            self.left += 1
        self.trick.pop()
        self.masks[seat] |= 1 << card

    # --- double dummy by DDS -----------------------------------------------------------------

    def _dds_applies(self) -> bool:
        """Whether the rest is plain double dummy, large enough to hand to DDS."""
        return self.maximise_unstated and self.left > SMALL_ENDING

    def _dd_reach(self, need: int) -> bool:
        """Whether the claimer's side takes ``need`` (1 .. tricks left) more tricks from here
        double dummy, ignoring the line: one DDS target search, its answer kept as a bound."""
        masks = self.masks
        key = (masks[0], masks[1], masks[2], masks[3], self.leader, *self.trick)
        low, high = self.dd_cache.get(key, (0, self.left))
        if low >= need:
            return True
        if high < need:
            return False
        cards = [CARDS[index] for index in self.trick]
        trump = None if self.trump < 0 else Suit(self.trump)
        leader = Seat(self.leader)
        if (self.leader + len(self.trick)) % 2 == self.side:
            result = _solver.reaches(masks, trump, leader, cards, need)
        else:  # the defence to move: can it hold the claimer below ``need``?
            result = not _solver.reaches(masks, trump, leader, cards, self.left - need + 1)
        self.dd_cache[key] = (max(low, need), high) if result else (low, min(high, need - 1))
        return result

    # --- search ------------------------------------------------------------------------------

    def reach(self, need: int) -> bool:
        """Whether the claimer's side takes at least ``need`` more tricks from here."""
        if need <= 0:
            return True
        left = self.left
        if need > left:
            return False
        if self.trick:
            return self._expand(need)
        masks = self.masks
        key = (masks[0], masks[1], masks[2], masks[3], self.leader)
        low, high = self.tt.get(key, (0, left))
        if low >= need:
            return True
        if high < need:
            return False
        if self._dds_applies() and self._next_line_card() is None:
            # Once the line is used up, the rest is double dummy.
            result = self._dd_reach(need)
        else:
            result = self._expand(need)
        if result:
            low = max(low, need)
        else:
            high = min(high, need - 1)
        self.tt[key] = (low, high)
        return result

    def _expand(self, need: int) -> bool:
        if self.trick and self._dds_applies() and self._next_line_card() is None:
            return self._dd_reach(need)
        seat = (self.leader + len(self.trick)) % 4
        moves, maximise = self._moves(seat)
        for card in moves:
            saved = self._play(seat, card)
            won = saved[2] if saved is not None else 0
            ok = self.reach(need - won)
            self._unplay(seat, card, saved)
            if ok and maximise:
                return True
            if not ok and not maximise:
                return False
        return not maximise

    def refute(self, need: int) -> tuple[tuple[Seat, Card], ...]:
        """A play from here that keeps the claimer's side below ``need`` (which must fail).

        It stops once the claimer cannot reach ``need`` even double dummy.
        """
        played: list[tuple[int, int, _Undo]] = []
        while 0 < need <= self.left:
            if self._dds_applies() and (self._next_line_card() is None or not self._dd_reach(need)):
                break
            seat = (self.leader + len(self.trick)) % 4
            moves, maximise = self._moves(seat)
            choice = moves[0]
            if not maximise:
                for card in moves:
                    saved = self._play(seat, card)
                    won = saved[2] if saved is not None else 0
                    failed = not self.reach(need - won)
                    self._unplay(seat, card, saved)
                    if failed:
                        choice = card
                        break
            saved = self._play(seat, choice)
            need -= saved[2] if saved is not None else 0
            played.append((seat, choice, saved))
        out = tuple((Seat(seat), CARDS[card]) for seat, card, _saved in played)
        for seat, card, saved in reversed(played):
            self._unplay(seat, card, saved)
        return out
