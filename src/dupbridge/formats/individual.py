"""The results of an individual event (Law 4: each contestant is one player, and the
partnerships change from round to round), as the file formats write and read them.

An :class:`IndividualEvent` holds the players (number, name, member number), every
traveller line with the four players in their seats (an individual movement seats four
distinct players at a table), each player's matchpoints on the line (the two members of a
side share the side's score, Law 12C3, except where an artificial score is the player's own,
Law 12C2(c)) and the final standings by player. :mod:`dupbridge.formats.pbn_individual`
and :mod:`dupbridge.formats.usebio` write it and read it back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from dupbridge.core.seats import Seat
from dupbridge.tournament.results import BoardInfo, Outcome, Played

__all__ = [
    "SEAT_ORDER",
    "IndividualEvent",
    "IndividualLine",
    "IndividualPlayer",
    "IndividualStanding",
]

#: The order of the four players of a line: North, East, South, West.
SEAT_ORDER = (Seat.N, Seat.E, Seat.S, Seat.W)


@dataclass(frozen=True)
class IndividualPlayer:
    """A player of an individual event: his number, name and member number (if any)."""

    number: int
    name: str
    member: str = ""


@dataclass(frozen=True)
class IndividualLine:
    """One traveller line of an individual event.

    Attributes:
        board: the board number.
        players: the numbers of North, East, South and West.
        outcome: what happened (a played result or an adjusted score, Law 12C).
        table: the table, when known.
        round: the round, when known.
        matchpoints: each seat's matchpoints on the line (North, East, South, West), when
            scored.
        top: the matchpoints a player could have had on the line, when scored.
    """

    board: int
    players: tuple[int, int, int, int]
    outcome: Outcome
    table: int | None = None
    round: int | None = None
    matchpoints: tuple[Fraction | None, Fraction | None, Fraction | None, Fraction | None] = (
        None,
        None,
        None,
        None,
    )
    top: Fraction | None = None

    def player(self, seat: Seat) -> int:
        """The player in ``seat``."""
        return self.players[SEAT_ORDER.index(seat)]

    def seat_of(self, player: int) -> Seat | None:
        """The seat of ``player`` at this line (None if he did not play it)."""
        for seat, number in zip(SEAT_ORDER, self.players, strict=True):
            if number == player:
                return seat
        return None

    def points_of(self, seat: Seat) -> Fraction | None:
        """The matchpoints of the player in ``seat``."""
        return self.matchpoints[SEAT_ORDER.index(seat)]

    def percent_of(self, seat: Seat) -> Fraction | None:
        """The percentage of the top of the player in ``seat``."""
        points = self.points_of(seat)
        if points is None or not self.top:
            return None
        return 100 * points / self.top


@dataclass(frozen=True)
class IndividualStanding:
    """A player's place in the final ranking.

    Attributes:
        player: his number.
        place: ``"3"``, or ``"3-4"`` when shared.
        matchpoints: his matchpoints over the session.
        percent: his percentage of the tops of the boards he played.
        boards: how many boards he played (scored not played included).
    """

    player: int
    place: str
    matchpoints: Fraction
    percent: Fraction
    boards: int


@dataclass(frozen=True)
class IndividualEvent:
    """An individual event's players, boards, traveller lines and ranking."""

    name: str = ""
    date: str = ""
    site: str = ""
    boards: Mapping[int, BoardInfo] = field(default_factory=dict)
    players: tuple[IndividualPlayer, ...] = ()
    lines: tuple[IndividualLine, ...] = ()
    standings: tuple[IndividualStanding, ...] = ()

    def board(self, number: int) -> BoardInfo:
        """The board's dealer, vulnerability and deal (the standard ones when unknown)."""
        return self.boards.get(number) or BoardInfo.numbered(number)

    def name_of(self, number: int) -> str:
        """The player's name (his number when the event has none)."""
        for player in self.players:
            if player.number == number:
                return player.name
        return str(number)

    def ns_points(self, line: IndividualLine) -> int | None:
        """North-South's points on a played line (Law 77); None for an adjusted score."""
        outcome = line.outcome
        if not isinstance(outcome, Played):
            return None
        return outcome.ns_score(self.board(line.board).vulnerability)

    def standing(self, number: int) -> IndividualStanding | None:
        """The player's place in the ranking, if he has one."""
        return next((s for s in self.standings if s.player == number), None)
