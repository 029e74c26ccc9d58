"""A club evening as values: its setup, its movement, its hand record and its results.

:class:`Evening` answers what the tables and the Director need while play goes on: which
round a table is in, whether a result may be entered (the board is played at this table in
this round, it has no result yet, the tricks are possible, the lead is in the leader's hand
by the hand record), how far a result is from double dummy, where every pair and every set
goes after a round (Law 8A), and the event as the scoring library takes it
(:class:`~dupbridge.tournament.results.Event`), so that the live ranking is exactly what
``dupbridge score`` gives on the exported travellers.

Nothing here touches the store: :mod:`dupbridge.services.club.service` loads an evening,
asks it, and writes what it accepted.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache

from dupbridge.core.calls import Strain
from dupbridge.core.cards import Card
from dupbridge.core.errors import DupbridgeError, NotationError
from dupbridge.core.seats import Seat, Side
from dupbridge.formats import pbn
from dupbridge.formats.pbn import Game
from dupbridge.formats.pbn_events import event_from_games
from dupbridge.i18n import _
from dupbridge.scoring.adjusted import ArtificialScore
from dupbridge.services.club.setup import EveningSetup, LeadCheck, LeadRule
from dupbridge.tournament.event_scoring import ScoredEvent, ScoringOptions, score_event
from dupbridge.tournament.movements import Entrant, Movement, Row
from dupbridge.tournament.results import (
    Assigned,
    BoardInfo,
    Event,
    Outcome,
    Pair,
    PairId,
    Played,
    Result,
    parse_outcome,
)

__all__ = [
    "Checked",
    "EntryError",
    "Evening",
    "Instruction",
    "Line",
    "RoundEnd",
    "Submission",
    "hand_record",
]


class EntryError(DupbridgeError, ValueError):
    """A result the table may not enter; the message says why (translated)."""


@dataclass(frozen=True)
class Submission:
    """What a table (or the Director) submits for one board.

    Attributes:
        board: the board number.
        contract: ``"3NTX"``, ``"4S"``, ``"PASS"``; at the desk also an adjusted score
            (``"A60/40"``) or a weighted one (``"60% 4SN=; 40% 4SN-1"``, Law 12C1(c)).
        declarer: ``"N"``, ``"E"``, ``"S"`` or ``"W"``.
        result: ``"="``, ``"+1"``, ``"-2"`` or the tricks won.
        lead: the opening lead (``"SQ"``, ``"H7"``), or empty.
    """

    board: int
    contract: str
    declarer: str = ""
    result: str = ""
    lead: str = ""

    def cells(self) -> dict[str, str]:
        """The submission as the stored JSON object."""
        return {
            "contract": self.contract.strip(),
            "declarer": self.declarer.strip().upper(),
            "result": self.result.strip(),
            "lead": self.lead.strip().upper(),
        }

    @classmethod
    def from_cells(cls, board: int, cells: Mapping[str, str]) -> Submission:
        """The submission from :meth:`cells`."""
        return cls(
            board,
            cells.get("contract", ""),
            cells.get("declarer", ""),
            cells.get("result", ""),
            cells.get("lead", ""),
        )


@dataclass(frozen=True)
class Line:
    """One stored result of the evening (a traveller line).

    Attributes:
        round, table, board: where and when it was played.
        ns, ew: who sat North-South and East-West (arrow switches applied).
        cells: the submission's cells (contract, declarer, result, lead).
        group: the form of a fouled board it was played in (Law 87), or None.
        flags: notes for the Director (far from double dummy, a lead warning).
        key: the idempotency key it was sent with, when a device sent it.
        by: who entered or last changed it.
    """

    round: int
    table: int
    board: int
    ns: Entrant
    ew: Entrant
    cells: Mapping[str, str]
    group: str | None = None
    flags: tuple[str, ...] = ()
    key: str | None = None
    by: str = ""

    @cached_property
    def outcome(self) -> Outcome:
        """The outcome the cells describe (with the lead, when it is a card)."""
        contract, declarer, result = (
            self.cells.get("contract", ""),
            self.cells.get("declarer", ""),
            self.cells.get("result", ""),
        )
        try:
            return parse_outcome(contract, declarer, result, self.cells.get("lead", ""))
        except NotationError:
            return parse_outcome(contract, declarer, result)

    @property
    def where(self) -> tuple[int, int, int]:
        """``(round, table, board)``, the line's key."""
        return (self.round, self.table, self.board)

    def to_json(self) -> str:
        """What the audit log keeps of a line."""
        return json.dumps(
            {
                "round": self.round, "table": self.table, "board": self.board,
                "ns": str(self.ns), "ew": str(self.ew), "group": self.group,
                **self.cells, "flags": list(self.flags),
            },
            sort_keys=True,
        )  # fmt: skip


