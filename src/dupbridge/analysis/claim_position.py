"""The position a claim check searches: the hands, the trick, the line, and how a card moves it.

:class:`SearchState` is the mutable position of :mod:`dupbridge.analysis.claim_search`: the
cards each hand holds, the trick in progress, the claimer's stated line and what is left of it,
with the legal moves from here (Law 44) and playing and unplaying a card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dupbridge.analysis import _solver
from dupbridge.core.cards import Suit, suit_mask
from dupbridge.core.seats import SEATS, Side

if TYPE_CHECKING:
    from dupbridge.analysis.claims import Position, Unstated

__all__ = [
    "BELOW",
    "SMALL_ENDING",
    "SUIT_CODES",
    "SearchState",
    "Undo",
    "first_held",
    "suit_code",
]

#: Endings of at most this many tricks are searched here rather than handed to DDS.
SMALL_ENDING = 3

_SUIT_MASKS = tuple(suit_mask(suit) for suit in Suit)


Undo = tuple[int, list[int], int] | None


class SearchState:
    """Alpha-beta on "the claimer's side takes at least ``need`` more tricks".

    Seats of the claimer's side play the next card of the line when it is theirs and legal;
    otherwise they maximise (``best``) or minimise (``worst``) the claimer's tricks. The
    other side always minimises. Values are memoised at trick boundaries as bounds on the
    tricks still to come, keyed by the leader, the cards left by their relative ranks (each
    suit as the seats holding its live cards in rank order, so that positions differing only
    in which lower cards are gone share an entry) and the line's cards still held, in order,
    by the same ranks (the line's progress is a function of the hands: its next card is the
    first one still held).

    Bounds cut the search short wherever they already decide it; they change how much is
    searched, never an answer:

    * master trumps: a trump above all the other side's trumps wins whenever it is played,
      and every card is played in the end, so each side is sure of its masters;
    * with ``best`` unstated play, the tricks the hand on lead can cash with cards the
      defence can neither beat nor ruff (the line's own cards when they come next);
    * double dummy bounds the line from above (the line only takes choices away from the
      claimer's side), and is the exact value once the line is used up with ``best``
      unstated play. DDS answers through one play analyser rooted at the position, which
      keeps its tables and memory from one question to the next, and gives the value after
      every card of the play it is asked about: the search keeps, for each position on its
      path, a lower bound on the claimer's double-dummy total (the defenders' cards never
      lower it), asks nothing whose answer could not cut, and leaves a node as soon as DDS
      has shown that it cannot reach the claim even double dummy;
    * the card that last decided a node at the same depth is tried first (a refutation found
      for one defence usually refutes its neighbours too).
    """

    __slots__ = (
        "alive",
        "analyser",
        "claimer_declares",
        "claimer_side",
        "dd_cache",
        "depth",
        "exact",
        "floor",
        "killers",
        "leader",
        "left",
        "line",
        "line_mask",
        "masks",
        "maximise_unstated",
        "path",
        "position",
        "root_left",
        "side",
        "small",
        "suit_keys",
        "trick",
        "trump",
        "tt",
        "won",
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
        self.line_mask = 0
        for _owner, index in line:
            self.line_mask |= 1 << index
        self.maximise_unstated = unstated == "best"
        # DDS answers in endings of more than ``small`` tricks (read when the search starts,
        # so that a test may search larger endings here).
        self.small = max(SMALL_ENDING, 1)
        self.tt: dict[tuple[int, ...], tuple[int, int]] = {}
        self.dd_cache: dict[tuple[int, ...], int] = {}
        self.killers: dict[int, int] = {}
        self.depth = 0
        # The cards not yet in a finished trick: the hands and the trick in progress.
        self.alive = self.masks[0] | self.masks[1] | self.masks[2] | self.masks[3]
        for index in self.trick:
            self.alive |= 1 << index
        # The same cards suit by suit, seat by seat (13 bits a seat, N E S W), the cards of
        # the trick in progress with the seats that played them; they change only when a trick
        # is complete, and key the memo by the relative ranks of what is left.
        north, east, south, west = self.masks
        self.suit_keys = [
            (north >> shift & 0x1FFF)
            | (east >> shift & 0x1FFF) << 13
            | (south >> shift & 0x1FFF) << 26
            | (west >> shift & 0x1FFF) << 39
            for shift in (0, 13, 26, 39)
        ]
        for offset, index in enumerate(self.trick):
            seat = (self.leader + offset) % 4
            self.suit_keys[index // 13] |= 1 << (13 * seat + index % 13)
        # Double dummy comes from one DDS play analyser rooted here: the cards played since
        # (``path``) and the claimer's tricks won meanwhile (``won``) place each position.
        self.position = position
        self.analyser: _solver.PlayAnalyser | None = None
        self.path: list[int] = []
        # A lower bound on the claimer's double-dummy total (tricks won since the root
        # included) at each position along ``path``: exact where DDS has answered, carried
        # over the defenders' cards (which never lower it), unknown (-1) after the claimer's.
        self.floor: list[int] = [-1]
        # The same total where DDS has answered about that very position, else -1.
        self.exact: list[int] = [-1]
        self.won = 0
        self.root_left = self.left
        self.claimer_declares = self.side != self.leader % 2

    def _next_line_card(self) -> tuple[int, int] | None:
        masks = self.masks
        for owner, index in self.line:
            if masks[owner] >> index & 1:
                return owner, index
        return None

    def _moves(self, seat: int, nxt: tuple[int, int] | None = None) -> tuple[list[int], bool, bool]:
        """The cards to try for ``seat``, whether the claimer's side picks among them, and
        whether the line forces the one card (``nxt``: the line's next card, if known)."""
        held = self.masks[seat]
        trick = self.trick
        legal = held
        if trick:
            following = held & _SUIT_MASKS[trick[0] // 13]
            if following:
                legal = following
        line_pending = 0
        if self.claimer_side[seat]:
            if nxt is None:
                nxt = self._next_line_card()
            if nxt is not None:
                owner, index = nxt
                # The line leads its cards, follows suit or ruffs with them; it never
                # discards a named card (a discard is an unstated choice).
                if (
                    owner == seat
                    and legal >> index & 1
                    and (not trick or index // 13 in (trick[0] // 13, self.trump))
                ):
                    return [index], True, True
                line_pending = held & self.line_mask
            maximise = self.maximise_unstated
        else:
            maximise = False
        alive = self.alive
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
        if not maximise and trick and self._winning_seat() % 2 != self.side:
            # The claimer's opponents are winning the trick: try the cheap cards first.
            moves.reverse()
        return moves, maximise, False

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

    def _play(self, seat: int, card: int) -> Undo:
        """Play a card; return what undoes it, with whether the claimer won the trick."""
        self.masks[seat] ^= 1 << card
        trick = self.trick
        trick.append(card)
        self.path.append(card)
        self.floor.append(-1 if self.claimer_side[seat] else self.floor[-1])
        self.exact.append(-1)
        self.depth += 1
        if len(trick) < 4:
            return None
        winner = self._winning_seat()
        won = 1 if winner % 2 == self.side else 0
        leader = self.leader
        saved = (leader, trick, won)
        self.won += won
        suit_keys = self.suit_keys
        for offset, index in enumerate(trick):
            self.alive ^= 1 << index
            suit_keys[index // 13] ^= 1 << (13 * ((leader + offset) % 4) + index % 13)
        self.leader = winner
        self.trick = []
        self.left -= 1
        return saved

    def _unplay(self, seat: int, card: int, saved: Undo) -> None:
        if saved is not None:
            self.leader, self.trick, won = saved
            self.won -= won
            leader = self.leader
            suit_keys = self.suit_keys
            for offset, index in enumerate(self.trick):
                self.alive |= 1 << index
                suit_keys[index // 13] ^= 1 << (13 * ((leader + offset) % 4) + index % 13)
            self.left += 1
        self.trick.pop()
        self.path.pop()
        self.floor.pop()
        self.exact.pop()
        self.depth -= 1
        self.masks[seat] |= 1 << card


#: Each suit key's code by relative ranks, worked out once (see :func:`suit_code`).
SUIT_CODES: dict[int, int] = {}
#: For each rank, the lower ranks of a suit in each seat's 13 bits of a suit key.
BELOW = tuple(((1 << rank) - 1) * (1 | 1 << 13 | 1 << 26 | 1 << 39) for rank in range(13))


def suit_code(key: int) -> int:
    """A suit key's cards as the seats holding them, lowest first, two bits a card after a
    leading 1 (remembered in ``SUIT_CODES``)."""
    north, east, south = key & 0x1FFF, key >> 13 & 0x1FFF, key >> 26 & 0x1FFF
    live = north | east | south | key >> 39
    code = 1
    while live:
        bit = live & -live
        live ^= bit
        code = code << 2 | (0 if north & bit else 1 if east & bit else 2 if south & bit else 3)
    SUIT_CODES[key] = code
    return code


def first_held(line: list[tuple[int, int]], masks: list[int]) -> tuple[int, int] | None:
    """The first card of ``line`` still held (by its owner, in ``masks``)."""
    for owner, index in line:
        if masks[owner] >> index & 1:
            return owner, index
    return None
