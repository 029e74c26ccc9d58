"""The exhaustive stated-line search as it was before the pruning of issue 7, kept as an oracle.

``check_line`` now cuts its search short with double-dummy bounds, sure tricks and move
ordering; the answers must not change. This is the earlier search, unchanged apart from its
name and reading ``claim_position.SMALL_ENDING`` when it runs: alpha-beta over every defence, a
transposition table at trick boundaries, equal cards merged, and one DDS target search per
ending once the stated line is used up ("best").
"""

from __future__ import annotations

from collections.abc import Sequence

from dupbridge.analysis import _solver, claim_position
from dupbridge.analysis.claims import Position, Unstated
from dupbridge.core.cards import CARDS, Card, Suit, suit_mask
from dupbridge.core.deal import Deal
from dupbridge.core.seats import SEATS, Seat, Side

_SUIT_MASKS = tuple(suit_mask(suit) for suit in Suit)


def exhaustive_check_line(
    remaining: Deal,
    trump: Suit | None,
    leader: Seat,
    trick: Sequence[Card],
    *,
    claimer: Seat,
    line: Sequence[Card],
    tricks: int,
    unstated: Unstated = "best",
) -> tuple[int, tuple[tuple[Seat, Card], ...]]:
    """``check_line``'s ``(assured, refutation)`` by the exhaustive search (valid input only)."""
    position = Position(remaining, trump, leader, tuple(trick))
    owners = []
    for card in line:
        owner = remaining.holder(card)
        assert owner is not None
        owners.append((int(owner), card.index))
    return ExhaustiveSearch(position, claimer.side, owners, unstated).solve(tricks)


_Undo = tuple[int, list[int], int] | None


class ExhaustiveSearch:
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
        return self.maximise_unstated and self.left > claim_position.SMALL_ENDING

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
