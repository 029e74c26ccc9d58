"""The auction-period irregularities dupbridge rules on: name, law, how it comes to the table.

``detected``: the recording-mode table sees it by itself (it knows what is legal); the others
are reported to it (a card exposed, a call changed, unauthorized information, misinformation).
"""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.i18n import N_, _

__all__ = ["IRREGULARITIES", "IrregularityKind", "describe"]


@dataclass(frozen=True, slots=True)
class IrregularityKind:
    """One kind of irregularity: its machine name, its law and a paraphrase."""

    name: str
    law: str
    detected: bool
    title: str


IRREGULARITIES: dict[str, IrregularityKind] = {
    kind.name: kind
    for kind in (
        IrregularityKind("insufficient_bid", "27", True, N_("insufficient bid")),
        IrregularityKind("pass_out_of_rotation", "30", True, N_("pass out of rotation")),
        IrregularityKind("bid_out_of_rotation", "31", True, N_("bid out of rotation")),
        IrregularityKind("double_out_of_rotation", "32", True, N_("double out of rotation")),
        IrregularityKind("redouble_out_of_rotation", "32", True, N_("redouble out of rotation")),
        IrregularityKind("inadmissible_double", "36", True, N_("double not permitted by Law 19")),
        IrregularityKind(
            "inadmissible_redouble", "36", True, N_("redouble not permitted by Law 19")
        ),
        IrregularityKind(
            "call_by_player_obliged_to_pass", "37", True, N_("call by a player required to pass")
        ),
        IrregularityKind("bid_above_seven", "38", True, N_("bid of more than seven")),
        IrregularityKind("call_after_final_pass", "39", True, N_("call after the final pass")),
        IrregularityKind(
            "retention_of_right_to_call",
            "17D3",
            True,
            N_("pass out of rotation that would end the auction"),
        ),
        IrregularityKind(
            "card_exposed_during_auction", "24", False, N_("card exposed during the auction")
        ),
        IrregularityKind("card_led_during_auction", "24", False, N_("card led during the auction")),
        IrregularityKind("change_of_call", "25", False, N_("change of call")),
        IrregularityKind("simultaneous_call", "33", False, N_("simultaneous calls")),
        IrregularityKind("unauthorized_information", "16B", False, N_("unauthorized information")),
        IrregularityKind("misinformation", "21B", False, N_("misinformation")),
        IrregularityKind("lead_restriction", "26", True, N_("lead restriction")),
        IrregularityKind("penalty_cards", "50", True, N_("penalty cards")),
    )
}


def describe(name: str) -> str:
    """A translated description of an irregularity name (the name itself if unknown)."""
    kind = IRREGULARITIES.get(name)
    return name if kind is None else _(kind.title)
