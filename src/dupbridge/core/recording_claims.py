"""Recording mode after a claim or concession: disputes, play continued, objections, and
agreements withdrawn (Laws 68B2, 68D, 69B, 70, 71).

:class:`ClaimRecorder` opens the Director's ruling for each; the claim itself and its
acceptance are the table's commands (:class:`~dupbridge.core.table.Table`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dupbridge.core.errors import ImpossibleActionError
from dupbridge.core.events import (
    AgreementWithdrawn,
    ClaimAccepted,
    ClaimRejected,
    Conceded,
    ConcessionObjected,
    Event,
    IrregularityFlagged,
    PlayContinued,
)
from dupbridge.core.kinds import IrregularityName
from dupbridge.core.lawref import LawRef
from dupbridge.core.phases import Phase
from dupbridge.core.rectify import (
    Irregularity,
)
from dupbridge.core.seats import Seat
from dupbridge.i18n import _

if TYPE_CHECKING:
    from dupbridge.core.table import Table
from dupbridge.core.recording_play import PlayRecorder

__all__ = ["ClaimRecorder", "settled_law"]


def settled_law(table: Table, seat: Seat) -> str:
    """How ``seat``'s side may reopen the claim or concession that ended the play: an
    agreement withdrawn (Law 69B) or a concession cancelled (Law 71); "" if neither.

    The side that accepted a claim agreed to lose tricks (69A, 69B); the claimer's side
    conceded the rest by claiming (68B1, 71), as the side that conceded did. A claim
    disputed (70), voided by play continuing (68D2(b)) or a concession partner objected to
    (68B2) is not an agreed claim or concession. Laws 69B and 71 serve both a withdrawal and
    a disagreement on the tricks reported after such an ending (Law 79B1).
    """
    for event in reversed(table.log):
        if isinstance(event, ClaimAccepted):
            same = event.seat.side is seat.side
            return "agreement_withdrawn" if same else "concession_cancelled"
        if isinstance(event, Conceded):
            return "concession_cancelled" if event.seat.side is seat.side else ""
        if isinstance(event, ClaimRejected | PlayContinued | ConcessionObjected):
            return ""
    return ""


class ClaimRecorder(PlayRecorder):
    """The claim-period commands of :class:`~dupbridge.core.recording.Recorder`."""

    def reject_claim(self, seat: Seat) -> tuple[Event, ...]:
        """An opponent disputes the claim: a ruling opens (Laws 68D, 70)."""
        rec = self._me()
        table = rec.table
        claim = table.pending_claim
        assert claim is not None
        start = table.next_seq
        table.enter(Phase.DIRECTOR)
        action = ClaimRejected(table.next_seq, seat)
        try:
            self._open(action, claim.seat, "contested_claim", "70", turn=seat)
        except ImpossibleActionError:
            table.enter(Phase.PLAY)
            raise
        rec._settle()
        return table.events[start:]

    def continue_play(self, seat: Seat) -> tuple[Event, ...]:
        """2017 Law 68D2(b): play continues after a claim, all four agreeing."""
        rec = self._me()
        table = rec.table
        claim = table.pending_claim
        if claim is None or rec.pending is not None:
            raise ImpossibleActionError(
                _("play can continue only while a claim awaits the opponents' answer (Law 68D)"),
                seat=seat,
                law=LawRef.parse("68D", rec.rulebook.edition),
            )
        if seat.side is claim.seat.side:
            raise ImpossibleActionError(
                _("only the side that did not claim may ask for play to continue (Law 68D2(b))"),
                seat=seat,
                law=LawRef.parse("68D", rec.rulebook.edition),
            )
        start = table.next_seq
        action = PlayContinued(table.next_seq, seat)
        self._open(action, claim.seat, "claim_play_continued", "68D", turn=seat)
        rec._settle()
        return table.events[start:]

    def object_to_concession(self, seat: Seat) -> tuple[Event, ...]:
        """Law 68B2: a defender's concession to which his partner objects at once."""
        rec = self._me()
        table = rec.table
        last = next((e for e in reversed(table.log) if not e.derived), None)
        play = table.play
        if (
            not isinstance(last, Conceded)
            or last.seat is not seat.partner
            or play is None
            or seat.side is play.declarer.side
            or table.phase is not Phase.FINISHED
            or rec.pending is not None
        ):
            raise ImpossibleActionError(
                _(
                    "{seat} can object only at once to his partner's concession as a defender "
                    "(Law 68B2)"
                ).format(seat=seat.title),
                seat=seat,
                law=LawRef.parse("68B2", rec.rulebook.edition),
            )
        start = table.next_seq
        action = ConcessionObjected(table.next_seq, seat)
        self._open(action, seat.partner, "concession_objected", "68B2", turn=seat)
        rec._settle()
        return table.events[start:]

    def withdraw_agreement(self, seat: Seat) -> tuple[Event, ...]:
        """Laws 69B and 71: an agreement withdrawn, a concession cancelled."""
        rec = self._me()
        table = rec.table
        name = ""
        if table.phase is Phase.FINISHED and rec.pending is None and self.cancelled is None:
            name = settled_law(table, seat)
        if not name:
            raise ImpossibleActionError(
                _(
                    "play did not end with {seat}'s side agreeing to a claim or conceding: "
                    "there is nothing to withdraw (Laws 69B, 71)"
                ).format(seat=seat.title),
                seat=seat,
                law=LawRef.parse("69B", rec.rulebook.edition),
            )
        start = table.next_seq
        code = "69B" if name == "agreement_withdrawn" else "71"
        self._open(AgreementWithdrawn(table.next_seq, seat), seat, name, code, turn=seat)
        rec._settle()
        return table.events[start:]

    def _open(
        self,
        action: Event,
        seat: Seat,
        name: str,
        code: str,
        *,
        turn: Seat | None = None,
    ) -> None:
        """Log ``action`` and open a ruling on it; the rulebook is asked first, so that a
        refusal (an option the edition does not have) leaves the table unchanged."""
        rec = self._me()
        table = rec.table
        law = LawRef.parse(code, rec.rulebook.edition)
        ruling = action.seq + 1
        irregularity = Irregularity(
            IrregularityName(name), law, seat, ruling, seq=action.seq, turn=turn
        )
        effects = rec.rulebook.irregularity(table, irregularity)
        table.log_event(action)
        table.log_event(IrregularityFlagged(ruling, IrregularityName(name), law, seat))
        rec._apply(effects)
