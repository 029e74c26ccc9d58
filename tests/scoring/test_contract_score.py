"""Law 77: the duplicate score of every contract, vulnerability and number of tricks.

The expected values are assembled from the Law 77 tables transcribed below as data (trick
points, premiums, undertrick penalties), item by item as a scorer reads the law; they are
cross-checked against a second, independent program (endplay's scorer) and against the
law's own worked totals, and by invariants.
"""

from __future__ import annotations

import itertools

import pytest

from dupbridge import Contract
from dupbridge.scoring import ScoreError, score

# --- Law 77 as printed -------------------------------------------------------------------
# Trick score per odd trick bid and made: (first trick, each later trick), undoubled.
TRICK_POINTS = {"C": (20, 20), "D": (20, 20), "H": (30, 30), "S": (30, 30), "NT": (40, 30)}
# Premiums, (not vulnerable, vulnerable).
SMALL_SLAM = (500, 750)
GRAND_SLAM = (1000, 1500)
GAME = (300, 500)
PART_SCORE = (50, 50)
DOUBLED_OVERTRICK = (100, 200)
REDOUBLED_OVERTRICK = (200, 400)
INSULT = {"": 0, "X": 50, "XX": 100}
# Undertricks: the penalty for the 1st, 2nd, 3rd, 4th ... undertrick, by (vulnerable, risk).
UNDERTRICK_STEPS = {
    (False, ""): [50] * 13,
    (False, "X"): [100, 200, 200] + [300] * 10,
    (False, "XX"): [200, 400, 400] + [600] * 10,
    (True, ""): [100] * 13,
    (True, "X"): [200] + [300] * 12,
    (True, "XX"): [400] + [600] * 12,
}
# The law's own cumulative totals for doubled undertricks (down 1..13), as a cross-check.
DOUBLED_TOTALS = {
    False: [100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500],
    True: [200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800],
}
MULTIPLIER = {"": 1, "X": 2, "XX": 4}


def law_77(level: int, strain: str, risk: str, vulnerable: bool, tricks: int) -> int:
    """The score read off the Law 77 tables, item by item."""
    need = level + 6
    v = int(vulnerable)
    if tricks < need:
        return -sum(UNDERTRICK_STEPS[(vulnerable, risk)][: need - tricks])
    first, later = TRICK_POINTS[strain]
    trick_score = (first + later * (level - 1)) * MULTIPLIER[risk]
    total = trick_score + (GAME[v] if trick_score >= 100 else PART_SCORE[v])
    total += SMALL_SLAM[v] if level == 6 else GRAND_SLAM[v] if level == 7 else 0
    total += INSULT[risk]
    over = tricks - need
    per_over = {"": later, "X": DOUBLED_OVERTRICK[v], "XX": REDOUBLED_OVERTRICK[v]}[risk]
    return total + over * per_over


ALL_CASES = list(
    itertools.product(
        range(1, 8), ["C", "D", "H", "S", "NT"], ["", "X", "XX"], [False, True], range(14)
    )
)


def contract(level: int, strain: str, risk: str) -> Contract:
    return Contract.from_str(f"{level}{strain}{risk}")


class TestLaw77Table:
    def test_there_are_2940_cases(self) -> None:
        """7 levels x 5 strains x 3 risks x 2 vulnerabilities x 14 trick counts."""
        assert 7 * 5 * 3 * 2 * 14 == len(ALL_CASES)

    @pytest.mark.parametrize(("level", "strain", "risk", "vul", "tricks"), ALL_CASES)
    def test_every_score(self, level: int, strain: str, risk: str, vul: bool, tricks: int) -> None:
        """Law 77: the score of every contract for every number of tricks."""
        assert law_77(level, strain, risk, vul, tricks) == score(
            contract(level, strain, risk), tricks, vul
        )

    def test_law_cumulative_doubled_undertricks(self) -> None:
        """Law 77's table of doubled undertricks, read as totals (down 1 to 13)."""
        for vul, totals in DOUBLED_TOTALS.items():
            got = [-score(Contract.from_str("7NTX"), 13 - down, vul) for down in range(1, 14)]
            assert totals == got

    @pytest.mark.parametrize(
        ("text", "tricks", "vul", "expected"),
        [("4S", 10, True, 620), ("3NT", 9, False, 400), ("1NT", 8, False, 120),
         ("2HX", 8, False, 470), ("1CXX", 7, False, 230), ("1CXX", 8, False, 430),
         ("2CXX", 8, False, 560), ("7NT", 13, True, 2220), ("6S", 12, False, 980),
         ("3NTX", 9, True, 750), ("4HXX", 10, True, 1080), ("1SX", 7, True, 160),
         ("3NT", 8, True, -100), ("4SX", 6, False, -800), ("6NTXX", 9, True, -1600)],
    )  # fmt: skip
    def test_familiar_scores(self, text: str, tricks: int, vul: bool, expected: int) -> None:
        """Scores every scorer knows by heart (4S vul 620, 2HX 470 ...)."""
        assert expected == score(Contract.from_str(text), tricks, vul)

    def test_passed_out_scores_zero(self) -> None:
        """Law 77: a passed-out board scores zero."""
        assert 0 == score(None, 0, True)

    @pytest.mark.parametrize("tricks", [-1, 14, True, 7.0])
    def test_tricks_out_of_range(self, tricks: object) -> None:
        """Tricks must be a whole number from 0 to 13."""
        with pytest.raises(ScoreError, match="between 0 and 13"):
            score(Contract.from_str("1NT"), tricks, False)  # type: ignore[arg-type]


