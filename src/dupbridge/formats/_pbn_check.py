"""The checks of one PBN game, run when the reader finishes it.

Tag values are checked against their notation; the Auction against the Laws (calls in
rotation from the dealer, Law 17; sufficient bids, Laws 18 and 27; doubles and redoubles,
Law 19; the end of the auction, Law 22); the Play against the deal and the Laws (the opening
lead by declarer's left-hand opponent, Law 41A; following suit, Law 44C; the winner of a trick
leads to the next, Law 44G); Contract, Declarer and Result against the auction and play;
notes against their references; tables against their column specifications and sort order.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from decimal import Decimal, InvalidOperation
from itertools import chain, islice
from typing import Any, Protocol

from dupbridge.core.auction import Auction
from dupbridge.core.calls import PASS, Bid, Call, Pass, Strain
from dupbridge.core.cards import CARDS, Card, Suit, suit_mask
from dupbridge.core.errors import ActionError
from dupbridge.core.play import trick_winner
from dupbridge.core.seats import SEATS, Seat, Vulnerability
from dupbridge.formats._pbn_game import CompactCall, Game, RawTag, Tag
from dupbridge.formats._pbn_values import (
    CALL_VARIANTS,
    CALLS,
    CARD_TOKENS,
    KNOWN_TAGS,
    MANDATORY_TAGS,
    SUFFIXES,
    PbnValueError,
    contract_variant,
    parse_columns,
    parse_contract,
    parse_deal,
    parse_deal_masks,
    parse_declarer,
    parse_result,
    parse_seat,
    parse_side_values,
    parse_vulnerability,
    side_glued,
)
from dupbridge.i18n import _

__all__ = ["check_game"]


class Report(Protocol):
    """Where the checks report: line, column, message, and whether it is a warning."""

    def __call__(self, line: int, column: int, message: str, warning: bool = False) -> None:
        """Record one problem."""


#: Finds the column of the ``index``-th token of a line (cells if ``table``).
Locate = Callable[[int, int, bool], int]

_MANDATORY_AT = {name: position for position, name in enumerate(MANDATORY_TAGS)}
_DATE = re.compile(r"(\d{4}|\?{4})\.(\d\d|\?\?)\.(\d\d|\?\?)")
#: Dates as programs write them: ISO 2024-03-01, 2024/03/01, and day first 01.03.2024,
#: 01/03/2024 or 01-03-2024 (read, with a warning).
_OTHER_DATE = re.compile(r"\d{4}([-/])\d\d?\1\d\d?|\d\d?([./-])\d\d?\2\d{4}")
_TIME = re.compile(r"\d\d:\d\d:\d\d")
_ROUND = re.compile(r"\d+(?:\.[A-Za-z0-9]+)*")
_RUBBER = re.compile(r"(?:(NS|EW) +)?\d+ *\/ *\d+(?: +(NS|EW) +\d+ *\/ *\d+)? *")
_NOTE = re.compile(r"(\d+):(.*)", re.DOTALL)
_HIDDEN = re.compile(r"[NESW]*")
_DD = re.compile(r"[0-9A-Da-d]{20}")
_SCORING = frozenset(
    s.upper()
    for s in (
        "MP", "MatchPoints", "MP1", "MP2", "OldMP", "EMP", "IMP", "IMP_1948", "IMP_1961",
        "Cross", "Cross-IMP", "Butler", "Mean", "Mitchell2", "BAM", "Instant", "Rubber",
        "Chicago", "Cavendish", "TotalPoints", "Pairs", "Teams", "Individual", "Swiss",
        "Exclaim", "Ximp", "BAM_1", "VP",
    )
)  # fmt: skip
_COMPETITION = frozenset({"INDIVIDUALS", "PAIRS", "TEAMS", "CHICAGO", "CAVENDISH", "RUBBER"})
_MODE = frozenset(
    {"EM", "EMB", "EMAIL", "IBS", "IB", "OKB", "TABLE", "TC", "TEL", "INTERNET", "LIVE", "FTF"}
)
#: Call variants programs write that are read with a warning (others are errors).
_TOLERATED_CALLS = frozenset({"P", *(f"{level}N" for level in range(1, 8))})
_PLAYER_TYPE = frozenset({"HUMAN", "PROGRAM", "COMPUTER"})


def check_game(game: Game, report: Report, locate: Locate, export: bool) -> None:
    """Check ``game`` and report every problem found (see the module docstring).

    The values of the tags the game parses itself (Dealer, Deal, Contract...) are left in
    its cache, so that its accessors need not parse them again.
    """
    cache = game.reader_cache()
    tags: dict[str, RawTag] = {}
    tables: list[RawTag] = []
    checks = _CHECKS
    for tag in game.raw_tags():
        name = tag[0]
        check = checks.get(name, _unknown_tag)
        if check is not None:
            check(tag, tags.setdefault(name, tag) is tag, cache, report)
        elif name not in tags:
            tags[name] = tag
        if tag[2] and name.endswith("Table"):
            tables.append(tag)
    cache["_index"] = tags
    notes = _notes(game.raw_tags()) if "Note" in tags else []
    if export:
        _check_export_order(game, tags, report)
    _check_dependencies(game, tags, report)
    # the note references (=n=) of each section, where the fast paths found them all
    refs: dict[str, _Refs] = {}
    _check_auction(game, tags, notes, refs, report=report, locate=locate, export=export)
    _check_play(game, tags, refs, report=report, locate=locate, export=export)
    _check_notes(tags, notes, refs, report, locate)
    _check_rubber(tags, report)
    for tag in tables:
        _check_table_order(_as_tag(tag), report, locate)


#: Note references of a section: the number, the line and (-1 - index) of the token in its row
#: where it first appears.
_Refs = dict[int, tuple[int, int]]


def _notes(tags: Sequence[RawTag]) -> list[tuple[str | None, RawTag]]:
    """The Note tags, each with the section it follows (Auction, Play, or None)."""
    notes: list[tuple[str | None, RawTag]] = []
    current: str | None = None
    for tag in tags:
        name = tag[0]
        if name == "Note":
            notes.append((current, tag))
        elif name in ("Auction", "Play"):
            current = name
    return notes


def _note_texts(notes: list[tuple[str | None, RawTag]], section: str) -> dict[int, str]:
    """The text of each note after ``section``, as :meth:`Game.notes` gives them."""
    texts: dict[int, str] = {}
    for current, tag in notes:
        if current == section:
            number, _sep, text = tag[1].partition(":")
            if number.strip().isdecimal():
                texts.setdefault(int(number), text.strip())
    return texts


def _as_tag(tag: RawTag) -> Tag:
    """A tag as a :class:`Tag` value (for the checks that read its fields by name)."""
    return tag if type(tag) is Tag else tuple.__new__(Tag, tag)


#: What is checked in a tag's value: (tag, whether it is the first of its name, the game's
#: cache, report); None for a known tag with nothing to check.
TagCheck = Callable[[RawTag, bool, dict[str, Any], Report], None]


def _unknown_tag(tag: RawTag, first: bool, cache: dict[str, Any], report: Report) -> None:
    name = tag[0]
    if tag[4]:
        report(
            tag[4],
            max(tag[5] - len(name) - 2, 1),
            _("unknown tag {name}: kept as it is").format(name=name),
            True,
        )


def _game_value(key: str, parse: Callable[[str], object]) -> TagCheck:
    """The check of a tag the game parses itself: the value (or the error) goes to the
    game's cache under ``key`` (see :meth:`Game.parse_value`)."""

    def check(tag: RawTag, first: bool, cache: dict[str, Any], report: Report) -> None:
        if not first:
            return
        try:
            cache[key] = parse(tag[1])
        except PbnValueError as error:
            cache[key] = None
            message = cache["!" + key] = str(error)
            report(
                tag[4] or 1,
                tag[5] or 1,
                _("tag {name}: {message}").format(name=tag[0], message=message),
            )
            return
        warn = _GAME_WARNINGS.get(tag[0])
        notice = None if warn is None else warn(tag[1])
        if notice is not None:
            report(
                tag[4] or 1,
                tag[5] or 1,
                _("tag {name}: {message}").format(name=tag[0], message=notice),
                True,
            )

    return check


