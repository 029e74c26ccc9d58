"""Invariants of recording mode (DESIGN §3): random legal auctions with one irregularity."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dupbridge import Phase, Table
from tests.rulings.drive import (
    KINDS,
    PLAY_KINDS,
    drive,
    inject,
    inject_play,
    play_some,
    random_call,
    recording_table,
    settle_pending,
    to_contract,
)


def snapshot(table: Table) -> tuple[object, ...]:
    rec = table.recording
    assert rec is not None
    return (
        table.events,
        table.phase,
        table.turn,
        tuple(table.legal_calls()),
        tuple(table.legal_cards()),
        table.contract,
        table.result,
        table.pending,
        tuple(rec.standing),
        {seat: tuple(o) for seat, o in rec.obligations.items()},
        tuple(rec.lead_rights),
        tuple(rec.restrictions),
        {seat: dict(cards) for seat, cards in rec.penalty.items()},
        table.declarer,
        table.tricks(),
        tuple(rec.queue),
        dict(rec.committed),
        tuple(str(state.to_json()) for state in rec.revokes),
        dict(rec.transfers),
        rec.cancelled,
    )


class TestOneIrregularity:
    @settings(max_examples=150, deadline=None)
    @given(
        seed=st.integers(0, 2**32 - 1),
        edition=st.sampled_from(["2017", "2007"]),
        kind=st.sampled_from(KINDS),
        prefix=st.integers(0, 8),
    )
    def test_consistent_and_replayable(
        self, seed: int, edition: str, kind: str, prefix: int
    ) -> None:
        """A random legal auction with one irregularity injected, every ruling answered at
        random, always reaches a consistent state at each step (a pending ruling, or calls
        and cards to make) and ends; replaying the log reproduces the table exactly."""
        table, rulebook = recording_table(seed, edition, board=seed % 16 + 1)
        rng = random.Random(seed)
        for _ in range(prefix):
            if table.phase is not Phase.AUCTION:
                break
            turn = table.turn
            assert turn is not None
            table.make_call(turn, random_call(table, rng))
        inject(table, kind, rng)
        state = snapshot(table)
        assert state == snapshot(Table.replay(table.events, rulebook))
        if table.phase is Phase.DIRECTOR:
            assert table.pending is not None
        drive(table, rng)
        assert Phase.FINISHED is table.phase
        assert table.is_passed_out or table.contract is not None
        assert table.pending is None
        assert snapshot(table) == snapshot(Table.replay(table.events, rulebook))


class TestSeveralIrregularities:
    @settings(max_examples=60, deadline=None)
    @given(
        seed=st.integers(0, 2**32 - 1),
        edition=st.sampled_from(["2017", "2007"]),
        kinds=st.lists(st.sampled_from(KINDS), min_size=2, max_size=4),
    )
    def test_board_always_finishes(self, seed: int, edition: str, kinds: list[str]) -> None:
        """Several irregularities on one board, rulings answered at random: the board still
        finishes (Law 22 or play to the end) and replays to the same state."""
        table, rulebook = recording_table(seed, edition, board=seed % 16 + 1)
        rng = random.Random(seed)
        for kind in kinds:
            for _ in range(rng.randint(0, 4)):
                if table.phase is Phase.AUCTION:
                    turn = table.turn
                    assert turn is not None
                    table.make_call(turn, random_call(table, rng))
            while table.phase is Phase.DIRECTOR:
                settle_pending(table, rng)
            if table.phase is Phase.FINISHED:
                break
            inject(table, kind, rng)
        drive(table, rng)
        assert Phase.FINISHED is table.phase
        assert snapshot(table) == snapshot(Table.replay(table.events, rulebook))


class TestOnePlayIrregularity:
    @settings(max_examples=200, deadline=None)
    @given(
        seed=st.integers(0, 2**32 - 1),
        edition=st.sampled_from(["2017", "2007"]),
        kind=st.sampled_from(PLAY_KINDS),
        cards=st.integers(0, 51),
    )
    def test_finished_or_pending_and_replayable(
        self, seed: int, edition: str, kind: str, cards: int
    ) -> None:
        """Random legal play with one play-period or board-level irregularity injected (Laws
        13-15, 43, 49-71, 79), every ruling answered at random: after the injection the table
        is finished, in play, or waits on a pending ruling (Law 9B2), replay reproduces it,
        and it then always reaches the end of the board, replaying to the same state."""
        table, rulebook = recording_table(seed, edition, board=seed % 16 + 1)
        rng = random.Random(seed)
        to_contract(table, rng)
        play_some(table, rng, cards)
        inject_play(table, kind, rng)
        if table.phase is Phase.DIRECTOR:
            assert table.pending is not None
        else:
            assert table.pending is None
            assert table.phase in (Phase.PLAY, Phase.FINISHED)
        assert snapshot(table) == snapshot(Table.replay(table.events, rulebook))
        drive(table, rng)
        assert Phase.FINISHED is table.phase
        assert table.pending is None
        rec = table.recording
        assert rec is not None
        assert rec.cancelled is not None or table.result is not None
        assert snapshot(table) == snapshot(Table.replay(table.events, rulebook))
