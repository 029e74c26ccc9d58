"""What happened at a table: a :class:`Played` result, an :class:`Assigned` adjusted score
(Law 12C1, weighted since 2017), and the notation that reads them from a traveller's cells.

:func:`parse_outcome` reads a traveller line's contract, declarer, result, lead and score
columns (or an artificial score, Law 12C2, or a weighted list) into an :data:`Outcome`;
:func:`parse_tricks` reads the result column. Every error names what was expected.
Importable from :mod:`dupbridge.tournament.results` as well.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.errors import NotationError
from dupbridge.core.seats import Side, Vulnerability
from dupbridge.i18n import _
from dupbridge.scoring import score
from dupbridge.scoring.adjusted import AdjustedScoreError, ArtificialScore, parse_number

__all__ = ["Assigned", "Outcome", "Played", "parse_outcome", "parse_tricks"]


@dataclass(frozen=True, slots=True)
class Played:
    """A result obtained at the table.

    Attributes:
        contract: the contract with its declarer, or None if the board was passed out.
        tricks: the tricks declarer's side won (0-13); None when passed out.
        lead: the opening lead, when recorded.
        recorded_score: the NS score as written on the traveller, when given; it must agree
            with the contract and tricks (Law 77), or stands alone when they are unknown.
    """

    contract: Contract | None = None
    tricks: int | None = None
    lead: Card | None = None
    recorded_score: int | None = None

    def __post_init__(self) -> None:
        if self.contract is not None:
            if self.contract.declarer is None:
                raise NotationError(
                    _("contract {contract} has no declarer").format(contract=self.contract)
                )
            if self.tricks is None:
                raise NotationError(
                    _("contract {contract} has no number of tricks").format(contract=self.contract)
                )
        if self.tricks is not None and (
            isinstance(self.tricks, bool) or not 0 <= self.tricks <= 13
        ):
            raise NotationError(
                _("tricks must be between 0 and 13, not {tricks}").format(tricks=self.tricks)
            )

    @property
    def passed_out(self) -> bool:
        """Whether the board was passed out (Law 22B)."""
        return self.contract is None and not self.recorded_score

    def ns_score(self, vulnerability: Vulnerability) -> int:
        """North-South's score (Law 77): from the contract, or as recorded."""
        if self.contract is None or self.tricks is None:
            return self.recorded_score or 0
        declarer = self.contract.declarer
        assert declarer is not None
        points = score(self.contract, self.tricks, vulnerability.is_vulnerable(declarer))
        return points if declarer.side is Side.NS else -points

    @property
    def result_text(self) -> str:
        """``"="``, ``"+1"`` or ``"-2"`` against the contract; empty when passed out."""
        if self.contract is None or self.tricks is None:
            return ""
        over = self.tricks - self.contract.tricks_needed
        return "=" if over == 0 else f"{over:+d}"

    def __str__(self) -> str:
        if self.contract is None:
            return "PASS" if self.passed_out else f"{self.recorded_score:+d}"
        return f"{self.contract.to_str()}{self.result_text}"


@dataclass(frozen=True, slots=True)
class Assigned:
    """An assigned adjusted score (Law 12C1): one result, or several weighted (12C1(c))."""

    components: tuple[tuple[Fraction, Played], ...]

    def __post_init__(self) -> None:
        if not self.components:
            raise NotationError(_("an assigned score needs at least one result"))
        total = sum((weight for weight, _played in self.components), Fraction(0))
        if any(weight <= 0 for weight, _played in self.components) or total != 1:
            raise NotationError(
                _("the weights of an assigned score must be positive and add up to 100 %")
            )

    @property
    def weighted(self) -> bool:
        """Whether the score is weighted over more than one result."""
        return len(self.components) > 1

    @classmethod
    def from_str(cls, text: str) -> Assigned:
        """Parse ``"60% 4SN=; 40% 4SN-1"`` (weights as %, fractions or decimals).

        Each component is ``WEIGHT CONTRACT[DECLARER] RESULT`` or ``WEIGHT PASS`` or
        ``WEIGHT +420`` (an NS score); components are separated by ``;``.

        Raises:
            NotationError: naming the component that is wrong.
        """
        parts = [part.strip() for part in text.split(";") if part.strip()]
        components: list[tuple[Fraction, Played]] = []
        for part in parts:
            match = re.match(r"^(\d+(?:[.,]\d+)?%?|\d+/\d+)\s+(.+)$", part)
            if match is None:
                raise NotationError(
                    _("not a weighted result: {text!r} (expected e.g. 60% 4SN=)").format(text=part)
                )
            weight_text, body = match.groups()
            if "/" in weight_text:
                top, bottom = weight_text.split("/")
                weight = Fraction(int(top), int(bottom))
            elif weight_text.endswith("%"):
                weight = parse_number(weight_text[:-1]) / 100
            else:
                weight = parse_number(weight_text)
            components.append((weight, _parse_component(body)))
        return cls(tuple(components))

    def __str__(self) -> str:
        return "; ".join(f"{_weight_text(weight)} {played}" for weight, played in self.components)