class TestInvariants:
    @pytest.mark.parametrize(("level", "strain", "risk", "vul"), sorted({c[:4] for c in ALL_CASES}))
    def test_monotone_in_tricks(self, level: int, strain: str, risk: str, vul: bool) -> None:
        """One more trick never scores less."""
        scores = [score(contract(level, strain, risk), t, vul) for t in range(14)]
        assert scores == sorted(scores)
        assert len(set(scores)) == 14

    @pytest.mark.parametrize(
        ("level", "strain", "vul"), sorted({(c[0], c[1], c[3]) for c in ALL_CASES})
    )
    def test_doubling_a_made_contract_scores_more(self, level: int, strain: str, vul: bool) -> None:
        """A doubled contract that makes scores at least as much as undoubled, and redoubled
        at least as much as doubled; a defeated one loses at least as much."""
        for tricks in range(14):
            plain, dbl, rdbl = (
                score(contract(level, strain, r), tricks, vul) for r in ("", "X", "XX")
            )
            if tricks >= level + 6:
                assert plain <= dbl <= rdbl
            else:
                assert plain >= dbl >= rdbl

    def test_vulnerability_raises_the_stakes(self) -> None:
        """Vulnerable scores are at least as large in size, made or defeated."""
        for level, strain, risk, _, tricks in ALL_CASES:
            c = contract(level, strain, risk)
            assert abs(score(c, tricks, True)) >= abs(score(c, tricks, False))


class TestIndependentOracle:
    def test_against_endplay(self) -> None:
        """All 2940 scores agree with endplay's independent Law 77 scorer."""
        endplay_types = pytest.importorskip("endplay.types")
        denoms = {"C": "C", "D": "D", "H": "H", "S": "S", "NT": "NT"}
        for level, strain, risk, vul, tricks in ALL_CASES:
            result = tricks - level - 6
            result_text = "=" if result == 0 else f"{result:+d}"
            theirs = endplay_types.Contract(f"{level}{denoms[strain]}N{risk}{result_text}")
            vul_value = endplay_types.Vul.both if vul else endplay_types.Vul.none
            assert theirs.score(vul_value) == score(contract(level, strain, risk), tricks, vul), (
                level, strain, risk, vul, tricks,
            )  # fmt: skip


class TestPinnedByMutation:
    """Behaviours that mutation testing of scoring/contract_score.py found unpinned (issue 19)."""

    @pytest.mark.parametrize("tricks", [14, -1])
    def test_error_names_the_tricks(self, tricks: int) -> None:
        """A number of tricks outside 0-13 is refused with a message that repeats it."""
        with pytest.raises(ScoreError) as raised:
            score(Contract.from_str("4S"), tricks, vulnerable=False)
        assert f"tricks must be between 0 and 13, not {tricks}" == str(raised.value)

    @pytest.mark.parametrize(
        ("contract", "tricks", "vulnerable"),
        [("4S", 3, False), ("4SX", 3, True), ("7NTXX", 0, True), ("1C", 7, False),
         ("3NTX", 9, False), ("6HXX", 13, True)],
    )  # fmt: skip
    def test_scores_are_whole_numbers(self, contract: str, tricks: int, vulnerable: bool) -> None:
        """Law 77 scores are whole points: an int, never a float, undoubled to redoubled."""
        result = score(Contract.from_str(contract), tricks, vulnerable)
        assert type(result) is int
