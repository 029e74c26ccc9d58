"""Scoring whole events: every method, adjusted scores, fields, sessions, teams."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dupbridge.core.seats import Side
from dupbridge.scoring import butler, imps
from dupbridge.scoring.matchpoints import Factoring
from dupbridge.scoring.vp import vp_pair
from dupbridge.tournament.event_scoring import (
    Method,
    ScoringOptions,
    TieBreakRule,
    score_event,
)
from dupbridge.tournament.results import (
    Event,
    PairId,
    Penalty,
    Result,
    ResultsError,
    parse_outcome,
)

F = Fraction


def line(board: int, ns: int | PairId, ew: int | PairId, text: str, **kw: object) -> Result:
    contract, _, rest = text.partition(" ")
    outcome = parse_outcome(contract, *rest.split()) if rest else parse_outcome(contract)
    ns_id = ns if isinstance(ns, PairId) else PairId(ns)
    ew_id = ew if isinstance(ew, PairId) else PairId(ew)
    return Result(board, ns_id, ew_id, outcome, **kw)  # type: ignore[arg-type]


# Board 1 (none vulnerable): 420, 450, -50, 400 and a director's A60/40.
# Board 2 (NS vulnerable): pair 9 tops the board, pair 10 bottoms it.
EVENT = Event(
    results=[
        line(1, 1, 2, "4S N ="),
        line(1, 3, 4, "4S N +1"),
        line(1, 5, 6, "4S N -1"),
        line(1, 7, 8, "3NT N ="),
        line(1, 9, 10, "A60/40"),
        line(2, 9, 10, "4S N ="),
        line(2, 1, 2, "2S N ="),
        line(2, 3, 4, "3S N ="),
        line(2, 5, 6, "4S N -1"),
        line(2, 7, 8, "4S N -2"),
    ]
)


class TestMatchpoints:
    def test_neuberg_with_artificial_row(self) -> None:
        """Law 78A with 4 results for 5 tables: Neuberg to the top of 8; the director's row
        is not compared."""
        scored = score_event(EVENT)
        board = scored.boards_numbered(1)[0]
        assert {8} == {r.top for r in board.results}
        # 420 beats 400 and -50 (4 units among 4 results) -> (4+1)*5/4-1
        assert F(21, 4) == board.results[0].ns

    def test_session_override(self) -> None:
        """Law 12C2(c): pair 9 (100 % on its other board) gets 100 %, not 60 %; pair 10 (0 %)
        keeps 0 %, not 40 %."""
        scored = score_event(EVENT)
        artificial = scored.boards_numbered(1)[0].results[4]
        assert (F(100), F(0)) == (artificial.ns_percent, artificial.ew_percent)

    def test_explicit_percentages_not_overridden(self) -> None:
        """60%/40% written as percentages is used as written."""
        event = Event(results=[*EVENT.results[:4], line(1, 9, 10, "60%/40%"), *EVENT.results[5:]])
        artificial = score_event(event).boards_numbered(1)[0].results[4]
        assert (F(60), F(40)) == (artificial.ns_percent, artificial.ew_percent)

    def test_totals_and_ranking(self) -> None:
        """A pair's total is its units; its percentage of the tops decides the ranking."""
        scored = score_event(EVENT)
        pair = scored.pairs[PairId(9)]
        assert F(16) == pair.total
        assert F(16) == pair.maximum
        assert F(100) == pair.percent
        (ranking,) = scored.fields
        assert PairId(9) == ranking.placings[0][0].key
        assert 10 == len(ranking.placings)

    def test_linear_factoring(self) -> None:
        """Linear factoring keeps each result's percentage of its own top."""
        scored = score_event(EVENT, ScoringOptions(factoring=Factoring.LINEAR))
        assert F(4, 6) * 100 == scored.boards_numbered(1)[0].results[0].ns_percent

    def test_penalty_in_percent_of_a_top(self) -> None:
        """Law 90: a penalty of a quarter of a top (25) takes 2 units off a top of 8."""
        event = Event(results=EVENT.results, penalties=[Penalty(PairId(1), F(-25))])
        assert (
            score_event(EVENT).pairs[PairId(1)].total - 2
            == score_event(event).pairs[PairId(1)].total
        )

    def test_adjusted_in_imps_is_refused(self) -> None:
        """An adjusted score in IMPs cannot be matchpointed: one error naming the board."""
        event = Event(results=[*EVENT.results[:4], line(1, 9, 10, "+3/-3 IMP")])
        with pytest.raises(ResultsError, match=r"board 1: adjusted score .* in IMPs"):
            score_event(event)


