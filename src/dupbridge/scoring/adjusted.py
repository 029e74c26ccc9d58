"""Adjusted scores (Law 12C): artificial awards per side and weighted assigned scores.

An *artificial* adjusted score (Law 12C2) is given when no result could be obtained: average
plus (at least 60 % in pairs, +3 IMPs at IMP play), average (50 %, 0 IMPs) or average minus
(at most 40 %, −3 IMPs), by each side's responsibility. The two sides' awards need not
balance (a director's 60/40, or JFR's 60/0 against an absent pair). A named award is subject
to the session override of Law 12C2(c): a non-offending side whose session score on the
other boards beats 60 % gets that score instead, an offending side below 40 % keeps its lower
score. An explicit percentage or IMP figure (``60%/40%``, ``+3/-3 IMP``) is used as written.

An *assigned* adjusted score (Law 12C1) replaces the table result by a result that could have
been obtained; since 2017 it may be *weighted* over several results (12C1(c)). In the scoring
methods it is a distribution over NS scores: see :class:`dupbridge.scoring.matchpoints.Comparable`.

Notation (travellers, USEBIO, PBN, the CLI): ``A60/40`` (named awards at 60 and 40 %),
``A+/A-``, ``A=``, ``60%/40%`` (explicit percentages), ``+3/-3 IMP`` (explicit IMPs),
``A+3/A-3 IMP``. The part before the slash is North-South's, the part after it East-West's; a
single part applies to both sides, except a lone named percentage. What scoring programs
write is read too: ``A6040``, ``A5050``, ``A3070`` (Compscore's ``Annmm``: North-South's
percentage, then East-West's) and ``A60``, ``A50``, ``A40`` (North-South's percentage; East-West
take the complement, ``A60`` is ``A60/40``). Named awards stay subject to the session
override of Law 12C2(c) when the rules in force apply it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from dupbridge.core.errors import NotationError
from dupbridge.i18n import _

__all__ = [
    "AdjustedRules",
    "AdjustedScoreError",
    "Artificial",
    "ArtificialScore",
    "Award",
    "parse_number",
]


class AdjustedScoreError(NotationError):
    """Text that is not an adjusted score, e.g. ``"A7"`` or ``"60/40/30"``."""


class Award(Enum):
    """The three artificial awards of Law 12C2(a), by responsibility."""

    #: In no way at fault: at least 60 % in pairs, +3 IMPs (Law 12C2(a), (b)).
    AVERAGE_PLUS = "A+"
    #: Only partly at fault: 50 %, 0 IMPs.
    AVERAGE = "A="
    #: Directly at fault: at most 40 %, −3 IMPs.
    AVERAGE_MINUS = "A-"

    @classmethod
    def of_percent(cls, percent: Fraction) -> Award:
        """The award a percentage stands for: above, at or below 50 %."""
        if percent > 50:
            return cls.AVERAGE_PLUS
        return cls.AVERAGE if percent == 50 else cls.AVERAGE_MINUS

    @classmethod
    def of_imps(cls, imps: Fraction) -> Award:
        """The award an IMP figure stands for: above, at or below 0."""
        if imps > 0:
            return cls.AVERAGE_PLUS
        return cls.AVERAGE if imps == 0 else cls.AVERAGE_MINUS


@dataclass(frozen=True, slots=True)
class AdjustedRules:
    """The values of the artificial awards: Law 12C2 by default, varied by a profile.

    Law 12C2(b) lets the Tournament Organizer vary the ±3 IMPs with the Regulating
    Authority's approval (Estonia uses ±2); 12C2(c) is the session override.
    """

    average_plus_percent: Fraction = Fraction(60)
    average_percent: Fraction = Fraction(50)
    average_minus_percent: Fraction = Fraction(40)
    average_plus_imps: Fraction = Fraction(3)
    session_override: bool = True

    def percent_of(self, award: Award) -> Fraction:
        """The percentage of a named award before the session override."""
        return {
            Award.AVERAGE_PLUS: self.average_plus_percent,
            Award.AVERAGE: self.average_percent,
            Award.AVERAGE_MINUS: self.average_minus_percent,
        }[award]

    def imps_of(self, award: Award) -> Fraction:
        """The IMPs of a named award before the session override."""
        return {
            Award.AVERAGE_PLUS: self.average_plus_imps,
            Award.AVERAGE: Fraction(0),
            Award.AVERAGE_MINUS: -self.average_plus_imps,
        }[award]


_NUMBER = r"[+-]?\d+(?:[.,]\d+)?"


def parse_number(text: str) -> Fraction:
    """A decimal number (``"60"``, ``"-1.2"``, ``"33,33"``) as an exact fraction.

    Raises:
        AdjustedScoreError: if the text is not a number.
    """
    if not re.fullmatch(_NUMBER, text.strip()):
        raise AdjustedScoreError(_("not a number: {text!r}").format(text=text))
    return Fraction(text.strip().replace(",", "."))


@dataclass(frozen=True, slots=True)
class Artificial:
    """One side's artificial adjusted score (Law 12C2).

    ``award`` set means a named award (average plus, average, average minus) subject to the
    session override; ``percent`` or ``imps`` gives its value when stated. Without ``award``
    the value is used exactly as written.
    """

    award: Award | None = None
    percent: Fraction | None = None
    imps: Fraction | None = None

    def __post_init__(self) -> None:
        if self.percent is not None and self.imps is not None:
            raise AdjustedScoreError(_("an adjusted score is a percentage or IMPs, not both"))
        if self.award is None and self.percent is None and self.imps is None:
            raise AdjustedScoreError(_("an adjusted score needs an award or a value"))
        if self.percent is not None and not 0 <= self.percent <= 100:
            raise AdjustedScoreError(
                _("an adjusted percentage must be between 0 and 100, not {value}").format(
                    value=_plain(self.percent)
                )
            )

    @property
    def kind(self) -> Award:
        """The award this stands for (named, or read from the value)."""
        if self.award is not None:
            return self.award
        if self.percent is not None:
            return Award.of_percent(self.percent)
        assert self.imps is not None
        return Award.of_imps(self.imps)

    def percentage(self, rules: AdjustedRules, session: Fraction | None = None) -> Fraction:
        """The percentage this side scores at matchpoints.

        Args:
            rules: the award values in force.
            session: the side's percentage on its other boards of the session, for the
                override of Law 12C2(c) (None when unknown or not applied).

        Raises:
            AdjustedScoreError: if the score was given in IMPs.
        """
        if self.imps is not None:
            raise AdjustedScoreError(_("an adjusted score in IMPs cannot be matchpointed"))
        if self.award is None:
            assert self.percent is not None
            return self.percent
        value = self.percent if self.percent is not None else rules.percent_of(self.award)
        return _override(self.award, value, session, rules)

    def imp_value(self, rules: AdjustedRules, session: Fraction | None = None) -> Fraction:
        """The IMPs this side scores at IMP play (Law 12C2(b)).

        Args:
            rules: the award values in force.
            session: the side's average IMPs per board on its other boards of the session,
                for the IMP equivalent of the override in Law 12C2(c).

        Raises:
            AdjustedScoreError: if the score was given as a percentage.
        """
        if self.percent is not None:
            raise AdjustedScoreError(_("an adjusted percentage cannot be scored in IMPs"))
        if self.award is None:
            assert self.imps is not None
            return self.imps
        value = self.imps if self.imps is not None else rules.imps_of(self.award)
        return _override(self.award, value, session, rules)

    def __str__(self) -> str:
        prefix = "A" if self.award is not None else ""
        if self.percent is not None:
            return f"{prefix}{_plain(self.percent)}%"
        if self.imps is not None:
            return f"{prefix}{_signed(self.imps)}"
        assert self.award is not None
        return self.award.value


def _override(
    award: Award, value: Fraction, session: Fraction | None, rules: AdjustedRules
) -> Fraction:
    # Law 12C2(c): the better session score of a non-offending side, the worse of an
    # offending one, replaces average plus or average minus.
    if session is None or not rules.session_override:
        return value
    if award is Award.AVERAGE_PLUS:
        return max(value, session)
    if award is Award.AVERAGE_MINUS:
        return min(value, session)
    return value


def _plain(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.4f}".rstrip("0").rstrip(".")


def _signed(value: Fraction) -> str:
    return ("+" if value > 0 else "") + _plain(value)


_PART = re.compile(
    rf"^(?P<a>A(?:VE?|VG)?)?\s*(?:(?P<sym>[+=-])(?!\d)|(?P<num>{_NUMBER})?)\s*"
    r"(?P<unit>%|IMPS?)?$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class ArtificialScore:
    """The artificial adjusted scores of both sides on one board (Law 12C2), maybe
    non-balancing."""

    ns: Artificial
    ew: Artificial

    @property
    def in_imps(self) -> bool:
        """Whether either side's value was given in IMPs."""
        return self.ns.imps is not None or self.ew.imps is not None

    @property
    def in_percent(self) -> bool:
        """Whether either side's value was given as a percentage."""
        return self.ns.percent is not None or self.ew.percent is not None

    @classmethod
    def from_str(cls, text: str) -> ArtificialScore:
        """Parse ``"A60/40"``, ``"A+/A-"``, ``"A="``, ``"60%/40%"``, ``"+3/-3 IMP"``, and the
        short forms of scoring programs: ``"A6040"`` (Annmm) and ``"A60"`` (``A60/40``).

        A bare unsigned number is a percentage, a signed one (``+3``) IMPs; a trailing ``IMP``
        applies to both parts; a leading ``A`` marks both parts as named awards (subject to
        the session override of Law 12C2(c)).

        Raises:
            AdjustedScoreError: naming the text, if it is not an adjusted score.
        """
        source = text.strip()
        short = _SHORT.match(source)
        if short is not None:
            return cls._short(short, source)
        body = source
        unit = ""
        tail = re.search(r"\s*(IMPS?)$", body, re.IGNORECASE)
        if tail is not None and "/" in body:
            unit = tail.group(1).upper()
            body = body[: tail.start()]
        parts = [part.strip() for part in body.split("/")]
        if len(parts) > 2 or not all(parts):
            raise AdjustedScoreError(_bad(source))
        named = parts[0].upper().startswith("A")
        sides = [_parse_part(part, unit, named, source) for part in parts]
        if len(sides) == 1:
            sides.append(sides[0])
        ns, ew = sides
        if (ns.imps is None) != (ew.imps is None) and (
            ns.percent is not None or ew.percent is not None
        ):
            raise AdjustedScoreError(
                _("{text!r}: one side in IMPs and the other as a percentage").format(text=source)
            )
        return cls(ns, ew)

    @classmethod
    def _short(cls, match: re.Match[str], source: str) -> ArtificialScore:
        # ``A6040`` (both sides, two digits each) or ``A60`` (North-South; East-West the
        # complement): the percentages of named awards, as scoring programs write them.
        if match.group("ns") is not None:
            ns, ew = Fraction(int(match.group("ns"))), Fraction(int(match.group("ew")))
        else:
            ns = parse_number(match.group("one"))
            if not 0 <= ns <= 100:
                raise AdjustedScoreError(_bad(source))
            ew = 100 - ns
        return cls(Artificial(Award.of_percent(ns), ns), Artificial(Award.of_percent(ew), ew))

    def __str__(self) -> str:
        unit = " IMP" if self.in_imps else ""
        # A lone named percentage reads as North-South's with the complement for East-West.
        lone = self.ns.award is not None and self.ns.percent not in (None, 50)
        if self.ns == self.ew and not lone:
            return f"{self.ns}{unit}"
        return f"{self.ns}/{self.ew}{unit}"

    def __repr__(self) -> str:
        return f"ArtificialScore.from_str({str(self)!r})"


