"""Bounds that cut a claim check's search short without changing its answer.

Master trumps, the tricks the hand on lead is sure to cash, and double dummy through one DDS
play analyser rooted at the position (see :class:`~dupbridge.analysis.claim_search.LineSearch`).
"""

from __future__ import annotations

from dupbridge.analysis import _solver
from dupbridge.analysis.claim_position import (
    BELOW,
    SUIT_CODES,
    SearchState,
    first_held,
    suit_code,
)
from dupbridge.core.cards import Suit, suit_mask

__all__ = ["SearchBounds"]

_SUIT_MASKS = tuple(suit_mask(suit) for suit in Suit)


class SearchBounds(SearchState):
    """The bounds of the line search (master trumps, sure tricks, double dummy)."""

    __slots__ = ()

    def _bounds(self) -> tuple[int, int]:
        """Bounds on the claimer's tricks from this trick on that take no search."""
        left = self.left
        low, high = 0, left
        if self.trump >= 0:
            mine, theirs = self._master_trumps()
            low, high = mine, left - theirs
        if self.maximise_unstated and low < high:
            low = max(low, self._sure_tricks(high))
        return low, high

    def _master_trumps(self) -> tuple[int, int]:
        """Tricks each side is sure of with its master trumps, whatever anyone plays.

        A trump above every trump of the other side (held, or played to this trick) wins the
        trick it is played to, and every card is played in the end; the two hands of a side
        may drop theirs on the same trick, so a side is sure of the larger of their counts.
        """
        trump = self.trump
        suit = _SUIT_MASKS[trump]
        masks = self.masks
        played = [0, 0]
        for offset, card in enumerate(self.trick):
            if card // 13 == trump:
                played[(self.leader + offset) % 2] |= 1 << card
        out = [0, 0]
        for side in (0, 1):
            theirs = (masks[1 - side] | masks[3 - side] | played[1 - side]) & suit
            above = ~((1 << theirs.bit_length()) - 1)
            out[side] = max(
                (masks[side] & suit & above).bit_count(),
                (masks[side + 2] & suit & above).bit_count(),
            )
        mine = self.side
        return out[mine], out[1 - mine]

    def _sure_tricks(self, need: int) -> int:
        """Tricks (up to ``need``) the claimer's side is sure of from this trick start, with
        ``best`` unstated play: its hand on lead cashes cards that neither defender can beat
        or ruff, the line's own cards when they come next. Never more than the truth; 0 when
        the defence is on lead.
        """
        lead = self.leader
        if not self.claimer_side[lead]:
            return 0
        masks = self.masks
        trump = self.trump
        defenders = (masks[(lead + 1) % 4], masks[(lead + 3) % 4])
        held = masks[lead]
        both = defenders[0] | defenders[1]
        if not any(
            held & mask and (held & mask).bit_length() > (both & mask).bit_length()
            for mask in _SUIT_MASKS
        ):
            return 0  # no card above the defence in its suit: nothing is sure
        masks = masks[:]
        line = self.line
        line_mask = self.line_mask
        partner = (lead + 2) % 4
        # A defender who still holds trumps only ever follows suit here (the cashing stops
        # where he could ruff), so his lengths stay exact; one without trumps may discard
        # anything, and his lengths are then upper bounds, which is all the test below needs.
        lengths = [[(hand & mask).bit_count() for mask in _SUIT_MASKS] for hand in defenders]
        tops = [[(hand & mask).bit_length() - 1 for mask in _SUIT_MASKS] for hand in defenders]
        trumps = [row[trump] if trump >= 0 else 0 for row in lengths]

        def sure(card: int) -> bool:
            suit = card // 13
            for i in (0, 1):
                if lengths[i][suit]:
                    if tops[i][suit] > card:
                        return False
                elif trumps[i] and suit != trump:
                    return False
            return True

        count = 0
        while count < need:
            held = masks[lead]
            card = -1
            nxt = first_held(line, masks)
            if nxt is not None and nxt[0] == lead:
                if not sure(nxt[1]):
                    break
                card = nxt[1]
            else:
                # Free to choose: trumps first (they draw the defenders' ruffing cards).
                for suit in (trump, 3, 2, 1, 0) if trump >= 0 else (3, 2, 1, 0):
                    cards = held & _SUIT_MASKS[suit]
                    while cards:
                        top = cards.bit_length() - 1
                        cards ^= 1 << top
                        if sure(top):
                            card = top
                            break
                    if card >= 0:
                        break
                if card < 0:
                    break
            masks[lead] ^= 1 << card
            suit = card // 13
            for i in (0, 1):
                if lengths[i][suit]:
                    lengths[i][suit] -= 1
                    if suit == trump:
                        trumps[i] -= 1
            # The partner: the line's next card if it is his and may be played here, else
            # (his own choice) a low card of the suit, a discard, or a ruff if all he has
            # is trumps.
            held = masks[partner]
            following = held & _SUIT_MASKS[suit]
            nxt = first_held(line, masks)
            if (
                nxt is not None
                and nxt[0] == partner
                and (nxt[1] // 13 == suit if following else nxt[1] // 13 == trump)
            ):
                other = nxt[1]
            else:
                pool = following
                if not pool:
                    pool = held & ~_SUIT_MASKS[trump] if trump >= 0 else held
                    if not pool:
                        pool = held
                pool = pool & ~line_mask or pool
                other = (pool & -pool).bit_length() - 1
            if other < 0:
                break  # no cards: cannot happen in a position that arises in play
            masks[partner] ^= 1 << other
            count += 1
            if (other // 13 == suit and other > card) or (other // 13 == trump != suit):
                break  # the partner won it: the lead is no longer where the cashing began
        return count

    def _dds_usable(self) -> bool:
        """Whether DDS answers here: more than the small endings searched in Python (and
        never the last trick, which DDS's play analyser does not answer about)."""
        return self.left > self.small

    def _dds_applies(self) -> bool:
        """Whether the rest is plain double dummy, large enough to hand to DDS."""
        return self.maximise_unstated and self._dds_usable()

    def _dd_tricks(self) -> int:
        """The claimer's side's tricks from here double dummy, ignoring the line (kept)."""
        masks = self.masks
        key = (masks[0], masks[1], masks[2], masks[3], self.leader, *self.trick)
        tricks = self.dd_cache.get(key)
        if tricks is None:
            if self.analyser is None:
                root = self.position
                self.analyser = _solver.PlayAnalyser(
                    [hand.mask for hand in root.remaining.hands],
                    root.trump,
                    root.leader,
                    root.trick,
                )
            totals = self.analyser.tricks_after(self.path)
            if not self.claimer_declares:
                totals = [self.root_left - total for total in totals]
            self.floor[:] = totals
            self.exact[:] = totals
            tricks = totals[-1] - self.won
            self.dd_cache[key] = tricks
        return tricks

    def _line_dormant(self) -> bool:
        """Whether no card of the line can be forced on the claimer's side before it next
        wins a trick. Only the line's next card is ever forced (the others wait for it), so
        that is so when it is a plain card (not a trump) of a suit that no defender holds,
        that was not led to this trick, and that the claimer's hand on lead (if it is about
        to lead) does not hold either: until the claimer's side wins a trick the defence
        leads, and nobody can lead that suit, or ruff with that card.
        """
        nxt = self._next_line_card()
        if nxt is None:
            return True
        card = nxt[1]
        suit = card // 13
        if suit == self.trump:
            return False
        mask = _SUIT_MASKS[suit]
        masks = self.masks
        if (masks[1 - self.side] | masks[3 - self.side]) & mask:
            return False
        trick = self.trick
        if trick:
            return trick[0] // 13 != suit
        return not (self.claimer_side[self.leader] and masks[self.leader] & mask)

    def _relative_key(self) -> tuple[int, ...]:
        """The memo's key at a trick's start: who leads, each suit's cards left as the seats
        holding them in rank order (so positions that differ only in which lower cards are
        gone share it), and the line's cards still held by their relative ranks."""
        codes = SUIT_CODES
        keys = self.suit_keys
        k0, k1, k2, k3 = keys
        # A code is never 0, so ``or`` finds the missing ones.
        key = (
            self.leader,
            codes.get(k0) or suit_code(k0),
            codes.get(k1) or suit_code(k1),
            codes.get(k2) or suit_code(k2),
            codes.get(k3) or suit_code(k3),
        )
        if not self.line:
            return key
        masks = self.masks
        pending = [
            index // 13 << 4 | (keys[index // 13] & BELOW[index % 13]).bit_count()
            for owner, index in self.line
            if masks[owner] >> index & 1
        ]
        return (*key, *pending)

    def _dd_reach(self, need: int) -> bool:
        """Whether the claimer's side takes ``need`` more tricks from here double dummy."""
        return self.floor[-1] >= self.won + need or self._dd_tricks() >= need

    def _last_trick(self) -> int:
        """Whether the claimer's side wins the last trick (1 or 0): every card is forced."""
        trick = self.trick
        masks = self.masks
        leader = self.leader
        cards = trick + [
            masks[(leader + offset) % 4].bit_length() - 1 for offset in range(len(trick), 4)
        ]
        trump = self.trump
        best = 0
        best_card = cards[0]
        for offset in (1, 2, 3):
            card = cards[offset]
            if card // 13 == best_card // 13:
                if card > best_card:
                    best, best_card = offset, card
            elif card // 13 == trump:
                best, best_card = offset, card
        return 1 if (leader + best) % 2 == self.side else 0
