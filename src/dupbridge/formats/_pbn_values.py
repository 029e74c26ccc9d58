"""PBN tag values and section tokens: the notation of each, parsed into core values.

Every parser here raises :class:`PbnValueError` with a readable message for text that is not
what the tag's value must be; the PBN reader turns it into a problem with line and column,
and the :class:`~dupbridge.formats.pbn.Game` accessors into ``None``.

Deals are parsed in :mod:`._pbn_deal`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from dupbridge.core.calls import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Call, Strain
from dupbridge.core.cards import CARDS, Card
from dupbridge.core.contract import Contract, Risk
from dupbridge.core.seats import Seat, Side, Vulnerability
from dupbridge.formats.problems import FormatError
from dupbridge.i18n import _

__all__ = [
    "CALLS",
    "CALL_VARIANTS",
    "CARD_TOKENS",
    "KNOWN_TAGS",
    "MANDATORY_TAGS",
    "NO_INHERITANCE",
    "SEAT_LETTERS",
    "SEAT_TEXT",
    "SECTION_TOKEN_RE",
    "SUFFIXES",
    "UNKNOWN",
    "Column",
    "ContractValue",
    "PbnValueError",
    "ResultValue",
    "ScoreValue",
    "contract_variant",
    "format_columns",
    "parse_columns",
    "parse_contract",
    "parse_declarer",
    "parse_result",
    "parse_seat",
    "parse_side_values",
    "parse_vulnerability",
    "side_glued",
    "spaced_columns",
]


class PbnValueError(FormatError):
    """A tag value or section token that is not valid PBN (internal to the PBN reader)."""


#: The mandatory tag set, in the order export format writes it.
MANDATORY_TAGS: tuple[str, ...] = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
    "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
)  # fmt: skip


#: Tags PBN 2.1 defines (and a few every scoring program writes); others get a warning.
KNOWN_TAGS: frozenset[str] = frozenset(
    (
        *MANDATORY_TAGS,
        "Auction", "Play", "Note",
        "Annotator", "AnnotatorNA", "Application", "BidSystemEW", "BidSystemNS",
        "Competition", "DealId", "Description", "EastNA", "EastType", "EventDate",
        "EventSponsor", "FrenchMP", "Generator", "Hidden", "HomeTeam", "Mode", "NorthNA",
        "NorthType", "PairEW", "PairNS", "Room", "Round", "Score", "ScoreIMP", "ScoreMP",
        "ScorePercentage", "ScoreRubber", "ScoreRubberHistory", "Section", "SouthNA",
        "SouthType", "Stage", "Table", "Termination", "Time", "TimeCall", "TimeCard",
        "TimeControl", "UTCDate", "UTCTime", "VisitTeam", "WestNA", "WestType",
        "OptimumScore", "ParContract", "DoubleDummyTricks",
        "ActionTable", "AuctionTimeTable", "InstantScoreTable", "OptimumPlayTable",
        "OptimumResultTable", "PlayTimeTable", "ScoreTable", "TotalScoreTable",
        # de-facto tags of dealing and scoring programs
        "Ability", "Minimax", "BCFlags",
    )
)  # fmt: skip


#: Tags whose value describes one board's play, so that copying it from the previous game
#: (``"#"``) makes no sense and is an error.
NO_INHERITANCE: frozenset[str] = frozenset(
    {"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Result", "Auction", "Play"}
)


SEAT_LETTERS = {"N": Seat.N, "E": Seat.E, "S": Seat.S, "W": Seat.W}


#: A seat as written, in either case.
SEAT_TEXT = {**SEAT_LETTERS, **{letter.lower(): seat for letter, seat in SEAT_LETTERS.items()}}


_VULS = {
    "NONE": Vulnerability.NONE, "LOVE": Vulnerability.NONE, "-": Vulnerability.NONE,
    "NS": Vulnerability.NS, "EW": Vulnerability.EW,
    "ALL": Vulnerability.BOTH, "BOTH": Vulnerability.BOTH,
}  # fmt: skip


UNKNOWN = ("", "?")


def parse_seat(text: str, what: str = "seat") -> Seat | None:
    """``N``, ``E``, ``S`` or ``W``; None for ``""`` or ``"?"``.

    Raises:
        PbnValueError: for anything else.
    """
    seat = SEAT_TEXT.get(text)
    if seat is not None:
        return seat
    if text in UNKNOWN:
        return None
    seat = SEAT_LETTERS.get(text.upper()) if len(text) == 1 else None
    if seat is None:
        raise PbnValueError(
            _("not a {what}: {text!r} (expected N, E, S or W)").format(what=what, text=text)
        )
    return seat


def parse_declarer(text: str) -> Seat | None:
    """A Declarer value: a seat, ``^`` and a seat (an irregular declarer), ``""`` or ``"?"``.

    Raises:
        PbnValueError: for anything else.
    """
    if text == "^":
        raise PbnValueError(_("'^' must be followed by the declarer's seat"))
    return parse_seat(text.removeprefix("^"), "declarer")


def parse_vulnerability(text: str) -> Vulnerability | None:
    """``None``/``Love``/``-``, ``NS``, ``EW``, ``All``/``Both``; None for ``""``/``"?"``.

    Raises:
        PbnValueError: for anything else (``E`` is not a vulnerability in PBN).
    """
    if text in ("", "?"):
        return None
    vul = _VULS.get(text.upper())
    if vul is None:
        raise PbnValueError(
            _("not a vulnerability: {text!r} (expected None, NS, EW or All)").format(text=text)
        )
    return vul


_CONTRACT_RE = re.compile(r"([1-7])?(NT|[CDHS])(XX|X)?")


#: Contract and Result values are a small vocabulary: each text is parsed once (the values are
#: immutable, so games share them).
_MEMO_SIZE = 4096


_CONTRACTS: dict[str, ContractValue] = {}


@dataclass(frozen=True, slots=True)
class ContractValue:
    """A parsed Contract tag: passed out, or a (level, strain, risk).

    ``level`` is None for an end position, where only the trump suit is given (``"H"``).
    """

    passed_out: bool
    level: int | None = None
    strain: Strain | None = None
    risk: Risk = Risk.UNDOUBLED

    def contract(self, declarer: Seat | None) -> Contract | None:
        """The core contract (None if passed out or an end position)."""
        if self.passed_out or self.level is None or self.strain is None:
            return None
        return Contract(self.level, self.strain, self.risk, declarer)


def parse_contract(text: str) -> ContractValue | None:
    """``Pass``, or level + ``C D H S NT`` + optional ``X``/``XX``; None for ``""``/``"?"``.

    The variants :func:`contract_variant` knows (``1N``, ``P``) are read too (the reader
    warns about them).

    Raises:
        PbnValueError: for anything else.
    """
    if text in UNKNOWN:
        return None
    known = _CONTRACTS.get(text)
    if known is not None:
        return known
    value = _parse_contract(text)
    if len(_CONTRACTS) < _MEMO_SIZE:
        _CONTRACTS[text] = value
    return value


def contract_variant(text: str) -> str | None:
    """The PBN spelling of a Contract value written as programs often write it (``1N``,
    ``3NX``, ``P``), or None if ``text`` is not such a variant."""
    upper = text.upper()
    if upper == "P":
        return "Pass"
    match = _CONTRACT_VARIANT_RE.fullmatch(upper)
    if match is None:
        return None
    return f"{match.group(1)}NT{match.group(2) or ''}"


_CONTRACT_VARIANT_RE = re.compile(r"([1-7])N(XX|X)?")


def _parse_contract(text: str) -> ContractValue:
    variant = contract_variant(text)
    if variant is not None:
        text = variant
    if text.upper() == "PASS":
        return ContractValue(True)
    match = _CONTRACT_RE.fullmatch(text.upper())
    if match is None:
        raise PbnValueError(
            _(
                "not a contract: {text!r} (expected Pass, or a level, C D H S or NT, and X or "
                "XX: 4SX)"
            ).format(text=text)
        )
    level, strain, risk = match.groups()
    return ContractValue(
        False,
        int(level) if level else None,
        Strain.from_str(strain),
        Risk.REDOUBLED if risk == "XX" else Risk.DOUBLED if risk == "X" else Risk.UNDOUBLED,
    )


@dataclass(frozen=True, slots=True)
class ResultValue:
    """A parsed Result tag: declarer's tricks, perhaps with each side's, perhaps irregular."""

    tricks: int | None
    sides: tuple[tuple[Side, int], ...] = ()
    irregular: bool = False


_RESULT_SIDES_RE = re.compile(r"(NS|EW) (\d+)(?: (NS|EW) (\d+))?")


_RESULTS: dict[str, ResultValue] = {}


def parse_result(text: str) -> ResultValue | None:
    """Declarer's tricks ``"9"``, irregular ``"^9"``, or by side ``"NS 9 EW 4"``.

    Raises:
        PbnValueError: for anything else, or tricks that do not add up to 13.
    """
    if text in UNKNOWN:
        return None
    known = _RESULTS.get(text)
    if known is not None:
        return known
    value = _parse_result(text)
    if len(_RESULTS) < _MEMO_SIZE:
        _RESULTS[text] = value
    return value


def _parse_result(text: str) -> ResultValue:
    irregular = text.startswith("^")
    body = text[1:] if irregular else text
    if body.isdecimal():
        tricks = int(body)
        if tricks > 13:
            raise PbnValueError(
                _("result {text!r}: no side takes more than 13 tricks").format(text=text)
            )
        return ResultValue(tricks, (), irregular)
    match = _RESULT_SIDES_RE.fullmatch(body)
    if match is None:
        raise PbnValueError(
            _("not a result: {text!r} (expected declarer's tricks, like 9, or NS 9 EW 4)").format(
                text=text
            )
        )
    first, first_n, second, second_n = match.groups()
    sides = [(Side.from_str(first), int(first_n))]
    if second is not None:
        if second == first:
            raise PbnValueError(
                _("result {text!r} names {side} twice").format(text=text, side=first)
            )
        sides.append((Side.from_str(second), int(second_n)))
        if sides[0][1] + sides[1][1] != 13:
            raise PbnValueError(
                _("result {text!r}: the tricks of both sides must add up to 13").format(text=text)
            )
    if any(n > 13 for _side, n in sides):
        raise PbnValueError(
            _("result {text!r}: no side takes more than 13 tricks").format(text=text)
        )
    return ResultValue(None, tuple(sides), irregular)


_NUMBER_RE = re.compile(r"[+-]?\d+(?:\.\d*)?")


#: A side written against its number (``NS-140``), which programs write and PBN does not.
_SIDE_GLUED = re.compile(r"\b(NS|EW)(?=[-+^\d])")


def side_glued(text: str) -> bool:
    """Whether a score value writes a side against its number (``NS-140``, not ``NS -140``)."""
    return _SIDE_GLUED.search(text) is not None


@dataclass(frozen=True, slots=True)
class ScoreValue:
    """One number of a score tag, for a side (None when the tag names none).

    ``artificial`` marks a score written with ``^`` (assigned by the Director, not earned).
    """

    side: Side | None
    value: Decimal
    artificial: bool = False

    def for_side(self, side: Side) -> Decimal:
        """The value seen from ``side`` (the other side's value negated)."""
        return self.value if self.side in (side, None) else -self.value


def parse_side_values(
    text: str, *, integer: bool = False, need_side: bool = False, non_negative: bool = False
) -> tuple[ScoreValue, ...]:
    """Parse ``"NS 420"``, ``"EW -50"``, ``"NS 4 EW -4"``, ``"420"``, ``"EW 2.5"``.

    A side written against its number (``"NS-140"``) is read as ``"NS -140"``.

    Args:
        text: the tag value (``""``/``"?"`` give an empty tuple).
        integer: whether the numbers must be whole.
        need_side: whether each number must be preceded by NS or EW.
        non_negative: whether negative numbers are wrong (percentages).

    Raises:
        PbnValueError: naming the bad part.
    """
    if text in UNKNOWN:
        return ()
    if _SIDE_GLUED.search(text):
        text = _SIDE_GLUED.sub(r"\1 ", text)
    parts = text.split()
    values: list[ScoreValue] = []
    index = 0
    while index < len(parts):
        side: Side | None = None
        if parts[index] in ("NS", "EW"):
            side = Side.from_str(parts[index])
            index += 1
            if index == len(parts):
                raise PbnValueError(
                    _("{text!r}: a number must follow {side}").format(text=text, side=side)
                )
        elif need_side:
            raise PbnValueError(
                _("{text!r}: the value must start with the side, NS or EW").format(text=text)
            )
        number = parts[index]
        index += 1
        artificial = number.startswith("^")
        if artificial:
            number = number[1:]
        if not _NUMBER_RE.fullmatch(number) or (integer and "." in number):
            raise PbnValueError(
                _("{text!r}: {number!r} is not a {kind}").format(
                    text=text,
                    number=number,
                    kind=_("whole number") if integer else _("number"),
                )
            )
        try:
            value = Decimal(number.rstrip(".") if number.endswith(".") else number)
        except InvalidOperation:  # pragma: no cover - the pattern admits only numbers
            raise PbnValueError(_("{text!r} is not a number").format(text=text)) from None
        if non_negative and value < 0:
            raise PbnValueError(_("{text!r}: the value cannot be negative").format(text=text))
        values.append(ScoreValue(side, value, artificial))
        if len(values) > 2:
            raise PbnValueError(_("{text!r}: at most one value for each side").format(text=text))
    if len(values) == 2 and (values[0].side is None or values[0].side is values[1].side):
        raise PbnValueError(_("{text!r}: give one value for NS and one for EW").format(text=text))
    return tuple(values)


_COLUMN_RE = re.compile(r"([+-]?)([A-Za-z][A-Za-z0-9_]*)(?:\\(\d+)([LR]?))?")


@dataclass(frozen=True, slots=True)
class Column:
    """A column of a PBN table: its name, width and alignment, and sort order.

    ``order`` is ``"+"`` for a column the rows are sorted on in descending order (largest
    first), ``"-"`` for ascending, None for unsorted; ``align`` is ``"L"``, ``"R"`` or None.
    ``str(column)`` is its specification (``-Rank\\3R``).
    """

    name: str
    width: int | None = None
    align: str | None = None
    order: str | None = None

    def __str__(self) -> str:
        text = (self.order or "") + self.name
        if self.width is not None:
            text += f"\\{self.width}{self.align or ''}"
        return text


def parse_columns(spec: str) -> tuple[Column, ...]:
    """Parse a table's column specification ``"-Rank\\3R;PairId\\5R;Names\\45"``.

    Columns separated by spaces (:func:`spaced_columns`) are read too.

    Raises:
        PbnValueError: naming the column whose specification is wrong.
    """
    columns = []
    parts = spec.split(";")
    if spaced_columns(spec):
        parts = spec.replace(";", " ").split()
    for part in parts:
        match = _COLUMN_RE.fullmatch(part.strip())
        if match is None:
            raise PbnValueError(
                _(
                    "column {part!r} is not a column specification (a name, then \\ with a "
                    "width and L or R: Rank\\3R)"
                ).format(part=part)
            )
        order, name, width, align = match.groups()
        columns.append(Column(name, int(width) if width else None, align or None, order or None))
    return tuple(columns)


def spaced_columns(spec: str) -> bool:
    """Whether a column specification separates its columns by spaces (``"Score_NS MP_NS"``)
    rather than by ``;`` as PBN does; column names hold no spaces, so both read the same."""
    return any(len(part.split()) > 1 for part in spec.split(";"))


def format_columns(columns: tuple[Column, ...]) -> str:
    """The specification of ``columns``, ``;``-separated."""
    return ";".join(str(column) for column in columns)


#: Calls as PBN writes them, and the usual variants the lenient reader accepts silently.
CALLS: dict[str, Call] = {str(bid): bid for bid in ALL_BIDS}


CALLS.update({"Pass": PASS, "PASS": PASS, "pass": PASS, "X": DOUBLE, "XX": REDOUBLE})


#: Variants that are read, but reported as not being PBN (``1N`` for ``1NT``).
CALL_VARIANTS: dict[str, Call] = {
    "P": PASS,
    "D": DOUBLE,
    "R": REDOUBLE,
    "x": DOUBLE,
    "xx": REDOUBLE,
}


CALL_VARIANTS.update({f"{bid.level}N": bid for bid in ALL_BIDS if bid.strain is Strain.NOTRUMP})


for _bid in ALL_BIDS:
    CALL_VARIANTS.setdefault(str(_bid).lower(), _bid)


del _bid


#: Cards as PBN writes them (suit then rank, upper case).
CARD_TOKENS: dict[str, Card] = {str(card): card for card in CARDS}


#: The suffixes that annotate a call or card (PBN's short forms of NAGs 1-6).
SUFFIXES: dict[str, int] = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}


#: Section tokens split into the call or card and its annotations.
SECTION_TOKEN_RE = re.compile(
    r"(?P<note>=[^=\s]*=?)|(?P<nag>\$\S*)|(?P<suffix>[!?]+)|(?P<irregular>\^[A-Za-z]?)"
    r"|(?P<item>[^\s!?=$^]+)"
)
