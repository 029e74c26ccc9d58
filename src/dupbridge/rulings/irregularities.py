"""The auction-period irregularities dupbridge rules on: name, law, how it comes to the table.

``detected``: the recording-mode table sees it by itself (it knows what is legal); the others
are reported to it (a card exposed, a call changed, unauthorized information, misinformation).
"""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.kinds import IrregularityName
from dupbridge.i18n import N_, _

__all__ = ["IRREGULARITIES", "IrregularityKind", "describe"]


@dataclass(frozen=True, slots=True)
class IrregularityKind:
    """One kind of irregularity: its machine name, its law and a paraphrase."""

    name: IrregularityName
    law: str
    detected: bool
    title: str


IRREGULARITIES: dict[str, IrregularityKind] = {
    kind.name: kind
    for kind in (
        IrregularityKind(IrregularityName.INSUFFICIENT_BID, "27", True, N_("insufficient bid")),
        IrregularityKind(
            IrregularityName.PASS_OUT_OF_ROTATION, "30", True, N_("pass out of rotation")
        ),
        IrregularityKind(
            IrregularityName.BID_OUT_OF_ROTATION, "31", True, N_("bid out of rotation")
        ),
        IrregularityKind(
            IrregularityName.DOUBLE_OUT_OF_ROTATION, "32", True, N_("double out of rotation")
        ),
        IrregularityKind(
            IrregularityName.REDOUBLE_OUT_OF_ROTATION, "32", True, N_("redouble out of rotation")
        ),
        IrregularityKind(
            IrregularityName.INADMISSIBLE_DOUBLE, "36", True, N_("double not permitted by Law 19")
        ),
        IrregularityKind(
            IrregularityName.INADMISSIBLE_REDOUBLE,
            "36",
            True,
            N_("redouble not permitted by Law 19"),
        ),
        IrregularityKind(
            IrregularityName.CALL_BY_PLAYER_OBLIGED_TO_PASS,
            "37",
            True,
            N_("call by a player required to pass"),
        ),
        IrregularityKind(
            IrregularityName.BID_ABOVE_SEVEN, "38", True, N_("bid of more than seven")
        ),
        IrregularityKind(
            IrregularityName.CALL_AFTER_FINAL_PASS, "39", True, N_("call after the final pass")
        ),
        IrregularityKind(
            IrregularityName.RETENTION_OF_RIGHT_TO_CALL,
            "17D3",
            True,
            N_("pass out of rotation that would end the auction"),
        ),
        IrregularityKind(
            IrregularityName.CARD_EXPOSED_DURING_AUCTION,
            "24",
            False,
            N_("card exposed during the auction"),
        ),
        IrregularityKind(
            IrregularityName.CARD_LED_DURING_AUCTION, "24", False, N_("card led during the auction")
        ),
        IrregularityKind(IrregularityName.CHANGE_OF_CALL, "25", False, N_("change of call")),
        IrregularityKind(IrregularityName.SIMULTANEOUS_CALL, "33", False, N_("simultaneous calls")),
        IrregularityKind(
            IrregularityName.UNAUTHORIZED_INFORMATION, "16B", False, N_("unauthorized information")
        ),
        IrregularityKind(IrregularityName.MISINFORMATION, "21B", False, N_("misinformation")),
        IrregularityKind(IrregularityName.LEAD_RESTRICTION, "26", True, N_("lead restriction")),
        IrregularityKind(IrregularityName.PENALTY_CARDS, "50", True, N_("penalty cards")),
    )
}


def describe(name: str) -> str:
    """A translated description of an irregularity name (the name itself if unknown)."""
    kind = IRREGULARITIES.get(name)
    return name if kind is None else _(kind.title)
