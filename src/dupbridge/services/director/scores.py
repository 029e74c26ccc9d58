"""The console's scores: the Director's adjusted scores on an event's results, kept in the
session's append-only log (the Director's store, one scope per event; issue 16,
docs/director.md). An event opened from its results has no tables; on an online session the
scores are events of the tables' own logs instead (:mod:`.session_console`).

Every decision is an entry of the log with the Director's name and the time:

* ``adjusted_score``: an assigned score (Law 12C1, weighted by 12C1(c): ``"30% 4SN=; 70%
  4SN-1"``) or an artificial one (Law 12C2: ``"A60/40"``, with the profile's values) on
  one line of a board's traveller;
* ``not_played``: the board was not played at that table (Law 12C2(a), an artificial score
  the Director gives; the same notation);
* ``penalty``: a procedural or disciplinary penalty (Laws 90, 91) in matchpoints or IMPs;
* ``revision``: the Director revises one of his earlier entries; the revision is a new entry
  that names the one it replaces (the original stays in the log);
* ``withdrawal``: an entry is withdrawn (a compensating entry; the table result is back).

The results are worked out again from the table results and the log each time: the log
never changes what was written, it only adds.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from dupbridge.core.errors import DupbridgeError, NotationError
from dupbridge.i18n import _
from dupbridge.laws.profiles import Profile, find_profile
from dupbridge.scoring.adjusted import AdjustedRules, ArtificialScore
from dupbridge.store.director import DirectorStore, LogEntry
from dupbridge.tournament.event_scoring import ScoringOptions, score_event
from dupbridge.tournament.results import Assigned, Event, PairId, Penalty, parse_outcome
from dupbridge.tournament.scored import ScoredEvent

__all__ = ["EventScores", "ScoresError", "entry_text", "score_laws"]

#: The kinds of log entries that put a score on a traveller line.
SCORE_KINDS = ("adjusted_score", "not_played")


class ScoresError(DupbridgeError, ValueError):
    """A Director's score that cannot be entered (with what is wrong)."""


@dataclass(frozen=True, slots=True)
class _Line:
    board: int
    ns: PairId
    ew: PairId


def entry_text(entry: LogEntry) -> str:
    """One line of the audit log in words."""
    data = entry.payload
    when = entry.created_at.strftime("%H:%M:%S")
    if entry.kind in SCORE_KINDS:
        text = _("board {board}, {ns} v {ew}: {score} ({laws})").format(
            board=data["board"], ns=data["ns"], ew=data["ew"], score=data["score"],
            laws=", ".join(data.get("laws", [])),
        )  # fmt: skip
    elif entry.kind == "penalty":
        text = _("pair {pair}: {points} ({law}) {reason}").format(
            pair=data["pair"], points=data["points"], law=data["law"], reason=data["reason"]
        )
    elif entry.kind == "revision":
        text = _("revises entry {id}: {score}").format(id=entry.revises, score=data["score"])
    elif entry.kind == "withdrawal":
        text = _("withdraws entry {id}").format(id=entry.revises)
    else:
        text = str(data)
    return f"#{entry.id} {when} {entry.director}: {text}"


