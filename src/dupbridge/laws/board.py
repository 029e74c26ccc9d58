"""The board as a whole (Laws 13-15): wrong number of cards, missing card, wrong board, 2017
form.
"""

from __future__ import annotations

from dupbridge.core.calls import Call
from dupbridge.core.rectify import Span
from dupbridge.i18n import N_
from dupbridge.laws.base import EditionBase
from dupbridge.laws.steps import (
    Ask,
    Do,
    Rectify,
    Role,
    Step,
)

__all__ = ["BoardLaws"]

_NEXT = Span.NEXT_TURN
_REST = Span.REST_OF_AUCTION


class BoardLaws(EditionBase):
    """Laws 13, 14 and 15."""

    def incorrect_number_of_cards(self, *, stage: str, surplus: bool) -> Step:
        """Law 13: a hand with more than 13 cards (another with fewer)."""
        if surplus:
            return Rectify(
                ("13C",),
                N_(
                    "a surplus card not part of the deal is removed; the auction and play go "
                    "on with no rectification (an adjusted score only if it was played to a "
                    "quitted trick) (Law 13C)"
                ),
            )
        if stage == "after_play":
            return Rectify(
                ("13D", "12C1(b)", "90"),
                N_(
                    "found after play: the result is cancelled and the Director awards an "
                    "adjusted score; the offender is liable to a procedural penalty (Law 13D)"
                ),
                do=(Do.CANCEL_BOARD,),
                reviews=("13D",),
            )
        if stage == "no_call":
            return Ask(
                "card_seen",
                "13A",
                N_(
                    "No player with a wrong number of cards has called. Did a player see a "
                    "card of another player's hand (Law 13A2)?"
                ),
                yes=Rectify(
                    ("13A2", "12C1(b)", "14C"),
                    N_(
                        "the Director corrects the hands; the board is played and scored, and "
                        "he adjusts if the extraneous information affected the result (Law 13A2)"
                    ),
                    reviews=("13A2",),
                ),
                no=Rectify(
                    ("13A1",),
                    N_("the Director corrects the hands and the board is played normally (13A1)"),
                ),
            )
        return Ask(
            "playable",
            "13B",
            N_(
                "A player with a wrong number of cards has called. Can the deal be corrected "
                "and played with no change of call (Law 13B1)?"
            ),
            yes=Rectify(
                ("13B1", "14C"),
                N_(
                    "the deal is corrected and played with no change of call; the Director may "
                    "adjust at the end (Law 13B1)"
                ),
                reviews=("13B1",),
            ),
            no=Rectify(
                ("13B2", "12C1(b)", "90"),
                N_(
                    "the board cannot be played normally: the Director awards an adjusted score "
                    "and may penalize an offender (Law 13B2)"
                ),
                do=(Do.CANCEL_BOARD,),
                reviews=("13B2",),
            ),
        )

    def missing_card(self, *, faced: bool, found: str) -> Rectify:
        """Law 14: a hand with fewer than 13 cards, none with more."""
        if not faced:
            return Rectify(
                ("14A", "14C"),
                N_(
                    "before the opening lead was faced: the card is restored (or the deal "
                    "reconstructed), the auction and play go on with no change of call, and "
                    "{seat}'s hand is deemed to have held it throughout (Law 14A); knowledge of "
                    "the replacement is unauthorized for {partner} (14C)"
                ),
            )
        if found == "played":
            return Rectify(
                ("14B1", "67"),
                N_("the card is found among the played cards: Law 67 applies (Law 14B1)"),
            )
        return Rectify(
            ("14B2", "14B3", "14B4", "14C"),
            N_(
                "the card is restored to {seat}'s hand (or the deal reconstructed); it is "
                "deemed to have been there throughout: it may become a penalty card, and a "
                "failure to have played it may be a revoke (Law 14B4); knowledge of the "
                "replacement is unauthorized for {partner} (14C)"
            ),
        )

    def cards_from_wrong_board(self, *, partner_called: bool, lho_called: bool = False) -> Rectify:
        """Law 15A: a call made holding cards from a wrong board (``lho_called`` matters in
        2007 only)."""
        del lho_called
        if partner_called:
            return Rectify(
                ("15A1", "15A2(a)", "12C1(b)"),
                N_(
                    "{seat}'s call with cards from a wrong board is cancelled with every later "
                    "call; {partner} has called since, so the Director awards an adjusted score "
                    "(Law 15A2(a))"
                ),
                do=(Do.CANCEL_BOARD,),
                reviews=("15A2(a)",),
            )
        return Rectify(
            ("15A1", "15A2(b)", "15A2(c)", "16C"),
            N_(
                "{seat}'s call made with cards from a wrong board is cancelled with every later "
                "call; he looks at his correct hand and calls again, and the auction goes on; "
                "information from the cancelled calls is unauthorized for his side (Law 15A2)"
            ),
            do=(Do.CANCEL_CALLS,),
        )

    def wrong_board(self, *, during_auction: bool, calls: tuple[tuple[Role, Call], ...]) -> Ask:
        """2017 Law 15B: a board not designated for this round (pairs and individual events;
        teams: Law 86B)."""
        del during_auction, calls
        return Ask(
            "played_before",
            "15B",
            N_("Has any player at this table played this board before (Law 15B1)?"),
            yes=Rectify(
                ("15B1", "15B3", "12C2(a)"),
                N_(
                    "the board is cancelled for both sides; the Director awards an artificial "
                    "adjusted score to any contestant deprived of a valid score (Laws 15B1, 15B3)"
                ),
                do=(Do.CANCEL_BOARD,),
                reviews=("15B3",),
            ),
            no=Rectify(
                ("15B2", "15B3"),
                N_(
                    "none of the four has played it: the auction and play are completed and the "
                    "score stands; the Director may have the correct board played later, with "
                    "artificial scores to any contestant deprived of a result (Laws 15B2, 15B3)"
                ),
            ),
        )
