"""The online session's state as its pages read it, its creation and its entries (the
base of :class:`~dupbridge.services.sessions.service.SessionService`)."""

from __future__ import annotations

import asyncio
import secrets
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from dupbridge.core.seats import Seat
from dupbridge.i18n import _, get_language
from dupbridge.services.sessions.config import (
    Clock,
    SessionClosedError,
    SessionConfig,
    SessionError,
    SystemClock,
    UnknownSessionError,
)
from dupbridge.services.sessions.gate import SessionGate
from dupbridge.services.sessions.individual import seats_of
from dupbridge.services.tables import TableService
from dupbridge.store.director import DirectorStore
from dupbridge.store.session_store import BoardRow, EntryRow, SessionRow, SessionStore
from dupbridge.tournament.movements import Movement
from dupbridge.tournament.movements.catalog import Options, build

__all__ = ["Registrar", "RoundBoard", "SessionBase", "SessionView", "player_seat", "seat_player"]


class Registrar(Protocol):
    """Sign-in for the session's players (``dupbridge.services.access.AccessStore``)."""

    def set_pin(self, session_id: str, pin: str) -> None:
        """Set the session's PIN."""

    def register_player(self, session_id: str, number: int, name: str) -> None:
        """Let player ``number`` sign in to the session."""


@dataclass(frozen=True)
class RoundBoard:
    """A board of the current round as a player or the Director sees it."""

    table_id: str
    table_number: int
    board: int
    ns: int
    ew: int
    done: bool
    outcome: str | None
    note: str
    round: int = 0


@dataclass(frozen=True)
class SessionView:
    """What the session page shows: the state, the round and its clock."""

    id: str
    name: str
    config: SessionConfig
    state: str
    round: int
    rounds: int
    deadline: float | None
    warned: bool
    entries: tuple[EntryRow, ...]
    desk: tuple[tuple[str, str], ...]
    boards: tuple[RoundBoard, ...]
    correction_until: float | None


def player_seat(board: BoardRow | RoundBoard, player: int, size: int = 2) -> Seat | None:
    """The seat player ``player`` holds at a board (None: he does not play there).

    Entry ``k``'s players are numbered from ``size * (k - 1) + 1``: a pair's first player
    sits North (or East), its second South (or West); a team's first pair plays North-South
    and its second pair East-West.
    """
    entry, within = (player - 1) // size + 1, (player - 1) % size
    second = within % 2 == 1
    if entry == board.ns and (size == 2 or within < 2):
        return Seat.S if second else Seat.N
    if entry == board.ew and (size == 2 or within >= 2):
        return Seat.W if second else Seat.E
    return None


def seat_player(board: BoardRow | RoundBoard, seat: Seat, size: int = 2) -> int:
    """The player number in ``seat`` at a board (see :func:`player_seat`)."""
    north_south = seat in (Seat.N, Seat.S)
    entry = board.ns if north_south else board.ew
    offset = 0 if size == 2 or north_south else 2
    return size * (entry - 1) + offset + (2 if seat in (Seat.S, Seat.W) else 1)


