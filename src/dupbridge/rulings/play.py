"""The rulings engine during the play and for the board as a whole (Laws 13-15, 41-71, 79).

:class:`PlayRulings` turns the irregularities the recording-mode table flags during the play
(leads out of turn, premature plays, a penalty card not played, cards exposed) and the ones
reported to it (attention drawn to a revoke, a disputed claim, a wrong board...) into the
edition's steps, and applies the play tags of ``Rectify.do``. Revokes are in
:mod:`dupbridge.rulings.revokes`, claims in :mod:`~dupbridge.rulings.claims`.
"""

from __future__ import annotations

import dataclasses
import json

from dupbridge.core.cards import Card, Suit
from dupbridge.core.errors import ImpossibleActionError, IrregularityError
from dupbridge.core.kinds import IrregularityName, NoticeTime, RestrictionRank, RevokeKind
from dupbridge.core.play import Play
from dupbridge.core.recording import Recorder
from dupbridge.core.recording_claims import settled_law
from dupbridge.core.recording_play import RevokeState
from dupbridge.core.rectify import (
    Cancel,
    CancelBoard,
    Commit,
    Designate,
    Duty,
    Effect,
    Establish,
    Irregularity,
    LeadFrom,
    Note,
    Notice,
    Obligation,
    Oblige,
    PenaltyCard,
    Place,
    Reopen,
    Restrict,
    Restriction,
    Revoke,
    Revoked,
    Span,
    Spread,
)
from dupbridge.core.seats import Seat
from dupbridge.core.table import Phase, Table
from dupbridge.i18n import _
from dupbridge.laws.steps import (
    Do,
    Role,
    Step,
)
from dupbridge.rulings.case import (
    Case,
    QueueChoice,
)
from dupbridge.rulings.claims import ClaimRulings, claim_line
from dupbridge.rulings.revokes import played_to_trick, sides_on_trick

__all__ = ["BOARD_LAWS", "PlayRulings", "QueueChoice", "claim_line", "legal_to_trick", "role_of"]