def _weight_text(weight: Fraction) -> str:
    percent = weight * 100
    if percent.denominator == 1:
        return f"{percent.numerator}%"
    return f"{weight.numerator}/{weight.denominator}"


def _parse_component(text: str) -> Played:
    body = text.strip()
    if body.upper() in ("PASS", "P", "AP", "PASSED"):
        return Played()
    if re.fullmatch(r"[+-]\d+", body):
        return Played(recorded_score=int(body))
    match = re.match(r"^(.*?)\s*([=+-]\d*|\d{1,2}|=)$", body)
    if match is None:
        raise NotationError(
            _("not a result: {text!r} (expected e.g. 4SN= or 3NTS 9)").format(text=text)
        )
    contract = Contract.from_str(match.group(1))
    if contract.declarer is None:
        raise NotationError(_("{text!r} names no declarer").format(text=text))
    return Played(contract, parse_tricks(match.group(2), contract))


def parse_tricks(text: str, contract: Contract) -> int:
    """Tricks from ``"10"`` (tricks won), ``"="``, ``"+1"`` or ``"-2"`` (against the contract).

    Raises:
        NotationError: if the text is neither, or the tricks fall outside 0-13.
    """
    body = text.strip().replace("−", "-")
    if body in ("=", "m", "M"):
        tricks = contract.tricks_needed
    elif re.fullmatch(r"[+-]\d+", body):
        tricks = contract.tricks_needed + int(body)
    elif re.fullmatch(r"\d+", body):
        tricks = int(body)
    else:
        raise NotationError(
            _("not a result: {text!r} (expected tricks 0-13, =, +1 or -2)").format(text=text)
        )
    if not 0 <= tricks <= 13:
        raise NotationError(
            _("{contract} {text} means {tricks} tricks; tricks go from 0 to 13").format(
                contract=contract.to_str(declarer=False), text=text.strip(), tricks=tricks
            )
        )
    return tricks


Outcome = Played | Assigned | ArtificialScore


def parse_outcome(
    contract: str, declarer: str = "", result: str = "", lead: str = "", ns_score: str = ""
) -> Outcome:
    """An outcome from the columns of a traveller line.

    ``contract`` may instead hold an artificial score (``A60/40``, ``+3/-3 IMP``) or a
    weighted list (``60% 4SN=; 40% 4SN-1``); ``PASS`` is a passed-out board; an empty
    contract with a score is a result known only by its score.

    Raises:
        NotationError: naming the column that is wrong.
    """
    text = contract.strip()
    score_text = ns_score.strip()
    if score_text and not re.fullmatch(r"[+-]?\d+", score_text):
        raise NotationError(
            _("not a score: {text!r} (expected North-South's points, e.g. 420 or -50)").format(
                text=score_text
            )
        )
    recorded = int(score_text) if score_text else None
    if text.upper() in ("PASS", "P", "AP", "PASSED", "ALL PASS"):
        if recorded:
            raise NotationError(
                _("a passed-out board scores 0, not {score}").format(score=recorded)
            )
        return Played()
    if not text:
        if recorded is None:
            raise NotationError(
                _(
                    "no contract and no score: expected a contract (4S, 3NT, PASS), an "
                    "adjusted score (A60/40) or North-South's score"
                )
            )
        return Played(recorded_score=recorded)
    if ";" in text or re.match(r"^\d+(?:[.,]\d+)?%\s+\S", text):
        return Assigned.from_str(text)
    level = re.match(r"^(\d+)\s*(?:NT|N|SA|[CDHS♣♦♥♠])", text, re.IGNORECASE)
    if level is not None and not 1 <= int(level.group(1)) <= 7:
        raise NotationError(
            _("no contract at level {level}: contracts go from 1 to 7 (Law 38A)").format(
                level=level.group(1)
            )
        )
    try:
        parsed = Contract.from_str(text + (" " + declarer.strip() if declarer.strip() else ""))
    except NotationError as contract_error:
        try:
            return ArtificialScore.from_str(text)
        except AdjustedScoreError:
            raise contract_error from None
    if parsed.declarer is None:
        raise NotationError(
            _(
                "contract {contract} has no declarer: expected N, E, S or W in the declarer "
                "column, or after the contract ({contract}N)"
            ).format(contract=text)
        )
    if not result.strip():
        raise NotationError(
            _("contract {contract} has no result: expected tricks 0-13, =, +1 or -2").format(
                contract=parsed.to_str()
            )
        )
    tricks = parse_tricks(result, parsed)
    card = Card.from_str(lead.strip()) if lead.strip() else None
    return Played(parsed, tricks, card, recorded)
