"""The search behind :func:`dupbridge.analysis.claims.check_line` (Laws 68C, 70).

Alpha-beta on "can the claimer's side reach N tricks" along the stated line, over the position
of :mod:`~dupbridge.analysis.claim_position` and cut short by the bounds of
:mod:`~dupbridge.analysis.claim_bounds`.
"""

from __future__ import annotations

from dupbridge.analysis.claim_bounds import SearchBounds
from dupbridge.analysis.claim_position import Undo
from dupbridge.core.cards import CARDS, Card
from dupbridge.core.seats import Seat

__all__ = ["LineSearch"]


class LineSearch(SearchBounds):
    """Alpha-beta on "the claimer's side takes at least ``need`` more tricks" (see
    :class:`~dupbridge.analysis.claim_position.SearchState` for the full description)."""

    __slots__ = ()

    def solve(self, need: int) -> tuple[int, tuple[tuple[Seat, Card], ...]]:
        """The tricks the line assures, and a refutation if that is fewer than ``need``."""
        upper = self._dd_tricks() if self._dds_usable() else self.left
        if need <= upper and self.reach(need):
            value = need
            while value < upper and self.reach(value + 1):
                value += 1
            return value, ()
        refutation = self.refute(need)
        value = min(need - 1, upper)
        while value > 0 and not self.reach(value):
            value -= 1
        return value, refutation

    def reach(self, need: int) -> bool:
        """Whether the claimer's side takes at least ``need`` more tricks from here."""
        if need <= 0:
            return True
        left = self.left
        if need > left:
            return False
        if self.trick:
            return self._expand(need)
        if left == 1:
            return self._last_trick() >= need
        # The position the search starts from cannot recur later in it (every trick takes
        # four cards away), so it needs no relative key.
        key = self._relative_key() if self.path else ()
        bounds = self.tt.get(key)
        low, high = self._bounds() if bounds is None else bounds
        if low < need <= high and self._dds_usable():
            nxt = self._next_line_card()
            best = self.maximise_unstated
            if nxt is None and best:
                # The line is used up: the rest is double dummy.
                if self.floor[-1] >= self.won + need:
                    low = self.floor[-1] - self.won
                else:
                    low = high = self._dd_tricks()
            elif need == 1 and best and self._line_dormant():
                # Until the claimer's side wins a trick the line cannot bind, and one trick
                # is all it needs: double dummy decides.
                if self._dd_reach(1):
                    low = 1
                else:
                    high = 0
            elif (nxt is None or nxt[0] != self.leader) and self.floor[-1] < self.won + need:
                # No line card led now (that one is bounded once it is played).
                high = min(high, self._dd_tricks())
        if low >= need:
            result = True
        elif high < need:
            result = False
        else:
            result = self._expand(need)
            if result:
                low = need
            else:
                high = need - 1
        if bounds != (low, high):
            self.tt[key] = (low, high)
        return result

    def _expand(self, need: int) -> bool:
        trick = self.trick
        if self.left == 1:
            return self._last_trick() >= need
        masks = self.masks
        nxt = None
        for owner, index in self.line:
            if masks[owner] >> index & 1:
                nxt = owner, index
                break
        if (
            trick
            and self.maximise_unstated
            and self.left > self.small
            and (nxt is None or (need == 1 and self._line_dormant()))
        ):
            # The line is used up, or cannot bind before the one trick needed is won: the
            # rest is double dummy.
            return self._dd_reach(need)
        seat = (self.leader + len(trick)) % 4
        moves, maximise, forced = self._moves(seat, nxt)
        if forced:
            card = moves[0]
            saved = self._play(seat, card)
            rest = need - (saved[2] if saved is not None else 0)
            if (
                self.trick
                and 0 < rest <= self.left
                and self._dds_usable()
                and self._next_line_card() is not None
                and not self._dd_reach(rest)
            ):
                ok = False  # the line card gave away what the claim needs, double dummy
            else:
                ok = self.reach(rest)
            self._unplay(seat, card, saved)
            return ok
        depth = self.depth
        killer = self.killers.get(depth)
        if killer is not None and killer != moves[0] and killer in moves:
            moves.remove(killer)
            moves.insert(0, killer)
        exact = self.exact
        if len(trick) == 3:
            return self._complete_trick(seat, moves, maximise, need)
        # The trick goes on: play and take back in place (the hot path of the search).
        masks = self.masks
        path = self.path
        floor = self.floor
        self.depth = depth + 1
        claimer = self.claimer_side[seat]
        for card in moves:
            bit = 1 << card
            masks[seat] ^= bit
            trick.append(card)
            path.append(card)
            floor.append(-1 if claimer else floor[-1])
            exact.append(-1)
            ok = self._expand(need)
            masks[seat] ^= bit
            trick.pop()
            path.pop()
            floor.pop()
            exact.pop()
            if ok is maximise:
                self.depth = depth
                self.killers[depth] = card
                return ok
            if 0 <= exact[-1] < self.won + need:
                self.depth = depth
                return False  # DDS has since answered: not even double dummy
        self.depth = depth
        return not maximise

    def _complete_trick(self, seat: int, moves: list[int], maximise: bool, need: int) -> bool:
        """Try the last card of a trick (``_play`` and ``_unplay`` written out in place, the
        trick's winner so far found once)."""
        trick = self.trick
        leader = self.leader
        trump = self.trump
        best = 0
        best_card = trick[0]
        for offset in (1, 2):
            card = trick[offset]
            if card // 13 == best_card // 13:
                if card > best_card:
                    best, best_card = offset, card
            elif card // 13 == trump:
                best, best_card = offset, card
        best_suit = best_card // 13
        ahead = (leader + best) % 4
        side = self.side
        masks = self.masks
        path = self.path
        floor = self.floor
        exact = self.exact
        suit_keys = self.suit_keys
        claimer = self.claimer_side[seat]
        won_before = self.won
        depth = self.depth
        # The cards of the trick leave the suit keys and the live cards (the last card's
        # own bit is handled with it below).
        alive = self.alive
        for offset in (0, 1, 2):
            card = trick[offset]
            alive ^= 1 << card
            suit_keys[card // 13] ^= 1 << (13 * ((leader + offset) % 4) + card % 13)
        self.trick = []
        self.left -= 1
        self.depth = depth + 1
        result = not maximise
        for card in moves:
            suit = card // 13
            if (suit == best_suit and card > best_card) or (suit == trump != best_suit):
                winner = seat
            else:
                winner = ahead
            won = 1 if winner % 2 == side else 0
            bit = 1 << card
            key_bit = 1 << (13 * seat + card % 13)
            masks[seat] ^= bit
            suit_keys[suit] ^= key_bit
            self.alive = alive ^ bit
            self.leader = winner
            self.won = won_before + won
            path.append(card)
            floor.append(-1 if claimer else floor[-1])
            exact.append(-1)
            ok = self.reach(need - won)
            masks[seat] ^= bit
            suit_keys[suit] ^= key_bit
            path.pop()
            floor.pop()
            exact.pop()
            if ok is maximise:
                self.killers[depth] = card
                result = ok
                break
            if 0 <= exact[-1] < won_before + need:
                result = False  # DDS has since answered: not even double dummy
                break
        for offset in (0, 1, 2):
            card = trick[offset]
            suit_keys[card // 13] ^= 1 << (13 * ((leader + offset) % 4) + card % 13)
        self.alive = alive ^ (1 << trick[0]) ^ (1 << trick[1]) ^ (1 << trick[2])
        self.trick = trick
        self.leader = leader
        self.won = won_before
        self.left += 1
        self.depth = depth
        return result

    def refute(self, need: int) -> tuple[tuple[Seat, Card], ...]:
        """A play from here that keeps the claimer's side below ``need`` (which must fail).

        It stops once the claimer cannot reach ``need`` even double dummy.
        """
        played: list[tuple[int, int, Undo]] = []
        while 0 < need <= self.left:
            if self._dds_applies() and (self._next_line_card() is None or not self._dd_reach(need)):
                break
            seat = (self.leader + len(self.trick)) % 4
            moves, maximise, _forced = self._moves(seat)
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
