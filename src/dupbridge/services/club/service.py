"""The club evening service: every accepted action is written before it is answered.

:class:`ClubService` works on the store's club tables (:class:`~dupbridge.store.club.ClubStore`).
It loads an evening (:class:`~dupbridge.services.club.evening.Evening`), checks what a
table or the Director asks, and writes the result and an audit row in one transaction:

* tables submit results with an idempotency key; the same key again (a retry from the
  page's offline queue, or the same request arriving twice) returns the result already
  stored, so a result is recorded exactly once;
* the Director enters results for tables without a device, corrects any result, gives
  adjusted and weighted scores (Law 12C), marks the forms of a fouled board (Law 87) and
  makes late changes until the correction period ends (Law 79C); every change is an
  appended audit row with who, when, before and after.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta

from dupbridge.core.errors import DupbridgeError
from dupbridge.i18n import _
from dupbridge.services.club.evening import Checked, EntryError, Evening, Line, Submission
from dupbridge.services.club.handrecord import with_double_dummy
from dupbridge.services.club.setup import EveningSetup
from dupbridge.store.club import AuditRecord, ClubConflictError, ClubRow, ClubStore, ClubUnit
from dupbridge.tournament.movements import Entrant

__all__ = ["Accepted", "AuditRecord", "ClubService", "EveningNotFoundError", "State"]


class EveningNotFoundError(DupbridgeError, LookupError):
    """No evening with this id."""


class State:
    """The states of an evening: being set up, being played, finished (the correction
    period runs from the end of play, Law 79C)."""

    SETUP = "setup"
    PLAYING = "playing"
    FINISHED = "finished"
    ALL = (SETUP, PLAYING, FINISHED)


@dataclass(frozen=True)
class Accepted:
    """A result the service stored (or had stored already, for a repeated key)."""

    line: Line
    checked: Checked
    duplicate: bool = False


def _row(line: Line) -> ClubRow:
    return ClubRow(
        line.round, line.table, line.board, str(line.ns), str(line.ew), dict(line.cells),
        line.group, line.flags, line.key, line.by,
    )  # fmt: skip


def _line(row: ClubRow) -> Line:
    return Line(
        row.round, row.table, row.board, Entrant.from_str(row.ns), Entrant.from_str(row.ew),
        dict(row.cells), row.group, row.flags, row.key, row.by,
    )  # fmt: skip


def _already(board: int, table: int, round: int) -> EntryError:
    return EntryError(
        _("board already played: board {board} has a result at table {table} in round "
          "{round}").format(board=board, table=table, round=round)
    )  # fmt: skip


class ClubService:
    """Club evenings in one store."""

    def __init__(self, store: ClubStore) -> None:
        self.store = store

    # -- evenings ---------------------------------------------------------------------------

    def create(self, setup: EveningSetup, who: str) -> str:
        """Store a new evening; its id.

        Raises:
            SetupError: if the movement cannot be built (nothing is written).
        """
        _built = setup.movement
        evening_id = uuid.uuid4().hex[:12]
        with self.store.write() as unit:
            unit.create(evening_id, setup.name, setup.to_json(), State.SETUP)
            unit.audit(evening_id, who, "create", note=setup.name)
        return evening_id

    def evenings(self) -> list[tuple[str, str, str]]:
        """Every evening: ``(id, name, state)``, newest first."""
        return self.store.evenings()

    def load(self, evening_id: str) -> Evening:
        """The evening with its results.

        Raises:
            EveningNotFoundError: if there is none with this id.
        """
        with self.store.read() as unit:
            return self._load(unit, evening_id)

    def state(self, evening_id: str) -> tuple[str, datetime | None]:
        """The evening's state and the time play finished."""
        with self.store.read() as unit:
            record = unit.evening(evening_id)
        if record is None:
            raise EveningNotFoundError(_("no club evening {id}").format(id=evening_id))
        return record.state, record.finished_at

    def update_setup(self, evening_id: str, setup: EveningSetup, who: str) -> None:
        """Change the setup (players, hand record, options); the movement only while no
        result is stored.

        Raises:
            EntryError: if results exist and the movement would change.
        """
        with self.store.write() as unit:
            evening = self._load(unit, evening_id)
            if evening.lines and setup.movement.rows != evening.movement.rows:
                raise EntryError(
                    _("results are already entered: the movement can no longer change")
                )
            unit.set_setup(evening_id, setup.name, setup.to_json())
            unit.audit(evening_id, who, "setup", note=setup.name)

    def load_hand_record(self, evening_id: str, text: str, who: str) -> None:
        """Store the hand record (PBN text). Deals without double dummy get their tables
        solved here, once, so that results far from double dummy are flagged (a slow call:
        run it off the event loop).

        Raises:
            EntryError: if the text holds no deals.
        """
        evening = self.load(evening_id)
        self.update_setup(evening_id, replace(evening.setup, deals=with_double_dummy(text)), who)

    def set_state(self, evening_id: str, state: str, who: str) -> None:
        """Start play, finish it (the correction period starts, Law 79C) or reopen it."""
        if state not in State.ALL:
            raise EntryError(_("no such state: {state!r}").format(state=state))
        with self.store.write() as unit:
            self._load(unit, evening_id)
            unit.set_state(evening_id, state, finished=state == State.FINISHED)
            unit.audit(evening_id, who, "state", note=state)

    def version(self, evening_id: str) -> int:
        """A number that grows with every change (the live pages poll it)."""
        return self.store.version(evening_id)

    def audit(self, evening_id: str) -> list[AuditRecord]:
        """Every change, in order."""
        return self.store.audit_rows(evening_id)

    # -- the tables -------------------------------------------------------------------------

    def preview(self, evening_id: str, table: int, round: int, submission: Submission) -> Checked:
        """Check a result without storing it (the confirmation screen)."""
        return self.load(evening_id).check(round, table, submission)

    def submit(
        self,
        evening_id: str,
        table: int,
        round: int,
        submission: Submission,
        *,
        key: str,
        who: str,
    ) -> Accepted:
        """Store a result a table confirmed, once per idempotency ``key``.

        Raises:
            EntryError: for a result the checks refuse (see :meth:`Evening.check`), or
                when the evening is not being played.
        """
        if not key or len(key) > 100:
            raise EntryError(_("a result needs an idempotency key of 1 to 100 characters"))
        with self.store.write() as unit:
            evening = self._load(unit, evening_id)
            known = self._known(unit, evening, key)
            if known is not None:
                return known
            record = unit.evening(evening_id)
            if record is None or record.state != State.PLAYING:
                raise EntryError(_("this evening is not being played: results go to the Director"))
            checked = evening.check(round, table, submission)
            ns, ew = evening.seated(round, table)
            line = Line(
                round, table, submission.board, ns, ew, submission.cells(),
                flags=checked.flags, key=key, by=who,
            )  # fmt: skip
            try:
                unit.insert(evening_id, _row(line))
            except ClubConflictError:
                pass
            else:
                unit.audit(evening_id, who, "enter", where=line.where, after=line.to_json())
                return Accepted(line, checked)
        # Someone stored this board, or this key, at the same moment: answer as if after.
        with self.store.read() as unit:
            evening = self._load(unit, evening_id)
            known = self._known(unit, evening, key)
        if known is not None:
            return known
        raise _already(submission.board, table, round)

    def _known(self, unit: ClubUnit, evening: Evening, key: str) -> Accepted | None:
        place = unit.place_of_key(evening.id, key)
        line = evening.lines.get(place) if place is not None else None
        if line is None:
            return None
        again = Submission.from_cells(line.board, line.cells)
        return Accepted(line, evening.check(line.round, line.table, again, director=True), True)

    # -- the Director -----------------------------------------------------------------------

    def correct(
        self,
        evening_id: str,
        table: int,
        round: int,
        submission: Submission,
        *,
        who: str,
        group: str | None = None,
        note: str = "",
    ) -> Checked:
        """Enter or replace a result as the Director: a table without a device, a
        correction, an adjusted or weighted score (Law 12C), a fouled board's form (Law 87).

        Raises:
            EntryError: for a result the checks refuse, or after the correction period.
        """
        with self.store.write() as unit:
            evening = self._load(unit, evening_id)
            self._check_period(unit, evening)
            checked = evening.check(round, table, submission, director=True)
            ns, ew = evening.seated(round, table)
            before = evening.lines.get((round, table, submission.board))
            line = Line(
                round, table, submission.board, ns, ew, submission.cells(),
                group=(group or None), flags=checked.flags,
                key=before.key if before else None, by=who,
            )  # fmt: skip
            if before is not None:
                unit.delete(evening_id, round, table, submission.board)
            unit.insert(evening_id, _row(line))
            unit.audit(
                evening_id, who, "correct" if before else "enter", where=line.where,
                before=before.to_json() if before else None, after=line.to_json(), note=note,
            )  # fmt: skip
        return checked

    def remove(
        self, evening_id: str, table: int, round: int, board: int, *, who: str, note: str = ""
    ) -> None:
        """Delete a result (the Director), with an audit row.

        Raises:
            EntryError: if there is no such result, or after the correction period.
        """
        with self.store.write() as unit:
            evening = self._load(unit, evening_id)
            self._check_period(unit, evening)
            before = evening.lines.get((round, table, board))
            if before is None:
                raise EntryError(
                    _("no result for board {board} at table {table} in round {round}").format(
                        board=board, table=table, round=round
                    )
                )
            unit.delete(evening_id, round, table, board)
            unit.audit(
                evening_id, who, "delete", where=before.where, before=before.to_json(), note=note
            )

    def foul(
        self, evening_id: str, board: int, groups: dict[tuple[int, int], str], *, who: str
    ) -> None:
        """Mark a fouled board (Law 87): each listed ``(round, table)`` line was played in
        the form named (``"A"``, ``"B"``; empty: the board as dealt); the others stay.

        Raises:
            EntryError: for a line that has no result, or after the correction period.
        """
        with self.store.write() as unit:
            evening = self._load(unit, evening_id)
            self._check_period(unit, evening)
            for (round, table), group in sorted(groups.items()):
                before = evening.lines.get((round, table, board))
                if before is None:
                    raise EntryError(
                        _("no result for board {board} at table {table} in round {round}").format(
                            board=board, table=table, round=round
                        )
                    )
                after = replace(before, group=group.strip() or None, by=who)
                unit.set_group(evening_id, round, table, board, group=after.group, by=who)
                unit.audit(
                    evening_id,
                    who,
                    "foul",
                    where=after.where,
                    before=before.to_json(),
                    after=after.to_json(),
                )

    def import_lines(self, evening_id: str, lines: Iterable[Line], *, who: str, note: str) -> int:
        """Store results read from a file (each replaces what its place held); the count.

        Raises:
            EntryError: after the correction period.
        """
        count = 0
        with self.store.write() as unit:
            evening = self._load(unit, evening_id)
            self._check_period(unit, evening)
            for line in lines:
                before = evening.lines.get(line.where)
                if before is not None:
                    unit.delete(evening_id, *line.where)
                unit.insert(evening_id, _row(replace(line, by=who, key=None)))
                unit.audit(
                    evening_id, who, "import", where=line.where,
                    before=before.to_json() if before else None, after=line.to_json(), note=note,
                )  # fmt: skip
                evening.lines[line.where] = line
                count += 1
        return count

    # -- helpers ----------------------------------------------------------------------------

    def _check_period(self, unit: ClubUnit, evening: Evening) -> None:
        record = unit.evening(evening.id)
        if record is None or record.state != State.FINISHED or record.finished_at is None:
            return
        ends = record.finished_at + timedelta(minutes=evening.setup.correction_minutes)
        if datetime.now(UTC) > ends:
            raise EntryError(
                _("the correction period ended at {time} UTC (Law 79C): reopen the evening to "
                  "change a result").format(time=ends.strftime("%H:%M"))
            )  # fmt: skip

    def _load(self, unit: ClubUnit, evening_id: str) -> Evening:
        record = unit.evening(evening_id)
        if record is None:
            raise EveningNotFoundError(_("no club evening {id}").format(id=evening_id))
        evening = Evening(evening_id, EveningSetup.from_json(record.setup))
        for row in unit.rows(evening_id):
            line = _line(row)
            evening.lines[line.where] = line
        return evening
