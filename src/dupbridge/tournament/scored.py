"""What scoring an event produces: the options of Law 78D and the scored boards, pairs and fields.

:class:`ScoringOptions` holds everything the Conditions of Contest choose; :class:`ScoredEvent`
holds every board's scored traveller (:class:`BoardScore` of :class:`ScoredResult`), every
pair's (team's) :class:`PairScore`, the rankings (:class:`Field`) and, at teams, the
:class:`MatchScore` of each match. :func:`dupbridge.tournament.event_scoring.score_event`
makes one.

A scored line keeps its scores as integers over a common denominator (matchpoint units of 2,
IMPs, points); :attr:`ScoredResult.ns` and :attr:`ScoredResult.ew` give them as exact
fractions, made only when asked for.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from math import lcm

from dupbridge.core.seats import Side
from dupbridge.i18n import N_, _
from dupbridge.scoring import butler
from dupbridge.scoring.adjusted import AdjustedRules
from dupbridge.scoring.crossimps import CrossImpTotal
from dupbridge.scoring.imp_rules import ImpRule
from dupbridge.scoring.matchpoints import Comparable, Factoring, Scale, percent
from dupbridge.scoring.ranking import Placing
from dupbridge.tournament.results import Assigned, Event, PairId, Played, Problem, Result

__all__ = [
    "BoardScore",
    "Field",
    "MatchScore",
    "Method",
    "PairScore",
    "ScoredEvent",
    "ScoredResult",
    "ScoringOptions",
    "TieBreakRule",
    "comparable_of",
    "ns_points_of",
]


class Method(Enum):
    """The scoring methods of ``dupbridge score --method``."""

    MATCHPOINTS = "mp"
    BUTLER = "imp-butler"
    CROSS_IMPS = "cross-imp"
    TEAMS_IMPS = "teams-imp"
    TEAMS_VP = "teams-vp"
    TOTAL_POINTS = "total"

    @property
    def teams(self) -> bool:
        """Whether the method scores team matches."""
        return self in (Method.TEAMS_IMPS, Method.TEAMS_VP)

    @property
    def in_imps(self) -> bool:
        """Whether results are worth IMPs (artificial scores in IMPs)."""
        return self in (Method.BUTLER, Method.CROSS_IMPS, Method.TEAMS_IMPS, Method.TEAMS_VP)

    @property
    def title(self) -> str:
        """The method's name in the active language."""
        return _(_METHOD_TITLES[self])

    @property
    def unit(self) -> str:
        """What a total counts, in the active language (Matchpoints, IMPs, VPs, Points)."""
        if self is Method.MATCHPOINTS:
            return _("Matchpoints")
        if self is Method.TEAMS_VP:
            return _("VPs")
        return _("Points") if self is Method.TOTAL_POINTS else _("IMPs")


_METHOD_TITLES = {
    Method.MATCHPOINTS: N_("Matchpoints"),
    Method.BUTLER: N_("IMPs against a datum (Butler)"),
    Method.CROSS_IMPS: N_("Cross-IMPs"),
    Method.TEAMS_IMPS: N_("Teams, IMPs"),
    Method.TEAMS_VP: N_("Teams, victory points"),
    Method.TOTAL_POINTS: N_("Total points"),
}


class TieBreakRule(Enum):
    """How tied totals are separated."""

    NONE = "none"
    SWEDISH = "swedish"


