"""The play: tricks in rotation, following suit, who wins each trick (Laws 41, 44, 53-57, 61).

:class:`Play` enforces legal play: the opening lead by declarer's left-hand opponent (41A),
each later trick led by the winner of the last (44G), play in clockwise rotation (44B),
following suit when able (44C), and the trick won by the highest trump, else the highest
card of the suit led (44E, 44F). Cards are kept as 52-bit masks for speed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from dupbridge.core.cards import CARDS, Card, Hand, Suit, suit_mask
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ImpossibleActionError, IrregularityError
from dupbridge.core.lawref import LawRef
from dupbridge.core.seats import LHO_OF, SEATS, Seat, Side
from dupbridge.i18n import _

__all__ = ["LegalCards", "Play", "Trick", "trick_winner"]

_SUIT_MASKS = tuple(suit_mask(suit) for suit in Suit)
# Each suit's shift in a 52-bit mask and its key in _RUNS (tuple lookups: no IntEnum arithmetic).
_SUIT_SHIFTS = tuple(13 * suit for suit in Suit)
_SUIT_KEYS = tuple(suit << 13 for suit in Suit)
_LAW_44C = LawRef(44, "C")
_LAW_54 = LawRef(54)
_LAW_54E = LawRef(54, "E")
_LAW_55 = LawRef(55)
_LAW_56 = LawRef(56)
_LAW_57 = LawRef(57, "A")
_LAW_57C3 = LawRef(57, "C3")


def trick_winner(leader: Seat, cards: tuple[Card, ...], trump: Suit | None) -> Seat:
    """The seat that wins a trick of four cards led by ``leader`` (Laws 44E, 44F)."""
    led = cards[0].suit
    best = 0
    best_card = cards[0]
    if len(cards) == 4 and (trump is None or trump is led):
        # No trump can win (none led, or trumps led): the highest card of the suit led; its
        # index orders the cards of one suit by rank (unrolled: a trick ends every 4 cards).
        top = best_card.index
        for position in 1, 2, 3:
            card = cards[position]
            if card.suit is led and card.index > top:
                best, top = position, card.index
        return SEATS[(leader + best) & 3]
    for position in range(1, len(cards)):
        card = cards[position]
        if card.suit is best_card.suit:
            if card.rank > best_card.rank:
                best, best_card = position, card
        elif card.suit is trump and best_card.suit is led:
            best, best_card = position, card
    return SEATS[(leader + best) & 3]


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: who led, the four cards in the order played, and the winner."""

    number: int
    leader: Seat
    cards: tuple[Card, Card, Card, Card]
    winner: Seat

    @property
    def suit_led(self) -> Suit:
        """The suit of the card led."""
        return self.cards[0].suit

    def card_of(self, seat: Seat) -> Card:
        """The card ``seat`` played to this trick."""
        return self.cards[(seat - self.leader) % 4]

    def seats(self) -> tuple[Seat, Seat, Seat, Seat]:
        """The seats in the order they played."""
        leader = self.leader
        return (leader, leader.next(1), leader.next(2), leader.next(3))


def _slot_setter(cls: type, name: str) -> Callable[[object, Any], None]:
    """The setter of slot ``name`` of ``cls`` (for building a frozen value field by field)."""
    descriptor: Any = getattr(cls, name)
    setter: Callable[[object, Any], None] = descriptor.__set__
    return setter


# Trick's slots, set directly: the same value as ``Trick(...)`` without the frozen dataclass's
# ``object.__setattr__`` per field (a trick is built for every four cards played).
_SET_TRICK = (
    _slot_setter(Trick, "number"),
    _slot_setter(Trick, "leader"),
    _slot_setter(Trick, "cards"),
    _slot_setter(Trick, "winner"),
)
_new_object = object.__new__


class LegalCards(tuple[Card, ...]):
    """Cards in a written hand's order (spades to clubs, high to low) with their :attr:`mask`.

    ``LegalCards(mask)`` gives the cards of a 52-bit card mask; :attr:`mask` gives it back.
    :meth:`Play.legal_cards` answers with plain tuples in the same order (issue 19: no copy
    into a subclass on the hot path); :meth:`Play.legal_mask` gives their mask.
    """

    __slots__ = ()

    def __new__(cls, mask: int = 0, cards: Sequence[Card] | None = None) -> LegalCards:
        return tuple.__new__(cls, _cards_of(mask) if cards is None else cards)

    @property
    def mask(self) -> int:
        """The cards as a 52-bit mask (bit ``card.index``)."""
        mask = 0
        for card in self:
            mask |= card.bit
        return mask


