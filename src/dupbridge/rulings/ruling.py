"""Ruling records: what happened, what was offered, who chose what, what was applied.

A :class:`Ruling` is read from a recording-mode table's event log (the log is the truth): the
irregularity and its facts, the laws applied with their edition, each decision offered (to a
player or the Director) and the answer, the rectification in words, the end-of-play reviews
flagged, and the Director's name and the time when he gave them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from dupbridge.core.events import (
    AgreementWithdrawn,
    AttentionDrawn,
    BidAboveSevenMade,
    CallChanged,
    CallMade,
    CardPlayed,
    CardsExposed,
    ClaimRejected,
    ConcessionObjected,
    DirectorAnswered,
    Event,
    InformationReported,
    IrregularityFlagged,
    OptionChosen,
    PlayContinued,
    Rectified,
)
from dupbridge.core.lawref import LawRef
from dupbridge.core.rectify import Note, Pend, Review
from dupbridge.core.seats import Seat
from dupbridge.core.table import Table

__all__ = ["Decision", "Ruling", "rulings_of"]


@dataclass(slots=True)
class Decision:
    """A decision offered in a ruling and how it was answered."""

    law: LawRef
    chooser: Seat | None
    options: tuple[str, ...]
    question: str
    answer: object = None

    def to_json(self) -> dict[str, Any]:
        """``{"law", "chooser", "options", "question", "answer"}``."""
        return {
            "law": self.law.code,
            "chooser": "director" if self.chooser is None else self.chooser.letter,
            "options": list(self.options),
            "question": self.question,
            "answer": self.answer,
        }


@dataclass(slots=True)
class Ruling:
    """One ruling, from the irregularity to the rectification applied."""

    id: int
    irregularity: str
    law: LawRef
    offender: Seat
    edition: str
    facts: dict[str, Any] = field(default_factory=dict)
    decisions: list[Decision] = field(default_factory=list)
    laws: list[LawRef] = field(default_factory=list)
    rectification: list[str] = field(default_factory=list)
    reviews: list[LawRef] = field(default_factory=list)
    director: str | None = None
    time: str | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def closed(self) -> bool:
        """Whether every decision offered has been answered."""
        return all(decision.answer is not None for decision in self.decisions)

    def to_json(self) -> dict[str, Any]:
        """The ruling as JSON (docs/table-records.md)."""
        return {
            "id": self.id,
            "irregularity": self.irregularity,
            "law": self.law.code,
            "offender": self.offender.letter,
            "edition": self.edition,
            "facts": self.facts,
            "decisions": [decision.to_json() for decision in self.decisions],
            "laws": _unique(law.code for law in self.laws),
            "rectification": list(self.rectification),
            "reviews": _unique(law.code for law in self.reviews),
            "director": self.director,
            "time": self.time,
            "notes": list(self.notes),
        }


def rulings_of(table: Table) -> list[Ruling]:
    """The rulings of a table, from its event log, in the order they were opened."""
    rulings: dict[int, Ruling] = {}
    open_decision: Decision | None = None
    last: Ruling | None = None
    previous: Event | None = None
    for event in table.events:
        if isinstance(event, IrregularityFlagged):
            ruling = Ruling(
                event.seq,
                event.irregularity,
                event.law,
                event.seat,
                table.edition,
                facts=_facts(previous, event.irregularity),
            )
            rulings[event.seq] = ruling
            last = ruling
        elif isinstance(event, Rectified):
            effect = event.effect
            found = rulings.get(effect.ruling)
            if found is None:
                previous = event
                continue
            ruling = last = found
            if isinstance(effect, Pend):
                pending = effect.pending
                open_decision = Decision(
                    pending.law, pending.chooser, pending.options, pending.question
                )
                ruling.decisions.append(open_decision)
            elif isinstance(effect, Note):
                ruling.laws.extend(effect.laws)
                ruling.rectification.append(effect.text)
            elif isinstance(effect, Review):
                ruling.reviews.append(effect.law)
        elif isinstance(event, OptionChosen):
            if open_decision is not None:
                open_decision.answer = event.option
                open_decision = None
        elif isinstance(event, DirectorAnswered):
            answers = json.loads(event.answers)
            target = last
            if open_decision is not None and open_decision.chooser is None:
                asked = {k: v for k, v in answers.items() if k in open_decision.options}
                if asked:
                    open_decision.answer = asked
                    open_decision = None
            elif open_decision is not None and "specified" not in answers:
                target = None
            if target is not None:
                if "name" in answers:
                    target.director = str(answers["name"])
                if "time" in answers:
                    target.time = str(answers["time"])
                if "note" in answers:
                    target.notes.append(str(answers["note"]))
        elif isinstance(event, CallMade) and open_decision is not None:
            # A call made while a decision was pending answers it (acceptance by calling,
            # Law 27A1; the correct player's call, 28B; the LHO's call before rectification).
            open_decision.answer = {"call": str(event.call), "seat": event.seat.letter}
            open_decision = None
        previous = event
    return list(rulings.values())


def _facts(event: Event | None, irregularity: str = "") -> dict[str, Any]:
    if isinstance(event, CallMade):
        return {"seat": event.seat.letter, "call": str(event.call)}
    if isinstance(event, AttentionDrawn):
        facts: dict[str, Any] = {"seat": event.seat.letter, "offender": event.offender.letter}
        if event.trick is not None:
            facts["trick"] = event.trick
        facts["when"] = event.when
        return facts
    if isinstance(event, ClaimRejected | PlayContinued | ConcessionObjected | AgreementWithdrawn):
        return {"seat": event.seat.letter, "action": type(event).__name__}
    if isinstance(event, CardPlayed) and irregularity != "card_led_during_auction":
        return {"seat": event.seat.letter, "cards": [str(event.card)]}
    if isinstance(event, BidAboveSevenMade):
        return {"seat": event.seat.letter, "call": f"{event.level}{event.strain}"}
    if isinstance(event, CardsExposed):
        exposed: dict[str, Any] = {
            "seat": event.seat.letter,
            "cards": [str(card) for card in event.cards],
        }
        if event.deliberate:
            exposed["deliberate"] = True
        return exposed
    if isinstance(event, CardPlayed):
        return {"seat": event.seat.letter, "cards": [str(event.card)], "led": True}
    if isinstance(event, CallChanged):
        return {"seat": event.seat.letter, "change": str(event.call)}
    if isinstance(event, InformationReported):
        facts = {
            "seat": event.seat.letter,
            "report": event.kind,
            "facts": event.facts,
        }
        if event.against is not None:
            facts["against"] = event.against.letter
        if event.details:
            facts["details"] = json.loads(event.details)
        return facts
    return {}


def _unique(codes: Any) -> list[str]:
    seen: list[str] = []
    for code in codes:
        if code not in seen:
            seen.append(code)
    return seen