def _contract_notice(value: str) -> str | None:
    pbn = contract_variant(value)
    if pbn is None:
        return None
    return _("{value!r} is read as {pbn}, as PBN writes it").format(value=value, pbn=pbn)


def _deal_notice(value: str) -> str | None:
    if value[2:] == value[2:].upper():
        return None
    return _("cards in lower case are read as capitals, as PBN writes them")


#: Warnings about values a game reads but PBN writes otherwise, by tag.
_GAME_WARNINGS: dict[str, Callable[[str], str | None]] = {
    "Contract": _contract_notice,
    "Deal": _deal_notice,
}


# --- tag values ---------------------------------------------------------------------------


def _check_value(tag: RawTag, first: bool, cache: dict[str, Any], report: Report) -> None:
    name = tag[0]
    value = tag[1]
    check = _VALUE_CHECKS.get(name)
    if check is None:
        return
    plain = _PLAIN_VALUES.get(name)
    if plain is not None and plain.fullmatch(value):
        return
    try:
        message = check(value)
    except PbnValueError as error:
        message = str(error)
    if message:
        warning = message.startswith("~")
        report(
            tag[4] or 1,
            tag[5] or 1,
            _("tag {name}: {message}").format(name=name, message=message.lstrip("~")),
            warning,
        )


def _date(value: str) -> str | None:
    if value in ("", "?") or _DATE.fullmatch(value):
        return None
    if _OTHER_DATE.fullmatch(value):
        return "~" + _("{value!r} is read as a date; PBN writes dates YYYY.MM.DD").format(
            value=value
        )
    return _("{value!r} is not a date YYYY.MM.DD (? for unknown digits)").format(value=value)


def _time(value: str) -> str | None:
    if value in ("", "?") or _TIME.fullmatch(value):
        return None
    return "~" + _("{value!r} is not a time HH:MM:SS").format(value=value)


def _board(value: str) -> str | None:
    if value in ("", "?") or (value.isdecimal() and int(value) > 0):
        return None
    return _("{value!r} is not a board number").format(value=value)


def _round(value: str) -> str | None:
    if value in ("", "?") or _ROUND.fullmatch(value):
        return None
    return "~" + _("{value!r} is not a round number").format(value=value)


def _seat(value: str) -> str | None:
    parse_seat(value)
    return None


def _vulnerable(value: str) -> str | None:
    parse_vulnerability(value)
    return None


def _deal(value: str) -> str | None:
    parse_deal(value)
    return None


def _contract(value: str) -> str | None:
    parse_contract(value)
    return None


def _result(value: str) -> str | None:
    parse_result(value)
    return None


def _scoring(value: str) -> str | None:
    if value in ("", "?"):
        return None
    for part in value.split(";"):
        if not part.strip():
            return _("{value!r} has an empty scoring method").format(value=value)
        if part.strip().upper() not in _SCORING:
            return "~" + _("unknown scoring method {part!r}").format(part=part)
    return None


def _glued(value: str) -> str | None:
    if side_glued(value):
        return "~" + _("{value!r}: PBN writes a space between the side and its number").format(
            value=value
        )
    return None


def _score(value: str) -> str | None:
    parse_side_values(value, integer=True)
    return _glued(value)


def _number(value: str) -> str | None:
    parse_side_values(value)
    return _glued(value)


def _percentage(value: str) -> str | None:
    for score in parse_side_values(value, non_negative=True):
        if score.value > 100:
            return _("{value!r}: a percentage is at most 100").format(value=value)
    return None


def _optimum(value: str) -> str | None:
    parse_side_values(value, integer=True, need_side=True)
    return _glued(value)


def _rubber(value: str) -> str | None:
    if value in ("", "?") or _RUBBER.fullmatch(value):
        return None
    return _("{value!r} is not a rubber score (above/below the line: 300/40)").format(value=value)


def _hidden(value: str) -> str | None:
    if _HIDDEN.fullmatch(value):
        return None
    return _("{value!r} must list the hidden seats (letters N, E, S, W)").format(value=value)


def _dd(value: str) -> str | None:
    if value in ("", "?") or _DD.fullmatch(value):
        return None
    return _(
        "{value!r} is not 20 hexadecimal digits of tricks (N, S, E, W by NT, S, H, D, C)"
    ).format(value=value)


def _one_of(choices: frozenset[str]) -> Callable[[str], str | None]:
    def check(value: str) -> str | None:
        if value in ("", "?") or value.upper() in choices:
            return None
        return "~" + _("unusual value {value!r}").format(value=value)

    return check


