"""The phases of a board's life and the transitions between them, as data (DESIGN §2.4).

This module is the one place that says where a board can be and how it moves on:
:class:`Phase`, which commands each phase takes (:data:`ACCEPTS`), and which phase may follow
which (:data:`TRANSITIONS`). Only :class:`~dupbridge.core.table.Table` changes its phase, through
:meth:`~dupbridge.core.table.Table.enter`, which refuses a transition not listed here.
"""

from __future__ import annotations

from enum import Enum, StrEnum

from dupbridge.i18n import _, pgettext

__all__ = [
    "ACCEPTS",
    "MODES",
    "TRANSITIONS",
    "WHILE_CLAIM_PENDING",
    "Mode",
    "Phase",
    "command_name",
    "phase_name",
]


class Phase(Enum):
    """Where a board is in its life (DESIGN §2.4)."""

    AUCTION = "auction"
    PLAY = "play"
    DIRECTOR = "director"
    FINISHED = "finished"

    def __str__(self) -> str:
        return self.value

    # A phase is equal only to itself (Enum), so it hashes by identity, in C: Enum's own
    # __hash__ is a Python call, paid for every transition checked (issue 19).
    __hash__ = object.__hash__


class Mode(StrEnum):
    """How a table treats an irregularity: refused with its law (``strict``, online play) or
    accepted and handed to the Director (``recording``, a table with a Director)."""

    STRICT = "strict"
    RECORDING = "recording"


#: The modes a table can run in.
MODES: tuple[str, ...] = tuple(mode.value for mode in Mode)

#: Which commands each phase accepts. A claim in progress narrows PLAY further to
#: :data:`WHILE_CLAIM_PENDING` (Law 68D: play stops while a claim is answered).
ACCEPTS: dict[Phase, frozenset[str]] = {
    Phase.AUCTION: frozenset({"make_call"}),
    Phase.PLAY: frozenset({"play_card", "claim", "concede", "accept_claim", "reject_claim"}),
    Phase.DIRECTOR: frozenset(),
    Phase.FINISHED: frozenset(),
}
#: The commands a pending claim still lets through.
WHILE_CLAIM_PENDING = frozenset({"accept_claim", "reject_claim"})

#: Which phase may follow which. The auction ends in play or, passed out, in the result
#: (Law 22); an irregularity or a disputed claim calls the Director from any phase (Law 9B);
#: a ruling sends the table back to where the Laws resume (an auction reopened by a
#: rectification, play continued after a claim, Laws 68D2(b), 69B, 71) or ends the board.
#: Once play has begun the auction never reopens.
TRANSITIONS: frozenset[tuple[Phase, Phase]] = frozenset(
    {
        (Phase.AUCTION, Phase.PLAY),
        (Phase.AUCTION, Phase.FINISHED),
        (Phase.AUCTION, Phase.DIRECTOR),
        (Phase.PLAY, Phase.DIRECTOR),
        (Phase.PLAY, Phase.FINISHED),
        (Phase.DIRECTOR, Phase.AUCTION),
        (Phase.DIRECTOR, Phase.PLAY),
        (Phase.DIRECTOR, Phase.FINISHED),
        (Phase.FINISHED, Phase.DIRECTOR),
        (Phase.FINISHED, Phase.PLAY),
    }
    | {(phase, phase) for phase in Phase}
)


def command_name(command: str) -> str:
    """The readable name of a table command, for messages: a verb phrase that completes
    "{seat} cannot ..." (translated in the context ``"command"``)."""
    return {
        "make_call": pgettext("command", "call"),
        "play_card": pgettext("command", "play a card"),
        "claim": pgettext("command", "claim"),
        "concede": pgettext("command", "concede"),
        "accept_claim": pgettext("command", "accept a claim"),
        "reject_claim": pgettext("command", "reject a claim"),
    }[command]


def phase_name(phase: Phase) -> str:
    """The readable name of a phase, for messages."""
    return {
        Phase.AUCTION: _("auction"),
        Phase.PLAY: _("play"),
        Phase.DIRECTOR: _("Director's ruling"),
        Phase.FINISHED: _("end of the board"),
    }[phase]
