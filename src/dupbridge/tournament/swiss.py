"""Swiss pairing for pairs and teams events: each round pairs entrants of similar scores who
have not met yet, by maximum-weight matching (networkx) rather than top-down search.

The weight of pairing two entrants puts, in strict order of priority:

1. no rematch: the matching avoids every pairing already played whenever that is possible
   (it then also has the fewest rematches possible);
2. the smallest total score gap between opponents;
3. among pairings of equal total gap, the closest opponents at the top tables.

With an odd number of entrants the bye goes to the lowest-ranked entrant who has not had one
(moving up the ranking only when giving it there would force a rematch). Pairings may be made
one round in arrears (on the scores before the round still in play) so that the next round
can start at once. Each pairing carries its reason, and pairings whose scores differ by more
than a margin (the EBU's 5 VP by default) are listed for the Director as mismatches.

Scores are exact (:class:`~fractions.Fraction`); entrants are any numbers or names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm

import networkx as nx

from dupbridge.core.errors import DupbridgeError
from dupbridge.i18n import _
from dupbridge.tournament.movements.model import Entrant, Kind, Movement, Row

__all__ = [
    "DEFAULT_MARGIN",
    "EntrantId",
    "SwissError",
    "SwissEvent",
    "SwissPairing",
    "SwissRound",
    "greedy_pairing",
    "pair_round",
]

#: An entrant: a pair or team number, or a name.
EntrantId = int | str
Score = Fraction | int | float | str

#: The EBU's margin for a mismatch report: opponents more than 5 VP apart.
DEFAULT_MARGIN = Fraction(5)


class SwissError(DupbridgeError, ValueError):
    """A Swiss round that cannot be paired (too few entrants, unknown entrant, bad score)."""


def _fraction(value: Score, what: str) -> Fraction:
    try:
        if isinstance(value, float):
            return Fraction(str(value))
        return Fraction(value)
    except (ValueError, TypeError, ZeroDivisionError):
        raise SwissError(
            _("{what}: {value!r} is not a score").format(what=what, value=value)
        ) from None


@dataclass(frozen=True, slots=True)
class SwissPairing:
    """One match of a Swiss round.

    Attributes:
        table: the table (1 for the leaders' match).
        home: the entrant sitting North-South (teams: at home, NS in the open room).
        away: its opponent.
        home_score: ``home``'s score when paired.
        away_score: ``away``'s score when paired.
        reason: why these two meet, in words for the Director.
        rematch: they had met before (only when no pairing avoided it).
    """

    table: int
    home: EntrantId
    away: EntrantId
    home_score: Fraction
    away_score: Fraction
    reason: str
    rematch: bool = False

    @property
    def gap(self) -> Fraction:
        """The difference between the two scores."""
        return abs(self.home_score - self.away_score)


@dataclass(frozen=True, slots=True)
class SwissRound:
    """The pairings of one round.

    Attributes:
        round: the round number.
        pairings: the matches, top table first.
        bye: the entrant with the bye, or None.
        margin: the score difference above which a pairing is a mismatch.
    """

    round: int
    pairings: tuple[SwissPairing, ...]
    bye: EntrantId | None = None
    margin: Fraction = DEFAULT_MARGIN

    @property
    def total_gap(self) -> Fraction:
        """The sum of the score gaps of all matches."""
        return sum((p.gap for p in self.pairings), Fraction(0))

    @property
    def rematches(self) -> tuple[SwissPairing, ...]:
        """Matches between entrants who had met already."""
        return tuple(p for p in self.pairings if p.rematch)

    @property
    def mismatches(self) -> tuple[SwissPairing, ...]:
        """Matches whose scores differ by more than the margin."""
        return tuple(p for p in self.pairings if p.gap > self.margin)

    def opponent(self, entrant: EntrantId) -> EntrantId | None:
        """Who ``entrant`` plays this round (None: the bye, or not in the round)."""
        for pairing in self.pairings:
            if pairing.home == entrant:
                return pairing.away
            if pairing.away == entrant:
                return pairing.home
        return None

    def movement(self, boards: int, *, teams: bool = False, first_board: int = 1) -> Movement:
        """The round as a movement (for table and guide cards, and to check travellers).

        Pairs: match ``t`` at table ``t``, the home pair North-South. Teams: match ``t`` at
        tables ``2t - 1`` (open room, home team NS) and ``2t`` (closed room, away team NS),
        both rooms playing copies of the same boards (Law 6F). Every match plays boards
        ``first_board`` to ``first_board + boards - 1``.

        Raises:
            SwissError: when an entrant is named rather than numbered, or ``boards`` < 1.
        """
        if boards < 1:
            raise SwissError(_("a match needs at least one board"))
        numbers = [e for p in self.pairings for e in (p.home, p.away)]
        if any(isinstance(e, str) for e in numbers):
            raise SwissError(_("a movement numbers its entrants; this round names them"))
        played = tuple(range(first_board, first_board + boards))
        rows: list[Row] = []
        sets: list[tuple[int, tuple[int, ...]]] = []
        for p in self.pairings:
            home, away = Entrant(int(p.home)), Entrant(int(p.away))
            if teams:
                sets += [(2 * p.table - 1, played), (2 * p.table, played)]
                rows.append(Row.pair(1, 2 * p.table - 1, home, away, 2 * p.table - 1))
                rows.append(Row.pair(1, 2 * p.table, away, home, 2 * p.table))
            else:
                sets.append((p.table, played))
                rows.append(Row.pair(1, p.table, home, away, p.table))
        return Movement(
            name=_("Swiss round {round}").format(round=self.round),
            rows=tuple(rows),
            set_boards=tuple(sets),
            kind=Kind.TEAMS if teams else Kind.PAIRS,
            duplicated=len(sets) > 1,
            description=_("{n} matches of {boards} boards").format(
                n=len(self.pairings), boards=boards
            ),
            family="swiss",
        )

    def report(self) -> list[str]:
        """The Director's report: each match with its reason, mismatches and rematches
        marked, then the bye."""
        lines: list[str] = []
        for p in self.pairings:
            flags = []
            if p.gap > self.margin:
                flags.append(
                    _("MISMATCH: gap {gap} over {margin}").format(
                        gap=_number(p.gap), margin=_number(self.margin)
                    )
                )
            if p.rematch:
                flags.append(_("REMATCH: no pairing avoids it"))
            line = _("table {table}: {home} ({hs}) v {away} ({aws}), gap {gap}: {reason}").format(
                table=p.table,
                home=p.home,
                hs=_number(p.home_score),
                away=p.away,
                aws=_number(p.away_score),
                gap=_number(p.gap),
                reason=p.reason,
            )
            lines.append(line + ("" if not flags else " [" + "; ".join(flags) + "]"))
        if self.bye is not None:
            lines.append(_("bye: {who}").format(who=self.bye))
        return lines


def _number(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


class _Field:
    """The entrants of one round, ranked, with what they have played."""

    def __init__(
        self,
        scores: Mapping[EntrantId, Score],
        previous: Sequence[Iterable[tuple[EntrantId, EntrantId]]],
        byes: Iterable[EntrantId],
        seeding: Sequence[EntrantId] | None,
        homes: Mapping[EntrantId, int] | None,
    ) -> None:
        order = list(seeding) if seeding is not None else list(scores)
        missing = [e for e in order if e not in scores]
        if missing:
            raise SwissError(_("no score for {who}").format(who=missing[0]))
        extra = [e for e in scores if e not in order]
        order += extra
        self.score = {e: _fraction(scores[e], str(e)) for e in order}
        seed = {e: i for i, e in enumerate(order)}
        self.ranked = sorted(order, key=lambda e: (-self.score[e], seed[e]))
        self.rank = {e: i for i, e in enumerate(self.ranked)}
        self.met: dict[frozenset[EntrantId], list[int]] = {}
        for number, pairings in enumerate(previous, start=1):
            for a, b in pairings:
                for who in (a, b):
                    if who not in self.score:
                        raise SwissError(
                            _("round {round} names {who}, who is not in the event").format(
                                round=number, who=who
                            )
                        )
                self.met.setdefault(frozenset((a, b)), []).append(number)
        self.byes = set(byes)
        self.homes = dict(homes or {})

    def met_in(self, a: EntrantId, b: EntrantId) -> list[int]:
        return self.met.get(frozenset((a, b)), [])


def pair_round(
    scores: Mapping[EntrantId, Score],
    previous: Sequence[Iterable[tuple[EntrantId, EntrantId]]] = (),
    *,
    byes: Iterable[EntrantId] = (),
    round: int | None = None,
    margin: Score = DEFAULT_MARGIN,
    seeding: Sequence[EntrantId] | None = None,
    homes: Mapping[EntrantId, int] | None = None,
) -> SwissRound:
    """Pair one Swiss round.

    Args:
        scores: each entrant's score to pair on (for pairing in arrears, the scores before
            the round still in play).
        previous: the pairings of the earlier rounds (including one still in play), round
            by round: who has met whom.
        byes: entrants who have had a bye.
        round: the number of the round being paired (default: one after ``previous``).
        margin: the score gap above which a pairing is reported as a mismatch.
        seeding: the order that breaks ties in score (default: the order of ``scores``).
        homes: how often each entrant has been home (North-South), to balance it.

    Raises:
        SwissError: for fewer than two entrants, a score that is no number, or an entrant
            in ``previous`` who is not in ``scores``.
    """
    field_ = _Field(scores, previous, byes, seeding, homes)
    if len(field_.ranked) < 2:
        raise SwissError(_("a Swiss round needs at least two entrants"))
    number = len(previous) + 1 if round is None else round
    bye, pairs = _choose(field_)
    return _round(field_, pairs, bye, number, _fraction(margin, _("margin")))


def greedy_pairing(
    scores: Mapping[EntrantId, Score],
    previous: Sequence[Iterable[tuple[EntrantId, EntrantId]]] = (),
    *,
    byes: Iterable[EntrantId] = (),
    margin: Score = DEFAULT_MARGIN,
    seeding: Sequence[EntrantId] | None = None,
) -> SwissRound:
    """The classic top-down pairing, for comparison: the highest-ranked unpaired entrant
    meets the highest-ranked one it has not met (a rematch when none is left); the bye to
    the lowest-ranked entrant without one."""
    field_ = _Field(scores, previous, byes, seeding, None)
    ranked = list(field_.ranked)
    bye = None
    if len(ranked) % 2:
        bye = next((e for e in reversed(ranked) if e not in field_.byes), ranked[-1])
        ranked.remove(bye)
    pairs: list[tuple[EntrantId, EntrantId]] = []
    while ranked:
        top = ranked.pop(0)
        opponent = next((e for e in ranked if not field_.met_in(top, e)), ranked[0])
        ranked.remove(opponent)
        pairs.append((top, opponent))
    return _round(field_, pairs, bye, len(previous) + 1, _fraction(margin, _("margin")))


def _choose(field_: _Field) -> tuple[EntrantId | None, list[tuple[EntrantId, EntrantId]]]:
    ranked = field_.ranked
    if len(ranked) % 2 == 0:
        return None, _matching(field_, ranked)
    without = [e for e in reversed(ranked) if e not in field_.byes] or list(reversed(ranked))
    fallback: tuple[EntrantId, list[tuple[EntrantId, EntrantId]]] | None = None
    for candidate in without:
        rest = [e for e in ranked if e != candidate]
        pairs = _matching(field_, rest)
        if not any(field_.met_in(a, b) for a, b in pairs):
            return candidate, pairs
        if fallback is None:
            fallback = (candidate, pairs)
    assert fallback is not None
    return fallback


def _matching(field_: _Field, entrants: Sequence[EntrantId]) -> list[tuple[EntrantId, EntrantId]]:
    """The maximum-weight perfect matching with the priorities of the module docstring."""
    n = len(entrants)
    denominator = lcm(*(field_.score[e].denominator for e in entrants))
    scaled = {e: int(field_.score[e] * denominator) for e in entrants}
    gaps = {
        (a, b): abs(scaled[a] - scaled[b])
        for i, a in enumerate(entrants)
        for b in entrants[i + 1 :]
    }
    widest = max(gaps.values(), default=0)
    # Integer weights in three tiers, each worth more than everything below it can add up to.
    top_unit = n * (widest + 1) + 1
    gap_unit = (n // 2 + 1) * top_unit
    rematch_unit = (n // 2 + 1) * (widest + 1) * gap_unit + 1
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    index = {e: i for i, e in enumerate(entrants)}
    for (a, b), gap in gaps.items():
        height = n - min(field_.rank[a], field_.rank[b])  # larger at the top tables
        weight = (
            (0 if field_.met_in(a, b) else rematch_unit)
            + (widest - gap) * gap_unit
            + height * (widest - gap)
        )
        graph.add_edge(index[a], index[b], weight=weight)
    matched = nx.max_weight_matching(graph, maxcardinality=True)
    pairs = []
    for i, j in matched:
        a, b = entrants[i], entrants[j]
        pairs.append((a, b) if field_.rank[a] < field_.rank[b] else (b, a))
    return pairs


def _round(
    field_: _Field,
    pairs: Sequence[tuple[EntrantId, EntrantId]],
    bye: EntrantId | None,
    number: int,
    margin: Fraction,
) -> SwissRound:
    ordered = sorted(pairs, key=lambda pair: field_.rank[pair[0]])
    placed: set[EntrantId] = set()
    partner = dict(ordered) | {b: a for a, b in ordered}
    pairings: list[SwissPairing] = []
    for table, (a, b) in enumerate(ordered, start=1):
        reason = _reason(field_, a, b, placed=placed, partner=partner, bye=bye)
        placed.update((a, b))
        home, away = a, b
        if field_.homes.get(b, 0) < field_.homes.get(a, 0):
            home, away = b, a
        pairings.append(
            SwissPairing(
                table,
                home,
                away,
                field_.score[home],
                field_.score[away],
                reason,
                rematch=bool(field_.met_in(a, b)),
            )
        )
    return SwissRound(number, tuple(pairings), bye, margin)


def _reason(
    field_: _Field,
    a: EntrantId,
    b: EntrantId,
    *,
    placed: set[EntrantId],
    partner: Mapping[EntrantId, EntrantId],
    bye: EntrantId | None,
) -> str:
    """Why ``a`` (the higher ranked) meets ``b``: the entrants ranked between them that it
    passed over, each with the reason."""
    skipped = [
        e
        for e in field_.ranked[field_.rank[a] + 1 : field_.rank[b]]
        if e not in placed and e != bye
    ]
    if not skipped:
        text = _("next in the ranking")
    else:
        parts = []
        for e in skipped:
            rounds = field_.met_in(a, e)
            if rounds:
                parts.append(
                    _("{who} (met in round {rounds})").format(
                        who=e, rounds=", ".join(str(r) for r in rounds)
                    )
                )
            else:
                parts.append(
                    _("{who} (plays {other}, which avoids a rematch or a larger total gap)").format(
                        who=e, other=partner.get(e, "-")
                    )
                )
        text = _("passes over {skipped}").format(skipped="; ".join(parts))
    if field_.met_in(a, b):
        text += _("; they met in round {rounds}").format(
            rounds=", ".join(str(r) for r in field_.met_in(a, b))
        )
    return text


@dataclass(frozen=True, slots=True)
class SwissEvent:
    """A Swiss event round by round: pairings made, results recorded, scores to date.

    Attributes:
        entrants: every entrant, in seeding order (it breaks ties in score).
        rounds: the rounds paired so far.
        results: per round with results, the score each entrant gained (a bye's score
            included, as the event's regulations award it).
        in_arrears: pair each round on the scores before the round in play (one round in
            arrears), so that it can be paired before that round ends.
        margin: the mismatch margin.
    """

    entrants: tuple[EntrantId, ...]
    rounds: tuple[SwissRound, ...] = ()
    results: tuple[Mapping[EntrantId, Fraction], ...] = field(default=())
    in_arrears: bool = False
    margin: Fraction = DEFAULT_MARGIN

    def scores(self, after: int | None = None) -> dict[EntrantId, Fraction]:
        """Each entrant's total after ``after`` rounds with results (default: all)."""
        upto = len(self.results) if after is None else max(0, after)
        totals = {e: Fraction(0) for e in self.entrants}
        for gained in self.results[:upto]:
            for entrant, value in gained.items():
                totals[entrant] += value
        return totals

    def next_round(self) -> SwissRound:
        """Pair the next round.

        Raises:
            SwissError: when results of an earlier round are still missing (two rounds
                missing in arrears).
        """
        played = len(self.rounds)
        basis = played - 1 if self.in_arrears else played
        if len(self.results) < basis:
            raise SwissError(
                _("round {round} cannot be paired before the results of round {missing}").format(
                    round=played + 1, missing=len(self.results) + 1
                )
            )
        byes = [r.bye for r in self.rounds if r.bye is not None]
        homes: dict[EntrantId, int] = {}
        for r in self.rounds:
            for p in r.pairings:
                homes[p.home] = homes.get(p.home, 0) + 1
        previous = [[(p.home, p.away) for p in r.pairings] for r in self.rounds]
        return pair_round(
            self.scores(max(basis, 0)),
            previous,
            byes=byes,
            round=played + 1,
            margin=self.margin,
            seeding=self.entrants,
            homes=homes,
        )

    def with_round(self, paired: SwissRound) -> SwissEvent:
        """The event with ``paired`` added as its next round."""
        return SwissEvent(
            self.entrants, (*self.rounds, paired), self.results, self.in_arrears, self.margin
        )

    def with_results(self, gained: Mapping[EntrantId, Score]) -> SwissEvent:
        """The event with the scores gained in its next round without results.

        Raises:
            SwissError: for results of a round not yet paired, or an unknown entrant.
        """
        if len(self.results) >= len(self.rounds):
            raise SwissError(_("there is no paired round waiting for results"))
        for entrant in gained:
            if entrant not in self.entrants:
                raise SwissError(_("{who} is not in the event").format(who=entrant))
        exact = {e: _fraction(v, str(e)) for e, v in gained.items()}
        return SwissEvent(
            self.entrants, self.rounds, (*self.results, exact), self.in_arrears, self.margin
        )