class SessionBase:
    """Online sessions on a store and a table service: reading, creating and entering.

    Args:
        store: the sessions' store.
        tables: the table service (it plays and stores every board).
        clock: where time is read (a fake clock in tests).
        registrar: sign-in for the players (the access store), if any.
        robots: plays seats of missing players (``attach(table_id, seats)``, ``detach``).
        exports_dir: where the results are written at the close (one folder a session).
    """

    def __init__(
        self,
        store: SessionStore,
        tables: TableService,
        *,
        clock: Clock | None = None,
        registrar: Registrar | None = None,
        robots: Any = None,
        exports_dir: Path | None = None,
        director_log: DirectorStore | None = None,
    ) -> None:
        self.store = store
        #: The Director's store: its log of scope ``<session id>`` is the session's log (the
        #: penalties, Laws 90-91, count in the ranking).
        self.director_log = director_log
        self.tables = tables
        self.clock: Clock = clock or SystemClock()
        self.registrar = registrar
        self.robots = robots
        self.exports_dir = exports_dir
        self._locks: dict[str, asyncio.Lock] = {}
        self._movements: dict[str, Movement] = {}
        # A closed session's tables take no more commands (nor a board the Director scored).
        tables.gate = SessionGate(store)

    # --- reading ----------------------------------------------------------------------------

    def _row(self, session_id: str) -> SessionRow:
        row = self.store.get(session_id)
        if row is None:
            raise UnknownSessionError(_("there is no session {id!r}").format(id=session_id))
        return row

    def config(self, session_id: str) -> SessionConfig:
        """The session's conditions."""
        return SessionConfig.from_json(self._row(session_id).config["conditions"])

    def pin_of(self, session_id: str) -> str:
        """The session's PIN (for the Director's page)."""
        return str(self._row(session_id).config.get("pin", ""))

    def sessions(self) -> list[SessionRow]:
        """Every online session."""
        return self.store.all()

    def movement(self, session_id: str) -> Movement | None:
        """The session's movement (None before the start)."""
        if session_id in self._movements:
            return self._movements[session_id]
        spec = self._row(session_id).config.get("movement")
        if not spec:
            return None
        movement = build(
            spec["family"],
            Options(spec["tables"], spec["half"], spec["boards_per_round"], spec["rounds"]),
        )
        self._movements[session_id] = movement
        return movement

    def movement_name(self, session_id: str) -> str:
        """The session's movement's name in the active language ("" before the start).

        :meth:`movement` keeps the movement built at the start, whose name is in the language
        of whoever started it (or of the first reader after a restart); a page shows the name
        in its reader's language instead.
        """
        spec = self._row(session_id).config.get("movement")
        if not spec:
            return ""
        key = (spec["family"], spec["tables"], spec["half"], spec["boards_per_round"])
        return _movement_name(*key, spec["rounds"], language=get_language())

    def view(self, session_id: str) -> SessionView:
        """The session as its page shows it."""
        row = self._row(session_id)
        config = SessionConfig.from_json(row.config["conditions"])
        movement = self.movement(session_id)
        rounds = 0 if movement is None else len(movement.round_numbers)
        boards = tuple(
            RoundBoard(
                b.table_id,
                b.table_number,
                b.board,
                b.ns,
                b.ew,
                b.finished or b.outcome is not None,
                b.outcome,
                b.note,
                b.round,
            )
            for b in self.store.boards(session_id)
            if b.round == row.current_round
        )
        deadline = None
        if row.round_started_at is not None and row.state == "running":
            deadline = row.round_started_at + self._round_seconds(config, boards)
        until = None if row.closed_at is None else row.closed_at + config.correction_s
        desk = tuple((str(name), str(member)) for name, member in row.config.get("desk", []))
        return SessionView(
            row.id,
            row.name,
            config,
            row.state,
            row.current_round,
            rounds,
            deadline,
            bool(row.warned),
            tuple(self.store.entries(session_id)),
            desk,
            boards,
            until,
        )

    def seats(self, row: SessionRow, board: BoardRow | RoundBoard) -> dict[Seat, int]:
        """The player numbers in the four seats of a board: for pairs and teams from the
        entries (:func:`seat_player`); in an individual event from the movement's seating
        kept at the start (Law 4: partnerships change every round)."""
        config = SessionConfig.from_json(row.config["conditions"])
        if config.individual:
            return seats_of(row.config.get("seating", {}), board.round, board.table_number)
        return {seat: seat_player(board, seat, config.players_per_entry) for seat in Seat}

    def seat_of(self, row: SessionRow, board: BoardRow | RoundBoard, player: int) -> Seat | None:
        """The seat player ``player`` holds at a board (None: he does not play there)."""
        return next((s for s, p in self.seats(row, board).items() if p == player), None)

    @staticmethod
    def _round_seconds(config: SessionConfig, boards: Iterable[RoundBoard | BoardRow]) -> float:
        per_table: dict[int, int] = {}
        for board in boards:
            per_table[board.table_number] = per_table.get(board.table_number, 0) + 1
        return config.seconds_per_board * max(per_table.values(), default=0)

    # --- creating and entering --------------------------------------------------------------

    def create(self, config: SessionConfig, *, pin: str | None = None) -> tuple[str, str]:
        """Open a session for entries.

        Returns:
            the session's id and its PIN.
        """
        session_id = uuid.uuid4().hex
        pin = (pin or f"{secrets.randbelow(10_000):04d}").strip()
        if len(pin) < 4 or len(pin) > 40:
            raise SessionError(_("a session PIN must have 4 to 40 characters"))
        # The Director reads the PIN on his page (the access store keeps only its hash).
        self.store.create(
            session_id, config.name, {"conditions": config.to_json(), "desk": [], "pin": pin}
        )
        if self.registrar is not None:
            self.registrar.set_pin(session_id, pin)
        return session_id, pin

    def _open(self, session_id: str) -> SessionRow:
        row = self._row(session_id)
        if row.state == "closed":
            raise SessionClosedError(
                _("session {name!r} is closed: it takes no more entries or commands").format(
                    name=row.name
                )
            )
        if row.state != "open":
            raise SessionError(
                _("session {name!r} has started: entries are closed").format(name=row.name)
            )
        return row

    def _check_members(
        self, config: SessionConfig, names: Iterable[str], members: Iterable[str]
    ) -> None:
        if not config.allow_list:
            return
        allowed = set(config.allow_list)
        for name, member in zip(names, members, strict=True):
            if member not in allowed:
                raise SessionError(
                    _(
                        "{name} (member number {member!r}) is not on the club's list for this "
                        "session"
                    ).format(name=name, member=member)
                )

    def add_pair(
        self, session_id: str, names: tuple[str, str], members: tuple[str, str] = ("", "")
    ) -> int:
        """Enter a pair; returns its number (its players are ``2k-1`` and ``2k``).

        Raises:
            SessionError: if entries are closed, a name is empty or a member is not allowed.
        """
        return self.enter_pair(session_id, names, members, checked=True)

    def enter_pair(
        self,
        session_id: str,
        names: tuple[str, str],
        members: tuple[str, str] = ("", ""),
        *,
        checked: bool,
    ) -> int:
        """:meth:`add_pair`; unless ``checked``, the allow-list is not consulted (a robot
        partner from the partnership desk)."""
        row = self._open(session_id)
        cleaned = tuple(name.strip() for name in names)
        if len(cleaned) != 2 or not all(cleaned) or any(len(n) > 100 for n in cleaned):
            raise SessionError(_("a pair needs two names of 1 to 100 characters"))
        config = SessionConfig.from_json(row.config["conditions"])
        if config.teams:
            raise SessionError(_("this is a team event: enter teams of four, not pairs"))
        if config.individual:
            raise SessionError(_("this is an individual event: enter players one by one"))
        if checked:
            self._check_members(config, cleaned, members)
        number = max((entry.number for entry in self.store.entries(session_id)), default=0) + 1
        self.store.add_entry(session_id, EntryRow(number, cleaned, tuple(members)))
        if self.registrar is not None:
            for index, name in enumerate(cleaned):
                self.registrar.register_player(session_id, 2 * number - 1 + index, name)
        return number

    def add_team(
        self, session_id: str, names: tuple[str, ...], members: tuple[str, ...] = ()
    ) -> int:
        """Enter a team of four (its first pair plays North-South, its second East-West);
        returns its number ``k`` (its players are ``4k-3`` to ``4k``).

        Raises:
            SessionError: if entries are closed, the session is not a team event, a name is
                empty or a member is not allowed.
        """
        row = self._open(session_id)
        config = SessionConfig.from_json(row.config["conditions"])
        if config.individual:
            raise SessionError(_("this is an individual event: enter players one by one"))
        if not config.teams:
            raise SessionError(_("this is a pairs event: enter pairs, not teams"))
        cleaned = tuple(name.strip() for name in names)
        if len(cleaned) != 4 or not all(cleaned) or any(len(n) > 100 for n in cleaned):
            raise SessionError(_("a team needs four names of 1 to 100 characters"))
        members = tuple(members) or ("",) * 4
        self._check_members(config, cleaned, members)
        number = max((entry.number for entry in self.store.entries(session_id)), default=0) + 1
        self.store.add_entry(session_id, EntryRow(number, cleaned, members))
        if self.registrar is not None:
            for index, name in enumerate(cleaned):
                self.registrar.register_player(session_id, 4 * number - 3 + index, name)
        return number

    def add_single(self, session_id: str, name: str, member: str = "") -> int | None:
        """A single player at the partnership desk: paired with the one waiting, if any. In
        an individual event he is entered on his own (:meth:`add_player`).

        Returns:
            the new pair's (or the player's) number when a partner was waiting or needs
            none, else None (waiting).
        """
        row = self._open(session_id)
        name = name.strip()
        if not name or len(name) > 100:
            raise SessionError(_("a player needs a name of 1 to 100 characters"))
        config = SessionConfig.from_json(row.config["conditions"])
        self._check_members(config, (name,), (member,))
        if config.individual:
            return self._enter_player(session_id, name, member)
        desk = list(row.config.get("desk", []))
        if not desk:
            self.store.update(session_id, config={**row.config, "desk": [[name, member]]})
            return None
        partner, partner_member = desk.pop(0)
        self.store.update(session_id, config={**row.config, "desk": desk})
        return self.add_pair(session_id, (partner, name), (partner_member, member))

    def add_player(self, session_id: str, name: str, member: str = "") -> int:
        """Enter a player in an individual event (Law 4: each player enters separately);
        returns his number.

        Raises:
            SessionError: if entries are closed, the session is not an individual event, the
                name is empty or the member is not allowed.
        """
        row = self._open(session_id)
        config = SessionConfig.from_json(row.config["conditions"])
        if not config.individual:
            raise SessionError(_("this is not an individual event: enter pairs or teams"))
        number = self.add_single(session_id, name, member)
        assert number is not None
        return number

    def _enter_player(self, session_id: str, name: str, member: str) -> int:
        number = max((entry.number for entry in self.store.entries(session_id)), default=0) + 1
        self.store.add_entry(session_id, EntryRow(number, (name,), (member,)))
        if self.registrar is not None:
            self.registrar.register_player(session_id, number, name)
        return number

    def set_robot(self, session_id: str, player: int, robot: bool = True) -> None:
        """A robot plays for player ``player`` from his next board on (a missing player),
        or no longer does."""
        row = self._row(session_id)
        self._not_closed(row)
        config = SessionConfig.from_json(row.config["conditions"])
        players = set(config.robot_players)
        (players.add if robot else players.discard)(player)
        self._save_config(row, replace(config, robot_players=tuple(sorted(players))))

    def substitute(self, session_id: str, player: int, name: str) -> None:
        """A substitute takes player ``player``'s place under his number."""
        row = self._row(session_id)
        self._not_closed(row)
        name = name.strip()
        if not name or len(name) > 100:
            raise SessionError(_("a substitute needs a name of 1 to 100 characters"))
        entries = {entry.number: entry for entry in self.store.entries(session_id)}
        size = SessionConfig.from_json(row.config["conditions"]).players_per_entry
        number = (player - 1) // size + 1
        if number not in entries or player < 1:
            raise SessionError(_("there is no player {number}").format(number=player))
        entry = entries[number]
        names = list(entry.names)
        names[(player - 1) % size] = name
        entries[number] = replace(entry, names=tuple(names))
        self.store.replace_entries(session_id, list(entries.values()))
        if self.registrar is not None:
            self.registrar.register_player(session_id, player, name)

    def set_clock(self, session_id: str, **changes: Any) -> SessionConfig:
        """Change the clock and the timeout rules (seconds_per_board, warning_s, overtime,
        unstarted, timeout_score) while the session is not closed."""
        row = self._row(session_id)
        self._not_closed(row)
        allowed = {"seconds_per_board", "warning_s", "overtime", "unstarted", "timeout_score"}
        unknown = sorted(set(changes) - allowed)
        if unknown:
            raise SessionError(
                _("these are no clock settings: {names}").format(names=", ".join(unknown))
            )
        config = SessionConfig.from_json({**row.config["conditions"], **changes})
        self._save_config(row, config)
        return config

    def _save_config(self, row: SessionRow, config: SessionConfig) -> None:
        self.store.update(row.id, config={**row.config, "conditions": config.to_json()})

    def _not_closed(self, row: SessionRow) -> None:
        if row.state == "closed":
            raise SessionClosedError(
                _("session {name!r} is closed: it takes no more commands").format(name=row.name)
            )


@lru_cache(maxsize=64)
def _movement_name(
    family: str, tables: int, half: bool, per_round: int, rounds: int | None, *, language: str
) -> str:
    del language  # only the cache's key: the build writes the name in the active language
    return build(family, Options(tables, half, per_round, rounds)).name
