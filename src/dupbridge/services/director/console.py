"""The console's live side for online sessions: the queue of Director calls and the table
inspector (issue 16, docs/director.md).

The queue reads the tables' logs (the store): a player's call (``DirectorCalled``, Law
9B1(a)) and the automatic calls: a disputed claim (``ClaimRejected``: Laws 68D, 70) and an
undo request still unanswered (``UndoRequested``, Law 25A online), a board over time, and a
disconnected player (``SeatDisconnected``, written by the server when a player's connection
closes during the auction or the play: a call once he has been away longer than the grace
period, until he is back, ``SeatReconnected``, or a robot takes his seat). A call stays in
the queue until the Director marks it attended (a disputed claim also leaves it once he has
ruled on it at the table, and every other call but a disconnection once a ruling on the
engine has let play go on); that mark,
like every Director's action at a table, is an event of the table's log with his name and
the time (``DirectorAttended``).

The inspector shows the Director everything about one table: the four hands as dealt and
as they are now, the whole log with its times, the auction with alerts and explanations, the
double-dummy tricks of the current position, and for a claim the claim checks. To rule,
the Director opens the table's log in the ruling assistant (:meth:`OnlineConsole.to_record`
gives the table record in recording mode: the calls and cards as they happened).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from dupbridge.core.events import (
    CallMade,
    CardPlayed,
    ClaimAccepted,
    ClaimMade,
    ClaimRejected,
    Conceded,
    Event,
)
from dupbridge.core.explanations import render_explanation
from dupbridge.core.seats import Seat, Side
from dupbridge.core.table import Phase
from dupbridge.i18n import N_, _
from dupbridge.services.director.scores import ScoresError
from dupbridge.services.director.view import claim_checks
from dupbridge.services.live import LiveTable
from dupbridge.services.online import DirectorAttended, TableSettings
from dupbridge.store import EventStore
from dupbridge.store.director import DirectorStore

__all__ = ["CALL_KINDS", "DIRECTOR_EVENTS", "OnlineConsole", "record_actions"]

#: The log rows that call the Director, and who calls (a board over time is a call too: a
#: table still playing its board long after it opened, seq -1).
CALL_KINDS = {
    "DirectorCalled": N_("player"),
    "ClaimRejected": N_("claim disputed"),
    "UndoRequested": N_("undo request"),
    "SeatDisconnected": N_("disconnected"),
}
BOARD_OVER_TIME = N_("board over time")

#: The Director's own events in a table's log, and their kind in the inspector's list.
DIRECTOR_EVENTS = {
    "DirectorAttended": "attended",
    "DirectorMessage": "message",
    "DirectorRuled": "ruling",
    "DirectorScored": "score",
}


def record_actions(events: list[Event]) -> list[dict[str, Any]]:
    """The table record's actions for a table's events (docs/table-records.md)."""
    actions: list[dict[str, Any]] = []
    for event in events:
        match event:
            case CallMade(seat=seat, call=call, alert=alert, explanation=explanation):
                action: dict[str, Any] = {"seat": seat.letter, "call": str(call)}
                if alert:
                    action["alert"] = True
                if explanation:
                    action["explanation"] = explanation
                actions.append(action)
            case CardPlayed(seat=seat, card=card):
                actions.append({"seat": seat.letter, "card": str(card)})
            case ClaimMade(seat=seat, tricks=tricks, statement=statement):
                claim: dict[str, Any] = {"seat": seat.letter, "claim": tricks}
                if statement:
                    claim["statement"] = statement  # as stored: the record replays
                actions.append(claim)
            case ClaimAccepted(seat=seat):
                actions.append({"seat": seat.letter, "accept_claim": True})
            case ClaimRejected(seat=seat):
                actions.append({"seat": seat.letter, "reject_claim": True})
            case Conceded(seat=seat, tricks=tricks):
                actions.append({"seat": seat.letter, "concede": tricks})
            case _:
                pass
    return actions


def _still_away(rows: list[Any]) -> set[int]:
    """The seqs of the ``SeatDisconnected`` events whose player has not come back
    (``SeatReconnected``) and whose seat no robot has taken since."""
    away: dict[str, int] = {}
    for row in rows:
        kind = row.payload.get("type")
        if kind == "SeatDisconnected":
            away[str(row.payload.get("seat"))] = row.seq
        elif kind in {"SeatReconnected", "RobotSeated"}:
            away.pop(str(row.payload.get("seat")), None)
    return set(away.values())


class OnlineConsole:
    """The queue and the inspector over the tables' store and the Director's store."""

    def __init__(
        self, tables: EventStore, director: DirectorStore, *, disconnect_grace: float = 30
    ) -> None:
        self._tables = tables
        self._director = director
        self.disconnect_grace = disconnect_grace

    def _live(self, table_id: str) -> tuple[LiveTable, list[Any]]:
        record = self._tables.table(table_id)
        if record is None:
            raise ScoresError(_("there is no table {id!r}").format(id=table_id))
        live = LiveTable(
            record.id,
            record.session_id,
            record.board_number,
            TableSettings.from_json(record.settings),
        )
        rows = self._tables.events(table_id)
        for row in rows:
            live.fold(row.seq, row.batch, row.payload, row.key)
        return live, rows

    # --- the queue --------------------------------------------------------------------------

    def queue(
        self,
        session_id: str,
        now: datetime | None = None,
        *,
        board_minutes: float = 10,
    ) -> list[dict[str, Any]]:
        """The calls not yet attended at the tables of a session, oldest first; a board not
        finished ``board_minutes`` after its table opened is an automatic call (seq -1)."""
        now = now or datetime.now(UTC)
        items: list[dict[str, Any]] = []
        for record in self._tables.session_tables(session_id):
            rows = self._tables.events(record.id)
            attended = {
                int(row.payload.get("call_seq", -1))
                for row in rows
                if row.payload.get("type") == "DirectorAttended"
            } | {  # marks kept apart by earlier versions
                int(entry.payload.get("seq", -1))
                for entry in self._director.log(f"table:{record.id}")
                if entry.kind == "attended"
            }
            # a disputed claim the Director has ruled on at the table is answered
            ruled = max((row.seq for row in rows if row.payload.get("type") == "DirectorRuled"),
                        default=-1)  # fmt: skip
            # a ruling on the engine answers every call made before play went on again
            resumed = max((row.seq for row in rows if row.payload.get("type") == "DirectorResumed"),
                          default=-1)  # fmt: skip
            away = _still_away(rows) if record.finished_at is None else set()
            for row in rows:
                kind = str(row.payload.get("type"))
                if kind not in CALL_KINDS or row.seq in attended:
                    continue
                at = row.created_at if row.created_at.tzinfo else row.created_at.replace(tzinfo=UTC)
                if kind == "SeatDisconnected":
                    gone = (now - at).total_seconds()
                    if row.seq not in away or gone < self.disconnect_grace:
                        continue
                elif (kind == "ClaimRejected" and row.seq < ruled) or row.seq < resumed:
                    continue
                items.append(
                    {
                        "table": record.id,
                        "table_name": record.name,
                        "board": record.board_number,
                        "seq": row.seq,
                        "kind": kind,
                        "caller": CALL_KINDS[kind],
                        "seat": row.payload.get("seat"),
                        "player": row.payload.get("player", ""),
                        "reason": row.payload.get("reason", ""),
                        "at": at.isoformat(timespec="seconds"),
                        "age_s": max(0, int((now - at).total_seconds())),
                    }
                )
            opened = (
                record.created_at
                if record.created_at.tzinfo
                else record.created_at.replace(tzinfo=UTC)
            )
            late = (now - opened).total_seconds() - board_minutes * 60
            if record.finished_at is None and late > 0 and -1 not in attended:
                items.append(
                    {
                        "table": record.id,
                        "table_name": record.name,
                        "board": record.board_number,
                        "seq": -1,
                        "kind": "BoardOverTime",
                        "caller": BOARD_OVER_TIME,
                        "seat": None,
                        "player": "",
                        "reason": "",
                        "at": opened.isoformat(timespec="seconds"),
                        "age_s": int(late),
                    }
                )
        return sorted(items, key=lambda item: item["at"])

    def attend(self, table_id: str, seq: int, note: str = "") -> DirectorAttended:
        """The event that marks the call at ``seq`` attended (-1: the board over time), for
        the table's log (``TableService.direct``: with the Director's name and the time).

        Raises:
            ScoresError: if the table has no Director call at ``seq`` (nothing is logged).
        """
        rows = self._tables.events(table_id)
        known = seq == -1 and self._tables.table(table_id) is not None
        if not known and not any(
            row.seq == seq and row.payload.get("type") in CALL_KINDS for row in rows
        ):
            raise ScoresError(
                _("table {id!r} has no Director call at {seq}").format(id=table_id, seq=seq)
            )
        return DirectorAttended(seq, note)

    # --- the inspector ----------------------------------------------------------------------

    def inspect(self, table_id: str) -> dict[str, Any]:
        """Everything about a table for the Director: he rectifies and adjusts (Law 81C), so
        he sees all four hands."""
        live, rows = self._live(table_id)
        table = live.table
        play = table.play
        hands_now = {
            seat.letter: [str(card) for card in (play.hand(seat) if play else table.deal[seat])]
            for seat in Seat
        }
        dd: dict[str, int] | None = None
        if play is not None and not play.is_complete and table.phase is Phase.PLAY:
            from dupbridge.analysis.claims import (  # noqa: PLC0415 - loads DDS on use
                ClaimCheckError,
                Position,
                claim_tricks,
            )

            try:
                position = Position.from_play(play)
                tricks = claim_tricks(
                    position.remaining, position.trump, position.leader, position.trick
                )
                dd = {"NS": tricks[Side.NS], "EW": tricks[Side.EW]}
            except ClaimCheckError:
                dd = None
        director_log = [
            {
                "seq": row.seq,
                "kind": DIRECTOR_EVENTS[str(row.payload.get("type"))],
                "director": row.payload.get("director", ""),
                "at": row.created_at.isoformat(timespec="seconds"),
                "payload": row.payload,
            }
            for row in rows
            if row.payload.get("type") in DIRECTOR_EVENTS
        ] + [  # marks kept apart by earlier versions
            {
                "seq": None,
                "kind": entry.kind,
                "director": entry.director,
                "at": entry.created_at.isoformat(timespec="seconds"),
                "payload": entry.payload,
            }
            for entry in self._director.log(f"table:{table_id}")
        ]
        return {
            "table": table_id,
            "session": live.session_id,
            "board": table.board.number,
            "dealer": table.board.dealer.letter,
            "vulnerability": table.board.vulnerability.value,
            "phase": table.phase.value,
            "recording": live.recording,  # ruled on the engine: the quick award is refused
            "edition": str(table.edition),
            "deal": {seat.letter: [str(card) for card in table.deal[seat]] for seat in Seat},
            "hands": hands_now,
            "auction": [
                {
                    "seat": event.seat.letter,
                    "call": str(event.call),
                    "alert": event.alert,
                    "explanation": render_explanation(event.explanation),
                }
                for event in table.events
                if isinstance(event, CallMade)
            ],
            "contract": None if table.contract is None else table.contract.to_str(declarer=False),
            "declarer": None if table.declarer is None else table.declarer.letter,
            "log": [
                {
                    "seq": row.seq,
                    "type": row.payload.get("type"),
                    "actor": row.actor,
                    "at": row.created_at.isoformat(timespec="seconds"),
                    "payload": row.payload,
                }
                for row in rows
            ],
            "double_dummy": dd,
            "claim": None
            if table.pending_claim is None
            else {
                "seat": table.pending_claim.seat.letter,
                "tricks": table.pending_claim.tricks,
                "statement": render_explanation(table.pending_claim.statement),
                # the fewest and most tricks the claimer's side can end with (Law 70)
                "won": play.tricks_won(table.pending_claim.seat.side) if play else 0,
                "most": (play.tricks_won(table.pending_claim.seat.side) if play else 0)
                + 13
                - (len(play.tricks) if play else 0),
            },
            "claim_checks": claim_checks(table),
            "head": live.head,
            "online": live.online_state(),
            "director_log": director_log,
        }

    def to_record(self, table_id: str) -> dict[str, Any]:
        """The table's log as a table record in recording mode (for the assistant)."""
        live, _rows = self._live(table_id)
        table = live.table
        return {
            "board": table.board.number,
            "deal": table.deal.to_pbn(),
            "dealer": table.board.dealer.letter,
            "vulnerability": table.board.vulnerability.value,
            "edition": str(getattr(table.edition, "value", table.edition)),
            "mode": "recording",
            "actions": record_actions(list(table.events)),
        }