class EventScores:
    """The Director's scores on one event (``scope`` names it in the log).

    Args:
        store: the Director's store.
        scope: the event's reference (a session id).
        event: the results as played (the table results).
        profile: the event's national profile: the values of the artificial scores (Law
            12C2) and who may weight an assigned score (Law 12C1(c)); WBF by default.
    """

    def __init__(
        self,
        store: DirectorStore,
        scope: str,
        event: Event,
        *,
        profile: Profile | None = None,
    ) -> None:
        self._store = store
        self.scope = scope
        self._event = event
        self.profile = profile or find_profile("wbf")
        self._adjusted = AdjustedRules(
            average_plus_percent=self.profile.average_plus_percent,
            average_minus_percent=self.profile.average_minus_percent,
            average_plus_imps=self.profile.average_imps,
        )

    # --- entering ---------------------------------------------------------------------------

    def adjust(
        self,
        director: str,
        board: int,
        ns: int,
        ew: int,
        score: str,
        *,
        kind: str = "adjusted_score",
    ) -> LogEntry:
        """Give the line ``ns`` v ``ew`` of ``board`` an adjusted score (Law 12C).

        Raises:
            ScoresError: if there is no such line, or the score cannot be read.
        """
        if kind not in SCORE_KINDS:
            raise ScoresError(_("unknown kind of score {kind!r}").format(kind=kind))
        line = self._line(board, ns, ew)
        laws = self._laws_of(score)
        payload = {"board": board, "ns": ns, "ew": ew, "score": score.strip(), "laws": laws}
        del line
        return self._store.append(self.scope, kind, director, payload)

    def penalty(self, director: str, pair: int, points: str, law: str, reason: str) -> LogEntry:
        """A procedural (Law 90) or disciplinary (Law 91) penalty on a pair, in the event's
        unit (matchpoints or IMPs; a number, negative to take away)."""
        if law not in ("90", "91"):
            raise ScoresError(_("a penalty is given under Law 90 or Law 91, not {law!r}").format(
                law=law))  # fmt: skip
        try:
            value = Fraction(points.replace(",", "."))
        except (ValueError, ZeroDivisionError):
            raise ScoresError(_("not a number of points: {text!r}").format(text=points)) from None
        if PairId(pair) not in self._pairs():
            raise ScoresError(_("there is no pair {pair} in this event").format(pair=pair))
        payload = {"pair": pair, "points": str(value), "law": law, "reason": reason}
        return self._store.append(self.scope, "penalty", director, payload)

    def revise(self, director: str, entry_id: int, score: str) -> LogEntry:
        """Replace the score of an earlier entry: a new entry is appended, naming it."""
        original = self._entry(entry_id)
        if original.kind not in SCORE_KINDS:
            raise ScoresError(_("entry {id} is not a score").format(id=entry_id))
        data = original.payload
        line = self._line(data["board"], data["ns"], data["ew"])
        del line
        payload = {**data, "score": score.strip(), "laws": self._laws_of(score)}
        return self._store.append(self.scope, "revision", director, payload, revises=entry_id)

    def withdraw(self, director: str, entry_id: int) -> LogEntry:
        """Withdraw an earlier entry (a compensating entry; the original stays)."""
        original = self._entry(entry_id)
        return self._store.append(
            self.scope, "withdrawal", director, {"kind": original.kind}, revises=entry_id
        )

    # --- reading ----------------------------------------------------------------------------

    def log(self) -> list[LogEntry]:
        """The audit log, oldest first."""
        return list(self._store.log(self.scope))

    def event(self) -> Event:
        """The results with the Director's decisions in force applied."""
        scores: dict[_Line, str] = {}
        penalties: dict[int, tuple[int, str]] = {}  # entry id -> (pair, points)
        by_id: dict[int, LogEntry] = {}
        origin: dict[int, int] = {}  # revision/score entry -> the first entry of its chain
        for entry in self.log():
            by_id[entry.id] = entry
            data = entry.payload
            if entry.kind in SCORE_KINDS:
                origin[entry.id] = entry.id
                scores[_Line(data["board"], PairId(data["ns"]), PairId(data["ew"]))] = data["score"]
            elif entry.kind == "revision" and entry.revises is not None:
                origin[entry.id] = origin.get(entry.revises, entry.revises)
                scores[_Line(data["board"], PairId(data["ns"]), PairId(data["ew"]))] = data["score"]
            elif entry.kind == "penalty":
                penalties[entry.id] = (int(data["pair"]), data["points"])
            elif entry.kind == "withdrawal" and entry.revises is not None:
                target = by_id.get(entry.revises)
                if target is None:
                    continue
                if target.kind == "penalty":
                    penalties.pop(target.id, None)
                else:
                    tdata = target.payload
                    key = _Line(tdata["board"], PairId(tdata["ns"]), PairId(tdata["ew"]))
                    scores.pop(key, None)
        results = []
        for played in self._event.results:
            key = _Line(played.board, played.ns, played.ew)
            if key in scores:
                played = replace(played, outcome=parse_outcome(scores[key]))  # noqa: PLW2901
            results.append(played)
        extra = [Penalty(PairId(pair), Fraction(points)) for pair, points in penalties.values()]
        return replace(self._event, results=results, penalties=[*self._event.penalties, *extra])

    def scored(self, options: ScoringOptions | None = None) -> ScoredEvent:
        """The event scored with the Director's decisions (with the profile's values)."""
        options = options or ScoringOptions()
        return score_event(self.event(), replace(options, adjusted=self._adjusted))

    def to_json(self) -> list[dict[str, Any]]:
        """The audit log as JSON."""
        return [
            {
                "id": entry.id,
                "kind": entry.kind,
                "director": entry.director,
                "time": entry.created_at.isoformat(timespec="seconds"),
                "revises": entry.revises,
                "payload": entry.payload,
                "text": entry_text(entry),
            }
            for entry in self.log()
        ]

    # --- inside -----------------------------------------------------------------------------

    def _pairs(self) -> set[PairId]:
        return {pair for result in self._event.results for pair in (result.ns, result.ew)}

    def _line(self, board: int, ns: int, ew: int) -> _Line:
        line = _Line(board, PairId(ns), PairId(ew))
        if not any(
            _Line(result.board, result.ns, result.ew) == line for result in self._event.results
        ):
            raise ScoresError(
                _("board {board} has no line {ns} v {ew} in this event").format(
                    board=board, ns=ns, ew=ew
                )
            )
        return line

    def _entry(self, entry_id: int) -> LogEntry:
        for entry in self.log():
            if entry.id == entry_id:
                return entry
        raise ScoresError(_("there is no entry {id} in this event's log").format(id=entry_id))

    def _laws_of(self, score: str) -> list[str]:
        return score_laws(score, self.profile)


def score_laws(score: str, profile: Profile) -> list[str]:
    """The laws of an adjusted score: 12C1(b) assigned, 12C1(c) weighted (refused when the
    profile leaves weighting to an appeals committee), 12C2(a)/(b) artificial.

    Raises:
        ScoresError: if ``score`` is not an adjusted score.
    """
    try:
        outcome = parse_outcome(score)
    except NotationError as error:
        raise ScoresError(_("not an adjusted score: {error}").format(error=error)) from None
    if isinstance(outcome, ArtificialScore):
        return ["12C2(b)"] if outcome.in_imps else ["12C2(a)"]
    if isinstance(outcome, Assigned):
        if outcome.weighted and profile.weighting_by != "director":
            raise ScoresError(
                _(
                    "under the {profile} profile only an appeals committee may weight an "
                    "assigned score (Law 12C1(c)); the Director assigns one result"
                ).format(profile=profile.title)
            )
        return ["12C1(c)"] if outcome.weighted else ["12C1(b)"]
    raise ScoresError(
        _("{score!r} is a table result, not an adjusted score (Law 12C)").format(score=score)
    )