@dataclass(frozen=True)
class Checked:
    """A submission that passed the checks: the outcome, NS's score (Law 77) and notes.

    Attributes:
        outcome: what the submission means.
        ns_score: North-South's points, None for an adjusted score.
        warnings: things the table should look at (a lead not in the leader's hand).
        flags: notes for the Director (the warnings, and a result far from double dummy).
    """

    outcome: Outcome
    ns_score: int | None
    warnings: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()


@dataclass(frozen=True)
class Instruction:
    """Where one pair goes after a round.

    Attributes:
        pair: the pair.
        table: the table of the next round, or None (the session is over, or it sits out).
        side: the direction it sits there.
        sits_out: it meets the phantom next round (a half table).
        text: the instruction in words.
    """

    pair: Entrant
    table: int | None
    side: Side | None
    sits_out: bool
    text: str


@dataclass(frozen=True)
class RoundEnd:
    """The end of a round at one table: each pair's move and where the boards go.

    Attributes:
        round: the round that ends.
        table: the table.
        pairs: the instructions of the pairs that sat here.
        boards: where the boards go, in words.
        boards_by: who carries them: North, or East when North's pair is a phantom.
        last: this was the last round.
    """

    round: int
    table: int
    pairs: tuple[Instruction, ...]
    boards: str
    boards_by: Seat
    last: bool


def hand_record(text: str) -> dict[int, BoardInfo]:
    """The boards of a hand record given as PBN text, by board number (see
    :func:`_hand_record`; read once per text)."""
    return dict(_hand_record(text))


@lru_cache(maxsize=16)
def _hand_record(text: str) -> dict[int, BoardInfo]:
    """The boards of a hand record given as PBN text (deals, and double dummy when the file
    has it), by board number. Empty text gives no boards.

    Raises:
        EntryError: if the text is not PBN.
    """
    if not text.strip():
        return {}
    try:
        games = pbn.loads(text, source="hand-record.pbn")
        event = event_from_games(games, "hand-record.pbn").event
    except DupbridgeError as error:
        raise EntryError(str(error)) from None
    boards: dict[int, BoardInfo] = {}
    for game in games:
        number = game.board
        if number is not None and game.deal is not None and game.deal.is_valid():
            info = event.board(number)
            if not info.dd_tricks:
                info = replace(info, dd_tricks=_optimum_table(game))
            boards[number] = info
    return boards


def _optimum_table(game: Game) -> tuple[tuple[Seat, int, int], ...]:
    # The OptimumResultTable (declarer, denomination, tricks), as dealing programs write it.
    table = game.table("OptimumResultTable")
    if table is None:
        return ()
    found = []
    for row in table.rows:
        if len(row) < 3:
            continue
        try:
            seat = Seat.from_str(row[0])
            strain = Strain.from_str(row[1])
            tricks = int(row[2])
        except (NotationError, ValueError):
            continue
        if 0 <= tricks <= 13:
            found.append((seat, int(strain), tricks))
    return tuple(found)


