"""The DDS claim solver the services inject into the rulings engine (Laws 69-71)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dupbridge.rulings.solver import ExhaustiveSolver
from dupbridge.services.claim_solver import DoubleDummyClaims
from tests.rulings.test_solver import ending


class TestDoubleDummyClaims:
    @settings(max_examples=40, deadline=None)
    @given(seed=st.integers(0, 2**32 - 1), tricks=st.integers(1, 4))
    def test_agrees_with_the_exhaustive_fallback(self, seed: int, tricks: int) -> None:
        """On small endings DDS (through dupbridge.analysis) and the pure-Python fallback
        give the same double-dummy tricks, and the same tricks for a stated line with the
        claimer's other cards at their best and at their worst."""
        deal, trump, leader = ending(seed, tricks)
        dds, fallback = DoubleDummyClaims(), ExhaustiveSolver()
        assert fallback.double_dummy(deal, trump, leader, ()) == dds.double_dummy(
            deal, trump, leader, ()
        )
        line = tuple(deal[leader])[:1]
        for mode in ("best", "worst"):
            expected = fallback.line_tricks(
                deal, trump, leader, (), declarer=leader, claimer=leader, line=line, unstated=mode
            )
            actual = dds.line_tricks(
                deal, trump, leader, (), declarer=leader, claimer=leader, line=line, unstated=mode
            )
            assert expected == actual

    def test_large_ending_double_dummy(self) -> None:
        """DDS answers for any ending, where the fallback declines (more than 5 tricks)."""
        deal, trump, leader = ending(7, 9)
        assert ExhaustiveSolver().double_dummy(deal, trump, leader, ()) is None
        result = DoubleDummyClaims().double_dummy(deal, trump, leader, ())
        assert result is not None
        assert 9 == sum(result.values())