def _par(value: str) -> str | None:
    if value in ("", "?") or value[:3] in ("NS ", "EW "):
        return None
    return "~" + _("{value!r} should start with the side, NS or EW").format(value=value)


def _yes_no(value: str) -> str | None:
    if value in ("", "?", "Yes", "No"):
        return None
    return "~" + _("{value!r} should be Yes or No").format(value=value)


#: Values that are certainly right, recognised before the full check (the common case).
_PLAIN_VALUES: dict[str, re.Pattern[str]] = {
    "Date": _DATE,
    "EventDate": _DATE,
    "Board": re.compile(r"[1-9]\d*"),
    "Score": re.compile(r"(?:(?:NS|EW) )?-?\d+"),
    "ScoreIMP": re.compile(r"(?:NS|EW) -?\d+(?:\.\d+)?"),
    "ScoreMP": re.compile(r"(?:NS|EW) \d+(?:\.\d+)?"),
    "Scoring": re.compile(r"MP|IMP|Matchpoints|MatchPoints|BAM|Rubber|Chicago|Butler", re.I),
    "Round": _ROUND,
}

#: Tags the Game parses itself (cached): key, parser.
_GAME_VALUES: dict[str, tuple[str, Callable[[str], object]]] = {
    "Dealer": ("dealer", parse_seat),
    "Vulnerable": ("vul", parse_vulnerability),
    "Deal": ("deal", parse_deal_masks),
    "Contract": ("contract", parse_contract),
    "Result": ("result", parse_result),
    "Declarer": ("declarer", parse_declarer),
}

_VALUE_CHECKS: dict[str, Callable[[str], str | None]] = {
    "Date": _date,
    "EventDate": _date,
    "UTCDate": _date,
    "Time": _time,
    "UTCTime": _time,
    "Board": _board,
    "Round": _round,
    "Dealer": _seat,
    "Vulnerable": _vulnerable,
    "Deal": _deal,
    "Contract": _contract,
    "Result": _result,
    "Scoring": _scoring,
    "Score": _score,
    "ScoreIMP": _number,
    "ScoreMP": _number,
    "ScorePercentage": _percentage,
    "ScoreRubber": _rubber,
    "OptimumScore": _optimum,
    "ParContract": _par,
    "DoubleDummyTricks": _dd,
    "Hidden": _hidden,
    "Competition": _one_of(_COMPETITION),
    "Mode": _one_of(_MODE),
    "WestType": _one_of(_PLAYER_TYPE),
    "NorthType": _one_of(_PLAYER_TYPE),
    "EastType": _one_of(_PLAYER_TYPE),
    "SouthType": _one_of(_PLAYER_TYPE),
    "FrenchMP": _yes_no,
}

#: The check of each known tag (None: nothing to check); a tag not here is unknown.
_CHECKS: dict[str, TagCheck | None] = dict.fromkeys(KNOWN_TAGS)
_CHECKS.update(dict.fromkeys(_VALUE_CHECKS, _check_value))
_CHECKS.update({name: _game_value(key, parse) for name, (key, parse) in _GAME_VALUES.items()})


def _check_export_order(game: Game, tags: dict[str, RawTag], report: Report) -> None:
    if tuple(islice(tags, len(MANDATORY_TAGS))) == MANDATORY_TAGS:
        return  # every mandatory tag, first and in order
    positions = [_MANDATORY_AT[name] for name in tags if name in _MANDATORY_AT]
    missing = [name for name in MANDATORY_TAGS if name not in tags]
    first_line = game.raw_tags()[0][4]
    if missing:
        report(
            game.line or first_line or 1,
            1,
            _("export format needs every tag of the mandatory set; missing: {names}").format(
                names=", ".join(missing)
            ),
            True,
        )
    if positions != sorted(positions):
        report(
            game.line or first_line or 1,
            1,
            _("export format puts the mandatory tags first, in the standard's order"),
            True,
        )


def _check_dependencies(game: Game, tags: dict[str, RawTag], report: Report) -> None:
    auction = tags.get("Auction")
    if auction is not None and _unknown(tags.get("Dealer")):
        report(auction[4] or 1, auction[5] or 1, _("the Auction needs the Dealer tag"))
    play = tags.get("Play")
    if play is not None and not _no_play(play):
        if _unknown(tags.get("Deal")):
            report(play[4] or 1, play[5] or 1, _("the Play needs the Deal tag"))
        contract = tags.get("Contract")
        if _unknown(contract):
            report(play[4] or 1, play[5] or 1, _("the Play needs the Contract tag"))
        else:
            value = game.contract_value
            if value is not None and value.level is not None and _unknown(tags.get("Declarer")):
                report(play[4] or 1, play[5] or 1, _("the Play needs the Declarer tag"))
    result = tags.get("Result")
    if result is not None and result[1] not in ("", "?"):
        contract = tags.get("Contract")
        declarer = tags.get("Declarer")
        passed = contract is not None and contract[1].upper() in ("PASS", "P")
        if passed or (declarer is not None and declarer[1] == ""):
            if passed and result[1] == "0":
                report(
                    result[4] or 1,
                    result[5] or 1,
                    _("a board passed out has no Result; Result 0 is read as none"),
                    True,
                )
            else:
                report(
                    result[4] or 1,
                    result[5] or 1,
                    _("a board with no declarer (passed out) has no Result"),
                )


def _unknown(tag: RawTag | None) -> bool:
    return tag is None or tag[1] in ("", "?")


def _no_play(tag: RawTag) -> bool:
    """Whether a Play tag records no play: ``[Play ""]`` with no cards after it."""
    return tag[1] == "" and not tag[2]


# --- sections -----------------------------------------------------------------------------


class _Token:
    """A section token with where it is."""

    __slots__ = ("index", "line", "text")

    def __init__(self, text: str, line: int, index: int) -> None:
        self.text = text
        self.line = line
        self.index = index


def _tokens(tag: Tag) -> list[_Token]:
    tokens: list[_Token] = []
    for row, line in zip(tag.section, tag.rows_at or (0,) * len(tag.section), strict=True):
        tokens.extend(_Token(text, line, index) for index, text in enumerate(row))
    return tokens


