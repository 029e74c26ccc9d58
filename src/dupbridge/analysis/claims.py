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

    # --- the public part ---------------------------------------------------------------------

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

    # --- the rules ---------------------------------------------------------------------------

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

    def _play(self, seat: int, card: int) -> _Undo:
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

    def _unplay(self, seat: int, card: int, saved: _Undo) -> None:
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

    # --- bounds without DDS ------------------------------------------------------------------

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
            nxt = _first_held(line, masks)
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
            nxt = _first_held(line, masks)
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

    # --- double dummy by DDS -----------------------------------------------------------------

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
        codes = _SUIT_CODES
        keys = self.suit_keys
        k0, k1, k2, k3 = keys
        # A code is never 0, so ``or`` finds the missing ones.
        key = (
            self.leader,
            codes.get(k0) or _suit_code(k0),
            codes.get(k1) or _suit_code(k1),
            codes.get(k2) or _suit_code(k2),
            codes.get(k3) or _suit_code(k3),
        )
        if not self.line:
            return key
        masks = self.masks
        pending = [
            index // 13 << 4 | (keys[index // 13] & _BELOW[index % 13]).bit_count()
            for owner, index in self.line
            if masks[owner] >> index & 1
        ]
        return (*key, *pending)

    def _dd_reach(self, need: int) -> bool:
        """Whether the claimer's side takes ``need`` more tricks from here double dummy."""
        return self.floor[-1] >= self.won + need or self._dd_tricks() >= need

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
        played: list[tuple[int, int, _Undo]] = []
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


_SUIT_CODES: dict[int, int] = {}
#: For each rank, the lower ranks of a suit in each seat's 13 bits of a suit key.
_BELOW = tuple(((1 << rank) - 1) * (1 | 1 << 13 | 1 << 26 | 1 << 39) for rank in range(13))


def _suit_code(key: int) -> int:
    """A suit key's cards as the seats holding them, lowest first, two bits a card after a
    leading 1 (remembered in ``_SUIT_CODES``)."""
    north, east, south = key & 0x1FFF, key >> 13 & 0x1FFF, key >> 26 & 0x1FFF
    live = north | east | south | key >> 39
    code = 1
    while live:
        bit = live & -live
        live ^= bit
        code = code << 2 | (0 if north & bit else 1 if east & bit else 2 if south & bit else 3)
    _SUIT_CODES[key] = code
    return code


def _first_held(line: list[tuple[int, int]], masks: list[int]) -> tuple[int, int] | None:
    """The first card of ``line`` still held (by its owner, in ``masks``)."""
    for owner, index in line:
        if masks[owner] >> index & 1:
            return owner, index
    return None
