"""The commands only recording mode takes (docs/rulings.md): the Director's side of a table.

Exposed cards, a changed call, a bid above seven, reports of what the table cannot see, a revoke
pointed out, the answers to a claim in dispute, and the choices and answers of a ruling. Each
hands the facts to the table's recorder (:mod:`dupbridge.core.recording`), which applies the
rulebook; in strict mode these commands are refused.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from dupbridge.core.calls import Call, Strain
from dupbridge.core.cards import Card
from dupbridge.core.errors import ImpossibleActionError, IrregularityError
from dupbridge.core.events import (
    Event,
)
from dupbridge.core.lawref import LawRef
from dupbridge.core.seats import Seat
from dupbridge.core.table_state import TableState
from dupbridge.i18n import _

if TYPE_CHECKING:
    from dupbridge.core.recording import Recorder
    from dupbridge.core.rectify import Pending


__all__ = ["RecordingCommands"]

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


class RecordingCommands(TableState):
    """The recording-mode commands of :class:`~dupbridge.core.table.Table`."""

    __slots__ = ()

    # --- recording mode -------------------------------------------------------------------

    @property
    def recording(self) -> Recorder | None:
        """The recording-mode state (None in strict mode): standing calls, obligations,
        exposed and penalty cards, lead rights and restrictions, reviews."""
        return self._rec

    @property
    def pending(self) -> Pending | None:
        """The decision the table waits for in recording mode (Law 9B2), if any."""
        return None if self._rec is None else self._rec.pending

    def _recorder(self, seat: Seat | None = None) -> Recorder:
        rec = self._rec
        if rec is None:
            raise ImpossibleActionError(
                _("this table is in strict mode: rulings need recording mode"), seat=seat
            )
        return rec

    def choose(self, seat: Seat, option: str) -> tuple[Event, ...]:
        """The player entitled to a choice after an irregularity takes ``option`` (Law 10C).

        Raises:
            ImpossibleActionError: in strict mode, with nothing pending, when the choice is
                another player's or the Director's, or for an option not on offer. The table
                is unchanged.
        """
        return self._recorder(seat).choose(seat, option)

    def director(self, **answers: object) -> tuple[Event, ...]:
        """The Director answers the pending question (``comparable=True``...) or decides an
        end-of-play review; ``name``, ``time`` and ``note`` are recorded with the ruling.

        Raises:
            ImpossibleActionError: in strict mode, or for answers nobody asked for. The table
                is unchanged.
        """
        return self._recorder().director(answers)

    def director_answers(self, answers: Mapping[str, object]) -> tuple[Event, ...]:
        """:meth:`director` with the answers as a mapping."""
        return self._recorder().director(answers)

    def expose_cards(
        self, seat: Seat, cards: Iterable[Card], *, deliberate: bool = False
    ) -> tuple[Event, ...]:
        """``seat``'s ``cards`` could be seen by his partner: during the auction (Law 24),
        or during play (a defender's become penalty cards, Laws 49, 50; declarer's do not,
        48). ``deliberate``: exposed other than by accident (Law 50B).

        Raises:
            IrregularityError: in strict mode (Law 24).
            ImpossibleActionError: after the board, for cards the seat does not hold.
        """
        cards = tuple(cards)
        if self._rec is None:
            raise IrregularityError(
                _("{seat} exposed {cards} during the auction (Law 24)").format(
                    seat=seat.title, cards=" ".join(str(card) for card in cards)
                ),
                seat=seat,
                law=_LAW_24,
                irregularity="card_exposed_during_auction",
            )
        return self._rec.expose(seat, cards, led=False, deliberate=deliberate)

    def change_call(self, seat: Seat, call: Call) -> tuple[Event, ...]:
        """``seat`` replaces his last call by ``call`` (Law 25: unintended or not).

        Raises:
            IrregularityError: in strict mode (Law 25).
            ImpossibleActionError: when no change is possible (partner has called since,
                the auction period is over).
        """
        if self._rec is None:
            raise IrregularityError(
                _("{seat} tried to change his call to {call} (Law 25)").format(
                    seat=seat.title, call=call
                ),
                seat=seat,
                law=LawRef(25),
                irregularity="change_of_call",
            )
        return self._rec.change_call(seat, call)

    def bid_above_seven(self, seat: Seat, level: int, strain: Strain) -> tuple[Event, ...]:
        """``seat`` bid ``level`` (more than seven) in ``strain`` (Law 38).

        Raises:
            IrregularityError: in strict mode (Law 38).
        """
        if isinstance(level, bool) or not isinstance(level, int) or level <= 7:
            raise ImpossibleActionError(
                _("{level} is not a level above seven").format(level=level), seat=seat
            )
        if self._rec is None:
            raise IrregularityError(
                _("{seat} bid {level}{strain}: there is no bid above seven (Law 38)").format(
                    seat=seat.title, level=level, strain=strain
                ),
                seat=seat,
                law=LawRef(38),
                irregularity="bid_above_seven",
            )
        return self._rec.bid_above_seven(seat, level, strain)

    def report(
        self,
        seat: Seat,
        kind: str,
        facts: str = "",
        against: Seat | None = None,
        details: Mapping[str, object] | None = None,
    ) -> tuple[Event, ...]:
        """``seat`` reports what the table cannot see, with the facts for the Director:
        ``"unauthorized_information"`` (Law 16B), ``"misinformation"`` (20F, 21B),
        ``"incorrect_number_of_cards"`` (13), ``"missing_card"`` (14), ``"cards_from_wrong_board"``
        (15A), ``"wrong_board"`` (15B), ``"defective_trick"`` (67), ``"tricks_disputed"`` (79),
        ``"dummy_warned_wrong_hand"`` (43B2(a)). ``details`` holds particulars such as
        ``{"trick": 5}`` (docs/rulings.md).

        Raises:
            ImpossibleActionError: in strict mode, for another kind of report, or when the
                report makes no sense now (a defective trick before any trick).
        """
        return self._recorder(seat).report(seat, kind, facts, against, details or {})

    def draw_attention(
        self, seat: Seat, offender: Seat, trick: int | None = None, when: str = ""
    ) -> tuple[Event, ...]:
        """``seat`` draws attention to a revoke by ``offender`` (Laws 61-64): his last one not
        yet ruled on, or the one on ``trick``. ``when`` says when it was first raised after
        play: ``"after_play"`` (the default once play is over), ``"after_next_call"`` (a
        non-offender has called on the next deal, Law 64B4) or ``"after_round"`` (64B5).

        Raises:
            ImpossibleActionError: in strict mode, before play, while a ruling is pending, or
                when ``offender`` made no such revoke.
        """
        return self._recorder(seat).draw_attention(seat, offender, trick, when)

    def continue_play(self, seat: Seat) -> tuple[Event, ...]:
        """At the request of ``seat`` (of the side that did not claim), all four agreeing,
        play continues after a claim, which is void (2017 Law 68D2(b)).

        Raises:
            ImpossibleActionError: in strict mode, under the 2007 Laws, with no claim pending,
                or at the claimer's side's request.
        """
        return self._recorder(seat).continue_play(seat)

    def object_to_concession(self, seat: Seat) -> tuple[Event, ...]:
        """``seat`` objects at once to his partner's concession: there is none, and play
        continues (Law 68B2).

        Raises:
            ImpossibleActionError: in strict mode, or when the last action is not his
                partner's concession as a defender.
        """
        return self._recorder(seat).object_to_concession(seat)

    def withdraw_agreement(self, seat: Seat) -> tuple[Event, ...]:
        """Within the Correction Period ``seat`` withdraws his side's agreement to a claim or
        concession (Law 69B), or asks the Director to cancel his side's concession (71).

        Raises:
            ImpossibleActionError: in strict mode, or when play did not end by a claim or
                concession his side agreed to or made.
        """
        return self._recorder(seat).withdraw_agreement(seat)
