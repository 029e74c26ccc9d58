"""One board's life at a table: auction, play, result, as a state machine over an event log.

The :class:`Table` takes commands (``make_call``, ``play_card``, ``claim``, ``concede``,
``accept_claim``, ``reject_claim``). Each returns the events it caused or raises a specific
error and leaves the table exactly as it was. Which commands each phase accepts is the data
in :data:`ACCEPTS`. ``Table.replay(events)`` rebuilds a table from its log.

Modes (DESIGN §2.6): in ``strict`` mode (online play) an irregularity is refused with an error
naming the Law it breaks. In ``recording`` mode (a live table with a Director, or a real record)
the table accepts irregularities as events flagged with what it detected, enters DIRECTOR and
applies the rulings of a :class:`~dupbridge.core.rectify.Rulebook` (``dupbridge.rulings``) as
logged effects; see :mod:`dupbridge.core.recording` and docs/rulings.md. Strict mode pays one
attribute test per command for this.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from dupbridge.core.auction import Auction
from dupbridge.core.boards import Board
from dupbridge.core.calls import Bid, Call, Double, Pass
from dupbridge.core.cards import Card
from dupbridge.core.commands import (
    AcceptClaim,
    BidAboveSeven,
    ChangeCall,
    ChooseOption,
    Claim,
    Command,
    Concede,
    ContinuePlay,
    DirectorDecides,
    DrawAttention,
    ExposeCards,
    MakeCall,
    ObjectToConcession,
    PlayCard,
    RejectClaim,
    Report,
    WithdrawAgreement,
    command_of,
)
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ImpossibleActionError, IrregularityError
from dupbridge.core.events import (
    AuctionEnded,
    BoardStarted,
    ClaimAccepted,
    ClaimMade,
    ClaimRejected,
    Conceded,
    Event,
    call_made,
    card_played,
    trick_completed,
)
from dupbridge.core.kinds import Edition
from dupbridge.core.lawref import EDITIONS, LawRef
from dupbridge.core.phases import (
    ACCEPTS,
    MODES,
    Mode,
    Phase,
)
from dupbridge.core.play import Play
from dupbridge.core.recording import RecordedAuction, Recorder
from dupbridge.core.seats import Seat, Side
from dupbridge.core.table_recording import RecordingCommands
from dupbridge.i18n import _

if TYPE_CHECKING:
    from dupbridge.core.rectify import Rulebook

__all__ = ["ACCEPTS", "HANDLERS", "MODES", "Phase", "Table"]

# The enum member of an edition or mode already checked (a dict lookup is much cheaper than
# calling the enum, once per table).
_EDITION_OF = {edition.value: edition for edition in Edition}
_MODE_OF = {mode.value: mode for mode in Mode}

_LAW_24 = LawRef(24)
_LAW_30 = LawRef(30)
_LAW_31 = LawRef(31)
_LAW_32 = LawRef(32)
_LAW_39 = LawRef(39)
_LAW_43 = LawRef(43, "A1")
_LAW_68 = LawRef(68)
_LAW_68D = LawRef(68, "D")
_LAW_69A = LawRef(69, "A")
_LAW_9B2 = LawRef(9, "B2")


class Table(RecordingCommands):
    """One board played at one table.

    Args:
        board: the board (or its number, giving dealer and vulnerability by Law 2).
        deal: the four hands; it must be a valid deal.
        edition: ``"2017"`` (default) or ``"2007"``: the Laws the table is run under.
        mode: ``"strict"`` (irregularities refused) or ``"recording"`` (accepted and ruled).
        rulebook: the rules of rectification, required in recording mode (see
            ``dupbridge.rulings.rulebook_for``); its edition must be the table's.

    Raises:
        InvalidDealError: if the deal is not four hands of thirteen distinct cards.
        ValueError: for an unknown edition or mode, or a missing or mismatched rulebook.
    """

    __slots__ = ()

    def __init__(
        self,
        board: Board | int,
        deal: Deal,
        *,
        edition: str = "2017",
        mode: str = "strict",
        rulebook: Rulebook | None = None,
    ) -> None:
        if isinstance(board, int):
            board = Board.numbered(board)
        deal.validated()
        if edition not in EDITIONS:
            raise ValueError(
                _("unknown edition of the Laws: {edition!r} (expected {known})").format(
                    edition=edition, known=" or ".join(EDITIONS)
                )
            )
        if mode not in MODES:
            raise ValueError(
                _("unknown table mode: {mode!r} (expected {known})").format(
                    mode=mode, known=", ".join(MODES)
                )
            )
        self.board = board
        self.deal = deal
        self.play: Play | None = None
        self.phase = Phase.AUCTION
        self._claim: ClaimMade | None = None
        self._result: int | None = None
        self._rec: Recorder | None = None
        # Strict mode's fast paths: true while calls (cards) are taken with no other test.
        self._auction_open = mode != "recording"
        self._play_open = False
        if mode == "recording":
            if rulebook is None:
                raise ValueError(_("recording mode needs a rulebook (the rules of rectification)"))
            if rulebook.edition != edition:
                raise ValueError(
                    _("the rulebook is for the {rules} Laws but the table plays {edition}").format(
                        rules=rulebook.edition, edition=edition
                    )
                )
            self.auction: Auction = RecordedAuction(board.dealer)
            self._rec = Recorder(self, rulebook)
            rules: str | None = rulebook.name
        else:
            self.auction = Auction(board.dealer)
            rules = None
        self._events: list[Event] = [
            BoardStarted(0, board, deal, _EDITION_OF[edition], _MODE_OF[mode], rules)
        ]

    # --- commands -------------------------------------------------------------------------

    def make_call(
        self,
        seat: Seat,
        call: Call,
        *,
        alert: bool = False,
        explanation: str | None = None,
        simultaneous: bool = False,
    ) -> tuple[Event, ...]:
        """``seat`` makes ``call`` (alerted and explained if so; ``simultaneous`` with the
        previous call, recording mode only, Law 33).

        Returns:
            The events caused: the call, and the end of the auction if it ended.

        Raises:
            IrregularityError: a call out of rotation (Laws 28-32), an insufficient bid
                (27), an inadmissible double or redouble (36), a call after the final pass
                (39). The table is unchanged. (Recording mode accepts them and rules.)
            ImpossibleActionError: if the board is over or a ruling is pending.
        """
        if not self._auction_open:
            if self._rec is not None:
                return self._rec.make_call(seat, call, alert, explanation, simultaneous)
            self.require("make_call", seat)
        auction = self.auction
        if seat is not auction.turn:
            raise self._call_out_of_rotation(seat, call)
        auction.add(call)
        log = self._events
        event = call_made(len(log), seat, call, alert, explanation)
        log.append(event)
        if not auction.is_complete:
            return (event,)
        contract = auction.contract
        ended = AuctionEnded(len(log), contract)
        log.append(ended)
        self._auction_open = False
        if contract is None:
            self.enter(Phase.FINISHED)
        else:
            declarer = contract.declarer
            assert declarer is not None
            self.play = Play(self.deal, declarer, contract.strain.suit)
            self.enter(Phase.PLAY)
            self._play_open = True
        return (event, ended)

    def play_card(self, seat: Seat, card: Card) -> tuple[Event, ...]:
        """Play ``card`` from ``seat``'s hand (dummy's seat for dummy's cards).

        Returns:
            The events caused: the card, the trick if it completed one, the end of play.

        Raises:
            IrregularityError: a lead or play out of turn (Laws 54-57), a failure to follow
                suit (44C), a card shown during the auction (24). The table is unchanged.
            ImpossibleActionError: a card the seat does not hold, play after the board ended
                or while a claim is pending.
        """
        if not self._play_open:  # open only while strict play has its Play and no claim
            if self._rec is not None:
                return self._rec.play_card(seat, card)
            self.require("play_card", seat, card=card)
        play: Play = self.play  # type: ignore[assignment]
        trick = play.play(seat, card)
        log = self._events
        event = card_played(len(log), seat, card)
        log.append(event)
        if trick is None:
            return (event,)
        # A quarter of the cards end a trick.
        completed = trick_completed(len(log), trick)
        log.append(completed)
        if trick.number < 13:
            return (event, completed)
        return (event, completed, self.finish(play.declarer_tricks, "played"))

    def claim(self, seat: Seat, tricks: int, statement: str | None = None) -> tuple[Event, ...]:
        """``seat`` claims that his side will have ``tricks`` tricks in all (Law 68A).

        Play stops (Law 68D) until an opponent accepts or disputes the claim.

        Raises:
            ImpossibleActionError: outside play, by dummy, with a claim already pending, or
                for a number of tricks the side cannot end with.
        """
        self.require("claim", seat)
        play = self.play
        assert play is not None
        if seat is play.dummy:
            raise ImpossibleActionError(
                _("dummy ({seat}) may not claim; declarer claims for his side (Law 68)").format(
                    seat=seat.title
                ),
                seat=seat,
                law=_LAW_43,
            )
        low, high = self._claim_range(seat.side)
        if isinstance(tricks, bool) or not isinstance(tricks, int) or not low <= tricks <= high:
            raise ImpossibleActionError(
                _(
                    "{seat} cannot claim {tricks} tricks: his side has {won} and {left} "
                    "remain, so a claim must be between {low} and {high} (Law 68A)"
                ).format(
                    seat=seat.title,
                    tricks=tricks,
                    won=low,
                    left=high - low,
                    low=low,
                    high=high,
                ),
                seat=seat,
                law=_LAW_68,
            )
        event = ClaimMade(len(self._events), seat, tricks, statement)
        self._claim = event
        self._play_open = False
        self._events.append(event)
        if self._rec is not None:
            return self._rec.after_play_action(event)
        return (event,)

    def concede(self, seat: Seat, tricks: int | None = None) -> tuple[Event, ...]:
        """``seat`` concedes ``tricks`` of the remaining tricks (all of them if None), Law 68B.

        Play ends at once with the conceding side taking the rest.

        Raises:
            ImpossibleActionError: outside play, by dummy, while a claim is pending, or for
                more tricks than remain.
        """
        self.require("concede", seat)
        play = self.play
        assert play is not None
        if seat is play.dummy:
            raise ImpossibleActionError(
                _("dummy ({seat}) may not concede; declarer concedes for his side (Law 68)").format(
                    seat=seat.title
                ),
                seat=seat,
                law=_LAW_43,
            )
        low, high = self._claim_range(seat.side)
        remaining = high - low
        count = remaining if tricks is None else tricks
        if isinstance(count, bool) or not isinstance(count, int) or not 0 < count <= remaining:
            raise ImpossibleActionError(
                _("{seat} cannot concede {tricks} tricks: {left} remain (Law 68B)").format(
                    seat=seat.title, tricks=count, left=remaining
                ),
                seat=seat,
                law=LawRef(68, "B"),
            )
        conceded = Conceded(len(self._events), seat, count)
        self._events.append(conceded)
        side_total = high - count
        declarer_side = play.declarer.side
        declarer_tricks = side_total if seat.side is declarer_side else 13 - side_total
        events: list[Event] = [conceded, self.finish(declarer_tricks, "concession")]
        if self._rec is not None:
            return self._rec.after_play_action(events[0])
        return tuple(events)

    def accept_claim(self, seat: Seat) -> tuple[Event, ...]:
        """An opponent of the claimer agrees to the pending claim; play ends (Law 69A).

        Raises:
            ImpossibleActionError: if no claim is pending or ``seat`` is on the claimer's side.
        """
        claim = self._pending_claim_for(seat, "accept_claim")
        play = self.play
        assert play is not None
        accepted = ClaimAccepted(len(self._events), seat)
        self._events.append(accepted)
        declarer_side = play.declarer.side
        tricks = claim.tricks if claim.seat.side is declarer_side else 13 - claim.tricks
        self._claim = None
        events: list[Event] = [accepted, self.finish(tricks, "claim")]
        if self._rec is not None:
            return self._rec.after_play_action(events[0])
        return tuple(events)

    def reject_claim(self, seat: Seat) -> tuple[Event, ...]:
        """An opponent disputes the pending claim: the Director is called (Laws 68D, 70).

        Raises:
            ImpossibleActionError: if no claim is pending or ``seat`` is on the claimer's side.
        """
        self._pending_claim_for(seat, "reject_claim")
        if self._rec is not None:
            return self._rec.reject_claim(seat)
        event = ClaimRejected(len(self._events), seat)
        self.enter(Phase.DIRECTOR)
        self._events.append(event)
        return (event,)

    # --- replay ---------------------------------------------------------------------------

    @classmethod
    def replay(cls, events: Iterable[Event], rulebook: Rulebook | None = None) -> Table:
        """Rebuild a table from its event log (derived events are regenerated, not read).

        Args:
            events: the log, from ``BoardStarted``.
            rulebook: the rules of rectification, for a recording-mode log.

        Raises:
            ValueError: if the log does not start with ``BoardStarted``, or a recording-mode
                log comes without a rulebook.
            ActionError: if an action in the log is refused (the log is corrupt).
        """
        iterator = iter(events)
        start = next(iterator, None)
        if not isinstance(start, BoardStarted):
            raise ValueError(_("an event log must start with BoardStarted"))
        table = cls(
            start.board, start.deal, edition=start.edition, mode=start.mode, rulebook=rulebook
        )
        for event in iterator:
            table.apply(event)
        return table

    def apply(self, event: Event) -> tuple[Event, ...]:
        """Carry out the action an event records (derived events are skipped).

        Raises:
            ActionError: if the action is refused now.
            ValueError: for an event that is no action (``BoardStarted``).
        """
        if event.derived:
            return ()
        return self.execute(command_of(event))

    def execute(self, command: Command) -> tuple[Event, ...]:
        """Carry out ``command``: the one dispatcher of the table's command vocabulary
        (:mod:`dupbridge.core.commands`), used by replay, table records, the CLI and the web.

        Returns:
            The events the command produced, in log order.

        Raises:
            ActionError: if the table refuses the command now (the table is unchanged).
        """
        return HANDLERS[type(command)](self, command)

    def _pending_claim_for(self, seat: Seat, command: str) -> ClaimMade:
        self.require(command, seat)
        claim = self._claim
        assert claim is not None
        if seat.side is claim.seat.side:
            raise ImpossibleActionError(
                _("{seat} is on the claimer's side; only an opponent answers a claim").format(
                    seat=seat.title
                ),
                seat=seat,
                law=_LAW_69A,
            )
        return claim

    def _claim_range(self, side: Side) -> tuple[int, int]:
        """The fewest and most tricks ``side`` can end with from here."""
        play = self.play
        assert play is not None
        won = play.tricks_won(side)
        remaining = 13 - len(play.tricks)
        return won, won + remaining

    def _call_out_of_rotation(self, seat: Seat, call: Call) -> IrregularityError:
        law = _LAW_30 if isinstance(call, Pass) else _LAW_31 if isinstance(call, Bid) else _LAW_32
        expected = self.auction.turn
        assert expected is not None
        kind = (
            "pass"
            if isinstance(call, Pass)
            else "bid"
            if isinstance(call, Bid)
            else ("double" if isinstance(call, Double) else "redouble")
        )
        return IrregularityError(
            _("call out of rotation: {seat} called {call} but it is {turn}'s turn").format(
                seat=seat.title, call=call, turn=expected.title
            )
            + f" ({law})",
            seat=seat,
            law=law,
            irregularity=f"{kind}_out_of_rotation",
        )


def _handlers() -> dict[type[Any], Callable[[Table, Any], tuple[Event, ...]]]:
    """Each command type and the Table method that carries it out."""
    return {
        MakeCall: lambda t, c: t.make_call(
            c.seat, c.call, alert=c.alert, explanation=c.explanation, simultaneous=c.simultaneous
        ),
        PlayCard: lambda t, c: t.play_card(c.seat, c.card),
        Claim: lambda t, c: t.claim(c.seat, c.tricks, c.statement),
        AcceptClaim: lambda t, c: t.accept_claim(c.seat),
        RejectClaim: lambda t, c: t.reject_claim(c.seat),
        Concede: lambda t, c: t.concede(c.seat, c.tricks),
        BidAboveSeven: lambda t, c: t.bid_above_seven(c.seat, c.level, c.strain),
        ExposeCards: lambda t, c: t.expose_cards(c.seat, c.cards, deliberate=c.deliberate),
        ChangeCall: lambda t, c: t.change_call(c.seat, c.call),
        Report: lambda t, c: t.report(
            c.seat, c.kind, c.facts, c.against, dict(c.details) if c.details else None
        ),
        DrawAttention: lambda t, c: t.draw_attention(c.seat, c.offender, c.trick, c.when),
        ContinuePlay: lambda t, c: t.continue_play(c.seat),
        ObjectToConcession: lambda t, c: t.object_to_concession(c.seat),
        WithdrawAgreement: lambda t, c: t.withdraw_agreement(c.seat),
        ChooseOption: lambda t, c: t.choose(c.seat, c.option),
        DirectorDecides: lambda t, c: t.director_answers(c.answers_map),
    }


#: The one dispatch table of the command vocabulary: each command type and its handler.
HANDLERS = _handlers()