class TestFields:
    def test_mitchell_has_two_rankings(self) -> None:
        """In a Mitchell, NS and EW are ranked apart."""
        results = [
            line(1, PairId(n, "", Side.NS), PairId(n, "", Side.EW), "4S N =") for n in (1, 2, 3)
        ]
        scored = score_event(Event(results=results, mitchell=True))
        assert ["North-South", "East-West"] == [f.title for f in scored.fields]
        assert all(len(f.placings) == 3 for f in scored.fields)

    def test_sections_scored_apart(self) -> None:
        """Sections are compared and ranked apart unless across the field."""
        results = [
            line(1, PairId(1, "A"), PairId(2, "A"), "4S N ="),
            line(1, PairId(3, "A"), PairId(4, "A"), "4S N -1"),
            line(1, PairId(1, "B"), PairId(2, "B"), "4S N -1"),
            line(1, PairId(3, "B"), PairId(4, "B"), "4S N -2"),
        ]
        apart = score_event(Event(results=results))
        assert ["Section A", "Section B"] == [f.title for f in apart.fields]
        assert F(2) == apart.pairs[PairId(1, "B")].total  # tops section B
        together = score_event(Event(results=results), ScoringOptions(across_sections=True))
        assert 1 == len(together.fields)
        assert F(3) == together.pairs[PairId(1, "B")].total  # ties A's -50, beats -100

    def test_phantom_not_ranked(self) -> None:
        """A phantom pair's results count for its opponents; it takes no place."""
        scored = score_event(Event(results=EVENT.results, phantoms=frozenset({PairId(10)})))
        assert PairId(10) not in [p.key for p, _s in scored.fields[0].placings]

    def test_two_sessions_with_different_tops(self) -> None:
        """Swedish Law 97: a session with a top of 2 is scaled to the other's top of 4."""
        results = [
            line(1, 1, 2, "4S N =", session=1),
            line(1, 3, 4, "4S N -1", session=1),
            line(1, 1, 2, "4S N =", session=2),
            line(1, 3, 4, "4S N -1", session=2),
            line(1, 5, 6, "4S N -2", session=2),
        ]
        scored = score_event(Event(results=results))
        # pair 1: 2 of 2 in session 1 (scaled x2 -> 4), then 4 of 4 in session 2
        assert F(8) == scored.pairs[PairId(1)].total
        assert F(100) == scored.pairs[PairId(1)].percent

    def test_swedish_tie_break(self) -> None:
        """Swedish Law 95: pairs 7 (NS) and 4 (EW) tie on 10 units; on the three boards both
        played, 4 outscores 7 on board 1 and 7 outscores 4 on boards 2 and 3 (4 points to 2),
        so 7 wins; without the tie-break they share 1-2."""
        texts = {
            1: ("4S N +1", "4S N =", "4S N +1", "3NT N ="),
            2: ("4S N -2", "3NT N =", "3NT N +1", "4S N +1"),
            3: ("4S N +1", "4S N +1", "4S N -1", "4S N +1"),
        }
        results = [
            line(board, ns, ns + 1, text)
            for board, row in texts.items()
            for ns, text in zip((1, 3, 5, 7), row, strict=True)
        ]
        plain = score_event(Event(results=results))
        assert [(4, "1-2"), (7, "1-2")] == [
            (p.key.number, p.label) for p, _s in plain.fields[0].placings[:2]
        ]
        broken = score_event(Event(results=results), ScoringOptions(tie_break=TieBreakRule.SWEDISH))
        assert [(7, "1"), (4, "2")] == [
            (p.key.number, p.label) for p, _s in broken.fields[0].placings[:2]
        ]