@dataclass(frozen=True, slots=True)
class ScoringOptions:
    """Everything the Conditions of Contest choose (Law 78D).

    Attributes:
        method: the scoring method.
        factoring: how a board with missing results reaches the full top (matchpoints).
        scale: 2/1/0 or 1/½/0 units (matchpoints; display only).
        datum: the Butler datum rule (default: the club practice, dropping the highest and
            the lowest score: :data:`~dupbridge.scoring.butler.DATUM_PRESETS` ``"ebu"``).
        imp_rule: how differences between the tens go on the IMP scale.
        adjusted: the values of artificial adjusted scores (Law 12C2).
        top: the number of results every board should have; default: the most on any board
            of the same session and section.
        across_sections: compare all sections' results on a board (one field).
        tie_break: how tied totals are separated.
        knockout: give both teams the average of non-balancing scores (Law 12C4).
        round_cap: at IMP pairs, the most IMPs a pair may score in one round (a Condition of
            Contest, Law 78D; JFR Pary's "12 IMPs a round"); a losing round is not limited.
            A round is the results' round number, or else the boards a pair plays in a row
            against the same opponents.
        provisional: score a team event whose boards still lack a table's result, leaving
            those boards out with a warning (otherwise each is an error).
        cross_imps: publish a cross-IMP result as the plain sum over its comparisons, or as
            that sum divided by the number of comparisons (Compscore, the EBU's XIMP/c, BBO).
    """

    method: Method = Method.MATCHPOINTS
    factoring: Factoring = Factoring.NEUBERG
    scale: Scale = Scale.TWO_ONE
    datum: butler.DatumRule = butler.DATUM_PRESETS[butler.DEFAULT_DATUM]
    imp_rule: ImpRule = ImpRule.EXACT
    adjusted: AdjustedRules = field(default_factory=AdjustedRules)
    top: int | None = None
    across_sections: bool = False
    tie_break: TieBreakRule = TieBreakRule.NONE
    knockout: bool = False
    round_cap: Fraction | None = None
    provisional: bool = False
    cross_imps: CrossImpTotal = CrossImpTotal.SUM


