"""The rulings engine during the play and for the board as a whole (Laws 13-15, 41-71, 79).

:class:`PlayRulings` is mixed into :class:`~dupbridge.rulings.engine.RulingsEngine`. It turns
the irregularities the recording-mode table flags during the play (leads out of turn,
premature plays, a penalty card not played, cards exposed) and the ones reported to it
(attention drawn to a revoke, a disputed claim, a wrong board...) into the edition's steps,
and applies what no step states as a decision tree: the correction of a revoke (Law 62: cards
set aside and played again or withdrawn), the trick transfers at the end of play (63, 64),
and the facts the Director sees before deciding a number of tricks (69B, 70, 71, 79).
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dupbridge.core.cards import Card, Suit
from dupbridge.core.errors import ImpossibleActionError, NotationError
from dupbridge.core.events import ClaimAccepted, ClaimMade, Conceded
from dupbridge.core.play import Play
from dupbridge.core.recording import Recorder
from dupbridge.core.rectify import (
    Cancel,
    CancelBoard,
    Commit,
    Corrected,
    Designate,
    Duty,
    Effect,
    Establish,
    Irregularity,
    LeadFrom,
    Mark,
    Note,
    Notice,
    Obligation,
    Oblige,
    PenaltyCard,
    Pend,
    Pending,
    Place,
    Reopen,
    Resolve,
    Restrict,
    Restriction,
    Revoke,
    Revoked,
    SetAside,
    SetResult,
    Span,
    Spread,
    Transfer,
    Withdraw,
)
from dupbridge.core.seats import Seat, Side
from dupbridge.i18n import _
from dupbridge.laws.play_laws import RevokeFacts
from dupbridge.laws.steps import Judge, Role, Step
from dupbridge.rulings.solver import ClaimSolver, Unstated

if TYPE_CHECKING:
    from dupbridge.core.table import Table
    from dupbridge.rulings.engine import Case, RulingsEngine

__all__ = ["PlayRulings", "QueueChoice", "claim_line"]

_CARD = re.compile(r"(?<![A-Za-z0-9])([SHDC♠♥♦♣](?:10|[AKQJT2-9]))(?![A-Za-z0-9])", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class QueueChoice:
    """A token: whether a card set aside during a revoke's correction stands again or is
    withdrawn (Laws 62C1, 62C2)."""

    seat: Seat
    card: Card
    non_offending: bool
    ruling: int


def claim_line(statement: str | None) -> tuple[Card, ...]:
    """The cards named in a claim's statement, in order (the line of play, Law 68C)."""
    cards: list[Card] = []
    for match in _CARD.finditer(statement or ""):
        try:
            card = Card.from_str(match.group(1))
        except NotationError:
            continue
        if card not in cards:
            cards.append(card)
    return tuple(cards)