class TestImpMethods:
    def test_butler(self) -> None:
        """Butler: each result IMPed against the board's datum; artificial ±3 IMPs."""
        event = Event(results=[*EVENT.results[:4], line(1, 9, 10, "+3/-3 IMP")])
        plain = ScoringOptions(Method.BUTLER, datum=butler.DATUM_PRESETS["plain"])
        scored = score_event(event, plain)
        board = scored.boards_numbered(1)[0]
        assert (F(310),) == board.datums  # (420 + 450 - 50 + 400) / 4 = 305
        assert [imps(110), imps(140), imps(-360), imps(90), 3] == [r.ns for r in board.results]
        assert F(-3) == board.results[4].ew

    def test_butler_default_datum_drops_top_and_bottom(self) -> None:
        """The default datum (club practice) leaves out the highest and the lowest score."""
        event = Event(results=[*EVENT.results[:4], line(1, 9, 10, "+3/-3 IMP")])
        board = score_event(event, ScoringOptions(Method.BUTLER)).boards_numbered(1)[0]
        assert (F(410),) == board.datums  # 450 and -50 dropped: (420 + 400) / 2
        assert [imps(10), imps(40), imps(-460), imps(-10)] == [r.ns for r in board.results[:4]]

    def test_named_award_in_imps(self) -> None:
        """A+/A- at IMP play is ±3 IMPs (Law 12C2(b))."""
        event = Event(results=[*EVENT.results[:4], line(1, 9, 10, "A+/A-")])
        board = score_event(event, ScoringOptions(Method.BUTLER)).boards_numbered(1)[0]
        assert (F(3), F(-3)) == (board.results[4].ns, board.results[4].ew)

    def test_cross_imps(self) -> None:
        """Cross-IMPs against every other result; artificial rows stay out."""
        event = Event(results=[*EVENT.results[:4], line(1, 9, 10, "A=")])
        board = score_event(event, ScoringOptions(Method.CROSS_IMPS)).boards_numbered(1)[0]
        first = board.results[0]
        # 3 comparisons among 4 results, scaled to the 4 of a 5-table field
        assert F(imps(-30) + imps(470) + imps(20), 3) * 4 == first.ns
        assert (F(0), F(0)) == (board.results[4].ns, board.results[4].ew)

    def test_total_points(self) -> None:
        """Law 78C: each pair's net score summed."""
        scored = score_event(Event(results=EVENT.results[5:]), ScoringOptions(Method.TOTAL_POINTS))
        assert F(620) == scored.pairs[PairId(9)].total
        assert F(-620) == scored.pairs[PairId(10)].total

    def test_round_cap(self) -> None:
        """At most 12 IMPs won per round (a Condition of Contest); losses are not limited."""
        results = [
            line(1, 1, 2, "7NT N =", round=1),
            line(1, 3, 4, "1NT N =", round=1),
            line(2, 1, 2, "7NT N =", round=1),
            line(2, 3, 4, "1NT N =", round=1),
        ]
        event = Event(results=results)
        capped = score_event(event, ScoringOptions(Method.BUTLER, round_cap=F(12)))
        free = score_event(event, ScoringOptions(Method.BUTLER))
        assert F(12) == capped.pairs[PairId(1)].total
        assert free.pairs[PairId(1)].total - 12 == capped.pairs[PairId(1)].capped
        assert free.pairs[PairId(2)].total == capped.pairs[PairId(2)].total


TEAMS = Event(
    teams=True,
    results=[
        line(1, 1, 2, "4S N =", table=1),
        line(1, 2, 1, "4S N -1", table=2),
        line(2, 1, 2, "3NT S =", table=1),
        line(2, 2, 1, "3NT S =", table=2),
        line(3, 1, 2, "2H W +1", table=1),
        line(3, 2, 1, "4H E =", table=2),
    ],
)


class TestTeams:
    def test_imps_between_the_rooms(self) -> None:
        """Law 78B: each board's gain is open NS minus closed NS; the match totals it."""
        scored = score_event(TEAMS, ScoringOptions(Method.TEAMS_IMPS))
        (match,) = scored.matches
        assert (PairId(1), PairId(2)) == (match.home, match.away)
        gains = [imps(420 + 50), 0, imps(-140 + 620)]
        assert gains == [h for _n, h, _a in match.boards]
        assert F(sum(gains)) == scored.pairs[PairId(1)].total
        assert F(-sum(gains)) == scored.pairs[PairId(2)].total

    def test_each_table_scores_its_ns(self) -> None:
        """Each table's line shows the IMPs of the team sitting NS there (RealBridge's
        ScoreIMP)."""
        scored = score_event(TEAMS, ScoringOptions(Method.TEAMS_IMPS))
        board = scored.boards_numbered(1)[0]
        assert [F(imps(470)), F(-imps(470))] == [r.ns for r in board.results]

    def test_victory_points(self) -> None:
        """The match converts to WBF VPs over its 3 boards."""
        scored = score_event(TEAMS, ScoringOptions(Method.TEAMS_VP))
        margin = imps(470) + imps(480)
        assert vp_pair(margin, 0, 3) == (
            scored.pairs[PairId(1)].total,
            scored.pairs[PairId(2)].total,
        )

    def test_adjusted_board(self) -> None:
        """Law 86B: an adjusted board gives the awarded IMPs to each team."""
        event = Event(teams=True, results=[*TEAMS.results[:4], line(3, 1, 2, "+3/-3 IMP"),
                                           line(3, 2, 1, "4H E =")])  # fmt: skip
        (match,) = score_event(event, ScoringOptions(Method.TEAMS_IMPS)).matches
        assert (3, F(3), F(-3)) == match.boards[2]

    def test_board_without_other_table(self) -> None:
        """A board with only one table's result is an error naming the match."""
        event = Event(teams=True, results=TEAMS.results[:5])
        with pytest.raises(ResultsError, match="board 3: the match 1 – 2 needs one result"):
            score_event(event, ScoringOptions(Method.TEAMS_IMPS))

    def test_quotient_tie_break(self) -> None:
        """Swedish Law 95 in team events: IMPs won ÷ IMPs lost."""
        scored = score_event(
            TEAMS, ScoringOptions(Method.TEAMS_IMPS, tie_break=TieBreakRule.SWEDISH)
        )
        assert [1, 2] == [p.place for p, _s in scored.fields[0].placings]
