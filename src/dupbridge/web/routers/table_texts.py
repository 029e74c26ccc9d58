"""The texts the table page's JavaScript needs, from the catalogs in the page's language.

The page renders them into a JSON block (``<script type="application/json" id="i18n">``);
the JavaScript writes no word of its own. Texts with a number come as a list of the plural
forms for 0 to 13 (``ngettext``), so that each language's plural rules apply.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dupbridge.core.seats import SEATS
from dupbridge.i18n import _, ngettext, pgettext

__all__ = ["page_texts"]


def _counted(form: Callable[[int], str]) -> list[str]:
    """The forms of a counted text for 0 to 13; ``form`` calls ``ngettext`` itself, so that
    the message extractor (which knows ``ngettext``, not this helper) finds the message."""
    return [form(n) for n in range(14)]


def page_texts() -> dict[str, Any]:
    """Every text of the table page's JavaScript, translated now."""
    return {
        "seats": {seat.letter: seat.title for seat in SEATS},
        "sides": {"NS": _("N-S"), "EW": _("E-W")},
        "suit_names": {
            "S": _("spades"),
            "H": _("hearts"),
            "D": _("diamonds"),
            "C": _("clubs"),
            "NT": _("notrump"),
        },
        "strain_names": {
            "S": _("spades"),
            "H": _("hearts"),
            "D": _("diamonds"),
            "C": _("clubs"),
            "NT": _("notrump"),
        },
        "notrump": pgettext("strain", "NT"),
        "ranks": {
            "A": pgettext("card rank", "A"),
            "K": pgettext("card rank", "K"),
            "Q": pgettext("card rank", "Q"),
            "J": pgettext("card rank", "J"),
            "T": pgettext("card rank", "10"),
        },
        "rank_names": {
            "A": _("ace"),
            "K": _("king"),
            "Q": _("queen"),
            "J": _("jack"),
            "T": _("ten"),
            **{str(n): str(n) for n in range(2, 10)},
        },
        "card_label": _("{rank} of {suit}"),
        "director_says": _("Director ({name}): {text}"),
        "director_awards": _counted(
            lambda n: ngettext(
                "the claimer's side ends with {n} trick (Law 70)",
                "the claimer's side ends with {n} tricks (Law 70)",
                n,
            )
        ),
        "director_continues": _("the claim is void and play continues (Law 68D)"),
        "director_scored": {
            "adjusted_score": _("adjusted score for this board: {score}"),
            "not_played": _("the board is scored as not played: {score}"),
            "correction": _("the board's score is corrected: {score}"),
            "revision": _("the Director's score is revised: {score}"),
            "withdrawal": _("the Director's score is withdrawn: the table's result stands"),
        },
        "law_list": _("{text} (Law {laws})"),
        "played_by": _("{card}, played by {seat}"),
        "void": _("no cards in this suit"),
        "cards_held": _counted(lambda n: ngettext("{n} card", "{n} cards", n)),
        "pass": pgettext("call", "Pass"),
        "double": pgettext("call", "X"),
        "redouble": pgettext("call", "XX"),
        "pass_name": _("Pass"),
        "double_name": _("Double"),
        "redouble_name": _("Redouble"),
        "bid_label": _("{level} {strain}"),
        "level_label": _("Level {level}"),
        "selected_call": _("Chosen: {call}. Press Enter or the button to make it."),
        "choose_call": _("Choose a call: a level and a denomination, or pass, double, redouble."),
        "illegal_call": _("That call is not allowed now."),
        "not_connected": _("Reconnecting to the table: try again in a moment."),
        "illegal_card": _("That card may not be played now."),
        "not_legal": _("{what} may not be played now."),
        "board": _("Board {n}"),
        "board_info": _("Dealer {dealer}, vulnerable: {vul}"),
        "vulnerability": {
            "None": _("none"),
            "NS": _("N-S"),
            "EW": _("E-W"),
            "All": _("all"),
        },
        "vulnerable": _("vulnerable"),
        "not_vulnerable": _("not vulnerable"),
        "dealer": _("dealer"),
        "dealer_short": pgettext("dealer mark", "D"),
        "declarer": _("declarer"),
        "declarer_col": _("Declarer"),
        "dummy": _("dummy"),
        "you": _("you"),
        "alerted": _("alerted"),
        "contract_by": _("{contract} by {seat}"),
        "passed_out": _("Passed out"),
        "tricks_won": _("Tricks: N-S {ns}, E-W {ew}"),
        "declarer_took": _counted(
            lambda n: ngettext("Declarer took {n} trick", "Declarer took {n} tricks", n)
        ),
        "score_line": _("Score: N-S {ns}, E-W {ew}"),
        "your_call": _("Your call"),
        "your_card": _("Your card"),
        "your_card_dummy": _("Your card from dummy"),
        "to_call": _("{seat} to call"),
        "to_play": _("{seat} to play"),
        "board_over": _("The board is over"),
        "director_phase": _("Play waits for the Director"),
        "withheld": _(
            "This board is still being played in the session: kibitzers see it once it has "
            "been played at every table."
        ),
        "previous_trick": _("Previous trick"),
        "trick_won_by": _("Won by {seat}"),
        "claim_text": _counted(
            lambda n: ngettext(
                "{seat} claims {n} trick in all for their side",
                "{seat} claims {n} tricks in all for their side",
                n,
            )
        ),
        "claim_agreed": _("Accepted by {seats}"),
        "claim_tricks_range": _("A claim is for 0 to 13 tricks."),
        "concede": _("Concede the remaining tricks"),
        "concede_confirm": _("Press again to concede"),
        "undo_asked": _("{seat} asks to take back his last call"),
        "director_called_by": _("{seat} has called the Director"),
        "double_dummy": _("Double dummy: tricks for each declarer"),
        "par_line": _("Par {score}: {contracts}"),
        "par_passed_out": _("Par 0: passed out"),
        "or": _(" or "),
        "traveller": _("Traveller"),
        "table": _("Table"),
        "this_table": _("this table"),
        "contract": _("Contract"),
        "tricks": _("Tricks"),
    }