class PlayRulings:
    """The play-period and board-level half of the rulings engine."""

    claims: ClaimSolver

    def _me(self) -> RulingsEngine:
        from dupbridge.rulings.engine import RulingsEngine  # noqa: PLC0415 - the host class

        assert isinstance(self, RulingsEngine)
        return self

    # --- irregularities ------------------------------------------------------------------

    def _play_irregularity(
        self, table: Table, rec: Recorder, irregularity: Irregularity, case: Case
    ) -> list[Effect] | None:
        """Effects of a play-period or board-level irregularity (None: not one of them)."""
        engine = self._me()
        laws = engine.laws
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
            played = _played_to_trick(play)
            both = play.declarer in played and play.dummy in played
            step = laws.premature_play(led=play.current_trick[0].suit, declarer_played_both=both)
        elif name == "play_at_rho_turn":
            assert play is not None
            assert case.card is not None
            step = laws.play_at_rho_turn(legal=_legal_to_trick(play, seat, case.card))
        elif name == "premature_play_by_declarer":
            assert play is not None
            assert case.card is not None
            step = laws.premature_play_by_declarer(legal=_legal_to_trick(play, seat, case.card))
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
        return engine._run(table, step, case)

    def _report(
        self, table: Table, rec: Recorder, irregularity: Irregularity, case: Case
    ) -> list[Effect] | None:
        from dupbridge.core.table import Phase  # noqa: PLC0415 - avoids an import cycle

        engine = self._me()
        laws = engine.laws
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
            calls = tuple((_role(seat, entry.seat), entry.call) for entry in rec.standing)
            step = laws.wrong_board(during_auction=during, calls=calls)
        elif name == "defective_trick":
            trick = int(details["trick"])
            assert play is not None
            card = play.tricks[trick - 1].card_of(seat)
            case = dataclasses.replace(case, trick=trick, card=card, cards=(card,))
            step = laws.defective_trick(
                cards=str(details.get("cards", "omitted")),
                both_sides_played_on=len(_sides_on_trick(play, trick + 1)) == 2,
            )
        elif name == "tricks_disputed":
            step = laws.tricks_disputed(after_round=bool(details.get("after_round")))
        elif name == "dummy_warned_wrong_hand":
            step = laws.dummy_warned_wrong_hand()
        elif name == "dummy_suggested_play":
            step = laws.dummy_suggested_play()
        else:
            return None
        return engine._run(table, step, case)

    # --- the card at issue -----------------------------------------------------------------

    def _play_do(self, table: Table, rec: Recorder, tag: str, case: Case) -> list[Effect]:
        """The play tags of ``Rectify.do`` (see :class:`dupbridge.laws.steps.Rectify`)."""
        engine = self._me()
        laws = engine.laws
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
                CancelBoard(
                    laws.ref(case.name and _BOARD_LAWS.get(case.name, "12C")), ruling=ruling
                )
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
        laws = self._me().laws
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

    # --- revokes ---------------------------------------------------------------------------

    def _penalty_revoke(
        self, table: Table, rec: Recorder, case: Case, *, corrected: bool
    ) -> list[Effect]:
        """Law 61A: a failure to play a penalty card when the law requires it is a revoke.
        Attention is drawn to it at once (the Law 52 ruling); corrected when declarer refuses
        the card (52B2), it stands otherwise, and Law 64B3 then transfers no trick."""
        play = table.play
        card = case.card
        assert play is not None
        assert card is not None
        seat = case.offender
        legal = play.legal_cards(seat).mask
        due = {c.suit for c in rec.penalty.get(seat, {}) if legal & c.bit}
        required = next(iter(due)) if len(due) == 1 else None
        index = len(rec.revokes)
        revoke = Revoke(seat, card, play.trick_number, required, "penalty_card")
        effects: list[Effect] = [
            Revoked(revoke, ruling=case.ruling),
            Notice(index, play.declarer, "play", ruling=case.ruling),
        ]
        if corrected:
            effects.append(Corrected(index, ruling=case.ruling))
        return effects

    def _revoke_noticed(self, table: Table, rec: Recorder, case: Case) -> list[Effect]:
        engine = self._me()
        laws = engine.laws
        index = case.index
        assert index is not None
        state = rec.revokes[index]
        revoke = state.revoke
        play = table.play
        assert play is not None
        case = dataclasses.replace(case, card=revoke.card, cards=(revoke.card,), trick=revoke.trick)
        noticed = state.noticed
        when = noticed[1] if noticed is not None else "play"
        by = noticed[0] if noticed is not None else case.offender
        before_return = when in ("play", "after_play")
        trick12 = revoke.trick == 12 and before_return
        others = self._same_trick_others(rec, index, play) if laws.both_sides_on_one_trick() else ()
        correctable = state.established is None or trick12 or bool(others)
        if correctable and revoke.kind == "defective":
            correctable = False
        rectify = laws.revoke_noticed(correctable=correctable, other_too=bool(others))
        if correctable and trick12 and state.established is not None:
            rectify = dataclasses.replace(rectify, laws=(laws.trick_twelve(), *rectify.laws))
        step: Step = rectify
        declarer = play.declarer
        dummy = declarer.partner
        if when == "play" and by is dummy:
            if revoke.seat is declarer:
                step = laws.dummy_asks_declarer(correctable=correctable)
            elif revoke.seat.side is not declarer.side:
                step = laws.dummy_draws_attention(then=step)
        case = dataclasses.replace(case, others=tuple(others))
        effects = engine._run(table, step, case)
        if not correctable and rec.play_over:
            effects += self._transfer_effects(table, rec)
        return effects

    def _same_trick_others(self, rec: Recorder, index: int, play: Play) -> tuple[int, ...]:
        """2017 Law 62C3: the other side's revokes on the same trick, when only one side has
        played to the next trick."""
        revoke = rec.revokes[index].revoke
        others = tuple(
            i
            for i, state in enumerate(rec.revokes)
            if i != index
            and state.revoke.trick == revoke.trick
            and state.revoke.seat.side is not revoke.seat.side
            and not state.corrected
        )
        if not others:
            return ()
        sides = _sides_on_trick(play, revoke.trick + 1)
        return others if len(sides) == 1 else ()

    def _correct(self, table: Table, rec: Recorder, tag: str, case: Case) -> list[Effect]:
        """Law 62B/62C: the revoke card goes back (a defender's from his unfaced hand as a
        major penalty card), the cards played after it are set aside (62C)."""
        engine = self._me()
        laws = engine.laws
        index = case.index
        assert index is not None
        ruling = case.ruling
        if tag == "as_established":
            return [Establish(index, laws.ref("43B2(b)"), ruling=ruling)]
        play = table.play
        assert play is not None
        indices = (index,) if tag == "correct" else tuple(case.others)
        effects: list[Effect] = []
        plays = play.plays()
        noticed = rec.revokes[index].noticed
        for i in indices:
            state = rec.revokes[i]
            revoke = state.revoke
            pair = (revoke.seat, revoke.card)
            if state.noticed is None and noticed is not None:  # found by the Director (62C3)
                effects.append(Notice(i, noticed[0], noticed[1], ruling=ruling))
            effects.append(Corrected(i, ruling=ruling))
            if tag == "correct":
                position = plays.index(pair)
                later = plays[position + 1 :]
                if later:
                    effects.append(SetAside(tuple(later), ruling=ruling))
                effects.append(Withdraw(revoke.seat, revoke.card, ruling=ruling))
                effects += self._withdrawn_penalty(table, revoke, ruling)
        return effects

    def _withdrawn_penalty(self, table: Table, revoke: Revoke, ruling: int) -> list[Effect]:
        laws = self._me().laws
        play = table.play
        assert play is not None
        if revoke.seat.side is play.declarer.side:
            text = _("{card} goes back to {seat}'s hand with no further rectification (Law 62B2)")
            return [
                Note(
                    (laws.ref("62B2"),),
                    text.format(card=revoke.card, seat=revoke.seat.title),
                    ruling=ruling,
                )
            ]
        if revoke.faced:
            return [
                PenaltyCard(revoke.seat, revoke.card, True, ruling=ruling),
                Note(
                    (laws.ref("62B2"),),
                    _("{card} was a faced card: it stays a penalty card (Law 62B2)").format(
                        card=revoke.card
                    ),
                    ruling=ruling,
                ),
            ]
        return [
            PenaltyCard(revoke.seat, revoke.card, True, ruling=ruling),
            Note(
                (laws.ref("62B1"),),
                _("{card} becomes a major penalty card (Law 62B1)").format(card=revoke.card),
                ruling=ruling,
            ),
        ]

    def _queued(self, table: Table, rec: Recorder, seat: Seat) -> list[Effect] | None:
        """Before each turn while a revoke is corrected: the next card set aside stands again,
        is withdrawn, or its owner chooses (Laws 62C1, 62C2)."""
        if not rec.queue:
            return None
        laws = self._me().laws
        play = table.play
        assert play is not None
        qseat, qcard = rec.queue[0]
        correcting = next((s for s in rec.revokes if s.corrected and s.ruling), None)
        ruling = correcting.ruling if correcting is not None else 0
        offenders = correcting.revoke.seat.side if correcting is not None else None
        if qseat is not seat:
            if play.current_trick or not play.hand(qseat).mask & qcard.bit:
                return None  # his turn has not come yet (the offender substitutes first)
            return [Withdraw(qseat, qcard, ruling=ruling)]  # a lead, now from another hand
        if not play.hand(qseat).mask & qcard.bit:
            return [Withdraw(qseat, qcard, ruling=ruling)]  # no longer held: it lapses
        corrected = next(
            (
                s
                for s in rec.revokes
                if s.corrected and (s.revoke.seat, s.revoke.card) == (qseat, qcard)
            ),
            None,
        )
        if corrected is not None:  # 2017 Law 62C3: both revokes are corrected
            effects: list[Effect] = [Withdraw(qseat, qcard, ruling=ruling)]
            if qseat.side is not play.declarer.side:
                effects.append(PenaltyCard(qseat, qcard, True, ruling=ruling))
            effects.append(
                Note(
                    (laws.ref("62C3"),),
                    _(
                        "{seat}'s revoke on the same trick is corrected too: {card} goes back"
                    ).format(seat=qseat.title, card=qcard),
                    ruling=ruling,
                )
            )
            return effects
        legal = play.legal_cards(qseat)
        only = len(legal) == 1 and qcard in legal
        non_offending = offenders is not None and qseat.side is not offenders
        withdrew = f"62C1:{ruling}" in rec.marks
        if only or (not non_offending and not withdrew):
            return [Place(qseat, qcard, ruling=ruling)]
        declarer = play.declarer
        chooser = declarer if qseat.side is declarer.side else qseat
        law = laws.ref("62C1" if non_offending else "62C2")
        token = QueueChoice(qseat, qcard, non_offending, ruling)
        question = (
            _("{seat} played {card} after the revoke: does he leave it played or withdraw it?")
            if non_offending
            else _(
                "the other side withdrew a card: does {seat} leave {card} played or withdraw it "
                "(it then becomes a penalty card if he is a defender)?"
            )
        ).format(seat=qseat.title, card=qcard)
        pending = Pending(
            ruling,
            "revoke",
            law,
            chooser,
            ("keep", "withdraw"),
            question,
            (
                _("{card} stays played").format(card=qcard),
                _("{card} goes back to the hand and {seat} plays again ({law})").format(
                    card=qcard, seat=qseat.title, law=law
                ),
            ),
            token=token,
        )
        return [Pend(pending, ruling=ruling)]

    def _queue_chosen(
        self, table: Table, pending: Pending, token: QueueChoice, option: str
    ) -> list[Effect]:
        laws = self._me().laws
        ruling = token.ruling
        if option == "keep":
            return [Place(token.seat, token.card, ruling=ruling)]
        effects: list[Effect] = [Withdraw(token.seat, token.card, ruling=ruling)]
        if token.non_offending:
            effects.append(Mark(f"62C1:{ruling}", ruling=ruling))
        else:
            play = table.play
            assert play is not None
            if token.seat.side is not play.declarer.side:
                effects.append(PenaltyCard(token.seat, token.card, True, ruling=ruling))
        effects.append(
            Note(
                (pending.law, laws.ref("16C")),
                _("{seat} withdrew {card}").format(seat=token.seat.title, card=token.card),
                ruling=ruling,
            )
        )
        return effects

    # --- the end of play -------------------------------------------------------------------

    def _end_of_play(self, table: Table) -> list[Effect]:
        """Revokes not yet established are established now; trick transfers (Law 64)."""
        rec = _recorder(table)
        laws = self._me().laws
        effects: list[Effect] = [
            Establish(index, laws.ref("63A"))
            for index, state in enumerate(rec.revokes)
            if state.established is None and not state.corrected
        ]
        return effects + self._transfer_effects(table, rec, established=True)

    def _transfer_effects(
        self,
        table: Table,
        rec: Recorder,
        *,
        established: bool = False,
        base: int | None = None,
    ) -> list[Effect]:
        """Law 64 for every established revoke attention was drawn to."""
        laws = self._me().laws
        play = table.play
        result = rec.base_result if base is None else base
        if play is None or result is None or rec.cancelled is not None:
            return []
        states = rec.revokes
        declarer_side = play.declarer.side
        effects: list[Effect] = []
        for index, state in enumerate(states):
            if state.noticed is None:
                continue
            if state.established is None and not (established and not state.corrected):
                continue
            facts = self._revoke_facts(play, states, index, result, declarer_side)
            adjustment = laws.revoke_adjustment(facts)
            side = state.revoke.seat.side.opponents
            law = laws.ref(adjustment.laws[0])
            effects.append(Transfer(index, adjustment.tricks, side, law, ruling=state.ruling))
            effects.append(
                Note(
                    tuple(laws.ref(code) for code in adjustment.laws),
                    _("{text}: {n} trick(s) to {side}").format(
                        text=_(adjustment.text), n=adjustment.tricks, side=side.name
                    ),
                    ruling=state.ruling,
                )
            )
        return effects

    def _revoke_facts(
        self,
        play: Play,
        states: Sequence[object],
        index: int,
        result: int,
        declarer_side: Side,
    ) -> RevokeFacts:
        from dupbridge.core.recording_play import RevokeState  # noqa: PLC0415 - a type

        state = states[index]
        assert isinstance(state, RevokeState)
        revoke = state.revoke
        offender = revoke.seat
        side = offender.side
        tricks = play.tricks
        os_total = result if side is declarer_side else 13 - result
        os_played = sum(1 for t in tricks if t.winner.side is side)
        remaining = max(0, os_total - os_played)
        won_by: bool | None = None
        os_won: bool | None = None
        if revoke.trick <= len(tricks):
            trick = tricks[revoke.trick - 1]
            won_by = trick.winner is offender
            os_won = trick.winner.side is side
            later = sum(1 for t in tricks[revoke.trick :] if t.winner.side is side) + remaining
        else:
            later = remaining
        kind = revoke.kind
        repeated = False
        other_revoked = False
        other_established = False
        for j, other in enumerate(states):
            assert isinstance(other, RevokeState)
            if j == index or other.noticed is None:
                continue
            if other.revoke.seat.side is not side:
                other_revoked = True
                if other.established is not None and not other.corrected:
                    other_established = True
            elif (
                other.revoke.seat is offender
                and other.revoke.required is not None
                and other.revoke.required is revoke.required
                and other.established is not None
                and (other.revoke.trick, j) < (revoke.trick, index)
            ):
                repeated = True
        law = state.established
        corrected_62c3 = (
            state.corrected
            and revoke.trick != 12
            and not (law is not None and law.code.startswith("43B2"))
        )
        when = state.noticed[1] if state.noticed is not None else "play"
        return RevokeFacts(
            kind,
            revoke.trick,
            won_by,
            os_won,
            later,
            repeated=repeated,
            other_side_revoked=other_revoked,
            other_side_established=other_established,
            corrected_62c3=corrected_62c3,
            when=when,
        )

    # --- the Director's number of tricks (Laws 69B, 70, 71, 79) -----------------------------

    def _judge_pending(self, table: Table, step: Judge, case: Case) -> list[Effect]:
        from dupbridge.rulings.engine import Flow  # noqa: PLC0415 - the token type

        engine = self._me()
        laws = engine.laws
        seat = engine._seat(table, step.role, case) or case.offender
        case = dataclasses.replace(case, side_seat=seat)
        facts = self._claim_facts(table, case)
        pending = Pending(
            case.ruling,
            case.name,
            laws.ref(step.law),
            None,
            ("tricks", "line"),
            engine._text(table, step.question, case),
            (
                _("the tricks {seat}'s side takes in all").format(seat=seat.title),
                _(
                    "a line of play to check: the cards in order, with 'unstated' best or "
                    "worst (default worst: doubtful points against the claimer, Law 70A)"
                ),
            ),
            token=Flow(step, case),
        )
        notes: list[Effect] = [
            Note(tuple(laws.ref(code) for code in step.laws), text, ruling=case.ruling)
            for text in facts
        ]
        return [*notes, Pend(pending, ruling=case.ruling)]

    def _claim_facts(self, table: Table, case: Case) -> list[str]:
        """The facts laid out for the Director: the cards left, tricks so far, the trumps the
        opponents hold (70C), double-dummy tricks, the stated line at worst and at best."""
        play = table.play
        seat = case.side_seat or case.offender
        if play is None:
            return []
        side = seat.side
        texts: list[str] = []
        won = play.tricks_won(side)
        left = 13 - len(play.tricks)
        if table.result is not None and case.name in ("tricks_disputed",):
            texts.append(
                _(
                    "tricks won in play: {seat}'s side {won} of {played}; result recorded {res}"
                ).format(seat=seat.title, won=won, played=len(play.tricks), res=table.result)
            )
        if play.is_complete:
            return texts
        remaining = play.remaining_deal()
        hands = "; ".join(
            f"{s.letter}: {remaining[s].to_pbn() or '-'}" for s in (Seat.N, Seat.E, Seat.S, Seat.W)
        )
        texts.append(
            _("{seat}'s side has {won} trick(s); {left} left to play. Cards left: {hands}").format(
                seat=seat.title, won=won, left=left, hands=hands
            )
        )
        trump = play.trump
        if trump is not None:
            outstanding = [
                str(card)
                for s in side.opponents.seats
                for card in remaining[s]
                if card.suit is trump
            ]
            texts.append(
                _("trumps the opponents still hold: {cards} (Law 70C)").format(
                    cards=" ".join(outstanding) or _("none")
                )
            )
        leader = play.leader
        assert leader is not None
        trick = play.current_trick
        dd = self.claims.double_dummy(remaining, trump, leader, trick)
        if dd is None:
            texts.append(_("double dummy: not computed (no solver for so large an ending)"))
        else:
            texts.append(
                _(
                    "double dummy from here: {seat}'s side takes {n} of the {left} tricks left"
                ).format(seat=seat.title, n=dd[side], left=left)
            )
        claim = _last_claim(table)
        if claim is not None and case.name == "contested_claim":
            line = tuple(
                c for c in claim_line(claim.statement) if c in _held(remaining, claim.seat, play)
            )
            if line:
                texts.extend(self._line_texts(table, claim.seat, line))
        return texts

    def _line_texts(
        self,
        table: Table,
        claimer: Seat,
        line: Sequence[Card],
        modes: tuple[Unstated, ...] = ("worst", "best"),
    ) -> list[str]:
        play = table.play
        assert play is not None
        leader = play.leader
        assert leader is not None
        texts = []
        for mode in modes:
            tricks = self.claims.line_tricks(
                play.remaining_deal(),
                play.trump,
                leader,
                play.current_trick,
                declarer=play.declarer,
                claimer=claimer,
                line=line,
                unstated=mode,
            )
            shown = "-" if tricks is None else str(tricks)
            texts.append(
                _(
                    "line {line}, the claimer's other cards at their {mode}: {n} trick(s) from here"
                ).format(line=" ".join(str(c) for c in line), mode=mode, n=shown)
            )
        return texts

    def _judged(
        self, table: Table, pending: Pending, step: Judge, case: Case, answers: Mapping[str, object]
    ) -> list[Effect]:
        """The Director's answer to a :class:`~dupbridge.laws.steps.Judge` step."""
        from dupbridge.rulings.engine import Flow  # noqa: PLC0415 - the token type

        laws = self._me().laws
        unknown = set(answers) - {"tricks", "line", "unstated"}
        if unknown or not answers:
            raise ImpossibleActionError(
                _("the Director was asked for 'tricks' (or a 'line' to check), not {keys}").format(
                    keys=", ".join(sorted(unknown)) or "-"
                ),
                law=pending.law,
            )
        play = table.play
        assert play is not None
        seat = case.side_seat or case.offender
        if "tricks" in answers:
            value = answers["tricks"]
            low, high = 0, 13
            if case.name == "contested_claim":
                low = play.tricks_won(seat.side)
                high = low + 13 - len(play.tricks)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise ImpossibleActionError(
                    _("'tricks' must be a whole number from {low} to {high}, not {value!r}").format(
                        low=low, high=high, value=value
                    ),
                    law=pending.law,
                )
            declarer_tricks = value if seat.side is play.declarer.side else 13 - value
            rec = _recorder(table)
            effects: list[Effect] = [
                Resolve(ruling=pending.ruling),
                Note(
                    tuple(laws.ref(code) for code in step.laws),
                    _("the Director rules that {seat}'s side takes {n} tricks in all").format(
                        seat=seat.title, n=value
                    ),
                    ruling=pending.ruling,
                ),
                SetResult(declarer_tricks, step.how, ruling=pending.ruling),
            ]
            if rec.play_over:
                effects += self._transfer_effects(table, rec, base=declarer_tricks)
            return effects
        line_value = answers.get("line")
        texts = line_value if isinstance(line_value, list) else str(line_value or "").split()
        try:
            line = tuple(Card.from_str(str(text)) for text in texts)
        except NotationError as error:
            raise ImpossibleActionError(str(error), law=pending.law) from None
        mode = answers.get("unstated", "worst")
        if mode not in ("best", "worst"):
            raise ImpossibleActionError(
                _("'unstated' is best or worst, not {mode!r}").format(mode=mode), law=pending.law
            )
        claimer = case.offender
        remaining = play.remaining_deal()
        held = _held(remaining, claimer, play)
        wrong = [str(c) for c in line if c not in held]
        if wrong or not line:
            raise ImpossibleActionError(
                _("a line names cards {seat}'s side still holds, in order; not {cards}").format(
                    seat=claimer.title, cards=" ".join(wrong) or "-"
                ),
                law=pending.law,
            )
        unstated: Unstated = "best" if mode == "best" else "worst"
        texts_out = self._line_texts(table, claimer, line, (unstated,))
        token = pending.token
        assert isinstance(token, Flow)
        return [
            Resolve(ruling=pending.ruling),
            *(Note((pending.law,), text, ruling=pending.ruling) for text in texts_out),
            Pend(pending, ruling=pending.ruling),
        ]