@dataclass(slots=True)
class ScoredResult:
    """One traveller line with its score for each side (read-only by convention: a scored
    event makes tens of thousands of them, and a frozen dataclass is four times slower to
    build).

    The scores are kept as integers over a common denominator, so that adding up a field
    never does fraction arithmetic; :attr:`ns` and :attr:`ew` are the exact values.

    Attributes:
        result: the line.
        ns_points: North-South's points (Law 77), None for adjusted scores.
        ns_units: NS's score times ``denominator``: matchpoint units (of 2) on ``top``, or IMPs.
        ew_units: EW's score times ``denominator``.
        denominator: the common denominator of the two scores (1 when both are whole).
        top: the board's top in units of 2 (matchpoints), else None.
        datum: the datum it was IMPed against (Butler), else None.
        comparisons: the comparisons behind a cross-IMP total.
    """

    result: Result
    ns_points: int | None
    ns_units: int
    ew_units: int
    denominator: int = 1
    top: int | None = None
    datum: Fraction | None = None
    comparisons: int = 0

    @classmethod
    def of(
        cls,
        result: Result,
        ns_points: int | None,
        ns: Fraction | int,
        ew: Fraction | int,
        *,
        top: int | None = None,
        datum: Fraction | None = None,
        comparisons: int = 0,
    ) -> ScoredResult:
        """A scored line from its two scores as exact numbers."""
        ns_value, ew_value = Fraction(ns), Fraction(ew)
        common = lcm(ns_value.denominator, ew_value.denominator)
        return cls(
            result,
            ns_points,
            ns_value.numerator * (common // ns_value.denominator),
            ew_value.numerator * (common // ew_value.denominator),
            common,
            top,
            datum,
            comparisons,
        )

    @property
    def ns(self) -> Fraction:
        """NS's score on the board: matchpoint units (of 2) on ``top``, or IMPs, or points."""
        return Fraction(self.ns_units, self.denominator)

    @property
    def ew(self) -> Fraction:
        """EW's score likewise."""
        return Fraction(self.ew_units, self.denominator)

    def units(self, side: Side) -> int:
        """The score of ``side`` times :attr:`denominator`."""
        return self.ns_units if side is Side.NS else self.ew_units

    @property
    def ns_percent(self) -> Fraction | None:
        """NS's percentage of the top (matchpoints)."""
        return None if self.top is None else percent(self.ns, self.top)

    @property
    def ew_percent(self) -> Fraction | None:
        """EW's percentage of the top (matchpoints)."""
        return None if self.top is None else percent(self.ew, self.top)

    def value(self, side: Side) -> Fraction:
        """The score of ``side``."""
        return self.ns if side is Side.NS else self.ew

    def percent_of(self, side: Side) -> Fraction | None:
        """The percentage of ``side`` (matchpoints)."""
        return self.ns_percent if side is Side.NS else self.ew_percent


@dataclass(frozen=True, slots=True)
class BoardScore:
    """One board (in one session and field) with its scored results."""

    board: int
    session: int
    section: str
    results: tuple[ScoredResult, ...]
    top: int | None = None

    @property
    def datums(self) -> tuple[Fraction, ...]:
        """The board's datum(s) (one per fouled-board group)."""
        return tuple(sorted({r.datum for r in self.results if r.datum is not None}))


@dataclass(frozen=True)
class PairScore:
    """A pair's (team's) scores, board by board and in total.

    Attributes:
        pair: the pair.
        entries: every board it played, with the side it sat.
        total: its total after penalties (matchpoint units, IMPs, VPs or points).
        maximum: the most it could have scored (matchpoints: the sum of its tops), else None.
        penalty: the sum of its penalties, in the total's unit.
        won: IMPs won (team events), for the quotient tie-break.
        lost: IMPs lost (team events).
        capped: what the round cap took off the total (IMP pairs).
    """

    pair: PairId
    entries: tuple[tuple[ScoredResult, Side], ...]
    total: Fraction
    maximum: Fraction | None = None
    penalty: Fraction = Fraction(0)
    won: Fraction = Fraction(0)
    lost: Fraction = Fraction(0)
    capped: Fraction = Fraction(0)

    @property
    def percent(self) -> Fraction | None:
        """The total as a percentage of the maximum (matchpoints)."""
        if self.maximum is None:
            return None
        top = int(self.maximum)
        if not top:
            return Fraction(50)
        return Fraction(self.total.numerator * 100, self.total.denominator * top)

    @property
    def boards_played(self) -> int:
        """How many boards the pair has a result on."""
        return len(self.entries)


@dataclass(frozen=True)
class MatchScore:
    """A team match: its boards (number, home's and away's figure), each team's IMPs won,
    its own margin (they differ in sign unless an adjustment does not balance) and VPs."""

    session: int
    home: PairId
    away: PairId
    boards: tuple[tuple[int, Fraction, Fraction], ...]
    home_imps: Fraction
    away_imps: Fraction
    home_margin: Fraction
    away_margin: Fraction
    home_vp: Fraction
    away_vp: Fraction


@dataclass(frozen=True)
class Field:
    """A ranking: the pairs (teams) competing against each other, best first."""

    title: str
    section: str
    line: Side | None
    placings: tuple[tuple[Placing[PairId], PairScore], ...]


@dataclass(frozen=True)
class ScoredEvent:
    """An event with every board scored and every field ranked.

    Attributes:
        event: the event.
        options: how it was scored.
        boards: every board's scored traveller, by session, board and section.
        pairs: every pair's (team's) scores.
        fields: the rankings.
        matches: the team matches (team events).
        problems: warnings found while scoring (errors raise :class:`ResultsError`).
    """

    event: Event
    options: ScoringOptions
    boards: tuple[BoardScore, ...]
    pairs: Mapping[PairId, PairScore]
    fields: tuple[Field, ...]
    matches: tuple[MatchScore, ...] = ()
    problems: tuple[Problem, ...] = field(default=())

    @property
    def method(self) -> Method:
        """The scoring method."""
        return self.options.method

    def boards_numbered(self, number: int) -> list[BoardScore]:
        """The scored travellers of board ``number`` (one per session and section)."""
        return [board for board in self.boards if board.board == number]

    def entry(self, pair: PairId, board: int, session: int = 1) -> tuple[ScoredResult, Side] | None:
        """A pair's scored result on a board, with its side."""
        for scored, side in self.pairs[pair].entries:
            if scored.result.board == board and scored.result.session == session:
                return scored, side
        return None


def comparable_of(event: Event, result: Result) -> Comparable | None:
    """The line as a result compared with others (played, or assigned, Law 12C1), or None
    for an artificial adjusted score (Law 12C2), which is compared with nothing."""
    outcome = result.outcome
    if isinstance(outcome, Played):
        return Comparable.played(event.ns_score(result, outcome), result.group)
    if isinstance(outcome, Assigned):
        return Comparable.weighted(
            [(weight, event.ns_score(result, played)) for weight, played in outcome.components],
            result.group,
        )
    return None


def ns_points_of(event: Event, result: Result) -> int | None:
    """North-South's points on the line (Law 77), None when they are not one score."""
    outcome = result.outcome
    if isinstance(outcome, Played):
        return event.ns_score(result, outcome)
    if isinstance(outcome, Assigned) and not outcome.weighted:
        return event.ns_score(result, outcome.components[0][1])
    return None
