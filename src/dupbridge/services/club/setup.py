"""Setting up a club evening: the event's settings, its movement and its players.

The Director chooses pairs or teams, the movement family by table count (Law 8A: the
Director moves players and boards), the boards per round, the scoring method (Law 78D: the
Conditions of Contest say how the event is scored) and the national profile, and enters or
imports the players. :class:`EveningSetup` holds all of it as plain values that round-trip
through JSON (the store keeps them as one text column).

:func:`read_players_csv` reads the entries from CSV (``pair, name 1, name 2, member 1,
member 2`` and synonyms); every problem names its line and column.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import asdict, dataclass, field, replace
from enum import StrEnum
from functools import lru_cache
from typing import Any

from dupbridge.core.errors import DupbridgeError
from dupbridge.core.seats import Side
from dupbridge.i18n import _, get_language
from dupbridge.laws.profiles import PROFILES, find_profile
from dupbridge.scoring.adjusted import AdjustedRules
from dupbridge.tournament.event_scoring import Method
from dupbridge.tournament.movements import Entrant, Movement, MovementError
from dupbridge.tournament.movements.catalog import FAMILIES, Options, build

__all__ = [
    "Entry",
    "EveningSetup",
    "LeadCheck",
    "LeadRule",
    "SetupError",
    "read_players_csv",
]


#: The movement families whose entrants are teams (two rooms), and individual ones.
TEAM_FAMILIES = frozenset({"team-match", "round-robin", "american-whist"})
INDIVIDUAL_FAMILIES = frozenset({"individual", "rainbow"})


class SetupError(DupbridgeError, ValueError):
    """An evening that cannot be set up as asked; the message says what and where."""


class LeadRule(StrEnum):
    """Whether the table enters the opening lead."""

    OFF = "off"
    OPTIONAL = "optional"
    REQUIRED = "required"


class LeadCheck(StrEnum):
    """What a lead that is not in the leader's hand (by the hand record) does."""

    WARN = "warn"
    REFUSE = "refuse"


@dataclass(frozen=True)
class Entry:
    """One pair (or team) of the evening.

    Attributes:
        number: the pair number of the movement.
        line: ``"NS"`` or ``"EW"`` in a Mitchell (two lines), empty otherwise.
        names: the players' names.
        members: their member numbers (same order), empty strings when unknown.
    """

    number: int
    line: str = ""
    names: tuple[str, ...] = ()
    members: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """``"3 NS"`` or ``"3"``."""
        return f"{self.number} {self.line}".strip()