class _Unit:
    """A call or card with its annotations and irregularity marks."""

    __slots__ = ("marks", "note", "notes", "token", "tokens")

    def __init__(self, token: _Token, marks: list[_Token]) -> None:
        self.token = token
        self.marks = marks
        self.tokens: list[_Token] = []
        self.note: int | None = None
        self.notes: list[tuple[int, _Token]] = []


def _units(
    tag: Tag, report: Report, locate: Locate, what: str, *, plus_is_unit: bool = False
) -> tuple[list[_Unit], _Token | None]:
    """Group a section into units; check annotations. Returns the units and the end mark."""

    def at(token: _Token) -> tuple[int, int]:
        return token.line or tag.line or 1, locate(token.line, token.index, False)

    units: list[_Unit] = []
    marks: list[_Token] = []
    end: _Token | None = None
    for token in _tokens(tag):
        text = token.text
        first = text[0]
        if first == "^" and text != "^S":
            if len(text) != 2 or text[1] not in ("I", "R", "L"):
                report(*at(token), _("{text!r} is not an irregularity mark").format(text=text))
            if marks:
                report(*at(token), _("two irregularity marks on one {what}").format(what=what))
            marks.append(token)
            continue
        if first in "=$!?":
            if not units:
                report(*at(token), _("{text!r} annotates nothing").format(text=text))
                continue
            _annotate(units[-1], token, report, at, what)
            continue
        if end is not None:
            if end.text == "+":
                report(
                    *at(token),
                    _("{text!r} after '+' (the rest is to be continued)").format(text=text),
                )
            continue
        if text == "*" or (text == "+" and not plus_is_unit):
            end = token
            if marks:
                report(
                    *at(marks[0]), _("an irregularity mark must precede a {what}").format(what=what)
                )
                marks = []
            continue
        units.append(_Unit(token, marks))
        marks = []
    return units, end


def _annotate(
    unit: _Unit, token: _Token, report: Report, at: Callable[[_Token], tuple[int, int]], what: str
) -> None:
    """Check one annotation: a note =n=, a suffix (! ? !! ?? !? ?!) or a NAG $n.

    Suffixes and NAGs $1-$9 assess the call or card (a call takes $1-$6 only): one
    assessment at most. Any other NAG ($0, $10-$255) comments on it: one such NAG at most.
    """
    text = token.text
    kinds = {_annotation_kind(other.text) for other in unit.tokens}
    kind = _annotation_kind(text)
    if text[0] == "=":
        body = text[1:-1] if len(text) > 1 and text.endswith("=") else ""
        if not body.isdecimal() or not 1 <= int(body) <= 32:
            report(*at(token), _("{text!r} is not a note reference =1= to =32=").format(text=text))
            return
        if kind in kinds:
            report(*at(token), _("a {what} has one note at most").format(what=what))
            return
        unit.note = int(body)
        unit.notes.append((int(body), token))
    elif text[0] == "$":
        body = text[1:]
        if not body.isdecimal():
            report(*at(token), _("{text!r}: a NAG is $ and a number").format(text=text))
            return
        if int(body) > 255:
            report(*at(token), _("{text!r}: NAGs go from $0 to $255").format(text=text))
            return
        if what == _("call") and 7 <= int(body) <= 9:
            report(*at(token), _("{text!r}: NAGs $7-$9 assess cards, not calls").format(text=text))
            return
    elif text not in SUFFIXES:
        report(*at(token), _("{text!r} is not a suffix (! ? !! ?? !? ?!)").format(text=text))
        return
    if kind in kinds and kind != "note":
        report(
            *at(token),
            _("a {what} has one assessment (suffix or NAG $1-$9) at most").format(what=what)
            if kind == "assessment"
            else _("a {what} has one NAG at most").format(what=what),
        )
        return
    unit.tokens.append(token)


def _annotation_kind(text: str) -> str:
    if text[0] == "=":
        return "note"
    if text[0] == "$":
        return "assessment" if text[1:].isdecimal() and 1 <= int(text[1:]) <= 9 else "nag"
    return "assessment"


def _check_auction(
    game: Game,
    tags: dict[str, RawTag],
    notes: list[tuple[str | None, RawTag]],
    refs: dict[str, _Refs],
    *,
    report: Report,
    locate: Locate,
    export: bool,
) -> None:
    raw = tags.get("Auction")
    if raw is None:
        return
    tag = _as_tag(raw)
    try:
        first = parse_seat(tag.value, "seat")
    except PbnValueError as error:
        report(tag.line or 1, tag.column or 1, _("tag Auction: {error}").format(error=error))
        return
    dealer = game.dealer
    if first is not None and dealer is not None:
        fast = _fast_auction(
            game, tag, first, dealer, notes=notes, refs=refs, report=report, locate=locate
        )
        if fast is not None:
            if export:
                _check_rows(tag, report, 4, _("export format writes four calls to a line"))
            _check_contract(game, tags, fast, report)
            return
    what = _("call")
    units, _end = _units(tag, report, locate, what)

    def at(token: _Token) -> tuple[int, int]:
        return token.line or tag.line or 1, locate(token.line, token.index, False)

    if export:
        _check_rows(tag, report, 4, _("export format writes four calls to a line"))
    calls: list[tuple[Call | None, _Unit]] = []
    irregular = False
    warned: set[str] = set()  # the variants read with a warning (once each)
    for unit in units:
        text = unit.token.text
        if unit.marks or text == "^S":
            irregular = True
        if text in {"-", "^S"}:
            calls.append((None, unit))
            continue
        if text.upper() == "AP":
            calls.append((None, unit))
            continue
        call = CALLS.get(text)
        if call is None:
            call = CALL_VARIANTS.get(text)
            if call is None:
                report(
                    *at(unit.token),
                    _("{text!r} is not a call (Pass, X, XX, AP or a bid like 1NT)").format(
                        text=text
                    ),
                )
                return
            tolerated = text in _TOLERATED_CALLS
            if not tolerated or text not in warned:
                warned.add(text)
                report(
                    *at(unit.token),
                    _("{text!r} is written {call} in PBN").format(text=text, call=call),
                    tolerated,
                )
        calls.append((call, unit))
    if dealer is None or first is None:
        return
    if irregular:
        _check_irregular_auction(calls, report, at)
        return
    auction = Auction(dealer)
    offset = (dealer - first) % 4
    for position, (call, unit) in enumerate(calls):
        text = unit.token.text
        if position < offset:
            if text != "-":
                report(
                    *at(unit.token),
                    _(
                        "the dealer, {dealer}, makes the first call; write - for each seat before"
                    ).format(dealer=dealer.title),
                )
                return
            continue
        if text == "-":
            report(*at(unit.token), _("'-' (no call) is only for the seats before the dealer"))
            return
        if text.upper() == "AP":
            if auction.is_complete:
                report(*at(unit.token), _("AP after the auction has ended (Law 39)"))
            while not auction.is_complete:
                auction.add(Pass())
            if position != len(calls) - 1:
                report(*at(calls[position + 1][1].token), _("a call after AP (all pass)"))
            break
        assert call is not None
        try:
            auction.add(call)
        except ActionError as error:
            report(*at(unit.token), str(error))
            return
    _check_contract(game, tags, auction, report)


