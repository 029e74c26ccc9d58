"""What one seat knows during the play: its own cards, dummy's, and every card it saw played.

Everything here comes from the seat's :class:`~dupbridge.core.views.TableView` and the public
record of the play: every card is played face up before all four players (Law 45A), and a
player remembers what he saw even after the trick is quitted (Law 66C only stops him looking
at it again). No hidden hand is ever read: the unseen cards are only a pool, and which hand
holds which of them is for the sampler to guess.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dupbridge.core.cards import FULL_PACK, Card, Hand, Suit
from dupbridge.core.seats import SEATS, Seat
from dupbridge.core.views import TableView

__all__ = ["Knowledge", "PlayHistory", "knowledge_of", "original"]

#: The cards played so far, in order, each with its seat (``Play.plays()``: public).
PlayHistory = Sequence[tuple[Seat, Card]]


@dataclass(frozen=True, slots=True)
class Knowledge:
    """One seat's knowledge at its turn to choose a card.

    ``actor`` is the hand to play (dummy when declarer plays from it, Law 45B); ``me`` the
    seat choosing. ``held`` holds the cards of the hands the seat sees (its own, dummy's once
    faced), ``sizes`` every hand's card count, ``unseen`` the pool of cards the seat has not
    seen, ``played`` the cards it saw each seat play, ``voids`` the suits each seat showed out
    of (it did not follow to a suit led, Law 44C), ``exposed`` the cards lying face up before
    a hidden hand (exposed during the auction, Law 24, or penalty cards, Law 50A): still his.
    """

    me: Seat
    actor: Seat
    declarer: Seat
    trump: Suit | None
    held: dict[Seat, int]
    sizes: dict[Seat, int]
    unseen: int
    played: dict[Seat, int]
    voids: dict[Seat, frozenset[Suit]]
    history: tuple[tuple[Seat, Card], ...]
    leader: Seat
    trick: tuple[Card, ...]
    needed: int  # tricks the actor's side still needs for its goal (contract or defeat)
    exposed: dict[Seat, int]  # cards lying face up before a hidden hand (Laws 24, 50A)

    @property
    def hidden(self) -> tuple[Seat, ...]:
        """The seats whose cards the seat cannot see."""
        return tuple(seat for seat in SEATS if seat not in self.held)

    @property
    def dummy(self) -> Seat:
        """Dummy's seat."""
        return self.declarer.partner

    @property
    def is_defender(self) -> bool:
        """Whether the actor defends."""
        return self.actor.side is not self.declarer.side


def knowledge_of(view: TableView, history: PlayHistory | None = None) -> Knowledge:
    """The knowledge of the seat whose view this is, at its turn to choose a card.

    Args:
        view: the view of the seat to choose (declarer when dummy is to play).
        history: every card played so far, in order (the table's public record); without
            it, only the cards the view shows are known to be gone.

    Raises:
        ValueError: if the view is not a seat's view at its turn to play a card, or the
            history does not agree with the view.
    """
    me = view.viewer
    if not isinstance(me, Seat):
        raise ValueError(f"a robot plays from a seat's view, not the {me.value}'s")
    if not view.legal_cards or view.turn is None:
        raise ValueError(f"it is not {me.name}'s turn to play a card")
    contract, declarer = view.contract, view.declarer
    if contract is None or declarer is None:
        raise ValueError("there is no contract to play")
    trump = contract.strain.suit
    actor = view.turn
    held = {seat: hand.mask for seat, hand in view.hands.items()}
    if actor not in held:
        raise ValueError(f"the view does not show the hand to play ({actor.name})")
    plays = _plays(view, history)
    played = dict.fromkeys(SEATS, 0)
    voids: dict[Seat, set[Suit]] = {seat: set() for seat in SEATS}
    led: Suit | None = None
    for number, (seat, card) in enumerate(plays):
        if number % 4 == 0:
            led = card.suit
        elif card.suit is not led and led is not None:
            voids[seat].add(led)
        played[seat] |= card.bit
    seen = 0
    for mask in held.values():
        seen |= mask
    for mask in played.values():
        seen |= mask
    exposed: dict[Seat, int] = {}
    for seat, cards in view.face_up.items():
        for card in cards:
            if not seen & card.bit and seat not in held:
                exposed[seat] = exposed.get(seat, 0) | card.bit
    for mask in exposed.values():
        seen |= mask
    done = sum(view.tricks.values())
    current = view.current_trick
    in_trick = {seat for seat, _ in current}
    sizes = {seat: 13 - done - (seat in in_trick) for seat in SEATS}
    for seat, mask in held.items():
        if mask.bit_count() != sizes[seat]:
            raise ValueError(f"the view shows {mask.bit_count()} cards for {seat.name}")
    leader = current[0][0] if current else actor
    side_won = view.tricks[actor.side]
    goal = contract.level + 6 if actor.side is declarer.side else 8 - contract.level
    return Knowledge(
        me=me,
        actor=actor,
        declarer=declarer,
        trump=trump,
        held=held,
        sizes=sizes,
        unseen=FULL_PACK & ~seen,
        played=played,
        voids={seat: frozenset(suits) for seat, suits in voids.items()},
        history=tuple(plays),
        leader=leader,
        trick=tuple(card for _, card in current),
        needed=max(0, goal - side_won),
        exposed=exposed,
    )


def _plays(view: TableView, history: PlayHistory | None) -> list[tuple[Seat, Card]]:
    """The cards known played, in order: the history checked against the view, or what the
    view shows (the previous trick and the trick in progress)."""
    current = list(view.current_trick)
    if history is None:
        known: list[tuple[Seat, Card]] = []
        if view.previous_trick is not None:
            trick = view.previous_trick
            known.extend(zip(trick.seats(), trick.cards, strict=True))
        return known + current
    plays = list(history)
    done = sum(view.tricks.values())
    if len(plays) != 4 * done + len(current) or plays[4 * done :] != current:
        raise ValueError("the play history does not agree with the view")
    for seat, hand in view.hands.items():
        if any(card in hand for s, card in plays if s is seat):
            raise ValueError(f"the play history has {seat.name} play a card still held")
    return plays


def original(knowledge: Knowledge, seat: Seat, mask: int) -> Hand:
    """The 13-card hand a seat started with, if it holds ``mask`` now."""
    return Hand(mask | knowledge.played[seat])