_BOARD_LAWS = {
    "incorrect_number_of_cards": "13",
    "cards_from_wrong_board": "15A",
    "wrong_board": "15B",
}


def _role(offender: Seat, seat: Seat) -> Role:
    return (Role.OFFENDER, Role.LHO, Role.PARTNER, Role.RHO)[(seat - offender) % 4]


def _played_to_trick(play: Play) -> set[Seat]:
    leader = play.leader
    if leader is None:
        return set()
    return {leader.next(i) for i in range(len(play.current_trick))}


def _legal_to_trick(play: Play, seat: Seat, card: Card) -> bool:
    """Whether ``card`` could legally be played by ``seat`` to the trick in progress."""
    current = play.current_trick
    if not current:
        return True
    led = current[0].suit
    return card.suit is led or not play.hand(seat).has_suit(led)


def _sides_on_trick(play: Play, number: int) -> set[Side]:
    """The sides that have played to trick ``number``."""
    if number <= len(play.tricks):
        return {Side.NS, Side.EW}
    if number == len(play.tricks) + 1:
        return {seat.side for seat in _played_to_trick(play)}
    return set()


def _held(remaining: object, seat: Seat, play: Play) -> set[Card]:
    from dupbridge.core.deal import Deal  # noqa: PLC0415 - a type

    assert isinstance(remaining, Deal)
    seats = (play.declarer, play.dummy) if seat is play.declarer else (seat,)
    return {card for s in seats for card in remaining[s]}


def _last_claim(table: Table) -> ClaimMade | None:
    for event in reversed(table.events):
        if isinstance(event, ClaimMade):
            return event
        if isinstance(event, ClaimAccepted | Conceded):
            continue
    return None


def _recorder(table: Table) -> Recorder:
    rec = table.recording
    assert rec is not None
    return rec
