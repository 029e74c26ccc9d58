"""The pure-Python claim solver (rulings/solver.py) pinned further: the trick in progress,
trumps, the size limit, and the claimer's stated line (Laws 70A, 70D: the claim is judged
by the line stated, the claimer's other cards at best or at worst, careless play included;
the opponents play against the claim).

The checks compare with a plain minimax written here from those rules (an independent
statement, on ``Card`` objects and ``trick_winner`` of core/play.py), on random small endings.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from dupbridge import Card, Deal, Seat
from dupbridge.core.cards import Hand, Suit
from dupbridge.core.play import trick_winner
from dupbridge.core.seats import Side
from dupbridge.rulings.solver import FALLBACK_LIMIT, ExhaustiveSolver

Hands = dict[Seat, list[Card]]


def legal(held: list[Card], trick: Sequence[Card]) -> list[Card]:
    """Law 44C: follow suit if able."""
    following = [c for c in held if trick and c.suit is trick[0].suit]
    return following or list(held)


def minimax(
    hands: Hands,
    trump: Suit | None,
    leader: Seat,
    trick: list[Card],
    side: Side,
    *,
    line: list[tuple[Seat, Card]] | None = None,
    best: bool = True,
) -> int:
    """``side``'s tricks from here (the trick in progress included), the other side against
    it. Without ``line``, ``side`` plays every card at its best (double dummy). With one, a
    hand of ``side`` whose turn it is plays the first line card still unplayed if it holds it
    and it can be led, follows suit or is a trump that can ruff; otherwise it plays any legal
    card, at best or at worst."""
    if len(trick) == 4:
        winner = trick_winner(leader, tuple(trick), trump)
        won = 1 if winner.side is side else 0
        if not hands[winner]:
            return won
        return won + minimax(hands, trump, winner, [], side, line=line, best=best)
    seat = Seat((int(leader) + len(trick)) % 4)
    choices = legal(hands[seat], trick)
    ours = seat.side is side
    if ours and line is not None:
        pending = [(owner, c) for owner, c in line if c in hands[owner]]
        if pending:
            owner, c = pending[0]
            playable = not trick or c.suit is trick[0].suit or c.suit is trump
            if owner is seat and c in choices and playable:
                choices = [c]
    values = []
    for c in choices:
        hands[seat].remove(c)
        values.append(minimax(hands, trump, leader, [*trick, c], side, line=line, best=best))
        hands[seat].append(c)
    maximise = ours and (line is None or best)
    return max(values) if maximise else min(values)


def ending(seed: int, tricks: int, played: int) -> tuple[Deal, Suit | None, Seat, list[Card]]:
    """A random ending of ``tricks`` tricks with ``played`` cards of the first already on the
    table (taken from the hands in rotation from the leader)."""
    rng = random.Random(seed)
    full = Deal.random(rng)
    cards = {seat: rng.sample(list(full[seat]), tricks) for seat in Seat}
    trump = rng.choice([None, *Suit])
    leader = rng.choice(list(Seat))
    trick: list[Card] = []
    for position in range(played):
        seat = Seat((int(leader) + position) % 4)
        held = cards[seat]
        card = rng.choice(legal(held, trick))
        held.remove(card)
        trick.append(card)
    return Deal(*(Hand.of(cards[seat]) for seat in Seat)), trump, leader, trick


def as_lists(deal: Deal) -> Hands:
    return {seat: list(deal[seat]) for seat in Seat}


class TestDoubleDummyInProgress:
    @settings(max_examples=40, deadline=None)
    @given(seed=st.integers(0, 2**32 - 1), tricks=st.integers(1, 3), played=st.integers(0, 3))
    def test_matches_minimax_with_a_trick_in_progress(
        self, seed: int, tricks: int, played: int
    ) -> None:
        """Double dummy counts the trick in progress: both sides' tricks add up to the
        tricks left, and each equals plain minimax for that side."""
        deal, trump, leader, trick = ending(seed, tricks, played)
        solved = ExhaustiveSolver().double_dummy(deal, trump, leader, trick)
        assert solved is not None
        assert solved[Side.NS] + solved[Side.EW] == tricks
        assert {type(value) for value in solved.values()} == {int}
        assert solved[Side.NS] == minimax(as_lists(deal), trump, leader, list(trick), Side.NS)
        assert solved[Side.EW] == minimax(as_lists(deal), trump, leader, list(trick), Side.EW)

    def test_ruff_wins_the_trick(self) -> None:
        """Law 44F: East, void in hearts, ruffs North's HA with a spade (trumps); in no
        trump the HA holds."""
        deal = Deal.from_pbn("N:.A.. 2... .3.. .4..")
        spades = ExhaustiveSolver().double_dummy(deal, Suit.SPADES, Seat.N, ())
        assert spades == {Side.NS: 0, Side.EW: 1}
        assert ExhaustiveSolver().double_dummy(deal, None, Seat.N, ()) == {
            Side.NS: 1,
            Side.EW: 0,
        }

    def test_last_cards_of_a_trick(self) -> None:
        """Three cards already played (North's HA, East's H2, South's H3): West's last card
        decides the one trick left."""
        deal = Deal.from_pbn("N:... ... ... .K..")
        trick = [Card.from_str(text) for text in ("H5", "H2", "H3")]
        assert ExhaustiveSolver().double_dummy(deal, None, Seat.N, trick) == {
            Side.NS: 0,
            Side.EW: 1,
        }

    def test_nothing_left(self) -> None:
        """No card left: no trick to either side."""
        empty = Deal(*(Hand.of([]) for _ in Seat))
        assert ExhaustiveSolver().double_dummy(empty, None, Seat.N, ()) == {
            Side.NS: 0,
            Side.EW: 0,
        }


class TestLimit:
    def test_default_limit_is_five_tricks(self) -> None:
        """The fallback answers endings of five tricks and declines six."""
        solver = ExhaustiveSolver()
        assert solver.limit == FALLBACK_LIMIT == 5
        assert repr(solver) == "ExhaustiveSolver(limit=5)"
        deal, trump, leader, _trick = ending(7, 5, 0)
        assert solver.double_dummy(deal, trump, leader, ()) is not None
        deal, trump, leader, _trick = ending(7, 6, 0)
        assert solver.double_dummy(deal, trump, leader, ()) is None

    def test_limit_counts_the_trick_in_progress(self) -> None:
        """With a limit of two, two tricks left (one of them in progress) are searched, three
        are not; the same for a line."""
        solver = ExhaustiveSolver(limit=2)
        assert repr(solver) == "ExhaustiveSolver(limit=2)"
        for tricks, answered in ((2, True), (3, False)):
            deal, trump, leader, trick = ending(11, tricks, 2)
            dd = solver.double_dummy(deal, trump, leader, trick)
            assert (dd is not None) is answered
            held = next(iter(deal[Seat.N]))
            line = solver.line_tricks(
                deal,
                trump,
                leader,
                trick,
                declarer=Seat.N,
                claimer=Seat.N,
                line=(held,),
                unstated="worst",
            )
            assert (line is not None) is answered


class TestLine:
    @settings(max_examples=40, deadline=None)
    @given(
        seed=st.integers(0, 2**32 - 1),
        tricks=st.integers(1, 3),
        played=st.integers(0, 3),
        claimer=st.sampled_from(list(Seat)),
        declarer=st.sampled_from(list(Seat)),
        unstated=st.sampled_from(["best", "worst"]),
        size=st.integers(0, 4),
    )
    def test_matches_minimax_along_the_line(  # noqa: PLR0917 - hypothesis draws
        self,
        seed: int,
        tricks: int,
        played: int,
        claimer: Seat,
        declarer: Seat,
        unstated: str,
        size: int,
    ) -> None:
        """Laws 70A, 70D: the claimer's side plays the stated line, its other cards at best
        or worst; declarer states a line for dummy too, a defender only for his own hand."""
        deal, trump, leader, trick = ending(seed, tricks, played)
        hands = (declarer, declarer.partner) if claimer is declarer else (claimer,)
        rng = random.Random(seed)
        pool = [(seat, card) for seat in hands for card in deal[seat]]
        line = rng.sample(pool, min(size, len(pool)))
        solved = ExhaustiveSolver().line_tricks(
            deal,
            trump,
            leader,
            trick,
            declarer=declarer,
            claimer=claimer,
            line=[card for _seat, card in line],
            unstated="best" if unstated == "best" else "worst",
        )
        expected = minimax(
            as_lists(deal),
            trump,
            leader,
            list(trick),
            claimer.side,
            line=line,
            best=unstated == "best",
        )
        assert solved == expected
        assert type(solved) is int

    def test_a_defender_states_a_line_for_his_own_hand_only(self) -> None:
        """Declarer plays dummy's cards as well as his own (Law 45B), a defender only his own:
        a defender's line naming his partner's card cannot be checked; declarer's may name
        dummy's."""
        deal = Deal.from_pbn("N:A... K... 2... 3...")
        solver = ExhaustiveSolver()
        south = (Card.from_str("S2"),)
        assert (
            solver.line_tricks(
                deal, None, Seat.N, (), declarer=Seat.E, claimer=Seat.N, line=south, unstated="best"
            )
            is None
        )
        assert (
            solver.line_tricks(
                deal, None, Seat.N, (), declarer=Seat.N, claimer=Seat.N, line=south, unstated="best"
            )
            == 1
        )

    def test_a_trump_in_the_line_ruffs_a_plain_card_does_not(self) -> None:
        """Hearts trumps, East leads the SA, North void in spades with the HA and C2. A line
        of the HA: North ruffs, then his C2 wins the last trick (two tricks, best or worst).
        A line of the C2: it is no card to follow or ruff with, so North's play is free: at
        best he ruffs (two tricks), at worst he throws the C2 and ruffs only the SK (one)."""
        deal = Deal.from_pbn("N:.A..2 AK... ..43. ..65.")
        solver = ExhaustiveSolver()
        for line, best, worst in (("HA", 2, 2), ("C2", 2, 1)):
            for unstated, expected in (("best", best), ("worst", worst)):
                assert (
                    solver.line_tricks(
                        deal,
                        Suit.HEARTS,
                        Seat.E,
                        (),
                        declarer=Seat.N,
                        claimer=Seat.N,
                        line=(Card.from_str(line),),
                        unstated="best" if unstated == "best" else "worst",
                    )
                    == expected
                ), (line, unstated)


def claimed(deal: str, trump: Suit | None, leader: Seat, trick: str, line: str) -> tuple[int, int]:
    """North's line tricks (North declares and claims), best and worst."""
    solver = ExhaustiveSolver()
    played = tuple(Card.from_str(text) for text in trick.split())
    cards = tuple(Card.from_str(text) for text in line.split())
    values = []
    for unstated in ("best", "worst"):
        value = solver.line_tricks(
            Deal.from_pbn(deal),
            trump,
            leader,
            played,
            declarer=Seat.N,
            claimer=Seat.N,
            line=cards,
            unstated="best" if unstated == "best" else "worst",
        )
        assert value is not None
        values.append(value)
    return values[0], values[1]


class TestLineCards:
    """Laws 70A, 70D: the stated line is followed card by card; a hand plays the next line
    card when it can lead it, follow suit with it, or ruff with it, and otherwise plays
    freely (at worst, carelessly)."""

    def test_the_line_goes_on_after_its_first_card(self) -> None:
        """Line SA then HA: after the SA wins, North must lead the HA, not the C2 (which
        at worst would give East two club tricks)."""
        deal = "N:A.A..2 3...KQ 4.4.4. 5.5.5."
        assert claimed(deal, None, Seat.N, "", "SA HA") == (2, 2)

    def test_a_line_card_follows_suit(self) -> None:
        """East led the H3, South discarded, West played the H4: North's line HA wins the
        trick and his H2 then loses to East's HK (one trick); left free, at worst he plays
        the H2 and West's clubs take both."""
        deal = "N:.A2.. .K.. ...3 ...4"
        assert claimed(deal, None, Seat.E, "H3 C2 H4", "HA") == (1, 1)
        assert claimed(deal, None, Seat.E, "H3 C2 H4", "") == (1, 0)

    def test_a_line_trump_ruffs(self) -> None:
        """Spades trumps, diamonds led: North's line S4 ruffs, and East's S5 then ruffs his
        C2 (one trick); left free, at worst he discards the C2 and East's S5 draws his S4."""
        deal = "N:4...2 5... .2.. .3.."
        assert claimed(deal, Suit.SPADES, Seat.E, "D5 D2 D3", "S4") == (1, 1)
        assert claimed(deal, Suit.SPADES, Seat.E, "D5 D2 D3", "") == (1, 0)

    def test_an_illegal_line_card_is_not_played(self) -> None:
        """Hearts trumps, East led the SK: North holds the S2 and must follow with it, not
        ruff with his line HA; East's CA then falls to the HA (one trick, not two)."""
        deal = "N:2.A.. ...A ..2.3 ..4.5"
        assert claimed(deal, Suit.HEARTS, Seat.E, "SK", "HA") == (1, 1)