class PlayRulings(ClaimRulings):
    """The play-period and board-level irregularities of the rulings self."""

    # --- irregularities ------------------------------------------------------------------

    def _play_irregularity(
        self, table: Table, rec: Recorder, irregularity: Irregularity, case: Case
    ) -> list[Effect] | None:
        """Effects of a play-period or board-level irregularity (None: not one of them)."""
        laws = self.laws
        name = irregularity.name
        seat = irregularity.seat
        play = table.play
        cards = irregularity.cards
        case = dataclasses.replace(
            case, card=cards[0] if cards else None, cards=cards, index=irregularity.index
        )
        if play is not None:
            case = dataclasses.replace(case, trick=play.trick_number)
        step: Step | None = None
        if name == IrregularityName.OPENING_LEAD_OUT_OF_TURN:
            step = laws.opening_lead_out_of_turn()
        elif name == IrregularityName.OPENING_LEAD_BY_DECLARING_SIDE:
            step = laws.opening_lead_by_declaring_side()
        elif name == IrregularityName.LEAD_OUT_OF_TURN:
            assert play is not None
            step = laws.lead_out_of_turn(last_trick=play.trick_number == 13)
        elif name == IrregularityName.DECLARER_LEAD_OUT_OF_TURN:
            assert play is not None
            assert case.turn is not None
            step = laws.declarer_lead_out_of_turn(
                last_trick=play.trick_number == 13,
                defenders_turn=case.turn.side is not play.declarer.side,
            )
        elif name in (IrregularityName.PREMATURE_LEAD, IrregularityName.PREMATURE_PLAY):
            assert play is not None
            played = played_to_trick(play)
            both = play.declarer in played and play.dummy in played
            step = laws.premature_play(led=play.current_trick[0].suit, declarer_played_both=both)
        elif name == IrregularityName.PLAY_AT_RHO_TURN:
            assert play is not None
            assert case.card is not None
            step = laws.play_at_rho_turn(legal=legal_to_trick(play, seat, case.card))
        elif name == IrregularityName.PREMATURE_PLAY_BY_DECLARER:
            assert play is not None
            assert case.card is not None
            step = laws.premature_play_by_declarer(legal=legal_to_trick(play, seat, case.card))
        elif name in (
            IrregularityName.CARD_EXPOSED_DURING_PLAY,
            IrregularityName.DECLARER_CARD_EXPOSED,
        ):
            assert play is not None
            deliberate = irregularity.fact("deliberate") != "false"
            case = dataclasses.replace(case, deliberate=deliberate)
            step = laws.exposed_in_play(declaring_side=seat.side is play.declarer.side)
        elif name == IrregularityName.PENALTY_CARD_NOT_PLAYED:
            step = laws.penalty_card_not_played()
        elif name == IrregularityName.REVOKE:
            return self._revoke_noticed(table, rec, case)
        elif name == IrregularityName.CONTESTED_CLAIM:
            step = laws.contested_claim()
        elif name == IrregularityName.CLAIM_PLAY_CONTINUED:
            step = laws.claim_play_continued()
            if step is None:
                raise ImpossibleActionError(
                    _(
                        "under the {edition} Laws play ceases after a claim; the Director is "
                        "called (Law 68D)"
                    ).format(edition=laws.name),
                    seat=case.turn,
                    law=laws.ref("68D"),
                )
        elif name == IrregularityName.CONCESSION_OBJECTED:
            step = laws.concession_objected()
        elif name == IrregularityName.AGREEMENT_WITHDRAWN:
            step = laws.agreement_withdrawn()
        elif name == IrregularityName.CONCESSION_CANCELLED:
            step = laws.concession_cancelled()
        else:
            return self._report(table, rec, irregularity, case)
        return self._run(table, step, case)

    def _report(
        self, table: Table, rec: Recorder, irregularity: Irregularity, case: Case
    ) -> list[Effect] | None:

        laws = self.laws
        name = irregularity.name
        seat = irregularity.seat
        details = {
            key: json.loads(value)
            for key, value in irregularity.facts
            if key not in ("facts", "reporter", "against")
        }
        play = table.play
        step: Step
        if name == IrregularityName.INCORRECT_NUMBER_OF_CARDS:
            if table.phase is Phase.FINISHED:
                stage = "after_play"
            elif any(entry.seat is seat for entry in rec.standing):
                stage = "called"
            else:
                stage = "no_call"
            step = laws.incorrect_number_of_cards(stage=stage, surplus=bool(details.get("surplus")))
        elif name == IrregularityName.MISSING_CARD:
            faced = play is not None and play.cards_played > 0
            step = laws.missing_card(faced=faced, found=str(details.get("found", "elsewhere")))
        elif name == IrregularityName.CARDS_FROM_WRONG_BOARD:
            first = next(i for i, entry in enumerate(rec.standing) if entry.seat is seat)
            later = rec.standing[first + 1 :]
            partner_called = any(e.seat is seat.partner for e in later)
            lho_call = next((e.call for e in later if e.seat is seat.lho), None)
            case = dataclasses.replace(
                case, position=first, original=rec.standing[first].call, lho_call=lho_call
            )
            step = laws.cards_from_wrong_board(
                partner_called=partner_called, lho_called=lho_call is not None
            )
        elif name == IrregularityName.WRONG_BOARD:
            during = table.phase is Phase.AUCTION
            calls = tuple((role_of(seat, entry.seat), entry.call) for entry in rec.standing)
            step = laws.wrong_board(during_auction=during, calls=calls)
        elif name == IrregularityName.DEFECTIVE_TRICK:
            trick = int(details["trick"])
            assert play is not None
            card = play.tricks[trick - 1].card_of(seat)
            reporter = Seat.from_str(irregularity.fact("reporter") or seat.letter)
            when = details.get("when")
            case = dataclasses.replace(
                case,
                trick=trick,
                card=card,
                cards=(card,),
                reporter=reporter,
                when=NoticeTime(str(when)) if when is not None else None,
            )
            step = laws.defective_trick(
                cards=str(details.get("cards", "omitted")),
                both_sides_played_on=len(sides_on_trick(play, trick + 1)) == 2,
            )
        elif name == IrregularityName.TRICKS_DISPUTED:
            # Law 79B1: after an agreed claim or concession the Director applies 69B or 71
            # to the reporting side, whenever he is called; otherwise 79B2 or 79B3.
            reporter = Seat.from_str(irregularity.fact("reporter") or seat.letter)
            settled = settled_law(table, reporter)
            if settled:
                step = laws.tricks_disputed_after_claim(conceded=settled == "concession_cancelled")
            else:
                step = laws.tricks_disputed(after_round=bool(details.get("after_round")))
        elif name == IrregularityName.DUMMY_WARNED_WRONG_HAND:
            step = laws.dummy_warned_wrong_hand()
        elif name == IrregularityName.DUMMY_SUGGESTED_PLAY:
            step = laws.dummy_suggested_play()
        else:
            return None
        return self._run(table, step, case)

    # --- the card at issue -----------------------------------------------------------------

    def _play_do(
        self, table: Table, rec: Recorder, tag: Do, case: Case, suit: Suit | None = None
    ) -> list[Effect]:
        """The play tags of ``Rectify.do`` (see :class:`dupbridge.laws.steps.Rectify`)."""
        laws = self.laws
        ruling = case.ruling
        seat = case.offender
        card = case.card
        play = table.play
        if tag == Do.PLACE:
            assert card is not None
            return [Place(seat, card, ruling=ruling)]
        if tag == Do.SPREAD:
            assert card is not None
            assert play is not None
            return [Spread(play.dummy, ruling=ruling), Place(seat, card, ruling=ruling)]
        if tag in (Do.PENALTY_MAJOR, Do.PENALTY):
            return self._penalties(table, rec, case, force_major=tag == Do.PENALTY_MAJOR)
        if tag == Do.SUBSTITUTE_PENALTY:
            assert play is not None
            due = tuple(
                Card.from_index(i) for i in range(52) if rec._allowed_mask(seat, play) >> i & 1
            )
            if len(due) == 1:  # the penalty card that was due (else declarer designates, 51A)
                return [Designate(seat, due[0], ruling=ruling)]
            return []
        if tag in (Do.PENALTY_REVOKE, Do.PENALTY_REVOKE_CORRECTED):
            return self._penalty_revoke(
                table, rec, case, corrected=tag == Do.PENALTY_REVOKE_CORRECTED
            )
        if tag == Do.COMMIT:
            assert card is not None
            code = "57D" if case.name == IrregularityName.PLAY_AT_RHO_TURN else "57C3"
            return [Commit(seat, card, laws.ref(code), ruling=ruling)]
        if tag in (Do.RESTRICT_HIGHEST, Do.RESTRICT_LOWEST):
            assert play is not None
            rank = RestrictionRank.HIGHEST if tag == Do.RESTRICT_HIGHEST else RestrictionRank.LOWEST
            law = laws.ref("57A1" if rank == RestrictionRank.HIGHEST else "57A2")
            restriction = Restriction(
                seat.partner, law, ruling=ruling, trick=play.trick_number, rank=rank
            )
            return [Restrict(restriction, ruling=ruling)]
        if tag in (Do.RESTRICT_REQUIRE, Do.RESTRICT_PROHIBIT):
            assert play is not None
            assert suit is not None
            number = play.trick_number
            if tag == Do.RESTRICT_REQUIRE:
                restriction = Restriction(
                    seat.partner, laws.ref("57A3"), suit, ruling=ruling, trick=number
                )
            else:
                law = laws.ref(laws.forbid_law())
                restriction = Restriction(
                    seat.partner, law, None, frozenset({suit}), ruling, number
                )
            return [Restrict(restriction, ruling=ruling)]
        if tag in (Do.LEAD_FROM_DECLARER, Do.LEAD_FROM_DUMMY):
            declarer = table.declarer
            assert declarer is not None
            hand = declarer if tag == Do.LEAD_FROM_DECLARER else declarer.partner
            return [LeadFrom(hand, ruling=ruling)]
        if tag == Do.REOPEN:
            return [Reopen(ruling=ruling)]
        if tag == Do.CANCEL_BOARD:
            return [
                CancelBoard(laws.ref(case.name and BOARD_LAWS.get(case.name, "12C")), ruling=ruling)
            ]
        if tag == Do.CANCEL_CALLS:
            position = case.position if case.position is not None else 0
            return [Cancel(position, ruling=ruling)]
        if tag == Do.LHO_REPEATS:  # 2007 Law 17D2
            if case.lho_call is None:
                return []
            try:  # a call the new one made illegal cannot be repeated (the LHO calls anew)
                rec.auction.check_for(seat.lho, case.lho_call)
            except IrregularityError:
                return []
            law = laws.ref("17D2")
            obligation = Obligation(Duty.REPEAT, Span.NEXT_TURN, law, case.lho_call, ruling)
            return [Oblige(seat.lho, obligation, ruling=ruling)]
        if tag == Do.CANCEL_AUCTION:
            return [Cancel(0, ruling=ruling)] if rec.standing else []
        if tag == Do.DEEMED_REVOKE:
            return self._deemed_revoke(table, rec, case)
        if tag in (Do.CORRECT, Do.CORRECT_OTHER, Do.AS_ESTABLISHED):
            return self._correct(table, rec, tag, case)
        raise AssertionError(tag)  # pragma: no cover - the tags of steps.Rectify

    def _deemed_revoke(self, table: Table, rec: Recorder, case: Case) -> list[Effect]:
        """Law 67B1: the offender who omitted to play to a trick is deemed to have revoked on
        it; attention was drawn by the player who reported the defective trick. Found once
        play is over (after the last trick, a claim or a concession), Law 64 has already been
        applied at the end of play, so it is applied again now with the deemed revoke: one
        trick by Law 64A2 unless a Law 64B exception applies (64B1, 64B7...; 64B4 and 64B5
        when the report says attention was drawn after the next deal's first call or the
        round)."""
        laws = self.laws
        ruling = case.ruling
        seat = case.offender
        card = case.card
        assert card is not None
        assert case.trick is not None
        index = len(rec.revokes)
        revoke = Revoke(seat, card, case.trick, None, RevokeKind.DEFECTIVE)
        over = rec.play_over
        when = (case.when or NoticeTime.AFTER_PLAY) if over else NoticeTime.PLAY
        by = case.reporter if case.reporter is not None else seat
        law = laws.ref("67B1")
        effects: list[Effect] = [
            Revoked(revoke, ruling=ruling),
            Notice(index, by, when, ruling=ruling),
            Establish(index, law, ruling=ruling),
        ]
        if over:
            state = RevokeState(revoke)
            state.established = law
            state.noticed = (by, when)
            state.ruling = ruling
            effects += self._transfer_effects(table, rec, states=[*rec.revokes, state])
        return effects

    def _penalties(
        self, table: Table, rec: Recorder, case: Case, *, force_major: bool
    ) -> list[Effect]:
        """The card(s) of the case become penalty cards (Laws 50B, 54D, 56B, 57A...); when a
        defender has two or more, all are major (50B)."""
        laws = self.laws
        seat = case.offender
        ruling = case.ruling
        held = dict(rec.penalty.get(seat, {}))
        cards = case.cards or ((case.card,) if case.card is not None else ())
        total = len(held) + len(cards)
        effects: list[Effect] = []
        for card in cards:
            major = force_major or laws.penalty_card_is_major(
                count=total, honour=card.rank.is_honour, deliberate=case.deliberate
            )
            effects.append(PenaltyCard(seat, card, major, ruling=ruling))
        if total >= 2:
            effects.extend(
                PenaltyCard(seat, card, True, ruling=ruling)
                for card, major in held.items()
                if not major
            )
        kinds = sorted({"major" if getattr(e, "major", True) else "minor" for e in effects})
        effects.append(
            Note(
                (laws.ref("50B"),),
                _("{seat}'s penalty cards: {cards} ({kind})").format(
                    seat=seat.title,
                    cards=" ".join(str(c) for c in cards),
                    kind=", ".join(_(k) for k in kinds),
                ),
                ruling=ruling,
            )
        )
        return effects


BOARD_LAWS = {
    "incorrect_number_of_cards": "13",
    "cards_from_wrong_board": "15A",
    "wrong_board": "15B",
}


def role_of(offender: Seat, seat: Seat) -> Role:
    return (Role.OFFENDER, Role.LHO, Role.PARTNER, Role.RHO)[(seat - offender) % 4]


def legal_to_trick(play: Play, seat: Seat, card: Card) -> bool:
    """Whether ``card`` could legally be played by ``seat`` to the trick in progress."""
    current = play.current_trick
    if not current:
        return True
    led = current[0].suit
    return card.suit is led or not play.hand(seat).has_suit(led)
