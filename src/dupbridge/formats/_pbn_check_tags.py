"""The checks of PBN tag values (each against its notation), of the export format's layout,
of the tags a section needs, and of a rubber's history against the vulnerability.

What real programs write that PBN does not (``1N``, cards in lower case, ISO dates,
``NS-140``) is read with a warning.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import islice
from typing import Any

from dupbridge.core.seats import Vulnerability
from dupbridge.formats._pbn_check_base import Report, as_tag
from dupbridge.formats._pbn_deal import (
    parse_deal,
    parse_deal_masks,
)
from dupbridge.formats._pbn_game import Game
from dupbridge.formats._pbn_sections import RawTag
from dupbridge.formats._pbn_values import (
    KNOWN_TAGS,
    MANDATORY_TAGS,
    PbnValueError,
    contract_variant,
    parse_contract,
    parse_declarer,
    parse_result,
    parse_seat,
    parse_side_values,
    parse_vulnerability,
    side_glued,
)
from dupbridge.i18n import _

__all__ = [
    "CHECKS",
    "TagCheck",
    "check_dependencies",
    "check_export_order",
    "check_rubber",
    "no_play",
    "unknown_tag",
]


_MANDATORY_AT = {name: position for position, name in enumerate(MANDATORY_TAGS)}


_DATE = re.compile(r"(\d{4}|\?{4})\.(\d\d|\?\?)\.(\d\d|\?\?)")


#: Dates as programs write them: ISO 2024-03-01, 2024/03/01, and day first 01.03.2024,
#: 01/03/2024 or 01-03-2024 (read, with a warning).
_OTHER_DATE = re.compile(r"\d{4}([-/])\d\d?\1\d\d?|\d\d?([./-])\d\d?\2\d{4}")


_TIME = re.compile(r"\d\d:\d\d:\d\d")


_ROUND = re.compile(r"\d+(?:\.[A-Za-z0-9]+)*")


_RUBBER = re.compile(r"(?:(NS|EW) +)?\d+ *\/ *\d+(?: +(NS|EW) +\d+ *\/ *\d+)? *")


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


_PLAYER_TYPE = frozenset({"HUMAN", "PROGRAM", "COMPUTER"})


#: What is checked in a tag's value: (tag, whether it is the first of its name, the game's
#: cache, report); None for a known tag with nothing to check.
TagCheck = Callable[[RawTag, bool, dict[str, Any], Report], None]


def unknown_tag(tag: RawTag, first: bool, cache: dict[str, Any], report: Report) -> None:
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
CHECKS: dict[str, TagCheck | None] = dict.fromkeys(KNOWN_TAGS)


CHECKS.update(dict.fromkeys(_VALUE_CHECKS, _check_value))


CHECKS.update({name: _game_value(key, parse) for name, (key, parse) in _GAME_VALUES.items()})


def check_export_order(game: Game, tags: dict[str, RawTag], report: Report) -> None:
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


def check_dependencies(game: Game, tags: dict[str, RawTag], report: Report) -> None:
    auction = tags.get("Auction")
    if auction is not None and _unknown(tags.get("Dealer")):
        report(auction[4] or 1, auction[5] or 1, _("the Auction needs the Dealer tag"))
    play = tags.get("Play")
    if play is not None and not no_play(play):
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


def no_play(tag: RawTag) -> bool:
    """Whether a Play tag records no play: ``[Play ""]`` with no cards after it."""
    return tag[1] == "" and not tag[2]


def check_rubber(tags: dict[str, RawTag], report: Report) -> None:
    if "ScoreRubberHistory" not in tags or "Vulnerable" not in tags:
        return
    history = as_tag(tags["ScoreRubberHistory"])
    vulnerable = as_tag(tags["Vulnerable"])
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
