"""Recording mode: a table that accepts irregularities and applies the Director's rulings.

A recording-mode :class:`~dupbridge.core.table.Table` holds a :class:`Recorder` (this module)
and a :class:`~dupbridge.core.rectify.Rulebook`. The recorder keeps what strict mode never
needs: the calls standing in the auction (an accepted call out of rotation breaks the
rotation, Law 29A), the irregular calls and their fate, the pending decision, obligations on
calls (forced passes), cards exposed during the auction and penalty cards, lead rights and
restrictions, and the board's review flags. Every change goes through an effect of
:mod:`dupbridge.core.rectify`, logged as a :class:`~dupbridge.core.events.Rectified` event.

The recorder judges nothing: it detects what is irregular (a call out of rotation, an
insufficient bid, an inadmissible double, a bid by a player obliged to pass, a call after the
final pass) and asks the rulebook what follows.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING

from dupbridge.core.calls import Call, Strain
from dupbridge.core.cards import Card
from dupbridge.core.errors import ImpossibleActionError
from dupbridge.core.events import (
    BidAboveSevenMade,
    CallChanged,
    CardPlayed,
    CardsExposed,
    DirectorAnswered,
    Event,
    InformationReported,
    IrregularityFlagged,
    OptionChosen,
)
from dupbridge.core.kinds import IrregularityName, RevokeKind
from dupbridge.core.lawref import LawRef
from dupbridge.core.phases import Phase
from dupbridge.core.recording_play import WHEN, details_json
from dupbridge.core.rectify import (
    Irregularity,
)
from dupbridge.core.seats import Seat
from dupbridge.i18n import _

if TYPE_CHECKING:
    pass
from dupbridge.core.recorded_auction import RecordedAuction
from dupbridge.core.recorder_core import RecorderCore
from dupbridge.core.recording_state import ReviewItem

__all__ = ["CODES_2007", "REPORTS", "REPORTS_2007", "RecordedAuction", "Recorder", "ReviewItem"]


class Recorder(RecorderCore):
    """The recording-mode state of one table and the commands that change it: its state and
    queries come from :class:`~dupbridge.core.recording_state.RecorderState`, the effects of
    rulings from :class:`~dupbridge.core.recorder_core.RecorderCore`, the play's half from
    :class:`~dupbridge.core.recording_play.PlayRecorder` and claims from
    :class:`~dupbridge.core.recording_claims.ClaimRecorder`."""

    def make_call(
        self,
        seat: Seat,
        call: Call,
        alert: bool,
        explanation: str | None,
        simultaneous: bool,
    ) -> tuple[Event, ...]:
        table = self.table
        start = table.next_seq
        phase = table.phase
        edition = self.rulebook.edition
        if simultaneous:
            self._check_simultaneous(seat)
        if phase is Phase.DIRECTOR:
            pending = self.pending
            if pending is None or seat not in pending.callers:
                raise self._pending_error(seat)
            seq = self._log_call(seat, call, alert, explanation, simultaneous)
            self.status[seq] = "irregular"
            self._apply(self.rulebook.call_over(table, pending, seat, call, seq))
            self._settle()
            return table.events[start:]
        if phase is Phase.FINISHED:
            table.require("make_call", seat)
        if phase is Phase.PLAY:
            play = table.play
            if play is not None and play.cards_played:
                code = _code("17D", edition)
                raise ImpossibleActionError(
                    _("{seat} cannot call: the auction period is over (Law {law})").format(
                        seat=seat.title, law=code
                    ),
                    seat=seat,
                    law=LawRef.parse(code, edition),
                )
            seq = self._log_call(seat, call, alert, explanation, simultaneous)
            self._process(seat, call, seq)
            self._settle()
            return table.events[start:]
        turn = self.auction.turn
        if turn is not None and seat is turn:
            self._check_duties(seat, call, self.obligations.get(seat, []))
        seq = self._log_call(seat, call, alert, explanation, simultaneous)
        self._process(seat, call, seq)
        self._settle()
        return table.events[start:]

    def bid_above_seven(self, seat: Seat, level: int, strain: Strain) -> tuple[Event, ...]:
        table = self.table
        start = table.next_seq
        if table.phase is not Phase.AUCTION:
            if table.phase is Phase.DIRECTOR:
                raise self._pending_error(seat)
            raise ImpossibleActionError(
                _("{seat} cannot bid now: the auction is over").format(seat=seat.title),
                seat=seat,
            )
        seq = table.next_seq
        table.log_event(BidAboveSevenMade(seq, seat, level, strain))
        self.status[seq] = "irregular"
        ruling = table.next_seq
        law = LawRef.parse("38", self.rulebook.edition)
        table.log_event(IrregularityFlagged(ruling, IrregularityName.BID_ABOVE_SEVEN, law, seat))
        irregularity = Irregularity(
            IrregularityName.BID_ABOVE_SEVEN,
            law,
            seat,
            ruling,
            seq=seq,
            turn=self.auction.turn,
            level=level,
            strain=strain,
        )
        self._apply(self.rulebook.irregularity(table, irregularity))
        self._settle()
        return table.events[start:]

    def expose(
        self, seat: Seat, cards: tuple[Card, ...], led: bool, deliberate: bool = False
    ) -> tuple[Event, ...]:
        """Cards exposed (or a card led) during the auction, Law 24; cards exposed during
        the play, Laws 48-50."""
        table = self.table
        edition = self.rulebook.edition
        if table.phase is Phase.DIRECTOR:
            raise self._pending_error(seat)
        play = table.play
        in_play = table.phase is Phase.PLAY and play is not None and table.pending_claim is None
        if table.phase is not Phase.AUCTION and not in_play:
            raise ImpossibleActionError(
                _("{seat} cannot expose cards now: the board is over or a claim is pending").format(
                    seat=seat.title
                ),
                seat=seat,
                law=LawRef.parse("49", edition),
            )
        hand = table.deal[seat] if play is None else play.hand(seat)
        shown = {card for card, _led in self.exposed.get(seat, ())}
        if not cards:
            raise ImpossibleActionError(
                _("no card was named"), seat=seat, law=LawRef.parse("24", edition)
            )
        for card in cards:
            if card not in hand:
                raise ImpossibleActionError(
                    _("{seat} does not hold {card}").format(seat=seat.title, card=card), seat=seat
                )
            if card in shown:
                raise ImpossibleActionError(
                    _("{card} of {seat} is already face up on the table").format(
                        card=card, seat=seat.title
                    ),
                    seat=seat,
                )
        if in_play:
            penalties = self.penalty.get(seat, {})
            for card in cards:
                if card in penalties:
                    raise ImpossibleActionError(
                        _("{card} of {seat} is already a penalty card").format(
                            card=card, seat=seat.title
                        ),
                        seat=seat,
                    )
        start = table.next_seq
        seq = table.next_seq
        if led:
            table.log_event(CardPlayed(seq, seat, cards[0]))
        else:
            table.log_event(CardsExposed(seq, seat, cards, deliberate))
        ruling = table.next_seq
        if in_play:
            name = "card_exposed_during_play"
            law = LawRef.parse("48" if seat.side is table.declarer.side else "49", edition)  # type: ignore[union-attr]
        else:
            name = "card_led_during_auction" if led else "card_exposed_during_auction"
            law = LawRef.parse("24", edition)
        table.log_event(IrregularityFlagged(ruling, IrregularityName(name), law, seat))
        irregularity = Irregularity(
            IrregularityName(name),
            law,
            seat,
            ruling,
            seq=seq,
            turn=self.auction.turn if not in_play else None,
            cards=cards,
            facts=(("deliberate", "true" if deliberate else "false"),),
        )
        self._apply(self.rulebook.irregularity(table, irregularity))
        self._settle()
        return table.events[start:]

    def change_call(self, seat: Seat, call: Call) -> tuple[Event, ...]:
        """``seat`` replaces his last call by ``call`` (Law 25)."""
        table = self.table
        edition = self.rulebook.edition
        if table.phase is Phase.DIRECTOR:
            raise self._pending_error(seat)
        play = table.play
        if table.phase is Phase.FINISHED or (play is not None and play.cards_played):
            code = _code("25A5", edition)
            raise ImpossibleActionError(
                _("{seat} cannot change a call after the auction period (Law {law})").format(
                    seat=seat.title, law=code
                ),
                seat=seat,
                law=LawRef.parse(code, edition),
            )
        position = self.last_call_position(seat)
        if position is None:
            raise ImpossibleActionError(
                _("{seat} has made no call to change").format(seat=seat.title),
                seat=seat,
                law=LawRef.parse("25", edition),
            )
        if any(entry.seat is seat.partner for entry in self.standing[position + 1 :]):
            code = _code("25A4", edition)
            raise ImpossibleActionError(
                _("{seat} cannot change his call: his partner has called since (Law {law})").format(
                    seat=seat.title, law=code
                ),
                seat=seat,
                law=LawRef.parse(code, edition),
            )
        if call == self.standing[position].call:
            raise ImpossibleActionError(
                _("{call} is the call {seat} already made").format(call=call, seat=seat.title),
                seat=seat,
            )
        start = table.next_seq
        seq = table.next_seq
        table.log_event(CallChanged(seq, seat, call))
        self.status[seq] = "irregular"
        ruling = table.next_seq
        law = LawRef.parse("25", edition)
        table.log_event(IrregularityFlagged(ruling, IrregularityName.CHANGE_OF_CALL, law, seat))
        irregularity = Irregularity(
            IrregularityName.CHANGE_OF_CALL,
            law,
            seat,
            ruling,
            seq=seq,
            call=call,
            position=position,
        )
        self._apply(self.rulebook.irregularity(table, irregularity))
        self._settle()
        return table.events[start:]

    def report(
        self,
        seat: Seat,
        kind: str,
        facts: str,
        against: Seat | None,
        details: Mapping[str, object] | None = None,
    ) -> tuple[Event, ...]:
        """An irregularity the table cannot see, reported: unauthorized information (Law 16),
        misinformation (Laws 20, 21), a board or hand that is wrong (13-15), a defective trick
        (67), a disagreement on the tricks won (79), dummy's warning (43B2(a))."""
        table = self.table
        edition = self.rulebook.edition
        laws = REPORTS
        if kind not in laws:
            raise ImpossibleActionError(
                _("unknown report {kind!r} (expected {known})").format(
                    kind=kind, known=", ".join(laws)
                ),
                seat=seat,
            )
        if table.phase is Phase.DIRECTOR:
            raise self._pending_error(seat)
        details = dict(details or {})
        text = details_json(details) if details else ""
        self._check_report(seat, kind, against, details)
        start = table.next_seq
        seq = table.next_seq
        table.log_event(InformationReported(seq, seat, kind, facts, against, text))
        ruling = table.next_seq
        law = _report_law(kind, edition)
        table.log_event(IrregularityFlagged(ruling, IrregularityName(kind), law, against or seat))
        facts_pairs: tuple[tuple[str, str], ...] = (("facts", facts), ("reporter", seat.letter))
        if against is not None:
            facts_pairs += (("against", against.letter),)
        facts_pairs += tuple(
            (str(key), json.dumps(value)) for key, value in sorted(details.items())
        )
        position = self.last_call_position(seat)
        irregularity = Irregularity(
            IrregularityName(kind),
            law,
            against or seat,
            ruling,
            seq=seq,
            position=position,
            facts=facts_pairs,
        )
        self._apply(self.rulebook.irregularity(table, irregularity))
        self._settle()
        return table.events[start:]

    def _check_report(
        self, seat: Seat, kind: str, against: Seat | None, details: Mapping[str, object]
    ) -> None:
        """One clear error for a report that makes no sense now (nothing is logged)."""
        table = self.table
        edition = self.rulebook.edition
        law = _report_law(kind, edition)
        play = table.play
        needs_against = (
            "incorrect_number_of_cards",
            "missing_card",
            "cards_from_wrong_board",
            "defective_trick",
        )
        if kind in needs_against and against is None:
            raise ImpossibleActionError(
                _("a {kind} report names the player concerned ('against')").format(kind=kind),
                seat=seat,
                law=law,
            )
        if kind == "cards_from_wrong_board" and (
            table.phase is not Phase.AUCTION or self.last_call_position(against) is None  # type: ignore[arg-type]
        ):
            raise ImpossibleActionError(
                _("Law 15A concerns calls made with cards from a wrong board during the auction"),
                seat=seat,
                law=law,
            )
        if kind == "defective_trick":
            trick = details.get("trick")
            done = 0 if play is None else len(play.tricks)
            if isinstance(trick, bool) or not isinstance(trick, int) or not 1 <= trick <= done:
                raise ImpossibleActionError(
                    _(
                        "a defective trick report needs 'trick', a completed trick (1 to {n})"
                    ).format(n=done),
                    seat=seat,
                    law=law,
                )
            if details.get("cards", "omitted") not in ("omitted", "surplus"):
                raise ImpossibleActionError(
                    _("'cards' is 'omitted' or 'surplus'"), seat=seat, law=law
                )
            # Law 67B1: the omission, once ruled a deemed revoke, is no longer there to report.
            if details.get("cards", "omitted") == "omitted" and any(
                state.revoke.kind == RevokeKind.DEFECTIVE
                and state.revoke.seat is against
                and state.revoke.trick == trick
                for state in self.revokes
            ):
                assert against is not None
                raise ImpossibleActionError(
                    _("{offender}: the card omitted from trick {trick} is already ruled on").format(
                        offender=against.title, trick=trick
                    ),
                    seat=seat,
                    law=law,
                )
            # When attention was drawn, as for a revoke (Laws 64B4, 64B5): after play only.
            when = details.get("when")
            finished = table.phase is Phase.FINISHED
            if when is not None and (when not in WHEN or (when == "play") is finished):
                allowed = ", ".join(WHEN[1:]) if finished else "play"
                raise ImpossibleActionError(
                    _("'when' must be {allowed} now, not {when!r}").format(
                        allowed=allowed, when=when
                    ),
                    seat=seat,
                    law=law,
                )
        if kind == "missing_card" and details.get("found", "elsewhere") not in FOUND:
            raise ImpossibleActionError(
                _("'found' is 'elsewhere', 'played' or 'not_found', not {found!r}").format(
                    found=details.get("found")
                ),
                seat=seat,
                law=law,
            )  # Law 14B: where the missing card turned up
        for flag in ("surplus", "after_round"):  # Laws 13C and 79B3: yes or no
            if flag in details and not isinstance(details[flag], bool):
                raise ImpossibleActionError(
                    _("{name!r} is true or false, not {value!r}").format(
                        name=flag, value=details[flag]
                    ),
                    seat=seat,
                    law=law,
                )
        if kind == "tricks_disputed" and (table.phase is not Phase.FINISHED or play is None):
            raise ImpossibleActionError(
                _("the tricks won are agreed once play is over (Law 79A)"), seat=seat, law=law
            )
        if kind == "dummy_suggested_play" and (
            play is None or table.phase is Phase.AUCTION or seat is not table.dummy
        ):
            raise ImpossibleActionError(
                _(
                    "Law 45F concerns dummy indicating a card during play; {seat} is not dummy"
                ).format(seat=seat.title),
                seat=seat,
                law=law,
            )
        if kind == "dummy_warned_wrong_hand":
            declarer = table.declarer
            if (
                play is None
                or table.phase is not Phase.PLAY
                or table.pending_claim is not None
                or play.current_trick
                or declarer is None
                or seat is not declarer.partner
                or play.turn not in (declarer, declarer.partner)
            ):
                raise ImpossibleActionError(
                    _(
                        "Law 43B2(a) is dummy warning declarer about the hand to lead from, "
                        "when declarer's side is on lead"
                    ),
                    seat=seat,
                    law=law,
                )

    def choose(self, seat: Seat, option: str) -> tuple[Event, ...]:
        """The chooser of the pending ruling takes ``option``."""
        table = self.table
        pending = self.pending
        edition = self.rulebook.edition
        if pending is None:
            raise ImpossibleActionError(
                _("there is no pending ruling to choose an option in"),
                seat=seat,
                law=LawRef.parse("10C1", edition),
            )
        if pending.chooser is None:
            raise ImpossibleActionError(
                _("the Director must answer this question, not {seat}: {question}").format(
                    seat=seat.title, question=pending.question
                ),
                seat=seat,
                law=pending.law,
            )
        if seat is not pending.chooser:
            raise ImpossibleActionError(
                _("{seat} may not choose here; the choice is {chooser}'s ({law})").format(
                    seat=seat.title, chooser=pending.chooser.title, law=pending.law
                ),
                seat=seat,
                law=pending.law,
            )
        if option not in pending.options:
            raise ImpossibleActionError(
                _("{option!r} is not on offer; {seat} may choose {options} ({law})").format(
                    option=option,
                    seat=seat.title,
                    options=", ".join(pending.options),
                    law=pending.law,
                ),
                seat=seat,
                law=pending.law,
            )
        start = table.next_seq
        table.log_event(OptionChosen(table.next_seq, seat, option))
        self._apply(self.rulebook.choice(table, pending, option))
        self._settle()
        return table.events[start:]

    def director(self, answers: Mapping[str, object]) -> tuple[Event, ...]:
        """The Director answers the pending question (or decides a review)."""
        table = self.table
        pending = self.pending
        if pending is not None and pending.chooser is not None:
            keys = set(answers) - _DIRECTOR_FACTS
            if keys:
                raise ImpossibleActionError(
                    _("the pending choice is {chooser}'s ({law}), not the Director's").format(
                        chooser=pending.chooser.title, law=pending.law
                    ),
                    law=pending.law,
                )
        try:
            text = json.dumps(dict(answers), sort_keys=True, ensure_ascii=False)
        except (TypeError, ValueError):
            raise ImpossibleActionError(
                _("the Director's answers must be plain data (text, numbers, yes/no, lists)")
            ) from None
        effects = self.rulebook.answer(table, pending, answers)  # raises before logging
        start = table.next_seq
        table.log_event(DirectorAnswered(table.next_seq, text))
        self._apply(effects)
        self._settle()
        return table.events[start:]


