"""The movements dupbridge builds by name, and suggestions for a number of tables and boards.

:data:`FAMILIES` maps each name to its builder; :func:`build` makes one; :func:`suggest`
lists the movements that fit a session of so many tables (half tables too: ``7.5``) and
about so many boards, each with its rounds, boards per round, relays and shares, the time
it takes, and why.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from dupbridge.i18n import N_, _
from dupbridge.tournament.movements.errors import MovementError
from dupbridge.tournament.movements.howell import howell, three_quarter_howell
from dupbridge.tournament.movements.individual import individual_two_tables, rainbow
from dupbridge.tournament.movements.mitchell import mitchell
from dupbridge.tournament.movements.model import Movement
from dupbridge.tournament.movements.teams import american_whist, team_match, team_round_robin

__all__ = [
    "FAMILIES",
    "MINUTES_PER_BOARD",
    "TITLES",
    "Family",
    "Options",
    "Suggestion",
    "build",
    "family_titles",
    "parse_tables",
    "suggest",
]

#: The usual pace of club play, changes of round included.
MINUTES_PER_BOARD = Fraction(15, 2)


@dataclass(frozen=True, slots=True)
class Options:
    """What a family builder may use.

    Attributes:
        tables: tables (a half table counts as one, with ``half`` set).
        half: an odd number of pairs: the last table has a phantom pair.
        boards_per_round: boards in each round.
        rounds: rounds to play (None: the family's full number).
        arrow_switch: rounds in which every table switches arrows.
    """

    tables: int
    half: bool = False
    boards_per_round: int = 2
    rounds: int | None = None
    arrow_switch: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Family:
    """A movement family: its name, what it is for, and how to build it."""

    name: str
    summary: str  # an English source string: translate it with _() when shown
    build: Callable[[Options], Movement]


def _no_half(options: Options, family: str) -> None:
    if options.half:
        raise MovementError(_("{family} has no half-table version").format(family=family))


def _mitchell(even: str) -> Callable[[Options], Movement]:
    def make(options: Options) -> Movement:
        return mitchell(
            options.tables,
            options.boards_per_round,
            rounds=options.rounds,
            even=even,
            phantom=options.half,
            arrow_switch=options.arrow_switch,
        )

    return make


def _rover(options: Options) -> Movement:
    _no_half(options, "mitchell-rover")
    return mitchell(
        options.tables,
        options.boards_per_round,
        rounds=options.rounds,
        rover=True,
        arrow_switch=options.arrow_switch,
    )


def _howell(options: Options) -> Movement:
    # 2 and 3 tables: no Howell without sharing when each table plays one set a round; at
    # 3 tables with an even number of boards a round, two half-sets a table avoid sharing.
    small = options.tables <= 3 and options.rounds in (None, 2 * options.tables - 1)
    split = small and options.tables == 3 and options.boards_per_round % 2 == 0
    return howell(
        options.tables,
        options.boards_per_round,
        rounds=options.rounds,
        sharing=small and not split,
        phantom=options.half,
        split=split,
    )


def _three_quarter(options: Options) -> Movement:
    _no_half(options, "three-quarter-howell")
    return three_quarter_howell(options.tables, options.boards_per_round)


def _match(options: Options) -> Movement:
    _no_half(options, "team-match")
    return team_match(options.boards_per_round, options.rounds or 2)


def _round_robin(options: Options) -> Movement:
    _no_half(options, "round-robin")
    return team_round_robin(options.tables, options.boards_per_round)


def _whist(options: Options) -> Movement:
    _no_half(options, "american-whist")
    return american_whist(options.tables, options.boards_per_round)


def _individual(options: Options) -> Movement:
    _no_half(options, "individual")
    if options.tables != 2:
        raise MovementError(_("the individual movement is for 2 tables (8 players)"))
    return individual_two_tables(options.boards_per_round)


def _rainbow(options: Options) -> Movement:
    _no_half(options, "rainbow")
    return rainbow(options.tables, options.boards_per_round, rounds=options.rounds)


#: Every movement family dupbridge builds by name. For team families ``--tables`` is the
#: number of teams.
FAMILIES: dict[str, Family] = {
    family.name: family
    for family in (
        Family("mitchell", N_("Mitchell (skip for even tables); two winners"), _mitchell("skip")),
        Family("mitchell-relay", N_("share-and-relay Mitchell, even tables"), _mitchell("relay")),
        Family("mitchell-rover", N_("Mitchell with a late pair roving NS"), _rover),
        Family("howell", N_("complete Howell: every pair meets every other; one winner"), _howell),
        Family("three-quarter-howell", N_("three-quarter Howell"), _three_quarter),
        Family("team-match", N_("two teams, open and closed room"), _match),
        Family("round-robin", N_("teams round robin, home and away"), _round_robin),
        Family("american-whist", N_("teams meet each other in one session"), _whist),
        Family("individual", N_("8 players at 2 tables"), _individual),
        Family("rainbow", N_("individual for a prime number of tables"), _rainbow),
    )
}  # fmt: skip

#: Each family's name for people (the keys of :data:`FAMILIES` are the command line's).
#: Mitchell and Howell are their inventors' names, kept in every language (the Russian
#: catalog writes them in Cyrillic, as it does in "Howell {tables} tables").
TITLES: dict[str, str] = {
    "mitchell": N_("Mitchell"),
    "mitchell-relay": N_("Mitchell, share and relay"),
    "mitchell-rover": N_("Mitchell with a rover"),
    "howell": N_("Howell"),
    "three-quarter-howell": N_("Three-quarter Howell"),
    "team-match": N_("Team match"),
    "round-robin": N_("Round robin"),
    "american-whist": N_("American whist"),
    "individual": N_("Individual, two tables"),
    "rainbow": N_("Rainbow individual"),
}


def family_titles() -> list[tuple[str, str]]:
    """Each family's command-line name and its name and description in the active language
    (``("howell", "Howell – complete Howell: every pair meets every other; one winner")``)."""
    titles = []
    for name, family in FAMILIES.items():
        title, summary = _(TITLES.get(name, name)), _(family.summary)
        same = summary.casefold() == title.casefold()  # "three-quarter Howell" says it all
        titles.append((name, title if same else f"{title} – {summary}"))
    return titles


def parse_tables(text: str) -> tuple[int, bool]:
    """``"7"`` is 7 tables; ``"7.5"`` or ``"7½"`` is 7 tables and a half (8 with a phantom).

    Raises:
        MovementError: for anything else.
    """
    cleaned = text.strip().replace("½", ".5").replace(",", ".")
    try:
        value = Fraction(cleaned)
    except (ValueError, ZeroDivisionError):
        raise MovementError(
            _("not a number of tables: {text!r} (e.g. 7 or 7.5)").format(text=text)
        ) from None
    if value <= 0 or value.denominator not in (1, 2):
        raise MovementError(
            _("not a number of tables: {text!r} (whole or half tables)").format(text=text)
        )
    if value.denominator == 2:
        return int(value + Fraction(1, 2)), True
    return int(value), False


def build(name: str, options: Options) -> Movement:
    """The movement of family ``name``.

    Raises:
        MovementError: for an unknown family or options the family cannot take.
    """
    family = FAMILIES.get(name.strip().lower())
    if family is None:
        raise MovementError(
            _("no movement family {name!r}; dupbridge builds {names}").format(
                name=name, names=", ".join(FAMILIES)
            )
        )
    return family.build(options)


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A movement that fits, with the numbers a Director weighs.

    Attributes:
        family: the family name (for ``dupbridge movement show``).
        title: the movement's name.
        rounds: rounds to play.
        boards_per_round: boards per round.
        boards: boards each pair plays.
        in_play: boards in play (to deal and duplicate).
        winners: one or two (NS and EW).
        relays: relay stands (sets resting each round).
        shares: tables sharing boards in some round.
        minutes: the session's length at the given pace.
        why: the reasons for and against, in words.
        options: further options of ``dupbridge movement show`` for this variant.
        library: the library file the movement comes from (empty: dupbridge builds it).
        key: its name in that file.
        sized: whether that file gives the boards (a KoPS movement takes
            ``--boards-per-round``).
    """

    family: str
    title: str
    rounds: int
    boards_per_round: int
    boards: int
    in_play: int
    winners: int
    relays: int
    shares: bool
    minutes: int
    why: str
    options: str = ""
    library: str = ""
    key: str = ""
    sized: bool = True


def suggest(
    tables: int,
    boards: int,
    *,
    half: bool = False,
    minutes_per_board: Fraction = MINUTES_PER_BOARD,
) -> list[Suggestion]:
    """The movements for ``tables`` tables (``half``: one pair short) and about ``boards``
    boards per pair, best fit first.

    Raises:
        MovementError: for fewer than 2 tables or no boards.
    """
    if tables < 2 or (half and tables < 3):
        raise MovementError(_("a pairs session needs at least 2 tables"))
    if boards < 8:
        raise MovementError(
            _("a session plays at least 8 boards, not {boards}").format(boards=boards)
        )
    found: list[Suggestion] = []

    def offer(
        family: str, make: Callable[[int], Movement], rounds: int, why: str, options: str = ""
    ) -> None:
        per_round = max(1, round(boards / rounds))
        try:
            movement = make(per_round)
        except MovementError:
            return
        played = max(len(set(movement.boards_played(e))) for e in movement.real_entrants)
        if abs(played - boards) > max(3, boards // 4):
            return
        fields = len(movement.fields())
        relays = len({s for r, s, _name in movement.stands if r == 1})
        text = why
        if movement.sharing:
            text += "; " + _("tables share boards")
        found.append(
            Suggestion(
                family=family,
                title=movement.name,
                rounds=movement.rounds,
                boards_per_round=per_round,
                boards=played,
                in_play=len(movement.boards),
                winners=fields,
                relays=relays,
                shares=movement.sharing,
                minutes=int(played * minutes_per_board),
                why=text,
                options=options,
            )
        )

    odd = tables % 2 == 1
    mitchell_rounds = tables if odd else tables - 1
    if tables >= 3:
        offer(
            "mitchell",
            lambda k: mitchell(tables, k, phantom=half),
            mitchell_rounds,
            _("two winners; simple to run; every NS pair meets every EW pair")
            if odd
            else _("two winners; EW pairs skip a table after round {r}; one NS pair missed").format(
                r=tables // 2
            ),
        )
        offer(
            "mitchell",
            lambda k: mitchell(tables, k, phantom=half, arrow_switch=_last_third(mitchell_rounds)),
            mitchell_rounds,
            _("one winner: arrow switch in the last third of the rounds"),
            "--arrow-switch " + ",".join(str(r) for r in _last_third(mitchell_rounds)),
        )
    if tables >= 4 and not odd:
        offer(
            "mitchell-relay",
            lambda k: mitchell(tables, k, even="relay", phantom=half),
            tables,
            _("two winners; every EW pair meets every NS pair; a relay stand, tables 1 and "
              "{t} share").format(t=tables)
            if not half
            else _("two winners; the phantom sits at the share table, so nobody shares"),
        )  # fmt: skip
    complete = 2 * tables - 1
    offer(
        "howell",
        lambda k: _howell(Options(tables, half, k)),
        complete,
        _("one winner; every pair meets every other; needs guide cards"),
    )
    if tables >= 5 and not half:
        target = (3 * complete + 2) // 4
        offer(
            "three-quarter-howell",
            lambda k: three_quarter_howell(tables, k),
            target,
            _("one winner; each pair meets about three quarters of the field"),
        )
    if not found:
        raise MovementError(
            _("no movement dupbridge builds plays about {boards} boards at {tables} tables").format(
                boards=boards, tables=tables
            )
        )
    found.sort(key=lambda s: (abs(s.boards - boards), s.shares, s.family))
    return found


def _last_third(rounds: int) -> tuple[int, ...]:
    start = rounds - max(1, rounds // 3) + 1
    return tuple(range(start, rounds + 1))