def _check_irregular_auction(
    calls: list[tuple[Call | None, _Unit]],
    report: Report,
    at: Callable[[_Token], tuple[int, int]],
) -> None:
    highest: Bid | None = None
    for call, unit in calls:
        marked = any(mark.text == "^I" for mark in unit.marks)
        if isinstance(call, Bid):
            sufficient = call.supersedes(highest)
            if marked and sufficient:
                report(
                    *at(unit.token),
                    _("{bid} is marked insufficient (^I) but is sufficient (Law 27)").format(
                        bid=call
                    ),
                )
            if sufficient:
                highest = call
        elif marked:
            report(*at(unit.token), _("only a bid can be insufficient (^I)"))


def _check_contract(game: Game, tags: dict[str, RawTag], auction: Auction, report: Report) -> None:
    if not auction.is_complete:
        return
    contract_tag = tags.get("Contract")
    declarer_tag = tags.get("Declarer")
    final = auction.contract
    if contract_tag is not None and contract_tag[1] not in ("", "?"):
        value = game.contract_value
        line, column = contract_tag[4] or 1, contract_tag[5] or 1
        if value is not None:
            if final is None and not value.passed_out:
                report(
                    line,
                    column,
                    _("the auction was passed out (Law 22B), not {contract}").format(
                        contract=contract_tag[1]
                    ),
                )
            elif final is not None and value.passed_out:
                report(
                    line,
                    column,
                    _("the auction ends in {contract}, not Pass").format(
                        contract=final.to_str(declarer=False)
                    ),
                )
            elif final is not None and (value.level, value.strain) != (final.level, final.strain):
                report(
                    line,
                    column,
                    _("the auction ends in {contract}, not {given}").format(
                        contract=final.to_str(declarer=False), given=contract_tag[1]
                    ),
                )
            elif final is not None and value.risk is not final.risk:
                report(
                    line,
                    column,
                    _("the auction ends in {contract}, not {given} (Law 19)").format(
                        contract=final.to_str(declarer=False), given=contract_tag[1]
                    ),
                )
    if declarer_tag is not None and declarer_tag[1] not in ("", "?") and final is not None:
        written = declarer_tag[1]
        try:
            seat = parse_seat(written.removeprefix("^"), "declarer")
        except PbnValueError:
            return
        line, column = declarer_tag[4] or 1, declarer_tag[5] or 1
        if written.startswith("^"):
            if seat is final.declarer:
                report(
                    line,
                    column,
                    _(
                        "{seat} is marked an irregular declarer (^) but the "
                        "auction makes {seat} declarer"
                    ).format(seat=written[1:]),
                )
        elif seat is not final.declarer and final.declarer is not None:
            report(
                line,
                column,
                _("the auction makes {seat} declarer, not {given} (Law 22A)").format(
                    seat=final.declarer.letter, given=written
                ),
            )


def _check_rows(tag: Tag, report: Report, most: int, message: str) -> None:
    for row, line in zip(tag.section, tag.rows_at, strict=False):
        if len(row) <= most:
            continue
        units = [t for t in row if t[0] not in "=$!?^" or t == "^S"]
        if len(units) > most:
            report(line, 1, message, True)


def _check_play(
    game: Game,
    tags: dict[str, RawTag],
    refs: dict[str, _Refs],
    *,
    report: Report,
    locate: Locate,
    export: bool,
) -> None:
    raw = tags.get("Play")
    if raw is None or _no_play(raw):
        return
    tag = _as_tag(raw)
    try:
        first = parse_seat(tag.value, "seat")
    except PbnValueError as error:
        report(tag.line or 1, tag.column or 1, _("tag Play: {error}").format(error=error))
        return
    declarer = game.declarer
    value = game.contract_value
    if declarer is not None and first is not declarer.lho and value is not None:
        report(
            tag.line or 1,
            tag.column or 1,
            _("the opening lead is made by {seat}, declarer's left-hand opponent (Law 41A)").format(
                seat=declarer.lho.letter
            ),
        )
        return
    if first is not None and _fast_play(game, tags, tag, first, report=report, locate=locate):
        refs["Play"] = {}  # cards and '-' only: no note references
        if export:
            _check_rows(tag, report, 4, _("export format writes one trick (four cards) to a line"))
        return
    units, _end = _units(tag, report, locate, _("card"), plus_is_unit=True)

    def at(token: _Token) -> tuple[int, int]:
        return token.line or tag.line or 1, locate(token.line, token.index, False)

    if export:
        _check_rows(tag, report, 4, _("export format writes one trick (four cards) to a line"))
    cards: list[Card | None] = []
    bad = False
    lower_warned = False
    for unit in units:
        text = unit.token.text
        if text in ("-", "+"):
            cards.append(None)
            continue
        card = CARD_TOKENS.get(text)
        if card is None and len(text) == 2 and text.upper() in CARD_TOKENS:
            card = CARD_TOKENS[text.upper()]
            if not lower_warned:
                lower_warned = True
                report(
                    *at(unit.token),
                    _("{text!r} is read as {card}; PBN writes cards in capitals").format(
                        text=text, card=card
                    ),
                    True,
                )
        if card is None:
            report(*at(unit.token), _card_problem(text))
            bad = True
        cards.append(card)
    if first is None or bad:
        return
    if len(units) > 52:
        report(*at(units[52].token), _("more than thirteen tricks are given"))
        return
    _follow_play(game=game, tags=tags, first=first, units=units, cards=cards, report=report, at=at)


