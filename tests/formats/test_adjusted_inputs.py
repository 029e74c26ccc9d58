"""Adjusted scores as scoring programs write them (``A6040``, ``A5050``, ``A60``): one parser
(scoring.adjusted) read by the travellers CSV, USEBIO and PBN alike (Law 12C2)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dupbridge.formats import pbn
from dupbridge.formats.pbn import Column, Game, PbnTable
from dupbridge.formats.pbn_events import load_event_text
from dupbridge.scoring.adjusted import (
    AdjustedRules,
    AdjustedScoreError,
    Artificial,
    ArtificialScore,
    Award,
)
from dupbridge.tournament.travellers import loads as csv_loads

F = Fraction


def named(ns: int, ew: int) -> ArtificialScore:
    """Named awards at these percentages (subject to the Law 12C2(c) override)."""
    return ArtificialScore(
        Artificial(Award.of_percent(F(ns)), F(ns)), Artificial(Award.of_percent(F(ew)), F(ew))
    )


class TestShortForms:
    @pytest.mark.parametrize(
        ("text", "ns", "ew"),
        [
            ("A5050", 50, 50),
            ("A6040", 60, 40),
            ("A4060", 40, 60),
            ("a3070", 30, 70),
            ("A60", 60, 40),
            ("A50", 50, 50),
            ("A40", 40, 60),
            ("A60%", 60, 40),
        ],
    )
    def test_parse(self, text: str, ns: int, ew: int) -> None:
        """Annmm gives both sides; Ann gives North-South, East-West the complement."""
        assert named(ns, ew) == ArtificialScore.from_str(text)

    def test_same_as_the_slash_form(self) -> None:
        """A6040 and A60 are A60/40: average plus and average minus at 60 and 40 %."""
        assert ArtificialScore.from_str("A60/40") == ArtificialScore.from_str("A6040")
        assert ArtificialScore.from_str("A60/40") == ArtificialScore.from_str("A60")

    @pytest.mark.parametrize("text", ["A101", "A505", "A60000"])
    def test_bad(self, text: str) -> None:
        """A percentage above 100 is not an adjusted score."""
        with pytest.raises(AdjustedScoreError, match=r"not an adjusted score|between 0 and 100"):
            ArtificialScore.from_str(text)

    def test_session_override_still_applies(self) -> None:
        """Law 12C2(c): the non-offending side of an A60 with a better session keeps it."""
        score = ArtificialScore.from_str("A60")
        assert F(65) == score.ns.percentage(AdjustedRules(), session=F(65))
        assert F(40) == score.ew.percentage(AdjustedRules(), session=F(45))

    @pytest.mark.parametrize("text", ["A60", "A6040", "A5050", "A70/70", "A30%/A30%"])
    def test_written_form_reads_back(self, text: str) -> None:
        """str() of any score parses back to the same score (A70/70 stays both sides 70)."""
        score = ArtificialScore.from_str(text)
        assert score == ArtificialScore.from_str(str(score))


def test_travellers_csv() -> None:
    """The CSV contract and adjusted columns read A6040 and A60."""
    text = "board,ns,ew,contract,adjusted\n1,1,2,A6040,\n1,3,4,,A60\n1,5,6,A5050,\n"
    read = csv_loads(text, "t.csv")
    assert [] == list(read.problems)
    assert [named(60, 40), named(60, 40), named(50, 50)] == [r.outcome for r in read.event.results]


@pytest.mark.parametrize(
    ("contract", "result", "score"),
    [("A6040", "-", "-"), ("-", "-", "A6040"), ("-", "A6040", "-"), ("A60", "-", "-")],
)
def test_pbn_score_table_cells(contract: str, result: str, score: str) -> None:
    """A ScoreTable row with no contract may hold the adjusted score in its Contract, Score
    or Result cell."""
    game = Game()
    game["Board"] = "1"
    columns = (Column("PairId_NS", 2, "R"), Column("PairId_EW", 2, "R"),
               Column("Contract", 5, "L"), Column("Declarer", 1, "L"), Column("Result", 5, "L"),
               Column("Score_NS", 5, "R"))  # fmt: skip
    rows = (("1", "2", "4S", "N", "10", "420"), ("3", "4", contract, "-", result, score))
    game.set_table("ScoreTable", PbnTable(columns, rows))
    read = load_event_text(pbn.dumps([game]), "t.pbn")
    assert [] == [p for p in read.problems if not p.warning]
    assert named(60, 40) == read.event.results[1].outcome
