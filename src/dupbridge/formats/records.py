"""The board record: what every file format knows about one board played (or dealt).

``dupbridge convert`` goes through this model: a reader turns its file into
:class:`BoardRecord` values and a writer turns records into its file. A record holds the
board (number, dealer, vulnerability), the deal, the players, the calls with their alerts and
explanations, the cards in the order played, how play ended (a claim or concession), the
contract and the result, plus the format-neutral extras that PBN names best: other facts as
``(tag, value)`` pairs (``Event``, ``Room``, ``Score``...) and tables as
``(tag, column spec, rows)``.

:meth:`BoardRecord.from_table` records a core :class:`~dupbridge.core.table.Table`;
:meth:`BoardRecord.to_table` replays a record through a Table, so every call and card is
checked by the Laws engine (Laws 17-22 for the auction, 44 for the play, 68-69 for claims).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from dupbridge.core.boards import Board, dealer_of, vulnerability_of
from dupbridge.core.calls import Call
from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ActionError, NotationError
from dupbridge.core.events import CallMade, CardPlayed, ClaimAccepted, Conceded
from dupbridge.core.explanations import render_explanation
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.core.table import Phase, Table
from dupbridge.formats.problems import FormatError
from dupbridge.i18n import _

__all__ = ["BoardRecord", "RecordedCall", "TableData"]

#: A table of a record: its tag name, column specification and rows of cells.
TableData = tuple[str, str, tuple[tuple[str, ...], ...]]


@dataclass(frozen=True, slots=True)
class RecordedCall:
    """A call as it was made: alerted or not, and explained or not (Laws 20F, 40B)."""

    call: Call
    alert: bool = False
    explanation: str | None = None

    def __str__(self) -> str:
        text = str(self.call) + ("!" if self.alert else "")
        return f"{text} ({self.explanation})" if self.explanation else text


@dataclass(frozen=True, slots=True)
class BoardRecord:
    """One board: dealt, and perhaps bid and played.

    Attributes:
        board: the board number (None if unknown).
        dealer: the dealer (Law 2); None if unknown.
        vulnerability: the vulnerability (Law 2); None if unknown.
        deal: the four hands; a hand nobody recorded is empty. None if no cards are known.
        players: the players' names by seat N, E, S, W (None where unknown).
        calls: the calls from the dealer on, in order.
        contract: the contract with its declarer; None if unknown or passed out.
        passed_out: whether all four passed (Law 22B).
        play: the cards in the order they were played.
        claim: declarer's side's tricks in all, when play ended by a claim or concession
            (Laws 68-69) before the thirteenth trick; None otherwise.
        result: the tricks declarer's side took (None if unknown or passed out).
        info: other facts as ``(PBN tag name, value)`` pairs, in order.
        tables: tables of results or analysis as ``(tag, column spec, rows)``.
    """

    board: int | None = None
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    deal: Deal | None = None
    players: tuple[str | None, str | None, str | None, str | None] = (None, None, None, None)
    calls: tuple[RecordedCall, ...] = ()
    contract: Contract | None = None
    passed_out: bool = False
    play: tuple[Card, ...] = ()
    claim: int | None = None
    result: int | None = None
    info: tuple[tuple[str, str], ...] = ()
    tables: tuple[TableData, ...] = field(default=())

    @property
    def declarer(self) -> Seat | None:
        """Declarer, if the contract and its declarer are known."""
        return None if self.contract is None else self.contract.declarer

    def player(self, seat: Seat) -> str | None:
        """The name of the player at ``seat``, if known."""
        return self.players[seat]

    def info_value(self, name: str) -> str | None:
        """The first value recorded under the tag ``name`` in :attr:`info`."""
        for key, value in self.info:
            if key == name:
                return value
        return None

    def with_info(self, **values: str) -> BoardRecord:
        """This record with the given facts set (replacing any with the same name)."""
        kept = tuple((key, value) for key, value in self.info if key not in values)
        return replace(self, info=kept + tuple(values.items()))

    @property
    def board_markings(self) -> Board | None:
        """The board with its dealer and vulnerability (Law 2 fills what is missing)."""
        if self.board is None:
            return None
        return Board(
            self.board,
            self.dealer if self.dealer is not None else dealer_of(self.board),
            self.vulnerability if self.vulnerability is not None else vulnerability_of(self.board),
        )

    # --- the core table -----------------------------------------------------------------

    @classmethod
    def from_table(
        cls,
        table: Table,
        *,
        players: Mapping[Seat, str] | None = None,
        info: Mapping[str, str] | None = None,
    ) -> BoardRecord:
        """The record of what happened at ``table`` so far.

        Args:
            table: the table (in any phase).
            players: the players' names by seat, if known.
            info: other facts under their PBN tag names (``{"Event": "Club pairs"}``).
        """
        calls: list[RecordedCall] = []
        play: list[Card] = []
        claim: int | None = None
        for event in table.events:
            if isinstance(event, CallMade):
                # a robot's explanation in the active language (the file is read by people)
                explanation = render_explanation(event.explanation)
                calls.append(RecordedCall(event.call, event.alert, explanation))
            elif isinstance(event, CardPlayed):
                play.append(event.card)
        finished = table.phase is Phase.FINISHED
        ended_early = finished and table.result is not None and len(play) < 52
        if ended_early and any(
            isinstance(event, (ClaimAccepted, Conceded)) for event in table.events
        ):
            claim = table.result
        names = players or {}
        return cls(
            board=table.board.number,
            dealer=table.board.dealer,
            vulnerability=table.board.vulnerability,
            deal=table.deal,
            players=(names.get(Seat.N), names.get(Seat.E), names.get(Seat.S), names.get(Seat.W)),
            calls=tuple(calls),
            contract=table.contract,
            passed_out=table.is_passed_out,
            play=tuple(play),
            claim=claim,
            result=table.result,
            info=tuple((info or {}).items()),
        )

    def to_table(self, *, edition: str = "2017") -> Table:
        """Replay this record at a core table (strict mode): every call and card is checked.

        A claim is made by declarer for :attr:`claim` tricks and accepted by the opening
        leader (Laws 68A, 69A).

        Raises:
            FormatError: if the record has no board number or no full deal, or if a call
                or card it holds is refused by the Laws engine (the message says which).
        """
        board = self.board_markings
        if board is None or self.deal is None or not self.deal.is_valid():
            raise FormatError(_("a board record needs a board number and a full deal to replay"))
        table = Table(board, self.deal, edition=edition)
        try:
            for index, made in enumerate(self.calls):
                seat = table.turn
                if seat is None:
                    raise FormatError(
                        _("call {n} ({call}) comes after the auction ended").format(
                            n=index + 1, call=made.call
                        )
                    )
                table.make_call(seat, made.call, alert=made.alert, explanation=made.explanation)
            for card in self.play:
                seat = table.turn
                if seat is None:
                    raise FormatError(_("card {card} comes after play ended").format(card=card))
                table.play_card(seat, card)
            if self.claim is not None and table.phase is Phase.PLAY and table.play is not None:
                declarer = table.play.declarer
                table.claim(declarer, self.claim)
                table.accept_claim(declarer.lho)
        except (ActionError, NotationError) as error:
            raise FormatError(str(error)) from None
        return table