#: A card as the play check uses it: the card, its bit, suit, rank and index.
_CardInfo = tuple[Card, int, int, int, int]
_CARD_INFO: dict[str, _CardInfo] = {
    str(card): (card, card.bit, int(card.suit), int(card.rank), card.index) for card in CARDS
}
_SUIT_MASKS = tuple(suit_mask(suit) for suit in Suit)
_NOTE_REF = re.compile(r"=([1-9]|[12]\d|3[0-2])=")
_NOTE_REFS: dict[str, int] = {f"={number}=": number for number in range(1, 33)}
#: The positions of a trick's row in the order played, by the position of its leader.
_ORDERS: tuple[tuple[int, ...], ...] = tuple(
    tuple((leader + step) & 3 for step in range(4)) for leader in range(4)
)


def _note_ref(word: str) -> int | None:
    """The number of a note reference ``=n=`` (1 to 32), or None."""
    number = _NOTE_REFS.get(word)
    if number is None and _NOTE_REF.fullmatch(word):
        number = int(word[1:-1])
    return number


def _where(tag: Tag, index: int, locate: Locate) -> tuple[int, int]:
    """The line and column of the ``index``-th token of a section."""
    for row, line in zip(tag.section, tag.rows_at, strict=False):
        if index < len(row):
            return line, locate(line, index, False)
        index -= len(row)
    return tag.line or 1, tag.column or 1


def _fast_auction(
    game: Game,
    tag: Tag,
    first: Seat,
    dealer: Seat,
    *,
    notes: list[tuple[str | None, RawTag]],
    refs: dict[str, _Refs],
    report: Report,
    locate: Locate,
) -> Auction | None:
    """Check a plain auction (calls, ``-``, ``AP``, notes =n=, a final ``+`` or ``*``) and
    cache its calls; None if the auction needs the full check (annotations, marks).

    Having read every token, it gives the auction's note references in ``refs``.
    """
    tokens = tag.tokens
    count = len(tokens)
    if count and tokens[-1] in ("+", "*"):
        count -= 1
    plain_calls = CALLS
    texts = _note_texts(notes, "Auction") if "=" in "".join(tokens) else {}
    auction = Auction(dealer)
    offset = (dealer - first) % 4
    # the calls made, each its token, or (token, explanation) if alerted (see Game.calls)
    made: list[CompactCall] = []
    found: dict[int, int] = {}  # note number -> index of its first reference
    position = 0
    for index in range(count):
        word = tokens[index]
        call = plain_calls.get(word)
        if call is not None:
            if position < offset:
                report(
                    *_where(tag, index, locate),
                    _(
                        "the dealer, {dealer}, makes the first call; write - for each seat before"
                    ).format(dealer=dealer.title),
                )
                return auction
            try:
                auction.add(call)
            except ActionError as error:
                report(*_where(tag, index, locate), str(error))
                return auction
            made.append(word)
            position += 1
        elif word == "-":
            if position >= offset:
                report(
                    *_where(tag, index, locate),
                    _("'-' (no call) is only for the seats before the dealer"),
                )
                return auction
            position += 1
        elif word == "AP" and index == count - 1 and position >= offset:
            if auction.is_complete:
                report(*_where(tag, index, locate), _("AP after the auction has ended (Law 39)"))
            while not auction.is_complete:
                auction.add(PASS)
                made.append("Pass")
        elif made and word[0] == "=" and tokens[index - 1][0] != "=":
            number = _note_ref(word)
            if number is None:
                return None
            found.setdefault(number, index)
            previous = made[-1]
            made[-1] = (
                previous if type(previous) is str else previous[0],
                texts.get(number) or None,
            )
        else:
            return None
    game.cache_value("compact_calls", tuple(made))
    refs["Auction"] = {number: _ref_place(tag, index) for number, index in found.items()}
    return auction


def _ref_place(tag: Tag, index: int) -> tuple[int, int]:
    """Where the ``index``-th token of a section is: its line and (-1 - index in its row)."""
    section = tag.section
    for row, line in zip(section, tag.rows_at or (0,) * len(section), strict=True):
        if index < len(row):
            return line or tag.line or 1, -1 - index
        index -= len(row)
    return tag.line or 1, -1


def _fast_play(
    game: Game,
    tags: dict[str, RawTag],
    tag: Tag,
    first: Seat,
    *,
    report: Report,
    locate: Locate,
) -> bool:
    """Check a plain play (cards, ``-``, a final ``*``) against the deal and Law 44; cache
    the cards in the order played. False if the play needs the full check."""
    tokens = tag.tokens
    count = len(tokens)
    if count and tokens[-1] == "*":
        count -= 1
    if count > 52:
        return False
    cards = list(map(_CARD_INFO.get, tokens[:count] if count < len(tokens) else tokens))
    if None in cards and any(c is None and t != "-" for c, t in zip(cards, tokens, strict=False)):
        return False
    value = game.contract_value
    if value is None or value.strain is None:
        return False
    trump = -1 if value.strain is Strain.NOTRUMP else int(value.strain)
    deal = game.deal_masks
    known = [False] * 4
    hands = [0, 0, 0, 0]
    if deal is not None:
        dealt = deal[:4]
        for holder in deal[5]:
            known[holder] = True
            hands[holder] = dealt[holder]
    first_seat = int(first)
    seat_at = [(first_seat + position) & 3 for position in range(4)]
    # by position in a row: the code of its seat's first card (see Game.played), whether the
    # hand is known, the hand
    codes = [seat * 52 for seat in seat_at]
    checked = [known[seat] for seat in seat_at]
    held = [hands[seat] for seat in seat_at]
    leader = 0
    won = [0, 0]
    tricks = 0
    played: list[int] = []
    add = played.append
    masks = _SUIT_MASKS
    for start in range(0, count, 4):
        part = cards[start : start + 4]
        if len(part) < 4 or None in part:
            if not _part_trick(
                tag=tag,
                start=start,
                row=part,
                leader=leader,
                seat_at=seat_at,
                checked=checked,
                held=held,
                played=played,
                report=report,
                locate=locate,
            ):
                return True
            break
        row: list[_CardInfo] = part  # type: ignore[assignment]  # no None in it
        best_position = leader
        led = best_suit = row[leader][2]
        best_rank = -1
        for position in _ORDERS[leader]:
            card, bit, suit, rank, number = row[position]
            if checked[position]:
                hand = held[position]
                if not hand & bit:
                    report(
                        *_where(tag, start + position, locate),
                        _("{seat} does not hold {card} now").format(
                            seat=SEATS[seat_at[position]].title, card=card
                        ),
                    )
                    return True
                if suit != led and hand & masks[led]:
                    report(
                        *_where(tag, start + position, locate),
                        _(
                            "{seat} revokes with {card}: it holds a card of the suit led "
                            "(Law 44C); mark a revoke ^R"
                        ).format(seat=SEATS[seat_at[position]].title, card=card),
                    )
                held[position] = hand ^ bit
            add(codes[position] + number)
            if suit == best_suit:
                if rank > best_rank:
                    best_rank, best_position = rank, position
            elif suit == trump:
                best_suit, best_rank, best_position = suit, rank, position
        won[seat_at[best_position] & 1] += 1
        tricks += 1
        leader = best_position
    game.cache_value("compact_played", bytes(played))
    full = deal is not None and len(deal[5]) == 4 and deal[0].bit_count() == 13
    _check_result(game, tags, won, tricks, full=full, report=report)
    return True