_DIRECTOR_FACTS = frozenset({"name", "time", "note", "specified"})
#: Where a missing card was found (Law 14B): elsewhere (B2), among the played cards (B1, then
#: Law 67), or nowhere (B3).
FOUND = ("elsewhere", "played", "not_found")

#: The reports a recording-mode table takes, with the law each concerns (2017 numbering).
REPORTS: dict[str, str] = {
    "unauthorized_information": "16B",
    "misinformation": "21B",
    "incorrect_number_of_cards": "13",
    "missing_card": "14",
    "cards_from_wrong_board": "15A",
    "wrong_board": "15B",
    "defective_trick": "67",
    "tricks_disputed": "79",
    "dummy_warned_wrong_hand": "43B2(a)",
    "dummy_suggested_play": "45F",
}
#: Where the 2007 Laws number a report's law differently (2007 Law 17D: cards from a wrong
#: board; 15: wrong board played).
REPORTS_2007: dict[str, str] = {"cards_from_wrong_board": "17D", "wrong_board": "15"}


#: The 2017 laws the commands cite that the 2007 Laws number differently: the end of the
#: auction period (2007 Law 22B), no change of call once partner has called (25A2) or after
#: the auction period (25A3).
CODES_2007: dict[str, str] = {"17D": "22B", "25A4": "25A2", "25A5": "25A3"}


def _code(code: str, edition: str) -> str:
    """``code`` (2017 numbering) as the edition numbers it."""
    return CODES_2007.get(code, code) if edition == "2007" else code


def _report_law(kind: str, edition: str) -> LawRef:
    code = REPORTS_2007.get(kind, REPORTS[kind]) if edition == "2007" else REPORTS[kind]
    return LawRef.parse(code, edition)
