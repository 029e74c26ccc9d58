"""The club's own movement library, preferred by the suggestions (issue 12).

A club runs the published movements it owns cards and scoring files for (the KoPS Howells in
Poland, the bridgescorer set, a Bridgemate RoundData file): when one of them fits the session,
its table and pair numbers are the ones on the club's guide cards and in its scoring program,
and the Director has nothing to reconcile (Law 8A: the Director tells players and boards where
to go). :func:`load_library` reads a library in any format :mod:`.files` reads, a file or a
directory of files; :func:`library_suggestions` lists its movements that fit a session, with
the same figures and the same tolerance on the boards as :func:`.catalog.suggest`, to be shown
before the movements dupbridge builds.

A KoPS movement gives rounds and the travel of its sets, not their size: the boards per round
are chosen to come nearest the boards wanted (:func:`with_boards_per_round`), and ``dupbridge
movement show FILE --name KEY --boards-per-round N`` prints the same movement.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

from dupbridge.i18n import _
from dupbridge.tournament.movements.catalog import MINUTES_PER_BOARD, Suggestion
from dupbridge.tournament.movements.errors import FileProblem, MovementFileError
from dupbridge.tournament.movements.files import load
from dupbridge.tournament.movements.model import Entrant, Kind, Movement

__all__ = [
    "Library",
    "LibraryMovement",
    "library_suggestions",
    "load_library",
    "with_boards_per_round",
]

#: The files of a library directory that are read (the formats of :mod:`.files`).
LIBRARY_SUFFIXES = (".json", ".yaml", ".yml", ".csv", ".tsv")


@dataclass(frozen=True, slots=True)
class LibraryMovement:
    """A movement of the club's library.

    Attributes:
        movement: the movement as read (a KoPS one with one board a set).
        key: its name in its file (``7-13``, ``Howell14T7B26``, a section).
        source: the file it comes from.
        sized: whether the file gives the boards (all formats but KoPS).
    """

    movement: Movement
    key: str
    source: str
    sized: bool


@dataclass(frozen=True, slots=True)
class Library:
    """The movements of a library, and the problems met reading it (warnings, and the files of
    a directory that hold no movement)."""

    source: str
    movements: tuple[LibraryMovement, ...]
    problems: tuple[FileProblem, ...] = ()


def _read(path: Path) -> tuple[list[LibraryMovement], tuple[FileProblem, ...]]:
    loaded = load(path, "auto", boards_per_round=1)
    sized = loaded.format != "kops"
    found = [LibraryMovement(one.movement, one.key, str(path), sized) for one in loaded.movements]
    return found, loaded.problems


def load_library(path: str | Path) -> Library:
    """Read the club's library: one movement file, or every movement file of a directory
    (``.json``, ``.yaml``, ``.yml``, ``.csv``, ``.tsv``; files that hold no movement, such as
    bridgescorer's board sets, are passed over).

    Raises:
        MovementFileError: when the path cannot be read, a single file is no movement file or
            has errors, or a directory holds no movement.
    """
    where = Path(path)
    if not where.exists():
        raise MovementFileError(
            [FileProblem(str(where), None, None, _("no movement library here"))]
        )
    if not where.is_dir():
        movements, problems = _read(where)
        errors = [problem for problem in problems if not problem.warning]
        if errors or not movements:
            raise MovementFileError(errors or list(problems))
        return Library(str(where), tuple(movements), problems)
    movements = []
    notes: list[FileProblem] = []
    for file in sorted(where.iterdir()):
        if not file.is_file() or file.suffix.lower() not in LIBRARY_SUFFIXES:
            continue
        try:
            found, problems = _read(file)
        except MovementFileError:
            continue  # not a movement file: a library directory holds other files too
        movements += found
        notes += [problem for problem in problems if problem.warning]
    if not movements:
        raise MovementFileError(
            [FileProblem(str(where), None, None, _("the directory holds no movement file"))]
        )
    return Library(str(where), tuple(movements), tuple(notes))


def with_boards_per_round(movement: Movement, boards_per_round: int) -> Movement:
    """``movement`` (read with one board a set, as a KoPS library is) with
    ``boards_per_round`` boards in each set, numbered on: set k holds boards
    ``(k - 1) * n + 1`` to ``k * n``, as the KoPS reader numbers them."""
    return replace(
        movement,
        set_boards=tuple(
            (
                number,
                tuple(range((number - 1) * boards_per_round + 1, number * boards_per_round + 1)),
            )
            for number, _boards in movement.set_boards
        ),
    )


def library_suggestions(
    library: Library,
    tables: int,
    boards: int,
    *,
    half: bool = False,
    minutes_per_board: Fraction = MINUTES_PER_BOARD,
    boards_per_round: int | None = None,
) -> list[Suggestion]:
    """The library's pairs movements for ``tables`` tables (``half``: the last of them a half
    table, one pair short) that play about ``boards`` boards a pair, nearest first; each
    :class:`Suggestion` names its ``library`` file and ``key``. A KoPS movement gets
    ``boards_per_round`` boards a round, or by default the number that comes nearest
    ``boards``.

    A movement fits when it seats exactly the pairs present, or, at a half table, one pair
    more (that pair is the missing one: whoever meets it sits out), and its pairs play the
    boards wanted within the tolerance of :func:`.catalog.suggest` (3 boards, or a quarter).
    """
    pairs = 2 * tables - (1 if half else 0)
    found: list[tuple[bool, Suggestion]] = []
    for one in library.movements:
        movement = one.movement
        entrants = movement.real_entrants
        extra = len(entrants) - pairs  # 1: the last pair is the half table's missing pair
        if movement.kind is not Kind.PAIRS or extra not in ((0, 1) if half else (0,)):
            continue
        rounds = len(movement.round_numbers)
        if one.sized:
            first = movement.rows_in_round(movement.round_numbers[0])
            per_round = max(len(movement.boards_of(row)) for row in first)
        else:
            per_round = boards_per_round or max(1, round(boards / rounds))
            movement = with_boards_per_round(movement, per_round)
        missing = max(entrants, key=lambda entrant: entrant.sort_key) if extra else None
        played = _boards_played(movement, missing)
        if abs(played - boards) > max(3, boards // 4):
            continue
        why = _("the club's library ({file})").format(file=Path(one.source).name)
        if missing is not None:
            why += "; " + _("pair {pair} is the missing pair: whoever meets it sits out").format(
                pair=missing.number
            )
        if movement.sharing:
            why += "; " + _("tables share boards")
        first_round = movement.round_numbers[0]
        suggestion = Suggestion(
            family=one.key,
            title=movement.name,
            rounds=rounds,
            boards_per_round=per_round,
            boards=played,
            in_play=len(movement.boards),
            winners=len(movement.fields()),
            relays=len({s for r, s, _name in movement.stands if r == first_round}),
            shares=movement.sharing,
            minutes=int(played * minutes_per_board),
            why=why,
            library=one.source,
            key=one.key,
            sized=one.sized,
        )
        found.append((missing is not None, suggestion))
    found.sort(
        key=lambda item: (abs(item[1].boards - boards), item[0], item[1].shares, item[1].rounds)
    )
    return [suggestion for _missing, suggestion in found]


def _boards_played(movement: Movement, missing: Entrant | None) -> int:
    """The most boards a pair plays, rows against the ``missing`` pair left out."""
    played: dict[Entrant, set[int]] = {}
    for row in movement.rows:
        if missing is not None and missing in row.entrants:
            continue
        for entrant in row.entrants:
            if entrant not in movement.phantoms:
                played.setdefault(entrant, set()).update(movement.boards_of(row))
    return max((len(boards) for boards in played.values()), default=0)
