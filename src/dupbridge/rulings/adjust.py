"""Law 12 adjusted scores as the Director awards them at a table, for the scoring to use.

An *assigned* adjusted score (Law 12C1) replaces the table result by results that could have
been obtained legally, perhaps weighted (12C1(c)); an *artificial* one (12C2) gives each side
average plus, average or average minus by its responsibility. The values come from the national
profile (12C2(a)-(b)); who may weight an assigned score too (Sweden's 2007 text leaves it to an
appeals committee or the Laws Commission).

The Director writes them in a table record as
``{"director": {"adjusted_score": "A60/40"}}`` (artificial, the notation of
:mod:`dupbridge.scoring.adjusted`) or
``{"director": {"adjusted_score": {"assigned": [{"contract": "4SN", "tricks": 10, "weight":
"2/3"}, {"contract": "4SN", "tricks": 9, "weight": "1/3"}]}}}`` (assigned).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from dupbridge.core.contract import Contract
from dupbridge.core.errors import DupbridgeError, NotationError
from dupbridge.core.lawref import LawRef
from dupbridge.core.seats import Side
from dupbridge.i18n import _
from dupbridge.laws import LawsEdition, Profile
from dupbridge.scoring import score
from dupbridge.scoring.adjusted import AdjustedRules, ArtificialScore
from dupbridge.scoring.adjusted import AdjustedScoreError as _NotationError
from dupbridge.scoring.matchpoints import Comparable

if TYPE_CHECKING:
    from dupbridge.core.table import Table

__all__ = ["AdjustedScore", "AdjustedScoreError", "AssignedResult", "parse_adjusted"]


class AdjustedScoreError(DupbridgeError, ValueError):
    """An adjusted score the Director cannot award as written (Law 12C)."""


@dataclass(frozen=True, slots=True)
class AssignedResult:
    """One result of an assigned adjusted score, with its weight (Law 12C1(c))."""

    weight: Fraction
    contract: Contract | None  # None: passed out
    tricks: int
    ns_score: int

    def to_json(self) -> dict[str, Any]:
        """``{"contract", "tricks", "weight", "ns"}``."""
        return {
            "contract": "Pass" if self.contract is None else str(self.contract),
            "tricks": self.tricks,
            "weight": str(self.weight),
            "ns": self.ns_score,
        }


@dataclass(frozen=True, slots=True)
class AdjustedScore:
    """A Law 12 adjusted score: artificial (12C2) or assigned, maybe weighted (12C1)."""

    artificial: ArtificialScore | None = None
    assigned: tuple[AssignedResult, ...] = ()
    by: str = "director"
    laws: tuple[LawRef, ...] = ()
    rules: AdjustedRules = field(default_factory=AdjustedRules)

    @property
    def is_weighted(self) -> bool:
        """Whether it weights several results (Law 12C1(c))."""
        return len(self.assigned) > 1

    def comparable(self) -> Comparable:
        """The assigned score as a result to matchpoint or IMP (scoring.matchpoints).

        Raises:
            AdjustedScoreError: for an artificial score (it is not a table result).
        """
        if not self.assigned:
            raise AdjustedScoreError(_("an artificial adjusted score is not a table result"))
        return Comparable.weighted([(r.weight, r.ns_score) for r in self.assigned])

    def to_json(self) -> dict[str, Any]:
        """The score as JSON: ``{"kind", "laws", "by", ...}``."""
        data: dict[str, Any] = {"laws": [law.code for law in self.laws], "by": self.by}
        if self.artificial is not None:
            data["kind"] = "artificial"
            data["artificial"] = str(self.artificial)
            if not self.artificial.in_imps:
                data["percent"] = {
                    "NS": str(self.artificial.ns.percentage(self.rules)),
                    "EW": str(self.artificial.ew.percentage(self.rules)),
                }
        else:
            data["kind"] = "assigned"
            data["assigned"] = [result.to_json() for result in self.assigned]
            data["expected_ns"] = str(self.comparable().expected_score)
        return data

    def __str__(self) -> str:
        if self.artificial is not None:
            return f"{self.artificial} ({', '.join(str(law) for law in self.laws)})"
        parts = [
            f"{'Pass' if r.contract is None else r.contract} {r.tricks} ({r.weight})"
            for r in self.assigned
        ]
        return " + ".join(parts) + f" ({', '.join(str(law) for law in self.laws)})"


def parse_adjusted(
    value: object, table: Table, laws: LawsEdition, profile: Profile
) -> AdjustedScore:
    """The Director's adjusted score, checked against the Laws and the profile.

    Raises:
        AdjustedScoreError: for a score that is not one, weights that do not add up to one,
            a weighting the profile leaves to a committee, a result that is impossible.
    """
    rules = AdjustedRules(
        average_plus_percent=profile.average_plus_percent,
        average_minus_percent=profile.average_minus_percent,
        average_plus_imps=profile.average_imps,
    )
    if isinstance(value, str):
        try:
            artificial = ArtificialScore.from_str(value)
        except _NotationError as error:
            raise AdjustedScoreError(str(error)) from None
        return AdjustedScore(artificial=artificial, laws=(laws.ref("12C2"),), rules=rules)
    if not isinstance(value, Mapping):
        raise AdjustedScoreError(
            _('an adjusted score is text (e.g. "A60/40") or {{"assigned": [...]}}').format()
        )
    if "artificial" in value:
        return parse_adjusted(str(value["artificial"]), table, laws, profile)
    results = value.get("assigned")
    by = str(value.get("by", "director"))
    if by not in ("director", "committee"):
        raise AdjustedScoreError(_("'by' is 'director' or 'committee', not {by!r}").format(by=by))
    if not isinstance(results, list) or not results:
        raise AdjustedScoreError(_("an assigned adjusted score lists at least one result"))
    assigned = tuple(_result(item, table, len(results)) for item in results)
    total = sum((r.weight for r in assigned), Fraction(0))
    if total != 1:
        raise AdjustedScoreError(
            _("the weights of an assigned score must add up to 1, not {total}").format(total=total)
        )
    law_codes = ["12C1(a)", "12C1(b)"]
    if len(assigned) > 1:
        law_codes.append("12C1(c)")
        if profile.weighting_by == "committee" and by != "committee":
            raise AdjustedScoreError(
                _(
                    "under the {profile} profile only an appeals committee may weight an "
                    'assigned score (Law 12C1); give "by": "committee" or one result'
                ).format(profile=profile.title)
            )
    return AdjustedScore(
        assigned=assigned, by=by, laws=tuple(laws.ref(code) for code in law_codes), rules=rules
    )


def _result(item: object, table: Table, count: int) -> AssignedResult:
    if not isinstance(item, Mapping):
        raise AdjustedScoreError(_("each assigned result is an object with contract and tricks"))
    text = str(item.get("contract", ""))
    try:
        contract = None if text.strip().lower() in ("pass", "p") else Contract.from_str(text)
    except NotationError as error:
        raise AdjustedScoreError(str(error)) from None
    if contract is not None and contract.declarer is None:
        raise AdjustedScoreError(
            _("an assigned contract names its declarer, e.g. 4SN, not {text!r}").format(text=text)
        )
    tricks = item.get("tricks", 0)
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise AdjustedScoreError(_("tricks must be 0 to 13, not {value!r}").format(value=tricks))
    raw_weight = item.get("weight", "1" if count == 1 else None)
    try:
        weight = Fraction(str(raw_weight))
    except (ValueError, ZeroDivisionError):
        raise AdjustedScoreError(
            _("a weight is a fraction or decimal, not {value!r}").format(value=raw_weight)
        ) from None
    if weight <= 0:
        raise AdjustedScoreError(_("weights must be positive"))
    if contract is None:
        return AssignedResult(weight, None, 0, 0)
    declarer = contract.declarer
    assert declarer is not None
    vulnerable = table.board.vulnerability.is_vulnerable(declarer)
    points = score(contract, tricks, vulnerable)
    ns = points if declarer.side is Side.NS else -points
    return AssignedResult(weight, contract, tricks, ns)