@dataclass(frozen=True)
class EveningSetup:
    """Everything the Director decides before play starts.

    Attributes:
        name: the event's name.
        teams: a team event (else pairs).
        family: the movement family (``"howell"``, ``"mitchell"``, ``"team-match"``, ...).
        tables: the number of tables (a half table counts as one, with ``half``).
        half: an odd number of pairs; the movement has a phantom.
        boards_per_round: boards in each round.
        rounds: rounds to play (None: the family's full number).
        method: the scoring method (``Method`` value: ``"mp"``, ``"imp-butler"``, ...).
        profile: the national profile (``dupbridge.laws.profiles``).
        lead: whether the table enters the opening lead.
        lead_check: a lead not in the leader's hand: a warning or a refusal.
        dd_margin: a result this many tricks or more away from double dummy is flagged.
        live: players may see the live ranking while play goes on.
        correction_minutes: the correction period after the end of play (Law 79C).
        entries: the pairs (teams) with their players.
        deals: the hand record as PBN text (empty when not known).
    """

    name: str = ""
    teams: bool = False
    family: str = "howell"
    tables: int = 5
    half: bool = False
    boards_per_round: int = 2
    rounds: int | None = None
    method: str = "mp"
    profile: str = "wbf"
    lead: LeadRule = LeadRule.OPTIONAL
    lead_check: LeadCheck = LeadCheck.WARN
    dd_margin: int = 4
    live: bool = True
    correction_minutes: int = 30
    entries: tuple[Entry, ...] = ()
    deals: str = field(default="", repr=False)

    def __post_init__(self) -> None:
        if self.family.strip().lower() not in FAMILIES:
            raise SetupError(
                _("no movement family {name!r}; choose one of {names}").format(
                    name=self.family, names=", ".join(FAMILIES)
                )
            )
        if self.method not in {m.value for m in Method}:
            raise SetupError(
                _("no scoring method {name!r}; choose one of {names}").format(
                    name=self.method, names=", ".join(m.value for m in Method)
                )
            )
        if Method(self.method).teams != self.teams:
            raise SetupError(
                _("scoring method {name!r} is for {kind} events").format(
                    name=self.method, kind=_("team") if Method(self.method).teams else _("pairs")
                )
            )
        family = self.family.strip().lower()
        if family in INDIVIDUAL_FAMILIES:
            raise SetupError(
                _("the club evening runs pairs and team movements; {name!r} is an individual "
                  "movement").format(name=self.family)
            )  # fmt: skip
        if (family in TEAM_FAMILIES) != self.teams:
            raise SetupError(
                _("movement {name!r} is for {kind}: choose a {kind} scoring method").format(
                    name=self.family, kind=_("teams") if family in TEAM_FAMILIES else _("pairs")
                )
            )
        if self.profile not in PROFILES:
            raise SetupError(
                _("no national profile {name!r}; choose one of {names}").format(
                    name=self.profile, names=", ".join(PROFILES)
                )
            )
        if not 1 <= self.dd_margin <= 13:
            raise SetupError(_("the double-dummy margin goes from 1 to 13 tricks"))
        if not 0 <= self.correction_minutes <= 24 * 60:
            raise SetupError(_("the correction period goes from 0 to 1440 minutes"))

    @property
    def movement(self) -> Movement:
        """The movement (built from the family; the same settings give the same movement),
        its name and notes in the active language.

        Raises:
            SetupError: if the family cannot build it, with the library's reason.
        """
        return _movement(
            self.family,
            self.tables,
            self.half,
            self.boards_per_round,
            self.rounds,
            language=get_language(),
        )

    @property
    def profile_title(self) -> str:
        """The national profile's name in the active language (``Poland, PZBS 2017``)."""
        return find_profile(self.profile).title

    @property
    def method_enum(self) -> Method:
        """The scoring method."""
        return Method(self.method)

    @property
    def adjusted_rules(self) -> AdjustedRules:
        """The values of the artificial adjusted scores (``A+/A-``, ``A=``) by the evening's
        national profile (Law 12C2: average plus and minus in percent at pairs, in IMPs at
        IMP scoring; the Regulating Authority may vary them)."""
        profile = find_profile(self.profile)
        return AdjustedRules(
            average_plus_percent=profile.average_plus_percent,
            average_minus_percent=profile.average_minus_percent,
            average_plus_imps=profile.average_imps,
        )

    @property
    def mitchell(self) -> bool:
        """Whether NS and EW are two lines of pairs (NS 1 and EW 1 are different pairs)."""
        return any(entrant.line is not None for entrant in self.movement.entrants)

    def entry(self, entrant: Entrant) -> Entry | None:
        """The entry of the movement's ``entrant``, when the players were entered."""
        line = "" if entrant.line is None else entrant.line.name
        for entry in self.entries:
            if entry.number == entrant.number and entry.line == line:
                return entry
        return None

    def with_entries(self, entries: tuple[Entry, ...]) -> EveningSetup:
        """The setup with these players (checked against the movement's pairs).

        Raises:
            SetupError: for a pair the movement does not have.
        """
        known = {
            (e.number, "" if e.line is None else e.line.name) for e in self.movement.real_entrants
        }
        for entry in entries:
            if (entry.number, entry.line) not in known:
                raise SetupError(
                    _("pair {pair} is not in the movement ({movement})").format(
                        pair=entry.label, movement=self.movement.name
                    )
                )
        return replace(self, entries=entries)

    # -- JSON ------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The setup as JSON text."""
        data = asdict(self)
        data["lead"] = str(self.lead)
        data["lead_check"] = str(self.lead_check)
        return json.dumps(data, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> EveningSetup:
        """The setup from :meth:`to_json`'s text."""
        data: dict[str, Any] = json.loads(text)
        data["entries"] = tuple(
            Entry(e["number"], e["line"], tuple(e["names"]), tuple(e["members"]))
            for e in data.get("entries", ())
        )
        data["lead"] = LeadRule(data["lead"])
        data["lead_check"] = LeadCheck(data["lead_check"])
        return cls(**data)


@lru_cache(maxsize=64)
def _movement(
    family: str, tables: int, half: bool, per_round: int, rounds: int | None, *, language: str
) -> Movement:
    # Building a Howell searches designs (a fraction of a second): every request of an
    # evening needs its movement, and the same settings always give the same movement. Its
    # name and notes are written in the language it is built in, hence ``language`` in the
    # key (a movement cached in English was shown to a Polish reader).
    del language  # only the cache's key: the build reads the active language itself
    try:
        return build(family, Options(tables, half, per_round, rounds))
    except MovementError as error:
        raise SetupError(str(error)) from None


_PLAYER_COLUMNS = {
    "pair": "pair", "pair number": "pair", "number": "pair", "no": "pair", "team": "pair",
    "line": "line", "direction": "line",
    "name 1": "name1", "name1": "name1", "player 1": "name1", "north": "name1", "east": "name1",
    "name 2": "name2", "name2": "name2", "player 2": "name2", "south": "name2", "west": "name2",
    "member 1": "member1", "member1": "member1", "member number 1": "member1",
    "member 2": "member2", "member2": "member2", "member number 2": "member2",
    "names": "names",
}  # fmt: skip


def read_players_csv(text: str, source: str = "players.csv") -> tuple[Entry, ...]:
    """The entries from CSV: a header naming the columns (``pair``, ``line``, ``name 1``,
    ``name 2``, ``member 1``, ``member 2``; or ``names`` with the names separated by ``;``
    or `` - ``), then one line per pair.

    Raises:
        SetupError: listing every problem as ``FILE:LINE:COLUMN: ...``.
    """
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise SetupError(_("{source}:1:1: no header line naming the columns").format(source=source))
    try:
        delimiter = csv.Sniffer().sniff(lines[0], delimiters=",;\t").delimiter
    except csv.Error:
        delimiter = ","
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    header = [cell.strip().lower() for cell in rows[0]]
    problems: list[str] = []
    columns: dict[str, int] = {}
    for index, name in enumerate(header):
        key = _PLAYER_COLUMNS.get(name)
        if key is None:
            problems.append(
                _("{source}:1:{column}: unknown column {name!r} (expected pair, line, name 1, "
                  "name 2, member 1, member 2 or names)").format(
                    source=source, column=index + 1, name=rows[0][index]
                )
            )  # fmt: skip
        else:
            columns[key] = index
    if "pair" not in columns:
        problems.append(_("{source}:1:1: no pair column").format(source=source))
    if problems:
        raise SetupError("\n".join(problems))
    entries: list[Entry] = []
    seen: dict[tuple[int, str], int] = {}
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue

        def cell(key: str, row: list[str] = row) -> str:
            index = columns.get(key)
            return row[index].strip() if index is not None and index < len(row) else ""

        pair_text = cell("pair")
        if not pair_text.isdigit() or int(pair_text) < 1:
            problems.append(
                _("{source}:{line}:{column}: not a pair number: {text!r}").format(
                    source=source, line=number, column=columns["pair"] + 1, text=pair_text
                )
            )
            continue
        line_text = cell("line").upper().replace("-", "")
        if line_text not in ("", "NS", "EW"):
            problems.append(
                _("{source}:{line}:{column}: not a line: {text!r} (expected NS or EW)").format(
                    source=source, line=number, column=columns["line"] + 1, text=cell("line")
                )
            )
            continue
        if "names" in columns:
            raw = cell("names").replace(" - ", ";")
            names = tuple(part.strip() for part in raw.split(";") if part.strip())
        else:
            names = tuple(name for name in (cell("name1"), cell("name2")) if name)
        if not names:
            problems.append(
                _("{source}:{line}:1: pair {pair} has no names").format(
                    source=source, line=number, pair=pair_text
                )
            )
            continue
        pair_key = (int(pair_text), line_text)
        if pair_key in seen:
            problems.append(
                _("{source}:{line}:{column}: pair {pair} was already on line {first}").format(
                    source=source, line=number, column=columns["pair"] + 1,
                    pair=f"{pair_text} {line_text}".strip(), first=seen[pair_key],
                )
            )  # fmt: skip
            continue
        seen[pair_key] = number
        members = tuple(m for m in (cell("member1"), cell("member2")))
        entries.append(Entry(int(pair_text), line_text, names, members))
    if problems:
        raise SetupError("\n".join(problems))
    if not entries:
        raise SetupError(_("{source}: no players in this file").format(source=source))
    return tuple(entries)


def side_name(side: Side) -> str:
    """``"NS"`` or ``"EW"``."""
    return side.name
