"""The short list of irregularities in the players' words (docs/director.md).

A Director at a table hears "he bid too low", not "Law 27". Each entry says how the
assistant takes down what happened (``entry``): a call, a card, exposed cards, attention
drawn to a revoke, a claim, a change of call, a report to the Director, or a player's
objection. The table itself then recognises the irregularity (a call that is insufficient,
a card led out of turn, ...) and the rulings engine takes over: the list never decides
anything, it only opens the right form.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from dupbridge.i18n import N_, _

__all__ = ["IRREGULARITY_LIST", "Irregularity", "irregularity_list"]

Entry = Literal["call", "card", "expose", "revoke", "claim", "change", "report", "flag"]


@dataclass(frozen=True, slots=True)
class Irregularity:
    """One line of the short list.

    Attributes:
        key: a stable name (URLs, tests).
        label: what the players say (marked for translation).
        period: when it happens: ``auction``, ``play`` or ``any``.
        entry: the form that takes it down.
        laws: the laws the engine applies (shown to the Director as a hint).
        detail: the report kind or the flag key, for ``report`` and ``flag`` entries.
    """

    key: str
    label: str
    period: Literal["auction", "play", "any"]
    entry: Entry
    laws: str
    detail: str = ""

    def to_json(self) -> dict[str, Any]:
        """The entry with its label in the active language."""
        return {
            "key": self.key,
            "label": _(self.label),
            "period": self.period,
            "entry": self.entry,
            "laws": self.laws,
            "detail": self.detail,
        }


IRREGULARITY_LIST: tuple[Irregularity, ...] = (
    Irregularity("insufficient_bid", N_("A bid that is too low"), "auction", "call", "27"),
    Irregularity("out_of_rotation", N_("A call out of turn"), "auction", "call", "28-32"),
    Irregularity(
        "inadmissible", N_("A double or redouble that is not allowed"), "auction", "call", "36"
    ),
    Irregularity(
        "obliged_to_pass", N_("A call by a player who had to pass"), "auction", "call", "37"
    ),
    Irregularity("above_seven", N_("A bid above seven"), "auction", "call", "38"),
    Irregularity(
        "after_final_pass", N_("A call after the auction was over"), "auction", "call", "39"
    ),
    Irregularity("change", N_("A player changed his call"), "auction", "change", "25"),
    Irregularity(
        "card_exposed_auction",
        N_("A card seen or dropped during the auction"),
        "auction",
        "expose",
        "24",
    ),
    Irregularity(
        "card_led_auction", N_("A card led before the auction ended"), "auction", "card", "24"
    ),
    Irregularity("wrong_leader", N_("A lead by the wrong player"), "play", "card", "54-56"),
    Irregularity("premature", N_("A card played too early"), "play", "card", "57"),
    Irregularity(
        "penalty_card", N_("A card dropped or shown by a defender"), "play", "expose", "49-51"
    ),
    Irregularity("revoke", N_("A revoke (did not follow suit)"), "play", "revoke", "61-64"),
    Irregularity("claim", N_("A claim in dispute"), "play", "claim", "68-70"),
    Irregularity(
        "concession_objected",
        N_("Partner objects to a concession"),
        "play",
        "flag",
        "68B2",
        "object_concession",
    ),
    Irregularity(
        "agreement_withdrawn",
        N_("A claim or concession taken back after play"),
        "play",
        "flag",
        "69, 71",
        "withdraw_agreement",
    ),
    Irregularity(
        "defective_trick",
        N_("A trick with a card too many or too few"),
        "play",
        "report",
        "67",
        "defective_trick",
    ),
    Irregularity(
        "tricks_disputed",
        N_("The players disagree on the tricks won"),
        "any",
        "report",
        "79",
        "tricks_disputed",
    ),
    Irregularity(
        "wrong_number",
        N_("A hand with the wrong number of cards"),
        "any",
        "report",
        "13",
        "incorrect_number_of_cards",
    ),
    Irregularity("missing_card", N_("A card is missing"), "any", "report", "14", "missing_card"),
    Irregularity(
        "wrong_hand",
        N_("Cards from the wrong board"),
        "any",
        "report",
        "15A",
        "cards_from_wrong_board",
    ),
    Irregularity(
        "wrong_board", N_("The wrong board was played"), "any", "report", "15B", "wrong_board"
    ),
    Irregularity(
        "dummy_warned",
        N_("Dummy warned declarer about the wrong hand"),
        "play",
        "report",
        "43B2",
        "dummy_warned_wrong_hand",
    ),
    Irregularity(
        "dummy_suggested",
        N_("Dummy suggested a play"),
        "play",
        "report",
        "45F",
        "dummy_suggested_play",
    ),
    Irregularity(
        "misinformation", N_("A wrong explanation"), "any", "report", "20F, 21B", "misinformation"
    ),
    Irregularity(
        "unauthorized",
        N_("A hesitation or a remark that helped partner"),
        "any",
        "report",
        "16B",
        "unauthorized_information",
    ),
)


def irregularity_list() -> list[dict[str, Any]]:
    """The short list, translated into the active language."""
    return [item.to_json() for item in IRREGULARITY_LIST]