def _part_trick(
    *,
    tag: Tag,
    start: int,
    row: list[_CardInfo | None],
    leader: int,
    seat_at: list[int],
    checked: list[bool],
    held: list[int],
    played: list[int],
    report: Report,
    locate: Locate,
) -> bool:
    """Check the cards of a trick not played to the end (a claim), up to the first card not
    given; False if a card is not held (reported: the play is not checked further)."""
    best = row[leader] if leader < len(row) else None
    if best is None:
        return True
    led = best[2]
    for position in _ORDERS[leader]:
        entry = row[position] if position < len(row) else None
        if entry is None:
            break
        card, bit, suit, _rank, number = entry
        seat_index = seat_at[position]
        if checked[position]:
            hand = held[position]
            if not hand & bit:
                report(
                    *_where(tag, start + position, locate),
                    _("{seat} does not hold {card} now").format(
                        seat=SEATS[seat_index].title, card=card
                    ),
                )
                return False
            if suit != led and hand & _SUIT_MASKS[led]:
                report(
                    *_where(tag, start + position, locate),
                    _(
                        "{seat} revokes with {card}: it holds a card of the suit led "
                        "(Law 44C); mark a revoke ^R"
                    ).format(seat=SEATS[seat_index].title, card=card),
                )
            held[position] = hand ^ bit
        played.append(seat_index * 52 + number)
    return True


def _check_result(
    game: Game,
    tags: dict[str, RawTag],
    won: list[int],
    tricks: int,
    *,
    full: bool,
    report: Report,
) -> None:
    """The Result must be what declarer's side won in the tricks played, plus at most the
    tricks left (a claim or concession ended play early, Laws 68-69)."""
    declarer = game.declarer
    result_tag = tags.get("Result")
    result = game.result_value
    declared = game.result
    if (
        not full
        or declarer is None
        or result_tag is None
        or result is None
        or result.irregular
        or declared is None
    ):
        return
    taken = won[declarer.side]
    left = 13 - tricks
    if taken <= declared <= taken + left:
        return
    if left == 0:
        message = _("Result {given} but declarer's side took {taken} tricks in the play").format(
            given=result_tag[1], taken=taken
        )
    else:
        message = _(
            "Result {given} but declarer's side took {taken} of the first {played} tricks, "
            "so it ends with {taken} to {most}"
        ).format(given=result_tag[1], taken=taken, played=tricks, most=taken + left)
    report(result_tag[4] or 1, result_tag[5] or 1, message)


def _follow_play(
    *,
    game: Game,
    tags: dict[str, RawTag],
    first: Seat,
    units: list[_Unit],
    cards: list[Card | None],
    report: Report,
    at: Callable[[_Token], tuple[int, int]],
) -> None:
    """Play the cards trick by trick (Laws 44C, 44G) and check the Result against them."""
    value = game.contract_value
    deal = game.deal_value
    trump = None if value is None or value.strain is None else value.strain.suit
    known = set(deal.known) if deal is not None else set()
    hands = [deal.deal[seat].mask for seat in SEATS] if deal is not None else [0, 0, 0, 0]
    size = len(deal.deal[deal.known[0]]) if deal is not None else 13
    leader: Seat | None = first
    won = [0, 0]
    tricks = 0
    plus = False
    for start in range(0, len(units), 4):
        row_units = units[start : start + 4]
        row = cards[start : start + 4]
        if leader is None or plus:
            if plus:
                report(
                    *at(row_units[0].token),
                    _("{text!r} after '+' (the rest is to be continued)").format(
                        text=row_units[0].token.text
                    ),
                )
            return
        played: list[Card] = []
        complete = len(row) == 4
        for k in range(4):
            position = (leader - first + k) % 4
            if position >= len(row):
                complete = False
                continue
            unit = row_units[position]
            card = row[position]
            text = unit.token.text
            if text == "+":
                if plus:
                    report(*at(unit.token), _("'+' twice: the play is continued once"))
                plus = True
                complete = False
                continue
            if card is None:
                complete = False
                continue
            if plus:
                report(
                    *at(unit.token),
                    _("{text!r} after '+' (the rest is to be continued)").format(text=text),
                )
                return
            seat = first.next(position)
            _check_card(
                seat=seat,
                card=card,
                unit=unit,
                k=k,
                played=played,
                hands=hands,
                known=seat in known,
                report=report,
                at=at,
            )
            hands[seat] &= ~card.bit
            if complete:
                played.append(card)
        if not complete or len(played) < 4:
            leader = None
            continue
        winner = trick_winner(leader, (played[0], played[1], played[2], played[3]), trump)
        won[winner.side] += 1
        tricks += 1
        leader = winner
    _check_result(game, tags, won, tricks, full=size == 13 and len(known) == 4, report=report)


