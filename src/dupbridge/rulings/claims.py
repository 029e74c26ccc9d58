"""Claims and the Director's number of tricks (Laws 68-71, 79): the facts laid out for him
(cards left, double-dummy tricks, outstanding trumps, a stated line at its worst and best) and
his decision.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence

from dupbridge.core.cards import Card
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ImpossibleActionError, NotationError
from dupbridge.core.events import (
    ClaimAccepted,
    ClaimMade,
    Conceded,
    ConcessionObjected,
    PlayContinued,
)
from dupbridge.core.kinds import IrregularityName
from dupbridge.core.play import Play
from dupbridge.core.rectify import (
    Effect,
    Note,
    Pend,
    Pending,
    Resolve,
    SetResult,
)
from dupbridge.core.seats import Seat
from dupbridge.core.table import Table
from dupbridge.core.written import unstated_text
from dupbridge.i18n import _, ngettext
from dupbridge.laws.steps import (
    Judge,
)
from dupbridge.rulings.case import (
    Case,
    Flow,
    recorder,
)
from dupbridge.rulings.revokes import RevokeRulings
from dupbridge.rulings.solver import Unstated

__all__ = [
    "CARD_PATTERN",
    "ClaimRulings",
    "claim_line",
    "claim_maker",
    "held_cards",
    "last_claim",
]

#: A card named in a claim's statement (Law 68C).
CARD_PATTERN = re.compile(
    r"(?<![A-Za-z0-9])([SHDC♠♥♦♣](?:10|[AKQJT2-9]))(?![A-Za-z0-9])", re.IGNORECASE
)


def claim_line(statement: str | None) -> tuple[Card, ...]:
    """The cards named in a claim's statement, in order (the line of play, Law 68C)."""
    cards: list[Card] = []
    for match in CARD_PATTERN.finditer(statement or ""):
        try:
            card = Card.from_str(match.group(1))
        except NotationError:
            continue
        if card not in cards:
            cards.append(card)
    return tuple(cards)


class ClaimRulings(RevokeRulings):
    """Laws 69B, 70, 71 and 79: the facts the Director sees before deciding a number of
    tricks, and his decision."""

    # --- the Director's number of tricks (Laws 69B, 70, 71, 79) -----------------------------

    def _judge_pending(self, table: Table, step: Judge, case: Case) -> list[Effect]:

        laws = self.laws
        seat = self._seat(table, step.role, case) or case.offender
        case = dataclasses.replace(case, side_seat=seat)
        facts = self._claim_facts(table, case)
        pending = Pending(
            case.ruling,
            case.name,
            laws.ref(step.law),
            None,
            ("tricks", "line"),
            self._text(table, step.question, case),
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
        if table.result is not None and case.name in (IrregularityName.TRICKS_DISPUTED,):
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
            ngettext(
                "{seat}'s side has {won} trick; {left} left to play. Cards left: {hands}",
                "{seat}'s side has {won} tricks; {left} left to play. Cards left: {hands}",
                won,
            ).format(seat=seat.title, won=won, left=left, hands=hands)
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
        claim = last_claim(table)
        if claim is not None and case.name == IrregularityName.CONTESTED_CLAIM:
            line = tuple(
                c
                for c in claim_line(claim.statement)
                if c in held_cards(remaining, claim.seat, play)
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
        seat: Seat | None = None,
    ) -> list[str]:
        """What ``claimer``'s side makes of ``line`` from here; with ``seat`` of the other
        side (the side that agreed, Law 69B), what is then left to ``seat``'s side."""
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
            cards = " ".join(str(c) for c in line)
            if tricks is not None and seat is not None and seat.side is not claimer.side:
                left = 13 - len(play.tricks)
                texts.append(
                    _(
                        "{claimer}'s line {line}, the claimer's other cards at their {mode}: "
                        "{seat}'s side takes {n} of the {left} tricks left"
                    ).format(
                        claimer=claimer.title,
                        line=cards,
                        mode=unstated_text(mode),
                        seat=seat.title,
                        n=left - tricks,
                        left=left,
                    )
                )
                continue
            texts.append(
                _("line {line}, the claimer's other cards at their {mode}: not known").format(
                    line=cards, mode=unstated_text(mode)
                )
                if tricks is None
                else ngettext(
                    "line {line}, the claimer's other cards at their {mode}: {n} trick from here",
                    "line {line}, the claimer's other cards at their {mode}: {n} tricks from here",
                    tricks,
                ).format(line=cards, mode=unstated_text(mode), n=tricks)
            )
        return texts

    def _judged(
        self, table: Table, pending: Pending, step: Judge, case: Case, answers: Mapping[str, object]
    ) -> list[Effect]:
        """The Director's answer to a :class:`~dupbridge.laws.steps.Judge` step."""

        laws = self.laws
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
            if case.name == IrregularityName.CONTESTED_CLAIM:
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
            rec = recorder(table)
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
        # Laws 68C, 69B2, 70 and 71B: the line the Director checks is one by which the claim
        # or concession being ruled on is played out, so it names cards of the side that made
        # it, whoever asks (the agreeing side under 69B, the reporter under 79B).
        claimer = claim_maker(table) or (play.declarer if seat.side is play.declarer.side else seat)
        remaining = play.remaining_deal()
        held = held_cards(remaining, claimer, play)
        wrong = [str(c) for c in line if c not in held]
        if wrong or not line:
            raise ImpossibleActionError(
                _("a line names cards {seat}'s side still holds, in order; not {cards}").format(
                    seat=claimer.title, cards=" ".join(wrong) or "-"
                ),
                law=pending.law,
            )
        unstated: Unstated = "best" if mode == "best" else "worst"
        texts_out = self._line_texts(table, claimer, line, (unstated,), seat)
        token = pending.token
        assert isinstance(token, Flow)
        return [
            Resolve(ruling=pending.ruling),
            *(Note((pending.law,), text, ruling=pending.ruling) for text in texts_out),
            Pend(pending, ruling=pending.ruling),
        ]


def held_cards(remaining: object, seat: Seat, play: Play) -> set[Card]:

    assert isinstance(remaining, Deal)
    seats = (play.declarer, play.dummy) if seat is play.declarer else (seat,)
    return {card for s in seats for card in remaining[s]}


def claim_maker(table: Table) -> Seat | None:
    """The seat whose claim or concession ended the play (Laws 68A, 68B1), None if none did.

    Whatever the question (Law 69B for the side that agreed, 70 for the claimer's side, 71
    for the conceding side, 79B1 for whoever reports), the Director judges the claim as it
    was made: the claimer states his line (68C), the board is scored as if the tricks were
    won or lost in play (69A), and 69B2 and 71B ask how the play of the remaining cards
    would have gone on. A claim voided by play continuing (68D2(b)) or a concession partner
    objected to (68B2) did not end the play.
    """
    for event in reversed(table.events):
        if isinstance(event, ClaimMade | Conceded):
            return event.seat
        if isinstance(event, PlayContinued | ConcessionObjected):
            return None
    return None


def last_claim(table: Table) -> ClaimMade | None:
    for event in reversed(table.events):
        if isinstance(event, ClaimMade):
            return event
        if isinstance(event, ClaimAccepted | Conceded):
            continue
    return None