#: The cards of one suit, highest first, as a shared plain tuple, indexed by
#: ``suit << 13 | ranks`` (a 13-bit rank mask): filled on first use, so that following suit
#: costs one list index and a lead four (issue 19: no tuple is copied on the hot path).
_RUNS: list[tuple[Card, ...] | None] = [None] * (4 << 13)


def _suit_run(key: int) -> tuple[Card, ...]:
    """The cards of ``suit << 13 | ranks``, highest first (memoised in :data:`_RUNS`)."""
    base = 13 * (key >> 13)
    bits = key & 0x1FFF
    run = tuple(CARDS[base + r] for r in range(12, -1, -1) if bits >> r & 1)
    _RUNS[key] = run
    return run


def _cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a 52-bit mask, spades to clubs, high to low."""
    runs = _RUNS
    spades = runs[0x6000 | mask >> 39]
    hearts = runs[0x4000 | (mask >> 26) & 0x1FFF]
    diamonds = runs[0x2000 | (mask >> 13) & 0x1FFF]
    clubs = runs[mask & 0x1FFF]
    if spades is None or hearts is None or diamonds is None or clubs is None:
        # A void is an empty (false) run: test for None, not truth.
        if spades is None:
            spades = _suit_run(0x6000 | mask >> 39)
        if hearts is None:
            hearts = _suit_run(0x4000 | (mask >> 26) & 0x1FFF)
        if diamonds is None:
            diamonds = _suit_run(0x2000 | (mask >> 13) & 0x1FFF)
        if clubs is None:
            clubs = _suit_run(mask & 0x1FFF)
    return spades + hearts + diamonds + clubs


_NO_CARDS: tuple[Card, ...] = ()


class Play:
    """The play of one deal in a contract, trick by trick.

    ``play(seat, card)`` plays a card from ``seat``'s hand (for dummy, the seat is dummy's:
    declarer plays dummy's cards, Law 41D). It raises, changing nothing, if the card is not
    legal now.
    """

    __slots__ = (
        "_current",
        "_dealt",
        "_hands",
        "_tricks",
        "_won",
        "declarer",
        "trump",
        "turn",
    )

    #: Whose card is to be played next (dummy's seat when it is dummy's turn), None once play
    #: is over. A plain attribute (read on every card, issue 19); only the play's own methods
    #: change it.
    turn: Seat | None

    def __init__(self, deal: Deal, declarer: Seat, trump: Suit | None) -> None:
        self.declarer = declarer
        self.trump = trump
        self._hands = [hand.mask for hand in deal.hands]
        # What each seat held at the start: a seat's played cards are these less its hand.
        self._dealt = tuple(self._hands)
        self._current: list[Card] = []
        self._tricks: list[Trick] = []
        self._won = [0, 0]  # tricks by side: NS, EW
        self.turn = declarer.lho

    # --- queries --------------------------------------------------------------------------

    @property
    def dummy(self) -> Seat:
        """Declarer's partner."""
        return self.declarer.partner

    @property
    def is_complete(self) -> bool:
        """Whether all thirteen tricks have been played."""
        return self.turn is None

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, first to last."""
        return tuple(self._tricks)

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """The cards played so far to the trick in progress, leader's first."""
        return tuple(self._current)

    @property
    def leader(self) -> Seat | None:
        """Who led (or is to lead) to the trick in progress."""
        if self.turn is None:
            return None
        return self.turn.next(-len(self._current))

    @property
    def trick_number(self) -> int:
        """The number (1-13) of the trick in progress, 14 when play is over."""
        return len(self._tricks) + 1

    @property
    def cards_played(self) -> int:
        """How many cards have been played."""
        return 4 * len(self._tricks) + len(self._current)

    def tricks_won(self, side: Side) -> int:
        """Tricks won so far by ``side``."""
        return self._won[side]

    @property
    def declarer_tricks(self) -> int:
        """Tricks won so far by declarer's side."""
        return self._won[self.declarer.side]

    def hand(self, seat: Seat) -> Hand:
        """The cards ``seat`` still holds."""
        return Hand(self._hands[seat])

    def played(self, seat: Seat) -> Hand:
        """The cards ``seat`` has played."""
        return Hand(self._dealt[seat] ^ self._hands[seat])

    def legal_cards(self, seat: Seat | None = None) -> tuple[Card, ...]:
        """The cards ``seat`` (by default the seat to play) may legally play now, spades to
        clubs and high to low, as a plain tuple.

        Empty for a seat whose turn it is not.
        """
        turn = self.turn
        if turn is None or (seat is not None and seat is not turn):
            return _NO_CARDS
        held = self._hands[turn]
        runs = _RUNS
        current = self._current
        if current:
            suit = current[0].suit
            bits = (held >> _SUIT_SHIFTS[suit]) & 0x1FFF
            if bits:  # must follow suit (Law 44C): the cards of one suit
                key = _SUIT_KEYS[suit] | bits
                return runs[key] or _suit_run(key)
        # A lead or a discard: the whole hand (what _cards_of does, inline).
        spades = runs[0x6000 | held >> 39]
        hearts = runs[0x4000 | (held >> 26) & 0x1FFF]
        diamonds = runs[0x2000 | (held >> 13) & 0x1FFF]
        clubs = runs[held & 0x1FFF]
        if spades is None or hearts is None or diamonds is None or clubs is None:
            return _cards_of(held)
        return spades + hearts + diamonds + clubs

    def legal_mask(self, seat: Seat | None = None) -> int:
        """The cards of :meth:`legal_cards` as a 52-bit mask (bit ``card.index``)."""
        turn = self.turn
        if turn is None or (seat is not None and seat is not turn):
            return 0
        held = self._hands[turn]
        current = self._current
        if current:
            following = held & _SUIT_MASKS[current[0].suit]
            if following:  # must follow suit (Law 44C)
                return following
        return held

    def check(self, seat: Seat, card: Card) -> None:
        """Raise the error for ``seat`` playing ``card`` now; do nothing if it is legal.

        Raises:
            ImpossibleActionError: play is over, or ``seat`` does not hold ``card``.
            IrregularityError: a lead or play out of turn (Laws 54-57) or a failure to
                follow suit (Law 44C; a revoke once established, Law 61).
        """
        turn = self.turn
        if turn is None:
            raise ImpossibleActionError(
                _("{seat} cannot play {card}: all thirteen tricks have been played").format(
                    seat=seat.title, card=card
                ),
                seat=seat,
            )
        if not self._hands[seat] >> card.index & 1:
            if self._dealt[seat] >> card.index & 1:
                message = _("{seat} has already played {card}")
            else:
                message = _("{seat} does not hold {card}")
            raise ImpossibleActionError(message.format(seat=seat.title, card=card), seat=seat)
        if seat is not turn:
            raise self._out_of_turn(seat, card, turn)
        if self._current:
            led = self._current[0].suit
            if card.suit is not led and self._hands[seat] & _SUIT_MASKS[led]:
                raise IrregularityError(
                    _(
                        "{seat} must follow suit: {card} is not a {suit} and {seat} holds one "
                        "(Law 44C)"
                    ).format(seat=seat.title, card=card, suit=_suit_name(led)),
                    seat=seat,
                    law=_LAW_44C,
                    irregularity="revoke",
                )

    def _out_of_turn(self, seat: Seat, card: Card, turn: Seat) -> IrregularityError:
        declaring = seat.side is self.declarer.side
        leading = not self._current
        if leading and not self._tricks and len(self._current) == 0:
            law = _LAW_54E if declaring else _LAW_54
            text = _("opening lead out of turn: {seat} led {card} but it is {turn}'s lead")
            kind = "opening_lead_out_of_turn"
        elif leading:
            law = _LAW_55 if declaring else _LAW_56
            text = _("lead out of turn: {seat} led {card} but it is {turn}'s lead")
            kind = "lead_out_of_turn"
        else:
            law = _LAW_57C3 if declaring else _LAW_57
            text = _("play out of turn: {seat} played {card} but it is {turn}'s turn")
            kind = "premature_play"
        return IrregularityError(
            text.format(seat=seat.title, card=card, turn=turn.title) + f" ({law})",
            seat=seat,
            law=law,
            irregularity=kind,
        )

    # --- commands -------------------------------------------------------------------------

    def play(self, seat: Seat, card: Card) -> Trick | None:
        """Play ``card`` from ``seat``'s hand; return the trick if this card completed one.

        Raises:
            ImpossibleActionError, IrregularityError: see :meth:`check`; nothing changes.
        """
        held = self._hands[seat]
        current = self._current
        bit = card.bit
        if (
            seat is not self.turn
            or not held & bit
            or (
                current and card.suit is not current[0].suit and held & _SUIT_MASKS[current[0].suit]
            )
        ):
            self.check(seat, card)  # raises the specific error
            raise AssertionError("check() accepted a card play() refused")  # pragma: no cover
        # What _apply does, inline: this is the hot path of every card played.
        self._hands[seat] = held ^ bit
        current.append(card)
        if len(current) < 4:
            self.turn = LHO_OF[seat]
            return None
        return self._close_trick(LHO_OF[seat])

    def _apply(self, seat: Seat, card: Card) -> Trick | None:
        """Play a card already known to be legal."""
        bit = card.bit
        self._hands[seat] ^= bit
        current = self._current
        current.append(card)
        if len(current) < 4:
            self.turn = LHO_OF[seat]
            return None
        return self._close_trick(LHO_OF[seat])

    def _close_trick(self, leader: Seat) -> Trick:
        """The fourth card of the trick led by ``leader`` was played: settle the trick."""
        current = self._current
        cards = (current[0], current[1], current[2], current[3])
        winner = trick_winner(leader, cards, self.trump)
        tricks = self._tricks
        # Trick(...) built slot by slot (see _SET_TRICK)
        trick: Trick = _new_object(Trick)
        set_number, set_leader, set_cards, set_winner = _SET_TRICK
        set_number(trick, len(tricks) + 1)
        set_leader(trick, leader)
        set_cards(trick, cards)
        set_winner(trick, winner)
        tricks.append(trick)
        self._won[winner & 1] += 1  # N and S are even, E and W odd
        self._current = []
        self.turn = winner if len(tricks) < 13 else None
        return trick

    # --- recording mode (dupbridge.core.recording) ---------------------------------------

    def place(self, seat: Seat, card: Card) -> Trick | None:
        """Play ``card`` from ``seat``'s hand without the legality checks of :meth:`play`.

        Recording mode uses it for what really happened at a table: a card that does not
        follow suit (a revoke, Law 61), or a lead out of turn that was accepted (Law 53), in
        which case ``seat`` leads the trick. Away from a lead, ``seat`` must be the seat in
        rotation.

        Raises:
            ImpossibleActionError: play is over, ``seat`` does not hold ``card``, or it is
                another seat's turn in the middle of a trick.
        """
        turn = self.turn
        if turn is None or not self._hands[seat] >> card.index & 1:
            self.check(seat, card)  # raises: play over, or not held
        if self._current and seat is not turn:
            raise ImpossibleActionError(
                _("{seat} cannot play {card}: it is {turn}'s turn in this trick").format(
                    seat=seat.title, card=card, turn=turn.title if turn else "-"
                ),
                seat=seat,
            )
        self.turn = seat
        return self._apply(seat, card)

    def lead_from(self, seat: Seat) -> None:
        """Make ``seat`` the hand to lead the next trick (recording mode: a rectification that
        names the leading hand, Law 43B2(a); declarer's side swapped, Law 54A).

        Raises:
            ImpossibleActionError: in the middle of a trick, or when play is over.
        """
        if self._current or self.turn is None:
            raise ImpossibleActionError(
                _("the hand to lead can change only between tricks"), seat=seat
            )
        self.turn = seat

    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        """Every card played so far with the seat that played it, in order."""
        result: list[tuple[Seat, Card]] = []
        for trick in self._tricks:
            result.extend(zip(trick.seats(), trick.cards, strict=True))
        leader = self.leader
        if leader is not None:
            result.extend((leader.next(i), card) for i, card in enumerate(self._current))
        return tuple(result)

    @classmethod
    def from_plays(
        cls,
        deal: Deal,
        declarer: Seat,
        trump: Suit | None,
        plays: Sequence[tuple[Seat, Card]],
        *,
        leader: Seat | None = None,
    ) -> Play:
        """The play of ``deal`` after ``plays``, each placed as :meth:`place` does; the first
        trick is led by ``leader`` (default: declarer's left-hand opponent).

        Raises:
            ImpossibleActionError: if a card cannot be placed.
        """
        play = cls(deal, declarer, trump)
        if leader is not None:
            play.turn = leader
        for seat, card in plays:
            play.place(seat, card)
        return play

    def copy(self) -> Play:
        """An independent copy of the play so far."""
        other = Play.__new__(Play)
        other.declarer = self.declarer
        other.trump = self.trump
        other._hands = list(self._hands)
        other._dealt = self._dealt
        other._current = list(self._current)
        other._tricks = list(self._tricks)
        other._won = list(self._won)
        other.turn = self.turn
        return other

    def remaining_deal(self) -> Deal:
        """The cards each seat still holds, as a (partial) deal."""
        return Deal(*(Hand(self._hands[seat]) for seat in SEATS))


def _suit_name(suit: Suit) -> str:
    return (_("club"), _("diamond"), _("heart"), _("spade"))[suit]
