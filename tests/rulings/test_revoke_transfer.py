"""Law 64A against an independent statement of it, on random deals with one revoke injected.

The statement below is written from the law text (2017 Law 64A; 2007 says the same in other
words), not from the engine: when a revoke is established,

1. if the offending *player* won the revoke trick (a trick won in dummy is not won by declarer),
   the revoke trick goes to the non-offending side after play, with one more trick if the
   offending side won any later trick;
2. otherwise, if the offending side won the revoke trick or any later trick, one trick goes
   to the non-offending side.

The revoke is made on tricks 1-11 by a player other than dummy (Law 64B3, 64B6 are tested by
their scenarios), play goes on to the end (so the offending side plays to the next trick and
establishes it, Law 63A1), and attention is drawn after play, before the round ends.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dupbridge import Card, Phase, Seat, Table
from dupbridge.core.play import Trick
from tests.rulings.drive import recording_table, to_contract


def law_64a(tricks: tuple[Trick, ...], offender: Seat, revoke_trick: int) -> int:
    """The tricks Law 64A transfers, from the tricks as played (an independent statement)."""
    offending_side = {offender, offender.partner}
    won_it = tricks[revoke_trick - 1].winner
    later = tricks[revoke_trick:]
    side_won_later = any(trick.winner in offending_side for trick in later)
    if won_it is offender:
        return 1 + (1 if side_won_later else 0)
    if won_it in offending_side or side_won_later:
        return 1
    return 0


def play_with_one_revoke(seed: int, edition: str, at: int) -> tuple[Table, Seat, int] | None:
    """A random board with one revoke on the first chance at or after card ``at``."""
    table, _rulebook = recording_table(seed, edition, board=seed % 16 + 1)
    rng = random.Random(seed)
    to_contract(table, rng)
    play = table.play
    assert play is not None
    revoker: tuple[Seat, int] | None = None
    while table.phase is Phase.PLAY:
        turn = table.turn
        assert turn is not None
        current = play.current_trick
        hand = play.hand(turn)
        card: Card | None = None
        if (
            revoker is None
            and play.cards_played >= at
            and play.trick_number <= 11
            and turn is not play.dummy
            and current
            and hand.has_suit(current[0].suit)
        ):
            others = [c for c in hand if c.suit is not current[0].suit]
            if others:
                card = rng.choice(others)
                revoker = (turn, play.trick_number)
        if card is None:
            legal = table.legal_cards()
            card = legal[rng.randrange(len(legal))]
        table.play_card(turn, card)
    if revoker is None:
        return None
    return table, revoker[0], revoker[1]


class TestLaw64A:
    @settings(max_examples=300, deadline=None)
    @given(
        seed=st.integers(0, 2**32 - 1),
        edition=st.sampled_from(["2017", "2007"]),
        at=st.integers(0, 40),
    )
    def test_transfer_matches_the_law(self, seed: int, edition: str, at: int) -> None:
        """Law 64A: the tricks transferred for one established revoke are those the law text
        gives, and the result moves by that many tricks to the non-offending side."""
        found = play_with_one_revoke(seed, edition, at)
        if found is None:
            return
        table, offender, trick = found
        play = table.play
        assert play is not None
        before = table.tricks()
        table.draw_attention(offender.lho, offender)
        rec = table.recording
        assert rec is not None
        expected = law_64a(play.tricks, offender, trick)
        transfer = rec.transfers[0]
        assert expected == transfer.tricks
        assert offender.side.opponents is transfer.side
        after = table.tricks()
        assert before[offender.side] - expected == after[offender.side]
        assert before[offender.side.opponents] + expected == after[offender.side.opponents]