#: ``A6040`` (Annmm: two digits a side) or ``A60`` / ``A60%`` (one side, the other the
#: complement).
_SHORT = re.compile(
    r"^A\s*(?:(?P<ns>\d\d)(?P<ew>\d\d)|(?P<one>\d{1,3}(?:[.,]\d+)?)\s*%?)$", re.IGNORECASE
)

_SYMBOL_AWARD = {"+": Award.AVERAGE_PLUS, "-": Award.AVERAGE_MINUS}


def _bad(text: str) -> str:
    return _(
        "not an adjusted score: {text!r} (expected e.g. A60/40, A6040, A+/A-, 60%/40%, +3/-3 IMP)"
    ).format(text=text)


def _parse_part(part: str, unit: str, named: bool, source: str) -> Artificial:
    match = _PART.match(part)
    if match is None or (
        match.group("sym") is None and match.group("num") is None and not (match.group("a"))
    ):
        raise AdjustedScoreError(_bad(source))
    is_named = named or match.group("a") is not None
    part_unit = (match.group("unit") or unit).upper()
    symbol, number = match.group("sym"), match.group("num")
    if symbol is not None or number is None:
        if not is_named:
            raise AdjustedScoreError(_bad(source))
        award = _SYMBOL_AWARD.get(symbol or "=", Award.AVERAGE)
        if part_unit:
            raise AdjustedScoreError(_bad(source))
        return Artificial(award=award)
    value = parse_number(number)
    imps = part_unit.startswith("IMP") or (part_unit != "%" and number[0] in "+-")
    if imps:
        return Artificial(award=Award.of_imps(value) if is_named else None, imps=value)
    return Artificial(award=Award.of_percent(value) if is_named else None, percent=value)
