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
from dupbridge.core.errors import ImpossibleActionError
from dupbridge.core.play import Play
from dupbridge.core.recording import Recorder
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
        if name == "opening_lead_out_of_turn":
            step = laws.opening_lead_out_of_turn()
        elif name == "opening_lead_by_declaring_side":
            step = laws.opening_lead_by_declaring_side()
        elif name == "lead_out_of_turn":
            assert play is not None
            step = laws.lead_out_of_turn(last_trick=play.trick_number == 13)
        elif name == "declarer_lead_out_of_turn":
            assert play is not None
            assert case.turn is not None
            step = laws.declarer_lead_out_of_turn(
                last_trick=play.trick_number == 13,
                defenders_turn=case.turn.side is not play.declarer.side,
            )
        elif name in ("premature_lead", "premature_play"):
            assert play is not None
            played = played_to_trick(play)
            both = play.declarer in played and play.dummy in played
            step = laws.premature_play(led=play.current_trick[0].suit, declarer_played_both=both)
        elif name == "play_at_rho_turn":
            assert play is not None
            assert case.card is not None
            step = laws.play_at_rho_turn(legal=legal_to_trick(play, seat, case.card))
        elif name == "premature_play_by_declarer":
            assert play is not None
            assert case.card is not None
            step = laws.premature_play_by_declarer(legal=legal_to_trick(play, seat, case.card))
        elif name in ("card_exposed_during_play", "declarer_card_exposed"):
            assert play is not None
            deliberate = irregularity.fact("deliberate") != "false"
            case = dataclasses.replace(case, deliberate=deliberate)
            step = laws.exposed_in_play(declaring_side=seat.side is play.declarer.side)
        elif name == "penalty_card_not_played":
            step = laws.penalty_card_not_played()
        elif name == "revoke":
            return self._revoke_noticed(table, rec, case)
        elif name == "contested_claim":
            step = laws.contested_claim()
        elif name == "claim_play_continued":
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
        elif name == "concession_objected":
            step = laws.concession_objected()
        elif name == "agreement_withdrawn":
            step = laws.agreement_withdrawn()
        elif name == "concession_cancelled":
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
        if name == "incorrect_number_of_cards":
            if table.phase is Phase.FINISHED:
                stage = "after_play"
            elif any(entry.seat is seat for entry in rec.standing):
                stage = "called"
            else:
                stage = "no_call"
            step = laws.incorrect_number_of_cards(stage=stage, surplus=bool(details.get("surplus")))
        elif name == "missing_card":
            faced = play is not None and play.cards_played > 0
            step = laws.missing_card(faced=faced, found=str(details.get("found", "elsewhere")))
        elif name == "cards_from_wrong_board":
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
        elif name == "wrong_board":
            during = table.phase is Phase.AUCTION
            calls = tuple((role_of(seat, entry.seat), entry.call) for entry in rec.standing)
            step = laws.wrong_board(during_auction=during, calls=calls)
        elif name == "defective_trick":
            trick = int(details["trick"])
            assert play is not None
            card = play.tricks[trick - 1].card_of(seat)
            case = dataclasses.replace(case, trick=trick, card=card, cards=(card,))
            step = laws.defective_trick(
                cards=str(details.get("cards", "omitted")),
                both_sides_played_on=len(sides_on_trick(play, trick + 1)) == 2,
            )
        elif name == "tricks_disputed":
            step = laws.tricks_disputed(after_round=bool(details.get("after_round")))
        elif name == "dummy_warned_wrong_hand":
            step = laws.dummy_warned_wrong_hand()
        elif name == "dummy_suggested_play":
            step = laws.dummy_suggested_play()
        else:
            return None
        return self._run(table, step, case)

    # --- the card at issue -----------------------------------------------------------------

    def _play_do(self, table: Table, rec: Recorder, tag: str, case: Case) -> list[Effect]:
        """The play tags of ``Rectify.do`` (see :class:`dupbridge.laws.steps.Rectify`)."""
        laws = self.laws
        ruling = case.ruling
        seat = case.offender
        card = case.card
        play = table.play
        if tag == "place":
            assert card is not None
            return [Place(seat, card, ruling=ruling)]
        if tag == "spread":
            assert card is not None
            assert play is not None
            return [Spread(play.dummy, ruling=ruling), Place(seat, card, ruling=ruling)]
        if tag in ("penalty_major", "penalty"):
            return self._penalties(table, rec, case, force_major=tag == "penalty_major")
        if tag == "substitute_penalty":
            assert play is not None
            due = tuple(
                Card.from_index(i) for i in range(52) if rec._allowed_mask(seat, play) >> i & 1
            )
            if len(due) == 1:  # the penalty card that was due (else declarer designates, 51A)
                return [Designate(seat, due[0], ruling=ruling)]
            return []
        if tag in ("penalty_revoke", "penalty_revoke_corrected"):
            return self._penalty_revoke(table, rec, case, corrected=tag.endswith("corrected"))
        if tag == "commit":
            assert card is not None
            code = "57D" if case.name == "play_at_rho_turn" else "57C3"
            return [Commit(seat, card, laws.ref(code), ruling=ruling)]
        if tag.startswith("restrict_play:"):
            assert play is not None
            _head, kind, *rest = tag.split(":")
            partner = seat.partner
            number = play.trick_number
            law = laws.ref(
                {"highest": "57A1", "lowest": "57A2", "require": "57A3"}.get(
                    kind, laws.forbid_law()
                )
            )
            if kind in ("highest", "lowest"):
                restriction = Restriction(partner, law, ruling=ruling, trick=number, rank=kind)
            elif kind == "require":
                restriction = Restriction(
                    partner, law, Suit.from_str(rest[0]), ruling=ruling, trick=number
                )
            else:
                restriction = Restriction(
                    partner, law, None, frozenset({Suit.from_str(rest[0])}), ruling, number
                )
            return [Restrict(restriction, ruling=ruling)]
        if tag.startswith("lead_from:"):
            declarer = table.declarer
            assert declarer is not None
            hand = declarer if tag.endswith("declarer") else declarer.partner
            return [LeadFrom(hand, ruling=ruling)]
        if tag == "reopen":
            return [Reopen(ruling=ruling)]
        if tag == "cancel_board":
            return [
                CancelBoard(laws.ref(case.name and BOARD_LAWS.get(case.name, "12C")), ruling=ruling)
            ]
        if tag == "cancel_calls":
            position = case.position if case.position is not None else 0
            return [Cancel(position, ruling=ruling)]
        if tag == "lho_repeats":  # 2007 Law 17D2
            if case.lho_call is None:
                return []
            law = laws.ref("17D2")
            obligation = Obligation(Duty.REPEAT, Span.NEXT_TURN, law, case.lho_call, ruling)
            return [Oblige(seat.lho, obligation, ruling=ruling)]
        if tag == "cancel_auction":
            return [Cancel(0, ruling=ruling)] if rec.standing else []
        if tag == "deemed_revoke":
            assert card is not None
            assert case.trick is not None
            index = len(rec.revokes)
            revoke = Revoke(seat, card, case.trick, None, "defective")
            when = "play" if play is not None and not play.is_complete else "after_play"
            return [
                Revoked(revoke, ruling=ruling),
                Notice(index, case.turn or seat, when, ruling=ruling),
                Establish(index, laws.ref("67B1"), ruling=ruling),
            ]
        if tag in ("correct", "correct_other", "as_established"):
            return self._correct(table, rec, tag, case)
        raise AssertionError(tag)  # pragma: no cover - the tags of steps.Rectify

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