def _check_card(
    *,
    seat: Seat,
    card: Card,
    unit: _Unit,
    k: int,
    played: list[Card],
    hands: list[int],
    known: bool,
    report: Report,
    at: Callable[[_Token], tuple[int, int]],
) -> None:
    marks = {mark.text for mark in unit.marks}
    revoke = "^R" in marks and k > 0
    if known:
        if not hands[seat] >> card.index & 1:
            report(
                *at(unit.token),
                _("{seat} does not hold {card} now").format(seat=seat.title, card=card),
            )
            return
        if k > 0 and played:
            led = played[0].suit
            revoke = card.suit is not led and bool(hands[seat] & suit_mask(led))
    if revoke and "^R" not in marks:
        report(
            *at(unit.token),
            _(
                "{seat} revokes with {card}: it holds a card of the suit led "
                "(Law 44C); mark a revoke ^R"
            ).format(seat=seat.title, card=card),
        )
    elif "^R" in marks and not revoke:
        report(
            *at(unit.token),
            _("{card} is marked a revoke (^R) but {seat} did not fail to follow suit").format(
                seat=seat.title, card=card
            ),
        )
    if "^L" in marks and k == 0:
        report(
            *at(unit.token),
            _("{card} is marked a lead out of turn (^L) but {seat} was on lead").format(
                seat=seat.title, card=card
            ),
        )


def _card_problem(text: str) -> str:
    if len(text) == 2 and text[0] in "SHDC":
        return _("{text!r} is not a card: {rank!r} is no rank (AKQJT98765432)").format(
            text=text, rank=text[1]
        )
    if len(text) == 2 and text[1] in "AKQJT98765432":
        return _("{text!r} is not a card: {suit!r} is no suit (S, H, D, C)").format(
            text=text, suit=text[0]
        )
    return _("{text!r} is not a card (a suit S H D C and a rank: SA, H7)").format(text=text)


def _check_notes(
    tags: dict[str, RawTag],
    notes: list[tuple[str | None, RawTag]],
    found: dict[str, _Refs],
    report: Report,
    locate: Locate,
) -> None:
    refs: dict[str, _Refs] = {"Auction": {}, "Play": {}}
    for name in ("Auction", "Play"):
        known = found.get(name)
        if known is not None:
            refs[name] = known
            continue
        section_tag = tags.get(name)
        if section_tag is None or "=" not in "".join(chain.from_iterable(section_tag[2])):
            continue
        section, rows_at = section_tag[2], section_tag[6]
        for row, line in zip(section, rows_at or (0,) * len(section), strict=True):
            for index, text in enumerate(row):
                if text[0] == "=" and _NOTE_REF.fullmatch(text):
                    # where it is: (line, token index), found only if it must be reported
                    refs[name].setdefault(
                        int(text[1:-1]), (line or section_tag[4] or 1, -1 - index)
                    )
    given: dict[str, dict[int, Tag]] = {"Auction": {}, "Play": {}}
    for current, raw in notes:
        tag = _as_tag(raw)
        match = _NOTE.fullmatch(tag.value)
        line, column = tag.line or 1, tag.column or 1
        if match is None:
            report(line, column, _("a Note is its number, a colon and its text (1:forcing)"))
            continue
        number = int(match.group(1))
        if not 1 <= number <= 32:
            report(line, column, _("note {n}: notes are numbered 1 to 32").format(n=number))
            continue
        if current is None:
            continue
        if number in given[current]:
            report(line, column, _("note {n} is given twice").format(n=number))
            continue
        given[current][number] = tag
    for name in ("Auction", "Play"):
        for number, (line, column) in refs[name].items():
            if number not in given[name]:
                report(
                    line,
                    locate(line, -1 - column, False) if column < 0 else column,
                    _("={n}= has no Note {n} after the {section}").format(n=number, section=name),
                )
        for number, tag in given[name].items():
            if number not in refs[name]:
                report(
                    tag.line or 1,
                    tag.column or 1,
                    _("note {n} is not referred to in the {section}").format(
                        n=number, section=name
                    ),
                    True,
                )


def _check_rubber(tags: dict[str, RawTag], report: Report) -> None:
    if "ScoreRubberHistory" not in tags or "Vulnerable" not in tags:
        return
    history = _as_tag(tags["ScoreRubberHistory"])
    vulnerable = _as_tag(tags["Vulnerable"])
    try:
        vul = parse_vulnerability(vulnerable.value)
    except PbnValueError:
        return
    match = re.fullmatch(r"NS ([\d ]+)/([\d ]+) EW ([\d ]+)/([\d ]+)", history.value.strip())
    if match is None:
        report(
            history.line or 1,
            history.column or 1,
            _(
                "tag ScoreRubberHistory: {value!r} is not NS above below / games EW above "
                "below / games"
            ).format(value=history.value),
        )
        return
    games = [[int(n) for n in match.group(i).split()] for i in (2, 4)]
    vul_ns = sum(score >= 100 for score in games[0][:-1]) > 0 if games[0] else False
    vul_ew = sum(score >= 100 for score in games[1][:-1]) > 0 if games[1] else False
    implied = Vulnerability.from_sides(vul_ns, vul_ew)
    if vul is not None and implied is not vul:
        report(
            history.line or 1,
            history.column or 1,
            _(
                "ScoreRubberHistory makes the vulnerability {implied}, but Vulnerable is {given}"
            ).format(implied=implied, given=vulnerable.value),
        )


def _check_table_order(tag: Tag, report: Report, locate: Locate) -> None:
    try:
        columns = parse_columns(tag.value)
    except PbnValueError:
        return
    for position, column in enumerate(columns):
        if column.order is None:
            continue
        previous: Decimal | str | None = None
        for row, line in zip(tag.section, tag.rows_at or (0,) * len(tag.section), strict=True):
            if position >= len(row):
                continue
            cell = row[position].lstrip("^")
            if cell in ("", "-", "?"):
                continue
            key: Decimal | str
            try:
                key = Decimal(cell)
            except InvalidOperation:
                key = cell
            if previous is not None and _out_of_order(previous, key, column.order):
                report(
                    line or tag.line or 1,
                    locate(line, position, True),
                    _("{table}: the rows must be sorted on {column} in {order} order").format(
                        table=tag.name,
                        column=column.name,
                        order=_("ascending") if column.order == "-" else _("descending"),
                    ),
                )
                break
            previous = key


def _out_of_order(previous: Decimal | str, key: Decimal | str, order: str) -> bool:
    if isinstance(previous, Decimal) and isinstance(key, Decimal):
        return key < previous if order == "-" else key > previous
    if isinstance(previous, str) and isinstance(key, str):
        return key < previous if order == "-" else key > previous
    return False
