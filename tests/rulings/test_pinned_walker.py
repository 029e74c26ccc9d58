"""The walk of an edition's steps and the engine's construction (rulings/walker.py,
rulings/engine.py); what mutation testing found unpinned (issue 19).

Every engine and table is built inside its test, so that mutmut's mutant is active when it is
built (docs/performance.md, "Mutation testing").
"""

from __future__ import annotations

import pytest

from dupbridge.core.calls import Bid, Strain
from dupbridge.core.errors import ImpossibleActionError
from dupbridge.laws import LAWS_2007, LAWS_2017, WBF, WBF_2007
from dupbridge.laws.profiles import SWEDEN
from dupbridge.rulings import RulingsEngine, rulebook_for
from dupbridge.rulings.solver import ExhaustiveSolver
from dupbridge.rulings.walker import strains, sufficient


class TestRulebookFor:
    """The engine for an edition of the Laws under a national profile."""

    def test_defaults(self) -> None:
        engine = rulebook_for()
        assert engine.laws is LAWS_2017
        assert engine.profile is WBF
        assert engine.name == "2017/wbf"
        assert engine.edition == "2017"
        assert repr(engine) == "rulebook_for('2017', 'wbf')"
        assert isinstance(engine.claims, ExhaustiveSolver)

    def test_2007_defaults_to_its_wbf_profile(self) -> None:
        engine = rulebook_for("2007")
        assert engine.laws is LAWS_2007
        assert engine.profile is WBF_2007
        assert engine.name == "2007/wbf2007"
        assert engine.edition == "2007"

    def test_profile_by_key_and_by_value(self) -> None:
        assert rulebook_for("2007", "sweden").profile is SWEDEN
        assert repr(rulebook_for("2007", "sweden")) == "rulebook_for('2007', 'sweden')"
        assert rulebook_for("2007", SWEDEN).name == "2007/sweden"

    def test_claims_solver_kept(self) -> None:
        solver = ExhaustiveSolver()
        assert rulebook_for(claims=solver).claims is solver

    def test_unknown_edition(self) -> None:
        with pytest.raises(ValueError) as raised:
            rulebook_for("2019")
        assert str(raised.value) == "unknown edition of the Laws: '2019' (expected 2017 or 2007)"

    def test_profile_of_another_edition(self) -> None:
        """Sweden's regulations (FSB 2008) apply the 2007 Laws."""
        with pytest.raises(ValueError) as raised:
            rulebook_for("2017", "sweden")
        assert str(raised.value) == "the sweden profile uses the 2007 Laws, not 2017"
        with pytest.raises(ValueError) as raised:
            RulingsEngine(LAWS_2017, WBF_2007)
        assert str(raised.value) == "the wbf2007 profile uses the 2007 Laws, not 2017"

    def test_unknown_profile(self) -> None:
        with pytest.raises(ValueError, match="unknown national profile 'nope'"):
            rulebook_for("2017", "nope")


class TestStrains:
    """The denominations an insufficient bid or its replacement specified (Law 27B1(a)), as
    the Director gives them."""

    def test_none(self) -> None:
        assert strains(None) == ()
        assert strains("") == ()

    def test_text(self) -> None:
        assert strains("S H") == (Strain.SPADES, Strain.HEARTS)
        assert strains("S,H") == (Strain.SPADES, Strain.HEARTS)
        assert strains(" D ,  C ") == (Strain.DIAMONDS, Strain.CLUBS)

    def test_list(self) -> None:
        assert strains(["NT", "C"]) == (Strain.NOTRUMP, Strain.CLUBS)
        assert strains(("D",)) == (Strain.DIAMONDS,)

    @pytest.mark.parametrize("value", ["Q", ["S", "Z"], 5])
    def test_refused(self, value: object) -> None:
        with pytest.raises(ImpossibleActionError) as raised:
            strains(value)
        assert str(raised.value) == (
            f"'specified' must list denominations such as \"S H\", not {value!r}"
        )


class TestSufficient:
    """Law 27: a bid is sufficient when it outranks the last bid (Law 18D)."""

    def test_ranks(self) -> None:
        assert sufficient(2, Strain.CLUBS, Bid(1, Strain.NOTRUMP))
        assert sufficient(1, Strain.SPADES, Bid(1, Strain.HEARTS))
        assert not sufficient(1, Strain.HEARTS, Bid(1, Strain.HEARTS))
        assert not sufficient(1, Strain.HEARTS, Bid(1, Strain.SPADES))