@dataclass
class Evening:
    """An evening's setup and results, and the checks and answers built on them."""

    id: str
    setup: EveningSetup
    lines: dict[tuple[int, int, int], Line] = field(default_factory=dict)

    @cached_property
    def movement(self) -> Movement:
        """The movement played."""
        return self.setup.movement

    @cached_property
    def boards(self) -> dict[int, BoardInfo]:
        """The hand record's boards, by number."""
        return hand_record(self.setup.deals)

    # -- where a table is -------------------------------------------------------------------

    def row(self, round: int, table: int) -> Row:
        """The movement's row of ``table`` in ``round``.

        Raises:
            EntryError: if the table plays no boards then.
        """
        row = self.movement.row_at(round, table)
        if row is None or not self.movement.plays_at(row):
            raise EntryError(
                _("table {table} plays no boards in round {round}").format(table=table, round=round)
            )
        return row

    def boards_at(self, round: int, table: int) -> tuple[int, ...]:
        """The boards ``table`` plays in ``round`` (none when it does not play)."""
        row = self.movement.row_at(round, table)
        if row is None or not self.movement.plays_at(row):
            return ()
        return self.movement.boards_of(row)

    def current_round(self, table: int) -> int | None:
        """The first round in which ``table`` still has a board without a result (None when
        it has entered all)."""
        for round in self.movement.round_numbers:
            if any((round, table, b) not in self.lines for b in self.boards_at(round, table)):
                return round
        return None

    def seated(self, round: int, table: int) -> tuple[Entrant, Entrant]:
        """Who sits NS and EW at ``table`` in ``round`` (an arrow switch applied)."""
        row = self.row(round, table)
        ns, ew = row.seats[0], row.seats[1]
        assert ns is not None
        assert ew is not None
        return (ew, ns) if row.arrow_switch else (ns, ew)

    # -- checks -----------------------------------------------------------------------------

    def check(
        self, round: int, table: int, submission: Submission, *, director: bool = False
    ) -> Checked:
        """Check a result for ``board`` at ``table`` in ``round``.

        Refused (:class:`EntryError`): a board this table does not play in this round, a
        board that already has a result (unless ``director``, who corrects it), an
        impossible number of tricks or contract, a missing lead the event requires, and a
        lead that is not in the leader's hand when the event refuses those. Adjusted scores
        (Law 12C) only from the Director.
        """
        board = submission.board
        if board not in self.boards_at(round, table):
            raise EntryError(
                _("board {board} is not played at table {table} in round {round} (boards "
                  "{boards})").format(
                    board=board, table=table, round=round,
                    boards=", ".join(map(str, self.boards_at(round, table))) or "-",
                )
            )  # fmt: skip
        if not director and (round, table, board) in self.lines:
            raise EntryError(
                _("board already played: board {board} has a result at table {table} in "
                  "round {round}").format(board=board, table=table, round=round)
            )  # fmt: skip
        cells = submission.cells()
        try:
            outcome = parse_outcome(cells["contract"], cells["declarer"], cells["result"])
        except NotationError as error:
            raise EntryError(str(error)) from None
        if isinstance(outcome, (Assigned, ArtificialScore)):
            if not director:
                raise EntryError(_("only the Director gives an adjusted score (Law 12C)"))
            return Checked(outcome, None)
        info = self.boards.get(board) or BoardInfo.numbered(board)
        warnings: list[str] = []
        flags: list[str] = []
        contract = outcome.contract
        if contract is not None:
            lead = self._lead(cells["lead"], director)
            if lead is not None:
                warnings.extend(self._lead_problem(info, contract.declarer, lead))
            far = self._far_from_dd(info, outcome)
            if far:
                flags.append(far)
        flags[:0] = warnings
        return Checked(outcome, outcome.ns_score(info.vulnerability), tuple(warnings), tuple(flags))

    def _lead(self, text: str, director: bool) -> Card | None:
        if not text:
            if self.setup.lead is LeadRule.REQUIRED and not director:
                raise EntryError(_("enter the opening lead: this event requires it"))
            return None
        if self.setup.lead is LeadRule.OFF:
            return None
        try:
            return Card.from_str(text)
        except NotationError as error:
            raise EntryError(
                _("not a card: {text!r} (expected e.g. SQ or H7)").format(text=text)
            ) from error

    def _lead_problem(self, info: BoardInfo, declarer: Seat | None, lead: Card) -> list[str]:
        # Law 41A: the opening lead is made by the player on declarer's left.
        if info.deal is None or declarer is None:
            return []
        leader = declarer.lho
        if lead in info.deal[leader]:
            return []
        holder = info.deal.holder(lead)
        message = _(
            "the lead {card} is not in {leader}'s hand on board {board} (the hand record "
            "gives it to {holder}): check the lead and the declarer"
        ).format(
            card=lead, leader=leader.title, board=info.number,
            holder=holder.title if holder is not None else "?",
        )  # fmt: skip
        if self.setup.lead_check is LeadCheck.REFUSE:
            raise EntryError(message)
        return [message]

    def _far_from_dd(self, info: BoardInfo, played: Played) -> str:
        contract = played.contract
        if contract is None or played.tricks is None or not info.dd_tricks:
            return ""
        for seat, strain, tricks in info.dd_tricks:
            if seat is contract.declarer and int(strain) == int(contract.strain):
                gap = played.tricks - tricks
                if abs(gap) >= self.setup.dd_margin:
                    return _(
                        "{made} tricks in {contract} by {declarer}: {gap} against double "
                        "dummy ({dd} tricks)"
                    ).format(
                        made=played.tricks, contract=contract.to_str(declarer=False),
                        declarer=seat.letter, gap=f"{gap:+d}", dd=tricks,
                    )  # fmt: skip
        return ""

    # -- the end of a round -----------------------------------------------------------------

    def round_end(self, round: int, table: int) -> RoundEnd:
        """Each pair's next table and direction, and where the boards go (Law 8A: North
        moves the boards unless the Director says otherwise; East when North's pair is a
        phantom)."""
        row = self.movement.row_at(round, table)
        if row is None:
            raise EntryError(
                _("table {table} is not used in round {round}").format(table=table, round=round)
            )
        later = [r for r in self.movement.round_numbers if r > round]
        instructions: list[Instruction] = []
        for entrant in row.seats:
            if entrant is None or entrant in self.movement.phantoms:
                continue
            instructions.append(self._instruction(entrant, round, later[0] if later else None))
        boards = self._boards_text(row, later[0] if later else None)
        north = row.seats[1] if row.arrow_switch else row.seats[0]
        carrier = Seat.E if north is None or north in self.movement.phantoms else Seat.N
        return RoundEnd(round, table, tuple(instructions), boards, carrier, not later)

    def _instruction(self, entrant: Entrant, round: int, after: int | None) -> Instruction:
        if after is None:
            return Instruction(entrant, None, None, False, _("end of the session"))
        place = self.movement.place(entrant, after)
        if place is None:
            return Instruction(entrant, None, None, True, _("sit out next round"))
        side = place.side
        opponent = place.row.seats[1 - place.index]
        sits_out = opponent is None or opponent in self.movement.phantoms
        where = _("North-South") if side is Side.NS else _("East-West")
        now = self.movement.place(entrant, round)
        stays = now is not None and now.row.table == place.row.table and now.side is side
        if sits_out:
            text = _("to table {table} {where} (sit out: the phantom)").format(
                table=place.row.table, where=where
            )
        elif stays:
            text = _("stay at table {table} {where}").format(table=place.row.table, where=where)
        else:
            text = _("to table {table} {where}").format(table=place.row.table, where=where)
        return Instruction(entrant, place.row.table, side, sits_out, text)

    def _boards_text(self, row: Row, after: int | None) -> str:
        if after is None:
            return _("collect the boards")
        texts = []
        for number in row.sets:
            place = self.movement.set_place(number, after)
            if place.tables == (row.table,):
                texts.append(_("the boards stay at this table"))
            elif place.tables:
                texts.append(
                    _("boards {boards} to table {tables}").format(
                        boards=_ranges(self.movement.boards_of_set(number)),
                        tables=", ".join(map(str, place.tables)),
                    )
                )
            else:
                texts.append(
                    _("boards {boards} to {stand}").format(
                        boards=_ranges(self.movement.boards_of_set(number)),
                        stand=place.stand or _("the Director"),
                    )
                )
        return "; ".join(dict.fromkeys(texts))

    # -- scoring ----------------------------------------------------------------------------

    def pair_id(self, entrant: Entrant) -> PairId:
        """The results model's id of a movement entrant."""
        return PairId(entrant.number, "", entrant.line)

    def event(self) -> Event:
        """The evening as the scoring library takes it (results in round, table, board
        order; pairs with their names; the hand record's boards)."""
        results = []
        for key in sorted(self.lines):
            line = self.lines[key]
            results.append(
                Result(
                    line.board, self.pair_id(line.ns), self.pair_id(line.ew), line.outcome,
                    table=line.table, round=line.round, group=line.group,
                )
            )  # fmt: skip
        pairs = []
        for entrant in self.movement.real_entrants:
            entry = self.setup.entry(entrant)
            pairs.append(
                Pair(
                    self.pair_id(entrant),
                    entry.names if entry else (),
                    members=_members(entry.members) if entry else (),
                )
            )
        return Event(
            name=self.setup.name,
            boards=dict(self.boards),
            pairs=tuple(pairs),
            results=tuple(results),
            mitchell=self.setup.mitchell,
            teams=self.setup.teams,
            phantoms=frozenset(self.pair_id(e) for e in self.movement.phantoms),
        )

    def options(self) -> ScoringOptions:
        """The scoring options of the event: its method, the artificial adjusted scores of
        its national profile (Law 12C2); the library's defaults else."""
        return ScoringOptions(
            self.setup.method_enum,
            adjusted=self.setup.adjusted_rules,
            provisional=self.setup.teams,
        )

    def scored(self) -> ScoredEvent | None:
        """The event scored so far (None before the first result)."""
        if not self.lines:
            return None
        return score_event(self.event(), self.options())


def _ranges(boards: tuple[int, ...]) -> str:
    if not boards:
        return ""
    if list(boards) == list(range(boards[0], boards[-1] + 1)) and len(boards) > 1:
        return f"{boards[0]}-{boards[-1]}"
    return ", ".join(map(str, boards))


def _members(members: tuple[str, ...]) -> tuple[str, ...]:
    # The member numbers, or none at all when no player's is known.
    return members if any(member.strip() for member in members) else ()
