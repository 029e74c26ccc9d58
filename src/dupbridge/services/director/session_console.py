"""The console's decisions on an online session (issue 16, docs/director.md): each one is an
event of the table's log or of the session's log, with the Director's name and the time.

* An adjusted score on a board (Law 12C1 assigned or weighted, 12C2 artificial, a board
  not played 12C2(a)) is a ``DirectorScored`` event of that board's table log (the table
  service stores it, then publishes it to the seats like any event); a revision or a
  withdrawal is one more ``DirectorScored`` event that names the seq of the one it
  compensates, which stays in the log. The session's stored score of the board follows the
  last such event, and the ranking is worked out again from the tables.
* A procedural or disciplinary penalty (Laws 90, 91) and its withdrawal, a robot or a
  substitute for a missing player, and a playing Director's override are entries of the
  session's log (the Director's store, one scope per session); the session service counts
  the penalties that stand in its ranking.

The audit of a session merges both logs, oldest first.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from dupbridge.core.errors import ActionError
from dupbridge.i18n import _
from dupbridge.laws.profiles import Profile, find_profile
from dupbridge.scoring.rounding import format_fixed
from dupbridge.services.access import Principal
from dupbridge.services.director.scores import ScoresError, score_laws
from dupbridge.services.online import DirectorScore
from dupbridge.services.sessions import SessionError, SessionService
from dupbridge.store.director import DirectorStore, LogEntry
from dupbridge.store.session_store import BoardRow

__all__ = ["SESSION_ACTIONS", "SessionConsole", "scored_lines"]

#: The entries of the session's log the console writes.
SESSION_ACTIONS = ("penalty", "withdrawal", "robot", "substitute", "override")


def scored_lines(scored: Any) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """A scored event's traveller lines (a Director's line marked) and its ranking."""
    lines = []
    for board in scored.boards:
        for line in board.results:
            outcome = line.result.outcome
            lines.append(
                {
                    "board": line.result.board,
                    "round": line.result.round,
                    "table": line.result.table,
                    "ns": line.result.ns.number,
                    "ew": line.result.ew.number,
                    "outcome": str(outcome),
                    "director": line.ns_points is None
                    and not getattr(outcome, "passed_out", False),
                    "ns_score": format_fixed(line.ns),
                    "ew_score": format_fixed(line.ew),
                }
            )
    ranking = [
        {"pair": placing.key.number, "place": placing.place, "total": format_fixed(placing.total)}
        for field in scored.fields
        for placing, _score in field.placings
    ]
    return lines, ranking


def _session_text(entry: LogEntry) -> str:
    data = entry.payload
    if entry.kind == "robot":
        text = (_("a robot plays for player {player}") if data.get("on")
                else _("the robot no longer plays for player {player}"))  # fmt: skip
        text = text.format(player=data.get("player"))
    elif entry.kind == "substitute":
        text = _("{name} substitutes for player {player}").format(
            name=data.get("name"), player=data.get("player")
        )
    elif entry.kind == "penalty":
        text = _("pair {pair}: {points} ({law}) {reason}").format(
            pair=data["pair"], points=data["points"], law=data["law"], reason=data["reason"]
        )
    elif entry.kind == "withdrawal":
        text = _("withdraws entry {id}").format(id=entry.revises)
    elif entry.kind == "override":
        text = _("override: the playing Director sees board {board} (table {table})").format(
            board=data.get("board"), table=data.get("table")
        )
    else:
        text = str(data)
    return f"{entry.created_at.strftime('%H:%M:%S')} {entry.director}: {text}"


def _table_text(board: BoardRow, seq: int, data: dict[str, Any]) -> str:
    where = _("board {board}, {ns} v {ew}").format(board=board.board, ns=board.ns, ew=board.ew)
    if data.get("kind") == "withdrawal":
        what = _("withdraws event {seq}").format(seq=data.get("revises"))
    elif data.get("kind") == "revision":
        what = _("revises event {seq}: {score}").format(
            seq=data.get("revises"), score=data.get("score")
        )
    else:
        what = str(data.get("score"))
    laws = ", ".join(data.get("laws") or [])
    at = str(data.get("at", ""))[11:19]
    return f"#{seq} {at} {data.get('director')}: {where}: {what}" + (f" ({laws})" if laws else "")


class SessionConsole:
    """The Director's decisions on the online sessions of a server.

    Args:
        sessions: the session service (its tables and its store).
        log: the Director's store, whose log of scope ``<session id>`` is the session's log.
        profile: the national profile (Law 12C1(c): who may weight a score).
    """

    def __init__(
        self, sessions: SessionService, log: DirectorStore, profile: Profile | None = None
    ) -> None:
        self.sessions = sessions
        self.log = log
        self.profile = profile or find_profile("wbf")

    def _board(self, session_id: str, table_id: str) -> BoardRow:
        for board in self.sessions.store.boards(session_id):
            if board.table_id == table_id:
                return board
        raise ScoresError(
            _("board table {table!r} is not part of session {session!r}").format(
                table=table_id, session=session_id
            )
        )

    async def _in_force(self, table_id: str, seq: int) -> dict[str, Any]:
        """The ``DirectorScored`` event at ``seq``, if it is the one in force."""
        scores = (await self.sessions.tables.live(table_id)).director_scores
        if not scores or scores[-1][0] != seq:
            raise ScoresError(
                _(
                    "event {seq} is not the Director's score in force at this table; "
                    "revise the one in force ({last})"
                ).format(seq=seq, last=scores[-1][0] if scores else _("none"))
            )
        return scores[-1][1]

    async def _enter(
        self, director: Principal, session_id: str, table_id: str, entry: DirectorScore
    ) -> dict[str, Any]:
        board = self._board(session_id, table_id)
        try:  # a revision: the table checks the score in force again under its lock
            seq = await self.sessions.correct(
                session_id, table_id, entry.score, entry.note, director=director, entry=entry
            )
        except ActionError as error:
            raise ScoresError(str(error)) from None
        assert seq is not None
        payload = entry.payload(director.name, "")
        return {"table": table_id, "seq": seq, "laws": list(entry.laws),
                "text": _table_text(board, seq, payload)}  # fmt: skip

    async def adjust(
        self,
        director: Principal,
        session_id: str,
        table_id: str,
        score: str,
        *,
        kind: str = "adjusted_score",
        note: str = "",
    ) -> dict[str, Any]:
        """An adjusted score (Law 12C) on the board of ``table_id``, or a board not played
        (12C2(a)): an event of the table's log; the session's score of the board follows.

        Raises:
            ScoresError: for a board table not in the session, or not an adjusted score.
            SessionError: after the correction period (Law 79C).
        """
        if kind not in ("adjusted_score", "not_played"):
            raise ScoresError(_("unknown kind of score {kind!r}").format(kind=kind))
        self._board(session_id, table_id)
        laws = tuple(score_laws(score, self.profile))
        entry = DirectorScore(kind, score.strip(), laws, note=note)
        return await self._enter(director, session_id, table_id, entry)

    async def revise(
        self, director: Principal, session_id: str, table_id: str, seq: int, score: str
    ) -> dict[str, Any]:
        """Revise the score in force (the event at ``seq``): a compensating event; the
        original stays in the log."""
        self._board(session_id, table_id)
        await self._in_force(table_id, seq)
        laws = tuple(score_laws(score, self.profile))
        entry = DirectorScore("revision", score.strip(), laws, revises=seq)
        return await self._enter(director, session_id, table_id, entry)

    async def withdraw(
        self, director: Principal, session_id: str, table_id: str, seq: int
    ) -> dict[str, Any]:
        """Withdraw the score in force: the table's own result stands again."""
        self._board(session_id, table_id)
        await self._in_force(table_id, seq)
        entry = DirectorScore("withdrawal", None, revises=seq)
        return await self._enter(director, session_id, table_id, entry)

    # --- the session's log --------------------------------------------------------------------

    def penalty(
        self, director: Principal, session_id: str, pair: int, *, points: str, law: str, reason: str
    ) -> LogEntry:
        """A procedural (Law 90) or disciplinary (Law 91) penalty on entry ``pair``, in the
        event's unit (a number, negative to take away): an entry of the session's log,
        counted in the ranking from now on.

        Raises:
            ScoresError: for another law, a number that is not one, or no such entry.
        """
        if law not in ("90", "91"):
            raise ScoresError(_("a penalty is given under Law 90 or Law 91, not {law!r}").format(
                law=law))  # fmt: skip
        try:
            value = Fraction(points.replace(",", "."))
        except (ValueError, ZeroDivisionError):
            raise ScoresError(_("not a number of points: {text!r}").format(text=points)) from None
        self.sessions.view(session_id)
        if pair not in {entry.number for entry in self.sessions.store.entries(session_id)}:
            raise ScoresError(_("there is no pair {pair} in this event").format(pair=pair))
        payload = {"pair": pair, "points": str(value), "law": law, "reason": reason}
        return self.log.append(session_id, "penalty", director.name, payload)

    def withdraw_penalty(self, director: Principal, session_id: str, entry_id: int) -> LogEntry:
        """Withdraw a penalty: a compensating entry of the session's log names it."""
        entries = self.log.log(session_id)
        if not any(entry.id == entry_id and entry.kind == "penalty" for entry in entries):
            raise ScoresError(_("there is no entry {id} in this event's log").format(id=entry_id))
        if any(entry.kind == "withdrawal" and entry.revises == entry_id for entry in entries):
            raise ScoresError(_("entry {id} is withdrawn already").format(id=entry_id))
        return self.log.append(
            session_id, "withdrawal", director.name, {"kind": "penalty"}, revises=entry_id
        )

    def _player(self, session_id: str, player: int) -> None:
        size = self.sessions.config(session_id).players_per_entry
        numbers = {entry.number for entry in self.sessions.store.entries(session_id)}
        if player < 1 or (player - 1) // size + 1 not in numbers:
            raise ScoresError(_("there is no player {number}").format(number=player))

    async def robot(
        self, director: Principal, session_id: str, player: int, on: bool = True
    ) -> LogEntry:
        """A robot plays for a missing player from now on (or no longer): an entry of the
        session's log."""
        self._player(session_id, player)
        await self.sessions.robot_for(session_id, player, on)
        return self.log.append(session_id, "robot", director.name, {"player": player, "on": on})

    def substitute(self, director: Principal, session_id: str, player: int, name: str) -> LogEntry:
        """A substitute plays under a missing player's number: an entry of the session's
        log."""
        self._player(session_id, player)
        self.sessions.substitute(session_id, player, name)
        payload = {"player": player, "name": name.strip()}
        return self.log.append(session_id, "substitute", director.name, payload)

    def still_to_play(self, table_id: str) -> bool | None:
        """Whether the board of ``table_id`` may still be to play for someone of its session
        (None: no such table): in an online session, until the session has finished its
        rounds (a board plays again in a later round); otherwise until the board is over
        at every table of the session."""
        store = self.sessions.tables.store
        record = store.table(table_id)
        if record is None:
            return None
        try:
            state = self.sessions.view(record.session_id).state
        except SessionError:  # no online session: a free table's session
            same = [t for t in store.session_tables(record.session_id)
                    if t.board_number == record.board_number]  # fmt: skip
            return any(t.finished_at is None for t in same)
        return state not in ("finished", "closed")

    def override(self, director: Principal, table_id: str) -> LogEntry:
        """A playing Director's explicit override: he sees a board he may still have to
        play (an entry of the session's log, with his name and the time)."""
        record = self.sessions.tables.store.table(table_id)
        if record is None:
            raise ScoresError(_("there is no table {id!r}").format(id=table_id))
        payload = {"table": table_id, "board": record.board_number}
        return self.log.append(record.session_id, "override", director.name, payload)

    # --- reading ----------------------------------------------------------------------------

    def audit(self, session_id: str) -> list[dict[str, Any]]:
        """Every Director's action on the session, oldest first: the ``DirectorScored``,
        ``DirectorRuled`` and ``DirectorMessage`` events of its tables' logs and the entries of
        the session's log; ``in_force`` marks the score of a table and the penalties a
        revision or a withdrawal may name now."""
        items: list[dict[str, Any]] = []
        store = self.sessions.tables.store
        for board in self.sessions.store.boards(session_id):
            for row in store.events(board.table_id):
                data = row.payload
                if data.get("type") not in ("DirectorScored", "DirectorRuled", "DirectorMessage"):
                    continue
                text = (_table_text(board, row.seq, data) if data["type"] == "DirectorScored"
                        else f"#{row.seq} {str(data.get('at', ''))[11:19]} {data.get('director')}: "
                        f"{data['type']}")  # fmt: skip
                items.append({"log": "table", "table": board.table_id, "board": board.board,
                              "seq": row.seq, "type": data["type"], "kind": data.get("kind"),
                              "director": data.get("director"), "at": data.get("at"),
                              "revises": data.get("revises"), "payload": data,
                              "text": text})  # fmt: skip
        items.extend(
            {"log": "session", "id": entry.id, "type": entry.kind, "kind": entry.kind,
             "director": entry.director, "at": entry.created_at.isoformat(timespec="seconds"),
             "revises": entry.revises, "payload": entry.payload, "text": _session_text(entry)}
            for entry in self.log.log(session_id)
        )  # fmt: skip
        last = {item["table"]: item["seq"] for item in items if item["type"] == "DirectorScored"}
        withdrawn = {item["revises"] for item in items if item["type"] == "withdrawal"}
        for item in items:  # what a revision or a withdrawal may name now
            if item["type"] == "DirectorScored":
                item["in_force"] = last[item["table"]] == item["seq"] and item["kind"] != (
                    "withdrawal"
                )
            else:
                item["in_force"] = item["type"] == "penalty" and item["id"] not in withdrawn
        return sorted(items, key=lambda item: str(item["at"]))

    async def results(self, session_id: str) -> dict[str, Any]:
        """The session's board tables (started so far), its traveller lines (each with its
        board table; the Director's lines marked), the ranking worked out from the tables'
        logs, and the audit.

        Raises:
            SessionError: if there is no such online session.
        """
        self.sessions.view(session_id)  # an unknown session is refused
        scored = await self.sessions.scored(session_id)
        rows = self.sessions.store.boards(session_id)
        tables = {(board.round, board.table_number, board.board): board.table_id for board in rows}
        lines, ranking = ([], []) if scored is None else scored_lines(scored)
        for line in lines:
            line["table_id"] = tables.get((line["round"], line["table"], line["board"]))
        boards = [{"table_id": b.table_id, "round": b.round, "table": b.table_number,
                   "board": b.board, "ns": b.ns, "ew": b.ew, "score": b.outcome,
                   "finished": b.finished} for b in rows]  # fmt: skip
        return {"session": session_id, "boards": boards, "lines": lines, "ranking": ranking,
                "audit": self.audit(session_id)}  # fmt: skip
