"""Group commit: one writer thread appends the commands of many tables in one transaction.

The table service hands each accepted command's events to :meth:`GroupWriter.submit` and
acknowledges the command only when its outcome comes back. The writer thread owns one
connection; whatever was submitted while it was writing is written together in its next
transaction, so a slow commit (an fsync, a busy disk) is paid once for the whole group
instead of once per command, and no database call ever runs on the server's event loop.

* Each command stays all-or-nothing: if the group's transaction fails on a key (another
  process wrote the same seq first, or an idempotency key was seen), it is rolled back and
  the group is written again one command per transaction, so only the clashing command fails
  (:class:`ConflictError`) and the others are stored and acknowledged.
* Any other failure (the database is down) is the outcome of every command of the group;
  none is acknowledged, and the connection is opened anew for the next group.
* Per-table order: commands are written in the order they were submitted (the service
  submits a table's next command only after its previous one has been settled).
* The events of a group go in one ``executemany``. (A multi-row ``INSERT ... VALUES`` built
  by SQLAlchemy measured 20 times slower for a group of 20 commands.)

SQLite: the writer's connection does not checkpoint the WAL itself (``wal_autocheckpoint``
off on it); a second thread checkpoints it (``PASSIVE``, which waits for no reader or writer)
every ``checkpoint_s`` seconds, so the checkpoint's copying and fsyncs never hold up a commit.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, text
from sqlalchemy.exc import IntegrityError

from dupbridge.store.repositories import ConflictError, NewEvent, UnitOfWork

__all__ = ["GroupWriter", "Outcome", "Write"]

_LOG = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Write:
    """One command's events for one table, and whether play at the table ends with them.
    ``token`` is the caller's, handed back with the outcome."""

    table_id: str
    events: Sequence[NewEvent]
    finished: bool
    token: Any


#: A write's token and its outcome: None (committed) or the error (nothing of it stored).
Outcome = tuple[Any, BaseException | None]


class GroupWriter:
    """The single writer of the event log, on a thread of its own.

    Args:
        engine: the store's engine; the writer opens its own connection on it.
        settle: called on the writer thread after each group with the outcome of every
            write in it (the caller hands them over to its event loop).
        checkpoint_s: SQLite only: seconds between WAL checkpoints (0: SQLite's own
            automatic checkpoints on the writer's connection instead).
    """

    def __init__(
        self,
        engine: Engine,
        settle: Callable[[list[Outcome]], None],
        *,
        checkpoint_s: float = 1.0,
    ) -> None:
        self._engine = engine
        self._settle = settle
        self._sqlite = engine.dialect.name == "sqlite"
        self._checkpoint_s = checkpoint_s if self._sqlite else 0.0
        self._queue: list[Write] = []
        self._wake = threading.Condition()
        self._closing = False
        self._connection: Connection | None = None
        self._thread = threading.Thread(target=self._run, name="dupbridge-writer", daemon=True)
        self._checkpointer: threading.Thread | None = None
        self._stop = threading.Event()
        self.groups = 0  # transactions written (for tests and benchmarks)

    def start(self) -> None:
        """Start the writer thread (and the checkpointer on SQLite)."""
        self._thread.start()
        if self._checkpoint_s > 0:
            self._checkpointer = threading.Thread(
                target=self._checkpoints, name="dupbridge-checkpoint", daemon=True
            )
            self._checkpointer.start()

    def submit(self, write: Write) -> None:
        """Queue ``write`` for the next group (thread-safe; returns at once)."""
        with self._wake:
            if self._closing:
                raise RuntimeError("the writer is closed")
            self._queue.append(write)
            self._wake.notify()

    def close(self) -> None:
        """Write what is queued, then stop both threads (blocks until they have)."""
        with self._wake:
            self._closing = True
            self._wake.notify()
        if self._thread.is_alive():
            self._thread.join()
        self._stop.set()
        if self._checkpointer is not None:
            self._checkpointer.join()

    # --- the writer thread ------------------------------------------------------------------

    def _run(self) -> None:
        try:
            while True:
                with self._wake:
                    while not self._queue and not self._closing:
                        self._wake.wait()
                    if not self._queue:
                        return
                    group, self._queue = self._queue, []
                try:
                    outcomes = self._write_group(group)
                except BaseException as error:  # never leave a command waiting for ever
                    outcomes = [(write.token, error) for write in group]
                    _LOG.exception("the writer failed")
                try:
                    self._settle(outcomes)
                except Exception:  # the caller's hand-over failed; the writer goes on
                    _LOG.exception("outcomes not handed over")
        finally:
            self._disconnect()

    def _write_group(self, group: list[Write]) -> list[Outcome]:
        try:
            self._transaction(group)
        except ConflictError as clash:
            if len(group) == 1:
                return [(group[0].token, clash)]
            return [self._write_alone(write) for write in group]
        except Exception as error:  # the database failed: nothing of the group is stored
            _LOG.warning("a group of %d commands was not written: %s", len(group), error)
            self._disconnect()
            return [(write.token, error) for write in group]
        return [(write.token, None) for write in group]

    def _write_alone(self, write: Write) -> Outcome:
        try:
            self._transaction([write])
        except ConflictError as clash:  # the outcome of this write only
            return write.token, clash
        except Exception as error:  # the connection may be broken: a new one next time
            self._disconnect()
            return write.token, error
        return write.token, None

    def _transaction(self, group: list[Write]) -> None:
        """Write ``group`` in one transaction on the writer's connection.

        Raises:
            ConflictError: a key clashed; the transaction is rolled back.
        """
        connection = self._connect()
        try:
            with connection.begin():
                work = UnitOfWork(connection)
                work.append_many([(write.table_id, write.events) for write in group])
                for write in group:
                    if write.finished:
                        work.mark_finished(write.table_id)
        except IntegrityError as error:
            raise ConflictError(str(error.orig)) from error
        self.groups += 1

    def _connect(self) -> Connection:
        if self._connection is None:
            self._connection = self._engine.connect()
            if self._checkpoint_s > 0:
                # The checkpointer thread checkpoints; this connection's commits never do.
                self._connection.exec_driver_sql("PRAGMA wal_autocheckpoint=0")
                self._connection.commit()
        return self._connection

    def _disconnect(self) -> None:
        if self._connection is not None:
            try:
                self._connection.close()
            except Exception:  # already broken: the pool discards it
                _LOG.debug("the writer's connection did not close cleanly", exc_info=True)
            self._connection = None

    # --- the checkpointer thread (SQLite) ---------------------------------------------------

    def _checkpoints(self) -> None:
        with self._engine.connect() as connection:
            while not self._stop.wait(self._checkpoint_s):
                self._checkpoint(connection, "PASSIVE")
            self._checkpoint(connection, "PASSIVE")

    @staticmethod
    def _checkpoint(connection: Connection, mode: str) -> None:
        try:
            connection.execute(text(f"PRAGMA wal_checkpoint({mode})")).all()
            connection.commit()
        except Exception:  # a busy or closed database: try again next time
            _LOG.debug("WAL checkpoint skipped", exc_info=True)
            connection.rollback()
